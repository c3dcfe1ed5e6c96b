//! [`GumbelSearch`]: the `gumbel` family, the root search of Danihelka et
//! al., "Policy improvement by planning with Gumbel" (ICLR 2022), over an
//! [`Evaluator`].

use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use abstracta_core::rand::rngs::SmallRng;
use abstracta_core::rand::{Rng, SeedableRng};
use abstracta_core::search::{Budget, ChildStats, OptionError, Search, SearchResult, StopHandle};
use abstracta_core::{Game, PlyBuf, Seat};

use crate::evaluator::{Evaluation, Evaluator, Request, UniformEvaluator};
use crate::gumbel_options::{GumbelOptions, GumbelOptionsError, QNorm};
use crate::options::MAX_ITERS;

const NONE: u32 = u32::MAX;

/// One node: the position after `ply` from its parent. `value_sum` and
/// `value` are from the point of view of `mover` (the seat to move there;
/// for a finished game, the seat that played into it).
#[derive(Clone, Debug)]
struct Node<P> {
    ply: Option<P>,
    parent: u32,
    first_child: u32,
    child_count: u32,
    /// The log of the evaluator's prior for this ply.
    logit: f32,
    prior: f32,
    visits: u32,
    value_sum: f32,
    /// The evaluator's value of this position (for the mixed value).
    value: f32,
    mover: Seat,
    state: State,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    Leaf,
    Expanded,
    /// The game is over here: the value for `mover`.
    Terminal(f32),
}

impl<P> Node<P> {
    fn new(ply: Option<P>, parent: u32, prior: f32, mover: Seat) -> Node<P> {
        Node {
            ply,
            parent,
            first_child: NONE,
            child_count: 0,
            logit: prior.max(1e-12).ln(),
            prior,
            visits: 0,
            value_sum: 0.0,
            value: 0.0,
            mover,
            state: State::Leaf,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        if self.first_child == NONE {
            0..0
        } else {
            self.first_child as usize..(self.first_child + self.child_count) as usize
        }
    }
}

/// A walk from a root child waiting for its evaluation.
struct Pending<G: Game> {
    node: u32,
    game: G,
    plies: PlyBuf<G::Ply>,
}

fn terminal_value(status: abstracta_core::Status, seat: Seat) -> f32 {
    status.reward(seat).map_or(0.0, |r| 2.0 * r as f32 - 1.0)
}

/// A draw from the standard Gumbel distribution.
fn gumbel_draw<R: Rng>(rng: &mut R) -> f32 {
    let u: f64 = rng.gen_range(f64::EPSILON..1.0);
    -(-u.ln()).ln() as f32
}

/// The softmax of `logits`.
fn softmax(logits: &[f32]) -> Vec<f32> {
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    if !max.is_finite() {
        return vec![1.0 / logits.len().max(1) as f32; logits.len()];
    }
    let exps: Vec<f32> = logits.iter().map(|&l| (l - max).exp()).collect();
    let total: f32 = exps.iter().sum();
    exps.iter().map(|e| e / total).collect()
}

/// The `gumbel` family: Gumbel root search with sequential halving
/// (Danihelka, Guez, Schrittwieser and Silver, "Policy improvement by
/// planning with Gumbel", ICLR 2022), made for low simulation counts.
///
/// At the root, `k` plies are drawn without replacement by Gumbel-top-k
/// (the top `k` of `g(a) + logit(a)`, `g` a Gumbel draw); sequential
/// halving then spends the simulations in phases, each visiting every
/// remaining ply equally and keeping the better half by
/// `g(a) + logit(a) + σ(q̂(a))`, until one is left: the ply played. σ is the paper's
/// monotone transform `(cvisit + max_b N(b)) * cscale * q̂`, `q̂` the
/// completed Q-values (a visited child's mean, else the parent's mixed
/// value estimate) rescaled to `[0, 1]` over the node's children. Below
/// the root, simulations go to `argmax_a π'(a) - N(a) / (1 + Σ N)` with
/// the improved policy `π' = softmax(logit + σ(q̂))`: deterministic, so
/// the seed alone fixes the search. Each round of a phase walks once from
/// every remaining root ply, and the leaves reached (in distinct
/// subtrees) go to the evaluator as one batch.
///
/// The improved policy at the root ([`GumbelSearch::improved_policy`]) is
/// the training target of self-play; a search's children report their
/// real visit counts.
///
/// ```
/// use std::sync::Arc;
/// use abstracta_core::search::Search;
/// use abstracta_core::toy::TicTacToe;
/// use abstracta_core::Game;
/// use learn::{GumbelSearch, UniformEvaluator};
/// let mut search = GumbelSearch::<TicTacToe>::new("gumbel:iters=64".parse().unwrap(), Arc::new(UniformEvaluator));
/// let mut game = TicTacToe::new(Default::default());
/// game.play_list("a1 b1 a2 b2").unwrap(); // a3 wins at once
/// assert_eq!(search.search(&game, &[]).best.unwrap().to_string(), "a3");
/// ```
pub struct GumbelSearch<G: Game> {
    options: GumbelOptions,
    evaluator: Arc<dyn Evaluator<G>>,
    nodes: Vec<Node<G::Ply>>,
    rng: SmallRng,
    stop: StopHandle,
    failed: bool,
    /// The last search's improved policy over the root's plies.
    improved: Vec<(G::Ply, f32)>,
    /// The least and greatest Q-value (for the seat choosing) of any
    /// visited node of this search's tree, for `qnorm=tree`.
    tree_q: (f32, f32),
}

impl<G: Game> fmt::Debug for GumbelSearch<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GumbelSearch")
            .field("options", &self.options.to_string())
            .field("nodes", &self.nodes.len())
            .finish()
    }
}

impl<G: Game> GumbelSearch<G> {
    /// A search with `options` over `evaluator`.
    pub fn new(options: GumbelOptions, evaluator: Arc<dyn Evaluator<G>>) -> GumbelSearch<G> {
        GumbelSearch {
            rng: SmallRng::seed_from_u64(options.seed),
            options,
            evaluator,
            nodes: Vec::new(),
            stop: StopHandle::new(),
            failed: false,
            improved: Vec::new(),
            tree_q: (f32::INFINITY, f32::NEG_INFINITY),
        }
    }

    /// The options.
    pub fn options(&self) -> &GumbelOptions {
        &self.options
    }

    /// The improved policy `softmax(logit + σ(q̂))` over the root's plies
    /// after the last search (empty before any or for a finished game):
    /// the training target the paper gives.
    pub fn improved_policy(&self) -> &[(G::Ply, f32)] {
        &self.improved
    }

    fn evaluate(&mut self, requests: &[Request<'_, G>], out: &mut Vec<Evaluation>) {
        if let Err(error) = self.evaluator.evaluate(requests, out) {
            if !self.failed {
                eprintln!(
                    "gumbel: the evaluator {} failed ({error}); searching with uniform evaluations instead",
                    self.evaluator.name()
                );
                self.failed = true;
            }
            let _ = UniformEvaluator.evaluate(requests, out);
        }
    }

    fn expand(&mut self, node: u32, game: &G, plies: &[G::Ply], evaluation: &Evaluation) {
        let first = self.nodes.len() as u32;
        let mover = game.to_move_seat();
        for (i, &ply) in plies.iter().enumerate() {
            let prior = evaluation.policy.get(i).copied().unwrap_or(0.0);
            self.nodes.push(Node::new(Some(ply), node, prior, mover));
        }
        let n = &mut self.nodes[node as usize];
        n.first_child = first;
        n.child_count = plies.len() as u32;
        n.mover = mover;
        n.value = evaluation.value.clamp(-1.0, 1.0);
        n.state = State::Expanded;
    }

    fn backup(&mut self, leaf: u32, value: f32, seat: Seat) {
        let mut node = leaf;
        while node != NONE {
            let n = &mut self.nodes[node as usize];
            n.visits += 1;
            n.value_sum += if n.mover == seat { value } else { -value };
            node = n.parent;
        }
        // The path's Q-values changed: widen the tree's range by them.
        let mut node = leaf as usize;
        while self.nodes[node].parent != NONE {
            let parent = self.nodes[node].parent as usize;
            let q = self.q(parent, node);
            self.tree_q = (self.tree_q.0.min(q), self.tree_q.1.max(q));
            node = parent;
        }
    }

    /// `q` (a Q-value in `[-1, 1]`) mapped to `[0, 1]` by the `qnorm`
    /// option; `low` and `high` are the least and greatest completed
    /// Q-value among the node's children (for `qnorm=children`).
    fn normalize_q(&self, q: f32, low: f32, high: f32) -> f32 {
        let (low, high) = match self.options.q_norm {
            QNorm::Bounds => (-1.0, 1.0),
            QNorm::Tree => self.tree_q,
            QNorm::Children => (low, high),
        };
        if high > low {
            ((q - low) / (high - low)).clamp(0.0, 1.0)
        } else {
            // One value seen so far: nothing to tell the plies apart by.
            0.5
        }
    }

    /// Child `c`'s mean value for the seat to move at its parent `p`.
    fn q(&self, p: usize, c: usize) -> f32 {
        let child = &self.nodes[c];
        let mean = child.value_sum / child.visits.max(1) as f32;
        if child.mover == self.nodes[p].mover {
            mean
        } else {
            -mean
        }
    }

    /// σ(q̂) for each child of `p`: the completed Q-values (the mixed
    /// value for unvisited children) mapped to `[0, 1]` (by `qnorm`),
    /// times `(cvisit + max N) * cscale`.
    fn sigma_completed_q(&self, p: usize) -> Vec<f32> {
        let node = &self.nodes[p];
        let range = node.children();
        let (mut visits, mut visited_prior, mut weighted_q, mut max_visits) = (0u32, 0f32, 0f32, 0u32);
        for c in range.clone() {
            let child = &self.nodes[c];
            if child.visits > 0 {
                visits += child.visits;
                visited_prior += child.prior;
                weighted_q += child.prior * self.q(p, c);
                max_visits = max_visits.max(child.visits);
            }
        }
        // The paper's mixed value: the evaluator's value of p, mixed with
        // the prior-weighted mean of its visited children.
        let mixed = if visits > 0 && visited_prior > 0.0 {
            (node.value + visits as f32 * weighted_q / visited_prior) / (1.0 + visits as f32)
        } else {
            node.value
        };
        let completed: Vec<f32> = range
            .map(|c| {
                if self.nodes[c].visits > 0 {
                    self.q(p, c)
                } else {
                    mixed
                }
            })
            .collect();
        let low = completed.iter().copied().fold(f32::INFINITY, f32::min);
        let high = completed.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let factor = (self.options.c_visit + max_visits as f32) * self.options.c_scale;
        completed
            .iter()
            .map(|&q| factor * self.normalize_q(q, low, high))
            .collect()
    }

    /// The improved policy `softmax(logit + σ(q̂))` over `p`'s children.
    fn improved_at(&self, p: usize) -> Vec<f32> {
        let sigma = self.sigma_completed_q(p);
        let logits: Vec<f32> = self.nodes[p]
            .children()
            .zip(&sigma)
            .map(|(c, s)| self.nodes[c].logit + s)
            .collect();
        softmax(&logits)
    }

    /// The child below the root that the paper's deterministic rule
    /// picks: `argmax π'(a) - N(a) / (1 + Σ N)`.
    fn select_child(&self, p: usize) -> usize {
        let node = &self.nodes[p];
        let improved = self.improved_at(p);
        let total: u32 = node.children().map(|c| self.nodes[c].visits).sum();
        let mut best = (f32::NEG_INFINITY, node.first_child as usize);
        for (c, pi) in node.children().zip(improved) {
            let score = pi - self.nodes[c].visits as f32 / (1 + total) as f32;
            if score > best.0 {
                best = (score, c);
            }
        }
        best.1
    }

    /// Walks once from each root child in `from`, evaluates the leaves
    /// reached in one batch and backs their values up; returns the
    /// simulations done and the deepest depth.
    fn round(&mut self, root_game: &G, from: &[usize], out: &mut Vec<Evaluation>) -> (u64, u32) {
        let mut pending: Vec<Pending<G>> = Vec::new();
        let mut done = 0;
        let mut depth_max = 0;
        for &start in from {
            let mut node = start;
            let mut game = root_game.clone();
            game.play_unchecked(self.nodes[node].ply.expect("children have plies"));
            let mut depth = 1;
            while self.nodes[node].state == State::Expanded && self.nodes[node].child_count > 0 {
                node = self.select_child(node);
                game.play_unchecked(self.nodes[node].ply.expect("children have plies"));
                depth += 1;
            }
            depth_max = depth_max.max(depth);
            match self.nodes[node].state {
                State::Terminal(value) => {
                    let seat = self.nodes[node].mover;
                    self.backup(node as u32, value, seat);
                    done += 1;
                }
                State::Expanded => {
                    // No legal ply but not over: even.
                    let seat = self.nodes[node].mover;
                    self.backup(node as u32, 0.0, seat);
                    done += 1;
                }
                State::Leaf => {
                    let status = game.status();
                    if status.is_finished() {
                        let parent = self.nodes[node].parent as usize;
                        let seat = self.nodes[parent].mover;
                        let value = terminal_value(status, seat);
                        let n = &mut self.nodes[node];
                        n.mover = seat;
                        n.state = State::Terminal(value);
                        self.backup(node as u32, value, seat);
                        done += 1;
                    } else {
                        let mut plies = PlyBuf::new();
                        game.legal_plies(&mut plies);
                        pending.push(Pending {
                            node: node as u32,
                            game,
                            plies,
                        });
                    }
                }
            }
        }
        if !pending.is_empty() {
            let requests: Vec<Request<'_, G>> = pending
                .iter()
                .map(|p| Request {
                    game: &p.game,
                    plies: &p.plies,
                })
                .collect();
            self.evaluate(&requests, out);
            drop(requests);
            for (p, evaluation) in pending.iter().zip(out.iter()) {
                self.expand(p.node, &p.game, &p.plies, evaluation);
                let seat = p.game.to_move_seat();
                self.backup(p.node, evaluation.value.clamp(-1.0, 1.0), seat);
                done += 1;
            }
        }
        (done, depth_max)
    }
}

impl<G: Game> Search<G> for GumbelSearch<G> {
    fn family(&self) -> &'static str {
        "gumbel"
    }

    fn describe(&self) -> String {
        self.options.to_string()
    }

    fn search(&mut self, game: &G, _history: &[G::Ply]) -> SearchResult<G::Ply> {
        let started = Instant::now();
        self.improved.clear();
        if let Some(result) = SearchResult::if_finished(game, started.elapsed()) {
            return result;
        }
        self.stop.begin();
        self.nodes.clear();
        self.tree_q = (f32::INFINITY, f32::NEG_INFINITY);
        self.nodes.push(Node::new(None, NONE, 1.0, game.to_move_seat()));
        let mut out = Vec::new();
        let mut plies = PlyBuf::new();
        game.legal_plies(&mut plies);
        self.evaluate(&[Request { game, plies: &plies }], &mut out);
        let evaluation = out.pop().unwrap_or_default();
        self.expand(0, game, &plies, &evaluation);
        self.backup(0, evaluation.value.clamp(-1.0, 1.0), game.to_move_seat());
        let mut simulations = 1u64;
        let mut budget = self.options.simulation_budget();
        let deadline = self.options.time.map(|t| started + t);
        // A time-only budget plans from the speed of a first round (below).
        let time_only = self.options.iters.is_none() && deadline.is_some();
        let root_children: Vec<usize> = self.nodes[0].children().collect();
        // Gumbel-top-k: the k plies of highest g + logit.
        let scale = self.options.gumbel_scale;
        let gumbel: Vec<f32> = root_children
            .iter()
            .map(|_| scale * gumbel_draw(&mut self.rng))
            .collect();
        let base: Vec<f32> = root_children
            .iter()
            .zip(&gumbel)
            .map(|(&c, g)| g + self.nodes[c].logit)
            .collect();
        let mut order: Vec<usize> = (0..root_children.len()).collect();
        order.sort_by(|&a, &b| base[b].total_cmp(&base[a]).then(a.cmp(&b)));
        let mut sims = budget.saturating_sub(simulations);
        let m = if time_only {
            self.options.considered.min(order.len())
        } else {
            self.options.considered.min(order.len()).min(sims.max(1) as usize)
        };
        let mut considered: Vec<usize> = order[..m].to_vec();
        let mut max_depth = 0;
        if let Some(deadline) = deadline.filter(|_| time_only && m > 1) {
            // One simulation for each considered ply (the start of the
            // first phase) shows how many simulations the time allows;
            // the plan takes 90% of that, and the deadline still stops it.
            let from: Vec<usize> = considered.iter().map(|&i| root_children[i]).collect();
            let (done, depth) = self.round(game, &from, &mut out);
            simulations += done;
            max_depth = depth;
            let spent = started.elapsed().as_secs_f64().max(1e-6);
            let left = deadline.saturating_duration_since(Instant::now()).as_secs_f64();
            let more = (simulations as f64 / spent * left * 0.9) as u64;
            budget = simulations
                .saturating_add(more)
                .min(MAX_ITERS)
                .max(simulations + 1);
            sims = budget.saturating_sub(1);
        }
        // Sequential halving: ceil(log2 m) phases, each giving every
        // remaining ply an equal share of the phase's simulations.
        let phases = u64::from(usize::BITS - (m.max(2) - 1).leading_zeros());
        let out_of_time =
            |stop: &StopHandle| deadline.is_some_and(|d| Instant::now() >= d) || stop.stop_requested();
        'halving: while considered.len() > 1 {
            let left = budget.saturating_sub(simulations);
            if left == 0 {
                break;
            }
            let rounds = if considered.len() <= 2 {
                left.div_ceil(considered.len() as u64)
            } else {
                (sims / (phases * considered.len() as u64)).max(1)
            };
            for _ in 0..rounds {
                let left = budget.saturating_sub(simulations) as usize;
                if left == 0 || out_of_time(&self.stop) {
                    break 'halving;
                }
                let from: Vec<usize> = considered.iter().take(left).map(|&i| root_children[i]).collect();
                let (done, depth) = self.round(game, &from, &mut out);
                simulations += done;
                max_depth = max_depth.max(depth);
            }
            let sigma = self.sigma_completed_q(0);
            considered.sort_by(|&a, &b| {
                (base[b] + sigma[b])
                    .total_cmp(&(base[a] + sigma[a]))
                    .then(a.cmp(&b))
            });
            considered.truncate(considered.len().div_ceil(2).max(1));
        }
        self.stop.end();
        // The ply played: the best survivor by g + logit + σ(q̂).
        let sigma = self.sigma_completed_q(0);
        let best_index = considered.iter().copied().max_by(|&a, &b| {
            (base[a] + sigma[a])
                .total_cmp(&(base[b] + sigma[b]))
                .then(b.cmp(&a))
        });
        let best = best_index.map(|i| root_children[i]);
        let improved = self.improved_at(0);
        self.improved = root_children
            .iter()
            .zip(&improved)
            .map(|(&c, &p)| (self.nodes[c].ply.expect("children have plies"), p))
            .collect();
        let root_value = |s: &Self, c: usize| -> f64 {
            if s.nodes[c].visits == 0 {
                f64::from((s.nodes[0].value + 1.0) / 2.0)
            } else {
                f64::from((s.q(0, c) + 1.0) / 2.0).clamp(0.0, 1.0)
            }
        };
        let mut children: Vec<ChildStats<G::Ply>> = root_children
            .iter()
            .map(|&c| ChildStats {
                ply: self.nodes[c].ply.expect("children have plies"),
                visits: u64::from(self.nodes[c].visits),
                win_rate: root_value(self, c),
                proof: None,
            })
            .collect();
        // The chosen ply first, then by visits.
        let chosen = best.and_then(|c| self.nodes[c].ply);
        children.sort_by(|a, b| {
            (Some(b.ply) == chosen)
                .cmp(&(Some(a.ply) == chosen))
                .then(b.visits.cmp(&a.visits))
                .then(b.win_rate.total_cmp(&a.win_rate))
        });
        let mut pv = Vec::new();
        let mut node = best;
        while let Some(c) = node {
            pv.push(self.nodes[c].ply.expect("children have plies"));
            node = self.nodes[c].children().max_by_key(|&g| self.nodes[g].visits);
            if node.is_some_and(|g| self.nodes[g].visits == 0) || pv.len() >= 64 {
                break;
            }
        }
        let elapsed = started.elapsed();
        SearchResult {
            best: chosen,
            win_rate: best.map(|c| root_value(self, c)),
            children,
            pv,
            iterations: simulations,
            nodes: self.nodes.len(),
            elapsed,
            iterations_per_sec: simulations as f64 / elapsed.as_secs_f64().max(1e-9),
            max_depth,
            proof: None,
        }
    }

    fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Restarts the Gumbel draws from the seed.
    fn reset(&mut self) {
        self.rng = SmallRng::seed_from_u64(self.options.seed);
        self.nodes.clear();
        self.improved.clear();
    }

    /// Sets one option (see [`GumbelOptions`]); `model` cannot change here
    /// (the evaluator is loaded when the engine is built).
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let mut options = self.options.clone();
        options
            .set(key, value)
            .map_err(|e| OptionError::Family(Box::new(e)))?;
        if options.model != self.options.model {
            return Err(OptionError::Unknown {
                engine: "gumbel",
                accepted:
                    "iters, time, k, cvisit, cscale, scale, qnorm and seed (the model is chosen in the spec)",
            });
        }
        if options.seed != self.options.seed {
            self.rng = SmallRng::seed_from_u64(options.seed);
        }
        self.options = options;
        Ok(())
    }

    /// Replaces both budgets at once (`iters` and `time`, the part not
    /// given dropped); an empty budget changes nothing.
    fn set_budget(&mut self, budget: Budget) -> Result<(), OptionError> {
        if budget.is_empty() {
            return Ok(());
        }
        let mut options = self.options.clone();
        for (key, value) in budget.options() {
            options
                .set(key, &value)
                .map_err(|e| OptionError::Family(Box::new(e)))?;
        }
        options.iters = budget.iterations;
        options.time = budget.time;
        self.options = options;
        Ok(())
    }
}

impl From<GumbelOptionsError> for OptionError {
    /// The gumbel options' error as the family's error.
    fn from(e: GumbelOptionsError) -> OptionError {
        OptionError::Family(Box::new(e))
    }
}

#[cfg(test)]
mod tests;
