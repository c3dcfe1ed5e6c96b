//! Zobrist keys computed on demand: no tables to build or share.

/// The splitmix64 finaliser: a fast, well-mixed 64-bit permutation.
#[inline]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
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
