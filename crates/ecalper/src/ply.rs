//! Ecalper's plies and their notation.

use std::fmt;
use std::str::FromStr;

use abstracta_core::{pack_ply_code, ply_code_point, ply_code_variant, ParsePlyError, Point};

/// One Ecalper ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EcalperPly {
    /// Replace an opponent stone placed in their last turn (`xd4`).
    Replace(Point),
    /// Place a stone on an empty cell (`d4`).
    Place(Point),
    /// The pie-rule swap, instead of White's first replacement (`swap`).
    Swap,
}

impl EcalperPly {
    /// The ply as an integer code ([`abstracta_core::PlyCodec`]): the
    /// variant in the low byte, its points' bits above.
    pub fn code(self) -> u64 {
        match self {
            EcalperPly::Swap => pack_ply_code(0, &[]),
            EcalperPly::Place(p) => pack_ply_code(1, &[p]),
            EcalperPly::Replace(p) => pack_ply_code(2, &[p]),
        }
    }

    /// The ply of a [`code`](Self::code) (some ply for other codes).
    pub fn from_code(code: u64) -> EcalperPly {
        let point = ply_code_point(code, 0);
        match ply_code_variant(code) {
            1 => EcalperPly::Place(point),
            2 => EcalperPly::Replace(point),
            _ => EcalperPly::Swap,
        }
    }
}

#[cfg(feature = "serde")]
abstracta_core::text_serde!(EcalperPly);

impl fmt::Display for EcalperPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EcalperPly::Replace(p) => write!(f, "x{p}"),
            EcalperPly::Place(p) => write!(f, "{p}"),
            EcalperPly::Swap => f.write_str("swap"),
        }
    }
}

impl FromStr for EcalperPly {
    type Err = ParsePlyError;

    fn from_str(s: &str) -> Result<Self, ParsePlyError> {
        const EXPECTED: &str = "a cell such as d4 (placement), xd4 (replacement) or swap";
        let t = s.trim();
        if t.eq_ignore_ascii_case("swap") {
            return Ok(EcalperPly::Swap);
        }
        let bytes = t.as_bytes();
        // `x` is also a column letter, but no board is that wide; a leading
        // `x` followed by a letter can only be a replacement.
        if bytes.len() >= 2 && bytes[0].eq_ignore_ascii_case(&b'x') && bytes[1].is_ascii_alphabetic() {
            let p: Point = t[1..].parse().map_err(|_| ParsePlyError::new(s, EXPECTED))?;
            return Ok(EcalperPly::Replace(p));
        }
        t.parse::<Point>()
            .map(EcalperPly::Place)
            .map_err(|_| ParsePlyError::new(s, EXPECTED))
    }
}
