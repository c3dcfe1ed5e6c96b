//! A deliberately plain Whirlwind, written from RULES.md sentence by
//! sentence, to check the bitboard engine against. Cells are a `Vec`,
//! every rule is a loop, chains are found by breadth-first search, and legal
//! first stones by trying every second stone. Nothing is cached.

use std::collections::VecDeque;

use abstracta_core::zobrist;
use abstracta_core::{Cells, Colour, Game, PlyBuf, Point, Status, Turn};

use crate::{render_board, WhirlwindOptions, WhirlwindPly};

/// The reference implementation of Whirlwind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReferenceWhirlwind {
    options: WhirlwindOptions,
    n: usize,
    /// Row-major: index `row * n + column`, as in RULES.md.
    cells: Vec<Option<Colour>>,
    turn: Turn<WhirlwindPly>,
    /// The stone placed so far in the turn in progress.
    first_stone: Option<usize>,
}

impl ReferenceWhirlwind {
    /// The stones on the board, cell by cell.
    pub fn board_cells(&self) -> Cells<Colour> {
        let n = self.n as u8;
        Cells::from_vec(n, n, self.cells.clone()).expect("an n x n board has n * n cells")
    }

    /// W1, read literally: the stone (if any) on (x, y) for residue `c`.
    fn setup_colour(phase: usize, c: usize, x: usize, y: usize) -> Option<Colour> {
        let k = x + 3 * y;
        if k % 5 != c {
            return None;
        }
        if ((k - c) / 5 + phase) % 2 == 0 {
            Some(Colour::Black)
        } else {
            Some(Colour::White)
        }
    }

    /// W1: the residue `c` found by trying all five for the quarter-turn
    /// symmetry with colours exchanged.
    pub fn setup_residue(n: usize) -> usize {
        let mut found = Vec::new();
        for c in 0..5 {
            let mut symmetric = true;
            for y in 0..n {
                for x in 0..n {
                    let here = Self::setup_colour(0, c, x, y);
                    let turned = Self::setup_colour(0, c, n - 1 - y, x);
                    if turned != here.map(Colour::opponent) {
                        symmetric = false;
                    }
                }
            }
            if symmetric {
                found.push(c);
            }
        }
        assert_eq!(found.len(), 1, "W1 residue for size {n} is not unique: {found:?}");
        found[0]
    }

    fn index(&self, p: Point) -> Option<usize> {
        let (c, r) = (usize::from(p.col), usize::from(p.row));
        (c < self.n && r < self.n).then_some(r * self.n + c)
    }

    fn point(&self, i: usize) -> Point {
        Point::new((i % self.n) as u8, (i / self.n) as u8)
    }

    fn cell(cells: &[Option<Colour>], n: usize, x: i64, y: i64) -> Option<Colour> {
        if x < 0 || y < 0 || x >= n as i64 || y >= n as i64 {
            None
        } else {
            cells[y as usize * n + x as usize]
        }
    }

    /// W3 over the whole board: every two like-coloured diagonally adjacent
    /// stones share a like-coloured orthogonal neighbour (one of the other
    /// two points of their 2x2 block).
    pub fn w3_holds(&self) -> bool {
        Self::w3(&self.cells, self.n)
    }

    fn w3(cells: &[Option<Colour>], n: usize) -> bool {
        for y in 0..n - 1 {
            for x in 0..n - 1 {
                let ll = cells[y * n + x];
                let lr = cells[y * n + x + 1];
                let ul = cells[(y + 1) * n + x];
                let ur = cells[(y + 1) * n + x + 1];
                if ll.is_some() && ll == ur && lr != ll && ul != ll {
                    return false;
                }
                if lr.is_some() && lr == ul && ll != lr && ur != lr {
                    return false;
                }
            }
        }
        true
    }

    /// W4: whether `colour` has an orthogonal chain touching both its edges
    /// (Black: bottom and top rows; White: left and right columns), by BFS.
    pub fn has_chain(&self, colour: Colour) -> bool {
        let n = self.n;
        let mut seen = vec![false; n * n];
        let mut queue = VecDeque::new();
        for k in 0..n {
            let (x, y) = if colour == Colour::Black { (k, 0) } else { (0, k) };
            if self.cells[y * n + x] == Some(colour) {
                seen[y * n + x] = true;
                queue.push_back((x, y));
            }
        }
        while let Some((x, y)) = queue.pop_front() {
            let far = if colour == Colour::Black {
                y == n - 1
            } else {
                x == n - 1
            };
            if far {
                return true;
            }
            for (dx, dy) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
                let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                if Self::cell(&self.cells, n, nx, ny) == Some(colour) {
                    let j = ny as usize * n + nx as usize;
                    if !seen[j] {
                        seen[j] = true;
                        queue.push_back((nx as usize, ny as usize));
                    }
                }
            }
        }
        false
    }

    /// W4: every stone of `colour` in an orthogonal chain touching both
    /// its edges, in row-major order, grown group by group point by point
    /// (the bitboard engine reads its edge-connected sets instead).
    pub fn winning_chain(&self, colour: Colour) -> Vec<Point> {
        let n = self.n;
        let mut seen = vec![false; n * n];
        let mut chain = Vec::new();
        for start in 0..n * n {
            if seen[start] || self.cells[start] != Some(colour) {
                continue;
            }
            seen[start] = true;
            let mut group = vec![(start % n, start / n)];
            let mut next = 0;
            while next < group.len() {
                let (x, y) = group[next];
                next += 1;
                for (dx, dy) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    if Self::cell(&self.cells, n, nx, ny) == Some(colour) {
                        let j = ny as usize * n + nx as usize;
                        if !seen[j] {
                            seen[j] = true;
                            group.push((nx as usize, ny as usize));
                        }
                    }
                }
            }
            let touches = |edge: &dyn Fn(usize, usize) -> bool| group.iter().any(|&(x, y)| edge(x, y));
            let spans = match colour {
                Colour::Black => touches(&|_, y| y == 0) && touches(&|_, y| y == n - 1),
                Colour::White => touches(&|x, _| x == 0) && touches(&|x, _| x == n - 1),
            };
            if spans {
                chain.extend(group.iter().map(|&(x, y)| Point::new(x as u8, y as u8)));
            }
        }
        chain.sort_by_key(|p| (p.row, p.col));
        chain
    }

    /// Whether a stone of the side to move on the empty point `p` would
    /// complete a chain between its edges (W4): placed on a copy, then BFS.
    pub fn completes_chain(&self, p: Point) -> bool {
        let Some(i) = self.index(p) else {
            return false;
        };
        let mut copy = self.clone();
        copy.cells[i] = Some(self.turn.to_move());
        copy.has_chain(self.turn.to_move())
    }

    fn with_stones(&self, stones: &[usize]) -> Vec<Option<Colour>> {
        let mut cells = self.cells.clone();
        for &s in stones {
            cells[s] = Some(self.turn.to_move());
        }
        cells
    }

    /// Whether a turn made of `stones` (placed now, at the start of a turn)
    /// leaves W3 holding.
    fn turn_ok(&self, stones: &[usize]) -> bool {
        Self::w3(&self.with_stones(stones), self.n)
    }

    /// The points where a `Place` is legal now, found by trying every turn.
    pub fn legal_points(&self) -> Vec<Point> {
        let mut out = Vec::new();
        let size = self.n * self.n;
        match self.first_stone {
            None => {
                for p in 0..size {
                    if self.cells[p].is_some() {
                        continue;
                    }
                    // A one-stone turn: Black's first, or any other.
                    let mut legal = self.turn_ok(&[p]);
                    // Black's first turn is exactly one stone.
                    if !legal && self.turn.plies() > 0 {
                        for q in p + 1..size {
                            if self.cells[q].is_none() && self.turn_ok(&[p, q]) {
                                legal = true;
                                break;
                            }
                        }
                    }
                    if legal {
                        out.push(self.point(p));
                    }
                }
            }
            Some(p) => {
                for q in p + 1..size {
                    if self.cells[q].is_none() && self.turn_ok(&[q]) {
                        out.push(self.point(q));
                    }
                }
            }
        }
        out
    }

    /// Whether `end` is legal now: a stone has been placed this turn and W3
    /// holds with it alone.
    fn end_legal(&self) -> bool {
        self.first_stone.is_some() && self.w3_holds()
    }

    fn end_turn(&mut self) {
        self.first_stone = None;
        self.turn.pass();
    }

    /// Every syntactically possible ply on this board (legal or not).
    pub fn all_plies(&self) -> Vec<WhirlwindPly> {
        let mut v: Vec<_> = (0..self.n * self.n)
            .map(|i| WhirlwindPly::Place(self.point(i)))
            .collect();
        v.push(WhirlwindPly::End);
        v
    }

    fn rules_status(&self) -> Status {
        if self.first_stone.is_some() {
            // W4 is checked at the end of a turn.
            return Status::Ongoing;
        }
        for colour in Colour::ALL {
            if self.has_chain(colour) {
                return Status::win(colour, self.seat_of(colour));
            }
        }
        if self.legal_points().is_empty() {
            // W5: the player to move has no legal turn and loses.
            let winner = self.turn.to_move().opponent();
            return Status::win(winner, self.seat_of(winner));
        }
        Status::Ongoing
    }
}

impl Game for ReferenceWhirlwind {
    type Ply = WhirlwindPly;
    type Options = WhirlwindOptions;
    const NAME: &'static str = "whirlwind";

    fn new(options: WhirlwindOptions) -> Self {
        let n = usize::from(options.size());
        let c = Self::setup_residue(n);
        let phase = options.setup().phase() as usize;
        let mut cells = vec![None; n * n];
        for y in 0..n {
            for x in 0..n {
                cells[y * n + x] = Self::setup_colour(phase, c, x, y);
            }
        }
        ReferenceWhirlwind {
            options,
            n,
            cells,
            turn: Turn::start(Colour::Black),
            first_stone: None,
        }
    }

    fn options(&self) -> &WhirlwindOptions {
        &self.options
    }

    abstracta_core::turn_methods!();

    fn legal_plies(&self, out: &mut PlyBuf<WhirlwindPly>) {
        out.clear();
        if self.status().is_finished() {
            return;
        }
        for p in self.legal_points() {
            out.push(WhirlwindPly::Place(p));
        }
        if self.end_legal() {
            out.push(WhirlwindPly::End);
        }
    }

    fn play_unchecked(&mut self, ply: WhirlwindPly) {
        match ply {
            WhirlwindPly::Place(p) => {
                let i = self.index(p).expect("a legal ply is on the board");
                self.cells[i] = Some(self.turn.to_move());
                if self.turn.plies() == 0 {
                    // Black's first turn is one stone and ends by itself.
                    self.end_turn();
                } else if self.first_stone.is_none() {
                    if self.w3_holds() && self.has_chain(self.turn.to_move()) {
                        // W4: the turn ends by itself.
                        self.end_turn();
                    } else {
                        self.first_stone = Some(i);
                    }
                } else {
                    self.end_turn();
                }
            }
            WhirlwindPly::End => self.end_turn(),
        }
        self.turn.record(ply);
    }

    fn status(&self) -> Status {
        let rules = self.rules_status();
        if rules.is_ongoing() && self.length_cap().is_some_and(|cap| self.turn.plies() >= cap) {
            return Status::length_cap();
        }
        rules
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (i, cell) in self.cells.iter().enumerate() {
            if let Some(c) = cell {
                h ^= zobrist::key(0x5246_0001, (i * 2 + c.index()) as u64);
            }
        }
        if self.turn.to_move() == Colour::White {
            h ^= zobrist::key(0x5246_0002, 0);
        }
        if let Some(p) = self.first_stone {
            h ^= zobrist::key(0x5246_0003, p as u64);
        }
        h
    }

    fn length_cap(&self) -> Option<u32> {
        self.options.cap().resolve(None)
    }

    fn goal(&self, colour: Colour) -> Option<String> {
        Some(crate::render::goal(colour))
    }
}

impl ReferenceWhirlwind {
    /// The board as text (the `Display` impl writes it).
    pub(crate) fn render(&self) -> String {
        render_board(
            self.n as u8,
            &abstracta_core::text::legend(self),
            |p| self.index(p).and_then(|i| self.cells[i]),
            self.turn.last(),
            self.first_stone.map(|i| self.point(i)),
            self.status(),
            self.turn.to_move(),
            self.to_move_seat(),
        )
    }
}

/// The cells the reference implementation's plies claim, as the engine's
/// knowledge ([`WhirlwindKnowledge`](crate::WhirlwindKnowledge))
/// numbers them, for differential tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ReferenceWhirlwindKnowledge;

impl abstracta_core::claims::CellClaims<ReferenceWhirlwind> for ReferenceWhirlwindKnowledge {
    const CLAIMS: abstracta_core::Claims = abstracta_core::Claims::Lasting;

    fn claimed_cell(&self, game: &ReferenceWhirlwind, ply: WhirlwindPly) -> Option<usize> {
        match ply {
            WhirlwindPly::Place(p) => game.index(p),
            WhirlwindPly::End => None,
        }
    }

    fn claimable_cells(&self, game: &ReferenceWhirlwind) -> usize {
        game.n * game.n
    }
}
