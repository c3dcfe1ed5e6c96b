//! The `hybrid` family on the real games: complete legal games of every
//! game through a tournament, the same plies from the same position and
//! budget, finished games, the stop handle and the removed mode.

use std::path::PathBuf;
use std::time::Duration;

use abstracta::epaminondas::Epaminondas;
use abstracta::families;
use abstracta::hybrid::HybridSearch;
use abstracta::registry::{main_game_names, RegisteredGame};
use abstracta::search::Search;
use abstracta::whirlwind::{Whirlwind, WhirlwindKnowledge};
use abstracta::{Game, Position};
use tournament::TournamentSettings;

fn start<G: RegisteredGame>(spec: &str) -> G {
    let game = abstracta::open(spec).unwrap();
    game.as_any()
        .downcast_ref::<Position<G>>()
        .unwrap()
        .game()
        .clone()
}

/// Plays `engine` against random, two games of every game through a
/// tournament, and checks that each game ended by the rules or the length
/// cap (never by an illegal ply, a crash or a timeout).
fn plays_every_game_against_random(tag: &str, engine: &str, seed: u64) {
    for name in main_game_names() {
        let out: PathBuf =
            std::env::temp_dir().join(format!("abstracta-hybrid-{tag}-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let settings = TournamentSettings {
            seed,
            out: Some(out.clone()),
            ..TournamentSettings::new(
                abstracta::Registry::standard(),
                name,
                vec![(tag.into(), engine.into()), ("random".into(), "random".into())],
            )
        };
        let summary = tournament::run(&settings).unwrap();
        assert_eq!(summary.games_played, 2, "{name}");
        let text = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
        let reasons: Vec<String> = text
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["reason"].to_string())
            .collect();
        assert_eq!(reasons.len(), 2, "{name}");
        for reason in &reasons {
            assert!(
                reason == "\"rules\"" || reason == "\"length cap\"",
                "{name}: a game ended by {reason}"
            );
        }
        let _ = std::fs::remove_dir_all(&out);
    }
}

/// Searches the start of `game_spec` with `engine` (a 60 s budget) while
/// another thread asks it to stop: the search must answer a legal ply
/// well before its budget.
fn stopped_search<G: RegisteredGame>(
    engine: &str,
    game_spec: &str,
) -> abstracta::search::SearchResult<G::Ply> {
    let mut search = families::build::<G>(&engine.parse().unwrap(), 0).unwrap();
    let handle = search.stop_handle();
    let stopper = std::thread::spawn(move || {
        for _ in 0..2000 {
            std::thread::sleep(Duration::from_millis(5));
            handle.stop();
        }
    });
    let started = std::time::Instant::now();
    let game = start::<G>(game_spec);
    let result = search.search(&game, &[]);
    assert!(game.is_legal(result.best.unwrap()));
    assert!(started.elapsed() < Duration::from_secs(30));
    stopper.join().unwrap();
    result
}

#[test]
fn plays_complete_legal_games_of_every_game_in_a_tournament() {
    plays_every_game_against_random("hybrid", "hybrid:iters=40,qs=2", 5);
}

#[test]
fn is_deterministic_and_answers_every_position() {
    let spec = "hybrid:iters=150,qs=4".parse().unwrap();
    let play = || {
        let mut search = families::build::<Epaminondas>(&spec, 0).unwrap();
        let mut game = start::<Epaminondas>("epaminondas");
        let mut history = Vec::new();
        while game.status().is_ongoing() && history.len() < 400 {
            let result = search.search(&game, &history);
            let ply = result.best.unwrap();
            assert!(result.iterations <= 150);
            game.play(ply).unwrap();
            history.push(ply);
        }
        history
    };
    let first = play();
    assert!(!first.is_empty());
    assert_eq!(first, play());
}

#[test]
fn answers_a_finished_game_without_a_ply() {
    let mut search = HybridSearch::<Whirlwind, WhirlwindKnowledge>::new("hybrid:iters=10".parse().unwrap());
    let mut game = start::<Whirlwind>("whirlwind:size=6");
    let mut rng = abstracta::seeded_rng(4);
    while game.status().is_ongoing() {
        game.play(game.random_ply(&mut rng).unwrap()).unwrap();
    }
    let result = search.search(&game, &[]);
    assert_eq!(result.best, None);
    let reward = game.status().reward(game.to_move_seat()).unwrap();
    assert_eq!(result.win_rate, Some(reward));
}

#[test]
fn the_removed_switch_mode_is_refused_with_a_reason() {
    for spec in ["hybrid:mode=switch", "hybrid:switch=0.2,time=1s"] {
        let refused = spec.parse::<families::EngineSpec>().unwrap_err();
        assert!(refused.to_string().contains("removed"), "{spec}: {refused}");
    }
}

#[test]
fn the_stop_handle_ends_a_search() {
    let result = stopped_search::<Epaminondas>("hybrid:time=60s", "epaminondas");
    assert!(result.iterations > 0);
}
