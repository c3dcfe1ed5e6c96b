//! The `random` family: every legal ply equally likely.

use abstracta_core::time::Instant;
use std::marker::PhantomData;

use abstracta_core::rand::rngs::SmallRng;
use abstracta_core::rand::{Rng, SeedableRng};
use abstracta_core::search::{OptionError, Search, SearchResult, StopHandle};
use abstracta_core::{Game, PlyBuf};

/// The `random` family: every legal ply equally likely, from a seeded
/// generator (the same seed gives the same plies; [`Search::reset`]
/// restarts it from its seed). Its results name the ply only: no value,
/// no statistics.
///
/// It draws among [`Game::legal_plies`], not through [`Game::random_ply`],
/// which games may bias for speed (their playouts do not need uniform
/// plies; an opponent should be uniform).
///
/// ```
/// use abstracta::families::RandomSearch;
/// use abstracta::search::Search;
/// use abstracta::toy::TicTacToe;
/// use abstracta::Game;
/// let mut random = RandomSearch::<TicTacToe>::new(7);
/// let game = TicTacToe::new(Default::default());
/// let result = random.search(&game, &[]);
/// assert!(game.is_legal(result.best.unwrap()) && result.win_rate.is_none());
/// ```
#[derive(Clone, Debug)]
pub struct RandomSearch<G> {
    seed: u64,
    rng: SmallRng,
    stop: StopHandle,
    game: PhantomData<fn() -> G>,
}

impl<G> RandomSearch<G> {
    /// A random search with a fixed seed.
    pub fn new(seed: u64) -> RandomSearch<G> {
        RandomSearch {
            seed,
            rng: SmallRng::seed_from_u64(seed),
            stop: StopHandle::new(),
            game: PhantomData,
        }
    }
}

impl<G: Game> Search<G> for RandomSearch<G> {
    fn family(&self) -> &'static str {
        "random"
    }

    fn describe(&self) -> String {
        "random".to_owned()
    }

    fn search(&mut self, game: &G, _history: &[G::Ply]) -> SearchResult<G::Ply> {
        let started = Instant::now();
        let mut plies = PlyBuf::new();
        if game.status().is_ongoing() {
            game.legal_plies(&mut plies);
        }
        let best = (!plies.is_empty()).then(|| plies[self.rng.gen_range(0..plies.len())]);
        SearchResult::choice(best, started.elapsed())
    }

    /// Nothing to stop: a random choice takes no time.
    fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Restarts the generator from its seed.
    fn reset(&mut self) {
        self.rng = SmallRng::seed_from_u64(self.seed);
    }

    /// Accepts `seed` (a whole number: restarts the generator) and ignores
    /// `time`, `iters` and `threads`.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key.trim().to_ascii_lowercase().as_str() {
            "seed" => {
                let seed = value.trim().parse::<u64>().map_err(|_| OptionError::NotANumber {
                    value: value.to_owned(),
                })?;
                self.seed = seed;
                self.rng = SmallRng::seed_from_u64(seed);
                Ok(())
            }
            // Budgets mean nothing to a random choice.
            "time" | "iters" | "threads" => Ok(()),
            _ => Err(OptionError::Unknown {
                engine: "random",
                accepted: "seed (and ignores time, iters, threads)",
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
        let mut p = RandomSearch::<TicTacToe>::new(3);
        let mut game = TicTacToe::new(Default::default());
        let mut history = Vec::new();
        while game.status().is_ongoing() {
            let ply = p.search(&game, &history).best.unwrap();
            game.play(ply).unwrap();
            history.push(ply);
        }
        assert_eq!(p.search(&game, &history).best, None);
        assert!(p.set_option("seed", "9").is_ok());
        assert!(matches!(
            p.set_option("seed", "x"),
            Err(OptionError::NotANumber { .. })
        ));
        assert!(p.set_option("bogus", "1").is_err());
    }

    #[test]
    fn random_is_uniform() {
        // 9 first plies, 9000 draws: each about 1000 times.
        let mut p = RandomSearch::<TicTacToe>::new(1);
        let game = TicTacToe::new(Default::default());
        let mut counts = std::collections::HashMap::new();
        for _ in 0..9000 {
            let ply = p.search(&game, &[]).best.unwrap();
            *counts.entry(ply).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), 9);
        assert!(counts.values().all(|&n| (850..1150).contains(&n)), "{counts:?}");
    }
}
