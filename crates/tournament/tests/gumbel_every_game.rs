//! The `gumbel` family plays complete, legal games of every registered
//! game through a tournament (the referee checks every ply).

use std::path::PathBuf;
use std::time::Duration;

use stats::records::parse_games_jsonl;
use tournament::{Format, TournamentSettings};

#[test]
fn gumbel_plays_legal_games_of_every_game() {
    for name in abstracta::registry::game_names() {
        let out: PathBuf =
            std::env::temp_dir().join(format!("abstracta-gumbel-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let settings = TournamentSettings {
            registry: abstracta::Registry::standard(),
            spec: name.to_string(),
            players: vec![
                ("gumbel".into(), "gumbel:iters=8,k=4".into()),
                ("puct".into(), "puct:iters=8".into()),
            ],
            games: 2,
            concurrency: Some(1),
            seed: 3,
            opening_plies: 0,
            opening_file: None,
            format: Format::RoundRobin,
            sprt: None,
            out: Some(out.clone()),
            shard: None,
            timeout: Duration::from_secs(60),
            tc: None,
            player_tc: Vec::new(),
            time_margin: Duration::ZERO,
            resign: None,
        };
        let summary = tournament::run(&settings).unwrap();
        assert_eq!(summary.games_played, 2, "{name}");
        let text = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
        let games = parse_games_jsonl(&text).unwrap();
        assert_eq!(games.len(), 2, "{name}");
        for game in &games {
            assert!(!game.reason.starts_with("forfeit"), "{name}: {}", game.reason);
            assert!(!game.plies.is_empty(), "{name}");
        }
        std::fs::remove_dir_all(&out).unwrap();
    }
}
