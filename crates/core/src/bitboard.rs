//! Fixed-size bitboards and board geometry.
//!
//! A [`BitBoard<N>`] is `N` 64-bit words; bit `i` is point `i` of a
//! [`Geometry`], which lays boards out row by row with a *stride* one wider
//! than the board. The spare column is always empty, so a shift by one
//! column or diagonal lands a piece that would wrap around in the spare
//! column, where masking with [`Geometry::valid`] drops it. Every shift a game
//! needs is smaller than 64 bits, which keeps them to a few word operations.
//!
//! Word counts for the largest boards: 26x26 square boards need
//! 27 x 26 = 702 bits, 11 words; Epaminondas (14x12) needs 180 bits, 3 words;
//! an Ecalper board of side 12 is 23 x 24 = 552 bits, 9 words. Games pick `N`
//! for their largest size; see `benches/bitboard.rs` for the comparison with
//! `bitvec` that led to plain word arrays (numbers in the crate docs).
//!
//! ```
//! use abstracta_core::bitboard::{BitBoard, Geometry};
//! use abstracta_core::Point;
//! let geo = Geometry::<2>::square(5, 5);
//! let mut b = BitBoard::EMPTY;
//! b.set(geo.index(Point::new(0, 0)));
//! let grown = geo.neighbours4(b);
//! assert_eq!(grown.count(), 2); // b1 and a2
//! assert_eq!(geo.fill4(b, geo.valid()).count(), 25);
//! ```

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::side::Colour;

pub use crate::geometry::{Geometry, Shape};

/// A set of board points stored as `N` words.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BitBoard<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for BitBoard<N> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const N: usize> BitBoard<N> {
    /// The empty set.
    pub const EMPTY: Self = BitBoard([0; N]);
    /// Number of bits the board can hold.
    pub const BITS: usize = 64 * N;

    /// The set holding only bit `i`.
    #[inline]
    pub const fn single(i: usize) -> Self {
        let mut words = [0; N];
        words[i / 64] = 1 << (i % 64);
        BitBoard(words)
    }

    /// Whether bit `i` is set.
    #[inline]
    pub const fn has(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// Sets bit `i`.
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Clears bit `i`.
    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Flips bit `i`.
    #[inline]
    pub fn toggle(&mut self, i: usize) {
        self.0[i / 64] ^= 1 << (i % 64);
    }

    /// Whether no bit is set.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether some bit is set.
    #[inline]
    pub fn any(&self) -> bool {
        !self.is_empty()
    }

    /// Number of set bits.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the two sets share a bit.
    #[inline]
    pub fn intersects(&self, other: Self) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// `self` without the bits of `other`.
    #[inline]
    #[must_use]
    pub fn andnot(self, other: Self) -> Self {
        let mut out = self;
        for i in 0..N {
            out.0[i] &= !other.0[i];
        }
        out
    }

    /// The lowest set bit, if any.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The lowest set bit, removed from the set.
    #[inline]
    pub fn pop_first(&mut self) -> Option<usize> {
        for (i, w) in self.0.iter_mut().enumerate() {
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(i * 64 + bit);
            }
        }
        None
    }

    /// The `k`-th lowest set bit (0-based), if there are more than `k`.
    /// Used to pick a uniformly random member in one pass; constant time
    /// per word ([`select_in_word`]).
    #[inline]
    pub fn nth(&self, mut k: u32) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            let c = w.count_ones();
            if k < c {
                // Clearing a few low bits costs less than the full select.
                let bit = if k < 4 {
                    let mut w = w;
                    for _ in 0..k {
                        w &= w - 1;
                    }
                    w.trailing_zeros()
                } else {
                    select_in_word(w, k)
                };
                return Some(i * 64 + bit as usize);
            }
            k -= c;
        }
        None
    }

    /// The points with an index below `i` (`i <= 64 * N`).
    #[inline]
    pub fn below(i: usize) -> Self {
        let mut out = [0u64; N];
        for (w, word) in out.iter_mut().enumerate() {
            let start = w * 64;
            *word = if i >= start + 64 {
                !0
            } else if i > start {
                (1u64 << (i - start)) - 1
            } else {
                0
            };
        }
        BitBoard(out)
    }

    /// The points with an index in `lo..hi`.
    #[inline]
    pub fn range(lo: usize, hi: usize) -> Self {
        Self::below(hi).andnot(Self::below(lo.min(hi)))
    }

    /// The `len` bits from index `offset` as the low bits of a word
    /// (`len < 64`): a row of a board when `offset` is the row's first
    /// point. Bits past the last word read as zero.
    #[inline]
    pub fn bits_at(&self, offset: usize, len: u32) -> u64 {
        debug_assert!(len < 64);
        let (word, shift) = (offset / 64, offset % 64);
        let mut bits = self.0[word] >> shift;
        if shift + len as usize > 64 && word + 1 < N {
            bits |= self.0[word + 1] << (64 - shift);
        }
        bits & ((1u64 << len) - 1)
    }

    /// Word `i` of this set shifted towards higher indices by `k` bits
    /// (`0 < k < 64`), without computing the other words: for loops that
    /// touch only the words a board uses.
    #[inline(always)]
    pub fn word_shifted_up(&self, i: usize, k: u32) -> u64 {
        let low = if i > 0 { self.0[i - 1] >> (64 - k) } else { 0 };
        (self.0[i] << k) | low
    }

    /// Word `i` of this set shifted towards lower indices by `k` bits
    /// (`0 < k < 64`); see [`word_shifted_up`](Self::word_shifted_up).
    #[inline(always)]
    pub fn word_shifted_down(&self, i: usize, k: u32) -> u64 {
        let high = if i + 1 < N { self.0[i + 1] << (64 - k) } else { 0 };
        (self.0[i] >> k) | high
    }

    /// Grows `self` with `step` until a step changes nothing or the region
    /// meets `stop`; returns the last region. `step` says what one round of
    /// growth is (neighbours within a mask, links of some kind), so every
    /// game's flood fill is this loop with its own step.
    ///
    /// ```
    /// use abstracta_core::bitboard::{BitBoard, Geometry};
    /// let geo = Geometry::<1>::square(4, 1);
    /// let seed = BitBoard::single(0);
    /// let all = seed.grow_until(BitBoard::EMPTY, |r| (r | geo.east(r)) & geo.valid());
    /// assert_eq!(all.count(), 4);
    /// let stopped = seed.grow_until(BitBoard::single(1), |r| (r | geo.east(r)) & geo.valid());
    /// assert_eq!(stopped.count(), 2);
    /// ```
    #[inline]
    pub fn grow_until(self, stop: Self, mut step: impl FnMut(Self) -> Self) -> Self {
        let mut region = self;
        loop {
            let grown = step(region);
            if grown == region || grown.intersects(stop) {
                return grown;
            }
            region = grown;
        }
    }

    /// Shifts towards higher indices by `k` bits, `0 < k < 64`.
    #[inline]
    #[must_use]
    #[allow(clippy::needless_range_loop)] // word i reads words i and i-1
    pub fn shift_up(self, k: u32) -> Self {
        debug_assert!(k > 0 && k < 64);
        let mut out = [0u64; N];
        out[0] = self.0[0] << k;
        for i in 1..N {
            out[i] = (self.0[i] << k) | (self.0[i - 1] >> (64 - k));
        }
        BitBoard(out)
    }

    /// Shifts towards lower indices by `k` bits, `0 < k < 64`.
    #[inline]
    #[must_use]
    #[allow(clippy::needless_range_loop)] // word i reads words i and i+1
    pub fn shift_down(self, k: u32) -> Self {
        debug_assert!(k > 0 && k < 64);
        let mut out = [0u64; N];
        for i in 0..N - 1 {
            out[i] = (self.0[i] >> k) | (self.0[i + 1] << (64 - k));
        }
        out[N - 1] = self.0[N - 1] >> k;
        BitBoard(out)
    }

    /// Shifts by a signed offset (`|offset| < 64`); positive moves bits up.
    #[inline]
    #[must_use]
    pub fn shift(self, offset: i32) -> Self {
        match offset {
            0 => self,
            o if o > 0 => self.shift_up(o as u32),
            o => self.shift_down((-o) as u32),
        }
    }

    /// Iterates over the set bits, lowest first.
    #[inline]
    pub fn iter(self) -> Bits<N> {
        Bits::new(self)
    }
}

/// Iterator over the set bits of a [`BitBoard`], lowest first.
///
/// It keeps the current word in a local, so the loop does not round-trip
/// through memory as popping bits off the array would, and knows its exact
/// length, so `extend` skips per-item capacity checks.
#[derive(Clone, Debug)]
pub struct Bits<const N: usize> {
    words: [u64; N],
    word: usize,
    current: u64,
    left: usize,
}

impl<const N: usize> Bits<N> {
    #[inline]
    fn new(b: BitBoard<N>) -> Self {
        Bits {
            words: b.0,
            word: 0,
            current: if N == 0 { 0 } else { b.0[0] },
            left: b.count() as usize,
        }
    }
}

impl<const N: usize> Iterator for Bits<N> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        while self.current == 0 {
            self.word += 1;
            self.current = self.words[self.word];
        }
        let bit = self.current.trailing_zeros() as usize;
        self.current &= self.current - 1;
        self.left -= 1;
        Some(self.word * 64 + bit)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<const N: usize> ExactSizeIterator for Bits<N> {}

/// Position of the `k`-th lowest set bit of `w` (0-based; `k` below the
/// popcount), in constant time: per-byte counts and their prefix sums find
/// the byte, a table finds the bit inside it.
///
/// ```
/// use abstracta_core::bitboard::select_in_word;
/// assert_eq!(select_in_word(0b1011_0000, 0), 4);
/// assert_eq!(select_in_word(0b1011_0000, 2), 7);
/// assert_eq!(select_in_word(1 << 63 | 1, 1), 63);
/// ```
#[inline]
pub fn select_in_word(w: u64, k: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut b = w - ((w >> 1) & 0x5555_5555_5555_5555);
    b = (b & 0x3333_3333_3333_3333) + ((b >> 2) & 0x3333_3333_3333_3333);
    b = (b + (b >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte j of `prefix`: the set bits in bytes 0..=j (at most 64).
    let prefix = b.wrapping_mul(ONES);
    // Bytes whose prefix is <= k: their number is the index of the byte
    // holding the bit (both sides stay below 128, so no borrows).
    let le = ((u64::from(k) * ONES) | (0x80 * ONES)).wrapping_sub(prefix) & (0x80 * ONES);
    let byte = ((le >> 7).wrapping_mul(ONES) >> 56) as u32;
    let before = if byte == 0 {
        0
    } else {
        ((prefix >> (8 * (byte - 1))) & 0xff) as u32
    };
    let in_byte = ((w >> (8 * byte)) & 0xff) as usize;
    8 * byte + u32::from(SELECT_IN_BYTE[in_byte][(k - before).min(7) as usize])
}

/// `SELECT_IN_BYTE[b][k]`: position of the `k`-th set bit of byte `b`.
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

impl<const N: usize> IntoIterator for BitBoard<N> {
    type Item = usize;
    type IntoIter = Bits<N>;

    fn into_iter(self) -> Bits<N> {
        Bits::new(self)
    }
}

impl<const N: usize> FromIterator<usize> for BitBoard<N> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut b = Self::EMPTY;
        for i in iter {
            b.set(i);
        }
        b
    }
}

impl<const N: usize> fmt::Debug for BitBoard<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

macro_rules! binop {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $op:tt) => {
        impl<const N: usize> $trait for BitBoard<N> {
            type Output = Self;
            #[inline]
            fn $method(self, rhs: Self) -> Self {
                let mut out = self;
                for i in 0..N {
                    out.0[i] = self.0[i] $op rhs.0[i];
                }
                out
            }
        }
        impl<const N: usize> $assign_trait for BitBoard<N> {
            #[inline]
            fn $assign(&mut self, rhs: Self) {
                for i in 0..N {
                    self.0[i] = self.0[i] $op rhs.0[i];
                }
            }
        }
    };
}

binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<const N: usize> Not for BitBoard<N> {
    type Output = Self;
    /// The complement over all `64 * N` bits; mask with
    /// [`Geometry::valid`] to stay on the board.
    #[inline]
    fn not(self) -> Self {
        let mut out = self;
        for w in out.0.iter_mut() {
            *w = !*w;
        }
        out
    }
}

/// The colour of the stone on cell `i` of a board kept as one set of cells
/// per colour (`stones[colour.index()]`), if any.
#[inline]
pub fn colour_at<const N: usize>(stones: &[BitBoard<N>; 2], i: usize) -> Option<Colour> {
    if stones[0].has(i) {
        Some(Colour::Black)
    } else if stones[1].has(i) {
        Some(Colour::White)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::Point;

    #[test]
    fn square_edges_and_wrap() {
        let geo = Geometry::<11>::square(26, 26);
        assert_eq!(geo.len(), 676);
        let right = geo.right();
        assert!(
            geo.east(right).is_empty(),
            "east of the right edge is off the board"
        );
        assert!(geo.west(geo.left()).is_empty());
        assert!(geo.north(geo.top()).is_empty());
        assert!(geo.south(geo.bottom()).is_empty());
        let corner = BitBoard::single(geo.index(Point::new(25, 25)));
        assert_eq!(geo.neighbours8(corner).count(), 3);
        let a1 = BitBoard::single(geo.index(Point::new(0, 0)));
        assert_eq!(geo.neighbours_diagonal(a1).count(), 1);
    }

    #[test]
    fn hex_cells_and_neighbours() {
        for side in 3..=12u8 {
            let geo = Geometry::<9>::hex(side);
            let s = u32::from(side);
            assert_eq!(geo.len(), 3 * s * (s - 1) + 1);
            // Interior cells have six neighbours; corners three.
            let centre = Point::new(side - 1, side - 1);
            assert_eq!(geo.neighbours_hex(BitBoard::single(geo.index(centre))).count(), 6);
            assert_eq!(
                geo.neighbours_hex(BitBoard::single(geo.index(Point::new(0, 0))))
                    .count(),
                3
            );
            assert!(!geo.contains(Point::new(side, 0)));
        }
    }

    #[test]
    fn nth_and_pop() {
        let b: BitBoard<3> = [3usize, 70, 150].into_iter().collect();
        assert_eq!(b.nth(0), Some(3));
        assert_eq!(b.nth(1), Some(70));
        assert_eq!(b.nth(2), Some(150));
        assert_eq!(b.nth(3), None);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![3, 70, 150]);
        assert_eq!(b.shift_up(5).iter().collect::<Vec<_>>(), vec![8, 75, 155]);
        assert_eq!(b.shift_down(5).iter().collect::<Vec<_>>(), vec![65, 145]);
    }

    #[test]
    fn fill_stays_inside() {
        let geo = Geometry::<2>::square(9, 9);
        let wall = geo.column(4);
        let region = geo.fill4(geo.left(), geo.valid().andnot(wall));
        assert_eq!(region.count(), 36);
        assert!(geo.fill8(geo.left(), geo.valid().andnot(wall)).count() == 36);
    }

    #[test]
    fn select_and_masks_agree_with_plain_loops() {
        let words = [0u64, 1, 0x8000_0000_0000_0001, 0xdead_beef_f00d_cafe, !0];
        for &w in &words {
            let plain: Vec<u32> = (0..64).filter(|b| w >> b & 1 == 1).collect();
            for (k, &bit) in plain.iter().enumerate() {
                assert_eq!(select_in_word(w, k as u32), bit, "{w:#x} {k}");
            }
        }
        let b = BitBoard::<3>([0xdead_beef_f00d_cafe, 0x1234_5678_9abc_def0, 0xff]);
        let members: Vec<usize> = b.iter().collect();
        assert_eq!(b.iter().len(), members.len());
        for (k, &m) in members.iter().enumerate() {
            assert_eq!(b.nth(k as u32), Some(m));
        }
        assert_eq!(b.nth(members.len() as u32), None);
        for (lo, hi) in [(0, 0), (0, 64), (3, 70), (63, 129), (100, 192), (5, 3)] {
            let r = BitBoard::<3>::range(lo, hi);
            for i in 0..192 {
                assert_eq!(r.has(i), i >= lo && i < hi, "{lo}..{hi} at {i}");
            }
        }
        for offset in [0, 10, 60, 64, 120, 150] {
            let plain = (0..14).fold(0u64, |acc, c| acc | (u64::from(b.has(offset + c)) << c));
            assert_eq!(b.bits_at(offset, 14), plain, "offset {offset}");
        }
        for k in [1, 7, 63] {
            let (up, down) = (b.shift_up(k), b.shift_down(k));
            for i in 0..3 {
                assert_eq!(b.word_shifted_up(i, k), up.0[i]);
                assert_eq!(b.word_shifted_down(i, k), down.0[i]);
            }
        }
    }
}
