//! The ladder's fit recovers known strengths from simulated games, the
//! pool's fit (the stats crate's) does too, and plots are written with
//! the series they were given.

use bench::ladder::{fit_against_anchors, AnchorGame};
use bench::plot::{budget_plot, match_plot, Series};
use rand::{Rng, SeedableRng};
use stats::rating_fit::{fit, FitOptions, RatedGame};

fn expected(diff: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-diff / 400.0))
}

/// A game's points for the first seat: win, draw or loss drawn from the
/// logistic model with a 10% draw share taken evenly from both.
fn play(rng: &mut rand::rngs::SmallRng, first_minus_second: f64) -> f64 {
    let p = expected(first_minus_second);
    let u: f64 = rng.gen();
    if u < p - 0.05 {
        1.0
    } else if u < p + 0.05 {
        0.5
    } else {
        0.0
    }
}

#[test]
fn the_ladder_fit_recovers_a_known_rating() {
    let anchors = [0.0, 150.0, 300.0, 450.0, 600.0];
    let advantage = 40.0;
    for (seed, truth) in [(1u64, 380.0), (2, 90.0), (3, 520.0)] {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut games = Vec::new();
        for (i, &a) in anchors.iter().enumerate() {
            for pair in 0..100u64 {
                for engine_first in [true, false] {
                    let diff = if engine_first {
                        truth + advantage - a
                    } else {
                        a + advantage - truth
                    };
                    let first_points = play(&mut rng, diff);
                    games.push(AnchorGame {
                        anchor_elo: a,
                        engine_first,
                        score: if engine_first {
                            first_points
                        } else {
                            1.0 - first_points
                        },
                        cluster: (i as u64) * 1000 + pair,
                    });
                }
            }
        }
        let r = fit_against_anchors(&games, advantage).unwrap();
        assert!(
            r.low < truth && truth < r.high,
            "seed {seed}: {truth} not in {r:?}"
        );
        assert!((r.elo - truth).abs() < 40.0, "seed {seed}: {r:?}");
        assert!(r.high - r.low < 100.0, "{r:?}");
    }
    assert!(fit_against_anchors(&[], 0.0).is_none());
}

#[test]
fn the_pool_fit_recovers_known_strengths() {
    let truth = [0.0, 120.0, 260.0, 400.0];
    let names: Vec<String> = (0..truth.len()).map(|i| format!("p{i}")).collect();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
    let mut games = Vec::new();
    let mut cluster = 0;
    for i in 0..truth.len() {
        for j in i + 1..truth.len() {
            for _ in 0..150 {
                for (first, second) in [(i, j), (j, i)] {
                    let score = play(&mut rng, truth[first] + 30.0 - truth[second]);
                    games.push(RatedGame {
                        first,
                        second,
                        score,
                        cluster,
                    });
                }
                cluster += 1;
            }
        }
    }
    let options = FitOptions {
        anchor: Some(("p0".into(), 0.0)),
        prior: 1.0,
    };
    let list = fit(&names, &games, &options).unwrap();
    for (i, &t) in truth.iter().enumerate() {
        let p = list.players.iter().find(|p| p.name == names[i]).unwrap();
        assert!((p.elo - t).abs() < 45.0, "{}: {} vs {t}", p.name, p.elo);
    }
    assert!(
        (list.first_move_elo - 30.0).abs() < 25.0,
        "{}",
        list.first_move_elo
    );
}

#[test]
fn plots_hold_their_series() {
    let dir = std::env::temp_dir().join(format!("bench-plots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("accuracy.svg");
    let series = vec![
        Series {
            name: "alpha-engine".into(),
            points: vec![
                (10.0, 0.2, 0.1, 0.3),
                (100.0, 0.5, 0.4, 0.6),
                (1000.0, 0.9, 0.8, 0.95),
            ],
        },
        Series {
            name: "beta-engine".into(),
            points: vec![(10.0, 0.3, 0.2, 0.4), (1000.0, 0.6, 0.5, 0.7)],
        },
    ];
    budget_plot(&path, "accuracy", "share", &series).unwrap();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.len() > 1000 && svg.contains("alpha-engine") && svg.contains("beta-engine"));
    // One line per series and one for each legend entry, at least.
    assert!(svg.matches("<polyline").count() >= 2, "{svg}");
    assert!(budget_plot(&dir.join("none.svg"), "x", "y", &[]).is_err());

    let path = dir.join("match.svg");
    let elo: Vec<(f64, f64, f64, f64)> = (1..=50)
        .map(|n| (n as f64, 30.0, -100.0 + n as f64, 160.0 - n as f64))
        .collect();
    let llr: Vec<(f64, f64)> = (1..=50).map(|n| (n as f64, n as f64 * 0.05)).collect();
    match_plot(&path, "a against b", &elo, Some((&llr, -2.94, 2.94))).unwrap();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("LLR") && svg.contains("Elo") && svg.contains("a against b"));
    std::fs::remove_dir_all(&dir).unwrap();
}
