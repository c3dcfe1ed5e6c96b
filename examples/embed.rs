//! Embedding abstracta: a game opened by spec at run time, the MCTS player
//! against the uniform random player to the end, one ply taken back, and
//! the game written as JSON and read back.
//!
//! `cargo run --release --example embed [SPEC] [ITERATIONS]`, e.g.
//! `escabel:size=9 2000`.
//!
//! The JSON form needs the `serde` feature: in a project of your own,
//! `abstracta = { version = "0.1", features = ["serde"] }` and `serde_json`.
//! (Here the dev-dependencies turn it on.)

use std::error::Error;

use abstracta::player::EngineSpec;
use abstracta::{open, open_record, AnyGame, GameRecord, Status};

/// Plays `spec` with MCTS (`iterations` per ply, first seat) against the
/// random player (second seat), takes back the last ply, and checks that
/// the record survives JSON. Returns the final status (before the undo),
/// the record after the undo and its JSON.
pub fn run(spec: &str, iterations: u64, seed: u64) -> Result<(Status, GameRecord, String), Box<dyn Error>> {
    let mut game: Box<dyn AnyGame> = open(spec)?;
    let mcts: EngineSpec = format!("mcts:iters={iterations}").parse()?;
    let mut players = [
        game.searcher(&mcts, seed)?,
        game.searcher(&EngineSpec::Random, seed)?,
    ];
    while let Some((seat, _colour)) = game.to_move() {
        let choice = players[seat.index()].genmove(&*game)?;
        game.play(&choice.ply)?;
    }
    let status = game.status();

    let last = game.undo().ok_or("no ply to take back")?;
    assert!(game.status().is_ongoing() && game.is_legal(&last));

    let record = game.record();
    let json = serde_json::to_string_pretty(&record)?;
    let back: GameRecord = serde_json::from_str(&json)?;
    let reopened = open_record(&back)?;
    assert_eq!(back, record);
    assert_eq!(reopened.hash(), game.hash());
    assert_eq!(reopened.history(), game.history());
    Ok((status, record, json))
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let spec = args.next().unwrap_or_else(|| "escabel:size=7".to_owned());
    let iterations = args.next().map_or(Ok(300), |a| a.parse())?;
    let (status, record, json) = run(&spec, iterations, 1)?;
    println!("{}: {status} after {} plies", record.spec, record.plies.len() + 1);
    println!("after taking back the last ply:\n{}", open_record(&record)?);
    println!("{json}");
    Ok(())
}
