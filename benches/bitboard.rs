//! How the bitboard representation was chosen: the same orthogonal flood
//! fill on a 26x26 board (the largest square board any game allows) with
//! three representations, measured side by side in one run:
//!
//! - `words`: core's `BitBoard<11>` (`[u64; 11]`, const generic, shifts by
//!   whole-word arithmetic);
//! - `bitvec`: `bitvec::BitArray<[u64; 11]>` with its slice shifts and
//!   set operators;
//! - `runtime_words`: a `Vec<u64>` sized at run time, the choice if boards
//!   were not sized by a const generic.
//!
//! The region is a serpentine corridor, so the fill needs hundreds of
//! rounds: the worst case for connection tests.

// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use abstracta_core::bitboard::{BitBoard, Geometry};
use abstracta_core::Point;
use bitvec::prelude::*;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

const SIDE: u8 = 26;
const STRIDE: usize = SIDE as usize + 1;

/// A corridor that winds through every other row, joined at alternate ends.
fn corridor(geo: &Geometry<11>) -> BitBoard<11> {
    let mut b = BitBoard::EMPTY;
    for row in 0..SIDE {
        for col in 0..SIDE {
            let open = row % 2 == 0 || (row % 4 == 1 && col == SIDE - 1) || (row % 4 == 3 && col == 0);
            if open {
                b.set(geo.index(Point::new(col, row)));
            }
        }
    }
    b
}

type Bits = BitArray<[u64; 11], Lsb0>;

fn to_bitvec(b: BitBoard<11>) -> Bits {
    BitArray::new(b.0)
}

fn bitvec_fill(seed: Bits, within: Bits) -> Bits {
    let mut region = seed & within;
    loop {
        let mut grown = region;
        for by in [1, STRIDE] {
            // shift_start moves bits towards index 0 (Lsb0 order).
            let mut down = region;
            down.shift_start(by);
            let mut up = region;
            up.shift_end(by);
            grown |= down;
            grown |= up;
        }
        grown &= within;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

fn runtime_shift(src: &[u64], k: u32, up: bool, out: &mut [u64]) {
    let n = src.len();
    for i in 0..n {
        out[i] = if up {
            (src[i] << k) | if i > 0 { src[i - 1] >> (64 - k) } else { 0 }
        } else {
            (src[i] >> k) | if i + 1 < n { src[i + 1] << (64 - k) } else { 0 }
        };
    }
}

fn runtime_fill(seed: &[u64], within: &[u64]) -> Vec<u64> {
    let n = seed.len();
    let mut region: Vec<u64> = seed.iter().zip(within).map(|(a, b)| a & b).collect();
    let mut tmp = vec![0; n];
    loop {
        let mut grown = region.clone();
        for k in [1, STRIDE as u32] {
            for up in [true, false] {
                runtime_shift(&region, k, up, &mut tmp);
                for i in 0..n {
                    grown[i] |= tmp[i];
                }
            }
        }
        for i in 0..n {
            grown[i] &= within[i];
        }
        if grown == region {
            return region;
        }
        region = grown;
    }
}

fn flood_fill(c: &mut Criterion) {
    let geo = Geometry::<11>::square(SIDE, SIDE);
    let within = corridor(&geo);
    let seed = BitBoard::single(geo.index(Point::new(0, 0)));
    let expected = geo.fill4(seed, within);
    assert_eq!(expected, within, "the corridor is connected");
    assert_eq!(
        to_bitvec(expected),
        bitvec_fill(to_bitvec(seed), to_bitvec(within))
    );
    assert_eq!(runtime_fill(&seed.0, &within.0), expected.0.to_vec());

    let mut group = c.benchmark_group("flood_fill_26x26_corridor");
    group.bench_function("words", |b| {
        b.iter(|| geo.fill4(black_box(seed), black_box(within)))
    });
    let (bv_seed, bv_within) = (to_bitvec(seed), to_bitvec(within));
    group.bench_function("bitvec", |b| {
        b.iter(|| bitvec_fill(black_box(bv_seed), black_box(bv_within)))
    });
    let (rt_seed, rt_within) = (seed.0.to_vec(), within.0.to_vec());
    group.bench_function("runtime_words", |b| {
        b.iter(|| runtime_fill(black_box(&rt_seed), black_box(&rt_within)))
    });
    group.finish();
}

criterion_group!(benches, flood_fill);
criterion_main!(benches);
