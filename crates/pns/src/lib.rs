//! Depth-first proof-number search (df-pn) over any [`Game`](abstracta_core::Game):
//! the `pns` search family, a solver that proves wins, losses and draws.
//!
//! ```
//! use abstracta_core::search::{Proof, Search};
//! use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
//! use abstracta_core::Game;
//! use pns::{PnsOptions, PnsSearch};
//!
//! let mut search = PnsSearch::<TicTacToe, TicTacToeKnowledge>::new("pns:tt=1".parse().unwrap());
//! let mut game = TicTacToe::new(Default::default());
//! game.play_list("a1 b1 a2 b2").unwrap(); // x to move: only a3 wins
//! let result = search.search(&game, &[]);
//! assert_eq!(result.proof, Some(Proof::Win));
//! let wins: Vec<String> = result
//!     .children
//!     .iter()
//!     .filter(|c| c.proof == Some(Proof::Win))
//!     .map(|c| c.ply.to_string())
//!     .collect();
//! assert_eq!(wins, ["a3"]);
//! assert_eq!(result.best.unwrap().to_string(), "a3");
//! ```
//!
//! # Design
//!
//! * **df-pn** (Nagai 2002): the proof-number search of Allis et al. run
//!   depth first with thresholds, so only the transposition table, not the
//!   tree, is kept. The child thresholds use the 1+epsilon trick of
//!   Pawlewicz and Lew (2007), `eps=0.25` by default.
//! * **AND/OR by whose turn it is**: a node is an OR node when the seat
//!   whose win is asked is to move there, whatever the ply parity, so
//!   Whirlwind's two stones, Ecalper's replace-and-place turns, pie swaps
//!   and passes need nothing special. With `turns=whole` (the default) a
//!   node's children are the positions after each way of finishing the
//!   turn, not after each ply, while a turn has at most about 20,000 ways.
//! * **Win, draw, loss**: a search answers one question, "does this seat
//!   win?". The value is "does the mover win?" and, when not, "does the
//!   opponent win?"; neither is a draw. The second question is skipped
//!   while no drawn end has been met: a disproof then rests on ends the
//!   opponent won, which proves their win.
//! * **Transposition table**: `tt=MB` of four-entry buckets keyed by the
//!   game's hash, the question's seat and, for games with a length cap,
//!   the plies played (the same position nearer the cap may have another
//!   value). Replacement keeps the entries of most subtree work. With the
//!   plies in the key every capped game is acyclic. With `key=position`
//!   (Epaminondas' default under its long cap) they are left out: a
//!   stored proof keeps its length and is used only where it fits before
//!   the cap, a position repeating the line counts as not won, and a
//!   disproof resting on the line is not stored. The depth limit
//!   (`depth=N`) cuts what is left: a cut node counts as not won, so
//!   proofs stay sound, and no disproof is trusted afterwards.
//! * **Knowledge**: a decisive ply settles a node at once (with
//!   `leaves=check`, Ecalper's default, already when it is generated, as
//!   does a leaf whose every ply ends the game); when the game
//!   sees a threat only its forced plies are searched (the others lose at
//!   once for the mover and cannot change the answer). New nodes start
//!   from the game's evaluation (`init=eval`, the default; `init=prior`:
//!   the parent's ply priors; `init=unit`: (1, 1)), which orders the
//!   search and never proves anything by itself.
//! * **Retrograde analysis** (`graph=N`, [`solve_graph`]): when at most
//!   `N` positions are reachable, they are all enumerated (keyed without
//!   their plies played) and each seat's wins are layered back from the
//!   finished games, which gives every position's exact distance to the
//!   end; neither seat winning is a draw, however the pieces go round, and
//!   with `r` plies left before a cap the root is won iff its distance is
//!   at most `r`. A larger graph falls back to df-pn.
//! * **Result**: [`SearchResult::proof`](abstracta_core::search::SearchResult)
//!   is the value for the seat to move, and every root ply gets its own
//!   proven value in `children` (so every winning ply is listed), while the
//!   budget (`nodes=N`, `time=T`, the stop handle) lasts; an unfinished
//!   search says so (`proof: None`) and plays the ply with the best
//!   proof-number ratio.
//!
//! The crate's README gives the references and the measurements.

#![deny(unsafe_code)]

mod engine;
mod graph;
mod options;
mod root;
mod solver;
mod table;

pub use engine::PnsSearch;
pub use graph::{
    solve_graph, GraphBudget, GraphError, GraphPly, GraphSolution, EDGES_PER_POSITION, MAX_GRAPH_POSITIONS,
};
pub use options::{
    Init, Keying, PnsOptions, PnsOptionsError, DEFAULT_DEPTH, DEFAULT_EPSILON, DEFAULT_INIT_WEIGHT,
    DEFAULT_NODES, DEFAULT_TABLE_MB, GAME_DEFAULTS, KEYS, MAX_DEPTH, MAX_TABLE_MB,
};
