//! MCTS on the toy game: tactics, solver against minimax, determinism,
//! statistics bookkeeping, tree reuse, stop, options.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use abstracta_core::conformance::position;
use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge, TicTacToePly};
use abstracta_core::{Game, Seat};
use mcts::{Mcts, MctsOptions, OptionsError, Proof};

mod common;
use common::{assert_bad_value, minimax, opts};

fn ply(s: &str) -> TicTacToePly {
    s.parse().unwrap()
}

#[test]
fn finds_win_in_one() {
    // x: a1 a2; o: b1 b2. x to move wins with a3 (o would win with b3).
    let game: TicTacToe = position("tictactoe", "a1 b1 a2 b2");
    for spec in [
        "iters=2000,seed=1",
        "iters=2000,threads=2,seed=1",
        "iters=2000,solver=off,rave=off",
    ] {
        let r = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts(spec)).search(&game);
        assert_eq!(r.best, Some(ply("a3")), "{spec}: {r}");
    }
}

#[test]
fn blocks_loss_in_one() {
    // x: a1 c3; o: b2 and o threatens nothing yet... use x: a1 b3, o: b2 c1 -> o threatens a3 (c1-b2-a3).
    let game: TicTacToe = position("tictactoe", "a1 b2 b3 c1");
    for spec in [
        "iters=3000,seed=3",
        "iters=3000,threads=2,seed=3",
        "iters=3000,parallel=root,threads=2",
    ] {
        let r = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts(spec)).search(&game);
        assert_eq!(r.best, Some(ply("a3")), "{spec}: {r}");
    }
}

#[test]
fn solver_agrees_with_minimax() {
    // Every position after 3..=6 plies on a few random lines, with and
    // without the pie rule.
    let mut memo = HashMap::new();
    let mut checked = 0;
    for spec in ["tictactoe", "tictactoe:pie=on"] {
        for line in [
            "a1 b2 c3 a3 c1",
            "b2 a1 c1 a3 a2",
            "a1 swap b2 c3 a3",
            "b2 swap a1 c3 a3",
            "c1 b1 b2 a3 a1",
            "a1 b1 c1 a2 b2",
        ] {
            if spec == "tictactoe" && line.contains("swap") {
                continue;
            }
            let words: Vec<&str> = line.split(' ').collect();
            for n in 2..=words.len() {
                let game: TicTacToe = position(spec, &words[..n].join(" "));
                if game.status().is_finished() {
                    continue;
                }
                let exact = minimax(&game, &mut memo);
                // Plain, and with decisive and forced plies (the toy game
                // finds them by brute force) at expansion and in playouts.
                // And with choices that stand for a while (`rescan=2`: a
                // node re-scores its children only after half as many
                // visits again), which must still see new proofs.
                for engine in [
                    "iters=200000,seed=5",
                    "iters=200000,seed=5,decisive=on",
                    "iters=200000,seed=5,rescan=2",
                    // Two threads, each with its own standing choices.
                    "iters=200000,seed=5,rescan=2,threads=2",
                    // Playouts that draw from RAVE pools.
                    "iters=200000,seed=5,pool=3,poolp=80",
                ] {
                    let mut mcts = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts(engine));
                    let r = mcts.search(&game);
                    let expected = if exact == 1.0 {
                        Proof::Win
                    } else if exact == 0.0 {
                        Proof::Loss
                    } else {
                        Proof::Draw
                    };
                    assert_eq!(r.proof, Some(expected), "{spec} {:?}: {r}", &words[..n]);
                    // Every proven child agrees with minimax too.
                    for c in &r.children {
                        let mut g = game.clone();
                        g.play_unchecked(c.ply);
                        let seat = game.to_move_seat();
                        let v = if let Some(x) = g.status().reward(seat) {
                            x
                        } else if g.to_move_seat() == seat {
                            minimax(&g, &mut memo)
                        } else {
                            1.0 - minimax(&g, &mut memo)
                        };
                        if let Some(p) = c.proof {
                            let pv = match p {
                                Proof::Win => 1.0,
                                Proof::Draw => 0.5,
                                Proof::Loss => 0.0,
                            };
                            assert_eq!(pv, v, "child {} of {:?}", c.ply, &words[..n]);
                        }
                    }
                    if expected == Proof::Win {
                        let best = r.best.unwrap();
                        assert_eq!(r.children[0].proof, Some(Proof::Win));
                        let mut g = game.clone();
                        g.play_unchecked(best);
                        let seat = game.to_move_seat();
                        let v = g.status().reward(seat).unwrap_or_else(|| {
                            if g.to_move_seat() == seat {
                                minimax(&g, &mut memo)
                            } else {
                                1.0 - minimax(&g, &mut memo)
                            }
                        });
                        assert_eq!(v, 1.0);
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 30, "{checked}");
}

#[test]
fn solver_proves_the_start_a_draw() {
    let game = TicTacToe::new(Default::default());
    let r = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts("iters=1000000")).search(&game);
    assert_eq!(r.proof, Some(Proof::Draw), "{r}");
    assert!(r.iterations < 1_000_000);
}

#[test]
fn same_seed_same_answer() {
    let game: TicTacToe = position("tictactoe:pie=on", "a1");
    let run = |seed: u64| {
        let r =
            Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts(&format!("iters=700,seed={seed}"))).search(&game);
        (
            r.best,
            r.children
                .iter()
                .map(|c| (c.ply, c.visits, c.win_rate))
                .collect::<Vec<_>>(),
        )
    };
    assert_eq!(run(11), run(11));
    assert_eq!(run(12), run(12));
}

#[test]
fn rave_pools_are_deterministic_and_change_the_playouts() {
    let game: TicTacToe = position("tictactoe", "a1");
    let run = |spec: &str| {
        let r = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts(spec)).search(&game);
        r.children
            .iter()
            .map(|c| (c.ply, c.visits, c.win_rate))
            .collect::<Vec<_>>()
    };
    let with = run("iters=3000,seed=11,pool=3,solver=off");
    assert_eq!(with, run("iters=3000,seed=11,pool=3,solver=off"));
    assert_ne!(with, run("iters=3000,seed=11,solver=off"));
    // Without RAVE there are no pools: the option changes nothing.
    assert_eq!(
        run("iters=3000,seed=11,pool=3,rave=off,solver=off"),
        run("iters=3000,seed=11,rave=off,solver=off")
    );
}

#[test]
fn root_visits_equal_iterations() {
    let game = TicTacToe::new(Default::default());
    for spec in [
        "iters=5000,solver=off",
        "iters=5000,threads=2,solver=off",
        "iters=3333,threads=2,nodes=300",
    ] {
        let mut mcts = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts(spec));
        let r = mcts.search(&game);
        assert_eq!(r.iterations, mcts.root_visits(), "{spec}");
        let sum: u64 = r.children.iter().map(|c| c.visits).sum();
        assert_eq!(sum, r.iterations, "{spec}");
        if spec.contains("solver=off") {
            assert_eq!(r.iterations, spec[6..10].parse::<u64>().unwrap());
        }
    }
}

#[test]
fn node_cap_is_respected() {
    let game = TicTacToe::new(Default::default());
    let mut mcts = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts("iters=4000,nodes=100,solver=off"));
    let r = mcts.search(&game);
    assert!(r.nodes <= 100, "{r}");
    assert_eq!(r.iterations, 4000);
}

#[test]
fn tree_reuse_keeps_subtree_visits() {
    let game = TicTacToe::new(Default::default());
    let mut mcts = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts("iters=3000,solver=off,seed=2"));
    let r = mcts.search(&game);
    let b2 = r.children.iter().find(|c| c.ply == ply("b2")).unwrap().visits;
    mcts.advance(ply("b2"));
    assert_eq!(mcts.root_visits(), b2);
    let mut after = game.clone();
    after.play_unchecked(ply("b2"));
    let r2 = mcts.search(&after);
    assert_eq!(mcts.root_visits(), b2 + r2.iterations);
    // An unknown position starts afresh.
    let other: TicTacToe = position("tictactoe", "a1");
    let r3 = mcts.search(&other);
    assert_eq!(mcts.root_visits(), r3.iterations);
    // Advancing by both sides' plies keeps working.
    mcts.advance(ply("b2"));
    mcts.advance(ply("c3"));
    let again: TicTacToe = position("tictactoe", "a1 b2 c3");
    let kept = mcts.root_visits();
    let r4 = mcts.search(&again);
    assert_eq!(mcts.root_visits(), kept + r4.iterations);
}

#[test]
fn stop_handle_ends_search() {
    let game = TicTacToe::new(Default::default());
    let mut mcts = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts("time=60s,solver=off,threads=2"));
    let handle = mcts.stop_handle();
    assert!(!handle.is_running());
    handle.stop(); // no search: no effect
    let t = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(150));
        handle.stop();
    });
    let start = Instant::now();
    let r = mcts.search(&game);
    t.join().unwrap();
    assert!(start.elapsed() < Duration::from_secs(20));
    assert!(r.iterations > 0);
    assert!(r.best.is_some());
}

#[test]
fn time_budget() {
    let game = TicTacToe::new(Default::default());
    let start = Instant::now();
    let r = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts("time=100ms,solver=off")).search(&game);
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(r.iterations > 10, "{r}");
}

#[test]
fn game_over_has_no_move() {
    let game: TicTacToe = position("tictactoe", "a1 b1 a2 b2 a3");
    let r = Mcts::<TicTacToe, TicTacToeKnowledge>::new(MctsOptions::default()).search(&game);
    assert_eq!(r.best, None);
    assert_eq!(r.win_rate, Some(0.0));
}

#[test]
fn pie_swap_is_understood() {
    // After a1 (a corner), the best answer for o with pie is any draw; after
    // x b2, swapping takes the strong centre: it should be at least as good.
    let game: TicTacToe = position("tictactoe:pie=on", "b2");
    assert_eq!(game.to_move_seat(), Seat::Second);
    let r = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts("iters=400000")).search(&game);
    // With the swap the second seat owns x's centre: the position is a
    // draw under perfect play either way, and the solver proves it.
    assert_eq!(r.proof, Some(Proof::Draw), "{r}");
}

#[test]
fn options_round_trip() {
    for spec in [
        "",
        "mcts",
        "mcts:",
        "iters=2000,threads=2,c=0.8,rave=on,solver=on,time=500ms",
        "mcts:time=2s",
        "mcts:iters=5,time=1.5s,threads=3,c=1.2,rave=off,solver=off,seed=99,nodes=1000,parallel=root,playout=50,fpu=0.7,ravek=100,expand=3",
        "time=250us",
    ] {
        let o = opts(spec);
        let printed = o.to_string();
        assert!(printed.starts_with("mcts:"));
        assert_eq!(opts(&printed), o, "{spec} -> {printed}");
    }
    assert_eq!(opts(""), MctsOptions::default());
    assert_eq!(opts("mcts:time=2s").iterations, None);
    assert_eq!(opts("mcts:time=2s").time, Some(Duration::from_secs(2)));
    assert_eq!(opts("threads=2").iterations, Some(10_000));
    assert_eq!(MctsOptions::default().to_string(), "mcts:iters=10000");
    // The name is read like a game name: in any case.
    for named in [
        "Mcts:iters=5",
        "MCTS:iters=5",
        "mcts:ITERS=5",
        " mcts : iters = 5 ",
    ] {
        assert_eq!(opts(named).iterations, Some(5), "{named}");
    }
    assert_eq!(opts("MCTS"), MctsOptions::default());
}

#[test]
fn options_errors_name_the_key() {
    let err = |s: &str| s.parse::<MctsOptions>().unwrap_err();
    let e = err("iters=2000,bogus=1");
    assert!(matches!(e, OptionsError::UnknownKey { .. }));
    assert!(
        e.to_string().contains("bogus") && e.to_string().contains("iters"),
        "{e}"
    );
    let e = err("rave=maybe");
    assert!(
        e.to_string().contains("rave") && e.to_string().contains("on or off"),
        "{e}"
    );
    let e = err("time=5");
    assert!(
        e.to_string().contains("time") && e.to_string().contains("500ms"),
        "{e}"
    );
    let e = err("threads=0");
    assert!(e.to_string().contains("threads"), "{e}");
    let e = err("parallel=leaf");
    assert!(e.to_string().contains("tree or root"), "{e}");
    assert!(matches!(err("iters"), OptionsError::MissingValue(_)));
    assert!(matches!(err("iters=1,iters=2"), OptionsError::Duplicate(_)));
    assert!(matches!(err("random:seed=1"), OptionsError::NotMcts(_)));
    assert!(matches!(err("c=-1"), OptionsError::BadValue { .. }));
    assert!(matches!(err("mcts:iters=1,,c=1"), OptionsError::Syntax(_)));
    assert!(matches!(err("mcts:iters="), OptionsError::MissingValue(_)));
    let e = err("mcts:iters");
    assert!(
        matches!(e, OptionsError::MissingValue(_)) && e.to_string().contains("ponder"),
        "{e}"
    );
}

#[test]
fn pool_options_are_parsed_and_checked() {
    assert_eq!(opts("").pool_size, None);
    assert_eq!(opts("pool=12").pool_size, Some(12));
    assert_eq!(opts("pool=off").pool_size, Some(0));
    assert_eq!(opts("pool=off").to_string(), "mcts:iters=10000,pool=off");
    assert_eq!(
        opts("pool=12,poolp=70").to_string(),
        "mcts:iters=10000,pool=12,poolp=70"
    );
    for bad in ["pool=0", "pool=1001", "pool=-1", "pool=many"] {
        assert_bad_value(bad, "pool", "1 to 1000, or off");
    }
    for bad in ["poolp=101", "poolp=-5", "poolp=half"] {
        assert_bad_value(bad, "poolp", "0 to 100");
    }
}

#[test]
fn virtual_loss_is_parsed_checked_and_used_only_with_shared_threads() {
    assert_eq!(opts("").virtual_loss, mcts::DEFAULT_VIRTUAL_LOSS);
    assert_eq!(opts("vloss=7").virtual_loss, 7);
    assert_eq!(opts("vloss=7").to_string(), "mcts:iters=10000,vloss=7");
    for bad in ["vloss=0", "vloss=1001", "vloss=-1", "vloss=two"] {
        assert_bad_value(bad, "vloss", "1 to 1000");
    }
    assert_eq!(opts("vloss=7").virtual_loss_in_use(), 1);
    assert_eq!(opts("vloss=7,threads=2").virtual_loss_in_use(), 7);
    assert_eq!(opts("vloss=7,threads=2,parallel=root").virtual_loss_in_use(), 1);
    // One thread: the same search whatever the setting.
    let game = TicTacToe::new(Default::default());
    let visits = |spec: &str| {
        let r = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts(spec)).search(&game);
        r.children.iter().map(|c| c.visits).collect::<Vec<_>>()
    };
    assert_eq!(visits("iters=3000,seed=4"), visits("iters=3000,seed=4,vloss=50"));
}

#[test]
fn rescan_is_parsed_and_checked() {
    assert_eq!(opts("").rescan, None);
    assert_eq!(
        opts("").rescan_for::<TicTacToe>(),
        0,
        "the toy game leaves it off"
    );
    assert_eq!(opts("rescan=64").rescan, Some(64));
    assert_eq!(opts("rescan=64").rescan_in_use::<TicTacToe>(), 64);
    // With threads on one tree only an explicit setting turns it on.
    assert_eq!(opts("rescan=64,threads=2").rescan_in_use::<TicTacToe>(), 64);
    assert_eq!(opts("threads=2").rescan_in_use::<TicTacToe>(), 0);
    // A game's default holds with threads too (each keeps its own choices).
    let swack = mcts::MctsOptions::game_defaults("swack");
    assert_eq!(opts("threads=2").rescan_in_use_with(&swack), 64);
    assert_eq!(opts("threads=2,rescan=off").rescan_in_use_with(&swack), 0);
    assert_eq!(
        opts("rescan=64,threads=2,parallel=root").rescan_in_use::<TicTacToe>(),
        64
    );
    assert_eq!(opts("rescan=off").rescan, Some(0));
    assert_eq!(opts("rescan=64").to_string(), "mcts:iters=10000,rescan=64");
    assert_eq!(opts("rescan=off").to_string(), "mcts:iters=10000,rescan=off");
    for bad in ["rescan=0", "rescan=1000001", "rescan=-1", "rescan=often"] {
        assert_bad_value(bad, "rescan", "1 to 1000000, or off");
    }
    // Standing choices change the search but keep it deterministic.
    let game = TicTacToe::new(Default::default());
    let visits = |spec: &str| {
        let r = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts(spec)).search(&game);
        r.children.iter().map(|c| c.visits).collect::<Vec<_>>()
    };
    assert_eq!(
        visits("iters=3000,seed=4,rescan=8"),
        visits("iters=3000,seed=4,rescan=8")
    );
    assert_ne!(visits("iters=3000,seed=4,rescan=1"), visits("iters=3000,seed=4"));
}

#[test]
fn mcts_is_send() {
    fn is_send<T: Send>() {}
    is_send::<Mcts<TicTacToe, TicTacToeKnowledge>>();
    is_send::<mcts::StopHandle>();
    fn is_sync<T: Sync>() {}
    is_sync::<mcts::StopHandle>();
}

#[test]
fn exploration_default_comes_from_the_game() {
    let game: TicTacToe = position("tictactoe", "b2");
    let visits = |spec: &str| {
        let r = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts(spec)).search(&game);
        r.children.iter().map(|c| (c.ply, c.visits)).collect::<Vec<_>>()
    };
    const { assert!(<TicTacToeKnowledge as abstracta_core::CellClaims<TicTacToe>>::CLAIMS.any()) };
    // The toy game has no entry in the table: the knowledge-free defaults.
    let game_defaults = MctsOptions::game_defaults(TicTacToe::NAME);
    assert_eq!(game_defaults, MctsOptions::game_defaults("no such game"));
    let rave_c = game_defaults.exploration_with(&MctsOptions::game_defaults(""), true);
    let uct_c = game_defaults.exploration_with(&MctsOptions::game_defaults(""), false);
    assert_eq!(
        (rave_c, uct_c),
        (mcts::DEFAULT_EXPLORATION, mcts::DEFAULT_EXPLORATION)
    );
    let o = opts("iters=600,seed=3");
    assert_eq!(o.exploration, None);
    assert_eq!(o.exploration_for::<TicTacToe>(true), rave_c);
    assert_eq!(o.exploration_for::<TicTacToe>(false), uct_c);
    assert_eq!(opts("c=0.7").exploration_for::<TicTacToe>(true), 0.7);
    // No `c` in the spec searches exactly as the hint written out.
    let base = "iters=600,seed=3,solver=off";
    let rave_default = visits(base);
    assert_eq!(rave_default, visits(&format!("{base},c={rave_c}")));
    assert_ne!(rave_default, visits(&format!("{base},c=0.05")));
    let uct_default = visits(&format!("{base},rave=off"));
    assert_eq!(uct_default, visits(&format!("{base},rave=off,c={uct_c}")));
    assert_ne!(uct_default, visits(&format!("{base},rave=off,c=0.05")));
}

#[test]
fn recycled_tree_memory_searches_like_fresh_memory() {
    // A search on memory reused from earlier trees (after `reset`, after a
    // fresh search of another position, after `advance`) must equal a
    // search by a new engine: reused nodes carry nothing over.
    let target: TicTacToe = position("tictactoe:pie=on", "a1");
    let answer = |mcts: &mut Mcts<TicTacToe, TicTacToeKnowledge>| {
        let r = mcts.search(&target);
        let children: Vec<_> = r
            .children
            .iter()
            .map(|c| (c.ply, c.visits, c.win_rate, c.proof))
            .collect();
        (r.best, r.proof, r.iterations, r.nodes, children)
    };
    let spec = "iters=2500,seed=5,nodes=60000";
    let fresh = answer(&mut Mcts::new(opts(spec)));
    let mut reused = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts(spec));
    reused.search(&TicTacToe::new(Default::default()));
    reused.advance(ply("b2"));
    reused.search(&position("tictactoe", "b2"));
    reused.reset();
    assert_eq!(answer(&mut reused), fresh);
    // A different position forces a new tree on the recycled chunks.
    reused.search(&position("tictactoe", "c3 a1"));
    assert_eq!(answer(&mut reused), fresh);
    // Root parallelism shares the spare chunks out among its trees.
    let spec2 = "iters=2000,seed=5,threads=2,parallel=root,nodes=60000";
    let mut root_par = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts(spec2));
    let first = root_par.search(&target).iterations;
    assert_eq!(root_par.search(&target).iterations, first);
}

#[test]
fn transpositions_are_counted() {
    // Tic-tac-toe repeats positions everywhere (a1 b2 c3 = c3 b2 a1).
    let game = TicTacToe::new(Default::default());
    let mut engine = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts("iters=3000,seed=2,solver=off"));
    assert_eq!(engine.transpositions(), mcts::Transpositions::default());
    engine.search(&game);
    let t = engine.transpositions();
    assert!(t.expanded > 100, "{t:?}");
    assert!(t.distinct < t.expanded && t.distinct > 0, "{t:?}");
    assert!(t.distinct_visits < t.visits, "{t:?}");
    // One iteration expands only the root: nothing repeats.
    let mut engine = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts("iters=1"));
    engine.search(&game);
    let t = engine.transpositions();
    assert_eq!((t.expanded, t.distinct), (1, 1), "{t:?}");
}
