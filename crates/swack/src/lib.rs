//! Swack: a territory game of stacking moves on a fully covered checkered
//! board (RULES.md, section Swack). After two passes in succession, black
//! and white groups of equal size are removed in pairs and the owner of the
//! biggest remaining group wins.
//!
//! [`Swack`] is the bitboard engine behind the [`Game`](abstracta_core::Game)
//! trait; with the `reference` feature, [`reference::ReferenceSwack`] is a
//! deliberately plain implementation of the same rules for tests.
//!
//! ```
//! use abstracta_core::{Game, GameOptions, PlyBuf, Colour, Seat, Status};
//! use swack::{Swack, SwackOptions};
//!
//! let options = SwackOptions::from_spec("swack:size=4").unwrap();
//! let mut game = Swack::new(options);
//! let mut plies = PlyBuf::new();
//! game.legal_plies(&mut plies);
//! // 24 stacking moves (one per adjacent pair of squares) and a pass.
//! assert_eq!(plies.len(), 25);
//! game.play_list("a1-b1 pass pass").unwrap();
//! assert!(game.status().is_finished());
//! ```

mod engine;
mod options;
mod ply;
#[cfg(feature = "reference")]
pub mod reference;

pub use engine::Swack;
pub use options::{SwackOptions, Variant, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use ply::SwackPly;
