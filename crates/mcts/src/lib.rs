//! Parallel Monte Carlo Tree Search over any [`Game`].
//!
//! ```
//! use abstracta_core::{Game, toy::TicTacToe};
//! use mcts::{Mcts, MctsOptions, Proof};
//!
//! let options: MctsOptions = "mcts:iters=3000,threads=1,seed=7".parse().unwrap();
//! let mut mcts = Mcts::<TicTacToe>::new(options);
//! let mut game = TicTacToe::new(Default::default());
//! game.play_list("a1 b1 a2 b2").unwrap(); // x to move wins with a3
//! let result = mcts.search(&game);
//! assert_eq!(result.best, Some("a3".parse().unwrap()));
//! assert_eq!(result.proof, Some(Proof::Win));
//! println!("{result}");
//! ```
//!
//! # Design
//!
//! * **Rewards** are kept per node from the view of the *seat that made the
//!   ply into the node* (`to_move_seat()` before the ply), in half points
//!   (win 2, draw or length cap 1, loss 0). Runs of plies by one player and
//!   the pie swap therefore need no special case.
//! * **Tree parallelism**: all threads (scoped `std::thread`s) share one tree
//!   whose nodes live in a chunked pool indexed by `u32` (no allocation per
//!   node); statistics are atomics, a thread descending through a node
//!   counts its visit at once, as a loss (the virtual loss; `vloss=N`
//!   visits with several threads), and adds the points on the way back
//!   (taking back the extra visits), and expansion is claimed
//!   with a compare-and-swap so no two threads expand the same node. The
//!   children of a node are allocated as one contiguous block. When the node
//!   cap is reached the tree stops growing and the search goes on.
//!   **Root parallelism** (`parallel=root`) runs one tree per thread and sums
//!   the root statistics.
//! * **Selection**: UCT with exploration `c`, RAVE/AMAF (for games whose
//!   plies claim cells, `CellClaims::CLAIMS` of the knowledge type; the cells a playout's plies claim,
//!   per seat, in a bitset, kept only where the seat still holds the cell
//!   at the end when claims are `Claims::Revocable`), first-play urgency
//!   `fpu`, and an **MCTS-Solver** that proves nodes won, lost or drawn; a
//!   proven win at the root ends the search.
//! * **Budgets**: iterations, wall time, or both; [`StopHandle`] from another
//!   thread; tree reuse with [`Mcts::advance`]; pondering on the opponent's
//!   time with [`Mcts::ponder`].
//! * **Determinism**: with one thread and a fixed seed the search and its
//!   answer are the same every run.
//!
//! # Scaling
//!
//! Threads share nothing but the tree: each has its own random generator,
//! position copy and buffers, and the playout path does not allocate. The
//! shared writes per iteration are the statistics of the nodes on the path
//! (one `fetch_add` down, for the visit, and one back, for the points,
//! skipped for a loss) and plain stores of
//! RAVE statistics; the iteration budget is claimed in batches, node blocks
//! with one `fetch_add` per expansion. On many cores the remaining hot spot
//! is the root and its children, which every iteration updates; virtual
//! loss spreads the threads over different children, and `parallel=root`
//! removes the sharing entirely at the price of smaller trees. An engine
//! keeps the node chunks of its old trees and builds new trees on them, so
//! helper threads do not fault in fresh pages from their allocator arenas
//! on every search. The crate's README gives the measurements.

mod childmap;
pub mod clock;
mod engine;
mod options;
mod points;
mod policy;
mod ponder;
mod puct;
mod rave_pool;
mod search;
mod standing;
mod tree;

use abstracta_core::time::Instant;
use std::fmt;

use abstracta_core::knowledge::{NoKnowledge, SearchKnowledge};
use abstracta_core::Game;

pub use abstracta_core::search::{ChildStats, Clock, Proof, Search, SearchResult, StopHandle};
pub use clock::TimePlan;
pub use engine::MctsSearch;
pub use options::{option_docs, OptionDoc, OPTIONS};
pub use options::{
    Decisive, Mast, MctsOptions, OptionsError, Select, DEFAULT_CPUCT, DEFAULT_EXPLORATION,
    DEFAULT_ITERATIONS, DEFAULT_MAST_EPSILON, DEFAULT_MAST_TEMPERATURE, DEFAULT_MAX_NODES,
    DEFAULT_POOL_PERCENT, DEFAULT_VIRTUAL_LOSS, GAME_DEFAULTS, KEYS, MAX_GRAVE_REF, MAX_POOL,
    MAX_PRIOR_VISITS, MAX_RESCAN, MAX_VIRTUAL_LOSS,
};
pub use policy::{PlayoutPolicy, RandomPlayout};
pub use ponder::{Ponder, Pondered};
pub use puct::{normalise_priors, PolicySource, PriorsPolicy};

use points::{position_key, root_proof_for_mover, thread_seed};
use search::{Shared, Worker};
use tree::{SpareChunk, Tree, PROVEN_DRAW, PROVEN_LOSS, PROVEN_WIN, UNPROVEN};

/// The proof a tree code stands for.
fn proof_from_code(code: u8) -> Option<Proof> {
    match code {
        PROVEN_WIN => Some(Proof::Win),
        PROVEN_LOSS => Some(Proof::Loss),
        PROVEN_DRAW => Some(Proof::Draw),
        _ => None,
    }
}

/// How often positions repeat among a tree's expanded nodes, from
/// [`Mcts::transpositions`]. Visits include virtual ones of priors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Transpositions {
    /// Expanded nodes.
    pub expanded: u64,
    /// Distinct positions among them.
    pub distinct: u64,
    /// Visits of the expanded nodes.
    pub visits: u64,
    /// Visits of the first expanded node of each distinct position (in
    /// depth-first order): what the others repeat is `visits` minus this.
    pub distinct_visits: u64,
}

/// A Monte Carlo Tree Search engine for game `G`, with the game's
/// knowledge `K` (decisive and forced plies, priors, guided playouts,
/// evaluations and cell claims for RAVE; by default [`NoKnowledge`]) and
/// playout policy `Pol` (by default the game's own random plies).
///
/// A game's knowledge is a type of its own, usually zero-sized: search a
/// game with it as `Mcts::<Escabel, EscabelKnowledge>::new(options)`, or
/// pass a value to [`with_knowledge`](Mcts::with_knowledge). The search
/// calls it statically, so a zero-sized `K` costs nothing.
///
/// ```
/// use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
/// use abstracta_core::Game;
/// use mcts::Mcts;
/// let mut mcts = Mcts::<TicTacToe, TicTacToeKnowledge>::new("iters=500,decisive=on".parse().unwrap());
/// let mut game = TicTacToe::new(Default::default());
/// game.play_list("a1 b1 a2 b2").unwrap();
/// assert_eq!(mcts.search(&game).best, Some("a3".parse().unwrap()));
/// ```
///
/// It keeps its tree between searches: [`search`](Mcts::search) continues
/// from it when given the position at its root, and
/// [`advance`](Mcts::advance) moves the root down by a played ply.
pub struct Mcts<G: Game, K: SearchKnowledge<G> = NoKnowledge, Pol: PlayoutPolicy<G> = RandomPlayout> {
    options: MctsOptions,
    knowledge: K,
    policy: Pol,
    tree: Option<Tree<G::Ply>>,
    root_state: Option<G>,
    /// Reset node chunks of earlier trees, for the next tree.
    spare: Vec<SpareChunk<G::Ply>>,
    stop: StopHandle,
    /// Replaces `childmap::MAP_MIN_CHILDREN` (tests: with and without maps).
    map_min_children: Option<usize>,
    /// The policy of `select=puct`, if not [`PriorsPolicy`].
    policy_source: Option<std::sync::Arc<dyn PolicySource<G, K>>>,
}

impl<G: Game, K: SearchKnowledge<G>, Pol: PlayoutPolicy<G>> fmt::Debug for Mcts<G, K, Pol> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mcts")
            .field("game", &G::NAME)
            .field("options", &self.options.to_string())
            .field("nodes", &self.tree_nodes())
            .finish()
    }
}

impl<G: Game, K: SearchKnowledge<G> + Default> Mcts<G, K> {
    /// A search engine with the knowledge `K::default()` and the default
    /// random playouts.
    pub fn new(options: MctsOptions) -> Self {
        Mcts::with_knowledge(options, K::default())
    }
}

impl<G: Game, K: SearchKnowledge<G>> Mcts<G, K> {
    /// A search engine with the knowledge `knowledge` and the default
    /// random playouts.
    pub fn with_knowledge(options: MctsOptions, knowledge: K) -> Self {
        Mcts::with_knowledge_and_policy(options, knowledge, RandomPlayout)
    }
}

impl<G: Game, K: SearchKnowledge<G> + Default> Default for Mcts<G, K> {
    fn default() -> Self {
        Mcts::new(MctsOptions::default())
    }
}

impl<G: Game, Pol: PlayoutPolicy<G>> Mcts<G, NoKnowledge, Pol> {
    /// A search engine with a custom playout policy and no game knowledge.
    pub fn with_policy(options: MctsOptions, policy: Pol) -> Self {
        Mcts::with_knowledge_and_policy(options, NoKnowledge, policy)
    }
}

impl<G: Game, K: SearchKnowledge<G>, Pol: PlayoutPolicy<G>> Mcts<G, K, Pol> {
    /// A search engine with the knowledge `knowledge` and a custom playout
    /// policy.
    pub fn with_knowledge_and_policy(options: MctsOptions, knowledge: K, policy: Pol) -> Self {
        Mcts {
            options,
            knowledge,
            policy,
            tree: None,
            root_state: None,
            spare: Vec::new(),
            stop: StopHandle::new(),
            map_min_children: None,
            policy_source: None,
        }
    }

    /// Sets where `select=puct` takes its policy from (by default
    /// [`PriorsPolicy`], the game's priors normalised). It is read when
    /// nodes are expanded, so a kept tree keeps the policy its nodes got.
    pub fn set_policy_source(&mut self, source: std::sync::Arc<dyn PolicySource<G, K>>) {
        self.policy_source = Some(source);
    }

    /// The game knowledge the search uses.
    pub fn knowledge(&self) -> &K {
        &self.knowledge
    }

    /// The current options.
    pub fn options(&self) -> &MctsOptions {
        &self.options
    }

    /// Replaces the options. The tree is kept unless the node cap changed.
    pub fn set_options(&mut self, options: MctsOptions) {
        if options.max_nodes != self.options.max_nodes {
            self.reset();
        }
        self.options = options;
    }

    /// Drops the tree. Its memory is kept for the next tree (threads
    /// that reuse memory do not fault in fresh pages); dropping the `Mcts`
    /// frees it.
    pub fn reset(&mut self) {
        if let Some(tree) = self.tree.take() {
            self.recycle(tree);
        }
        self.root_state = None;
    }

    /// Keeps the chunks of a tree that is no longer needed.
    fn recycle(&mut self, tree: Tree<G::Ply>) {
        self.spare.extend(tree.into_spare());
    }

    /// A handle that stops a running search from another thread.
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Nodes in the kept tree (0 without one).
    pub fn tree_nodes(&self) -> usize {
        self.tree.as_ref().map_or(0, Tree::len)
    }

    /// Completed iterations through the kept tree's root (0 without one).
    pub fn root_visits(&self) -> u64 {
        self.tree.as_ref().map_or(0, |t| u64::from(t.root().visits()))
    }

    /// How often positions repeat in the kept tree: over its expanded
    /// nodes, how many there are and how many distinct positions they hold
    /// (by [`Game::hash`] and ply count), and the visits of all and of the
    /// first node of each position. A diagnostic for whether merging
    /// transpositions could pay; it replays every ply of the tree.
    pub fn transpositions(&self) -> Transpositions {
        let mut out = Transpositions::default();
        let (Some(tree), Some(state)) = (&self.tree, &self.root_state) else {
            return out;
        };
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![(tree.root, state.clone())];
        while let Some((i, state)) = stack.pop() {
            let node = tree.node(i);
            if !node.is_expanded() {
                continue;
            }
            let visits = u64::from(node.visits());
            out.expanded += 1;
            out.visits += visits;
            if seen.insert((state.hash(), state.plies_played())) {
                out.distinct += 1;
                out.distinct_visits += visits;
            }
            for c in node.children() {
                let mut next = state.clone();
                next.play_unchecked(tree.node(c).ply());
                stack.push((c, next));
            }
        }
        out
    }

    /// Moves the root of the kept tree to the child reached by `ply` (a ply
    /// actually played, by either side), keeping that subtree's statistics.
    /// If the tree has no such child it is dropped.
    pub fn advance(&mut self, ply: G::Ply) {
        let (Some(tree), Some(mut state)) = (self.tree.take(), self.root_state.take()) else {
            return;
        };
        let child = tree.root().children().find(|&c| tree.node(c).ply() == ply);
        if let Some(child) = child {
            let root_prior = tree.root().child_prior();
            let subtree = Tree::copy_subtree(&tree, child, root_prior, std::mem::take(&mut self.spare));
            self.recycle(tree);
            state.play_unchecked(ply);
            self.tree = Some(subtree);
            self.root_state = Some(state);
        }
    }

    /// Searches `game` within the budget of the options and returns the
    /// best ply and statistics. Continues with the kept tree if `game` is
    /// its root position (same hash and ply count), else starts afresh.
    pub fn search(&mut self, game: &G) -> SearchResult<G::Ply> {
        self.search_planned(game, None)
    }

    pub(crate) fn search_planned(&mut self, game: &G, plan: Option<TimePlan>) -> SearchResult<G::Ply> {
        let start = Instant::now();
        let opts = self.options.clone();
        let to_move = game.to_move_seat();
        if game.status().is_finished() {
            return SearchResult {
                best: None,
                win_rate: Some(game.status().reward(to_move).unwrap_or(0.5)),
                children: Vec::new(),
                pv: Vec::new(),
                iterations: 0,
                nodes: self.tree_nodes(),
                elapsed: start.elapsed(),
                iterations_per_sec: 0.0,
                max_depth: 0,
                proof: None,
            };
        }
        let threads = opts.thread_count();
        let (deadline, budget) = match plan {
            Some(p) if opts.root_parallel && threads > 1 => (Some(start + p.target), None),
            Some(p) => (Some(start + p.limit), None),
            None => (opts.time.map(|t| start + t), opts.iteration_budget()),
        };
        let root_room = root_room(game);
        self.stop.begin();
        let result = if opts.root_parallel && threads > 1 {
            self.reset();
            self.search_root_parallel(game, &opts, budget, deadline, start, root_room)
        } else {
            // A kept tree that cannot expand its root any more (full, or a
            // cap below the root's plies) is replaced by a fresh one.
            let reuse = matches!(
                (&self.tree, &self.root_state),
                (Some(t), Some(s)) if s.hash() == game.hash()
                    && s.plies_played() == game.plies_played()
                    && (t.root().is_expanded() || (!t.is_full() && t.len() + root_room <= opts.max_nodes))
            );
            if !reuse {
                self.reset();
                let spare = std::mem::take(&mut self.spare);
                self.tree = Some(Tree::with_spare(
                    opts.max_nodes.max(root_room),
                    to_move.opponent(),
                    spare,
                    G::ply_codec(),
                ));
                self.root_state = Some(game.clone());
            }
            let tree = self.tree.as_ref().expect("tree just set");
            let state = self.root_state.as_ref().expect("state just set");
            let mut shared = Shared::new(
                tree,
                state,
                &self.knowledge,
                &self.policy,
                &opts,
                budget,
                deadline,
                &self.stop,
            );
            if let Some(source) = &self.policy_source {
                shared.policy_source = source.as_ref();
            }
            if let (Some(min), true) = (self.map_min_children, shared.rave) {
                shared.map_min_children = min;
            }
            let position = position_key(game);
            let seed = thread_seed(opts.seed, position, 0);
            let mut iterations = 0;
            let mut max_depth = 0;
            if !(opts.solver && tree.root().proof() != UNPROVEN) {
                let mut main = Worker::<G>::new(0, seed, shared.slots);
                main.clock = plan.map(|p| (start, clock::Manager::new(p, u64::from(tree.root().visits()))));
                std::thread::scope(|s| {
                    let helpers: Vec<_> = (1..threads)
                        .map(|t| {
                            let shared = &shared;
                            s.spawn(move || {
                                let seed = thread_seed(opts.seed, position, t);
                                let mut w = Worker::<G>::new(t, seed, shared.slots);
                                w.run(shared);
                                (w.iterations, w.max_depth)
                            })
                        })
                        .collect();
                    main.run(&shared);
                    iterations += main.iterations;
                    max_depth = max_depth.max(main.max_depth);
                    for h in helpers {
                        let (i, d) = h.join().expect("search thread panicked");
                        iterations += i;
                        max_depth = max_depth.max(d);
                    }
                });
            }
            let stats = root_stats(tree);
            let root_proof = if opts.solver {
                root_proof_for_mover(tree, to_move)
            } else {
                UNPROVEN
            };
            let pv_tail = |best: G::Ply| principal_variation(tree, best);
            finish(
                stats,
                root_proof,
                pv_tail,
                iterations,
                tree.len(),
                start,
                max_depth,
            )
        };
        self.stop.end();
        result
    }

    fn search_root_parallel(
        &mut self,
        game: &G,
        opts: &MctsOptions,
        budget: Option<u64>,
        deadline: Option<Instant>,
        start: Instant,
        root_room: usize,
    ) -> SearchResult<G::Ply> {
        let threads = opts.thread_count();
        let to_move = game.to_move_seat();
        let position = position_key(game);
        let per_thread_nodes = (opts.max_nodes / threads).max(root_room);
        let mut spare = std::mem::take(&mut self.spare);
        let share = spare.len() / threads;
        let trees: Vec<Tree<G::Ply>> = (0..threads)
            .map(|t| {
                let mine = if t + 1 == threads {
                    std::mem::take(&mut spare)
                } else {
                    spare.split_off(spare.len() - share)
                };
                Tree::with_spare(per_thread_nodes, to_move.opponent(), mine, G::ply_codec())
            })
            .collect();
        let policy = &self.policy;
        let knowledge = &self.knowledge;
        let stop = &self.stop;
        let policy_source = self.policy_source.as_deref();
        let runs: Vec<(u64, u32)> = std::thread::scope(|s| {
            let handles: Vec<_> = trees
                .iter()
                .enumerate()
                .map(|(t, tree)| {
                    let share =
                        budget.map(|b| b / threads as u64 + u64::from((t as u64) < b % threads as u64));
                    s.spawn(move || {
                        let mut shared =
                            Shared::new(tree, game, knowledge, policy, opts, share, deadline, stop);
                        if let Some(source) = policy_source {
                            shared.policy_source = source;
                        }
                        let seed = thread_seed(opts.seed, position, t);
                        let mut w = Worker::<G>::new(t, seed, shared.slots);
                        w.run(&shared);
                        (w.iterations, w.max_depth)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("search thread panicked"))
                .collect()
        });
        let mut merged: Vec<RootStat<G::Ply>> = Vec::new();
        let mut root_proof = UNPROVEN;
        for tree in &trees {
            for st in root_stats(tree) {
                match merged.iter_mut().find(|m| m.ply == st.ply) {
                    Some(m) => {
                        m.visits += st.visits;
                        m.prior += st.prior;
                        m.wins += st.wins;
                        if m.proof == UNPROVEN {
                            m.proof = st.proof;
                        }
                    }
                    None => merged.push(st),
                }
            }
            if opts.solver && root_proof == UNPROVEN {
                root_proof = root_proof_for_mover(tree, to_move);
            }
        }
        let iterations = runs.iter().map(|r| r.0).sum();
        let max_depth = runs.iter().map(|r| r.1).max().unwrap_or(0);
        let nodes = trees.iter().map(Tree::len).sum();
        let first = &trees[0];
        let result = finish(
            merged,
            root_proof,
            |best| principal_variation(first, best),
            iterations,
            nodes,
            start,
            max_depth,
        );
        for tree in trees {
            self.recycle(tree);
        }
        result
    }
}

/// Raw statistics of a root child.
struct RootStat<P> {
    ply: P,
    /// Visits, the virtual ones of its prior included.
    visits: u64,
    /// Of `visits`, the virtual ones.
    prior: u64,
    /// Half points, those of its prior included.
    wins: u64,
    proof: u8,
}

/// Nodes a tree needs to expand `game`'s root: the root and one child per
/// legal ply. The tree always gets this much room, above the node cap if
/// need be, so that a search of an ongoing game chooses a ply.
fn root_room<G: Game>(game: &G) -> usize {
    let mut plies = abstracta_core::PlyBuf::new();
    game.legal_plies(&mut plies);
    plies.len() + 1
}

fn root_stats<P: Copy + Send + Sync>(tree: &Tree<P>) -> Vec<RootStat<P>> {
    let prior = u64::from(tree.root().child_prior());
    tree.root()
        .children()
        .map(|c| {
            let n = tree.node(c);
            let (visits, wins) = n.stats();
            RootStat {
                ply: n.ply(),
                visits: u64::from(visits),
                prior,
                wins: u64::from(wins),
                proof: n.proof(),
            }
        })
        .collect()
}

/// `best` followed by the most visited line below it in `tree`.
fn principal_variation<P: Copy + Eq + Send + Sync>(tree: &Tree<P>, best: P) -> Vec<P> {
    let mut pv = vec![best];
    let Some(mut idx) = tree.root().children().find(|&c| tree.node(c).ply() == best) else {
        return pv;
    };
    while pv.len() < 64 {
        let node = tree.node(idx);
        let mut next = None;
        let mut best_key = (0u8, 0u32);
        for c in node.children() {
            let ch = tree.node(c);
            let key = (u8::from(ch.proof() == PROVEN_WIN), ch.visits());
            if key > best_key {
                best_key = key;
                next = Some(c);
            }
        }
        match next {
            Some(c) => {
                pv.push(tree.node(c).ply());
                idx = c;
            }
            None => break,
        }
    }
    pv
}

fn finish<P: Copy>(
    stats: Vec<RootStat<P>>,
    root_proof: u8,
    pv_tail: impl FnOnce(P) -> Vec<P>,
    iterations: u64,
    nodes: usize,
    start: Instant,
    max_depth: u32,
) -> SearchResult<P> {
    let mut children: Vec<ChildStats<P>> = stats
        .iter()
        .map(|s| ChildStats {
            ply: s.ply,
            visits: s.visits.saturating_sub(s.prior),
            win_rate: if s.visits == 0 {
                0.5
            } else {
                s.wins as f64 / (2.0 * s.visits as f64)
            },
            proof: proof_from_code(s.proof),
        })
        .collect();
    let rank = |c: &ChildStats<P>| match c.proof {
        Some(Proof::Win) => 0,
        Some(Proof::Loss) => 2,
        _ => 1,
    };
    children.sort_by(|a, b| {
        rank(a)
            .cmp(&rank(b))
            .then(b.visits.cmp(&a.visits))
            .then(b.win_rate.total_cmp(&a.win_rate))
    });
    let best = children.first().map(|c| c.ply);
    let proof = proof_from_code(root_proof);
    let win_rate = match proof {
        Some(Proof::Win) => 1.0,
        Some(Proof::Loss) => 0.0,
        Some(Proof::Draw) => 0.5,
        None => children.first().map_or(0.5, |c| c.win_rate),
    };
    let pv = best.map(pv_tail).unwrap_or_default();
    let elapsed = start.elapsed();
    let secs = elapsed.as_secs_f64();
    SearchResult {
        best,
        win_rate: Some(win_rate),
        children,
        pv,
        iterations,
        nodes,
        elapsed,
        iterations_per_sec: if secs > 0.0 { iterations as f64 / secs } else { 0.0 },
        max_depth,
        proof,
    }
}

#[cfg(test)]
mod tests;
