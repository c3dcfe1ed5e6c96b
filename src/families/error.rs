//! The engines' errors.

use abstracta_core::error::Excerpt;
use abstracta_core::Status;
use thiserror::Error;

use super::ENGINE_FORMS;
pub use abstracta_core::search::OptionError;

/// An engine that could not be created or failed while playing.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The engine spec cannot be read.
    #[error("bad engine {:?}: {reason}; expected {ENGINE_FORMS}", Excerpt(.spec))]
    BadSpec {
        /// The spec given.
        spec: String,
        /// What is wrong with it.
        reason: EngineSpecError,
    },
    /// An engine option was refused.
    #[error("bad engine option {:?}: {source}", Excerpt(.key))]
    BadOption {
        /// The option's key.
        key: String,
        /// What is wrong and what is accepted.
        source: OptionError,
    },
    /// The game is over: there is nothing to choose.
    #[error("the game is over ({status}); there is no ply to choose")]
    GameOver {
        /// The final status.
        status: Status,
    },
    /// The engine plays another game than the one it was given (an
    /// [`AnySearch`](crate::AnySearch) made for one game type and asked
    /// about another).
    #[error("the engine plays {expected}, not {found}")]
    WrongGame {
        /// The game the engine plays.
        expected: &'static str,
        /// The game it was given.
        found: &'static str,
    },
    /// An external engine (`cmd:`) was asked of the library, which has no
    /// client for them: the `arena` crate has one.
    #[error("engine {spec:?} is an external program: the library does not run those (arena does)")]
    External {
        /// The engine spec.
        spec: String,
    },
    /// The evaluator of a `puct` engine cannot be made (its network file
    /// is missing or not a network, or the game has no action encoding).
    #[error("bad engine {:?}: {reason}", Excerpt(.spec))]
    Model {
        /// The engine spec.
        spec: String,
        /// What is wrong.
        reason: learn::ModelError,
    },
    /// An external engine could not be started.
    #[error("cannot start engine program {program:?}: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// An external engine exited or closed its output.
    #[error("engine {engine:?} crashed or closed its output while answering {command:?}")]
    Crashed {
        /// The engine.
        engine: String,
        /// The command it was answering.
        command: String,
    },
    /// An external engine did not answer in time.
    #[error("engine {engine:?} did not answer {command:?} within {seconds:.1}s")]
    Timeout {
        /// The engine.
        engine: String,
        /// The command.
        command: String,
        /// The time allowed.
        seconds: f64,
    },
    /// An external engine answered something that is not the protocol.
    #[error("engine {engine:?} answered {command:?} with {answer:?}: {reason}")]
    Protocol {
        /// The engine.
        engine: String,
        /// The command.
        command: String,
        /// The answer (shortened).
        answer: String,
        /// What was expected.
        reason: String,
    },
    /// An external engine answered with an error (`? ...`).
    #[error("engine {engine:?} refused {command:?}: {message}")]
    Refused {
        /// The engine.
        engine: String,
        /// The command.
        command: String,
        /// Its error message.
        message: String,
    },
}

impl EngineError {
    /// Whether this is a failure while running (exit code 1 in `arena`)
    /// rather than a bad spec, option or request (exit code 2).
    pub fn is_runtime(&self) -> bool {
        !matches!(
            self,
            EngineError::BadSpec { .. }
                | EngineError::BadOption { .. }
                | EngineError::GameOver { .. }
                | EngineError::WrongGame { .. }
                | EngineError::External { .. }
                | EngineError::Model { .. }
        )
    }
}

/// Why an engine spec cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EngineSpecError {
    /// Nothing was given.
    #[error("empty engine")]
    Empty,
    /// The part before `:` names no engine.
    #[error("unknown engine kind {:?}", Excerpt(.kind))]
    UnknownKind {
        /// The kind given.
        kind: String,
    },
    /// `random:...`: the random engine has no options in its spec.
    #[error("`random` takes no options")]
    RandomTakesNoOptions,
    /// The `mcts` options are wrong.
    #[error("{0}")]
    Mcts(#[from] mcts::OptionsError),
    /// The `alphabeta` options are wrong.
    #[error("{0}")]
    AlphaBeta(#[from] alphabeta::OptionsError),
    /// The `best` options are wrong.
    #[error("{0}")]
    Best(#[from] super::BestOptionsError),
    /// The `pns` options are wrong.
    #[error("{0}")]
    Pns(#[from] pns::PnsOptionsError),
    /// The `puct` options are wrong.
    #[error("{0}")]
    Puct(#[from] learn::PuctOptionsError),
    /// The `gumbel` options are wrong.
    #[error("{0}")]
    Gumbel(#[from] learn::GumbelOptionsError),
    /// The `hybrid` options are wrong.
    #[error("{0}")]
    Hybrid(#[from] hybrid::HybridOptionsError),
    /// The `cmd:` command line cannot be split into words.
    #[error("{0}")]
    Words(#[from] SplitWordsError),
    /// `cmd:` without a program.
    #[error("`cmd:` needs a program, e.g. cmd:./my-engine --fast")]
    NoProgram,
}

/// A command line that cannot be split into words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum SplitWordsError {
    /// A `'` without its closing `'`.
    #[error("unclosed single quote in the command")]
    UnclosedSingleQuote,
    /// A `"` without its closing `"`.
    #[error("unclosed double quote in the command")]
    UnclosedDoubleQuote,
}
