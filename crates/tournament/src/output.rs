//! Messages to standard error that never panic when the reader has gone
//! away (`arena tournament ... 2>&1 | head -1`): `eprintln!` panics when
//! the write fails; this crate, and the `arena` binary, write with
//! [`stderr!`](crate::stderr) instead.

use std::io::Write;

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
