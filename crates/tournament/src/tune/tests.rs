use super::*;

fn param(s: &str) -> Param {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn params_parse_with_default_and_given_steps() {
    let p = param("c=0.4,0.1..1.0");
    assert_eq!((p.key.as_str(), p.start, p.min, p.max), ("c", 0.4, 0.1, 1.0));
    assert!((p.step - 0.045).abs() < 1e-12);
    let p = param(" prior = 10 , 0 .. 40 , step=4 ");
    assert_eq!((p.key.as_str(), p.start, p.step), ("prior", 10.0, 4.0));
}

#[test]
fn bad_params_say_what_is_wrong() {
    for (bad, why) in [
        ("c", "no KEY="),
        ("=0.4,0..1", "engine-spec key"),
        ("c=0.4", "START,MIN..MAX"),
        ("c=x,0..1", "START \"x\" is not a number"),
        ("c=0.4,0-1", "MIN..MAX"),
        ("c=0.4,1..0", "MIN must be below MAX"),
        ("c=2,0..1", "START must lie"),
        ("c=0.4,0..1,0.1", "step=S"),
        ("c=0.4,0..1,step=0", "above 0"),
        ("c=0.4,0..1,step=0.9", "at most half"),
        ("c=0.4,0..inf", "not a number"),
        ("c=0.4,0..1,step=1,x", "START,MIN..MAX"),
    ] {
        let err = bad.parse::<Param>().unwrap_err().to_string();
        assert!(err.contains(why), "{bad}: {err}");
        assert!(err.contains("expected KEY=START,MIN..MAX"), "{bad}: {err}");
    }
}

#[test]
fn gains_end_at_the_step_and_the_rate() {
    let p = param("c=0.4,0.1..1.0,step=0.05");
    let g = Gains::new(200, 0.05);
    assert!((g.perturbation(&p, 199) - 0.05).abs() < 1e-12);
    let c = g.perturbation(&p, 199);
    assert!((g.learning(&p, 199) / (c * c) - 0.05).abs() < 1e-12);
    // Both fall over the run.
    assert!(g.perturbation(&p, 0) > g.perturbation(&p, 100));
    assert!(g.learning(&p, 0) > g.learning(&p, 100));
    // A win for plus moves towards plus, a loss away, in range.
    let up = g.step(&p, 0, 0.4, 1.0, 2.0);
    let down = g.step(&p, 0, 0.4, -1.0, 2.0);
    assert!(up > 0.4 && down < 0.4, "{up} {down}");
    assert_eq!(g.step(&p, 0, 0.4, 1.0, 0.0), 0.4);
    assert_eq!(g.step(&p, 0, 0.99, 1.0, 1e6), 1.0);
    assert_eq!(g.step(&p, 0, 0.11, -1.0, 1e6), 0.1);
}

#[test]
fn whole_number_keys_are_found_and_rounded() {
    let config = TuneConfig {
        spec: "tictactoe".into(),
        engine: "mcts:iters=10".into(),
        params: vec![param("c=0.4,0.1..1.0"), param("prior=10,0..40,step=4")],
        iterations: 10,
        pairs: 1,
        rate: 0.05,
        opening_plies: 1,
        seed: 1,
    }
    .check()
    .unwrap();
    assert!(!config.params[0].integer && config.params[1].integer);
    assert_eq!(
        config.engine_at(&[0.41234567, 12.6]),
        "mcts:iters=10,c=0.4123,prior=13"
    );
    assert_eq!(config.params[1].clamp(41.0), 40.0);
    // The signs are seeded: the same run, the same perturbations.
    assert_eq!(config.delta(3), config.delta(3));
    let signs: Vec<Vec<f64>> = (0..20).map(|k| config.delta(k)).collect();
    assert!(signs.iter().any(|d| d[0] > 0.0) && signs.iter().any(|d| d[0] < 0.0));
}

#[test]
fn engines_and_keys_that_cannot_be_tuned_are_refused() {
    let config = |engine: &str, params: &[&str]| TuneConfig {
        spec: "tictactoe".into(),
        engine: engine.into(),
        params: params.iter().map(|p| param(p)).collect(),
        iterations: 10,
        pairs: 1,
        rate: 0.05,
        opening_plies: 1,
        seed: 1,
    };
    for (engine, params, why) in [
        ("random", &["c=0.4,0.1..1"][..], "tunes mcts engines"),
        ("mcts:c=0.5", &["c=0.4,0.1..1"], "sets c= already"),
        ("mcts", &["c=0.4,0.1..1", "c=0.5,0.1..1"], "given twice"),
        ("mcts", &["colour=0.4,0.1..1"], "does not take colour="),
        ("mcts", &["c=-0.2,-1..1"], "does not take c="),
        ("bogus:x", &["c=0.4,0.1..1"], "bogus"),
    ] {
        let err = config(engine, params).check().unwrap_err().to_string();
        assert!(err.contains(why), "{engine} {params:?}: {err}");
    }
}

/// A made-up match: the plus engine wins a game with the logistic
/// probability of the strength difference, strength falling with the
/// squared distance from `best`.
fn simulated_result(rng: &mut SmallRng, plus: &[f64], minus: &[f64], best: &[f64], games: u64) -> f64 {
    let strength =
        |t: &[f64]| -> f64 { -t.iter().zip(best).map(|(a, b)| (a - b) * (a - b)).sum::<f64>() * 800.0 };
    let p = 1.0 / (1.0 + 10f64.powf(-(strength(plus) - strength(minus)) / 400.0));
    (0..games)
        .map(|_| if rng.gen::<f64>() < p { 1.0 } else { -1.0 })
        .sum()
}

#[test]
fn spsa_climbs_towards_the_best_values_of_a_simulated_match() {
    let config = TuneConfig {
        spec: "tictactoe".into(),
        engine: "mcts".into(),
        params: vec![param("c=0.2,0..2,step=0.1"), param("fpu=1.6,0..2,step=0.1")],
        iterations: 400,
        pairs: 2,
        rate: 0.05,
        opening_plies: 1,
        seed: 7,
    };
    let best = [1.2, 0.5];
    let gains = Gains::new(config.iterations, config.rate);
    let mut rng = SmallRng::seed_from_u64(11);
    let mut theta: Vec<f64> = config.params.iter().map(|p| p.start).collect();
    let distance = |t: &[f64]| {
        t.iter()
            .zip(&best)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max)
    };
    let before = distance(&theta);
    for k in 0..config.iterations {
        let delta = config.delta(k);
        let plus = config.perturbed(&gains, k, &theta, &delta, 1.0);
        let minus = config.perturbed(&gains, k, &theta, &delta, -1.0);
        let result = simulated_result(&mut rng, &plus, &minus, &best, 2 * config.pairs);
        theta = config.updated(&gains, k, &theta, &delta, result);
    }
    let after = distance(&theta);
    assert!(before > 0.9 && after < 0.3, "from {before} to {after}: {theta:?}");
}
