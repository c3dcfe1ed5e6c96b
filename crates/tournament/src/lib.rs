//! `tournament`: running tournaments of abstracta games: scheduling, playing games in parallel, recording them,
//! resuming, sharding and merging, and the final table.
//!
//! The schedule is fixed by the settings alone: game `index` belongs to
//! round `index / (2P)` (P pairings), pairing `(index % 2P) / 2`, and plays
//! with the colours exchanged when `index` is odd. Both games of a round
//! start from the same opening (seeded random plies, or a line of an
//! opening file: see [`suite`]), and every pairing sees the same openings.
//! Indices never change when `games` grows, so a
//! directory can be resumed or extended, and shards (`index % N`) merged.
//!
//! One concern per module: [`run`](mod@run) (the settings and the run),
//! [`options`] (values given as text), `schedule` (players, pairings,
//! slots, openings), `journal` (the directory and its files), [`lock`]
//! (one writer per directory), [`files`] (bounded reads and atomic
//! writes of every file), `workers` (the game threads, sharing the
//! game as an [`abstracta::AnyGame`]), [`progress`] (what the caller is
//! told as games finish), [`stop`] (stopping from outside), `sprt_stops`
//! (early stopping of decided pairings), [`time_control`] (time controls,
//! resign adjudication), `directory_ratings` (the games of many folders
//! for one rating list), `referee` (one game), `tally` (running results
//! and the summary), `table` (the printed table), `merge`, [`suite`]
//! (opening files), [`openings`] (generating them) and [`tune`] (SPSA
//! tuning, a driver of tournaments).
//!
//! The crate has no command line, progress bar or signal handling: a
//! caller reports progress through [`Progress`] and stops a run through a
//! [`StopHandle`]. The record files and statistics are the `stats`
//! crate's; engines (and external `cmd:` engines) are the `protocol`
//! crate's.
//!
//! ```
//! use std::time::Duration;
//! use tournament::{Format, TournamentSettings};
//!
//! let settings = TournamentSettings {
//!     registry: abstracta::Registry::standard(),
//!     spec: "tictactoe".into(),
//!     players: vec![("mcts".into(), "mcts:iters=200".into()), ("random".into(), "random".into())],
//!     games: 4,
//!     concurrency: Some(2),
//!     seed: 1,
//!     opening_plies: 0,
//!     opening_file: None,
//!     format: Format::RoundRobin,
//!     sprt: None,
//!     out: None,
//!     shard: None,
//!     timeout: Duration::from_secs(10),
//!     tc: None,
//!     player_tc: Vec::new(),
//!     time_margin: Duration::ZERO,
//!     resign: None,
//! };
//! let summary = tournament::run(&settings).unwrap();
//! assert_eq!(summary.games_played, 4);
//! let pairing = &summary.pairings[0];
//! assert_eq!(pairing.a_wins + pairing.draws + pairing.b_wins, 4);
//! ```

#![deny(unsafe_code)]

pub mod directory_ratings;
pub mod error;
pub mod files;
mod journal;
pub mod lock;
pub mod merge;
pub mod openings;
pub mod options;
pub mod output;
pub mod progress;
mod referee;
pub mod run;
mod schedule;
mod sprt_stops;
pub mod stop;
mod stopped_summary;
pub mod suite;
pub mod table;
pub mod tally;
pub mod time_control;
pub mod tune;
mod workers;

pub use directory_ratings::rate_folders;
pub use error::TournamentError;
pub use files::write_atomically;
pub use merge::merge;
pub use options::{
    parse_openings, Format, FormatError, OpeningFile, OpeningOrder, Openings, OpeningsError, Shard,
    ShardError,
};
pub use progress::{progress_message, Progress, Silent};
pub use run::{run, run_with, TournamentSettings};
pub use stop::StopHandle;
pub use stopped_summary::{stopped_message, write_stopped_summary};
pub use table::{format_table, TABLE_LEGEND};
pub use tally::summarize;
pub use time_control::{parse_player_tc, PlayerTcError, Resign, ResignError, TimeControl, TimeControlError};
