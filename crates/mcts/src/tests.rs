//! Unit tests of the tree bookkeeping (see also `tests/`).

use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
use abstracta_core::{CellClaims, Game, SearchKnowledge};

use crate::tree::Tree;
use crate::{Mcts, MctsOptions};

/// Checks every node reachable from the root: each expanded node's visits
/// equal its children's plus the iterations that ended at it, half points
/// never exceed twice the visits. (Visits are counted on the way down, as
/// the virtual loss, and points on the way back; every path node gets its
/// points in `backup`, so no visit stays a loss.)
fn check_tree<P: Copy + Send + Sync>(tree: &Tree<P>, strict: bool) -> usize {
    let mut stack = vec![tree.root];
    let mut seen = 0;
    while let Some(i) = stack.pop() {
        seen += 1;
        let node = tree.node(i);
        let (visits, wins) = node.stats();
        let visits = u64::from(visits);
        assert!(u64::from(wins) <= 2 * visits);
        let children: u64 = node.children().map(|c| u64::from(tree.node(c).visits())).sum();
        // An iteration ends at a node (leaf playout or proven node) or
        // passes through one child; the first visit precedes expansion
        // (with several threads, more may arrive while it expands).
        assert!(children <= visits, "node {i}: {children} > {visits}");
        if strict && !node.children().is_empty() && node.proof() == crate::tree::UNPROVEN {
            assert!(visits - children <= 1 + u64::from(i == tree.root), "node {i}");
        }
        stack.extend(node.children());
    }
    seen
}

#[test]
fn no_virtual_loss_residue() {
    let game = TicTacToe::new(Default::default());
    for spec in [
        "iters=20000,solver=off",
        "iters=20000,threads=2,solver=off",
        "iters=20000,threads=2",
        "iters=5000,threads=2,nodes=500,solver=off",
        "iters=20000,threads=2,vloss=3",
        "iters=20000,threads=2,vloss=50,solver=off",
        "iters=5000,threads=2,vloss=1000,nodes=500",
    ] {
        let options: MctsOptions = spec.parse().unwrap();
        let mut mcts = Mcts::<TicTacToe, TicTacToeKnowledge>::new(options);
        let r = mcts.search(&game);
        let tree = mcts.tree.as_ref().unwrap();
        let seen = check_tree(tree, !spec.contains("threads"));
        assert_eq!(seen, tree.len(), "{spec}");
        assert_eq!(u64::from(tree.root().visits()), r.iterations);
    }
}

#[test]
fn copied_subtree_is_consistent() {
    let game = TicTacToe::new(Default::default());
    let mut mcts =
        Mcts::<TicTacToe, TicTacToeKnowledge>::new("iters=20000,threads=2,solver=off".parse().unwrap());
    mcts.search(&game);
    mcts.advance("a1".parse().unwrap());
    let tree = mcts.tree.as_ref().unwrap();
    assert_eq!(check_tree(tree, false), tree.len());
}

#[test]
fn node_fields_are_packed_small() {
    // Memory per node decides how much of the tree stays in cache. The
    // statistics, which selection reads for every child, take 16 bytes
    // (four to a cache line); the other fields live in their own arrays
    // (see `tree::Stats`).
    assert_eq!(std::mem::size_of::<crate::tree::Stats>(), 16);
    assert!(std::mem::size_of::<crate::tree::Links>() <= 16);
}

/// One node as [`tree_contents`] lists it: visits, half points, RAVE
/// visits and half points, ply, proof.
type NodeContents<P> = (u32, u32, u32, u32, Option<P>, u8);

/// Every node's statistics, RAVE statistics, ply and proof, breadth
/// first, and how many nodes have a child map.
fn tree_contents<G: Game, K: SearchKnowledge<G>>(mcts: &Mcts<G, K>) -> (Vec<NodeContents<G::Ply>>, usize) {
    let tree = mcts.tree.as_ref().unwrap();
    let mut out = Vec::new();
    let mut maps = 0;
    let mut queue = std::collections::VecDeque::from([tree.root]);
    while let Some(i) = queue.pop_front() {
        let node = tree.node(i);
        let (n, w) = node.stats();
        let (rn, rw) = node.stats.rave();
        out.push((n, w, rn, rw, node.ply.get(), node.proof()));
        maps += usize::from(node.child_map() != crate::tree::NO_MAP);
        queue.extend(node.children());
    }
    (out, maps)
}

/// Tic-tac-toe's knowledge with its claims spread over 200 AMAF slots in
/// the reverse order of its plies (four words of slots), and the centre
/// claiming none: ordering children by slot then moves every child, and a
/// map spans several words.
#[derive(Clone, Copy, Debug, Default)]
struct Spread;

impl abstracta_core::Knowledge<TicTacToe> for Spread {}

impl CellClaims<TicTacToe> for Spread {
    const CLAIMS: abstracta_core::Claims = abstracta_core::Claims::Lasting;
    fn claimed_cell(&self, game: &TicTacToe, ply: <TicTacToe as Game>::Ply) -> Option<usize> {
        TicTacToeKnowledge
            .claimed_cell(game, ply)
            .filter(|&c| c != 4)
            .map(|c| 190 - 20 * c)
    }
    fn claimable_cells(&self, _game: &TicTacToe) -> usize {
        200
    }
}

#[test]
fn child_maps_change_no_statistic() {
    check_maps_change_nothing::<TicTacToeKnowledge>(&["b2", "a1"]);
    check_maps_change_nothing::<Spread>(&["a1", "c3"]);
    // With RAVE the children that claim a slot come first, by slot.
    let mut mcts = Mcts::<TicTacToe, Spread>::new("iters=100".parse().unwrap());
    mcts.search(&TicTacToe::new(Default::default()));
    let order: Vec<String> = tree_contents(&mcts).0[1..10]
        .iter()
        .map(|c| c.4.unwrap().to_string())
        .collect();
    assert_eq!(order, ["c3", "b3", "a3", "c2", "a2", "c1", "b1", "a1", "b2"]);
}

/// The RAVE update walks a node's child map when it has one and tests
/// every child when not: both must credit exactly the same children,
/// also in a tree kept by `advance` (which copies the maps).
fn check_maps_change_nothing<K: SearchKnowledge<TicTacToe> + Default>(plies: &[&str]) {
    let mut game = TicTacToe::new(Default::default());
    let options: MctsOptions = "iters=4000,seed=7".parse().unwrap();
    let mut with_maps = Mcts::<TicTacToe, K>::new(options.clone());
    with_maps.map_min_children = Some(1);
    let mut without = Mcts::<TicTacToe, K>::new(options);
    without.map_min_children = Some(usize::MAX);
    for &ply in plies {
        let a = with_maps.search(&game);
        let b = without.search(&game);
        assert_eq!(a.best, b.best);
        let (contents, maps) = tree_contents(&with_maps);
        let (expected, none) = tree_contents(&without);
        assert!(maps > 10, "{maps} maps");
        assert_eq!(none, 0);
        assert!(contents.iter().any(|c| c.2 > 0), "no RAVE statistics");
        assert_eq!(contents, expected);
        let ply = ply.parse().unwrap();
        with_maps.advance(ply);
        without.advance(ply);
        game.play(ply).unwrap();
        let (kept, maps) = tree_contents(&with_maps);
        assert!(maps > 0);
        assert_eq!(kept, tree_contents(&without).0);
    }
}

#[test]
fn pondering_keeps_the_replys_subtree_and_the_budget() {
    let mut game = TicTacToe::new(Default::default());
    game.play_str("b2").unwrap();
    let engine =
        Mcts::<TicTacToe, TicTacToeKnowledge>::new("iters=300,threads=2,solver=off".parse().unwrap());
    let pondering = engine.ponder(&game);
    std::thread::sleep(std::time::Duration::from_millis(50));
    let (mut engine, pondered) = pondering.finish();
    // Pondering ran past the iteration budget, and the budget is back.
    assert!(pondered.iterations > 300, "{}", pondered.iterations);
    assert_eq!(engine.options().iterations, Some(300));
    assert_eq!(engine.root_visits(), pondered.iterations);
    let reply = pondered.children.last().unwrap().ply;
    let kept = pondered.children.last().unwrap().visits;
    assert!(kept > 0);
    engine.advance(reply);
    assert_eq!(engine.root_visits(), kept);
    game.play(reply).unwrap();
    let result = engine.search(&game);
    assert_eq!(result.iterations, 300);
    assert_eq!(engine.root_visits(), kept + 300);
}

#[test]
fn pondering_a_finished_game_returns_at_once() {
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 b1 a2 b2 a3").unwrap();
    let (engine, result) = Mcts::<TicTacToe, TicTacToeKnowledge>::default()
        .ponder(&game)
        .finish();
    assert_eq!(result.best, None);
    assert_eq!(result.iterations, 0);
    assert_eq!(engine.tree_nodes(), 0);
}

#[test]
fn dropping_a_ponder_stops_its_search() {
    let game = TicTacToe::new(Default::default());
    let engine = Mcts::<TicTacToe, TicTacToeKnowledge>::new("solver=off".parse().unwrap());
    let stop = engine.stop_handle();
    let pondering = engine.ponder(&game);
    std::thread::sleep(std::time::Duration::from_millis(10));
    drop(pondering);
    assert!(!stop.is_running());
}

#[test]
fn reserves_hand_out_disjoint_nodes_and_count_only_those_used() {
    use crate::tree::{Reserve, RESERVE_NODES};
    let tree = Tree::<u8>::with_spare(3 * RESERVE_NODES, abstracta_core::Seat::First, Vec::new(), None);
    let (mut a, mut b) = (Reserve::default(), Reserve::default());
    let mut taken = Vec::new();
    for k in 0..40 {
        let reserve = if k % 2 == 0 { &mut a } else { &mut b };
        let first = tree.alloc_reserved(reserve, 100).unwrap();
        taken.push(first..first + 100);
    }
    // Reserved nodes count until their reserve is released.
    assert_eq!(tree.len(), 1 + 2 * RESERVE_NODES);
    taken.sort_by_key(|r| r.start);
    for pair in taken.windows(2) {
        assert!(pair[0].end <= pair[1].start, "{pair:?}");
    }
    // Near the cap a reserve shrinks to the exact count, then the tree is full.
    let mut c = Reserve::default();
    assert!(tree.alloc_reserved(&mut c, RESERVE_NODES - 50).is_some());
    assert!(!tree.is_full());
    tree.release(&mut a);
    tree.release(&mut b);
    // The root, the 40 blocks and the exact one: the reserves' rest is not counted.
    assert_eq!(tree.len(), 1 + 4000 + RESERVE_NODES - 50);
    assert!(tree.alloc_reserved(&mut c, 3 * RESERVE_NODES).is_none());
    assert!(tree.is_full());
}

/// The plain load-and-store update of an exclusive worker and the locked
/// add of shared trees give the same statistics, taken-back virtual
/// visits (a wrapping add) included.
#[test]
fn exclusive_and_locked_updates_agree() {
    let tree = Tree::<u8>::with_spare(16, abstracta_core::Seat::First, Vec::new(), None);
    let first = tree.alloc(2).unwrap();
    let (exclusive, locked) = (tree.node(first), tree.node(first + 1));
    for (k, points) in [2u64, 0, 1, 2, 2, 1].into_iter().enumerate() {
        let virtual_loss = 1 + k as u32;
        exclusive.add_visit(virtual_loss, true);
        locked.add_visit(virtual_loss, false);
        assert_eq!(exclusive.stats(), locked.stats());
        exclusive.add_points(points, virtual_loss, true);
        locked.add_points(points, virtual_loss, false);
        assert_eq!(exclusive.stats(), locked.stats());
    }
    exclusive.add_result(2, true);
    locked.add_result(2, false);
    assert_eq!(exclusive.stats(), (7, 10));
    assert_eq!(locked.stats(), (7, 10));
}

/// A tree keeps plies as codes when the game has them, and a tree that
/// reuses its chunks (spare chunks, reset) has no plies left from the
/// last one: the same answers as write-once cells.
#[test]
fn coded_and_cell_plies_agree() {
    let codec = abstracta_core::PlyCodec::<u8> {
        encode: u64::from,
        decode: |code| code as u8,
    };
    let mut spare = (Vec::new(), Vec::new());
    for round in 0..2u8 {
        let coded = Tree::<u8>::with_spare(64, abstracta_core::Seat::First, spare.0, Some(codec));
        let cells = Tree::<u8>::with_spare(64, abstracta_core::Seat::First, spare.1, None);
        for tree in [&coded, &cells] {
            assert_eq!(tree.root().ply.get(), None);
            // The second round leaves its last node without a ply, which
            // the first round's had.
            let set = 5 - round;
            let first = tree.alloc(5).unwrap();
            for k in 0..set {
                tree.node(first + u32::from(k)).ply.set(10 * k + round);
            }
            let plies: Vec<_> = (0..5).map(|k| tree.node(first + k).ply.get()).collect();
            let expected: Vec<_> = (0..5).map(|k| (k < set).then_some(10 * k + round)).collect();
            assert_eq!(plies, expected, "round {round}");
        }
        spare = (coded.into_spare(), cells.into_spare());
    }
}
