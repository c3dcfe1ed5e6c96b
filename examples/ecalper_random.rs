//! Two random players play a game of Ecalper; prints the final board and
//! the result. Usage: `cargo run --release --example ecalper_random [SPEC] [SEED]`.

use abstracta_core::{random_playout, Game, GameOptions};
use ecalper::{Ecalper, EcalperOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let mut args = std::env::args().skip(1);
    let spec = args.next().unwrap_or_else(|| "ecalper".to_owned());
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let options = match EcalperOptions::from_spec(&spec) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Ecalper::new(options);
    // Show the position after the first few turns, then play on to the end.
    for _ in 0..10 {
        if let Some(ply) = game.random_ply(&mut rng) {
            game.play_unchecked(ply);
        }
    }
    println!(
        "{} after {} plies:\n{}",
        game.options().spec(),
        game.plies_played(),
        game.render()
    );
    let status = random_playout(&mut game, &mut rng);
    println!(
        "Final position after {} plies:\n{}",
        game.plies_played(),
        game.render()
    );
    println!("Result: {status}");
}
