//! `arena bench --scaling`: plain UCT and the defaults at one and more
//! threads, from the start and from a fixed middle-game position, in
//! interleaved rounds.

use std::collections::BTreeMap;
use std::time::Duration;

use abstracta::registry::{with_game, GameVisitor, RegisteredGame};
use abstracta_core::GameOptions;
use mcts::{Mcts, MctsOptions};
use serde::{Deserialize, Serialize};

use super::{median, Machine};
use crate::error::ArenaError;

/// Plain UCT: every knowledge switch off, and no standing choices (a
/// speed device of the tree that plain searches of other crates lack).
pub const PLAIN_ENGINE: &str =
    "mcts:rave=off,solver=off,decisive=off,guided=off,eval=off,prior=off,rescan=off";

/// Measured rounds of the scaling report (a warm-up round comes first).
pub const ROUNDS: usize = 7;

/// One engine on one position at each thread count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScalingRow {
    /// The game spec.
    pub spec: String,
    /// `start`, or `middle` (see [`middle_game`]).
    pub position: String,
    /// Plies played to the position.
    pub plies: u32,
    /// `plain` ([`PLAIN_ENGINE`]) or `default` (the `--engine` options).
    pub engine: String,
    /// The iterations of every search (what one thread runs in a round's
    /// share of the budget).
    pub iterations: u64,
    /// Median iterations per second by thread count.
    pub iters_per_sec: BTreeMap<String, f64>,
    /// Median over the rounds of each round's speed-up over one thread,
    /// by thread count above one.
    pub speedup: BTreeMap<String, f64>,
}

/// The scaling report (`arena bench --scaling --json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScalingReport {
    /// Where it ran.
    pub machine: Machine,
    /// The load average (1, 5 and 15 minutes) before and after, where the
    /// system tells it (Linux).
    pub load_before: Option<[f64; 3]>,
    /// See `load_before`.
    pub load_after: Option<[f64; 3]>,
    /// Seconds of one-thread search per engine and position.
    pub seconds: f64,
    /// The thread counts measured.
    pub threads: Vec<usize>,
    /// The default engine's options.
    pub engine: String,
    /// Rounds kept (medians over these).
    pub rounds: usize,
    /// Per game, position and engine.
    pub rows: Vec<ScalingRow>,
}

/// The load average, from `/proc/loadavg`.
pub fn load_average() -> Option<[f64; 3]> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let mut values = text.split_whitespace().map(|v| v.parse::<f64>().ok());
    Some([values.next()??, values.next()??, values.next()??])
}

pub use abstracta::positions::middle_game;

struct Scaling<'a> {
    threads: &'a [usize],
    seconds: f64,
    default: &'a MctsOptions,
    plain: &'a MctsOptions,
}

/// A search's rate: `engine` is reset first, so every search builds its
/// tree afresh (with the memory of the last).
fn rate<G: RegisteredGame>(engine: &mut Mcts<G, G::Knowledge>, position: &G) -> f64 {
    engine.reset();
    engine.search(position).iterations_per_sec
}

impl GameVisitor for Scaling<'_> {
    type Output = Vec<ScalingRow>;
    fn visit<G: RegisteredGame>(self, options: G::Options) -> Vec<ScalingRow> {
        let spec = options.spec();
        let start = G::new(options);
        let middle = middle_game(&start);
        let per_search = Duration::from_secs_f64(self.seconds / ROUNDS as f64);
        let mut rows = Vec::new();
        for (name, position) in [("start", &start), ("middle", &middle)] {
            let engines = [("plain", self.plain), ("default", self.default)];
            // Each engine's iterations: what one thread does in
            // `per_search` (so every thread count builds a tree of the same
            // size: iterations slow down as a tree grows).
            let iterations: Vec<u64> = engines
                .iter()
                .map(|(_, o)| {
                    let calibrate = MctsOptions {
                        iterations: None,
                        time: Some(per_search),
                        threads: 1,
                        ..(*o).clone()
                    };
                    Mcts::<G, G::Knowledge>::new(calibrate)
                        .search(position)
                        .iterations
                        .max(100)
                })
                .collect();
            let mut searchers: Vec<Vec<Mcts<G, G::Knowledge>>> = engines
                .iter()
                .zip(&iterations)
                .map(|((_, o), &n)| {
                    self.threads
                        .iter()
                        .map(|&t| {
                            Mcts::new(MctsOptions {
                                iterations: Some(n),
                                time: None,
                                threads: t,
                                ..(*o).clone()
                            })
                        })
                        .collect()
                })
                .collect();
            // rates[engine][thread count][round]
            let mut rates = vec![vec![Vec::new(); self.threads.len()]; engines.len()];
            for round in 0..=ROUNDS {
                for (e, per_count) in searchers.iter_mut().enumerate() {
                    for (k, engine) in per_count.iter_mut().enumerate() {
                        let r = rate(engine, position);
                        if round > 0 {
                            rates[e][k].push(r);
                        }
                    }
                }
            }
            for (e, (engine, _)) in engines.iter().enumerate() {
                let by_count = &rates[e];
                let one = self.threads.iter().position(|&t| t == 1).unwrap_or(0);
                let iters_per_sec = self
                    .threads
                    .iter()
                    .zip(by_count)
                    .map(|(t, r)| (t.to_string(), median(r.clone())))
                    .collect();
                let speedup = self
                    .threads
                    .iter()
                    .zip(by_count)
                    .filter(|(&t, _)| t > 1)
                    .map(|(t, r)| {
                        let ratios = r
                            .iter()
                            .zip(&by_count[one])
                            .map(|(&x, &base)| if base > 0.0 { x / base } else { 0.0 })
                            .collect();
                        (t.to_string(), median(ratios))
                    })
                    .collect();
                rows.push(ScalingRow {
                    spec: spec.clone(),
                    position: name.to_owned(),
                    plies: position.plies_played(),
                    engine: (*engine).to_owned(),
                    iterations: iterations[e],
                    iters_per_sec,
                    speedup,
                });
            }
        }
        rows
    }
}

/// Runs the scaling report on `specs` (checked already) at thread counts
/// `threads` (1 among them), with `default` as the default engine.
pub fn scaling(
    specs: &[String],
    threads: &[usize],
    seconds: f64,
    default: &MctsOptions,
    engine: String,
) -> Result<ScalingReport, ArenaError> {
    let plain: MctsOptions = PLAIN_ENGINE.parse().expect("the plain engine spec parses");
    let load_before = load_average();
    let mut rows = Vec::new();
    for s in specs {
        rows.extend(with_game(
            s,
            Scaling {
                threads,
                seconds,
                default,
                plain: &plain,
            },
        )?);
    }
    Ok(ScalingReport {
        machine: Machine::detect(),
        load_before,
        load_after: load_average(),
        seconds,
        threads: threads.to_vec(),
        engine,
        rounds: ROUNDS,
        rows,
    })
}

/// The human-readable form of a scaling report: a table.
pub fn format_scaling(report: &ScalingReport) -> String {
    let m = &report.machine;
    let mut out = format!("machine: {} cores, {}, {}\n", m.cores, m.cpu_model, m.os);
    let load =
        |l: Option<[f64; 3]>| l.map_or("unknown".to_owned(), |[a, b, c]| format!("{a:.2} {b:.2} {c:.2}"));
    out.push_str(&format!(
        "load average before: {}, after: {}\n",
        load(report.load_before),
        load(report.load_after)
    ));
    out.push_str(&format!(
        "plain: {PLAIN_ENGINE}\ndefault: {}\nmedians of {} interleaved rounds, iterations per second\n",
        report.engine, report.rounds
    ));
    let mut header = format!(
        "{:<16} {:<7} {:>5} {:<8} {:>8}",
        "game", "position", "plies", "engine", "iters"
    );
    for t in &report.threads {
        header.push_str(&format!(
            " {:>11}",
            format!("{t} thread{}", if *t == 1 { "" } else { "s" })
        ));
    }
    for t in report.threads.iter().filter(|&&t| t > 1) {
        header.push_str(&format!(" {:>8}", format!("{t}/1")));
    }
    out.push_str(&header);
    out.push('\n');
    for r in &report.rows {
        let mut line = format!(
            "{:<16} {:<7} {:>5} {:<8} {:>8}",
            r.spec, r.position, r.plies, r.engine, r.iterations
        );
        for t in &report.threads {
            let v = r.iters_per_sec.get(&t.to_string()).copied().unwrap_or(0.0);
            line.push_str(&format!(" {v:>11.0}"));
        }
        for t in report.threads.iter().filter(|&&t| t > 1) {
            let v = r.speedup.get(&t.to_string()).copied().unwrap_or(0.0);
            line.push_str(&format!(" {:>8}", format!("{v:.2}x")));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_both_engines_at_each_position() {
        let default: MctsOptions = "mcts".parse().unwrap();
        let r = scaling(
            &["tictactoe".to_owned()],
            &[1, 2],
            0.05,
            &default,
            "mcts".to_owned(),
        )
        .unwrap();
        assert_eq!(r.rows.len(), 4);
        let keys: Vec<_> = r
            .rows
            .iter()
            .map(|r| (r.position.as_str(), r.engine.as_str()))
            .collect();
        assert_eq!(
            keys,
            [
                ("start", "plain"),
                ("start", "default"),
                ("middle", "plain"),
                ("middle", "default")
            ]
        );
        for row in &r.rows {
            assert!(row.iters_per_sec["1"] > 0.0 && row.iters_per_sec["2"] > 0.0);
            assert!(row.speedup["2"] > 0.0);
        }
        let text = format_scaling(&r);
        assert!(text.contains("2/1"), "{text}");
        assert!(text.contains("tictactoe        middle"), "{text}");
    }
}
