//! The `gumbel` family plays complete, legal games of every registered
//! game through a tournament (the referee checks every ply).

use std::path::PathBuf;

use stats::records::parse_games_jsonl;
use tournament::TournamentSettings;

#[test]
fn gumbel_plays_legal_games_of_every_game() {
    for name in abstracta::registry::game_names() {
        let out: PathBuf =
            std::env::temp_dir().join(format!("abstracta-gumbel-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let settings = TournamentSettings {
            seed: 3,
            out: Some(out.clone()),
            ..TournamentSettings::new(
                abstracta::Registry::standard(),
                name,
                vec![
                    ("gumbel".into(), "gumbel:iters=8,k=4".into()),
                    ("puct".into(), "puct:iters=8".into()),
                ],
            )
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
