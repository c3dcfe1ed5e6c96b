//! The tournament directory: `tournament.json` checked or written,
//! `games.jsonl` read back (cutting off a line a killed run left unfinished)
//! and appended to, files replaced atomically.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::Path;

use crate::error::ArenaError;
use crate::records::{parse_config_json, parse_games_jsonl, GameRecord, TournamentConfig};

/// Reads an existing `games.jsonl`, dropping (and cutting off) a last line
/// left unfinished by a killed run.
pub(super) fn load_games(path: &Path) -> Result<Vec<GameRecord>, ArenaError> {
    let text = match fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(ArenaError::io(format!("reading {}", path.display()), e)),
    };
    let complete = match text.rfind('\n') {
        Some(i) => &text[..=i],
        None => "",
    };
    if complete.len() != text.len() {
        eprintln!(
            "warning: {}: dropping an unfinished last line left by an interrupted run",
            path.display()
        );
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| ArenaError::io(format!("opening {}", path.display()), e))?;
        file.set_len(complete.len() as u64)
            .map_err(|e| ArenaError::io(format!("truncating {}", path.display()), e))?;
    }
    Ok(parse_games_jsonl(complete).map_err(|mut e| {
        e.file = path.display().to_string();
        e
    })?)
}

/// Writes `text` to `path` through a temporary file, so that readers never
/// see half a file.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), ArenaError> {
    let tmp = path.with_extension("json.tmp");
    fs::write(&tmp, text).map_err(|e| ArenaError::io(format!("writing {}", tmp.display()), e))?;
    fs::rename(&tmp, path).map_err(|e| ArenaError::io(format!("writing {}", path.display()), e))
}

pub(super) fn to_json<T: serde::Serialize>(value: &T) -> String {
    // Serialising plain data with string keys cannot fail.
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}

/// Prepares `dir`: checks or writes `tournament.json`, returns the games
/// already recorded.
pub(super) fn open_dir(dir: &Path, config: &TournamentConfig) -> Result<Vec<GameRecord>, ArenaError> {
    fs::create_dir_all(dir).map_err(|e| ArenaError::io(format!("creating {}", dir.display()), e))?;
    let config_path = dir.join("tournament.json");
    if let Ok(text) = fs::read_to_string(&config_path) {
        let old = parse_config_json(&text)?;
        if !old.same_tournament(config) || old.shard != config.shard {
            return Err(ArenaError::usage(format!(
                "{} holds a different tournament ({} with {}); use another --out directory or the same settings",
                dir.display(),
                old.spec,
                old.players
                    .iter()
                    .map(|p| format!("{}={}", p.name, p.engine))
                    .collect::<Vec<_>>()
                    .join(" ")
            )));
        }
    }
    write_atomically(&config_path, &to_json(config))?;
    let games = load_games(&dir.join("games.jsonl"))?;
    for g in &games {
        if g.spec != config.spec {
            return Err(ArenaError::usage(format!(
                "{}: game {} is of {}, not {}",
                dir.join("games.jsonl").display(),
                g.index,
                g.spec,
                config.spec
            )));
        }
    }
    Ok(games)
}

/// `games.jsonl` opened for appending, one finished game per line.
#[derive(Debug)]
pub(super) struct Journal {
    file: File,
}

impl Journal {
    /// Opens (or creates) `dir/games.jsonl` for appending.
    pub(super) fn open(dir: &Path) -> Result<Journal, ArenaError> {
        let path = dir.join("games.jsonl");
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| ArenaError::io(format!("opening {}", path.display()), e))?;
        Ok(Journal { file })
    }

    /// Appends one record as a line and flushes it.
    pub(super) fn append(&mut self, record: &GameRecord) -> Result<(), ArenaError> {
        let line = serde_json::to_string(record).unwrap_or_default() + "\n";
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.flush())
            .map_err(|e| ArenaError::io("appending to games.jsonl", e))
    }
}
