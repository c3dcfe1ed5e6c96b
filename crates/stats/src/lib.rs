//! `stats`: the statistics of abstracta tournaments, with no tournament
//! runner attached.
//!
//! - [`elo`]: scores to Elo and normalized Elo (nElo) with 95% intervals
//!   from trinomial ([`Wdl`]) or pentanomial ([`Pentanomial`]) counts, and
//!   the likelihood of superiority;
//! - [`sprt`]: the sequential probability ratio test of a pairing;
//! - [`records`]: the record files of a tournament directory
//!   (`games.jsonl`, `summary.json`, `tournament.json`);
//! - [`rating_list`]: a fitted rating list and its table;
//! - [`rating_fit`]: the maximum-likelihood rating list of many players,
//!   fitted from records.
//!
//! Dependencies run one way: `elo` <- `sprt` <- `records` <- `rating_fit`,
//! with `rating_list` (plain data) used by `records` and `rating_fit`.
//! None of the functions panics on any input.
//!
//! ```
//! use stats::{Outcome, Pentanomial, Sprt, SprtState, Wdl};
//!
//! let wdl = Wdl { wins: 60, draws: 0, losses: 40 };
//! assert!((wdl.los() - 0.97725).abs() < 1e-4);
//! let mut pairs = Pentanomial::default();
//! pairs.add(Outcome::Win, Outcome::Draw);
//! let sprt: Sprt = "0,10".parse().unwrap();
//! assert_eq!(sprt.evaluate_pentanomial(&pairs).state, SprtState::Continue);
//! ```

#![deny(unsafe_code)]

pub mod elo;
pub mod rating_fit;
pub mod rating_list;
pub mod records;
pub mod sprt;

pub use elo::{
    elo_from_score, estimate, nelo_from_score, Estimates, Model, Outcome, Pentanomial, Wdl, ELO_LIMIT,
};
pub use rating_fit::{fit, rate_records, rated_games, FitOptions, RatedGame, RatingError};
pub use rating_list::{format_ratings, PlayerRating, RatingList};
pub use records::{GameRecord, GameResult, PairingSummary, RecordError, Summary, TournamentConfig};
pub use sprt::{Sprt, SprtError, SprtModel, SprtResult, SprtState};
