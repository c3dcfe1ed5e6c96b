//! The text board both implementations print (presentation, not rules),
//! in the collection's convention (`abstracta_core::text::piece_symbol`):
//! `b3` is a black stack of height 3, `.` an empty point, the points of
//! the last ply are in brackets, and a legend line says who plays which
//! colour and which edges each connects. `Display` writes it.

use std::fmt::{self, Write};

use abstracta_core::text::{legend, stack_label, write_board_rows};
use abstracta_core::{Cells, Colour, Game, Point, Seat, Status};

use crate::{Escabel, EscabelPly, Stack};

/// What the side playing `colour` aims for (E6), as `Game::goal` says it.
pub(crate) fn goal(colour: Colour) -> String {
    match colour {
        Colour::Black => "connect top and bottom",
        Colour::White => "connect left and right",
    }
    .to_owned()
}

/// Writes the board `cells` of side `n` with its coordinates, the last ply
/// marked, the legend and the line saying who is to move or how the game
/// ended.
#[allow(clippy::too_many_arguments)]
pub(crate) fn write_board(
    s: &mut impl Write,
    n: u8,
    legend: &str,
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
    // Every cell as wide as the widest stack's text, right-aligned, so
    // that the columns stay straight whatever the heights.
    let width = (0..n)
        .flat_map(|row| (0..n).map(move |col| Point::new(col, row)))
        .map(|p| stack_label(cells.get(p).copied()).len())
        .max()
        .unwrap_or(1)
        .max(2);
    let letters = |s: &mut dyn Write| -> fmt::Result {
        s.write_str("   ")?;
        for col in 0..n {
            write!(s, " {:>width$} ", (b'a' + col) as char)?;
        }
        s.write_char('\n')
    };
    letters(s)?;
    write_board_rows(s, n, |s, p| {
        let text = stack_label(cells.get(p).copied());
        if marked(p) {
            write!(s, "[{text:>width$}]")
        } else {
            write!(s, " {text:>width$} ")
        }
    })?;
    letters(s)?;
    writeln!(s, "{legend}")?;
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
            &legend(self),
            &self.board_cells(),
            self.last_ply(),
            self.status(),
            self.to_move_colour(),
            self.to_move_seat(),
        )
    }
}
