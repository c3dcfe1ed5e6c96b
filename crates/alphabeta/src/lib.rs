//! Alpha-beta search over any [`Game`](abstracta_core::Game), generic in
//! the game's knowledge: the `alphabeta` search family.
//!
//! ```
//! use abstracta_core::search::{Proof, Search};
//! use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
//! use abstracta_core::Game;
//! use alphabeta::AlphaBetaSearch;
//!
//! let mut search = AlphaBetaSearch::<TicTacToe, TicTacToeKnowledge>::new("alphabeta:depth=9".parse().unwrap());
//! let mut game = TicTacToe::new(Default::default());
//! game.play_list("a1 b1 a2 b2").unwrap(); // x to move wins with a3
//! let result = search.search(&game, &[]);
//! assert_eq!(result.best, Some("a3".parse().unwrap()));
//! assert_eq!(result.proof, Some(Proof::Win));
//! ```
//!
//! # Design
//!
//! * **Negamax with alpha-beta** (Knuth and Moore 1975), fail-soft, with
//!   principal-variation (null-window) searches of every ply after the
//!   first and **iterative deepening** with aspiration windows at the root.
//!   A node's value is for the seat to move there: after a ply the child's
//!   value is negated only when the seat to move changed, so turns of
//!   several plies (Whirlwind's two stones, Ecalper's replace-and-place),
//!   pie swaps and passes need no special case. Plies count as depth.
//! * **Scores** are the game's [`Knowledge::evaluate_score`](abstracta_core::Knowledge::evaluate_score)
//!   (thousandths of a logit) at the leaves, and `MATE - plies` for a
//!   game won `plies` below the root; the reported win rate is the
//!   logistic of the score. A subtree whose values all come from finished
//!   games is *resolved*: its table entries hold at any depth, and a root
//!   whose last iteration was resolved is proven (win, loss or draw).
//! * **Transposition table** keyed by the game's Zobrist hash (and the
//!   plies played, for games with a length cap), shared by all threads,
//!   bounded by `tt=MB`; buckets of a depth-preferred and an
//!   always-replace slot (see the README).
//! * **Move ordering**: the table's ply, two killers per depth, a history
//!   table, and the game's [`ply_priors`](abstracta_core::Knowledge::ply_priors)
//!   below depth 2 (`priors=on`). With `decisive=on` a node with a
//!   decisive ply is a win at once, and a node facing a threat searches
//!   only the game's forced replies.
//! * **Quiescence** (`qs=on`): at the nominal depth the search stands pat
//!   on the evaluation or tries the loud plies, those the game's priors
//!   rate at least [`LOUD_PRIOR`] (captures, arrivals), up to
//!   [`QUIESCENCE_DEPTH`] plies more.
//! * **Lazy SMP** (`threads=N`): the threads search the same root over the
//!   shared table, the helpers from staggered depths with a little
//!   move-order noise (`seed`); the main thread's answer is the result.
//! * **Budgets**: `depth`, `nodes`, `time`, a game clock, and a
//!   [`StopHandle`](abstracta_core::search::StopHandle). With one thread
//!   and a depth or node budget the search is deterministic.

mod engine;
mod options;
mod search;
mod table;

pub use engine::AlphaBetaSearch;
pub use options::{
    AlphaBetaOptions, OptionsError, DEFAULT_NODES, DEFAULT_TABLE_MB, GAME_DEFAULTS, KEYS, LOUD_PRIOR,
    MAX_DEPTH, MAX_TABLE_MB, MAX_THREADS, QUIESCENCE_DEPTH,
};

#[cfg(test)]
mod tests;
