//! The reference implementation: RULES.md (section Ecalper) sentence by
//! sentence, with plain arrays, loops and breadth-first search. It shares
//! no rule code with the bitboard engine and exists to check it
//! (differential tests, perft) and to measure it against.

use std::collections::VecDeque;
use std::fmt;

use abstracta_core::{zobrist, Cells, Colour, Game, PlyBuf, Point, Status, Turn};

use crate::{EcalperOptions, EcalperPly};

/// What the current turn still needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Step {
    /// "replace exactly one of the opponent's stones placed in the
    /// opponent's last turn" (C2), or swap on White's first turn (C3).
    Replace,
    /// "then place 3 stones on empty cells": this many are still owed.
    Place(usize),
    /// The game has ended (after the last turn's replacement, C4).
    Finished,
}

/// The plain reference implementation of Ecalper.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReferenceEcalper {
    options: EcalperOptions,
    /// `board[row][col]`; cells off the hex-hex board stay `None` and are
    /// never used.
    board: Vec<Vec<Option<Colour>>>,
    turn: Turn<EcalperPly>,
    white_has_had_a_turn: bool,
    step: Step,
    /// The last turn (C4) is under way: Black only replaces.
    last_turn: bool,
    /// The stones the opponent placed in their last board turn.
    placed_by_opponent_last_turn: Vec<Point>,
    /// The stones placed so far in the current turn, in order.
    placed_this_turn: Vec<Point>,
}

impl ReferenceEcalper {
    fn side(&self) -> i32 {
        i32::from(self.options.size())
    }

    fn width(&self) -> i32 {
        2 * self.side() - 1
    }

    /// "0 <= c, r <= 2s-2 and |c - r| <= s-1".
    fn is_cell(&self, c: i32, r: i32) -> bool {
        let s = self.side();
        c >= 0 && r >= 0 && c <= 2 * s - 2 && r <= 2 * s - 2 && (c - r).abs() < s
    }

    fn is_cell_point(&self, p: Point) -> bool {
        self.is_cell(i32::from(p.col), i32::from(p.row))
    }

    /// Every cell, in row-major order: "by row, then column".
    fn all_cells(&self) -> Vec<Point> {
        let mut cells = Vec::new();
        for r in 0..self.width() {
            for c in 0..self.width() {
                if self.is_cell(c, r) {
                    cells.push(Point::new(c as u8, r as u8));
                }
            }
        }
        cells
    }

    fn get(&self, p: Point) -> Option<Colour> {
        self.board[usize::from(p.row)][usize::from(p.col)]
    }

    fn put(&mut self, p: Point, colour: Colour) {
        self.board[usize::from(p.row)][usize::from(p.col)] = Some(colour);
    }

    fn count_empty(&self) -> usize {
        self.all_cells()
            .into_iter()
            .filter(|&p| self.get(p).is_none())
            .count()
    }

    /// Row-major order: a1 < b1 < ... < a2.
    fn comes_before(a: Point, b: Point) -> bool {
        (a.row, a.col) < (b.row, b.col)
    }

    fn reached_cap(&self) -> bool {
        match self.options.cap().resolve(None) {
            Some(cap) => self.turn.plies() >= cap,
            None => false,
        }
    }

    /// The six neighbours: (c±1, r), (c, r±1), (c+1, r+1), (c-1, r-1).
    fn neighbours(&self, p: Point) -> Vec<Point> {
        let (c, r) = (i32::from(p.col), i32::from(p.row));
        let mut out = Vec::new();
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)] {
            if self.is_cell(c + dc, r + dr) {
                out.push(Point::new((c + dc) as u8, (r + dr) as u8));
            }
        }
        out
    }

    /// The groups of `colour`, each as its cells, found by breadth-first
    /// search.
    fn groups(&self, colour: Colour) -> Vec<Vec<Point>> {
        let w = self.width() as usize;
        let mut seen = vec![vec![false; w]; w];
        let mut groups = Vec::new();
        for start in self.all_cells() {
            if self.get(start) != Some(colour) || seen[usize::from(start.row)][usize::from(start.col)] {
                continue;
            }
            let mut group = Vec::new();
            let mut queue = VecDeque::new();
            seen[usize::from(start.row)][usize::from(start.col)] = true;
            queue.push_back(start);
            while let Some(p) = queue.pop_front() {
                group.push(p);
                for q in self.neighbours(p) {
                    if self.get(q) == Some(colour) && !seen[usize::from(q.row)][usize::from(q.col)] {
                        seen[usize::from(q.row)][usize::from(q.col)] = true;
                        queue.push_back(q);
                    }
                }
            }
            groups.push(group);
        }
        groups
    }

    /// The sizes of `colour`'s groups.
    fn group_sizes(&self, colour: Colour) -> Vec<u32> {
        self.groups(colour).iter().map(|g| g.len() as u32).collect()
    }

    /// C5: the cells of every group of `colour` of the largest size, in
    /// row-major order, as [`crate::Ecalper::largest_groups`].
    pub fn largest_groups(&self, colour: Colour) -> Vec<Point> {
        let groups = self.groups(colour);
        let largest = groups.iter().map(Vec::len).max().unwrap_or(0);
        let mut cells: Vec<Point> = groups
            .into_iter()
            .filter(|g| g.len() == largest)
            .flatten()
            .collect();
        cells.sort_by_key(|p| (p.row, p.col));
        cells
    }

    /// The size of `colour`'s largest group.
    pub fn largest_group(&self, colour: Colour) -> u32 {
        self.group_sizes(colour).into_iter().max().unwrap_or(0)
    }

    /// The number of `colour`'s groups.
    pub fn group_count(&self, colour: Colour) -> u32 {
        self.group_sizes(colour).len() as u32
    }

    /// `(largest group, group count)` for `colour` from one search, as
    /// [`crate::Ecalper::score`].
    pub fn score(&self, colour: Colour) -> (u32, u32) {
        let sizes = self.group_sizes(colour);
        (sizes.iter().copied().max().unwrap_or(0), sizes.len() as u32)
    }

    /// Every cell of the square grid that holds the hexagon, as
    /// [`crate::Ecalper::board_cells`].
    pub fn board_cells(&self) -> Cells<Colour> {
        let w = self.width() as u8;
        Cells::from_vec(w, w, self.board.concat())
            .expect("a side of 3 to 12 makes a grid of 5 to 23 cells a side")
    }

    /// The stones that may be replaced now, as [`crate::Ecalper::replaceable`].
    pub fn replaceable(&self) -> Vec<Point> {
        if self.step != Step::Replace {
            return Vec::new();
        }
        let mut v = self.placed_by_opponent_last_turn.clone();
        v.sort_by_key(|p| (p.row, p.col));
        v
    }

    fn white_may_swap(&self) -> bool {
        self.options.pie()
            && self.turn.to_move() == Colour::White
            && !self.white_has_had_a_turn
            && !self.turn.swapped()
            && self.step == Step::Replace
    }
}

impl Game for ReferenceEcalper {
    type Ply = EcalperPly;
    type Options = EcalperOptions;
    const NAME: &'static str = "ecalper";

    fn new(options: EcalperOptions) -> Self {
        let w = usize::from(2 * options.size() - 1);
        ReferenceEcalper {
            options,
            board: vec![vec![None; w]; w],
            turn: Turn::start(Colour::Black),
            white_has_had_a_turn: false,
            // C1: Black's first turn is three placements.
            step: Step::Place(3),
            last_turn: false,
            placed_by_opponent_last_turn: Vec::new(),
            placed_this_turn: Vec::new(),
        }
    }

    fn options(&self) -> &EcalperOptions {
        &self.options
    }

    abstracta_core::turn_methods!();

    fn legal_plies(&self, out: &mut PlyBuf<EcalperPly>) {
        out.clear();
        if self.reached_cap() {
            return;
        }
        match self.step {
            Step::Finished => {}
            Step::Replace => {
                for &p in &self.placed_by_opponent_last_turn {
                    if self.get(p) == Some(self.turn.to_move().opponent()) {
                        out.push(EcalperPly::Replace(p));
                    }
                }
                if self.white_may_swap() {
                    out.push(EcalperPly::Swap);
                }
            }
            Step::Place(owed) => {
                let cells = self.all_cells();
                for &p in &cells {
                    if self.get(p).is_some() {
                        continue;
                    }
                    // Strictly ascending within the turn.
                    if let Some(&prev) = self.placed_this_turn.last() {
                        if !Self::comes_before(prev, p) {
                            continue;
                        }
                    }
                    // Enough empty cells must remain above it for the
                    // placements still owed.
                    let mut empty_above = 0;
                    for &q in &cells {
                        if Self::comes_before(p, q) && self.get(q).is_none() {
                            empty_above += 1;
                        }
                    }
                    if empty_above >= owed - 1 {
                        out.push(EcalperPly::Place(p));
                    }
                }
            }
        }
    }

    fn play_unchecked(&mut self, ply: EcalperPly) {
        let me = self.turn.to_move();
        match ply {
            EcalperPly::Swap => {
                // C3: the board is unchanged; White still moves, now played
                // by the first seat, and must replace next.
                self.turn.swap();
            }
            EcalperPly::Replace(p) => {
                if !self.is_cell_point(p) {
                    return;
                }
                self.put(p, me);
                if self.last_turn {
                    // C4: Black only replaces, then the game ends.
                    self.step = Step::Finished;
                } else {
                    self.step = Step::Place(3);
                }
            }
            EcalperPly::Place(p) => {
                if !self.is_cell_point(p) {
                    return;
                }
                self.put(p, me);
                self.placed_this_turn.push(p);
                if let Step::Place(owed) = self.step {
                    if owed > 1 {
                        self.step = Step::Place(owed - 1);
                    } else {
                        // The turn ends; its placed stones are the ones the
                        // opponent may replace.
                        self.placed_by_opponent_last_turn = std::mem::take(&mut self.placed_this_turn);
                        if me == Colour::White {
                            self.white_has_had_a_turn = true;
                            // C4: White's turn ends with exactly 1 empty cell.
                            if self.count_empty() == 1 {
                                self.last_turn = true;
                            }
                        }
                        self.turn.pass();
                        self.step = Step::Replace;
                    }
                }
            }
        }
        self.turn.record(ply);
    }

    fn status(&self) -> Status {
        if self.step == Step::Finished {
            // C5: largest group, then fewer groups, then a draw.
            let black = self.group_sizes(Colour::Black);
            let white = self.group_sizes(Colour::White);
            let black_largest = black.iter().copied().max().unwrap_or(0);
            let white_largest = white.iter().copied().max().unwrap_or(0);
            let winner = if black_largest > white_largest {
                Some(Colour::Black)
            } else if white_largest > black_largest {
                Some(Colour::White)
            } else if black.len() < white.len() {
                Some(Colour::Black)
            } else if white.len() < black.len() {
                Some(Colour::White)
            } else {
                None
            };
            return match winner {
                Some(c) => Status::win(c, self.seat_of(c)),
                None => Status::draw(),
            };
        }
        if self.reached_cap() {
            return Status::length_cap();
        }
        Status::Ongoing
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        let w = self.width() as u64;
        for p in self.all_cells() {
            let i = u64::from(p.row) * w + u64::from(p.col);
            match self.get(p) {
                Some(Colour::Black) => h ^= zobrist::key(0x5ef_0001, i),
                Some(Colour::White) => h ^= zobrist::key(0x5ef_0002, i),
                None => {}
            }
        }
        for p in self
            .placed_by_opponent_last_turn
            .iter()
            .chain(&self.placed_this_turn)
        {
            h ^= zobrist::key(0x5ef_0003, u64::from(p.row) * w + u64::from(p.col));
        }
        let step = match self.step {
            Step::Replace => 0,
            Step::Place(k) => k as u64,
            Step::Finished => 9,
        };
        h ^= zobrist::key(0x5ef_0004, step);
        h ^= zobrist::key(
            0x5ef_0005,
            u64::from(self.turn.to_move() == Colour::White) + 2 * u64::from(self.turn.swapped()),
        );
        h
    }

    fn length_cap(&self) -> Option<u32> {
        self.options.cap().resolve(None)
    }
}

impl ReferenceEcalper {
    /// The board as text (the `Display` impl writes it).
    pub(crate) fn render(&self) -> String {
        let last = match self.turn.last() {
            Some(EcalperPly::Place(p) | EcalperPly::Replace(p)) => Some(p),
            _ => None,
        };
        let status = self.status();
        let line = if status.is_finished() {
            status.to_string()
        } else {
            format!("{} ({} player) to move", self.turn.to_move(), self.to_move_seat())
        };
        let marked: Vec<Point> = match self.step {
            Step::Replace => self.placed_by_opponent_last_turn.clone(),
            _ => self.placed_this_turn.clone(),
        };
        crate::render::render_board(
            self.options.size(),
            |p| if self.is_cell_point(p) { self.get(p) } else { None },
            |p| marked.contains(&p),
            last,
            &line,
        )
    }
}

/// The board as the engine draws it.
impl fmt::Display for ReferenceEcalper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}
