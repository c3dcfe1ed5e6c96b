//! Stopping a running tournament from outside ([`StopHandle`]); the
//! summary of a recording stopped that way is
//! [`write_stopped_summary`](crate::write_stopped_summary).
//!
//! The `arena` binary sets a handle on SIGINT, SIGTERM or SIGHUP: no more
//! game is recorded, `games.jsonl` is synced, `summary.json` is written for
//! the games recorded, and games still being played are replayed on resume.

use std::sync::{Arc, Mutex, MutexGuard};

/// A stop flag shared by a caller and the tournaments it runs with it
/// (see [`run_with`](crate::run_with)); clones share the flag.
///
/// Once set, no game is handed out or recorded any more: the games being
/// played finish unrecorded and the run returns the summary of the games
/// recorded.
#[derive(Clone, Debug, Default)]
pub struct StopHandle {
    /// Held while a game is appended to the journal; `true` once stopped.
    gate: Arc<Mutex<bool>>,
}

impl StopHandle {
    /// A handle not yet set.
    pub fn new() -> StopHandle {
        StopHandle::default()
    }

    /// Sets the flag. When it returns no game is being appended to a
    /// journal, and none will be.
    pub fn stop(&self) {
        *self.gate() = true;
    }

    /// Whether the flag is set.
    pub fn is_stopped(&self) -> bool {
        *self.gate()
    }

    /// The gate: held while a game is appended.
    pub(crate) fn gate(&self) -> MutexGuard<'_, bool> {
        self.gate.lock().unwrap_or_else(|p| p.into_inner())
    }
}
