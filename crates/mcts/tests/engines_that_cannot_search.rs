//! A budget or node cap too small to search is either refused when the
//! options are read (`time=0s`) or still chooses a ply (a node cap at or
//! below the root's legal plies: the root and its children always get room).

use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
use abstracta_core::Game;
use mcts::{Mcts, MctsOptions};

#[test]
fn a_zero_time_budget_is_refused_in_every_spelling() {
    for spec in [
        "mcts:time=0",
        "mcts:time=0s",
        "mcts:time=0ms",
        "mcts:time=0.0s",
        "mcts:time=0us",
        "time=0m",
    ] {
        let err = spec.parse::<MctsOptions>().unwrap_err();
        assert!(err.to_string().contains("time"), "{spec}: {err}");
    }
    assert!("mcts:time=1ms".parse::<MctsOptions>().is_ok());
}

#[test]
fn a_node_cap_below_the_root_plies_still_chooses_a_legal_ply() {
    for spec in [
        "mcts:nodes=1,iters=50",
        "mcts:nodes=5,iters=50",
        "mcts:nodes=9,iters=50",
        "mcts:nodes=1,iters=50,threads=2,parallel=root",
        "mcts:nodes=1,time=5ms",
    ] {
        let options: MctsOptions = spec.parse().unwrap();
        let mut engine = Mcts::<TicTacToe, TicTacToeKnowledge>::new(options);
        let mut game = TicTacToe::new(Default::default());
        // A whole game, keeping the tree between plies, so the reuse of a
        // full tree is covered too.
        while game.status().is_ongoing() {
            let result = engine.search(&game);
            let ply = result
                .best
                .unwrap_or_else(|| panic!("{spec}: no ply after {} plies", game.plies_played()));
            assert!(game.is_legal(ply), "{spec}");
            game.play_unchecked(ply);
            engine.advance(ply);
        }
    }
}
