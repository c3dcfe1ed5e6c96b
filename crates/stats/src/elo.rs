//! Match statistics: Elo and normalized Elo (nElo) with 95% intervals,
//! likelihood of superiority and the sequential probability ratio test
//! (SPRT), with the conventions of fastchess and fishtest.
//!
//! Tournament games come in colour-swapped pairs from one opening, so the
//! natural counts of a pairing are pentanomial ([`Pentanomial`]): how many
//! pairs player A scored 0, 1/2, 1, 3/2 or 2 points in. Pair scores are
//! less noisy than game scores when an opening favours one side, and the
//! intervals and the SPRT computed from them account for that. Where games
//! are not paired the trinomial counts ([`Wdl`]: wins, draws, losses)
//! serve; [`estimate`] chooses between them.
//!
//! ```
//! use stats::{elo_from_score, Outcome, Pentanomial, Wdl};
//! assert!((elo_from_score(0.6) - 70.4365).abs() < 1e-3);
//! let wdl = Wdl { wins: 60, draws: 0, losses: 40 };
//! assert!((wdl.los() - 0.97725).abs() < 1e-4);
//! let mut pairs = Pentanomial::default();
//! pairs.add(Outcome::Win, Outcome::Draw);
//! pairs.add(Outcome::Loss, Outcome::Win);
//! assert_eq!(pairs.counts(), [0, 0, 1, 1, 0]);
//! ```

use serde::{Deserialize, Serialize};

/// The largest Elo magnitude reported: a 0% or 100% score has an infinite
/// Elo difference, which is shown (and written to JSON) as this bound.
pub const ELO_LIMIT: f64 = 1000.0;

/// The two-sided 95% normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

/// Normalized Elo per unit of `t = (score - 0.5) / sigma`: `800 / ln 10`,
/// chosen so that nElo and logistic Elo agree for small differences
/// between players who never draw (sigma = 1/2 per game).
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// The normalized Elo of mean score `s` whose per-game (or, for pairs,
/// per-pair times two) standard deviation is `sigma`:
/// `(s - 0.5) / sigma * 800 / ln 10`, clamped to +-[`ELO_LIMIT`] (a zero
/// sigma gives the bound, or 0 for an even score).
pub fn nelo_from_score(s: f64, sigma: f64) -> f64 {
    if s.is_nan() || s == 0.5 {
        return 0.0;
    }
    // Also catches a NaN sigma.
    if sigma.is_nan() || sigma <= 0.0 {
        return if s > 0.5 { ELO_LIMIT } else { -ELO_LIMIT };
    }
    ((s - 0.5) / sigma * NELO_PER_T).clamp(-ELO_LIMIT, ELO_LIMIT) + 0.0
}

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

    /// Normalized Elo with a 95% interval: `(s - 0.5) / sigma` in units of
    /// [`NELO_PER_T`], sigma the per-game standard deviation, the interval
    /// from the score's normal interval (fastchess's trinomial nElo).
    pub fn nelo(&self) -> EloEstimate {
        let n = self.games();
        let s = self.score();
        let sigma = self.variance().sqrt();
        if n == 0 {
            return EloEstimate {
                elo: 0.0,
                low: -ELO_LIMIT,
                high: ELO_LIMIT,
            };
        }
        let se = sigma / (n as f64).sqrt();
        EloEstimate {
            elo: nelo_from_score(s, sigma),
            low: nelo_from_score(s - Z95 * se, sigma),
            high: nelo_from_score(s + Z95 * se, sigma),
        }
    }

    /// Adds one game's outcome.
    pub fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Win => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss => self.losses += 1,
        }
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

/// One game from one player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

impl Outcome {
    /// The points scored: 1, 1/2 or 0.
    pub fn points(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }
}

/// Pentanomial counts: colour-swapped game pairs by the points player A
/// scored in them (two games from one opening, A moving first in one and
/// second in the other). A pair of one win and one loss (`wl`) and a pair
/// of two draws (`dd`) both score 1 and are kept apart only to be shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial {
    /// Pairs with two losses (0 points).
    pub ll: u64,
    /// A loss and a draw (1/2 point).
    pub ld: u64,
    /// A win and a loss (1 point).
    pub wl: u64,
    /// Two draws (1 point).
    pub dd: u64,
    /// A win and a draw (3/2 points).
    pub wd: u64,
    /// Two wins (2 points).
    pub ww: u64,
}

/// The pair scores (points / 2) of [`Pentanomial::counts`]' five cells.
pub(crate) const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

impl Pentanomial {
    /// Adds a pair: A's outcomes in its two games (in either order).
    pub fn add(&mut self, one: Outcome, other: Outcome) {
        use Outcome::*;
        match (one, other) {
            (Loss, Loss) => self.ll += 1,
            (Loss, Draw) | (Draw, Loss) => self.ld += 1,
            (Win, Loss) | (Loss, Win) => self.wl += 1,
            (Draw, Draw) => self.dd += 1,
            (Win, Draw) | (Draw, Win) => self.wd += 1,
            (Win, Win) => self.ww += 1,
        }
    }

    /// The number of pairs.
    pub fn pairs(&self) -> u64 {
        self.counts().iter().sum()
    }

    /// The counts by points scored, as fastchess prints them
    /// (`Ptnml(0-2)`): `[LL, LD, WL + DD, WD, WW]`.
    pub fn counts(&self) -> [u64; 5] {
        [self.ll, self.ld, self.wl + self.dd, self.wd, self.ww]
    }

    /// The games of these pairs as wins, draws and losses.
    pub fn wdl(&self) -> Wdl {
        Wdl {
            wins: 2 * self.ww + self.wd + self.wl,
            draws: self.ld + 2 * self.dd + self.wd,
            losses: 2 * self.ll + self.ld + self.wl,
        }
    }

    /// A's mean score per game (pair points / 2); 0.5 with no pairs.
    pub fn score(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.5;
        }
        let c = self.counts();
        PAIR_SCORES.iter().zip(c).map(|(a, k)| a * k as f64).sum::<f64>() / n as f64
    }

    /// The per-pair variance of the pair score (points / 2).
    pub fn variance(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.0;
        }
        let s = self.score();
        let c = self.counts();
        PAIR_SCORES
            .iter()
            .zip(c)
            .map(|(a, k)| k as f64 * (a - s).powi(2))
            .sum::<f64>()
            / n as f64
    }

    /// The standard error of [`Pentanomial::score`].
    fn standard_error(&self) -> f64 {
        (self.variance() / self.pairs().max(1) as f64).sqrt()
    }

    /// Elo with a 95% interval from the pentanomial variance: the score's
    /// normal interval `s +- 1.96 sqrt(var / pairs)` mapped to Elo. `None`
    /// without pairs or without variance (all pairs scored alike), where
    /// the pair counts say nothing about the spread.
    pub fn elo(&self) -> Option<EloEstimate> {
        if self.pairs() == 0 || self.variance() <= 0.0 {
            return None;
        }
        let (s, se) = (self.score(), self.standard_error());
        Some(EloEstimate {
            elo: elo_from_score(s),
            low: elo_from_score(s - Z95 * se),
            high: elo_from_score(s + Z95 * se),
        })
    }

    /// Normalized Elo with a 95% interval: `(s - 0.5) / sqrt(2 var)` in
    /// units of [`NELO_PER_T`] (the sqrt(2) makes a pair's spread
    /// comparable to a game's); `None` as for [`Pentanomial::elo`].
    pub fn nelo(&self) -> Option<EloEstimate> {
        if self.pairs() == 0 || self.variance() <= 0.0 {
            return None;
        }
        let (s, se) = (self.score(), self.standard_error());
        let sigma = (2.0 * self.variance()).sqrt();
        Some(EloEstimate {
            elo: nelo_from_score(s, sigma),
            low: nelo_from_score(s - Z95 * se, sigma),
            high: nelo_from_score(s + Z95 * se, sigma),
        })
    }

    /// Likelihood of superiority from the normal approximation of the pair
    /// score: `Phi((s - 0.5) / se)`; 0.5 without variance.
    pub fn los(&self) -> f64 {
        let se = self.standard_error();
        if se.is_nan() || se <= 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.score() - 0.5) / (std::f64::consts::SQRT_2 * se)))
    }

    /// The same pairs from B's point of view.
    pub fn flipped(&self) -> Pentanomial {
        Pentanomial {
            ll: self.ww,
            ld: self.wd,
            wl: self.wl,
            dd: self.dd,
            wd: self.ld,
            ww: self.ll,
        }
    }
}

/// Which counts a pairing's Elo, nElo, LOS and SPRT come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Model {
    /// The colour-swapped pairs with both games played.
    Pentanomial,
    /// All games, one at a time.
    #[default]
    Trinomial,
}

impl std::fmt::Display for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Model::Pentanomial => "pentanomial",
            Model::Trinomial => "trinomial",
        })
    }
}

/// A pairing's estimates, from the counts [`estimate`] chose.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimates {
    /// The counts used.
    pub model: Model,
    /// Elo of A over B with its 95% interval.
    pub elo: EloEstimate,
    /// Normalized Elo with its 95% interval.
    pub nelo: EloEstimate,
    /// Likelihood that A is stronger.
    pub los: f64,
}

/// Whether the complete pairs `pairs` carry a pairing whose games are
/// `all` (the pairs' games and those whose partner is missing): there is
/// at least one pair, the pair scores vary, and no more games lack their
/// partner than have it. A run interrupted mid-pair, an odd `--games` or
/// an SPRT stop leaves a few such games, which are then left out; a shard
/// of the schedule holds no complete pairs at all, and its games are
/// counted one by one.
pub fn use_pairs(pairs: &Pentanomial, all: &Wdl) -> bool {
    let paired = 2 * pairs.pairs();
    paired > 0 && pairs.variance() > 0.0 && all.games().saturating_sub(paired) <= paired
}

/// The estimates of a pairing from its complete pairs if [`use_pairs`]
/// says they carry it, else from all its games (trinomial).
pub fn estimate(pairs: &Pentanomial, all: &Wdl) -> Estimates {
    if use_pairs(pairs, all) {
        if let (Some(elo), Some(nelo)) = (pairs.elo(), pairs.nelo()) {
            return Estimates {
                model: Model::Pentanomial,
                elo,
                nelo,
                los: pairs.los(),
            };
        }
    }
    Estimates {
        model: Model::Trinomial,
        elo: all.elo(),
        nelo: all.nelo(),
        los: all.los(),
    }
}
#[cfg(test)]
pub(crate) mod tests;
