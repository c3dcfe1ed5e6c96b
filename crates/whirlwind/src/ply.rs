//! The ply notation: a point such as `c3`, or `end`.

use std::fmt;
use std::str::FromStr;

use abstracta_core::{pack_ply_code, ply_code_point, ply_code_variant, ParsePlyError, Point};

/// One Whirlwind ply: a stone, or the end of a one-stone turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WhirlwindPly {
    /// Place a stone of the mover's colour (`c3`).
    Place(Point),
    /// End the turn after one stone (`end`).
    End,
}

impl WhirlwindPly {
    /// The ply as an integer code ([`abstracta_core::PlyCodec`]): the
    /// variant in the low byte, its points' bits above.
    pub fn code(self) -> u64 {
        match self {
            WhirlwindPly::End => pack_ply_code(0, &[]),
            WhirlwindPly::Place(p) => pack_ply_code(1, &[p]),
        }
    }

    /// The ply of a [`code`](Self::code) (some ply for other codes).
    pub fn from_code(code: u64) -> WhirlwindPly {
        match ply_code_variant(code) {
            1 => WhirlwindPly::Place(ply_code_point(code, 0)),
            _ => WhirlwindPly::End,
        }
    }
}

impl fmt::Display for WhirlwindPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WhirlwindPly::Place(p) => write!(f, "{p}"),
            WhirlwindPly::End => f.write_str("end"),
        }
    }
}

impl FromStr for WhirlwindPly {
    type Err = ParsePlyError;

    fn from_str(s: &str) -> Result<Self, ParsePlyError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("end") {
            return Ok(WhirlwindPly::End);
        }
        t.parse::<Point>()
            .map(WhirlwindPly::Place)
            .map_err(|_| ParsePlyError::new(s, "a point such as c3 (column a..z, row 1..26), or end"))
    }
}

#[cfg(feature = "serde")]
abstracta_core::text_serde!(WhirlwindPly);
