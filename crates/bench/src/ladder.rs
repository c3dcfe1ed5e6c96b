//! A fixed rating scale per game: a frozen pool of anchor engines with
//! deterministic budgets (iterations, never time), rated once from a round
//! robin and shipped as a data file (`ratings/*.json`); the ladder rates a
//! new engine on that scale by playing the anchors nearest to its current
//! estimate, round after round (`arena ladder`), and [`scaling`] does so at
//! a series of budgets (`arena scaling`).
//!
//! The scale's zero is the first anchor (the random mover). Ratings are
//! logistic Elo with the first player's advantage the pool's fit found, as
//! `stats::rating_fit` models them.

use std::path::{Path, PathBuf};

use abstracta::mix_seed;
use serde::{Deserialize, Serialize};
use stats::rating_fit::{rate_records, FitOptions};
use stats::records::{parse_games_jsonl, GameRecord, GameResult};
use thiserror::Error;
use tournament::files::{read_input, write_atomically, FileError, InputKind, GAME_RECORDS};
use tournament::{Format, TournamentSettings};

use crate::interval::Z95;

/// An anchor-pool file (`ratings/*.json`).
pub const POOL_FILE: InputKind = InputKind {
    what: "an anchor pool (JSON)",
    limit: 1024 * 1024,
};

/// Elo per natural-log unit of the odds.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// One engine of the pool, with its rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Anchor {
    /// Its name.
    pub name: String,
    /// Its engine spec (a deterministic budget).
    pub engine: String,
    /// Its rating on the scale.
    pub elo: f64,
    /// The lower end of its 95% interval (relative to the first anchor).
    pub low: f64,
    /// The upper end.
    pub high: f64,
}

/// A game's frozen rating scale.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnchorPool {
    /// The game spec the anchors play.
    pub spec: String,
    /// The command that made this file.
    pub command: String,
    /// Random opening plies per game pair.
    pub opening_plies: u32,
    /// Games the fit used.
    pub games: u64,
    /// The first player's advantage in Elo.
    pub first_move_elo: f64,
    /// The anchors, the scale's zero first.
    pub anchors: Vec<Anchor>,
}

/// Why a pool or a ladder could not be made.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum LadderError {
    /// The games could not be played or recorded.
    #[error(transparent)]
    Tournament(#[from] tournament::TournamentError),
    /// A file could not be read or written.
    #[error(transparent)]
    File(#[from] FileError),
    /// A file does not read.
    #[error("{file}: {message}")]
    Format {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// The ratings could not be fitted.
    #[error("{0}")]
    Fit(String),
    /// The settings cannot work.
    #[error("bad settings: {0}")]
    Settings(String),
}

/// Plain UCT at `iters` iterations: no RAVE, no solver, no game knowledge.
pub fn plain_uct(iters: u64) -> String {
    format!("mcts:rave=off,solver=off,decisive=off,guided=off,eval=off,prior=off,iters={iters}")
}

/// The standard anchors: random, plain UCT at 10, 30, 100, 300 and 1000
/// iterations, and the MCTS defaults at 100 and 1000.
pub fn standard_anchors() -> Vec<(String, String)> {
    let mut anchors = vec![("random".to_owned(), "random".to_owned())];
    for n in [10, 30, 100, 300, 1000] {
        anchors.push((format!("uct{n}"), plain_uct(n)));
    }
    for n in [100, 1000] {
        anchors.push((format!("mcts{n}"), format!("mcts:iters={n}")));
    }
    anchors
}

/// Reads a pool file.
pub fn read_pool(path: &Path) -> Result<AnchorPool, LadderError> {
    let bytes = read_input(path, &POOL_FILE)?;
    let pool: AnchorPool = serde_json::from_slice(&bytes).map_err(|e| LadderError::Format {
        file: path.display().to_string(),
        message: format!("expected an anchor pool: {e}"),
    })?;
    if pool.anchors.len() < 2 {
        return Err(LadderError::Format {
            file: path.display().to_string(),
            message: "expected at least two anchors".into(),
        });
    }
    Ok(pool)
}

/// Writes a scaling report atomically.
pub fn write_scaling(path: &Path, report: &ScalingReport) -> Result<(), LadderError> {
    write_atomically(
        path,
        &(serde_json::to_string_pretty(report).expect("a report serializes") + "\n"),
    )?;
    Ok(())
}

/// Writes a pool file atomically.
pub fn write_pool(path: &Path, pool: &AnchorPool) -> Result<(), LadderError> {
    write_atomically(
        path,
        &(serde_json::to_string_pretty(pool).expect("a pool serializes") + "\n"),
    )?;
    Ok(())
}

fn read_games(dir: &Path) -> Result<Vec<GameRecord>, LadderError> {
    let path = dir.join("games.jsonl");
    let bytes = read_input(&path, &GAME_RECORDS)?;
    parse_games_jsonl(&String::from_utf8_lossy(&bytes)).map_err(|e| LadderError::Format {
        file: path.display().to_string(),
        message: e.to_string(),
    })
}

/// How to make an anchor pool.
#[derive(Clone, Debug)]
pub struct PoolSettings {
    /// The game spec.
    pub spec: String,
    /// The anchors (name, engine spec); the first is the scale's zero.
    pub anchors: Vec<(String, String)>,
    /// Games per pairing.
    pub games: u64,
    /// Random opening plies per game pair.
    pub opening_plies: u32,
    /// The seed.
    pub seed: u64,
    /// Where the games go (resumable).
    pub out: PathBuf,
    /// Games played at once.
    pub concurrency: Option<usize>,
    /// The command line that makes the pool, for the file.
    pub command: String,
}

/// Plays the pool's round robin (recorded in `out`, resumable) and fits
/// the ratings with the first anchor at 0.
pub fn make_pool(pool: &PoolSettings) -> Result<AnchorPool, LadderError> {
    let anchors = &pool.anchors;
    if anchors.len() < 2 {
        return Err(LadderError::Settings("expected at least two anchors".into()));
    }
    let settings = TournamentSettings {
        games: pool.games,
        seed: pool.seed,
        opening_plies: pool.opening_plies,
        concurrency: pool.concurrency,
        out: Some(pool.out.clone()),
        ..TournamentSettings::new(abstracta::Registry::standard(), &pool.spec, anchors.clone())
    };
    let summary = tournament::run(&settings)?;
    let records = read_games(&pool.out)?;
    let options = FitOptions {
        anchor: Some((anchors[0].0.clone(), 0.0)),
        prior: 1.0,
    };
    let list =
        rate_records(&summary.config, &records, &options).map_err(|e| LadderError::Fit(e.to_string()))?;
    let anchors = anchors
        .iter()
        .map(|(name, engine)| {
            let p = list
                .players
                .iter()
                .find(|p| &p.name == name)
                .expect("every anchor is rated");
            Anchor {
                name: name.clone(),
                engine: engine.clone(),
                elo: p.elo,
                low: p.elo_low,
                high: p.elo_high,
            }
        })
        .collect();
    Ok(AnchorPool {
        spec: summary.config.spec.clone(),
        command: pool.command.clone(),
        opening_plies: pool.opening_plies,
        games: list.games,
        first_move_elo: list.first_move_elo,
        anchors,
    })
}

/// One game of the rated engine against an anchor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnchorGame {
    /// The anchor's rating.
    pub anchor_elo: f64,
    /// Whether the engine moved first.
    pub engine_first: bool,
    /// The engine's points: 1, 1/2 or 0.
    pub score: f64,
    /// Games of one cluster (a colour-swapped pair) are correlated.
    pub cluster: u64,
}

/// A rating with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The maximum-likelihood rating.
    pub elo: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end.
    pub high: f64,
    /// Games fitted.
    pub games: u64,
}

/// The maximum-likelihood rating of one engine against anchors of known
/// ratings, with the first player's advantage `first_move_elo`. One
/// virtual draw against each anchor met keeps a perfect score finite (as
/// the pool's fit does); the interval is cluster-robust over the
/// colour-swapped pairs.
///
/// ```
/// use bench::ladder::{fit_against_anchors, AnchorGame};
/// // 3 of 4 against an anchor rated 100: about 100 + 191.
/// let games: Vec<AnchorGame> = (0..40)
///     .map(|i| AnchorGame { anchor_elo: 100.0, engine_first: i % 2 == 0, score: if i % 4 == 3 { 0.0 } else { 1.0 }, cluster: i / 2 })
///     .collect();
/// let r = fit_against_anchors(&games, 0.0).unwrap();
/// assert!((r.elo - 290.0).abs() < 5.0, "{r:?}");
/// assert!(r.low < r.elo && r.elo < r.high);
/// ```
pub fn fit_against_anchors(games: &[AnchorGame], first_move_elo: f64) -> Option<Rating> {
    if games.is_empty() {
        return None;
    }
    let mut anchors: Vec<f64> = games.iter().map(|g| g.anchor_elo).collect();
    anchors.sort_by(f64::total_cmp);
    anchors.dedup();
    let k = 1.0 / ELO_PER_NAT;
    let expected = |r: f64, anchor: f64, adv: f64| 1.0 / (1.0 + (-(r + adv - anchor) * k).exp());
    // Points, weights: the real games plus one virtual draw per anchor
    // (half moving first, half second).
    let mut terms: Vec<(f64, f64, f64, f64)> = games
        .iter()
        .map(|g| {
            let adv = if g.engine_first {
                first_move_elo
            } else {
                -first_move_elo
            };
            (g.anchor_elo, adv, g.score, 1.0)
        })
        .collect();
    for &a in &anchors {
        terms.push((a, first_move_elo, 0.5, 0.5));
        terms.push((a, -first_move_elo, 0.5, 0.5));
    }
    let mut r = anchors.iter().sum::<f64>() / anchors.len() as f64;
    for _ in 0..200 {
        let (mut grad, mut curv) = (0.0, 0.0);
        for &(a, adv, s, w) in &terms {
            let e = expected(r, a, adv);
            grad += w * k * (s - e);
            curv += w * k * k * e * (1.0 - e);
        }
        if curv <= 0.0 {
            return None;
        }
        let step = (grad / curv).clamp(-400.0, 400.0);
        r += step;
        if step.abs() < 1e-9 {
            break;
        }
    }
    let mut curv = 0.0;
    for &(a, adv, _, w) in &terms {
        let e = expected(r, a, adv);
        curv += w * k * k * e * (1.0 - e);
    }
    let mut clusters: std::collections::BTreeMap<u64, f64> = std::collections::BTreeMap::new();
    for g in games {
        let adv = if g.engine_first {
            first_move_elo
        } else {
            -first_move_elo
        };
        *clusters.entry(g.cluster).or_default() += k * (g.score - expected(r, g.anchor_elo, adv));
    }
    let meat: f64 = clusters.values().map(|u| u * u).sum();
    // With no spread in the residuals (all draws, say) the model's own
    // variance is the floor.
    let variance = (meat / (curv * curv)).max(1.0 / curv / games.len().max(1) as f64);
    let half = Z95 * variance.sqrt();
    Some(Rating {
        elo: r,
        low: r - half,
        high: r + half,
        games: games.len() as u64,
    })
}

/// How to rate an engine on a pool's scale.
#[derive(Clone, Debug)]
pub struct LadderSettings {
    /// The pool.
    pub pool: AnchorPool,
    /// The engine spec to rate.
    pub engine: String,
    /// Rounds: each plays the two anchors nearest the current estimate.
    pub rounds: u32,
    /// Games against each of the two anchors per round (rounded up to
    /// colour-swapped pairs).
    pub games_per_anchor: u64,
    /// The base seed.
    pub seed: u64,
    /// Games played at once.
    pub concurrency: Option<usize>,
    /// Where the rounds' games go (`round-N` folders, resumable); a
    /// temporary folder, removed afterwards, when `None`.
    pub out: Option<PathBuf>,
}

/// The rounds of a ladder and the rating they give.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderResult {
    /// The game spec.
    pub spec: String,
    /// The engine rated.
    pub engine: String,
    /// The rating on the pool's scale.
    pub rating: Rating,
    /// Per round: the anchors played and the engine's points against
    /// each.
    pub rounds: Vec<Vec<(String, u64, f64)>>,
}

/// Rates `settings.engine` on the pool's scale.
pub fn ladder(settings: &LadderSettings) -> Result<LadderResult, LadderError> {
    let pool = &settings.pool;
    if settings.rounds == 0 || settings.games_per_anchor == 0 {
        return Err(LadderError::Settings(
            "expected at least one round and one game".into(),
        ));
    }
    let temp;
    let base = match &settings.out {
        Some(dir) => dir.clone(),
        None => {
            temp = std::env::temp_dir().join(format!(
                "abstracta-ladder-{}-{}",
                std::process::id(),
                settings.seed
            ));
            temp.clone()
        }
    };
    let mut games: Vec<AnchorGame> = Vec::new();
    let mut rounds = Vec::new();
    let mut estimate = pool.anchors.iter().map(|a| a.elo).sum::<f64>() / pool.anchors.len() as f64;
    let mut rating = None;
    for round in 0..settings.rounds {
        let mut nearest: Vec<&Anchor> = pool.anchors.iter().collect();
        nearest.sort_by(|a, b| (a.elo - estimate).abs().total_cmp(&(b.elo - estimate).abs()));
        nearest.truncate(2);
        let mut players = vec![("engine".to_owned(), settings.engine.clone())];
        players.extend(nearest.iter().map(|a| (a.name.clone(), a.engine.clone())));
        let dir = base.join(format!("round-{}", round + 1));
        let tsettings = TournamentSettings {
            games: settings.games_per_anchor.div_ceil(2) * 2,
            seed: mix_seed(settings.seed, u64::from(round)),
            opening_plies: pool.opening_plies,
            concurrency: settings.concurrency,
            format: Format::Gauntlet,
            out: Some(dir.clone()),
            ..TournamentSettings::new(abstracta::Registry::standard(), &pool.spec, players)
        };
        tournament::run(&tsettings)?;
        let records = read_games(&dir)?;
        let mut tally = Vec::new();
        for a in &nearest {
            let mut n = 0;
            let mut points = 0.0;
            for r in records
                .iter()
                .filter(|r| r.players.first == a.name || r.players.second == a.name)
            {
                let engine_first = r.players.first == "engine";
                let first_points = match r.result {
                    GameResult::First => 1.0,
                    GameResult::Second => 0.0,
                    _ => 0.5,
                };
                let score = if engine_first {
                    first_points
                } else {
                    1.0 - first_points
                };
                games.push(AnchorGame {
                    anchor_elo: a.elo,
                    engine_first,
                    score,
                    cluster: (u64::from(round) << 32) | (r.index / 2),
                });
                n += 1;
                points += score;
            }
            tally.push((a.name.clone(), n, points));
        }
        rounds.push(tally);
        rating = fit_against_anchors(&games, pool.first_move_elo);
        if let Some(r) = rating {
            estimate = r.elo;
        }
    }
    if settings.out.is_none() {
        let _ = std::fs::remove_dir_all(&base);
    }
    let rating = rating.ok_or_else(|| LadderError::Fit("no games were played".into()))?;
    Ok(LadderResult {
        spec: pool.spec.clone(),
        engine: settings.engine.clone(),
        rating,
        rounds,
    })
}

/// `spec` with its budget replaced by `iters` iterations (nodes for the
/// solvers and alpha-beta): any `iters=`, `nodes=` of pns/alphabeta or
/// `time=` option is dropped first.
///
/// ```
/// use bench::ladder::with_iterations;
/// assert_eq!(with_iterations("mcts", 100), "mcts:iters=100");
/// assert_eq!(with_iterations("mcts:c=0.5,iters=9,time=1s", 100), "mcts:c=0.5,iters=100");
/// ```
pub fn with_iterations(spec: &str, iters: u64) -> String {
    let (family, options) = spec.split_once(':').unwrap_or((spec, ""));
    let mut kept: Vec<&str> = options
        .split(',')
        .filter(|o| !o.is_empty())
        .filter(|o| {
            let key = o.split('=').next().unwrap_or("").trim();
            !(key == "iters" || key == "iterations" || key == "time" || (family != "mcts" && key == "nodes"))
        })
        .collect();
    let budget = format!("iters={iters}");
    kept.push(&budget);
    format!("{family}:{}", kept.join(","))
}

/// One engine rated at a series of budgets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScalingPoint {
    /// The iterations.
    pub iterations: u64,
    /// The ladder's result at them.
    pub result: LadderResult,
}

/// Rates `settings.engine` at each of `budgets` iterations on the pool's
/// scale (each budget a ladder of its own, in `out/ITERS` when `out` is
/// set).
pub fn scaling(settings: &LadderSettings, budgets: &[u64]) -> Result<Vec<ScalingPoint>, LadderError> {
    budgets
        .iter()
        .map(|&iterations| {
            let one = LadderSettings {
                engine: with_iterations(&settings.engine, iterations),
                out: settings.out.as_ref().map(|d| d.join(iterations.to_string())),
                ..settings.clone()
            };
            Ok(ScalingPoint {
                iterations,
                result: ladder(&one)?,
            })
        })
        .collect()
}

/// One engine's curve in a [`ScalingReport`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScalingCurve {
    /// The legend's name.
    pub name: String,
    /// The engine spec (its budget replaced at each point).
    pub engine: String,
    /// The rating at each budget.
    pub points: Vec<ScalingPoint>,
}

/// What `arena scaling` writes (`scaling.json` in its games folder):
/// several engines' ratings against their budgets on one game's scale.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScalingReport {
    /// Always [`SCALING_KIND`], so readers tell the file from other JSON.
    pub kind: String,
    /// The game spec of the pool.
    pub spec: String,
    /// One curve per engine.
    pub curves: Vec<ScalingCurve>,
}

/// The `kind` of a [`ScalingReport`].
pub const SCALING_KIND: &str = "scaling";

/// A scaling report file (`scaling.json`).
pub const SCALING_FILE: InputKind = InputKind {
    what: "a scaling report (JSON)",
    limit: 1024 * 1024,
};

/// Rates each `(name, engine)` at each of `budgets` (each engine's games in
/// `out/NAME` when `out` is set, NAME made safe for a folder name).
pub fn scaling_report(
    settings: &LadderSettings,
    engines: &[(String, String)],
    budgets: &[u64],
) -> Result<ScalingReport, LadderError> {
    let mut curves = Vec::with_capacity(engines.len());
    for (name, engine) in engines {
        let folder: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        let one = LadderSettings {
            engine: engine.clone(),
            out: settings.out.as_ref().map(|d| d.join(&folder)),
            ..settings.clone()
        };
        curves.push(ScalingCurve {
            name: name.clone(),
            engine: engine.clone(),
            points: scaling(&one, budgets)?,
        });
    }
    Ok(ScalingReport {
        kind: SCALING_KIND.to_owned(),
        spec: settings.pool.spec.clone(),
        curves,
    })
}

/// Reads a `scaling.json`, refusing other JSON (a wrong `kind`).
pub fn read_scaling(path: &Path) -> Result<ScalingReport, LadderError> {
    let bytes = read_input(path, &SCALING_FILE)?;
    let report: ScalingReport = serde_json::from_slice(&bytes).map_err(|e| LadderError::Format {
        file: path.display().to_string(),
        message: format!("expected a scaling report: {e}"),
    })?;
    if report.kind != SCALING_KIND {
        return Err(LadderError::Format {
            file: path.display().to_string(),
            message: format!("expected kind \"{SCALING_KIND}\", found {:?}", report.kind),
        });
    }
    Ok(report)
}
