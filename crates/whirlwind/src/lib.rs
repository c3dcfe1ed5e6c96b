//! Whirlwind: a connection game on an even-sized square board with an
//! interspersed set-up, one or two stones a turn and a ban on bare diagonal
//! links (RULES.md, section Whirlwind; `docs/rules/whirlwind.md`).
//!
//! ```
//! use abstracta_core::{Game, PlyBuf, Status};
//! use whirlwind::{Whirlwind, WhirlwindOptions};
//!
//! let options: WhirlwindOptions = "whirlwind:size=12,setup=b".parse().unwrap();
//! let mut game = Whirlwind::new(options);
//! // Black's first turn is a single stone and ends by itself.
//! game.play_str("f6").unwrap();
//! // White places one or two stones; the second comes later in row-major order.
//! game.play_list("c3 d3").unwrap();
//! assert!(game.play_str("end").is_err()); // no stone placed yet this turn
//! let mut plies = PlyBuf::new();
//! game.legal_plies(&mut plies);
//! assert!(!plies.is_empty());
//! assert_eq!(game.status(), Status::Ongoing);
//! println!("{game}");
//! ```
//!
//! # Ply structure
//!
//! A turn is `Place(p)` then either `Place(q)` with `q > p` in row-major
//! order or `end`. A first stone is legal only if some legal turn starts with
//! it; Black's first turn, and a turn whose first stone completes a winning
//! chain with the diagonal rule (W3) holding, end by themselves.
//!
//! # Layout
//!
//! [`options`](WhirlwindOptions) and [`ply`](WhirlwindPly) are shared by
//! both implementations; `engine` is the bitboard engine ([`Whirlwind`]),
//! on the size tables and whole-board bit operations of `tables`; `render`
//! draws a board; `reference` (feature `reference`) is the plain
//! implementation the engine is checked against.

mod actions;
mod engine;
mod knowledge;
mod options;
mod ply;
#[cfg(feature = "reference")]
pub mod reference;
mod render;
mod tables;
mod winning;

use abstracta_core::rand::Rng;
use abstracta_core::{Colour, Game, PlyBuf, Status};

pub use crate::actions::WhirlwindEncoding;
pub use crate::knowledge::WhirlwindKnowledge;
pub use engine::Whirlwind;
pub use options::{Setup, WhirlwindOptions, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use ply::WhirlwindPly;
#[doc(hidden)]
pub use render::render_board;
pub use tables::{setup_residue, setup_stones, Board, WORDS};

impl Game for Whirlwind {
    type Ply = WhirlwindPly;
    type Options = WhirlwindOptions;
    const NAME: &'static str = "whirlwind";

    fn new(options: WhirlwindOptions) -> Self {
        Whirlwind::start(options)
    }

    fn options(&self) -> &WhirlwindOptions {
        &self.options
    }

    fn to_move_colour(&self) -> Colour {
        self.to_move
    }

    fn legal_plies(&self, out: &mut PlyBuf<WhirlwindPly>) {
        self.legal_plies_into(out);
    }

    #[inline]
    fn is_legal(&self, ply: WhirlwindPly) -> bool {
        self.is_legal_ply(ply)
    }

    fn play_unchecked(&mut self, ply: WhirlwindPly) {
        self.play_ply(ply);
    }

    fn explain_illegal(&self, ply: WhirlwindPly) -> String {
        self.explain(ply)
    }

    #[inline]
    fn status(&self) -> Status {
        self.status
    }

    #[inline]
    fn random_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<WhirlwindPly> {
        self.random(rng)
    }

    // `hash` is the trait's default, from scratch: the search asks for it
    // a few times a search, while keeping it would cost every playout ply.

    fn hash_from_scratch(&self) -> u64 {
        self.hash_of_position()
    }

    fn plies_played(&self) -> u32 {
        self.plies
    }

    fn length_cap(&self) -> Option<u32> {
        self.cap
    }

    fn last_ply(&self) -> Option<WhirlwindPly> {
        self.last
    }

    fn goal(&self, colour: Colour) -> Option<String> {
        Some(render::goal(colour))
    }

    fn ply_codec() -> Option<abstracta_core::PlyCodec<WhirlwindPly>> {
        Some(abstracta_core::PlyCodec {
            encode: WhirlwindPly::code,
            decode: WhirlwindPly::from_code,
        })
    }
}
