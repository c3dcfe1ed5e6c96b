//! Positions given cell by cell: [`SetupError`], why a set-up position was
//! refused. What an Escabel point holds is an [`abstracta_core::Stack`],
//! read and written as `b2` / `w1` in [`Cells`](abstracta_core::Cells)
//! diagrams.

use abstracta_core::Point;
use thiserror::Error;

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
