//! Text forms shared by every game: the `serde` glue that writes plies and
//! options in their notation, [`Cells`], a board's contents given cell by
//! cell, and [`Stack`], what a point of the stacking games holds.

/// Implements `serde::Serialize` and `serde::Deserialize` for a type through
/// its `Display` and `FromStr`, so plies and options are written in the
/// notation people read (`"c3"`, `"escabel:size=7"`), not as structures.
///
/// Use it behind the crate's own `serde` feature, which turns on
/// `abstracta-core/serde`:
///
/// ```ignore
/// #[cfg(feature = "serde")]
/// abstracta_core::text_serde!(MyPly);
/// ```
#[cfg(feature = "serde")]
#[macro_export]
macro_rules! text_serde {
    ($ty:ty) => {
        impl $crate::__serde::Serialize for $ty {
            fn serialize<S: $crate::__serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }
        impl<'de> $crate::__serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <String as $crate::__serde::Deserialize>::deserialize(deserializer)?;
                text.parse()
                    .map_err(<D::Error as $crate::__serde::de::Error>::custom)
            }
        }
    };
}

/// Implements `Display` (the canonical spec) and `FromStr` (a full spec,
/// whose name must be the game's) for a [`GameOptions`](crate::GameOptions)
/// type.
///
/// ```
/// use abstracta_core::toy::TicTacToeOptions;
/// let options: TicTacToeOptions = "tictactoe:pie=on".parse().unwrap();
/// assert_eq!(options.to_string(), "tictactoe:pie=on");
/// assert!("escabel".parse::<TicTacToeOptions>().is_err());
/// ```
#[macro_export]
macro_rules! options_text {
    ($ty:ty) => {
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&$crate::GameOptions::spec(self))
            }
        }
        impl ::std::str::FromStr for $ty {
            type Err = $crate::SpecError;
            fn from_str(text: &str) -> Result<Self, $crate::SpecError> {
                <$ty as $crate::GameOptions>::from_spec(text)
            }
        }
    };
}

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::game::Game;
use crate::point::{Point, MAX_SIDE};
use crate::side::Colour;

/// Reads the text of a stack cell (the stacking games' diagrams): `b` or
/// `w`, in either case, then a height from 1 to 255 in decimal digits;
/// whitespace around it is ignored. `None` for any other text.
///
/// ```
/// use abstracta_core::text::parse_stack_text;
/// use abstracta_core::Colour;
/// assert_eq!(parse_stack_text(" W13 "), Some((Colour::White, 13)));
/// assert_eq!(parse_stack_text("b0"), None);
/// assert_eq!(parse_stack_text("b+2"), None);
/// ```
pub fn parse_stack_text(text: &str) -> Option<(Colour, u8)> {
    let mut chars = text.trim().chars();
    let colour = match chars.next()? {
        'b' | 'B' => Colour::Black,
        'w' | 'W' => Colour::White,
        _ => return None,
    };
    let digits = chars.as_str();
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits
        .parse::<u8>()
        .ok()
        .filter(|&height| height >= 1)
        .map(|height| (colour, height))
}

/// A stack of the stacking games (Escabel, Swack): the colour of its top
/// piece, which owns it, and its height.
///
/// As text, `b` or `w` followed by the height (see [`parse_stack_text`]):
/// `b2` is a black stack of two pieces.
///
/// ```
/// use abstracta_core::{Cells, Colour, Point, Stack};
/// let cells: Cells<Stack> = "w1 . / b2 .".parse().unwrap();
/// assert_eq!(cells.get(Point::new(0, 0)), Some(&Stack::new(Colour::Black, 2)));
/// assert_eq!(cells.to_string(), "w1 .\nb2 .");
/// assert!("w0".parse::<Stack>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stack {
    /// The colour of the top piece, which owns the stack.
    pub colour: Colour,
    /// The number of pieces (1..=255).
    pub height: u8,
}

impl Stack {
    /// A stack of `height` pieces with `colour` on top.
    pub const fn new(colour: Colour, height: u8) -> Stack {
        Stack { colour, height }
    }
}

/// The text of a point of a board diagram of stacks: `.` when empty, else
/// the stack as [`Stack`]'s `Display` writes it (`b3`, `w1`).
pub fn stack_label(stack: Option<Stack>) -> String {
    stack.map_or_else(|| ".".to_owned(), |s| s.to_string())
}

/// The symbol every text board of the collection writes for a piece or
/// stone of `colour`: `b` for Black, `w` for White, as board diagrams
/// ([`Cells`]) write them. The shared convention: `.` is an empty point,
/// a stack adds its height (`b3`), the points of the last ply are in
/// brackets, and a game that highlights some stones writes them in upper
/// case (Ecalper: the stones that may be replaced now).
///
/// ```
/// use abstracta_core::text::piece_symbol;
/// use abstracta_core::Colour;
/// assert_eq!((piece_symbol(Colour::Black), piece_symbol(Colour::White)), ('b', 'w'));
/// ```
pub const fn piece_symbol(colour: Colour) -> char {
    match colour {
        Colour::Black => 'b',
        Colour::White => 'w',
    }
}

/// The legend line of a text board: each colour's symbol, the seat that
/// plays it now (after a pie-rule swap the first player plays White) and,
/// where the game says it ([`Game::goal`]), what it aims for.
///
/// ```
/// use abstracta_core::text::legend;
/// use abstracta_core::toy::{TicTacToe, TicTacToeOptions};
/// use abstracta_core::Game;
/// let line = legend(&TicTacToe::new(TicTacToeOptions::default()));
/// assert!(line.starts_with("b = Black (first player)"), "{line}");
/// ```
pub fn legend<G: Game>(game: &G) -> String {
    let side = |colour: Colour, name: &str| {
        format!(
            "{} = {name} ({} player)",
            piece_symbol(colour),
            game.seat_of(colour)
        )
    };
    let (black, white) = (side(Colour::Black, "Black"), side(Colour::White, "White"));
    match (game.goal(Colour::Black), game.goal(Colour::White)) {
        (Some(b), Some(w)) if b == w => format!("{black}, {white}; each aims for {b}"),
        (Some(b), Some(w)) => format!("{black}: {b}; {white}: {w}"),
        _ => format!("{black}; {white}"),
    }
}

/// Writes the rows of a square board diagram of side `side` from the top:
/// each row's number right-aligned in two columns and a space, the row's
/// points left to right as `cell` writes them, then a space and the number
/// again.
pub fn write_board_rows<W: fmt::Write + ?Sized>(
    out: &mut W,
    side: u8,
    mut cell: impl FnMut(&mut W, Point) -> fmt::Result,
) -> fmt::Result {
    for row in (0..side).rev() {
        write!(out, "{:>2} ", row + 1)?;
        for col in 0..side {
            cell(out, Point::new(col, row))?;
        }
        writeln!(out, " {}", row + 1)?;
    }
    Ok(())
}

impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = match self.colour {
            Colour::Black => 'b',
            Colour::White => 'w',
        };
        write!(f, "{c}{}", self.height)
    }
}

/// Why a [`Stack`]'s text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text:?} is not a stack: expected b or w and a height from 1 to 255, e.g. b2")]
pub struct ParseStackError {
    /// The text given.
    pub text: String,
}

impl FromStr for Stack {
    type Err = ParseStackError;

    fn from_str(text: &str) -> Result<Stack, ParseStackError> {
        let (colour, height) = parse_stack_text(text).ok_or_else(|| ParseStackError {
            text: text.to_owned(),
        })?;
        Ok(Stack { colour, height })
    }
}

/// A board's contents cell by cell, row by row from `a1`: how positions are
/// set up by hand, written as diagrams and compared between a game's
/// engines. `T` is what a cell holds (a colour, a stack, a piece); `None`
/// is an empty cell (or, on a hex-hex board, a point off the board).
///
/// As text, rows go from the top row down, separated by newlines or `/`;
/// cells are separated by spaces, or are one character each when a row has
/// no spaces; `.` is an empty cell.
///
/// ```
/// use abstracta_core::{Cells, Colour, Point};
/// let cells: Cells<char> = "x . o / . x .".parse().unwrap();
/// assert_eq!((cells.width(), cells.height()), (3, 2));
/// assert_eq!(cells.get(Point::new(0, 1)), Some(&'x'));
/// assert_eq!(cells.get(Point::new(1, 1)), None);
/// assert_eq!(cells.to_string(), "x . o\n. x .");
/// let compact: Cells<char> = "x.o/.x.".parse().unwrap();
/// assert_eq!(compact, cells);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cells<T> {
    width: u8,
    height: u8,
    cells: Vec<Option<T>>,
}

/// Cells that could not be built: the wrong size, or a cell that cannot be
/// read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CellsError {
    /// A board side outside `1..=26`.
    #[error("a board side of {side} is not allowed: expected 1 to {MAX_SIDE}")]
    BadSide {
        /// The side given.
        side: usize,
    },
    /// The cell list does not fill the board.
    #[error("expected {expected} cells ({width}x{height}), found {found}")]
    WrongCount {
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
        /// Cells needed.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// Rows of different lengths.
    #[error("row {row} (counted from the top) has {found} cells, expected {expected} like the first row")]
    RaggedRow {
        /// 1-based row counted from the top of the text.
        row: usize,
        /// Cells in the first row.
        expected: usize,
        /// Cells in this row.
        found: usize,
    },
    /// A cell whose text is not understood.
    #[error("cell {point} ({text:?}): {reason}")]
    BadCell {
        /// Where.
        point: Point,
        /// The text of the cell.
        text: String,
        /// What the cell's parser said.
        reason: String,
    },
    /// A point off the board.
    #[error("point {point} is off the {width}x{height} board")]
    OffBoard {
        /// The point.
        point: Point,
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
    },
}

impl<T> Cells<T> {
    /// An empty `width` x `height` board.
    pub fn empty(width: u8, height: u8) -> Result<Cells<T>, CellsError> {
        for side in [width, height] {
            if side == 0 || side > MAX_SIDE {
                return Err(CellsError::BadSide { side: side.into() });
            }
        }
        let cells = std::iter::repeat_with(|| None)
            .take(usize::from(width) * usize::from(height))
            .collect();
        Ok(Cells { width, height, cells })
    }

    /// Cells from a list row by row from `a1` (index `row * width + col`).
    pub fn from_vec(width: u8, height: u8, cells: Vec<Option<T>>) -> Result<Cells<T>, CellsError> {
        let empty = Cells::<T>::empty(width, height)?;
        if cells.len() != empty.cells.len() {
            return Err(CellsError::WrongCount {
                width,
                height,
                expected: empty.cells.len(),
                found: cells.len(),
            });
        }
        Ok(Cells { width, height, cells })
    }

    /// Columns.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u8 {
        self.height
    }

    fn index(&self, p: Point) -> Option<usize> {
        (p.col < self.width && p.row < self.height)
            .then(|| usize::from(p.row) * usize::from(self.width) + usize::from(p.col))
    }

    /// What `p` holds; `None` for an empty cell or a point off the board.
    pub fn get(&self, p: Point) -> Option<&T> {
        self.index(p).and_then(|i| self.cells[i].as_ref())
    }

    /// Puts `value` on `p` (`None` empties it).
    pub fn set(&mut self, p: Point, value: Option<T>) -> Result<(), CellsError> {
        match self.index(p) {
            Some(i) => {
                self.cells[i] = value;
                Ok(())
            }
            None => Err(CellsError::OffBoard {
                point: p,
                width: self.width,
                height: self.height,
            }),
        }
    }

    /// The occupied cells, row by row from `a1`.
    pub fn occupied(&self) -> impl Iterator<Item = (Point, &T)> + '_ {
        let width = usize::from(self.width);
        self.cells.iter().enumerate().filter_map(move |(i, c)| {
            c.as_ref()
                .map(|v| (Point::new((i % width) as u8, (i / width) as u8), v))
        })
    }

    /// Every cell, row by row from `a1` (index `row * width + col`).
    pub fn as_slice(&self) -> &[Option<T>] {
        &self.cells
    }

    /// The cells as a list, row by row from `a1`.
    pub fn into_vec(self) -> Vec<Option<T>> {
        self.cells
    }
}

impl<T: FromStr> FromStr for Cells<T>
where
    T::Err: fmt::Display,
{
    type Err = CellsError;

    fn from_str(text: &str) -> Result<Cells<T>, CellsError> {
        let rows: Vec<Vec<&str>> = text
            .split(['\n', '/'])
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(|r| {
                if r.contains(char::is_whitespace) {
                    r.split_whitespace().collect()
                } else {
                    r.char_indices().map(|(i, c)| &r[i..i + c.len_utf8()]).collect()
                }
            })
            .collect();
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        for side in [width, height] {
            if side == 0 || side > usize::from(MAX_SIDE) {
                return Err(CellsError::BadSide { side });
            }
        }
        let mut cells = Cells::empty(width as u8, height as u8)?;
        for (top, row) in rows.iter().enumerate() {
            if row.len() != width {
                return Err(CellsError::RaggedRow {
                    row: top + 1,
                    expected: width,
                    found: row.len(),
                });
            }
            let r = (height - 1 - top) as u8;
            for (c, token) in row.iter().enumerate() {
                if *token == "." {
                    continue;
                }
                let point = Point::new(c as u8, r);
                let value = token.parse::<T>().map_err(|e| CellsError::BadCell {
                    point,
                    text: (*token).to_owned(),
                    reason: e.to_string(),
                })?;
                cells.set(point, Some(value))?;
            }
        }
        Ok(cells)
    }
}

impl<T: fmt::Display> fmt::Display for Cells<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in (0..self.height).rev() {
            for c in 0..self.width {
                if c > 0 {
                    f.write_str(" ")?;
                }
                match self.get(Point::new(c, r)) {
                    Some(v) => write!(f, "{v}")?,
                    None => f.write_str(".")?,
                }
            }
            if r > 0 {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_reject_bad_text() {
        assert!(matches!(
            "ab/c".parse::<Cells<char>>(),
            Err(CellsError::RaggedRow { row: 2, .. })
        ));
        assert!(matches!(
            "".parse::<Cells<char>>(),
            Err(CellsError::BadSide { side: 0 })
        ));
        assert!(matches!(
            "1 x".parse::<Cells<u8>>(),
            Err(CellsError::BadCell { .. })
        ));
        assert!(Cells::<u8>::empty(27, 3).is_err());
        assert!(Cells::<u8>::from_vec(2, 2, vec![None; 3]).is_err());
        let mut cells = Cells::<u8>::empty(2, 2).unwrap();
        assert!(cells.set(Point::new(2, 0), Some(1)).is_err());
        cells.set(Point::new(1, 0), Some(7)).unwrap();
        assert_eq!(cells.occupied().collect::<Vec<_>>(), vec![(Point::new(1, 0), &7)]);
        assert_eq!(cells.to_string().parse::<Cells<u8>>().unwrap(), cells);
    }
}

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use crate::side::{Colour, Outcome, Seat, Status, Termination};
    use crate::toy::TicTacToePly;

    #[test]
    fn statuses_plies_and_options_round_trip_through_json() {
        let status = Status::Finished {
            outcome: Outcome::Win {
                colour: Colour::White,
                seat: Seat::First,
            },
            termination: Termination::Rules,
        };
        let json = serde_json::to_string(&status).unwrap();
        assert!(json.contains("\"white\"") && json.contains("\"first\""), "{json}");
        assert_eq!(serde_json::from_str::<Status>(&json).unwrap(), status);
        let ply: TicTacToePly = "b2".parse().unwrap();
        assert_eq!(serde_json::to_string(&ply).unwrap(), "\"b2\"");
        assert_eq!(serde_json::from_str::<TicTacToePly>("\"b2\"").unwrap(), ply);
        let err = serde_json::from_str::<TicTacToePly>("\"z9\"")
            .unwrap_err()
            .to_string();
        assert!(err.contains("expected"), "{err}");
        let options: crate::toy::TicTacToeOptions = "tictactoe:pie=on".parse().unwrap();
        let json = serde_json::to_string(&options).unwrap();
        assert_eq!(json, "\"tictactoe:pie=on\"");
        assert_eq!(
            serde_json::from_str::<crate::toy::TicTacToeOptions>(&json).unwrap(),
            options
        );
    }
}
