//! The search proper: negamax with alpha-beta and principal-variation
//! windows, iterative deepening with aspiration windows at the root, the
//! table, killers and history; one [`Worker`] per thread.

use abstracta_core::time::Instant;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use abstracta_core::knowledge::SearchKnowledge;
use abstracta_core::rand::rngs::SmallRng;
use abstracta_core::rand::{Rng, SeedableRng};
use abstracta_core::search::StopHandle;
use abstracta_core::zobrist::mix64;
use abstracta_core::{Game, PlyBuf, Seat, Status};
use smallvec::SmallVec;

use crate::table::{Bound, Entry, Table};

/// The score of a win at the root; a win `n` plies below scores `MATE - n`.
pub(crate) const MATE: i32 = 1_000_000;
/// Scores at least this far from 0 are wins or losses.
pub(crate) const MATE_BOUND: i32 = 900_000;
/// Heuristic scores are clamped to this.
pub(crate) const EVAL_LIMIT: i32 = 100_000;
const INFINITY: i32 = MATE + 1;
/// The half-width of the first aspiration window, in score units.
const ASPIRATION: i32 = 300;
/// The spread of the priors' part of a ply's order score.
const PRIOR_WEIGHT: f32 = 131_072.0;
/// History scores are halved once one reaches this.
const HISTORY_LIMIT: i32 = 1 << 22;
const HISTORY_SIZE: usize = 4096;
const KILLER_FIRST: i32 = 1 << 25;
const KILLER_SECOND: i32 = 1 << 24;
/// Nodes between two looks at the clock, the stop handle and the shared count.
const CHECK_EVERY: u64 = 256;

/// What every thread of one search shares.
pub(crate) struct Shared<'a, K> {
    pub table: &'a Table,
    pub knowledge: &'a K,
    pub handle: &'a StopHandle,
    /// Set when the main thread is done: the helpers stop.
    pub done: AtomicBool,
    /// Nodes counted so far over all threads (each adds its own in batches).
    pub nodes: AtomicU64,
    /// The node budget (`u64::MAX`: none).
    pub node_limit: u64,
    /// No work after this.
    pub deadline: Option<Instant>,
    /// No new iteration after this.
    pub soft_deadline: Option<Instant>,
    pub max_depth: u32,
    pub priors: bool,
    pub decisive: bool,
    pub quiescence: bool,
    /// Whether plies played are part of a position's key (games with a
    /// length cap: the same position nearer the cap may be worth less).
    pub key_plies: bool,
}

/// A ply from the root and what the search learnt of it.
#[derive(Clone, Debug)]
pub(crate) struct RootMove<G: Game> {
    pub ply: G::Ply,
    pub child: G,
    /// The score when the ply ends the game.
    pub terminal: Option<i32>,
    /// Its score in the last iteration that searched it: exact for the
    /// best ply, an upper bound for the others.
    pub score: i32,
    pub exact: bool,
    /// Whether that score is free of heuristic guesses.
    pub resolved: bool,
    /// Nodes searched below it.
    pub nodes: u64,
}

/// What one thread's iterative deepening found.
pub(crate) struct Outcome {
    /// The deepest iteration completed.
    pub depth: u32,
    /// The best ply's score after it.
    pub score: i32,
    /// Whether that iteration's score is free of heuristic guesses.
    pub resolved: bool,
    pub seldepth: u32,
}

/// The plies a node searches.
enum NodePlies {
    /// Every legal ply.
    Legal,
    /// Only the game's forced replies (every other ply loses at once).
    Forced,
    /// Every ply loses at once.
    Lost,
}

/// One thread's search state.
pub(crate) struct Worker<'s, 'a, G: Game, K> {
    shared: &'s Shared<'a, K>,
    main: bool,
    unflushed: u64,
    aborted: bool,
    /// Heuristic values used so far (leaves and unresolved table entries):
    /// a subtree that adds none is resolved.
    guesses: u64,
    seldepth: u32,
    killers: Vec<[Option<G::Ply>; 2]>,
    history: Vec<i32>,
    /// Move-order noise of the helper threads.
    rng: Option<SmallRng>,
}

/// A cheap hasher for history slots (FNV-1a on the bytes a ply hashes).
struct SlotHasher(u64);

impl Hasher for SlotHasher {
    fn finish(&self) -> u64 {
        mix64(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n))
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n))
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n))
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(17);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64)
    }
}

fn history_slot<P: Hash>(ply: &P, mover: Seat) -> usize {
    let mut hasher = SlotHasher(0xcbf2_9ce4_8422_2325 ^ mover as u64);
    ply.hash(&mut hasher);
    (hasher.finish() as usize) & (HISTORY_SIZE - 1)
}

/// The score for `mover` of a finished game, `ply` plies below the root.
pub(crate) fn terminal_score(status: Status, mover: Seat, ply: u32) -> i32 {
    match status.reward(mover) {
        Some(r) if r > 0.75 => MATE - ply as i32,
        Some(r) if r < 0.25 => -(MATE - ply as i32),
        _ => 0,
    }
}

/// A score as the table keeps it: wins and losses counted from the entry's
/// position instead of the root.
fn to_table(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The table key of `game`.
pub(crate) fn position_key<G: Game>(game: &G, key_plies: bool) -> u64 {
    let hash = game.hash();
    if key_plies {
        hash ^ mix64(u64::from(game.plies_played()).wrapping_add(0x5bd1_e995))
    } else {
        hash
    }
}

impl<'s, 'a, G: Game, K: SearchKnowledge<G>> Worker<'s, 'a, G, K> {
    /// The worker of thread `id` (0 is the main thread; the others get
    /// move-order noise from `seed`).
    pub fn new(shared: &'s Shared<'a, K>, id: usize, seed: u64) -> Self {
        Worker {
            shared,
            main: id == 0,
            unflushed: 0,
            aborted: false,
            guesses: 0,
            seldepth: 0,
            killers: vec![[None, None]; crate::MAX_DEPTH as usize + 2],
            history: vec![0; HISTORY_SIZE],
            rng: (id > 0).then(|| SmallRng::seed_from_u64(abstracta_core::mix_seed(seed, id as u64))),
        }
    }

    /// Counts a node; whether the search must stop now.
    #[inline]
    fn count_node(&mut self) -> bool {
        let shared = self.shared;
        if shared.node_limit != u64::MAX
            && shared.nodes.load(Ordering::Relaxed) + self.unflushed >= shared.node_limit
        {
            self.aborted = true;
            return true;
        }
        self.unflushed += 1;
        if self.unflushed >= CHECK_EVERY {
            self.flush();
            if shared.handle.stop_requested()
                || (!self.main && shared.done.load(Ordering::Relaxed))
                || shared.deadline.is_some_and(|d| Instant::now() >= d)
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Adds this thread's uncounted nodes to the shared count.
    pub fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    fn evaluate(&self, game: &G) -> i32 {
        self.shared
            .knowledge
            .evaluate_score(game)
            .unwrap_or(0)
            .clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// Writes the plies the node searches into `out`.
    fn node_plies(&self, game: &G, out: &mut PlyBuf<G::Ply>) -> NodePlies {
        if self.shared.decisive && self.shared.knowledge.forced_plies(game, out) {
            if out.is_empty() {
                return NodePlies::Lost;
            }
            return NodePlies::Forced;
        }
        game.legal_plies(out);
        NodePlies::Legal
    }

    /// The value of `child` for the mover of its parent, whose seat is
    /// `mover`: the child's own value, negated when the turn passed.
    fn child_value(&mut self, child: &G, mover: Seat, depth: i32, alpha: i32, beta: i32, ply: u32) -> i32 {
        let status = child.status();
        if status.is_finished() {
            return terminal_score(status, mover, ply);
        }
        if child.to_move_seat() == mover {
            self.negamax(child, depth, alpha, beta, ply)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply)
        }
    }

    /// The value of the ongoing `game` for its mover, `ply` plies below the
    /// root, searched `depth` plies deep within `(alpha, beta)` (fail-soft).
    fn negamax(&mut self, game: &G, depth: i32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let shared = self.shared;
        let key = position_key(game, shared.key_plies);
        let mut table_best = None;
        if let Some(entry) = shared.table.probe(key) {
            table_best = entry.best;
            if entry.resolved || i32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    if !entry.resolved {
                        self.guesses += 1;
                    }
                    return score;
                }
            }
        }
        if shared.decisive && shared.knowledge.decisive_ply(game).is_some() {
            return MATE - (ply as i32 + 1);
        }
        if depth <= 0 || ply >= crate::MAX_DEPTH {
            if shared.quiescence && ply < crate::MAX_DEPTH {
                return self.quiesce(game, alpha, beta, ply, crate::QUIESCENCE_DEPTH);
            }
            self.guesses += 1;
            return self.evaluate(game);
        }
        let mut plies = PlyBuf::new();
        if let NodePlies::Lost = self.node_plies(game, &mut plies) {
            // Every ply lets the opponent win at once.
            return -(MATE - (ply as i32 + 2));
        }
        let mover = game.to_move_seat();
        let n = plies.len();
        let mut order: SmallVec<[(i32, u16); 128]> = SmallVec::with_capacity(n);
        let mut priors: SmallVec<[f32; 128]> = SmallVec::new();
        let use_priors = shared.priors && depth >= 2 && {
            priors.resize(n, 0.5);
            shared.knowledge.ply_priors(game, &plies, &mut priors)
        };
        let killers = self.killers[ply as usize];
        for (i, p) in plies.iter().enumerate() {
            let mut score = if Some(i as u16) == table_best {
                i32::MAX
            } else {
                let mut s = self.history[history_slot(p, mover)];
                if use_priors {
                    s += ((priors[i] - 0.5) * PRIOR_WEIGHT) as i32;
                }
                if killers[0] == Some(*p) {
                    s += KILLER_FIRST;
                } else if killers[1] == Some(*p) {
                    s += KILLER_SECOND;
                }
                s
            };
            if let Some(rng) = &mut self.rng {
                score = score.saturating_add(rng.gen_range(0..64));
            }
            order.push((score, i as u16));
        }
        let alpha_at_start = alpha;
        let guesses_at_start = self.guesses;
        let mut best = -INFINITY;
        let mut best_index = None;
        for k in 0..n {
            // Selection sort, one step at a time: most nodes cut early.
            let mut top = k;
            for j in k + 1..n {
                if order[j].0 > order[top].0 {
                    top = j;
                }
            }
            order.swap(k, top);
            let index = order[k].1 as usize;
            let ply_here = plies[index];
            let mut child = game.clone();
            child.play_unchecked(ply_here);
            let value = if k == 0 {
                self.child_value(&child, mover, depth - 1, alpha, beta, ply + 1)
            } else {
                let probe = self.child_value(&child, mover, depth - 1, alpha, alpha + 1, ply + 1);
                if probe > alpha && probe < beta && !self.aborted {
                    self.child_value(&child, mover, depth - 1, alpha, beta, ply + 1)
                } else {
                    probe
                }
            };
            if self.aborted {
                return 0;
            }
            if value > best {
                best = value;
                best_index = Some(index as u16);
            }
            if value > alpha {
                alpha = value;
            }
            if alpha >= beta {
                self.reward_cut(ply_here, mover, ply, depth);
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_at_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        shared.table.store(
            key,
            Entry {
                score: to_table(best, ply),
                depth: depth.clamp(0, 255) as u8,
                bound,
                resolved: self.guesses == guesses_at_start,
                best: best_index,
            },
        );
        best
    }

    /// The quiescence value of the ongoing `game` for its mover: the
    /// evaluation (standing pat) or better through loud plies, `left`
    /// more plies at most. A node facing a threat searches the forced
    /// replies instead of standing pat.
    fn quiesce(&mut self, game: &G, mut alpha: i32, beta: i32, ply: u32, left: u32) -> i32 {
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let shared = self.shared;
        if shared.decisive && shared.knowledge.decisive_ply(game).is_some() {
            return MATE - (ply as i32 + 1);
        }
        let mut plies = PlyBuf::new();
        let threatened = match self.node_plies(game, &mut plies) {
            NodePlies::Lost => return -(MATE - (ply as i32 + 2)),
            NodePlies::Forced => true,
            NodePlies::Legal => false,
        };
        self.guesses += 1;
        let stand = self.evaluate(game);
        let mut best = if threatened { -INFINITY } else { stand };
        if !threatened && (stand >= beta || left == 0 || ply + 1 >= crate::MAX_DEPTH) {
            return stand;
        }
        alpha = alpha.max(best);
        let n = plies.len();
        let mut priors: SmallVec<[f32; 128]> = SmallVec::new();
        priors.resize(n, 0.5);
        if !shared.knowledge.ply_priors(game, &plies, &mut priors) && !threatened {
            return stand;
        }
        let mut loud: SmallVec<[(f32, u16); 32]> = (0..n)
            .filter(|&i| threatened || priors[i] >= crate::LOUD_PRIOR)
            .map(|i| (priors[i], i as u16))
            .collect();
        loud.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mover = game.to_move_seat();
        for &(_, i) in &loud {
            let mut child = game.clone();
            child.play_unchecked(plies[usize::from(i)]);
            let status = child.status();
            let value = if status.is_finished() {
                terminal_score(status, mover, ply + 1)
            } else if left == 0 || ply + 1 >= crate::MAX_DEPTH {
                let e = self.evaluate(&child);
                if child.to_move_seat() == mover {
                    e
                } else {
                    -e
                }
            } else if child.to_move_seat() == mover {
                self.quiesce(&child, alpha, beta, ply + 1, left - 1)
            } else {
                -self.quiesce(&child, -beta, -alpha, ply + 1, left - 1)
            };
            if self.aborted {
                return 0;
            }
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        if best == -INFINITY {
            stand
        } else {
            best
        }
    }

    /// Remembers a ply that cut: as a killer of its ply depth and in the
    /// history of its mover.
    fn reward_cut(&mut self, p: G::Ply, mover: Seat, ply: u32, depth: i32) {
        let killers = &mut self.killers[ply as usize];
        if killers[0] != Some(p) {
            killers[1] = killers[0];
            killers[0] = Some(p);
        }
        let slot = history_slot(&p, mover);
        self.history[slot] += depth * depth;
        if self.history[slot] >= HISTORY_LIMIT {
            for h in &mut self.history {
                *h /= 2;
            }
        }
    }

    /// Searches every root ply `depth` deep within `(alpha, beta)`; the
    /// best score, or `None` when the search was stopped. Root plies are
    /// reordered best first, and a ply that beat the first one before a
    /// stop is moved to the front too.
    fn root_iteration(
        &mut self,
        roots: &mut [RootMove<G>],
        mover: Seat,
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let mut alpha = alpha;
        let mut best = -INFINITY;
        let mut best_at = 0;
        for k in 0..roots.len() {
            let alpha_before = alpha;
            let nodes_before = self.nodes_seen();
            let guesses_before = self.guesses;
            let value = match roots[k].terminal {
                Some(score) => score,
                None => {
                    let child = roots[k].child.clone();
                    if k == 0 {
                        self.child_value(&child, mover, depth - 1, alpha, beta, 1)
                    } else {
                        let probe = self.child_value(&child, mover, depth - 1, alpha, alpha + 1, 1);
                        if probe > alpha && probe < beta && !self.aborted {
                            self.child_value(&child, mover, depth - 1, alpha, beta, 1)
                        } else {
                            probe
                        }
                    }
                }
            };
            roots[k].nodes += self.nodes_seen() - nodes_before;
            if self.aborted {
                if best_at > 0 {
                    roots[..=best_at].rotate_right(1);
                }
                return None;
            }
            let root = &mut roots[k];
            root.score = value;
            root.exact = value > alpha_before && value < beta;
            root.resolved = self.guesses == guesses_before;
            best = best.max(value);
            if value > alpha {
                // Only a ply that raised alpha beat the ones before it:
                // the others' scores are bounds.
                alpha = value;
                best_at = k;
            }
            if alpha >= beta {
                break;
            }
        }
        // Best first, the others by their bounds (the sort is stable).
        roots[..=best_at].rotate_right(1);
        roots[1..].sort_by_key(|r| std::cmp::Reverse(r.score));
        Some(best)
    }

    fn nodes_seen(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + self.unflushed
    }

    /// Iterative deepening over `roots` (reordered in place) from depth
    /// `first`; what the deepest completed iteration found.
    pub fn iterate(&mut self, roots: &mut [RootMove<G>], mover: Seat, first: u32) -> Outcome {
        let shared = self.shared;
        let mut outcome = Outcome {
            depth: 0,
            score: 0,
            resolved: false,
            seldepth: 0,
        };
        let mut depth = first.max(1);
        while depth <= shared.max_depth {
            if depth > first && shared.soft_deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let guesses_before = self.guesses;
            let d = depth as i32;
            let mut score = if depth >= 3 && outcome.score.abs() < MATE_BOUND {
                let (lo, hi) = (outcome.score - ASPIRATION, outcome.score + ASPIRATION);
                match self.root_iteration(roots, mover, d, lo, hi) {
                    Some(s) if s > lo && s < hi => Some(s),
                    Some(_) => self.root_iteration(roots, mover, d, -INFINITY, INFINITY),
                    None => None,
                }
            } else {
                self.root_iteration(roots, mover, d, -INFINITY, INFINITY)
            };
            if let Some(s) = score.take() {
                outcome = Outcome {
                    depth,
                    score: s,
                    resolved: self.guesses == guesses_before,
                    seldepth: self.seldepth,
                };
            } else {
                break;
            }
            // The whole tree is resolved, or a win or loss is proven:
            // deeper iterations would say the same.
            if outcome.resolved || outcome.score.abs() >= MATE_BOUND {
                break;
            }
            // Helpers skip depths so that the threads spread out.
            depth += if self.main {
                1
            } else {
                1 + u32::from(self.rng.as_mut().is_some_and(|r| r.gen_bool(0.3)))
            };
        }
        outcome.seldepth = outcome.seldepth.max(self.seldepth);
        self.flush();
        outcome
    }

    /// The principal variation from `root` (a root ply's position) along
    /// the table's best plies, at most `limit` plies.
    pub fn table_line(&self, root: &G, limit: usize) -> Vec<G::Ply> {
        let mut line = Vec::new();
        let mut game = root.clone();
        let mut plies = PlyBuf::new();
        while line.len() < limit && game.status().is_ongoing() {
            let Some(entry) = self
                .shared
                .table
                .probe(position_key(&game, self.shared.key_plies))
            else {
                break;
            };
            let Some(best) = entry.best else { break };
            if let NodePlies::Lost = self.node_plies(&game, &mut plies) {
                break;
            }
            let Some(&p) = plies.get(usize::from(best)) else {
                break;
            };
            line.push(p);
            game.play_unchecked(p);
        }
        line
    }
}
