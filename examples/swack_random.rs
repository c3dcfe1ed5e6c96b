//! Two random players play a game of Swack; prints the final board and the
//! result. Usage: `cargo run --release --example swack_random [SPEC] [SEED]
//! [PLAYOUTS]`; with PLAYOUTS it also times that many random playouts from
//! the start on one thread.

use abstracta_core::{Game, GameOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use swack::{Swack, SwackOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let spec = args.next().unwrap_or_else(|| "swack".to_owned());
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let options = match SwackOptions::from_spec(&spec) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Swack::new(options);
    println!("{}", game.render());
    let mut moves = Vec::new();
    while let Some(ply) = game.random_ply(&mut rng) {
        game.play_unchecked(ply);
        moves.push(ply.to_string());
    }
    let shown = moves.len().min(20);
    println!(
        "{} plies; the last {shown}: {}",
        moves.len(),
        moves[moves.len() - shown..].join(" ")
    );
    println!("{}", game.render());
    println!(
        "black groups: {:?}",
        game.group_sizes(abstracta_core::Colour::Black)
    );
    println!(
        "white groups: {:?}",
        game.group_sizes(abstracta_core::Colour::White)
    );
    println!("result: {}", game.status());

    if let Some(count) = args.next().and_then(|s| s.parse::<u32>().ok()) {
        let start = Swack::new(game.options().clone());
        let mut plies = 0u64;
        let mut wins = [0u32; 3];
        let timer = std::time::Instant::now();
        for _ in 0..count {
            let mut g = start.clone();
            let status = abstracta_core::random_playout(&mut g, &mut rng);
            plies += u64::from(g.plies_played());
            wins[match status.winner_seat() {
                Some(abstracta_core::Seat::First) => 0,
                Some(abstracta_core::Seat::Second) => 1,
                None => 2,
            }] += 1;
        }
        let secs = timer.elapsed().as_secs_f64();
        println!(
            "{count} playouts in {secs:.3} s: {:.0} playouts/s, {:.1} plies each; first/second/draw {wins:?}",
            f64::from(count) / secs,
            plies as f64 / f64::from(count)
        );
    }
}
