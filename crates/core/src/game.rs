//! The [`Game`] trait every rule engine implements.

use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

use rand::Rng;
use smallvec::SmallVec;

use crate::error::{ParsePlyError, PlayError, PlyListError};
use crate::point::Point;
use crate::side::{Colour, Seat, Status};
use crate::spec::GameOptions;

/// The reusable buffer legal plies are written into.
///
/// Inline for the common case; it spills to the heap once for big boards and
/// keeps that allocation when reused.
pub type PlyBuf<P> = SmallVec<[P; 128]>;

/// A two-player game with exact rules, as used by perft, MCTS, tournaments
/// and the engine protocol.
///
/// The unit of play is a *ply*. Games whose turns have several actions
/// (Ecalper, Whirlwind) simply return the same seat from
/// [`to_move_seat`](Game::to_move_seat) for several plies in a row; nothing
/// assumes that seats alternate.
///
/// Seats and colours differ after a pie-rule swap: the default methods derive
/// the seat from [`FIRST_COLOUR`](Game::FIRST_COLOUR) and
/// [`swapped`](Game::swapped).
///
/// ```
/// use abstracta_core::{Game, PlyBuf, toy::TicTacToe};
/// let mut game = TicTacToe::new(Default::default());
/// let mut plies = PlyBuf::new();
/// game.legal_plies(&mut plies);
/// assert_eq!(plies.len(), 9);
/// game.play_str("b2").unwrap();
/// assert!(game.play_str("b2").is_err());
/// ```
///
/// Game states also implement `Display` (the board: coordinates on the
/// edges, the last ply marked, and a line saying who is to move, colour and
/// seat, or how the game ended) and `Eq`; the games of the
/// collection implement `std::hash::Hash` too (not required here: its
/// `hash` method would clash with [`Game::hash`] in generic code).
pub trait Game: Clone + fmt::Debug + fmt::Display + Eq + Send + Sync + 'static {
    /// One atomic action, printed and parsed in the RULES.md notation.
    type Ply: Copy
        + Eq
        + Hash
        + fmt::Debug
        + fmt::Display
        + FromStr<Err = ParsePlyError>
        + Send
        + Sync
        + 'static;
    /// The game's options, read from a spec.
    type Options: GameOptions;

    /// The game's name in specs.
    const NAME: &'static str;
    /// The colour that makes the first ply.
    const FIRST_COLOUR: Colour = Colour::Black;

    /// The start position for `options`.
    fn new(options: Self::Options) -> Self;

    /// The options this game was created with.
    fn options(&self) -> &Self::Options;

    /// The colour of the side to move (meaningless once finished).
    fn to_move_colour(&self) -> Colour;

    /// Whether the pie-rule swap has been played.
    fn swapped(&self) -> bool {
        false
    }

    /// The seat owning `colour` now.
    fn seat_of(&self, colour: Colour) -> Seat {
        if (colour == Self::FIRST_COLOUR) != self.swapped() {
            Seat::First
        } else {
            Seat::Second
        }
    }

    /// The colour owned by `seat` now.
    fn colour_of(&self, seat: Seat) -> Colour {
        if (seat == Seat::First) != self.swapped() {
            Self::FIRST_COLOUR
        } else {
            Self::FIRST_COLOUR.opponent()
        }
    }

    /// The seat to move.
    fn to_move_seat(&self) -> Seat {
        self.seat_of(self.to_move_colour())
    }

    /// Clears `out` and writes every legal ply into it, without duplicates.
    /// A finished game has none.
    fn legal_plies(&self, out: &mut PlyBuf<Self::Ply>);

    /// Plays `ply`, which the caller guarantees is legal. Behaviour on an
    /// illegal ply is unspecified (but memory safe); use [`play`](Game::play)
    /// for anything that comes from outside.
    fn play_unchecked(&mut self, ply: Self::Ply);

    /// Whether `ply` is legal now.
    fn is_legal(&self, ply: Self::Ply) -> bool {
        let mut plies = PlyBuf::new();
        self.legal_plies(&mut plies);
        plies.contains(&ply)
    }

    /// Plays `ply` if it is legal; otherwise leaves the position unchanged
    /// and says why.
    fn play(&mut self, ply: Self::Ply) -> Result<(), PlayError> {
        let status = self.status();
        if status.is_finished() {
            return Err(PlayError::GameOver { status });
        }
        if !self.is_legal(ply) {
            return Err(PlayError::Illegal {
                ply: ply.to_string(),
                reason: self.explain_illegal(ply),
            });
        }
        self.play_unchecked(ply);
        Ok(())
    }

    /// A human-readable reason why `ply` is illegal. The default lists a
    /// few legal plies; games may say more.
    fn explain_illegal(&self, _ply: Self::Ply) -> String {
        let mut plies = PlyBuf::new();
        self.legal_plies(&mut plies);
        let shown: Vec<String> = plies.iter().take(12).map(|p| p.to_string()).collect();
        let more = if plies.len() > shown.len() {
            format!(" and {} more", plies.len() - shown.len())
        } else {
            String::new()
        };
        format!(
            "it is not legal here; legal plies include {}{more}",
            shown.join(" ")
        )
    }

    /// Parses `text` as a ply and plays it if legal.
    fn play_str(&mut self, text: &str) -> Result<Self::Ply, PlayError> {
        let ply: Self::Ply = text.trim().parse()?;
        self.play(ply)?;
        Ok(ply)
    }

    /// Plays a list of plies separated by spaces or commas, stopping at the
    /// first bad one (the plies before it stay played).
    fn play_list(&mut self, text: &str) -> Result<Vec<Self::Ply>, PlyListError> {
        let mut played = Vec::new();
        for (i, word) in split_ply_list(text).enumerate() {
            match self.play_str(word) {
                Ok(ply) => played.push(ply),
                Err(error) => {
                    return Err(PlyListError {
                        index: i + 1,
                        text: crate::error::excerpt(word),
                        error,
                    })
                }
            }
        }
        Ok(played)
    }

    /// The game's state: ongoing, or finished with an outcome.
    fn status(&self) -> Status;

    /// A legal ply chosen at random, or `None` when the game is over.
    ///
    /// The default draws uniformly from [`legal_plies`](Game::legal_plies);
    /// games override it with something faster (not necessarily uniform).
    fn random_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Ply> {
        let mut plies = PlyBuf::new();
        self.legal_plies(&mut plies);
        if plies.is_empty() {
            None
        } else {
            Some(plies[rng.gen_range(0..plies.len())])
        }
    }

    /// The 64-bit Zobrist hash of the position. It covers everything that
    /// decides the legal plies and the outcome. The default computes it
    /// [from scratch](Game::hash_from_scratch): a search asks for it a few
    /// times, not per ply, so keeping it incrementally pays only for a game
    /// whose own rules or callers need it after every ply.
    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }

    /// The same hash computed from nothing (tests compare it with
    /// [`hash`](Game::hash)).
    fn hash_from_scratch(&self) -> u64;

    /// Plies played since the start position (including swaps).
    fn plies_played(&self) -> u32;

    /// The effective length cap in plies, if any. The default: none.
    fn length_cap(&self) -> Option<u32> {
        None
    }

    /// The last ply played, if any (renderings mark it). The default says
    /// none; the games of the collection keep it.
    fn last_ply(&self) -> Option<Self::Ply> {
        None
    }

    /// What the side playing `colour` aims for, in a few words for people
    /// (`"connect top and bottom"`): text boards print it, and players say
    /// it when a pie-rule swap changes who plays which colour. The
    /// default: nothing to say.
    fn goal(&self, colour: Colour) -> Option<String> {
        let _ = colour;
        None
    }

    /// Plies as integer codes and back, for searches that keep plies in
    /// atomic words: a search tree written by several threads can then
    /// store a ply with one plain atomic store instead of a general
    /// write-once cell (which costs two locked instructions). The
    /// default: `None`, no codes (such searches keep plies otherwise).
    fn ply_codec() -> Option<PlyCodec<Self::Ply>> {
        None
    }
}

/// An exact integer form of a game's plies ([`Game::ply_codec`]).
///
/// `decode(encode(p)) == p` for every ply `p`, and no code is
/// [`PlyCodec::NONE`] (searches mark "no ply" with it). `decode` of a code
/// no ply gives returns some ply, never panics.
///
/// ```
/// use abstracta_core::{Game, toy::TicTacToe};
///
/// assert!(TicTacToe::ply_codec().is_none()); // the default
/// ```
pub struct PlyCodec<P> {
    /// The code of a ply.
    pub encode: fn(P) -> u64,
    /// The ply of a code made by `encode`.
    pub decode: fn(u64) -> P,
}

impl<P> PlyCodec<P> {
    /// The one code no ply has.
    pub const NONE: u64 = u64::MAX;
}

/// The code of a ply in the layout the games' [`PlyCodec`]s share:
/// `variant` in the low byte, then each of `points` in 16 bits
/// ([`Point::bits`]) from bit 8; the bits above the last point are the
/// game's own.
///
/// ```
/// use abstracta_core::{pack_ply_code, ply_code_point, ply_code_variant, Point};
/// let code = pack_ply_code(2, &[Point::new(1, 3), Point::new(4, 0)]);
/// assert_eq!(ply_code_variant(code), 2);
/// assert_eq!(ply_code_point(code, 1), Point::new(4, 0));
/// ```
pub const fn pack_ply_code(variant: u8, points: &[Point]) -> u64 {
    let mut code = variant as u64;
    let mut i = 0;
    while i < points.len() {
        code |= (points[i].bits() as u64) << (8 + 16 * i);
        i += 1;
    }
    code
}

/// The variant byte of a [`pack_ply_code`] code.
pub const fn ply_code_variant(code: u64) -> u8 {
    code as u8
}

/// Point `index` of a [`pack_ply_code`] code.
pub const fn ply_code_point(code: u64, index: usize) -> Point {
    Point::from_bits((code >> (8 + 16 * index)) as u16)
}

impl<P> Clone for PlyCodec<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for PlyCodec<P> {}

impl<P> fmt::Debug for PlyCodec<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PlyCodec")
    }
}

/// Splits a ply list on spaces and commas, skipping empty pieces.
pub fn split_ply_list(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
}

/// Parses a list of plies (without playing them).
pub fn parse_ply_list<P: FromStr<Err = ParsePlyError>>(text: &str) -> Result<Vec<P>, PlyListError> {
    split_ply_list(text)
        .enumerate()
        .map(|(i, word)| {
            word.parse().map_err(|e| PlyListError {
                index: i + 1,
                text: crate::error::excerpt(word),
                error: PlayError::Parse(e),
            })
        })
        .collect()
}

/// Plays uniformly random plies (through [`Game::random_ply`]) until the
/// game ends; returns the final status. Never allocates.
pub fn random_playout<G: Game, R: Rng + ?Sized>(game: &mut G, rng: &mut R) -> Status {
    while let Some(ply) = game.random_ply(rng) {
        game.play_unchecked(ply);
    }
    game.status()
}
