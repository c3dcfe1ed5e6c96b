//! Stopping a running tournament from outside ([`StopHandle`]), and the
//! summary of a recording stopped that way ([`write_stopped_summary`]).
//!
//! The `arena` binary sets a handle on SIGINT, SIGTERM or SIGHUP: no more
//! game is recorded, `games.jsonl` is synced, `summary.json` is written for
//! the games recorded, and games still being played are replayed on resume.

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use stats::Sprt;

use crate::error::TournamentError;
use crate::journal::{check_records, load_games, read_config, to_json, write_atomically};
use crate::schedule::pairings_of;
use crate::{summarize, Format, Shard};

/// A stop flag shared by a caller and the tournaments it runs with it
/// (see [`run_with`](crate::run_with)); clones share the flag.
///
/// Once set, no game is handed out or recorded any more: the games being
/// played finish unrecorded and the run returns the summary of the games
/// recorded.
#[derive(Clone, Debug, Default)]
pub struct StopHandle {
    /// Held while a game is appended to the journal; `true` once stopped.
    gate: Arc<Mutex<bool>>,
}

impl StopHandle {
    /// A handle not yet set.
    pub fn new() -> StopHandle {
        StopHandle::default()
    }

    /// Sets the flag. When it returns no game is being appended to a
    /// journal, and none will be.
    pub fn stop(&self) {
        *self.gate() = true;
    }

    /// Whether the flag is set.
    pub fn is_stopped(&self) -> bool {
        *self.gate()
    }

    /// The gate: held while a game is appended.
    pub(crate) fn gate(&self) -> MutexGuard<'_, bool> {
        self.gate.lock().unwrap_or_else(|p| p.into_inner())
    }
}

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
