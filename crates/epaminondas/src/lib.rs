//! Epaminondas (Robert Abbott, 1975): phalanxes of pieces race across a
//! 14x12 board and capture shorter enemy lines. A bitboard rules engine
//! behind the [`Game`] trait, following RULES.md section Epaminondas
//! (rules P1-P7), with the Romeral "stones" variant.
//!
//! ```
//! use abstracta_core::{Game, PlyBuf};
//! use epaminondas::{Epaminondas, EpaminondasOptions};
//!
//! let mut game = Epaminondas::new("epaminondas".parse::<EpaminondasOptions>().unwrap());
//! let mut plies = PlyBuf::new();
//! game.legal_plies(&mut plies);
//! assert_eq!(plies.len(), 114);
//! // White's two-piece column on a moves two squares.
//! game.play_str("a1-a3").unwrap();
//! assert!(game.play_str("a1-a2").is_err()); // Black to move now
//! game.play_str("b12-b10").unwrap();
//! println!("{game}"); // the board, the last ply marked, and who moves
//! assert!(game.to_string().contains("white (first player) to move"));
//! ```
//!
//! # Engine design
//!
//! Pieces are two [`BitBoard<3>`](abstracta_core::BitBoard) sets on a
//! 15-bit-stride layout (180 bits). Move generation works per direction on whole sets: shifting the own set
//! gives, for every *front* piece, the length of the friendly run behind it
//! (levels `R_k`), and shifting the empty set gives the run of empty squares
//! ahead (levels `Emp_m`); every (front, k, m) with `m <= k` in
//! `fronts & R_k & Emp_m` is a move. Captures come from the squares where
//! the first obstacle ahead is an enemy piece; the enemy run there is
//! counted only for those few fronts.
//!
//! P5 (symmetry) only matters for moves that put a moved piece on the
//! opponent's home row. The engine keeps both armies' sets reflected
//! between rows 6 and 7 alongside the normal ones (updated square by square
//! as pieces move), so "is the board symmetric" is a compare of a few words;
//! a candidate move that reaches the home row is checked exactly on a copy,
//! after the cheap filters (equal piece counts, symmetric stones).
//!
//! P4's home-row counts and the piece counts are kept per colour as pieces
//! move, as is the P5 flag of the current board.
//!
//! Status is computed once after every ply and cached, so `status()` is a
//! field read plus the length-cap test. The P6 part is cheap in practice: any
//! one-square step that does not reach the opponent's home row is legal.
//!
//! `random_ply` is not uniform: it tries a random friendly piece as the rear
//! and a random direction, walks the line (friendly run, then empty squares
//! and a possible capture) and picks a random legal distance; after 24 failed
//! tries it falls back to generating whole directions. It never allocates.
//!
//! # Seats in the stones variant
//!
//! White is the first seat (`FIRST_COLOUR`): it makes the first piece move.
//! In `variant=stones` Black, the second seat, places the first stone, so
//! the game's first ply belongs to the second seat; colours and seats still
//! alternate ply by ply.

use abstracta_core::{Colour, Game, PlyBuf, Status};
use rand::Rng;

mod actions;
mod engine;
mod knowledge;
mod moves;
mod options;
mod ply;
#[cfg(feature = "reference")]
pub mod reference;
mod render;
mod setup;
mod winning;

pub use crate::actions::EpaminondasEncoding;
pub use crate::knowledge::EpaminondasKnowledge;
pub use engine::Epaminondas;
pub use options::{EpaminondasOptions, Variant};
pub use ply::EpaminondasPly;
pub use setup::{parse_diagram, ParsePieceError, Piece, SetupError};

/// Board width (columns `a`..`n`).
pub const WIDTH: u8 = 14;
/// Board height (rows `1`..`12`).
pub const HEIGHT: u8 = 12;
/// The default length cap in plies (RULES.md: 1000, then a draw).
pub const DEFAULT_CAP: u32 = 1000;
/// The number of neutral stones in the Romeral variant.
pub const STONES: u32 = 3;
/// Stones go on rows 4..=9 (0-based 3..=8).
pub const STONE_ROWS: std::ops::RangeInclusive<u8> = 3..=8;

impl Game for Epaminondas {
    type Ply = EpaminondasPly;
    type Options = EpaminondasOptions;
    const NAME: &'static str = "epaminondas";
    const FIRST_COLOUR: Colour = Colour::White;

    fn new(options: EpaminondasOptions) -> Self {
        Epaminondas::start(options)
    }

    fn options(&self) -> &EpaminondasOptions {
        &self.options
    }

    fn to_move_colour(&self) -> Colour {
        self.to_move
    }

    #[inline]
    fn legal_plies(&self, out: &mut PlyBuf<EpaminondasPly>) {
        self.generate(out)
    }

    fn is_legal(&self, ply: EpaminondasPly) -> bool {
        self.legal(ply)
    }

    fn explain_illegal(&self, ply: EpaminondasPly) -> String {
        self.explain(ply)
    }

    #[inline]
    fn play_unchecked(&mut self, ply: EpaminondasPly) {
        self.play(ply)
    }

    #[inline]
    fn status(&self) -> Status {
        self.current_status()
    }

    #[inline]
    fn random_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EpaminondasPly> {
        self.pick_random(rng)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.zobrist_from_scratch()
    }

    fn plies_played(&self) -> u32 {
        self.plies
    }

    fn length_cap(&self) -> Option<u32> {
        self.cap()
    }

    fn last_ply(&self) -> Option<EpaminondasPly> {
        self.last
    }

    fn goal(&self, colour: Colour) -> Option<String> {
        Some(render::goal(colour))
    }

    fn ply_codec() -> Option<abstracta_core::PlyCodec<EpaminondasPly>> {
        Some(abstracta_core::PlyCodec {
            encode: EpaminondasPly::code,
            decode: EpaminondasPly::from_code,
        })
    }
}
