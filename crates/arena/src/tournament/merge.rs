//! Merging tournament directories (shards or partial runs of one
//! tournament) into one set of records and one summary.

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::journal::{to_json, write_atomically};
use super::summarize;
use crate::error::ArenaError;
use crate::records::{parse_config_json, parse_games_jsonl, GameRecord, Summary, TournamentConfig};
use crate::stats::Sprt;

/// Merges tournament directories (shards or partial runs of one
/// tournament); writes the union to `out` if given.
pub fn merge(dirs: &[PathBuf], out: Option<&Path>, sprt: Option<Sprt>) -> Result<Summary, ArenaError> {
    let Some(first) = dirs.first() else {
        return Err(ArenaError::usage("merge needs at least one directory"));
    };
    let read_config = |dir: &Path| -> Result<TournamentConfig, ArenaError> {
        let path = dir.join("tournament.json");
        let text = fs::read_to_string(&path).map_err(|e| {
            ArenaError::usage(format!(
                "{} is not a tournament directory (cannot read {}: {e})",
                dir.display(),
                path.display()
            ))
        })?;
        Ok(parse_config_json(&text).map_err(|mut e| {
            e.file = path.display().to_string();
            e
        })?)
    };
    let mut config = read_config(first)?;
    let mut by_index: BTreeMap<u64, GameRecord> = BTreeMap::new();
    let mut repeated = 0;
    for dir in dirs {
        let c = read_config(dir)?;
        if !c.same_tournament(&config) {
            return Err(ArenaError::usage(format!(
                "{} belongs to a different tournament than {} (spec, players, format, seed and openings must match)",
                dir.display(),
                first.display()
            )));
        }
        config.games = config.games.max(c.games);
        let path = dir.join("games.jsonl");
        let text = fs::read_to_string(&path).unwrap_or_default();
        let complete = match text.rfind('\n') {
            Some(i) => &text[..=i],
            None => "",
        };
        let games = parse_games_jsonl(complete).map_err(|mut e| {
            e.file = path.display().to_string();
            e
        })?;
        for g in games {
            match by_index.entry(g.index) {
                std::collections::btree_map::Entry::Occupied(_) => repeated += 1,
                std::collections::btree_map::Entry::Vacant(v) => {
                    v.insert(g);
                }
            }
        }
    }
    if repeated > 0 {
        eprintln!("warning: {repeated} games appear in more than one directory; each is counted once");
    }
    config.shard = None;
    let records: Vec<GameRecord> = by_index.into_values().collect();
    let summary = summarize(&config, &records, sprt);
    if let Some(out) = out {
        fs::create_dir_all(out).map_err(|e| ArenaError::io(format!("creating {}", out.display()), e))?;
        let mut text = String::new();
        for r in &records {
            text.push_str(&serde_json::to_string(r).unwrap_or_default());
            text.push('\n');
        }
        let path = out.join("games.jsonl");
        let mut f =
            File::create(&path).map_err(|e| ArenaError::io(format!("creating {}", path.display()), e))?;
        f.write_all(text.as_bytes())
            .map_err(|e| ArenaError::io(format!("writing {}", path.display()), e))?;
        write_atomically(&out.join("tournament.json"), &to_json(&config))?;
        write_atomically(&out.join("summary.json"), &to_json(&summary))?;
    }
    Ok(summary)
}
