//! Fixed positions for speed measurements that every tool can rebuild:
//! `arena bench --scaling`, the crate comparison and
//! `examples/search_rate.rs` search from the same middle game.
//!
//! ```
//! use abstracta::positions::middle_game;
//! use abstracta::toy::TicTacToe;
//! use abstracta::Game;
//! let start = TicTacToe::new(Default::default());
//! assert_eq!(middle_game(&start).hash(), middle_game(&start).hash());
//! ```

use abstracta_core::rand::rngs::SmallRng;
use abstracta_core::rand::SeedableRng;
use abstracta_core::Game;

/// The fixed middle-game position of a game: the position halfway
/// through a game of uniformly random plies drawn with seed 1 (or the
/// start, for a game that random play ends at once). The same rules
/// engine gives the same position on every machine.
pub fn middle_game<G: Game>(start: &G) -> G {
    let play = |limit: usize| {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut game = start.clone();
        let mut plies = 0;
        while plies < limit && !game.status().is_finished() {
            let Some(ply) = game.random_ply(&mut rng) else {
                break;
            };
            game.play_unchecked(ply);
            plies += 1;
        }
        (game, plies)
    };
    // Long enough for every game here; a longer random game counts as
    // this long.
    let (_, length) = play(2000);
    play(length / 2).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::toy::TicTacToe;

    #[test]
    fn middle_game_is_fixed_and_halfway() {
        let start = TicTacToe::new(Default::default());
        let a = middle_game(&start);
        let b = middle_game(&start);
        assert_eq!(a.hash(), b.hash());
        assert!(a.plies_played() >= 2, "{}", a.plies_played());
        assert!(!a.status().is_finished());
    }
}
