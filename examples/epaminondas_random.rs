//! Two random players play Epaminondas; prints the final board and result.
//!
//! `cargo run --release --example epaminondas_random [SPEC] [SEED]`

use abstracta_core::{Game, GameOptions};
use epaminondas::{Epaminondas, EpaminondasOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let mut args = std::env::args().skip(1);
    let spec = args.next().unwrap_or_else(|| "epaminondas".to_owned());
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let options = match EpaminondasOptions::from_spec(&spec) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut game = Epaminondas::new(options);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    while let Some(ply) = game.random_ply(&mut rng) {
        game.play_unchecked(ply);
        moves.push(ply.to_string());
    }
    println!("{} plies: {}", moves.len(), moves.join(" "));
    println!();
    print!("{}", game.render());
    println!("result: {}", game.status());
}
