//! Groups (S3) and the end-of-game scoring (S6) on the bitboard engine:
//! flood fills over one colour's stacks.

use abstracta_core::bitboard::BitBoard;
use abstracta_core::Colour;
use smallvec::SmallVec;

use crate::engine::Engine;

impl<const N: usize> Engine<N> {
    /// The orthogonally connected part of `within` around `seed` (a subset
    /// of `within`). `within` holds only board squares, so the shifted sets
    /// need no masking with the board; two growth steps per convergence
    /// test halve the comparisons.
    ///
    /// Not `BitBoard::grow_until` with a two-step closure: that compares
    /// each double step with the region before it, not with the single
    /// step in between, so when the fill converges after an odd number of
    /// steps it runs one double step more (same region, more work).
    #[inline]
    fn fill(&self, seed: BitBoard<N>, within: BitBoard<N>) -> BitBoard<N> {
        let s = self.stride();
        let grow =
            |r: BitBoard<N>| (r | r.shift_up(1) | r.shift_down(1) | r.shift_up(s) | r.shift_down(s)) & within;
        let mut region = seed;
        loop {
            let once = grow(region);
            let twice = grow(once);
            if twice == once {
                return twice;
            }
            region = twice;
        }
    }

    /// The groups of `colour`: the sizes of those with two or more stacks,
    /// largest first, and the number of single-stack groups. Single stacks
    /// (the whole board at the start) are found in one step rather than by
    /// a flood fill each.
    fn groups(&self, colour: Colour) -> (SmallVec<[u16; 32]>, u32) {
        let all = self.stones[colour.index()];
        let singles = all.andnot(self.geo.neighbours4(all));
        let mut rest = all.andnot(singles);
        let mut sizes: SmallVec<[u16; 32]> = SmallVec::new();
        while let Some(i) = rest.first() {
            let g = self.fill(BitBoard::single(i), rest);
            sizes.push(g.count() as u16);
            rest = rest.andnot(g);
        }
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        (sizes, singles.count())
    }

    /// Every stack of `colour` in a group of exactly `size` stacks.
    pub(crate) fn groups_of_size(&self, colour: Colour, size: u32) -> BitBoard<N> {
        let all = self.stones[colour.index()];
        let singles = all.andnot(self.geo.neighbours4(all));
        if size == 1 {
            return singles;
        }
        let mut rest = all.andnot(singles);
        let mut found = BitBoard::EMPTY;
        while let Some(i) = rest.first() {
            let g = self.fill(BitBoard::single(i), rest);
            if g.count() == size {
                found |= g;
            }
            rest = rest.andnot(g);
        }
        found
    }

    /// The sizes of all groups of `colour`, largest first.
    pub(crate) fn group_sizes(&self, colour: Colour) -> Vec<u16> {
        let (mut sizes, singles) = self.groups(colour);
        sizes.extend(std::iter::repeat(1).take(singles as usize));
        sizes.to_vec()
    }

    /// The S6 scoring if the game ended now, as a margin for `colour`:
    /// the size of the biggest group left after pair removal, positive
    /// when `colour` owns it, negative when the opponent does, 0 when
    /// nothing of a size above one remains (single stacks decide by their
    /// count: then plus or minus one).
    pub(crate) fn scoring_margin(&self, colour: Colour) -> i32 {
        let (black, black_singles) = self.groups(Colour::Black);
        let (white, white_singles) = self.groups(Colour::White);
        let sign = if colour == Colour::Black { 1 } else { -1 };
        let (mut i, mut j) = (0, 0);
        loop {
            match (black.get(i), white.get(j)) {
                (None, None) => break,
                (Some(&b), None) => return sign * i32::from(b),
                (None, Some(&w)) => return -sign * i32::from(w),
                (Some(&b), Some(&w)) => {
                    if b == w {
                        i += 1;
                        j += 1;
                    } else if b > w {
                        return sign * i32::from(b);
                    } else {
                        return -sign * i32::from(w);
                    }
                }
            }
        }
        sign * (black_singles.cmp(&white_singles) as i32)
    }

    /// S6: the colour owning the biggest group left after pair removal, or
    /// `None` when nothing remains.
    pub(crate) fn scoring_winner(&self) -> Option<Colour> {
        let (black, black_singles) = self.groups(Colour::Black);
        let (white, white_singles) = self.groups(Colour::White);
        // Walking both lists from the largest size, equal heads pair off;
        // the first unequal head is a size where one colour has more groups
        // than the other, and every bigger size has paired off completely.
        let (mut i, mut j) = (0, 0);
        loop {
            match (black.get(i), white.get(j)) {
                (None, None) => break,
                (Some(_), None) => return Some(Colour::Black),
                (None, Some(_)) => return Some(Colour::White),
                (Some(b), Some(w)) => {
                    if b == w {
                        i += 1;
                        j += 1;
                    } else if b > w {
                        return Some(Colour::Black);
                    } else {
                        return Some(Colour::White);
                    }
                }
            }
        }
        match black_singles.cmp(&white_singles) {
            std::cmp::Ordering::Greater => Some(Colour::Black),
            std::cmp::Ordering::Less => Some(Colour::White),
            std::cmp::Ordering::Equal => None,
        }
    }
}
