//! Zobrist keys computed on demand: no tables to build or share.

use crate::side::Colour;

/// The splitmix64 finaliser: a fast, well-mixed 64-bit permutation.
#[inline]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A well-mixed seed derived from a base seed and an index (game number,
/// thread, ...): equal inputs give equal seeds, nearby inputs unrelated
/// ones.
///
/// ```
/// use abstracta_core::mix_seed;
/// assert_ne!(mix_seed(1, 0), mix_seed(1, 1));
/// assert_eq!(mix_seed(5, 2), mix_seed(5, 2));
/// ```
#[inline]
pub const fn mix_seed(base: u64, index: u64) -> u64 {
    mix64(
        base ^ index
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(0x632B_E59B_D9B4_E019),
    )
}

/// The key of feature `feature` in the key family `family`.
///
/// Games XOR keys of the features a position has (a piece of some colour and
/// height on some point, the side to move, ...). Different families give
/// unrelated keys, so a game can number its features freely.
///
/// ```
/// use abstracta_core::zobrist::key;
/// assert_ne!(key(1, 0), key(1, 1));
/// assert_eq!(key(7, 3), key(7, 3));
/// ```
#[inline]
pub const fn key(family: u64, feature: u64) -> u64 {
    mix64(
        family
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(feature.wrapping_mul(0xd1b5_4a32_d192_ed03))
            .wrapping_add(0x2545_f491_4f6c_dd1d),
    )
}

/// The key of a stone of `colour` on cell `i` in the key family `family`
/// (feature `2 i + colour.index()`).
#[inline]
pub const fn stone_key(family: u64, i: usize, colour: Colour) -> u64 {
    key(family, (i * 2 + colour.index()) as u64)
}

/// The XOR of the [`stone_key`]s of the stones on the cells of `stones`:
/// Black's cells first, then White's.
///
/// ```
/// use abstracta_core::{zobrist, Colour};
/// let h = zobrist::stones_key(9, [vec![1, 4], vec![2]]);
/// let by_hand = zobrist::stone_key(9, 1, Colour::Black)
///     ^ zobrist::stone_key(9, 4, Colour::Black)
///     ^ zobrist::stone_key(9, 2, Colour::White);
/// assert_eq!(h, by_hand);
/// ```
#[inline]
pub fn stones_key<I: IntoIterator<Item = usize>>(family: u64, stones: [I; 2]) -> u64 {
    let mut h = 0;
    for (colour, cells) in Colour::ALL.into_iter().zip(stones) {
        for i in cells {
            h ^= stone_key(family, i, colour);
        }
    }
    h
}
