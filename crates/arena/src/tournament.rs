//! Tournaments: scheduling, playing games in parallel, recording them,
//! resuming, sharding and merging, and the final table.
//!
//! The schedule is fixed by the settings alone: game `index` belongs to
//! round `index / (2P)` (P pairings), pairing `(index % 2P) / 2`, and plays
//! with the colours exchanged when `index` is odd. Both games of a round
//! start from the same seeded random opening, and every pairing sees the
//! same openings. Indices never change when `--games` grows, so a
//! directory can be resumed or extended, and shards (`index % N`) merged.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs::{self, File, OpenOptions};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use abstracta::registry::{with_game, GameVisitor};
use abstracta_core::{Game, PlyBuf, Seat, Status};
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::engine::{mix_seed, BuildOptions, EngineSpec, Player};
use crate::error::ArenaError;
use crate::records::{
    parse_config_json, parse_games_jsonl, GameRecord, GameResult, PairingSummary, PlayerEntry, SeatResults,
    Seats, Summary, TournamentConfig,
};
use crate::stats::{Sprt, SprtState, ELO_LIMIT};

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every player against every other.
    RoundRobin,
    /// The first player against each of the others.
    Gauntlet,
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        match s {
            "round-robin" | "roundrobin" | "rr" => Ok(Format::RoundRobin),
            "gauntlet" => Ok(Format::Gauntlet),
            _ => Err(format!("unknown format {s:?}: expected round-robin or gauntlet")),
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Format::RoundRobin => "round-robin",
            Format::Gauntlet => "gauntlet",
        })
    }
}

/// One shard of a schedule: games whose `index % count == number - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1-based shard number.
    pub number: u64,
    /// How many shards there are.
    pub count: u64,
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("bad shard {s:?}: expected I/N with 1 <= I <= N, e.g. 2/8");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let number: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if number == 0 || number > count {
            return Err(bad());
        }
        Ok(Shard { number, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.number, self.count)
    }
}

/// Parses `--openings`: `random:PLIES` or `none`.
pub fn parse_openings(s: &str) -> Result<u32, String> {
    if s == "none" {
        return Ok(0);
    }
    s.strip_prefix("random:")
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n <= 1000)
        .ok_or_else(|| format!("bad openings {s:?}: expected random:PLIES (0 to 1000) or none"))
}

/// Everything a tournament needs.
#[derive(Clone, Debug)]
pub struct TournamentSettings {
    /// The game spec.
    pub spec: String,
    /// The players: name and engine spec.
    pub players: Vec<(String, String)>,
    /// Games per pairing.
    pub games: u64,
    /// Games played at once (default: cores / engine threads).
    pub concurrency: Option<usize>,
    /// The base seed.
    pub seed: u64,
    /// Random opening plies per game pair.
    pub opening_plies: u32,
    /// Who plays whom.
    pub format: Format,
    /// An SPRT to run on every pairing (stopping it when decided).
    pub sprt: Option<Sprt>,
    /// The directory to record into (and resume from).
    pub out: Option<PathBuf>,
    /// Play only this shard of the schedule.
    pub shard: Option<Shard>,
    /// How long an external engine may take for one answer.
    pub timeout: Duration,
    /// Show a progress bar (only drawn when stderr is a terminal).
    pub progress: bool,
}

/// Validated players and pairings.
struct Plan {
    config: TournamentConfig,
    engines: Vec<EngineSpec>,
    pairings: Vec<(usize, usize)>,
}

fn pairings_of(n: usize, format: Format) -> Vec<(usize, usize)> {
    match format {
        Format::RoundRobin => (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect(),
        Format::Gauntlet => (1..n).map(|j| (0, j)).collect(),
    }
}

fn plan(settings: &TournamentSettings) -> Result<Plan, ArenaError> {
    let spec = abstracta::registry::canonical_spec(&settings.spec)?;
    if settings.players.len() < 2 {
        return Err(ArenaError::usage(
            "a tournament needs at least two players: --player NAME=ENGINE --player NAME=ENGINE",
        ));
    }
    let mut engines = Vec::new();
    let mut names = BTreeSet::new();
    for (name, engine) in &settings.players {
        if name.is_empty() || name.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(ArenaError::usage(format!(
                "bad player name {name:?}: expected a non-empty name without spaces"
            )));
        }
        if !names.insert(name.clone()) {
            return Err(ArenaError::usage(format!("player name {name:?} is used twice")));
        }
        engines.push(engine.parse::<EngineSpec>()?);
    }
    if settings.games == 0 {
        return Err(ArenaError::usage("--games must be at least 1"));
    }
    let config = TournamentConfig {
        spec,
        players: settings
            .players
            .iter()
            .zip(&engines)
            .map(|((name, _), e)| PlayerEntry {
                name: name.clone(),
                engine: e.to_string(),
            })
            .collect(),
        format: settings.format.to_string(),
        seed: settings.seed,
        opening_plies: settings.opening_plies,
        games: settings.games,
        shard: settings.shard.map(|s| s.to_string()),
    };
    let pairings = pairings_of(engines.len(), settings.format);
    Ok(Plan {
        config,
        engines,
        pairings,
    })
}

/// Where game `index` sits in the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    index: u64,
    round: u64,
    pairing: usize,
    /// The pairing's second player takes the first seat.
    exchanged: bool,
}

fn slot(index: u64, pairings: usize) -> Slot {
    let per_round = 2 * pairings as u64;
    let within = index % per_round;
    Slot {
        index,
        round: index / per_round,
        pairing: (within / 2) as usize,
        exchanged: within % 2 == 1,
    }
}

/// The schedule indices of a tournament (all shards), in order.
fn schedule(games: u64, pairings: usize) -> impl Iterator<Item = Slot> {
    let rounds = games.div_ceil(2);
    (0..rounds * 2 * pairings as u64)
        .map(move |i| slot(i, pairings))
        .filter(move |s| 2 * s.round + u64::from(s.exchanged) < games)
}

/// Reads an existing `games.jsonl`, dropping (and cutting off) a last line
/// left unfinished by a killed run.
fn load_games(path: &Path) -> Result<Vec<GameRecord>, ArenaError> {
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

fn to_json<T: serde::Serialize>(value: &T) -> String {
    // Serialising plain data with string keys cannot fail.
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}

/// Prepares `dir`: checks or writes `tournament.json`, returns the games
/// already recorded.
fn open_dir(dir: &Path, config: &TournamentConfig) -> Result<Vec<GameRecord>, ArenaError> {
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

/// Runs a tournament; returns its summary (also written to `--out`).
pub fn run(settings: &TournamentSettings) -> Result<Summary, ArenaError> {
    let plan = plan(settings)?;
    let mut records = match &settings.out {
        Some(dir) => open_dir(dir, &plan.config)?,
        None => Vec::new(),
    };
    // Keep one record per index (a merge of overlapping runs may repeat).
    let mut seen = BTreeSet::new();
    records.retain(|r| seen.insert(r.index));
    let todo: Vec<Slot> = schedule(settings.games, plan.pairings.len())
        .filter(|s| {
            settings
                .shard
                .map_or(true, |sh| s.index % sh.count == sh.number - 1)
        })
        .filter(|s| !seen.contains(&s.index))
        .collect();
    if !records.is_empty() {
        eprintln!(
            "resuming: {} games already recorded, {} to play",
            records.len(),
            todo.len()
        );
    }
    let threads = plan.engines.iter().map(EngineSpec::threads).max().unwrap_or(1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let concurrency = settings.concurrency.unwrap_or((cores / threads).max(1)).max(1);
    if concurrency * threads > cores {
        eprintln!(
            "warning: {concurrency} games at once x {threads} engine threads = {} threads on {cores} cores; \
             results of time-limited engines will suffer",
            concurrency * threads
        );
    }
    let runner = Runner {
        settings,
        plan: &plan,
        todo,
        concurrency,
        records: &mut records,
    };
    with_game(&plan.config.spec, runner)??;
    let summary = summarize(&plan.config, &records, settings.sprt);
    if let Some(dir) = &settings.out {
        write_atomically(&dir.join("summary.json"), &to_json(&summary))?;
    }
    Ok(summary)
}

struct Runner<'a> {
    settings: &'a TournamentSettings,
    plan: &'a Plan,
    todo: Vec<Slot>,
    concurrency: usize,
    records: &'a mut Vec<GameRecord>,
}

impl GameVisitor for Runner<'_> {
    type Output = Result<(), ArenaError>;

    fn visit<G: Game>(self, options: G::Options) -> Result<(), ArenaError> {
        let Runner {
            settings,
            plan,
            todo,
            concurrency,
            records,
        } = self;
        let mut journal = match &settings.out {
            Some(dir) => {
                let path = dir.join("games.jsonl");
                Some(
                    OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(&path)
                        .map_err(|e| ArenaError::io(format!("opening {}", path.display()), e))?,
                )
            }
            None => None,
        };
        let total = todo.len() as u64;
        let bar = if settings.progress && std::io::stderr().is_terminal() && total > 0 {
            let bar = ProgressBar::new(total);
            if let Ok(style) = ProgressStyle::with_template(
                "{bar:30.cyan/blue} {pos}/{len} games [{elapsed_precise} < {eta}] {msg}",
            ) {
                bar.set_style(style);
            }
            bar
        } else {
            ProgressBar::hidden()
        };
        let stopped: Vec<AtomicBool> = plan.pairings.iter().map(|_| AtomicBool::new(false)).collect();
        let mut tallies = Tallies::new(&plan.config);
        for r in records.iter() {
            tallies.add(r);
        }
        if let Some(sprt) = settings.sprt {
            for (i, t) in tallies.tallies.iter().enumerate() {
                if t.summary(Some(sprt))
                    .sprt
                    .is_some_and(|r| r.state != SprtState::Continue)
                {
                    stopped[i].store(true, Ordering::Relaxed);
                }
            }
        }
        let queue = Mutex::new(VecDeque::from(todo));
        let (tx, rx) = mpsc::channel::<Result<GameRecord, (u64, String)>>();
        let mut panics = Vec::new();
        let mut write_error = None;
        std::thread::scope(|scope| {
            for _ in 0..concurrency {
                let tx = tx.clone();
                let queue = &queue;
                let stopped = &stopped;
                let options = options.clone();
                scope.spawn(move || loop {
                    let next = queue.lock().ok().and_then(|mut q| q.pop_front());
                    let Some(slot) = next else { break };
                    if stopped[slot.pairing].load(Ordering::Relaxed) {
                        continue;
                    }
                    // A panic (a bug in a game or engine) loses only this
                    // game's record: it is reported and replayed on resume.
                    let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        play_scheduled::<G>(settings, plan, &options, slot)
                    }));
                    let message = match played {
                        Ok(record) => Ok(record),
                        Err(panic) => Err((slot.index, panic_text(panic.as_ref()))),
                    };
                    if tx.send(message).is_err() {
                        break;
                    }
                });
            }
            drop(tx);
            for message in rx {
                let record = match message {
                    Ok(record) => record,
                    Err((index, why)) => {
                        bar.suspend(|| eprintln!("error: game {index} panicked: {why}"));
                        panics.push(index);
                        continue;
                    }
                };
                if let Some(file) = journal.as_mut() {
                    let line = serde_json::to_string(&record).unwrap_or_default() + "\n";
                    if let Err(e) = file.write_all(line.as_bytes()).and_then(|_| file.flush()) {
                        write_error = Some(ArenaError::io("appending to games.jsonl", e));
                        // Stop handing out games; the ones running finish.
                        if let Ok(mut q) = queue.lock() {
                            q.clear();
                        }
                    }
                }
                let pairing = tallies.add(&record);
                records.push(record);
                bar.inc(1);
                if let Some(p) = pairing {
                    let summary = tallies.tallies[p].summary(settings.sprt);
                    bar.set_message(progress_message(&summary));
                    if summary.sprt.is_some_and(|r| r.state != SprtState::Continue) {
                        stopped[p].store(true, Ordering::Relaxed);
                    }
                }
            }
        });
        bar.finish_and_clear();
        if let Some(e) = write_error {
            return Err(e);
        }
        if !panics.is_empty() {
            return Err(ArenaError::Failed(format!(
                "{} games panicked (schedule indices {:?}); they are not recorded and a rerun with the same --out plays them again",
                panics.len(),
                panics
            )));
        }
        Ok(())
    }
}

fn progress_message(p: &PairingSummary) -> String {
    let sprt = p
        .sprt
        .map(|s| format!(", LLR {:.2} ({})", s.llr, s.state))
        .unwrap_or_default();
    format!(
        "{} vs {}: +{} ={} -{}, Elo {}{sprt}",
        p.a,
        p.b,
        p.a_wins,
        p.draws,
        p.b_wins,
        elo_text(p.elo)
    )
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_owned()
    }
}

/// The random opening of `round`: `plies` seeded random plies that do not
/// end the game (fewer if every ply would).
fn opening<G: Game>(options: &G::Options, seed: u64, round: u64, plies: u32) -> Vec<G::Ply> {
    let mut rng = SmallRng::seed_from_u64(mix_seed(seed, round));
    let mut game = G::new(options.clone());
    let mut out = Vec::new();
    let mut legal = PlyBuf::new();
    for _ in 0..plies {
        game.legal_plies(&mut legal);
        let mut candidates: Vec<G::Ply> = legal.to_vec();
        let mut chosen = None;
        while !candidates.is_empty() {
            let ply = candidates.swap_remove(rng.gen_range(0..candidates.len()));
            let mut next = game.clone();
            next.play_unchecked(ply);
            if next.status().is_ongoing() {
                chosen = Some(ply);
                break;
            }
        }
        let Some(ply) = chosen else { break };
        game.play_unchecked(ply);
        out.push(ply);
    }
    out
}

fn play_scheduled<G: Game>(
    settings: &TournamentSettings,
    plan: &Plan,
    options: &G::Options,
    slot: Slot,
) -> GameRecord {
    let (a, b) = plan.pairings[slot.pairing];
    let (first, second) = if slot.exchanged { (b, a) } else { (a, b) };
    let game_seed = mix_seed(settings.seed, 1_000_003 + slot.index);
    let opening = opening::<G>(options, settings.seed, slot.round, settings.opening_plies);
    let build = |player: usize, seat: u64| {
        plan.engines[player].build::<G>(&BuildOptions {
            game_spec: plan.config.spec.clone(),
            seed: mix_seed(game_seed, seat),
            timeout: settings.timeout,
        })
    };
    let names = Seats {
        first: plan.config.players[first].name.clone(),
        second: plan.config.players[second].name.clone(),
    };
    let engines = Seats {
        first: plan.config.players[first].engine.clone(),
        second: plan.config.players[second].engine.clone(),
    };
    let outcome = match (build(first, 0), build(second, 1)) {
        (Ok(p1), Ok(p2)) => referee::<G>(options, &opening, [p1, p2], &names),
        (Err(e), _) => forfeit_before_start(Seat::First, &names, &e.to_string()),
        (_, Err(e)) => forfeit_before_start(Seat::Second, &names, &e.to_string()),
    };
    GameRecord {
        index: slot.index,
        spec: plan.config.spec.clone(),
        players: names,
        engines,
        seed: game_seed,
        opening: opening.iter().map(|p| p.to_string()).collect(),
        plies: outcome.plies,
        result: outcome.result,
        winner_colour: outcome.winner_colour,
        reason: outcome.reason,
        time_ms: outcome.time_ms,
    }
}

/// How a refereed game ended.
struct Played {
    plies: Vec<String>,
    result: GameResult,
    winner_colour: Option<String>,
    reason: String,
    time_ms: Seats<f64>,
}

fn seat_name(seat: Seat, names: &Seats<String>) -> String {
    let name = match seat {
        Seat::First => &names.first,
        Seat::Second => &names.second,
    };
    format!("{seat} player ({name})")
}

fn forfeit_before_start(seat: Seat, names: &Seats<String>, why: &str) -> Played {
    Played {
        plies: Vec::new(),
        result: winner_result(seat.opponent()),
        winner_colour: None,
        reason: format!("forfeit: {} could not start: {why}", seat_name(seat, names)),
        time_ms: Seats {
            first: 0.0,
            second: 0.0,
        },
    }
}

fn winner_result(seat: Seat) -> GameResult {
    match seat {
        Seat::First => GameResult::First,
        Seat::Second => GameResult::Second,
    }
}

/// Plays one game between two engines (by seat) from `opening`. An engine
/// error or an illegal ply loses the game for that seat.
fn referee<G: Game>(
    options: &G::Options,
    opening: &[G::Ply],
    mut players: [Box<dyn Player<G>>; 2],
    names: &Seats<String>,
) -> Played {
    let mut game = G::new(options.clone());
    let mut history: Vec<G::Ply> = Vec::new();
    for &ply in opening {
        game.play_unchecked(ply);
        history.push(ply);
    }
    let mut time = [Duration::ZERO; 2];
    let mut forfeit: Option<(Seat, String)> = None;
    while game.status().is_ongoing() {
        let seat = game.to_move_seat();
        let started = Instant::now();
        let choice = players[seat.index()].genmove(&game, &history);
        time[seat.index()] += started.elapsed();
        match choice {
            Ok(choice) => match game.play(choice.ply) {
                Ok(()) => history.push(choice.ply),
                Err(e) => {
                    forfeit = Some((seat, format!("played an illegal ply: {e}")));
                    break;
                }
            },
            Err(e) => {
                forfeit = Some((seat, e.to_string()));
                break;
            }
        }
    }
    let plies = history.iter().map(|p| p.to_string()).collect();
    let time_ms = Seats {
        first: time[0].as_secs_f64() * 1000.0,
        second: time[1].as_secs_f64() * 1000.0,
    };
    match forfeit {
        Some((seat, why)) => Played {
            plies,
            result: winner_result(seat.opponent()),
            winner_colour: Some(game.colour_of(seat.opponent()).name().to_owned()),
            reason: format!("forfeit: {} {why}", seat_name(seat, names)),
            time_ms,
        },
        None => {
            let status = game.status();
            let (result, termination) = match status {
                Status::Finished {
                    outcome: abstracta_core::Outcome::Win { seat, .. },
                    termination,
                } => (winner_result(seat), termination),
                Status::Finished { termination, .. } => (GameResult::Draw, termination),
                Status::Ongoing => (GameResult::Draw, abstracta_core::Termination::Rules),
            };
            Played {
                plies,
                result,
                winner_colour: status.winner_colour().map(|c| c.name().to_owned()),
                reason: termination.to_string(),
                time_ms,
            }
        }
    }
}

/// The running results of one pairing.
#[derive(Clone, Debug)]
struct Tally {
    p: PairingSummary,
}

impl Tally {
    fn new(a: &str, b: &str) -> Tally {
        Tally {
            p: PairingSummary {
                a: a.to_owned(),
                b: b.to_owned(),
                games: 0,
                a_wins: 0,
                draws: 0,
                b_wins: 0,
                score: 0.5,
                elo: 0.0,
                elo_low: 0.0,
                elo_high: 0.0,
                los: 0.5,
                a_first: SeatResults::default(),
                a_second: SeatResults::default(),
                first_seat_wins: 0,
                second_seat_wins: 0,
                colour_wins: BTreeMap::new(),
                forfeits: BTreeMap::new(),
                time_ms: BTreeMap::new(),
                sprt: None,
            },
        }
    }

    /// Adds a game of this pairing.
    fn add(&mut self, r: &GameRecord) {
        let p = &mut self.p;
        let a_first = r.players.first == p.a;
        p.games += 1;
        *p.time_ms.entry(r.players.first.clone()).or_insert(0.0) += r.time_ms.first;
        *p.time_ms.entry(r.players.second.clone()).or_insert(0.0) += r.time_ms.second;
        let seat_results = if a_first { &mut p.a_first } else { &mut p.a_second };
        match r.result {
            GameResult::Draw => {
                p.draws += 1;
                seat_results.draws += 1;
            }
            GameResult::First | GameResult::Second => {
                let first_won = r.result == GameResult::First;
                if first_won {
                    p.first_seat_wins += 1;
                } else {
                    p.second_seat_wins += 1;
                }
                if first_won == a_first {
                    p.a_wins += 1;
                    seat_results.wins += 1;
                } else {
                    p.b_wins += 1;
                    seat_results.losses += 1;
                }
                if let Some(c) = &r.winner_colour {
                    *p.colour_wins.entry(c.clone()).or_insert(0) += 1;
                }
                if r.reason.starts_with("forfeit") {
                    let loser = if first_won {
                        &r.players.second
                    } else {
                        &r.players.first
                    };
                    *p.forfeits.entry(loser.clone()).or_insert(0) += 1;
                }
            }
        }
    }

    /// The summary with Elo, LOS and SPRT filled in.
    fn summary(&self, sprt: Option<Sprt>) -> PairingSummary {
        let mut p = self.p.clone();
        let wdl = p.wdl();
        let e = wdl.elo();
        p.score = wdl.score();
        p.elo = e.elo;
        p.elo_low = e.low;
        p.elo_high = e.high;
        p.los = wdl.los();
        p.sprt = sprt.map(|s| s.evaluate(&wdl));
        p
    }
}

/// The running results of every pairing of a tournament.
struct Tallies {
    /// Player names to indices.
    players: BTreeMap<String, usize>,
    /// Pairing of each unordered pair of player indices.
    pairing: BTreeMap<(usize, usize), usize>,
    tallies: Vec<Tally>,
}

impl Tallies {
    fn new(config: &TournamentConfig) -> Tallies {
        let format: Format = config.format.parse().unwrap_or(Format::RoundRobin);
        let pairings = pairings_of(config.players.len(), format);
        Tallies {
            players: config
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| (p.name.clone(), i))
                .collect(),
            pairing: pairings.iter().enumerate().map(|(i, &ab)| (ab, i)).collect(),
            tallies: pairings
                .iter()
                .map(|&(a, b)| Tally::new(&config.players[a].name, &config.players[b].name))
                .collect(),
        }
    }

    /// The pairing a game belongs to.
    fn pairing_of(&self, r: &GameRecord) -> Option<usize> {
        let x = *self.players.get(&r.players.first)?;
        let y = *self.players.get(&r.players.second)?;
        self.pairing.get(&(x.min(y), x.max(y))).copied()
    }

    /// Adds a game; returns its pairing.
    fn add(&mut self, r: &GameRecord) -> Option<usize> {
        let i = self.pairing_of(r)?;
        self.tallies[i].add(r);
        Some(i)
    }
}

/// Computes the summary of a tournament from its game records.
pub fn summarize(config: &TournamentConfig, records: &[GameRecord], sprt: Option<Sprt>) -> Summary {
    let mut tallies = Tallies::new(config);
    for r in records {
        tallies.add(r);
    }
    let pairings = tallies.tallies.iter().map(|t| t.summary(sprt)).collect();
    Summary {
        config: config.clone(),
        games_played: records.len() as u64,
        pairings,
    }
}

fn wdl_text(r: &SeatResults) -> String {
    format!("+{} ={} -{}", r.wins, r.draws, r.losses)
}

/// An Elo value for the table; the clamped extremes print as infinite.
fn elo_text(elo: f64) -> String {
    if elo >= ELO_LIMIT {
        "+inf".to_owned()
    } else if elo <= -ELO_LIMIT {
        "-inf".to_owned()
    } else {
        format!("{elo:+.1}")
    }
}

/// The final table: one block per pairing.
pub fn format_table(summary: &Summary) -> String {
    let mut out = format!(
        "{} games of {} ({}, seed {})\n",
        summary.games_played, summary.config.spec, summary.config.format, summary.config.seed
    );
    for p in &summary.pairings {
        out.push('\n');
        out.push_str(&format!(
            "{} vs {}: {} games, +{} ={} -{} (score {:.1}%)\n",
            p.a,
            p.b,
            p.games,
            p.a_wins,
            p.draws,
            p.b_wins,
            p.score * 100.0
        ));
        out.push_str(&format!(
            "  Elo {} [{}, {}] (95%), LOS {:.1}%\n",
            elo_text(p.elo),
            elo_text(p.elo_low),
            elo_text(p.elo_high),
            p.los * 100.0
        ));
        out.push_str(&format!(
            "  {} moving first: {}   {} moving second: {}\n",
            p.a,
            wdl_text(&p.a_first),
            p.a,
            wdl_text(&p.a_second)
        ));
        let colours = if p.colour_wins.is_empty() {
            "none".to_owned()
        } else {
            p.colour_wins
                .iter()
                .map(|(c, n)| format!("{c} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push_str(&format!(
            "  wins by seat: first {}, second {}; by colour: {}; draws {}\n",
            p.first_seat_wins, p.second_seat_wins, colours, p.draws
        ));
        if !p.forfeits.is_empty() {
            let f: Vec<String> = p.forfeits.iter().map(|(n, c)| format!("{n} {c}")).collect();
            out.push_str(&format!("  forfeits: {}\n", f.join(", ")));
        }
        if p.games > 0 && !p.time_ms.is_empty() {
            let t: Vec<String> = p
                .time_ms
                .iter()
                .map(|(n, ms)| format!("{n} {:.1}s ({:.0} ms/game)", ms / 1000.0, ms / p.games as f64))
                .collect();
            out.push_str(&format!("  thinking time: {}\n", t.join(", ")));
        }
        if let Some(s) = p.sprt {
            out.push_str(&format!(
                "  SPRT: LLR {:.2} in [{:.2}, {:.2}]: {}\n",
                s.llr, s.lower, s.upper, s.state
            ));
        }
    }
    out
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::toy::TicTacToe;

    #[test]
    fn schedule_pairs_games_and_is_stable() {
        let s: Vec<Slot> = schedule(4, 3).collect();
        assert_eq!(s.len(), 12);
        assert_eq!(s[0].pairing, 0);
        assert!(!s[0].exchanged && s[1].exchanged);
        assert_eq!(s[1].pairing, 0);
        assert_eq!(s[2].pairing, 1);
        // Odd counts leave out the exchanged game of the last round, and
        // indices do not move when the count grows.
        let odd: Vec<u64> = schedule(3, 1).map(|s| s.index).collect();
        assert_eq!(odd, vec![0, 1, 2]);
        let five: Vec<u64> = schedule(5, 2).map(|s| s.index).collect();
        assert_eq!(five, vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 10]);
    }

    #[test]
    fn pairings() {
        assert_eq!(pairings_of(3, Format::RoundRobin), vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(pairings_of(3, Format::Gauntlet), vec![(0, 1), (0, 2)]);
    }

    #[test]
    fn openings_are_seeded_and_never_finish() {
        let o = TicTacToe::new(Default::default()).options().clone();
        let a = opening::<TicTacToe>(&o, 1, 0, 6);
        assert_eq!(a, opening::<TicTacToe>(&o, 1, 0, 6));
        let mut g = TicTacToe::new(o.clone());
        for p in &a {
            g.play(*p).unwrap();
        }
        assert!(g.status().is_ongoing());
        assert!(opening::<TicTacToe>(&o, 1, 0, 100).len() < 9);
    }

    #[test]
    fn parses_options() {
        assert_eq!(parse_openings("random:3"), Ok(3));
        assert_eq!(parse_openings("none"), Ok(0));
        assert!(parse_openings("random:x").is_err());
        assert!("0/2".parse::<Shard>().is_err());
        assert!("3/2".parse::<Shard>().is_err());
        assert_eq!("2/2".parse::<Shard>().unwrap().number, 2);
        assert!("swiss".parse::<Format>().is_err());
    }

    #[test]
    fn tiny_tournament_in_memory() {
        let settings = TournamentSettings {
            spec: "tictactoe".into(),
            players: vec![("a".into(), "random".into()), ("b".into(), "random".into())],
            games: 6,
            concurrency: Some(2),
            seed: 5,
            opening_plies: 1,
            format: Format::RoundRobin,
            sprt: None,
            out: None,
            shard: None,
            timeout: Duration::from_secs(5),
            progress: false,
        };
        let summary = run(&settings).unwrap();
        assert_eq!(summary.games_played, 6);
        let p = &summary.pairings[0];
        assert_eq!(p.a_wins + p.draws + p.b_wins, 6);
        assert_eq!(
            p.a_first.wins + p.a_first.draws + p.a_first.losses,
            3,
            "colours alternate"
        );
        assert!(format_table(&summary).contains("a vs b: 6 games"));
        let untimed = |mut s: Summary| {
            for p in &mut s.pairings {
                p.time_ms.clear();
            }
            s.pairings
        };
        let again = run(&settings).unwrap();
        assert_eq!(untimed(again), untimed(summary), "seeded runs repeat");
    }
}
