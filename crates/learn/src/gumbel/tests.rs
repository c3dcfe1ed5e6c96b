use super::*;
use crate::options::DEFAULT_ITERS;
use abstracta_core::toy::TicTacToe;

fn uniform(spec: &str) -> GumbelSearch<TicTacToe> {
    GumbelSearch::new(spec.parse().unwrap(), Arc::new(UniformEvaluator))
}

/// The exact value of `game` for the seat to move: 1 a win, 0 a
/// draw, -1 a loss (negamax over the whole tree).
fn solve(game: &TicTacToe) -> i32 {
    let status = game.status();
    if status.is_finished() {
        return status
            .reward(game.to_move_seat())
            .map_or(0, |r| (2.0 * r) as i32 - 1);
    }
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    plies
        .iter()
        .map(|&ply| {
            let mut next = game.clone();
            next.play_unchecked(ply);
            if next.to_move_seat() == game.to_move_seat() {
                solve(&next)
            } else {
                -solve(&next)
            }
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn finds_the_forced_win_with_a_uniform_evaluator() {
    // x (a1, b2) against o (b1, c3): no ply wins at once, but a2 and
    // a3 each make two threats, so x wins by force.
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 b1 b2 c3").unwrap();
    assert_eq!(solve(&game), 1);
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    assert!(plies.iter().all(|&ply| {
        let mut next = game.clone();
        next.play_unchecked(ply);
        next.status().is_ongoing()
    }));
    for seed in 0..8 {
        let mut search = uniform(&format!("gumbel:iters=200,seed={seed}"));
        let ply = search.search(&game, &[]).best.unwrap();
        let mut after = game.clone();
        after.play(ply).unwrap();
        assert_eq!(solve(&after), -1, "seed {seed} played {ply}, which lets o escape");
    }
    // And the win at once.
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 b1 a2 b2").unwrap();
    let mut search = uniform("gumbel:iters=16");
    assert_eq!(search.search(&game, &[]).best.unwrap().to_string(), "a3");
}

#[test]
fn a_time_only_budget_plans_for_the_time_not_the_default_count() {
    // A uniform simulation of tic-tac-toe takes microseconds, so 300 ms
    // allows far more than the default count, which a time-only
    // search used to plan for whatever its time.
    let game = TicTacToe::new(Default::default());
    let mut search = uniform("gumbel:time=300ms");
    let result = search.search(&game, &[]);
    assert!(
        result.iterations > 4 * DEFAULT_ITERS,
        "{} simulations",
        result.iterations
    );
    assert!(result.best.is_some());
    let improved: f32 = search.improved_policy().iter().map(|&(_, p)| p).sum();
    assert!((improved - 1.0).abs() < 1e-4, "{improved}");
    // With `iters` the plan stays the count, whatever the time.
    let mut search = uniform("gumbel:iters=50,time=300ms");
    assert_eq!(search.search(&game, &[]).iterations, 50);
}

#[test]
fn a_seed_makes_it_deterministic_and_the_budget_is_kept() {
    let game = TicTacToe::new(Default::default());
    let run = |seed: u64| {
        let mut search = uniform(&format!("gumbel:iters=50,seed={seed}"));
        let a = search.search(&game, &[]);
        let b = search.search(&game, &[]);
        (
            a.best,
            a.children.iter().map(|c| (c.ply, c.visits)).collect::<Vec<_>>(),
            b.best,
            a.iterations,
        )
    };
    assert_eq!(run(3), run(3));
    let (_, children, _, iterations) = run(3);
    assert_eq!(iterations, 50);
    // The root's own evaluation is the first of the 50 simulations.
    assert_eq!(children.iter().map(|c| c.1).sum::<u64>(), 49);
    // Different seeds consider different plies.
    let firsts: std::collections::HashSet<_> = (0..12).map(|s| run(s).0).collect();
    assert!(firsts.len() > 1, "{firsts:?}");
}

#[test]
fn the_improved_policy_is_a_distribution_favouring_the_win() {
    let mut search = uniform("gumbel:iters=32,k=4");
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 b1 a2 b2").unwrap();
    let result = search.search(&game, &[]);
    let policy = search.improved_policy();
    assert_eq!(policy.len(), 5);
    assert!((policy.iter().map(|p| p.1).sum::<f32>() - 1.0).abs() < 1e-5);
    let best = policy.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
    assert_eq!(Some(best.0), result.best);
    // k=4 of 5 plies considered: one root child is never visited.
    assert!(result.children.iter().filter(|c| c.visits == 0).count() >= 1);
}

#[test]
fn a_finished_game_has_no_ply_and_options_are_checked() {
    let mut search = uniform("gumbel");
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 b1 a2 b2 a3").unwrap();
    assert_eq!(search.search(&game, &[]).best, None);
    assert!(search.improved_policy().is_empty());
    assert!(search.set_option("model", "x.safetensors").is_err());
    assert!(search.set_option("k", "0").is_err());
    search.set_option("iters", "7").unwrap();
    assert_eq!(search.describe(), "gumbel:iters=7");
}

/// An evaluator with a prior of 0.9 on `a3` (when legal) and a value
/// of 0 everywhere but in `bait`, where the seat to move is given
/// `bait_value`.
struct Scripted {
    bait: TicTacToe,
    bait_value: f32,
    a3_prior: f32,
}

impl Evaluator<TicTacToe> for Scripted {
    fn evaluate(
        &self,
        requests: &[Request<'_, TicTacToe>],
        out: &mut Vec<Evaluation>,
    ) -> Result<(), crate::EvaluatorError> {
        out.clear();
        for r in requests {
            let has_a3 = r.plies.iter().any(|p| p.to_string() == "a3");
            let rest = if has_a3 { 1.0 - self.a3_prior } else { 1.0 };
            let others = r.plies.len() - usize::from(has_a3);
            let policy = r
                .plies
                .iter()
                .map(|p| {
                    if p.to_string() == "a3" {
                        self.a3_prior
                    } else {
                        rest / others as f32
                    }
                })
                .collect();
            let value = if *r.game == self.bait {
                self.bait_value
            } else {
                0.0
            };
            out.push(Evaluation { policy, value });
        }
        Ok(())
    }

    fn name(&self) -> String {
        "scripted".into()
    }
}

/// o to move after `a1 b1 a2` must block at a3; the evaluator's
/// value slightly prefers c3 for o (x to move there: -0.02).
fn must_block(a3_prior: f32) -> (TicTacToe, Arc<Scripted>) {
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 b1 a2").unwrap();
    let mut bait = game.clone();
    bait.play_list("c3").unwrap();
    let evaluator = Scripted {
        bait,
        bait_value: -0.02,
        a3_prior,
    };
    (game, Arc::new(evaluator))
}

#[test]
fn a_small_value_difference_moves_sigma_by_its_share_of_the_value_range() {
    // Uniform priors, one visit to each of the 6 plies: π' differs
    // from the prior only by σ, and q(c3) - q(others) = 0.02 of the
    // value range 2 moves σ by (cvisit + max N) * cscale * 0.01.
    let (game, evaluator) = must_block(1.0 / 6.0);
    for (spec, expected) in [
        ("gumbel:iters=7,k=6,scale=0", 51.0 * 0.01),
        ("gumbel:iters=7,k=6,scale=0,cvisit=10,cscale=2", 22.0 * 0.01),
    ] {
        let mut search = GumbelSearch::new(spec.parse().unwrap(), evaluator.clone());
        let result = search.search(&game, &[]);
        assert!(result.children.iter().all(|c| c.visits == 1), "{spec}");
        let policy = search.improved_policy();
        let of = |name: &str| policy.iter().find(|p| p.0.to_string() == name).unwrap().1;
        let ratio = (of("c3") / of("a3")).ln();
        assert!(
            (ratio - expected).abs() < 1e-3,
            "{spec}: {ratio} against {expected}"
        );
    }
}

#[test]
fn noise_in_the_values_does_not_override_a_confident_prior() {
    // The prior puts 0.9 on the block; the value of one other ply is
    // 0.02 better (noise: x wins after it). One visit per ply: the
    // paper's σ over values in [-1, 1] keeps the block, while
    // rescaling over the siblings turns the 0.02 into the whole σ
    // range (51 logits) and plays the losing ply.
    let (game, evaluator) = must_block(0.9);
    let play = |spec: &str| {
        let mut search = GumbelSearch::new(spec.parse().unwrap(), evaluator.clone());
        search.search(&game, &[]).best.unwrap().to_string()
    };
    assert_eq!(play("gumbel:iters=7,k=6,scale=0"), "a3");
    assert_eq!(play("gumbel:iters=7,k=6,scale=0,qnorm=tree"), "c3");
    assert_eq!(play("gumbel:iters=7,k=6,scale=0,qnorm=children"), "c3");
    // A real difference still counts: o's win at once (b3) beats the
    // prior's block.
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 b1 a2 b2 c3").unwrap();
    let mut search = GumbelSearch::new("gumbel:iters=5,k=4,scale=0".parse().unwrap(), evaluator.clone());
    assert_eq!(search.search(&game, &[]).best.unwrap().to_string(), "b3");
}
