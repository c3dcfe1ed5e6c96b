//! RAVE pools for playouts (`pool=K`): at the end of each descent, the
//! `K` children with the best RAVE means of the last two expanded nodes of
//! the path (one node for each seat) form a pool per seat, and a playout
//! ply is drawn from the mover's pool, with a set probability, when the
//! drawn ply is legal there. The pools improve as the RAVE statistics do,
//! so playouts get better as the search goes on, with no game knowledge.
//!
//! Ranking a node's children costs a pass over all of them, so a worker
//! keeps a seat's pool while its iterations keep ending below the same
//! node, and ranks again once that node's visits have grown by
//! [`REFRESH_GROWTH`]: successive iterations often take the same path, and
//! a node's RAVE means change little over a few of its visits.

use abstracta_core::Seat;
use rand::rngs::SmallRng;
use rand::Rng;

use crate::tree::Tree;

/// A RAVE mean is ranked with this many extra RAVE visits at half a point
/// each, so that a child with a handful of lucky samples does not top the
/// pool.
const RANK_SMOOTHING: f32 = 2.0;

/// A seat's pool is ranked again from the same node once the node has
/// `1 / REFRESH_GROWTH` more visits than when it was ranked (and at the
/// next visit while it has fewer than `REFRESH_GROWTH`).
const REFRESH_GROWTH: u32 = 8;

/// The rank of a child in the pools: its RAVE mean from `rn` RAVE visits
/// worth `rw` half points, smoothed by [`RANK_SMOOTHING`].
fn smoothed_rave_mean(rn: u32, rw: u32) -> f32 {
    (rw as f32 + RANK_SMOOTHING) / (2.0 * (rn as f32 + RANK_SMOOTHING))
}

/// One worker's pools: the plies of the best RAVE means, per seat.
#[derive(Debug)]
pub(crate) struct Pools<P> {
    plies: [Vec<P>; 2],
    /// Per seat, the node its pool was ranked from and that node's visits
    /// then.
    source: [Option<(u32, u32)>; 2],
    /// (rank, child index) of the best children seen so far while filling.
    best: Vec<(f32, u32)>,
}

impl<P> Default for Pools<P> {
    fn default() -> Self {
        Pools {
            plies: [Vec::new(), Vec::new()],
            source: [None, None],
            best: Vec::new(),
        }
    }
}

impl<P: Copy + Send + Sync> Pools<P> {
    /// Sets the pools for a leaf below the expanded nodes `nodes` (the
    /// leaf's grandparent and parent; one node at the root): each node's
    /// pool is kept if it was ranked from that node recently (see
    /// [`REFRESH_GROWTH`]) and ranked again otherwise; a seat that moves at
    /// none of them gets an empty pool.
    pub fn refresh(&mut self, tree: &Tree<P>, nodes: &[u32], size: usize) {
        let mut used = [false; 2];
        for &idx in nodes {
            let node = tree.node(idx);
            let range = node.children();
            if range.is_empty() {
                continue;
            }
            let seat = tree.node(range.start).mover().index();
            used[seat] = true;
            let visits = node.visits();
            let fresh = self.source[seat].is_some_and(|(from, then)| {
                from == idx && visits < then.saturating_add(then / REFRESH_GROWTH + 1)
            });
            if !fresh {
                self.fill(tree, idx, size);
                self.source[seat] = Some((idx, visits));
            }
        }
        for ((plies, source), used) in self.plies.iter_mut().zip(&mut self.source).zip(used) {
            if !used {
                plies.clear();
                *source = None;
            }
        }
    }

    /// Fills the pool of the seat that moves at the expanded node `idx`
    /// with the plies of its `size` children of the best smoothed RAVE
    /// means (children never credited are left out).
    pub fn fill(&mut self, tree: &Tree<P>, idx: u32, size: usize) {
        let range = tree.node(idx).children();
        if range.is_empty() || size == 0 {
            return;
        }
        let seat = tree.node(range.start).mover();
        self.best.clear();
        // The lowest rank in `best` once it is full, and where it is.
        let mut floor = (f32::NEG_INFINITY, 0);
        for segment in tree.segments(range) {
            for (k, ch) in segment.stats.iter().enumerate() {
                let (rn, rw) = ch.rave();
                if rn == 0 {
                    continue;
                }
                let rank = smoothed_rave_mean(rn, rw);
                let i = segment.first + k as u32;
                if self.best.len() < size {
                    self.best.push((rank, i));
                    if self.best.len() == size {
                        floor = lowest(&self.best);
                    }
                } else if rank > floor.0 {
                    self.best[floor.1] = (rank, i);
                    floor = lowest(&self.best);
                }
            }
        }
        let plies = &mut self.plies[seat.index()];
        plies.clear();
        plies.extend(self.best.iter().map(|&(_, i)| tree.node(i).ply()));
    }

    /// A ply drawn uniformly from `seat`'s pool, if it has any.
    #[inline]
    pub fn draw(&self, seat: Seat, rng: &mut SmallRng) -> Option<P> {
        let plies = &self.plies[seat.index()];
        if plies.is_empty() {
            None
        } else {
            Some(plies[rng.gen_range(0..plies.len())])
        }
    }
}

/// The lowest rank of `best` and its position.
fn lowest(best: &[(f32, u32)]) -> (f32, usize) {
    let mut low = (f32::INFINITY, 0);
    for (k, &(rank, _)) in best.iter().enumerate() {
        if rank < low.0 {
            low = (rank, k);
        }
    }
    low
}

#[cfg(test)]
mod tests {
    use abstracta_core::toy::TicTacToe;
    use abstracta_core::Game;
    use rand::SeedableRng;

    use super::*;
    use crate::{Mcts, MctsOptions};

    /// The start position and an engine that has searched it for `iters`
    /// iterations (seed 3, no solver), its tree kept.
    fn searched_start(
        iters: u32,
    ) -> (
        TicTacToe,
        Mcts<TicTacToe, abstracta_core::toy::TicTacToeKnowledge>,
    ) {
        let game = TicTacToe::new(Default::default());
        let options: MctsOptions = format!("iters={iters},seed=3,solver=off").parse().unwrap();
        let mut mcts = Mcts::<TicTacToe, abstracta_core::toy::TicTacToeKnowledge>::new(options);
        mcts.search(&game);
        (game, mcts)
    }

    #[test]
    fn a_pool_holds_the_children_of_the_best_smoothed_rave_means() {
        let (game, mcts) = searched_start(3000);
        let tree = mcts.tree.as_ref().unwrap();
        let root = tree.root;
        // Every child's smoothed RAVE mean, best first.
        let mut ranked: Vec<(f32, <TicTacToe as Game>::Ply)> = tree
            .node(root)
            .children()
            .filter_map(|i| {
                let (rn, rw) = tree.node(i).stats.rave();
                (rn > 0).then(|| (smoothed_rave_mean(rn, rw), tree.node(i).ply()))
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        assert!(ranked.len() >= 5 && ranked[2].0 > ranked[3].0, "{ranked:?}");
        let mut pools = Pools::default();
        pools.fill(tree, root, 3);
        let seat = game.to_move_seat();
        let mut pool = pools.plies[seat.index()].clone();
        let mut best: Vec<_> = ranked[..3].iter().map(|&(_, p)| p).collect();
        pool.sort_by_key(|p| p.to_string());
        best.sort_by_key(|p| p.to_string());
        assert_eq!(pool, best);
        assert!(pools.plies[seat.opponent().index()].is_empty());
        // Draws come from the pool only.
        let mut rng = SmallRng::seed_from_u64(1);
        for _ in 0..20 {
            assert!(best.contains(&pools.draw(seat, &mut rng).unwrap()));
        }
        assert_eq!(pools.draw(seat.opponent(), &mut rng), None);
        // A leaf below no expanded node empties the pools.
        pools.refresh(tree, &[], 3);
        assert_eq!(pools.draw(seat, &mut rng), None);
    }

    #[test]
    fn a_pool_is_ranked_again_once_its_node_has_grown_by_an_eighth() {
        let (game, mcts) = searched_start(800);
        let tree = mcts.tree.as_ref().unwrap();
        let root = tree.root;
        let seat = game.to_move_seat().index();
        let visits = tree.node(root).visits();
        assert!(visits >= 800, "{visits}");
        let mut pools = Pools::default();
        pools.refresh(tree, &[root], 3);
        assert_eq!(pools.source[seat], Some((root, visits)));
        assert_eq!(pools.plies[seat].len(), 3);
        // A few more visits: the pool is kept.
        tree.node(root).add_visit(visits / 8, false);
        pools.refresh(tree, &[root], 3);
        assert_eq!(pools.source[seat], Some((root, visits)));
        // An eighth more: ranked again.
        tree.node(root).add_visit(1, false);
        pools.refresh(tree, &[root], 3);
        assert_eq!(pools.source[seat], Some((root, visits + visits / 8 + 1)));
        // Another node of the same seat: ranked from it.
        let grandchild = tree
            .node(root)
            .children()
            .flat_map(|c| tree.node(c).children())
            .find(|&g| !tree.node(g).children().is_empty())
            .expect("800 iterations expand a grandchild");
        pools.refresh(tree, &[grandchild], 3);
        assert_eq!(pools.source[seat].map(|(from, _)| from), Some(grandchild));
        assert!(pools.plies[1 - seat].is_empty());
    }
}
