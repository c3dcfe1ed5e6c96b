//! Making a suite (`arena suite make`): seeded random positions, proven by
//! a solver that values every ply (`pns`), each checked by a second method
//! (exhaustive minimax where the position is small enough, otherwise a
//! second solver valuing every ply's successor), kept by difficulty class.
//!
//! Everything that decides the file is counted, not timed (the solver's and
//! the checker's budgets are in nodes and iterations, their threads one
//! each, the positions seeded), so the same settings give the same file on
//! any machine.

use std::collections::HashSet;

use abstracta::exact::{exact_value, winning_plies};
use abstracta::player::EngineSpec;
use abstracta::registry::{with_game, GameVisitor, RegisteredGame};
use abstracta::search::Proof;
use abstracta::solve::{solve, Solution, SolveError};
use abstracta::{mix_seed, seeded_rng, AnyGame, SpecError, Status};
use rand::Rng;
use rayon::prelude::*;
use thiserror::Error;

use crate::suite::{Difficulty, SuitePosition, Value};

/// Mixed into a walk engine's seed, so it differs from the plies' own.
const WALK_SEED: u64 = 0x5741_4c4b;

/// How to make a suite.
#[derive(Clone, Debug, PartialEq)]
pub struct MakeSettings {
    /// The game spec.
    pub spec: String,
    /// The positions wanted (a third of them per difficulty class where
    /// the candidates allow).
    pub count: usize,
    /// The seed of the random positions.
    pub seed: u64,
    /// The fewest and the most random plies from the start.
    pub plies: (u32, u32),
    /// The solver (an engine spec that values every ply: `pns:nodes=...`).
    pub solver: String,
    /// The second solver, for positions too large for exhaustive minimax
    /// (an engine spec that proves values: `mcts:iters=...`); `None` drops
    /// such positions.
    pub second: Option<String>,
    /// The most distinct positions exhaustive minimax may visit.
    pub oracle_limit: usize,
    /// The most candidate positions to try before giving up on the quotas.
    pub max_candidates: usize,
    /// An engine that plays the candidates' plies after the first half of
    /// them (seeded per candidate; one thread, a budget in iterations, so
    /// the walk repeats), for games where uniformly random plies rarely
    /// reach a position that tests anything (Epaminondas); `None`: every
    /// ply uniformly random.
    pub walk: Option<String>,
}

impl MakeSettings {
    /// Settings for `spec` with the defaults: 240 positions, seed 1, 2 to
    /// 12 plies, the solver `pns:nodes=300000`, the second solver
    /// `mcts:iters=20000,seed=1` (one thread each), a minimax limit of
    /// 300,000 positions and 4,000 candidates.
    pub fn new(spec: &str) -> MakeSettings {
        MakeSettings {
            spec: spec.to_owned(),
            count: 240,
            seed: 1,
            plies: (2, 12),
            solver: "pns:nodes=300000".to_owned(),
            second: Some("mcts:iters=20000,seed=1".to_owned()),
            oracle_limit: 300_000,
            max_candidates: 4_000,
            walk: None,
        }
    }
}

/// What making a suite did, besides the positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MakeReport {
    /// Candidate positions tried.
    pub candidates: usize,
    /// Candidates that repeated an earlier position or ended the game.
    pub duplicates_or_over: usize,
    /// Candidates the solver did not prove (every ply) within its budget.
    pub unsolved: usize,
    /// Proven candidates with nothing to test (a loss, or every ply keeps
    /// the value).
    pub trivial: usize,
    /// Candidates the second method could not decide.
    pub unchecked: usize,
    /// Candidates on which the second method disagreed with the solver
    /// (dropped; a non-zero count is a bug in one of them).
    pub disagreements: Vec<String>,
    /// Positions kept, checked by exhaustive minimax.
    pub checked_exact: usize,
    /// Positions kept, checked by the second solver.
    pub checked_second: usize,
    /// Positions proven and checked but not kept (their class was full).
    pub spare: usize,
}

/// Why a suite could not be made.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum MakeError {
    /// The game spec is wrong.
    #[error("{0}")]
    Spec(#[from] SpecError),
    /// The solver or the second solver cannot be used.
    #[error("{0}")]
    Solve(#[from] SolveError),
    /// The settings cannot work.
    #[error("bad settings: {0}")]
    Settings(String),
}

/// A candidate after solving and checking.
enum Outcome {
    Skip(Skip),
    Kept(Box<SuitePosition>, bool),
}

enum Skip {
    Over,
    Unsolved,
    Trivial,
    Unchecked,
    Disagrees(String),
}

/// Makes a suite: the positions (in candidate order, ids numbered) and a
/// report. Runs candidates in parallel on rayon's pool; the result does not
/// depend on the number of threads.
pub fn make_suite(settings: &MakeSettings) -> Result<(Vec<SuitePosition>, MakeReport), MakeError> {
    let start = abstracta::open(&settings.spec)?;
    let spec = start.spec();
    if settings.plies.0 > settings.plies.1 {
        return Err(MakeError::Settings(format!(
            "the fewest plies {} exceed the most {}",
            settings.plies.0, settings.plies.1
        )));
    }
    if settings.count == 0 || settings.count > crate::suite::MAX_POSITIONS {
        return Err(MakeError::Settings(format!(
            "expected 1 to {} positions, not {}",
            crate::suite::MAX_POSITIONS,
            settings.count
        )));
    }
    let walk: Option<EngineSpec> = match &settings.walk {
        Some(text) => Some(
            text.parse()
                .map_err(|e| MakeError::Settings(format!("bad walk engine {text:?}: {e}")))?,
        ),
        None => None,
    };
    if let Some(engine) = &walk {
        start
            .searcher(engine, 0)
            .map_err(|e| MakeError::Settings(format!("the walk engine cannot play {spec}: {e}")))?;
    }
    let quota = settings.count.div_ceil(3);
    let mut kept: Vec<SuitePosition> = Vec::new();
    let mut spare: Vec<SuitePosition> = Vec::new();
    let mut per_class = [0usize; 3];
    let mut seen = HashSet::new();
    let mut report = MakeReport::default();
    let batch = 32;
    let mut next = 0usize;
    while next < settings.max_candidates && per_class.iter().any(|&n| n < quota) {
        let end = (next + batch).min(settings.max_candidates);
        let games: Vec<Option<Box<dyn AnyGame>>> = (next..end)
            .into_par_iter()
            .map(|i| candidate(&*start, settings, walk.as_ref(), i))
            .collect();
        report.candidates += end - next;
        // Repeats are dropped before solving, in candidate order.
        let fresh: Vec<Box<dyn AnyGame>> = games
            .into_iter()
            .filter_map(|g| match g {
                Some(g) if seen.insert((g.hash(), g.plies_played())) => Some(g),
                _ => {
                    report.duplicates_or_over += 1;
                    None
                }
            })
            .collect();
        let outcomes: Vec<Result<Outcome, MakeError>> = fresh
            .par_iter()
            .map(|g| solve_and_check(&spec, &**g, settings))
            .collect();
        for outcome in outcomes {
            match outcome? {
                Outcome::Skip(Skip::Over) => report.duplicates_or_over += 1,
                Outcome::Skip(Skip::Unsolved) => report.unsolved += 1,
                Outcome::Skip(Skip::Trivial) => report.trivial += 1,
                Outcome::Skip(Skip::Unchecked) => report.unchecked += 1,
                Outcome::Skip(Skip::Disagrees(what)) => report.disagreements.push(what),
                Outcome::Kept(position, exact) => {
                    let class = position.difficulty as usize;
                    if per_class[class] < quota {
                        per_class[class] += 1;
                        if exact {
                            report.checked_exact += 1;
                        } else {
                            report.checked_second += 1;
                        }
                        kept.push(*position);
                    } else {
                        spare.push(*position);
                    }
                }
            }
        }
        next = end;
    }
    // Classes the candidates could not fill are made up from the spares,
    // in candidate order.
    let mut spare = spare.into_iter();
    while kept.len() < settings.count {
        let Some(p) = spare.next() else { break };
        if p.check == "exact" {
            report.checked_exact += 1;
        } else {
            report.checked_second += 1;
        }
        kept.push(p);
    }
    report.spare = spare.count();
    kept.truncate(settings.count);
    kept.sort_by_key(|p| p.difficulty);
    let stem = spec.replace([':', '=', ','], "-");
    for (i, p) in kept.iter_mut().enumerate() {
        p.id = format!("{stem}-{:04}", i + 1);
    }
    Ok((kept, report))
}

/// The candidate position `index`: a seeded number of plies from the
/// start, uniformly random ones (or, with a walk engine, the engine's
/// after the first half); `None` if the game ends first.
fn candidate(
    start: &dyn AnyGame,
    settings: &MakeSettings,
    walk: Option<&EngineSpec>,
    index: usize,
) -> Option<Box<dyn AnyGame>> {
    let mut rng = seeded_rng(mix_seed(settings.seed, index as u64));
    let length = rng.gen_range(settings.plies.0..=settings.plies.1);
    let mut walker = match walk {
        Some(engine) => Some(
            start
                .searcher(engine, mix_seed(settings.seed ^ WALK_SEED, index as u64))
                .ok()?,
        ),
        None => None,
    };
    let mut game = start.clone_box();
    for n in 0..length {
        let plies = game.legal_plies();
        if plies.is_empty() {
            return None;
        }
        let ply = match walker.as_mut() {
            Some(engine) if n >= length / 2 => engine.search(&*game).ok()?.best?,
            _ => plies[rng.gen_range(0..plies.len())].clone(),
        };
        game.play(&ply).ok()?;
    }
    game.status().is_ongoing().then_some(game)
}

fn solve_and_check(spec: &str, game: &dyn AnyGame, settings: &MakeSettings) -> Result<Outcome, MakeError> {
    let moves = game.history();
    let solution = match solve(spec, &moves.join(" "), &settings.solver) {
        Ok(s) => s,
        Err(SolveError::GameOver(_)) => return Ok(Outcome::Skip(Skip::Over)),
        Err(e) => return Err(e.into()),
    };
    let (Some(proof), true) = (solution.value, solution.complete()) else {
        return Ok(Outcome::Skip(Skip::Unsolved));
    };
    let value = Value::from(proof);
    let keeping = sorted(keeping_plies(&solution, proof));
    if value == Value::Loss || keeping.len() == solution.plies.len() {
        return Ok(Outcome::Skip(Skip::Trivial));
    }
    let what = format!("{spec} after \"{}\"", moves.join(" "));
    let (check, exact) = match exact_check(spec, &moves, settings.oracle_limit)? {
        Some(truth) => (truth, true),
        None => match &settings.second {
            Some(second) => match second_check(spec, game, second)? {
                Some(truth) => (truth, false),
                None => return Ok(Outcome::Skip(Skip::Unchecked)),
            },
            None => return Ok(Outcome::Skip(Skip::Unchecked)),
        },
    };
    if check != (value, keeping.clone()) {
        return Ok(Outcome::Skip(Skip::Disagrees(format!(
            "{what}: the solver says {value} by {keeping:?}, the check {} by {:?}",
            check.0, check.1
        ))));
    }
    let nodes = solution.work;
    let (winning, drawing) = match value {
        Value::Win => (keeping, Vec::new()),
        _ => (Vec::new(), keeping),
    };
    Ok(Outcome::Kept(
        Box::new(SuitePosition {
            id: String::new(),
            spec: spec.to_owned(),
            moves,
            value,
            winning,
            drawing,
            legal: solution.plies.len() as u32,
            solver: solution.engine.clone(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            nodes,
            difficulty: Difficulty::of_nodes(nodes),
            check: if exact {
                "exact".to_owned()
            } else {
                settings.second.clone().unwrap_or_default()
            },
        }),
        exact,
    ))
}

fn keeping_plies(solution: &Solution, value: Proof) -> Vec<String> {
    solution
        .plies
        .iter()
        .filter(|p| p.proof == Some(value))
        .map(|p| p.ply.clone())
        .collect()
}

fn sorted(mut plies: Vec<String>) -> Vec<String> {
    plies.sort();
    plies
}

/// The value and the sorted value-keeping plies by exhaustive minimax, or
/// `None` when the position is too large for `limit`.
pub fn exact_check(
    spec: &str,
    moves: &[String],
    limit: usize,
) -> Result<Option<(Value, Vec<String>)>, MakeError> {
    struct Exact<'a> {
        moves: &'a [String],
        limit: usize,
    }
    impl GameVisitor for Exact<'_> {
        type Output = Result<Option<(Value, Vec<String>)>, String>;
        fn visit<G: RegisteredGame>(self, options: G::Options) -> Self::Output {
            let mut game = G::new(options);
            for ply in self.moves {
                game.play_str(ply).map_err(|e| format!("ply {ply:?}: {e}"))?;
            }
            let Ok(value) = exact_value(&game, self.limit) else {
                return Ok(None);
            };
            let Ok(keeping) = winning_plies(&game, self.limit) else {
                return Ok(None);
            };
            Ok(Some((
                Value::from(value),
                sorted(keeping.iter().map(ToString::to_string).collect()),
            )))
        }
    }
    with_game(spec, Exact { moves, limit })?.map_err(MakeError::Settings)
}

/// The value and the sorted value-keeping plies by a second solver that
/// proves the successor of every legal ply, or `None` when it leaves one
/// unproven.
pub fn second_check(
    spec: &str,
    game: &dyn AnyGame,
    engine: &str,
) -> Result<Option<(Value, Vec<String>)>, MakeError> {
    let Some((seat, _)) = game.to_move() else {
        return Ok(None);
    };
    let mut values = Vec::new();
    for ply in game.legal_plies() {
        let mut after = game.clone_box();
        after.play(&ply).map_err(|e| MakeError::Settings(e.to_string()))?;
        let value = match after.status() {
            Status::Ongoing => {
                let solution = solve(spec, &after.history().join(" "), engine)?;
                let Some(proof) = solution.value else {
                    return Ok(None);
                };
                let mover = solution.to_move.0;
                let value = Value::from(proof);
                if mover == seat {
                    value
                } else {
                    flip(value)
                }
            }
            finished => match finished.reward(seat) {
                Some(r) if r > 0.75 => Value::Win,
                Some(r) if r < 0.25 => Value::Loss,
                _ => Value::Draw,
            },
        };
        values.push((ply, value));
    }
    let best = if values.iter().any(|(_, v)| *v == Value::Win) {
        Value::Win
    } else if values.iter().any(|(_, v)| *v == Value::Draw) {
        Value::Draw
    } else {
        Value::Loss
    };
    let keeping = values
        .into_iter()
        .filter(|(_, v)| *v == best)
        .map(|(p, _)| p)
        .collect();
    Ok(Some((best, sorted(keeping))))
}

fn flip(value: Value) -> Value {
    match value {
        Value::Win => Value::Loss,
        Value::Loss => Value::Win,
        Value::Draw => Value::Draw,
    }
}

/// Re-checks a suite position: replays it and confirms the value and the
/// value-keeping plies by exhaustive minimax (within `limit` positions).
/// `Ok(None)` when the position is too large to check that way.
pub fn verify_exact(position: &SuitePosition, limit: usize) -> Result<Option<bool>, MakeError> {
    let truth = exact_check(&position.spec, &position.moves, limit)?;
    Ok(truth
        .map(|(value, keeping)| value == position.value && keeping == sorted(position.keeping().to_vec())))
}
