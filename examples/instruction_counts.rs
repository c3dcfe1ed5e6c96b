//! Runs a fixed amount of work for instruction counts under callgrind:
//! `PLAYOUTS` uniformly random playouts from the start position, or one
//! one-thread MCTS search of `ITERATIONS` iterations (seed 1, the game's
//! default knowledge and settings), and prints what it did so that two
//! builds can be checked to do the same work.
//!
//! ```text
//! cargo build --release --example instruction_counts
//! scripts/instruction_counts.sh target/release/examples/instruction_counts
//! ```
//!
//! The script runs each mode at 0 and at N units and divides the
//! difference by N: instructions per playout and per iteration, start-up
//! left out (docs/strength.md has the figures).

use abstracta::registry::{with_game, GameVisitor, RegisteredGame};
use rand::SeedableRng;

/// `count` random playouts from the start, one seeded generator.
struct Playouts {
    count: u64,
}

impl GameVisitor for Playouts {
    type Output = u64;
    fn visit<G: RegisteredGame>(self, options: G::Options) -> u64 {
        let start = G::new(options);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let mut plies = 0u64;
        for _ in 0..self.count {
            let mut game = start.clone();
            abstracta::random_playout(&mut game, &mut rng);
            plies += u64::from(game.plies_played());
        }
        plies
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: instruction_counts SPEC playout|iter COUNT";
    let (Some(spec), Some(mode), Some(count)) = (args.get(1), args.get(2), args.get(3)) else {
        return Err(usage.into());
    };
    let count: u64 = count
        .parse()
        .map_err(|_| format!("COUNT must be a whole number; {usage}"))?;
    match mode.as_str() {
        "playout" => {
            let plies = with_game(spec, Playouts { count })?;
            println!("{spec}: {count} playouts, {plies} plies");
        }
        "iter" => {
            let game = abstracta::open(spec)?;
            if count == 0 {
                println!("{spec}: no search");
                return Ok(());
            }
            let engine = format!("mcts:iters={count},threads=1,seed=1").parse()?;
            let result = game.searcher(&engine, 0)?.search(&*game)?;
            println!(
                "{spec}: {} iterations, best {:?}, {} nodes",
                result.iterations, result.best, result.nodes
            );
        }
        _ => return Err(usage.into()),
    }
    Ok(())
}
