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

use abstracta::mcts::{MctsOptions, SearchResult};
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

/// Why an engine spec cannot be used for a search: analysis searches with
/// MCTS only.
#[derive(Debug, Error)]
pub enum SearchEngineError {
    /// The engine spec does not parse.
    #[error("{0}")]
    Engine(Box<EngineError>),
    /// The engine is not an MCTS engine.
    #[error("bad engine {0:?}: the analysis engine searches with mcts[:OPTIONS] only")]
    NotMcts(String),
}

/// The MCTS options of `engine` (an `mcts` engine spec), or an error
/// saying that only MCTS engines analyse.
///
/// ```
/// use protocol::engine::mcts_options;
/// assert_eq!(mcts_options("mcts:iters=200").unwrap().iterations, Some(200));
/// assert!(mcts_options("random").unwrap_err().to_string().contains("mcts[:OPTIONS] only"));
/// ```
pub fn mcts_options(engine: &str) -> Result<MctsOptions, SearchEngineError> {
    match engine.parse::<EngineSpec>() {
        Ok(EngineSpec::Mcts(options)) => Ok(options),
        Ok(other) => Err(SearchEngineError::NotMcts(other.to_string())),
        Err(e) => Err(SearchEngineError::Engine(Box::new(e))),
    }
}

/// Searches `game` with `options` through the library's run-time search
/// ([`AnyGame::searcher`]), from a fresh tree.
pub fn run_search(game: &dyn AnyGame, options: MctsOptions) -> Result<SearchResult<String>, EngineError> {
    game.searcher(&EngineSpec::Mcts(options), 0)?.search(game)
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
