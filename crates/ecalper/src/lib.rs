//! Ecalper (Matteo Perlini, 2010): a territory game on a hex-hex board where
//! every turn replaces one of the opponent's three newly placed stones and
//! places three more; the largest group wins.
//!
//! ```
//! use abstracta_core::{Colour, Game, PlyBuf};
//! use ecalper::{Ecalper, EcalperOptions};
//!
//! let mut game = Ecalper::new(EcalperOptions::default());
//! game.play_list("a1 b2 c3").unwrap(); // Black's first turn: three placements
//! assert_eq!(game.to_move_colour(), Colour::White);
//! let mut plies = PlyBuf::new();
//! game.legal_plies(&mut plies);
//! assert_eq!(plies.len(), 4); // replace one of the three, or swap
//! game.play_str("xb2").unwrap(); // White takes over b2 ...
//! game.play_list("d1 a2 c2").unwrap(); // ... and places three stones, ascending
//! assert!(game.play_str("xb2").is_err(), "b2 was gained by replacement, not placed");
//! game.play_str("xa2").unwrap();
//! println!("{game}"); // the board, as `game.render()`
//! ```
//!
//! The rules are those of RULES.md, section Ecalper (also
//! `docs/rules/ecalper.md`). A turn is several plies by the same player:
//! `Replace(cell)` (`xd4`), then three `Place(cell)` (`d4`) in strictly
//! ascending row-major order. Black's first turn is three placements; White
//! may `swap` instead of its first replacement; Black's last turn is a
//! single replacement.
//!
//! # Engine
//!
//! [`Ecalper`] keeps one bitboard per colour plus the set of *marked*
//! stones: the stones the mover may replace while a replacement is owed, and
//! the stones placed so far in the current turn otherwise (which become the
//! next turn's replaceable stones). The bitboard width is picked per size
//! (3, 6 or 9 words) so small boards do not pay for big ones. The result is
//! computed once, when the last replacement is played, so `status` is a
//! field read.
//!
//! Group sizes and counts (rule C5) come from one scan of the rows: each
//! row's runs of stones are cut out of the bitboard with bit tricks and
//! joined by union-find to the touching runs of the row below. That is
//! linear in the number of runs, where bitboard flood fills need as many
//! rounds as a group is long, and end-of-game groups are long snakes.
//!
//! `random_ply` never builds a list: a placement is the `j`-th open cell of
//! the bitboard, with `j` the minimum of as many distinct random draws as
//! placements are owed, which makes a turn's three cells a uniform random
//! set (and every choice leaves room for the rest of the turn).
//!
//! `Display` draws the hexagon with rows
//! numbered on the left and column letters along the two lower edges;
//! `x`/`o` are Black and White, upper case marks the stones that may be
//! replaced now (or were placed so far this turn), and the last ply's cell
//! is in parentheses.
//!
//! Layout: `options.rs` (options), `ply.rs` (plies and their notation),
//! `engine.rs` (the bitboard engine and the storage by board size),
//! `groups.rs` (group counting), `render.rs` (text), `reference.rs` (the
//! reference implementation, feature `reference`).

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

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

use abstracta_core::{Colour, Game, PlyBuf, Status};
use rand::Rng;

use engine::{with_engine, with_engine_mut, Storage};

pub use crate::actions::EcalperEncoding;
pub use crate::knowledge::EcalperKnowledge;
pub use engine::Ecalper;
pub use options::{on_board, EcalperOptions, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use ply::EcalperPly;

impl Game for Ecalper {
    type Ply = EcalperPly;
    type Options = EcalperOptions;
    const NAME: &'static str = "ecalper";

    fn new(options: EcalperOptions) -> Self {
        let storage = Storage::new(options.size(), options.pie());
        let cap = options.cap().resolve(None);
        Ecalper {
            options,
            cap,
            storage,
        }
    }

    fn options(&self) -> &EcalperOptions {
        &self.options
    }

    fn to_move_colour(&self) -> Colour {
        with_engine!(self, e => e.to_move)
    }

    fn swapped(&self) -> bool {
        with_engine!(self, e => e.swapped)
    }

    fn legal_plies(&self, out: &mut PlyBuf<EcalperPly>) {
        out.clear();
        if self.capped() {
            return;
        }
        with_engine!(self, e => e.legal_plies(out))
    }

    fn play_unchecked(&mut self, ply: EcalperPly) {
        with_engine_mut!(self, e => e.play(ply))
    }

    fn is_legal(&self, ply: EcalperPly) -> bool {
        !self.capped() && with_engine!(self, e => e.is_legal(ply))
    }

    fn explain_illegal(&self, ply: EcalperPly) -> String {
        self.explain(ply)
    }

    fn status(&self) -> Status {
        match with_engine!(self, e => e.winner) {
            Some(Some(colour)) => Status::win(colour, self.seat_of(colour)),
            Some(None) => Status::draw(),
            None if self.capped() => Status::length_cap(),
            None => Status::Ongoing,
        }
    }

    #[inline]
    fn random_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EcalperPly> {
        if self.capped() {
            return None;
        }
        with_engine!(self, e => e.random_ply(rng))
    }

    // `hash` is the trait's default, from scratch: the search asks for it
    // a few times a search, while keeping it would cost every playout ply.

    fn hash_from_scratch(&self) -> u64 {
        with_engine!(self, e => e.hash_from_scratch())
    }

    fn plies_played(&self) -> u32 {
        with_engine!(self, e => e.plies)
    }

    fn length_cap(&self) -> Option<u32> {
        self.cap
    }

    fn last_ply(&self) -> Option<EcalperPly> {
        with_engine!(self, e => e.last)
    }

    fn goal(&self, colour: Colour) -> Option<String> {
        Some(render::goal(colour))
    }

    fn ply_codec() -> Option<abstracta_core::PlyCodec<EcalperPly>> {
        Some(abstracta_core::PlyCodec {
            encode: EcalperPly::code,
            decode: EcalperPly::from_code,
        })
    }
}

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use super::*;

    #[test]
    fn plies_and_options_round_trip_through_json() {
        for text in ["d4", "xd4", "swap"] {
            let ply: EcalperPly = text.parse().unwrap();
            let json = serde_json::to_string(&ply).unwrap();
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<EcalperPly>(&json).unwrap(), ply);
        }
        assert!(serde_json::from_str::<EcalperPly>("\"zz\"").is_err());
        let options = EcalperOptions::new(5).unwrap().with_pie(false);
        let json = serde_json::to_string(&options).unwrap();
        assert_eq!(json, "\"ecalper:size=5,pie=off\"");
        assert_eq!(serde_json::from_str::<EcalperOptions>(&json).unwrap(), options);
        assert!(serde_json::from_str::<EcalperOptions>("\"ecalper:size=13\"").is_err());
    }
}
