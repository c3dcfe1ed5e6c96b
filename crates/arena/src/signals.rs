//! A clean stop of a recording tournament on SIGINT (Ctrl-C), SIGTERM
//! (what batch schedulers send at the time limit) or SIGHUP: the
//! tournament's [`StopHandle`] is set (no more game is recorded),
//! `games.jsonl` is synced to disk, `summary.json` is written for the games
//! recorded, and the process exits with 128 + the signal. Games still being
//! played are lost and replayed on resume; external engines end through
//! their watchdog. A second signal exits at once.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use stats::Sprt;
use tournament::{stopped_message, write_stopped_summary, StopHandle};

use crate::error::ArenaError;

/// From now on, a signal stops the tournament recording into `dir` (run
/// with `stop`) cleanly as described above, and ends the process.
pub fn stop_cleanly_on_signals(dir: PathBuf, sprt: Option<Sprt>, stop: StopHandle) -> Result<(), ArenaError> {
    let stopping = Arc::new(AtomicBool::new(false));
    let signals = [SIGINT, SIGTERM, SIGHUP];
    for sig in signals {
        signal_hook::flag::register_conditional_shutdown(sig, 128 + sig, Arc::clone(&stopping))
            .map_err(|e| ArenaError::io("installing the signal handlers", e))?;
    }
    let mut incoming =
        Signals::new(signals).map_err(|e| ArenaError::io("installing the signal handlers", e))?;
    std::thread::spawn(move || {
        if let Some(sig) = incoming.forever().next() {
            stopping.store(true, Ordering::SeqCst);
            // Once set, no game is being appended, and none will be.
            stop.stop();
            tournament::stderr!("arena: stopping on signal {sig}");
            match write_stopped_summary(&dir, sprt) {
                Ok(recorded) => tournament::stderr!("arena: {}", stopped_message(&dir, recorded)),
                Err(e) => tournament::stderr!("arena: {e}"),
            }
            std::process::exit(128 + sig);
        }
    });
    Ok(())
}
