//! Writing to standard output and standard error without panicking when
//! the reader has gone away (`arena perft ... 2>&1 | head -1`).
//!
//! `println!` and `eprintln!` panic when the write fails; arena writes
//! with [`stderr!`](tournament::stderr) instead, and a command whose standard
//! output is a closed pipe stops quietly (see [`is_broken_pipe`]).

use crate::error::ArenaError;

pub use tournament::output::stderr_line;

/// Whether `error` is a write to a pipe whose reader has gone: the command
/// then stops quietly with exit code 0, as `head` asked for no more.
pub fn is_broken_pipe(error: &ArenaError) -> bool {
    matches!(error, ArenaError::Io { source, .. } if source.kind() == std::io::ErrorKind::BrokenPipe)
}
