//! A deliberately plain Escabel implementation: a `Vec` of cells, loops and
//! a breadth-first search, written from RULES.md sentence by sentence and
//! sharing no rule code with the bitboard engine. Tests compare the two;
//! benchmarks measure the engine against it.

use std::collections::VecDeque;

use std::fmt;

use abstracta_core::{zobrist, Cells, Colour, Game, PlyBuf, Point, Status, Turn};

use crate::{EscabelOptions, EscabelPly, SetupError, Stack, Variant};

/// The reference implementation of Escabel.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReferenceEscabel {
    options: EscabelOptions,
    n: usize,
    /// Row-major from a1: `None` empty, else (colour of the top piece, height).
    cells: Vec<Option<(Colour, u8)>>,
    turn: Turn<EscabelPly>,
}

impl ReferenceEscabel {
    fn at(&self, col: i32, row: i32) -> Option<(Colour, u8)> {
        if col < 0 || row < 0 || col >= self.n as i32 || row >= self.n as i32 {
            return None;
        }
        self.cells[row as usize * self.n + col as usize]
    }

    fn on_board(&self, p: Point) -> bool {
        usize::from(p.col) < self.n && usize::from(p.row) < self.n
    }

    fn idx(&self, p: Point) -> usize {
        usize::from(p.row) * self.n + usize::from(p.col)
    }

    /// A position set up from `cells` (same contract as
    /// [`crate::Escabel::from_cells`]).
    pub fn from_cells(
        options: EscabelOptions,
        cells: &Cells<Stack>,
        to_move: Colour,
    ) -> Result<Self, SetupError> {
        let mut game = ReferenceEscabel::new(options);
        let n = game.n as u8;
        if cells.width() != n || cells.height() != n {
            return Err(SetupError::WrongSize {
                size: n,
                width: cells.width(),
                height: cells.height(),
            });
        }
        for (k, cell) in cells.as_slice().iter().enumerate() {
            if let Some(stack) = cell {
                if stack.height == 0 {
                    return Err(SetupError::EmptyStack {
                        point: Point::new((k % game.n) as u8, (k / game.n) as u8),
                    });
                }
            }
            game.cells[k] = cell.map(|s| (s.colour, s.height));
        }
        game.turn.set_to_move(to_move);
        Ok(game)
    }

    /// The board cell by cell (see [`crate::Escabel::board_cells`]).
    pub fn board_cells(&self) -> Cells<Stack> {
        let cells = self
            .cells
            .iter()
            .map(|c| c.map(|(colour, height)| Stack { colour, height }))
            .collect();
        Cells::from_vec(self.n as u8, self.n as u8, cells).expect("an n x n board has n^2 cells")
    }

    /// E2: the lower-left points of the 2x2 blocks that are crosscuts.
    pub fn crosscuts(&self) -> Vec<Point> {
        let mut out = Vec::new();
        for row in 0..self.n as i32 - 1 {
            for col in 0..self.n as i32 - 1 {
                let a = self.at(col, row).map(|s| s.0);
                let b = self.at(col + 1, row + 1).map(|s| s.0);
                let c = self.at(col + 1, row).map(|s| s.0);
                let d = self.at(col, row + 1).map(|s| s.0);
                // "two diagonally adjacent stacks of one colour and two
                // diagonally adjacent stacks of the other colour"
                if let (Some(a), Some(b), Some(c), Some(d)) = (a, b, c, d) {
                    if a == b && c == d && a != c {
                        out.push(Point::new(col as u8, row as u8));
                    }
                }
            }
        }
        out
    }

    /// E3: whether the stacks on (c1, r1) and (c2, r2) are connected.
    pub fn connected(&self, a: Point, b: Point) -> bool {
        let (c1, r1, c2, r2) = (
            i32::from(a.col),
            i32::from(a.row),
            i32::from(b.col),
            i32::from(b.row),
        );
        let (Some((colour_a, ha)), Some((colour_b, hb))) = (self.at(c1, r1), self.at(c2, r2)) else {
            return false;
        };
        // "Two stacks of the same colour"
        if colour_a != colour_b {
            return false;
        }
        let dc = (c2 - c1).abs();
        let dr = (r2 - r1).abs();
        // (a) orthogonally adjacent
        if dc + dr == 1 {
            return true;
        }
        if dc != 1 || dr != 1 {
            return false;
        }
        // (b) diagonally adjacent: look at the other two points of the block.
        let o1 = self.at(c1, r2);
        let o2 = self.at(c2, r1);
        let enemy = |s: Option<(Colour, u8)>| matches!(s, Some((c, _)) if c != colour_a);
        if !(enemy(o1) && enemy(o2)) {
            return true;
        }
        // (c) a crosscut: compare (lo_f, hi_f) with (lo_e, hi_e).
        let he1 = o1.map(|s| s.1).unwrap_or(0);
        let he2 = o2.map(|s| s.1).unwrap_or(0);
        let (lo_f, hi_f) = (ha.min(hb), ha.max(hb));
        let (lo_e, hi_e) = (he1.min(he2), he1.max(he2));
        lo_f > lo_e || (lo_f == lo_e && hi_f > hi_e)
    }

    /// E6: whether `colour` has a chain touching both of its edges.
    /// Black's edges are the bottom and top rows, White's the left and
    /// right columns.
    pub fn has_winning_chain(&self, colour: Colour) -> bool {
        let n = self.n as i32;
        let on_first = |c: i32, r: i32| if colour == Colour::Black { r == 0 } else { c == 0 };
        let on_second = |c: i32, r: i32| {
            if colour == Colour::Black {
                r == n - 1
            } else {
                c == n - 1
            }
        };
        let mut seen = vec![false; self.cells.len()];
        let mut queue = VecDeque::new();
        for r in 0..n {
            for c in 0..n {
                if on_first(c, r) && matches!(self.at(c, r), Some((x, _)) if x == colour) {
                    seen[(r * n + c) as usize] = true;
                    queue.push_back((c, r));
                }
            }
        }
        while let Some((c, r)) = queue.pop_front() {
            if on_second(c, r) {
                return true;
            }
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let (c2, r2) = (c + dc, r + dr);
                    if (dc, dr) == (0, 0) || c2 < 0 || r2 < 0 || c2 >= n || r2 >= n {
                        continue;
                    }
                    let k = (r2 * n + c2) as usize;
                    if !seen[k]
                        && self.connected(Point::new(c as u8, r as u8), Point::new(c2 as u8, r2 as u8))
                    {
                        seen[k] = true;
                        queue.push_back((c2, r2));
                    }
                }
            }
        }
        false
    }

    /// E6: every stack of `colour` in a chain that touches both of its
    /// edges, in row-major order, found by growing each chain point by
    /// point (the bitboard engine's `Escabel::winning_chain` floods).
    pub fn winning_chain(&self, colour: Colour) -> Vec<Point> {
        let n = self.n as i32;
        let mut seen = vec![false; self.cells.len()];
        let mut chain = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if seen[(r * n + c) as usize] || !matches!(self.at(c, r), Some((x, _)) if x == colour) {
                    continue;
                }
                seen[(r * n + c) as usize] = true;
                let mut group = vec![(c, r)];
                let mut next = 0;
                while next < group.len() {
                    let (c1, r1) = group[next];
                    next += 1;
                    for dr in -1..=1 {
                        for dc in -1..=1 {
                            let (c2, r2) = (c1 + dc, r1 + dr);
                            if (dc, dr) == (0, 0) || c2 < 0 || r2 < 0 || c2 >= n || r2 >= n {
                                continue;
                            }
                            let k = (r2 * n + c2) as usize;
                            let (a, b) = (Point::new(c1 as u8, r1 as u8), Point::new(c2 as u8, r2 as u8));
                            if !seen[k] && self.connected(a, b) {
                                seen[k] = true;
                                group.push((c2, r2));
                            }
                        }
                    }
                }
                let touches = |edge: &dyn Fn(i32, i32) -> bool| group.iter().any(|&(c, r)| edge(c, r));
                let spans = match colour {
                    Colour::Black => touches(&|_, r| r == 0) && touches(&|_, r| r == n - 1),
                    Colour::White => touches(&|c, _| c == 0) && touches(&|c, _| c == n - 1),
                };
                if spans {
                    chain.extend(group.iter().map(|&(c, r)| Point::new(c as u8, r as u8)));
                }
            }
        }
        chain.sort_by_key(|p| (p.row, p.col));
        chain
    }

    /// The E5 stacking moves of `colour`.
    pub fn stack_moves(&self, colour: Colour) -> Vec<EscabelPly> {
        let n = self.n as i32;
        let mut out = Vec::new();
        for r in 0..n {
            for c in 0..n {
                let Some((mine, h)) = self.at(c, r) else { continue };
                if mine != colour {
                    continue;
                }
                for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    if let Some((theirs, h2)) = self.at(c + dc, r + dr) {
                        // Equal heights; the result h + 1 must fit (E1).
                        if theirs != colour && h2 == h && h < 255 {
                            out.push(EscabelPly::Stack {
                                from: Point::new(c as u8, r as u8),
                                to: Point::new((c + dc) as u8, (r + dr) as u8),
                            });
                        }
                    }
                }
            }
        }
        out
    }

    fn swap_allowed(&self) -> bool {
        // E8: on White's first turn, i.e. right after Black's first ply.
        self.options.pie() && self.turn.plies() == 1 && self.turn.to_move() == Colour::White
    }

    fn all_moves(&self) -> Vec<EscabelPly> {
        let mut out = Vec::new();
        for (k, cell) in self.cells.iter().enumerate() {
            if cell.is_none() {
                out.push(EscabelPly::Place(Point::new(
                    (k % self.n) as u8,
                    (k / self.n) as u8,
                )));
            }
        }
        out.extend(self.stack_moves(self.turn.to_move()));
        if self.swap_allowed() {
            out.push(EscabelPly::Swap);
        }
        out
    }

    fn zkey(&self, k: usize, colour: Colour, height: u8) -> u64 {
        zobrist::key(0x5EF0, (k * 2 + colour.index()) as u64 * 256 + u64::from(height))
    }
}

impl Game for ReferenceEscabel {
    type Ply = EscabelPly;
    type Options = EscabelOptions;
    const NAME: &'static str = "escabel";

    fn new(options: EscabelOptions) -> Self {
        let n = usize::from(options.size());
        let mut cells = vec![None; n * n];
        if options.variant() == Variant::Checkered {
            // E9: a1 has the corner colour; colours alternate like a
            // chessboard.
            let first = options.corner_colour();
            for r in 0..n {
                for c in 0..n {
                    let colour = if (r + c) % 2 == 0 { first } else { first.opponent() };
                    cells[r * n + c] = Some((colour, 1));
                }
            }
        }
        ReferenceEscabel {
            options,
            n,
            cells,
            turn: Turn::start(Colour::Black),
        }
    }

    fn options(&self) -> &EscabelOptions {
        &self.options
    }

    abstracta_core::turn_methods!();

    fn legal_plies(&self, out: &mut PlyBuf<EscabelPly>) {
        out.clear();
        if self.status().is_finished() {
            return;
        }
        out.extend(self.all_moves());
    }

    fn is_legal(&self, ply: EscabelPly) -> bool {
        if let EscabelPly::Place(p) | EscabelPly::Stack { from: p, .. } = ply {
            if !self.on_board(p) {
                return false;
            }
        }
        if let EscabelPly::Stack { to, .. } = ply {
            if !self.on_board(to) {
                return false;
            }
        }
        let mut plies = PlyBuf::new();
        self.legal_plies(&mut plies);
        plies.contains(&ply)
    }

    fn play_unchecked(&mut self, ply: EscabelPly) {
        let me = self.turn.to_move();
        match ply {
            EscabelPly::Place(p) => {
                let k = self.idx(p);
                self.cells[k] = Some((me, 1));
            }
            EscabelPly::Stack { from, to } => {
                let (a, b) = (self.idx(from), self.idx(to));
                let h = self.cells[a].map(|s| s.1).unwrap_or(0);
                // Move the top piece onto the enemy stack: it becomes mine at h + 1.
                self.cells[b] = Some((me, h + 1));
                // Then one of the opponent's pieces on the vacated stack: theirs at h.
                self.cells[a] = Some((me.opponent(), h));
            }
            EscabelPly::Swap => self.turn.swap(),
        }
        if ply == EscabelPly::Swap {
            self.turn.record(ply);
        } else {
            self.turn.pass_after(ply);
        }
    }

    fn status(&self) -> Status {
        let me = self.turn.to_move();
        // E6: only the player about to move is checked.
        if self.has_winning_chain(me) {
            return Status::win(me, self.seat_of(me));
        }
        // E7: failing that, no legal move loses.
        if self.all_moves().is_empty() {
            let other = me.opponent();
            return Status::win(other, self.seat_of(other));
        }
        if let Some(cap) = self.options.effective_cap() {
            if self.turn.plies() >= cap {
                return Status::length_cap();
            }
        }
        Status::Ongoing
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (k, cell) in self.cells.iter().enumerate() {
            if let Some((colour, height)) = *cell {
                h ^= self.zkey(k, colour, height);
            }
        }
        if self.turn.to_move() == Colour::White {
            h ^= zobrist::key(0x5EF1, 0);
        }
        if self.turn.swapped() {
            h ^= zobrist::key(0x5EF1, 1);
        }
        h
    }

    fn length_cap(&self) -> Option<u32> {
        self.options.effective_cap()
    }

    fn goal(&self, colour: Colour) -> Option<String> {
        Some(crate::render::goal(colour))
    }
}

/// The cells the reference implementation's plies claim, as the engine's
/// knowledge ([`EscabelKnowledge`](crate::EscabelKnowledge))
/// numbers them, for differential tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ReferenceEscabelKnowledge;

impl abstracta_core::claims::CellClaims<ReferenceEscabel> for ReferenceEscabelKnowledge {
    const CLAIMS: abstracta_core::Claims = abstracta_core::Claims::Lasting;

    fn claimed_cell(&self, game: &ReferenceEscabel, ply: EscabelPly) -> Option<usize> {
        match ply {
            EscabelPly::Place(p) if game.on_board(p) => Some(game.idx(p)),
            // Slots n^2.. : four per target point, one per side it is
            // entered from (left, right, below, above).
            EscabelPly::Stack { from, to } if game.on_board(to) => {
                let side = if from.col < to.col {
                    0
                } else if from.col > to.col {
                    1
                } else if from.row < to.row {
                    2
                } else {
                    3
                };
                Some(game.n * game.n + 4 * game.idx(to) + side)
            }
            _ => None,
        }
    }

    fn claimable_cells(&self, game: &ReferenceEscabel) -> usize {
        5 * game.n * game.n
    }
}

impl fmt::Display for ReferenceEscabel {
    /// The board as the engine draws it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::render::write_board(
            f,
            self.n as u8,
            &abstracta_core::text::legend(self),
            &self.board_cells(),
            self.turn.last(),
            self.status(),
            self.turn.to_move(),
            self.to_move_seat(),
        )
    }
}
