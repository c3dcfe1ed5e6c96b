//! A deliberately plain Epaminondas: a 2-D array of cells and loops that
//! follow RULES.md sentence by sentence. It shares no rule code with the
//! bitboard engine; tests and benches compare the two.

// Index loops read like the rules (row r, column c).
#![allow(clippy::needless_range_loop)]

use std::fmt;

use abstracta_core::zobrist::key;
use abstracta_core::{Cells, Colour, Game, PlyBuf, Point, Status, Turn};

use crate::render::render_board;
use crate::setup::validate_cells;
use crate::{EpaminondasOptions, EpaminondasPly, Piece, SetupError, Variant, DEFAULT_CAP};

const W: usize = 14;
const H: usize = 12;

/// The eight directions as (column step, row step).
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The contents of one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Cell {
    Empty,
    Black,
    White,
    Stone,
}

impl Cell {
    fn piece(self) -> Option<Piece> {
        match self {
            Cell::Empty => None,
            Cell::Black => Some(Piece::Black),
            Cell::White => Some(Piece::White),
            Cell::Stone => Some(Piece::Stone),
        }
    }

    fn from_piece(piece: Option<&Piece>) -> Cell {
        match piece {
            None => Cell::Empty,
            Some(Piece::Black) => Cell::Black,
            Some(Piece::White) => Cell::White,
            Some(Piece::Stone) => Cell::Stone,
        }
    }
}

/// The reference Epaminondas.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReferenceEpaminondas {
    options: EpaminondasOptions,
    /// `board[row][col]`, row 0 is row 1.
    board: [[Cell; W]; H],
    turn: Turn<EpaminondasPly>,
}

fn piece_of(colour: Colour) -> Cell {
    match colour {
        Colour::Black => Cell::Black,
        Colour::White => Cell::White,
    }
}

/// The row index of `colour`'s home row: White row 1, Black row 12.
fn home_row(colour: Colour) -> usize {
    match colour {
        Colour::White => 0,
        Colour::Black => H - 1,
    }
}

fn on_board(c: i32, r: i32) -> bool {
    c >= 0 && r >= 0 && (c as usize) < W && (r as usize) < H
}

impl ReferenceEpaminondas {
    /// The board cell by cell (14x12).
    pub fn board_cells(&self) -> Cells<Piece> {
        let mut v = Vec::new();
        for row in &self.board {
            v.extend(row.iter().map(|c| c.piece()));
        }
        Cells::from_vec(W as u8, H as u8, v).expect("a 14x12 board")
    }

    /// A position set up from `cells` (a 14x12 board) with `to_move` to
    /// play; the same contract as the engine's `from_cells`.
    pub fn from_cells(
        options: EpaminondasOptions,
        cells: &Cells<Piece>,
        to_move: Colour,
    ) -> Result<Self, SetupError> {
        validate_cells(&options, cells)?;
        let mut game = ReferenceEpaminondas::new(options);
        for r in 0..H {
            for c in 0..W {
                game.board[r][c] = Cell::from_piece(cells.get(Point::new(c as u8, r as u8)));
            }
        }
        game.turn.set_to_move(to_move);
        Ok(game)
    }

    /// The number of `colour`'s pieces on the opponent's home row (P4).
    pub fn home_row_count(&self, colour: Colour) -> usize {
        self.count_on_row(colour, home_row(colour.opponent()))
    }

    /// Whether the board is symmetric in the sense of P5.
    pub fn is_symmetric(&self) -> bool {
        Self::is_symmetric_board(&self.board)
    }

    fn stones_placed(&self) -> usize {
        self.board.iter().flatten().filter(|c| **c == Cell::Stone).count()
    }

    fn in_stone_phase(&self) -> bool {
        self.options.variant() == Variant::Stones && self.stones_placed() < 3
    }

    fn count_on_row(&self, colour: Colour, row: usize) -> usize {
        self.board[row].iter().filter(|c| **c == piece_of(colour)).count()
    }

    /// P5: reflect rows (r <-> 13 - r in 1-based rows) and exchange colours.
    fn is_symmetric_board(board: &[[Cell; W]; H]) -> bool {
        for r in 0..H {
            for c in 0..W {
                let mirrored = match board[H - 1 - r][c] {
                    Cell::Black => Cell::White,
                    Cell::White => Cell::Black,
                    other => other,
                };
                if board[r][c] != mirrored {
                    return false;
                }
            }
        }
        true
    }

    /// Tries to move the part of a phalanx starting at `from` in direction
    /// `dir` by `distance` squares. Returns the board afterwards and whether
    /// it captured, or `None` if P2/P3/P5 forbid it.
    fn try_move(&self, from: (i32, i32), dir: (i32, i32), distance: i32) -> Option<([[Cell; W]; H], bool)> {
        let me = piece_of(self.turn.to_move());
        let enemy = piece_of(self.turn.to_move().opponent());
        if !on_board(from.0, from.1) || self.board[from.1 as usize][from.0 as usize] != me {
            return None;
        }
        // P2: the moving part is `from` and every contiguous friendly piece
        // ahead of it, up to the front of the line.
        let mut moving = vec![from];
        loop {
            let last = *moving.last().unwrap();
            let next = (last.0 + dir.0, last.1 + dir.1);
            if on_board(next.0, next.1) && self.board[next.1 as usize][next.0 as usize] == me {
                moving.push(next);
            } else {
                break;
            }
        }
        let k = moving.len() as i32;
        // It moves 1..=k squares.
        if distance < 1 || distance > k {
            return None;
        }
        let front = *moving.last().unwrap();
        let mut captured = Vec::new();
        for s in 1..=distance {
            let sq = (front.0 + dir.0 * s, front.1 + dir.1 * s);
            // It may not leave the board.
            if !on_board(sq.0, sq.1) {
                return None;
            }
            let cell = self.board[sq.1 as usize][sq.0 as usize];
            match cell {
                Cell::Empty => {}
                // Nor land on or pass through a friendly piece or a stone.
                Cell::Stone => return None,
                c if c == me => return None,
                _ => {
                    // Nor pass through an enemy piece.
                    if s < distance {
                        return None;
                    }
                    // P3: count the enemy line from the attacked piece on.
                    let mut line = vec![sq];
                    loop {
                        let last = *line.last().unwrap();
                        let next = (last.0 + dir.0, last.1 + dir.1);
                        if on_board(next.0, next.1) && self.board[next.1 as usize][next.0 as usize] == enemy {
                            line.push(next);
                        } else {
                            break;
                        }
                    }
                    if line.len() as i32 >= k {
                        return None;
                    }
                    captured = line;
                }
            }
        }
        let mut board = self.board;
        for &(c, r) in &captured {
            board[r as usize][c as usize] = Cell::Empty;
        }
        for &(c, r) in &moving {
            board[r as usize][c as usize] = Cell::Empty;
        }
        let target = home_row(self.turn.to_move().opponent());
        let mut reaches_home_row = false;
        for &(c, r) in &moving {
            let (nc, nr) = (c + dir.0 * distance, r + dir.1 * distance);
            board[nr as usize][nc as usize] = me;
            if nr as usize == target {
                reaches_home_row = true;
            }
        }
        // P5: no moved piece on the opponent's home row with a symmetric board.
        if reaches_home_row && Self::is_symmetric_board(&board) {
            return None;
        }
        Some((board, !captured.is_empty()))
    }

    fn move_of(&self, from: Point, to: Point) -> Option<(i32, i32, i32)> {
        let dc = i32::from(to.col) - i32::from(from.col);
        let dr = i32::from(to.row) - i32::from(from.row);
        for &(x, y) in &DIRECTIONS {
            for d in 1..=14 {
                if x * d == dc && y * d == dr {
                    return Some((x, y, d));
                }
            }
        }
        None
    }

    fn all_legal(&self) -> Vec<EpaminondasPly> {
        let mut out = Vec::new();
        if self.in_stone_phase() {
            for r in 3..=8 {
                for c in 0..W {
                    if self.board[r][c] == Cell::Empty {
                        out.push(EpaminondasPly::Stone(Point::new(c as u8, r as u8)));
                    }
                }
            }
            return out;
        }
        for r in 0..H as i32 {
            for c in 0..W as i32 {
                for &dir in &DIRECTIONS {
                    for distance in 1..=14 {
                        if let Some((_, capture)) = self.try_move((c, r), dir, distance) {
                            out.push(EpaminondasPly::Move {
                                from: Point::new(c as u8, r as u8),
                                to: Point::new((c + dir.0 * distance) as u8, (r + dir.1 * distance) as u8),
                                capture,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    fn rules_status(&self) -> Status {
        if self.in_stone_phase() {
            return Status::Ongoing;
        }
        let me = self.turn.to_move();
        let them = me.opponent();
        // P4, at the start of the turn.
        if self.count_on_row(me, home_row(them)) > self.count_on_row(them, home_row(me)) {
            return Status::win(me, self.seat_of(me));
        }
        // P6.
        if self.all_legal().is_empty() {
            return Status::win(them, self.seat_of(them));
        }
        Status::Ongoing
    }
}

impl Game for ReferenceEpaminondas {
    type Ply = EpaminondasPly;
    type Options = EpaminondasOptions;
    const NAME: &'static str = "epaminondas";
    const FIRST_COLOUR: Colour = Colour::White;

    fn new(options: EpaminondasOptions) -> Self {
        let mut board = [[Cell::Empty; W]; H];
        for c in 0..W {
            board[0][c] = Cell::White;
            board[1][c] = Cell::White;
            board[H - 2][c] = Cell::Black;
            board[H - 1][c] = Cell::Black;
        }
        // P7: Black places the first stone; otherwise White moves first.
        let to_move = if options.variant() == Variant::Stones {
            Colour::Black
        } else {
            Colour::White
        };
        ReferenceEpaminondas {
            options,
            board,
            turn: Turn::start(to_move),
        }
    }

    fn options(&self) -> &EpaminondasOptions {
        &self.options
    }

    abstracta_core::turn_methods!();

    fn legal_plies(&self, out: &mut PlyBuf<EpaminondasPly>) {
        out.clear();
        if self.status().is_finished() {
            return;
        }
        out.extend(self.all_legal());
    }

    fn play_unchecked(&mut self, ply: EpaminondasPly) {
        let mut played = ply;
        match ply {
            EpaminondasPly::Stone(p) => {
                self.board[usize::from(p.row)][usize::from(p.col)] = Cell::Stone;
            }
            EpaminondasPly::Move { from, to, .. } => {
                let (x, y, d) = self.move_of(from, to).expect("a legal move lies on a line");
                let (board, capture) = self
                    .try_move((i32::from(from.col), i32::from(from.row)), (x, y), d)
                    .expect("play_unchecked needs a legal ply");
                self.board = board;
                played = EpaminondasPly::Move { from, to, capture };
            }
        }
        self.turn.pass_after(played);
    }

    fn status(&self) -> Status {
        let rules = self.rules_status();
        if rules.is_finished() {
            return rules;
        }
        if self.length_cap().is_some_and(|cap| self.turn.plies() >= cap) {
            return Status::length_cap();
        }
        Status::Ongoing
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for r in 0..H {
            for c in 0..W {
                let v = match self.board[r][c] {
                    Cell::Empty => continue,
                    Cell::Black => 0,
                    Cell::White => 1,
                    Cell::Stone => 2,
                };
                h ^= key(0x4EF0, ((r * W + c) * 3 + v) as u64);
            }
        }
        if self.turn.to_move() == Colour::White {
            h ^= key(0x4EF1, 0);
        }
        h
    }

    fn length_cap(&self) -> Option<u32> {
        self.options.cap().resolve(Some(DEFAULT_CAP))
    }
}

impl ReferenceEpaminondas {
    /// The board as text (the `Display` impl writes it).
    pub(crate) fn render(&self) -> String {
        let footer = match self.status() {
            Status::Ongoing => format!("{} ({} player) to move", self.turn.to_move(), self.to_move_seat()),
            st => st.to_string(),
        };
        render_board(&self.board_cells(), self.turn.last(), &footer)
    }
}

impl fmt::Display for ReferenceEpaminondas {
    /// The board as the engine draws it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}
