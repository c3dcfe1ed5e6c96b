//! The tournament directory: locked, `tournament.json` checked or written,
//! `games.jsonl` read back (cutting off a line a killed run left
//! unfinished), checked against the settings and appended to, files
//! replaced atomically.

use std::collections::BTreeSet;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::Path;

use abstracta::mix_seed;

use crate::error::TournamentError;
use crate::files::{read_input_if_exists, write_atomically, InputKind, GAME_RECORDS, TOURNAMENT_SETTINGS};
use crate::lock::DirLock;
use crate::schedule::{scheduled, slot};
use crate::stop::StopHandle;
use stats::records::{parse_config_json, parse_games_jsonl, GameRecord, RecordError, TournamentConfig};

fn record_error(path: &Path, line: Option<usize>, reason: impl Into<String>) -> TournamentError {
    TournamentError::Records(RecordError {
        file: path.display().to_string(),
        line,
        reason: reason.into(),
    })
}

/// Reads an existing `games.jsonl` (none: no games), dropping a last line
/// left unfinished by a killed run; with `repair`, also cuts it off the
/// file. A folder in its place or a line that is not UTF-8 is bad data.
pub(super) fn load_games(path: &Path, repair: bool) -> Result<Vec<GameRecord>, TournamentError> {
    let Some(text) = complete_lines(path, repair, &GAME_RECORDS)? else {
        return Ok(Vec::new());
    };
    Ok(parse_games_jsonl(&text).map_err(|mut e| {
        e.file = path.display().to_string();
        e
    })?)
}

/// The complete lines of an append-only file of records (`None`: no
/// file): whatever follows the last newline is a line a killed run left
/// unfinished (it may even end inside a UTF-8 character), so it is dropped
/// with a warning and, with `repair`, cut off the file so that appending
/// goes on cleanly. Text that is not UTF-8 is bad data; `kind` says what
/// the file should hold and how large it may be.
pub(crate) fn complete_lines(
    path: &Path,
    repair: bool,
    kind: &InputKind,
) -> Result<Option<String>, TournamentError> {
    let expected = kind.what;
    let Some(bytes) = read_input_if_exists(path, kind)? else {
        return Ok(None);
    };
    let complete = match bytes.iter().rposition(|&b| b == b'\n') {
        Some(i) => &bytes[..=i],
        None => &bytes[..0],
    };
    if complete.len() != bytes.len() {
        crate::stderr!(
            "warning: {}: dropping an unfinished last line left by an interrupted run",
            path.display()
        );
        if repair {
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| TournamentError::io(format!("opening {}", path.display()), e))?;
            file.set_len(complete.len() as u64)
                .map_err(|e| TournamentError::io(format!("truncating {}", path.display()), e))?;
        }
    }
    let text = std::str::from_utf8(complete).map_err(|e| {
        let line = complete[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        record_error(
            path,
            Some(line),
            format!("is not UTF-8 text; expected {expected}"),
        )
    })?;
    Ok(Some(text.to_owned()))
}

/// Reads `dir/tournament.json`: `None` if there is none; any other
/// failure to read or parse it is an error naming the file.
pub(super) fn read_config(dir: &Path) -> Result<Option<TournamentConfig>, TournamentError> {
    let path = dir.join("tournament.json");
    let Some(bytes) = read_input_if_exists(&path, &TOURNAMENT_SETTINGS)? else {
        return Ok(None);
    };
    let text = String::from_utf8(bytes)
        .map_err(|_| record_error(&path, None, "is not UTF-8 text; expected the tournament settings"))?;
    Ok(Some(parse_config_json(&text).map_err(|mut e| {
        e.file = path.display().to_string();
        e
    })?))
}

fn players_text(c: &TournamentConfig) -> String {
    c.players
        .iter()
        .map(|p| format!("{}={}", p.name, p.engine))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first setting in which `old` and `new` describe different
/// tournaments (the number of games may differ: a tournament can grow),
/// as `what: old vs new`; `None` if they are the same tournament. With
/// `shards`, the shard must match too.
pub(super) fn difference(old: &TournamentConfig, new: &TournamentConfig, shards: bool) -> Option<String> {
    let differs = |what: &str, a: &dyn std::fmt::Display, b: &dyn std::fmt::Display| {
        Some(format!("{what}: {a} there, {b} here"))
    };
    if old.spec != new.spec {
        return differs("the game", &old.spec, &new.spec);
    }
    if old.players != new.players {
        if old.players.len() != new.players.len() {
            return differs(
                "the players",
                &format!("{} ({})", old.players.len(), players_text(old)),
                &format!("{} ({})", new.players.len(), players_text(new)),
            );
        }
        for (i, (a, b)) in old.players.iter().zip(&new.players).enumerate() {
            if a.name != b.name {
                return differs(&format!("the name of player {}", i + 1), &a.name, &b.name);
            }
            if a.engine != b.engine {
                return differs(&format!("the engine of player {}", a.name), &a.engine, &b.engine);
            }
            if a.tc != b.tc {
                let tc = |t: &Option<String>| t.clone().unwrap_or_else(|| "none".to_owned());
                return differs(
                    &format!("the time control of player {}", a.name),
                    &tc(&a.tc),
                    &tc(&b.tc),
                );
            }
        }
    }
    if old.format != new.format {
        return differs("the format", &old.format, &new.format);
    }
    if old.seed != new.seed {
        return differs("the seed", &old.seed, &new.seed);
    }
    if old.opening_plies != new.opening_plies {
        return differs("the opening plies", &old.opening_plies, &new.opening_plies);
    }
    if old.openings != new.openings {
        let suite = |s: &Option<stats::records::SuiteConfig>| match s {
            Some(s) => format!(
                "the file {} ({} openings, {} order, hash {})",
                s.file, s.count, s.order, s.hash
            ),
            None => "none".to_owned(),
        };
        let (a, b) = (old.openings.as_ref(), new.openings.as_ref());
        // The same openings in the same order from a file that moved are
        // the same tournament.
        let same = a
            .zip(b)
            .is_some_and(|(a, b)| (&a.order, a.count, &a.hash) == (&b.order, b.count, &b.hash));
        if !same {
            return differs("the opening suite", &suite(&old.openings), &suite(&new.openings));
        }
    }
    if old.time_margin_ms != new.time_margin_ms {
        return differs(
            "the time margin",
            &format!("{} ms", old.time_margin_ms),
            &format!("{} ms", new.time_margin_ms),
        );
    }
    if old.resign != new.resign {
        let rule = |r: &Option<String>| r.clone().unwrap_or_else(|| "none".to_owned());
        return differs("the resign rule", &rule(&old.resign), &rule(&new.resign));
    }
    if shards && old.shard != new.shard {
        let shard = |s: &Option<String>| s.clone().unwrap_or_else(|| "none".to_owned());
        return differs("the shard", &shard(&old.shard), &shard(&new.shard));
    }
    None
}

/// Checks the records read from `path` against `config` (whose schedule
/// has `pairings`): every record must be a game of this tournament, played
/// by the players the schedule puts in its seats, or this is an error
/// naming the game and the difference. A repeated index, or one outside
/// the schedule or the shard, is left out with a warning (never counted as
/// one more game). Returns the records kept.
pub(super) fn check_records(
    path: &Path,
    config: &TournamentConfig,
    pairings: &[(usize, usize)],
    shard: Option<(u64, u64)>,
    records: Vec<GameRecord>,
) -> Result<Vec<GameRecord>, TournamentError> {
    let mut seen = BTreeSet::new();
    let (mut repeated, mut outside) = (0u64, 0u64);
    let mut kept = Vec::with_capacity(records.len());
    for (n, r) in records.into_iter().enumerate() {
        let line = Some(n + 1);
        let bad = |what: String| record_error(path, line, format!("game {}: {what}", r.index));
        if r.spec != config.spec {
            return Err(bad(format!("is of {}, not {}", r.spec, config.spec)));
        }
        let s = slot(r.index, pairings.len());
        let in_shard = shard.map_or(true, |(number, count)| r.index % count == number - 1);
        if !scheduled(&s, config.games) || !in_shard {
            outside += 1;
            continue;
        }
        let (a, b) = pairings[s.pairing];
        let (first, second) = if s.exchanged { (b, a) } else { (a, b) };
        let (first, second) = (&config.players[first], &config.players[second]);
        for (seat, name, engine, want) in [
            ("first", &r.players.first, &r.engines.first, first),
            ("second", &r.players.second, &r.engines.second, second),
        ] {
            if *name != want.name || *engine != want.engine {
                return Err(bad(format!(
                    "the {seat} seat was played by {name}={engine}, but these settings put {}={} there",
                    want.name, want.engine
                )));
            }
        }
        let seed = mix_seed(config.seed, 1_000_003 + r.index);
        if r.seed != seed {
            return Err(bad(format!(
                "was played with seed {}, not {seed} as these settings give",
                r.seed
            )));
        }
        if !seen.insert(r.index) {
            repeated += 1;
            continue;
        }
        kept.push(r);
    }
    if repeated > 0 {
        crate::stderr!(
            "warning: {}: {repeated} games repeat an index already recorded; each index is counted once",
            path.display()
        );
    }
    if outside > 0 {
        crate::stderr!(
            "warning: {}: {outside} games are not in this schedule (--games {}{}); they are not counted",
            path.display(),
            config.games,
            config
                .shard
                .as_ref()
                .map(|s| format!(", shard {s}"))
                .unwrap_or_default()
        );
    }
    Ok(kept)
}

pub(super) fn to_json<T: serde::Serialize>(value: &T) -> String {
    // Serialising plain data with string keys cannot fail.
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}

/// A tournament directory opened for recording: locked, its settings
/// checked or written, and the games already recorded.
#[derive(Debug)]
pub(super) struct OpenDir {
    pub(super) lock: DirLock,
    pub(super) games: Vec<GameRecord>,
}

/// Prepares `dir`: locks it, checks or writes `tournament.json`, returns
/// the games already recorded (checked against `config`).
pub(super) fn open_dir(
    dir: &Path,
    config: &TournamentConfig,
    pairings: &[(usize, usize)],
    shard: Option<(u64, u64)>,
) -> Result<OpenDir, TournamentError> {
    fs::create_dir_all(dir).map_err(|e| TournamentError::io(format!("creating {}", dir.display()), e))?;
    let lock = DirLock::acquire(dir, &format!("tournament of {}", config.spec))?;
    let games_path = dir.join("games.jsonl");
    match read_config(dir)? {
        Some(old) => {
            if let Some(what) = difference(&old, config, true) {
                return Err(TournamentError::usage(format!(
                    "{} holds a different tournament ({what}; it holds {} with {}); \
                     use another --out directory or the same settings",
                    dir.display(),
                    old.spec,
                    players_text(&old)
                )));
            }
        }
        None => {
            // Games without their settings cannot be told apart from
            // another tournament's: refuse rather than adopt them.
            let games = load_games(&games_path, false)?;
            if !games.is_empty() {
                return Err(TournamentError::usage(format!(
                    "{} holds {} recorded games but no tournament.json, so which tournament they \
                     belong to is unknown; restore tournament.json or use another --out directory",
                    dir.display(),
                    games.len()
                )));
            }
        }
    }
    let games = load_games(&games_path, true)?;
    let games = check_records(&games_path, config, pairings, shard, games).map_err(|e| match e {
        TournamentError::Records(mut r) => {
            r.reason = format!(
                "{}; {} does not belong to these settings: use another --out directory",
                r.reason,
                dir.display()
            );
            TournamentError::Records(r)
        }
        e => e,
    })?;
    write_atomically(&dir.join("tournament.json"), &to_json(config))?;
    Ok(OpenDir { lock, games })
}

/// `games.jsonl` opened for appending, one finished game per line.
#[derive(Debug)]
pub(super) struct Journal {
    file: File,
    /// Once set, nothing more is appended.
    stop: StopHandle,
}

impl Journal {
    /// Opens (or creates) `dir/games.jsonl` for appending.
    pub(super) fn open(dir: &Path, stop: &StopHandle) -> Result<Journal, TournamentError> {
        let path = dir.join("games.jsonl");
        let file = crate::files::open_for_append(&path)?;
        Ok(Journal {
            file,
            stop: stop.clone(),
        })
    }

    /// Appends one record as a line (one write, so a kill leaves whole
    /// lines or one unfinished last line). Returns `false`, appending
    /// nothing, once the run is stopped: the game is replayed on resume.
    pub(super) fn append(&mut self, record: &GameRecord) -> Result<bool, TournamentError> {
        let line = serde_json::to_string(record).unwrap_or_default() + "\n";
        let stopping = self.stop.gate();
        if *stopping {
            return Ok(false);
        }
        self.file
            .write_all(line.as_bytes())
            .map_err(|e| TournamentError::io("appending to games.jsonl", e))?;
        Ok(true)
    }

    /// Makes the lines appended so far durable (at the end of a run, and
    /// when it stops early).
    pub(super) fn sync(&mut self) -> Result<(), TournamentError> {
        self.file
            .sync_all()
            .map_err(|e| TournamentError::io("syncing games.jsonl to disk", e))
    }
}
