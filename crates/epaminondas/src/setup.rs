//! Positions set up by hand: what a square holds ([`Piece`]), board
//! diagrams and the checks [`Epaminondas::from_cells`](crate::Epaminondas::from_cells)
//! makes ([`SetupError`]).

use std::fmt;
use std::str::FromStr;

use abstracta_core::{Cells, CellsError};
use thiserror::Error;

use crate::{EpaminondasOptions, Variant, HEIGHT, STONES, WIDTH};

/// What an occupied square holds. In a [`Cells<Piece>`] an empty square is
/// `None`; as text a piece is `b`, `w` or `*` (and an empty square `.`).
///
/// ```
/// use abstracta_core::Cells;
/// use epaminondas::Piece;
/// let row: Cells<Piece> = "w . * b".parse().unwrap();
/// assert_eq!(row.occupied().count(), 3);
/// assert_eq!(row.to_string(), "w . * b");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// A black piece.
    Black,
    /// A white piece.
    White,
    /// A neutral stone (P7).
    Stone,
}

impl Piece {
    /// The character diagrams and renderings use.
    pub const fn symbol(self) -> char {
        match self {
            Piece::Black => 'b',
            Piece::White => 'w',
            Piece::Stone => '*',
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A piece's text that is not `b`, `w` or `*`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown piece {text:?}: expected b (black), w (white) or * (stone)")]
pub struct ParsePieceError {
    /// The text given.
    pub text: String,
}

impl FromStr for Piece {
    type Err = ParsePieceError;

    /// Reads `b`, `w` (either case) or `*`.
    fn from_str(text: &str) -> Result<Piece, ParsePieceError> {
        match text {
            "b" | "B" => Ok(Piece::Black),
            "w" | "W" => Ok(Piece::White),
            "*" => Ok(Piece::Stone),
            _ => Err(ParsePieceError {
                text: text.to_owned(),
            }),
        }
    }
}

/// A position that cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The diagram text could not be read.
    #[error("unreadable diagram: {0}")]
    Diagram(#[from] CellsError),
    /// The cells are not a 14x12 board.
    #[error("expected a {WIDTH}x{HEIGHT} board, found {width}x{height}")]
    WrongSize {
        /// Columns given.
        width: u8,
        /// Rows given.
        height: u8,
    },
    /// The number of stones does not fit the variant (three once the
    /// stones variant's placing phase is over, none in the standard game).
    #[error("the {variant} variant needs {expected} stones on the board, found {found}")]
    Stones {
        /// The variant played.
        variant: Variant,
        /// Stones the variant needs.
        expected: u32,
        /// Stones on the board.
        found: u32,
    },
}

/// Reads a board diagram: rows from 12 down to 1, one per line (or
/// separated by `/`), cells `w`, `b`, `*` or `.` separated by spaces (or one
/// character each). The same as parsing a [`Cells<Piece>`], plus the check
/// that it is a 14x12 board.
pub fn parse_diagram(text: &str) -> Result<Cells<Piece>, SetupError> {
    let cells: Cells<Piece> = text.parse()?;
    check_size(&cells)?;
    Ok(cells)
}

fn check_size(cells: &Cells<Piece>) -> Result<(), SetupError> {
    if (cells.width(), cells.height()) != (WIDTH, HEIGHT) {
        return Err(SetupError::WrongSize {
            width: cells.width(),
            height: cells.height(),
        });
    }
    Ok(())
}

/// Checks a board given to `from_cells`; see
/// [`Epaminondas::from_cells`](crate::Epaminondas::from_cells).
pub(crate) fn validate_cells(options: &EpaminondasOptions, cells: &Cells<Piece>) -> Result<(), SetupError> {
    check_size(cells)?;
    let found = cells.occupied().filter(|(_, p)| **p == Piece::Stone).count() as u32;
    let expected = if options.variant() == Variant::Stones {
        STONES
    } else {
        0
    };
    if found != expected {
        return Err(SetupError::Stones {
            variant: options.variant(),
            expected,
            found,
        });
    }
    Ok(())
}
