//! Ecalper benchmarks: every group holds the bitboard engine and the
//! reference implementation on the same fixed positions, so the speed-up is
//! a ratio from one run.

// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use abstracta_core::{random_playout, Colour, Game, GameOptions, PlyBuf};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use ecalper::reference::ReferenceEcalper;
use ecalper::{Ecalper, EcalperOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// The plies of a seeded random game of `spec`: all of them if `stop` is
/// `None`, else up to the first position after at least `stop.0` plies that
/// owes `stop.1` placements (0: a replacement is owed), as text so both
/// implementations replay the same position.
fn random_line(spec: &str, seed: u64, stop: Option<(u32, u8)>) -> String {
    let mut game = Ecalper::new(EcalperOptions::from_spec(spec).unwrap());
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut plies = Vec::new();
    while let Some(ply) = game.random_ply(&mut rng) {
        if let Some((min, owed)) = stop {
            if game.plies_played() >= min && game.placements_owed() == owed {
                break;
            }
        }
        game.play_unchecked(ply);
        plies.push(ply.to_string());
    }
    plies.join(" ")
}

fn both(spec: &str, line: &str) -> (Ecalper, ReferenceEcalper) {
    let options = EcalperOptions::from_spec(spec).unwrap();
    let mut engine = Ecalper::new(options.clone());
    engine.play_list(line).unwrap();
    let mut reference = ReferenceEcalper::new(options);
    reference.play_list(line).unwrap();
    (engine, reference)
}

fn groups(c: &mut Criterion) {
    let mut group = c.benchmark_group("ecalper/groups");
    for (name, spec, upto) in [
        ("s7-final", "ecalper", None),
        ("s7-mid", "ecalper", Some((80, 0))),
        ("s10-final", "ecalper:size=10", None),
    ] {
        let (engine, reference) = both(spec, &random_line(spec, 7, upto));
        group.bench_with_input(BenchmarkId::new("bitboard", name), &engine, |b, g| {
            b.iter(|| {
                (
                    black_box(g).score(Colour::Black),
                    black_box(g).score(Colour::White),
                )
            })
        });
        group.bench_with_input(BenchmarkId::new("reference", name), &reference, |b, g| {
            b.iter(|| {
                (
                    black_box(g).score(Colour::Black),
                    black_box(g).score(Colour::White),
                )
            })
        });
    }
    group.finish();
}

fn plies(c: &mut Criterion) {
    let mut group = c.benchmark_group("ecalper/legal_plies");
    for (name, spec, upto) in [
        ("s7-start", "ecalper", Some((0, 3))),
        ("s7-replace", "ecalper", Some((80, 0))),
        ("s7-place-first", "ecalper", Some((80, 3))),
        ("s7-place-second", "ecalper", Some((80, 2))),
        ("s10-place-first", "ecalper:size=10", Some((100, 3))),
    ] {
        let (engine, reference) = both(spec, &random_line(spec, 3, upto));
        let mut buf = PlyBuf::new();
        group.bench_with_input(BenchmarkId::new("bitboard", name), &engine, |b, g| {
            b.iter(|| {
                black_box(g).legal_plies(&mut buf);
                buf.len()
            })
        });
        group.bench_with_input(BenchmarkId::new("reference", name), &reference, |b, g| {
            b.iter(|| {
                black_box(g).legal_plies(&mut buf);
                buf.len()
            })
        });
    }
    group.finish();
}

fn random_ply(c: &mut Criterion) {
    let mut group = c.benchmark_group("ecalper/random_ply");
    for (name, spec, upto) in [
        ("s7-replace", "ecalper", Some((80, 0))),
        ("s7-place", "ecalper", Some((80, 3))),
    ] {
        let (engine, reference) = both(spec, &random_line(spec, 3, upto));
        let mut rng = SmallRng::seed_from_u64(1);
        group.bench_with_input(BenchmarkId::new("bitboard", name), &engine, |b, g| {
            b.iter(|| black_box(g).random_ply(&mut rng))
        });
        group.bench_with_input(BenchmarkId::new("reference", name), &reference, |b, g| {
            b.iter(|| black_box(g).random_ply(&mut rng))
        });
    }
    group.finish();
}

fn playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("ecalper/playout");
    for (name, spec) in [("s7", "ecalper"), ("s10", "ecalper:size=10")] {
        let options = EcalperOptions::from_spec(spec).unwrap();
        let engine = Ecalper::new(options.clone());
        let reference = ReferenceEcalper::new(options);
        let mut rng = SmallRng::seed_from_u64(5);
        group.bench_with_input(BenchmarkId::new("bitboard", name), &engine, |b, g| {
            b.iter(|| {
                let mut game = g.clone();
                random_playout(&mut game, &mut rng)
            })
        });
        group.bench_with_input(BenchmarkId::new("reference", name), &reference, |b, g| {
            b.iter(|| {
                let mut game = g.clone();
                random_playout(&mut game, &mut rng)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, groups, plies, random_ply, playout);
criterion_main!(benches);
