//! The evaluator interface: positions in, a policy over their legal plies
//! and a value out, in batches ([`Evaluator`]); and the two evaluators
//! that need no network ([`UniformEvaluator`], [`KnowledgeEvaluator`]).

use std::fmt;
use std::marker::PhantomData;

use abstracta_core::knowledge::Knowledge;
use abstracta_core::Game;
use thiserror::Error;

/// One position to evaluate: the game and its legal plies (the search has
/// them already; the policy comes back in their order).
#[derive(Debug)]
pub struct Request<'a, G: Game> {
    /// The position (ongoing).
    pub game: &'a G,
    /// Its legal plies, not empty.
    pub plies: &'a [G::Ply],
}

/// What an evaluator says of one position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evaluation {
    /// The prior probability of each legal ply, in the order of the
    /// request's plies; non-negative, summing to 1.
    pub policy: Vec<f32>,
    /// The expected result for the seat to move, in `[-1, 1]` (1 a win,
    /// -1 a loss, 0 a draw or even).
    pub value: f32,
}

/// Why an evaluation failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum EvaluatorError {
    /// The network's input or output does not match the game (another
    /// game or board size than the one it was trained for).
    #[error("the network expects {expected} but the game gives {found}")]
    Mismatch {
        /// What the network was made for.
        expected: String,
        /// What the game has.
        found: String,
    },
    /// The inference library failed.
    #[error("inference failed: {0}")]
    Inference(String),
}

/// Evaluates positions of `G` in batches: a policy over each position's
/// legal plies and a value for the seat to move. Searches call it with as
/// many positions as they have waiting, so that a network runs one batch
/// for all of them.
///
/// ```
/// use abstracta_core::toy::TicTacToe;
/// use abstracta_core::{Game, PlyBuf};
/// use learn::{Evaluator, Request, UniformEvaluator};
/// let game = TicTacToe::new(Default::default());
/// let mut plies = PlyBuf::new();
/// game.legal_plies(&mut plies);
/// let mut out = Vec::new();
/// UniformEvaluator.evaluate(&[Request { game: &game, plies: &plies }], &mut out).unwrap();
/// assert_eq!(out[0].policy, vec![1.0 / 9.0; 9]);
/// assert_eq!(out[0].value, 0.0);
/// ```
pub trait Evaluator<G: Game>: Send + Sync {
    /// Evaluates every request; `out` is cleared and gets one
    /// [`Evaluation`] per request, in order.
    fn evaluate(&self, requests: &[Request<'_, G>], out: &mut Vec<Evaluation>) -> Result<(), EvaluatorError>;

    /// A short name for logs and engine descriptions (`uniform`,
    /// `knowledge`, the network's file).
    fn name(&self) -> String;

    /// Whether this evaluator can evaluate positions like `game` (a
    /// network: its input and output sizes); the default accepts all.
    fn check(&self, _game: &G) -> Result<(), EvaluatorError> {
        Ok(())
    }
}

/// Every legal ply equally likely, every position even: the evaluator
/// that knows nothing (PUCT over it is a plain best-first search).
#[derive(Clone, Copy, Debug, Default)]
pub struct UniformEvaluator;

impl<G: Game> Evaluator<G> for UniformEvaluator {
    fn evaluate(&self, requests: &[Request<'_, G>], out: &mut Vec<Evaluation>) -> Result<(), EvaluatorError> {
        out.clear();
        out.extend(requests.iter().map(|r| Evaluation {
            policy: vec![1.0 / r.plies.len().max(1) as f32; r.plies.len()],
            value: 0.0,
        }));
        Ok(())
    }

    fn name(&self) -> String {
        "uniform".to_owned()
    }
}

/// The game's own knowledge as an evaluator, the baseline a network must
/// beat: the policy from [`Knowledge::ply_priors`] (each ply's prior win
/// rate turned into odds, normalised; uniform when the game has no
/// priors) and the value from [`Knowledge::evaluate_score`] (a logit in
/// thousandths, so the value is `tanh(score / 2000)`, which is `2p - 1`
/// for the winning chance `p`; 0 when the game has no evaluation).
pub struct KnowledgeEvaluator<G, K> {
    knowledge: K,
    game: PhantomData<fn() -> G>,
}

impl<G, K: fmt::Debug> fmt::Debug for KnowledgeEvaluator<G, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KnowledgeEvaluator")
            .field("knowledge", &self.knowledge)
            .finish()
    }
}

impl<G, K> KnowledgeEvaluator<G, K> {
    /// The evaluator of `knowledge`.
    pub fn new(knowledge: K) -> KnowledgeEvaluator<G, K> {
        KnowledgeEvaluator {
            knowledge,
            game: PhantomData,
        }
    }
}

/// The policy of prior win rates: each `p` (clamped away from 0 and 1)
/// weighs `p / (1 - p)`, normalised to sum to 1.
pub fn policy_from_win_rates(win_rates: &[f32]) -> Vec<f32> {
    let odds: Vec<f32> = win_rates
        .iter()
        .map(|&p| {
            let p = if p.is_finite() { p.clamp(0.01, 0.99) } else { 0.5 };
            p / (1.0 - p)
        })
        .collect();
    let total: f32 = odds.iter().sum();
    odds.iter().map(|o| o / total).collect()
}

impl<G: Game, K: Knowledge<G> + Send + Sync> Evaluator<G> for KnowledgeEvaluator<G, K> {
    fn evaluate(&self, requests: &[Request<'_, G>], out: &mut Vec<Evaluation>) -> Result<(), EvaluatorError> {
        out.clear();
        let mut priors = Vec::new();
        for r in requests {
            priors.clear();
            priors.resize(r.plies.len(), 0.5);
            if !self.knowledge.ply_priors(r.game, r.plies, &mut priors) {
                priors.fill(0.5);
            }
            let value = self
                .knowledge
                .evaluate_score(r.game)
                .map_or(0.0, |score| (score as f32 / 2000.0).tanh());
            out.push(Evaluation {
                policy: policy_from_win_rates(&priors),
                value,
            });
        }
        Ok(())
    }

    fn name(&self) -> String {
        "knowledge".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
    use abstracta_core::PlyBuf;

    #[test]
    fn knowledge_policies_are_distributions_over_the_legal_plies() {
        let mut game = TicTacToe::new(Default::default());
        game.play_list("a1 b1 a2").unwrap();
        let mut plies = PlyBuf::new();
        game.legal_plies(&mut plies);
        let evaluator = KnowledgeEvaluator::new(TicTacToeKnowledge);
        let mut out = Vec::new();
        evaluator
            .evaluate(
                &[Request {
                    game: &game,
                    plies: &plies,
                }],
                &mut out,
            )
            .unwrap();
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].policy.len(), plies.len());
        assert!((out[0].policy.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        assert!(out[0].policy.iter().all(|&p| p > 0.0));
        assert!((-1.0..=1.0).contains(&out[0].value));
    }

    #[test]
    fn odds_weigh_the_likelier_ply_more() {
        let policy = policy_from_win_rates(&[0.5, 0.75, f32::NAN]);
        assert!((policy[1] / policy[0] - 3.0).abs() < 1e-5);
        assert_eq!(policy[0], policy[2]);
    }
}
