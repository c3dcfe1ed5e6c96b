//! Whirlwind: the bitboard engine against the plain reference on the same
//! fixed positions, one group per hot path, so each speed-up is a ratio
//! from one run.
//!
//! Positions are reached by seeded random play from the start (14x14 and
//! 20x20, after 20, 50 and 90 plies, at a turn start and in mid-turn).

// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use abstracta_core::{random_playout, Colour, Game, GameOptions, PlyBuf, Point};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use whirlwind::reference::ReferenceWhirlwind;
use whirlwind::{Whirlwind, WhirlwindOptions, WhirlwindPly};

/// Engine and reference copies of positions after seeded random play.
fn positions(spec: &str) -> (Vec<Whirlwind>, Vec<ReferenceWhirlwind>) {
    let options = WhirlwindOptions::from_spec(spec).unwrap();
    let mut engines = Vec::new();
    let mut references = Vec::new();
    for (seed, stop) in [(1u64, 20u32), (2, 21), (3, 50), (4, 51), (5, 90), (6, 91)] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Whirlwind::new(options.clone());
        let mut plies: Vec<WhirlwindPly> = Vec::new();
        while game.plies_played() < stop {
            let Some(ply) = game.random_ply(&mut rng) else {
                break;
            };
            game.play_unchecked(ply);
            plies.push(ply);
            if game.status().is_finished() {
                // Keep only ongoing positions: drop the winning ply.
                plies.pop();
                game = Whirlwind::new(options.clone());
                for &p in &plies {
                    game.play_unchecked(p);
                }
                break;
            }
        }
        let mut reference = ReferenceWhirlwind::new(options.clone());
        for &p in &plies {
            reference.play_unchecked(p);
        }
        engines.push(game);
        references.push(reference);
    }
    (engines, references)
}

fn bench_size(c: &mut Criterion, size: u8) {
    let spec = format!("whirlwind:size={size}");
    let (engines, references) = positions(&spec);

    let mut group = c.benchmark_group(format!("whirlwind{size}/diagonal_rule"));
    group.bench_function("bitboard", |b| {
        b.iter(|| engines.iter().filter(|g| black_box(g).w3_holds()).count())
    });
    group.bench_function("reference", |b| {
        b.iter(|| references.iter().filter(|g| black_box(g).w3_holds()).count())
    });
    group.finish();

    let mut group = c.benchmark_group(format!("whirlwind{size}/legal_stones"));
    group.bench_function("bitboard", |b| {
        b.iter(|| {
            engines
                .iter()
                .map(|g| black_box(g).legal_points_from_scratch().0.count())
                .sum::<u32>()
        })
    });
    group.sample_size(10);
    group.bench_function("reference", |b| {
        b.iter(|| {
            references
                .iter()
                .map(|g| black_box(g).legal_points().len())
                .sum::<usize>()
        })
    });
    group.finish();

    let mut group = c.benchmark_group(format!("whirlwind{size}/win_detection"));
    group.bench_function("bitboard", |b| {
        b.iter(|| {
            engines
                .iter()
                .filter(|g| Colour::ALL.iter().any(|&c| black_box(g).has_chain(c)))
                .count()
        })
    });
    group.bench_function("reference", |b| {
        b.iter(|| {
            references
                .iter()
                .filter(|g| Colour::ALL.iter().any(|&c| black_box(g).has_chain(c)))
                .count()
        })
    });
    group.finish();

    // The check made after every stone: would this stone complete a chain?
    // Asked for every empty point of every position.
    let empties: Vec<Vec<Point>> = engines
        .iter()
        .map(|g| {
            g.board_cells()
                .as_slice()
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_none())
                .map(|(i, _)| Point::new((i % usize::from(size)) as u8, (i / usize::from(size)) as u8))
                .collect()
        })
        .collect();
    let mut group = c.benchmark_group(format!("whirlwind{size}/win_check_per_stone"));
    group.bench_function("bitboard", |b| {
        b.iter(|| {
            engines
                .iter()
                .zip(&empties)
                .map(|(g, e)| e.iter().filter(|&&p| black_box(g).completes_chain(p)).count())
                .sum::<usize>()
        })
    });
    group.sample_size(10);
    group.bench_function("reference", |b| {
        b.iter(|| {
            references
                .iter()
                .zip(&empties)
                .map(|(g, e)| e.iter().filter(|&&p| black_box(g).completes_chain(p)).count())
                .sum::<usize>()
        })
    });
    group.finish();

    let mut group = c.benchmark_group(format!("whirlwind{size}/playout"));
    let options = WhirlwindOptions::from_spec(&spec).unwrap();
    let start = Whirlwind::new(options.clone());
    let reference_start = ReferenceWhirlwind::new(options);
    let mut rng = SmallRng::seed_from_u64(7);
    group.bench_function("bitboard", |b| {
        b.iter(|| {
            let mut game = start.clone();
            random_playout(&mut game, &mut rng)
        })
    });
    group.sample_size(10);
    group.bench_function("reference", |b| {
        b.iter(|| {
            let mut game = reference_start.clone();
            random_playout(&mut game, &mut rng)
        })
    });
    group.finish();
}

fn ply_generation(c: &mut Criterion) {
    let (engines, references) = positions("whirlwind");
    let mut group = c.benchmark_group("whirlwind14/legal_plies");
    let mut buf = PlyBuf::new();
    group.bench_function("bitboard", |b| {
        b.iter(|| {
            let mut n = 0;
            for g in &engines {
                black_box(g).legal_plies(&mut buf);
                n += buf.len();
            }
            n
        })
    });
    group.sample_size(10);
    group.bench_function("reference", |b| {
        b.iter(|| {
            let mut n = 0;
            for g in &references {
                black_box(g).legal_plies(&mut buf);
                n += buf.len();
            }
            n
        })
    });
    group.finish();
}

fn hot_paths(c: &mut Criterion) {
    bench_size(c, 14);
    bench_size(c, 20);
}

criterion_group!(benches, ply_generation, hot_paths);
criterion_main!(benches);
