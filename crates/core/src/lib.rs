//! The shared foundation of abstracta: the [`Game`] trait, seats, colours
//! and outcomes, bitboards and board geometry, notation and game specs,
//! perft, a toy game (tic-tac-toe with a pie rule) and, with the
//! `conformance` feature, the conformance kit every game's tests run.
//!
//! ```
//! use abstracta_core::{spec::GameSpec, Point, Status};
//! let spec: GameSpec = "escabel:size=7".parse().unwrap();
//! assert_eq!(spec.name, "escabel");
//! assert_eq!("c3".parse::<Point>().unwrap(), Point::new(2, 2));
//! assert!(Status::Ongoing.is_ongoing());
//! ```
//!
//! # Bitboard representation
//!
//! [`BitBoard<N>`](bitboard::BitBoard) is a plain `[u64; N]` with const-generic
//! `N`, chosen over `bitvec` after measuring the operation every game leans
//! on, an orthogonal flood fill, on a 26x26 board (`benches/bitboard.rs`,
//! numbers in the README's "Measurements" section).

pub mod bitboard;
#[cfg(any(test, feature = "conformance"))]
pub mod conformance;
pub mod error;
pub mod game;
pub mod perft;
pub mod point;
pub mod side;
pub mod spec;
pub mod toy;
pub mod zobrist;

pub use bitboard::{BitBoard, Geometry, Shape};
pub use error::{ParsePlyError, PlayError, PlyListError, SpecError};
pub use game::{parse_ply_list, random_playout, split_ply_list, Game, PlyBuf};
pub use perft::perft;
pub use point::Point;
pub use side::{Colour, Outcome, Seat, Status, Termination};
pub use spec::{GameOptions, GameSpec, LengthCap};
