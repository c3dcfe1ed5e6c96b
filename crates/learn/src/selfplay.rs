//! Self-play: an engine plays games against itself and every searched
//! position becomes a training sample, written in `.npz` shards.
//!
//! A run's folder holds `selfplay.json` (the game, the engine, the sizes)
//! and one file per chunk of `per_chunk` consecutive game numbers,
//! `chunk-NNNNN-I-of-N.npz` (`I-of-N` the shard of a run split over
//! machines, games whose `number % N == I - 1`). Each chunk is written to
//! a temporary name and renamed when complete, so a killed run resumes
//! by skipping the chunks that exist, and every game is seeded by its
//! number, so a resumed run writes what an unbroken one would.
//!
//! The arrays of a chunk, `n` samples:
//! - `obs` f32 `[n, planes, rows, cols]`: the observation
//!   ([`Encoding::observe`]);
//! - `policy` f32 `[n, actions]`: the search's policy target over the
//!   action ids of the legal plies, summing to 1: its visit counts, or
//!   the improved policy of a `gumbel` search (the played ply alone for a
//!   family without either);
//! - `legal` u8 `[n, actions]`: 1 on the legal plies' ids;
//! - `value` f32 `[n]`: the game's result for the seat to move there (1 a
//!   win, -1 a loss, 0 a draw);
//! - `game` i32 `[n]` and `ply` i32 `[n]`: the game's number and the
//!   number of plies played before the position;
//! - `search_value` f32 `[n]`: the search's own value of the position for
//!   the seat to move, in `[-1, 1]` (its proof if it found one, else
//!   `2 * win_rate - 1` of its chosen ply; the game's result where the
//!   family gives no value). A less noisy value target than the result
//!   alone; readers of older chunks without it use `value`.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::io::BufWriter;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use abstracta_core::actions::Encoding;
use abstracta_core::search::{Proof, Search, SearchResult};
use abstracta_core::{Game, GameOptions, PlyBuf};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::batching::BatchingEvaluator;
use crate::evaluator::Evaluator;
use crate::npz::{Array, NpzError, NpzWriter};

/// The most plies one self-play game may last before it is cut (and
/// dropped): a bound for games without a length cap.
pub const MAX_PLIES: usize = 20_000;

/// What `selfplay.json` records of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunInfo {
    /// The game spec.
    pub game: String,
    /// The engine spec.
    pub engine: String,
    /// Games in the whole run (every shard).
    pub games: u64,
    /// Games per chunk file.
    pub per_chunk: u64,
    /// The run's seed.
    pub seed: u64,
    /// `[planes, rows, cols]` of the observations.
    pub observation_shape: [usize; 3],
    /// Action ids.
    pub actions: usize,
}

/// A run to make.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// What is recorded in `selfplay.json` (and checked on resume).
    pub info: RunInfo,
    /// This process's shard, `(I, N)` 1-based; `(1, 1)` for all games.
    pub shard: (u64, u64),
    /// Groups of games played at once (each its own batches).
    pub threads: usize,
    /// Games each group plays at once, their evaluations batched together
    /// (1: one game at a time).
    pub parallel_games: usize,
}

/// Why self-play stopped.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SelfPlayError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A chunk could not be written.
    #[error("{path}: {source}")]
    Npz {
        /// The file.
        path: String,
        /// Why.
        source: NpzError,
    },
    /// The folder holds a run of another game, engine or size.
    #[error("{path} holds another run ({found}); expected {expected}: use a new folder to start another")]
    OtherRun {
        /// The folder's `selfplay.json`.
        path: String,
        /// What it holds.
        found: String,
        /// What was asked.
        expected: String,
    },
    /// The engine could not be built.
    #[error("cannot build the engine: {0}")]
    Engine(String),
    /// A game went past [`MAX_PLIES`] or its engine gave no ply.
    #[error("game {game} {reason}")]
    Game {
        /// The game's number.
        game: u64,
        /// What happened.
        reason: String,
    },
}

/// Progress after each game.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Games of this shard played in this run or found done.
    pub done: u64,
    /// Games of this shard.
    pub total: u64,
    /// Samples written or waiting in this run.
    pub samples: u64,
    /// Seconds since the run started.
    pub seconds: f64,
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games played now.
    pub played: u64,
    /// Games found in chunks already written (resumed).
    pub skipped: u64,
    /// Samples written now.
    pub samples: u64,
    /// Chunk files written now.
    pub chunks: u64,
    /// Batches given to the shared evaluator (0 without one).
    pub evaluator_batches: u64,
    /// Positions in those batches.
    pub evaluated_positions: u64,
}

#[derive(Default)]
struct Samples {
    obs: Vec<f32>,
    policy: Vec<f32>,
    legal: Vec<u8>,
    value: Vec<f32>,
    game: Vec<i32>,
    ply: Vec<i32>,
    search_value: Vec<f32>,
}

impl Samples {
    fn len(&self) -> usize {
        self.value.len()
    }

    /// Appends `other`'s samples after these.
    fn append(&mut self, mut other: Samples) {
        self.obs.append(&mut other.obs);
        self.policy.append(&mut other.policy);
        self.legal.append(&mut other.legal);
        self.value.append(&mut other.value);
        self.search_value.append(&mut other.search_value);
        self.game.append(&mut other.game);
        self.ply.append(&mut other.ply);
    }

    fn write(&self, path: &Path, info: &RunInfo) -> Result<(), NpzError> {
        let n = self.len();
        let [planes, rows, cols] = info.observation_shape;
        let tmp = path.with_extension("npz.tmp");
        let file = fs::File::create(&tmp)?;
        let mut npz = NpzWriter::new(BufWriter::new(file));
        npz.add(
            "obs",
            &Array::F32 {
                shape: vec![n, planes, rows, cols],
                data: self.obs.clone(),
            },
        )?;
        npz.add(
            "policy",
            &Array::F32 {
                shape: vec![n, info.actions],
                data: self.policy.clone(),
            },
        )?;
        npz.add(
            "legal",
            &Array::U8 {
                shape: vec![n, info.actions],
                data: self.legal.clone(),
            },
        )?;
        npz.add(
            "value",
            &Array::F32 {
                shape: vec![n],
                data: self.value.clone(),
            },
        )?;
        npz.add(
            "game",
            &Array::I32 {
                shape: vec![n],
                data: self.game.clone(),
            },
        )?;
        npz.add(
            "ply",
            &Array::I32 {
                shape: vec![n],
                data: self.ply.clone(),
            },
        )?;
        npz.add(
            "search_value",
            &Array::F32 {
                shape: vec![n],
                data: self.search_value.clone(),
            },
        )?;
        let writer = npz.finish()?;
        writer.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        fs::rename(&tmp, path)?;
        Ok(())
    }
}

/// The chunk file of chunk `k` of `shard`.
pub fn chunk_path(dir: &Path, k: u64, shard: (u64, u64)) -> PathBuf {
    dir.join(format!("chunk-{k:05}-{}-of-{}.npz", shard.0, shard.1))
}

/// An engine that plays self-play games: a search, and the policy
/// target it gives for the position it searched last.
pub trait SelfPlayer<G: Game>: Send {
    /// Searches `game` (reached by `history`).
    fn search(&mut self, game: &G, history: &[G::Ply]) -> SearchResult<G::Ply>;

    /// The training target of the last search over the root's plies, when
    /// it is not the visit counts (`None`: the visits are the target).
    fn policy_target(&self) -> Option<Vec<(G::Ply, f32)>> {
        None
    }
}

impl<G: Game> SelfPlayer<G> for Box<dyn Search<G>> {
    fn search(&mut self, game: &G, history: &[G::Ply]) -> SearchResult<G::Ply> {
        Search::search(&mut **self, game, history)
    }
}

/// A `gumbel` search's target is its improved policy (the paper's).
impl<G: Game> SelfPlayer<G> for crate::GumbelSearch<G> {
    fn search(&mut self, game: &G, history: &[G::Ply]) -> SearchResult<G::Ply> {
        Search::search(self, game, history)
    }

    fn policy_target(&self) -> Option<Vec<(G::Ply, f32)>> {
        Some(self.improved_policy().to_vec())
    }
}

/// Plays one game from `start` with `search` on both sides, appending a
/// sample per searched position to `samples`.
fn play_game<G: Game>(
    number: u64,
    start: &G,
    encoding: &dyn Encoding<G>,
    search: &mut dyn SelfPlayer<G>,
    samples: &mut Samples,
) -> Result<(), SelfPlayError> {
    let actions = encoding.num_distinct_actions(start);
    let mut game = start.clone();
    let mut history = Vec::new();
    let mut plies = PlyBuf::new();
    let mut obs = Vec::new();
    let first = samples.len();
    let mut movers = Vec::new();
    let mut search_values = Vec::new();
    while game.status().is_ongoing() {
        if history.len() >= MAX_PLIES {
            return Err(SelfPlayError::Game {
                game: number,
                reason: format!("lasted more than {MAX_PLIES} plies"),
            });
        }
        let result = search.search(&game, &history);
        let Some(best) = result.best else {
            return Err(SelfPlayError::Game {
                game: number,
                reason: "got no ply from its engine in an ongoing position".into(),
            });
        };
        game.legal_plies(&mut plies);
        let mut policy = vec![0.0f32; actions];
        let mut legal = vec![0u8; actions];
        for &ply in &plies {
            if let Some(a) = encoding.action_of(&game, ply).filter(|&a| a < actions) {
                legal[a] = 1;
            }
        }
        let total: u64 = result.children.iter().map(|c| c.visits).sum();
        let target = search.policy_target().filter(|t| !t.is_empty());
        if let Some(target) = target {
            let sum: f32 = target.iter().map(|t| t.1).sum();
            for (ply, p) in target {
                if let Some(a) = encoding.action_of(&game, ply).filter(|&a| a < actions) {
                    policy[a] += p / sum.max(1e-12);
                }
            }
        } else if total > 0 {
            for c in &result.children {
                if let Some(a) = encoding.action_of(&game, c.ply).filter(|&a| a < actions) {
                    policy[a] += c.visits as f32 / total as f32;
                }
            }
        } else if let Some(a) = encoding.action_of(&game, best).filter(|&a| a < actions) {
            policy[a] = 1.0;
        }
        encoding.observe(&game, &mut obs);
        samples.obs.extend_from_slice(&obs);
        samples.policy.extend_from_slice(&policy);
        samples.legal.extend_from_slice(&legal);
        samples.game.push(number as i32);
        samples.ply.push(history.len() as i32);
        movers.push(game.to_move_seat());
        search_values.push(match result.proof {
            Some(Proof::Win) => Some(1.0),
            Some(Proof::Loss) => Some(-1.0),
            Some(Proof::Draw) => Some(0.0),
            None => result.win_rate.map(|w| (2.0 * w as f32 - 1.0).clamp(-1.0, 1.0)),
        });
        game.play(best).map_err(|e| SelfPlayError::Game {
            game: number,
            reason: format!("got an illegal ply from its engine: {e}"),
        })?;
        history.push(best);
    }
    let status = game.status();
    samples.value.truncate(first);
    samples.value.extend(
        movers
            .iter()
            .map(|&seat| status.reward(seat).map_or(0.0, |r| 2.0 * r as f32 - 1.0)),
    );
    samples.search_value.truncate(first);
    let results = samples.value[first..].to_vec();
    samples.search_value.extend(
        search_values
            .iter()
            .zip(results)
            .map(|(searched, result)| searched.unwrap_or(result)),
    );
    Ok(())
}

/// Makes the engine for game number `g`; given an evaluator (the shared
/// one of [`run`], batched over the games played at once), a `puct` or
/// `gumbel` engine searches with it instead of its own.
pub type EngineMaker<'a, G> =
    dyn Fn(u64, Option<Arc<dyn Evaluator<G>>>) -> Result<Box<dyn SelfPlayer<G>>, String> + Sync + 'a;

/// The finished games of a chunk not yet written.
struct PendingChunk {
    /// Games of the chunk still playing or not started.
    left: usize,
    /// The finished games' samples, by game number.
    games: BTreeMap<u64, Samples>,
}

/// Runs (or resumes) the self-play `run` from `start` into `dir`, the
/// engine for game number `g` made by `engine(g, ..)`; `progress` is told
/// after every game.
///
/// `run.threads` groups play at once, each `run.parallel_games` games at
/// once on as many threads. With `evaluator` given (the network all the
/// games use), each group's games share one [`BatchingEvaluator`] over it,
/// so that their positions reach the network in one batch; without it,
/// each engine uses its own. Either way every game is played by the
/// engine made for its number, and a chunk holds its games' samples in
/// the order of their numbers once all of them are done, so the files do
/// not depend on how many games were played at once (up to the float
/// rounding of a network's batches).
pub fn run<G: Game>(
    run: &SelfPlay,
    start: &G,
    encoding: &dyn Encoding<G>,
    dir: &Path,
    engine: &EngineMaker<'_, G>,
    evaluator: Option<Arc<dyn Evaluator<G>>>,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Summary, SelfPlayError> {
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |source| SelfPlayError::Io { path, source }
    };
    fs::create_dir_all(dir).map_err(io(dir))?;
    let info_path = dir.join("selfplay.json");
    let info = &run.info;
    if info_path.exists() {
        let text = fs::read_to_string(&info_path).map_err(io(&info_path))?;
        let found: Result<RunInfo, _> = serde_json::from_str(&text);
        let same = found.as_ref().is_ok_and(|f| f == info);
        if !same {
            return Err(SelfPlayError::OtherRun {
                path: info_path.display().to_string(),
                found: found.map_or_else(
                    |e| format!("unreadable: {e}"),
                    |f| serde_json::to_string(&f).unwrap_or_default(),
                ),
                expected: serde_json::to_string(info).unwrap_or_default(),
            });
        }
    } else {
        let text = serde_json::to_string_pretty(info).expect("plain data");
        fs::write(&info_path, text + "\n").map_err(io(&info_path))?;
    }
    let (number, count) = run.shard;
    let mine = |g: u64| g % count == number - 1;
    let chunks = info.games.div_ceil(info.per_chunk.max(1));
    let games_of =
        |k: u64| (k * info.per_chunk..((k + 1) * info.per_chunk).min(info.games)).filter(|&g| mine(g));
    let total: u64 = (0..info.games).filter(|&g| mine(g)).count() as u64;
    // The games to play, chunk by chunk, so that few chunks are part done
    // at any time (a killed run loses those).
    let mut todo: Vec<(u64, u64)> = Vec::new();
    let mut pending: HashMap<u64, PendingChunk> = HashMap::new();
    let mut skipped = 0;
    for k in 0..chunks {
        if chunk_path(dir, k, run.shard).exists() {
            skipped += games_of(k).count() as u64;
        } else if games_of(k).next().is_some() {
            todo.extend(games_of(k).map(|g| (k, g)));
            pending.insert(
                k,
                PendingChunk {
                    left: games_of(k).count(),
                    games: BTreeMap::new(),
                },
            );
        }
    }
    let started = Instant::now();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(skipped);
    let samples_done = AtomicU64::new(0);
    let pending = Mutex::new(pending);
    let summary = Mutex::new(Summary {
        skipped,
        ..Summary::default()
    });
    let first_error: Mutex<Option<SelfPlayError>> = Mutex::new(None);
    let fail = |e: SelfPlayError| {
        if let Ok(mut slot) = first_error.lock() {
            slot.get_or_insert(e);
        }
    };
    // Plays games from the queue until it is empty or a game failed.
    let player = |shared: Option<Arc<dyn Evaluator<G>>>| loop {
        if first_error.lock().map_or(true, |e| e.is_some()) {
            return;
        }
        let i = next.fetch_add(1, Ordering::SeqCst) as usize;
        let Some(&(k, g)) = todo.get(i) else { return };
        let mut samples = Samples::default();
        let played = engine(g, shared.clone())
            .map_err(SelfPlayError::Engine)
            .and_then(|mut search| play_game(g, start, encoding, &mut *search, &mut samples));
        if let Err(e) = played {
            fail(e);
            return;
        }
        let n = samples.len() as u64;
        let d = done.fetch_add(1, Ordering::SeqCst) + 1;
        let s = samples_done.fetch_add(n, Ordering::SeqCst) + n;
        progress(Progress {
            done: d,
            total,
            samples: s,
            seconds: started.elapsed().as_secs_f64(),
        });
        // The last game of its chunk writes the chunk.
        let complete = {
            let mut pending = pending.lock().unwrap_or_else(|p| p.into_inner());
            let chunk = pending.get_mut(&k).expect("every queued game's chunk is pending");
            chunk.games.insert(g, samples);
            chunk.left -= 1;
            if chunk.left == 0 {
                pending.remove(&k)
            } else {
                None
            }
        };
        let Some(chunk) = complete else { continue };
        let played = chunk.games.len() as u64;
        let mut all = Samples::default();
        for games in chunk.games.into_values() {
            all.append(games);
        }
        let path = chunk_path(dir, k, run.shard);
        if let Err(source) = all.write(&path, info) {
            fail(SelfPlayError::Npz {
                path: path.display().to_string(),
                source,
            });
            return;
        }
        if let Ok(mut s) = summary.lock() {
            s.played += played;
            s.samples += all.len() as u64;
            s.chunks += 1;
        }
    };
    let parallel = run.parallel_games.max(1);
    let mut batchers = Vec::new();
    std::thread::scope(|scope| {
        for _ in 0..run.threads.max(1) {
            let batching = evaluator
                .as_ref()
                .map(|inner| Arc::new(BatchingEvaluator::new(Arc::clone(inner))));
            // Every game of the group joins before any starts, so that no
            // batch goes out before each of them has asked.
            let members: Vec<_> = (0..parallel)
                .map(|_| batching.as_ref().map(BatchingEvaluator::join))
                .collect();
            for member in members {
                let shared = batching.clone().map(|b| b as Arc<dyn Evaluator<G>>);
                let player = &player;
                scope.spawn(move || {
                    let _member = member;
                    player(shared);
                });
            }
            batchers.extend(batching);
        }
    });
    if let Some(e) = first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let mut summary = summary.into_inner().unwrap_or_else(|p| p.into_inner());
    for batching in batchers {
        let (batches, positions) = batching.stats();
        summary.evaluator_batches += batches;
        summary.evaluated_positions += positions;
    }
    Ok(summary)
}

/// The [`RunInfo`] of a run of `games` games of `start` by `engine`.
pub fn run_info<G: Game>(
    start: &G,
    encoding: &dyn Encoding<G>,
    engine: &str,
    games: u64,
    per_chunk: u64,
    seed: u64,
) -> RunInfo {
    RunInfo {
        game: start.options().spec(),
        engine: engine.to_owned(),
        games,
        per_chunk: per_chunk.max(1),
        seed,
        observation_shape: encoding.observation_shape(start),
        actions: encoding.num_distinct_actions(start),
    }
}

#[cfg(test)]
mod tests;
