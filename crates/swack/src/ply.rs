//! Swack plies and their notation: `pass`, `swap`, `c3-c4`, `c3+c4`.

use std::fmt;
use std::str::FromStr;

use abstracta_core::{pack_ply_code, ply_code_point, ply_code_variant, ParsePlyError, Point};

/// One Swack ply (one turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SwackPly {
    /// Pass (S4); two passes in succession end the game (S5).
    Pass,
    /// Stacking move (S4): the top piece of `from` goes onto the equal-height
    /// enemy stack `to`. Written `c3-c4`.
    Stack {
        /// The mover's stack.
        from: Point,
        /// The adjacent enemy stack of the same height.
        to: Point,
    },
    /// Pie-rule swap (S8).
    Swap,
    /// Free Swack drop (S9): a friendly height-2 stack on `two` and an
    /// enemy height-1 stack on the adjacent `one`. Written `c3+c4`.
    Drop {
        /// Where the height-2 friendly stack goes.
        two: Point,
        /// Where the height-1 enemy stack goes.
        one: Point,
    },
}

impl SwackPly {
    /// The ply as an integer code ([`abstracta_core::PlyCodec`]): the
    /// variant in the low byte, its points' bits above.
    pub fn code(self) -> u64 {
        match self {
            SwackPly::Pass => pack_ply_code(0, &[]),
            SwackPly::Swap => pack_ply_code(1, &[]),
            SwackPly::Stack { from, to } => pack_ply_code(2, &[from, to]),
            SwackPly::Drop { two, one } => pack_ply_code(3, &[two, one]),
        }
    }

    /// The ply of a [`code`](Self::code) (some ply for other codes).
    pub fn from_code(code: u64) -> SwackPly {
        let point = |i| ply_code_point(code, i);
        match ply_code_variant(code) {
            1 => SwackPly::Swap,
            2 => SwackPly::Stack {
                from: point(0),
                to: point(1),
            },
            3 => SwackPly::Drop {
                two: point(0),
                one: point(1),
            },
            _ => SwackPly::Pass,
        }
    }
}

impl fmt::Display for SwackPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwackPly::Pass => f.write_str("pass"),
            SwackPly::Swap => f.write_str("swap"),
            SwackPly::Stack { from, to } => write!(f, "{from}-{to}"),
            SwackPly::Drop { two, one } => write!(f, "{two}+{one}"),
        }
    }
}

const EXPECTED: &str = "pass, swap, a stacking move such as c3-c4, or a Free Swack drop such as c3+c4";

impl FromStr for SwackPly {
    type Err = ParsePlyError;

    fn from_str(s: &str) -> Result<SwackPly, ParsePlyError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(SwackPly::Pass);
        }
        if t.eq_ignore_ascii_case("swap") {
            return Ok(SwackPly::Swap);
        }
        let err = || ParsePlyError::new(s, EXPECTED);
        let (a, rest) = Point::parse_prefix(t).map_err(|_| err())?;
        let mut chars = rest.chars();
        let sep = chars.next().ok_or_else(err)?;
        let b: Point = chars.as_str().parse().map_err(|_| err())?;
        match sep {
            '-' => Ok(SwackPly::Stack { from: a, to: b }),
            '+' => Ok(SwackPly::Drop { two: a, one: b }),
            _ => Err(err()),
        }
    }
}

#[cfg(feature = "serde")]
abstracta_core::text_serde!(SwackPly);
