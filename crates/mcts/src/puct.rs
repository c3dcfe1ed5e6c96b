//! Where PUCT selection (`select=puct`) gets its policy: a
//! [`PolicySource`] turns a node's legal plies into prior probabilities
//! when the node is expanded. The default, [`PriorsPolicy`], normalises
//! the game's prior win rates (`Knowledge::ply_priors`); a learned policy
//! can take its place through [`Mcts::set_policy_source`](crate::Mcts::set_policy_source).

use abstracta_core::knowledge::Knowledge;
use abstracta_core::Game;

/// A policy for PUCT: prior probabilities of the legal plies of a
/// position, written when a node is expanded.
///
/// ```
/// use abstracta_core::knowledge::NoKnowledge;
/// use abstracta_core::{toy::TicTacToe, Game, PlyBuf};
/// use mcts::{PolicySource, PriorsPolicy};
/// let game = TicTacToe::new(Default::default());
/// let mut plies = PlyBuf::new();
/// game.legal_plies(&mut plies);
/// let mut policy = Vec::new();
/// PriorsPolicy.policy(&NoKnowledge, &game, &plies, &mut policy);
/// // No priors: uniform.
/// assert!(policy.iter().all(|&p| (p - 1.0 / 9.0).abs() < 1e-6));
/// ```
pub trait PolicySource<G: Game, K>: Send + Sync {
    /// Writes into `out` (cleared first) one probability per ply of
    /// `plies` (the legal plies of `game`), summing to 1.
    fn policy(&self, knowledge: &K, game: &G, plies: &[G::Ply], out: &mut Vec<f32>);
}

/// The game's prior win rates (`Knowledge::ply_priors`) as a policy,
/// normalised to sum to 1 by [`normalise_priors`]; uniform for a game
/// that offers no priors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PriorsPolicy;

impl<G: Game, K: Knowledge<G> + Send + Sync> PolicySource<G, K> for PriorsPolicy {
    fn policy(&self, knowledge: &K, game: &G, plies: &[G::Ply], out: &mut Vec<f32>) {
        out.clear();
        out.resize(plies.len(), 0.5);
        if !knowledge.ply_priors(game, plies, out) {
            out.iter_mut().for_each(|p| *p = 0.5);
        }
        normalise_priors(out);
    }
}

/// Turns prior win rates (each in `[0, 1]`) into probabilities in
/// proportion to them. A NaN or negative value counts as 0; if nothing is
/// left (all 0), the result is uniform.
///
/// ```
/// let mut p = [0.2, 0.6, f32::NAN];
/// mcts::normalise_priors(&mut p);
/// assert_eq!(p, [0.25, 0.75, 0.0]);
/// ```
pub fn normalise_priors(priors: &mut [f32]) {
    let mut sum = 0.0f32;
    for p in priors.iter_mut() {
        if p.is_nan() || *p < 0.0 {
            *p = 0.0;
        }
        sum += *p;
    }
    if sum > 0.0 && sum.is_finite() {
        priors.iter_mut().for_each(|p| *p /= sum);
    } else if !priors.is_empty() {
        let uniform = 1.0 / priors.len() as f32;
        priors.iter_mut().for_each(|p| *p = uniform);
    }
}
