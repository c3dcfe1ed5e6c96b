//! Running a tournament: its settings and [`run`] / [`run_with`].

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

use protocol::engine::EngineSpec;
use stats::records::Summary;
use stats::Sprt;

use crate::error::TournamentError;
use crate::files::write_atomically;
use crate::journal::{open_dir, to_json};
use crate::progress::{Progress, Silent};
use crate::schedule::{plan, schedule, shard_size};
use crate::stop::StopHandle;
use crate::tally::summarize;
use crate::time_control::{Resign, TimeControl};
use crate::workers::Runner;
use crate::{Format, OpeningFile, Shard};

/// Everything a tournament needs.
#[derive(Clone, Debug)]
pub struct TournamentSettings {
    /// The games the tournament may play ([`Registry::standard`](abstracta::Registry::standard)
    /// for the standard ones; add games of your own with
    /// [`Registry::with`](abstracta::Registry::with)).
    pub registry: abstracta::Registry,
    /// The game spec (a game of `registry`).
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
}

impl TournamentSettings {
    /// A round robin of `players` (name, engine spec) at the game `spec` of
    /// `registry`: two games per pairing, one at a time, seed 0, no
    /// openings, no clock, nothing recorded, a 60 s answer timeout. Change
    /// the rest with struct update syntax.
    pub fn new(
        registry: abstracta::Registry,
        spec: &str,
        players: Vec<(String, String)>,
    ) -> TournamentSettings {
        TournamentSettings {
            registry,
            spec: spec.to_owned(),
            players,
            games: 2,
            concurrency: Some(1),
            seed: 0,
            opening_plies: 0,
            opening_file: None,
            format: Format::RoundRobin,
            sprt: None,
            out: None,
            shard: None,
            timeout: Duration::from_secs(60),
            tc: None,
            player_tc: Vec::new(),
            time_margin: Duration::ZERO,
            resign: None,
        }
    }
}

/// Runs a tournament; returns its summary (also written to `out`).
/// Messages (resuming, warnings) go to standard error.
pub fn run(settings: &TournamentSettings) -> Result<Summary, TournamentError> {
    run_with(settings, &mut Silent, &StopHandle::new())
}

/// Runs a tournament, telling `progress` about it as games finish, until
/// its games are played or `stop` is set (then the games recorded so far
/// are summarized); returns its summary (also written to `out`).
pub fn run_with(
    settings: &TournamentSettings,
    progress: &mut dyn Progress,
    stop: &StopHandle,
) -> Result<Summary, TournamentError> {
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
        progress.message(&format!(
            "resuming: {} games already recorded, {to_play} to play",
            records.len()
        ));
    }
    let threads = plan.engines.iter().map(EngineSpec::threads).max().unwrap_or(1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let concurrency = settings.concurrency.unwrap_or((cores / threads).max(1)).max(1);
    if concurrency * threads > cores {
        progress.message(&format!(
            "warning: {concurrency} games at once x {threads} engine threads = {} threads on {cores} cores; \
             results of time-limited engines will suffer",
            concurrency * threads
        ));
    }
    let memory = protocol::engine::machine_memory();
    let mut warned = BTreeSet::new();
    for engine in &plan.engines {
        // Each player may be in `concurrency` games at once.
        if let Some(w) = protocol::engine::memory_warning(engine, concurrency, memory) {
            if warned.insert(w.clone()) {
                progress.message(&w);
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
        progress,
        stop,
    };
    runner.run(&*settings.registry.open(&plan.config.spec)?)?;
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
    use crate::format_table;

    #[test]
    fn tiny_tournament_in_memory() {
        let settings = TournamentSettings {
            registry: abstracta::Registry::standard(),
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
