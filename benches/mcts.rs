//! MCTS throughput: iterations per second for the toy game and each of the
//! five games at their default size, with 1 and 2 threads (tree
//! parallelism) and root parallelism, plus plain random playouts from the
//! start position for the tree-overhead comparison.
//!
//! After the criterion groups a summary table is printed (skip it with
//! `MCTS_BENCH_SUMMARY=0`, or print only it with
//! `MCTS_BENCH_ONLY_SUMMARY=1`): iterations/s with 1 and 2 threads in wall
//! and CPU time, and the tree overhead, the share of a 1-thread search's
//! CPU time not spent in playouts, measured by alternating, in one run,
//! timed searches and plain playouts from the start position (cloning the
//! position each time, as the search does). CPU-time rates stay meaningful
//! on a loaded machine where wall-clock scaling cannot be seen.
//!
//! `MCTS_BENCH_EXTRA=rave=off` (say) adds options to the summary's searches.
//! `MCTS_BENCH_PROFILE=<game>` runs a single 1-thread search, for
//! `valgrind --tool=callgrind`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use abstracta::registry::RegisteredGame;
use abstracta_core::random_playout;
use abstracta_core::toy::TicTacToe;
use criterion::{BenchmarkId, Criterion, Throughput};
use mcts::{Mcts, MctsOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// Iterations per measured search, per game (big boards get fewer).
fn iterations_for<G: RegisteredGame>() -> u64 {
    match G::NAME {
        "tictactoe" => 20_000,
        _ => 2_000,
    }
}

fn search_once<G: RegisteredGame>(game: &G, spec: &str) -> mcts::SearchResult<G::Ply> {
    let options: MctsOptions = spec.parse().expect("valid spec");
    Mcts::<G, G::Knowledge>::new(options).search(game)
}

fn playouts<G: RegisteredGame>(game: &G, n: u64, rng: &mut SmallRng) {
    for _ in 0..n {
        let mut g = game.clone();
        black_box(random_playout(&mut g, rng));
    }
}

fn bench_game<G: RegisteredGame>(c: &mut Criterion) {
    let game = G::new(Default::default());
    let iters = iterations_for::<G>();
    let mut group = c.benchmark_group(format!("mcts/{}", G::NAME));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(iters));
    for (name, extra) in [
        ("threads=1", "threads=1"),
        ("threads=2", "threads=2"),
        ("root-parallel=2", "threads=2,parallel=root"),
    ] {
        let spec = format!("iters={iters},solver=off,{extra}");
        group.bench_with_input(BenchmarkId::new("search", name), &spec, |b, spec| {
            b.iter(|| black_box(search_once(&game, spec)))
        });
    }
    let mut rng = SmallRng::seed_from_u64(1);
    group.bench_function("playouts", |b| b.iter(|| playouts(&game, iters, &mut rng)));
    group.finish();
}

/// Runs the criterion groups of every game.
fn benches() {
    let mut c = Criterion::default().configure_from_args();
    bench_game::<TicTacToe>(&mut c);
    bench_game::<escabel::Escabel>(&mut c);
    bench_game::<swack::Swack>(&mut c);
    bench_game::<ecalper::Ecalper>(&mut c);
    bench_game::<epaminondas::Epaminondas>(&mut c);
    bench_game::<whirlwind::Whirlwind>(&mut c);
    c.final_summary();
}

/// CPU time used by the whole process so far (user + system), from
/// `/proc/self/stat` (clock ticks of 10 ms); `None` off Linux.
fn process_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// (iterations, wall seconds, CPU seconds) of one timed search.
fn timed_search<G: RegisteredGame>(game: &G, spec: &str) -> (f64, f64, f64) {
    let cpu = process_cpu().unwrap_or(0.0);
    let t = Instant::now();
    let r = search_once(game, spec);
    let wall = t.elapsed().as_secs_f64();
    let cpu = process_cpu().unwrap_or(0.0) - cpu;
    (r.iterations as f64, wall, if cpu > 0.0 { cpu } else { wall })
}

/// One row of the summary. The machine may be shared, so besides wall-clock
/// rates it reports CPU-time rates: `cpu eff` is the iterations per CPU
/// second with 2 threads over those with 1 (1.00 = no parallel loss; the
/// speedup on two idle cores is about 2x that), and the overhead compares
/// CPU time per iteration with CPU time per plain playout.
fn summary_row<G: RegisteredGame>(seconds: f64, rounds: usize) {
    let game = G::new(Default::default());
    let mut best = [0.0f64; 5];
    let mut rng = SmallRng::seed_from_u64(2);
    let ms = (seconds * 1000.0) as u64;
    // Extra options for every summary search, e.g. `rave=off`.
    let extra = std::env::var("MCTS_BENCH_EXTRA").map_or(String::new(), |e| format!(",{e}"));
    for round in 0..rounds {
        let (i1, w1, c1) = timed_search(&game, &format!("time={ms}ms,solver=off,seed={round}{extra}"));
        let (i2, w2, c2) = timed_search(
            &game,
            &format!("time={ms}ms,solver=off,threads=2,seed={round}{extra}"),
        );
        let n = (i1 as u64 / 2).max(1);
        let cpu = process_cpu().unwrap_or(0.0);
        let t = Instant::now();
        playouts(&game, n, &mut rng);
        let wall = t.elapsed().as_secs_f64();
        let cp = process_cpu().unwrap_or(0.0) - cpu;
        let cp = if cp > 0.0 { cp } else { wall };
        best[0] = best[0].max(i1 / w1);
        best[1] = best[1].max(i2 / w2);
        best[2] = best[2].max(i1 / c1);
        best[3] = best[3].max(i2 / c2);
        best[4] = best[4].max(n as f64 / cp);
    }
    let [wall1, wall2, cpu1, cpu2, playout] = best;
    println!(
        "{:<12} {:>11.0} {:>11.0} {:>7.2}x {:>11.0} {:>11.0} {:>8.2} {:>11.0} {:>8.1}%",
        G::NAME,
        wall1,
        wall2,
        wall2 / wall1,
        cpu1,
        cpu2,
        cpu2 / cpu1,
        playout,
        100.0 * (1.0 - cpu1 / playout).max(0.0)
    );
}

fn summary() {
    let seconds: f64 = std::env::var("MCTS_BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    println!(
        "\n{:<12} {:>11} {:>11} {:>8} {:>11} {:>11} {:>8} {:>11} {:>9}",
        "game", "wall it/s 1t", "2t", "2t/1t", "cpu it/s 1t", "2t", "cpu eff", "playouts/s", "overhead"
    );
    summary_row::<TicTacToe>(seconds, 3);
    summary_row::<escabel::Escabel>(seconds, 3);
    summary_row::<swack::Swack>(seconds, 3);
    summary_row::<ecalper::Ecalper>(seconds, 3);
    summary_row::<epaminondas::Epaminondas>(seconds, 3);
    summary_row::<whirlwind::Whirlwind>(seconds, 3);
}

/// For `valgrind --tool=callgrind`: one 1-thread search of the game named
/// by `MCTS_BENCH_PROFILE`, nothing else.
fn profile(name: &str) -> bool {
    fn run<G: RegisteredGame>(name: &str) -> bool {
        if name != G::NAME {
            return false;
        }
        let iters = iterations_for::<G>();
        let r = search_once(&G::new(Default::default()), &format!("iters={iters},solver=off"));
        println!("{r}");
        true
    }
    run::<TicTacToe>(name)
        || run::<escabel::Escabel>(name)
        || run::<swack::Swack>(name)
        || run::<ecalper::Ecalper>(name)
        || run::<epaminondas::Epaminondas>(name)
        || run::<whirlwind::Whirlwind>(name)
}

fn main() {
    if let Ok(name) = std::env::var("MCTS_BENCH_PROFILE") {
        assert!(profile(&name), "unknown game {name}");
        return;
    }
    let only_summary = std::env::var("MCTS_BENCH_ONLY_SUMMARY").is_ok_and(|v| v == "1");
    if !only_summary {
        benches();
    }
    let test_mode = std::env::args().any(|a| a == "--test" || a == "--list");
    if !test_mode && std::env::var("MCTS_BENCH_SUMMARY").map_or(true, |v| v != "0") {
        summary();
    }
}
