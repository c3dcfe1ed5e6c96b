//! A ply: a phalanx move (`a1-a3`, `c3xc5`) or a stone (`*e6`).

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use abstracta_core::{pack_ply_code, ply_code_point, ply_code_variant, ParsePlyError, Point};

use crate::{HEIGHT, WIDTH};

/// One ply of Epaminondas.
///
/// A move names the square of the rearmost moving piece and the square it
/// lands on (RULES.md P2); direction and distance follow, and the moving part
/// is `from` plus every contiguous friendly piece ahead of it.
///
/// The `capture` flag only decides how the ply prints (`FROMxTO`). Parsing
/// reads it from the separator, but text cannot know whether a move captures,
/// so equality, hashing and ordering ignore the flag: `a1-a3` and `a1xa3` are
/// the same ply. Generated plies carry the right flag, and playing a ply
/// records it with the flag resolved against the board, so
/// [`last_ply`](abstracta_core::Game::last_ply) always prints correctly.
#[derive(Clone, Copy, Debug)]
pub enum EpaminondasPly {
    /// Move the phalanx whose rear piece is on `from` so that the rear lands on `to`.
    Move {
        /// The rearmost moving piece.
        from: Point,
        /// Where that piece lands.
        to: Point,
        /// Whether the move captures (printing only; see the type docs).
        capture: bool,
    },
    /// Place a neutral stone (Romeral variant, P7): `*e6`.
    Stone(Point),
}

impl EpaminondasPly {
    /// A move from `from` to `to` (capture flag unset).
    pub const fn step(from: Point, to: Point) -> Self {
        EpaminondasPly::Move {
            from,
            to,
            capture: false,
        }
    }

    /// The ply as an integer code ([`abstracta_core::PlyCodec`]): the
    /// variant in the low byte, its points' bits above, then the capture
    /// flag (which the code keeps, as printing needs it).
    pub fn code(self) -> u64 {
        match self {
            EpaminondasPly::Stone(p) => pack_ply_code(0, &[p]),
            EpaminondasPly::Move { from, to, capture } => {
                pack_ply_code(1, &[from, to]) | (u64::from(capture) << 40)
            }
        }
    }

    /// The ply of a [`code`](Self::code) (some ply for other codes).
    pub fn from_code(code: u64) -> EpaminondasPly {
        let point = |i| ply_code_point(code, i);
        match ply_code_variant(code) {
            1 => EpaminondasPly::Move {
                from: point(0),
                to: point(1),
                capture: (code >> 40) & 1 == 1,
            },
            _ => EpaminondasPly::Stone(point(0)),
        }
    }

    fn key(&self) -> (u8, Point, Point) {
        match *self {
            EpaminondasPly::Move { from, to, .. } => (0, from, to),
            EpaminondasPly::Stone(p) => (1, p, p),
        }
    }
}

impl PartialEq for EpaminondasPly {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for EpaminondasPly {}

impl Hash for EpaminondasPly {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl PartialOrd for EpaminondasPly {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for EpaminondasPly {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for EpaminondasPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpaminondasPly::Move { from, to, capture } => {
                write!(f, "{from}{}{to}", if *capture { 'x' } else { '-' })
            }
            EpaminondasPly::Stone(p) => write!(f, "*{p}"),
        }
    }
}

const EXPECTED: &str = "a move FROM-TO or FROMxTO (e.g. a2-a4, c3xc5) or a stone *e6, \
                        on columns a..n and rows 1..12";

fn on_board(p: Point) -> bool {
    p.col < WIDTH && p.row < HEIGHT
}

#[cfg(feature = "serde")]
abstracta_core::text_serde!(EpaminondasPly);

impl FromStr for EpaminondasPly {
    type Err = ParsePlyError;

    fn from_str(s: &str) -> Result<Self, ParsePlyError> {
        let t = s.trim();
        let err = || ParsePlyError::new(s, EXPECTED);
        if let Some(rest) = t.strip_prefix('*') {
            let p: Point = rest.parse().map_err(|_| err())?;
            return if on_board(p) {
                Ok(EpaminondasPly::Stone(p))
            } else {
                Err(err())
            };
        }
        let (from, rest) = Point::parse_prefix(t).map_err(|_| err())?;
        let mut chars = rest.chars();
        let capture = match chars.next() {
            Some('-') => false,
            Some('x' | 'X') => true,
            _ => return Err(err()),
        };
        let to: Point = chars.as_str().parse().map_err(|_| err())?;
        if !on_board(from) || !on_board(to) {
            return Err(err());
        }
        Ok(EpaminondasPly::Move { from, to, capture })
    }
}
