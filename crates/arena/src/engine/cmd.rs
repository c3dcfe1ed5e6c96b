//! The external engine client: a `cmd:` program speaking the engine
//! protocol over its stdin and stdout, kept in step with the game.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use abstracta::player::{Analysis, AnyPlayer, Choice, EngineError};
use abstracta::{AnyGame, PlayError};

/// Longest answer line kept from an external engine; longer lines are cut.
const MAX_LINE: u64 = 64 * 1024;
/// Most answer lines accepted for one command.
const MAX_ANSWER_LINES: usize = 10_000;

/// An external engine process speaking the protocol over stdin/stdout: an
/// [`AnyPlayer`] at the text level, for any game.
pub struct CmdPlayer {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    timeout: Duration,
    /// The game spec and the plies the engine was told, if it is in step.
    synced: Option<(String, Vec<String>)>,
}

impl fmt::Debug for CmdPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CmdPlayer").field("name", &self.name).finish()
    }
}

impl CmdPlayer {
    /// Starts `program args`; each answer may take up to `timeout`.
    pub fn spawn(program: &str, args: &[String], timeout: Duration) -> Result<Self, EngineError> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| EngineError::Spawn {
                program: program.to_owned(),
                source,
            })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (tx, rx) = mpsc::channel();
        if let Some(stdout) = stdout {
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim_end().to_owned();
                            if tx.send(line).is_err() {
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
        })
    }

    /// Sends one command and returns the text of a `= ...` answer (the
    /// lines after `=`, joined by newlines).
    pub fn command(&mut self, command: &str) -> Result<String, EngineError> {
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
        let deadline = Instant::now() + self.timeout;
        let mut answer: Vec<String> = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout {
                        engine: self.name.clone(),
                        command: command.to_owned(),
                        seconds: self.timeout.as_secs_f64(),
                    })
                }
                Err(RecvTimeoutError::Disconnected) => return Err(crashed(self)),
            };
            if answer.is_empty() {
                if line.trim().is_empty() {
                    continue;
                }
                if !line.starts_with('=') && !line.starts_with('?') {
                    return Err(EngineError::Protocol {
                        engine: self.name.clone(),
                        command: command.to_owned(),
                        answer: shorten(&line),
                        reason: "expected an answer starting with '=' or '?'".to_owned(),
                    });
                }
                answer.push(line);
            } else if line.trim().is_empty() {
                break;
            } else {
                answer.push(line);
                if answer.len() > MAX_ANSWER_LINES {
                    return Err(EngineError::Protocol {
                        engine: self.name.clone(),
                        command: command.to_owned(),
                        answer: shorten(&answer[0]),
                        reason: "answer too long (no blank line ending it)".to_owned(),
                    });
                }
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

impl AnyPlayer for CmdPlayer {
    fn describe(&self) -> String {
        format!("cmd:{}", self.name)
    }

    /// The engine's ply, in the game's canonical notation. An answer that
    /// does not read as a ply is [`EngineError::Protocol`]; a readable ply
    /// that is illegal is returned as it is, for the caller to refuse.
    fn genmove(&mut self, game: &dyn AnyGame) -> Result<Choice<String>, EngineError> {
        let status = game.status();
        if status.is_finished() {
            return Err(EngineError::GameOver { status });
        }
        self.sync(game)?;
        let answer = self.command("genmove")?;
        let word = answer.split_whitespace().next().unwrap_or("");
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
        Ok(Choice { ply, win_rate: None })
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

    fn threads(&self) -> usize {
        1
    }

    fn ponder(&mut self, _game: &dyn AnyGame) {}
}

impl Drop for CmdPlayer {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit");
        }
        // Give a well-behaved engine a moment to quit, then make sure.
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
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
