//! The MCTS variants of the literature (GRAVE, MAST, Progressive History,
//! PUCT) on the toy game: determinism, the solver against the exact
//! oracle of abstracta-core, a forced win, options and their errors.

use abstracta_core::conformance::position;
use abstracta_core::exact::{exact_value, winning_plies};
use abstracta_core::knowledge::NoKnowledge;
use abstracta_core::search::Search;
use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge, TicTacToePly};
use abstracta_core::Game;
use mcts::{Mast, Mcts, MctsOptions, MctsSearch, PolicySource, Proof, Select};

// Only some of the shared helpers are used here.
#[allow(dead_code)]
mod common;
use common::{assert_bad_value, opts};

/// Each variant on its own, as a user would write it.
const VARIANTS: [&str; 6] = [
    "grave=20",
    "mast=softmax",
    "mast=greedy,maste=0.2",
    "ph=1",
    "select=puct",
    "select=puct,cpuct=2,grave=10,ph=0.5,mast=softmax,mastt=0.5",
];

/// Every position after 2 to 5 plies of a few lines (none finished).
fn positions() -> Vec<TicTacToe> {
    let mut out = Vec::new();
    for line in [
        "a1 b2 c3 a3 c1",
        "b2 a1 c1 a3 a2",
        "c1 b1 b2 a3 a1",
        "a1 b1 c1 a2 b2",
    ] {
        let words: Vec<&str> = line.split(' ').collect();
        for n in 2..=words.len() {
            let game: TicTacToe = position("tictactoe", &words[..n].join(" "));
            if !game.status().is_finished() {
                out.push(game);
            }
        }
    }
    out
}

fn search(spec: &str, game: &TicTacToe) -> mcts::SearchResult<TicTacToePly> {
    Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts(spec)).search(game)
}

/// One thread and a seed: the same search, child for child, every run;
/// and the variant changes the search (so the option is in effect).
#[test]
fn each_variant_is_deterministic_and_in_effect() {
    let game: TicTacToe = position("tictactoe", "b2");
    let plain = search("iters=3000,seed=9,solver=off", &game);
    for variant in VARIANTS {
        let spec = format!("iters=3000,seed=9,solver=off,{variant}");
        let a = search(&spec, &game);
        let b = search(&spec, &game);
        assert_eq!(a.best, b.best, "{spec}");
        assert_eq!(a.iterations, b.iterations, "{spec}");
        let visits = |r: &mcts::SearchResult<TicTacToePly>| {
            r.children
                .iter()
                .map(|c| (c.ply, c.visits, c.win_rate.to_bits()))
                .collect::<Vec<_>>()
        };
        assert_eq!(visits(&a), visits(&b), "{spec}");
        assert_ne!(visits(&a), visits(&plain), "{spec} searched as the defaults do");
    }
}

/// The solver's proofs agree with exhaustive minimax with each variant
/// on: the root's value, every proven child, and a winning best ply.
#[test]
fn solver_agrees_with_the_exact_oracle_with_each_variant() {
    const LIMIT: usize = 100_000;
    let mut checked = 0;
    for game in positions() {
        let expected = exact_value(&game, LIMIT).unwrap();
        let keeping = winning_plies(&game, LIMIT).unwrap();
        for variant in VARIANTS {
            let spec = format!("iters=200000,seed=5,{variant}");
            let r = search(&spec, &game);
            assert_eq!(r.proof, Some(expected), "{spec} {game}: {r}");
            for c in &r.children {
                if let Some(p) = c.proof {
                    // A proven child keeps the value exactly when minimax says so.
                    assert_eq!(
                        p == expected,
                        keeping.contains(&c.ply),
                        "{spec} {game}: child {}",
                        c.ply
                    );
                }
            }
            if expected == Proof::Win {
                assert!(keeping.contains(&r.best.unwrap()), "{spec} {game}: {r}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 60, "{checked}");
}

/// x: a1 c3, o: b2 a3; x to move. o threatens c1, and c1 is x's only ply
/// that wins: it blocks and threatens b1 and c2 at once. Each variant
/// finds it, with the solver and without.
#[test]
fn each_variant_finds_a_forced_win() {
    let game: TicTacToe = position("tictactoe", "a1 b2 c3 a3");
    let c1: TicTacToePly = "c1".parse().unwrap();
    assert_eq!(winning_plies(&game, 100_000).unwrap(), vec![c1]);
    assert_eq!(exact_value(&game, 100_000).unwrap(), Proof::Win);
    for variant in VARIANTS {
        let r = search(&format!("iters=20000,seed=3,{variant}"), &game);
        assert_eq!(r.best, Some(c1), "{variant}: {r}");
        assert_eq!(r.proof, Some(Proof::Win), "{variant}: {r}");
        let r = search(&format!("iters=20000,seed=3,solver=off,{variant}"), &game);
        assert_eq!(r.best, Some(c1), "{variant} without the solver: {r}");
    }
}

/// A game whose knowledge claims no cells (here: none at all) gives MAST
/// and Progressive History no action identity: they are ignored, and the
/// search is the same as without them. GRAVE needs RAVE, which needs
/// claims too.
#[test]
fn history_variants_are_ignored_without_claims() {
    let game: TicTacToe = position("tictactoe", "b2 a1");
    let plain = Mcts::<TicTacToe, NoKnowledge>::new(opts("iters=2000,seed=4,solver=off")).search(&game);
    for variant in ["mast=softmax", "ph=2", "grave=5"] {
        let spec = format!("iters=2000,seed=4,solver=off,{variant}");
        let r = Mcts::<TicTacToe, NoKnowledge>::new(opts(&spec)).search(&game);
        let key = |r: &mcts::SearchResult<TicTacToePly>| {
            r.children.iter().map(|c| (c.ply, c.visits)).collect::<Vec<_>>()
        };
        assert_eq!(key(&r), key(&plain), "{variant}");
    }
}

/// A policy source of one's own steers PUCT: one that puts all weight on
/// a3 makes it the most visited ply at the empty board (the solver off,
/// few iterations), where the default (uniform here) does not.
#[test]
fn puct_takes_a_pluggable_policy() {
    struct Favour(TicTacToePly);
    impl PolicySource<TicTacToe, TicTacToeKnowledge> for Favour {
        fn policy(&self, _: &TicTacToeKnowledge, _: &TicTacToe, plies: &[TicTacToePly], out: &mut Vec<f32>) {
            out.clear();
            out.extend(plies.iter().map(|&p| if p == self.0 { 1.0 } else { 0.0 }));
        }
    }
    let a3: TicTacToePly = "a3".parse().unwrap();
    let game = TicTacToe::new(Default::default());
    let spec = "iters=300,seed=2,solver=off,select=puct,cpuct=4";
    let mut favoured = Mcts::<TicTacToe, TicTacToeKnowledge>::new(opts(spec));
    favoured.set_policy_source(std::sync::Arc::new(Favour(a3)));
    let r = favoured.search(&game);
    assert_eq!(r.children[0].ply, a3, "{r}");
    let r = search(spec, &game);
    assert_ne!(r.children[0].ply, a3, "{r}");
}

#[test]
fn variant_options_parse_print_and_round_trip_through_describe() {
    let o = opts("grave=50,mast=softmax,mastt=0.25,ph=1.5,select=puct,cpuct=2.5");
    assert_eq!(o.grave_ref, 50);
    assert_eq!(o.mast, Mast::Softmax);
    assert_eq!(o.mast_temperature, 0.25);
    assert_eq!(o.history_weight, 1.5);
    assert_eq!(o.select, Select::Puct);
    assert_eq!(o.cpuct, 2.5);
    for spec in [
        "mcts:iters=2000,grave=50",
        "mcts:iters=2000,mast=softmax,mastt=0.05",
        "mcts:iters=2000,mast=greedy,maste=0.3",
        "mcts:iters=2000,ph=2",
        "mcts:iters=2000,select=puct,cpuct=0.7",
    ] {
        let engine = MctsSearch::<TicTacToe, TicTacToeKnowledge>::new(opts(spec));
        assert_eq!(engine.describe(), spec);
        assert_eq!(opts(&engine.describe()), opts(spec));
    }
    // Off is the default, and prints nothing.
    for spec in ["grave=off", "mast=off", "ph=off", "select=uct", "ph=0"] {
        assert_eq!(opts(spec), MctsOptions::default(), "{spec}");
        assert_eq!(opts(spec).to_string(), "mcts:iters=10000", "{spec}");
    }
}

#[test]
fn bad_variant_values_are_refused_naming_the_key() {
    assert_bad_value("grave=0", "grave", "a visit count from 1 to 1000000, or off");
    assert_bad_value("grave=-3", "grave", "or off");
    assert_bad_value("grave=2000000", "grave", "from 1 to 1000000");
    assert_bad_value("mast=on", "mast", "off, softmax or greedy");
    assert_bad_value("mastt=0", "mastt", "a temperature from 0.001 to 1000");
    assert_bad_value("mastt=abc", "mastt", "temperature");
    assert_bad_value("maste=1.5", "maste", "a probability from 0 to 1");
    assert_bad_value("ph=-1", "ph", "a weight from 0 to 1000");
    assert_bad_value("ph=nan", "ph", "a weight");
    assert_bad_value("select=ucb", "select", "uct or puct");
    assert_bad_value("cpuct=inf", "cpuct", "a number from 0 to 1000");
    assert_bad_value("cpuct=5000", "cpuct", "from 0 to 1000");
}
