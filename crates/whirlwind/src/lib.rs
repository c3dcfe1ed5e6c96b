//! Whirlwind: a connection game on an even-sized square board with an
//! interspersed set-up, one or two stones a turn and a ban on bare diagonal
//! links (RULES.md, section Whirlwind).
//!
//! ```
//! use abstracta_core::{Game, GameOptions, PlyBuf, Status};
//! use whirlwind::{Whirlwind, WhirlwindOptions};
//!
//! let options = WhirlwindOptions::from_spec("whirlwind:size=12,setup=b").unwrap();
//! let mut game = Whirlwind::new(options);
//! // Black's first turn is a single stone and ends by itself.
//! game.play_str("f6").unwrap();
//! // White places one or two stones; the second comes later in row-major order.
//! game.play_list("c3 d3").unwrap();
//! assert!(game.play_str("end").is_err()); // no stone placed yet this turn
//! let mut plies = PlyBuf::new();
//! game.legal_plies(&mut plies);
//! assert!(!plies.is_empty());
//! assert_eq!(game.status(), Status::Ongoing);
//! ```
//!
//! # Ply structure
//!
//! A turn is `Place(p)` then either `Place(q)` with `q > p` in row-major
//! order or `end`. A first stone is legal only if some legal turn starts with
//! it; Black's first turn, and a turn whose first stone completes a winning
//! chain with the diagonal rule (W3) holding, end by themselves.
//!
//! # Engine
//!
//! Stones are [`BitBoard<11>`](abstracta_core::BitBoard)s (26 x 27 bits). The
//! legal stones are found for the whole board at once: for every diagonal
//! direction, the set of empty points whose stone would form a bare diagonal
//! (`bad_dirs`); a first stone is legal when it forms none, or when all the
//! bare diagonals it forms share one orthogonal side that is empty, later in
//! the order, and itself forms no other bare diagonal. The set of legal next
//! stones is cached after each ply, so `is_legal`, `legal_plies`,
//! `random_ply` and `status` are cheap. Win detection grows, per colour, the
//! sets of stones connected to each of the colour's two edges as stones
//! arrive, so a stone completes a chain exactly when it touches both.
//!
//! # Measurements
//!
//! `cargo bench --bench whirlwind` (one run on a busy 2-core machine;
//! bitboard vs reference on the same positions): the diagonal-rule check
//! 15-25x, legal stones from scratch ~1800x (14x14) and ~5000x (20x20), the
//! per-stone win check 14-23x, a random playout ~70 us at 14x14 (~800x) and
//! ~150 us at 20x20. A from-scratch chain check is only 4-9x faster than
//! the reference BFS, which touches just the few stones connected to the
//! edge; the engine never needs it during play.

mod options;
#[cfg(feature = "reference")]
pub mod reference;

use std::fmt;
use std::sync::OnceLock;

use abstracta_core::zobrist;
use abstracta_core::{BitBoard, Claims, Colour, Game, Geometry, PlyBuf, Point, SearchHints, Status};
use rand::Rng;

pub use options::{Setup, WhirlwindOptions, WhirlwindPly, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};

/// Words per bitboard: a 26 x 26 board with its spare column is 702 bits.
pub const WORDS: usize = 11;
/// The engine's bitboard type.
pub type Board = BitBoard<WORDS>;

/// The residue `c` of W1: the one that makes the set-up map onto itself,
/// colours exchanged, under the quarter turn `(x, y) -> (n-1-y, x)`.
///
/// The quarter turn sends `k = x + 3y` to `3x - y + n - 1 = 3k - 10y + n - 1`,
/// so the lattice `k = c (mod 5)` is kept when `2c = 1 - n (mod 5)`, that is
/// `c = 3 (1 - n) mod 5`. The colour is then exchanged because
/// `(n - 1 + 2c) / 5` is odd for even `n`.
pub const fn setup_residue(n: u8) -> u8 {
    let n = n as u32;
    // 1 - n = 1 + 4n (mod 5), kept non-negative.
    ((3 * (1 + 4 * n)) % 5) as u8
}

/// The set-up stones of W1 for an `n x n` board (row-major order).
pub fn setup_stones(n: u8, setup: Setup) -> Vec<(Point, Colour)> {
    let c = u32::from(setup_residue(n));
    let mut out = Vec::new();
    for y in 0..n {
        for x in 0..n {
            let k = u32::from(x) + 3 * u32::from(y);
            if k % 5 == c {
                let colour = if ((k - c) / 5 + setup.phase()) % 2 == 0 {
                    Colour::Black
                } else {
                    Colour::White
                };
                out.push((Point::new(x, y), colour));
            }
        }
    }
    out
}

/// Masks that depend only on the board size, built once per size.
struct Tables {
    n: u8,
    stride: u32,
    /// Words that hold board points: the rest are always zero, so the hot
    /// loops stop here (4 words at 14x14 instead of 11).
    words: usize,
    geo: Geometry<WORDS>,
    /// Per colour: the edge its chains start from (Black: row 1, White:
    /// column a) and the opposite one.
    start_edge: [Board; 2],
    far_edge: [Board; 2],
    /// `[phase][colour]` set-up stones.
    setup: [[Board; 2]; 2],
    /// Per colour, the lines its chains must cross: Black's rows, White's
    /// columns.
    lines: [Vec<Board>; 2],
}

impl fmt::Debug for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tables {{ n: {} }}", self.n)
    }
}

// Word i of a result reads words i-1 and i+1 of its inputs.
#[allow(clippy::needless_range_loop)]
impl Tables {
    fn build(n: u8) -> Tables {
        let geo = Geometry::<WORDS>::square(n, n);
        let mut setup = [[Board::EMPTY; 2]; 2];
        for s in [Setup::A, Setup::B] {
            for (p, colour) in setup_stones(n, s) {
                setup[s.phase() as usize][colour.index()].set(geo.index(p));
            }
        }
        let stride = u32::from(geo.stride());
        Tables {
            n,
            stride,
            words: (usize::from(n) * stride as usize).div_ceil(64),
            geo,
            start_edge: [geo.bottom(), geo.left()],
            far_edge: [geo.top(), geo.right()],
            setup,
            lines: [
                (0..n).map(|r| geo.row(r)).collect(),
                (0..n).map(|c| geo.column(c)).collect(),
            ],
        }
    }

    fn get(n: u8) -> &'static Tables {
        static ALL: OnceLock<Vec<Tables>> = OnceLock::new();
        assert!(
            WhirlwindOptions::size_ok(n),
            "whirlwind board side {n} is not an even number from 4 to 26"
        );
        let all = ALL.get_or_init(|| (MIN_SIZE..=MAX_SIZE).step_by(2).map(Tables::build).collect());
        &all[usize::from((n - MIN_SIZE) / 2)]
    }

    /// For each diagonal direction (NE, NW, SE, SW), the points whose stone
    /// would form a bare diagonal with an `own` stone that way: the diagonal
    /// neighbour is own and neither orthogonal side is. Off-board and
    /// spare-column bits are never own, so the shifts need no edge masks;
    /// callers intersect with the empty points.
    #[inline]
    fn bad_dirs(&self, own: Board) -> [Board; 4] {
        let s = self.stride;
        let o = &own.0;
        let mut out = [Board::EMPTY; 4];
        for i in 0..self.words {
            let e = down(o, i, 1);
            let w = up(o, i, 1);
            let n = down(o, i, s);
            let so = up(o, i, s);
            out[0].0[i] = down(o, i, s + 1) & !(n | e);
            out[1].0[i] = down(o, i, s - 1) & !(n | w);
            out[2].0[i] = up(o, i, s - 1) & !(so | e);
            out[3].0[i] = up(o, i, s + 1) & !(so | w);
        }
        out
    }

    /// The legal first stones of a turn for a side owning `own` (which
    /// satisfies W3) with `empty` points free.
    #[inline]
    fn first_stones(&self, own: Board, empty: Board, first_turn: bool) -> Board {
        let [ne, nw, se, sw] = self.bad_dirs(own);
        let (ne, nw, se, sw, empty) = (&ne.0, &nw.0, &se.0, &sw.0, &empty.0);
        let mut out = Board::EMPTY;
        if first_turn {
            for i in 0..self.words {
                out.0[i] = empty[i] & !(ne[i] | nw[i] | se[i] | sw[i]);
            }
            return out;
        }
        // A stone with bare diagonals needs a second stone on a side shared
        // by all of them, after it in row-major order: east or north. That
        // second stone repairs its own diagonals towards the first (west or
        // south) and must form none the other way.
        let mut east_ok = [0u64; WORDS];
        let mut north_ok = [0u64; WORDS];
        for i in 0..self.words {
            east_ok[i] = empty[i] & !(ne[i] | se[i]);
            north_ok[i] = empty[i] & !(ne[i] | nw[i]);
        }
        for i in 0..self.words {
            let bad = ne[i] | nw[i] | se[i] | sw[i];
            let broken = empty[i] & bad;
            out.0[i] = (empty[i] & !bad)
                | (broken & !(nw[i] | sw[i]) & down(&east_ok, i, 1))
                | (broken & !(se[i] | sw[i]) & down(&north_ok, i, self.stride));
        }
        out
    }

    /// Bit mask of the diagonal directions (1 NE, 2 NW, 4 SE, 8 SW) in which
    /// a stone on `p` has a bare diagonal with `own`.
    #[inline]
    fn bare_dirs_at(&self, own: Board, p: usize) -> u8 {
        let s = self.stride as usize;
        let limit = usize::from(self.n) * s;
        let has = |i: Option<usize>| i.is_some_and(|i| i < limit && own.has(i));
        let e = has(p.checked_add(1));
        let w = has(p.checked_sub(1));
        let n = has(p.checked_add(s));
        let so = has(p.checked_sub(s));
        let mut dirs = 0;
        if has(p.checked_add(s + 1)) && !n && !e {
            dirs |= 1;
        }
        if has(p.checked_add(s - 1)) && !n && !w {
            dirs |= 2;
        }
        if has(p.checked_sub(s - 1)) && !so && !e {
            dirs |= 4;
        }
        if has(p.checked_sub(s + 1)) && !so && !w {
            dirs |= 8;
        }
        dirs
    }

    /// After a first stone on `p` (already in `own`), the legal second
    /// stones and whether `end` is legal.
    #[inline]
    fn second_stones(&self, own: Board, empty: Board, p: usize) -> (Board, bool) {
        let dirs = self.bare_dirs_at(own, p);
        if dirs == 0 {
            let [ne, nw, se, sw] = self.bad_dirs(own);
            let above = above(p);
            let mut out = Board::EMPTY;
            for i in 0..self.words {
                out.0[i] = empty.0[i] & above.0[i] & !(ne.0[i] | nw.0[i] | se.0[i] | sw.0[i]);
            }
            return (out, true);
        }
        // Only a side shared by every bare diagonal of p can repair them
        // all; only the east and north sides come after p.
        let mut out = Board::EMPTY;
        let s = self.stride as usize;
        if dirs & (2 | 8) == 0 {
            let q = p + 1;
            if empty.has(q) && self.bare_dirs_at(own, q) == 0 {
                out.set(q);
            }
        }
        if dirs & (4 | 8) == 0 {
            let q = p + s;
            if q < usize::from(self.n) * s && empty.has(q) && self.bare_dirs_at(own, q) == 0 {
                out.set(q);
            }
        }
        (out, false)
    }

    /// Whether `own` has a bare diagonal in some 2x2 block, all blocks at
    /// once. A block is named by its lower-left corner; blocks on the last
    /// row or column see only the spare column or nothing above, so they
    /// never count and no mask is needed.
    #[inline]
    fn any_violation(&self, own: Board) -> bool {
        let s = self.stride;
        let o = &own.0;
        let mut any = 0;
        for i in 0..self.words {
            let e = down(o, i, 1);
            let n = down(o, i, s);
            let ne = down(o, i, s + 1);
            any |= (o[i] & ne & !(e | n)) | (e & n & !(o[i] | ne));
        }
        any != 0
    }

    /// The lower-left corners of the 2x2 blocks in which `own` has a bare
    /// diagonal (W3 holds for `own` when this is empty).
    fn violations(&self, own: Board) -> Board {
        let s = self.stride;
        let o = &own.0;
        let mut out = Board::EMPTY;
        for i in 0..self.words {
            let e = down(o, i, 1);
            let n = down(o, i, s);
            let ne = down(o, i, s + 1);
            out.0[i] = (o[i] & ne & !(e | n)) | (e & n & !(o[i] | ne));
        }
        out
    }

    /// One round of an orthogonal flood fill of `r` inside `m`; returns
    /// whether it grew.
    #[inline]
    fn grow_once(&self, r: &mut [u64; WORDS], m: &[u64; WORDS]) -> bool {
        let s = self.stride;
        let from = *r;
        let mut changed = 0;
        for i in 0..self.words {
            let g =
                (from[i] | up(&from, i, 1) | down(&from, i, 1) | up(&from, i, s) | down(&from, i, s)) & m[i];
            changed |= g ^ from[i];
            r[i] = g;
        }
        changed != 0
    }

    /// Orthogonal flood fill of `seed` inside `within`, stopping early once
    /// the region meets `target`. Only the words holding points are
    /// touched, and every round is one fused pass over them.
    #[inline]
    fn fill(&self, seed: Board, within: Board, target: Board) -> Board {
        let s = self.stride;
        let words = self.words;
        let m = &within.0;
        let mut r = (seed & within).0;
        loop {
            let from = r;
            let mut changed = 0;
            for i in 0..words {
                let g = (from[i] | up(&from, i, 1) | down(&from, i, 1) | up(&from, i, s) | down(&from, i, s))
                    & m[i];
                changed |= g ^ from[i];
                r[i] = g;
            }
            if changed == 0 {
                return BitBoard(r);
            }
            let mut hit = 0;
            for i in 0..words {
                hit |= r[i] & target.0[i];
            }
            if hit != 0 {
                return BitBoard(r);
            }
        }
    }
}

/// Word `i` of `x` shifted towards lower indices by `k` (bit `p` gets bit
/// `p + k`), `0 < k < 64`.
#[inline(always)]
fn down(x: &[u64; WORDS], i: usize, k: u32) -> u64 {
    let high = if i + 1 < WORDS { x[i + 1] << (64 - k) } else { 0 };
    (x[i] >> k) | high
}

/// Word `i` of `x` shifted towards higher indices by `k` (bit `p` gets bit
/// `p - k`), `0 < k < 64`.
#[inline(always)]
fn up(x: &[u64; WORDS], i: usize, k: u32) -> u64 {
    let low = if i > 0 { x[i - 1] >> (64 - k) } else { 0 };
    (x[i] << k) | low
}

/// The points with a higher index than `p`.
#[inline]
fn above(p: usize) -> Board {
    let mut words = [0u64; WORDS];
    let (w, b) = (p / 64, p % 64);
    words[w] = (!0u64 << b) ^ (1u64 << b);
    for word in words.iter_mut().skip(w + 1) {
        *word = !0;
    }
    BitBoard(words)
}

const STONE_FAMILY: u64 = 0x5748_0001;
const PENDING_FAMILY: u64 = 0x5748_0002;
const WHITE_TO_MOVE: u64 = zobrist::key(0x5748_0003, 0);

#[inline]
fn stone_key(i: usize, colour: Colour) -> u64 {
    zobrist::key(STONE_FAMILY, (i * 2 + colour.index()) as u64)
}

#[inline]
fn pending_key(i: usize) -> u64 {
    zobrist::key(PENDING_FAMILY, i as u64)
}

/// The bitboard Whirlwind engine.
#[derive(Clone, Debug)]
pub struct Whirlwind {
    options: WhirlwindOptions,
    t: &'static Tables,
    stones: [Board; 2],
    /// Per colour, the stones connected to its first and to its far edge.
    conn: [[Board; 2]; 2],
    /// The points where the next `Place` is legal.
    legal: Board,
    /// Whether `end` is legal now.
    end_legal: bool,
    /// The first stone of the turn in progress.
    pending: Option<u16>,
    to_move: Colour,
    status: Status,
    plies: u32,
    cap: Option<u32>,
    last: Option<WhirlwindPly>,
    hash: u64,
}

impl Whirlwind {
    /// The board side.
    pub fn size(&self) -> u8 {
        self.t.n
    }

    /// The bit index of `p`, if it is on the board.
    #[inline]
    pub fn index(&self, p: Point) -> Option<usize> {
        self.t.geo.try_index(p)
    }

    /// The board as a plain row-major list (`a1`, `b1`, ..., `a2`, ...).
    pub fn board_cells(&self) -> Vec<Option<Colour>> {
        self.t.geo.points().map(|p| self.at(p)).collect()
    }

    /// The stone on `p`, if any (`None` also off the board).
    pub fn at(&self, p: Point) -> Option<Colour> {
        let i = self.index(p)?;
        Colour::ALL.into_iter().find(|c| self.stones[c.index()].has(i))
    }

    /// The stones of `colour`.
    pub fn stones(&self, colour: Colour) -> Board {
        self.stones[colour.index()]
    }

    /// The first stone of the turn in progress, if one has been placed.
    pub fn pending(&self) -> Option<Point> {
        self.pending.map(|i| self.t.geo.point(usize::from(i)))
    }

    fn empty(&self) -> Board {
        self.t.geo.valid().andnot(self.stones[0] | self.stones[1])
    }

    /// Whether the diagonal rule W3 holds for both colours, checked over all
    /// 2x2 blocks at once.
    #[inline]
    pub fn w3_holds(&self) -> bool {
        !self.t.any_violation(self.stones[0]) && !self.t.any_violation(self.stones[1])
    }

    /// The lower-left corners of the 2x2 blocks where `colour` has a bare
    /// diagonal.
    pub fn bare_diagonals(&self, colour: Colour) -> Board {
        self.t.violations(self.stones[colour.index()])
    }

    /// Computes from scratch the points where the next `Place` is legal and
    /// whether `end` is, ignoring whether the game is over (the engine caches
    /// this after every ply; this is for tests and benchmarks).
    #[inline]
    pub fn legal_points_from_scratch(&self) -> (Board, bool) {
        let own = self.stones[self.to_move.index()];
        let empty = self.empty();
        match self.pending {
            None => (self.t.first_stones(own, empty, self.plies == 0), false),
            Some(p) => self.t.second_stones(own, empty, usize::from(p)),
        }
    }

    /// Whether `colour` has a chain joining its two edges, by an orthogonal
    /// flood fill from its first edge (from scratch; the engine keeps this
    /// incrementally).
    ///
    /// A chain crosses every gap between neighbouring rows (Black) or
    /// columns (White) through a pair of adjacent own stones, so the fill
    /// runs only when every gap has such a pair.
    #[inline]
    pub fn has_chain(&self, colour: Colour) -> bool {
        let t = self.t;
        let own = self.stones[colour.index()];
        let ci = colour.index();
        let step = if colour == Colour::Black { t.stride } else { 1 };
        let mut links = Board::EMPTY;
        for i in 0..t.words {
            links.0[i] = own.0[i] & down(&own.0, i, step);
        }
        if !t.lines[ci][..usize::from(t.n) - 1]
            .iter()
            .all(|line| line.intersects(links))
        {
            return false;
        }
        // Grow from both edges in turn: a missing chain shows as soon as
        // either side's region stops growing.
        let (start, far) = (t.start_edge[ci], t.far_edge[ci]);
        let mut from_start = (start & own).0;
        let mut from_far = (far & own).0;
        loop {
            if !t.grow_once(&mut from_start, &own.0) {
                return false;
            }
            if BitBoard(from_start).intersects(far) {
                return true;
            }
            if !t.grow_once(&mut from_far, &own.0) {
                return false;
            }
            if BitBoard(from_far).intersects(start) {
                return true;
            }
        }
    }

    /// Whether a stone of colour `ci` on `i` would join the stones already
    /// connected to that colour's edge `side` (0 first, 1 far), or lie on
    /// that edge.
    #[inline]
    fn touches_conn(&self, ci: usize, side: usize, i: usize) -> bool {
        let t = self.t;
        let conn = self.conn[ci][side];
        let s = t.stride as usize;
        let edge = if side == 0 {
            t.start_edge[ci]
        } else {
            t.far_edge[ci]
        };
        edge.has(i)
            || conn.has(i + 1)
            || (i + s < usize::from(t.n) * s && conn.has(i + s))
            || (i >= 1 && conn.has(i - 1))
            || (i >= s && conn.has(i - s))
    }

    /// Adds the group of a new stone on `i` to the edge-connected sets it
    /// touches; returns whether the colour now joins its edges.
    #[inline]
    fn grow_chain(&mut self, ci: usize, i: usize) -> bool {
        let t = self.t;
        let mut both = true;
        for side in 0..2 {
            if self.touches_conn(ci, side, i) {
                // The set holds whole groups, so only the new stone's group
                // outside it is new.
                let conn = self.conn[ci][side];
                let grown = t.fill(Board::single(i), self.stones[ci].andnot(conn), Board::EMPTY);
                self.conn[ci][side] = conn | grown;
            } else {
                both = false;
            }
        }
        both || self.conn[ci][0].intersects(t.far_edge[ci])
    }

    /// Whether a stone of the side to move on the empty point `p` would
    /// complete a chain between its edges (W4): the check the engine makes
    /// after every stone. With the sets of stones connected to each edge
    /// kept incrementally, it is whether the stone touches both.
    #[inline]
    pub fn completes_chain(&self, p: Point) -> bool {
        let Some(i) = self.index(p) else {
            return false;
        };
        let ci = self.to_move.index();
        self.touches_conn(ci, 0, i) && self.touches_conn(ci, 1, i)
    }

    /// Ends the turn of the side to move, which has completed a chain if
    /// `won`.
    fn end_turn(&mut self, won: bool) {
        let mover = self.to_move;
        self.to_move = mover.opponent();
        self.hash ^= WHITE_TO_MOVE;
        self.end_legal = false;
        if won {
            self.legal = Board::EMPTY;
            self.status = Status::win(mover, self.seat_of(mover));
            return;
        }
        self.legal = self
            .t
            .first_stones(self.stones[self.to_move.index()], self.empty(), false);
        if self.legal.is_empty() {
            // W5: a player with no legal turn loses.
            self.status = Status::win(mover, self.seat_of(mover));
        }
    }

    fn describe_bare(&self, own: Board, p: usize) -> String {
        let dirs = self.t.bare_dirs_at(own, p);
        let s = self.t.stride as usize;
        let mut with = Vec::new();
        for (bit, q) in [
            (1, p + s + 1),
            (2, p + s - 1),
            (4, p.wrapping_sub(s - 1)),
            (8, p.wrapping_sub(s + 1)),
        ] {
            if dirs & bit != 0 {
                with.push(self.t.geo.point(q).to_string());
            }
        }
        with.join(" and ")
    }

    /// Every syntactically possible ply on this board (legal or not), for
    /// the conformance kit.
    pub fn all_plies(&self) -> Vec<WhirlwindPly> {
        let n = self.t.n;
        let mut v: Vec<_> = (0..n)
            .flat_map(|r| (0..n).map(move |c| WhirlwindPly::Place(Point::new(c, r))))
            .collect();
        v.push(WhirlwindPly::Place(Point::new(n, 0)));
        v.push(WhirlwindPly::Place(Point::new(0, n)));
        v.push(WhirlwindPly::End);
        v
    }
}

impl Game for Whirlwind {
    type Ply = WhirlwindPly;
    type Options = WhirlwindOptions;
    const NAME: &'static str = "whirlwind";
    const CLAIMS: Claims = Claims::Lasting;
    /// See the crate README for the matches behind these values.
    const SEARCH_HINTS: SearchHints = SearchHints {
        uct_exploration: 0.4,
        rave_exploration: 0.05,
    };

    fn new(options: WhirlwindOptions) -> Self {
        let t = Tables::get(options.size);
        let stones = t.setup[options.setup.phase() as usize];
        let conn = [0, 1].map(|ci| {
            [t.start_edge[ci], t.far_edge[ci]].map(|edge| t.fill(edge & stones[ci], stones[ci], Board::EMPTY))
        });
        let cap = options.cap.resolve(None);
        let mut game = Whirlwind {
            options,
            t,
            stones,
            conn,
            legal: Board::EMPTY,
            end_legal: false,
            pending: None,
            to_move: Colour::Black,
            status: Status::Ongoing,
            plies: 0,
            cap,
            last: None,
            hash: 0,
        };
        game.legal = t.first_stones(stones[0], game.empty(), true);
        game.hash = game.hash_from_scratch();
        game
    }

    fn options(&self) -> &WhirlwindOptions {
        &self.options
    }

    fn to_move_colour(&self) -> Colour {
        self.to_move
    }

    fn legal_plies(&self, out: &mut PlyBuf<WhirlwindPly>) {
        out.clear();
        if self.status.is_finished() {
            return;
        }
        let geo = &self.t.geo;
        out.extend(self.legal.iter().map(|i| WhirlwindPly::Place(geo.point(i))));
        if self.end_legal {
            out.push(WhirlwindPly::End);
        }
    }

    #[inline]
    fn is_legal(&self, ply: WhirlwindPly) -> bool {
        if self.status.is_finished() {
            return false;
        }
        match ply {
            WhirlwindPly::Place(p) => self.index(p).is_some_and(|i| self.legal.has(i)),
            WhirlwindPly::End => self.end_legal,
        }
    }

    fn play_unchecked(&mut self, ply: WhirlwindPly) {
        let mover = self.to_move;
        let ci = mover.index();
        match ply {
            WhirlwindPly::Place(p) => {
                let i = self.t.geo.index(p);
                self.stones[ci].set(i);
                self.hash ^= stone_key(i, mover);
                let won = self.grow_chain(ci, i);
                match self.pending {
                    None if self.plies == 0 => self.end_turn(won),
                    None => {
                        let (legal, end_legal) = self.t.second_stones(self.stones[ci], self.empty(), i);
                        if won && end_legal {
                            // W4: the turn ends by itself.
                            self.end_turn(true);
                        } else {
                            self.pending = Some(i as u16);
                            self.hash ^= pending_key(i);
                            self.legal = legal;
                            self.end_legal = end_legal;
                        }
                    }
                    Some(first) => {
                        self.pending = None;
                        self.hash ^= pending_key(usize::from(first));
                        self.end_turn(won);
                    }
                }
            }
            WhirlwindPly::End => {
                if let Some(first) = self.pending.take() {
                    self.hash ^= pending_key(usize::from(first));
                }
                let won = self.conn[ci][0].intersects(self.t.far_edge[ci]);
                self.end_turn(won);
            }
        }
        self.plies += 1;
        self.last = Some(ply);
        if self.status.is_ongoing() && self.cap.is_some_and(|cap| self.plies >= cap) {
            self.status = Status::length_cap();
        }
    }

    fn explain_illegal(&self, ply: WhirlwindPly) -> String {
        if self.status.is_finished() {
            return format!("the game is over ({})", self.status);
        }
        let n = self.t.n;
        let own = self.stones[self.to_move.index()];
        match (ply, self.pending) {
            (WhirlwindPly::End, None) => "`end` finishes a one-stone turn; place a stone first".to_owned(),
            (WhirlwindPly::End, Some(first)) => {
                let first = usize::from(first);
                format!(
                    "the stone on {} has a bare diagonal with {} (W3); the second stone must repair it",
                    self.t.geo.point(first),
                    self.describe_bare(own.andnot(Board::single(first)), first)
                )
            }
            (WhirlwindPly::Place(p), pending) => {
                let Some(i) = self.index(p) else {
                    return format!("{p} is off the {n}x{n} board");
                };
                if let Some(c) = self.at(p) {
                    return format!("{p} is occupied by a {c} stone");
                }
                match pending {
                    Some(first) if i <= usize::from(first) => format!(
                        "the second stone must come after the first ({}) in row-major order \
                         (a1, b1, ..., a2, ...); play the two stones the other way round",
                        self.t.geo.point(usize::from(first))
                    ),
                    Some(first) => {
                        let first = usize::from(first);
                        if self.t.bare_dirs_at(own, i) != 0 {
                            format!(
                                "a stone on {p} would form a bare diagonal with {} (W3)",
                                self.describe_bare(own, i)
                            )
                        } else {
                            format!(
                                "a stone on {p} does not repair the bare diagonal of {} with {} (W3)",
                                self.t.geo.point(first),
                                self.describe_bare(own, first)
                            )
                        }
                    }
                    None if self.plies == 0 => format!(
                        "Black's first turn is a single stone, and one on {p} would form a bare \
                         diagonal with {} (W3)",
                        self.describe_bare(own, i)
                    ),
                    None => format!(
                        "no legal turn starts with {p}: it would form a bare diagonal with {} \
                         (W3) that no later stone repairs",
                        self.describe_bare(own, i)
                    ),
                }
            }
        }
    }

    #[inline]
    fn status(&self) -> Status {
        self.status
    }

    #[inline]
    fn random_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<WhirlwindPly> {
        if self.status.is_finished() {
            return None;
        }
        let count = self.legal.count() + u32::from(self.end_legal);
        if count == 0 {
            return None;
        }
        let k = rng.gen_range(0..count);
        Some(match self.legal.nth(k) {
            Some(i) => WhirlwindPly::Place(self.t.geo.point(i)),
            None => WhirlwindPly::End,
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for colour in Colour::ALL {
            for i in self.stones[colour.index()].iter() {
                h ^= stone_key(i, colour);
            }
        }
        if self.to_move == Colour::White {
            h ^= WHITE_TO_MOVE;
        }
        if let Some(p) = self.pending {
            h ^= pending_key(usize::from(p));
        }
        h
    }

    fn plies_played(&self) -> u32 {
        self.plies
    }

    fn length_cap(&self) -> Option<u32> {
        self.cap
    }

    fn last_ply(&self) -> Option<WhirlwindPly> {
        self.last
    }

    fn render(&self) -> String {
        render_board(
            self.t.n,
            |p| self.at(p),
            self.last,
            self.pending(),
            self.status,
            self.to_move,
            self.to_move_seat(),
        )
    }

    fn claimed_cell(&self, ply: WhirlwindPly) -> Option<usize> {
        match ply {
            WhirlwindPly::Place(p) if p.col < self.t.n && p.row < self.t.n => {
                Some(usize::from(p.row) * usize::from(self.t.n) + usize::from(p.col))
            }
            _ => None,
        }
    }

    fn claimable_cells(&self) -> usize {
        usize::from(self.t.n) * usize::from(self.t.n)
    }
}

/// Draws a board: `X` Black, `O` White, the last stone in brackets; Black's
/// edges are the top and bottom rows, White's the side columns.
#[doc(hidden)]
pub fn render_board(
    n: u8,
    at: impl Fn(Point) -> Option<Colour>,
    last: Option<WhirlwindPly>,
    pending: Option<Point>,
    status: Status,
    to_move: Colour,
    seat: abstracta_core::Seat,
) -> String {
    let mut s = String::new();
    let letters: String = (0..n).map(|c| format!(" {} ", (b'a' + c) as char)).collect();
    s.push_str(&format!("    {letters}\n"));
    for row in (0..n).rev() {
        s.push_str(&format!("{:>3} ", row + 1));
        for col in 0..n {
            let p = Point::new(col, row);
            let mark = match at(p) {
                Some(Colour::Black) => 'X',
                Some(Colour::White) => 'O',
                None => '.',
            };
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
