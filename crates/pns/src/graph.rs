//! Retrograde analysis of a position's whole reachable graph (`graph=N`):
//! every position reachable from the root, keyed without its plies
//! played, then each seat's wins layer by layer back from the finished
//! games, which gives every position's exact distance to the end under
//! optimal play. Cycles (pieces shuffling back and forth) need nothing
//! special: a position in neither seat's layers is won by neither, however
//! the players go round.
//!
//! With a length cap and `r` plies left at the root, a position met first
//! `b` plies from the root is expanded only while `b < r` (one met at the
//! cap is the cap's draw, unless the rules end it), and "the seat wins
//! within `k` plies" is read off as "its distance is at most `k`". That is
//! exact for every `k <= r - b`: a win within `k` plies from there is a tree
//! of depth at most `k` whose inner positions lie less than `r` plies from
//! the root, so they were all expanded with their true plies, and its
//! leaves are the rules' wins, which the cap does not hide.

use std::collections::VecDeque;

use abstracta_core::search::{ChildStats, Proof, SearchResult, StopHandle};
use abstracta_core::time::Instant;
use abstracta_core::{Game, PlyBuf, Seat};
use thiserror::Error;

use crate::solver::Limits;

/// The most positions `graph=N` accepts.
pub const MAX_GRAPH_POSITIONS: usize = 50_000_000;

/// Edges (plies between distinct positions) allowed per position of the
/// bound on average: a graph with wider positions is refused, so the edge
/// lists are bounded by the option too.
pub const EDGES_PER_POSITION: usize = 32;

/// The most plies of a principal variation given.
const MAX_PV: usize = 256;

/// A distance for "not won".
const NEVER: u32 = u32::MAX;

/// How a position of the graph ends, if it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Ongoing,
    Won(Seat),
    /// A draw by the rules, or the length cap reached.
    Drawn,
}

/// Why the graph was not solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GraphError {
    /// More positions are reachable than the bound allows.
    #[error(
        "more than {limit} positions are reachable (graph={limit}); expected a smaller position or a larger graph bound"
    )]
    TooManyPositions {
        /// The bound.
        limit: usize,
    },
    /// The positions have more plies between them than the bound allows.
    #[error(
        "more than {limit} plies between reachable positions (32 per position of the graph bound); expected a smaller position or a larger graph bound"
    )]
    TooManyEdges {
        /// The bound.
        limit: usize,
    },
    /// The time, the node budget or the stop handle ended the search.
    #[error("stopped (time, node budget or stop handle) before the position graph was solved")]
    Stopped,
    /// The bound given is outside 1 to [`MAX_GRAPH_POSITIONS`].
    #[error("a graph bound of {0} positions; expected 1 to 50000000")]
    BadBound(usize),
}

/// What stops an exploration early.
#[derive(Clone, Debug, Default)]
pub struct GraphBudget {
    /// Positions expanded at most.
    pub nodes: Option<u64>,
    /// The wall time at which to stop.
    pub deadline: Option<Instant>,
    /// Stops the search from another thread.
    pub stop: Option<StopHandle>,
}

/// One root ply and its exact value for the root's mover.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphPly<P> {
    /// The ply.
    pub ply: P,
    /// Its value for the seat to move at the root.
    pub value: Proof,
    /// Plies from the root to the end under optimal play (the ply counted)
    /// for a win or a loss; `None` for a draw.
    pub plies_to_end: Option<u32>,
}

/// The solved graph of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphSolution<P> {
    /// The value for the seat to move.
    pub value: Proof,
    /// Plies to the end under optimal play (the winner winning as soon as it
    /// can, the loser holding out as long as it can); `None` for a draw.
    pub plies_to_end: Option<u32>,
    /// Every root ply with its value, the best first: wins by their
    /// distance, then draws, then losses from the longest.
    pub plies: Vec<GraphPly<P>>,
    /// A line of optimal play from the root (at most 256 plies; the best ply
    /// alone for a draw).
    pub pv: Vec<P>,
    /// Distinct positions reached (the root, finished ones and those met
    /// at the cap included).
    pub positions: usize,
    /// Positions expanded (their plies generated).
    pub expanded: u64,
    /// Distinct plies between positions.
    pub edges: usize,
    /// The most plies from the root to a position by its shortest line.
    pub depth: u32,
    /// Whether some position was reached only at the length cap: the
    /// values are then those under the cap; else they hold without it too.
    pub cap_met: bool,
}

/// The positions' indices by hash: open addressing with linear probing in
/// one array of (hash, index) slots, at most half full. The graph's
/// exploration is bound by this lookup's cache misses (one a successor);
/// a slot holding both key and value costs one miss where a table with
/// separate control bytes costs two.
struct PositionIndex {
    slots: Vec<(u64, u32)>,
    len: usize,
}

/// An empty slot's index (positions are fewer than [`MAX_GRAPH_POSITIONS`]).
const EMPTY: u32 = u32::MAX;

impl PositionIndex {
    fn new() -> PositionIndex {
        PositionIndex {
            slots: vec![(0, EMPTY); 1024],
            len: 0,
        }
    }

    fn home(&self, key: u64) -> usize {
        // The high bits of a multiplicative hash: uniform even when the
        // game's hash is weak in some bits.
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
    }

    /// The key in `key`'s home slot (read to bring it into the cache).
    fn slot_key(&self, key: u64) -> u64 {
        self.slots[self.home(key)].0
    }

    fn get(&self, key: u64) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut at = self.home(key);
        loop {
            match self.slots[at] {
                (_, EMPTY) => return None,
                (k, index) if k == key => return Some(index),
                _ => at = (at + 1) & mask,
            }
        }
    }

    /// The index of `key`, or `next` inserted for it; whether it was new.
    fn get_or_insert(&mut self, key: u64, next: u32) -> (u32, bool) {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut at = self.home(key);
        loop {
            match self.slots[at] {
                (_, EMPTY) => {
                    self.slots[at] = (key, next);
                    self.len += 1;
                    return (next, true);
                }
                (k, index) if k == key => return (index, false),
                _ => at = (at + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let doubled = vec![(0, EMPTY); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for (key, index) in old.into_iter().filter(|s| s.1 != EMPTY) {
            let mut at = self.home(key);
            while self.slots[at].1 != EMPTY {
                at = (at + 1) & mask;
            }
            self.slots[at] = (key, index);
        }
    }
}

/// The explored graph: positions by index in the order met (breadth
/// first), their movers and ends, and each expanded position's successors.
struct Graph {
    index: PositionIndex,
    movers: Vec<Seat>,
    ends: Vec<End>,
    /// `offsets[i]..offsets[i + 1]` are position `i`'s successors in `edges`.
    offsets: Vec<u32>,
    edges: Vec<u32>,
    expanded: u64,
    depth: u32,
    cap_met: bool,
}

/// Checks the budget every this many expansions (and retrograde steps).
const CHECK_EVERY: u64 = 1024;

/// Whether the budget is spent after `work` steps (expansions count against
/// the node budget, retrograde steps only against the clock).
fn stopped(budget: &GraphBudget, work: u64, expansion: bool) -> bool {
    (expansion && budget.nodes.is_some_and(|n| work >= n))
        || (work % CHECK_EVERY == 0
            && (budget.stop.as_ref().is_some_and(StopHandle::stop_requested)
                || budget.deadline.is_some_and(|d| Instant::now() >= d)))
}

impl Graph {
    /// Every position reachable from `root` (keyed by the game's hash, which
    /// leaves out the plies played), breadth first, at most `limit`.
    /// `expanded` counts the expansions, also when it fails.
    fn explore<G: Game>(
        root: &G,
        limit: usize,
        budget: &GraphBudget,
        expanded: &mut u64,
    ) -> Result<Graph, GraphError> {
        let edge_limit = limit
            .saturating_mul(EDGES_PER_POSITION)
            .min(u32::MAX as usize - 1);
        let mut graph = Graph {
            index: PositionIndex::new(),
            movers: Vec::new(),
            ends: Vec::new(),
            offsets: vec![0],
            edges: Vec::new(),
            expanded: 0,
            depth: 0,
            cap_met: false,
        };
        let root_plies = root.plies_played();
        // The games of positions met and not yet expanded, in index order
        // (`None`: a finished one).
        let mut frontier: VecDeque<Option<G>> = VecDeque::new();
        graph.add(root.hash(), root.clone(), limit, &mut frontier)?;
        let mut plies = PlyBuf::new();
        let mut successors: Vec<(u64, G)> = Vec::new();
        while let Some(entry) = frontier.pop_front() {
            if let Some(game) = entry {
                graph.expanded += 1;
                *expanded = graph.expanded;
                if stopped(budget, graph.expanded, true) {
                    return Err(GraphError::Stopped);
                }
                graph.depth = graph.depth.max(game.plies_played() - root_plies);
                let first = graph.edges.len();
                game.legal_plies(&mut plies);
                successors.clear();
                successors.extend(plies.iter().map(|&ply| {
                    let mut next = game.clone();
                    next.play_unchecked(ply);
                    (next.hash(), next)
                }));
                // The successors' slots read together first: their cache
                // misses overlap, where one lookup at a time waits for each.
                let touched = successors
                    .iter()
                    .fold(0, |acc, (hash, _)| acc ^ graph.index.slot_key(*hash));
                std::hint::black_box(touched);
                for (hash, next) in successors.drain(..) {
                    let to = graph.add(hash, next, limit, &mut frontier)?;
                    if graph.edges.len() >= edge_limit {
                        return Err(GraphError::TooManyEdges { limit: edge_limit });
                    }
                    graph.edges.push(to);
                }
                // Two plies to the same position are one edge: the
                // counters of the analysis count positions.
                graph.edges[first..].sort_unstable();
                let mut kept = first;
                for i in first..graph.edges.len() {
                    if i == first || graph.edges[i] != graph.edges[kept - 1] {
                        graph.edges[kept] = graph.edges[i];
                        kept += 1;
                    }
                }
                graph.edges.truncate(kept);
            }
            graph.offsets.push(graph.edges.len() as u32);
        }
        Ok(graph)
    }

    /// The index of `game`'s position, added (and queued) when new.
    fn add<G: Game>(
        &mut self,
        hash: u64,
        game: G,
        limit: usize,
        frontier: &mut VecDeque<Option<G>>,
    ) -> Result<u32, GraphError> {
        let next = self.movers.len() as u32;
        let (index, new) = self.index.get_or_insert(hash, next);
        if !new {
            return Ok(index);
        }
        if self.movers.len() >= limit {
            return Err(GraphError::TooManyPositions { limit });
        }
        let status = game.status();
        let end = if status.is_ongoing() {
            End::Ongoing
        } else if let Some(seat) = status.winner_seat() {
            End::Won(seat)
        } else {
            if game.length_cap().is_some_and(|cap| game.plies_played() >= cap) {
                self.cap_met = true;
            }
            End::Drawn
        };
        self.movers.push(game.to_move_seat());
        self.ends.push(end);
        frontier.push_back((end == End::Ongoing).then_some(game));
        Ok(index)
    }

    fn position(&self, game: &impl Game) -> Option<usize> {
        self.index.get(game.hash()).map(|i| i as usize)
    }

    /// Each seat's distance to its win from every position ([`NEVER`] where
    /// it cannot force one): retrograde analysis from the finished games,
    /// layer by layer. A position of the seat to move is won one ply after
    /// its first won successor; one of the other seat when its last
    /// successor is won, one ply after that (the layers come in order, so
    /// the last is the farthest).
    fn distances(&mut self, budget: &GraphBudget) -> Result<[Vec<u32>; 2], GraphError> {
        let mut work: u64 = 0;
        let n = self.movers.len();
        // Predecessors, from the successors (which are dropped after).
        let mut pred_offsets = vec![0u32; n + 1];
        for &to in &self.edges {
            pred_offsets[to as usize + 1] += 1;
        }
        for i in 0..n {
            pred_offsets[i + 1] += pred_offsets[i];
        }
        let mut fill = pred_offsets.clone();
        let mut preds = vec![0u32; self.edges.len()];
        for from in 0..n {
            let successors = self.offsets[from] as usize..self.offsets[from + 1] as usize;
            for &to in &self.edges[successors] {
                preds[fill[to as usize] as usize] = from as u32;
                fill[to as usize] += 1;
            }
        }
        drop(fill);
        self.edges = Vec::new();
        let mut distances = [Vec::new(), Vec::new()];
        for seat in Seat::ALL {
            let mut distance = vec![NEVER; n];
            let mut waiting: Vec<u32> = (0..n).map(|i| self.offsets[i + 1] - self.offsets[i]).collect();
            let mut queue: Vec<u32> = Vec::new();
            for (i, &end) in self.ends.iter().enumerate() {
                if end == End::Won(seat) {
                    distance[i] = 0;
                    queue.push(i as u32);
                }
            }
            let mut head = 0;
            while head < queue.len() {
                work += 1;
                if stopped(budget, work, false) {
                    return Err(GraphError::Stopped);
                }
                let won = queue[head] as usize;
                head += 1;
                let next = distance[won] + 1;
                for &from in &preds[pred_offsets[won] as usize..pred_offsets[won + 1] as usize] {
                    let from = from as usize;
                    if distance[from] != NEVER || self.ends[from] != End::Ongoing {
                        continue;
                    }
                    if self.movers[from] == seat {
                        distance[from] = next;
                        queue.push(from as u32);
                    } else {
                        waiting[from] -= 1;
                        if waiting[from] == 0 {
                            distance[from] = next;
                            queue.push(from as u32);
                        }
                    }
                }
            }
            distances[seat.index()] = distance;
        }
        Ok(distances)
    }
}

/// The value for `seat` of a position with `left` plies before the cap
/// (`None`: no cap) and the plies to its end.
fn value_at(
    distances: &[Vec<u32>; 2],
    position: usize,
    seat: Seat,
    left: Option<u32>,
) -> (Proof, Option<u32>) {
    let within = |d: u32| d != NEVER && left.map_or(true, |l| d <= l);
    let own = distances[seat.index()][position];
    let other = distances[seat.opponent().index()][position];
    if within(own) {
        (Proof::Win, Some(own))
    } else if within(other) {
        (Proof::Loss, Some(other))
    } else {
        (Proof::Draw, None)
    }
}

/// Solves the ongoing `game` exactly by retrograde analysis of the
/// positions reachable from it, at most `limit` of them (1 to
/// [`MAX_GRAPH_POSITIONS`]), within `budget`. The game's hash must tell
/// positions apart except for the plies played, and the rules may depend
/// on the plies played only through the length cap (as for `key=position`).
///
/// ```
/// use abstracta_core::search::Proof;
/// use abstracta_core::toy::TicTacToe;
/// use abstracta_core::Game;
/// use pns::{solve_graph, GraphBudget};
///
/// let mut game = TicTacToe::new(Default::default());
/// game.play_list("a1 b1 a2 b2").unwrap();
/// let solution = solve_graph(&game, 10_000, &GraphBudget::default()).unwrap();
/// assert_eq!((solution.value, solution.plies_to_end), (Proof::Win, Some(1)));
/// assert_eq!(solution.plies[0].ply.to_string(), "a3");
/// ```
pub fn solve_graph<G: Game>(
    game: &G,
    limit: usize,
    budget: &GraphBudget,
) -> Result<GraphSolution<G::Ply>, GraphError> {
    solve_counted(game, limit, budget, &mut 0)
}

/// [`solve_graph`], counting the positions expanded in `expanded` (also
/// when it fails).
pub(crate) fn solve_counted<G: Game>(
    game: &G,
    limit: usize,
    budget: &GraphBudget,
    expanded: &mut u64,
) -> Result<GraphSolution<G::Ply>, GraphError> {
    if !(1..=MAX_GRAPH_POSITIONS).contains(&limit) {
        return Err(GraphError::BadBound(limit));
    }
    let mut graph = Graph::explore(game, limit, budget, expanded)?;
    let edges = graph.edges.len();
    let distances = graph.distances(budget)?;
    let mover = game.to_move_seat();
    let left = game
        .length_cap()
        .map(|cap| cap.saturating_sub(game.plies_played()));
    let root = graph.position(game).expect("the root is in its graph");
    let (value, plies_to_end) = value_at(&distances, root, mover, left);
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mut valued: Vec<GraphPly<G::Ply>> = plies
        .iter()
        .map(|&ply| {
            let mut next = game.clone();
            next.play_unchecked(ply);
            let position = graph
                .position(&next)
                .expect("a root ply's position is in the graph");
            let (value, to_end) = value_at(&distances, position, mover, left.map(|l| l - 1));
            GraphPly {
                ply,
                value,
                plies_to_end: to_end.map(|d| d + 1),
            }
        })
        .collect();
    // Wins soonest first, draws, losses latest first.
    valued.sort_by_key(|p| match p.value {
        Proof::Win => (0, p.plies_to_end.unwrap_or(0) as i64),
        Proof::Draw => (1, 0),
        Proof::Loss => (2, -(p.plies_to_end.unwrap_or(0) as i64)),
    });
    let pv = principal_variation(game, &graph, &distances, value, mover, &valued);
    Ok(GraphSolution {
        value,
        plies_to_end,
        plies: valued,
        pv,
        positions: graph.movers.len(),
        expanded: graph.expanded,
        edges,
        depth: graph.depth,
        cap_met: graph.cap_met,
    })
}

/// A line of optimal play from the root: the winner's plies keep the
/// distance falling by one, the loser's too (it holds out longest). A draw
/// gives the best root ply only.
fn principal_variation<G: Game>(
    root: &G,
    graph: &Graph,
    distances: &[Vec<u32>; 2],
    value: Proof,
    mover: Seat,
    valued: &[GraphPly<G::Ply>],
) -> Vec<G::Ply> {
    let Some(first) = valued.first() else {
        return Vec::new();
    };
    let winner = match value {
        Proof::Draw => return vec![first.ply],
        Proof::Win => mover,
        Proof::Loss => mover.opponent(),
    };
    let mut pv = Vec::new();
    let mut game = root.clone();
    let mut plies = PlyBuf::new();
    while pv.len() < MAX_PV && game.status().is_ongoing() {
        let Some(here) = graph.position(&game) else { break };
        let wanted = distances[winner.index()][here].wrapping_sub(1);
        game.legal_plies(&mut plies);
        let step = plies.iter().find_map(|&ply| {
            let mut next = game.clone();
            next.play_unchecked(ply);
            let there = graph.position(&next)?;
            (distances[winner.index()][there] == wanted).then_some((ply, next))
        });
        let Some((ply, next)) = step else { break };
        pv.push(ply);
        game = next;
    }
    pv
}

/// The search result of a solved graph (`iterations`: positions expanded,
/// `nodes`: positions reached; a root ply's `visits`: its plies to the end,
/// 0 for a draw).
pub(crate) fn search_result<P: Copy>(solution: &GraphSolution<P>, started: Instant) -> SearchResult<P> {
    let rate = |value: Proof| match value {
        Proof::Win => 1.0,
        Proof::Draw => 0.5,
        Proof::Loss => 0.0,
    };
    let elapsed = started.elapsed();
    SearchResult {
        best: solution.plies.first().map(|p| p.ply),
        win_rate: Some(rate(solution.value)),
        children: solution
            .plies
            .iter()
            .map(|p| ChildStats {
                ply: p.ply,
                visits: u64::from(p.plies_to_end.unwrap_or(0)),
                win_rate: rate(p.value),
                proof: Some(p.value),
            })
            .collect(),
        pv: solution.pv.clone(),
        iterations: solution.expanded,
        nodes: solution.positions,
        elapsed,
        iterations_per_sec: solution.expanded as f64 / elapsed.as_secs_f64().max(1e-6),
        max_depth: solution.depth,
        proof: Some(solution.value),
    }
}

/// `graph=N` in front of df-pn: the graph's exact result, or (a graph
/// larger than the bound, or half the budget spent) the limits left for
/// df-pn, the positions expanded taken from the node budget, and those
/// positions (counted in the result's work). The graph
/// gets half of the time and of the node budget, so that a position too
/// large for it (whose exploration may take long before it overflows)
/// still gets a df-pn search.
pub(crate) fn solve_first<G: Game>(
    game: &G,
    positions: usize,
    limits: &Limits,
    started: Instant,
) -> Result<SearchResult<G::Ply>, (Limits, u64)> {
    let budget = GraphBudget {
        nodes: limits.nodes.map(|n| (n / 2).max(1)),
        deadline: limits
            .deadline
            .map(|d| started + d.saturating_duration_since(started) / 2),
        stop: Some(limits.stop.clone()),
    };
    let mut expanded = 0;
    match solve_counted(game, positions, &budget, &mut expanded) {
        Ok(solution) => Ok(search_result(&solution, started)),
        Err(_) => Err((
            Limits {
                nodes: limits.nodes.map(|n| n.saturating_sub(expanded).max(1)),
                stop: limits.stop.clone(),
                ..*limits
            },
            expanded,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::search::Search;
    use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};

    fn position(spec: &str, plies: &str) -> TicTacToe {
        let mut game = TicTacToe::new(spec.parse().unwrap());
        game.play_list(plies).unwrap();
        game
    }

    #[test]
    fn the_whole_tic_tac_toe_graph_is_a_draw() {
        let game = position("tictactoe", "");
        let solution = solve_graph(&game, 10_000, &GraphBudget::default()).unwrap();
        assert_eq!((solution.value, solution.plies_to_end), (Proof::Draw, None));
        // Every position reachable by legal play, the start and the
        // finished ones included.
        assert_eq!(solution.positions, 5478);
        assert_eq!(solution.depth, 8, "the last ply fills the board");
        assert!(!solution.cap_met);
        assert!(solution.plies.iter().all(|p| p.value == Proof::Draw));
    }

    #[test]
    fn wins_come_soonest_first_and_losses_latest_first() {
        // x to move: a3 wins at once; o threatens nothing yet.
        let game = position("tictactoe", "a1 b1 a2 b2");
        let solution = solve_graph(&game, 10_000, &GraphBudget::default()).unwrap();
        assert_eq!(solution.plies[0].plies_to_end, Some(1));
        let ends: Vec<u32> = solution
            .plies
            .iter()
            .filter(|p| p.value == Proof::Win)
            .map(|p| p.plies_to_end.unwrap())
            .collect();
        assert!(ends.windows(2).all(|w| w[0] <= w[1]), "{ends:?}");
        assert_eq!(solution.pv.first().map(|p| p.to_string()).as_deref(), Some("a3"));
        // o to move after a poor x ply loses: the longest defence first.
        let game = position("tictactoe", "b2 a1 c3 b1");
        let solution = solve_graph(&game, 10_000, &GraphBudget::default()).unwrap();
        assert_eq!(solution.value, Proof::Win);
        let lost = position("tictactoe", "b2 a1 c3 b1 c1");
        let solution = solve_graph(&lost, 10_000, &GraphBudget::default()).unwrap();
        assert_eq!(solution.value, Proof::Loss);
        let ends: Vec<u32> = solution.plies.iter().map(|p| p.plies_to_end.unwrap()).collect();
        assert!(ends.windows(2).all(|w| w[0] >= w[1]), "{ends:?}");
        assert_eq!(solution.pv.len() as u32, solution.plies_to_end.unwrap());
    }

    #[test]
    fn the_cap_decides_between_a_win_and_a_draw() {
        // x wins with its next ply (a3): within a cap of five plies, not four.
        let draw = position("tictactoe:cap=4", "a1 b1 a2");
        let solution = solve_graph(&draw, 10_000, &GraphBudget::default()).unwrap();
        assert_eq!(solution.value, Proof::Draw);
        assert!(solution.cap_met);
        let win = position("tictactoe:cap=5", "a1 b1 a2 b2");
        let solution = solve_graph(&win, 10_000, &GraphBudget::default()).unwrap();
        assert_eq!((solution.value, solution.plies_to_end), (Proof::Win, Some(1)));
    }

    #[test]
    fn bounds_and_budgets_are_clear_errors() {
        let start = position("tictactoe", "");
        let budget = GraphBudget::default();
        assert_eq!(solve_graph(&start, 0, &budget), Err(GraphError::BadBound(0)));
        assert_eq!(
            solve_graph(&start, MAX_GRAPH_POSITIONS + 1, &budget),
            Err(GraphError::BadBound(MAX_GRAPH_POSITIONS + 1))
        );
        let err = solve_graph(&start, 100, &budget).unwrap_err();
        assert_eq!(err, GraphError::TooManyPositions { limit: 100 });
        assert!(err.to_string().contains("graph=100"), "{err}");
        let spent = GraphBudget {
            nodes: Some(5),
            ..GraphBudget::default()
        };
        assert_eq!(solve_graph(&start, 10_000, &spent), Err(GraphError::Stopped));
        let stop = StopHandle::new();
        stop.begin();
        stop.stop();
        let stopped = GraphBudget {
            stop: Some(stop),
            ..GraphBudget::default()
        };
        // The stop handle is read every 1024 expansions.
        assert_eq!(solve_graph(&start, 10_000, &stopped), Err(GraphError::Stopped));
        // Exactly the positions there are is enough.
        assert!(solve_graph(&start, 5478, &budget).is_ok());
        assert_eq!(
            solve_graph(&start, 5477, &budget),
            Err(GraphError::TooManyPositions { limit: 5477 })
        );
    }

    #[test]
    fn graph_runs_between_two_df_pn_searches() {
        let start = position("tictactoe", "");
        for spec in ["pns:graph=100", "pns:graph=10000"] {
            let mut search = crate::PnsSearch::<TicTacToe, TicTacToeKnowledge>::new(spec.parse().unwrap());
            let result = search.search(&start, &[]);
            assert_eq!(result.proof, Some(Proof::Draw), "{spec}");
            assert!(
                result.children.iter().all(|c| c.proof == Some(Proof::Draw)),
                "{spec}"
            );
            // A short df-pn runs first (it proves this draw, 1,245
            // expansions, before any graph is built) and fills its table.
            assert!(search.table_entries() > 0, "{spec}");
            assert!(result.iterations >= 1_000, "{spec}: {}", result.iterations);
        }
    }
}
