//! Conformance of every search family: the same generic test, through
//! `Search<G>` only, for each family on two games.

use std::time::{Duration, Instant};

use abstracta::escabel::Escabel;
use abstracta::families::{self, FAMILIES};
use abstracta::player::EngineSpec;
use abstracta::registry::RegisteredGame;
use abstracta::search::Search;
use abstracta::toy::TicTacToe;
use abstracta::Position;

/// The start position of `spec`, typed.
fn start<G: RegisteredGame>(spec: &str) -> G {
    let game = abstracta::open(spec).unwrap();
    game.as_any()
        .downcast_ref::<Position<G>>()
        .unwrap()
        .game()
        .clone()
}

/// Plays a game to its end with `spec` on both sides, checking every
/// choice; then checks describe, reset and the stop handle.
fn conforms<G: RegisteredGame>(spec: &str, long: &str, game_spec: &str) {
    let parsed: EngineSpec = spec.parse().unwrap();
    let mut search = families::build::<G>(&parsed, 5).unwrap();
    assert_eq!(search.family(), parsed.family(), "{spec}");

    // Describe round-trips: the description builds an equal search.
    let described: EngineSpec = search.describe().parse().unwrap();
    assert_eq!(described.to_string(), search.describe(), "{spec}");
    assert_eq!(
        families::build::<G>(&described, 0).unwrap().describe(),
        search.describe()
    );

    // A whole game, the history growing (tree reuse where the family has
    // one), every choice legal.
    let mut game = start::<G>(game_spec);
    let mut history = Vec::new();
    while game.status().is_ongoing() {
        let result = search.search(&game, &history);
        let ply = result.best.expect("an ongoing game has a ply");
        assert!(game.is_legal(ply), "{spec}: {ply} in {game}");
        assert_eq!(!result.pv.is_empty(), result.win_rate.is_some(), "{spec}");
        game.play(ply).unwrap();
        history.push(ply);
    }
    assert!(
        search.search(&game, &history).best.is_none(),
        "{spec}: a finished game has none"
    );

    // Reset: the next search starts afresh, as a new search of the same
    // spec and seed does (single-threaded, by iterations: reproducible).
    let first = start::<G>(game_spec);
    search.reset();
    let again = search.search(&first, &[]).best;
    let fresh = families::build::<G>(&parsed, 5).unwrap().search(&first, &[]).best;
    assert_eq!(again, fresh, "{spec}");
    // A history that does not continue the last one starts afresh too.
    assert!(first.is_legal(search.search(&first, &[]).best.unwrap()));

    // The stop handle ends a long search early.
    let mut long = families::build::<G>(&long.parse().unwrap(), 5).unwrap();
    let handle = long.stop_handle();
    let stopper = std::thread::spawn(move || {
        let until = Instant::now() + Duration::from_secs(5);
        std::thread::sleep(Duration::from_millis(50));
        while Instant::now() < until {
            handle.stop();
            std::thread::sleep(Duration::from_millis(5));
            if !handle.is_running() {
                break;
            }
        }
    });
    let started = Instant::now();
    assert!(first.is_legal(long.search(&first, &[]).best.unwrap()));
    assert!(started.elapsed() < Duration::from_secs(4), "{spec}: not stopped");
    stopper.join().unwrap();
}

#[test]
fn every_family_conforms_on_two_games() {
    let cases = [
        ("random", "random"),
        ("mcts:iters=200,threads=1", "mcts:time=60s,threads=1,solver=off"),
        ("alphabeta:nodes=2000", "alphabeta:time=60s"),
        ("pns:nodes=2000,tt=2", "pns:time=60s,tt=2"),
        ("puct:iters=200", "puct:time=60s"),
        ("gumbel:iters=200", "gumbel:iters=10000000,time=60s"),
        ("hybrid:iters=200", "hybrid:time=60s"),
    ];
    for family in FAMILIES {
        // `best` builds one of the other families' searches (below).
        if family.name != "cmd" && family.name != "best" {
            assert!(
                cases.iter().any(|(spec, _)| spec.starts_with(family.name)),
                "no conformance case for {}",
                family.name
            );
        }
    }
    for (spec, long) in cases {
        conforms::<TicTacToe>(spec, long, "tictactoe");
        conforms::<Escabel>(spec, long, "escabel:size=5");
    }
}

#[test]
fn best_builds_the_strongest_family_of_each_game() {
    let spec: EngineSpec = "best:time=50ms".parse().unwrap();
    let strongest = families::build::<abstracta::epaminondas::Epaminondas>(&spec, 0).unwrap();
    assert_eq!(strongest.describe(), "alphabeta:time=50ms");
    let strongest = families::build::<Escabel>(&spec, 0).unwrap();
    assert_eq!(strongest.describe(), "mcts:time=50ms");
}
