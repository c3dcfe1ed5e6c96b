//! Unit tests of the `puct` search.

use super::*;
use crate::evaluator::{Evaluation, Request};
use abstracta_core::toy::TicTacToe;
use abstracta_core::Status;

fn uniform(spec: &str) -> PuctSearch<TicTacToe> {
    PuctSearch::new(spec.parse().unwrap(), Arc::new(UniformEvaluator))
}

#[test]
fn one_simulation_with_a_uniform_evaluator_follows_the_first_ply() {
    // With uniform priors, no noise and fpu=0 every child scores the same
    // before its first visit, so the first of the legal plies is the
    // first one visited; after iters=N the visits sum to N - 1 (the
    // root's own evaluation is the first simulation).
    let mut search = uniform("puct:iters=10,batch=1,fpu=0");
    let game = TicTacToe::new(Default::default());
    let result = search.search(&game, &[]);
    assert_eq!(result.iterations, 10);
    assert_eq!(result.children.iter().map(|c| c.visits).sum::<u64>(), 9);
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    // Nine plies, nine simulations after the root: each visited once.
    assert!(result.children.iter().all(|c| c.visits == 1), "{result:?}");
    assert_eq!(result.best, Some(plies[0]));
}

#[test]
fn finds_the_win_and_the_block_and_draws_tictactoe() {
    let mut search = uniform("puct:iters=3000,batch=4");
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 b1 a2").unwrap();
    // o must block at a3.
    assert_eq!(search.search(&game, &[]).best.unwrap().to_string(), "a3");
    let mut game = TicTacToe::new(Default::default());
    let mut history = Vec::new();
    while game.status().is_ongoing() {
        let ply = search.search(&game, &history).best.unwrap();
        game.play(ply).unwrap();
        history.push(ply);
    }
    assert!(matches!(game.status(), Status::Finished { .. }));
    assert_eq!(game.status().word(), "draw");
}

#[test]
fn the_tree_is_kept_for_the_next_search() {
    let mut search = uniform("puct:iters=300");
    let mut game = TicTacToe::new(Default::default());
    let first = search.search(&game, &[]);
    let ply = first.best.unwrap();
    let kept_visits = first.children.iter().find(|c| c.ply == ply).unwrap().visits;
    game.play(ply).unwrap();
    let second = search.search(&game, &[ply]);
    // The kept root's visits are counted among its children's.
    let total: u64 = second.children.iter().map(|c| c.visits).sum();
    assert!(total + 1 >= kept_visits + 300 - 1, "{total} {kept_visits}");
    // Not kept with reuse=off.
    let mut fresh = uniform("puct:iters=300,reuse=off");
    fresh.search(&TicTacToe::new(Default::default()), &[]);
    let total: u64 = fresh
        .search(&game, &[ply])
        .children
        .iter()
        .map(|c| c.visits)
        .sum();
    assert_eq!(total, 299);
}

#[test]
fn temperature_and_noise_vary_the_choice_with_the_seed() {
    let game = TicTacToe::new(Default::default());
    let mut seen = std::collections::HashSet::new();
    for seed in 0..12 {
        let mut search = uniform(&format!("puct:iters=50,noise=0.25,temp=1,seed={seed}"));
        seen.insert(search.search(&game, &[]).best.unwrap());
    }
    assert!(seen.len() > 2, "{seen:?}");
}

#[test]
fn dirichlet_draws_are_distributions() {
    let mut rng = SmallRng::seed_from_u64(1);
    for alpha in [0.03, 0.3, 1.0, 5.0] {
        let d = dirichlet(&mut rng, alpha, 20);
        assert!((d.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        assert!(d.iter().all(|&x| (0.0..=1.0).contains(&x)));
    }
}

#[test]
fn a_finished_game_has_no_ply_and_options_are_checked() {
    let mut search = uniform("puct");
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 b1 a2 b2 a3").unwrap();
    assert_eq!(search.search(&game, &[]).best, None);
    assert!(search.set_option("model", "x.safetensors").is_err());
    assert!(search.set_option("c", "x").is_err());
    search.set_option("iters", "7").unwrap();
    assert_eq!(search.describe(), "puct:iters=7");
}

/// An evaluator that is sure of one ply (prior 0.97, the rest share what
/// is left) and calls every position even: a network with a blind spot.
struct Misled(&'static str);

impl Evaluator<TicTacToe> for Misled {
    fn evaluate(
        &self,
        requests: &[Request<'_, TicTacToe>],
        out: &mut Vec<Evaluation>,
    ) -> Result<(), crate::EvaluatorError> {
        out.clear();
        for r in requests {
            let sure = r.plies.iter().position(|p| p.to_string() == self.0);
            let rest = if sure.is_some() { 0.03 } else { 1.0 } / r.plies.len() as f32;
            let policy = (0..r.plies.len())
                .map(|i| if Some(i) == sure { 0.97 } else { rest })
                .collect();
            out.push(Evaluation { policy, value: 0.0 });
        }
        Ok(())
    }

    fn name(&self) -> String {
        "misled".to_owned()
    }
}

fn misled(spec: &str, sure: &'static str) -> PuctSearch<TicTacToe> {
    PuctSearch::new(spec.parse().unwrap(), Arc::new(Misled(sure)))
}

fn with_knowledge(search: PuctSearch<TicTacToe>) -> PuctSearch<TicTacToe> {
    search.with_knowledge(Arc::new(abstracta_core::toy::TicTacToeKnowledge))
}

#[test]
fn the_solver_proves_a_forced_win_and_stops() {
    // x to move has no win in one but two forks (b2 and c3) that win by
    // force.
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 b1 c1 a2").unwrap();
    let mut search = uniform("puct:iters=5000,solver=on");
    let result = search.search(&game, &[]);
    assert_eq!(result.proof, Some(Proof::Win), "{result:?}");
    let best = result.best.unwrap().to_string();
    assert!(best == "b2" || best == "c3", "{best}");
    assert!(
        result.iterations < 5000,
        "stops once proven: {}",
        result.iterations
    );
    let proven_wins = result
        .children
        .iter()
        .filter(|c| c.proof == Some(Proof::Win))
        .count();
    assert!(proven_wins >= 1);
    assert!(result
        .children
        .iter()
        .all(|c| c.proof != Some(Proof::Win) || c.win_rate == 1.0));
    // Without the solver the same search proves nothing and runs its
    // whole budget.
    let result = uniform("puct:iters=5000,solver=off").search(&game, &[]);
    assert_eq!((result.proof, result.iterations), (None, 5000));
}

#[test]
fn the_solver_avoids_a_ply_that_loses_at_once() {
    // o must block at a3; the evaluator is sure of c3, after which x
    // wins at a3. At 60 simulations plain PUCT follows the prior; with
    // the solver, c3's refutation (a finished game) proves it lost, and it
    // is not played.
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 b1 a2").unwrap();
    let blind = misled("puct:iters=60,batch=1,solver=off,decisive=off", "c3").search(&game, &[]);
    assert_eq!(blind.best.unwrap().to_string(), "c3", "{blind:?}");
    // The evaluator is as sure of c3 for x, so x's win at a3 stays unseen
    // below the other o plies: only the loss found is avoided.
    let solved = misled("puct:iters=60,batch=1,solver=on", "c3").search(&game, &[]);
    assert_ne!(solved.best.unwrap().to_string(), "c3", "{solved:?}");
    let c3 = solved
        .children
        .iter()
        .find(|c| c.ply.to_string() == "c3")
        .unwrap();
    assert_eq!(c3.proof, Some(Proof::Loss));
}

#[test]
fn decisive_plies_are_played_and_threats_parried_with_few_evaluations() {
    // x wins at a3 at once; the evaluator is sure of c3. With two
    // simulations plain PUCT plays c3; with the game's decisive plies
    // only a3 is searched.
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 b1 a2 b2").unwrap();
    let blind = misled("puct:iters=2,batch=1,solver=off,decisive=off", "c3").search(&game, &[]);
    assert_eq!(blind.best.unwrap().to_string(), "c3");
    let mut search = with_knowledge(misled("puct:iters=2,batch=1,decisive=on,solver=on", "c3"));
    let result = search.search(&game, &[]);
    assert_eq!(result.best.unwrap().to_string(), "a3");
    assert_eq!(result.proof, Some(Proof::Win));
    // decisive=on without the game's knowledge changes nothing.
    let unknowing = misled("puct:iters=2,batch=1,solver=off,decisive=on", "c3").search(&game, &[]);
    assert_eq!(unknowing.best.unwrap().to_string(), "c3");
    // o to move after a1 b1 a2 must block a3: the only child made.
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 b1 a2").unwrap();
    let mut search = with_knowledge(misled("puct:iters=3,batch=1,decisive=on", "c3"));
    let result = search.search(&game, &[]);
    assert_eq!(result.best.unwrap().to_string(), "a3");
    assert_eq!(result.children.len(), 1);
}

/// A uniform evaluator that counts the positions it was asked about
/// where the seat to move had a win in one.
#[derive(Default)]
struct CountingWins(std::sync::atomic::AtomicUsize);

impl Evaluator<TicTacToe> for CountingWins {
    fn evaluate(
        &self,
        requests: &[Request<'_, TicTacToe>],
        out: &mut Vec<Evaluation>,
    ) -> Result<(), crate::EvaluatorError> {
        for r in requests {
            if r.plies
                .iter()
                .any(|&p| abstracta_core::knowledge::wins_at_once(r.game, p))
            {
                self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        }
        UniformEvaluator.evaluate(requests, out)
    }

    fn name(&self) -> String {
        "counting".to_owned()
    }
}

#[test]
fn a_position_with_a_decisive_ply_is_settled_without_an_evaluation() {
    let game = TicTacToe::new(Default::default());
    let evaluations_with_a_win = |spec: &str| {
        let evaluator = Arc::new(CountingWins::default());
        let mut search = with_knowledge(PuctSearch::new(spec.parse().unwrap(), evaluator.clone()));
        search.search(&game, &[]);
        evaluator.0.load(std::sync::atomic::Ordering::Relaxed)
    };
    assert!(evaluations_with_a_win("puct:iters=2000,decisive=off") > 0);
    assert_eq!(evaluations_with_a_win("puct:iters=2000,decisive=on"), 0);
}

#[test]
fn searches_with_the_same_seed_agree() {
    let mut game = TicTacToe::new(Default::default());
    game.play_list("b2").unwrap();
    let run = || {
        let mut search = with_knowledge(uniform(
            "puct:iters=300,solver=on,decisive=on,noise=0.25,temp=1,seed=9",
        ));
        let result = search.search(&game, &[]);
        (
            result.best,
            result
                .children
                .iter()
                .map(|c| (c.ply, c.visits, c.proof))
                .collect::<Vec<_>>(),
        )
    };
    assert_eq!(run(), run());
}

/// A knowledge that thinks every position 90% won for the seat to move
/// and likes c3 best.
struct Opinionated;

impl abstracta_core::knowledge::Knowledge<TicTacToe> for Opinionated {
    fn evaluate(&self, _game: &TicTacToe) -> Option<f64> {
        Some(0.9)
    }

    fn ply_priors(
        &self,
        _game: &TicTacToe,
        plies: &[<TicTacToe as abstracta_core::Game>::Ply],
        out: &mut [f32],
    ) -> bool {
        for (p, o) in plies.iter().zip(out.iter_mut()) {
            *o = if p.to_string() == "c3" { 0.99 } else { 0.5 };
        }
        true
    }
}

#[test]
fn the_games_evaluation_and_priors_are_mixed_in_by_their_weights() {
    let game = TicTacToe::new(Default::default());
    let first_child = |spec: &str| {
        let mut search = uniform(spec).with_knowledge(Arc::new(Opinionated));
        let result = search.search(&game, &[]);
        let visited = result.children.iter().find(|c| c.visits == 1).unwrap().clone();
        (visited.ply.to_string(), visited.win_rate)
    };
    // The child's value for its own mover is tanh(ln 9 / 2) = 0.8 with
    // vmix=1, so 0.1 for the root's mover; 0.5 with the evaluator alone.
    let (ply, win_rate) = first_child("puct:iters=2,batch=1,fpu=0,vmix=1");
    assert_ne!(ply, "c3");
    assert!((win_rate - 0.1).abs() < 1e-3, "{win_rate}");
    let (_, win_rate) = first_child("puct:iters=2,batch=1,fpu=0,vmix=0.5");
    assert!((win_rate - 0.3).abs() < 1e-3, "{win_rate}");
    let (_, win_rate) = first_child("puct:iters=2,batch=1,fpu=0,vmix=0");
    assert!((win_rate - 0.5).abs() < 1e-6, "{win_rate}");
    // With pmix the game's favourite is the first visited.
    assert_eq!(first_child("puct:iters=2,batch=1,fpu=0,vmix=0,pmix=0.5").0, "c3");
}

#[test]
fn count_evals_spends_the_budget_on_evaluations_only() {
    // Late in a game many walks end in finished games: with count=evals
    // they are free, so the search makes more simulations than its budget
    // (at most four times as many) for exactly its budget of evaluations.
    let mut game = TicTacToe::new(Default::default());
    game.play_list("b2 a1 c1 a3").unwrap();
    let evaluator = Arc::new(CountingWins::default());
    let walks = PuctSearch::new(
        "puct:iters=300,batch=1,solver=off".parse().unwrap(),
        evaluator.clone(),
    )
    .search(&game, &[])
    .iterations;
    assert_eq!(walks, 300);
    let result = PuctSearch::new(
        "puct:iters=300,batch=1,solver=off,count=evals".parse().unwrap(),
        evaluator,
    )
    .search(&game, &[]);
    assert!(
        result.iterations > 300 && result.iterations <= 1200,
        "{}",
        result.iterations
    );
}
