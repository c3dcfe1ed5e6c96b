//! Engines: who chooses the plies.
//!
//! An engine spec names one: `random`, `mcts[:OPTIONS]` (the options of the
//! `mcts` crate, e.g. `mcts:time=500ms,threads=2`) or `cmd:PROGRAM ARGS`, an
//! external program speaking the [engine protocol](crate). The
//! specs, the search families and their errors are the library's
//! ([`abstracta::player`], [`abstracta::families`]); this crate adds the
//! external engine client ([`cmd::CmdPlayer`], an [`AnySearch`] like the
//! library's searches) and [`build`], which makes any of them for a game
//! chosen at run time.

use std::time::Duration;

use abstracta::search::{Budget, SearchResult};
use abstracta::AnyGame;
pub use abstracta::AnySearch;
use thiserror::Error;

pub mod cmd;
pub mod watchdog;

pub use abstracta::player::{
    split_words, Analysis, ChildLine, Choice, EngineError, EngineSpec, EngineSpecError, OptionError,
    SplitWordsError, DEFAULT_ENGINE, ENGINE_FORMS,
};
pub use cmd::CmdPlayer;

/// How engines are built for one game.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Seed for the engine's randomness.
    pub seed: u64,
    /// How long an external engine may take to answer one command.
    pub timeout: Duration,
    /// Under a clock, how far an external engine's `genmove` may go beyond
    /// its clock before arena stops waiting (it has lost on time).
    pub time_margin: Duration,
}

impl Default for BuildOptions {
    /// Seed 0, a 60 s answer timeout and no time margin.
    fn default() -> BuildOptions {
        BuildOptions {
            seed: 0,
            timeout: Duration::from_secs(60),
            time_margin: Duration::ZERO,
        }
    }
}

/// The engine `spec` for `game`'s type: the library's search of its family
/// ([`AnyGame::searcher`]), or an external process for `cmd:` (started at
/// once, told the game spec with `newgame` before its first answer).
pub fn build(
    spec: &EngineSpec,
    game: &dyn AnyGame,
    options: &BuildOptions,
) -> Result<Box<dyn AnySearch>, EngineError> {
    match spec {
        EngineSpec::Cmd { program, args } => {
            let mut player = CmdPlayer::spawn(program, args, options.timeout)?;
            player.set_time_margin(options.time_margin);
            Ok(Box::new(player))
        }
        _ => game.searcher(spec, options.seed),
    }
}

/// Why an engine spec cannot be used for a search in process (the
/// analysis engine, `arena analyze --json`, `arena openings`).
#[derive(Debug, Error)]
pub enum SearchEngineError {
    /// The engine spec does not parse.
    #[error("{0}")]
    Engine(Box<EngineError>),
    /// The engine is an external program (`cmd:`), which these searches
    /// do not start.
    #[error(
        "bad engine {0:?}: the analysis engine searches in process with {forms} only, not with external (cmd:) programs",
        forms = in_process_forms()
    )]
    External(String),
    /// The engine's family refused one of the overrides (a budget, threads
    /// or seed) the request asked for.
    #[error("the {family} engine cannot take the {what} asked for: {source}")]
    Override {
        /// The engine's family.
        family: &'static str,
        /// What was asked (`iters`, `time`, `threads=4`, `seed=7`...).
        what: String,
        /// The family's refusal, naming the option and what it accepts.
        source: Box<EngineError>,
    },
}

impl SearchEngineError {
    /// Whether the search failed while running (exit code 1 in `arena`)
    /// rather than on a bad spec or override (exit code 2): see
    /// [`EngineError::is_runtime`].
    pub fn is_runtime(&self) -> bool {
        matches!(self, SearchEngineError::Engine(e) if e.is_runtime())
    }
}

/// The spec forms of every family that searches in process (all of
/// [`FAMILIES`](abstracta::families::FAMILIES) but `cmd`), joined with
/// commas: what [`SearchEngineError::External`] says is accepted.
pub fn in_process_forms() -> String {
    abstracta::families::FAMILIES
        .iter()
        .filter(|f| f.name != "cmd")
        .map(|f| f.form)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The engine spec `engine` if it names a family that searches in process
/// (any but `cmd:`), or an error saying what is accepted.
///
/// ```
/// use protocol::engine::search_spec;
/// assert_eq!(search_spec("mcts:iters=200").unwrap().family(), "mcts");
/// assert_eq!(search_spec("random").unwrap().family(), "random");
/// assert!(search_spec("cmd:./engine").unwrap_err().to_string().contains("mcts[:OPTIONS]"));
/// assert!(search_spec("chess").unwrap_err().to_string().contains("unknown engine kind"));
/// ```
pub fn search_spec(engine: &str) -> Result<EngineSpec, SearchEngineError> {
    match engine.parse::<EngineSpec>() {
        Ok(EngineSpec::Cmd { .. }) => Err(SearchEngineError::External(engine.trim().to_owned())),
        Ok(spec) => Ok(spec),
        Err(e) => Err(SearchEngineError::Engine(Box::new(e))),
    }
}

/// What a request changes in its engine spec's search: the budget
/// ([`Budget`]: with either part, the spec's budget is replaced), the
/// threads and the seed. `None` keeps the spec's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    /// Replaces the spec's budget when it sets anything.
    pub budget: Budget,
    /// The `threads` option.
    pub threads: Option<usize>,
    /// The `seed` option (replacing the spec's, not mixed into it).
    pub seed: Option<u64>,
}

/// The search `spec` names for `game`'s type (seed 0: the spec's own
/// randomness), with `overrides` applied through the family's options:
/// `threads` and `seed` ([`AnySearch::set_option`]), then the budget
/// ([`AnySearch::set_budget`]). A family that refuses one is
/// [`SearchEngineError::Override`], naming the family and the option
/// (`random` accepts a seed and ignores budgets and threads). `cmd:` is
/// [`SearchEngineError::External`].
///
/// ```
/// use protocol::engine::{searcher, search_spec, Overrides};
/// use abstracta::search::Budget;
/// let game = abstracta::open("tictactoe").unwrap();
/// let overrides = Overrides {
///     budget: Budget { iterations: Some(100), time: None },
///     threads: Some(1),
///     seed: Some(7),
/// };
/// let mut search = searcher(&*game, &search_spec("mcts:time=1m").unwrap(), &overrides).unwrap();
/// assert_eq!(search.describe(), "mcts:iters=100,seed=7");
/// assert_eq!(search.search(&*game).unwrap().iterations, 100);
/// let random = searcher(&*game, &search_spec("random").unwrap(), &overrides).unwrap();
/// assert_eq!(random.family(), "random");
/// ```
pub fn searcher(
    game: &dyn AnyGame,
    spec: &EngineSpec,
    overrides: &Overrides,
) -> Result<Box<dyn AnySearch>, SearchEngineError> {
    if let EngineSpec::Cmd { .. } = spec {
        return Err(SearchEngineError::External(spec.to_string()));
    }
    let mut search = game
        .searcher(spec, 0)
        .map_err(|e| SearchEngineError::Engine(Box::new(e)))?;
    let family = search.family();
    let refused = |what: String| {
        move |e: EngineError| SearchEngineError::Override {
            family,
            what,
            source: Box::new(e),
        }
    };
    if let Some(threads) = overrides.threads {
        search
            .set_option("threads", &threads.to_string())
            .map_err(refused(format!("threads={threads}")))?;
    }
    if let Some(seed) = overrides.seed {
        search
            .set_option("seed", &seed.to_string())
            .map_err(refused(format!("seed={seed}")))?;
    }
    // The budget last: for MCTS every other option is set through its
    // text form, which rounds a time to microseconds.
    if !overrides.budget.is_empty() {
        search
            .set_budget(overrides.budget)
            .map_err(refused(format!("budget {}", overrides.budget)))?;
    }
    Ok(search)
}

/// Searches `game` once with the search `spec` names and `overrides`
/// ([`searcher`]), from a fresh tree.
pub fn run_search(
    game: &dyn AnyGame,
    spec: &EngineSpec,
    overrides: &Overrides,
) -> Result<SearchResult<String>, SearchEngineError> {
    searcher(game, spec, overrides)?
        .search(game)
        .map_err(|e| SearchEngineError::Engine(Box::new(e)))
}

/// Bytes one MCTS tree node takes at most (16 of statistics, 16 of links,
/// 8 for the ply, 4 for the AMAF index, 1 for the proof, and with RAVE up
/// to 1 of child maps): the default cap of 8M nodes takes about 370 MB.
pub const BYTES_PER_NODE: u64 = 46;

/// The machine's memory in bytes (`MemTotal` of `/proc/meminfo`), if it
/// can be read.
pub fn machine_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// A warning when `copies` searches of `engine` at once may together need
/// more memory than `memory` bytes (the machine's, when known): the node
/// cap `nodes=` bounds each tree. `None` when it fits or is unknown.
pub fn memory_warning(engine: &EngineSpec, copies: usize, memory: Option<u64>) -> Option<String> {
    let EngineSpec::Mcts(options) = engine else {
        return None;
    };
    let memory = memory?;
    let one = (options.max_nodes as u64).saturating_mul(BYTES_PER_NODE);
    let all = one.saturating_mul(copies.max(1) as u64);
    let gb = |b: u64| b as f64 / 1e9;
    (all > memory).then(|| {
        let times = if copies > 1 {
            format!(" x {copies} at once = {:.1} GB", gb(all))
        } else {
            String::new()
        };
        format!(
            "warning: {engine} may use up to {:.1} GB for its tree (nodes={} x {BYTES_PER_NODE} bytes){times}, \
             more than this machine's {:.1} GB; lower nodes= to stay in memory",
            gb(one),
            options.max_nodes,
            gb(memory)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warns_when_the_node_cap_exceeds_the_memory() {
        let big: EngineSpec = "mcts:nodes=4000000000".parse().unwrap();
        let w = memory_warning(&big, 1, Some(8_000_000_000)).unwrap();
        assert!(w.contains("184.0 GB") && w.contains("8.0 GB"), "{w}");
        let default: EngineSpec = "mcts".parse().unwrap();
        assert_eq!(memory_warning(&default, 1, Some(8_000_000_000)), None);
        assert!(memory_warning(&default, 100, Some(8_000_000_000))
            .unwrap()
            .contains("x 100 at once"));
        assert_eq!(memory_warning(&big, 1, None), None, "unknown memory: no warning");
        assert_eq!(memory_warning(&EngineSpec::Random, 1, Some(1)), None);
        if std::path::Path::new("/proc/meminfo").exists() {
            assert!(machine_memory().is_some_and(|m| m > 1_000_000));
        }
    }
}
