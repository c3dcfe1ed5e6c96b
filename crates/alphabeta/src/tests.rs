//! Alpha-beta against exhaustive minimax on tic-tac-toe (with and without
//! the pie rule and a length cap), the table on and off, threads,
//! determinism and options. The real games' tiny boards are checked in the
//! `abstracta` crate's tests, which know the games.

use abstracta_core::exact::{exact_value, winning_plies};
use abstracta_core::knowledge::NoKnowledge;
use abstracta_core::search::{OptionError, Proof, Search};
use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
use abstracta_core::{seeded_rng, Game};

use crate::{AlphaBetaSearch, OptionsError};

/// Positions of every tic-tac-toe spec the toy offers, a few plies in.
fn positions() -> Vec<TicTacToe> {
    let mut out = Vec::new();
    let mut rng = seeded_rng(46);
    for spec in [
        "tictactoe",
        "tictactoe:pie=on",
        "tictactoe:cap=5",
        "tictactoe:pie=on,cap=6",
    ] {
        for plies in 0..=5 {
            for _ in 0..3 {
                let mut game = TicTacToe::new(spec.parse().unwrap());
                for _ in 0..plies {
                    if let Some(p) = game.random_ply(&mut rng) {
                        game.play_unchecked(p);
                    }
                }
                if game.status().is_ongoing() {
                    out.push(game);
                }
            }
        }
    }
    out
}

/// Full-depth alpha-beta with `spec` proves each position's exact value
/// and plays a value-keeping ply.
fn agrees_with_minimax<S: Search<TicTacToe>>(mut search: S) {
    for game in positions() {
        search.reset();
        let result = search.search(&game, &[]);
        let exact = exact_value(&game, 1_000_000).unwrap();
        assert_eq!(result.proof, Some(exact), "{} in\n{game}", search.describe());
        let keeping = winning_plies(&game, 1_000_000).unwrap();
        let best = result.best.unwrap();
        assert!(keeping.contains(&best), "{best} in\n{game}");
        let expected = match exact {
            Proof::Win => 1.0,
            Proof::Loss => 0.0,
            Proof::Draw => 0.5,
        };
        assert_eq!(result.win_rate, Some(expected));
        assert_eq!(result.pv.first(), Some(&best));
        let mut line = game.clone();
        for p in &result.pv {
            assert!(
                line.status().is_ongoing() && line.is_legal(*p),
                "pv {:?}",
                result.pv
            );
            line.play_unchecked(*p);
        }
    }
}

#[test]
fn full_depth_equals_exhaustive_minimax() {
    for spec in [
        "alphabeta:depth=12",
        "alphabeta:depth=12,tt=0",
        "alphabeta:depth=12,decisive=off",
        "alphabeta:depth=12,decisive=off,tt=0",
        "alphabeta:depth=12,threads=3,seed=5",
    ] {
        agrees_with_minimax(AlphaBetaSearch::<TicTacToe, TicTacToeKnowledge>::new(
            spec.parse().unwrap(),
        ));
    }
    // Without any knowledge (no decisive plies, no evaluation) as well.
    agrees_with_minimax(AlphaBetaSearch::<TicTacToe, NoKnowledge>::new(
        "alphabeta:depth=12".parse().unwrap(),
    ));
}

#[test]
fn the_table_never_changes_a_full_depth_value() {
    for game in positions() {
        let value = |spec: &str| {
            let mut search = AlphaBetaSearch::<TicTacToe, NoKnowledge>::new(spec.parse().unwrap());
            let r = search.search(&game, &[]);
            (r.win_rate, r.proof)
        };
        assert_eq!(
            value("alphabeta:depth=10,tt=1"),
            value("alphabeta:depth=10,tt=0"),
            "\n{game}"
        );
    }
}

#[test]
fn one_thread_with_a_node_budget_is_deterministic() {
    let game = TicTacToe::new("tictactoe:pie=on".parse().unwrap());
    let run = || {
        let mut search =
            AlphaBetaSearch::<TicTacToe, NoKnowledge>::new("alphabeta:nodes=700,seed=3".parse().unwrap());
        let mut r = search.search(&game, &[]);
        r.elapsed = Default::default();
        r.iterations_per_sec = 0.0;
        r
    };
    let first = run();
    assert_eq!(first.iterations, 700, "the node budget is exact with one thread");
    assert_eq!(first, run());
}

#[test]
fn a_shallow_search_is_not_a_proof_and_a_finished_game_has_no_ply() {
    let mut search = AlphaBetaSearch::<TicTacToe, NoKnowledge>::new("alphabeta:depth=2".parse().unwrap());
    let game = TicTacToe::new(Default::default());
    let result = search.search(&game, &[]);
    assert_eq!((result.proof, result.win_rate), (None, Some(0.5)));
    assert_eq!(search.last_depth(), 2);
    assert_eq!(result.children.len(), 9);
    let mut over = game.clone();
    over.play_list("a1 b1 a2 b2 a3").unwrap();
    let result = search.search(&over, &[]);
    assert_eq!((result.best, result.win_rate), (None, Some(0.0)));
}

#[test]
fn options_through_the_search_interface() {
    let mut search = AlphaBetaSearch::<TicTacToe, NoKnowledge>::new("alphabeta:depth=3".parse().unwrap());
    search.set_option("time", "50ms").unwrap();
    search.set_option("iters", "1000").unwrap();
    search.set_option("THREADS", "2").unwrap();
    assert_eq!(
        search.describe(),
        "alphabeta:depth=3,nodes=1000,time=50ms,threads=2"
    );
    assert_eq!(search.threads(), 2);
    let err = search.set_option("depth", "deep").unwrap_err();
    assert!(matches!(
        err.family_error::<OptionsError>(),
        Some(OptionsError::BadValue { key, .. }) if key == "depth"
    ));
    assert!(matches!(search.set_option("c", "1"), Err(OptionError::Family(_))));
    assert_eq!(
        search.describe(),
        "alphabeta:depth=3,nodes=1000,time=50ms,threads=2"
    );
}

#[test]
fn a_budget_replaces_the_whole_budget() {
    let mut search =
        AlphaBetaSearch::<TicTacToe, NoKnowledge>::new("alphabeta:depth=3,nodes=50,tt=1".parse().unwrap());
    search
        .set_budget(abstracta_core::search::Budget {
            iterations: None,
            time: Some(std::time::Duration::from_millis(250)),
        })
        .unwrap();
    assert_eq!(search.describe(), "alphabeta:time=250ms,tt=1");
    search.set_budget(Default::default()).unwrap();
    assert_eq!(search.describe(), "alphabeta:time=250ms,tt=1");
    let refused = search.set_budget(abstracta_core::search::Budget {
        iterations: Some(0),
        time: None,
    });
    assert!(refused.unwrap_err().to_string().contains("nodes"));
    assert_eq!(
        search.describe(),
        "alphabeta:time=250ms,tt=1",
        "a refused budget changes nothing"
    );
}
