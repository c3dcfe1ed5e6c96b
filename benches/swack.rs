//! Swack benchmarks: each group measures the bitboard engine (`bitboard`)
//! and the plain reference implementation (`reference`) on the same fixed
//! positions, so the speed-up is a ratio from one run.
//!
//! Run: `cargo bench --bench swack -- --warm-up-time 1 --measurement-time 3`

// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use abstracta_core::{random_playout, Colour, Game, GameOptions, PlyBuf};
use criterion::measurement::WallTime;
use criterion::{black_box, criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use swack::reference::ReferenceSwack;
use swack::{Swack, SwackOptions, SwackPly};

/// Positions reached by seeded random stacking moves (no passes) from the
/// start of `spec`: `plies` plies into the game.
fn positions(spec: &str, plies: &[u32]) -> Vec<(String, Swack, ReferenceSwack)> {
    let options = SwackOptions::from_spec(spec).unwrap();
    let mut out = Vec::new();
    for &k in plies {
        let mut rng = SmallRng::seed_from_u64(u64::from(k) * 7 + 1);
        let mut game = Swack::new(options.clone());
        let mut reference = ReferenceSwack::new(options.clone());
        let mut buf = PlyBuf::new();
        for _ in 0..k {
            game.legal_plies(&mut buf);
            let moves: Vec<SwackPly> = buf.iter().copied().filter(|p| *p != SwackPly::Pass).collect();
            if moves.is_empty() {
                break;
            }
            let ply = moves[rng.gen_range(0..moves.len())];
            game.play_unchecked(ply);
            reference.play_unchecked(ply);
        }
        assert_eq!(game.board_cells(), reference.board_cells());
        out.push((format!("{spec}@{k}"), game, reference));
    }
    out
}

/// Times `legal_plies` of `game` in `group` as `label/name`.
fn bench_legal_plies<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, label: &str, name: &str, game: &G) {
    let mut buf = PlyBuf::new();
    group.bench_with_input(BenchmarkId::new(label, name), game, |b, g| {
        b.iter(|| {
            g.legal_plies(&mut buf);
            black_box(buf.len())
        })
    });
}

fn bench_stacking(c: &mut Criterion) {
    let mut group = c.benchmark_group("swack/stacking_moves");
    for (name, game, reference) in positions("swack", &[0, 10, 30]) {
        bench_legal_plies(&mut group, "bitboard", &name, &game);
        group.bench_with_input(BenchmarkId::new("reference", &name), &reference, |b, r| {
            b.iter(|| black_box(r.stacking_moves().len()))
        });
        group.bench_with_input(BenchmarkId::new("bitboard_count", &name), &game, |b, g| {
            b.iter(|| black_box(g.stacking_move_count(g.to_move_colour())))
        });
    }
    group.finish();
}

fn bench_plies(c: &mut Criterion) {
    let mut group = c.benchmark_group("swack/legal_plies");
    let mut all = positions("swack", &[0, 20]);
    all.extend(positions("swack:variant=free", &[0, 20]));
    all.extend(positions("swack:size=19", &[0, 60]));
    for (name, game, reference) in all {
        bench_legal_plies(&mut group, "bitboard", &name, &game);
        bench_legal_plies(&mut group, "reference", &name, &reference);
    }
    group.finish();
}

fn bench_scoring(c: &mut Criterion) {
    let mut group = c.benchmark_group("swack/scoring");
    let mut all = positions("swack", &[0, 30, 60]);
    all.extend(positions("swack:size=19", &[200]));
    for (name, game, reference) in all {
        group.bench_with_input(BenchmarkId::new("bitboard", &name), &game, |b, g| {
            b.iter(|| black_box(g.scoring_winner()))
        });
        group.bench_with_input(BenchmarkId::new("reference", &name), &reference, |b, r| {
            b.iter(|| black_box(r.scoring_winner()))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("swack/group_sizes");
    for (name, game, reference) in positions("swack", &[30]) {
        group.bench_with_input(BenchmarkId::new("bitboard", &name), &game, |b, g| {
            b.iter(|| black_box(g.group_sizes(Colour::Black).len() + g.group_sizes(Colour::White).len()))
        });
        group.bench_with_input(BenchmarkId::new("reference", &name), &reference, |b, r| {
            b.iter(|| black_box(r.groups(Colour::Black).len() + r.groups(Colour::White).len()))
        });
    }
    group.finish();
}

fn bench_playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("swack/playout");
    for spec in ["swack", "swack:variant=free"] {
        let options = SwackOptions::from_spec(spec).unwrap();
        let start = Swack::new(options.clone());
        let reference_start = ReferenceSwack::new(options);
        let mut rng = SmallRng::seed_from_u64(42);
        group.bench_function(BenchmarkId::new("bitboard", spec), |b| {
            b.iter(|| {
                let mut g = start.clone();
                black_box(random_playout(&mut g, &mut rng))
            })
        });
        let mut rng = SmallRng::seed_from_u64(42);
        group.bench_function(BenchmarkId::new("reference", spec), |b| {
            b.iter(|| {
                let mut g = reference_start.clone();
                black_box(random_playout(&mut g, &mut rng))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_stacking, bench_plies, bench_scoring, bench_playout);
criterion_main!(benches);
