//! Swack: a territory game of stacking moves on a fully covered checkered
//! board (RULES.md, section Swack).
//!
//! ```
//! use abstracta_core::prelude::*;
//! use swack::{Swack, SwackOptions};
//!
//! let mut game = Swack::new(SwackOptions::new(4).unwrap());
//! game.play_list("a1-b1 pass pass").unwrap();
//! assert!(game.status().is_finished());
//! println!("{game}");
//! ```
//!
//! After two passes in succession, black and white groups of equal size
//! are removed in pairs and the owner of the biggest remaining group wins.
//! [`Swack`] is the bitboard engine behind the [`Game`] trait; with the
//! `reference` feature, `reference::ReferenceSwack` is a deliberately plain
//! implementation of the same rules for tests. Positions read and print
//! as [`Cells<Stack>`](abstracta_core::Cells) diagrams (`"b1 w1 / w1 b1"`).
//!
//! ```
//! use abstracta_core::{Game, GameOptions, PlyBuf};
//! use swack::{Swack, SwackOptions};
//!
//! let game = Swack::new(SwackOptions::from_spec("swack:size=4").unwrap());
//! let mut plies = PlyBuf::new();
//! game.legal_plies(&mut plies);
//! // 24 stacking moves (one per adjacent pair of squares) and a pass.
//! assert_eq!(plies.len(), 25);
//! assert_eq!(game.board_cells().to_string().lines().next(), Some("w1 b1 w1 b1"));
//! ```
//!
//! Layout: `options.rs` (the spec), `ply.rs` (notation), `stack.rs` (the
//! cell type), `engine.rs` (the bitboard engine and its storage by size),
//! `groups.rs` (groups and scoring), `render.rs` (the text board),
//! `reference.rs` (the plain implementation).
//!
//! # Representation and measurements
//!
//! Heights are kept as eight bit-sliced planes plus one occupancy bitboard
//! per colour, so the stacking moves in one direction are
//! `shift(mine) & theirs` minus the squares where any height plane differs
//! from its shifted self. Heights never decrease, so only the planes in use
//! are scanned. Boards up to 10x10 use two-word bitboards, up to 14x14 four,
//! up to 20x20 seven, beyond that eleven. The game status is computed once,
//! when the second pass ends the game.
//!
//! `benches/swack.rs` measured, in one run on a 2-core machine shared with
//! other builds (load average about 16, so absolute times are inflated;
//! ratios are from the same run):
//!
//! | hot path (8x8 unless said) | bitboard | reference | ratio |
//! |---|---|---|---|
//! | stacking moves, start (112 plies into the buffer) | 0.85 us | 6.1 us | 7x |
//! | stacking moves, after 10 / 30 plies | 0.46 / 0.26 us | 5.5 / 4.3 us | 12x / 16x |
//! | stacking-move sets only (no ply list), start / 30 plies | 62 / 71 ns | - | 97x / 60x |
//! | legal plies, Free Swack start (225 plies) / after 20 | 1.09 / 0.34 us | 5.3 / 6.9 us | 5x / 20x |
//! | scoring, start / after 30 / after 60 plies | 0.085 / 0.98 / 0.76 us | 22 / 13.8 / 13.1 us | 261x / 14x / 17x |
//! | scoring, 19x19 after 200 plies | 17 us | 98 us | 6x |
//! | group sizes after 30 plies | 1.2 us | 13 us | 11x |
//! | random playout from the start | 22 us | 654 us | 30x |
//! | random playout, Free Swack | 16 us | 523 us | 33x |
//!
//! About 45,000 random playouts per second from the 8x8 start on one thread
//! (`cargo run --release --example random_game -- swack 1 200000`; 61
//! plies per playout on average with a uniform policy including pass).
//! Writing many plies into the buffer is bounded by converting bit indices
//! to points, not by finding the moves.

use abstracta_core::{Colour, Game, PlyBuf, Status};
use rand::Rng;

mod actions;
mod engine;
mod groups;
mod knowledge;
mod options;
mod ply;
#[cfg(feature = "reference")]
pub mod reference;
mod render;
mod winning;

/// What a Swack square holds (S2): a stack, written `b2` (a black-topped
/// stack of two) or `w1` in diagrams.
pub use crate::actions::SwackEncoding;
pub use crate::knowledge::SwackKnowledge;
pub use abstracta_core::{ParseStackError, Stack};
pub use engine::Swack;
pub use options::{SwackOptions, Variant, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use ply::SwackPly;

impl Game for Swack {
    type Ply = SwackPly;
    type Options = SwackOptions;
    const NAME: &'static str = "swack";

    fn new(options: SwackOptions) -> Self {
        Swack::start(options)
    }

    fn options(&self) -> &SwackOptions {
        &self.options
    }

    fn to_move_colour(&self) -> abstracta_core::Colour {
        self.to_move
    }

    fn swapped(&self) -> bool {
        self.swapped
    }

    fn legal_plies(&self, out: &mut PlyBuf<SwackPly>) {
        self.legal_into(out);
    }

    fn is_legal(&self, ply: SwackPly) -> bool {
        self.legal(ply)
    }

    fn explain_illegal(&self, ply: SwackPly) -> String {
        self.why_illegal(ply)
    }

    fn play_unchecked(&mut self, ply: SwackPly) {
        self.play(ply);
    }

    fn status(&self) -> Status {
        self.current_status()
    }

    fn random_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<SwackPly> {
        self.random(rng)
    }

    fn hash_from_scratch(&self) -> u64 {
        self.fresh_hash()
    }

    fn plies_played(&self) -> u32 {
        self.plies
    }

    fn length_cap(&self) -> Option<u32> {
        self.cap
    }

    fn last_ply(&self) -> Option<SwackPly> {
        self.last
    }

    fn goal(&self, colour: Colour) -> Option<String> {
        Some(render::goal(colour))
    }

    fn ply_codec() -> Option<abstracta_core::PlyCodec<SwackPly>> {
        Some(abstracta_core::PlyCodec {
            encode: SwackPly::code,
            decode: SwackPly::from_code,
        })
    }
}

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use crate::{SwackOptions, SwackPly, Variant};

    #[test]
    fn plies_and_options_round_trip_through_json() {
        for text in ["c3-c4", "c3+c4", "pass", "swap"] {
            let ply: SwackPly = text.parse().unwrap();
            let json = serde_json::to_string(&ply).unwrap();
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<SwackPly>(&json).unwrap(), ply);
        }
        assert!(serde_json::from_str::<SwackPly>("\"c3*c4\"").is_err());
        let options = SwackOptions::new(6)
            .unwrap()
            .with_variant(Variant::Free)
            .with_pie(false);
        let json = serde_json::to_string(&options).unwrap();
        assert_eq!(json, "\"swack:size=6,variant=free,pie=off\"");
        assert_eq!(serde_json::from_str::<SwackOptions>(&json).unwrap(), options);
        assert!(serde_json::from_str::<SwackOptions>("\"swack:size=40\"").is_err());
    }
}
