//! The `hybrid` search family over any [`Game`](abstracta_core::Game): a
//! hybrid of Monte Carlo tree search and minimax. It grows an MCTS tree,
//! but scores each new leaf by the game's evaluation after a short
//! quiescence search instead of a random playout, backs up beside each
//! node's mean reward the minimax of its children's scores (implicit
//! minimax backups, Lanctot et al. 2014), and chooses children by PUCT over
//! the game's priors.
//!
//! ```
//! use abstracta_core::search::Search;
//! use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
//! use abstracta_core::Game;
//! use hybrid::HybridSearch;
//!
//! let mut search = HybridSearch::<TicTacToe, TicTacToeKnowledge>::new("hybrid:iters=200".parse().unwrap());
//! let mut game = TicTacToe::new(Default::default());
//! game.play_list("a1 b1 a2 b2").unwrap();
//! let result = search.search(&game, &[]);
//! assert_eq!(result.best, Some("a3".parse().unwrap()));
//! ```
//!
//! # Design
//!
//! One thread and no randomness: the same position and budget give the
//! same search. Finished lines are proved (wins, losses, draws) and turns
//! of several plies are handled by whose turn it is. Where it pays is
//! measured in `docs/hybrid.md`: far ahead of the MCTS defaults in
//! Epaminondas, whose random playouts say little, behind them in the
//! connection games. An earlier second mode, MCTS that handed the endgame
//! to alpha-beta by game phase, was removed: it did not beat the MCTS
//! defaults in the one game where it could (Whirlwind).

#![deny(unsafe_code)]

mod engine;
mod minimax;
mod options;

pub use engine::HybridSearch;
pub use minimax::MAX_TREE_NODES;
pub use options::{
    HybridOptions, HybridOptionsError, DEFAULT_ALPHA, DEFAULT_CPUCT, DEFAULT_ITERATIONS, DEFAULT_QUIESCENCE,
    KEYS, MAX_QUIESCENCE, REMOVED_KEYS,
};
