//! The bitboard engine, generic over the word count so small boards pay
//! for two words per operation rather than eleven, and [`Storage`], the
//! engine in the word count that fits the board.
//!
//! Heights are bit-sliced: plane `k` holds the points whose height has bit
//! `k` set, so comparing the heights of every point with its east or north
//! neighbour is one XOR per plane, and the lexicographic height test of a
//! crosscut (E3c) runs on all 2x2 blocks at once.

use abstracta_core::{BitBoard, Colour, Geometry, PlyBuf, Point};

use crate::ply::EscabelPly;

/// Height planes (heights 1..=255 need 8 bits).
pub(crate) const PLANES: usize = 8;

/// The stack moves of one colour, grouped by direction; each mask holds the
/// `from` points, and `OFFSETS` gives `to - from` per direction.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StackMoves<const N: usize> {
    pub(crate) from: [BitBoard<N>; 4],
    pub(crate) offsets: [i32; 4],
}

impl<const N: usize> StackMoves<N> {
    pub(crate) fn count(&self) -> u32 {
        self.from.iter().map(BitBoard::count).sum()
    }
}

/// Stacks, heights and the board layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Engine<const N: usize> {
    pub(crate) geo: Geometry<N>,
    /// Points whose top piece is Black / White.
    pub(crate) occ: [BitBoard<N>; 2],
    /// Bit-sliced heights.
    pub(crate) h: [BitBoard<N>; PLANES],
    /// Planes in use: every height is below `1 << planes`. Heights never
    /// shrink, so this only grows.
    pub(crate) planes: u8,
    /// Per colour, its two edges (Black: bottom, top; White: left, right).
    pub(crate) edges: [[BitBoard<N>; 2]; 2],
    all: BitBoard<N>,
    /// Crosscut blocks (by lower-left point) whose main diagonal wins the
    /// E3(c) height test, and those whose anti-diagonal wins. Kept up to
    /// date by each ply (only the blocks around the changed points can
    /// change), because the bit-sliced test over the whole board was half
    /// the cost of a win check.
    pub(crate) won: [BitBoard<N>; 2],
    /// Stacks of height 2 or more (heights never shrink, so it only grows):
    /// a placement next to none of them cannot make an E3(c) winner.
    tall: BitBoard<N>,
    /// ceil(2^20 / stride): bit index to row by a multiply, since a
    /// division per generated ply showed up in ply generation.
    inv_stride: u32,
}

#[inline]
fn shr<const N: usize>(b: BitBoard<N>, k: u32) -> BitBoard<N> {
    b.shift_down(k)
}

#[inline]
fn shl<const N: usize>(b: BitBoard<N>, k: u32) -> BitBoard<N> {
    b.shift_up(k)
}

impl<const N: usize> Engine<N> {
    pub(crate) fn new(n: u8) -> Self {
        let geo = Geometry::<N>::square(n, n);
        Engine {
            geo,
            occ: [BitBoard::EMPTY; 2],
            h: [BitBoard::EMPTY; PLANES],
            planes: 1,
            edges: [[geo.bottom(), geo.top()], [geo.left(), geo.right()]],
            all: !BitBoard::EMPTY,
            won: [BitBoard::EMPTY; 2],
            tall: BitBoard::EMPTY,
            inv_stride: (1u32 << 20).div_ceil(u32::from(geo.stride())),
        }
    }

    #[inline]
    pub(crate) fn stride(&self) -> u32 {
        u32::from(self.geo.stride())
    }

    #[inline]
    pub(crate) fn index(&self, p: Point) -> usize {
        usize::from(p.row) * usize::from(self.geo.stride()) + usize::from(p.col)
    }

    #[inline]
    pub(crate) fn point(&self, i: usize) -> Point {
        // Exact for i < 2^20 / 27: the rounding error of the reciprocal
        // stays below 1 / stride.
        let row = (i as u32 * self.inv_stride) >> 20;
        let col = i as u32 - row * u32::from(self.geo.stride());
        Point::new(col as u8, row as u8)
    }

    #[inline]
    pub(crate) fn contains(&self, p: Point) -> bool {
        p.col < self.geo.width() && p.row < self.geo.height()
    }

    #[inline]
    pub(crate) fn height(&self, i: usize) -> u8 {
        let mut h = 0u8;
        for k in 0..usize::from(self.planes) {
            h |= u8::from(self.h[k].has(i)) << k;
        }
        h
    }

    #[inline]
    fn set_height(&mut self, i: usize, height: u8) {
        for k in 0..PLANES {
            if height >> k & 1 != 0 {
                self.h[k].set(i);
            } else {
                self.h[k].clear(i);
            }
        }
        let bits = (8 - height.leading_zeros()) as u8;
        if bits > self.planes {
            self.planes = bits;
        }
    }

    /// The colour and height at `i`, if occupied.
    #[inline]
    pub(crate) fn cell(&self, i: usize) -> Option<(Colour, u8)> {
        if self.occ[0].has(i) {
            Some((Colour::Black, self.height(i)))
        } else if self.occ[1].has(i) {
            Some((Colour::White, self.height(i)))
        } else {
            None
        }
    }

    /// Puts a stack on `i` (setup and placement).
    pub(crate) fn put(&mut self, i: usize, colour: Colour, height: u8) {
        self.occ[colour.index()].set(i);
        self.occ[colour.opponent().index()].clear(i);
        self.set_height(i, height);
        if height > 1 {
            self.tall.set(i);
        }
        self.refresh_blocks(i);
    }

    /// Recomputes the E3(c) winners of the (up to four) blocks with a
    /// corner on `i`.
    #[inline]
    fn refresh_blocks(&mut self, i: usize) {
        let p = self.point(i);
        let s = self.geo.stride() as usize;
        let last = self.geo.width() - 1;
        let (c0, r0) = (p.col.saturating_sub(1), p.row.saturating_sub(1));
        for r in r0..=p.row.min(last - 1) {
            for c in c0..=p.col.min(last - 1) {
                self.refresh_block(usize::from(r) * s + usize::from(c));
            }
        }
    }

    #[inline]
    fn refresh_block(&mut self, b0: usize) {
        let s = self.geo.stride() as usize;
        let (b1, b2, b3) = (b0 + 1, b0 + s, b0 + s + 1);
        self.won[0].clear(b0);
        self.won[1].clear(b0);
        let [black, white] = self.occ;
        let cut = (black.has(b0) && black.has(b3) && white.has(b1) && white.has(b2))
            || (white.has(b0) && white.has(b3) && black.has(b1) && black.has(b2));
        if !cut {
            return;
        }
        let (ha, hb, hc, hd) = (self.height(b0), self.height(b3), self.height(b1), self.height(b2));
        let main = (ha.min(hb), ha.max(hb));
        let anti = (hc.min(hd), hc.max(hd));
        if main > anti {
            self.won[0].set(b0);
        } else if anti > main {
            self.won[1].set(b0);
        }
    }

    /// E4 placement of one piece on the empty point `i`.
    #[inline]
    pub(crate) fn place(&mut self, i: usize, colour: Colour) {
        self.occ[colour.index()].set(i);
        self.h[0].set(i);
        // Blocks holding only height-1 stacks tie (E3c), and the blocks
        // around `i` held no crosscut while it was empty, so `won` only
        // changes if a tall stack is near.
        if self.planes > 1 && self.geo.neighbours8(BitBoard::single(i)).intersects(self.tall) {
            self.refresh_blocks(i);
        }
    }

    /// E5: `colour` moves its top piece from `a` onto `b` (equal heights h);
    /// `b` becomes theirs at h + 1, `a` the opponent's at h. Returns h.
    #[inline]
    pub(crate) fn stack(&mut self, a: usize, b: usize, colour: Colour) -> u8 {
        let h = self.height(a);
        let (me, them) = (colour.index(), colour.opponent().index());
        self.occ[me].clear(a);
        self.occ[me].set(b);
        self.occ[them].clear(b);
        self.occ[them].set(a);
        self.set_height(b, h + 1);
        self.tall.set(b);
        self.refresh_blocks(a);
        self.refresh_blocks(b);
        h
    }

    #[inline]
    pub(crate) fn empty(&self) -> BitBoard<N> {
        self.geo.valid().andnot(self.occ[0] | self.occ[1])
    }

    /// Points whose height equals that of the point `k` bits above (the
    /// east neighbour for k = 1, the north one for k = stride). Bits of
    /// points without such a neighbour are meaningless; callers mask them.
    #[inline]
    fn equal_heights(&self, k: u32) -> BitBoard<N> {
        let mut eq = self.all;
        for plane in &self.h[..usize::from(self.planes)] {
            eq &= !(*plane ^ shr(*plane, k));
        }
        eq
    }

    /// Points below the storage limit of 255 (E1 decision).
    #[inline]
    fn not_full(&self) -> BitBoard<N> {
        if usize::from(self.planes) < PLANES {
            return self.all;
        }
        let mut full = self.all;
        for plane in &self.h {
            full &= *plane;
        }
        !full
    }

    /// Every E5 stacking move of `colour`.
    #[inline]
    pub(crate) fn stack_moves(&self, colour: Colour) -> StackMoves<N> {
        let x = self.occ[colour.index()];
        let y = self.occ[colour.opponent().index()];
        let s = self.stride();
        let nf = self.not_full();
        let eh = self.equal_heights(1) & nf;
        let ev = self.equal_heights(s) & nf;
        StackMoves {
            from: [
                x & shr(y, 1) & eh,
                shl(y & shr(x, 1) & eh, 1),
                x & shr(y, s) & ev,
                shl(y & shr(x, s) & ev, s),
            ],
            offsets: [1, -1, s as i32, -(s as i32)],
        }
    }

    /// Whether `colour` has any E5 stacking move (cheaper than listing).
    #[inline]
    pub(crate) fn has_stack_move(&self, colour: Colour) -> bool {
        let x = self.occ[colour.index()];
        let y = self.occ[colour.opponent().index()];
        let s = self.stride();
        // Adjacent opposite-coloured pairs first: equal heights only matter
        // where they exist.
        let ph = (x & shr(y, 1)) | (y & shr(x, 1));
        let pv = (x & shr(y, s)) | (y & shr(x, s));
        if ph.is_empty() && pv.is_empty() {
            return false;
        }
        let nf = self.not_full();
        (ph & nf).intersects(self.equal_heights(1)) || (pv & nf).intersects(self.equal_heights(s))
    }

    /// Writes every placement and stacking move of `colour` into `out`.
    pub(crate) fn generate(&self, colour: Colour, out: &mut PlyBuf<EscabelPly>) {
        let empty = self.empty();
        let moves = self.stack_moves(colour);
        // Plies go through a small local batch copied into `out` in one go:
        // a `SmallVec::push` per ply (inline-or-heap checks) and two
        // index-to-point conversions per stacking move were most of the
        // cost of generation.
        let mut batch = [EscabelPly::Swap; 64];
        let mut k = 0;
        for (w, &word) in empty.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                batch[k] = EscabelPly::Place(self.point(i));
                k += 1;
                if k == batch.len() {
                    out.extend_from_slice(&batch);
                    k = 0;
                }
            }
        }
        // The directions of `StackMoves::from`: east, west, north, south.
        const STEPS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        for (from, (dc, dr)) in moves.from.iter().zip(STEPS) {
            for (w, &word) in from.0.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let p = self.point(i);
                    batch[k] = EscabelPly::Stack {
                        from: p,
                        to: Point::new(p.col.wrapping_add_signed(dc), p.row.wrapping_add_signed(dr)),
                    };
                    k += 1;
                    if k == batch.len() {
                        out.extend_from_slice(&batch);
                        k = 0;
                    }
                }
            }
        }
        out.extend_from_slice(&batch[..k]);
    }

    /// Blocks (by their lower-left point) that are crosscuts (E2): the two
    /// diagonals hold stacks of opposite colours.
    #[inline]
    pub(crate) fn crosscuts(&self) -> BitBoard<N> {
        let s = self.stride();
        let [b, w] = self.occ;
        let (b_e, b_n, b_ne) = (shr(b, 1), shr(b, s), shr(b, s + 1));
        let (w_e, w_n, w_ne) = (shr(w, 1), shr(w, s), shr(w, s + 1));
        (b & b_ne & w_e & w_n) | (w & w_ne & b_e & b_n)
    }

    /// The crosscut blocks (by lower-left point) whose E3(c) height test
    /// `colour`'s diagonal wins.
    #[inline]
    pub(crate) fn crosscuts_won(&self, colour: Colour) -> BitBoard<N> {
        let x = self.occ[colour.index()];
        // A main-diagonal winner has its colour on the block's first point,
        // an anti-diagonal one on the point east of it.
        (self.won[0] & x) | (self.won[1] & shr(x, 1))
    }

    /// For the crosscut blocks in `cuts`: the blocks whose main diagonal
    /// (lower-left to upper-right) is connected by E3(c), and those whose
    /// anti-diagonal is. Heights are compared on all blocks at once.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn cut_winners(&self, cuts: BitBoard<N>) -> (BitBoard<N>, BitBoard<N>) {
        // With every height 1 all crosscuts tie (E3c: neither connected).
        if self.planes <= 1 {
            return (BitBoard::EMPTY, BitBoard::EMPTY);
        }
        let s = self.stride();
        let planes = &self.h[..usize::from(self.planes)];
        // Only blocks with a stack of height 2 or more can be won.
        let mut tall = BitBoard::EMPTY;
        for &plane in &planes[1..] {
            tall |= plane;
        }
        let tall_blocks = tall | shr(tall, 1) | shr(tall, s) | shr(tall, s + 1);
        let cuts = cuts & tall_blocks;
        if cuts.is_empty() {
            return (BitBoard::EMPTY, BitBoard::EMPTY);
        }
        // Pass 1, most significant bit first: which of the two stacks on
        // each diagonal is lower (a < b on the main one, c < d on the other).
        let mut lt_ab = BitBoard::EMPTY;
        let mut eq_ab = self.all;
        let mut lt_cd = BitBoard::EMPTY;
        let mut eq_cd = self.all;
        for &a in planes.iter().rev() {
            let b = shr(a, s + 1);
            let c = shr(a, 1);
            let d = shr(a, s);
            lt_ab |= eq_ab & b.andnot(a);
            eq_ab &= !(a ^ b);
            lt_cd |= eq_cd & d.andnot(c);
            eq_cd &= !(c ^ d);
        }
        // Pass 2, most significant bit first: compare (lo, hi) pairs
        // lexicographically, taking each bit of lo and hi as it comes.
        let (mut lo_gt, mut lo_lt, mut lo_eq) = (BitBoard::EMPTY, BitBoard::EMPTY, self.all);
        let (mut hi_gt, mut hi_lt, mut hi_eq) = (BitBoard::EMPTY, BitBoard::EMPTY, self.all);
        for &a in planes.iter().rev() {
            let b = shr(a, s + 1);
            let c = shr(a, 1);
            let d = shr(a, s);
            let lo1 = (a & lt_ab) | b.andnot(lt_ab);
            let hi1 = (b & lt_ab) | a.andnot(lt_ab);
            let lo2 = (c & lt_cd) | d.andnot(lt_cd);
            let hi2 = (d & lt_cd) | c.andnot(lt_cd);
            lo_gt |= lo_eq & lo1.andnot(lo2);
            lo_lt |= lo_eq & lo2.andnot(lo1);
            lo_eq &= !(lo1 ^ lo2);
            hi_gt |= hi_eq & hi1.andnot(hi2);
            hi_lt |= hi_eq & hi2.andnot(hi1);
            hi_eq &= !(hi1 ^ hi2);
        }
        let first = lo_gt | (lo_eq & hi_gt);
        let second = lo_lt | (lo_eq & hi_lt);
        (cuts & first, cuts & second)
    }

    /// The diagonal pairs of `colour` by block: main diagonals (lower-left
    /// to upper-right) and anti-diagonals, each split into those connected
    /// by E3(b) and those that are the diagonal of a crosscut (E3c decides).
    #[inline]
    fn diagonals(&self, colour: Colour) -> [BitBoard<N>; 4] {
        let s = self.stride();
        let x = self.occ[colour.index()];
        let y = self.occ[colour.opponent().index()];
        let main = x & shr(x, s + 1);
        let anti = shr(x, 1) & shr(x, s);
        let y_main = y & shr(y, s + 1);
        let y_anti = shr(y, 1) & shr(y, s);
        let main_cut = main & y_anti;
        let anti_cut = anti & y_main;
        [main.andnot(main_cut), anti.andnot(anti_cut), main_cut, anti_cut]
    }

    /// The diagonal connections of `colour` (E3 b, c): blocks whose main
    /// diagonal holds two connected stacks of `colour`, and blocks whose
    /// anti-diagonal does.
    #[inline]
    pub(crate) fn diagonal_links(&self, colour: Colour) -> (BitBoard<N>, BitBoard<N>) {
        let [main_ok, anti_ok, main_cut, anti_cut] = self.diagonals(colour);
        (
            main_ok | (main_cut & self.won[0]),
            anti_ok | (anti_cut & self.won[1]),
        )
    }

    /// The empty points whose placement by `colour` saves a diagonal pair
    /// of its own from a crosscut (E2): in a 2x2 block with two stacks of
    /// `colour` on one diagonal, an enemy stack on one point of the other
    /// diagonal and the last point empty, that last point. Taking it joins
    /// the pair orthogonally; leaving it lets the enemy cut there (the
    /// Escabel form of the Hex bridge save). All blocks at once.
    #[inline]
    pub(crate) fn link_saves(&self, colour: Colour) -> BitBoard<N> {
        let s = self.stride();
        let x = self.occ[colour.index()];
        let y = self.occ[colour.opponent().index()];
        let e = self.empty();
        // Blocks by lower-left corner b0; b1 = b0 + 1, b2 = b0 + s, b3 = b0 + s + 1.
        let main = x & shr(x, s + 1);
        let anti = shr(x, 1) & shr(x, s);
        let (y1, y2, e1, e2) = (shr(y, 1), shr(y, s), shr(e, 1), shr(e, s));
        let (y0, y3, e0, e3) = (y, shr(y, s + 1), e, shr(e, s + 1));
        shl(main & y1 & e2, s) | shl(main & y2 & e1, 1) | (anti & y3 & e0) | shl(anti & y0 & e3, s + 1)
    }

    /// The link saves of [`link_saves`](Self::link_saves) that are
    /// diagonal neighbours of the point `i`, as a bit mask over the four
    /// diagonal directions (1 NE, 2 NW, 4 SE, 8 SW): the playouts' question
    /// after the opponent took `i`, answered from the four blocks around
    /// `i` alone (cheaper than the whole board).
    #[inline]
    pub(crate) fn link_saves_around(&self, i: usize, colour: Colour) -> u8 {
        let s = self.stride() as usize;
        let x = self.occ[colour.index()];
        let taken = self.occ[0] | self.occ[1];
        // Off-board points are never own: the spare column stops the row
        // wrap, the bounds test the ends of the words.
        let own = |j: Option<usize>| j.is_some_and(|j| j < 64 * N && x.has(j));
        let (e, w) = (own(Some(i + 1)), own(i.checked_sub(1)));
        let (n, so) = (own(Some(i + s)), own(i.checked_sub(s)));
        let free = |j: usize| !taken.has(j);
        let mut dirs = 0;
        if n && e && free(i + s + 1) {
            dirs |= 1;
        }
        if n && w && free(i + s - 1) {
            dirs |= 2;
        }
        if so && e && free(i - s + 1) {
            dirs |= 4;
        }
        if so && w && free(i - s - 1) {
            dirs |= 8;
        }
        dirs
    }

    /// Grows `region` through `own` over orthogonal steps and the given
    /// diagonal links until it stops growing or meets `stop`.
    #[inline]
    fn flood(
        &self,
        region: BitBoard<N>,
        own: BitBoard<N>,
        main: BitBoard<N>,
        anti: BitBoard<N>,
        stop: BitBoard<N>,
    ) -> BitBoard<N> {
        let s = self.stride();
        let sw_from = shl(main, s + 1);
        let nw_from = shl(anti, 1);
        let se_from = shl(anti, s);
        region.grow_until(stop, move |region| {
            // Each step feeds the next (Gauss-Seidel rather than Jacobi),
            // so a round can run several points along a chain.
            let mut grown = region;
            grown |= shl(grown, 1) & own;
            grown |= shl(grown, s) & own;
            grown |= shl(grown & main, s + 1);
            grown |= shl(grown & nw_from, s - 1);
            grown |= shr(grown, 1) & own;
            grown |= shr(grown, s) & own;
            grown |= shr(grown & sw_from, s + 1);
            grown |= shr(grown & se_from, s - 1);
            grown
        })
    }

    /// The stacks of `colour` connected (E3) to `seed` by a chain, or at
    /// least every stack up to the first one found in `stop`.
    #[inline]
    pub(crate) fn chain_from(&self, colour: Colour, seed: BitBoard<N>, stop: BitBoard<N>) -> BitBoard<N> {
        let own = self.occ[colour.index()];
        let (main, anti) = self.diagonal_links(colour);
        self.flood(seed & own, own, main, anti, stop)
    }

    /// E6: whether a chain of `colour` touches both of its edges.
    #[inline]
    pub(crate) fn has_chain(&self, colour: Colour) -> bool {
        let own = self.occ[colour.index()];
        let [start, end] = self.edges[colour.index()];
        let (start, end) = (own & start, own & end);
        if start.is_empty() || end.is_empty() {
            return false;
        }
        self.chain_from(colour, start, end).intersects(end)
    }
}

/// The engine in the word count that fits the board, following core's
/// "Storage by board size" policy: two words up to 10x10 (the default 9x9
/// board), four up to 15x15, eleven up to 26x26. `Engine<11>` is more than
/// four times the size of `Engine<2>`, so it is boxed; `Engine<4>` is not,
/// since boxing it would allocate on every clone of an 11x11..15x15 game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum Storage {
    Small(Engine<2>),
    Medium(Engine<4>),
    Large(Box<Engine<11>>),
}

impl Storage {
    /// An empty `size x size` board (`size` in 3..=26).
    pub(crate) fn new(size: u8) -> Storage {
        if size <= 10 {
            Storage::Small(Engine::new(size))
        } else if size <= 15 {
            Storage::Medium(Engine::new(size))
        } else {
            Storage::Large(Box::new(Engine::new(size)))
        }
    }
}

/// Runs `$body` with `$e` bound to the engine inside the [`Storage`]
/// `$storage` (by reference).
macro_rules! with_engine {
    ($storage:expr, $e:ident => $body:expr) => {
        abstracta_core::for_width!(&$storage, Storage[Small, Medium, Large], $e => $body)
    };
}

/// Like [`with_engine!`], by mutable reference.
macro_rules! with_engine_mut {
    ($storage:expr, $e:ident => $body:expr) => {
        abstracta_core::for_width!(&mut $storage, Storage[Small, Medium, Large], $e => $body)
    };
}

pub(crate) use {with_engine, with_engine_mut};

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::Game;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    /// The incrementally kept E3(c) winners equal the bit-sliced test
    /// over the whole board.
    #[test]
    fn incremental_winners_match_bit_sliced_test() {
        use abstracta_core::GameOptions;
        for spec in [
            "escabel:size=5,variant=checkered,cap=none",
            "escabel:size=4,cap=none",
            "escabel:size=7,variant=checkered,corner=white",
        ] {
            let options = crate::EscabelOptions::from_spec(spec).unwrap();
            for seed in 0..30 {
                let mut rng = SmallRng::seed_from_u64(seed);
                let mut game = crate::Escabel::new(options.clone());
                loop {
                    game.check_winners();
                    let Some(ply) = game.random_ply(&mut rng) else {
                        break;
                    };
                    game.play_unchecked(ply);
                }
            }
        }
    }

    /// The local link-save test around a point finds exactly the empty
    /// diagonal neighbours whose 2x2 block with the point holds two own
    /// stacks (read cell by cell), and those are among the whole-board
    /// link saves.
    #[test]
    fn link_saves_around_a_point_match_the_cells() {
        use abstracta_core::GameOptions;
        fn check<const N: usize>(e: &Engine<N>, seen: &mut usize) {
            let n = i32::from(e.geo.width());
            for colour in [Colour::Black, Colour::White] {
                let all = e.link_saves(colour);
                for i in e.occ[colour.opponent().index()].iter() {
                    let p = e.point(i);
                    let at = |dc: i32, dr: i32| {
                        let (c, r) = (i32::from(p.col) + dc, i32::from(p.row) + dr);
                        ((0..n).contains(&c) && (0..n).contains(&r))
                            .then(|| e.index(Point::new(c as u8, r as u8)))
                    };
                    let mut expected = BitBoard::EMPTY;
                    for (dc, dr) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                        let (Some(q), Some(a), Some(b)) = (at(dc, dr), at(dc, 0), at(0, dr)) else {
                            continue;
                        };
                        let own = |j: usize| e.cell(j).is_some_and(|(c, _)| c == colour);
                        if e.cell(q).is_none() && own(a) && own(b) {
                            expected.set(q);
                        }
                    }
                    let s = e.stride() as usize;
                    let dirs = e.link_saves_around(i, colour);
                    let mut local = BitBoard::EMPTY;
                    for (bit, q) in [
                        (1, i + s + 1),
                        (2, i + s - 1),
                        (4, i.wrapping_sub(s - 1)),
                        (8, i.wrapping_sub(s + 1)),
                    ] {
                        if dirs & bit != 0 {
                            local.set(q);
                        }
                    }
                    assert_eq!(local, expected, "point {p}");
                    assert_eq!(local & all, local, "point {p}");
                    *seen += local.count() as usize;
                }
            }
        }
        let mut seen = 0;
        for spec in [
            "escabel:size=5",
            "escabel:size=9",
            "escabel:size=15",
            "escabel:size=26",
        ] {
            let options = crate::EscabelOptions::from_spec(spec).unwrap();
            for seed in 0..4 {
                let mut rng = SmallRng::seed_from_u64(seed);
                let mut game = crate::Escabel::new(options.clone());
                for _ in 0..options.size() as usize * options.size() as usize {
                    with_engine!(game.storage, e => check(e, &mut seen));
                    let Some(ply) = game.random_ply(&mut rng) else {
                        break;
                    };
                    game.play_unchecked(ply);
                }
            }
        }
        assert!(seen > 100, "{seen}");
    }

    /// The storage policy: inline unless more than four times the default
    /// board's variant. `cargo test -p escabel storage_sizes -- --nocapture`
    /// prints the sizes.
    #[test]
    fn storage_sizes() {
        use std::mem::size_of;
        let sizes = [
            size_of::<Engine<2>>(),
            size_of::<Engine<4>>(),
            size_of::<Engine<11>>(),
        ];
        println!(
            "Engine<2> {} Engine<4> {} Engine<11> {} bytes; Storage {}",
            sizes[0],
            sizes[1],
            sizes[2],
            size_of::<Storage>()
        );
        assert!(sizes[1] <= 4 * sizes[0], "Medium must stay inline");
        assert!(sizes[2] > 4 * sizes[0], "Large is boxed");
    }

    #[test]
    fn point_by_reciprocal_matches_division() {
        for n in 3..=26u8 {
            let engine = Engine::<11>::new(n);
            for i in 0..usize::from(n) * (usize::from(n) + 1) {
                assert_eq!(engine.point(i), engine.geo.point(i), "n {n} i {i}");
            }
        }
    }
}
