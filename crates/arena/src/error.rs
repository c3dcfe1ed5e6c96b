//! The errors of the `arena` commands and how they map to exit codes.

use abstracta_core::{PlayError, PlyListError, SpecError};
use thiserror::Error;

/// Something that stopped an `arena` command.
///
/// Bad input (exit code 2) is kept apart from failures while running (exit
/// code 1): see [`ArenaError::exit_code`].
#[derive(Debug, Error)]
pub enum ArenaError {
    /// The game spec names no game or holds a bad option.
    #[error("{0}")]
    Spec(#[from] SpecError),
    /// A ply of a move list could not be read or is illegal.
    #[error("{0}")]
    Moves(#[from] PlyListError),
    /// A single ply could not be played.
    #[error("{0}")]
    Play(#[from] PlayError),
    /// A command-line value is wrong (what was given, what was expected).
    #[error("{0}")]
    Usage(String),
    /// A tournament, its directory or its records could not be used.
    #[error("{0}")]
    Tournament(#[from] tournament::TournamentError),
    /// Something went wrong while running (not the input's fault).
    #[error("{0}")]
    Failed(String),
    /// Reading or writing a file failed.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// The underlying error.
        source: std::io::Error,
    },
}

impl From<protocol::engine::SearchEngineError> for ArenaError {
    /// As the tournament library reads it (the same message and exit
    /// code): an engine error as itself, a refused engine or override as a
    /// usage error.
    fn from(e: protocol::engine::SearchEngineError) -> ArenaError {
        ArenaError::Tournament(e.into())
    }
}

impl From<protocol::engine::EngineError> for ArenaError {
    /// As the tournament library reads it: exit code 1 when the engine
    /// failed while running, 2 for a bad spec or option.
    fn from(e: protocol::engine::EngineError) -> ArenaError {
        ArenaError::Tournament(e.into())
    }
}

impl From<protocol::CommandError> for ArenaError {
    /// A session that cannot start: its engine or game spec is wrong.
    fn from(e: protocol::CommandError) -> ArenaError {
        match e {
            protocol::CommandError::Engine(e) => ArenaError::from(e),
            protocol::CommandError::Spec(e) => ArenaError::Spec(e),
            other => ArenaError::Usage(other.to_string()),
        }
    }
}

impl ArenaError {
    /// A usage error with the given message.
    pub fn usage(message: impl Into<String>) -> ArenaError {
        ArenaError::Usage(message.into())
    }

    /// An I/O error while doing `what`.
    pub fn io(what: impl Into<String>, source: std::io::Error) -> ArenaError {
        ArenaError::Io {
            what: what.into(),
            source,
        }
    }

    /// The process exit code: 2 for bad input, 1 for failures while running.
    pub fn exit_code(&self) -> i32 {
        match self {
            ArenaError::Io { .. } | ArenaError::Failed(_) => 1,
            ArenaError::Tournament(e) => e.exit_code(),
            _ => 2,
        }
    }
}
