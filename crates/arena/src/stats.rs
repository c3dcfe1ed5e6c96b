//! Match statistics: Elo difference with a 95% interval, likelihood of
//! superiority and the sequential probability ratio test (SPRT).
//!
//! All of them work from the trinomial counts of one pairing: wins, draws
//! and losses of player A against player B.
//!
//! ```
//! use arena::stats::{elo_from_score, Wdl};
//! assert!((elo_from_score(0.6) - 70.4365).abs() < 1e-3);
//! let wdl = Wdl { wins: 60, draws: 0, losses: 40 };
//! assert!((wdl.los() - 0.97725).abs() < 1e-4);
//! ```

use serde::{Deserialize, Serialize};

/// The largest Elo magnitude reported: a 0% or 100% score has an infinite
/// Elo difference, which is shown (and written to JSON) as this bound.
pub const ELO_LIMIT: f64 = 1000.0;

/// The two-sided 95% normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference that gives expected score `s` (0..1) under the
/// logistic model: `-400 * log10(1/s - 1)`, clamped to +-[`ELO_LIMIT`].
pub fn elo_from_score(s: f64) -> f64 {
    if s.is_nan() {
        return 0.0;
    }
    if s <= 0.0 {
        return -ELO_LIMIT;
    }
    if s >= 1.0 {
        return ELO_LIMIT;
    }
    // Adding 0.0 turns -0.0 (an even score) into 0.0.
    (-400.0 * (1.0 / s - 1.0).log10()).clamp(-ELO_LIMIT, ELO_LIMIT) + 0.0
}

/// The expected score of a player `elo` points stronger.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz and Stegun 7.1.26; absolute error below
/// 1.5e-7).
pub fn erf(x: f64) -> f64 {
    if x == 0.0 {
        return 0.0;
    }
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// Wins, draws and losses of one player against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

/// An Elo estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The point estimate.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Wdl {
    /// The number of games.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The score fraction (a draw counts half); 0.5 with no games.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The per-game variance of the score under the trinomial model.
    pub fn variance(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n as f64
    }

    /// Elo difference with a 95% interval from the trinomial variance (for a
    /// 100% or 0% score, which has none, the exact binomial bound).
    pub fn elo(&self) -> EloEstimate {
        let n = self.games();
        let s = self.score();
        let elo = elo_from_score(s);
        if n == 0 {
            return EloEstimate {
                elo,
                low: -ELO_LIMIT,
                high: ELO_LIMIT,
            };
        }
        if self.wins == n || self.losses == n {
            // No variance to speak of: use the exact one-sided binomial
            // bound instead (all n games won: p^n = 0.025 at the bound).
            let bound = 0.025f64.powf(1.0 / n as f64);
            return if self.wins == n {
                EloEstimate {
                    elo,
                    low: elo_from_score(bound),
                    high: ELO_LIMIT,
                }
            } else {
                EloEstimate {
                    elo,
                    low: -ELO_LIMIT,
                    high: elo_from_score(1.0 - bound),
                }
            };
        }
        let se = (self.variance() / n as f64).sqrt();
        EloEstimate {
            elo,
            low: elo_from_score(s - Z95 * se),
            high: elo_from_score(s + Z95 * se),
        }
    }

    /// Likelihood of superiority: the probability that A is the stronger
    /// player, `0.5 * (1 + erf((W - L) / sqrt(2 (W + L))))`; 0.5 when only
    /// draws were played.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }

    /// The same counts from B's point of view.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

/// The state of a sequential probability ratio test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SprtState {
    /// Not enough evidence yet.
    Continue,
    /// H1 accepted: A is at least `elo1` stronger.
    H1,
    /// H0 accepted: A is at most `elo0` stronger.
    H0,
}

impl std::fmt::Display for SprtState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SprtState::Continue => "continue",
            SprtState::H1 => "H1 accepted",
            SprtState::H0 => "H0 accepted",
        })
    }
}

/// An SPRT of H0 "Elo = elo0" against H1 "Elo = elo1" (logistic Elo), with
/// error rates alpha and beta.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// The result of an SPRT on some counts.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtResult {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// Accept H0 at or below this.
    pub lower: f64,
    /// Accept H1 at or above this.
    pub upper: f64,
    /// The decision.
    pub state: SprtState,
}

impl Sprt {
    /// A test with alpha = beta = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// The lower (accept H0) and upper (accept H1) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the counts under the normal
    /// approximation of the trinomial model (the "GSPRT" used by common
    /// testing frameworks): `N (s1 - s0) (2 s - s0 - s1) / (2 var)`.
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        let n = wdl.games() as f64;
        let var = wdl.variance();
        if n == 0.0 || var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        n * (s1 - s0) * (2.0 * wdl.score() - s0 - s1) / (2.0 * var)
    }

    /// The test's state for these counts.
    pub fn evaluate(&self, wdl: &Wdl) -> SprtResult {
        let llr = self.llr(wdl);
        let (lower, upper) = self.bounds();
        let state = if llr >= upper {
            SprtState::H1
        } else if llr <= lower {
            SprtState::H0
        } else {
            SprtState::Continue
        };
        SprtResult {
            llr,
            lower,
            upper,
            state,
        }
    }
}

/// SPRT bounds that are not `ELO0,ELO1` with `ELO0 < ELO1`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad SPRT bounds {0:?}: expected ELO0,ELO1 with ELO0 < ELO1, e.g. 0,10")]
pub struct SprtBoundsError(pub String);

impl std::str::FromStr for Sprt {
    type Err = SprtBoundsError;

    /// Parses `ELO0,ELO1` with `ELO0 < ELO1`.
    fn from_str(s: &str) -> Result<Sprt, SprtBoundsError> {
        let bad = || SprtBoundsError(s.to_owned());
        let (a, b) = s.split_once(',').ok_or_else(bad)?;
        let parse = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && v.abs() < ELO_LIMIT)
        };
        match (parse(a), parse(b)) {
            (Some(elo0), Some(elo1)) if elo0 < elo1 => Ok(Sprt::new(elo0, elo1)),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wins, draws and losses as a [`Wdl`].
    fn counts(wins: u64, draws: u64, losses: u64) -> Wdl {
        Wdl { wins, draws, losses }
    }

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() < tol, "{a} vs {b}");
    }

    #[test]
    fn sixty_percent_is_plus_70_4() {
        close(elo_from_score(0.6), 70.4365, 1e-3);
        close(elo_from_score(0.4), -70.4365, 1e-3);
        assert_eq!(format!("{:+.1}", elo_from_score(0.5)), "+0.0");
        // 75% is +190.8 (400 log10 3).
        close(elo_from_score(0.75), 190.849, 1e-3);
        close(score_from_elo(70.4365), 0.6, 1e-6);
    }

    #[test]
    fn extreme_scores_are_clamped() {
        assert_eq!(elo_from_score(1.0), ELO_LIMIT);
        assert_eq!(elo_from_score(0.0), -ELO_LIMIT);
        let all = counts(10, 0, 0);
        let e = all.elo();
        assert_eq!(e.elo, ELO_LIMIT);
        assert!(e.low <= e.elo && e.elo <= e.high);
        // 10 wins out of 10: 0.025^(1/10) = 0.69150 -> +140.22 (python).
        close(e.low, 140.2172, 1e-3);
        close(all.flipped().elo().high, -140.2172, 1e-3);
        let none = Wdl::default().elo();
        assert_eq!(none.elo, 0.0);
    }

    #[test]
    fn interval_from_trinomial_variance() {
        // 60 wins, 40 losses: s = 0.6, var = 0.24, se = sqrt(0.0024);
        // s +- 1.96 se = [0.50398, 0.69602] -> [+2.77, +143.91] (hand/python).
        let wdl = counts(60, 0, 40);
        close(wdl.variance(), 0.24, 1e-12);
        let e = wdl.elo();
        close(e.elo, 70.4365, 1e-3);
        close(e.low, 2.7669, 1e-3);
        close(e.high, 143.9092, 1e-3);
        // Draws shrink the interval for the same score.
        let drawish = counts(20, 80, 0);
        let d = drawish.elo();
        close(d.elo, 70.4365, 1e-3);
        assert!(d.high - d.low < e.high - e.low);
    }

    #[test]
    fn los_known_values() {
        // W - L = 20 over 100 decisive games: erf(sqrt 2) -> Phi(2) = 0.97725.
        let wdl = counts(60, 7, 40);
        close(wdl.los(), 0.977_25, 1e-5);
        close(wdl.flipped().los(), 0.022_75, 1e-5);
        let even = counts(5, 3, 5);
        close(even.los(), 0.5, 1e-12);
        close(Wdl::default().los(), 0.5, 1e-12);
        close(erf(1.0), 0.842_700_79, 2e-7);
    }

    #[test]
    fn sprt_llr_known_value() {
        // W/D/L 60/20/20: s = 0.7, var = 0.16; elo0 = 0 -> s0 = 0.5,
        // elo1 = 10 -> s1 = 0.514387; LLR = 100 (s1-s0)(2s-s0-s1)/(2 var)
        // = 1.73371 (computed by hand with python).
        let sprt: Sprt = "0,10".parse().unwrap();
        let wdl = counts(60, 20, 20);
        close(wdl.variance(), 0.16, 1e-12);
        let r = sprt.evaluate(&wdl);
        close(r.llr, 1.733_713, 1e-5);
        close(r.lower, -2.944_439, 1e-5);
        close(r.upper, 2.944_439, 1e-5);
        assert_eq!(r.state, SprtState::Continue);
        let more = counts(120, 40, 40);
        assert_eq!(sprt.evaluate(&more).state, SprtState::H1);
        assert_eq!(sprt.evaluate(&more.flipped()).state, SprtState::H0);
    }

    #[test]
    fn sprt_parsing() {
        assert!("10,0".parse::<Sprt>().is_err());
        assert!("x".parse::<Sprt>().is_err());
        assert!("0,nan".parse::<Sprt>().is_err());
        assert_eq!("-5, 5".parse::<Sprt>().unwrap().elo1, 5.0);
    }
}
