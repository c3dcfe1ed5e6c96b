use super::*;
use crate::rating_list::format_ratings;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("p{i}")).collect()
}

/// Colour-swapped pairs of games between every two players of `truth`
/// (their Elo), the first seat `adv` Elo stronger, draws taking
/// `draw` of the probability where the expected score allows.
fn simulate(truth: &[f64], adv: f64, draw: f64, pairs: u64, seed: u64) -> Vec<RatedGame> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut games = Vec::new();
    let mut cluster = 0;
    for i in 0..truth.len() {
        for j in i + 1..truth.len() {
            for _ in 0..pairs {
                for (f, s) in [(i, j), (j, i)] {
                    let e = 1.0 / (1.0 + 10f64.powf(-(truth[f] - truth[s] + adv) / 400.0));
                    let d = draw.min(2.0 * e.min(1.0 - e));
                    let u: f64 = rng.gen();
                    let score = if u < e - d / 2.0 {
                        1.0
                    } else if u < e + d / 2.0 {
                        0.5
                    } else {
                        0.0
                    };
                    games.push(RatedGame {
                        first: f,
                        second: s,
                        score,
                        cluster,
                    });
                }
                cluster += 1;
            }
        }
    }
    games
}

fn pure() -> FitOptions {
    FitOptions {
        anchor: None,
        prior: 0.0,
    }
}

fn rating<'a>(list: &'a RatingList, name: &str) -> &'a PlayerRating {
    list.players.iter().find(|p| p.name == name).unwrap()
}

#[test]
fn recovers_known_strengths() {
    let truth = [-200.0, -60.0, 0.0, 90.0, 170.0];
    let games = simulate(&truth, 35.0, 0.3, 300, 7);
    let list = fit(&names(5), &games, &pure()).unwrap();
    assert_eq!(list.games, 6000);
    let order: Vec<&str> = list.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(order, ["p4", "p3", "p2", "p1", "p0"]);
    for (i, t) in truth.iter().enumerate() {
        let p = rating(&list, &format!("p{i}"));
        let half = (p.elo_high - p.elo_low) / 2.0;
        assert!(half > 5.0 && half < 30.0, "{p:?}");
        assert!((p.elo - t).abs() < 2.5 * half, "{p:?} vs {t}");
        assert_eq!(p.games, 2400);
    }
    let mean: f64 = list.players.iter().map(|p| p.elo).sum::<f64>() / 5.0;
    assert!(mean.abs() < 1e-6);
    // The advantage's estimating equation is unbiased even though
    // draws are not modelled: 43 +- 8 here.
    let half = (list.first_move_high - list.first_move_low) / 2.0;
    assert!((list.first_move_elo - 35.0).abs() < 2.5 * half, "{list:?}");
}

#[test]
fn intervals_cover_the_truth() {
    // 40 seeded tournaments of three players: about 95% of the 120
    // intervals should hold the true rating (relative to the mean).
    let truth = [-50.0, 0.0, 50.0];
    let mut covered = 0;
    for seed in 0..40 {
        let list = fit(&names(3), &simulate(&truth, 20.0, 0.4, 100, seed), &pure()).unwrap();
        for (i, t) in truth.iter().enumerate() {
            let p = rating(&list, &format!("p{i}"));
            if p.elo_low <= *t && *t <= p.elo_high {
                covered += 1;
            }
        }
    }
    assert!((108..=120).contains(&covered), "{covered} of 120");
}

#[test]
fn two_players_agree_with_their_pairing() {
    // Two players: the rating gap is the pairing's Elo (the first-move
    // term absorbs the seats), and with b anchored a's interval is
    // about the pentanomial one of the same games.
    let games = simulate(&[0.0, 60.0], 30.0, 0.3, 400, 3);
    let anchored = FitOptions {
        anchor: Some(("p0".into(), 0.0)),
        prior: 0.0,
    };
    let list = fit(&names(2), &games, &anchored).unwrap();
    let mut pairs = crate::elo::Pentanomial::default();
    let outcome = |points: f64| {
        if points == 1.0 {
            crate::elo::Outcome::Win
        } else if points == 0.5 {
            crate::elo::Outcome::Draw
        } else {
            crate::elo::Outcome::Loss
        }
    };
    for pair in games.chunks(2) {
        // p1's points: second seat in the first game, first in the other.
        pairs.add(outcome(1.0 - pair[0].score), outcome(pair[1].score));
    }
    let e = pairs.elo().unwrap();
    let p1 = rating(&list, "p1");
    assert!((p1.elo - e.elo).abs() < 1.0, "{p1:?} vs {e:?}");
    let (fit_half, pair_half) = ((p1.elo_high - p1.elo_low) / 2.0, (e.high - e.low) / 2.0);
    assert!(
        (fit_half / pair_half - 1.0).abs() < 0.1,
        "{fit_half} vs {pair_half}"
    );
    let p0 = rating(&list, "p0");
    assert_eq!((p0.elo, p0.elo_low, p0.elo_high), (0.0, 0.0, 0.0));
    assert_eq!(list.anchor.as_deref(), Some("p0"));
    assert!(format_ratings(&list).contains("anchor"));
}

#[test]
fn anchors_shift_the_list() {
    let games = simulate(&[0.0, 100.0, 200.0], 0.0, 0.2, 50, 11);
    let mean = fit(&names(3), &games, &FitOptions::default()).unwrap();
    let anchored = FitOptions {
        anchor: Some(("p1".into(), 1500.0)),
        ..FitOptions::default()
    };
    let list = fit(&names(3), &games, &anchored).unwrap();
    let shift = 1500.0 - rating(&mean, "p1").elo;
    for p in &mean.players {
        assert!((rating(&list, &p.name).elo - p.elo - shift).abs() < 1e-6);
    }
    assert_eq!(rating(&list, "p1").elo, 1500.0);
    assert!(format_ratings(&list).contains("p1 = +1500.0"));
}

#[test]
fn perfect_scores_need_the_prior() {
    // p0 wins every game.
    let games: Vec<RatedGame> = (0..6)
        .map(|i| RatedGame {
            first: if i % 2 == 0 { 0 } else { 1 + (i / 2) % 2 },
            second: if i % 2 == 0 { 1 + (i / 2) % 2 } else { 0 },
            score: if i % 2 == 0 { 1.0 } else { 0.0 },
            cluster: i as u64 / 2,
        })
        .chain([
            RatedGame {
                first: 1,
                second: 2,
                score: 1.0,
                cluster: 10,
            },
            RatedGame {
                first: 2,
                second: 1,
                score: 1.0,
                cluster: 10,
            },
        ])
        .collect();
    let err = fit(&names(3), &games, &pure()).unwrap_err();
    assert_eq!(err, RatingError::Unbounded("p0".into()));
    assert!(err.to_string().contains("prior"), "{err}");
    let list = fit(&names(3), &games, &FitOptions::default()).unwrap();
    assert_eq!(list.players[0].name, "p0");
    assert!(list
        .players
        .iter()
        .all(|p| p.elo.is_finite() && p.elo_low <= p.elo && p.elo <= p.elo_high));
}

#[test]
fn bad_input_is_an_error() {
    let games = simulate(&[0.0, 0.0], 0.0, 0.5, 5, 1);
    let unknown = FitOptions {
        anchor: Some(("nobody".into(), 0.0)),
        prior: 1.0,
    };
    let err = fit(&names(2), &games, &unknown).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown anchor \"nobody\": expected one of p0, p1"
    );
    assert_eq!(
        fit(&names(2), &[], &FitOptions::default()),
        Err(RatingError::NoGames)
    );
    let negative = FitOptions {
        prior: -1.0,
        ..FitOptions::default()
    };
    assert_eq!(
        fit(&names(2), &games, &negative),
        Err(RatingError::BadPrior(-1.0))
    );
    // p0-p1 and p2-p3 never meet.
    let mut apart = games.clone();
    apart.extend(games.iter().map(|g| RatedGame {
        first: g.first + 2,
        second: g.second + 2,
        cluster: g.cluster + 100,
        ..*g
    }));
    let err = fit(&names(4), &apart, &FitOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string().split(':').nth(1).unwrap().trim(),
        "{p0, p1} and {p2, p3} never met each other (rate them separately or add games between them)"
    );
    // Every game with the same player first: the advantage and the
    // ratings cannot be told apart without the prior.
    let one_way: Vec<RatedGame> = (0..6)
        .map(|i| RatedGame {
            first: 0,
            second: 1,
            score: [1.0, 0.0, 0.5][i % 3],
            cluster: i as u64,
        })
        .collect();
    assert_eq!(fit(&names(2), &one_way, &pure()), Err(RatingError::Undetermined));
    assert!(fit(&names(2), &one_way, &FitOptions::default()).is_ok());
    // Games that do not fit the names are refused, not a panic.
    let stray = RatedGame { first: 5, ..games[0] };
    assert_eq!(
        fit(&names(2), &[stray], &FitOptions::default()),
        Err(RatingError::BadGame { index: 0, players: 2 })
    );
    let nan = RatedGame {
        score: f64::NAN,
        ..games[0]
    };
    assert!(matches!(
        fit(&names(2), &[nan], &FitOptions::default()),
        Err(RatingError::BadGame { .. })
    ));
    // Players without games are left out.
    let list = fit(&names(3), &games, &FitOptions::default()).unwrap();
    assert_eq!(list.players.len(), 2);
}
