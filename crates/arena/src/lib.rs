//! `arena`: tournaments, perft, the engine protocol, terminal and web play
//! and benchmarks for abstracta games, as a library behind a thin binary.
//!
//! Arena keeps the command line and the external (`cmd:`) engine client;
//! games, positions and players are the library's. Commands that play or
//! show a game use the run-time game type [`abstracta::AnyGame`] and the
//! text-level [`abstracta::player::AnyPlayer`]; the ones that need the
//! concrete type for speed (`perft`, `bench`) are written once, generic
//! over the game, as a [`GameVisitor`](abstracta::registry::GameVisitor).
//!
//! The pieces other tools may call directly:
//!
//! - [`protocol::Session`]: one engine-protocol session,
//!   `handle_line(&str) -> (answer, quit)`;
//! - [`records`]: parsing of `games.jsonl`, `summary.json` and
//!   `tournament.json`;
//! - [`stats`]: Elo and nElo with their intervals (pentanomial and
//!   trinomial), LOS and SPRT;
//! - [`ratings`]: the maximum-likelihood rating list of many players;
//! - [`analysis::serve`]: the JSON analysis engine over any reader and
//!   writer.
//!
//! None of them panics on any input.
//!
//! ```
//! use arena::protocol::Session;
//!
//! let mut session = Session::new("tictactoe", "random").unwrap();
//! let (answer, quit) = session.handle_line("play b2");
//! assert_eq!((answer.as_str(), quit), ("=\n\n", false));
//! let (answer, _) = session.handle_line("play b2");
//! assert!(answer.starts_with('?'), "{answer}");
//! let (answer, _) = session.handle_line("history");
//! assert_eq!(answer, "= b2\n\n");
//! ```

#![deny(unsafe_code)]

pub mod analysis;
pub mod bench;
pub mod cli;
pub mod commands;
pub mod engine;
pub mod error;
pub mod openings;
pub mod output;
pub mod play;
pub mod protocol;
pub mod ratings;
pub mod records;
pub mod serve;
pub mod stats;
pub mod tournament;
pub mod tune;

pub use error::ArenaError;
