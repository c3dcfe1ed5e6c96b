//! The text board both implementations print (presentation, not rules):
//! `B3` is a black stack of height 3, `.` an empty point; the points of the
//! last ply carry a `*`. `Display` writes it.

use std::fmt::{self, Write};

use abstracta_core::text::{stack_label, write_board_rows};
use abstracta_core::{Cells, Colour, Game, Point, Seat, Status};

use crate::{Escabel, EscabelPly, Stack};

/// Writes the board `cells` of side `n` with its coordinates, the last ply
/// marked, and the line saying who is to move or how the game ended.
pub(crate) fn write_board(
    s: &mut impl Write,
    n: u8,
    cells: &Cells<Stack>,
    last: Option<EscabelPly>,
    status: Status,
    to_move: Colour,
    seat: Seat,
) -> fmt::Result {
    let marked = |p: Point| match last {
        Some(EscabelPly::Place(q)) => p == q,
        Some(EscabelPly::Stack { from, to }) => p == from || p == to,
        _ => false,
    };
    let letters = |s: &mut dyn Write| -> fmt::Result {
        s.write_str("   ")?;
        for col in 0..n {
            write!(s, "{:>4} ", (b'a' + col) as char)?;
        }
        s.write_char('\n')
    };
    letters(s)?;
    write_board_rows(s, n, |s, p| {
        let text = stack_label(cells.get(p).copied(), 'W');
        let mark = if marked(p) { '*' } else { ' ' };
        write!(s, "{text:>4}{mark}")
    })?;
    letters(s)?;
    match status {
        Status::Ongoing => writeln!(s, "{to_move} ({seat} player) to move"),
        st => writeln!(s, "{st}"),
    }
}

impl fmt::Display for Escabel {
    /// The board as text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(
            f,
            self.size(),
            &self.board_cells(),
            self.last_ply(),
            self.status(),
            self.to_move_colour(),
            self.to_move_seat(),
        )
    }
}
