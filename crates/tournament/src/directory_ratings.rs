//! `arena ratings DIR...`: the games of tournament folders gathered for
//! one rating fit.
//!
//! Players are known by name: one name is one player in every folder, and
//! a name that stands for different engine specs in different folders is
//! refused (rename one with the tournament's `--player NAME=...`), since
//! merging two engines into one rating would be wrong and guessing which
//! is which is worse. Folders holding the same tournament (shards, a merge
//! and its parts, or one folder given twice) have their games counted once
//! by schedule index, as `arena merge` does.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::TournamentError;
use crate::journal::{check_records, load_games, read_config};
use crate::schedule::pairings_of;
use crate::{Format, Shard};
use stats::records::{GameRecord, TournamentConfig};
use stats::{fit, rated_games, FitOptions, RatingList};

/// A folder's settings and checked games.
fn read_folder(dir: &Path) -> Result<(TournamentConfig, Vec<GameRecord>), TournamentError> {
    if !dir.is_dir() {
        return Err(TournamentError::usage(format!(
            "{}: no such folder; expected a tournament folder (arena tournament --out DIR)",
            dir.display()
        )));
    }
    let config = read_config(dir)?.ok_or_else(|| {
        TournamentError::usage(format!(
            "{} is not a tournament folder (it has no tournament.json)",
            dir.display()
        ))
    })?;
    let format: Format = config
        .format
        .parse()
        .map_err(|e| TournamentError::usage(format!("{}: tournament.json: {e}", dir.display())))?;
    let shard = match &config.shard {
        None => None,
        Some(s) => {
            let s: Shard = s.parse().map_err(|e| {
                TournamentError::usage(format!("{}: tournament.json has a bad shard: {e}", dir.display()))
            })?;
            Some((s.number, s.count))
        }
    };
    let pairings = pairings_of(config.players.len(), format);
    let path = dir.join("games.jsonl");
    let games = check_records(&path, &config, &pairings, shard, load_games(&path, false)?)?;
    Ok((config, games))
}

/// Fits one rating list to all games of the tournament folders `dirs`.
pub fn rate_folders(dirs: &[PathBuf], options: &FitOptions) -> Result<RatingList, TournamentError> {
    if dirs.is_empty() {
        return Err(TournamentError::usage(
            "ratings needs at least one tournament folder",
        ));
    }
    // name -> (engine, the folder it was first seen in)
    let mut players: BTreeMap<String, (String, PathBuf)> = BTreeMap::new();
    // One entry per distinct tournament: its settings and games by index.
    let mut tournaments: Vec<(TournamentConfig, BTreeMap<u64, GameRecord>)> = Vec::new();
    let mut spec: Option<(String, PathBuf)> = None;
    let mut repeated = 0u64;
    for dir in dirs {
        let (config, games) = read_folder(dir)?;
        match &spec {
            Some((s, first)) if *s != config.spec => {
                return Err(TournamentError::usage(format!(
                    "{} holds games of {}, but {} holds games of {}; a rating list is for one game",
                    dir.display(),
                    config.spec,
                    first.display(),
                    s
                )))
            }
            Some(_) => {}
            None => spec = Some((config.spec.clone(), dir.clone())),
        }
        for p in &config.players {
            match players.get(&p.name) {
                Some((engine, there)) if *engine != p.engine => {
                    return Err(TournamentError::usage(format!(
                        "player {} is {} in {} but {} in {}; one name must be one engine \
                         (rename one of them with --player NAME=ENGINE)",
                        p.name,
                        engine,
                        there.display(),
                        p.engine,
                        dir.display()
                    )))
                }
                Some(_) => {}
                None => {
                    players.insert(p.name.clone(), (p.engine.clone(), dir.clone()));
                }
            }
        }
        let at = match tournaments.iter().position(|(c, _)| c.same_tournament(&config)) {
            Some(i) => i,
            None => {
                tournaments.push((config, BTreeMap::new()));
                tournaments.len() - 1
            }
        };
        for g in games {
            if tournaments[at].1.insert(g.index, g).is_some() {
                repeated += 1;
            }
        }
    }
    if repeated > 0 {
        crate::stderr!(
            "warning: {repeated} games appear in more than one folder of the same tournament; each is counted once"
        );
    }
    let names: Vec<String> = players.keys().cloned().collect();
    let index: BTreeMap<String, usize> = names.iter().enumerate().map(|(i, n)| (n.clone(), i)).collect();
    let mut games = Vec::new();
    for (t, (_, records)) in tournaments.iter().enumerate() {
        let records: Vec<GameRecord> = records.values().cloned().collect();
        // Pairs of different tournaments are different clusters.
        games.extend(rated_games(&index, &records, (t as u64) << 40));
    }
    let mut list = fit(&names, &games, options)?;
    for p in &mut list.players {
        p.engine = players.get(&p.name).map(|(e, _)| e.clone());
    }
    Ok(list)
}
