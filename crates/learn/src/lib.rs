//! Learned search for abstracta games, on the CPU: an evaluator interface
//! (positions in, a policy over their legal plies and a value out, in
//! batches), the evaluators (a residual network read from a file, the
//! game's own knowledge, uniform), the `puct` search family over them, and
//! self-play that writes training samples as `.npz` shards.
//!
//! The crate knows no game: it reaches positions through
//! `Game`, action ids and observation tensors
//! through `Encoding`, and priors and
//! evaluations through `Knowledge`.
//!
//! ```
//! use std::sync::Arc;
//! use abstracta_core::search::Search;
//! use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
//! use abstracta_core::Game;
//! use learn::{evaluator_for, PuctOptions, PuctSearch};
//!
//! let options: PuctOptions = "puct:model=knowledge,iters=300".parse().unwrap();
//! let evaluator = evaluator_for::<TicTacToe, TicTacToeKnowledge>(&options.model, None).unwrap();
//! let mut search = PuctSearch::new(options, evaluator);
//! let mut game = TicTacToe::new(Default::default());
//! game.play_list("a1 b1 a2").unwrap(); // o must block at a3
//! assert_eq!(search.search(&game, &[]).best.unwrap().to_string(), "a3");
//! ```
//!
//! The training side (PyTorch) is in `python/train`; `docs/learning.md`
//! gives the commands, the loop and the measurements.

#![deny(unsafe_code)]

use std::sync::Arc;

use abstracta_core::actions::Encoding;
use abstracta_core::knowledge::Knowledge;
use abstracta_core::Game;
use thiserror::Error;

mod batching;
#[cfg(feature = "net")]
mod conv;
mod evaluator;
mod gumbel;
mod gumbel_options;
#[cfg(feature = "net")]
pub mod net;
pub mod npz;
mod options;
mod puct;
mod puct_knowledge;
pub mod selfplay;

pub use batching::{BatchingEvaluator, Member};
pub use evaluator::{
    policy_from_win_rates, Evaluation, Evaluator, EvaluatorError, KnowledgeEvaluator, Request,
    UniformEvaluator,
};
pub use gumbel::GumbelSearch;
pub use gumbel_options::{GumbelOptions, GumbelOptionsError, QNorm, GUMBEL_KEYS, MAX_CONSIDERED};
pub use options::{Count, Model, PuctOptions, PuctOptionsError, DEFAULT_ITERS, KEYS, MAX_BATCH, MAX_ITERS};
pub use puct::{dirichlet, PuctSearch};
pub use puct_knowledge::PlyKnowledge;

/// Why the evaluator a `model=` names cannot be made.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ModelError {
    /// A network needs the game's action encoding, and the game has none.
    #[error(
        "{game} has no action encoding, so no network can play it; expected model=knowledge or model=uniform"
    )]
    NoEncoding {
        /// The game.
        game: &'static str,
    },
    /// The network file cannot be used.
    #[cfg(feature = "net")]
    #[error(transparent)]
    Network(#[from] net::NetworkError),
    /// The network was made for another game or board size than the one
    /// it is asked to play.
    #[error("network {path} cannot play {game}: {reason}")]
    Mismatch {
        /// The network file.
        path: String,
        /// The game spec it was asked to play.
        game: String,
        /// What the network was made for and what the game has.
        reason: String,
    },
    /// This build has no network support (the `net` feature is off).
    #[error("this build reads no network files (built without the `net` feature); expected model=knowledge or model=uniform")]
    NoNetworkSupport,
}

/// The evaluator `model` names for `G`: the knowledge `K`, uniform, or the
/// network in a file (which needs the game's `encoding`). A network made
/// for another game (by the game name in its metadata) is refused here;
/// [`evaluator_at`] also checks the board size against a position.
pub fn evaluator_for<G: Game, K: Knowledge<G> + Default + Send + Sync + 'static>(
    model: &Model,
    encoding: Option<&'static dyn Encoding<G>>,
) -> Result<Arc<dyn Evaluator<G>>, ModelError> {
    match model {
        Model::Knowledge => Ok(Arc::new(KnowledgeEvaluator::<G, K>::new(K::default()))),
        Model::Uniform => Ok(Arc::new(UniformEvaluator)),
        Model::File(path) => {
            let encoding = encoding.ok_or(ModelError::NoEncoding { game: G::NAME })?;
            network_evaluator(path, encoding)
        }
    }
}

#[cfg(feature = "net")]
fn network_evaluator<G: Game>(
    path: &str,
    encoding: &'static dyn Encoding<G>,
) -> Result<Arc<dyn Evaluator<G>>, ModelError> {
    let evaluator = net::NetEvaluator::load(path, encoding)?;
    // The metadata's game spec starts with the game's name.
    let trained_on = evaluator.network().shape().game.clone();
    let name = trained_on.split(':').next().unwrap_or("").trim();
    if !name.is_empty() && !name.eq_ignore_ascii_case(G::NAME) {
        return Err(ModelError::Mismatch {
            path: path.to_owned(),
            game: G::NAME.to_owned(),
            reason: format!("it was trained on {trained_on}, another game"),
        });
    }
    Ok(Arc::new(evaluator))
}

#[cfg(not(feature = "net"))]
fn network_evaluator<G: Game>(
    _path: &str,
    _encoding: &'static dyn Encoding<G>,
) -> Result<Arc<dyn Evaluator<G>>, ModelError> {
    Err(ModelError::NoNetworkSupport)
}

/// [`evaluator_for`], checked against the position `game` (its sizes and
/// action count) so that a network of another game or board size is
/// refused when the engine is built, naming both.
pub fn evaluator_at<G: Game, K: Knowledge<G> + Default + Send + Sync + 'static>(
    model: &Model,
    encoding: Option<&'static dyn Encoding<G>>,
    game: &G,
) -> Result<Arc<dyn Evaluator<G>>, ModelError> {
    let evaluator = evaluator_for::<G, K>(model, encoding)?;
    evaluator.check(game).map_err(|e| ModelError::Mismatch {
        path: model.to_string(),
        game: abstracta_core::GameOptions::spec(game.options()),
        reason: e.to_string(),
    })?;
    Ok(evaluator)
}
