//! Epaminondas: the bitboard engine against the plain reference on the same
//! fixed positions, one group per hot path so each ratio comes from one run.
//!
//! Positions: the start, a mid-game reached by a copycat game (symmetric,
//! with pieces spread over the board), a row-3 clash with captures, and the
//! copycat game after White reaches row 12, where Black's moves to row 1 each
//! need the P5 test of the board after the move.
//!
//! The `p5_symmetry` and `p4_home_row` groups time the queries over every
//! child of each position (as a search asks them after each ply); the engine
//! keeps both up to date as it plays, while the P5 test of candidate moves
//! is part of `legal_plies` (position `p5`).

// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use abstracta_core::{Game, GameOptions, PlyBuf};
use criterion::measurement::WallTime;
use criterion::{black_box, criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion};
use epaminondas::reference::ReferenceEpaminondas;
use epaminondas::{Epaminondas, EpaminondasOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;

const COPYCAT: &str = "b1-d3 b12-d10 d1-d4 d12-d9 i1-k3 i12-k10 f1-d3 f12-d10 e4-c6 e9-c7 \
    m1-j4 m12-j9 j4-g7 j9-g6 a1-a3 a12-a10 a3-a5 a10-a8 k1-k3 k12-k10 k3-k5 k10-k8 n1-l3 \
    n12-l10 c1-c2 c12-c11 a6xc8 a7xc5 h1xf3 h12xf10 d3-b5 d10-b8 c8-b9 c5-b4 l3-l5 l10-l8 \
    f2xf4 f11xf9 b2-a3 b11-a10 c2-d3 c11-d10 k5-m7 k8-m6 j1-h3 j12-h10 e1-d2 e12-d11 g4xe6 \
    g9xe7 b9-c10 b4-c3";
const ROW3: &str = "b2-b3 d12-d10 c2-c3 d10-d8 f2-f3 d8-d6 n2-n3 d6-d4 n3-n2 e12-e10 \
    n2-n3 e10-e8 n3-n2 e8-e6 n2-n3 e6-e4 a2-a3 n11-n10";

fn positions<G: Game<Options = EpaminondasOptions>>() -> Vec<(&'static str, G)> {
    let options = EpaminondasOptions::default();
    let p5 = format!("{COPYCAT} d9-b11");
    [
        ("start", ""),
        ("midgame", COPYCAT),
        ("clash", ROW3),
        ("p5", p5.as_str()),
    ]
    .into_iter()
    .map(|(name, moves)| {
        let mut g = G::new(options.clone());
        g.play_list(moves).unwrap();
        (name, g)
    })
    .collect()
}

fn legal_plies(c: &mut Criterion) {
    let mut group = c.benchmark_group("epaminondas/legal_plies");
    let mut buf = PlyBuf::new();
    for (name, g) in positions::<Epaminondas>() {
        group.bench_with_input(BenchmarkId::new("bitboard", name), &g, |b, g| {
            b.iter(|| {
                g.legal_plies(&mut buf);
                black_box(buf.len())
            })
        });
    }
    for (name, g) in positions::<ReferenceEpaminondas>() {
        group.bench_with_input(BenchmarkId::new("reference", name), &g, |b, g| {
            b.iter(|| {
                g.legal_plies(&mut buf);
                black_box(buf.len())
            })
        });
    }
    group.finish();
}

/// Playing every legal ply of a position and reading the status after it:
/// the engine caches the status (P4 count, P6 move check) at each ply.
fn play_and_status(c: &mut Criterion) {
    let mut group = c.benchmark_group("epaminondas/play_status");
    fn run<G: Game>(g: &G, buf: &mut PlyBuf<G::Ply>) -> usize {
        g.legal_plies(buf);
        let mut n = 0;
        for &p in buf.iter() {
            let mut child = g.clone();
            child.play_unchecked(p);
            n += usize::from(child.status().is_ongoing());
        }
        n
    }
    let mut buf = PlyBuf::new();
    for (name, g) in positions::<Epaminondas>() {
        group.bench_with_input(BenchmarkId::new("bitboard", name), &g, |b, g| {
            b.iter(|| run(g, &mut buf))
        });
    }
    group.sample_size(10);
    for (name, g) in positions::<ReferenceEpaminondas>() {
        group.bench_with_input(BenchmarkId::new("reference", name), &g, |b, g| {
            b.iter(|| run(g, &mut buf))
        });
    }
    group.finish();
}

/// Every child of each fixed position: the P4/P5 queries are timed over
/// these, as a search asks them after every ply.
fn children<G: Game<Options = EpaminondasOptions>>() -> Vec<(&'static str, Vec<G>)> {
    let mut buf = PlyBuf::new();
    positions::<G>()
        .into_iter()
        .map(|(name, g)| {
            g.legal_plies(&mut buf);
            let kids = buf
                .iter()
                .map(|&p| {
                    let mut child = g.clone();
                    child.play_unchecked(p);
                    child
                })
                .collect();
            (name, kids)
        })
        .collect()
}

/// Times `query` over every child of each fixed position of `G`, under
/// `label` (the implementation) in `group`.
fn bench_children<G: Game<Options = EpaminondasOptions>>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    label: &str,
    query: impl Fn(&G) -> bool,
) {
    for (name, kids) in children::<G>() {
        group.bench_with_input(BenchmarkId::new(label, name), &kids, |b, kids| {
            b.iter(|| black_box(kids).iter().filter(|g| query(g)).count())
        });
    }
}

fn symmetry(c: &mut Criterion) {
    let mut group = c.benchmark_group("epaminondas/p5_symmetry");
    bench_children(&mut group, "bitboard", Epaminondas::is_symmetric);
    bench_children(&mut group, "reference", ReferenceEpaminondas::is_symmetric);
    group.finish();
}

fn home_row(c: &mut Criterion) {
    let mut group = c.benchmark_group("epaminondas/p4_home_row");
    bench_children(&mut group, "bitboard", |g: &Epaminondas| {
        g.home_row_count(g.to_move_colour()) > g.home_row_count(g.to_move_colour().opponent())
    });
    bench_children(&mut group, "reference", |g: &ReferenceEpaminondas| {
        g.home_row_count(g.to_move_colour()) > g.home_row_count(g.to_move_colour().opponent())
    });
    group.finish();
}

fn playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("epaminondas/random_playout");
    let options = EpaminondasOptions::default();
    let start = Epaminondas::new(options.clone());
    let mut rng = SmallRng::seed_from_u64(1);
    group.bench_function("bitboard/start", |b| {
        b.iter(|| {
            let mut g = start.clone();
            abstracta_core::random_playout(&mut g, &mut rng)
        })
    });
    group.sample_size(10);
    // The reference's playouts run to the 1000-ply cap; a 100-ply cap keeps
    // the run short, and the engine is measured on the same cap too.
    let capped = EpaminondasOptions::from_spec("epaminondas:cap=100").unwrap();
    let start = Epaminondas::new(capped.clone());
    group.bench_function("bitboard/start_cap100", |b| {
        b.iter(|| {
            let mut g = start.clone();
            abstracta_core::random_playout(&mut g, &mut rng)
        })
    });
    let start = ReferenceEpaminondas::new(capped);
    group.bench_function("reference/start_cap100", |b| {
        b.iter(|| {
            let mut g = start.clone();
            abstracta_core::random_playout(&mut g, &mut rng)
        })
    });
    group.finish();
}

criterion_group!(benches, legal_plies, play_and_status, symmetry, home_row, playout);
criterion_main!(benches);
