//! Playout policies: how the random games that evaluate a new leaf
//! choose their plies.

use abstracta_core::Game;
use rand::rngs::SmallRng;

/// A playout policy: chooses the plies of the random games that evaluate a
/// new leaf. The default, [`RandomPlayout`], uses [`Game::random_ply`].
///
/// The search asks the policy only when the game's decisive or forced
/// plies (`decisive=on`) and a draw from the RAVE pools (`pool=K`) give no
/// ply.
///
/// Policies are shared by all worker threads, so they take `&self`; the
/// random generator belongs to the calling thread. A policy must return
/// `None` exactly when the game is over, and must not allocate if the
/// search is to stay allocation-free.
///
/// ```
/// use abstracta_core::{Game, toy::TicTacToe};
/// use mcts::{Mcts, MctsOptions, PlayoutPolicy};
/// use rand::rngs::SmallRng;
///
/// /// Plays the centre whenever it is free, else a random ply.
/// struct CentreFirst;
/// impl PlayoutPolicy<TicTacToe> for CentreFirst {
///     fn playout_ply(&self, game: &TicTacToe, rng: &mut SmallRng) -> Option<<TicTacToe as Game>::Ply> {
///         let centre = "b2".parse().unwrap();
///         if game.status().is_ongoing() && game.is_legal(centre) {
///             Some(centre)
///         } else {
///             game.random_ply(rng)
///         }
///     }
/// }
/// let mut mcts = Mcts::with_policy("iters=500".parse().unwrap(), CentreFirst);
/// let result = mcts.search(&TicTacToe::new(Default::default()));
/// assert!(result.best.is_some());
/// ```
pub trait PlayoutPolicy<G: Game>: Send + Sync {
    /// Whether this is the default policy, which a search may replace by
    /// the game's guided plies (`guided=on`). Other policies are always
    /// used as they are.
    const DEFAULT: bool = false;

    /// The next playout ply in `game`, or `None` when the game is over.
    fn playout_ply(&self, game: &G, rng: &mut SmallRng) -> Option<G::Ply>;
}

/// The default playout policy: the game's own [`Game::random_ply`].
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlayout;

impl<G: Game> PlayoutPolicy<G> for RandomPlayout {
    const DEFAULT: bool = true;

    #[inline]
    fn playout_ply(&self, game: &G, rng: &mut SmallRng) -> Option<G::Ply> {
        game.random_ply(rng)
    }
}
