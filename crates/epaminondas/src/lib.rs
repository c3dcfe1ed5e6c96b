//! Epaminondas (Robert Abbott, 1975): phalanxes of pieces race across a
//! 14x12 board and capture shorter enemy lines. A bitboard rules engine
//! behind the [`Game`] trait, following RULES.md section Epaminondas
//! (rules P1-P7), with the Romeral "stones" variant.
//!
//! ```
//! use abstracta_core::{Game, GameOptions, PlyBuf};
//! use epaminondas::{Epaminondas, EpaminondasOptions};
//!
//! let mut game = Epaminondas::new(EpaminondasOptions::from_spec("epaminondas").unwrap());
//! let mut plies = PlyBuf::new();
//! game.legal_plies(&mut plies);
//! assert_eq!(plies.len(), 114);
//! // White's two-piece column on a moves two squares.
//! game.play_str("a1-a3").unwrap();
//! assert!(game.play_str("a1-a2").is_err()); // Black to move now
//! ```
//!
//! # Engine design
//!
//! Pieces are two [`BitBoard<3>`] sets on a 15-bit-stride layout (180 bits).
//! Move generation works per direction on whole sets: shifting the own set
//! gives, for every *front* piece, the length of the friendly run behind it
//! (levels `R_k`), and shifting the empty set gives the run of empty squares
//! ahead (levels `Emp_m`); every (front, k, m) with `m <= k` in
//! `fronts & R_k & Emp_m` is a move. Captures come from the squares where
//! the first obstacle ahead is an enemy piece; the enemy run there is
//! counted only for those few fronts.
//!
//! P5 (symmetry) only matters for moves that put a moved piece on the
//! opponent's home row. The engine keeps both armies' sets reflected
//! between rows 6 and 7 alongside the normal ones (updated square by square
//! as pieces move), so "is the board symmetric" is a compare of a few words;
//! a candidate move that reaches the home row is checked exactly on a copy,
//! after the cheap filters (equal piece counts, symmetric stones).
//!
//! P4's home-row counts and the piece counts are kept per colour as pieces
//! move, as is the P5 flag of the current board.
//!
//! Status is computed once after every ply and cached, so `status()` is a
//! field read plus the length-cap test. The P6 part is cheap in practice: any
//! one-square step that does not reach the opponent's home row is legal.
//!
//! `random_ply` is not uniform: it tries a random friendly piece as the rear
//! and a random direction, walks the line (friendly run, then empty squares
//! and a possible capture) and picks a random legal distance; after 24 failed
//! tries it falls back to generating whole directions. It never allocates.
//!
//! # Seats in the stones variant
//!
//! White is the first seat (`FIRST_COLOUR`): it makes the first piece move.
//! In `variant=stones` Black, the second seat, places the first stone, so
//! the game's first ply belongs to the second seat; colours and seats still
//! alternate ply by ply.

use std::fmt;

use abstracta_core::{BitBoard, Colour, Game, GameOptions, PlyBuf, Point, Status};
use rand::Rng;

mod ply;
#[cfg(feature = "reference")]
pub mod reference;

pub use ply::{
    parse_diagram, Cell, EpaminondasOptions, EpaminondasPly, Variant, DEFAULT_CAP, HEIGHT, STONES,
    STONE_ROWS, WIDTH,
};

type Bb = BitBoard<3>;

const STRIDE: i32 = 15;
const CELLS: usize = 180;

const fn cell_index(col: u8, row: u8) -> usize {
    row as usize * STRIDE as usize + col as usize
}

const fn rows_mask(lo: u8, hi: u8) -> Bb {
    let mut w = [0u64; 3];
    let mut r = lo;
    while r <= hi {
        let mut c = 0;
        while c < WIDTH {
            let i = cell_index(c, r);
            w[i / 64] |= 1 << (i % 64);
            c += 1;
        }
        r += 1;
    }
    BitBoard(w)
}

const VALID: Bb = rows_mask(0, HEIGHT - 1);
const STONE_AREA: Bb = rows_mask(*STONE_ROWS.start(), *STONE_ROWS.end());
/// Home rows by colour index (Black 0: row 12, White 1: row 1).
const HOME: [Bb; 2] = [rows_mask(HEIGHT - 1, HEIGHT - 1), rows_mask(0, 0)];
/// The row a colour races to (the opponent's home row), as 0-based row.
const TARGET_ROW: [u8; 2] = [0, HEIGHT - 1];

/// Directions: E, NE, N, NW, W, SW, S, SE as bit offsets.
const DIRS: [i32; 8] = [
    1,
    STRIDE + 1,
    STRIDE,
    STRIDE - 1,
    -1,
    -STRIDE - 1,
    -STRIDE,
    -STRIDE + 1,
];
const DCOL: [i8; 8] = [1, 1, 0, -1, -1, -1, 0, 1];
const DROW: [i8; 8] = [0, 1, 1, 1, 0, -1, -1, -1];

const fn row_table() -> [u8; CELLS] {
    let mut t = [u8::MAX; CELLS];
    let mut i = 0;
    while i < CELLS {
        if i % (STRIDE as usize) < WIDTH as usize {
            t[i] = (i / STRIDE as usize) as u8;
        }
        i += 1;
    }
    t
}
const ROW_OF: [u8; CELLS] = row_table();

const fn mirror_table() -> [u8; CELLS] {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (c, r) = (i % STRIDE as usize, i / STRIDE as usize);
        t[i] = if c < WIDTH as usize && r < HEIGHT as usize {
            ((HEIGHT as usize - 1 - r) * STRIDE as usize + c) as u8
        } else {
            i as u8
        };
        i += 1;
    }
    t
}
/// The square each square maps to under P5's reflection.
const MIRROR_INDEX: [u8; CELLS] = mirror_table();

const fn piece_keys(colour: u64) -> [u64; CELLS] {
    let mut t = [0u64; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = abstracta_core::zobrist::key(0xE9A0 + colour, i as u64);
        i += 1;
    }
    t
}
const PIECE_KEYS: [[u64; CELLS]; 2] = [piece_keys(0), piece_keys(1)];
const STONE_KEYS: [u64; CELLS] = piece_keys(2);
const WHITE_TO_MOVE: u64 = abstracta_core::zobrist::key(0xE9A3, 0);

#[inline]
fn shift(b: Bb, o: i32) -> Bb {
    b.shift(o) & VALID
}

#[inline]
fn point_of(i: usize) -> Point {
    Point::new((i % STRIDE as usize) as u8, (i / STRIDE as usize) as u8)
}

#[inline]
fn index_of(p: Point) -> usize {
    cell_index(p.col, p.row)
}

/// Whether `i + o` stays on the board (for scalar walks).
#[inline]
fn step(i: usize, o: i32) -> Option<usize> {
    let j = i as i32 + o;
    if j >= 0 && (j as usize) < CELLS && VALID.has(j as usize) {
        Some(j as usize)
    } else {
        None
    }
}

/// The 14 bits of row `r`.
#[inline]
fn row_bits(b: &Bb, r: usize) -> u64 {
    let i = r * STRIDE as usize;
    let (w, s) = (i / 64, i % 64);
    let mut v = b.0[w] >> s;
    if s > 64 - usize::from(WIDTH) && w + 1 < 3 {
        v |= b.0[w + 1] << (64 - s);
    }
    v & ((1 << WIDTH) - 1)
}

/// `b` reflected between rows 6 and 7 (row r <-> row 13 - r).
fn mirror(b: &Bb) -> Bb {
    let mut out = Bb::EMPTY;
    for r in 0..usize::from(HEIGHT) {
        let bits = row_bits(b, r);
        if bits != 0 {
            let i = (usize::from(HEIGHT) - 1 - r) * STRIDE as usize;
            let (w, s) = (i / 64, i % 64);
            out.0[w] |= bits << s;
            if s > 64 - usize::from(WIDTH) && w + 1 < 3 {
                out.0[w + 1] |= bits >> (64 - s);
            }
        }
    }
    out
}

/// The bitboard Epaminondas engine.
#[derive(Clone)]
pub struct Epaminondas {
    options: EpaminondasOptions,
    /// Pieces by colour index (Black 0, White 1).
    pieces: [Bb; 2],
    stones: Bb,
    /// `mirrored[c]` is `pieces[c]` reflected between rows 6 and 7, kept
    /// incrementally so the P5 test is a word compare.
    mirrored: [Bb; 2],
    mirrored_stones: Bb,
    /// Pieces per colour.
    counts: [u8; 2],
    /// Pieces per colour on the opponent's home row (P4).
    arrived: [u8; 2],
    /// Whether the board is symmetric in the sense of P5 (kept per ply).
    symmetric: bool,
    /// Whether stones are still to be placed (P7).
    stone_phase: bool,
    to_move: Colour,
    plies: u32,
    last: Option<EpaminondasPly>,
    hash: u64,
    /// The status by the rules alone (the cap is applied in `status()`).
    rules_status: Status,
}

impl fmt::Debug for Epaminondas {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Epaminondas({})\n{}", self.options.spec(), self.render())
    }
}

impl Epaminondas {
    /// The board as plain cells, row-major from `a1` (168 entries), for
    /// comparisons with the reference implementation.
    pub fn board_cells(&self) -> Vec<Cell> {
        let mut cells = Vec::with_capacity(usize::from(WIDTH) * usize::from(HEIGHT));
        for row in 0..HEIGHT {
            for col in 0..WIDTH {
                cells.push(self.cell(cell_index(col, row)));
            }
        }
        cells
    }

    /// A position set up from `cells` (row-major from `a1`, 168 entries)
    /// with `to_move` to play and no plies counted, for tests and analysis
    /// of positions no short ply list reaches. The stones variant needs
    /// exactly three stones (the stone phase is over); the standard variant
    /// none.
    pub fn from_cells(options: EpaminondasOptions, cells: &[Cell], to_move: Colour) -> Result<Self, String> {
        ply::validate_cells(&options, cells)?;
        let mut game = Epaminondas::new(options);
        game.pieces = [Bb::EMPTY; 2];
        for (n, cell) in cells.iter().enumerate() {
            let i = cell_index((n % usize::from(WIDTH)) as u8, (n / usize::from(WIDTH)) as u8);
            match cell {
                Cell::Empty => {}
                Cell::Black => game.pieces[0].set(i),
                Cell::White => game.pieces[1].set(i),
                Cell::Stone => game.stones.set(i),
            }
        }
        game.to_move = to_move;
        game.reset_derived();
        game.hash = game.hash_from_scratch();
        game.rules_status = game.compute_status();
        Ok(game)
    }

    fn cell(&self, i: usize) -> Cell {
        if self.pieces[0].has(i) {
            Cell::Black
        } else if self.pieces[1].has(i) {
            Cell::White
        } else if self.stones.has(i) {
            Cell::Stone
        } else {
            Cell::Empty
        }
    }

    /// Whether the game is still in the stone-placing phase (P7).
    pub fn placing_stones(&self) -> bool {
        self.stone_phase
    }

    /// The number of `colour`'s pieces on the opponent's home row (P4).
    #[inline]
    pub fn home_row_count(&self, colour: Colour) -> u32 {
        u32::from(self.arrived[colour.index()])
    }

    /// Whether the board is symmetric in the sense of P5.
    #[inline]
    pub fn is_symmetric(&self) -> bool {
        self.symmetric
    }

    #[inline]
    fn compute_symmetric(&self) -> bool {
        self.pieces[1] == self.mirrored[0] && self.stones == self.mirrored_stones
    }

    /// Recomputes the derived sets and counts after a set-up.
    fn reset_derived(&mut self) {
        self.mirrored = [mirror(&self.pieces[0]), mirror(&self.pieces[1])];
        self.mirrored_stones = mirror(&self.stones);
        for c in 0..2 {
            self.counts[c] = self.pieces[c].count() as u8;
            self.arrived[c] = (self.pieces[c] & HOME[1 - c]).count() as u8;
        }
        self.symmetric = self.compute_symmetric();
        self.stone_phase = self.options.variant == Variant::Stones && self.stones.count() < STONES;
    }

    #[inline]
    fn put(&mut self, c: usize, i: usize) {
        self.counts[c] += 1;
        self.arrived[c] += u8::from(ROW_OF[i] == TARGET_ROW[c]);
        self.pieces[c].set(i);
        self.mirrored[c].set(usize::from(MIRROR_INDEX[i]));
        self.hash ^= PIECE_KEYS[c][i];
    }

    #[inline]
    fn take(&mut self, c: usize, i: usize) {
        self.counts[c] -= 1;
        self.arrived[c] -= u8::from(ROW_OF[i] == TARGET_ROW[c]);
        self.pieces[c].clear(i);
        self.mirrored[c].clear(usize::from(MIRROR_INDEX[i]));
        self.hash ^= PIECE_KEYS[c][i];
    }

    /// Every syntactically possible ply whose squares are on one line (plus
    /// every stone), a superset of the legal plies for the conformance kit.
    pub fn candidate_plies(_: &Self) -> Vec<EpaminondasPly> {
        let mut v = Vec::new();
        for fr in 0..HEIGHT {
            for fc in 0..WIDTH {
                let from = Point::new(fc, fr);
                v.push(EpaminondasPly::Stone(from));
                for d in 0..8 {
                    for m in 1..=14i32 {
                        let c = i32::from(fc) + i32::from(DCOL[d]) * m;
                        let r = i32::from(fr) + i32::from(DROW[d]) * m;
                        if (0..i32::from(WIDTH)).contains(&c) && (0..i32::from(HEIGHT)).contains(&r) {
                            v.push(EpaminondasPly::step(from, Point::new(c as u8, r as u8)));
                        }
                    }
                }
            }
        }
        v
    }

    /// Does the move with these parameters violate P5? `front` is the front
    /// moving piece's square before the move.
    #[inline]
    fn breaks_symmetry(
        &self,
        me: usize,
        from: usize,
        front: usize,
        o: i32,
        m: usize,
        captured: usize,
    ) -> bool {
        let mo = o * m as i32;
        let to = (from as i32 + mo) as usize;
        let front_to = (front as i32 + mo) as usize;
        let target = TARGET_ROW[me];
        if ROW_OF[to] != target && ROW_OF[front_to] != target {
            return false;
        }
        // Captures make the counts differ less often; piece counts first.
        let mine = usize::from(self.counts[me]);
        let theirs = usize::from(self.counts[1 - me]) - captured;
        if mine != theirs {
            return false;
        }
        if self.stones != self.mirrored_stones {
            return false;
        }
        let mut after = self.clone();
        let k = (front as i32 - from as i32) / o + 1;
        let mut sq = front_to as i32;
        for _ in 0..captured {
            after.take(1 - me, sq as usize);
            sq += o;
        }
        let mut sq = from as i32;
        for _ in 0..k {
            after.take(me, sq as usize);
            sq += o;
        }
        let mut sq = to as i32;
        for _ in 0..k {
            after.put(me, sq as usize);
            sq += o;
        }
        after.compute_symmetric()
    }

    /// Generates the legal moves of the side to move in direction `d`,
    /// calling `emit(from, to, capture)` with square indices.
    #[inline]
    fn gen_dir<F: FnMut(usize, usize, bool)>(&self, d: usize, emit: &mut F) {
        let me = self.to_move.index();
        let own = self.pieces[me];
        let enemy = self.pieces[1 - me];
        let empty = VALID.andnot(own | enemy | self.stones);
        let o = DIRS[d];
        let fronts = own.andnot(shift(own, -o));
        if fronts.is_empty() {
            return;
        }
        // runs[k-1]: fronts with at least k friendly pieces in the line
        // ending at them (the front itself included).
        let mut runs = [Bb::EMPTY; 14];
        let mut n_runs = 0;
        let mut r = own;
        while n_runs < 14 {
            let f = fronts & r;
            if f.is_empty() {
                break;
            }
            runs[n_runs] = f;
            n_runs += 1;
            r = own & shift(r, o);
        }
        let empty_ahead1 = shift(empty, -o);
        // emp: squares with m empty squares ahead; hit: squares whose m-th
        // square ahead is an enemy piece with m-1 empty squares between.
        let mut emp = empty_ahead1;
        let mut hit = shift(enemy, -o);
        for m in 1..=n_runs {
            let capturers = hit & runs[m - 1];
            for front in capturers.iter() {
                let target = (front as i32 + o * m as i32) as usize;
                let mut n = 1;
                let mut sq = target;
                while let Some(next) = step(sq, o) {
                    if !enemy.has(next) {
                        break;
                    }
                    n += 1;
                    sq = next;
                }
                // k moving pieces need k > n and k >= m.
                let mut k = m.max(n + 1);
                while k <= n_runs && runs[k - 1].has(front) {
                    let from = (front as i32 - o * (k as i32 - 1)) as usize;
                    if !self.breaks_symmetry(me, from, front, o, m, n) {
                        emit(from, (from as i32 + o * m as i32) as usize, true);
                    }
                    k += 1;
                }
            }
            let movers = emp & runs[m - 1];
            if movers.is_empty() {
                // Longer moves and captures need these empty squares too.
                break;
            }
            for k in m..=n_runs {
                let s = movers & runs[k - 1];
                if s.is_empty() {
                    break;
                }
                for front in s.iter() {
                    let from = (front as i32 - o * (k as i32 - 1)) as usize;
                    if !self.breaks_symmetry(me, from, front, o, m, 0) {
                        emit(from, (from as i32 + o * m as i32) as usize, false);
                    }
                }
            }
            hit = empty_ahead1 & shift(hit, -o);
            emp = empty_ahead1 & shift(emp, -o);
        }
    }

    /// Whether the side to move has any legal move (cheap in practice: a
    /// one-square step that does not reach the target row is always legal).
    fn has_any_move(&self) -> bool {
        let me = self.to_move.index();
        let own = self.pieces[me];
        let empty = VALID.andnot(own | self.pieces[1 - me] | self.stones);
        let safe = empty.andnot(HOME[1 - me]);
        for o in DIRS {
            if (shift(own, o) & safe).any() {
                return true;
            }
        }
        let mut any = false;
        for d in 0..8 {
            self.gen_dir(d, &mut |_, _, _| any = true);
            if any {
                return true;
            }
        }
        false
    }

    fn compute_status(&self) -> Status {
        if self.placing_stones() {
            return Status::Ongoing;
        }
        let me = self.to_move;
        if self.home_row_count(me) > self.home_row_count(me.opponent()) {
            return Status::win(me, self.seat_of(me));
        }
        if !self.has_any_move() {
            let them = me.opponent();
            return Status::win(them, self.seat_of(them));
        }
        Status::Ongoing
    }

    /// Checks a move by a scalar walk; `Err` says which rule refuses it.
    fn check_move(&self, from: Point, to: Point) -> Result<(), String> {
        if self.placing_stones() {
            return Err(format!(
                "the stones come first (P7): {} places a stone with *SQUARE on rows 4..9",
                self.to_move
            ));
        }
        let me = self.to_move.index();
        let (fi, ti) = (index_of(from), index_of(to));
        if !self.pieces[me].has(fi) {
            return Err(format!("{from} does not hold a {} piece", self.to_move));
        }
        let dc = i32::from(to.col) - i32::from(from.col);
        let dr = i32::from(to.row) - i32::from(from.row);
        if (dc == 0 && dr == 0) || (dc != 0 && dr != 0 && dc.abs() != dr.abs()) {
            return Err(format!(
                "{from} and {to} are not on one orthogonal or diagonal line (P2)"
            ));
        }
        let dir = (0..8)
            .find(|&d| i32::from(DCOL[d]) == dc.signum() && i32::from(DROW[d]) == dr.signum())
            .unwrap_or(0);
        let o = DIRS[dir];
        let m = dc.abs().max(dr.abs()) as usize;
        let mut k = 1;
        let mut front = fi;
        while let Some(next) = step(front, o) {
            if !self.pieces[me].has(next) {
                break;
            }
            front = next;
            k += 1;
        }
        if m > k {
            return Err(format!(
                "{k} moving piece(s) may move at most {k} square(s), not {m} (P2)"
            ));
        }
        let mut sq = front;
        let mut captured = 0;
        for s in 1..=m {
            let Some(next) = step(sq, o) else {
                return Err("the phalanx would leave the board (P2)".into());
            };
            sq = next;
            if self.stones.has(sq) {
                return Err(format!("a stone on {} blocks the phalanx (P7)", point_of(sq)));
            }
            if self.pieces[me].has(sq) {
                return Err(format!(
                    "a friendly piece on {} blocks the phalanx (P2)",
                    point_of(sq)
                ));
            }
            if self.pieces[1 - me].has(sq) {
                if s < m {
                    return Err(format!(
                        "the phalanx may not pass through the enemy piece on {} (P2)",
                        point_of(sq)
                    ));
                }
                let mut n = 1;
                let mut e = sq;
                while let Some(next) = step(e, o) {
                    if !self.pieces[1 - me].has(next) {
                        break;
                    }
                    n += 1;
                    e = next;
                }
                if n >= k {
                    return Err(format!(
                        "the enemy line from {} has {n} piece(s), not fewer than the {k} moving (P3)",
                        point_of(sq)
                    ));
                }
                captured = n;
            }
        }
        debug_assert_eq!(ti, (fi as i32 + o * m as i32) as usize);
        if self.breaks_symmetry(me, fi, front, o, m, captured) {
            return Err("the move reaches the opponent's home row and leaves a symmetric board (P5)".into());
        }
        Ok(())
    }

    fn check_stone(&self, p: Point) -> Result<(), String> {
        if !self.placing_stones() {
            return Err(if self.options.variant == Variant::Stones {
                "all three stones are placed; stones are placed only before play (P7)".into()
            } else {
                "stones are only placed in the stones variant (P7)".into()
            });
        }
        if !STONE_ROWS.contains(&p.row) {
            return Err(format!("stones go on rows 4..9, not on {p} (P7)"));
        }
        if self.stones.has(index_of(p)) {
            return Err(format!("{p} already holds a stone (P7)"));
        }
        Ok(())
    }

    /// One rejection-sampling try for `random_ply`: a random friendly piece
    /// as the rear, a random direction, and a random legal distance for
    /// that phalanx, or `None` if that piece has no move that way.
    #[inline]
    fn try_random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EpaminondasPly> {
        let me = self.to_move.index();
        let own = &self.pieces[me];
        let enemy = &self.pieces[1 - me];
        let from = own.nth(rng.gen_range(0..u32::from(self.counts[me])))?;
        let r: u32 = rng.gen();
        let d = (r & 7) as usize;
        let o = DIRS[d];
        let mut k = 1;
        let mut front = from;
        while let Some(next) = step(front, o) {
            if !own.has(next) {
                break;
            }
            front = next;
            k += 1;
        }
        // Empty squares ahead (at most k count), then what stops the run.
        let mut e = 0;
        let mut sq = front;
        let mut capture = 0;
        while e < k {
            let Some(next) = step(sq, o) else { break };
            if enemy.has(next) {
                let mut n = 1;
                let mut x = next;
                while let Some(y) = step(x, o) {
                    if !enemy.has(y) {
                        break;
                    }
                    n += 1;
                    x = y;
                }
                if n < k {
                    capture = n;
                }
                break;
            }
            if own.has(next) || self.stones.has(next) {
                break;
            }
            e += 1;
            sq = next;
        }
        let choices = e + usize::from(capture > 0);
        if choices == 0 {
            return None;
        }
        let m = ((r >> 3) as usize % choices) + 1;
        let captured = if m > e { capture } else { 0 };
        if self.breaks_symmetry(me, from, front, o, m, captured) {
            return None;
        }
        let to = (from as i32 + o * m as i32) as usize;
        Some(EpaminondasPly::Move {
            from: point_of(from),
            to: point_of(to),
            capture: captured > 0,
        })
    }

    fn finish_ply(&mut self, ply: EpaminondasPly) {
        self.to_move = self.to_move.opponent();
        self.hash ^= WHITE_TO_MOVE;
        self.plies += 1;
        self.last = Some(ply);
        self.symmetric = self.compute_symmetric();
        self.rules_status = self.compute_status();
    }
}

/// A small stack buffer of moves for `random_ply` (no allocation).
struct MoveBuf {
    moves: [(u8, u8, bool); 512],
    len: usize,
}

impl Game for Epaminondas {
    type Ply = EpaminondasPly;
    type Options = EpaminondasOptions;
    const NAME: &'static str = "epaminondas";
    const FIRST_COLOUR: Colour = Colour::White;

    fn new(options: EpaminondasOptions) -> Self {
        let mut game = Epaminondas {
            to_move: if options.variant == Variant::Stones {
                Colour::Black
            } else {
                Colour::White
            },
            options,
            pieces: [rows_mask(HEIGHT - 2, HEIGHT - 1), rows_mask(0, 1)],
            stones: Bb::EMPTY,
            mirrored: [Bb::EMPTY; 2],
            mirrored_stones: Bb::EMPTY,
            counts: [0; 2],
            arrived: [0; 2],
            symmetric: false,
            stone_phase: false,
            plies: 0,
            last: None,
            hash: 0,
            rules_status: Status::Ongoing,
        };
        game.reset_derived();
        game.hash = game.hash_from_scratch();
        game.rules_status = game.compute_status();
        game
    }

    fn options(&self) -> &EpaminondasOptions {
        &self.options
    }

    fn to_move_colour(&self) -> Colour {
        self.to_move
    }

    fn legal_plies(&self, out: &mut PlyBuf<EpaminondasPly>) {
        out.clear();
        if self.status().is_finished() {
            return;
        }
        if self.placing_stones() {
            for i in STONE_AREA.andnot(self.stones).iter() {
                out.push(EpaminondasPly::Stone(point_of(i)));
            }
            return;
        }
        for d in 0..8 {
            self.gen_dir(d, &mut |from, to, capture| {
                out.push(EpaminondasPly::Move {
                    from: point_of(from),
                    to: point_of(to),
                    capture,
                })
            });
        }
    }

    fn is_legal(&self, ply: EpaminondasPly) -> bool {
        if self.status().is_finished() {
            return false;
        }
        match ply {
            EpaminondasPly::Move { from, to, .. } => self.check_move(from, to).is_ok(),
            EpaminondasPly::Stone(p) => self.check_stone(p).is_ok(),
        }
    }

    fn explain_illegal(&self, ply: EpaminondasPly) -> String {
        let status = self.status();
        if status.is_finished() {
            return format!("the game is over ({status})");
        }
        let reason = match ply {
            EpaminondasPly::Move { from, to, .. } => self.check_move(from, to).err(),
            EpaminondasPly::Stone(p) => self.check_stone(p).err(),
        };
        reason.unwrap_or_else(|| "it is legal".into())
    }

    fn play_unchecked(&mut self, ply: EpaminondasPly) {
        match ply {
            EpaminondasPly::Stone(p) => {
                let i = index_of(p);
                self.stones.set(i);
                self.mirrored_stones.set(usize::from(MIRROR_INDEX[i]));
                self.hash ^= STONE_KEYS[i];
                self.stone_phase = self.stones.count() < STONES;
                self.finish_ply(ply);
            }
            EpaminondasPly::Move { from, to, .. } => {
                let me = self.to_move.index();
                let fi = index_of(from);
                let dc = (i32::from(to.col) - i32::from(from.col)).signum();
                let dr = (i32::from(to.row) - i32::from(from.row)).signum();
                let o = dc + dr * STRIDE;
                let m = (i32::from(to.col) - i32::from(from.col))
                    .abs()
                    .max((i32::from(to.row) - i32::from(from.row)).abs());
                let mut k = 1;
                let mut front = fi as i32;
                while let Some(next) = step(front as usize, o) {
                    if !self.pieces[me].has(next) {
                        break;
                    }
                    front = next as i32;
                    k += 1;
                }
                let mut capture = false;
                let mut sq = front + o * m;
                while sq >= 0 && (sq as usize) < CELLS && self.pieces[1 - me].has(sq as usize) {
                    capture = true;
                    self.take(1 - me, sq as usize);
                    match step(sq as usize, o) {
                        Some(next) => sq = next as i32,
                        None => break,
                    }
                }
                let mut sq = fi as i32;
                for _ in 0..k {
                    self.take(me, sq as usize);
                    sq += o;
                }
                let mut sq = fi as i32 + o * m;
                for _ in 0..k {
                    self.put(me, sq as usize);
                    sq += o;
                }
                self.finish_ply(EpaminondasPly::Move { from, to, capture });
            }
        }
    }

    fn status(&self) -> Status {
        if self.rules_status.is_finished() {
            return self.rules_status;
        }
        if self.length_cap().is_some_and(|cap| self.plies >= cap) {
            return Status::length_cap();
        }
        Status::Ongoing
    }

    fn random_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EpaminondasPly> {
        if self.status().is_finished() {
            return None;
        }
        if self.placing_stones() {
            let free = STONE_AREA.andnot(self.stones);
            let i = free.nth(rng.gen_range(0..free.count()))?;
            return Some(EpaminondasPly::Stone(point_of(i)));
        }
        // Cheap tries first: a random piece as the rear and a random
        // direction, checked by a short scalar walk.
        for _ in 0..24 {
            if let Some(ply) = self.try_random_move(rng) {
                return Some(ply);
            }
        }
        let mut buf = MoveBuf {
            moves: [(0, 0, false); 512],
            len: 0,
        };
        let start = rng.gen_range(0..8);
        for i in 0..8 {
            let d = (start + i) & 7;
            buf.len = 0;
            self.gen_dir(d, &mut |from, to, capture| {
                if buf.len < buf.moves.len() {
                    buf.moves[buf.len] = (from as u8, to as u8, capture);
                    buf.len += 1;
                }
            });
            if buf.len > 0 {
                let (from, to, capture) = buf.moves[rng.gen_range(0..buf.len)];
                return Some(EpaminondasPly::Move {
                    from: point_of(usize::from(from)),
                    to: point_of(usize::from(to)),
                    capture,
                });
            }
        }
        None
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (pieces, keys) in self.pieces.iter().zip(&PIECE_KEYS) {
            for i in pieces.iter() {
                h ^= keys[i];
            }
        }
        for i in self.stones.iter() {
            h ^= STONE_KEYS[i];
        }
        if self.to_move == Colour::White {
            h ^= WHITE_TO_MOVE;
        }
        h
    }

    fn plies_played(&self) -> u32 {
        self.plies
    }

    fn length_cap(&self) -> Option<u32> {
        self.options.cap.resolve(Some(DEFAULT_CAP))
    }

    fn last_ply(&self) -> Option<EpaminondasPly> {
        self.last
    }

    fn render(&self) -> String {
        let footer = match self.status() {
            Status::Ongoing => format!(
                "{} ({} player) to move{}",
                self.to_move,
                self.to_move_seat(),
                if self.placing_stones() {
                    " (placing a stone)"
                } else {
                    ""
                }
            ),
            st => st.to_string(),
        };
        ply::render_board(&self.board_cells(), self.last, &footer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_reverses_rows() {
        let mut b = Bb::EMPTY;
        b.set(cell_index(3, 0));
        b.set(cell_index(13, 4));
        let m = mirror(&b);
        assert!(m.has(cell_index(3, 11)));
        assert!(m.has(cell_index(13, 7)));
        assert_eq!(m.count(), 2);
        assert_eq!(mirror(&VALID), VALID);
        assert_eq!(mirror(&HOME[0]), HOME[1]);
    }

    #[test]
    fn mirrored_sets_stay_in_step() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        for spec in ["epaminondas", "epaminondas:variant=stones"] {
            let mut g = Epaminondas::new(EpaminondasOptions::from_spec(spec).unwrap());
            while let Some(p) = g.random_ply(&mut rng) {
                g.play_unchecked(p);
                assert_eq!(g.mirrored, [mirror(&g.pieces[0]), mirror(&g.pieces[1])]);
                assert_eq!(g.mirrored_stones, mirror(&g.stones));
                assert_eq!(g.counts, [g.pieces[0].count() as u8, g.pieces[1].count() as u8]);
                let mut fresh = g.clone();
                fresh.reset_derived();
                assert_eq!(fresh.symmetric, g.symmetric);
                assert_eq!(g.home_row_count(Colour::White), (g.pieces[1] & HOME[0]).count());
                assert_eq!(g.home_row_count(Colour::Black), (g.pieces[0] & HOME[1]).count());
            }
        }
    }
}
