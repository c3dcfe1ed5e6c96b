//! A small tournament configured and run from Rust, with no command line:
//! MCTS against a random player at tic-tac-toe, recorded into a
//! directory, its records read back and a rating list fitted.
//!
//! Run with `cargo run -p abstracta-tournament --example tournament`.

use std::time::Duration;

use stats::records::{parse_config_json, parse_games_jsonl};
use stats::{format_ratings, rate_records, FitOptions};
use tournament::{format_table, Format, TournamentSettings};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::temp_dir().join(format!("abstracta-tournament-example-{}", std::process::id()));
    let settings = TournamentSettings {
        registry: abstracta::Registry::standard(),
        spec: "tictactoe".into(),
        players: vec![
            ("mcts".into(), "mcts:iters=200".into()),
            ("random".into(), "random".into()),
        ],
        games: 8,
        concurrency: Some(2),
        seed: 7,
        opening_plies: 0,
        opening_file: None,
        format: Format::RoundRobin,
        sprt: None,
        out: Some(out.clone()),
        shard: None,
        timeout: Duration::from_secs(30),
        tc: None,
        player_tc: Vec::new(),
        time_margin: Duration::ZERO,
        resign: None,
    };
    let summary = tournament::run(&settings)?;
    print!("{}", format_table(&summary));

    let config = parse_config_json(&std::fs::read_to_string(out.join("tournament.json"))?)?;
    let games = parse_games_jsonl(&std::fs::read_to_string(out.join("games.jsonl"))?)?;
    let ratings = rate_records(&config, &games, &FitOptions::default())?;
    print!("{}", format_ratings(&ratings));
    std::fs::remove_dir_all(&out)?;
    Ok(())
}
