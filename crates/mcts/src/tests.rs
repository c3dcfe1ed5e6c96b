//! Unit tests of the tree bookkeeping (see also `tests/`).

use abstracta_core::toy::TicTacToe;
use abstracta_core::Game;

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
    ] {
        let options: MctsOptions = spec.parse().unwrap();
        let mut mcts = Mcts::<TicTacToe>::new(options);
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
    let mut mcts = Mcts::<TicTacToe>::new("iters=20000,threads=2,solver=off".parse().unwrap());
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
    assert!(std::mem::size_of::<crate::tree::Links>() <= 12);
}

#[test]
fn pondering_keeps_the_replys_subtree_and_the_budget() {
    let mut game = TicTacToe::new(Default::default());
    game.play_str("b2").unwrap();
    let engine = Mcts::<TicTacToe>::new("iters=300,threads=2,solver=off".parse().unwrap());
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
    let (engine, result) = Mcts::<TicTacToe>::default().ponder(&game).finish();
    assert_eq!(result.best, None);
    assert_eq!(result.iterations, 0);
    assert_eq!(engine.tree_nodes(), 0);
}

#[test]
fn dropping_a_ponder_stops_its_search() {
    let game = TicTacToe::new(Default::default());
    let engine = Mcts::<TicTacToe>::new("solver=off".parse().unwrap());
    let stop = engine.stop_handle();
    let pondering = engine.ponder(&game);
    std::thread::sleep(std::time::Duration::from_millis(10));
    drop(pondering);
    assert!(!stop.is_running());
}
