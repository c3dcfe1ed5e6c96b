//! The `hybrid` family on the real games: complete legal games of every
//! game through a tournament, the switch where the game's phase says, and
//! the same plies from the same seed.

use std::path::PathBuf;
use std::time::Duration;

use abstracta::epaminondas::Epaminondas;
use abstracta::families;
use abstracta::hybrid::{HybridSearch, Phase};
use abstracta::registry::{main_game_names, RegisteredGame};
use abstracta::search::Search;
use abstracta::whirlwind::{Whirlwind, WhirlwindKnowledge};
use abstracta::{Game, Knowledge, Position};
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

#[test]
fn plays_complete_legal_games_of_every_game_in_a_tournament() {
    // A low switch, so that both searches play in each game.
    plays_every_game_against_random("switch", "hybrid:iters=60,nodes=600,switch=0.1", 3);
}

#[test]
fn alpha_beta_plays_from_the_switch_on() {
    let knowledge = WhirlwindKnowledge;
    let mut search = HybridSearch::<Whirlwind, WhirlwindKnowledge>::new(
        "hybrid:iters=50,nodes=500,switch=0.3".parse().unwrap(),
    );
    let mut game = start::<Whirlwind>("whirlwind:size=6");
    let mut rng = abstracta::seeded_rng(4);
    let mut seen = [false, false];
    while game.status().is_ongoing() {
        let phase = knowledge.game_phase(&game).unwrap();
        let result = search.search(&game, &[]);
        let expected = if phase >= 0.3 {
            Phase::AlphaBeta
        } else {
            Phase::Mcts
        };
        assert_eq!(search.last_phase(), Some(expected), "phase {phase}");
        seen[usize::from(expected == Phase::AlphaBeta)] = true;
        assert!(game.is_legal(result.best.unwrap()));
        game.play(game.random_ply(&mut rng).unwrap()).unwrap();
    }
    assert_eq!(seen, [true, true], "both searches played");
    // A game without a phase (the default knowledge) stays with MCTS.
    let mut plain = HybridSearch::<Whirlwind, abstracta::knowledge::NoKnowledge>::new(
        "hybrid:iters=20,switch=0".parse().unwrap(),
    );
    plain.search(&start::<Whirlwind>("whirlwind:size=6"), &[]);
    assert_eq!(plain.last_phase(), Some(Phase::Mcts));
}

#[test]
fn epaminondas_switches_when_pieces_are_taken() {
    let mut search =
        families::build::<Epaminondas>(&"hybrid:iters=30,nodes=300,switch=0.2".parse().unwrap(), 0).unwrap();
    assert_eq!(search.family(), "hybrid");
    let game = start::<Epaminondas>("epaminondas");
    assert_eq!(
        <Epaminondas as RegisteredGame>::Knowledge::default().game_phase(&game),
        Some(0.0)
    );
    assert!(game.is_legal(search.search(&game, &[]).best.unwrap()));
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let spec = "hybrid:iters=80,nodes=800,switch=0.4,seed=9".parse().unwrap();
    let play = || {
        let mut search = families::build::<Whirlwind>(&spec, 2).unwrap();
        let mut game = start::<Whirlwind>("whirlwind:size=6");
        let mut history = Vec::new();
        while game.status().is_ongoing() {
            let ply = search.search(&game, &history).best.unwrap();
            game.play(ply).unwrap();
            history.push(ply);
        }
        history
    };
    assert_eq!(play(), play());
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
fn the_stop_handle_reaches_the_search_that_runs() {
    stopped_search::<Whirlwind>("hybrid:time=60s", "whirlwind:size=6");
}

#[test]
fn minimax_mode_plays_complete_legal_games_of_every_game_in_a_tournament() {
    plays_every_game_against_random("minimax", "hybrid:mode=minimax,iters=40,qs=2", 5);
}

#[test]
fn minimax_mode_is_deterministic_and_answers_every_position() {
    let spec = "hybrid:mode=minimax,iters=150,qs=4".parse().unwrap();
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
    let mut search = HybridSearch::<Epaminondas, <Epaminondas as RegisteredGame>::Knowledge>::new(
        "hybrid:mode=minimax,iters=10".parse().unwrap(),
    );
    search.search(&start::<Epaminondas>("epaminondas"), &[]);
    assert_eq!(search.last_phase(), Some(Phase::Minimax));
}

#[test]
fn the_stop_handle_ends_a_minimax_search() {
    let result = stopped_search::<Epaminondas>("hybrid:mode=minimax,time=60s", "epaminondas");
    assert!(result.iterations > 0);
}
