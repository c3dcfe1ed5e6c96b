//! Escabel plies and their notation: `c3`, `c3-c4`, `swap`.

use std::fmt;
use std::str::FromStr;

use abstracta_core::{pack_ply_code, ply_code_point, ply_code_variant, ParsePlyError, Point};

/// One Escabel ply (one per turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EscabelPly {
    /// E4: put one piece of your colour on an empty point (`c3`).
    Place(Point),
    /// E5: move your top piece from `from` onto the orthogonally adjacent
    /// enemy stack `to` of the same height (`c3-c4`).
    Stack {
        /// Your stack.
        from: Point,
        /// The enemy stack it moves onto.
        to: Point,
    },
    /// E8: the pie-rule swap (`swap`).
    Swap,
}

impl EscabelPly {
    /// The ply as an integer code ([`abstracta_core::PlyCodec`]): the
    /// variant in the low byte, its points' bits above.
    pub fn code(self) -> u64 {
        match self {
            EscabelPly::Swap => pack_ply_code(0, &[]),
            EscabelPly::Place(p) => pack_ply_code(1, &[p]),
            EscabelPly::Stack { from, to } => pack_ply_code(2, &[from, to]),
        }
    }

    /// The ply of a [`code`](Self::code) (some ply for other codes).
    pub fn from_code(code: u64) -> EscabelPly {
        let point = |i| ply_code_point(code, i);
        match ply_code_variant(code) {
            1 => EscabelPly::Place(point(0)),
            2 => EscabelPly::Stack {
                from: point(0),
                to: point(1),
            },
            _ => EscabelPly::Swap,
        }
    }
}

impl fmt::Display for EscabelPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EscabelPly::Place(p) => write!(f, "{p}"),
            EscabelPly::Stack { from, to } => write!(f, "{from}-{to}"),
            EscabelPly::Swap => f.write_str("swap"),
        }
    }
}

#[cfg(feature = "serde")]
abstracta_core::text_serde!(EscabelPly);

const EXPECTED: &str = "a point such as c3, a stacking move such as c3-c4, or swap";

impl FromStr for EscabelPly {
    type Err = ParsePlyError;

    fn from_str(s: &str) -> Result<Self, ParsePlyError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("swap") {
            return Ok(EscabelPly::Swap);
        }
        let bad = || ParsePlyError::new(s, EXPECTED);
        let (from, rest) = Point::parse_prefix(t).map_err(|_| bad())?;
        if rest.is_empty() {
            return Ok(EscabelPly::Place(from));
        }
        let Some(rest) = rest.strip_prefix('-') else {
            return Err(bad());
        };
        let (to, rest) = Point::parse_prefix(rest).map_err(|_| bad())?;
        if !rest.is_empty() {
            return Err(bad());
        }
        Ok(EscabelPly::Stack { from, to })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["c3", "z26", "c3-c4", "swap"] {
            let ply: EscabelPly = text.parse().unwrap();
            assert_eq!(ply.to_string(), text);
            assert_eq!(text.to_uppercase().parse::<EscabelPly>().unwrap(), ply);
        }
        for bad in ["", "c", "c3-", "c3-c", "c3c4", "c3-c4-c5", "pass", "c0", "c3 c4"] {
            assert!(bad.parse::<EscabelPly>().is_err(), "{bad}");
        }
    }
}
