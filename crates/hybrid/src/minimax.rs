//! [`ImplicitMinimax`]: Monte Carlo tree search whose leaves are scored by
//! the game's evaluation after a short quiescence search instead of random
//! playouts, and whose nodes also back up the minimax of those scores
//! (Lanctot, Winands, Pepels and Sturtevant 2014, "implicit minimax
//! backups"); children are chosen by PUCT with the game's priors as the
//! policy.

use std::time::{Duration, Instant};

use abstracta_core::knowledge::SearchKnowledge;
use abstracta_core::search::{ChildStats, Clock, Proof, SearchResult, StopHandle};
use abstracta_core::{Game, PlyBuf, Seat, Status};
use alphabeta::LOUD_PRIOR;

/// The most tree nodes one search makes (about 40 bytes each); a search
/// that reaches it returns what it found.
pub const MAX_TREE_NODES: usize = 2_000_000;

/// A score for a won game (thousandths of a logit; the games' evaluations
/// stay within ±100,000).
const WIN_SCORE: i32 = 1_000_000;

/// The knobs of one search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Settings {
    /// Weight of the implicit minimax value against the mean (0 to 1).
    pub alpha: f64,
    /// PUCT exploration constant.
    pub cpuct: f64,
    /// Plies of quiescence (loud plies only) below a leaf.
    pub quiescence: u32,
    /// What an unvisited child is worth below its parent's own value.
    pub fpu: f64,
}

/// One node: the ply into it and its statistics, all from the view of the
/// seat that chose the ply (the seat to move at the parent).
#[derive(Clone, Debug)]
struct Node<P> {
    ply: Option<P>,
    /// The policy weight of the ply among its siblings.
    policy: f32,
    first_child: u32,
    children: u32,
    expanded: bool,
    /// The seat to move here is the one that moved at the parent (a
    /// turn of several plies): values pass up unchanged.
    same_mover: bool,
    visits: u32,
    reward_sum: f64,
    /// The implicit minimax value (the leaf's evaluation until children
    /// are visited).
    value: f64,
    /// The evaluation of the position itself, for the seat to move here.
    own: f64,
    /// `value` is exact (a finished game, or proven by the children).
    proven: bool,
}

/// The logistic of a score in thousandths of a logit: a win rate.
fn win_rate(score: i32) -> f64 {
    if score >= WIN_SCORE / 2 {
        1.0
    } else if score <= -WIN_SCORE / 2 {
        0.0
    } else {
        // Kept off 0 and 1, which mean proven.
        (1.0 / (1.0 + (-f64::from(score) / 1000.0).exp())).clamp(1e-6, 1.0 - 1e-6)
    }
}

/// The score of a finished game for `seat`.
fn terminal_score(status: Status, seat: Seat) -> i32 {
    match status.reward(seat) {
        Some(r) if r > 0.75 => WIN_SCORE,
        Some(r) if r < 0.25 => -WIN_SCORE,
        _ => 0,
    }
}

/// Monte Carlo tree search with evaluated leaves and implicit minimax
/// backups, over any game whose knowledge gives an evaluation
/// ([`Knowledge::evaluate_score`](abstracta_core::knowledge::Knowledge::evaluate_score));
/// without one every leaf is even and the search is PUCT over the priors
/// and the proven results. One thread, no randomness: the same position
/// and budget give the same search.
#[derive(Debug)]
pub(crate) struct ImplicitMinimax<G: Game, K: SearchKnowledge<G>> {
    knowledge: K,
    settings: Settings,
    nodes: Vec<Node<G::Ply>>,
    plies: PlyBuf<G::Ply>,
    priors: Vec<f32>,
    /// The quiescence's priors (used before it recurses).
    quiet_priors: Vec<f32>,
    evaluated: u64,
}

/// What ends one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub iterations: Option<u64>,
    pub deadline: Option<Instant>,
}

impl Limits {
    /// The limits of a search from `iterations`, `time` and the host's
    /// `clock` (which replaces both) for a game with about `remaining`
    /// plies left.
    pub fn new(
        started: Instant,
        iterations: Option<u64>,
        time: Option<Duration>,
        clock: Option<Clock>,
        remaining: u32,
    ) -> Limits {
        let time = match clock {
            Some(Clock::PerPly(t)) => Some(t.mul_f64(0.9).saturating_sub(Duration::from_millis(2))),
            Some(Clock::Game { left, increment }) => {
                let ours = (remaining / 2).clamp(8, 60);
                let target = left / ours + increment.mul_f64(0.75);
                Some(target.min(left / 4))
            }
            None => time,
        };
        let iterations = match (clock, iterations, time) {
            (Some(_), _, _) => None,
            (None, None, None) => Some(crate::options::DEFAULT_ITERATIONS),
            (None, n, _) => n,
        };
        Limits {
            iterations,
            deadline: time.map(|t| started + t),
        }
    }
}

impl<G: Game, K: SearchKnowledge<G>> ImplicitMinimax<G, K> {
    pub fn new(knowledge: K, settings: Settings) -> Self {
        ImplicitMinimax {
            knowledge,
            settings,
            nodes: Vec::new(),
            plies: PlyBuf::new(),
            priors: Vec::new(),
            quiet_priors: Vec::new(),
            evaluated: 0,
        }
    }

    /// The quiescence score of `game` for its seat to move: the
    /// evaluation, or better through loud plies (those the game's priors
    /// rate at least [`LOUD_PRIOR`]), `left` plies deep; a decisive ply
    /// wins, and a position facing a threat searches only its forced
    /// replies.
    fn quiesce(&mut self, game: &G, mut alpha: i32, beta: i32, left: u32) -> i32 {
        self.evaluated += 1;
        let status = game.status();
        if status.is_finished() {
            return terminal_score(status, game.to_move_seat());
        }
        if self.knowledge.decisive_ply(game).is_some() {
            return WIN_SCORE;
        }
        let mover = game.to_move_seat();
        let mut plies = PlyBuf::new();
        let threatened = self.knowledge.forced_plies(game, &mut plies);
        if threatened && plies.is_empty() {
            return -WIN_SCORE;
        }
        let stand = self.knowledge.evaluate_score(game).unwrap_or(0);
        if left == 0 {
            return stand;
        }
        let mut best = i32::MIN;
        if !threatened {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            game.legal_plies(&mut plies);
            let mut priors = std::mem::take(&mut self.quiet_priors);
            priors.clear();
            priors.resize(plies.len(), 0.5);
            let known = self.knowledge.ply_priors(game, &plies, &mut priors);
            let mut loud = 0;
            for k in 0..plies.len() {
                if known && priors[k] >= LOUD_PRIOR {
                    plies[loud] = plies[k];
                    loud += 1;
                }
            }
            plies.truncate(loud);
            self.quiet_priors = priors;
        }
        for &ply in plies.iter() {
            let mut child = game.clone();
            child.play_unchecked(ply);
            let value = if child.to_move_seat() == mover {
                self.quiesce(&child, alpha, beta, left - 1)
            } else {
                -self.quiesce(&child, -beta, -alpha, left - 1)
            };
            if value > best {
                best = value;
            }
            if value > alpha {
                alpha = value;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Makes `index`'s children (the forced replies when the game sees a
    /// threat, else every legal ply), unvisited, with the priors as their
    /// policy.
    fn expand(&mut self, index: usize, game: &G) {
        let mut plies = std::mem::take(&mut self.plies);
        plies.clear();
        if let Some(ply) = self.knowledge.decisive_ply(game) {
            plies.push(ply);
        } else if !self.knowledge.forced_plies(game, &mut plies) || plies.is_empty() {
            game.legal_plies(&mut plies);
        }
        self.priors.clear();
        self.priors.resize(plies.len(), 0.5);
        if !self.knowledge.ply_priors(game, &plies, &mut self.priors) {
            self.priors.iter_mut().for_each(|p| *p = 0.5);
        }
        let total: f32 = self.priors.iter().map(|p| p.max(0.01)).sum();
        let first = self.nodes.len() as u32;
        for (k, &ply) in plies.iter().enumerate() {
            self.nodes.push(Node {
                ply: Some(ply),
                policy: self.priors[k].max(0.01) / total,
                first_child: 0,
                children: 0,
                expanded: false,
                // Learnt when the ply is first played (playing every
                // child here would cost more than the rest of the
                // expansion).
                same_mover: false,
                visits: 0,
                reward_sum: 0.0,
                value: 0.5,
                own: 0.5,
                proven: false,
            });
        }
        let node = &mut self.nodes[index];
        node.first_child = first;
        node.children = plies.len() as u32;
        node.expanded = true;
        self.plies = plies;
    }

    /// Scores a new leaf: its value for the seat that chose its ply.
    fn evaluate_leaf(&mut self, index: usize, game: &G, parent_mover: Seat) -> f64 {
        let status = game.status();
        let score = if status.is_finished() {
            terminal_score(status, game.to_move_seat())
        } else {
            let depth = self.settings.quiescence;
            self.quiesce(game, -WIN_SCORE - 1, WIN_SCORE + 1, depth)
        };
        // Scores this large come only from finished games (in the
        // quiescence or here): exact.
        let proven = status.is_finished() || score.abs() >= WIN_SCORE / 2;
        let own = win_rate(score);
        let view = if game.to_move_seat() == parent_mover {
            own
        } else {
            1.0 - own
        };
        let node = &mut self.nodes[index];
        node.own = own;
        node.value = view;
        node.proven = proven;
        view
    }

    /// The mixed estimate of a visited child for its chooser.
    fn estimate(&self, child: &Node<G::Ply>) -> f64 {
        let alpha = self.settings.alpha;
        if child.proven {
            return child.value;
        }
        (1.0 - alpha) * child.reward_sum / f64::from(child.visits) + alpha * child.value
    }

    /// The child of `index` to descend into.
    fn select(&self, index: usize) -> usize {
        let node = &self.nodes[index];
        let first = node.first_child as usize;
        let range = first..first + node.children as usize;
        let sqrt_n = f64::from(node.visits.max(1)).sqrt();
        let unvisited = node.own - self.settings.fpu;
        let mut best = first;
        let mut best_score = f64::NEG_INFINITY;
        for k in range {
            let child = &self.nodes[k];
            let score = if child.proven && child.value >= 1.0 {
                return k;
            } else if child.proven && child.value <= 0.0 {
                // Lost: only when nothing else is left.
                -1e9
            } else if child.proven {
                // A proven draw: its value is known, so the search looks
                // at the unproven plies first (and proves the node once
                // they are proven too).
                -1e6 + child.value
            } else {
                let q = if child.visits == 0 {
                    unvisited
                } else {
                    self.estimate(child)
                };
                q + self.settings.cpuct * f64::from(child.policy) * sqrt_n / (1.0 + f64::from(child.visits))
            };
            if score > best_score {
                best_score = score;
                best = k;
            }
        }
        best
    }

    /// Recomputes the minimax value and proof of `index` from its visited
    /// children.
    fn refresh(&mut self, index: usize) {
        let node = &self.nodes[index];
        if !node.expanded || node.proven {
            return;
        }
        let first = node.first_child as usize;
        let children = &self.nodes[first..first + node.children as usize];
        let mut best = f64::NEG_INFINITY;
        let mut all_visited = true;
        let mut all_proven = true;
        let mut won = false;
        for child in children {
            if child.visits == 0 && !child.proven {
                all_visited = false;
                all_proven = false;
                continue;
            }
            all_proven &= child.proven;
            won |= child.proven && child.value >= 1.0;
            best = best.max(child.value);
        }
        let node = &self.nodes[index];
        if children.is_empty() {
            return;
        }
        let proven = won || all_proven;
        // Before every child is seen, the position's own evaluation (with
        // its quiescence) stands in for the plies not yet tried.
        let mine = if proven || all_visited {
            best
        } else {
            best.max(node.own)
        };
        let value = if node.same_mover { mine } else { 1.0 - mine };
        let node = &mut self.nodes[index];
        node.value = value;
        node.proven = proven;
    }

    /// Searches `game` within `limits` or until `stop` is requested.
    pub fn search(&mut self, game: &G, limits: Limits, stop: &StopHandle) -> SearchResult<G::Ply> {
        let started = Instant::now();
        self.nodes.clear();
        self.evaluated = 0;
        let root_mover = game.to_move_seat();
        self.nodes.push(Node {
            ply: None,
            policy: 1.0,
            first_child: 0,
            children: 0,
            expanded: false,
            same_mover: true,
            visits: 0,
            reward_sum: 0.0,
            value: 0.5,
            own: 0.5,
            proven: false,
        });
        self.evaluate_leaf(0, game, root_mover);
        self.nodes[0].proven = false;
        let mut path: Vec<usize> = Vec::with_capacity(64);
        let mut iterations = 0u64;
        let mut max_depth = 0u32;
        loop {
            if limits.iterations.is_some_and(|n| iterations >= n)
                || stop.stop_requested()
                || limits.deadline.is_some_and(|d| Instant::now() >= d)
                || self.nodes.len() >= MAX_TREE_NODES
                || self.nodes[0].proven
            {
                break;
            }
            iterations += 1;
            let mut position = game.clone();
            path.clear();
            path.push(0);
            let mut index = 0;
            let mut reward;
            loop {
                let node = &self.nodes[index];
                if node.proven && index != 0 {
                    reward = node.value;
                    break;
                }
                if !node.expanded {
                    self.expand(index, &position);
                }
                if self.nodes[index].children == 0 {
                    // No plies although the game goes on: cannot happen
                    // for a game that keeps its rules; scored as even.
                    reward = 0.5;
                    break;
                }
                let mover = position.to_move_seat();
                let child = self.select(index);
                position.play_unchecked(self.nodes[child].ply.expect("children have plies"));
                self.nodes[child].same_mover = position.to_move_seat() == mover;
                path.push(child);
                index = child;
                if self.nodes[child].visits == 0 && !self.nodes[child].proven {
                    reward = self.evaluate_leaf(child, &position, mover);
                    break;
                }
            }
            max_depth = max_depth.max(path.len() as u32 - 1);
            for k in (1..path.len()).rev() {
                let index = path[k];
                let node = &mut self.nodes[index];
                node.visits += 1;
                node.reward_sum += reward;
                self.refresh(index);
                if !self.nodes[path[k - 1]].same_mover {
                    reward = 1.0 - reward;
                }
            }
            self.nodes[0].visits += 1;
            self.refresh(0);
        }
        self.result(iterations, max_depth, started.elapsed())
    }

    fn result(&self, iterations: u64, max_depth: u32, elapsed: Duration) -> SearchResult<G::Ply> {
        let root = &self.nodes[0];
        let first = root.first_child as usize;
        let mut children: Vec<usize> = (first..first + root.children as usize).collect();
        let rank = |k: usize| {
            let c = &self.nodes[k];
            let class = if c.proven && c.value >= 1.0 {
                2
            } else if c.proven && c.value <= 0.0 {
                0
            } else {
                1
            };
            let q = if c.visits > 0 || c.proven {
                self.estimate(c)
            } else {
                0.0
            };
            (class, c.visits, q)
        };
        children.sort_by(|&a, &b| rank(b).partial_cmp(&rank(a)).expect("no NaN"));
        let proof_of = |c: &Node<G::Ply>| {
            let proof = if c.value >= 1.0 {
                Proof::Win
            } else if c.value <= 0.0 {
                Proof::Loss
            } else {
                Proof::Draw
            };
            c.proven.then_some(proof)
        };
        let stats: Vec<ChildStats<G::Ply>> = children
            .iter()
            .map(|&k| {
                let c = &self.nodes[k];
                ChildStats {
                    ply: c.ply.expect("children have plies"),
                    visits: u64::from(c.visits),
                    win_rate: if c.visits > 0 || c.proven {
                        self.estimate(c)
                    } else {
                        0.5
                    },
                    proof: proof_of(c),
                }
            })
            .collect();
        let mut pv = Vec::new();
        let mut index = children.first().copied();
        while let Some(k) = index {
            let node = &self.nodes[k];
            pv.push(node.ply.expect("children have plies"));
            let first = node.first_child as usize;
            index = (first..first + node.children as usize)
                .filter(|&c| self.nodes[c].visits > 0)
                .max_by_key(|&c| self.nodes[c].visits);
        }
        let mut result = SearchResult::choice(stats.first().map(|c| c.ply), elapsed);
        result.win_rate = stats.first().map(|c| c.win_rate);
        result.proof = if root.proven {
            stats.first().and_then(|c| c.proof)
        } else {
            None
        };
        result.children = stats;
        result.pv = pv;
        result.iterations = iterations;
        result.nodes = self.nodes.len();
        result.iterations_per_sec = iterations as f64 / elapsed.as_secs_f64().max(1e-9);
        result.max_depth = max_depth;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};

    fn settings() -> Settings {
        Settings {
            alpha: 0.5,
            cpuct: 1.0,
            quiescence: 4,
            fpu: 0.1,
        }
    }

    #[test]
    fn finds_the_win_and_the_block_in_tic_tac_toe() {
        let mut search =
            ImplicitMinimax::<TicTacToe, TicTacToeKnowledge>::new(TicTacToeKnowledge, settings());
        let limits = Limits {
            iterations: Some(2000),
            deadline: None,
        };
        let mut game = TicTacToe::new(Default::default());
        game.play_list("a1 b1 a2 b2").unwrap();
        let result = search.search(&game, limits, &StopHandle::new());
        assert_eq!(result.best, Some("a3".parse().unwrap()));
        assert_eq!(result.proof, Some(Proof::Win));
        let mut game = TicTacToe::new(Default::default());
        game.play_list("a1 b2 a2").unwrap();
        let result = search.search(&game, limits, &StopHandle::new());
        assert_eq!(result.best, Some("a3".parse().unwrap()));
    }

    #[test]
    fn proves_the_start_of_tic_tac_toe_a_draw() {
        let mut search =
            ImplicitMinimax::<TicTacToe, TicTacToeKnowledge>::new(TicTacToeKnowledge, settings());
        let limits = Limits {
            iterations: Some(200_000),
            deadline: None,
        };
        let result = search.search(&TicTacToe::new(Default::default()), limits, &StopHandle::new());
        assert_eq!(result.proof, Some(Proof::Draw));
        assert!(result.iterations < 200_000);
    }
}
