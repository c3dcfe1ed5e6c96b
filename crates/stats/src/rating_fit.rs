//! Rating lists: one maximum-likelihood Elo fit over all games of many
//! players, as Ordo and BayesElo make them.
//!
//! The model is Bradley-Terry in logistic Elo units with a first-player
//! advantage: the player in the first seat scores
//! `1 / (1 + 10^(-(r_first + adv - r_second) / 400))` on average. A draw
//! counts as half a win and half a loss (Ordo's choice; BayesElo models
//! draws with a separate "draw Elo" instead, which makes its scale differ
//! from the score-based Elo of a pairing), so the ratings of two players
//! differ by about the Elo their pairing's score gives.
//!
//! Against a sweep the maximum lies at infinity; as BayesElo does, each
//! pair of players that met gets a few virtual draws (`prior`, default 1,
//! half with each player moving first), which keeps every rating finite
//! and pulls them toward each other by about `prior / games` of the gap.
//! With `prior = 0` the fit is pure maximum likelihood and a perfect score
//! is an error.
//!
//! The 95% intervals come from the cluster-robust ("sandwich") covariance
//! `A^-1 J A^-1` (A the curvature of the log-likelihood at its maximum, J
//! the sum over colour-swapped game pairs of the outer products of their
//! score residuals), so draws narrow them and a pair's shared opening is
//! accounted for as the pentanomial model of a pairing does. Ratings are
//! relative: the anchor (`--anchor NAME=ELO`) has no interval of its own
//! and the others' intervals are relative to it; without an anchor the
//! mean rating is 0 and the intervals are those of each rating minus the
//! mean.
//!
//! ```
//! use stats::rating_fit::{fit, FitOptions, RatedGame};
//! let names = vec!["a".to_owned(), "b".to_owned()];
//! // a scores 3 of 4 moving first and 3 of 4 moving second.
//! let scores = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0];
//! let games: Vec<RatedGame> = (0..8)
//!     .map(|i| RatedGame { first: i % 2, second: 1 - i % 2, score: scores[i], cluster: i as u64 / 2 })
//!     .collect();
//! let list = fit(&names, &games, &FitOptions { prior: 0.0, ..FitOptions::default() }).unwrap();
//! assert_eq!(list.players[0].name, "a");
//! // 75% is 400 log10 3 = 190.85 Elo; no first-move advantage.
//! assert!((list.players[0].elo - list.players[1].elo - 190.85).abs() < 0.01);
//! assert!(list.first_move_elo.abs() < 0.01);
//! ```

use std::collections::{BTreeMap, BTreeSet};

use thiserror::Error;

use crate::elo::ELO_LIMIT;
use crate::rating_list::{PlayerRating, RatingList};
use crate::records::{GameRecord, GameResult, TournamentConfig};

/// The two-sided 95% normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

/// Elo per natural-log unit of the odds: `400 / ln 10`.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// One game for the fit: who sat where and what the first seat scored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedGame {
    /// The player in the first seat (an index into the names).
    pub first: usize,
    /// The player in the second seat.
    pub second: usize,
    /// The first seat's points: 1, 1/2 or 0.
    pub score: f64,
    /// Games that share a cluster (the two games of a colour-swapped pair)
    /// are treated as correlated in the intervals.
    pub cluster: u64,
}

/// How to fit.
#[derive(Clone, Debug, PartialEq)]
pub struct FitOptions {
    /// Fix this player's rating; without one the mean rating is 0.
    pub anchor: Option<(String, f64)>,
    /// Virtual draws per pair of players that met (0: pure maximum
    /// likelihood).
    pub prior: f64,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            anchor: None,
            prior: 1.0,
        }
    }
}

/// Games from which no rating list can be fitted.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum RatingError {
    /// There are no games.
    #[error("no games to rate: expected tournament folders with recorded games")]
    NoGames,
    /// The anchor names none of the players.
    #[error("unknown anchor {name:?}: expected one of {known}")]
    UnknownAnchor {
        /// The name given.
        name: String,
        /// The players' names, comma-separated.
        known: String,
    },
    /// The prior is not a finite number of at least 0.
    #[error("bad prior {0}: expected a number of virtual draws of at least 0")]
    BadPrior(f64),
    /// Some players never met the others, directly or through others.
    #[error(
        "the games do not link every player: {groups} never met each other \
         (rate them separately or add games between them)"
    )]
    Disconnected {
        /// The groups, e.g. `{a, b} and {c}`.
        groups: String,
    },
    /// A player's rating runs off to infinity (a perfect score with no
    /// virtual draws).
    #[error(
        "{0} has a perfect or zero score against the players it met, so its maximum-likelihood rating \
         is infinite: use a prior of virtual draws above 0"
    )]
    Unbounded(String),
    /// A game names a player that is not in the list, or its score is not
    /// between 0 and 1.
    #[error("bad game {index}: expected player indices below {players} and a score between 0 and 1")]
    BadGame {
        /// The game's position in the list.
        index: usize,
        /// How many players there are.
        players: usize,
    },
    /// The ratings and the first-player advantage cannot be told apart.
    #[error(
        "the games do not determine the ratings and the first-player advantage (for example no \
         player ever moved second): use a prior of virtual draws above 0"
    )]
    Undetermined,
}

/// A dense symmetric positive definite matrix's Cholesky factor; `None`
/// if it is not positive definite.
fn cholesky(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut l = vec![vec![0.0; n]; n];
    let scale = (0..n).map(|i| a[i][i].abs()).fold(0.0, f64::max).max(1e-300);
    for i in 0..n {
        for j in 0..=i {
            let sum = a[i][j] - (0..j).map(|k| l[i][k] * l[j][k]).sum::<f64>();
            if i == j {
                if sum.is_nan() || sum <= 1e-12 * scale {
                    return None;
                }
                l[i][i] = sum.sqrt();
            } else {
                l[i][j] = sum / l[j][j];
            }
        }
    }
    Some(l)
}

/// Solves `L L^T x = b`.
fn solve(l: &[Vec<f64>], b: &[f64]) -> Vec<f64> {
    let n = l.len();
    let mut y = b.to_vec();
    for i in 0..n {
        for k in 0..i {
            y[i] -= l[i][k] * y[k];
        }
        y[i] /= l[i][i];
    }
    for i in (0..n).rev() {
        for k in i + 1..n {
            y[i] -= l[k][i] * y[k];
        }
        y[i] /= l[i][i];
    }
    y
}

/// Games aggregated by seats: (first, second) -> (games, first's points).
type Cells = BTreeMap<(usize, usize), (f64, f64)>;

/// The parameters in the fit: the ratings of players 1.. (player 0 is
/// held at 0, which fixes the level) and the advantage, in natural-log
/// odds units.
struct Problem<'a> {
    n: usize,
    cells: &'a Cells,
}

impl Problem<'_> {
    /// The parameter index of a player's rating (none for player 0).
    fn slot(&self, player: usize) -> Option<usize> {
        player.checked_sub(1)
    }

    /// The advantage's parameter index.
    fn adv(&self) -> usize {
        self.n - 1
    }

    fn rating(&self, x: &[f64], player: usize) -> f64 {
        self.slot(player).map_or(0.0, |i| x[i])
    }

    /// The first seat's expected score in cell (f, s).
    fn expected(&self, x: &[f64], f: usize, s: usize) -> f64 {
        let d = self.rating(x, f) - self.rating(x, s) + x[self.adv()];
        1.0 / (1.0 + (-d).exp())
    }

    /// The design vector of a game: +1 for the first seat's rating, -1 for
    /// the second's, +1 for the advantage.
    fn design(&self, f: usize, s: usize) -> Vec<(usize, f64)> {
        let mut v = vec![(self.adv(), 1.0)];
        if let Some(i) = self.slot(f) {
            v.push((i, 1.0));
        }
        if let Some(i) = self.slot(s) {
            v.push((i, -1.0));
        }
        v
    }

    fn log_likelihood(&self, x: &[f64]) -> f64 {
        self.cells
            .iter()
            .map(|(&(f, s), &(games, points))| {
                let e = self.expected(x, f, s).clamp(1e-300, 1.0 - 1e-16);
                points * e.ln() + (games - points) * (1.0 - e).ln()
            })
            .sum()
    }

    /// The gradient and the negated Hessian (the curvature A).
    fn derivatives(&self, x: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
        let m = self.n;
        let mut g = vec![0.0; m];
        let mut a = vec![vec![0.0; m]; m];
        for (&(f, s), &(games, points)) in self.cells {
            let e = self.expected(x, f, s);
            let residual = points - games * e;
            let weight = games * e * (1.0 - e);
            let d = self.design(f, s);
            for &(i, xi) in &d {
                g[i] += residual * xi;
                for &(j, xj) in &d {
                    a[i][j] += weight * xi * xj;
                }
            }
        }
        (g, a)
    }
}

/// Groups of players linked by games (directly or through others).
fn groups(n: usize, games: &[RatedGame]) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for g in games {
        let (a, b) = (root(&mut parent, g.first), root(&mut parent, g.second));
        parent[a] = b;
    }
    let mut by_root: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for i in 0..n {
        let r = root(&mut parent, i);
        by_root.entry(r).or_default().push(i);
    }
    by_root.into_values().collect()
}

/// Fits ratings to `games` between the players `names` (players without
/// games are left out of the list).
pub fn fit(names: &[String], games: &[RatedGame], options: &FitOptions) -> Result<RatingList, RatingError> {
    if !(options.prior.is_finite() && options.prior >= 0.0) {
        return Err(RatingError::BadPrior(options.prior));
    }
    if let Some(index) = games
        .iter()
        .position(|g| g.first >= names.len() || g.second >= names.len() || !(0.0..=1.0).contains(&g.score))
    {
        return Err(RatingError::BadGame {
            index,
            players: names.len(),
        });
    }
    // Only players with games are rated.
    let mut played = vec![0u64; names.len()];
    let mut points = vec![0.0; names.len()];
    for g in games {
        played[g.first] += 1;
        played[g.second] += 1;
        points[g.first] += g.score;
        points[g.second] += 1.0 - g.score;
    }
    let rated: Vec<usize> = (0..names.len()).filter(|&i| played[i] > 0).collect();
    if rated.is_empty() {
        return Err(RatingError::NoGames);
    }
    let anchor = match &options.anchor {
        Some((name, elo)) => match rated.iter().position(|&i| names[i] == *name) {
            Some(k) => Some((k, *elo)),
            None => {
                return Err(RatingError::UnknownAnchor {
                    name: name.clone(),
                    known: rated
                        .iter()
                        .map(|&i| names[i].as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                })
            }
        },
        None => None,
    };
    let index: BTreeMap<usize, usize> = rated.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    let local: Vec<RatedGame> = games
        .iter()
        .map(|g| RatedGame {
            first: index[&g.first],
            second: index[&g.second],
            ..*g
        })
        .collect();
    let n = rated.len();
    let linked = groups(n, &local);
    if linked.len() > 1 {
        let text: Vec<String> = linked
            .iter()
            .map(|g| {
                format!(
                    "{{{}}}",
                    g.iter()
                        .map(|&k| names[rated[k]].as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
            .collect();
        return Err(RatingError::Disconnected {
            groups: text.join(" and "),
        });
    }
    let mut cells = Cells::new();
    for g in &local {
        let c = cells.entry((g.first, g.second)).or_insert((0.0, 0.0));
        c.0 += 1.0;
        c.1 += g.score;
    }
    if options.prior > 0.0 {
        let met: BTreeSet<(usize, usize)> = local
            .iter()
            .map(|g| (g.first.min(g.second), g.first.max(g.second)))
            .filter(|(a, b)| a != b)
            .collect();
        for (a, b) in met {
            for seats in [(a, b), (b, a)] {
                let c = cells.entry(seats).or_insert((0.0, 0.0));
                c.0 += options.prior / 2.0;
                c.1 += options.prior / 4.0;
            }
        }
    }
    let problem = Problem { n, cells: &cells };
    let mut x = vec![0.0; n];
    let mut value = problem.log_likelihood(&x);
    let mut curvature = None;
    // Newton's method with step halving: the log-likelihood is concave,
    // so this converges from zero whenever the maximum is finite.
    for _ in 0..200 {
        let (g, a) = problem.derivatives(&x);
        let Some(l) = cholesky(&a) else {
            return Err(unbounded_or_undetermined(names, &rated, &local, &x, n));
        };
        let step = solve(&l, &g);
        let mut t = 1.0;
        let mut next = x.clone();
        let mut improved = false;
        for _ in 0..60 {
            next = x.iter().zip(&step).map(|(xi, si)| xi + t * si).collect();
            let v = problem.log_likelihood(&next);
            if v >= value - 1e-12 * value.abs().max(1.0) {
                value = v;
                improved = true;
                break;
            }
            t /= 2.0;
        }
        let size = step.iter().fold(0.0f64, |m, s| m.max((t * s).abs()));
        if improved {
            x = next;
        }
        if x.iter().any(|v| v.abs() * ELO_PER_NAT > 20.0 * ELO_LIMIT) {
            return Err(unbounded_or_undetermined(names, &rated, &local, &x, n));
        }
        if size * ELO_PER_NAT < 1e-7 || !improved {
            curvature = Some(l);
            break;
        }
    }
    let Some(l) = curvature else {
        return Err(unbounded_or_undetermined(names, &rated, &local, &x, n));
    };
    // J: the outer products of each cluster's score residual (real games
    // only; the virtual draws are a prior, not data).
    let mut residuals: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
    for g in &local {
        let e = problem.expected(&x, g.first, g.second);
        let u = residuals.entry(g.cluster).or_insert_with(|| vec![0.0; n]);
        for (i, xi) in problem.design(g.first, g.second) {
            u[i] += (g.score - e) * xi;
        }
    }
    let mut j = vec![vec![0.0; n]; n];
    for u in residuals.values() {
        for a in 0..n {
            for b in 0..n {
                j[a][b] += u[a] * u[b];
            }
        }
    }
    // Cov = A^-1 J A^-1, column by column.
    let a_inv: Vec<Vec<f64>> = (0..n)
        .map(|c| {
            let mut e = vec![0.0; n];
            e[c] = 1.0;
            solve(&l, &e)
        })
        .collect();
    let ja: Vec<Vec<f64>> = (0..n)
        .map(|c| {
            (0..n)
                .map(|r| (0..n).map(|k| j[r][k] * a_inv[c][k]).sum())
                .collect()
        })
        .collect();
    let cov = |p: usize, q: usize| -> f64 { (0..n).map(|k| a_inv[p][k] * ja[q][k]).sum() };
    // Each reported rating is a linear function of the parameters: minus
    // the anchor's (or the mean's) rating. Its weights over players 1..:
    let weights = |player: usize| -> Vec<f64> {
        let mut w = vec![0.0; n];
        if let Some(i) = problem.slot(player) {
            w[i] += 1.0;
        }
        match anchor {
            Some((k, _)) => {
                if let Some(i) = problem.slot(k) {
                    w[i] -= 1.0;
                }
            }
            None => {
                for other in 1..n {
                    w[other - 1] -= 1.0 / n as f64;
                }
            }
        }
        w
    };
    let level = match anchor {
        Some((k, elo)) => elo - problem.rating(&x, k) * ELO_PER_NAT,
        None => -(0..n).map(|i| problem.rating(&x, i)).sum::<f64>() / n as f64 * ELO_PER_NAT,
    };
    let mut players: Vec<PlayerRating> = (0..n)
        .map(|k| {
            let w = weights(k);
            let mut var = 0.0;
            for p in 0..n {
                for q in 0..n {
                    var += w[p] * w[q] * cov(p, q);
                }
            }
            let elo = problem.rating(&x, k) * ELO_PER_NAT + level;
            let half = Z95 * var.max(0.0).sqrt() * ELO_PER_NAT;
            PlayerRating {
                name: names[rated[k]].clone(),
                engine: None,
                elo,
                elo_low: elo - half,
                elo_high: elo + half,
                games: played[rated[k]],
                points: points[rated[k]],
            }
        })
        .collect();
    players.sort_by(|a, b| b.elo.total_cmp(&a.elo).then(a.name.cmp(&b.name)));
    let adv = x[problem.adv()] * ELO_PER_NAT;
    let adv_half = Z95 * cov(problem.adv(), problem.adv()).max(0.0).sqrt() * ELO_PER_NAT;
    Ok(RatingList {
        players,
        anchor: anchor.map(|(k, _)| names[rated[k]].clone()),
        anchor_elo: anchor.map_or(0.0, |(_, elo)| elo),
        first_move_elo: adv,
        first_move_low: adv - adv_half,
        first_move_high: adv + adv_half,
        games: games.len() as u64,
        prior: options.prior,
    })
}

/// Why a fit failed to converge: a player with a perfect or zero score
/// (its rating runs off), or else an undetermined advantage.
fn unbounded_or_undetermined(
    names: &[String],
    rated: &[usize],
    games: &[RatedGame],
    x: &[f64],
    n: usize,
) -> RatingError {
    let mut score = vec![(0.0, 0u64); n];
    for g in games {
        score[g.first].0 += g.score;
        score[g.first].1 += 1;
        score[g.second].0 += 1.0 - g.score;
        score[g.second].1 += 1;
    }
    let perfect: Vec<&str> = (0..n)
        .filter(|&k| score[k].0 == 0.0 || score[k].0 == score[k].1 as f64)
        .map(|k| names[rated[k]].as_str())
        .collect();
    if !perfect.is_empty() {
        return RatingError::Unbounded(perfect.join(", "));
    }
    // The largest rating, if it ran off, names the culprit.
    let far = (1..n).max_by(|&a, &b| x[a - 1].abs().total_cmp(&x[b - 1].abs()));
    match far {
        Some(k) if x[k - 1].abs() * ELO_PER_NAT > ELO_LIMIT => {
            RatingError::Unbounded(names[rated[k]].clone())
        }
        _ => RatingError::Undetermined,
    }
}

/// The games of one tournament's records for a fit over `names` (each
/// record's players must be among them), clusters numbered from
/// `cluster_base` by colour-swapped pair.
pub fn rated_games(
    names: &BTreeMap<String, usize>,
    records: &[GameRecord],
    cluster_base: u64,
) -> Vec<RatedGame> {
    records
        .iter()
        .filter_map(|r| {
            let first = *names.get(&r.players.first)?;
            let second = *names.get(&r.players.second)?;
            let score = match r.result {
                GameResult::First => 1.0,
                GameResult::Second => 0.0,
                GameResult::Draw => 0.5,
            };
            // The two games of a pair sit at indices 2k and 2k + 1.
            Some(RatedGame {
                first,
                second,
                score,
                cluster: cluster_base + r.index / 2,
            })
        })
        .collect()
}

/// The rating list of one tournament's games.
pub fn rate_records(
    config: &TournamentConfig,
    records: &[GameRecord],
    options: &FitOptions,
) -> Result<RatingList, RatingError> {
    let names: Vec<String> = config.players.iter().map(|p| p.name.clone()).collect();
    let index: BTreeMap<String, usize> = names.iter().enumerate().map(|(i, n)| (n.clone(), i)).collect();
    let mut list = fit(&names, &rated_games(&index, records, 0), options)?;
    for p in &mut list.players {
        p.engine = config
            .players
            .iter()
            .find(|e| e.name == p.name)
            .map(|e| e.engine.clone());
    }
    Ok(list)
}

#[cfg(test)]
mod tests;
