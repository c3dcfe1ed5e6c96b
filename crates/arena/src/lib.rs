//! `arena`: tournaments, perft, the engine protocol, terminal play and
//! benchmarks for abstracta games, as a library behind a thin binary.
//!
//! Every command is written once, generic over the game, as a
//! [`GameVisitor`](abstracta::registry::GameVisitor) that the registry calls
//! with the type a spec names.
//!
//! The pieces other tools may call directly:
//!
//! - [`protocol::Session`]: one engine-protocol session,
//!   `handle_line(&str) -> (answer, quit)`;
//! - [`records`]: parsing of `games.jsonl`, `summary.json` and
//!   `tournament.json`;
//! - [`stats`]: Elo with its interval, LOS and SPRT.
//!
//! None of them panics on any input.

#![deny(unsafe_code)]

pub mod bench;
pub mod cli;
pub mod commands;
pub mod engine;
pub mod error;
pub mod play;
pub mod position;
pub mod protocol;
pub mod records;
pub mod stats;
pub mod tournament;

pub use error::ArenaError;
