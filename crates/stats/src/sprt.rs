//! The sequential probability ratio test (SPRT) of a pairing, on its
//! trinomial or pentanomial counts, with the generalized log-likelihood
//! ratio fastchess and fishtest use.

use serde::{Deserialize, Serialize};

use crate::elo::{score_from_elo, use_pairs, Model, Pentanomial, Wdl, ELO_LIMIT, NELO_PER_T, PAIR_SCORES};

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

/// What the SPRT's Elo bounds mean.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SprtModel {
    /// Logistic Elo: the expected score is `1 / (1 + 10^(-elo / 400))`.
    #[default]
    Logistic,
    /// Normalized Elo: `(score - 0.5) / sigma` in units of [`NELO_PER_T`],
    /// which does not depend on the draw rate (fishtest's and fastchess's
    /// default).
    Normalized,
}

impl std::fmt::Display for SprtModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SprtModel::Logistic => "logistic",
            SprtModel::Normalized => "normalized",
        })
    }
}

/// An SPRT of H0 "Elo = elo0" against H1 "Elo = elo1" with error rates
/// alpha and beta, the Elo in the units of `model`.
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
    /// Logistic or normalized Elo.
    #[serde(default)]
    pub model: SprtModel,
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
    /// Elo under H0.
    #[serde(default)]
    pub elo0: f64,
    /// Elo under H1.
    #[serde(default)]
    pub elo1: f64,
    /// What the Elo bounds mean.
    #[serde(default)]
    pub model: SprtModel,
    /// The counts the LLR was computed from.
    #[serde(default)]
    pub counts: Model,
}

/// The maximum-likelihood distribution over outcomes scoring `scores`,
/// given the observed frequencies `freq`, under the constraint that its
/// mean score is `s` (strictly between the smallest and largest score).
///
/// The solution is `freq_i / (1 + theta (a_i - s))` with theta the root of
/// `sum freq_i (a_i - s) / (1 + theta (a_i - s)) = 0` (M. Van den Bergh,
/// "Comparing the approximations for the generalized log likelihood ratio
/// of a multinomial distribution", proposition 1.1). The left side falls
/// strictly with theta between the poles, so bisection finds the root.
fn mle_with_mean(scores: &[f64], freq: &[f64], s: f64) -> Vec<f64> {
    let phi: Vec<f64> = scores.iter().map(|a| a - s).collect();
    let theta = falling_root(freq, &phi);
    freq.iter()
        .zip(&phi)
        .map(|(p, f)| p / (1.0 + theta * f))
        .collect()
}

/// The root of `sum freq_i phi_i / (1 + theta phi_i)` between its poles
/// `-1 / max phi` and `-1 / min phi` (0 if the phis do not straddle 0).
fn falling_root(freq: &[f64], phi: &[f64]) -> f64 {
    let min = phi.iter().copied().fold(f64::INFINITY, f64::min);
    let max = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(min < 0.0 && max > 0.0) {
        return 0.0;
    }
    let f = |theta: f64| -> f64 { freq.iter().zip(phi).map(|(p, x)| p * x / (1.0 + theta * x)).sum() };
    let (mut lo, mut hi) = (-1.0 / max, -1.0 / min);
    // Halving the bracket 200 times reaches the float resolution of any
    // bracket these scores give.
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The maximum-likelihood distribution given the observed frequencies
/// under the constraint `(mean - 0.5) / sigma = t`, by the fixed-point
/// iteration of M. Van den Bergh, "Comments on normalized Elo", section
/// 4.1: from a uniform start, linearise the constraint around the current
/// distribution and solve for its multiplier as in [`mle_with_mean`].
fn mle_with_t(scores: &[f64], freq: &[f64], t: f64) -> Vec<f64> {
    let n = scores.len();
    let mut p = vec![1.0 / n as f64; n];
    for _ in 0..100 {
        let mu: f64 = scores.iter().zip(&p).map(|(a, q)| a * q).sum();
        let var: f64 = scores.iter().zip(&p).map(|(a, q)| q * (a - mu).powi(2)).sum();
        let sigma = var.sqrt();
        if sigma.is_nan() || sigma <= 0.0 {
            break;
        }
        let phi: Vec<f64> = scores
            .iter()
            .map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)))
            .collect();
        let theta = falling_root(freq, &phi);
        let mut change = 0.0f64;
        for ((q, f), x) in p.iter_mut().zip(freq).zip(&phi) {
            let next = f / (1.0 + theta * x);
            change = change.max((next - *q).abs());
            *q = next;
        }
        if change < 1e-12 {
            break;
        }
    }
    p
}

impl Sprt {
    /// A logistic test with alpha = beta = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
            model: SprtModel::Logistic,
        }
    }

    /// The lower (accept H0) and upper (accept H1) LLR bounds:
    /// `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The generalized log-likelihood ratio of counts `counts` of outcomes
    /// scoring `scores`: `N sum p_i ln(p1_i / p0_i)`, p0 and p1 the
    /// maximum-likelihood distributions under H0 and H1, as fastchess
    /// computes it. Empty cells count as a thousandth of a game (as there),
    /// so that every outcome stays possible. `t_per_nelo` converts nElo to
    /// `t` for these outcomes: 1 for games, sqrt(2) for pairs, whose
    /// spread is taken per game.
    fn generalized_llr(&self, counts: &[u64], scores: &[f64], t_per_nelo: f64) -> f64 {
        if counts.iter().all(|&c| c == 0) {
            return 0.0;
        }
        let regular: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
            .collect();
        let total: f64 = regular.iter().sum();
        let freq: Vec<f64> = regular.iter().map(|c| c / total).collect();
        let (p0, p1) = match self.model {
            SprtModel::Logistic => (
                mle_with_mean(scores, &freq, score_from_elo(self.elo0)),
                mle_with_mean(scores, &freq, score_from_elo(self.elo1)),
            ),
            SprtModel::Normalized => (
                mle_with_t(scores, &freq, t_per_nelo * self.elo0 / NELO_PER_T),
                mle_with_t(scores, &freq, t_per_nelo * self.elo1 / NELO_PER_T),
            ),
        };
        let mean: f64 = freq
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(f, (a, b))| f * (b.ln() - a.ln()))
            .sum();
        total * mean
    }

    /// The log-likelihood ratio of trinomial counts.
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        self.generalized_llr(&[wdl.losses, wdl.draws, wdl.wins], &[0.0, 0.5, 1.0], 1.0)
    }

    /// The log-likelihood ratio of pentanomial counts (complete pairs).
    pub fn llr_pentanomial(&self, pairs: &Pentanomial) -> f64 {
        self.generalized_llr(&pairs.counts(), &PAIR_SCORES, std::f64::consts::SQRT_2)
    }

    fn decide(&self, llr: f64, counts: Model) -> SprtResult {
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
            elo0: self.elo0,
            elo1: self.elo1,
            model: self.model,
            counts,
        }
    }

    /// The test's state for trinomial counts.
    pub fn evaluate(&self, wdl: &Wdl) -> SprtResult {
        self.decide(self.llr(wdl), Model::Trinomial)
    }

    /// The test's state for pentanomial counts.
    pub fn evaluate_pentanomial(&self, pairs: &Pentanomial) -> SprtResult {
        self.decide(self.llr_pentanomial(pairs), Model::Pentanomial)
    }

    /// The test's state for a pairing, from the counts [`estimate`](crate::elo::estimate) uses:
    /// its complete pairs when [`use_pairs`] says so, else all its games.
    pub fn evaluate_pairing(&self, pairs: &Pentanomial, all: &Wdl) -> SprtResult {
        if use_pairs(pairs, all) {
            self.evaluate_pentanomial(pairs)
        } else {
            self.evaluate(all)
        }
    }
}

/// A `--sprt` that cannot be read or sets up no valid test.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad SPRT {given:?}: {reason}; expected ELO0,ELO1 with ELO0 < ELO1, optionally followed by \
     alpha=A, beta=B (each between 0 and 1, A + B < 1) and model=logistic|normalized, \
     e.g. 0,10 or 0,5,alpha=0.05,beta=0.1,model=normalized"
)]
pub struct SprtError {
    /// What was given.
    pub given: String,
    /// What is wrong with it.
    pub reason: String,
}

impl std::str::FromStr for Sprt {
    type Err = SprtError;

    /// Parses `ELO0,ELO1[,alpha=A][,beta=B][,model=M]`; the bounds may also
    /// be given as `elo0=ELO0,elo1=ELO1` (fastchess's keys).
    fn from_str(s: &str) -> Result<Sprt, SprtError> {
        let bad = |reason: String| SprtError {
            given: s.to_owned(),
            reason,
        };
        let number = |what: &str, t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| bad(format!("{what} {:?} is not a number", t.trim())))
        };
        let mut sprt = Sprt::new(f64::NAN, f64::NAN);
        let mut bounds = Vec::new();
        for part in s.split(',') {
            match part.split_once('=') {
                Some((key, value)) => match key.trim() {
                    "elo0" => bounds.push((0, number("elo0", value)?)),
                    "elo1" => bounds.push((1, number("elo1", value)?)),
                    "alpha" => sprt.alpha = number("alpha", value)?,
                    "beta" => sprt.beta = number("beta", value)?,
                    "model" => {
                        sprt.model = match value.trim() {
                            "logistic" => SprtModel::Logistic,
                            "normalized" => SprtModel::Normalized,
                            other => return Err(bad(format!("unknown model {other:?}"))),
                        }
                    }
                    other => return Err(bad(format!("unknown key {other:?}"))),
                },
                None => {
                    let which = bounds.len();
                    bounds.push((which, number("an Elo bound", part)?));
                }
            }
        }
        let mut seen = [false; 2];
        for (which, value) in bounds {
            if which > 1 || seen[which] {
                return Err(bad("more than two Elo bounds".to_owned()));
            }
            seen[which] = true;
            if which == 0 {
                sprt.elo0 = value;
            } else {
                sprt.elo1 = value;
            }
        }
        if !(seen[0] && seen[1]) {
            return Err(bad("both Elo bounds are needed".to_owned()));
        }
        if sprt.elo0 >= sprt.elo1 || sprt.elo0.abs() >= ELO_LIMIT || sprt.elo1.abs() >= ELO_LIMIT {
            return Err(bad(format!(
                "the Elo bounds must satisfy ELO0 < ELO1 within +-{ELO_LIMIT}"
            )));
        }
        let rate = |r: f64| r > 0.0 && r < 1.0;
        if !(rate(sprt.alpha) && rate(sprt.beta) && sprt.alpha + sprt.beta < 1.0) {
            return Err(bad(format!(
                "alpha {} and beta {} must lie between 0 and 1 with a sum below 1",
                sprt.alpha, sprt.beta
            )));
        }
        Ok(sprt)
    }
}

#[cfg(test)]
mod tests;
