//! The `gumbel` and `puct` searches on a game whose turns have several
//! plies: Whirlwind places one or two stones a turn (rule W2), so a child
//! position may have the same seat to move as its parent, and a search
//! that negated values by ply parity would take its own win for a loss.

use abstracta::families;
use abstracta::player::EngineSpec;
use abstracta::registry::RegisteredGame;
use abstracta::search::Search;
use abstracta::whirlwind::Whirlwind;
use abstracta::{Game, Position};

/// The position after `moves` on `spec`, typed.
fn position<G: RegisteredGame>(spec: &str, moves: &str) -> G {
    let mut game = abstracta::open(spec).unwrap();
    for ply in moves.split_whitespace() {
        game.play(ply).unwrap();
    }
    game.as_any()
        .downcast_ref::<Position<G>>()
        .unwrap()
        .game()
        .clone()
}

#[test]
fn a_two_stone_winning_turn_is_found_and_finished() {
    // Black (top to bottom) holds b1 b2 b3 b4; b5 then b6 in one turn
    // completes the chain (rule W4), and nothing else wins at once.
    let game: Whirlwind = position("whirlwind:size=6", "b1 e5 e6 b2 b3 e2 f2");
    let black = game.to_move_seat();
    for spec in [
        "gumbel:model=uniform,iters=400,k=32",
        "gumbel:model=uniform,iters=400,k=32,qnorm=children",
        "gumbel:model=knowledge,iters=64",
        "puct:model=uniform,iters=800",
    ] {
        let engine: EngineSpec = spec.parse().unwrap();
        for seed in 1..4 {
            let mut search = families::build::<Whirlwind>(&engine, seed).unwrap();
            let result = search.search(&game, &[]);
            let first = result.best.unwrap();
            assert_eq!(first.to_string(), "b5", "{spec}, seed {seed}");
            // Reported for the seat to move: the win, not the loss a
            // parity sign would make of it.
            assert!(result.win_rate.unwrap() > 0.9, "{spec}: {:?}", result.win_rate);
            let mut next = game.clone();
            next.play(first).unwrap();
            assert_eq!(next.to_move_seat(), black, "the same turn goes on");
            let second = search.search(&next, &[first]).best.unwrap();
            next.play(second).unwrap();
            assert_eq!(next.status().reward(black), Some(1.0), "{spec} played {second}");
        }
    }
}
