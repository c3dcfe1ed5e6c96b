//! The board as text: `Display` for [`Swack`].

use std::fmt;

use abstracta_core::text::{legend, stack_label, write_board_rows};
use abstracta_core::{Colour, Game, Point, Status};

use crate::engine::Swack;
use crate::ply::SwackPly;

/// What either side aims for (S6), as `Game::goal` says it.
pub(crate) fn goal(_colour: Colour) -> String {
    "the biggest group once equal-sized black and white groups are removed in pairs".to_owned()
}

impl fmt::Display for Swack {
    /// Rows from the top with their numbers on both sides, each square's
    /// stack as `b2` (black) or `w1` (white), the squares of the last ply in
    /// brackets, the column letters, the last ply, the legend (who plays
    /// which colour, and the goal), and who is to move or how the game
    /// ended; every line ends with a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        let marked: [Option<Point>; 2] = match self.last {
            Some(SwackPly::Stack { from, to }) => [Some(from), Some(to)],
            Some(SwackPly::Drop { two, one }) => [Some(two), Some(one)],
            _ => [None, None],
        };
        write_board_rows(f, n, |f, p| {
            let body = stack_label(self.stack_at(p));
            if marked.contains(&Some(p)) {
                write!(f, "[{body:^3}]")
            } else {
                write!(f, " {body:^3} ")
            }
        })?;
        let mut footer = String::from("   ");
        for c in 0..n {
            footer.push_str(&format!("  {}  ", (b'a' + c) as char));
        }
        writeln!(f, "{}", footer.trim_end())?;
        if let Some(p) = self.last {
            writeln!(f, "last ply: {p}")?;
        }
        writeln!(f, "{}", legend(self))?;
        match self.status() {
            Status::Ongoing => writeln!(f, "{} ({} player) to move", self.to_move, self.to_move_seat()),
            st => writeln!(f, "{st}"),
        }
    }
}
