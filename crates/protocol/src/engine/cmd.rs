//! The external engine client: a `cmd:` program speaking the engine
//! protocol over its stdin and stdout, kept in step with the game.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use abstracta::player::{Analysis, Choice, Clock, EngineError};
use abstracta::search::{SearchResult, StopHandle};
use abstracta::{AnyGame, AnySearch, PlayError};
use rustix::process::{kill_process_group, Pid, Signal};

use super::watchdog::{self, QUIT_GRACE, WATCHDOG_ARG};

/// Longest line accepted from an external engine; a longer one forfeits it.
pub const MAX_LINE: usize = 64 * 1024;
/// Most lines accepted for one answer (blank lines before it included).
pub const MAX_ANSWER_LINES: usize = 1000;
/// Most bytes accepted for one answer.
pub const MAX_ANSWER_BYTES: usize = 1024 * 1024;
/// Lines read ahead of the answer being read: the reader waits (and so
/// does the engine) rather than buffering more.
const READ_AHEAD: usize = 16;
/// How long past its clock and the margin a clocked `genmove` is waited
/// for before the engine is given up (it has lost on time by then).
const CLOCK_GRACE: Duration = Duration::from_millis(200);

/// What the reader thread passes on.
enum Line {
    /// One line, without its line ending.
    Text(String),
    /// A line longer than [`MAX_LINE`]: nothing more is read.
    TooLong,
}

/// The program `program` names: a path (with a `/`) that is an executable
/// file, or the first such file of that name on `PATH`. The same search
/// the system does when starting it, done first to give a clear error.
pub fn find_program(program: &str) -> Result<PathBuf, std::io::Error> {
    use std::os::unix::fs::PermissionsExt;
    let runnable =
        |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
    if program.is_empty() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "no program named",
        ));
    }
    if program.contains('/') {
        let path = PathBuf::from(program);
        return match std::fs::metadata(&path) {
            Err(e) => Err(e),
            Ok(_) if runnable(&path) => Ok(path),
            Ok(_) => Err(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                "not an executable file",
            )),
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| runnable(p))
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "not found on PATH"))
}

/// An external engine process speaking the protocol over stdin/stdout: an
/// [`AnySearch`] at the text level, for any game.
///
/// The engine runs in a process group of its own, killed when the player
/// is dropped; in the `arena` binary, through the watchdog of
/// [`watchdog`], also when arena is killed. What arena
/// buffers of its output is bounded ([`MAX_LINE`], [`MAX_ANSWER_LINES`],
/// [`MAX_ANSWER_BYTES`]): an engine exceeding it gets a protocol error.
pub struct CmdPlayer {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    timeout: Duration,
    /// The game spec and the plies the engine was told, if it is in step.
    synced: Option<(String, Vec<String>)>,
    /// Why the engine is no longer talked to (a timeout or a protocol
    /// error leaves its answers out of step).
    broken: Option<String>,
    /// The clock for the next `genmove`.
    clock: Option<Clock>,
    /// How far past its clock a `genmove` is still waited for.
    time_margin: Duration,
    /// Whether the engine refused the `clock` command (an engine from
    /// before it): it is not sent again.
    clock_refused: bool,
}

impl fmt::Debug for CmdPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CmdPlayer").field("name", &self.name).finish()
    }
}

impl CmdPlayer {
    /// Starts `program args`; each answer may take up to `timeout`.
    pub fn spawn(program: &str, args: &[String], timeout: Duration) -> Result<Self, EngineError> {
        let spawn_error = |source| EngineError::Spawn {
            program: program.to_owned(),
            source,
        };
        let resolved = find_program(program).map_err(spawn_error)?;
        let start = |mut command: Command| {
            command
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                // Its own group: a Ctrl-C meant for arena does not reach
                // it, and killing the group ends whatever it started too.
                .process_group(0)
                .spawn()
        };
        let direct = || {
            let mut c = Command::new(&resolved);
            c.args(args);
            c
        };
        let mut child = match watchdog::installed() {
            Some(dog) => {
                let mut c = Command::new(dog);
                c.arg(WATCHDOG_ARG).arg(&resolved).args(args);
                // A watchdog that cannot start (its binary replaced or
                // deleted meanwhile) still leaves the engine its own group.
                start(c).or_else(|_| start(direct()))
            }
            None => start(direct()),
        }
        .map_err(spawn_error)?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (tx, rx) = mpsc::sync_channel(READ_AHEAD);
        if let Some(stdout) = stdout {
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    let limit = MAX_LINE as u64 + 1;
                    match (&mut reader).take(limit).read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) if buf.len() > MAX_LINE => {
                            let _ = tx.send(Line::TooLong);
                            break;
                        }
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim_end().to_owned();
                            if tx.send(Line::Text(line)).is_err() {
                                break;
                            }
                        }
                    }
                }
            });
        }
        let mut name = program.to_owned();
        for a in args {
            name.push(' ');
            name.push_str(a);
        }
        Ok(CmdPlayer {
            name,
            child,
            stdin,
            lines: rx,
            timeout,
            synced: None,
            broken: None,
            clock: None,
            time_margin: Duration::ZERO,
            clock_refused: false,
        })
    }

    /// Under a clock, waits for a `genmove` until its clock and `margin`
    /// have run out (and a moment more), rather than the whole timeout.
    pub fn set_time_margin(&mut self, margin: Duration) {
        self.time_margin = margin;
    }

    /// Sends one command and returns the text of a `= ...` answer (the
    /// lines after `=`, joined by newlines).
    pub fn command(&mut self, command: &str) -> Result<String, EngineError> {
        self.command_within(command, self.timeout)
    }

    /// [`command`](CmdPlayer::command), waiting at most `wait` for the
    /// answer.
    fn command_within(&mut self, command: &str, wait: Duration) -> Result<String, EngineError> {
        if let Some(reason) = &self.broken {
            return Err(self.protocol_error(command, "", reason.clone()));
        }
        let result = self.exchange(command, wait);
        if let Err(e) = &result {
            if matches!(e, EngineError::Timeout { .. } | EngineError::Protocol { .. }) {
                self.broken = Some(format!("no longer answered after an earlier error: {e}"));
            }
        }
        result
    }

    fn protocol_error(&self, command: &str, answer: &str, reason: impl Into<String>) -> EngineError {
        EngineError::Protocol {
            engine: self.name.clone(),
            command: command.to_owned(),
            answer: shorten(answer),
            reason: reason.into(),
        }
    }

    fn exchange(&mut self, command: &str, wait: Duration) -> Result<String, EngineError> {
        let crashed = |me: &Self| EngineError::Crashed {
            engine: me.name.clone(),
            command: command.to_owned(),
        };
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{command}").and_then(|_| stdin.flush()),
            None => Err(std::io::Error::other("no stdin")),
        };
        if written.is_err() {
            return Err(crashed(self));
        }
        let deadline = Instant::now() + wait;
        let mut answer: Vec<String> = Vec::new();
        let (mut lines, mut bytes) = (0usize, 0usize);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(Line::Text(line)) => line,
                Ok(Line::TooLong) => {
                    return Err(self.protocol_error(
                        command,
                        answer.first().map_or("", String::as_str),
                        format!("a line longer than {MAX_LINE} bytes"),
                    ))
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout {
                        engine: self.name.clone(),
                        command: command.to_owned(),
                        seconds: wait.as_secs_f64(),
                    })
                }
                Err(RecvTimeoutError::Disconnected) => return Err(crashed(self)),
            };
            lines += 1;
            bytes += line.len() + 1;
            if lines > MAX_ANSWER_LINES || bytes > MAX_ANSWER_BYTES {
                return Err(self.protocol_error(
                    command,
                    answer.first().map_or(line.as_str(), String::as_str),
                    format!(
                        "answer too long (more than {MAX_ANSWER_LINES} lines or {MAX_ANSWER_BYTES} bytes \
                         without the blank line ending it)"
                    ),
                ));
            }
            if answer.is_empty() {
                if line.trim().is_empty() {
                    continue;
                }
                if !line.starts_with('=') && !line.starts_with('?') {
                    return Err(self.protocol_error(
                        command,
                        &line,
                        "expected an answer starting with '=' or '?'",
                    ));
                }
                answer.push(line);
            } else if line.trim().is_empty() {
                break;
            } else {
                answer.push(line);
            }
        }
        let first = answer[0].clone();
        // Strip '=' or '?' and an optional numeric id.
        let body = first[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        let mut text = body.trim().to_owned();
        for l in &answer[1..] {
            text.push('\n');
            text.push_str(l);
        }
        if first.starts_with('?') {
            return Err(EngineError::Refused {
                engine: self.name.clone(),
                command: command.to_owned(),
                message: text,
            });
        }
        Ok(text)
    }

    /// Brings the engine to `game`: `newgame SPEC` unless it is in step
    /// with a prefix of the game's history, then `play` for each new ply.
    fn sync(&mut self, game: &dyn AnyGame) -> Result<(), EngineError> {
        let spec = game.spec();
        let history = game.history();
        let start = match &self.synced {
            Some((s, seen))
                if *s == spec && seen.len() <= history.len() && history[..seen.len()] == seen[..] =>
            {
                seen.len()
            }
            _ => {
                self.synced = None;
                self.command(&format!("newgame {spec}"))?;
                self.synced = Some((spec, Vec::new()));
                0
            }
        };
        for ply in &history[start..] {
            self.command(&format!("play {ply}"))?;
            if let Some((_, seen)) = self.synced.as_mut() {
                seen.push(ply.clone());
            }
        }
        Ok(())
    }
}

fn shorten(text: &str) -> String {
    if text.chars().count() > 80 {
        let cut: String = text.chars().take(80).collect();
        format!("{cut}...")
    } else {
        text.to_owned()
    }
}

impl AnySearch for CmdPlayer {
    fn family(&self) -> &'static str {
        "cmd"
    }

    fn describe(&self) -> String {
        format!("cmd:{}", self.name)
    }

    /// Plays any game: the engine is told it with `newgame`.
    fn game_name(&self) -> Option<&'static str> {
        None
    }

    /// The engine's `genmove` (without a clock), as a result that names
    /// the ply and the win rate the engine reported.
    fn search(&mut self, game: &dyn AnyGame) -> Result<SearchResult<String>, EngineError> {
        let clock = self.clock.take();
        let started = Instant::now();
        let choice = self.genmove(game);
        self.clock = clock;
        let choice = choice?;
        let mut result = SearchResult::choice(Some(choice.ply), started.elapsed());
        result.win_rate = choice.win_rate;
        Ok(result)
    }

    /// The engine's ply, in the game's canonical notation. An answer that
    /// does not read as a ply is [`EngineError::Protocol`]; a readable ply
    /// that is illegal is returned as it is, for the caller to refuse.
    fn genmove(&mut self, game: &dyn AnyGame) -> Result<Choice<String>, EngineError> {
        let status = game.status();
        if status.is_finished() {
            return Err(EngineError::GameOver { status });
        }
        let started = Instant::now();
        self.sync(game)?;
        let mut wait = self.timeout;
        if let Some(clock) = self.clock.take() {
            if !self.clock_refused {
                let left = clock.less(started.elapsed());
                match self.command(&crate::wire::clock_command(&left)) {
                    Ok(_) => {}
                    Err(EngineError::Refused { .. }) => self.clock_refused = true,
                    Err(e) => return Err(e),
                }
            }
            let allowed = clock.available() + self.time_margin + CLOCK_GRACE;
            wait = wait.min(allowed.saturating_sub(started.elapsed()));
        }
        let answer = self.command_within("genmove", wait)?;
        let mut words = answer.split_whitespace();
        let word = words.next().unwrap_or("");
        let win_rate = match crate::wire::reported_win_rate(words) {
            Ok(w) => w,
            Err(reason) => {
                self.synced = None;
                return Err(self.protocol_error("genmove", &answer, reason));
            }
        };
        let mut next = game.clone_box();
        let ply = match next.play(word) {
            Ok(canonical) => canonical,
            Err(PlayError::Parse(e)) => {
                self.synced = None;
                return Err(EngineError::Protocol {
                    engine: self.name.clone(),
                    command: "genmove".to_owned(),
                    answer: shorten(&answer),
                    reason: format!("{e}"),
                });
            }
            Err(_) => word.to_owned(),
        };
        if let Some((_, seen)) = self.synced.as_mut() {
            seen.push(ply.clone());
        }
        Ok(Choice { ply, win_rate })
    }

    fn analyze(&mut self, game: &dyn AnyGame) -> Result<Analysis, EngineError> {
        let choice = self.genmove(game)?;
        Ok(Analysis {
            best: Some(choice.ply),
            win_rate: choice.win_rate,
            ..Analysis::default()
        })
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        self.command(&format!("set {key} {value}")).map(|_| ())
    }

    /// Sent as the protocol's `clock` command before the next `genmove`
    /// (less the time spent bringing the engine to the position); an
    /// engine that refuses the command is not sent it again.
    fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
    }

    /// A handle of its own: the engine's search is stopped by the
    /// protocol's timeouts, not from another thread.
    fn stop_handle(&self) -> StopHandle {
        StopHandle::new()
    }

    /// Forgets what the engine was told: the next request starts it with
    /// `newgame`.
    fn reset(&mut self) {
        self.synced = None;
    }
}

impl Drop for CmdPlayer {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit");
            // Dropping stdin closes the engine's input.
        }
        // Give a well-behaved engine a moment to quit (its output ends);
        // a watchdog in between takes its own grace period first.
        let deadline = Instant::now() + QUIT_GRACE * 3;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(_) => continue,
                Err(_) => break,
            }
        }
        // Not reaped yet, so the group id is still this child's: the kill
        // reaches it and whatever it started, nothing else.
        let _ = kill_process_group(Pid::from_child(&self.child), Signal::KILL);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_program_is_a_spawn_error() {
        let err = CmdPlayer::spawn("/nonexistent/engine", &[], Duration::from_secs(1)).unwrap_err();
        assert!(matches!(err, EngineError::Spawn { .. }));
    }
}
