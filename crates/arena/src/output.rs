//! Writing to standard output and standard error without panicking when
//! the reader has gone away (`arena perft ... 2>&1 | head -1`).
//!
//! `println!` and `eprintln!` panic when the write fails; arena writes
//! with [`stderr!`](crate::stderr) instead, and a command whose standard
//! output is a closed pipe stops quietly (see [`is_broken_pipe`]).

use std::io::Write;

use crate::error::ArenaError;

/// Writes one line to standard error, ignoring a failure: a message nobody
/// can read is not worth stopping for.
pub fn stderr_line(args: std::fmt::Arguments<'_>) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_fmt(args);
    let _ = err.write_all(b"\n");
    let _ = err.flush();
}

/// `eprintln!` that never panics: one line to standard error, a write
/// error ignored.
#[macro_export]
macro_rules! stderr {
    ($($arg:tt)*) => {
        $crate::output::stderr_line(format_args!($($arg)*))
    };
}

/// Whether `error` is a write to a pipe whose reader has gone: the command
/// then stops quietly with exit code 0, as `head` asked for no more.
pub fn is_broken_pipe(error: &ArenaError) -> bool {
    matches!(error, ArenaError::Io { source, .. } if source.kind() == std::io::ErrorKind::BrokenPipe)
}
