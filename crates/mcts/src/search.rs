//! The search itself: workers running select / expand / playout / backup
//! over a shared [`Tree`].

use abstracta_core::time::Instant;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use abstracta_core::knowledge::SearchKnowledge;
use abstracta_core::{Claims, Game, PlyBuf, Seat};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::childmap::{credit_mapped, SlotOrder, MAP_MIN_CHILDREN};
use crate::points::{for_seat, proof_of, proof_points, status_points};
use crate::policy::PlayoutPolicy;
use crate::puct::{PolicySource, PriorsPolicy};
use crate::rave_pool::Pools;
use crate::standing::StandingChoices;
use crate::tree::{
    flip_proof, seat_code, Reserve, Tree, EXPANDED, EXPANDING, NO_AMAF, NO_MAP, PROVEN_DRAW, PROVEN_LOSS,
    PROVEN_WIN, UNEXPANDED, UNPROVEN,
};
use crate::{Mast, MctsOptions, Select, StopHandle};

mod expand;
mod shared;
mod variants;

pub(crate) use shared::Shared;

/// No node (a GRAVE reference not found yet).
const NO_NODE: u32 = u32::MAX;

/// The per-thread part of a search: random generator and reused buffers.
pub(crate) struct Worker<G: Game> {
    /// The worker's index among the search's threads (0 for the first).
    index: u32,
    rng: SmallRng,
    path: Vec<u32>,
    /// Per path node: whether it has a child proven drawn, so the mover
    /// there gets at least a draw.
    floors: Vec<bool>,
    /// Set by `select` when it saw a child proven drawn.
    draw_floor: bool,
    plies: PlyBuf<G::Ply>,
    /// The forced plies of the current position, when there are any.
    forced: PlyBuf<G::Ply>,
    /// The priors of `plies`, at expansion.
    priors: Vec<f32>,
    /// Per seat, the AMAF indices played later in the current iteration.
    amaf: [Vec<u64>; 2],
    /// The slot order of the plies at expansion, with RAVE.
    order: SlotOrder<G::Ply>,
    /// The RAVE pools of the current playout (`pool=K`).
    pools: Pools<G::Ply>,
    /// Nodes and child-map words taken from the tree for this worker's
    /// expansions (several threads on one tree).
    reserve: Reserve,
    /// This worker's standing choices (`rescan=N`), taken from the tree
    /// for the search and given back after it.
    standing: StandingChoices,
    /// The action history (MAST, Progressive History): per seat and
    /// claimed cell, the iterations in which the seat claimed it and
    /// their half points for the seat. Each worker keeps its own.
    history: [Vec<(u64, u64)>; 2],
    /// The (seat, cell) claims of the current iteration, for the history.
    played: Vec<(u8, u32)>,
    /// The legal plies of a MAST playout ply, and their weights.
    legal: PlyBuf<G::Ply>,
    weights: Vec<f64>,
    /// GRAVE: per seat to move, the closest node of the current path with
    /// enough visits ([`NO_NODE`]: none yet), and the one the next
    /// selection borrows its RAVE statistics from.
    grave_refs: [u32; 2],
    grave_source: u32,
    /// GRAVE: the RAVE statistics of `grave_source`'s children by slot,
    /// valid where the slot's stamp is `grave_stamp`.
    grave_table: Vec<(u32, u32)>,
    grave_stamps: Vec<u32>,
    grave_stamp: u32,
    pub iterations: u64,
    pub max_depth: u32,
    /// The time manager of a search under a clock, with the search's start
    /// (on one worker only: it stops the others through `done`).
    pub clock: Option<(Instant, crate::clock::Manager)>,
}

/// How an iteration's leaf was scored.
enum Leaf {
    /// Exact result (terminal or proven), half points for the first seat.
    Exact(u64),
    /// A playout's result, half points for the first seat.
    Playout(u64),
}

impl<G: Game> Worker<G> {
    pub fn new(index: usize, seed: u64, slots: usize) -> Self {
        let words = slots.div_ceil(64);
        Worker {
            index: index as u32,
            rng: SmallRng::seed_from_u64(seed),
            path: Vec::with_capacity(256),
            floors: Vec::with_capacity(256),
            draw_floor: false,
            plies: PlyBuf::new(),
            forced: PlyBuf::new(),
            priors: Vec::new(),
            amaf: [vec![0; words], vec![0; words]],
            order: SlotOrder::default(),
            pools: Pools::default(),
            standing: StandingChoices::default(),
            reserve: Reserve::default(),
            history: [Vec::new(), Vec::new()],
            played: Vec::new(),
            legal: PlyBuf::new(),
            weights: Vec::new(),
            grave_refs: [NO_NODE; 2],
            grave_source: NO_NODE,
            grave_table: Vec::new(),
            grave_stamps: Vec::new(),
            grave_stamp: 0,
            iterations: 0,
            max_depth: 0,
            clock: None,
        }
    }

    /// Runs iterations until the budget, the deadline, a stop request or a
    /// proven root ends the search.
    pub fn run<K: SearchKnowledge<G>, Pol: PlayoutPolicy<G>>(&mut self, sh: &Shared<'_, G, K, Pol>) {
        let mut n: u64 = 0;
        let mut claimed: u64 = 0;
        if sh.history {
            for seat in &mut self.history {
                seat.resize(sh.slots, (0, 0));
            }
        }
        if sh.grave_ref > 0 {
            self.grave_table.resize(sh.slots, (0, 0));
            self.grave_stamps.resize(sh.slots, 0);
        }
        if sh.rescan > 0 {
            self.standing = sh.tree.take_standing(self.index as usize);
        }
        loop {
            if sh.done.load(Ordering::Relaxed) || sh.stop.stop_requested() {
                break;
            }
            if let Some(deadline) = sh.deadline {
                // Not before the first iterations: a search under a clock
                // that is nearly out still expands its root and chooses.
                if n % 8 == 0 && n > 0 {
                    let now = Instant::now();
                    let managed = self
                        .clock
                        .as_mut()
                        .is_some_and(|(start, m)| m.check(*start, now, sh.tree));
                    if managed || now >= deadline {
                        sh.done.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            }
            if let Some(budget) = sh.budget {
                if claimed == 0 {
                    // Claim a few iterations at a time: one shared counter
                    // update per batch, not per iteration.
                    let first = sh.claim_iterations();
                    claimed = budget.saturating_sub(first).min(sh.batch);
                    if claimed == 0 {
                        break;
                    }
                }
                claimed -= 1;
            }
            self.iterate(sh);
            n += 1;
            if sh.root_proven() {
                sh.done.store(true, Ordering::Relaxed);
            }
        }
        self.iterations += n;
        sh.tree.release(&mut self.reserve);
        if sh.rescan > 0 {
            sh.tree
                .put_standing(self.index as usize, std::mem::take(&mut self.standing));
        }
    }

    /// One iteration: select, expand, play out, back up.
    fn iterate<K: SearchKnowledge<G>, Pol: PlayoutPolicy<G>>(&mut self, sh: &Shared<'_, G, K, Pol>) {
        let tree = sh.tree;
        let opts = sh.opts;
        let mut state = sh.root_state.clone();
        self.path.clear();
        self.floors.clear();
        let mut idx = tree.root;
        // The virtual visits (prior) node `idx` started with.
        let mut prior_here = 0;
        self.path.push(idx);
        self.floors.push(false);
        self.grave_refs = [NO_NODE; 2];
        let leaf = loop {
            let node = tree.node(idx);
            if opts.solver {
                let proof = node.proof();
                if proof != UNPROVEN {
                    break Leaf::Exact(proof_points(proof, node.mover()));
                }
            }
            if !node.is_expanded() {
                let is_root = self.path.len() == 1;
                // The node's visits include this one (counted on the way
                // down, as `virtual_loss` visits): it has `visits - 1`
                // others, besides its prior.
                let real = node
                    .visits()
                    .saturating_sub(prior_here)
                    .saturating_sub(sh.virtual_loss - 1);
                if (is_root || real > opts.expand_visits.max(1)) && !tree.is_full() {
                    match self.expand(sh, idx, &state) {
                        Expansion::Expanded => continue,
                        Expansion::Terminal => {
                            let points = status_points(state.status());
                            if opts.solver {
                                node.set_proof(proof_of(points, node.mover()));
                            }
                            break Leaf::Exact(points);
                        }
                        Expansion::NotNow => {}
                    }
                }
                if sh.pool_size > 0 {
                    self.fill_pools(sh);
                }
                break self.playout(sh, &mut state, idx);
            }
            if sh.grave_ref > 0 {
                self.grave_reference(sh, idx, prior_here);
            }
            let child = if sh.rave {
                self.select::<K, Pol, true>(sh, idx)
            } else {
                self.select::<K, Pol, false>(sh, idx)
            };
            prior_here = node.child_prior();
            *self.floors.last_mut().expect("path is not empty") = self.draw_floor;
            let c = tree.node(child);
            c.add_visit(sh.virtual_loss, sh.exclusive);
            if sh.history {
                let a = tree.amaf(child).load(Ordering::Relaxed);
                if a != NO_AMAF {
                    self.played.push((c.mover().index() as u8, a));
                }
            }
            state.play_unchecked(c.ply());
            self.path.push(child);
            self.floors.push(false);
            idx = child;
        };
        let (points, exact) = match leaf {
            Leaf::Exact(p) => (p, true),
            Leaf::Playout(p) => (p, false),
        };
        if sh.rave && K::CLAIMS == Claims::Revocable {
            self.held_amaf(sh.knowledge, sh.slots, &state);
        }
        if sh.history {
            self.update_history(points);
        }
        self.backup(sh, points);
        if exact && opts.solver {
            self.propagate_proofs(sh);
        }
        let depth = (self.path.len() - 1) as u32;
        self.max_depth = self.max_depth.max(depth);
    }

    /// The next playout ply: decisive, then forced (when in use), then one
    /// drawn from the mover's RAVE pool (when in use, by chance, and if
    /// legal), then the guided or policy ply.
    #[inline]
    fn playout_ply<K: SearchKnowledge<G>, Pol: PlayoutPolicy<G>>(
        &mut self,
        sh: &Shared<'_, G, K, Pol>,
        state: &G,
    ) -> Option<G::Ply> {
        if sh.decisive_playouts {
            if let Some(ply) = sh.knowledge.decisive_ply(state) {
                return Some(ply);
            }
            if sh.knowledge.forced_plies(state, &mut self.forced) && !self.forced.is_empty() {
                return Some(self.forced[self.rng.gen_range(0..self.forced.len())]);
            }
        }
        if sh.pool_size > 0 && self.rng.gen_bool(sh.pool_chance) {
            if let Some(ply) = self.pools.draw(state.to_move_seat(), &mut self.rng) {
                if state.is_legal(ply) {
                    return Some(ply);
                }
            }
        }
        if sh.mast != Mast::Off {
            return self.mast_ply(sh, state);
        }
        if sh.guided {
            sh.knowledge.guided_ply(state, &mut self.rng)
        } else {
            sh.policy.playout_ply(state, &mut self.rng)
        }
    }

    /// Sets the RAVE pools from the last two expanded nodes of the path
    /// (the leaf's parent and grandparent: one for each seat to move),
    /// ranking a node's children only when its pool is stale
    /// ([`Pools::refresh`]).
    fn fill_pools<K: SearchKnowledge<G>, Pol>(&mut self, sh: &Shared<'_, G, K, Pol>) {
        let n = self.path.len();
        let nodes = &self.path[n.saturating_sub(3)..n.saturating_sub(1)];
        self.pools.refresh(sh.tree, nodes, sh.pool_size);
    }

    /// Half points for the first seat from an evaluation `p` (the win
    /// probability of the side to move in `state`): 2p half points for the
    /// side to move, rounded to a neighbouring integer at random so that
    /// the mean is exact and the statistics stay integers.
    fn evaluation_points(&mut self, state: &G, p: f64) -> u64 {
        let h = (2.0 * p).clamp(0.0, 2.0);
        let low = h.floor();
        let mine = if self.rng.gen::<f64>() < h - low {
            low as u64 + 1
        } else {
            low as u64
        };
        for_seat(mine.min(2), state.to_move_seat())
    }

    /// UCT (+ RAVE, first-play urgency, proofs) choice of a child of `idx`;
    /// `RAVE` says whether the search uses RAVE (one loop for each, so that
    /// the loop without RAVE reads and computes nothing for it). With
    /// `rescan=N` the choice of the last scan stands, unproven, for a
    /// further `n / N` of the node's visits.
    #[inline(never)] // one call per iteration or level: keeps profiles readable
    fn select<K: SearchKnowledge<G>, Pol, const RAVE: bool>(
        &mut self,
        sh: &Shared<'_, G, K, Pol>,
        idx: u32,
    ) -> u32 {
        self.draw_floor = false;
        let tree = sh.tree;
        let opts = sh.opts;
        let node = tree.node(idx);
        let range = node.children();
        let parent_n = node.visits();
        let rescan = sh.rescan;
        // A choice stands for `n / rescan` visits, so nodes of fewer
        // visits never have one.
        let record = rescan > 0 && parent_n >= rescan;
        if record {
            if let Some((offset, draw_seen)) = self.standing.get(idx, parent_n) {
                let child = range.start + offset;
                // A proof found since the scan may change the choice.
                if !opts.solver || tree.node(child).proof() == UNPROVEN {
                    self.draw_floor = draw_seen;
                    return child;
                }
            }
        }
        let chosen = if sh.variant_scoring {
            self.score_variants(sh, idx, range.clone(), parent_n)
        } else if opts.solver {
            self.score_children::<K, Pol, RAVE, true>(sh, range.clone(), parent_n)
        } else {
            self.score_children::<K, Pol, RAVE, false>(sh, range.clone(), parent_n)
        };
        if record {
            let until = parent_n.saturating_add(parent_n / rescan);
            if until > parent_n {
                self.standing
                    .set(idx, until, chosen - range.start, self.draw_floor);
            }
        }
        chosen
    }

    /// Scores the children `range` of a node with `parent_n` visits and
    /// returns the best (see `select`); `SOLVER` says whether the search
    /// uses proofs (as `RAVE` does for RAVE: without them the loop reads
    /// no proof and adds no penalty, about a third of its instructions a
    /// child in plain UCT).
    #[inline(always)]
    fn score_children<K: SearchKnowledge<G>, Pol, const RAVE: bool, const SOLVER: bool>(
        &mut self,
        sh: &Shared<'_, G, K, Pol>,
        range: std::ops::Range<u32>,
        parent_n: u32,
    ) -> u32 {
        let tree = sh.tree;
        let opts = sh.opts;
        let log_n = f64::from(parent_n.max(1)).ln();
        let c = sh.exploration;
        let explore = c * log_n.sqrt();
        let inv_k = 1.0 / opts.rave_k;
        let mut best = range.start;
        let mut best_score = f64::NEG_INFINITY;
        for segment in tree.segments(range) {
            for (k, (ch, proof)) in segment.stats.iter().zip(segment.proofs).enumerate() {
                let i = segment.first + k as u32;
                let proof = if SOLVER {
                    proof.load(Ordering::Acquire)
                } else {
                    UNPROVEN
                };
                if SOLVER && proof == PROVEN_WIN {
                    return i;
                }
                let (n, wins) = ch.stats();
                let (rn, rwins) = if RAVE { ch.rave() } else { (0, 0) };
                let mut score = if n == 0 {
                    if rn > 0 {
                        let rq = f64::from(rwins) / (2.0 * f64::from(rn));
                        rq + explore
                    } else {
                        opts.fpu
                    }
                } else {
                    let nf = f64::from(n);
                    let w = f64::from(wins);
                    if RAVE {
                        // The mean, blended with the RAVE mean by
                        // beta = rn / (rn + n + rn n / k), over one common
                        // denominator: (1 - beta) w/2n + beta rw/2rn
                        //   = (w (1 + rn/k) + rw) / 2 (rn + n + rn n / k).
                        // Without RAVE visits (rn = rw = 0) this is exactly
                        // w / 2n, so the RAVE loop needs no branch for them.
                        // (Kept as two divisions: over one denominator the
                        // rounding differs, and RAVE statistics of small
                        // integers give exact ties often enough that the
                        // defaults then chose differently.)
                        let rnf = f64::from(rn);
                        let a = rnf * inv_k;
                        (w * (1.0 + a) + f64::from(rwins)) / (2.0 * (rnf + nf + a * nf)) + explore / nf.sqrt()
                    } else {
                        // w / 2n + explore / sqrt(n) over one denominator,
                        // (w/2 + explore sqrt(n)) / n: one division a child
                        // instead of two (divisions and square roots share
                        // one slow unit of the core). The forms differ in
                        // rounding only: children of equal statistics tie
                        // in both, and others would need scores within a
                        // few units in the last place to be chosen
                        // differently (the searches checked in
                        // docs/speed.md were all the same).
                        (0.5 * w + explore * nf.sqrt()) / nf
                    }
                };
                if SOLVER {
                    score += self.proof_penalty(proof);
                }
                if score > best_score {
                    best_score = score;
                    best = i;
                }
            }
        }
        best
    }

    /// What a child's proof takes off its selection score: it never
    /// chooses a child proven lost, and a known draw, which teaches
    /// nothing, only after the unproven siblings (which may still win);
    /// the backup then counts at least a draw from this node up (see
    /// `floors`).
    #[inline]
    fn proof_penalty(&mut self, proof: u8) -> f64 {
        if proof == PROVEN_LOSS {
            -1e9
        } else if proof == PROVEN_DRAW {
            self.draw_floor = true;
            -1e8
        } else {
            0.0
        }
    }

    /// Plays out from `state` (the position of leaf `idx`).
    #[inline(never)] // one call per iteration or level: keeps profiles readable
    fn playout<K: SearchKnowledge<G>, Pol: PlayoutPolicy<G>>(
        &mut self,
        sh: &Shared<'_, G, K, Pol>,
        state: &mut G,
        idx: u32,
    ) -> Leaf {
        let status = state.status();
        if status.is_finished() {
            let points = status_points(status);
            if sh.opts.solver {
                let node = sh.tree.node(idx);
                node.set_proof(proof_of(points, node.mover()));
            }
            return Leaf::Exact(points);
        }
        if sh.plain_playouts {
            // The loop below with nothing in use but the policy: the same
            // plies, without its per-ply tests (about 25 instructions a
            // ply, 5-9% of a plain search's in Escabel and Ecalper).
            while let Some(ply) = sh.policy.playout_ply(state, &mut self.rng) {
                state.play_unchecked(ply);
            }
            return Leaf::Playout(status_points(state.status()));
        }
        let cap = sh.opts.playout_cap.unwrap_or(u32::MAX);
        let mut plies = 0u32;
        while plies < cap {
            if sh.eval_after > 0 && plies >= sh.eval_after {
                if let Some(p) = sh.knowledge.evaluate(state) {
                    return Leaf::Playout(self.evaluation_points(state, p));
                }
            }
            let Some(ply) = self.playout_ply(sh, state) else {
                return Leaf::Playout(status_points(state.status()));
            };
            // Revocable claims: the end position says it all (see
            // `held_amaf`), so playouts record nothing for RAVE.
            let amaf = sh.rave && K::CLAIMS != Claims::Revocable;
            if amaf || sh.history {
                let s = state.to_move_seat().index();
                if let Some(a) = sh.knowledge.play_claiming(state, ply) {
                    if a < sh.slots {
                        if amaf {
                            self.amaf[s][a >> 6] |= 1 << (a & 63);
                        }
                        if sh.history {
                            self.played.push((s as u8, a as u32));
                        }
                    }
                }
            } else {
                state.play_unchecked(ply);
            }
            plies += 1;
        }
        let status = state.status();
        Leaf::Playout(if status.is_finished() {
            status_points(status)
        } else {
            1
        })
    }

    /// Adds the result to every node of the path (and the RAVE statistics
    /// of their children), completing the visits counted on the way down.
    #[inline(never)] // one call per iteration or level: keeps profiles readable
    fn backup<K: SearchKnowledge<G>, Pol>(&mut self, sh: &Shared<'_, G, K, Pol>, mut points: u64) {
        let tree = sh.tree;
        let root = tree.root;
        for (&i, &floor) in self.path.iter().zip(&self.floors).rev() {
            let node = tree.node(i);
            let mover = node.mover();
            if floor {
                // The seat to move here has a proven draw in hand.
                let range = node.children();
                let m = tree.node(range.start).mover();
                points = for_seat(for_seat(points, m).max(1), m);
            }
            if i == root {
                node.add_result(for_seat(points, mover), sh.exclusive);
            } else {
                node.add_points(for_seat(points, mover), sh.virtual_loss, sh.exclusive);
            }
            if sh.rave {
                let range = node.children();
                let map = node.child_map();
                if !range.is_empty() && map != NO_MAP {
                    let child_mover = tree.node(range.start).mover();
                    let bits = &self.amaf[child_mover.index()];
                    credit_mapped(tree, range, map, bits, for_seat(points, child_mover));
                } else if !range.is_empty() {
                    let child_mover = tree.node(range.start).mover();
                    let bits = &self.amaf[child_mover.index()];
                    let reward = for_seat(points, child_mover);
                    for segment in tree.segments(range) {
                        for (ch, a) in segment.stats.iter().zip(segment.amaf) {
                            let a = a.load(Ordering::Relaxed);
                            if a != NO_AMAF && bits[(a >> 6) as usize] & (1 << (a & 63)) != 0 {
                                ch.add_rave(reward);
                            }
                        }
                    }
                }
                // With revocable claims the sets hold every slot held at
                // the end already (see `held_amaf`).
                let a = tree.amaf(i).load(Ordering::Relaxed);
                if a != NO_AMAF && i != root && K::CLAIMS != Claims::Revocable {
                    self.amaf[mover.index()][(a >> 6) as usize] |= 1 << (a & 63);
                }
            }
        }
        if sh.rave {
            for bits in &mut self.amaf {
                bits.fill(0);
            }
        }
    }

    /// Sets each seat's AMAF set to the slots (below `slots`) that seat
    /// holds at the end (`end`), for games whose claims are revocable.
    ///
    /// The RAVE statistics of a child count the iterations in which its
    /// mover claimed the child's slot later on the path or in the playout
    /// and still held it at the end. With revocable claims a seat comes to
    /// hold a cell only by claiming it, and no legal ply claims a cell its
    /// mover holds already (`Claims::Revocable`), so for the children of
    /// any node on the path "held at the end" is that same test: one mask
    /// per iteration instead of a lookup per playout ply and path node.
    fn held_amaf<K: SearchKnowledge<G>>(&mut self, knowledge: &K, slots: usize, end: &G) {
        for (bits, seat) in self.amaf.iter_mut().zip([Seat::First, Seat::Second]) {
            bits.fill(u64::MAX);
            if let Some(last) = bits.last_mut() {
                if slots % 64 != 0 {
                    *last = (1 << (slots % 64)) - 1;
                }
            }
            knowledge.retain_held_cells(end, seat, bits);
        }
    }

    /// After an exact leaf: proves ancestors whose value is now known.
    fn propagate_proofs<K: SearchKnowledge<G>, Pol>(&mut self, sh: &Shared<'_, G, K, Pol>) {
        let tree = sh.tree;
        for w in (0..self.path.len() - 1).rev() {
            let parent = tree.node(self.path[w]);
            let child = tree.node(self.path[w + 1]);
            let cp = child.proof();
            if cp == UNPROVEN {
                return;
            }
            if parent.proof() != UNPROVEN {
                continue;
            }
            let m = child.mover();
            let value = if cp == PROVEN_WIN {
                PROVEN_WIN
            } else {
                let mut best = PROVEN_LOSS;
                for c in parent.children() {
                    let p = tree.node(c).proof();
                    if p == UNPROVEN {
                        return;
                    }
                    best = best.max(p);
                }
                best
            };
            let proof = if parent.mover() == m {
                value
            } else {
                flip_proof(value)
            };
            parent.set_proof(proof);
        }
    }
}

enum Expansion {
    Expanded,
    Terminal,
    NotNow,
}
