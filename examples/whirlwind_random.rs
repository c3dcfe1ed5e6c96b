//! Two random players play a game of Whirlwind; prints the board and the
//! result. Usage: `whirlwind_random [SPEC] [SEED]`, e.g.
//! `cargo run --release --example whirlwind_random -- whirlwind:size=12 7`.

use abstracta_core::{Game, GameOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use whirlwind::{Whirlwind, WhirlwindOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let spec = args.next().unwrap_or_else(|| "whirlwind".to_owned());
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let options = match WhirlwindOptions::from_spec(&spec) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut game = Whirlwind::new(options);
    println!("{}", game.render());
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    while let Some(ply) = game.random_ply(&mut rng) {
        game.play_unchecked(ply);
        moves.push(ply.to_string());
    }
    println!("moves: {}\n", moves.join(" "));
    println!("{}", game.render());
    println!("{} plies; result: {}", game.plies_played(), game.status());
}
