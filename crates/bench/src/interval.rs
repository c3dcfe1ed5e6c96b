//! Intervals for shares.

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score 95% interval of a share of `kept` out of `n` (`(0, 1)`
/// when `n` is 0). Unlike the normal approximation it stays inside [0, 1]
/// and is sensible at 0% and 100%.
///
/// ```
/// let (low, high) = bench::interval::wilson(50, 100);
/// assert!((low - 0.404).abs() < 0.001 && (high - 0.596).abs() < 0.001);
/// let (low, high) = bench::interval::wilson(20, 20);
/// assert!(low > 0.83 && high == 1.0);
/// ```
pub fn wilson(kept: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n_f = n as f64;
    let p = kept as f64 / n_f;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n_f)) / (1.0 + z2 / n_f);
    let half = Z95 * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt() / (1.0 + z2 / n_f);
    // At 0% and 100% the interval ends exactly at the share (rounding
    // would leave it a hair short).
    let low = if kept == 0 { 0.0 } else { (centre - half).max(0.0) };
    let high = if kept == n { 1.0 } else { (centre + half).min(1.0) };
    (low, high)
}
