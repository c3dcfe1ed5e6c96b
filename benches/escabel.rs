//! Escabel benchmarks: each group runs the bitboard engine and the plain
//! reference implementation on the same fixed positions, so the speed-up is
//! a ratio from one run.
//!
//! `cargo bench --bench escabel -- --warm-up-time 1 --measurement-time 3`

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use abstracta_core::{random_playout, Colour, Game, GameOptions, PlyBuf};
use criterion::{criterion_group, criterion_main, Criterion};
use escabel::reference::ReferenceEscabel;
use escabel::{Escabel, EscabelOptions};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Fixed positions: seeded random plies from the start of `spec`, stopping
/// before the game ends; both implementations reach the same board.
fn positions(spec: &str, plies: u32, count: u64) -> (Vec<Escabel>, Vec<ReferenceEscabel>) {
    let options = EscabelOptions::from_spec(spec).unwrap();
    let mut engines = Vec::new();
    let mut references = Vec::new();
    let mut buf = PlyBuf::new();
    for seed in 0..count {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut e = Escabel::new(options.clone());
        let mut r = ReferenceEscabel::new(options.clone());
        for _ in 0..plies {
            e.legal_plies(&mut buf);
            if buf.is_empty() {
                break;
            }
            let ply = buf[rng.gen_range(0..buf.len())];
            let mut next = e.clone();
            next.play_unchecked(ply);
            if next.status().is_finished() {
                break;
            }
            e = next;
            r.play_unchecked(ply);
        }
        assert_eq!(e.board_cells(), r.board_cells());
        engines.push(e);
        references.push(r);
    }
    (engines, references)
}

/// Finished games (one chain complete), for the win test's worst case.
fn finished(spec: &str, count: u64) -> (Vec<Escabel>, Vec<ReferenceEscabel>) {
    let options = EscabelOptions::from_spec(spec).unwrap();
    let mut engines = Vec::new();
    let mut references = Vec::new();
    for seed in 0..count {
        let mut rng = SmallRng::seed_from_u64(seed + 1000);
        let mut e = Escabel::new(options.clone());
        let mut r = ReferenceEscabel::new(options.clone());
        while let Some(ply) = e.random_ply(&mut rng) {
            e.play_unchecked(ply);
            r.play_unchecked(ply);
        }
        engines.push(e);
        references.push(r);
    }
    (engines, references)
}

fn bench(c: &mut Criterion) {
    let (mid_e, mid_r) = positions("escabel", 40, 8);
    let (chk_e, chk_r) = positions("escabel:variant=checkered", 12, 8);
    let (end_e, end_r) = finished("escabel", 8);

    let mut g = c.benchmark_group("escabel/legal_plies_9x9");
    let mut buf = PlyBuf::new();
    g.bench_function("bitboard", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in mid_e.iter().chain(&chk_e) {
                p.legal_plies(&mut buf);
                n += buf.len();
            }
            black_box(n)
        })
    });
    g.bench_function("reference", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in mid_r.iter().chain(&chk_r) {
                p.legal_plies(&mut buf);
                n += buf.len();
            }
            black_box(n)
        })
    });
    g.finish();

    let mut g = c.benchmark_group("escabel/playout_9x9");
    let start_e = Escabel::new(EscabelOptions::default());
    let start_r = ReferenceEscabel::new(EscabelOptions::default());
    let mut rng = SmallRng::seed_from_u64(7);
    g.bench_function("bitboard", |b| {
        b.iter(|| {
            let mut game = start_e.clone();
            black_box(random_playout(&mut game, &mut rng))
        })
    });
    g.bench_function("reference", |b| {
        b.iter(|| {
            let mut game = start_r.clone();
            black_box(random_playout(&mut game, &mut rng))
        })
    });
    g.finish();

    let mut g = c.benchmark_group("escabel/crosscuts_9x9");
    g.bench_function("bitboard", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in mid_e.iter().chain(&chk_e) {
                n += black_box(p).crosscut_count();
            }
            n
        })
    });
    g.bench_function("reference", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in mid_r.iter().chain(&chk_r) {
                n += black_box(p).crosscuts().len();
            }
            n
        })
    });
    g.finish();

    let mut g = c.benchmark_group("escabel/win_detection_9x9");
    g.bench_function("bitboard", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in mid_e.iter().chain(&chk_e).chain(&end_e) {
                for colour in Colour::ALL {
                    n += u32::from(black_box(p).has_winning_chain(colour));
                }
            }
            n
        })
    });
    g.bench_function("reference", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in mid_r.iter().chain(&chk_r).chain(&end_r) {
                for colour in Colour::ALL {
                    n += u32::from(black_box(p).has_winning_chain(colour));
                }
            }
            n
        })
    });
    g.finish();

    let mut g = c.benchmark_group("escabel/stacking_moves_9x9");
    g.bench_function("bitboard", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in mid_e.iter().chain(&chk_e) {
                n += black_box(p).stacking_move_count(p.to_move_colour());
            }
            n
        })
    });
    g.bench_function("reference", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in mid_r.iter().chain(&chk_r) {
                n += black_box(p).stack_moves(p.to_move_colour()).len();
            }
            n
        })
    });
    g.finish();

    let mut g = c.benchmark_group("escabel/play_and_status_9x9");
    g.bench_function("bitboard", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in mid_e.iter().chain(&chk_e) {
                let mut child = p.clone();
                child.play_unchecked(p.random_ply(&mut rng).unwrap());
                n += u32::from(child.status().is_finished());
            }
            n
        })
    });
    g.bench_function("reference", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in mid_r.iter().chain(&chk_r) {
                let mut child = p.clone();
                child.play_unchecked(p.random_ply(&mut rng).unwrap());
                n += u32::from(child.status().is_finished());
            }
            n
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
