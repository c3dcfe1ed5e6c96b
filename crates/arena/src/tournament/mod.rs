//! Tournaments: scheduling, playing games in parallel, recording them,
//! resuming, sharding and merging, and the final table.
//!
//! The schedule is fixed by the settings alone: game `index` belongs to
//! round `index / (2P)` (P pairings), pairing `(index % 2P) / 2`, and plays
//! with the colours exchanged when `index` is odd. Both games of a round
//! start from the same opening (seeded random plies, or a line of an
//! opening file: see [`suite`]), and every pairing sees the same openings. Indices never change when `--games` grows, so a
//! directory can be resumed or extended, and shards (`index % N`) merged.
//!
//! One concern per module: [`options`] (the command-line values),
//! `schedule` (players, pairings, slots, openings), `journal` (the
//! directory and its files), `pool` (the worker threads, sharing the game
//! as an [`abstracta::AnyGame`]), `progress` (the
//! bar), `sprt` (early stopping), [`clock`] (time controls, resign
//! adjudication), `ratings` (the games of many folders
//! for one rating list), `referee` (one game), `tally` (running
//! results and the summary), `table` (the printed table) and `merge`.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

use crate::engine::EngineSpec;
use crate::error::ArenaError;
use crate::records::Summary;
use crate::stats::Sprt;

pub mod clock;
mod journal;
pub mod lock;
mod merge;
pub mod options;
mod pool;
mod progress;
mod ratings;
mod referee;
mod schedule;
mod sprt;
mod stop;
pub mod suite;
mod table;
mod tally;

pub use clock::{parse_player_tc, PlayerTcError, Resign, ResignError, TimeControl, TimeControlError};
pub use journal::write_atomically;
pub use merge::merge;
pub use options::{
    parse_openings, Format, FormatError, OpeningFile, OpeningOrder, Openings, OpeningsError, Shard,
    ShardError,
};
pub use ratings::rate_folders;
pub use stop::stop_cleanly_on_signals;
pub use table::format_table;
pub use tally::summarize;

pub(crate) use journal::complete_lines;
use journal::{open_dir, to_json};
use pool::Runner;
pub(crate) use schedule::opening as random_opening;
use schedule::{plan, schedule, shard_size};

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
    /// Random opening plies per game pair (unused with an opening file).
    pub opening_plies: u32,
    /// An opening file: each round plays one of its lines.
    pub opening_file: Option<OpeningFile>,
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
    /// Every player's time control (`--tc`; none: no clock).
    pub tc: Option<TimeControl>,
    /// Time controls of single players by name (`--player-tc`), replacing
    /// `tc` for them (none: no clock for that player).
    pub player_tc: Vec<(String, Option<TimeControl>)>,
    /// How far a ply may go beyond its clock before it loses on time.
    pub time_margin: Duration,
    /// Resign adjudication on the engines' reported win rates.
    pub resign: Option<Resign>,
    /// Show a progress bar (only drawn when stderr is a terminal).
    pub progress: bool,
}

/// Runs a tournament; returns its summary (also written to `--out`).
pub fn run(settings: &TournamentSettings) -> Result<Summary, ArenaError> {
    let plan = plan(settings)?;
    let shard = settings.shard.map(|s| (s.number, s.count));
    let (lock, records) = match &settings.out {
        Some(dir) => {
            let open = open_dir(dir, &plan.config, &plan.pairings, shard)?;
            (Some(open.lock), open.games)
        }
        None => (None, Vec::new()),
    };
    let seen: BTreeSet<u64> = records.iter().map(|r| r.index).collect();
    let to_play = shard_size(settings.games, plan.pairings.len(), shard) - records.len() as u64;
    // The schedule is walked as games are handed out, never held whole.
    let todo = schedule(settings.games, plan.pairings.len())
        .filter(move |s| shard.map_or(true, |(number, count)| s.index % count == number - 1))
        .filter(move |s| !seen.contains(&s.index));
    if !records.is_empty() {
        crate::stderr!(
            "resuming: {} games already recorded, {to_play} to play",
            records.len()
        );
    }
    let threads = plan.engines.iter().map(EngineSpec::threads).max().unwrap_or(1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let concurrency = settings.concurrency.unwrap_or((cores / threads).max(1)).max(1);
    if concurrency * threads > cores {
        crate::stderr!(
            "warning: {concurrency} games at once x {threads} engine threads = {} threads on {cores} cores; \
             results of time-limited engines will suffer",
            concurrency * threads
        );
    }
    let memory = crate::engine::machine_memory();
    let mut warned = BTreeSet::new();
    for engine in &plan.engines {
        // Each player may be in `concurrency` games at once.
        if let Some(w) = crate::engine::memory_warning(engine, concurrency, memory) {
            if warned.insert(w.clone()) {
                crate::stderr!("{w}");
            }
        }
    }
    let mut records = records;
    let runner = Runner {
        settings,
        plan: &plan,
        todo: Box::new(todo),
        to_play,
        concurrency,
        records: &mut records,
    };
    runner.run(&*abstracta::open(&plan.config.spec)?)?;
    let summary = summarize(&plan.config, &records, settings.sprt);
    if let Some(dir) = &settings.out {
        write_atomically(&dir.join("summary.json"), &to_json(&summary))?;
    }
    drop(lock);
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiny_tournament_in_memory() {
        let settings = TournamentSettings {
            spec: "tictactoe".into(),
            players: vec![("a".into(), "random".into()), ("b".into(), "random".into())],
            games: 6,
            concurrency: Some(2),
            seed: 5,
            opening_plies: 1,
            opening_file: None,
            format: Format::RoundRobin,
            sprt: None,
            out: None,
            shard: None,
            timeout: Duration::from_secs(5),
            tc: None,
            player_tc: Vec::new(),
            time_margin: Duration::ZERO,
            resign: None,
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
