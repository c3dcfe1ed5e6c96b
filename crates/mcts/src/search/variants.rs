//! The literature's variants of the search, each off by default: GRAVE's
//! reference nodes, the action history that MAST playouts and Progressive
//! History read, and the selection that scores them (with PUCT).

use super::*;

impl<G: Game> Worker<G> {
    /// GRAVE: at the expanded node `idx` (which started with `prior`
    /// virtual visits), makes it the reference of its seat to move if it
    /// has enough real visits, and sets the node the selection takes RAVE
    /// statistics from: the seat's reference, else `idx` itself.
    pub(super) fn grave_reference<K: SearchKnowledge<G>, Pol>(
        &mut self,
        sh: &Shared<'_, G, K, Pol>,
        idx: u32,
        prior: u32,
    ) {
        let tree = sh.tree;
        let node = tree.node(idx);
        let range = node.children();
        if range.is_empty() {
            self.grave_source = idx;
            return;
        }
        let seat = tree.node(range.start).mover().index();
        if node.visits().saturating_sub(prior) >= sh.grave_ref {
            self.grave_refs[seat] = idx;
        }
        self.grave_source = match self.grave_refs[seat] {
            NO_NODE => idx,
            r => r,
        };
    }

    /// Adds the current iteration's result (`points`, half points for the
    /// first seat) to the action history of every (seat, cell) claim the
    /// iteration made, and forgets the claims.
    pub(super) fn update_history(&mut self, points: u64) {
        for &(seat, a) in &self.played {
            let seat = crate::tree::code_seat(seat);
            if let Some(h) = self.history[seat.index()].get_mut(a as usize) {
                h.0 += 1;
                h.1 += for_seat(points, seat);
            }
        }
        self.played.clear();
    }

    /// The action history's value of `ply` for the seat to move in
    /// `state` (`history`: that seat's): the seat's average reward, from
    /// 0 to 1, in the iterations that claimed the ply's cell; 1 (to try
    /// it) for a cell never claimed, 0.5 for a ply that claims none.
    #[inline]
    pub(super) fn history_value<K: SearchKnowledge<G>>(
        knowledge: &K,
        slots: usize,
        history: &[(u64, u64)],
        state: &G,
        ply: G::Ply,
    ) -> f64 {
        match knowledge.claimed_cell(state, ply).filter(|&a| a < slots) {
            Some(a) => match history[a] {
                (0, _) => 1.0,
                (n, points) => points as f64 / (2.0 * n as f64),
            },
            None => 0.5,
        }
    }

    /// A MAST playout ply (Finnsson and Björnsson 2008): drawn from the
    /// legal plies of `state` by their history values
    /// ([`Worker::history_value`]), with probabilities
    /// `exp(value / mastt)` (Gibbs sampling), or the best value (ties at
    /// random) unless a uniform draw, with the chance `maste`, comes
    /// first. `None` when there is no legal ply.
    pub(super) fn mast_ply<K: SearchKnowledge<G>, Pol>(
        &mut self,
        sh: &Shared<'_, G, K, Pol>,
        state: &G,
    ) -> Option<G::Ply> {
        state.legal_plies(&mut self.legal);
        let n = self.legal.len();
        if n == 0 {
            return None;
        }
        let history = &self.history[state.to_move_seat().index()];
        if sh.mast == Mast::Greedy {
            if self.rng.gen_bool(sh.mast_epsilon) {
                return Some(self.legal[self.rng.gen_range(0..n)]);
            }
            let mut best = f64::NEG_INFINITY;
            let mut pick = 0;
            let mut ties = 0u32;
            for (i, &ply) in self.legal.iter().enumerate() {
                let v = Self::history_value(sh.knowledge, sh.slots, history, state, ply);
                if v > best {
                    best = v;
                    pick = i;
                    ties = 1;
                } else if v == best {
                    ties += 1;
                    if self.rng.gen_range(0..ties) == 0 {
                        pick = i;
                    }
                }
            }
            return Some(self.legal[pick]);
        }
        self.weights.clear();
        let mut top = f64::NEG_INFINITY;
        for &ply in self.legal.iter() {
            let v = Self::history_value(sh.knowledge, sh.slots, history, state, ply);
            top = top.max(v);
            self.weights.push(v);
        }
        // Shifted by the top value, so exp never overflows.
        let inv_t = 1.0 / sh.mast_temperature;
        let mut sum = 0.0;
        for w in &mut self.weights {
            *w = ((*w - top) * inv_t).exp();
            sum += *w;
        }
        let mut r = self.rng.gen::<f64>() * sum;
        for (i, &w) in self.weights.iter().enumerate() {
            if r < w {
                return Some(self.legal[i]);
            }
            r -= w;
        }
        // Rounding left a sliver of `sum` unassigned: the last ply.
        Some(self.legal[n - 1])
    }

    /// Scores the children `range` of node `idx` (with `parent_n` visits)
    /// as `score_children` does, with the variants of the options: RAVE
    /// statistics borrowed from the GRAVE reference, a Progressive
    /// History bonus, PUCT instead of UCT. Slower than `score_children`,
    /// which searches without these options keep.
    pub(super) fn score_variants<K: SearchKnowledge<G>, Pol>(
        &mut self,
        sh: &Shared<'_, G, K, Pol>,
        idx: u32,
        range: std::ops::Range<u32>,
        parent_n: u32,
    ) -> u32 {
        let tree = sh.tree;
        let opts = sh.opts;
        let borrowed =
            sh.rave && sh.grave_ref > 0 && self.grave_source != idx && self.grave_source != NO_NODE;
        if borrowed {
            self.load_grave_table(sh);
        }
        let log_n = f64::from(parent_n.max(1)).ln();
        let explore = sh.exploration * log_n.sqrt();
        let puct_scale = sh.cpuct * f64::from(parent_n.max(1)).sqrt();
        let inv_k = 1.0 / opts.rave_k;
        let seat = if range.is_empty() {
            0
        } else {
            tree.node(range.start).mover().index()
        };
        let mut best = range.start;
        let mut best_score = f64::NEG_INFINITY;
        for segment in tree.segments(range) {
            for (k, ((ch, proof), slot)) in segment
                .stats
                .iter()
                .zip(segment.proofs)
                .zip(segment.amaf)
                .enumerate()
            {
                let i = segment.first + k as u32;
                let proof = if opts.solver {
                    proof.load(Ordering::Acquire)
                } else {
                    UNPROVEN
                };
                if proof == PROVEN_WIN {
                    return i;
                }
                let slot = slot.load(Ordering::Relaxed);
                let (n, wins) = ch.stats();
                let (rn, rwins) = if !sh.rave {
                    (0, 0)
                } else if borrowed {
                    match slot {
                        NO_AMAF => (0, 0),
                        a if self.grave_stamps.get(a as usize) == Some(&self.grave_stamp) => {
                            self.grave_table[a as usize]
                        }
                        _ => (0, 0),
                    }
                } else {
                    ch.rave()
                };
                let nf = f64::from(n);
                let w = f64::from(wins);
                // The mean blended with the RAVE mean, as in `score_children`.
                let q = if n == 0 {
                    (rn > 0).then(|| f64::from(rwins) / (2.0 * f64::from(rn)))
                } else {
                    let rnf = f64::from(rn);
                    let a = rnf * inv_k;
                    Some((w * (1.0 + a) + f64::from(rwins)) / (2.0 * (rnf + nf + a * nf)))
                };
                let mut score = if sh.puct {
                    q.unwrap_or(0.5) + puct_scale * f64::from(tree.policy(i)) / (1.0 + nf)
                } else {
                    match q {
                        None => opts.fpu,
                        Some(q) if n == 0 => q + explore,
                        Some(q) => q + explore / nf.sqrt(),
                    }
                };
                if sh.history_weight > 0.0 && slot != NO_AMAF {
                    if let Some(&(hn, hp)) = self.history[seat].get(slot as usize) {
                        if hn > 0 {
                            // Nijssen and Winands: W * H / (n (1 - mean) + 1),
                            // that is the losses (draws half) plus one.
                            let h = hp as f64 / (2.0 * hn as f64);
                            let losses = (nf - w / 2.0).max(0.0);
                            score += sh.history_weight * h / (losses + 1.0);
                        }
                    }
                }
                score += self.proof_penalty(proof);
                if score > best_score {
                    best_score = score;
                    best = i;
                }
            }
        }
        best
    }

    /// GRAVE: loads the RAVE statistics of the children of `grave_source`
    /// into the table by slot, under a new stamp.
    pub(super) fn load_grave_table<K: SearchKnowledge<G>, Pol>(&mut self, sh: &Shared<'_, G, K, Pol>) {
        self.grave_stamp = self.grave_stamp.wrapping_add(1);
        if self.grave_stamp == 0 {
            // After 2^32 loads: old stamps could match again.
            self.grave_stamps.fill(0);
            self.grave_stamp = 1;
        }
        let tree = sh.tree;
        for segment in tree.segments(tree.node(self.grave_source).children()) {
            for (ch, slot) in segment.stats.iter().zip(segment.amaf) {
                let a = slot.load(Ordering::Relaxed) as usize;
                if a < self.grave_table.len() {
                    self.grave_table[a] = ch.rave();
                    self.grave_stamps[a] = self.grave_stamp;
                }
            }
        }
    }
}
