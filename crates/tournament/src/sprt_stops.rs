//! Early stopping: a pairing whose SPRT has decided plays no more games.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::tally::Tallies;
use stats::records::PairingSummary;
use stats::{Sprt, SprtState};

/// Which pairings are decided, shared by the workers.
#[derive(Debug)]
pub(super) struct Stops {
    stopped: Vec<AtomicBool>,
}

impl Stops {
    /// The pairings of `tallies` already decided by `sprt` (none without one).
    pub(super) fn new(tallies: &Tallies, sprt: Option<Sprt>) -> Stops {
        let stops = Stops {
            stopped: tallies.tallies.iter().map(|_| AtomicBool::new(false)).collect(),
        };
        if sprt.is_some() {
            for (i, t) in tallies.tallies.iter().enumerate() {
                stops.update(i, &t.summary(sprt));
            }
        }
        stops
    }

    /// Whether `pairing` is decided.
    pub(super) fn is_stopped(&self, pairing: usize) -> bool {
        self.stopped
            .get(pairing)
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Stops `pairing` if its summary holds a decided SPRT.
    pub(super) fn update(&self, pairing: usize, summary: &PairingSummary) {
        if summary.sprt.is_some_and(|r| r.state != SprtState::Continue) {
            if let Some(s) = self.stopped.get(pairing) {
                s.store(true, Ordering::Relaxed);
            }
        }
    }
}
