//! The W1 set-up and the masks that depend only on the board size
//! ([`Tables`], built once per size), with the whole-board bit operations
//! the engine runs on them: bare diagonals, legal stones, flood fills.
//!
//! Every loop runs over the words that hold board points only (`words`):
//! the rest of a [`Board`] is always zero.

use std::fmt;
use std::sync::OnceLock;

use abstracta_core::{BitBoard, Colour, Geometry, Point};

use crate::{Setup, WhirlwindOptions, MAX_SIZE, MIN_SIZE};

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
pub(crate) struct Tables {
    pub(crate) n: u8,
    pub(crate) stride: u32,
    /// Words that hold board points: the rest are always zero, so the hot
    /// loops stop here (4 words at 14x14 instead of 11).
    pub(crate) words: usize,
    pub(crate) geo: Geometry<WORDS>,
    /// Per colour: the edge its chains start from (Black: row 1, White:
    /// column a) and the opposite one.
    pub(crate) start_edge: [Board; 2],
    pub(crate) far_edge: [Board; 2],
    /// `[phase][colour]` set-up stones.
    pub(crate) setup: [[Board; 2]; 2],
    /// Per colour, the lines its chains must cross: Black's rows, White's
    /// columns.
    pub(crate) lines: [Vec<Board>; 2],
}

/// Tables are determined by the board side, so they compare and hash by it.
impl PartialEq for Tables {
    fn eq(&self, other: &Self) -> bool {
        self.n == other.n
    }
}

impl Eq for Tables {}

impl std::hash::Hash for Tables {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.n.hash(state);
    }
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

    pub(crate) fn get(n: u8) -> &'static Tables {
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
    pub(crate) fn bad_dirs(&self, own: Board) -> [Board; 4] {
        let s = self.stride;
        let o = own;
        let mut out = [Board::EMPTY; 4];
        for i in 0..self.words {
            let e = o.word_shifted_down(i, 1);
            let w = o.word_shifted_up(i, 1);
            let n = o.word_shifted_down(i, s);
            let so = o.word_shifted_up(i, s);
            out[0].0[i] = o.word_shifted_down(i, s + 1) & !(n | e);
            out[1].0[i] = o.word_shifted_down(i, s - 1) & !(n | w);
            out[2].0[i] = o.word_shifted_up(i, s - 1) & !(so | e);
            out[3].0[i] = o.word_shifted_up(i, s + 1) & !(so | w);
        }
        out
    }

    /// The legal first stones of a turn for a side owning `own` (which
    /// satisfies W3) with `empty` points free.
    #[inline]
    pub(crate) fn first_stones(&self, own: Board, empty: Board, first_turn: bool) -> Board {
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
        let mut east_ok = Board::EMPTY;
        let mut north_ok = Board::EMPTY;
        for i in 0..self.words {
            east_ok.0[i] = empty[i] & !(ne[i] | se[i]);
            north_ok.0[i] = empty[i] & !(ne[i] | nw[i]);
        }
        for i in 0..self.words {
            let bad = ne[i] | nw[i] | se[i] | sw[i];
            let broken = empty[i] & bad;
            out.0[i] = (empty[i] & !bad)
                | (broken & !(nw[i] | sw[i]) & east_ok.word_shifted_down(i, 1))
                | (broken & !(se[i] | sw[i]) & north_ok.word_shifted_down(i, self.stride));
        }
        out
    }

    /// Bit mask of the diagonal directions (1 NE, 2 NW, 4 SE, 8 SW) in which
    /// a stone on `p` has a bare diagonal with `own`.
    #[inline]
    pub(crate) fn bare_dirs_at(&self, own: Board, p: usize) -> u8 {
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
    pub(crate) fn second_stones(&self, own: Board, empty: Board, p: usize) -> (Board, bool) {
        let dirs = self.bare_dirs_at(own, p);
        if dirs == 0 {
            let [ne, nw, se, sw] = self.bad_dirs(own);
            let above = !Board::below(p + 1);
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
    pub(crate) fn any_violation(&self, own: Board) -> bool {
        let s = self.stride;
        let o = own;
        let mut any = 0;
        for i in 0..self.words {
            let e = o.word_shifted_down(i, 1);
            let n = o.word_shifted_down(i, s);
            let ne = o.word_shifted_down(i, s + 1);
            any |= (o.0[i] & ne & !(e | n)) | (e & n & !(o.0[i] | ne));
        }
        any != 0
    }

    /// The lower-left corners of the 2x2 blocks in which `own` has a bare
    /// diagonal (W3 holds for `own` when this is empty).
    pub(crate) fn violations(&self, own: Board) -> Board {
        let s = self.stride;
        let o = own;
        let mut out = Board::EMPTY;
        for i in 0..self.words {
            let e = o.word_shifted_down(i, 1);
            let n = o.word_shifted_down(i, s);
            let ne = o.word_shifted_down(i, s + 1);
            out.0[i] = (o.0[i] & ne & !(e | n)) | (e & n & !(o.0[i] | ne));
        }
        out
    }

    /// One round of an orthogonal flood fill of `r` inside `within`: the
    /// growth step of [`fill`](Self::fill), one fused pass over the words
    /// in use.
    #[inline]
    pub(crate) fn grow_step(&self, r: Board, within: Board) -> Board {
        let s = self.stride;
        let mut grown = Board::EMPTY;
        for i in 0..self.words {
            grown.0[i] = (r.0[i]
                | r.word_shifted_up(i, 1)
                | r.word_shifted_down(i, 1)
                | r.word_shifted_up(i, s)
                | r.word_shifted_down(i, s))
                & within.0[i];
        }
        grown
    }

    /// Orthogonal flood fill of `seed` inside `within`.
    #[inline]
    pub(crate) fn fill(&self, seed: Board, within: Board) -> Board {
        // Not `grow_until`: fusing the growth with the change test over the
        // words in use costs 4% fewer instructions per search iteration
        // than comparing whole boards after each step.
        let s = self.stride;
        let mut r = seed & within;
        loop {
            let from = r;
            let mut changed = 0;
            for i in 0..self.words {
                let g = (from.0[i]
                    | from.word_shifted_up(i, 1)
                    | from.word_shifted_down(i, 1)
                    | from.word_shifted_up(i, s)
                    | from.word_shifted_down(i, s))
                    & within.0[i];
                changed |= g ^ from.0[i];
                r.0[i] = g;
            }
            if changed == 0 {
                return r;
            }
        }
    }
}
