//! `arena bench`: random playouts, perft and MCTS speed per game.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use abstracta::registry::{with_game, GameVisitor};
use abstracta_core::{perft, random_playout, Game, GameOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use crate::error::ArenaError;

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
    /// MCTS iterations per second, by thread count.
    pub mcts_iters_per_sec: BTreeMap<String, f64>,
}

/// The whole benchmark report (the `--json` output).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchReport {
    /// Where it ran.
    pub machine: Machine,
    /// Seconds spent on each measurement.
    pub seconds: f64,
    /// One entry per game.
    pub results: Vec<BenchResult>,
}

struct Bench<'a> {
    threads: &'a [usize],
    budget: Duration,
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
    fn visit<G: Game>(self, options: G::Options) -> BenchResult {
        let spec = options.spec();
        let start = G::new(options);
        let playouts_per_sec = playouts(&start, self.budget);
        let (perft_nodes_per_sec, perft_depth) = perft_speed(&start, self.budget);
        let mcts_iters_per_sec = crate::engine::mcts_speed(&start, self.threads, self.budget);
        BenchResult {
            spec,
            playouts_per_sec,
            perft_nodes_per_sec,
            perft_depth,
            mcts_iters_per_sec,
        }
    }
}

/// Runs the benchmark on `specs` (default: the five main games).
pub fn bench(specs: &[String], threads: &[usize], seconds: f64) -> Result<BenchReport, ArenaError> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 3600.0) {
        return Err(ArenaError::usage(format!(
            "bad --seconds {seconds}: expected a number of seconds above 0 and at most 3600"
        )));
    }
    if threads.is_empty() || threads.iter().any(|&t| t == 0 || t > 1024) {
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
    let budget = Duration::from_secs_f64(seconds);
    let mut results = Vec::new();
    for s in &specs {
        results.push(with_game(s, Bench { threads, budget })?);
    }
    Ok(BenchReport {
        machine: Machine::detect(),
        seconds,
        results,
    })
}

/// The human-readable form of a report.
pub fn format_report(report: &BenchReport) -> String {
    let m = &report.machine;
    let mut out = format!("machine: {} cores, {}, {}\n", m.cores, m.cpu_model, m.os);
    for r in &report.results {
        out.push_str(&format!(
            "{}: {:.0} playouts/s, {:.0} perft nodes/s (depth {})",
            r.spec, r.playouts_per_sec, r.perft_nodes_per_sec, r.perft_depth
        ));
        let one_thread = r.mcts_iters_per_sec.get("1").copied();
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
            if let Some(one) = one_thread.filter(|&one| t > 1 && one > 0.0) {
                out.push_str(&format!(" ({:.2}x)", v / one));
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
        let r = bench(&["tictactoe".to_owned()], &[1], 0.05).unwrap();
        assert_eq!(r.results.len(), 1);
        assert!(r.results[0].playouts_per_sec > 0.0);
        assert!(r.results[0].perft_nodes_per_sec > 0.0);
        assert!(format_report(&r).starts_with("machine: "));
        assert!(bench(&["chess".to_owned()], &[1], 0.05).is_err());
        assert!(bench(&[], &[0], 0.05).is_err());
        assert!(bench(&[], &[1], -1.0).is_err());
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
            results: vec![BenchResult {
                spec: "tictactoe".to_owned(),
                playouts_per_sec: 1.0,
                perft_nodes_per_sec: 1.0,
                perft_depth: 1,
                mcts_iters_per_sec: mcts,
            }],
        };
        let text = format_report(&report);
        // Thread counts in numeric order, each beyond one with its ratio.
        assert!(
            text.contains("mcts 1 thread: 100 iters/s, mcts 2 threads: 185 iters/s (1.85x), mcts 16 threads: 1000 iters/s (10.00x)"),
            "{text}"
        );
    }
}
