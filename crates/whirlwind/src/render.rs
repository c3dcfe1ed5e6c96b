//! The text rendering of a position: `render()` and `Display` for both
//! implementations write the same board.

use std::fmt;

use abstracta_core::text::{legend, piece_symbol};
use abstracta_core::{Colour, Game, Point, Seat, Status};

use crate::{Whirlwind, WhirlwindPly};

/// What the side playing `colour` aims for (W4), as `Game::goal` says it.
pub(crate) fn goal(colour: Colour) -> String {
    match colour {
        Colour::Black => "connect top and bottom",
        Colour::White => "connect left and right",
    }
    .to_owned()
}

/// Draws a board in the collection's convention
/// (`abstracta_core::text::piece_symbol`): `b` Black, `w` White, the last
/// stone in brackets, then the legend (Black's edges are the top and
/// bottom rows, White's the side columns) and the status line.
#[doc(hidden)]
#[allow(clippy::too_many_arguments)]
pub fn render_board(
    n: u8,
    legend: &str,
    at: impl Fn(Point) -> Option<Colour>,
    last: Option<WhirlwindPly>,
    pending: Option<Point>,
    status: Status,
    to_move: Colour,
    seat: Seat,
) -> String {
    let mut s = String::new();
    let letters: String = (0..n).map(|c| format!(" {} ", (b'a' + c) as char)).collect();
    s.push_str(&format!("    {letters}\n"));
    for row in (0..n).rev() {
        s.push_str(&format!("{:>3} ", row + 1));
        for col in 0..n {
            let p = Point::new(col, row);
            let mark = at(p).map_or('.', piece_symbol);
            if last == Some(WhirlwindPly::Place(p)) {
                s.push_str(&format!("[{mark}]"));
            } else {
                s.push_str(&format!(" {mark} "));
            }
        }
        s.push_str(&format!(" {}\n", row + 1));
    }
    s.push_str(&format!("    {letters}\n"));
    if last == Some(WhirlwindPly::End) {
        s.push_str("last ply: end\n");
    }
    s.push_str(legend);
    s.push('\n');
    match status {
        Status::Ongoing => {
            s.push_str(&format!("{to_move} ({seat} player) to move"));
            match pending {
                Some(p) => s.push_str(&format!(": second stone after {p}, or end\n")),
                None => s.push_str(": first stone of the turn\n"),
            }
        }
        st => s.push_str(&format!("{st}\n")),
    }
    s
}

impl Whirlwind {
    /// The board as text (what `Display` writes).
    pub(crate) fn render_text(&self) -> String {
        render_board(
            self.t.n,
            &legend(self),
            |p| self.at(p),
            self.last,
            self.pending(),
            self.status,
            self.to_move,
            self.to_move_seat(),
        )
    }
}

/// The board as text.
impl fmt::Display for Whirlwind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_text())
    }
}

/// The board as the engine draws it.
#[cfg(feature = "reference")]
impl fmt::Display for crate::reference::ReferenceWhirlwind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}
