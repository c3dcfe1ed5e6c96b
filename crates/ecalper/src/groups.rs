//! Group sizes and counts (rule C5) from one scan of the rows: each row's
//! runs of stones are cut out of the bitboard with bit tricks and joined by
//! union-find to the touching runs of the row below.

use abstracta_core::{BitBoard, Colour};

/// Most runs of stones a colour can have on the boards of each bitboard
/// width (at most ceil(w / 2) runs in a row of w cells, 2s - 1 rows): side
/// 7 (3 words), side 10 (6 words), side 12 (9 words).
pub(crate) const fn max_runs(words: usize) -> usize {
    match words {
        0..=3 => 7 * 13,
        4..=6 => 10 * 19,
        _ => 12 * 23,
    }
}

/// Largest group and number of groups of `stones` (hex connectivity).
///
/// Works on horizontal runs of stones, row by row, with union-find over the
/// runs: a run joins the runs of the row below that touch its columns `c`
/// or `c - 1` (the neighbours (c, r-1) and (c-1, r-1)). This is linear in
/// the number of runs, where per-group bitboard flood fills need as many
/// rounds as a group is long, and end-of-game groups are long snakes.
#[inline]
pub(crate) fn group_stats<const N: usize, const RUNS: usize>(
    stride: usize,
    rows: usize,
    stones: BitBoard<N>,
) -> (u32, u32) {
    fn find<const RUNS: usize>(parent: &mut [u16; RUNS], mut x: usize) -> usize {
        while usize::from(parent[x]) != x {
            let up = parent[usize::from(parent[x])];
            parent[x] = up;
            x = usize::from(up);
        }
        x
    }
    // Union-find arrays sized for the board so small boards clear less.
    let mut parent = [0u16; RUNS];
    let mut size = [0u16; RUNS];
    // The runs (mask, label) of the current row and of the row below, in
    // alternating halves so that moving up a row copies nothing.
    let mut rows_runs = [[(0u32, 0u16); 12]; 2];
    let mut lens = [0usize; 2];
    let (mut runs, mut largest, mut count) = (0usize, 0u16, 0u32);
    for r in 0..rows {
        // A row and its empty spare column: bit `c` is column `c`.
        let mut row = stones.bits_at(r * stride, stride as u32) as u32;
        let (cur, prev) = (r & 1, (r & 1) ^ 1);
        lens[cur] = 0;
        if row == 0 {
            continue;
        }
        while row != 0 {
            let low = row & row.wrapping_neg();
            let above = row.wrapping_add(low);
            let run = (above ^ row) & row;
            row &= !run;
            let label = runs;
            runs += 1;
            parent[label] = label as u16;
            // Run length from the ends (popcount is slow without POPCNT).
            size[label] = (above.trailing_zeros() - low.trailing_zeros()) as u16;
            count += 1;
            let reach = run | (run >> 1);
            let mut root = label;
            for &(mask, other) in &rows_runs[prev][..lens[prev]] {
                if mask & reach != 0 {
                    let other = find(&mut parent, usize::from(other));
                    if other != root {
                        let (big, small) = if size[root] >= size[other] {
                            (root, other)
                        } else {
                            (other, root)
                        };
                        parent[small] = big as u16;
                        size[big] += size[small];
                        root = big;
                        count -= 1;
                    }
                }
            }
            largest = largest.max(size[root]);
            rows_runs[cur][lens[cur]] = (run, label as u16);
            lens[cur] += 1;
        }
    }
    (u32::from(largest), count)
}

/// Who wins given each colour's (largest group, group count) (C5).
pub(crate) fn decide(black: (u32, u32), white: (u32, u32)) -> Option<Colour> {
    use std::cmp::Ordering::*;
    match black.0.cmp(&white.0) {
        Greater => Some(Colour::Black),
        Less => Some(Colour::White),
        Equal => match black.1.cmp(&white.1) {
            Less => Some(Colour::Black),
            Greater => Some(Colour::White),
            Equal => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::Geometry;

    #[test]
    fn group_stats_matches_flood_fill() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        for size in [3u8, 7, 12] {
            let geo = Geometry::<9>::hex(size);
            for _ in 0..50 {
                let density = rng.gen_range(0.1..0.9);
                let stones: BitBoard<9> = geo.valid().iter().filter(|_| rng.gen_bool(density)).collect();
                let mut rest = stones;
                let (mut largest, mut count) = (0, 0);
                while let Some(i) = rest.first() {
                    let group = geo.fill_hex(BitBoard::single(i), rest);
                    rest = rest.andnot(group);
                    largest = largest.max(group.count());
                    count += 1;
                }
                assert_eq!(
                    group_stats::<9, { max_runs(9) }>(
                        usize::from(geo.stride()),
                        usize::from(geo.height()),
                        stones
                    ),
                    (largest, count)
                );
            }
        }
    }
}
