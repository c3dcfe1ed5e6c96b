//! The tournament folders under `--runs`, read-only: their settings,
//! their games and a table computed from the games recorded so far, so a
//! tournament still writing shows its progress.
//!
//! Only folders directly under the root whose names are plain (letters,
//! digits, `.`, `_`, `-`, not starting with `.`) are served, and every
//! file is opened through its canonical path, which must lie under the
//! root's: a symbolic link that leads elsewhere is refused.

use std::collections::HashMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

use stats::records::{parse_config_json, parse_summary_json, GameRecord, TournamentConfig};
use tournament::summarize;

use crate::api_error::ApiError;

/// The largest record file read (games.jsonl of a long match fits many
/// times over; a larger one is refused rather than read into memory).
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// The folders of tournaments, under one root.
#[derive(Debug)]
pub struct Runs {
    root: Option<PathBuf>,
    cache: Mutex<HashMap<PathBuf, CachedGames>>,
}

/// A parsed games.jsonl with the size and time it had.
#[derive(Debug)]
struct CachedGames {
    stamp: (u64, Option<SystemTime>),
    games: Arc<Vec<GameRecord>>,
    torn: bool,
}

/// Whether `name` may name a run folder: no separators, no `..`, nothing
/// hidden.
pub fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 200
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// One folder's files, as far as they could be read.
struct Folder {
    config: TournamentConfig,
    games: Arc<Vec<GameRecord>>,
    /// A torn last line (a game being written) that was left out.
    torn: bool,
}

impl Runs {
    /// The runs under `root` (canonicalised now; `None` when there is no
    /// such folder: the list is then empty and says why).
    pub fn new(root: &Path) -> Runs {
        Runs {
            root: fs::canonicalize(root).ok().filter(|p| p.is_dir()),
            cache: Mutex::default(),
        }
    }

    fn root(&self) -> Result<&Path, ApiError> {
        self.root
            .as_deref()
            .ok_or_else(|| ApiError::not_found("no runs folder: start the server with --runs DIR"))
    }

    /// The folder `name`, checked to be a directory under the root.
    fn folder(&self, name: &str) -> Result<PathBuf, ApiError> {
        let root = self.root()?;
        if !plain_name(name) {
            return Err(ApiError::bad_request(format!(
                "bad run name {name:?}: expected a folder name of letters, digits, '.', '_' and '-'"
            )));
        }
        let path = fs::canonicalize(root.join(name))
            .map_err(|_| ApiError::not_found(format!("no run named {name:?}")))?;
        if !path.starts_with(root) || !path.is_dir() || path == root {
            return Err(ApiError::not_found(format!("no run named {name:?}")));
        }
        Ok(path)
    }

    /// The canonical path of `file` of `dir`, if it exists; refuses one
    /// that leads outside the root.
    fn locate(&self, dir: &Path, file: &str) -> Result<Option<PathBuf>, ApiError> {
        let root = self.root()?;
        let Ok(path) = fs::canonicalize(dir.join(file)) else {
            return Ok(None);
        };
        if !path.starts_with(root) {
            return Err(ApiError::forbidden(format!(
                "{file} of {} leads outside the runs folder",
                dir.display()
            )));
        }
        Ok(Some(path))
    }

    /// Reads `file` of `dir` if it exists (see [`Runs::locate`]); refuses
    /// files over [`MAX_FILE_BYTES`].
    fn read(&self, dir: &Path, file: &str) -> Result<Option<String>, ApiError> {
        let Some(path) = self.locate(dir, file)? else {
            return Ok(None);
        };
        let unreadable = |e: std::io::Error| ApiError::unprocessable(format!("reading {file}: {e}"));
        let f = fs::File::open(&path).map_err(unreadable)?;
        let mut text = String::new();
        f.take(MAX_FILE_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(unreadable)?;
        if text.len() as u64 > MAX_FILE_BYTES {
            return Err(ApiError::unprocessable(format!(
                "{file} is larger than {MAX_FILE_BYTES} bytes"
            )));
        }
        Ok(Some(text))
    }

    /// The games of `dir`, parsed again only when games.jsonl changed size
    /// or time since the last request (pages poll every few seconds; a
    /// long tournament's file is large).
    fn games(&self, dir: &Path) -> Result<(Arc<Vec<GameRecord>>, bool), ApiError> {
        let Some(path) = self.locate(dir, "games.jsonl")? else {
            return Ok((Arc::default(), false));
        };
        let stamp = fs::metadata(&path).map(|m| (m.len(), m.modified().ok())).ok();
        let mut cache = self.cache.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(hit) = cache.get(&path).filter(|c| Some(c.stamp) == stamp) {
            return Ok((Arc::clone(&hit.games), hit.torn));
        }
        let text = self.read(dir, "games.jsonl")?.unwrap_or_default();
        let (games, torn) = parse_live_games(&text).map_err(ApiError::unprocessable)?;
        let games = Arc::new(games);
        if let Some(stamp) = stamp {
            cache.insert(
                path,
                CachedGames {
                    stamp,
                    games: Arc::clone(&games),
                    torn,
                },
            );
        }
        Ok((games, torn))
    }

    fn load(&self, dir: &Path) -> Result<Folder, ApiError> {
        let config = match self.read(dir, "tournament.json")? {
            Some(text) => parse_config_json(&text).map_err(|e| ApiError::unprocessable(e.to_string()))?,
            None => match self.read(dir, "summary.json")? {
                // A merged folder has no tournament.json; its summary
                // holds the settings.
                Some(text) => {
                    parse_summary_json(&text)
                        .map_err(|e| ApiError::unprocessable(e.to_string()))?
                        .config
                }
                None => {
                    return Err(ApiError::not_found(
                        "not a tournament folder: no tournament.json or summary.json",
                    ))
                }
            },
        };
        let (games, torn) = self.games(dir)?;
        Ok(Folder { config, games, torn })
    }

    /// `GET /api/runs`: every tournament folder with its settings and
    /// progress; folders that cannot be read are listed with their error.
    pub fn list(&self) -> Result<Value, ApiError> {
        let root = self.root()?;
        let entries = fs::read_dir(root)
            .map_err(|e| ApiError::unprocessable(format!("reading the runs folder: {e}")))?;
        let mut runs = Vec::new();
        let mut skipped = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !plain_name(&name) {
                if !name.starts_with('.') {
                    skipped.push(name);
                }
                continue;
            }
            let Ok(dir) = self.folder(&name) else { continue };
            let modified = fs::metadata(dir.join("games.jsonl"))
                .or_else(|_| fs::metadata(&dir))
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_secs());
            match self.load(&dir) {
                Ok(folder) => runs.push(json!({
                    "name": name,
                    "spec": folder.config.spec,
                    "players": folder.config.players.iter().map(|p| &p.name).collect::<Vec<_>>(),
                    "format": folder.config.format,
                    "games_played": folder.games.len(),
                    "games_total": expected_games(&folder.config),
                    "modified": modified,
                })),
                // Not a tournament at all: left out of the list.
                Err(e) if e.status == 404 => {}
                Err(e) => runs.push(json!({"name": name, "error": e.message, "modified": modified})),
            }
        }
        runs.sort_by(|a, b| {
            b["modified"]
                .as_u64()
                .cmp(&a["modified"].as_u64())
                .then(a["name"].as_str().cmp(&b["name"].as_str()))
        });
        Ok(json!({"runs": runs, "skipped": skipped}))
    }

    /// `GET /api/runs/NAME`: the settings, the table from the games so far
    /// (standings, per pairing the score, Elo and nElo with their 95%
    /// intervals and the pentanomial counts, and the rating list of a
    /// round-robin of three or more) and the list of games.
    pub fn show(&self, name: &str) -> Result<Value, ApiError> {
        let dir = self.folder(name)?;
        let folder = self.load(&dir)?;
        let summary = summarize(&folder.config, &folder.games, None);
        let mut standings: Vec<(String, f64, u64, u64, u64, u64)> = folder
            .config
            .players
            .iter()
            .map(|p| (p.name.clone(), 0.0, 0, 0, 0, 0))
            .collect();
        for pairing in &summary.pairings {
            for (me, wins, losses) in [
                (&pairing.a, pairing.a_wins, pairing.b_wins),
                (&pairing.b, pairing.b_wins, pairing.a_wins),
            ] {
                if let Some(row) = standings.iter_mut().find(|r| &r.0 == me) {
                    row.1 += wins as f64 + pairing.draws as f64 / 2.0;
                    row.2 += pairing.games;
                    row.3 += wins;
                    row.4 += pairing.draws;
                    row.5 += losses;
                }
            }
        }
        standings.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let standings: Vec<Value> = standings
            .into_iter()
            .map(|(name, points, games, w, d, l)| {
                json!({"name": name, "points": points, "games": games, "wins": w, "draws": d, "losses": l})
            })
            .collect();
        let pairings: Vec<Value> = summary
            .pairings
            .iter()
            .map(|p| {
                json!({
                    "a": p.a, "b": p.b, "games": p.games,
                    "a_wins": p.a_wins, "draws": p.draws, "b_wins": p.b_wins,
                    "score": finite(p.score), "elo": finite(p.elo),
                    "elo_low": finite(p.elo_low), "elo_high": finite(p.elo_high),
                    "los": finite(p.los),
                    "nelo": finite(p.nelo), "nelo_low": finite(p.nelo_low),
                    "nelo_high": finite(p.nelo_high), "model": p.model,
                    "pentanomial": p.pentanomial, "unpaired": p.unpaired,
                })
            })
            .collect();
        let games: Vec<Value> = folder
            .games
            .iter()
            .map(|g| {
                json!({
                    "index": g.index,
                    "players": [g.players.first, g.players.second],
                    "result": g.result,
                    "winner_colour": g.winner_colour,
                    "reason": g.reason,
                    "plies": g.plies.len(),
                })
            })
            .collect();
        Ok(json!({
            "name": name,
            "config": folder.config,
            "games_played": folder.games.len(),
            "games_total": expected_games(&folder.config),
            "writing": folder.torn,
            "standings": standings,
            "pairings": pairings,
            "ratings": summary.ratings,
            "games": games,
        }))
    }

    /// `GET /api/runs/NAME/games/INDEX`: one game record.
    pub fn game(&self, name: &str, index: &str) -> Result<Value, ApiError> {
        let index: u64 = index.parse().map_err(|_| {
            ApiError::bad_request(format!("bad game index {index:?}: expected a whole number"))
        })?;
        let dir = self.folder(name)?;
        let folder = self.load(&dir)?;
        let game = folder
            .games
            .iter()
            .find(|g| g.index == index)
            .cloned()
            .ok_or_else(|| ApiError::not_found(format!("run {name:?} has no game {index}")))?;
        serde_json::to_value(game).map_err(|e| ApiError::unprocessable(e.to_string()))
    }
}

/// JSON has no infinities: an Elo of a clean sweep is sent as null.
fn finite(x: f64) -> Value {
    if x.is_finite() {
        json!(x)
    } else {
        Value::Null
    }
}

/// The games a tournament's settings schedule (in its shard), as the
/// tournament module lays them out: pairings times games, shards taking
/// the indices `index % N == I - 1`.
fn expected_games(config: &TournamentConfig) -> u64 {
    let n = config.players.len() as u64;
    let pairings = if config.format == "gauntlet" {
        n.saturating_sub(1)
    } else {
        n * n.saturating_sub(1) / 2
    };
    let total = pairings.saturating_mul(config.games);
    let Some(shard) = config
        .shard
        .as_deref()
        .and_then(|s| s.parse::<tournament::Shard>().ok())
    else {
        return total;
    };
    // Slot i plays round i / (2P), colours exchanged when odd; it is
    // scheduled when 2 * round + exchanged < games.
    let rounds = config.games.div_ceil(2);
    let slots = rounds.saturating_mul(2).saturating_mul(pairings);
    if pairings == 0 || slots > 10_000_000 {
        return total.div_ceil(shard.count);
    }
    (0..slots)
        .filter(|i| i % shard.count == shard.number - 1)
        .filter(|i| 2 * (i / (2 * pairings)) + (i % 2) < config.games)
        .count() as u64
}

/// Parses games.jsonl as a tournament writes it: a last line without its
/// newline that does not parse yet is a game being written, left out (the
/// flag says so); any other bad line is an error naming it.
pub fn parse_live_games(text: &str) -> Result<(Vec<GameRecord>, bool), String> {
    let mut games = Vec::new();
    let mut torn = false;
    let lines: Vec<&str> = text.split('\n').collect();
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<GameRecord>(line) {
            Ok(record) => games.push(record),
            Err(_) if i + 1 == lines.len() => torn = true,
            Err(e) => {
                return Err(format!(
                    "games.jsonl line {}: expected one game record as a JSON object: {e}",
                    i + 1
                ))
            }
        }
    }
    Ok((games, torn))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for good in ["run1", "a.b_c-d", "X"] {
            assert!(plain_name(good), "{good}");
        }
        for bad in ["", ".", "..", ".hidden", "a/b", "a\\b", "a b", "é", "a%2e"] {
            assert!(!plain_name(bad), "{bad}");
        }
    }

    #[test]
    fn torn_last_lines_are_left_out() {
        assert_eq!(parse_live_games("").unwrap().0.len(), 0);
        let (games, torn) = parse_live_games("{\"index\": 1").unwrap();
        assert!(games.is_empty() && torn);
        let err = parse_live_games("{\"index\": 1\n\n").unwrap_err();
        assert!(err.contains("line 1"), "{err}");
    }

    #[test]
    fn expected_games_follow_the_schedule() {
        let mut config = TournamentConfig {
            spec: "tictactoe".into(),
            players: ["a", "b", "c"]
                .iter()
                .map(|n| stats::records::PlayerEntry {
                    name: (*n).into(),
                    engine: "random".into(),
                    tc: None,
                })
                .collect(),
            format: "round-robin".into(),
            seed: 1,
            opening_plies: 0,
            games: 4,
            shard: None,
            openings: None,
            time_margin_ms: 0,
            resign: None,
        };
        assert_eq!(expected_games(&config), 12);
        config.format = "gauntlet".into();
        assert_eq!(expected_games(&config), 8);
        config.shard = Some("1/2".into());
        assert_eq!(expected_games(&config), 4);
        config.games = 3;
        config.shard = Some("2/2".into());
        // Slots 0..8, the odd ones in shard 2; those of round 1 (5, 7)
        // would be the fourth game of their pairing.
        assert_eq!(expected_games(&config), 2);
    }
}
