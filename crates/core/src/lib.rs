//! The shared foundation of abstracta: the [`Game`] trait (the rules),
//! the optional [`Knowledge`] and [`CellClaims`] traits (what a game knows
//! beyond its rules, for searches), seats, colours and outcomes, bitboards and board geometry, notation and game specs,
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
//! [`BitBoard<N>`](bitboard::BitBoard) is a plain `[u64; N]` with a
//! const-generic word count; each game picks `N` for its largest board.
//! The choice was measured on the operation every game leans on, an
//! orthogonal flood fill, here through a 26x26 serpentine corridor (the
//! worst case: hundreds of rounds), `benches/bitboard.rs`, one criterion run
//! on a 2-core Intel Xeon VM (medians):
//!
//! | representation | time | ratio |
//! |---|---|---|
//! | `[u64; 11]`, const generic (chosen) | 8.3 µs | 1.0 |
//! | `Vec<u64>` sized at run time | 23.5 µs | 2.8x slower |
//! | `bitvec::BitArray<[u64; 11]>` | 625 µs | 75x slower |
//!
//! The const-generic array lets the compiler unroll and vectorise every
//! operation and keeps boards `Copy` with no allocation; `bitvec`'s generic
//! shifts work bit range by bit range. Boards are laid out row by row with
//! one spare column (see [`bitboard`]), so every neighbour shift is one
//! word-carry shift and a mask.

//! # Storage by board size
//!
//! A game engine is generic over its word count (`Engine<const N: usize>`);
//! the game type holds an enum with one variant per word count its sizes
//! need, chosen once from the options, and reaches the engine through
//! [`for_width!`]. Variants are stored inline, so cloning a position (every
//! search iteration does) never allocates, except that a variant more than
//! four times the size of the default board's variant is boxed, so that
//! default-size games stay small to copy.

pub mod actions;
pub mod bitboard;
pub mod claims;
#[cfg(any(test, feature = "conformance"))]
pub mod conformance;
pub mod error;
#[cfg(any(test, feature = "conformance"))]
pub mod exact;
pub mod game;
pub mod geometry;
pub mod knowledge;
pub mod perft;
pub mod point;
pub mod position;
pub mod record;
pub mod search;
pub mod side;
pub mod spec;
pub mod text;
pub mod time;
pub mod toy;
pub mod turn;
pub mod zobrist;

/// The random number generators games and searches take, re-exported so
/// that callers of [`Game::random_ply`] or [`random_playout`] need no
/// dependency of their own (see also [`seeded_rng`]).
pub use rand;

#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde as __serde;

pub use bitboard::{BitBoard, Geometry, Shape};
pub use claims::{CellClaims, Claims};
pub use error::{ParsePlyError, PlayError, PlyListError, SpecError};
pub use game::{
    pack_ply_code, parse_ply_list, ply_code_point, ply_code_variant, random_playout, split_ply_list, Game,
    PlyBuf, PlyCodec,
};
pub use knowledge::{Knowledge, NoKnowledge, SearchKnowledge};
pub use perft::perft;
pub use point::Point;
pub use position::{join_plies, Position};
pub use record::{GameRecord, RecordError};
pub use side::{Colour, Outcome, ParseColourError, Seat, Status, Termination};
pub use spec::{GameOptions, GameSpec, LengthCap, NoOptions};
pub use text::{Cells, CellsError, ParseStackError, Stack};
pub use turn::Turn;
pub use zobrist::mix_seed;

/// A small, fast random number generator seeded with `seed`: the
/// generator [`random_playout`] and the searches use.
///
/// ```
/// use abstracta_core::{random_playout, seeded_rng, toy::TicTacToe, Game};
/// let mut game = TicTacToe::new(Default::default());
/// let status = random_playout(&mut game, &mut seeded_rng(7));
/// assert!(status.is_finished());
/// ```
pub fn seeded_rng(seed: u64) -> rand::rngs::SmallRng {
    rand::SeedableRng::seed_from_u64(seed)
}

/// Runs `$body` with `$engine` bound to the engine inside `$storage`,
/// whichever width variant of the enum `$Enum` it holds (see "Storage by
/// board size" above). Boxed variants auto-deref on method calls.
///
/// ```
/// enum Storage { Small(Vec<u8>), Large(Box<Vec<u8>>) }
/// let s = Storage::Large(Box::new(vec![1, 2, 3]));
/// let len = abstracta_core::for_width!(&s, Storage[Small, Large], v => v.len());
/// assert_eq!(len, 3);
/// ```
#[macro_export]
macro_rules! for_width {
    ($storage:expr, $Enum:ident [$($Variant:ident),+ $(,)?], $engine:ident => $body:expr) => {
        match $storage {
            $($Enum::$Variant($engine) => $body,)+
        }
    };
}

/// The names most callers want: `use abstracta_core::prelude::*;`.
pub mod prelude {
    pub use crate::claims::{CellClaims, Claims};
    pub use crate::game::{random_playout, Game, PlyBuf};
    pub use crate::knowledge::{Knowledge, NoKnowledge, SearchKnowledge};
    pub use crate::rand::rngs::SmallRng;
    pub use crate::rand::{Rng, SeedableRng};
    pub use crate::seeded_rng;
    pub use crate::side::{Colour, Outcome, Seat, Status, Termination};
    pub use crate::spec::{GameOptions, GameSpec, LengthCap, NoOptions};
    pub use crate::{Cells, GameRecord, PlayError, Point, Position, SpecError};
}
