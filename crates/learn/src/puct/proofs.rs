//! What the game's knowledge and exact results add to the tree
//! (`solver=on`, `decisive=on`, `vmix`, `pmix`): proven values and their
//! backup, known values of new positions, the root's plies, and the
//! game's evaluation and priors mixed into the evaluator's.

use super::*;

impl<G: Game> PuctSearch<G> {
    /// `node`'s proven value for `seat`, if proven.
    pub(super) fn proof_for(&self, node: usize, seat: Seat) -> Option<f32> {
        let n = &self.nodes[node];
        n.proof.map(|v| if n.mover == seat { v } else { -v })
    }

    /// Makes `node` a node with nothing below it, its exact `value` for
    /// `seat`; with the solver on, a proof passed on to its ancestors.
    pub(super) fn settle(&mut self, node: usize, seat: Seat, value: f32) {
        let n = &mut self.nodes[node];
        n.mover = seat;
        n.state = State::Terminal(value);
        if self.options.solver {
            n.proof = Some(value);
            self.prove_ancestors(node);
        }
    }

    /// Proves the ancestors of the newly proven `node` that its proof
    /// settles: a parent with a child won for its own mover is won, one
    /// whose children are all proven has the best of their values.
    pub(super) fn prove_ancestors(&mut self, mut node: usize) {
        loop {
            let parent = self.nodes[node].parent;
            if parent == NONE || self.nodes[parent as usize].proof.is_some() {
                return;
            }
            let parent = parent as usize;
            let mover = self.nodes[parent].mover;
            let mut best = f32::NEG_INFINITY;
            let mut all = true;
            for c in self.nodes[parent].children() {
                match self.proof_for(c, mover) {
                    Some(v) => best = best.max(v),
                    None => all = false,
                }
            }
            if best >= 1.0 || (all && best > f32::NEG_INFINITY) {
                self.nodes[parent].proof = Some(best);
                node = parent;
            } else {
                return;
            }
        }
    }

    /// The plies to make children for in `game` (not finished), written
    /// into `plies`, or the position's exact value for its seat to move
    /// when the game's knowledge settles it (`decisive=on`): 1 with a
    /// decisive ply, -1 when every ply loses at once. Where a threat
    /// leaves only a few replies, only those (the others lose at once, so
    /// the position's value is theirs).
    pub(super) fn known_value(&self, game: &G, plies: &mut PlyBuf<G::Ply>) -> Option<f32> {
        if let Some(knowledge) = self.knowledge.as_ref().filter(|_| self.options.decisive) {
            if knowledge.winning_ply(game).is_some() {
                return Some(1.0);
            }
            if knowledge.forced_replies(game, plies) {
                return if plies.is_empty() { Some(-1.0) } else { None };
            }
        }
        plies.clear();
        game.legal_plies(plies);
        None
    }

    /// The root's plies: only a decisive ply if the game knows one, only
    /// the forced replies if a threat leaves a few (`decisive=on`), else
    /// every legal ply (also when every ply loses: one must be played).
    pub(super) fn root_plies(&self, game: &G, plies: &mut PlyBuf<G::Ply>) {
        if let Some(knowledge) = self.knowledge.as_ref().filter(|_| self.options.decisive) {
            if let Some(ply) = knowledge.winning_ply(game) {
                plies.clear();
                plies.push(ply);
                return;
            }
            if knowledge.forced_replies(game, plies) && !plies.is_empty() {
                return;
            }
        }
        plies.clear();
        game.legal_plies(plies);
    }

    /// Mixes the game's own evaluation and priors into `evaluation` by
    /// `vmix` and `pmix`, where the game has them.
    pub(super) fn mix_knowledge(&self, game: &G, plies: &[G::Ply], evaluation: &mut Evaluation) {
        let Some(knowledge) = &self.knowledge else {
            return;
        };
        let (wv, wp) = (self.options.value_mix, self.options.policy_mix);
        if wv > 0.0 {
            if let Some(value) = knowledge.value(game) {
                evaluation.value = (1.0 - wv) * evaluation.value + wv * value;
            }
        }
        let mut priors = Vec::new();
        if wp > 0.0 && evaluation.policy.len() == plies.len() && knowledge.policy(game, plies, &mut priors) {
            for (p, k) in evaluation.policy.iter_mut().zip(priors) {
                *p = (1.0 - wp) * *p + wp * k;
            }
        }
    }
}
