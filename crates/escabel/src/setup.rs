//! Positions given cell by cell: [`Stack`], what an Escabel point holds,
//! read and written as `b2` / `w1` in [`Cells`](abstracta_core::Cells)
//! diagrams, and [`SetupError`], why a set-up position was refused.

use std::fmt;
use std::str::FromStr;

use abstracta_core::text::parse_stack_text;
use abstracta_core::{Colour, Point};
use thiserror::Error;

/// A stack: the colour of its top piece and its height (E1).
///
/// As text, `b` or `w` followed by the height: `b2` is a black stack of
/// two pieces.
///
/// ```
/// use abstracta_core::{Cells, Colour, Point};
/// use escabel::Stack;
/// let cells: Cells<Stack> = "w1 . / b2 .".parse().unwrap();
/// assert_eq!(cells.get(Point::new(0, 0)), Some(&Stack::new(Colour::Black, 2)));
/// assert_eq!(cells.to_string(), "w1 .\nb2 .");
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

/// A position that cannot be set up from the cells given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The cells do not cover the options' board.
    #[error("expected cells for a {size}x{size} board, got {width}x{height}")]
    WrongSize {
        /// The options' board side.
        size: u8,
        /// Columns given.
        width: u8,
        /// Rows given.
        height: u8,
    },
    /// A stack of no pieces.
    #[error("the stack on {point} has height 0; expected a height from 1 to 255 (E1)")]
    EmptyStack {
        /// Where.
        point: Point,
    },
}
