//! Boards as structured JSON for the page to draw: the shape, the
//! occupied cells (colour, stack height), the edges that belong to each
//! colour, and the cells a ply names.

use abstracta::toy::TicTacToe;
use abstracta::{AnyGame, Cells, Colour, Point, Position, Stack};
use serde_json::{json, Value};

/// How a board is laid out, for drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Style {
    /// Stones on the crossings of lines (Escabel, Whirlwind).
    Points,
    /// Pieces inside squares (Swack, Epaminondas, tic-tac-toe).
    Squares,
    /// A hex-hex board of cells (Ecalper).
    Hex,
}

impl Style {
    fn name(self) -> &'static str {
        match self {
            Style::Points => "points",
            Style::Squares => "squares",
            Style::Hex => "hex",
        }
    }
}

/// What a cell holds, in the page's terms.
struct Cell {
    point: Point,
    /// `black`, `white` or `stone`.
    colour: &'static str,
    /// The stack height, for games with stacks.
    height: Option<u8>,
    /// Whether the piece stood there from the start (Whirlwind's set-up).
    setup: bool,
}

fn stacks(cells: &Cells<Stack>) -> Vec<Cell> {
    cells
        .occupied()
        .map(|(point, stack)| Cell {
            point,
            colour: stack.colour.name(),
            height: Some(stack.height),
            setup: false,
        })
        .collect()
}

fn stones(cells: &Cells<Colour>) -> Vec<Cell> {
    cells
        .occupied()
        .map(|(point, colour)| Cell {
            point,
            colour: colour.name(),
            height: None,
            setup: false,
        })
        .collect()
}

/// Tic-tac-toe keeps no cell accessor; its marks follow from the history
/// (colours alternate over the placements, a swap changes owners, not
/// marks).
fn tictactoe_marks(position: &Position<TicTacToe>) -> Vec<Cell> {
    position
        .history()
        .iter()
        .filter_map(|ply| match ply {
            abstracta::toy::TicTacToePly::Place(p) => Some(*p),
            abstracta::toy::TicTacToePly::Swap => None,
        })
        .enumerate()
        .map(|(i, point)| Cell {
            point,
            colour: if i % 2 == 0 { "black" } else { "white" },
            height: None,
            setup: false,
        })
        .collect()
}

/// The board of `game` as JSON: `style` (`points`, `squares`, `hex`),
/// `width` and `height` (for `hex`, `side` too: cells are `(c, r)` with
/// `|c - r| < side`), `cells` (the occupied ones: `p`, `c`, `r`, `colour`,
/// `height` for stacks, `setup` for Whirlwind's set-up stones), `edges` (which edges each colour owns:
/// `top`, `bottom`, `left`, `right`) and `stacks` (whether heights count).
pub fn board_json(game: &dyn AnyGame) -> Value {
    let any = game.as_any();
    let (style, width, height, cells, edges): (Style, u8, u8, Vec<Cell>, Value) =
        if let Some(p) = any.downcast_ref::<Position<abstracta::escabel::Escabel>>() {
            let c = p.game().board_cells();
            let edges = json!({"black": ["top", "bottom"], "white": ["left", "right"]});
            (Style::Points, c.width(), c.height(), stacks(&c), edges)
        } else if let Some(p) = any.downcast_ref::<Position<abstracta::swack::Swack>>() {
            let c = p.game().board_cells();
            (Style::Squares, c.width(), c.height(), stacks(&c), json!({}))
        } else if let Some(p) = any.downcast_ref::<Position<abstracta::ecalper::Ecalper>>() {
            let c = p.game().board_cells();
            (Style::Hex, c.width(), c.height(), stones(&c), json!({}))
        } else if let Some(p) = any.downcast_ref::<Position<abstracta::epaminondas::Epaminondas>>() {
            let c = p.game().board_cells();
            let cells = c
                .occupied()
                .map(|(point, piece)| Cell {
                    point,
                    colour: match piece {
                        abstracta::epaminondas::Piece::Black => "black",
                        abstracta::epaminondas::Piece::White => "white",
                        abstracta::epaminondas::Piece::Stone => "stone",
                    },
                    height: None,
                    setup: false,
                })
                .collect();
            // Each side's home row: the one the other side races to.
            let edges = json!({"black": ["top"], "white": ["bottom"]});
            (Style::Squares, c.width(), c.height(), cells, edges)
        } else if let Some(p) = any.downcast_ref::<Position<abstracta::whirlwind::Whirlwind>>() {
            let c = p.game().board_cells();
            let edges = json!({"black": ["top", "bottom"], "white": ["left", "right"]});
            // The set-up stones (W1) are told apart from the placed ones.
            let start = p.start().board_cells();
            let mut cells = stones(&c);
            for cell in &mut cells {
                cell.setup = start.get(cell.point).is_some();
            }
            (Style::Points, c.width(), c.height(), cells, edges)
        } else if let Some(p) = any.downcast_ref::<Position<TicTacToe>>() {
            (Style::Squares, 3, 3, tictactoe_marks(p), json!({}))
        } else {
            // A game registered later and not drawn yet: the page shows the
            // text rendering instead.
            return json!({"style": "text", "text": game.render()});
        };
    let cells: Vec<Value> = cells
        .iter()
        .map(|cell| {
            let mut v = json!({
                "p": cell.point.to_string(),
                "c": cell.point.col,
                "r": cell.point.row,
                "colour": cell.colour,
            });
            if let Some(h) = cell.height {
                v["height"] = json!(h);
            }
            if cell.setup {
                v["setup"] = json!(true);
            }
            v
        })
        .collect();
    let mut board = json!({
        "style": style.name(),
        "width": width,
        "height": height,
        "cells": cells,
        "edges": edges,
        "stacks": matches!(game.name(), "escabel" | "swack"),
    });
    if style == Style::Hex {
        board["side"] = json!(width.div_ceil(2));
    }
    board
}

/// What a ply does on the board, read from its notation: its kind and the
/// cells it names, in order (`from` then `to` for moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyCells {
    /// `place` (one cell), `replace` (`xd4`), `stone` (`*e6`), `move`
    /// (`c3-c4`), `capture` (`c3xc5`), `drop` (`c3+c4`) or `other`
    /// (`swap`, `pass`, `end`).
    pub kind: &'static str,
    /// The cells named, in order.
    pub cells: Vec<Point>,
}

/// Reads the cells out of a ply's notation, for every game at once: an
/// optional `x` (replacement, when a letter follows) or `*` (a stone),
/// a point, and optionally `-`, `x` or `+` and a second point. Words
/// (`swap`, `pass`, `end`) and anything else name no cell.
///
/// ```
/// use view::board::ply_cells;
/// assert_eq!(ply_cells("c3-c4").kind, "move");
/// assert_eq!(ply_cells("c3-c4").cells.len(), 2);
/// assert_eq!(ply_cells("xd4").kind, "replace");
/// assert_eq!(ply_cells("x5").kind, "place");
/// assert_eq!(ply_cells("swap").cells, vec![]);
/// ```
pub fn ply_cells(ply: &str) -> PlyCells {
    let other = PlyCells {
        kind: "other",
        cells: Vec::new(),
    };
    let t = ply.trim();
    let bytes = t.as_bytes();
    let (mut kind, rest) = match bytes {
        [b'*', ..] => ("stone", &t[1..]),
        [b'x' | b'X', second, ..] if second.is_ascii_alphabetic() => ("replace", &t[1..]),
        _ => ("place", t),
    };
    let Ok((first, rest)) = Point::parse_prefix(rest) else {
        return other;
    };
    if rest.is_empty() {
        return PlyCells {
            kind,
            cells: vec![first],
        };
    }
    if kind != "place" {
        return other;
    }
    kind = match rest.as_bytes()[0] {
        b'-' => "move",
        b'x' | b'X' => "capture",
        b'+' => "drop",
        _ => return other,
    };
    match rest[1..].parse::<Point>() {
        Ok(second) => PlyCells {
            kind,
            cells: vec![first, second],
        },
        Err(_) => other,
    }
}

/// A ply as JSON: `ply`, `kind` and `cells` (names such as `c3`).
pub fn ply_json(ply: &str) -> Value {
    let cells = ply_cells(ply);
    json!({
        "ply": ply,
        "kind": cells.kind,
        "cells": cells.cells.iter().map(ToString::to_string).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_notation_reads() {
        let cases = [
            ("c3", "place", 1),
            ("C3", "place", 1),
            ("xd4", "replace", 1),
            ("*e6", "stone", 1),
            ("c3-c4", "move", 2),
            ("c3xc5", "capture", 2),
            ("c3+c4", "drop", 2),
            ("x5-x6", "move", 2),
            ("swap", "other", 0),
            ("pass", "other", 0),
            ("end", "other", 0),
            ("", "other", 0),
            ("c3-", "other", 0),
            ("c3?c4", "other", 0),
            ("*c3-c4", "other", 0),
            ("zz", "other", 0),
        ];
        for (text, kind, n) in cases {
            let got = ply_cells(text);
            assert_eq!((got.kind, got.cells.len()), (kind, n), "{text}");
        }
        assert_eq!(ply_cells("b1-b2").cells, vec![Point::new(1, 0), Point::new(1, 1)]);
    }

    #[test]
    fn boards_of_every_game() {
        let board = board_json(&*abstracta::open("swack:size=4").unwrap());
        assert_eq!(board["style"], "squares");
        assert_eq!(board["cells"].as_array().unwrap().len(), 16);
        assert_eq!(board["cells"][0]["height"], 1);
        let board = board_json(&*abstracta::open("ecalper:size=3").unwrap());
        assert_eq!(
            (board["style"].as_str(), board["side"].as_u64()),
            (Some("hex"), Some(3))
        );
        let board = board_json(&*abstracta::open("epaminondas").unwrap());
        assert_eq!(board["cells"].as_array().unwrap().len(), 56);
        let mut game = abstracta::open("whirlwind:size=12").unwrap();
        let board = board_json(&*game);
        assert_eq!(board["cells"].as_array().unwrap().len(), 28);
        assert!(board["cells"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["setup"] == true));
        let free = game.legal_plies()[0].clone();
        game.play(&free).unwrap();
        let board = board_json(&*game);
        let placed: Vec<_> = board["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c.get("setup").is_none())
            .collect();
        assert_eq!((placed.len(), placed[0]["p"].as_str()), (1, Some(free.as_str())));
        let mut game = abstracta::open("escabel:size=5").unwrap();
        game.play_list("c3 b2").unwrap();
        let board = board_json(&*game);
        assert_eq!(board["style"], "points");
        assert_eq!(board["cells"][0]["p"], "b2");
        assert_eq!(board["cells"][0]["colour"], "white");
        let mut game = abstracta::open("tictactoe").unwrap();
        game.play_list("b2 a1").unwrap();
        let board = board_json(&*game);
        assert_eq!(board["cells"][1]["p"], "a1");
        assert_eq!(board["cells"][1]["colour"], "white");
    }
}
