//! The `random` engine.

use abstracta_core::rand::rngs::SmallRng;
use abstracta_core::rand::{Rng, SeedableRng};
use abstracta_core::{Game, PlyBuf};

use super::{Choice, EngineError, OptionError, Player};

/// The `random` engine: every legal ply equally likely.
///
/// It draws among [`Game::legal_plies`], not through [`Game::random_ply`],
/// which games may bias for speed (their playouts do not need uniform
/// plies; an opponent should be uniform).
///
/// ```
/// use abstracta::player::{Player, RandomPlayer};
/// use abstracta::toy::TicTacToe;
/// use abstracta::Game;
/// let mut player = RandomPlayer::new(7);
/// let game = TicTacToe::new(Default::default());
/// let choice = Player::<TicTacToe>::genmove(&mut player, &game, &[]).unwrap();
/// assert!(game.is_legal(choice.ply));
/// ```
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: SmallRng,
}

impl RandomPlayer {
    /// A random engine with a fixed seed: the same seed gives the same plies.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn describe(&self) -> String {
        "random".to_owned()
    }

    fn genmove(&mut self, game: &G, _history: &[G::Ply]) -> Result<Choice<G::Ply>, EngineError> {
        let mut plies = PlyBuf::new();
        game.legal_plies(&mut plies);
        if plies.is_empty() {
            return Err(EngineError::GameOver {
                status: game.status(),
            });
        }
        Ok(Choice {
            ply: plies[self.rng.gen_range(0..plies.len())],
            win_rate: None,
        })
    }

    /// Accepts `seed` (a whole number: restarts the generator) and ignores
    /// `time`, `iters` and `threads`.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        match key.to_ascii_lowercase().as_str() {
            "seed" => {
                let seed = value.trim().parse::<u64>().map_err(|_| EngineError::BadOption {
                    key: key.to_owned(),
                    source: OptionError::NotANumber {
                        value: value.to_owned(),
                    },
                })?;
                self.rng = SmallRng::seed_from_u64(seed);
                Ok(())
            }
            // Time controls mean nothing to a random player.
            "time" | "iters" | "threads" => Ok(()),
            _ => Err(EngineError::BadOption {
                key: key.to_owned(),
                source: OptionError::Unknown {
                    engine: "random",
                    accepted: "seed (and ignores time, iters, threads)",
                },
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::toy::TicTacToe;

    #[test]
    fn random_plays_legal_plies() {
        let mut p = RandomPlayer::new(3);
        let mut game = TicTacToe::new(Default::default());
        let mut history = Vec::new();
        while game.status().is_ongoing() {
            let c = Player::<TicTacToe>::genmove(&mut p, &game, &history).unwrap();
            game.play(c.ply).unwrap();
            history.push(c.ply);
        }
        assert!(matches!(
            Player::<TicTacToe>::genmove(&mut p, &game, &history),
            Err(EngineError::GameOver { status }) if status == game.status()
        ));
        assert!(Player::<TicTacToe>::set_option(&mut p, "seed", "9").is_ok());
        assert!(matches!(
            Player::<TicTacToe>::set_option(&mut p, "seed", "x"),
            Err(EngineError::BadOption {
                source: OptionError::NotANumber { .. },
                ..
            })
        ));
        assert!(Player::<TicTacToe>::set_option(&mut p, "bogus", "1").is_err());
    }

    #[test]
    fn random_is_uniform() {
        // 9 first plies, 9000 draws: each about 1000 times.
        let mut p = RandomPlayer::new(1);
        let game = TicTacToe::new(Default::default());
        let mut counts = std::collections::HashMap::new();
        for _ in 0..9000 {
            let c = Player::<TicTacToe>::genmove(&mut p, &game, &[]).unwrap();
            *counts.entry(c.ply).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), 9);
        assert!(counts.values().all(|&n| (850..1150).contains(&n)), "{counts:?}");
    }
}
