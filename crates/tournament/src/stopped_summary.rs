//! The summary of a recording stopped from outside: what the `arena`
//! binary writes when a signal sets the run's
//! [`StopHandle`](crate::StopHandle).

use std::path::Path;

use stats::Sprt;

use crate::error::TournamentError;
use crate::files::write_atomically;
use crate::journal::{check_records, load_games, read_config, to_json};
use crate::schedule::pairings_of;
use crate::{summarize, Format, Shard};

/// Syncs `dir/games.jsonl` and writes `dir/summary.json` from it; returns
/// the number of games recorded, or `None` when the run had not set up
/// `dir` yet (no folder or no `tournament.json`: nothing was recorded and
/// nothing is written).
pub fn write_stopped_summary(dir: &Path, sprt: Option<Sprt>) -> Result<Option<u64>, TournamentError> {
    let Some(config) = read_config(dir)? else {
        return Ok(None);
    };
    let path = dir.join("games.jsonl");
    if let Ok(file) = std::fs::File::open(&path) {
        file.sync_all()
            .map_err(|e| TournamentError::io(format!("syncing {}", path.display()), e))?;
    }
    let format: Format = config.format.parse().unwrap_or(Format::RoundRobin);
    let pairings = pairings_of(config.players.len(), format);
    let shard = match &config.shard {
        Some(s) => s.parse::<Shard>().ok().map(|s| (s.number, s.count)),
        None => None,
    };
    let records = check_records(&path, &config, &pairings, shard, load_games(&path, false)?)?;
    let summary = summarize(&config, &records, sprt);
    write_atomically(&dir.join("summary.json"), &to_json(&summary))?;
    Ok(Some(summary.games_played))
}

/// What a stop says about `dir` once [`write_stopped_summary`] returned
/// `recorded`.
pub fn stopped_message(dir: &Path, recorded: Option<u64>) -> String {
    match recorded {
        Some(n) => format!(
            "{n} games are recorded in {}; rerun the same command to resume",
            dir.display()
        ),
        None if !dir.exists() => format!("nothing was recorded: {} was not created yet", dir.display()),
        None => format!(
            "nothing was recorded: the run had not started recording into {}",
            dir.display()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_before_the_folder_exists_says_nothing_was_recorded() {
        let dir = std::env::temp_dir().join(format!("stopped-summary-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let recorded = write_stopped_summary(&dir, None).unwrap();
        assert_eq!(recorded, None);
        assert!(!dir.exists(), "a stop makes no folder");
        let message = stopped_message(&dir, recorded);
        assert!(
            message.contains("nothing was recorded") && message.contains("not created"),
            "{message}"
        );
        std::fs::create_dir_all(&dir).unwrap();
        let recorded = write_stopped_summary(&dir, None).unwrap();
        assert_eq!(recorded, None);
        assert!(!dir.join("summary.json").exists());
        assert!(stopped_message(&dir, recorded).contains("nothing was recorded"));
        assert!(stopped_message(&dir, Some(3)).starts_with("3 games are recorded"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
