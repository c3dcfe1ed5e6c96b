//! Board coordinates in the common notation: a column letter from `a`
//! and a row number from `1` (`a1` is the bottom-left point).

use std::fmt;
use std::str::FromStr;

use crate::error::ParsePlyError;

/// Widest board any game allows (26 columns, `a`..`z`).
pub const MAX_SIDE: u8 = 26;

/// A point, square or cell: 0-based column and row.
///
/// The same type names square-board points and Ecalper's hex cells (whose
/// columns and rows are also written `a1`, `b3`, ...). Whether a point lies on
/// a given board is the board's business ([`crate::Geometry::contains`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// 0-based column (`a` = 0).
    pub col: u8,
    /// 0-based row (`1` = 0).
    pub row: u8,
}

impl Point {
    /// The point at 0-based `col`, `row`.
    #[inline]
    pub const fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }

    /// The point as 16 bits (column low, row high), for integer codes of
    /// plies ([`crate::PlyCodec`]); [`Point::from_bits`] gives it back.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.col as u16 | (self.row as u16) << 8
    }

    /// The point of [`Point::bits`].
    #[inline]
    pub const fn from_bits(bits: u16) -> Point {
        Point::new(bits as u8, (bits >> 8) as u8)
    }

    /// Parses the start of `s` as a point, returning it and the rest of the
    /// string. Case-insensitive. Used by ply parsers such as `c3-c4`.
    pub fn parse_prefix(s: &str) -> Result<(Point, &str), ParsePlyError> {
        let bytes = s.as_bytes();
        let expected = "a point such as c3 (column a..z, row 1..26)";
        let Some(&first) = bytes.first() else {
            return Err(ParsePlyError::new(s, expected));
        };
        let letter = first.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(ParsePlyError::new(s, expected));
        }
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return Err(ParsePlyError::new(s, expected));
        }
        let number: u32 = s[1..1 + digits]
            .parse()
            .map_err(|_| ParsePlyError::new(s, expected))?;
        if number == 0 || number > u32::from(MAX_SIDE) {
            return Err(ParsePlyError::new(s, expected));
        }
        Ok((Point::new(letter - b'a', (number - 1) as u8), &s[1 + digits..]))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, u32::from(self.row) + 1)
    }
}

impl FromStr for Point {
    type Err = ParsePlyError;

    fn from_str(s: &str) -> Result<Point, ParsePlyError> {
        let trimmed = s.trim();
        let (point, rest) = Point::parse_prefix(trimmed)?;
        if rest.is_empty() {
            Ok(point)
        } else {
            Err(ParsePlyError::new(s, "a point such as c3 with nothing after it"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_all_points() {
        for col in 0..MAX_SIDE {
            for row in 0..MAX_SIDE {
                let p = Point::new(col, row);
                assert_eq!(p.to_string().parse::<Point>().unwrap(), p);
                assert_eq!(p.to_string().to_uppercase().parse::<Point>().unwrap(), p);
            }
        }
    }

    #[test]
    fn rejects_garbage() {
        for bad in ["", "a", "3", "a0", "a27", "a100", "aa1", "c3x", "é1", "a-1"] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
    }
}
