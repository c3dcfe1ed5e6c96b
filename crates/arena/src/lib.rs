//! `arena`: the command line of abstracta's tools, as a library behind a
//! thin binary.
//!
//! Arena keeps only what a command line needs: the arguments ([`cli`],
//! clap), the commands that print positions, perft and analyses
//! ([`commands`]), terminal play ([`play`]), benchmarks ([`bench`](mod@bench)), the
//! progress bar ([`progress`]), signal handling ([`signals`]) and output
//! ([`output`]). The rest is in library crates a Rust program can use
//! without a command line:
//!
//! - `stats`: Elo and nElo intervals, LOS, SPRT, rating fits and the
//!   record files of a tournament;
//! - `protocol`: the engine protocol and engine specs (with the external
//!   `cmd:` engine client);
//! - `tournament`: running, resuming, merging and rating tournaments,
//!   opening suites and tuning;
//! - `server`: `arena serve` and the JSON analysis engine.
//!
//! ```
//! let status = arena::commands::status_command("tictactoe", "b2").unwrap();
//! assert_eq!(status, "ongoing");
//! ```

#![deny(unsafe_code)]

pub mod bench;
pub mod benchmarks;
pub mod cli;
pub mod commands;
pub mod error;
pub mod output;
pub mod play;
pub mod progress;
pub mod selfplay;
pub mod serve_args;
pub mod signals;
pub mod solve;

pub use error::ArenaError;
