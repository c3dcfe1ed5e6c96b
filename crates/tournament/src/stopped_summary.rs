//! The summary of a recording stopped from outside: what the `arena`
//! binary writes when a signal sets the run's
//! [`StopHandle`](crate::StopHandle).

use std::path::Path;

use stats::Sprt;

use crate::error::TournamentError;
use crate::journal::{check_records, load_games, read_config, to_json, write_atomically};
use crate::schedule::pairings_of;
use crate::{summarize, Format, Shard};

/// Syncs `dir/games.jsonl` and writes `dir/summary.json` from it; returns
/// the number of games recorded.
pub fn write_stopped_summary(dir: &Path, sprt: Option<Sprt>) -> Result<u64, TournamentError> {
    let path = dir.join("games.jsonl");
    if let Ok(file) = std::fs::OpenOptions::new().append(true).open(&path) {
        file.sync_all()
            .map_err(|e| TournamentError::io(format!("syncing {}", path.display()), e))?;
    }
    let Some(config) = read_config(dir)? else {
        return Ok(0);
    };
    let format: Format = config.format.parse().unwrap_or(Format::RoundRobin);
    let pairings = pairings_of(config.players.len(), format);
    let shard = match &config.shard {
        Some(s) => s.parse::<Shard>().ok().map(|s| (s.number, s.count)),
        None => None,
    };
    let records = check_records(&path, &config, &pairings, shard, load_games(&path, false)?)?;
    let summary = summarize(&config, &records, sprt);
    write_atomically(&dir.join("summary.json"), &to_json(&summary))?;
    Ok(summary.games_played)
}
