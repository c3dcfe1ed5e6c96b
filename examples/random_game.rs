//! Two random players play any registered game; prints the plies, the
//! final board and the result. With PLAYOUTS it also times that many
//! random playouts from the start on one thread.
//!
//! `cargo run --release --example random_game -- [SPEC] [SEED] [PLAYOUTS]`,
//! e.g. `cargo run --release --example random_game -- whirlwind:size=12 7`
//! (the spec defaults to `escabel`, the seed to 1).

use std::time::Instant;

use abstracta::registry::{with_game, GameVisitor, RegisteredGame};
use abstracta::{random_playout, seeded_rng, Seat, SpecError, Status};

/// One random game from the start of a spec, then `playouts` timed ones.
struct RandomGame {
    seed: u64,
    playouts: u32,
}

/// What a random game gave: its plies in notation, the final board and
/// the result.
pub struct Played {
    /// The plies, in notation.
    pub plies: Vec<String>,
    /// The final board.
    pub board: String,
    /// The result.
    pub status: Status,
}

impl GameVisitor for RandomGame {
    type Output = Played;

    fn visit<G: RegisteredGame>(self, options: G::Options) -> Played {
        let start = G::new(options);
        let mut rng = seeded_rng(self.seed);
        let mut game = start.clone();
        let mut plies = Vec::new();
        while let Some(ply) = game.random_ply(&mut rng) {
            game.play_unchecked(ply);
            plies.push(ply.to_string());
        }
        if self.playouts > 0 {
            let mut total = 0u64;
            let mut wins = [0u32; 3];
            let timer = Instant::now();
            for _ in 0..self.playouts {
                let mut g = start.clone();
                let status = random_playout(&mut g, &mut rng);
                total += u64::from(g.plies_played());
                wins[match status.winner_seat() {
                    Some(Seat::First) => 0,
                    Some(Seat::Second) => 1,
                    None => 2,
                }] += 1;
            }
            let secs = timer.elapsed().as_secs_f64();
            let count = f64::from(self.playouts);
            println!(
                "{} playouts in {secs:.3} s: {:.0} playouts/s, {:.1} plies each; first/second/draw {wins:?}",
                self.playouts,
                count / secs,
                total as f64 / count
            );
        }
        Played {
            plies,
            board: game.to_string(),
            status: game.status(),
        }
    }
}

/// Plays one random game of `spec` with `seed` (and times `playouts`
/// more); the error says what is wrong with the spec.
pub fn run(spec: &str, seed: u64, playouts: u32) -> Result<Played, SpecError> {
    with_game(spec, RandomGame { seed, playouts })
}

fn main() {
    let mut args = std::env::args().skip(1);
    let spec = args.next().unwrap_or_else(|| "escabel".to_owned());
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let playouts: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    match run(&spec, seed, playouts) {
        Ok(played) => {
            println!("{} plies: {}", played.plies.len(), played.plies.join(" "));
            println!();
            print!("{}", played.board);
            println!("result: {}", played.status);
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
