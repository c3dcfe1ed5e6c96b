//! Keeping external engines from outliving arena.
//!
//! Every `cmd:` engine runs in a process group of its own, which arena
//! kills when it is done with the engine, so that an engine ignoring the
//! end of its input (and whatever it started) does not stay behind.
//!
//! When arena itself is killed (`kill -9` included) it cannot clean up, so
//! the `arena` binary starts each engine through a small watchdog: itself,
//! run as `arena __engine-watchdog PROGRAM ARGS...` in its own process
//! group. The watchdog passes arena's commands to the engine and its
//! answers back; when arena's side of the pipe closes (arena finished with
//! the engine, or died in any way: the kernel closes a dead process's
//! pipes) it gives the engine a moment to quit, then kills the engine's
//! process group. No signal handler or `unsafe` code is needed for that.
//!
//! A program using the library without calling [`install`] runs engines
//! directly, still in their own process group, killed when dropped.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::sync::OnceLock;
use std::time::Duration;

use rustix::process::{kill_process_group, waitid, Pid, Signal, WaitId, WaitIdOptions};

/// The hidden first argument that runs the `arena` binary as a watchdog.
pub const WATCHDOG_ARG: &str = "__engine-watchdog";

/// How long an engine whose input has ended may take to quit before its
/// process group is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(300);

static WATCHDOG: OnceLock<PathBuf> = OnceLock::new();

/// Starts engines through `program` (a binary whose `main` calls
/// [`run_if_asked`] first, such as `arena`) from now on.
pub fn install(program: PathBuf) {
    let _ = WATCHDOG.set(program);
}

/// The watchdog program, if one is installed.
pub(crate) fn installed() -> Option<&'static PathBuf> {
    WATCHDOG.get()
}

/// If the process was started as a watchdog, runs it and returns the exit
/// code; `None` otherwise.
pub fn run_if_asked() -> Option<i32> {
    let mut args = std::env::args_os().skip(1);
    if args.next()? != WATCHDOG_ARG {
        return None;
    }
    let Some(program) = args.next() else {
        return Some(2);
    };
    Some(watch(program, args.collect()))
}

/// Sends what the watchdog's thread saw end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    /// Arena's commands (our stdin): arena is done or gone.
    Input,
    /// The engine's answers (its stdout): the engine is done or gone.
    Output,
}

fn watch(program: OsString, args: Vec<OsString>) -> i32 {
    let mut child = match Command::new(&program)
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
    {
        Ok(child) => child,
        Err(_) => return 127,
    };
    let group = Pid::from_child(&child);
    let (tx, rx) = mpsc::channel();
    if let Some(mut engine_in) = child.stdin.take() {
        let tx = tx.clone();
        std::thread::spawn(move || {
            let _ = std::io::copy(&mut std::io::stdin().lock(), &mut engine_in);
            // Dropping `engine_in` closes the engine's input.
            drop(engine_in);
            let _ = tx.send(Ended::Input);
        });
    }
    if let Some(mut engine_out) = child.stdout.take() {
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            let mut out = std::io::stdout().lock();
            while let Ok(n) = engine_out.read(&mut buf) {
                if n == 0 || out.write_all(&buf[..n]).and_then(|_| out.flush()).is_err() {
                    break;
                }
            }
            let _ = tx.send(Ended::Output);
        });
    }
    // Whether the engine has exited, leaving it unreaped (so its group id
    // stays its own until the kill below).
    let exited = || {
        let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
        matches!(waitid(WaitId::Pid(group), options), Ok(Some(_)))
    };
    loop {
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(Ended::Input) => {
                // A well-behaved engine quits when its input ends.
                let _ = rx.recv_timeout(QUIT_GRACE);
                break;
            }
            Ok(Ended::Output) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
            // An engine that died while something it started keeps its
            // output open: end that too, so arena sees the crash now
            // rather than after its timeout.
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if exited() {
                    break;
                }
            }
        }
    }
    // The engine is not reaped yet, so its group id cannot have been
    // reused: this kills the engine and whatever it started, nothing else.
    let _ = kill_process_group(group, Signal::KILL);
    match child.wait() {
        Ok(status) => status.code().unwrap_or(0),
        Err(_) => 1,
    }
}
