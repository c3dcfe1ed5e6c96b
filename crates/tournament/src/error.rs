//! The errors of running, resuming, merging and rating tournaments, and
//! how they map to exit codes.

use abstracta::SpecError;
use protocol::engine::EngineError;
use thiserror::Error;

/// Something that stopped a tournament (or its merging, rating, tuning
/// or opening generation).
///
/// Bad input (exit code 2) is kept apart from failures while running (exit
/// code 1): see [`TournamentError::exit_code`].
#[derive(Debug, Error)]
pub enum TournamentError {
    /// The game spec names no game or holds a bad option.
    #[error("{0}")]
    Spec(#[from] SpecError),
    /// An engine spec or engine option is wrong, or an engine failed
    /// (boxed: the library's engine error is large).
    #[error("{0}")]
    Engine(Box<EngineError>),
    /// A setting is wrong (what was given, what was expected).
    #[error("{0}")]
    Usage(String),
    /// A tournament directory or record file could not be used.
    #[error("{0}")]
    Records(#[from] stats::records::RecordError),
    /// An opening file cannot be read or holds a bad line.
    #[error("{0}")]
    Openings(#[from] crate::suite::SuiteError),
    /// No rating list can be fitted to the games given.
    #[error("{0}")]
    Ratings(#[from] stats::RatingError),
    /// A file is not a regular file, is too large, or could not be read
    /// or written.
    #[error("{0}")]
    File(#[from] crate::files::FileError),
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

impl From<protocol::engine::SearchEngineError> for TournamentError {
    /// An engine error as itself (exit code 1 when it failed while
    /// running); a refused engine or override as a usage error.
    fn from(e: protocol::engine::SearchEngineError) -> TournamentError {
        match e {
            protocol::engine::SearchEngineError::Engine(e) => TournamentError::Engine(e),
            other => TournamentError::Usage(other.to_string()),
        }
    }
}

impl From<protocol::engine::EngineError> for TournamentError {
    fn from(e: protocol::engine::EngineError) -> TournamentError {
        TournamentError::Engine(Box::new(e))
    }
}

impl TournamentError {
    /// A usage error with the given message.
    pub fn usage(message: impl Into<String>) -> TournamentError {
        TournamentError::Usage(message.into())
    }

    /// An I/O error while doing `what`.
    pub fn io(what: impl Into<String>, source: std::io::Error) -> TournamentError {
        TournamentError::Io {
            what: what.into(),
            source,
        }
    }

    /// The process exit code: 2 for bad input, 1 for failures while running.
    pub fn exit_code(&self) -> i32 {
        match self {
            TournamentError::Io { .. } | TournamentError::Failed(_) => 1,
            TournamentError::Engine(e) if e.is_runtime() => 1,
            TournamentError::File(e) => e.exit_code(),
            _ => 2,
        }
    }
}
