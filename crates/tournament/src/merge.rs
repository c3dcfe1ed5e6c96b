//! Merging tournament directories (shards or partial runs of one
//! tournament) into one set of records and one summary.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::error::TournamentError;
use crate::files::write_atomically;
use crate::journal::{check_records, difference, load_games, read_config, to_json};
use crate::lock::DirLock;
use crate::schedule::{pairings_of, shard_size};
use crate::{summarize, Format, Shard};
use stats::records::{GameRecord, Summary, TournamentConfig};
use stats::Sprt;

fn shard_of(config: &TournamentConfig, dir: &Path) -> Result<Option<(u64, u64)>, TournamentError> {
    match &config.shard {
        None => Ok(None),
        Some(s) => s
            .parse::<Shard>()
            .map(|s| Some((s.number, s.count)))
            .map_err(|e| {
                TournamentError::usage(format!("{}: tournament.json has a bad shard: {e}", dir.display()))
            }),
    }
}

/// Whether `a` and `b` are the same folder (both exist and are one file).
fn same_folder(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// Merges tournament directories (shards or partial runs of one
/// tournament); writes the union to `out` if given. `out` must not be one
/// of the inputs (a shard merged into itself would stop being that shard)
/// and may not hold another tournament.
pub fn merge(dirs: &[PathBuf], out: Option<&Path>, sprt: Option<Sprt>) -> Result<Summary, TournamentError> {
    let Some(first) = dirs.first() else {
        return Err(TournamentError::usage("merge needs at least one directory"));
    };
    let read = |dir: &Path| -> Result<TournamentConfig, TournamentError> {
        read_config(dir)?.ok_or_else(|| {
            TournamentError::usage(format!(
                "{} is not a tournament directory (it has no tournament.json)",
                dir.display()
            ))
        })
    };
    let mut config = read(first)?;
    let format: Format = config
        .format
        .parse()
        .map_err(|e| TournamentError::usage(format!("{}: tournament.json: {e}", first.display())))?;
    let pairings = pairings_of(config.players.len(), format);
    // Lock the destination before reading anything: no other arena may
    // write into it meanwhile.
    let _lock = match out {
        Some(out) => {
            fs::create_dir_all(out)
                .map_err(|e| TournamentError::io(format!("creating {}", out.display()), e))?;
            let lock = DirLock::acquire(out, "merge")?;
            if let Some(input) = dirs.iter().find(|d| same_folder(d, out)) {
                return Err(TournamentError::usage(format!(
                    "--out {} is the input folder {}; merge into a new or empty folder \
                     (the inputs are left as they are)",
                    out.display(),
                    input.display()
                )));
            }
            match read_config(out)? {
                Some(there) => {
                    if let Some(what) = difference(&there, &config, false) {
                        return Err(TournamentError::usage(format!(
                            "{} holds another tournament than {} ({what}); merge into an empty or new directory",
                            out.display(),
                            first.display()
                        )));
                    }
                }
                None => {
                    if !load_games(&out.join("games.jsonl"), false)?.is_empty() {
                        return Err(TournamentError::usage(format!(
                            "{} holds games but no tournament.json; merge into an empty or new directory",
                            out.display()
                        )));
                    }
                }
            }
            Some(lock)
        }
        None => None,
    };
    let mut inputs = Vec::new();
    for dir in dirs {
        let c = read(dir)?;
        if let Some(what) = difference(&c, &config, false) {
            return Err(TournamentError::usage(format!(
                "{} belongs to a different tournament than {} ({what})",
                dir.display(),
                first.display()
            )));
        }
        config.games = config.games.max(c.games);
        inputs.push((dir, c));
    }
    let mut by_index: BTreeMap<u64, GameRecord> = BTreeMap::new();
    let mut repeated = 0;
    let mut incomplete = Vec::new();
    for (dir, c) in &inputs {
        let path = dir.join("games.jsonl");
        let shard = shard_of(c, dir)?;
        let games = check_records(&path, c, &pairings, shard, load_games(&path, false)?)?;
        let expected = shard_size(c.games, pairings.len(), shard);
        if (games.len() as u64) < expected {
            incomplete.push(format!(
                "{} has {} of its {expected} games",
                dir.display(),
                games.len()
            ));
        }
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
        crate::stderr!("warning: {repeated} games appear in more than one directory; each is counted once");
    }
    let all = shard_size(config.games, pairings.len(), None);
    if !incomplete.is_empty() || (by_index.len() as u64) < all {
        crate::stderr!(
            "warning: incomplete: {}; the merge holds {} of the {all} scheduled games \
             (unfinished runs can be resumed; an SPRT may have stopped a pairing early)",
            if incomplete.is_empty() {
                "some shards are missing".to_owned()
            } else {
                incomplete.join(", ")
            },
            by_index.len()
        );
    }
    config.shard = None;
    let records: Vec<GameRecord> = by_index.into_values().collect();
    let summary = summarize(&config, &records, sprt);
    if let Some(out) = out {
        let mut text = String::new();
        for r in &records {
            text.push_str(&serde_json::to_string(r).unwrap_or_default());
            text.push('\n');
        }
        // Each file is replaced whole: a kill during the merge leaves the
        // old games.jsonl or the new one, never a part of either (and the
        // settings first, so the games never outgrow them).
        write_atomically(&out.join("tournament.json"), &to_json(&config))?;
        write_atomically(&out.join("games.jsonl"), &text)?;
        write_atomically(&out.join("summary.json"), &to_json(&summary))?;
    }
    Ok(summary)
}
