//! abstracta: five modern abstract strategy games (Escabel, Swack, Ecalper,
//! Epaminondas, Whirlwind) with exact bitboard rule engines behind one
//! [`Game`] trait, a parallel Monte Carlo Tree Search over any of them, and
//! the players that use it.
//!
//! ```
//! use abstracta::player::EngineSpec;
//!
//! // A game chosen at run time, by spec.
//! let mut game = abstracta::open("escabel:size=7").unwrap();
//! let mut engine = game.searcher(&"mcts:iters=200".parse::<EngineSpec>().unwrap(), 1).unwrap();
//! let choice = engine.genmove(&*game).unwrap();
//! game.play(&choice.ply).unwrap();
//! println!("{game}"); // the board
//! let record = game.record(); // "escabel:size=7: d4", say
//! assert_eq!(abstracta::open_record(&record).unwrap().hash(), game.hash());
//! ```
//!
//! # What is where
//!
//! - Everything of [`abstracta_core`] is re-exported here: the [`Game`]
//!   trait, [`Position`] (a game with its history), [`GameRecord`], seats,
//!   colours, statuses, bitboards, notation, [`spec`]s, [`perft()`], the
//!   [`toy`] game and, with the `conformance` feature, the conformance kit
//!   for games of your own.
//! - [`open`] and [`open_record`] give an [`AnyGame`]: any registered game,
//!   played by text.
//! - [`search`]: the [`Search`](search::Search) interface every search
//!   family implements and its [`SearchResult`](search::SearchResult);
//!   [`families`]: the families an engine spec names (`random`, `mcts`,
//!   `cmd`) and [`families::build`]; [`AnySearch`]: a search at the text
//!   level, for games chosen at run time; [`player`]: engine specs and
//!   errors.
//! - The game crates ([`escabel`], [`swack`], [`ecalper`], [`epaminondas`],
//!   [`whirlwind`]) and the search ([`mcts`]), for typed use:
//!   `Mcts::<escabel::Escabel>`.
//! - [`registry`]: from a spec's name to a game type, for code written once
//!   for every game; [`Registry`]: the games `open` knows, as a value that
//!   takes games of your own.
//! - [`prelude`]: `use abstracta::prelude::*;`.
//!
//! # Features
//!
//! - `serde`: `Serialize`/`Deserialize` for [`GameRecord`], [`Status`],
//!   seats, colours and outcomes (plies and options as their notation).
//! - `conformance`: the conformance kit (`abstracta::conformance`).

#![deny(unsafe_code)]

pub use abstracta_core::*;
pub use alphabeta;
pub use ecalper;
pub use epaminondas;
pub use escabel;
pub use hybrid;
pub use learn;
pub use mcts;
pub use pns;
pub use swack;
pub use whirlwind;

mod any_game;
mod any_search;
pub mod families;
pub mod player;
pub mod positions;
pub mod registry;
pub mod solve;

pub use any_game::{open, open_record, AnyGame};
pub use any_search::{AnySearch, SearchAdapter};
pub use registry::Registry;

/// The names most callers want: `use abstracta::prelude::*;` (the core
/// prelude, the run-time game and players, the search).
pub mod prelude {
    pub use abstracta_core::prelude::*;

    pub use crate::families::RandomSearch;
    pub use crate::player::EngineSpec;
    pub use crate::search::{Search, SearchResult};
    pub use crate::{open, open_record, AnyGame, AnySearch, Registry};
    pub use abstracta_core::{GameRecord, Position};
    pub use mcts::{Mcts, MctsOptions, MctsSearch};
}
