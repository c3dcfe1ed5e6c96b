//! The text rendering of a position: the board with coordinates, the last
//! ply marked, and a status line.

use std::fmt;

use abstracta_core::text::legend;
use abstracta_core::{Cells, Colour, Game, Point, Status};

use crate::{Epaminondas, EpaminondasPly, Piece, HEIGHT, WIDTH};

/// What the side playing `colour` aims for (P4), as `Game::goal` says it.
pub(crate) fn goal(colour: Colour) -> String {
    match colour {
        Colour::Black => "more pieces on row 1 (White's home row) than White has on row 12",
        Colour::White => "more pieces on row 12 (Black's home row) than Black has on row 1",
    }
    .to_owned()
}

/// Renders a board in the collection's convention
/// (`abstracta_core::text::piece_symbol`: `b`, `w`, `*` a neutral stone),
/// the squares of the last ply in brackets (`[.]` where it left, `[b]`
/// where it landed), with a footer (the legend and the status line). Shared by the engine and the reference
/// (it is presentation, not rules).
pub(crate) fn render_board(cells: &Cells<Piece>, last: Option<EpaminondasPly>, footer: &str) -> String {
    let (from, to) = match last {
        Some(EpaminondasPly::Move { from, to, .. }) => (Some(from), Some(to)),
        Some(EpaminondasPly::Stone(p)) => (None, Some(p)),
        None => (None, None),
    };
    let mut s = String::new();
    let letters: String = (0..WIDTH).map(|c| format!(" {} ", (b'a' + c) as char)).collect();
    s.push_str(&format!("    {letters}\n"));
    for row in (0..HEIGHT).rev() {
        s.push_str(&format!("{:>3} ", row + 1));
        for col in 0..WIDTH {
            let p = Point::new(col, row);
            let c = cells.get(p).map_or('.', |piece| piece.symbol());
            if Some(p) == to || Some(p) == from {
                s.push_str(&format!("[{c}]"));
            } else {
                s.push_str(&format!(" {c} "));
            }
        }
        s.push_str(&format!(" {}\n", row + 1));
    }
    s.push_str(&format!("    {letters}\n"));
    s.push_str(footer);
    s.push('\n');
    s
}

impl Epaminondas {
    /// The board text (what `Display` writes): the board, then who moves (and
    /// whether a stone is placed) or the result.
    pub(crate) fn render_text(&self) -> String {
        let footer = match self.status() {
            Status::Ongoing => format!(
                "{} ({} player) to move{}",
                self.to_move_colour(),
                self.to_move_seat(),
                if self.placing_stones() {
                    " (placing a stone)"
                } else {
                    ""
                }
            ),
            st => st.to_string(),
        };
        let footer = format!("{}\n{footer}", legend(self));
        render_board(&self.board_cells(), self.last_ply(), &footer)
    }
}

impl fmt::Display for Epaminondas {
    /// The board as text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_text())
    }
}

impl fmt::Debug for Epaminondas {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Epaminondas({})\n{}", self.options(), self.render_text())
    }
}
