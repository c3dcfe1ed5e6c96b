//! [`PuctSearch`]: the `puct` family, AlphaZero-style tree search over an
//! [`Evaluator`].

use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use abstracta_core::rand::rngs::SmallRng;
use abstracta_core::rand::{Rng, SeedableRng};
use abstracta_core::search::{Budget, ChildStats, OptionError, Proof, Search, SearchResult, StopHandle};
use abstracta_core::{Game, PlyBuf, Seat};

use crate::evaluator::{Evaluation, Evaluator, Request, UniformEvaluator};
use crate::options::{Count, PuctOptions, PuctOptionsError};
use crate::puct_knowledge::PlyKnowledge;

mod proofs;

const NONE: u32 = u32::MAX;

/// With `count=evals`, the most simulations a search makes per unit of
/// its budget: walks that end at a known value cost no evaluation, and in
/// a position where most do, they must still end.
const FREE_WALKS: u64 = 4;

/// One node of the tree: the position after `ply` from its parent.
/// `value_sum` is from the point of view of `mover`, the seat to move
/// there (for a finished game: the seat that played into it).
#[derive(Clone, Debug)]
struct Node<P> {
    ply: Option<P>,
    parent: u32,
    first_child: u32,
    child_count: u32,
    /// The prior the search uses (noise mixed in at the root).
    prior: f32,
    /// The evaluator's prior, kept so that noise is drawn afresh per search.
    raw_prior: f32,
    visits: u32,
    /// Simulations on their way through this node, each counted as a loss
    /// for the seat choosing it until its evaluation comes back.
    virtual_visits: u32,
    value_sum: f32,
    mover: Seat,
    state: State,
    /// The exact value for `mover` once known (`solver=on`): 1 a win, -1
    /// a loss, 0 a draw. A finished game, a position with a decisive ply
    /// or one where every ply loses at once, or an expanded node proven
    /// from its children.
    proof: Option<f32>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    /// Not evaluated yet.
    Leaf,
    /// Waiting in the current batch.
    Pending,
    /// Evaluated, children made.
    Expanded,
    /// Nothing to search below: the game is over here (the value for
    /// `mover`, the seat that played into it), or the game's knowledge
    /// settled the position (the value for `mover`, the seat to move
    /// there). No children.
    Terminal(f32),
}

impl<P> Node<P> {
    fn new(ply: Option<P>, parent: u32, prior: f32, mover: Seat) -> Node<P> {
        Node {
            ply,
            parent,
            first_child: NONE,
            child_count: 0,
            prior,
            raw_prior: prior,
            visits: 0,
            virtual_visits: 0,
            value_sum: 0.0,
            mover,
            state: State::Leaf,
            proof: None,
        }
    }

    fn mean(&self) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            self.value_sum / self.visits as f32
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

/// The `puct` family: the tree search of AlphaZero over an [`Evaluator`]
/// (a network, the game's knowledge, or uniform).
///
/// Each simulation walks down by the PUCT rule, `Q + c * P * sqrt(N) / (1
/// + n)`, where an unvisited child's `Q` is its parent's value less `fpu`
/// (first-play urgency), evaluates the position it reaches (a finished
/// game is scored by its result) and backs the value up, negated where the
/// seat to move changes (so turns of several plies need nothing special).
/// `batch` simulations are gathered before one evaluator call, each
/// counting as a loss on its path until its value comes back (virtual
/// loss), so that a network runs on batches. Dirichlet noise at the root
/// (`noise`, `alpha`) and a temperature on the choice of ply (`temp`,
/// `tplies`) are for self-play. The subtree of the plies played since the
/// last search is kept (`reuse=on`).
///
/// With `solver=on` exact values are backed up as proofs, as the MCTS
/// solver does: a node with a child that wins for its mover is won, one
/// whose children are all proven has the best of their values; proven
/// losses are never selected, a proven win is played, and the search stops
/// once the root is proven. With `decisive=on` and the game's knowledge
/// given ([`PuctSearch::with_knowledge`]) a position reached with a
/// decisive ply is a proven win without an evaluation, one where every ply
/// loses at once a proven loss, and where only a few replies parry a
/// threat, only those become children.
///
/// ```
/// use std::sync::Arc;
/// use abstracta_core::search::Search;
/// use abstracta_core::toy::TicTacToe;
/// use abstracta_core::Game;
/// use learn::{PuctSearch, UniformEvaluator};
/// let mut search = PuctSearch::<TicTacToe>::new("puct:iters=400".parse().unwrap(), Arc::new(UniformEvaluator));
/// let mut game = TicTacToe::new(Default::default());
/// game.play_list("a1 b1 a2 b2").unwrap(); // a3 wins at once
/// let result = search.search(&game, &[]);
/// assert_eq!(result.best.unwrap().to_string(), "a3");
/// ```
pub struct PuctSearch<G: Game> {
    options: PuctOptions,
    evaluator: Arc<dyn Evaluator<G>>,
    /// The game's decisive and forced plies, for `decisive=on`.
    knowledge: Option<Arc<dyn PlyKnowledge<G>>>,
    nodes: Vec<Node<G::Ply>>,
    /// The position at the tree's root and the history that reached it.
    root_game: Option<G>,
    history: Vec<G::Ply>,
    rng: SmallRng,
    stop: StopHandle,
    /// The first evaluator failure, reported once; the search then goes on
    /// with uniform evaluations.
    failed: bool,
}

impl<G: Game> fmt::Debug for PuctSearch<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PuctSearch")
            .field("options", &self.options.to_string())
            .field("nodes", &self.nodes.len())
            .finish()
    }
}

/// A simulation waiting for its evaluation.
struct Pending<G: Game> {
    node: u32,
    game: G,
    plies: PlyBuf<G::Ply>,
}

/// An exact value (1, 0 or -1) as a [`Proof`].
fn proof_of(value: f32) -> Proof {
    if value > 0.0 {
        Proof::Win
    } else if value < 0.0 {
        Proof::Loss
    } else {
        Proof::Draw
    }
}

fn terminal_value(status: abstracta_core::Status, seat: Seat) -> f32 {
    status.reward(seat).map_or(0.0, |r| 2.0 * r as f32 - 1.0)
}

/// A draw from the gamma distribution of shape `alpha` and scale 1
/// (Marsaglia and Tsang; shapes below 1 by the boost `U^(1/alpha)`).
fn gamma<R: Rng>(rng: &mut R, alpha: f32) -> f32 {
    if alpha < 1.0 {
        let u: f32 = rng.gen_range(f32::EPSILON..1.0);
        return gamma(rng, alpha + 1.0) * u.powf(1.0 / alpha);
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        // A standard normal by Box-Muller.
        let (u1, u2): (f32, f32) = (rng.gen_range(f32::EPSILON..1.0), rng.gen());
        let x = (-2.0 * u1.ln()).sqrt() * (std::f32::consts::TAU * u2).cos();
        let v = (1.0 + c * x).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u: f32 = rng.gen_range(f32::EPSILON..1.0);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// A draw from the symmetric Dirichlet distribution of concentration
/// `alpha` over `n` outcomes.
pub fn dirichlet<R: Rng>(rng: &mut R, alpha: f32, n: usize) -> Vec<f32> {
    let draws: Vec<f32> = (0..n).map(|_| gamma(rng, alpha)).collect();
    let total: f32 = draws.iter().sum();
    if total > 0.0 && total.is_finite() {
        draws.iter().map(|g| g / total).collect()
    } else {
        vec![1.0 / n.max(1) as f32; n]
    }
}

impl<G: Game> PuctSearch<G> {
    /// A search with `options` over `evaluator`.
    pub fn new(options: PuctOptions, evaluator: Arc<dyn Evaluator<G>>) -> PuctSearch<G> {
        let rng = SmallRng::seed_from_u64(options.seed);
        PuctSearch {
            options,
            evaluator,
            knowledge: None,
            nodes: Vec::new(),
            root_game: None,
            history: Vec::new(),
            rng,
            stop: StopHandle::new(),
            failed: false,
        }
    }

    /// This search with the game's `knowledge` of decisive and forced
    /// plies, which `decisive=on` uses (without it `decisive` does
    /// nothing).
    pub fn with_knowledge(mut self, knowledge: Arc<dyn PlyKnowledge<G>>) -> PuctSearch<G> {
        self.knowledge = Some(knowledge);
        self
    }

    /// The options.
    pub fn options(&self) -> &PuctOptions {
        &self.options
    }

    /// Nodes of the kept tree.
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    fn evaluate(&mut self, requests: &[Request<'_, G>], out: &mut Vec<Evaluation>) {
        if let Err(error) = self.evaluator.evaluate(requests, out) {
            if !self.failed {
                eprintln!(
                    "puct: the evaluator {} failed ({error}); searching with uniform evaluations instead",
                    self.evaluator.name()
                );
                self.failed = true;
            }
            let _ = UniformEvaluator.evaluate(requests, out);
        }
    }

    /// Keeps the subtree of `game` if it continues the kept root by the
    /// plies `history` adds; otherwise starts a fresh tree.
    fn prepare(&mut self, game: &G, history: &[G::Ply]) {
        let mut kept = None;
        if self.options.reuse && !self.nodes.is_empty() && history.starts_with(&self.history) {
            if let Some(root_game) = &self.root_game {
                let mut node = 0u32;
                let mut replay = root_game.clone();
                for &ply in &history[self.history.len()..] {
                    let found = self.nodes[node as usize]
                        .children()
                        .find(|&c| self.nodes[c].ply == Some(ply));
                    match found {
                        Some(c) if replay.is_legal(ply) => {
                            replay.play_unchecked(ply);
                            node = c as u32;
                        }
                        _ => {
                            node = NONE;
                            break;
                        }
                    }
                }
                if node != NONE && replay == *game && self.nodes[node as usize].state == State::Expanded {
                    kept = Some(node);
                }
            }
        }
        self.nodes = match kept {
            Some(root) => self.subtree(root),
            None => vec![Node::new(None, NONE, 1.0, game.to_move_seat())],
        };
        self.root_game = Some(game.clone());
        self.history = history.to_vec();
    }

    /// The subtree of `root`, renumbered with `root` first and children
    /// kept contiguous.
    fn subtree(&self, root: u32) -> Vec<Node<G::Ply>> {
        let mut out = Vec::new();
        let mut top = self.nodes[root as usize].clone();
        top.parent = NONE;
        top.ply = None;
        out.push(top);
        // (new index, old index) of nodes whose children are still to copy.
        let mut queue = std::collections::VecDeque::from([(0usize, root as usize)]);
        while let Some((new, old)) = queue.pop_front() {
            let range = self.nodes[old].children();
            if range.is_empty() {
                out[new].first_child = NONE;
                continue;
            }
            let first = out.len();
            out[new].first_child = first as u32;
            for c in range {
                let mut child = self.nodes[c].clone();
                child.parent = new as u32;
                out.push(child);
                queue.push_back((out.len() - 1, c));
            }
        }
        out
    }

    /// Makes `node`'s children from its evaluation.
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
        n.state = State::Expanded;
    }

    /// Adds `value` (for `seat`) to `node` and its ancestors, taking back
    /// the virtual visit of each when `virtual_loss`.
    fn backup(&mut self, mut node: u32, value: f32, seat: Seat, virtual_loss: bool) {
        while node != NONE {
            let n = &mut self.nodes[node as usize];
            n.visits += 1;
            if virtual_loss {
                n.virtual_visits = n.virtual_visits.saturating_sub(1);
            }
            n.value_sum += if n.mover == seat { value } else { -value };
            node = n.parent;
        }
    }

    /// The child of `parent` the PUCT rule picks.
    fn select_child(&self, parent: usize) -> usize {
        let p = &self.nodes[parent];
        let total = (p.visits + p.virtual_visits).max(1) as f32;
        let explore = self.options.c_puct * total.sqrt();
        let parent_q = p.mean();
        let mut best = (f32::NEG_INFINITY, p.first_child as usize);
        for c in p.children() {
            let child = &self.nodes[c];
            let n = child.visits + child.virtual_visits;
            let proven = self.proof_for(c, p.mover);
            if proven.is_some_and(|v| v <= -1.0) {
                // A proven loss is never worth a visit (the parent is
                // proven, and not walked through, once all children are).
                continue;
            }
            let q = if let Some(v) = proven {
                v
            } else if n == 0 {
                parent_q - self.options.fpu
            } else {
                let own = if child.mover == p.mover {
                    child.value_sum
                } else {
                    -child.value_sum
                };
                (own - child.virtual_visits as f32) / n as f32
            };
            let score = q + explore * child.prior / (1 + n) as f32;
            if score > best.0 {
                best = (score, c);
            }
        }
        best.1
    }

    /// Mixes fresh Dirichlet noise into the root's priors (or restores the
    /// evaluator's priors when there is no noise).
    fn noise_root(&mut self) {
        let range = self.nodes[0].children();
        if self.options.noise > 0.0 && !range.is_empty() {
            let noise = dirichlet(&mut self.rng, self.options.alpha, range.len());
            let w = self.options.noise;
            for (c, eta) in range.zip(noise) {
                let node = &mut self.nodes[c];
                node.prior = (1.0 - w) * node.raw_prior + w * eta;
            }
        } else {
            for c in range {
                self.nodes[c].prior = self.nodes[c].raw_prior;
            }
        }
    }

    /// Runs one batch of simulations; returns how many completed, how many
    /// of them the evaluator evaluated, and the deepest depth reached.
    fn run_batch(&mut self, root_game: &G, wanted: usize, out: &mut Vec<Evaluation>) -> (u64, u64, u32) {
        let mut pending: Vec<Pending<G>> = Vec::new();
        let mut done = 0u64;
        let mut depth_max = 0;
        for _ in 0..wanted {
            let mut node = 0usize;
            let mut game = root_game.clone();
            let mut depth = 0;
            while self.nodes[node].state == State::Expanded
                && self.nodes[node].child_count > 0
                && self.nodes[node].proof.is_none()
            {
                node = self.select_child(node);
                game.play_unchecked(self.nodes[node].ply.expect("children have plies"));
                depth += 1;
            }
            depth_max = depth_max.max(depth);
            if let (State::Expanded, Some(value)) = (self.nodes[node].state, self.nodes[node].proof) {
                // Proven: its exact value, no evaluation.
                let seat = self.nodes[node].mover;
                self.backup(node as u32, value, seat, false);
                done += 1;
                continue;
            }
            match self.nodes[node].state {
                State::Terminal(value) => {
                    let seat = self.nodes[node].mover;
                    self.backup(node as u32, value, seat, false);
                    done += 1;
                }
                State::Pending => break,
                State::Expanded => {
                    // Expanded without children: no legal ply but not over.
                    let seat = self.nodes[node].mover;
                    self.backup(node as u32, 0.0, seat, false);
                    done += 1;
                }
                State::Leaf => {
                    let status = game.status();
                    if status.is_finished() {
                        let parent = self.nodes[node].parent;
                        let seat = if parent == NONE {
                            game.to_move_seat()
                        } else {
                            self.nodes[parent as usize].mover
                        };
                        let value = terminal_value(status, seat);
                        self.settle(node, seat, value);
                        self.backup(node as u32, value, seat, false);
                        done += 1;
                        continue;
                    }
                    let mut plies = PlyBuf::new();
                    if let Some(value) = self.known_value(&game, &mut plies) {
                        let seat = game.to_move_seat();
                        self.settle(node, seat, value);
                        self.backup(node as u32, value, seat, false);
                        done += 1;
                        continue;
                    }
                    self.nodes[node].state = State::Pending;
                    let mut up = node as u32;
                    while up != NONE {
                        self.nodes[up as usize].virtual_visits += 1;
                        up = self.nodes[up as usize].parent;
                    }
                    pending.push(Pending {
                        node: node as u32,
                        game,
                        plies,
                    });
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
            for (p, evaluation) in pending.iter().zip(out.iter_mut()) {
                self.mix_knowledge(&p.game, &p.plies, evaluation);
                self.expand(p.node, &p.game, &p.plies, evaluation);
                let seat = p.game.to_move_seat();
                self.backup(p.node, evaluation.value.clamp(-1.0, 1.0), seat, true);
                done += 1;
            }
        }
        (done, pending.len() as u64, depth_max)
    }

    /// The ply to play: drawn by visits^(1/temp) while the temperature
    /// holds, else the most visited (ties to the better mean, then to the
    /// first legal ply).
    fn choose(&mut self, plies_played: usize) -> Option<usize> {
        let root = &self.nodes[0];
        let range = root.children();
        if range.is_empty() {
            return None;
        }
        let mover = root.mover;
        // A proven win is played; proven losses only when nothing else is
        // left (then the least bad by visits, as below).
        if let Some(win) = range.clone().find(|&c| self.proof_for(c, mover) == Some(1.0)) {
            return Some(win);
        }
        let open: Vec<usize> = range
            .clone()
            .filter(|&c| !matches!(self.proof_for(c, mover), Some(v) if v <= -1.0))
            .collect();
        let range: Vec<usize> = if open.is_empty() { range.collect() } else { open };
        let t = self.options.temperature;
        if t > 0.0 && plies_played < self.options.temperature_plies as usize {
            let weights: Vec<f64> = range
                .iter()
                .map(|&c| (self.nodes[c].visits as f64).powf(1.0 / t as f64))
                .collect();
            let total: f64 = weights.iter().sum();
            if total > 0.0 && total.is_finite() {
                let mut x = self.rng.gen::<f64>() * total;
                for (&c, w) in range.iter().zip(&weights) {
                    if x < *w {
                        return Some(c);
                    }
                    x -= w;
                }
            }
        }
        // The first of equals: rev() because max_by keeps the last.
        range.into_iter().rev().max_by(|&a, &b| {
            let (na, nb) = (&self.nodes[a], &self.nodes[b]);
            na.visits
                .cmp(&nb.visits)
                .then(self.q_for_root(a).total_cmp(&self.q_for_root(b)))
        })
    }

    /// A root child's mean value (its proven value, if proven) for the
    /// seat to move at the root.
    fn q_for_root(&self, c: usize) -> f32 {
        let child = &self.nodes[c];
        if let Some(v) = self.proof_for(c, self.nodes[0].mover) {
            return v;
        }
        if child.visits == 0 {
            return self.nodes[0].mean() - self.options.fpu;
        }
        let q = child.mean();
        if child.mover == self.nodes[0].mover {
            q
        } else {
            -q
        }
    }
}

impl<G: Game> Search<G> for PuctSearch<G> {
    fn family(&self) -> &'static str {
        "puct"
    }

    fn describe(&self) -> String {
        self.options.to_string()
    }

    fn search(&mut self, game: &G, history: &[G::Ply]) -> SearchResult<G::Ply> {
        let started = Instant::now();
        if let Some(result) = SearchResult::if_finished(game, started.elapsed()) {
            return result;
        }
        self.stop.begin();
        self.prepare(game, history);
        let mut out = Vec::new();
        let mut simulations = 0u64;
        let mut evaluations = 0u64;
        let mut max_depth = 0;
        if self.nodes[0].state != State::Expanded {
            let mut plies = PlyBuf::new();
            self.root_plies(game, &mut plies);
            self.evaluate(&[Request { game, plies: &plies }], &mut out);
            let mut evaluation = out.pop().unwrap_or_default();
            self.mix_knowledge(game, &plies, &mut evaluation);
            self.expand(0, game, &plies, &evaluation);
            self.backup(0, evaluation.value, game.to_move_seat(), false);
            simulations += 1;
            evaluations += 1;
        }
        self.noise_root();
        let budget = self.options.simulation_budget();
        let deadline = self.options.time.map(|t| started + t);
        let count_evaluations = self.options.count == Count::Evaluations;
        loop {
            let spent = if count_evaluations {
                evaluations
            } else {
                simulations
            };
            if budget.is_some_and(|b| spent >= b || simulations >= b.saturating_mul(FREE_WALKS))
                || self.nodes[0].proof.is_some()
                || deadline.is_some_and(|d| Instant::now() >= d)
                || self.stop.stop_requested()
            {
                break;
            }
            let left = budget.map_or(self.options.batch as u64, |b| b - spent);
            let wanted = left.min(self.options.batch as u64) as usize;
            let (done, evaluated, depth) = self.run_batch(game, wanted, &mut out);
            evaluations += evaluated;
            max_depth = max_depth.max(depth);
            if done == 0 {
                // Every path ends in a pending node: cannot happen with an
                // empty batch, but never spin.
                break;
            }
            simulations += done;
        }
        self.stop.end();
        let best = self.choose(history.len());
        let mut children: Vec<ChildStats<G::Ply>> = self.nodes[0]
            .children()
            .map(|c| ChildStats {
                ply: self.nodes[c].ply.expect("children have plies"),
                visits: u64::from(self.nodes[c].visits),
                win_rate: f64::from((self.q_for_root(c) + 1.0) / 2.0).clamp(0.0, 1.0),
                proof: self.proof_for(c, self.nodes[0].mover).map(proof_of),
            })
            .collect();
        children.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.win_rate.total_cmp(&a.win_rate)));
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
            best: best.map(|c| self.nodes[c].ply.expect("children have plies")),
            win_rate: best.map(|c| f64::from((self.q_for_root(c) + 1.0) / 2.0).clamp(0.0, 1.0)),
            children,
            pv,
            iterations: simulations,
            nodes: self.nodes.len(),
            elapsed,
            iterations_per_sec: simulations as f64 / elapsed.as_secs_f64().max(1e-9),
            max_depth,
            proof: self.nodes[0].proof.map(proof_of),
        }
    }

    fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Drops the tree and restarts the random draws from the seed.
    fn reset(&mut self) {
        self.rng = SmallRng::seed_from_u64(self.options.seed);
        self.nodes.clear();
        self.root_game = None;
        self.history.clear();
    }

    /// Sets one option (see [`PuctOptions`]); `model` cannot change here
    /// (the evaluator is loaded when the engine is built).
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let mut options = self.options.clone();
        options.set(key, value)?;
        if options.model != self.options.model {
            return Err(OptionError::Unknown {
                engine: "puct",
                accepted: "iters, time, c, fpu, noise, alpha, temp, tplies, batch, reuse, solver, decisive, vmix, pmix, count and seed (the model is chosen in the spec)",
            });
        }
        if options.seed != self.options.seed {
            self.rng = SmallRng::seed_from_u64(options.seed);
        }
        self.options = options;
        Ok(())
    }

    /// Replaces both budgets at once (`iters` as simulations and `time`,
    /// the part not given dropped); an empty budget changes nothing.
    fn set_budget(&mut self, budget: Budget) -> Result<(), OptionError> {
        if budget.is_empty() {
            return Ok(());
        }
        let mut options = self.options.clone();
        for (key, value) in budget.options() {
            options.set(key, &value)?;
        }
        options.iters = budget.iterations;
        options.time = budget.time;
        self.options = options;
        Ok(())
    }
}

impl From<PuctOptionsError> for OptionError {
    /// The puct options' error as the family's error.
    fn from(e: PuctOptionsError) -> OptionError {
        OptionError::Family(Box::new(e))
    }
}

#[cfg(test)]
mod tests;
