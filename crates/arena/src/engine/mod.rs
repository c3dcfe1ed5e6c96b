//! Engines: who chooses the plies.
//!
//! An engine spec names one: `random`, `mcts[:OPTIONS]` (the options of the
//! `mcts` crate, e.g. `mcts:time=500ms,threads=2`) or `cmd:PROGRAM ARGS`, an
//! external program speaking the [engine protocol](crate::protocol). The
//! specs, the players and their errors are the library's
//! ([`abstracta::player`]); arena adds the external engine client
//! ([`cmd::CmdPlayer`]) and [`build`], which makes any of the three for a
//! game chosen at run time.

use std::time::Duration;

use abstracta::AnyGame;

pub mod cmd;

pub use abstracta::player::{
    split_words, Analysis, AnyPlayer, ChildLine, Choice, EngineError, EngineSpec, EngineSpecError,
    OptionError, SplitWordsError, DEFAULT_ENGINE, ENGINE_FORMS,
};
pub use cmd::CmdPlayer;

/// How engines are built for one game.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Seed for the engine's randomness.
    pub seed: u64,
    /// How long an external engine may take to answer one command.
    pub timeout: Duration,
}

impl Default for BuildOptions {
    /// Seed 0 and a 60 s answer timeout.
    fn default() -> BuildOptions {
        BuildOptions {
            seed: 0,
            timeout: Duration::from_secs(60),
        }
    }
}

/// The engine `spec` for `game`'s type: the library's players for
/// `random` and `mcts:`, an external process for `cmd:` (started at once,
/// told the game spec with `newgame` before its first answer).
pub fn build(
    spec: &EngineSpec,
    game: &dyn AnyGame,
    options: &BuildOptions,
) -> Result<Box<dyn AnyPlayer>, EngineError> {
    match spec {
        EngineSpec::Cmd { program, args } => Ok(Box::new(CmdPlayer::spawn(program, args, options.timeout)?)),
        _ => game.player(spec, options.seed),
    }
}
