//! The lock on a tournament directory: one `arena` at a time records into
//! it (two runs at once would play every game twice).
//!
//! The lock is an advisory `flock` on `DIR/arena.lock`, which holds the
//! holder's pid and what it is doing, for the message a second run shows.
//! The kernel drops the lock when its holder exits in any way (a `kill -9`
//! too), so a lock is never stale.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use rustix::fs::{flock, FlockOperation};

use crate::error::TournamentError;

/// The lock file's name inside a tournament directory.
pub const LOCK_FILE: &str = "arena.lock";

/// A held lock on a tournament directory, released when dropped (or when
/// the process ends).
#[derive(Debug)]
pub struct DirLock {
    _file: File,
}

impl DirLock {
    /// Locks `dir` (which must exist) for `doing` (e.g. "tournament"), or
    /// says who holds it.
    pub fn acquire(dir: &Path, doing: &str) -> Result<DirLock, TournamentError> {
        let path = dir.join(LOCK_FILE);
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        // Never through a link planted there (the holder's text would be
        // written into whatever it leads to), and never a FIFO.
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags((rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK).bits() as i32);
        }
        let mut file = options
            .open(&path)
            .map_err(|e| TournamentError::io(format!("opening the lock file {}", path.display()), e))?;
        if !file.metadata().is_ok_and(|m| m.is_file()) {
            return Err(TournamentError::usage(format!(
                "the lock file {} is not a regular file; remove it",
                path.display()
            )));
        }
        match lock_soon(&file) {
            Ok(()) => {}
            Err(e) if e == rustix::io::Errno::WOULDBLOCK => {
                let mut holder = String::new();
                let _ = (&mut file).take(4096).read_to_string(&mut holder);
                let holder = holder.trim();
                let holder = if holder.is_empty() {
                    "another arena"
                } else {
                    holder
                };
                return Err(TournamentError::Failed(format!(
                    "{} is in use by {holder}; wait until it ends or use another directory",
                    dir.display()
                )));
            }
            Err(e) => {
                // A file system without locks (some network mounts) should
                // not stop the run: say what is not guarded.
                crate::stderr!(
                    "warning: cannot lock {} ({e}); make sure no other arena writes into {} meanwhile",
                    path.display(),
                    dir.display()
                );
                return Ok(DirLock { _file: file });
            }
        }
        let text = format!("arena (pid {}, {doing})\n", std::process::id());
        // The text is only for the message above: failing to write it does
        // not weaken the lock.
        let _ = file
            .set_len(0)
            .and_then(|_| file.rewind())
            .and_then(|_| file.write_all(text.as_bytes()));
        Ok(DirLock { _file: file })
    }
}

/// How long a held lock is waited for before the directory counts as in
/// use.
const LOCK_WAIT: Duration = Duration::from_millis(1500);

/// Takes the lock, waiting up to [`LOCK_WAIT`] for a holder that is going
/// away: after a `kill -9` the lock can outlive its process for a moment,
/// held by an engine it was starting (a forked child keeps the lock file
/// open until it runs the engine program), so an immediate restart would
/// otherwise be refused.
fn lock_soon(file: &File) -> rustix::io::Result<()> {
    let deadline = Instant::now() + LOCK_WAIT;
    loop {
        match flock(file, FlockOperation::NonBlockingLockExclusive) {
            Err(e) if e == rustix::io::Errno::WOULDBLOCK && Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(25));
            }
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_until_the_first_is_dropped() {
        let dir = std::env::temp_dir().join(format!("arena-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let first = DirLock::acquire(&dir, "tournament").unwrap();
        let err = DirLock::acquire(&dir, "merge").unwrap_err().to_string();
        assert!(err.contains(&dir.display().to_string()), "{err}");
        assert!(err.contains(&format!("pid {}", std::process::id())), "{err}");
        assert!(err.contains("tournament"), "{err}");
        drop(first);
        DirLock::acquire(&dir, "merge").unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
