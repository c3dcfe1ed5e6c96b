//! Engines: who chooses the plies.
//!
//! An engine spec names one: `random`, `mcts[:OPTIONS]` (the options of the
//! `mcts` crate, e.g. `mcts:time=500ms,threads=2`) or `cmd:PROGRAM ARGS`, an
//! external program speaking the [engine protocol](crate::protocol).
//! [`EngineSpec::build`] turns a spec into a [`Player`] for one game type.
//!
//! The modules: [`spec`] (reading, writing and building specs), [`players`]
//! (the [`Player`] trait and the built-in engines), [`cmd`] (the external
//! engine client) and the errors.

pub mod cmd;
mod error;
pub mod players;
pub mod spec;

pub use cmd::CmdPlayer;
pub use error::{EngineError, EngineSpecError, OptionError, SplitWordsError};
pub use players::{Analysis, ChildLine, Choice, MctsPlayer, Player, RandomPlayer};
pub use spec::{split_words, BuildOptions, EngineSpec};

/// What engine specs look like, for error messages.
pub const ENGINE_FORMS: &str =
    "random, mcts[:OPTIONS] (e.g. mcts:iters=2000,threads=2) or cmd:PROGRAM [ARGS]";

/// The engine used when none is named (`arena engine`, `arena analyze`,
/// hints in `arena play`).
pub const DEFAULT_ENGINE: &str = "mcts:time=1s";
