//! Priors (`prior=N`, `Knowledge::ply_priors`): a search uses them, reports
//! real visits, stays deterministic, and the solver still agrees with
//! exhaustive minimax when the priors mislead.

use std::collections::HashMap;

use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge, TicTacToePly};
use abstracta_core::{CellClaims, Claims, Game, Knowledge, PlyBuf};
use mcts::{Mcts, MctsOptions, Proof};

mod common;
use common::{assert_bad_value, minimax, opts, value_for};

/// Knowledge of tic-tac-toe whose priors are exact: 1 for a ply that wins
/// under perfect play, 0.5 for a draw, 0 for a loss (found by minimax), or,
/// in the `misleading` variant, the opposite. Its claims are the toy
/// game's. Its searches default to 20 virtual visits ([`oracle_opts`]).
#[derive(Clone, Copy, Debug, Default)]
struct Oracle<const MISLEADING: bool>;

impl<const M: bool> Knowledge<TicTacToe> for Oracle<M> {
    fn ply_priors(&self, game: &TicTacToe, plies: &[TicTacToePly], out: &mut [f32]) -> bool {
        let seat = game.to_move_seat();
        let mut memo = HashMap::new();
        for (p, o) in plies.iter().zip(out.iter_mut()) {
            let mut g = game.clone();
            g.play_unchecked(*p);
            let v = value_for(&g, seat, &mut memo) as f32;
            *o = if M { 1.0 - v } else { v };
        }
        true
    }
}

impl<const M: bool> CellClaims<TicTacToe> for Oracle<M> {
    const CLAIMS: Claims = Claims::Lasting;
    fn claimed_cell(&self, game: &TicTacToe, ply: TicTacToePly) -> Option<usize> {
        TicTacToeKnowledge.claimed_cell(game, ply)
    }
    fn claimable_cells(&self, game: &TicTacToe) -> usize {
        TicTacToeKnowledge.claimable_cells(game)
    }
}

/// `spec` with the oracle's default of 20 virtual visits for priors when
/// it sets none (as a game's defaults in `mcts::GAME_DEFAULTS` would).
fn oracle_opts(spec: &str) -> MctsOptions {
    let mut o = opts(spec);
    o.prior_visits = o.prior_visits.or(Some(20));
    o
}

fn position<G: Game>(plies: &str) -> G {
    let mut g = G::new(Default::default());
    g.play_list(plies).unwrap();
    g
}

/// Plies that keep the best value for the side to move.
fn best_plies(game: &TicTacToe) -> Vec<TicTacToePly> {
    let seat = game.to_move_seat();
    let mut memo = HashMap::new();
    let best = minimax(game, &mut memo);
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    plies
        .into_iter()
        .filter(|&p| {
            let mut g = game.clone();
            g.play_unchecked(p);
            value_for(&g, seat, &mut memo) == best
        })
        .collect()
}

#[test]
fn good_priors_find_the_only_move_in_few_iterations() {
    // o to move must block at a3 (x threatens a1-a2-a3): 6 legal plies,
    // one of which holds the draw. Without the solver and RAVE, 12
    // iterations give every ply about two visits and pick by chance; the
    // exact prior points at the block at once.
    let plies = "a1 b2 a2";
    let tic: TicTacToe = position(plies);
    assert_eq!(best_plies(&tic), vec!["a3".parse().unwrap()]);
    let game: TicTacToe = position(plies);
    let spec = "iters=12,solver=off,rave=off,seed=5";
    let with = Mcts::<TicTacToe, Oracle<false>>::new(oracle_opts(spec)).search(&game);
    assert_eq!(with.best, Some("a3".parse().unwrap()), "{with}");
    // Real visits only: they add up to the iterations.
    let visits: u64 = with.children.iter().map(|c| c.visits).sum();
    assert_eq!(visits, with.iterations, "{with}");
    // The same game without priors (`prior=off`): the first-play urgency
    // visits every ply before any twice, so the block gets far fewer of
    // the iterations.
    let without =
        Mcts::<TicTacToe, Oracle<false>>::new(oracle_opts(&format!("{spec},prior=off"))).search(&game);
    let a3 = |r: &mcts::SearchResult<TicTacToePly>| {
        r.children
            .iter()
            .find(|c| c.ply.to_string() == "a3")
            .unwrap()
            .visits
    };
    assert!(a3(&with) >= 2 * a3(&without), "{with}\n{without}");
    assert!(a3(&with) >= 6, "{with}");
}

#[test]
fn misleading_priors_cost_iterations_not_correctness() {
    // The prior key overrides the game's hint, both ways.
    let plies = "a1 b2 a2";
    let game: TicTacToe = position(plies);
    let misled = Mcts::<TicTacToe, Oracle<true>>::new(oracle_opts("iters=12,solver=off,rave=off,seed=5"))
        .search(&game);
    assert_ne!(misled.best, Some("a3".parse().unwrap()), "{misled}");
    // With the solver the block is found anyway.
    let solved = Mcts::<TicTacToe, Oracle<true>>::new(oracle_opts("iters=3000,seed=5")).search(&game);
    assert_eq!(solved.best, Some("a3".parse().unwrap()), "{solved}");
}

#[test]
fn searches_with_priors_are_deterministic() {
    let game: TicTacToe = position("b2");
    for spec in ["iters=800,seed=3", "iters=800,seed=3,prior=5,rave=off"] {
        let a = Mcts::<TicTacToe, Oracle<false>>::new(oracle_opts(spec)).search(&game);
        let b = Mcts::<TicTacToe, Oracle<false>>::new(oracle_opts(spec)).search(&game);
        assert_eq!(a.children, b.children, "{spec}");
        assert_eq!(a.pv, b.pv, "{spec}");
    }
}

/// Every position after 3 to 6 plies on some fixed lines.
fn positions() -> Vec<String> {
    let lines = [
        "b2 a1 c3 a3 a2 c1",
        "a1 b2 c3 b1 b3 a2",
        "c1 b2 a3 c3 a1 b1",
        "b1 b2 a2 c2 c1 a3",
    ];
    let mut out = Vec::new();
    for line in lines {
        let words: Vec<&str> = line.split(' ').collect();
        for n in 3..=words.len() {
            out.push(words[..n].join(" "));
        }
    }
    out
}

fn solver_agrees<const M: bool>(spec: &str) {
    let mut memo = HashMap::new();
    for plies in positions() {
        let tic: TicTacToe = position(&plies);
        if tic.status().is_finished() {
            continue;
        }
        let exact = minimax(&tic, &mut memo);
        let game: TicTacToe = position(&plies);
        let r = Mcts::<TicTacToe, Oracle<M>>::new(oracle_opts(spec)).search(&game);
        let proof = r
            .proof
            .unwrap_or_else(|| panic!("{plies} ({spec}): not proven: {r}"));
        let want = match exact {
            1.0 => Proof::Win,
            0.0 => Proof::Loss,
            _ => Proof::Draw,
        };
        assert_eq!(proof, want, "{plies} ({spec}): {r}");
        let best = r.best.unwrap();
        assert!(best_plies(&tic).contains(&best), "{plies} ({spec}): {r}");
    }
}

#[test]
fn solver_agrees_with_minimax_under_good_priors() {
    solver_agrees::<false>("iters=20000,seed=1");
    solver_agrees::<false>("iters=20000,seed=1,rave=off,prior=100");
}

#[test]
fn solver_agrees_with_minimax_under_misleading_priors() {
    solver_agrees::<true>("iters=20000,seed=1");
    solver_agrees::<true>("iters=20000,seed=2,threads=2");
    solver_agrees::<true>("iters=20000,seed=2,rescan=2");
    solver_agrees::<true>("iters=20000,seed=1,rave=off,prior=100,fpu=1");
}

#[test]
fn tree_reuse_keeps_visits_real() {
    // After `advance` the new root's visits are the iterations through it
    // (its prior's virtual visits left out), and they still add up.
    let mut game: TicTacToe = position("b2");
    let mut engine = Mcts::<TicTacToe, Oracle<false>>::new(oracle_opts("iters=2000,seed=4,solver=off"));
    let r = engine.search(&game);
    let best = r.best.unwrap();
    let kept = r.children.iter().find(|c| c.ply == best).unwrap().visits;
    engine.advance(best);
    game.play(best).unwrap();
    assert_eq!(engine.root_visits(), kept);
    let again = engine.search(&game);
    let visits: u64 = again.children.iter().map(|c| c.visits).sum();
    assert_eq!(visits + 1, kept + again.iterations, "{again}");
}

#[test]
fn prior_key_parses_and_prints() {
    assert_eq!(opts("prior=off").prior_visits, Some(0));
    assert_eq!(opts("prior=40").prior_visits, Some(40));
    assert_eq!(opts("iters=5").prior_visits, None);
    assert_eq!(opts("prior=off").to_string(), "mcts:iters=10000,prior=off");
    assert_eq!(opts("prior=7").to_string(), "mcts:iters=10000,prior=7");
    let escabel = MctsOptions::game_defaults("escabel");
    assert_eq!(opts("prior=7").prior_visits_with(&escabel), 7);
    assert_eq!(opts("").prior_visits_with(&escabel), 20);
    assert_eq!(oracle_opts("").prior_visits_for::<TicTacToe>(), 20);
    assert_eq!(opts("").prior_visits_for::<TicTacToe>(), 0);
    for bad in ["prior=-1", "prior=maybe", "prior=10001", "prior=1.5"] {
        assert_bad_value(bad, "prior", "or off");
    }
}
