//! abstracta: five modern abstract strategy games (Escabel, Swack, Ecalper,
//! Epaminondas, Whirlwind) with exact bitboard rule engines behind one
//! [`Game`] trait, and a parallel Monte Carlo Tree Search over any of them.
//!
//! This crate re-exports the workspace's crates and holds the game
//! [`registry`], which turns a spec such as `escabel:size=7` into a game.
//!
//! ```
//! use abstracta::core::{Game, PlyBuf};
//! use abstracta::registry::{with_game, GameVisitor};
//!
//! struct CountPlies;
//! impl GameVisitor for CountPlies {
//!     type Output = usize;
//!     fn visit<G: Game>(self, options: G::Options) -> usize {
//!         let mut plies = PlyBuf::new();
//!         G::new(options).legal_plies(&mut plies);
//!         plies.len()
//!     }
//! }
//! assert_eq!(with_game("tictactoe", CountPlies).unwrap(), 9);
//! assert!(with_game("chess", CountPlies).is_err());
//! ```

pub use abstracta_core as core;
pub use abstracta_core::{Colour, Game, Seat, Status};
pub use ecalper;
pub use epaminondas;
pub use escabel;
pub use mcts;
pub use swack;
pub use whirlwind;

pub mod registry;
