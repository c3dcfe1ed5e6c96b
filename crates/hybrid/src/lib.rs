//! A hybrid of the `mcts` and `alphabeta` families over any
//! [`Game`](abstracta_core::Game): the `hybrid` search family. MCTS plays
//! until the game's knowledge says the game has gone far enough
//! ([`Knowledge::game_phase`](abstracta_core::knowledge::Knowledge::game_phase):
//! the board this full, this share of the pieces taken), then alpha-beta
//! plays the rest.
//!
//! ```
//! use abstracta_core::search::Search;
//! use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
//! use abstracta_core::Game;
//! use hybrid::{HybridSearch, Phase};
//!
//! let mut search = HybridSearch::<TicTacToe, TicTacToeKnowledge>::new("hybrid:iters=200,nodes=2000".parse().unwrap());
//! let mut game = TicTacToe::new(Default::default());
//! game.play_list("a1 b1 a2 b2").unwrap();
//! let result = search.search(&game, &[]);
//! assert_eq!(result.best, Some("a3".parse().unwrap()));
//! // Tic-tac-toe's knowledge has no game phase: MCTS throughout.
//! assert_eq!(search.last_phase(), Some(Phase::Mcts));
//! ```
//!
//! # Design
//!
//! A phase switch: the two searches are the families' own, each with its
//! per-game defaults, made from this family's options (`time` for both,
//! `iters` for MCTS, `nodes` for alpha-beta, `seed`, `threads`), and kept
//! across the game (MCTS reuses its tree while it plays). The switch
//! (`switch=X`, per-game defaults in [`GAME_DEFAULTS`]) is compared with
//! the game's phase before every search; the games' phases only grow, so
//! once alpha-beta plays it plays to the end. Among the MCTS-minimax
//! hybrids of Baier and Winands (2015) minimax is called inside the MCTS
//! tree or playouts; this family instead hands over the whole search, as
//! chess-like programs change their method for the endgame. The
//! measurements that decide where it pays are in `docs/hybrid.md`.
//!
//! `mode=minimax` ([`Mode::Minimax`]) is the other hybrid: one tree search
//! of this crate's own, MCTS whose new leaves are scored by the game's
//! evaluation after a quiescence search over loud plies instead of a
//! random playout, and whose nodes keep, beside their mean reward, the
//! minimax of their children's scores (implicit minimax backups, Lanctot
//! et al. 2014); children are chosen by PUCT over the game's priors. It
//! uses one thread and no randomness.

#![deny(unsafe_code)]

mod engine;
mod minimax;
mod options;

pub use engine::{HybridSearch, Phase};
pub use minimax::MAX_TREE_NODES;
pub use options::{
    HybridOptions, HybridOptionsError, Mode, DEFAULT_ALPHA, DEFAULT_CPUCT, DEFAULT_ITERATIONS,
    DEFAULT_QUIESCENCE, DEFAULT_SWITCH, GAME_DEFAULTS, KEYS, MAX_QUIESCENCE,
};
