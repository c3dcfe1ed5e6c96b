//! Running engines on a suite (`arena suite run`): for each engine and
//! budget, the share of positions whose chosen ply keeps the proven value,
//! with a 95% interval, overall and per difficulty class.
//!
//! With an output folder the run journals every answer to `results.jsonl`
//! as it comes (one JSON object per line) and resumes from it: a rerun
//! with the same suite, engines and budgets plays only what is missing.
//! `run.json` holds the settings it checks, `summary.json` (replaced
//! atomically) the accuracies.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use abstracta::player::EngineSpec;
use abstracta::search::Budget;
use abstracta::{mix_seed, AnyGame};
use protocol::engine::{build, AnySearch, BuildOptions};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;
use tournament::files::{open_for_append, read_input_if_exists, write_atomically, FileError, InputKind};

use crate::interval::wilson;
use crate::suite::{suite_fingerprint, Difficulty, SuitePosition};

/// Positions one engine instance answers before the next is built (it is
/// reset between positions).
const CHUNK: usize = 16;

/// The journal of a run (`results.jsonl`).
pub const RESULTS_FILE: InputKind = InputKind {
    what: "one JSON suite answer per line",
    limit: 256 * 1024 * 1024,
};

/// The settings of a run (`run.json`).
pub const RUN_FILE: InputKind = InputKind {
    what: "the settings of a suite run",
    limit: 1024 * 1024,
};

/// A search budget of a run: iterations (nodes for the solvers and
/// alpha-beta) or time per position.
///
/// ```
/// use bench::run::parse_budget;
/// assert_eq!(parse_budget("1000").unwrap().iterations, Some(1000));
/// assert_eq!(parse_budget("iters=50").unwrap().iterations, Some(50));
/// assert!(parse_budget("0.5s").unwrap().time.is_some());
/// assert!(parse_budget("lots").is_err());
/// ```
pub fn parse_budget(text: &str) -> Result<Budget, RunError> {
    let t = text.trim();
    let bad = || RunError::Budget(text.to_owned());
    let t = t.strip_prefix("iters=").unwrap_or(t);
    if let Some(seconds) = t.strip_prefix("time=").unwrap_or(t).strip_suffix('s') {
        let s: f64 = seconds.parse().map_err(|_| bad())?;
        if !(s > 0.0 && s <= 86_400.0) {
            return Err(bad());
        }
        return Ok(Budget {
            iterations: None,
            time: Some(Duration::from_secs_f64(s)),
        });
    }
    let n: u64 = t.replace('_', "").parse().map_err(|_| bad())?;
    if n == 0 {
        return Err(bad());
    }
    Ok(Budget {
        iterations: Some(n),
        time: None,
    })
}

/// A budget as the runs name it: `1000` (iterations) or `0.5s`.
pub fn budget_name(budget: &Budget) -> String {
    match (budget.iterations, budget.time) {
        (Some(n), _) => n.to_string(),
        (None, Some(t)) => format!("{}s", t.as_secs_f64()),
        (None, None) => "default".to_owned(),
    }
}

/// What to run.
#[derive(Clone, Debug)]
pub struct RunSettings {
    /// The positions.
    pub suite: Vec<SuitePosition>,
    /// The suite's file, for the record.
    pub suite_file: String,
    /// The engines: name and engine spec (any family, `cmd:` too).
    pub engines: Vec<(String, String)>,
    /// The budgets each engine runs at.
    pub budgets: Vec<Budget>,
    /// The folder to journal into and resume from.
    pub out: Option<PathBuf>,
    /// Positions answered at once (default: the cores).
    pub concurrency: Option<usize>,
    /// The base seed of the engines.
    pub seed: u64,
    /// How long an external engine may take for one answer.
    pub timeout: Duration,
}

/// One answer: an engine at a budget on a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// The engine's name.
    pub engine: String,
    /// The budget's name.
    pub budget: String,
    /// The position's id.
    pub id: String,
    /// The ply chosen (canonical), or the engine's error.
    pub ply: String,
    /// Whether it keeps the proven value.
    pub keeps: bool,
}

/// The accuracy of one engine at one budget on a set of positions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Accuracy {
    /// The engine's name.
    pub engine: String,
    /// The budget's name.
    pub budget: String,
    /// The difficulty class, or `None` for every position.
    pub class: Option<Difficulty>,
    /// Positions answered.
    pub positions: u64,
    /// Answers that keep the proven value.
    pub kept: u64,
    /// `kept / positions`.
    pub share: f64,
    /// The 95% interval's lower end (Wilson).
    pub low: f64,
    /// The 95% interval's upper end.
    pub high: f64,
    /// What a uniformly random mover scores on these positions on average.
    pub random_share: f64,
}

/// A run's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunSummary {
    /// The suite's file.
    pub suite: String,
    /// Its fingerprint.
    pub fingerprint: String,
    /// The engines and their specs.
    pub engines: Vec<(String, String)>,
    /// Every engine x budget x (all, easy, medium, hard) present.
    pub rows: Vec<Accuracy>,
}

/// What a run records in `run.json` and checks on resume.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct RunRecord {
    suite: String,
    fingerprint: String,
    engines: Vec<(String, String)>,
    budgets: Vec<String>,
    seed: u64,
}

/// Why a run could not be done.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum RunError {
    /// A budget does not read.
    #[error("bad budget {0:?}: expected iterations (1000, iters=1000) or seconds (0.5s)")]
    Budget(String),
    /// An engine spec does not read.
    #[error("engine {name}: {message}")]
    Engine {
        /// The engine's name.
        name: String,
        /// What is wrong.
        message: String,
    },
    /// A position cannot be replayed.
    #[error("position {id}: {message}")]
    Position {
        /// The position's id.
        id: String,
        /// What is wrong.
        message: String,
    },
    /// The output folder holds a run of other settings.
    #[error("{folder} holds a run of other settings ({what} differ); use another folder")]
    OtherRun {
        /// The folder.
        folder: String,
        /// What differs.
        what: String,
    },
    /// A file of the folder cannot be read or written.
    #[error(transparent)]
    File(#[from] FileError),
    /// A journal line is not an answer.
    #[error("{file}:{line}: expected a suite answer: {message}")]
    Journal {
        /// The file.
        file: String,
        /// The line.
        line: usize,
        /// The parser's message.
        message: String,
    },
    /// The settings ask for nothing.
    #[error("bad settings: {0}")]
    Settings(String),
}

/// Builds the engine number `engine` (an index into the settings'
/// engines) for a game with a seed.
pub type EngineFactory<'a> =
    dyn Fn(usize, &dyn AnyGame, u64) -> Result<Box<dyn AnySearch>, protocol::engine::EngineError> + Sync + 'a;

/// Runs the suite: every engine at every budget on every position (those
/// already journaled in `out` are read back, not replayed). `progress` is
/// told each answer as it comes.
pub fn run_suite(
    settings: &RunSettings,
    progress: &(dyn Fn(&Answer) + Sync),
) -> Result<RunSummary, RunError> {
    let mut specs = Vec::new();
    for (name, spec) in &settings.engines {
        let parsed: EngineSpec =
            spec.parse()
                .map_err(|e: abstracta::player::EngineError| RunError::Engine {
                    name: name.clone(),
                    message: e.to_string(),
                })?;
        specs.push(parsed);
    }
    let timeout = settings.timeout;
    let factory = move |engine: usize, game: &dyn AnyGame, seed: u64| {
        let options = BuildOptions {
            seed,
            timeout,
            ..BuildOptions::default()
        };
        build(&specs[engine], game, &options)
    };
    run_suite_with(settings, &factory, progress)
}

/// [`run_suite`] with engines of the caller's making (an engine that is no
/// spec, such as a test's oracle); the settings' specs are only recorded.
pub fn run_suite_with(
    settings: &RunSettings,
    factory: &EngineFactory<'_>,
    progress: &(dyn Fn(&Answer) + Sync),
) -> Result<RunSummary, RunError> {
    if settings.engines.is_empty() || settings.budgets.is_empty() {
        return Err(RunError::Settings(
            "expected at least one engine and one budget".into(),
        ));
    }
    let mut names = HashSet::new();
    for (name, _) in &settings.engines {
        if !names.insert(name.clone()) {
            return Err(RunError::Settings(format!(
                "the engine name {name:?} is used twice"
            )));
        }
    }
    let games = replay(&settings.suite)?;
    let fingerprint = suite_fingerprint(&settings.suite);
    let budget_names: Vec<String> = settings.budgets.iter().map(budget_name).collect();
    let record = RunRecord {
        suite: settings.suite_file.clone(),
        fingerprint: fingerprint.clone(),
        engines: settings.engines.clone(),
        budgets: budget_names.clone(),
        seed: settings.seed,
    };
    let mut answers = match &settings.out {
        Some(dir) => open_folder(dir, &record)?,
        None => Vec::new(),
    };
    let done: HashSet<(String, String, String)> = answers
        .iter()
        .map(|a| (a.engine.clone(), a.budget.clone(), a.id.clone()))
        .collect();
    // Work in chunks of positions per engine and budget, in a fixed order.
    let mut chunks = Vec::new();
    for (e, (name, _)) in settings.engines.iter().enumerate() {
        for (b, budget_text) in budget_names.iter().enumerate() {
            let todo: Vec<usize> = (0..settings.suite.len())
                .filter(|&i| {
                    !done.contains(&(name.clone(), budget_text.clone(), settings.suite[i].id.clone()))
                })
                .collect();
            for (c, part) in todo.chunks(CHUNK).enumerate() {
                chunks.push((e, b, c, part.to_vec()));
            }
        }
    }
    let journal = match &settings.out {
        Some(dir) => Some(Mutex::new(open_for_append(&dir.join("results.jsonl"))?)),
        None => None,
    };
    let fresh = Mutex::new(Vec::new());
    let threads = settings
        .concurrency
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| RunError::Settings(format!("cannot start {threads} threads: {e}")))?;
    let failure: Mutex<Option<RunError>> = Mutex::new(None);
    pool.install(|| {
        chunks.par_iter().for_each(|(e, b, c, part)| {
            if failure.lock().expect("not poisoned").is_some() {
                return;
            }
            let (name, _) = &settings.engines[*e];
            let seed = mix_seed(
                settings.seed,
                ((*e as u64) << 40) ^ ((*b as u64) << 20) ^ *c as u64,
            );
            let make = |game: &dyn AnyGame| factory(*e, game, seed);
            let result = answer_chunk(
                &make,
                name,
                &settings.budgets[*b],
                &budget_names[*b],
                part,
                &settings.suite,
                &games,
            );
            match result {
                Ok(list) => {
                    for answer in list {
                        if let Some(journal) = &journal {
                            let line = serde_json::to_string(&answer).expect("an answer serializes") + "\n";
                            let mut file = journal.lock().expect("not poisoned");
                            if let Err(e) = file.write_all(line.as_bytes()).and_then(|()| file.flush()) {
                                *failure.lock().expect("not poisoned") =
                                    Some(RunError::Settings(format!("cannot append to the journal: {e}")));
                                return;
                            }
                        }
                        progress(&answer);
                        fresh.lock().expect("not poisoned").push(answer);
                    }
                }
                Err(e) => *failure.lock().expect("not poisoned") = Some(e),
            }
        });
    });
    if let Some(e) = failure.into_inner().expect("not poisoned") {
        return Err(e);
    }
    answers.extend(fresh.into_inner().expect("not poisoned"));
    let summary = summarize(settings, &fingerprint, &budget_names, &answers);
    if let Some(dir) = &settings.out {
        let text = serde_json::to_string_pretty(&summary).expect("a summary serializes") + "\n";
        write_atomically(&dir.join("summary.json"), &text)?;
    }
    Ok(summary)
}

fn replay(suite: &[SuitePosition]) -> Result<Vec<Box<dyn AnyGame>>, RunError> {
    suite
        .iter()
        .map(|p| {
            let bad = |message: String| RunError::Position {
                id: p.id.clone(),
                message,
            };
            let mut game = abstracta::open(&p.spec).map_err(|e| bad(e.to_string()))?;
            for ply in &p.moves {
                game.play(ply).map_err(|e| bad(e.to_string()))?;
            }
            if !game.status().is_ongoing() {
                return Err(bad("the game is over after its moves".into()));
            }
            Ok(game)
        })
        .collect()
}

/// Builds a chunk's engine for a game.
type ChunkEngine<'a> = dyn Fn(&dyn AnyGame) -> Result<Box<dyn AnySearch>, protocol::engine::EngineError> + 'a;

fn answer_chunk(
    make: &ChunkEngine<'_>,
    name: &str,
    budget: &Budget,
    budget_text: &str,
    part: &[usize],
    suite: &[SuitePosition],
    games: &[Box<dyn AnyGame>],
) -> Result<Vec<Answer>, RunError> {
    let engine_error = |e: &dyn std::fmt::Display| RunError::Engine {
        name: name.to_owned(),
        message: e.to_string(),
    };
    let mut engine: Option<Box<dyn AnySearch>> = None;
    let mut answers = Vec::with_capacity(part.len());
    for &i in part {
        let game = &*games[i];
        let searcher = match &mut engine {
            Some(e) => {
                e.reset();
                e
            }
            None => {
                let mut e = make(game).map_err(|e| engine_error(&e))?;
                e.set_budget(*budget).map_err(|e| engine_error(&e))?;
                engine.insert(e)
            }
        };
        let ply = match searcher.genmove(game) {
            Ok(choice) => {
                let mut after = game.clone_box();
                after.play(&choice.ply).unwrap_or(choice.ply)
            }
            Err(e) if e.is_runtime() => format!("error: {e}"),
            Err(e) => return Err(engine_error(&e)),
        };
        answers.push(Answer {
            engine: name.to_owned(),
            budget: budget_text.to_owned(),
            id: suite[i].id.clone(),
            keeps: suite[i].keeps(&ply),
            ply,
        });
    }
    Ok(answers)
}

fn open_folder(dir: &Path, record: &RunRecord) -> Result<Vec<Answer>, RunError> {
    std::fs::create_dir_all(dir).map_err(|e| {
        RunError::File(FileError::Io {
            doing: "creating",
            path: dir.display().to_string(),
            source: e,
        })
    })?;
    let run_path = dir.join("run.json");
    let folder = dir.display().to_string();
    match read_input_if_exists(&run_path, &RUN_FILE)? {
        Some(bytes) => {
            let old: RunRecord = serde_json::from_slice(&bytes).map_err(|_| RunError::OtherRun {
                folder: folder.clone(),
                what: "run.json does not read as a suite run's settings; the settings".into(),
            })?;
            let what = if old.fingerprint != record.fingerprint {
                Some("the suites")
            } else if old.engines != record.engines {
                Some("the engines")
            } else if old.budgets != record.budgets {
                Some("the budgets")
            } else if old.seed != record.seed {
                Some("the seeds")
            } else {
                None
            };
            if let Some(what) = what {
                return Err(RunError::OtherRun {
                    folder,
                    what: what.into(),
                });
            }
        }
        None => {
            let text = serde_json::to_string_pretty(record).expect("settings serialize") + "\n";
            write_atomically(&run_path, &text)?;
        }
    }
    let path = dir.join("results.jsonl");
    let Some(bytes) = read_input_if_exists(&path, &RESULTS_FILE)? else {
        return Ok(Vec::new());
    };
    let text = String::from_utf8_lossy(&bytes);
    let lines: Vec<&str> = text.lines().collect();
    let mut answers = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Answer>(line) {
            Ok(a) => answers.push(a),
            // A line cut short by a stop is the last one; it is played again.
            Err(_) if n + 1 == lines.len() && !text.ends_with('\n') => {}
            Err(e) => {
                return Err(RunError::Journal {
                    file: path.display().to_string(),
                    line: n + 1,
                    message: e.to_string(),
                })
            }
        }
    }
    if !text.is_empty() && !text.ends_with('\n') {
        // Drop the torn tail so appended lines start on a line of their own.
        let keep: String = answers
            .iter()
            .map(|a| serde_json::to_string(a).expect("an answer serializes") + "\n")
            .collect();
        write_atomically(&path, &keep)?;
    }
    Ok(answers)
}

/// The accuracies of the answers, engine by engine and budget by budget
/// (settings order), overall and per class present.
fn summarize(
    settings: &RunSettings,
    fingerprint: &str,
    budgets: &[String],
    answers: &[Answer],
) -> RunSummary {
    let by_id: BTreeMap<&str, &SuitePosition> = settings.suite.iter().map(|p| (p.id.as_str(), p)).collect();
    let mut rows = Vec::new();
    for (name, _) in &settings.engines {
        for budget in budgets {
            let mine: Vec<(&Answer, &SuitePosition)> = answers
                .iter()
                .filter(|a| &a.engine == name && &a.budget == budget)
                .filter_map(|a| by_id.get(a.id.as_str()).map(|p| (a, *p)))
                .collect();
            let classes = std::iter::once(None).chain(Difficulty::ALL.into_iter().map(Some));
            for class in classes {
                let set: Vec<&(&Answer, &SuitePosition)> = mine
                    .iter()
                    .filter(|(_, p)| class.map_or(true, |c| p.difficulty == c))
                    .collect();
                if set.is_empty() {
                    continue;
                }
                let n = set.len() as u64;
                let kept = set.iter().filter(|(a, _)| a.keeps).count() as u64;
                let (low, high) = wilson(kept, n);
                rows.push(Accuracy {
                    engine: name.clone(),
                    budget: budget.clone(),
                    class,
                    positions: n,
                    kept,
                    share: kept as f64 / n as f64,
                    low,
                    high,
                    random_share: set.iter().map(|(_, p)| p.random_share()).sum::<f64>() / n as f64,
                });
            }
        }
    }
    RunSummary {
        suite: settings.suite_file.clone(),
        fingerprint: fingerprint.to_owned(),
        engines: settings.engines.clone(),
        rows,
    }
}

/// The summary as a table: one row per engine and budget, a column per
/// class (percent kept, the 95% interval, the positions).
pub fn format_summary(summary: &RunSummary) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "suite {} ({})", summary.suite, summary.fingerprint);
    let _ = writeln!(
        out,
        "{:<16} {:>8}  {:<22} {:<22} {:<22} {:<22}",
        "engine", "budget", "all", "easy", "medium", "hard"
    );
    let mut keys: Vec<(String, String)> = Vec::new();
    for r in &summary.rows {
        let key = (r.engine.clone(), r.budget.clone());
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    for (engine, budget) in keys {
        let cell = |class: Option<Difficulty>| {
            summary
                .rows
                .iter()
                .find(|r| r.engine == engine && r.budget == budget && r.class == class)
                .map_or_else(
                    || "-".to_owned(),
                    |r| {
                        format!(
                            "{:5.1}% [{:4.1},{:5.1}] {}",
                            100.0 * r.share,
                            100.0 * r.low,
                            100.0 * r.high,
                            r.positions
                        )
                    },
                )
        };
        let _ = writeln!(
            out,
            "{:<16} {:>8}  {:<22} {:<22} {:<22} {:<22}",
            engine,
            budget,
            cell(None),
            cell(Some(Difficulty::Easy)),
            cell(Some(Difficulty::Medium)),
            cell(Some(Difficulty::Hard))
        );
    }
    if let Some(r) = summary.rows.iter().find(|r| r.class.is_none()) {
        let _ = writeln!(
            out,
            "a uniformly random mover keeps the value in {:.1}% on average",
            100.0 * r.random_share
        );
    }
    out
}
