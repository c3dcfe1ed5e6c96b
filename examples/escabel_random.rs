//! Two random players play Escabel; prints the final board and the result.
//!
//! `cargo run --release --example escabel_random [SPEC] [SEED]`,
//! e.g. `escabel:size=7,variant=checkered 3`.

use abstracta_core::{Game, GameOptions};
use escabel::{Escabel, EscabelOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let mut args = std::env::args().skip(1);
    let spec = args.next().unwrap_or_else(|| "escabel:size=7".to_owned());
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let options = match EscabelOptions::from_spec(&spec) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut game = Escabel::new(options);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    while let Some(ply) = game.random_ply(&mut rng) {
        moves.push(ply.to_string());
        game.play(ply).expect("random_ply returns legal plies");
    }
    println!("{}\n", moves.join(" "));
    print!("{}", game.render());
    println!("{} plies; result: {}", game.plies_played(), game.status());
}
