//! Prints the iterations per second of short and long searches in one
//! process, to see what a search costs besides its iterations (tree set-up,
//! memory, threads): the first search of a fresh process and engine, the
//! next ones of the same engine (which reuses its tree memory), a fresh
//! engine in the same process, and a long search.
//!
//! ```text
//! cargo run --release --example search_rate -- escabel:size=9 "threads=1" [ROUNDS]
//! ```
//!
//! With a fourth argument `fixed` it runs searches of the spec's
//! iterations instead and prints only their counts, for callgrind (a fifth
//! argument `middle` searches from the middle-game position of `arena
//! bench --scaling` instead of the start); with
//! `repeats`, it counts the positions that repeat among the expanded
//! nodes of one tree (searches after ROUNDS random plies, 8 seeds).
//!
//! The second argument is an `mcts` spec without a budget; every search
//! starts afresh from the start position. Rates are per second of wall
//! time and of the calling thread's CPU time (Linux only; with
//! `threads=1` the search runs on that thread).

use std::time::Duration;

use abstracta::positions::middle_game;
use abstracta::registry::{with_game, GameVisitor, RegisteredGame};
use mcts::{Mcts, MctsOptions};

struct Rates {
    spec: String,
    rounds: usize,
}

/// Fixed iteration counts instead, for instruction counts (callgrind with
/// `--dump-before='*Mcts*search*'` gives one profile per search): `rounds`
/// searches of `spec`'s iterations, each afresh on the same engine, then
/// one of ten times as many.
struct Fixed {
    spec: String,
    rounds: usize,
    middle: bool,
}

/// How often positions repeat inside one tree: a search of `spec` from
/// the start and from positions after `rounds` random plies (8 seeds).
struct Repeats {
    spec: String,
    plies: usize,
}

impl GameVisitor for Repeats {
    type Output = ();
    fn visit<G: RegisteredGame>(self, game_options: G::Options) {
        use rand::SeedableRng;
        let o: MctsOptions = self.spec.parse().unwrap_or_else(|e| panic!("{}: {e}", self.spec));
        let mut total = mcts::Transpositions::default();
        for seed in 0..8u64 {
            let mut game = G::new(game_options.clone());
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            for _ in 0..self.plies {
                match game.random_ply(&mut rng) {
                    Some(p) => game.play_unchecked(p),
                    None => break,
                }
            }
            if game.status().is_finished() {
                continue;
            }
            let mut engine = Mcts::<G, G::Knowledge>::new(o.clone());
            engine.search(&game);
            let t = engine.transpositions();
            total.expanded += t.expanded;
            total.distinct += t.distinct;
            total.visits += t.visits;
            total.distinct_visits += t.distinct_visits;
        }
        println!(
            "after {:>3} plies: {:>8} expanded nodes, {:>8} distinct positions ({:.1}% repeats), visits in repeats {:.1}%",
            self.plies,
            total.expanded,
            total.distinct,
            100.0 * (1.0 - total.distinct as f64 / total.expanded.max(1) as f64),
            100.0 * (1.0 - total.distinct_visits as f64 / total.visits.max(1) as f64)
        );
    }
}

impl GameVisitor for Fixed {
    type Output = ();
    fn visit<G: RegisteredGame>(self, game_options: G::Options) {
        let start = G::new(game_options);
        let game = if self.middle { middle_game(&start) } else { start };
        if self.middle {
            eprintln!("middle game after {} plies", game.plies_played());
        }
        let o: MctsOptions = self.spec.parse().unwrap_or_else(|e| panic!("{}: {e}", self.spec));
        let n = o.iterations.unwrap_or(mcts::DEFAULT_ITERATIONS);
        let mut engine = Mcts::<G, G::Knowledge>::new(o.clone());
        for _ in 0..self.rounds {
            engine.reset();
            println!("{}", engine.search(&game).iterations);
        }
        engine.set_options(MctsOptions {
            iterations: Some(10 * n),
            ..o
        });
        engine.reset();
        println!("{}", engine.search(&game).iterations);
    }
}

fn options(spec: &str, time: Duration) -> MctsOptions {
    let mut o: MctsOptions = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
    o.iterations = None;
    o.time = Some(time);
    o
}

impl GameVisitor for Rates {
    type Output = ();
    fn visit<G: RegisteredGame>(self, game_options: G::Options) {
        let game = G::new(game_options);
        let short = Duration::from_millis(100);
        let long = Duration::from_secs(1);
        // Iterations per second of this thread's CPU time, which other
        // processes on a loaded machine do not change much (wall time: they
        // do), and the page faults of the search.
        let search = |what: &str, engine: &mut Mcts<G, G::Knowledge>| {
            let (cpu0, faults0) = usage();
            let r = engine.search(&game);
            let (cpu1, faults1) = usage();
            let cpu = cpu1 - cpu0;
            let rate = r.iterations as f64 / cpu;
            println!(
                "{what:<28} {:>8} iterations {:>6.3}s wall {:>6.3}s cpu {:>8.0}/s wall {:>8.0}/s cpu {:>6} faults {:>8} nodes",
                r.iterations,
                r.elapsed.as_secs_f64(),
                cpu,
                r.iterations_per_sec,
                rate,
                faults1 - faults0,
                r.nodes
            );
            rate
        };
        let mut engine = Mcts::<G, G::Knowledge>::new(options(&self.spec, short));
        let first = search("first 100ms (fresh process)", &mut engine);
        let mut again = Vec::new();
        for k in 0..self.rounds {
            engine.reset();
            again.push(search(&format!("100ms, same engine #{}", k + 1), &mut engine));
        }
        let mut other = Mcts::<G, G::Knowledge>::new(options(&self.spec, short));
        search("100ms, new engine", &mut other);
        drop(other);
        engine.set_options(options(&self.spec, long));
        let mut longs = Vec::new();
        for k in 0..2 {
            engine.reset();
            longs.push(search(&format!("1s, same engine #{}", k + 1), &mut engine));
        }
        // What keeping the tree costs between the plies of a game: the
        // engine moves its root down by the ply played (both sides' plies).
        for (what, time) in [("100ms", short), ("1s", long)] {
            engine.set_options(options(&self.spec, time));
            engine.reset();
            let r = engine.search(&game);
            let Some(best) = r.best else { continue };
            let (cpu0, _) = usage();
            let started = std::time::Instant::now();
            engine.advance(best);
            let wall = started.elapsed().as_secs_f64();
            let (cpu1, _) = usage();
            println!(
                "advance after {what:<5} search: {:>8} of {:>8} nodes kept, {:.2} ms wall, {:.2} ms cpu",
                engine.tree_nodes(),
                r.nodes,
                wall * 1e3,
                (cpu1 - cpu0) * 1e3
            );
        }
        again.sort_by(f64::total_cmp);
        let median = again[again.len() / 2];
        let steady = longs.iter().copied().fold(0.0, f64::max);
        println!(
            "ratios to the best 1s: first 100ms {:.3}, median later 100ms {:.3}",
            first / steady,
            median / steady
        );
    }
}

/// This thread's CPU time in seconds (Linux `schedstat`; 0 elsewhere) and
/// the process's minor page faults.
fn usage() -> (f64, u64) {
    let cpu = std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0.0, |ns| ns as f64 * 1e-9);
    let faults = std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            // Fields after the command name (which may hold spaces).
            let rest = &s[s.rfind(')')? + 2..];
            rest.split_whitespace().nth(7)?.parse().ok()
        })
        .unwrap_or(0);
    (cpu, faults)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("escabel:size=9", String::as_str);
    let spec = args.get(1).cloned().unwrap_or_default();
    let rounds = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(5);
    let done = if args.get(3).is_some_and(|a| a == "fixed") {
        let middle = args.get(4).is_some_and(|a| a == "middle");
        with_game(game, Fixed { spec, rounds, middle })
    } else if args.get(3).is_some_and(|a| a == "repeats") {
        with_game(game, Repeats { spec, plies: rounds })
    } else {
        with_game(game, Rates { spec, rounds })
    };
    if let Err(e) = done {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
