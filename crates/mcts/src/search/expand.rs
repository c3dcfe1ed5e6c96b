//! Expansion: a node's children made once by the thread that claims it,
//! with their plies, priors (the game's or a policy's), child maps and
//! the knowledge's pruning.

use super::*;

impl<G: Game> Worker<G> {
    /// Tries to expand node `idx` (whose position is `state`).
    #[inline(never)] // one call per iteration or level: keeps profiles readable
    pub(super) fn expand<K: SearchKnowledge<G>, Pol>(
        &mut self,
        sh: &Shared<'_, G, K, Pol>,
        idx: u32,
        state: &G,
    ) -> Expansion {
        let tree = sh.tree;
        let node = tree.node(idx);
        let claimed = if sh.exclusive {
            // No other worker can claim it meanwhile: no compare-and-swap.
            match node.state.load(Ordering::Acquire) {
                UNEXPANDED => {
                    node.state.store(EXPANDING, Ordering::Relaxed);
                    Ok(UNEXPANDED)
                }
                now => Err(now),
            }
        } else {
            node.state
                .compare_exchange(UNEXPANDED, EXPANDING, Ordering::Acquire, Ordering::Relaxed)
        };
        if let Err(now) = claimed {
            return if now == EXPANDED {
                Expansion::Expanded
            } else {
                Expansion::NotNow
            };
        }
        self.expansion_plies(sh, state);
        if self.plies.is_empty() {
            node.state.store(UNEXPANDED, Ordering::Release);
            return Expansion::Terminal;
        }
        let first = if sh.reserve {
            tree.alloc_reserved(&mut self.reserve, self.plies.len())
        } else {
            tree.alloc(self.plies.len())
        };
        let Some(first) = first else {
            node.state.store(UNEXPANDED, Ordering::Release);
            return Expansion::NotNow;
        };
        let mover = seat_code(state.to_move_seat());
        let mapped = sh.rave && self.order.apply(&mut self.plies, sh.slots, state, sh.knowledge);
        for (k, &ply) in self.plies.iter().enumerate() {
            let child = tree.node(first + k as u32);
            child.ply.set(ply);
            child.mover.store(mover, Ordering::Relaxed);
            let amaf = if sh.rave {
                self.order.slots[k]
            } else if sh.history {
                // Progressive History and the history's record of tree
                // plies name children by the cell they claim.
                sh.knowledge
                    .claimed_cell(state, ply)
                    .filter(|&a| a < sh.slots)
                    .map_or(NO_AMAF, |a| a as u32)
            } else {
                NO_AMAF
            };
            tree.amaf(first + k as u32).store(amaf, Ordering::Relaxed);
        }
        if sh.prior_visits > 0 {
            self.set_priors(sh, idx, state, first);
        }
        if sh.puct {
            sh.policy_source
                .policy(sh.knowledge, state, &self.plies, &mut self.priors);
            for (k, &p) in self.priors.iter().enumerate().take(self.plies.len()) {
                let p = if p.is_finite() { p.clamp(0.0, 1.0) } else { 0.0 };
                tree.set_policy(first + k as u32, p);
            }
        }
        let n = self.plies.len();
        if mapped && n >= sh.map_min_children && n <= crate::tree::CHUNK {
            let words = self.order.claimed.len();
            let start = if sh.reserve {
                tree.alloc_map_reserved(&mut self.reserve, words)
            } else {
                tree.alloc_map(words)
            };
            if let Some(start) = start {
                for (to, &word) in tree.map(start).iter().zip(&self.order.claimed) {
                    to.store(word, Ordering::Relaxed);
                }
                node.map.store(start, Ordering::Relaxed);
            }
        }
        node.first_child.store(first, Ordering::Relaxed);
        node.num_children
            .store(self.plies.len() as u32, Ordering::Relaxed);
        node.state.store(EXPANDED, Ordering::Release);
        Expansion::Expanded
    }

    /// Seeds the new children `first..` (one per ply of `self.plies`) of
    /// node `idx`, whose position is `state`, with the game's priors, if it offers any: each starts
    /// with `prior_visits` virtual visits at its prior win rate, and the
    /// node records that count so reports and expansion can tell virtual
    /// visits from real ones.
    pub(super) fn set_priors<K: SearchKnowledge<G>, Pol>(
        &mut self,
        sh: &Shared<'_, G, K, Pol>,
        idx: u32,
        state: &G,
        first: u32,
    ) {
        let n = self.plies.len();
        self.priors.clear();
        self.priors.resize(n, 0.5);
        if !sh.knowledge.ply_priors(state, &self.plies, &mut self.priors) {
            return;
        }
        let tree = sh.tree;
        let visits = sh.prior_visits;
        let scale = 2.0 * visits as f32;
        for (k, &p) in self.priors.iter().enumerate() {
            // A NaN prior (a game's bug) counts as no opinion.
            let p = if p.is_nan() { 0.5 } else { p.clamp(0.0, 1.0) };
            let points = (p * scale).round() as u32;
            tree.node(first + k as u32).stats.set_prior(visits, points);
        }
        // At most MAX_PRIOR_VISITS (see `prior_visits_for`), so it fits.
        let visits = u16::try_from(visits).unwrap_or(u16::MAX);
        tree.node(idx).prior.store(visits, Ordering::Relaxed);
    }

    /// Writes the plies to make children for into `self.plies`: every legal
    /// ply, or with decisive plies in use only a decisive ply, or only the
    /// forced plies (the others lose at once, so the node's value does not
    /// change without them).
    pub(super) fn expansion_plies<K: SearchKnowledge<G>, Pol>(
        &mut self,
        sh: &Shared<'_, G, K, Pol>,
        state: &G,
    ) {
        if sh.decisive_tree {
            if let Some(ply) = sh.knowledge.decisive_ply(state) {
                self.plies.clear();
                self.plies.push(ply);
                return;
            }
            if sh.knowledge.forced_plies(state, &mut self.forced) && !self.forced.is_empty() {
                std::mem::swap(&mut self.plies, &mut self.forced);
                return;
            }
        }
        state.legal_plies(&mut self.plies);
    }
}
