//! The `alphabeta` family on the real games: full-depth searches of tiny
//! boards agree with exhaustive minimax (value and a value-keeping ply),
//! with and without the table, and complete games against random are legal
//! and won.

use abstracta::ecalper::Ecalper;
use abstracta::epaminondas::Epaminondas;
use abstracta::escabel::Escabel;
use abstracta::families;
use abstracta::registry::RegisteredGame;
use abstracta::search::{Proof, Search};
use abstracta::swack::Swack;
use abstracta::whirlwind::Whirlwind;
use abstracta::{Game, Position};
use abstracta_core::exact::{exact_value, winning_plies};
use abstracta_core::seeded_rng;

/// The start position of `spec`, typed.
fn start<G: RegisteredGame>(spec: &str) -> G {
    let game = abstracta::open(spec).unwrap();
    game.as_any()
        .downcast_ref::<Position<G>>()
        .unwrap()
        .game()
        .clone()
}

/// Positions of random games of `spec` near their end, small enough for
/// exhaustive minimax (at most `limit` positions): from each of `games`
/// random games, the earliest position the oracle can still solve, found
/// walking back from the end, and every later one.
fn late_positions<G: RegisteredGame>(spec: &str, games: u64, limit: usize) -> Vec<G> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = seeded_rng(seed);
        let mut line = vec![start::<G>(spec)];
        while let Some(ply) = line.last().unwrap().random_ply(&mut rng) {
            let mut next = line.last().unwrap().clone();
            next.play_unchecked(ply);
            line.push(next);
        }
        for game in line.into_iter().rev().skip(1) {
            if exact_value(&game, limit).is_err() {
                break;
            }
            out.push(game);
        }
    }
    out
}

/// Full-depth alpha-beta with `spec` proves the exact value of each
/// position and plays a value-keeping ply.
fn agrees_with_minimax<G: RegisteredGame>(engine: &str, positions: &[G], limit: usize) {
    // Every child of a position the oracle solves within `limit` is
    // solved within it too, but the winning plies of all of them together
    // may need a few times more.
    let limit = 20 * limit;
    let mut search = families::build::<G>(&engine.parse().unwrap(), 0).unwrap();
    for game in positions {
        search.reset();
        let result = search.search(game, &[]);
        let exact = exact_value(game, limit).unwrap();
        assert_eq!(result.proof, Some(exact), "{engine} in\n{game}");
        let best = result.best.unwrap();
        assert!(
            winning_plies(game, limit).unwrap().contains(&best),
            "{engine}: {best} does not keep the value {exact} in\n{game}"
        );
    }
}

fn check_game<G: RegisteredGame>(spec: &str, games: u64, limit: usize) {
    let positions = late_positions::<G>(spec, games, limit);
    assert!(
        positions.len() >= games as usize,
        "{spec}: only {}",
        positions.len()
    );
    let decided = positions
        .iter()
        .filter(|g| exact_value(*g, limit).unwrap() != Proof::Draw)
        .count();
    assert!(
        decided > 0,
        "{spec}: no decided position among {}",
        positions.len()
    );
    for engine in [
        "alphabeta:depth=96",
        "alphabeta:depth=96,tt=0",
        "alphabeta:depth=96,decisive=off",
    ] {
        agrees_with_minimax::<G>(engine, &positions, limit);
    }
}

#[test]
fn escabel_tiny_boards_equal_minimax() {
    check_game::<Escabel>("escabel:size=3", 6, 20_000);
    check_game::<Escabel>("escabel:size=3,pie=on", 6, 20_000);
}

#[test]
fn swack_tiny_boards_equal_minimax() {
    check_game::<Swack>("swack:size=3", 6, 20_000);
    check_game::<Swack>("swack:size=3,pie=on", 4, 20_000);
}

#[test]
fn ecalper_tiny_boards_equal_minimax() {
    check_game::<Ecalper>("ecalper:size=3", 6, 20_000);
}

#[test]
fn whirlwind_tiny_boards_equal_minimax() {
    check_game::<Whirlwind>("whirlwind:size=4", 6, 20_000);
}

/// A game of `engine` against random to its end through the library's
/// search interface: every ply legal; returns the engine's reward.
fn against_random<G: RegisteredGame>(spec: &str, engine: &str, engine_first: bool, seed: u64) -> f64 {
    let mut ours = families::build::<G>(&engine.parse().unwrap(), seed).unwrap();
    let mut random = families::build::<G>(&"random".parse().unwrap(), seed).unwrap();
    let mut game = start::<G>(spec);
    let our_seat = if engine_first {
        abstracta::Seat::First
    } else {
        abstracta::Seat::Second
    };
    let mut history = Vec::new();
    while game.status().is_ongoing() {
        let mover = if game.to_move_seat() == our_seat {
            &mut ours
        } else {
            &mut random
        };
        let ply = mover.search(&game, &history).best.unwrap();
        game.play(ply).unwrap();
        history.push(ply);
    }
    game.status().reward(our_seat).unwrap()
}

#[test]
fn complete_games_against_random_are_legal_and_won() {
    // A pair of games per game, alpha-beta first and second: every ply is
    // legal (played through `Game::play`) and alpha-beta wins the pair.
    let engine = "alphabeta:nodes=2000";
    let pair = |reward: &dyn Fn(bool) -> f64| reward(true) + reward(false);
    assert!(pair(&|first| against_random::<Escabel>("escabel:size=6", engine, first, 1)) > 1.0);
    assert!(pair(&|first| against_random::<Swack>("swack:size=5", engine, first, 2)) > 1.0);
    assert!(pair(&|first| against_random::<Ecalper>("ecalper:size=4", engine, first, 3)) > 1.0);
    assert!(pair(&|first| against_random::<Whirlwind>("whirlwind:size=8", engine, first, 4)) > 1.0);
    assert!(pair(&|first| against_random::<Epaminondas>("epaminondas", engine, first, 5)) > 1.0);
}

#[test]
fn one_thread_and_a_node_budget_repeat_exactly_on_a_real_game() {
    let game = start::<Epaminondas>("epaminondas");
    let run = || {
        let mut search = families::build::<Epaminondas>(&"alphabeta:nodes=3000".parse().unwrap(), 7).unwrap();
        let r = search.search(&game, &[]);
        (r.best, r.pv, r.iterations, r.win_rate, r.children.len())
    };
    let first = run();
    assert_eq!(first.2, 3000);
    assert_eq!(first, run());
    // Two threads share the table and still answer legally.
    let mut two =
        families::build::<Epaminondas>(&"alphabeta:nodes=3000,threads=2".parse().unwrap(), 7).unwrap();
    assert!(game.is_legal(two.search(&game, &[]).best.unwrap()));
}
