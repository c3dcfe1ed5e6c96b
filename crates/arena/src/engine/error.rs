//! What goes wrong with engines: bad specs and options (the caller's
//! input) and failures of external engines while playing.

use thiserror::Error;

use super::ENGINE_FORMS;

/// Why a command line given to `cmd:` cannot be split into words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum SplitWordsError {
    /// A `'` without its closing `'`.
    #[error("unclosed single quote in the command")]
    UnclosedSingleQuote,
    /// A `"` without its closing `"`.
    #[error("unclosed double quote in the command")]
    UnclosedDoubleQuote,
}

/// What is wrong with an engine spec.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EngineSpecError {
    /// `random:...`.
    #[error("`random` takes no options")]
    RandomTakesNoOptions,
    /// The `mcts:` options cannot be read.
    #[error("{0}")]
    Mcts(#[from] mcts::OptionsError),
    /// The `cmd:` command line cannot be split into words.
    #[error("{0}")]
    Words(#[from] SplitWordsError),
    /// `cmd:` without a program.
    #[error("`cmd:` needs a program, e.g. cmd:./my-engine --fast")]
    MissingProgram,
    /// Nothing at all.
    #[error("empty engine")]
    Empty,
    /// A kind that is none of random, mcts and cmd.
    #[error("unknown engine kind {0:?}")]
    UnknownKind(String),
}

/// Why an engine refused an option.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// The MCTS options with this value cannot be read.
    #[error("{0}")]
    Mcts(#[from] mcts::OptionsError),
    /// A whole number was expected.
    #[error("expected a whole number, found {0:?}")]
    NotANumber(String),
    /// The random engine knows only `seed`.
    #[error("the random engine accepts only seed (and ignores time, iters, threads)")]
    NotForRandom,
}

/// An engine that could not be created or failed while playing.
#[derive(Debug, Error)]
pub enum EngineError {
    /// The engine spec cannot be read.
    #[error("bad engine {spec:?}: {reason}; expected {ENGINE_FORMS}")]
    BadSpec {
        /// The spec given.
        spec: String,
        /// What is wrong with it.
        reason: EngineSpecError,
    },
    /// An engine option was refused.
    #[error("bad engine option {key:?}: {reason}")]
    BadOption {
        /// The option's key.
        key: String,
        /// What is wrong and what is accepted.
        reason: OptionError,
    },
    /// The game is over: there is nothing to choose.
    #[error("the game is over; there is no ply to choose")]
    GameOver,
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
    /// Whether this is a failure while running (exit code 1) rather than a
    /// bad spec or option (exit code 2).
    pub fn is_runtime(&self) -> bool {
        !matches!(
            self,
            EngineError::BadSpec { .. } | EngineError::BadOption { .. } | EngineError::GameOver
        )
    }
}
