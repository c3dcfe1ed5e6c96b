//! The game workers: `concurrency` threads take scheduled games from a
//! queue and play them; the calling thread records each finished game
//! (journal, tallies, progress, SPRT stops) as it arrives.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};

use abstracta::AnyGame;

use crate::error::TournamentError;
use crate::journal::Journal;
use crate::progress::Progress;
use crate::referee::play_scheduled;
use crate::schedule::{Plan, Slot};
use crate::sprt_stops::Stops;
use crate::stop::StopHandle;
use crate::tally::Tallies;
use crate::TournamentSettings;
use stats::records::GameRecord;

/// A game that panicked (a bug in a game or engine): it is reported and
/// not recorded, so a resumed run plays it again.
#[derive(Debug)]
struct Panicked {
    index: u64,
    message: String,
}

/// The games to play and where their records go.
pub(super) struct Runner<'a> {
    pub(super) settings: &'a TournamentSettings,
    pub(super) plan: &'a Plan,
    /// The games still to play, in schedule order, made as they are taken.
    pub(super) todo: Box<dyn Iterator<Item = Slot> + Send + 'a>,
    /// How many games `todo` holds (for the progress bar).
    pub(super) to_play: u64,
    pub(super) concurrency: usize,
    pub(super) records: &'a mut Vec<GameRecord>,
    /// Told of each game recorded.
    pub(super) progress: &'a mut dyn Progress,
    /// Set from outside to stop handing out and recording games.
    pub(super) stop: &'a StopHandle,
}

impl Runner<'_> {
    /// Plays the games of `todo` from `start` (the game at its start
    /// position), adding their records.
    pub(super) fn run(self, start: &dyn AnyGame) -> Result<(), TournamentError> {
        let Runner {
            settings,
            plan,
            todo,
            to_play,
            concurrency,
            records,
            progress,
            stop,
        } = self;
        let mut journal = match &settings.out {
            Some(dir) => Some(Journal::open(dir, stop)?),
            None => None,
        };
        progress.start(to_play);
        let mut tallies = Tallies::new(&plan.config);
        for r in records.iter() {
            tallies.add(r);
        }
        let stops = Stops::new(&tallies, settings.sprt);
        let queue = Mutex::new(todo);
        // Set when no more games are to be handed out (a write failed).
        let halted = AtomicBool::new(false);
        let (tx, rx) = mpsc::channel::<Result<GameRecord, Panicked>>();
        let mut panics = Vec::new();
        let mut write_error = None;
        std::thread::scope(|scope| {
            for _ in 0..concurrency {
                let tx = tx.clone();
                let queue = &queue;
                let stops = &stops;
                let halted = &halted;
                scope.spawn(move || loop {
                    if halted.load(Ordering::Relaxed) || stop.is_stopped() {
                        break;
                    }
                    let next = queue.lock().ok().and_then(|mut q| q.next());
                    let Some(slot) = next else { break };
                    if stops.is_stopped(slot.pairing) {
                        continue;
                    }
                    // A panic (a bug in a game or engine) loses only this
                    // game's record: it is reported and replayed on resume.
                    let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        play_scheduled(settings, plan, start, slot)
                    }));
                    let message = played.map_err(|panic| Panicked {
                        index: slot.index,
                        message: panic_text(panic.as_ref()),
                    });
                    if tx.send(message).is_err() {
                        break;
                    }
                });
            }
            drop(tx);
            for message in rx {
                let record = match message {
                    Ok(record) => record,
                    Err(Panicked { index, message }) => {
                        progress.message(&format!("error: game {index} panicked: {message}"));
                        panics.push(index);
                        continue;
                    }
                };
                if let Some(journal) = journal.as_mut() {
                    match journal.append(&record) {
                        Ok(true) => {}
                        // Stopped from outside: replayed on resume.
                        Ok(false) => continue,
                        Err(e) => {
                            write_error = Some(e);
                            // Stop handing out games; the ones running finish.
                            halted.store(true, Ordering::Relaxed);
                        }
                    }
                }
                let pairing = tallies.add(&record);
                records.push(record);
                let summary = pairing.map(|p| (p, tallies.tallies[p].summary(settings.sprt)));
                progress.game_recorded(summary.as_ref().map(|(_, s)| s));
                if let Some((p, summary)) = &summary {
                    stops.update(*p, summary);
                }
            }
        });
        progress.finish();
        if let Some(journal) = journal.as_mut() {
            let synced = journal.sync();
            if write_error.is_none() {
                synced?;
            }
        }
        if let Some(e) = write_error {
            return Err(e);
        }
        if !panics.is_empty() {
            return Err(TournamentError::Failed(format!(
                "{} games panicked (schedule indices {:?}); they are not recorded and a rerun with the same --out plays them again",
                panics.len(),
                panics
            )));
        }
        Ok(())
    }
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
