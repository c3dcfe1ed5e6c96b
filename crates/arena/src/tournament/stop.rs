//! A clean stop of a recording tournament on SIGINT (Ctrl-C), SIGTERM
//! (what batch schedulers send at the time limit) or SIGHUP: no more game
//! is recorded, `games.jsonl` is synced to disk, `summary.json` is written
//! for the games recorded, and the process exits with 128 + the signal.
//! Games still being played are lost and replayed on resume; external
//! engines end through their watchdog. A second signal exits at once.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use super::journal::{check_records, load_games, read_config, to_json, write_atomically, JOURNAL_GATE};
use super::schedule::pairings_of;
use super::{summarize, Format, Shard};
use crate::error::ArenaError;
use crate::stats::Sprt;

/// From now on, a signal stops the process cleanly as described above,
/// for the tournament recording into `dir`. For the `arena` binary: it
/// ends the process.
pub fn stop_cleanly_on_signals(dir: PathBuf, sprt: Option<Sprt>) -> Result<(), ArenaError> {
    let stopping = Arc::new(AtomicBool::new(false));
    let signals = [SIGINT, SIGTERM, SIGHUP];
    for sig in signals {
        signal_hook::flag::register_conditional_shutdown(sig, 128 + sig, Arc::clone(&stopping))
            .map_err(|e| ArenaError::io("installing the signal handlers", e))?;
    }
    let mut incoming =
        Signals::new(signals).map_err(|e| ArenaError::io("installing the signal handlers", e))?;
    std::thread::spawn(move || {
        if let Some(sig) = incoming.forever().next() {
            stopping.store(true, Ordering::SeqCst);
            // Holding the gate, no game is being appended, and none will be.
            let mut gate = JOURNAL_GATE.lock().unwrap_or_else(|p| p.into_inner());
            *gate = true;
            crate::stderr!("arena: stopping on signal {sig}");
            match write_stopped_summary(&dir, sprt) {
                Ok(n) => crate::stderr!(
                    "arena: {n} games are recorded in {}; rerun the same command to resume",
                    dir.display()
                ),
                Err(e) => crate::stderr!("arena: {e}"),
            }
            std::process::exit(128 + sig);
        }
    });
    Ok(())
}

/// Syncs `dir/games.jsonl` and writes `dir/summary.json` from it; returns
/// the number of games recorded.
fn write_stopped_summary(dir: &Path, sprt: Option<Sprt>) -> Result<u64, ArenaError> {
    let path = dir.join("games.jsonl");
    if let Ok(file) = std::fs::OpenOptions::new().append(true).open(&path) {
        file.sync_all()
            .map_err(|e| ArenaError::io(format!("syncing {}", path.display()), e))?;
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
