//! Prints plain UCT of ours against treant 0.4 and zxqfl's mcts 0.3 on our
//! games (see the crate's README).
//!
//! ```text
//! crate-comparison [--seconds S | --iterations N] [--rounds R] [--position start|middle] [GAME_SPEC ...]
//! ```
//!
//! `--iterations` fixes every search's iterations instead (for instruction
//! counts under callgrind, where timings mean nothing); `--position`
//! measures one position only (default: the start and the middle game).

use crate_comparison::{compare_positions, format_rows, Budget, Positions};

fn usage(message: &str) -> ! {
    eprintln!(
        "{message}\nusage: crate-comparison [--seconds S | --iterations N] [--rounds R] [--position start|middle] [GAME_SPEC ...]"
    );
    std::process::exit(2);
}

fn main() {
    let mut budget = Budget::Seconds(0.3);
    let mut rounds = 7;
    let mut positions = Positions::Both;
    let mut specs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seconds" => {
                budget = match args.next().and_then(|s| s.parse::<f64>().ok()) {
                    Some(s) if s > 0.0 && s <= 60.0 => Budget::Seconds(s),
                    _ => usage("bad --seconds: expected seconds of one search, above 0 and at most 60"),
                }
            }
            "--iterations" => {
                budget = match args.next().and_then(|s| s.parse::<u64>().ok()) {
                    Some(n) if (1..=10_000_000).contains(&n) => Budget::Iterations(n),
                    _ => usage("bad --iterations: expected 1 to 10000000"),
                }
            }
            "--rounds" => {
                rounds = match args.next().and_then(|s| s.parse::<usize>().ok()) {
                    Some(r) if (1..=100).contains(&r) => r,
                    _ => usage("bad --rounds: expected 1 to 100"),
                }
            }
            "--position" => {
                positions = match args.next().as_deref() {
                    Some("start") => Positions::Start,
                    Some("middle") => Positions::Middle,
                    _ => usage("bad --position: expected start or middle"),
                }
            }
            _ if arg.starts_with('-') => usage(&format!("unknown option {arg}")),
            _ => specs.push(arg),
        }
    }
    if specs.is_empty() {
        specs = abstracta::registry::main_game_names()
            .into_iter()
            .map(str::to_owned)
            .collect();
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load average before: {}",
        load.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
    );
    let mut rows = Vec::new();
    for spec in &specs {
        match compare_positions(spec, budget, rounds, positions) {
            Ok(r) => rows.extend(r),
            Err(e) => usage(&format!("{spec}: {e}")),
        }
    }
    print!("{}", format_rows(&rows));
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load average after: {}",
        load.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
    );
}
