//! The tournament folders under `--runs`, read-only: their settings,
//! their games and a table computed from the games recorded so far, so a
//! tournament still writing shows its progress.
//!
//! Only folders directly under the root whose names are plain (letters,
//! digits, `.`, `_`, `-`, not starting with `.`) are served, and every
//! file is opened through its canonical path, which must lie under the
//! root's: a symbolic link that leads elsewhere is refused. Only regular
//! files are read (a FIFO or a device is refused before it is opened, and
//! opened without blocking in case it was swapped in meanwhile), and every
//! read has a bound.
//!
//! A journal (`games.jsonl`) is read incrementally: per run the server
//! keeps how far it has read and a compact line per game (no plies), and
//! each request reads only the bytes appended since. A few runs are kept
//! (the least recently used is dropped first), and a journal over
//! [`MAX_GAMES`] games is refused rather than tabulated.

use std::collections::HashMap;
use std::fs;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::UNIX_EPOCH;

use serde_json::{json, Value};

use stats::records::{
    parse_config_json, parse_summary_json, GameRecord, GameResult, Seats, TournamentConfig,
};
use tournament::summarize;

use crate::api_error::ApiError;

mod course;
mod table;

pub(crate) use course::course_query;
pub use course::MAX_COURSE_POINTS;
pub use table::parse_live_games;
use table::{expected_games, pairings, table_json};

/// The largest settings file read (`tournament.json`, `summary.json`).
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// The most players a run page tabulates (a round-robin of them has
/// 2,016 pairings); a run with more is answered 422.
pub const MAX_PLAYERS: usize = 64;

/// The most pairings a run page tabulates.
pub const MAX_PAIRINGS: usize = MAX_PLAYERS * (MAX_PLAYERS - 1) / 2;

/// The most games a run page tabulates; a journal with more is answered
/// 422 (`arena ratings` and the tournament's own summary read any number).
pub const MAX_GAMES: usize = 100_000;

/// The longest line of a journal (one game record).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The most games one answer lists (the latest ones).
pub const MAX_LISTED_GAMES: usize = 500;

/// The most run folders `GET /api/runs` lists.
pub const MAX_RUNS_LISTED: usize = 1_000;

/// The distinct reasons and colours a journal's games are kept with.
const MAX_WORDS: usize = 256;

/// The runs whose journals are kept parsed at once.
const CACHED_RUNS: usize = 8;

/// The folders of tournaments, under one root.
#[derive(Debug)]
pub struct Runs {
    /// The root as given: canonicalised on each request, so a folder made
    /// after the server started is found.
    given: PathBuf,
    journals: Mutex<Cache>,
    counts: Mutex<HashMap<PathBuf, LineCount>>,
}

/// The parsed journals, with a clock for dropping the least recently used.
#[derive(Debug, Default)]
struct Cache {
    tick: u64,
    runs: HashMap<PathBuf, Journal>,
}

/// Which file a journal was read from (a replaced file starts afresh).
type FileId = (u64, u64);

/// One game as a run page needs it: no plies, no engines.
#[derive(Clone, Debug)]
struct Slim {
    index: u64,
    /// Where its line starts in the journal.
    offset: u64,
    players: [u16; 2],
    result: GameResult,
    /// Into [`Journal::words`].
    winner_colour: Option<u16>,
    /// Into [`Journal::words`].
    reason: u16,
    plies: u32,
    time_ms: [f64; 2],
}

/// What has been read of one journal.
#[derive(Debug, Default)]
struct Journal {
    file: Option<FileId>,
    /// Bytes read: up to the end of the last whole line.
    offset: u64,
    /// Lines read (for error messages).
    lines: u64,
    games: Vec<Slim>,
    /// Player names the games use, by the ids in [`Slim::players`].
    names: Vec<String>,
    /// Reasons and winning colours the games use, by their ids in [`Slim`].
    words: Vec<Box<str>>,
    /// Whether a torn last line (a game being written) was left out.
    torn: bool,
    /// A bad line: the journal is refused until it changes.
    error: Option<ApiError>,
    last_used: u64,
    /// The table (standings, pairings, ratings) as of `offset`.
    table: Option<(u64, Value)>,
}

/// Whole lines of one journal, for the list: no parsing at all.
#[derive(Debug, Default, Clone, Copy)]
struct LineCount {
    file: Option<FileId>,
    offset: u64,
    lines: u64,
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

/// Opens a regular file for reading without blocking: a FIFO or device
/// put in its place is refused, never waited on.
fn open_regular(path: &Path, file: &str) -> Result<(fs::File, fs::Metadata), ApiError> {
    let unreadable = |e: std::io::Error| ApiError::unprocessable(format!("reading {file}: {e}"));
    let not_regular = || {
        ApiError::unprocessable(format!(
            "{file} is not a regular file; only regular files are read"
        ))
    };
    if !fs::metadata(path).map_err(unreadable)?.is_file() {
        return Err(not_regular());
    }
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    let f = options.open(path).map_err(unreadable)?;
    let meta = f.metadata().map_err(unreadable)?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    Ok((f, meta))
}

fn file_id(meta: &fs::Metadata) -> Option<FileId> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
}

/// Calls `line(start, bytes, complete)` for each line of `f` from `from`
/// to `to`; a line without its newline at the end is passed with
/// `complete` false. Lines over [`MAX_LINE_BYTES`] are an error. Stops when
/// `line` says so; returns the offset after the last line it took.
fn read_lines(
    f: &mut fs::File,
    from: u64,
    to: u64,
    file: &str,
    mut line: impl FnMut(u64, &[u8], bool) -> Result<bool, ApiError>,
) -> Result<u64, ApiError> {
    let unreadable = |e: std::io::Error| ApiError::unprocessable(format!("reading {file}: {e}"));
    f.seek(SeekFrom::Start(from)).map_err(unreadable)?;
    let mut reader = f.take(to.saturating_sub(from));
    let mut chunk = vec![0u8; 1 << 16];
    let mut pending: Vec<u8> = Vec::new();
    let mut pending_start = from;
    let mut taken = from;
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
            Err(e) => return Err(unreadable(e)),
        };
        let mut rest = &chunk[..n];
        while let Some(end) = rest.iter().position(|&b| b == b'\n') {
            pending.extend_from_slice(&rest[..end]);
            rest = &rest[end + 1..];
            let next = pending_start + pending.len() as u64 + 1;
            if !line(pending_start, &pending, true)? {
                return Ok(next);
            }
            taken = next;
            pending.clear();
            pending_start = next;
        }
        pending.extend_from_slice(rest);
        if pending.len() > MAX_LINE_BYTES {
            return Err(ApiError::unprocessable(format!(
                "{file} has a line longer than {MAX_LINE_BYTES} bytes at byte {pending_start}"
            )));
        }
    }
    if !pending.is_empty() && line(pending_start, &pending, false)? {
        taken = pending_start + pending.len() as u64;
    }
    Ok(taken)
}

impl Journal {
    /// Reads what was appended to `path` since the last call.
    fn update(&mut self, path: &Path) -> Result<(), ApiError> {
        let (mut f, meta) = open_regular(path, "games.jsonl")?;
        let id = file_id(&meta);
        let len = meta.len();
        if id != self.file || len < self.offset {
            // Replaced or truncated: read it again from the start.
            *self = Journal {
                file: id,
                last_used: self.last_used,
                ..Journal::default()
            };
        }
        if len == self.offset && !self.torn {
            return self.error.clone().map_or(Ok(()), Err);
        }
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        self.torn = false;
        let mut lines = self.lines;
        let mut games = std::mem::take(&mut self.games);
        let mut names = std::mem::take(&mut self.names);
        let mut words = std::mem::take(&mut self.words);
        let mut torn = false;
        let result = read_lines(
            &mut f,
            self.offset,
            len,
            "games.jsonl",
            |start, bytes, complete| {
                if bytes.iter().all(u8::is_ascii_whitespace) {
                    if complete {
                        lines += 1;
                    }
                    return Ok(complete);
                }
                let record = match serde_json::from_slice::<GameRecord>(bytes) {
                    Ok(record) => record,
                    Err(_) if !complete => {
                        torn = true;
                        return Ok(false);
                    }
                    Err(e) => {
                        return Err(ApiError::unprocessable(format!(
                            "games.jsonl line {}: expected one game record as a JSON object: {e}",
                            lines + 1
                        )))
                    }
                };
                if games.len() >= MAX_GAMES {
                    return Err(ApiError::unprocessable(format!(
                        "games.jsonl holds more than {MAX_GAMES} games, more than a run page tabulates; \
                     read it with arena ratings or the tournament's summary"
                    )));
                }
                let mut id_of = |name: String| -> Result<u16, ApiError> {
                    if let Some(i) = names.iter().position(|n| *n == name) {
                        return Ok(i as u16);
                    }
                    if names.len() >= 2 * MAX_PLAYERS {
                        return Err(ApiError::unprocessable(format!(
                        "games.jsonl line {}: more than {} player names; a run page tabulates at most {MAX_PLAYERS} players",
                        lines + 1,
                        2 * MAX_PLAYERS
                    )));
                    }
                    names.push(name);
                    Ok((names.len() - 1) as u16)
                };
                let players = [id_of(record.players.first)?, id_of(record.players.second)?];
                let mut word_of = |word: String| -> u16 {
                    if let Some(i) = words.iter().position(|w| **w == *word) {
                        return i as u16;
                    }
                    if words.len() >= MAX_WORDS {
                        // A journal with this many reasons was not written by
                        // a tournament; the page shows the last kept one.
                        return (MAX_WORDS - 1) as u16;
                    }
                    let mut word = word;
                    if word.len() > 200 {
                        let mut cut = 200;
                        while !word.is_char_boundary(cut) {
                            cut -= 1;
                        }
                        word.truncate(cut);
                    }
                    words.push(word.into_boxed_str());
                    (words.len() - 1) as u16
                };
                let reason = word_of(record.reason);
                let winner_colour = record.winner_colour.map(&mut word_of);
                games.push(Slim {
                    index: record.index,
                    offset: start,
                    players,
                    result: record.result,
                    winner_colour,
                    reason,
                    plies: u32::try_from(record.plies.len()).unwrap_or(u32::MAX),
                    time_ms: [record.time_ms.first, record.time_ms.second],
                });
                if complete {
                    lines += 1;
                }
                Ok(true)
            },
        );
        self.games = games;
        self.names = names;
        self.words = words;
        match result {
            Ok(offset) => {
                self.offset = offset;
                self.lines = lines;
                self.torn = torn;
                Ok(())
            }
            Err(e) => {
                // Refused until it changes: nothing of it is kept.
                self.games = Vec::new();
                self.names = Vec::new();
                self.words = Vec::new();
                self.table = None;
                self.error = Some(e.clone());
                Err(e)
            }
        }
    }

    /// The games as records the tournament library tabulates (no plies).
    fn records(&self) -> Vec<GameRecord> {
        self.games
            .iter()
            .map(|g| GameRecord {
                index: g.index,
                spec: String::new(),
                players: Seats {
                    first: self.names[usize::from(g.players[0])].clone(),
                    second: self.names[usize::from(g.players[1])].clone(),
                },
                engines: Seats {
                    first: String::new(),
                    second: String::new(),
                },
                seed: 0,
                opening: Vec::new(),
                plies: Vec::new(),
                result: g.result,
                winner_colour: None,
                reason: String::new(),
                time_ms: Seats {
                    first: g.time_ms[0],
                    second: g.time_ms[1],
                },
                ply_ms: Vec::new(),
                clock_ms: None,
            })
            .collect()
    }

    fn game_json(&self, g: &Slim) -> Value {
        json!({
            "index": g.index,
            "players": [&self.names[usize::from(g.players[0])], &self.names[usize::from(g.players[1])]],
            "result": g.result,
            "winner_colour": g.winner_colour.map(|w| &self.words[usize::from(w)]),
            "reason": &self.words[usize::from(g.reason)],
            "plies": g.plies,
            "offset": g.offset,
        })
    }
}

impl Runs {
    /// The runs under `root`, which may be made after the server starts.
    pub fn new(root: &Path) -> Runs {
        Runs {
            given: root.to_path_buf(),
            journals: Mutex::default(),
            counts: Mutex::default(),
        }
    }

    pub(crate) fn root(&self) -> Result<PathBuf, ApiError> {
        fs::canonicalize(&self.given)
            .ok()
            .filter(|p| p.is_dir())
            .ok_or_else(|| {
                ApiError::not_found(format!(
                    "the runs folder {} does not exist (yet): arena tournament --out {}/NAME makes it",
                    self.given.display(),
                    self.given.display()
                ))
            })
    }

    /// The folder `name`, checked to be a directory under the root.
    pub(crate) fn folder(&self, root: &Path, name: &str) -> Result<PathBuf, ApiError> {
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
    pub(crate) fn locate(root: &Path, dir: &Path, file: &str) -> Result<Option<PathBuf>, ApiError> {
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

    /// Reads a settings file of `dir` if it exists, up to
    /// [`MAX_CONFIG_BYTES`].
    pub(crate) fn read_small(root: &Path, dir: &Path, file: &str) -> Result<Option<String>, ApiError> {
        let Some(path) = Self::locate(root, dir, file)? else {
            return Ok(None);
        };
        let (f, meta) = open_regular(&path, file)?;
        if meta.len() > MAX_CONFIG_BYTES {
            return Err(ApiError::unprocessable(format!(
                "{file} is larger than {MAX_CONFIG_BYTES} bytes"
            )));
        }
        let mut bytes = Vec::new();
        f.take(MAX_CONFIG_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| ApiError::unprocessable(format!("reading {file}: {e}")))?;
        if bytes.len() as u64 > MAX_CONFIG_BYTES {
            return Err(ApiError::unprocessable(format!(
                "{file} is larger than {MAX_CONFIG_BYTES} bytes"
            )));
        }
        String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| ApiError::unprocessable(format!("{file} is not UTF-8 text")))
    }

    /// The settings of a run folder, with the player and pairing caps.
    fn config(root: &Path, dir: &Path) -> Result<TournamentConfig, ApiError> {
        let config = match Self::read_small(root, dir, "tournament.json")? {
            Some(text) => parse_config_json(&text).map_err(|e| ApiError::unprocessable(e.to_string()))?,
            None => match Self::read_small(root, dir, "summary.json")? {
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
        let players = config.players.len();
        if players > MAX_PLAYERS {
            return Err(ApiError::unprocessable(format!(
                "this run has {players} players; a run page tabulates at most {MAX_PLAYERS}"
            )));
        }
        let pairings = pairings(&config);
        if pairings > MAX_PAIRINGS as u64 {
            return Err(ApiError::unprocessable(format!(
                "this run has {pairings} pairings; a run page tabulates at most {MAX_PAIRINGS}"
            )));
        }
        Ok(config)
    }

    /// Runs `f` on the journal of `dir`, brought up to date.
    fn with_journal<T>(
        &self,
        root: &Path,
        dir: &Path,
        f: impl FnOnce(&mut Journal) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let path = Self::locate(root, dir, "games.jsonl")?;
        let mut cache = self
            .journals
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        cache.tick += 1;
        let tick = cache.tick;
        let Some(path) = path else {
            cache.runs.remove(&dir.join("games.jsonl"));
            return f(&mut Journal::default());
        };
        if !cache.runs.contains_key(&path) && cache.runs.len() >= CACHED_RUNS {
            let oldest = cache
                .runs
                .iter()
                .min_by_key(|(_, j)| j.last_used)
                .map(|(p, _)| p.clone());
            if let Some(oldest) = oldest {
                cache.runs.remove(&oldest);
            }
        }
        let journal = cache.runs.entry(path.clone()).or_default();
        journal.last_used = tick;
        journal.update(&path)?;
        f(journal)
    }

    /// Whole lines of a journal, counted without parsing (for the list).
    fn count_games(&self, root: &Path, dir: &Path) -> Result<u64, ApiError> {
        let Some(path) = Self::locate(root, dir, "games.jsonl")? else {
            return Ok(0);
        };
        let (mut f, meta) = open_regular(&path, "games.jsonl")?;
        let mut counts = self
            .counts
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut count = counts.get(&path).copied().unwrap_or_default();
        let id = file_id(&meta);
        if count.file != id || meta.len() < count.offset {
            count = LineCount {
                file: id,
                ..LineCount::default()
            };
        }
        let mut lines = count.lines;
        count.offset = read_lines(
            &mut f,
            count.offset,
            meta.len(),
            "games.jsonl",
            |_, bytes, complete| {
                if complete && !bytes.iter().all(u8::is_ascii_whitespace) {
                    lines += 1;
                }
                Ok(complete)
            },
        )?;
        count.lines = lines;
        if counts.len() >= MAX_RUNS_LISTED && !counts.contains_key(&path) {
            counts.clear();
        }
        counts.insert(path, count);
        Ok(count.lines)
    }

    /// `GET /api/runs`: every tournament folder with its settings and
    /// progress; folders that cannot be read are listed with their error.
    /// Journals are not parsed: their whole lines are counted, from where
    /// the last count stopped.
    pub fn list(&self) -> Result<Value, ApiError> {
        let root = self.root()?;
        let entries = fs::read_dir(&root)
            .map_err(|e| ApiError::unprocessable(format!("reading the runs folder: {e}")))?;
        let mut runs = Vec::new();
        let mut skipped = Vec::new();
        let mut more = false;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !plain_name(&name) {
                if !name.starts_with('.') && skipped.len() < MAX_RUNS_LISTED {
                    skipped.push(name);
                }
                continue;
            }
            let Ok(dir) = self.folder(&root, &name) else {
                continue;
            };
            if runs.len() >= MAX_RUNS_LISTED {
                more = true;
                break;
            }
            let modified = fs::metadata(dir.join("games.jsonl"))
                .or_else(|_| fs::metadata(&dir))
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_secs());
            let row = Self::config(&root, &dir).and_then(|config| {
                let played = self.count_games(&root, &dir)?;
                Ok(json!({
                    "name": name,
                    "spec": config.spec,
                    "players": config.players.iter().map(|p| &p.name).collect::<Vec<_>>(),
                    "format": config.format,
                    "games_played": played,
                    "games_total": expected_games(&config),
                    "modified": modified,
                }))
            });
            match row {
                Ok(row) => runs.push(row),
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
        Ok(json!({"runs": runs, "skipped": skipped, "more": more}))
    }

    /// `GET /api/runs/NAME[?since=OFFSET]`: the settings, the table from
    /// the games so far (standings, per pairing the score, Elo and nElo
    /// with their 95% intervals and the pentanomial counts, and the rating
    /// list of a round-robin of three or more), the latest games and the
    /// journal `offset` read so far. With `since` (an earlier answer's
    /// `offset`) only the games recorded after it are listed, and an
    /// answer with nothing new says `"changed": false` and carries no
    /// table.
    pub fn show(&self, name: &str, since: Option<u64>) -> Result<Value, ApiError> {
        let root = self.root()?;
        let dir = self.folder(&root, name)?;
        let config = Self::config(&root, &dir)?;
        self.with_journal(&root, &dir, |journal| {
            let offset = journal.offset;
            let played = journal.games.len();
            let base = json!({
                "name": name,
                "offset": offset,
                "games_played": played,
                "games_total": expected_games(&config),
                "writing": journal.torn,
            });
            // An offset past the end: the journal was replaced; start over.
            let since = since.filter(|&s| s <= offset);
            if since == Some(offset) {
                let mut v = base;
                v["changed"] = json!(false);
                return Ok(v);
            }
            let table = match &journal.table {
                Some((at, table)) if *at == offset => table.clone(),
                _ => {
                    let table = table_json(&config, &journal.records());
                    journal.table = Some((offset, table.clone()));
                    table
                }
            };
            let first_new = since.map_or(0, |s| journal.games.partition_point(|g| g.offset < s));
            let from = first_new.max(played.saturating_sub(MAX_LISTED_GAMES));
            let games: Vec<Value> = journal.games[from..]
                .iter()
                .map(|g| journal.game_json(g))
                .collect();
            let mut v = base;
            v["changed"] = json!(true);
            v["reset"] = json!(since.is_none());
            v["config"] = json!(config);
            v["standings"] = table["standings"].clone();
            v["pairings"] = table["pairings"].clone();
            v["ratings"] = table["ratings"].clone();
            v["games"] = json!(games);
            Ok(v)
        })
    }

    /// `GET /api/runs/NAME/games/INDEX`: one game record, read from its
    /// line of the journal.
    pub fn game(&self, name: &str, index: &str) -> Result<Value, ApiError> {
        let index: u64 = index.parse().map_err(|_| {
            ApiError::bad_request(format!("bad game index {index:?}: expected a whole number"))
        })?;
        let root = self.root()?;
        let dir = self.folder(&root, name)?;
        Self::config(&root, &dir)?;
        let offset = self.with_journal(&root, &dir, |journal| {
            journal
                .games
                .iter()
                .find(|g| g.index == index)
                .map(|g| g.offset)
                .ok_or_else(|| ApiError::not_found(format!("run {name:?} has no game {index}")))
        })?;
        let Some(path) = Self::locate(&root, &dir, "games.jsonl")? else {
            return Err(ApiError::not_found(format!("run {name:?} has no game {index}")));
        };
        let (mut f, meta) = open_regular(&path, "games.jsonl")?;
        let mut found = None;
        read_lines(&mut f, offset, meta.len(), "games.jsonl", |_, bytes, _| {
            found = Some(serde_json::from_slice::<GameRecord>(bytes));
            Ok(false)
        })?;
        match found {
            Some(Ok(game)) if game.index == index => {
                serde_json::to_value(game).map_err(|e| ApiError::unprocessable(e.to_string()))
            }
            _ => Err(ApiError::unprocessable(format!(
                "games.jsonl of run {name:?} changed while game {index} was read; try again"
            ))),
        }
    }
}

#[cfg(test)]
mod tests;
