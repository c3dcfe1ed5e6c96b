//! Text rendering in the collection's convention
//! (`abstracta_core::text::piece_symbol`): the hexagon with rows numbered
//! on the left and column letters along the two lower edges; `b`/`w` are
//! Black and White, upper case marks the stones that may be replaced now
//! (or were placed so far this turn), the last ply's cell is in brackets,
//! and a legend line says who plays which colour and the goal.

use std::fmt;

use abstracta_core::text::{legend, piece_symbol};
use abstracta_core::{Colour, Game, Point};

use crate::engine::{with_engine, Storage};
use crate::{Ecalper, EcalperPly};

impl Ecalper {
    /// The board as text (what `Display` writes).
    pub(crate) fn render_text(&self) -> String {
        let s = self.options.size();
        let last = match self.last_ply() {
            Some(EcalperPly::Place(p) | EcalperPly::Replace(p)) => Some(p),
            _ => None,
        };
        render_board(
            s,
            |p| self.cell(p),
            |p| with_engine!(self, e => e.is_marked(p)),
            last,
            &format!("{}\n{}", legend(self), self.status_line()),
        )
    }

    fn status_line(&self) -> String {
        let status = self.status();
        if status.is_finished() {
            let b = self.score(Colour::Black);
            let w = self.score(Colour::White);
            return format!(
                "{status}; largest group / groups: black {} / {}, white {} / {}",
                b.0, b.1, w.0, w.1
            );
        }
        let colour = self.to_move_colour();
        let owed = self.placements_owed();
        let what = if owed > 0 {
            format!("place {owed} more")
        } else if self.over_by_rules() {
            String::new()
        } else {
            let list: Vec<String> = self.replaceable().iter().map(|q| q.to_string()).collect();
            let last = if self.empty_cells() == 1 {
                " (last turn)"
            } else {
                ""
            };
            format!("replace one of {}{last}", list.join(" "))
        };
        format!("{colour} ({} player) to move: {what}", self.to_move_seat())
    }
}

/// The board as text.
impl fmt::Display for Ecalper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_text())
    }
}

/// What either side aims for (C5), as `Game::goal` says it.
pub(crate) fn goal(_colour: Colour) -> String {
    "the largest group (if equal, the fewer groups)".to_owned()
}

/// Draws a hex-hex board: rows from the top, numbers on the left, column
/// letters along the two lower edges; `b`/`w` for Black/White stones, upper
/// case for marked stones (replaceable now, or placed this turn), the last
/// ply's cell in brackets.
pub(crate) fn render_board(
    s: u8,
    cell: impl Fn(Point) -> Option<Colour>,
    marked: impl Fn(Point) -> bool,
    last: Option<Point>,
    status_line: &str,
) -> String {
    let si = i32::from(s);
    let w = 2 * si - 1;
    let mut out = String::new();
    for r in (0..w).rev() {
        let indent = (r - (si - 1)).unsigned_abs() as usize;
        let mut line: Vec<char> = format!("{:>2} ", r + 1).chars().collect();
        line.extend(std::iter::repeat(' ').take(indent + 1));
        let c_lo = (r - si + 1).max(0);
        let c_hi = (r + si - 1).min(w - 1);
        for c in c_lo..=c_hi {
            let p = Point::new(c as u8, r as u8);
            let ch = match cell(p) {
                Some(colour) if marked(p) => piece_symbol(colour).to_ascii_uppercase(),
                Some(colour) => piece_symbol(colour),
                None => '.',
            };
            if Some(p) == last {
                line.pop();
                line.extend(['[', ch, ']']);
            } else {
                line.extend([ch, ' ']);
            }
        }
        // The bottom cell of column r + s - 1 ends rows 2..=s: label it.
        if r >= 1 && r < si {
            while line.last() == Some(&' ') {
                line.pop();
            }
            line.push(' ');
            line.push(' ');
            line.push((b'a' + (r + si - 1) as u8) as char);
        }
        out.extend(
            line.iter()
                .rev()
                .skip_while(|c| **c == ' ')
                .collect::<Vec<_>>()
                .into_iter()
                .rev(),
        );
        out.push('\n');
    }
    let mut letters = String::from("    ");
    letters.push_str(&" ".repeat(s as usize - 1));
    for c in 0..s {
        letters.push((b'a' + c) as char);
        letters.push(' ');
    }
    out.push_str(letters.trim_end());
    out.push('\n');
    out.push_str(status_line);
    out.push('\n');
    out
}
