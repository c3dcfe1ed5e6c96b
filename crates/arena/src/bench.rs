//! `arena bench`: random playouts, perft and MCTS speed per game.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use abstracta::registry::{with_game, GameVisitor, RegisteredGame};
use abstracta_core::{perft, random_playout, Game, GameOptions};
use mcts::{Mcts, MctsOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use crate::error::ArenaError;

mod scaling;

pub use scaling::{format_scaling, middle_game, ScalingReport, ScalingRow, PLAIN_ENGINE, ROUNDS};

/// The machine a benchmark ran on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Machine {
    /// Logical cores available to the process.
    pub cores: usize,
    /// The CPU model, from `/proc/cpuinfo` where there is one.
    pub cpu_model: String,
    /// The operating system and architecture.
    pub os: String,
}

impl Machine {
    /// Describes this machine.
    pub fn detect() -> Machine {
        let cpu_model = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|text| {
                text.lines()
                    .find(|l| l.starts_with("model name") || l.starts_with("Model"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, v)| v.trim().to_owned())
            })
            .unwrap_or_else(|| "unknown".to_owned());
        Machine {
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            cpu_model,
            os: format!("{}-{}", std::env::consts::OS, std::env::consts::ARCH),
        }
    }
}

/// The measurements of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchResult {
    /// The game spec.
    pub spec: String,
    /// Random playouts from the start position per second (one thread).
    pub playouts_per_sec: f64,
    /// Perft leaves per second from the start position (one thread).
    pub perft_nodes_per_sec: f64,
    /// The deepest perft measured.
    pub perft_depth: u32,
    /// MCTS iterations per second by thread count (medians).
    pub mcts_iters_per_sec: BTreeMap<String, f64>,
    /// MCTS speed-up over one thread by thread count: the median over the
    /// rounds of each round's ratio (the searches of a round run back to
    /// back, so a slow spell of the machine hits both sides of a ratio).
    #[serde(default)]
    pub mcts_speedup: BTreeMap<String, f64>,
    /// Random playouts per second by thread count, each thread playing its
    /// own games (nothing shared): what the machine gives several threads
    /// of this game's code (medians).
    #[serde(default)]
    pub independent_playouts_per_sec: BTreeMap<String, f64>,
    /// The speed-up of independent playouts over one thread, like
    /// `mcts_speedup`: the ceiling for the MCTS speed-up on this machine.
    #[serde(default)]
    pub independent_speedup: BTreeMap<String, f64>,
    /// The MCTS speed-up as a share of the independent-playout speed-up:
    /// the median over the rounds of the two speed-ups' ratio in the same
    /// round (the series of a round run back to back, so this is steadier
    /// than the ratio of the medians on a noisy machine).
    #[serde(default)]
    pub mcts_share_of_independent: BTreeMap<String, f64>,
}

/// The whole benchmark report (the `--json` output).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchReport {
    /// Where it ran.
    pub machine: Machine,
    /// Seconds spent on each measurement.
    pub seconds: f64,
    /// The MCTS options measured, as an engine spec (`mcts` for the
    /// defaults).
    #[serde(default)]
    pub engine: String,
    /// One entry per game.
    pub results: Vec<BenchResult>,
}

struct Bench<'a> {
    threads: &'a [usize],
    budget: Duration,
    engine: &'a MctsOptions,
}

fn playouts<G: Game>(start: &G, budget: Duration) -> f64 {
    let mut rng = SmallRng::seed_from_u64(1);
    let started = Instant::now();
    let mut n = 0u64;
    while n == 0 || started.elapsed() < budget {
        let mut g = start.clone();
        random_playout(&mut g, &mut rng);
        n += 1;
    }
    n as f64 / started.elapsed().as_secs_f64().max(1e-9)
}

/// Random playouts per second of `threads` threads playing `per_thread`
/// games each from `start`, sharing nothing.
fn parallel_playouts<G: Game>(start: &G, threads: usize, per_thread: u64) -> f64 {
    let started = Instant::now();
    std::thread::scope(|s| {
        for t in 0..threads {
            s.spawn(move || {
                let mut rng = SmallRng::seed_from_u64(t as u64 + 1);
                for _ in 0..per_thread {
                    let mut g = start.clone();
                    random_playout(&mut g, &mut rng);
                }
            });
        }
    });
    (threads as u64 * per_thread) as f64 / started.elapsed().as_secs_f64().max(1e-9)
}

/// Rounds of the thread-scaling measurements: in each round every thread
/// count runs once, back to back.
pub const SCALING_ROUNDS: usize = 9;

/// Rates of one measured series: `rates[k][round]` for thread count
/// `threads[k]`.
struct Series {
    rates: Vec<Vec<f64>>,
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}

/// Runs every series for every thread count in every round (`measure(k)`
/// measures thread count `threads[k]`), the series of a round back to
/// back, so a slow spell of the machine hits all of them alike. Round 0
/// warms up and is not kept.
fn measure_rounds(threads: &[usize], series: &mut [&mut dyn FnMut(usize) -> f64]) -> Vec<Series> {
    let mut out: Vec<Series> = series
        .iter()
        .map(|_| Series {
            rates: vec![Vec::new(); threads.len()],
        })
        .collect();
    for round in 0..=SCALING_ROUNDS {
        for (measure, kept) in series.iter_mut().zip(&mut out) {
            for (k, rates) in kept.rates.iter_mut().enumerate() {
                let rate = measure(k);
                if round > 0 {
                    rates.push(rate);
                }
            }
        }
    }
    out
}

impl Series {
    /// Median rate by thread count.
    fn medians(&self, threads: &[usize]) -> BTreeMap<String, f64> {
        threads
            .iter()
            .zip(&self.rates)
            .map(|(t, rates)| (t.to_string(), median(rates.clone())))
            .collect()
    }

    /// Each round's speed-up of thread count `threads[k]` over one thread.
    fn round_speedups(&self, threads: &[usize], k: usize) -> Option<Vec<f64>> {
        let one = threads.iter().position(|&t| t == 1)?;
        Some(
            self.rates[k]
                .iter()
                .zip(&self.rates[one])
                .map(|(&r, &base)| if base > 0.0 { r / base } else { 0.0 })
                .collect(),
        )
    }

    /// Median over the rounds of each round's speed-up, by thread count
    /// above one.
    fn speedups(&self, threads: &[usize]) -> BTreeMap<String, f64> {
        threads
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t > 1)
            .filter_map(|(k, &t)| Some((t.to_string(), median(self.round_speedups(threads, k)?))))
            .collect()
    }
}

/// The median over the rounds of `a`'s speed-up divided by `b`'s in the
/// same round, by thread count above one.
fn relative_speedups(threads: &[usize], a: &Series, b: &Series) -> BTreeMap<String, f64> {
    threads
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t > 1)
        .filter_map(|(k, &t)| {
            let ratios = a
                .round_speedups(threads, k)?
                .into_iter()
                .zip(b.round_speedups(threads, k)?)
                .map(|(x, y)| if y > 0.0 { x / y } else { 0.0 })
                .collect();
            Some((t.to_string(), median(ratios)))
        })
        .collect()
}

/// One MCTS engine per thread count, each running searches from `start`
/// of one fixed iteration count: what one thread runs in
/// `budget / SCALING_ROUNDS`.
///
/// Every search runs the same number of iterations, so every thread count
/// builds a tree of about the same size (iterations slow down as the tree
/// grows, so a time budget would favour the fewer threads). Each engine
/// starts every search afresh, as an engine does from move to move of a
/// game; the warm-up round also gets the trees' memory from the system.
fn mcts_engines<G: RegisteredGame>(
    start: &G,
    threads: &[usize],
    budget: Duration,
    engine: &MctsOptions,
) -> Vec<Mcts<G, G::Knowledge>> {
    let per_search = budget / SCALING_ROUNDS as u32;
    let calibrate = MctsOptions {
        iterations: None,
        time: Some(per_search),
        threads: 1,
        ..engine.clone()
    };
    let iterations = Mcts::<G, G::Knowledge>::new(calibrate)
        .search(start)
        .iterations
        .max(100);
    threads
        .iter()
        .map(|&t| {
            Mcts::new(MctsOptions {
                iterations: Some(iterations),
                time: None,
                threads: t,
                ..engine.clone()
            })
        })
        .collect()
}

/// One search's iterations per second.
fn mcts_rate<G: RegisteredGame>(engine: &mut Mcts<G, G::Knowledge>, start: &G) -> f64 {
    engine.reset();
    engine.search(start).iterations_per_sec
}

fn perft_speed<G: Game>(start: &G, budget: Duration) -> (f64, u32) {
    let started = Instant::now();
    let mut best = (0.0, 0);
    let mut last: Option<(u64, Duration)> = None;
    for depth in 1..=64 {
        // Predict the next depth's time from the branching seen so far.
        if let Some((nodes, took)) = last {
            let branching = if depth > 2 {
                (nodes as f64).powf(1.0 / f64::from(depth - 1))
            } else {
                nodes as f64
            };
            let predicted = took.mul_f64(branching.max(1.0));
            if started.elapsed() + predicted > budget && depth > 2 {
                break;
            }
        }
        let t = Instant::now();
        let nodes = perft(start, depth);
        let took = t.elapsed();
        if nodes == 0 {
            // The whole game tree ends above this depth (tic-tac-toe at 10):
            // keep the last depth that had leaves.
            break;
        }
        best = (nodes as f64 / took.as_secs_f64().max(1e-9), depth);
        if started.elapsed() > budget {
            break;
        }
        last = Some((nodes, took));
    }
    best
}

impl GameVisitor for Bench<'_> {
    type Output = BenchResult;
    fn visit<G: RegisteredGame>(self, options: G::Options) -> BenchResult {
        let spec = options.spec();
        let start = G::new(options);
        let playouts_per_sec = playouts(&start, self.budget);
        let (perft_nodes_per_sec, perft_depth) = perft_speed(&start, self.budget);
        let mut counts = self.threads.to_vec();
        if !counts.contains(&1) {
            counts.insert(0, 1);
        }
        let mut engines = mcts_engines(&start, &counts, self.budget, self.engine);
        let mut mcts = |k: usize| mcts_rate(&mut engines[k], &start);
        // Independent playouts: each thread plays the games one thread
        // plays in `budget / SCALING_ROUNDS`.
        let per_thread =
            (playouts_per_sec * self.budget.as_secs_f64() / SCALING_ROUNDS as f64).max(1.0) as u64;
        let mut independent = |k: usize| parallel_playouts(&start, counts[k], per_thread);
        let series = if counts.len() > 1 {
            measure_rounds(&counts, &mut [&mut mcts, &mut independent])
        } else {
            measure_rounds(&counts, &mut [&mut mcts])
        };
        let in_report = |(t, _): &(String, f64)| self.threads.iter().any(|k| k.to_string() == *t);
        let mcts = &series[0];
        let mcts_iters_per_sec = mcts.medians(&counts).into_iter().filter(in_report).collect();
        let (independent_playouts_per_sec, independent_speedup, mcts_share_of_independent) =
            match series.get(1) {
                Some(independent) => (
                    independent.medians(&counts),
                    independent.speedups(&counts),
                    relative_speedups(&counts, mcts, independent),
                ),
                None => Default::default(),
            };
        BenchResult {
            spec,
            playouts_per_sec,
            perft_nodes_per_sec,
            perft_depth,
            mcts_iters_per_sec,
            mcts_speedup: mcts.speedups(&counts),
            independent_playouts_per_sec,
            independent_speedup,
            mcts_share_of_independent,
        }
    }
}

/// Checks the arguments of [`bench`] and [`bench_scaling`]: the game
/// specs (default: the five main games), the thread counts, the seconds
/// and the engine spec, which must leave iterations, time and threads to
/// the bench.
fn checked_arguments(
    specs: &[String],
    threads: &[usize],
    seconds: f64,
    engine: &str,
) -> Result<(Vec<String>, MctsOptions), ArenaError> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 3600.0) {
        return Err(ArenaError::usage(format!(
            "bad --seconds {seconds}: expected a number of seconds above 0 and at most 3600"
        )));
    }
    if threads.is_empty()
        || threads
            .iter()
            .any(|&t| t == 0 || t > abstracta_core::search::MAX_THREADS)
    {
        return Err(ArenaError::usage(
            "bad --threads: expected thread counts from 1 to 1024, e.g. 1,2,4",
        ));
    }
    let mut specs: Vec<String> = specs.to_vec();
    if specs.is_empty() {
        specs = abstracta::registry::main_game_names()
            .into_iter()
            .map(str::to_owned)
            .collect();
    }
    if specs.is_empty() {
        specs = abstracta::registry::game_names()
            .into_iter()
            .map(str::to_owned)
            .collect();
    }
    // Check every spec before spending time on any.
    for s in &specs {
        abstracta::registry::canonical_spec(s)?;
    }
    let options: MctsOptions = engine
        .parse()
        .map_err(|e| ArenaError::usage(format!("bad --engine `{engine}`: {e}")))?;
    let sets_budget = engine.split([':', ',']).any(|piece| {
        let key = piece.split('=').next().unwrap_or("").trim().to_ascii_lowercase();
        piece.contains('=') && matches!(key.as_str(), "iters" | "iterations" | "time" | "threads")
    });
    if sets_budget {
        return Err(ArenaError::usage(format!(
            "bad --engine `{engine}`: the bench sets iterations, time and threads itself; \
             expected other options only, e.g. mcts:rave=off"
        )));
    }
    Ok((specs, options))
}

/// The canonical spec of the engine options measured (`mcts` for the
/// defaults).
fn engine_name(options: &MctsOptions) -> String {
    MctsOptions {
        iterations: None,
        ..options.clone()
    }
    .to_string()
    .trim_end_matches(':')
    .to_owned()
}

/// Runs the benchmark on `specs` (default: the five main games).
///
/// `engine` holds the MCTS options to measure, in the engine-spec syntax
/// (`mcts:rave=off,c=0.2`, or `mcts` for the defaults); the bench sets the
/// iterations, time and threads itself, so the spec must leave them out.
pub fn bench(
    specs: &[String],
    threads: &[usize],
    seconds: f64,
    engine: &str,
) -> Result<BenchReport, ArenaError> {
    let (specs, options) = checked_arguments(specs, threads, seconds, engine)?;
    let budget = Duration::from_secs_f64(seconds);
    let mut results = Vec::new();
    for s in &specs {
        results.push(with_game(
            s,
            Bench {
                threads,
                budget,
                engine: &options,
            },
        )?);
    }
    Ok(BenchReport {
        machine: Machine::detect(),
        seconds,
        engine: engine_name(&options),
        results,
    })
}

/// The scaling report on `specs` (default: the five main games): plain
/// UCT ([`PLAIN_ENGINE`]) and `engine` (the defaults: `mcts`) at one
/// thread and the other `threads` (with none above one given: the
/// machine's cores, at least 2), from the start and a fixed middle-game
/// position ([`middle_game`]), in [`ROUNDS`] interleaved rounds; one
/// thread searches about `seconds` per engine and position.
pub fn bench_scaling(
    specs: &[String],
    threads: &[usize],
    seconds: f64,
    engine: &str,
) -> Result<ScalingReport, ArenaError> {
    let (specs, options) = checked_arguments(specs, threads, seconds, engine)?;
    let mut counts = threads.to_vec();
    if !counts.contains(&1) {
        counts.push(1);
    }
    if counts.iter().all(|&t| t == 1) {
        counts.push(Machine::detect().cores.max(2));
    }
    counts.sort_unstable();
    counts.dedup();
    scaling::scaling(&specs, &counts, seconds, &options, engine_name(&options))
}

/// The human-readable form of a report.
pub fn format_report(report: &BenchReport) -> String {
    let m = &report.machine;
    let mut out = format!("machine: {} cores, {}, {}\n", m.cores, m.cpu_model, m.os);
    if !report.engine.is_empty() && report.engine != "mcts" {
        out.push_str(&format!("engine: {}\n", report.engine));
    }
    for r in &report.results {
        out.push_str(&format!(
            "{}: {:.0} playouts/s, {:.0} perft nodes/s (depth {})",
            r.spec, r.playouts_per_sec, r.perft_nodes_per_sec, r.perft_depth
        ));
        let mut counts: Vec<(usize, f64)> = r
            .mcts_iters_per_sec
            .iter()
            .filter_map(|(t, v)| Some((t.parse().ok()?, *v)))
            .collect();
        counts.sort_by_key(|&(t, _)| t);
        for (t, v) in counts {
            out.push_str(&format!(
                ", mcts {t} thread{}: {v:.0} iters/s",
                if t == 1 { "" } else { "s" }
            ));
            let key = t.to_string();
            if let Some(speedup) = r.mcts_speedup.get(&key) {
                out.push_str(&format!(" ({speedup:.2}x"));
                if let Some(ceiling) = r.independent_speedup.get(&key) {
                    out.push_str(&format!("; independent playouts {ceiling:.2}x"));
                }
                if let Some(share) = r.mcts_share_of_independent.get(&key) {
                    out.push_str(&format!(", {:.0}% of it", 100.0 * share));
                }
                out.push(')');
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_speed_keeps_the_last_depth_with_leaves() {
        // A generous budget runs past depth 9, where the tic-tac-toe tree
        // ends; the rate must come from a depth that had leaves.
        let start = abstracta_core::toy::TicTacToe::new(Default::default());
        let (rate, depth) = perft_speed(&start, Duration::from_secs(30));
        assert!(rate > 0.0);
        assert_eq!(depth, 9);
    }

    #[test]
    fn measures_tictactoe() {
        let r = bench(&["tictactoe".to_owned()], &[1], 0.05, "mcts").unwrap();
        assert_eq!(r.results.len(), 1);
        assert!(r.results[0].playouts_per_sec > 0.0);
        assert!(r.results[0].perft_nodes_per_sec > 0.0);
        assert_eq!(r.engine, "mcts");
        assert!(format_report(&r).starts_with("machine: "));
        assert!(bench(&["chess".to_owned()], &[1], 0.05, "mcts").is_err());
        assert!(bench(&[], &[0], 0.05, "mcts").is_err());
        assert!(bench(&[], &[1], -1.0, "mcts").is_err());
    }

    #[test]
    fn measures_the_engine_options_given() {
        let r = bench(&["tictactoe".to_owned()], &[1], 0.05, "mcts:rave=off,c=0.7").unwrap();
        assert_eq!(r.engine, "mcts:c=0.7,rave=off");
        assert!(format_report(&r).contains("engine: mcts:c=0.7,rave=off\n"));
        for bad in [
            "mcts:iters=100",
            "mcts:time=1s",
            "mcts:threads=2",
            "mcts:rave=maybe",
            "random",
        ] {
            let err = bench(&["tictactoe".to_owned()], &[1], 0.05, bad).unwrap_err();
            assert!(err.to_string().contains("--engine"), "{bad}: {err}");
        }
    }

    #[test]
    fn report_shows_the_speed_up_over_one_thread() {
        let mut mcts = BTreeMap::new();
        for (t, v) in [("1", 100.0), ("2", 185.0), ("16", 1000.0)] {
            mcts.insert(t.to_owned(), v);
        }
        let report = BenchReport {
            machine: Machine::detect(),
            seconds: 1.0,
            engine: "mcts".to_owned(),
            results: vec![BenchResult {
                spec: "tictactoe".to_owned(),
                playouts_per_sec: 1.0,
                perft_nodes_per_sec: 1.0,
                perft_depth: 1,
                mcts_iters_per_sec: mcts,
                mcts_speedup: [("2".to_owned(), 1.85), ("16".to_owned(), 10.0)].into(),
                independent_playouts_per_sec: [("1".to_owned(), 50.0), ("2".to_owned(), 90.0)].into(),
                independent_speedup: [("2".to_owned(), 1.8)].into(),
                mcts_share_of_independent: [("2".to_owned(), 0.97)].into(),
            }],
        };
        let text = format_report(&report);
        // Thread counts in numeric order, each beyond one with its ratio.
        assert!(
            text.contains("mcts 1 thread: 100 iters/s, mcts 2 threads: 185 iters/s (1.85x; independent playouts 1.80x, 97% of it), mcts 16 threads: 1000 iters/s (10.00x)"),
            "{text}"
        );
    }
}
