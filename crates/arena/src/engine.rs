//! Engines: who chooses the plies.
//!
//! An engine spec names one: `random`, `mcts[:OPTIONS]` (the options of the
//! `mcts` crate, e.g. `mcts:time=500ms,threads=2`) or `cmd:PROGRAM ARGS`, an
//! external program speaking the [engine protocol](crate::protocol).
//! [`EngineSpec::build`] turns a spec into a [`Player`] for one game type.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use abstracta_core::Game;
use mcts::{Mcts, MctsOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use thiserror::Error;

/// What engine specs look like, for error messages.
pub const ENGINE_FORMS: &str =
    "random, mcts[:OPTIONS] (e.g. mcts:iters=2000,threads=2) or cmd:PROGRAM [ARGS]";

/// The engine used when none is named (`arena engine`, `arena analyze`,
/// hints in `arena play`).
pub const DEFAULT_ENGINE: &str = "mcts:time=1s";

/// An engine that could not be created or failed while playing.
#[derive(Debug, Error)]
pub enum EngineError {
    /// The engine spec cannot be read.
    #[error("bad engine {spec:?}: {reason}; expected {ENGINE_FORMS}")]
    BadSpec {
        /// The spec given.
        spec: String,
        /// What is wrong with it.
        reason: String,
    },
    /// An engine option was refused.
    #[error("bad engine option {key:?}: {reason}")]
    BadOption {
        /// The option's key.
        key: String,
        /// What is wrong and what is accepted.
        reason: String,
    },
    /// The game is over: there is nothing to choose.
    #[error("the game is over; there is no ply to choose")]
    GameOver,
    /// An external engine could not be started.
    #[error("cannot start engine program {program:?}: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// An external engine exited or closed its output.
    #[error("engine {engine:?} crashed or closed its output while answering {command:?}")]
    Crashed {
        /// The engine.
        engine: String,
        /// The command it was answering.
        command: String,
    },
    /// An external engine did not answer in time.
    #[error("engine {engine:?} did not answer {command:?} within {seconds:.1}s")]
    Timeout {
        /// The engine.
        engine: String,
        /// The command.
        command: String,
        /// The time allowed.
        seconds: f64,
    },
    /// An external engine answered something that is not the protocol.
    #[error("engine {engine:?} answered {command:?} with {answer:?}: {reason}")]
    Protocol {
        /// The engine.
        engine: String,
        /// The command.
        command: String,
        /// The answer (shortened).
        answer: String,
        /// What was expected.
        reason: String,
    },
    /// An external engine answered with an error (`? ...`).
    #[error("engine {engine:?} refused {command:?}: {message}")]
    Refused {
        /// The engine.
        engine: String,
        /// The command.
        command: String,
        /// Its error message.
        message: String,
    },
}

impl EngineError {
    /// Whether this is a failure while running (exit code 1) rather than a
    /// bad spec or option (exit code 2).
    pub fn is_runtime(&self) -> bool {
        !matches!(
            self,
            EngineError::BadSpec { .. } | EngineError::BadOption { .. } | EngineError::GameOver
        )
    }
}

/// A ply chosen by an engine, with its win-rate estimate if it has one.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<P> {
    /// The ply.
    pub ply: P,
    /// The engine's win rate for the seat that plays it (0..1).
    pub win_rate: Option<f64>,
}

/// One line of an analysis: a ply with its statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct ChildLine {
    /// The ply, in notation.
    pub ply: String,
    /// Visits of the ply.
    pub visits: u64,
    /// Win rate for the seat to move.
    pub win_rate: f64,
    /// Proven result, if the solver found one.
    pub proof: Option<String>,
}

/// An engine's view of a position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// The best ply, in notation.
    pub best: Option<String>,
    /// Win rate of the seat to move.
    pub win_rate: Option<f64>,
    /// Principal variation, in notation.
    pub pv: Vec<String>,
    /// The most visited plies, best first.
    pub children: Vec<ChildLine>,
    /// Search counters and anything else the engine reports, one per line.
    pub details: Vec<String>,
}

impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.best {
            Some(best) => writeln!(f, "best: {best}")?,
            None => writeln!(f, "best: none")?,
        }
        if let Some(w) = self.win_rate {
            writeln!(f, "win rate: {:.1}% (seat to move)", w * 100.0)?;
        }
        if !self.pv.is_empty() {
            writeln!(f, "pv: {}", self.pv.join(" "))?;
        }
        if !self.children.is_empty() {
            writeln!(f, "{:<12} {:>10} {:>9}  proof", "ply", "visits", "win rate")?;
            for c in &self.children {
                writeln!(
                    f,
                    "{:<12} {:>10} {:>8.1}%  {}",
                    c.ply,
                    c.visits,
                    c.win_rate * 100.0,
                    c.proof.as_deref().unwrap_or("-")
                )?;
            }
        }
        for d in &self.details {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}

/// An engine bound to one game type.
///
/// Engines are given the whole history with every request, so callers never
/// have to tell them about plies separately; engines that keep state (a
/// search tree, an external process) bring it up to date themselves and
/// start over when the history is not a continuation of what they saw.
pub trait Player<G: Game>: Send {
    /// A short description (the engine spec).
    fn describe(&self) -> String;

    /// Chooses a ply for the side to move in `game`, reached from the start
    /// position by `history`.
    fn genmove(&mut self, game: &G, history: &[G::Ply]) -> Result<Choice<G::Ply>, EngineError>;

    /// Analyses `game`; engines without statistics just name their choice.
    fn analyze(&mut self, game: &G, history: &[G::Ply]) -> Result<Analysis, EngineError> {
        let choice = self.genmove(game, history)?;
        Ok(Analysis {
            best: Some(choice.ply.to_string()),
            win_rate: choice.win_rate,
            ..Analysis::default()
        })
    }

    /// Sets an engine option (`time`, `iters`, `threads`, `seed`, ...).
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError>;

    /// The number of threads the engine searches with.
    fn threads(&self) -> usize {
        1
    }

    /// Thinks on the opponent's time about `game` (reached by `history`,
    /// usually just after the engine's own ply) until the next request, if
    /// the engine is set to ponder; the default does nothing.
    fn ponder(&mut self, _game: &G, _history: &[G::Ply]) {}
}

/// A parsed engine spec.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineSpec {
    /// Uniformly random legal plies (through the game's `random_ply`).
    Random,
    /// Monte Carlo Tree Search with these options.
    Mcts(MctsOptions),
    /// An external program speaking the engine protocol.
    Cmd {
        /// The program.
        program: String,
        /// Its arguments.
        args: Vec<String>,
    },
}

impl FromStr for EngineSpec {
    type Err = EngineError;

    fn from_str(text: &str) -> Result<EngineSpec, EngineError> {
        let bad = |reason: &str| EngineError::BadSpec {
            spec: text.to_owned(),
            reason: reason.to_owned(),
        };
        let trimmed = text.trim();
        let (kind, rest) = match trimmed.split_once(':') {
            Some((k, r)) => (k.trim(), Some(r)),
            None => (trimmed, None),
        };
        match kind.to_ascii_lowercase().as_str() {
            "random" => match rest {
                None => Ok(EngineSpec::Random),
                Some(_) => Err(bad("`random` takes no options")),
            },
            "mcts" => trimmed
                .parse::<MctsOptions>()
                .map(EngineSpec::Mcts)
                .map_err(|e| bad(&e.to_string())),
            "cmd" => {
                let words = split_words(rest.unwrap_or("")).map_err(|r| bad(&r))?;
                let Some((program, args)) = words.split_first() else {
                    return Err(bad("`cmd:` needs a program, e.g. cmd:./my-engine --fast"));
                };
                Ok(EngineSpec::Cmd {
                    program: program.clone(),
                    args: args.to_vec(),
                })
            }
            "" => Err(bad("empty engine")),
            other => Err(bad(&format!("unknown engine kind {other:?}"))),
        }
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineSpec::Random => f.write_str("random"),
            EngineSpec::Mcts(options) => write!(f, "{options}"),
            EngineSpec::Cmd { program, args } => {
                write!(f, "cmd:{}", quote(program))?;
                for a in args {
                    write!(f, " {}", quote(a))?;
                }
                Ok(())
            }
        }
    }
}

/// Splits a command line into words: whitespace separates, single and
/// double quotes group (no escapes inside single quotes; a backslash
/// escapes the next character elsewhere).
pub fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(ch) => word.push(ch),
                        None => return Err("unclosed single quote in the command".to_owned()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(ch) => word.push(ch),
                            None => return Err("unclosed double quote in the command".to_owned()),
                        },
                        Some(ch) => word.push(ch),
                        None => return Err("unclosed double quote in the command".to_owned()),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(ch) = chars.next() {
                    word.push(ch);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

fn quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=,+@%".contains(c))
    {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// How engines are built for one game.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The game spec (sent to external engines with `newgame`).
    pub game_spec: String,
    /// Seed for the engine's randomness.
    pub seed: u64,
    /// How long an external engine may take to answer one command.
    pub timeout: Duration,
}

impl BuildOptions {
    /// Options for `game_spec` with seed 0 and a 60 s answer timeout.
    pub fn new(game_spec: &str) -> BuildOptions {
        BuildOptions {
            game_spec: game_spec.to_owned(),
            seed: 0,
            timeout: Duration::from_secs(60),
        }
    }
}

impl EngineSpec {
    /// The number of threads the engine will search with.
    pub fn threads(&self) -> usize {
        match self {
            EngineSpec::Mcts(options) => options.thread_count(),
            _ => 1,
        }
    }

    /// Creates the engine for game type `G`.
    pub fn build<G: Game>(&self, options: &BuildOptions) -> Result<Box<dyn Player<G>>, EngineError> {
        Ok(match self {
            EngineSpec::Random => Box::new(RandomPlayer::new(options.seed)),
            EngineSpec::Mcts(mcts_options) => {
                let mut mcts_options = mcts_options.clone();
                if options.seed != 0 {
                    mcts_options.seed = mix_seed(mcts_options.seed, options.seed);
                }
                Box::new(MctsPlayer::<G>::new(mcts_options))
            }
            EngineSpec::Cmd { program, args } => Box::new(CmdPlayer::<G>::spawn(
                program,
                args,
                &options.game_spec,
                options.timeout,
            )?),
        })
    }
}

/// The `random` engine.
#[derive(Debug)]
pub struct RandomPlayer {
    rng: SmallRng,
}

impl RandomPlayer {
    /// A random engine with a fixed seed.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn describe(&self) -> String {
        "random".to_owned()
    }

    fn genmove(&mut self, game: &G, _history: &[G::Ply]) -> Result<Choice<G::Ply>, EngineError> {
        game.random_ply(&mut self.rng)
            .map(|ply| Choice { ply, win_rate: None })
            .ok_or(EngineError::GameOver)
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        match key {
            "seed" => {
                let seed = value.parse::<u64>().map_err(|_| EngineError::BadOption {
                    key: key.to_owned(),
                    reason: format!("expected a whole number, found {value:?}"),
                })?;
                self.rng = SmallRng::seed_from_u64(seed);
                Ok(())
            }
            // Time controls mean nothing to a random player.
            "time" | "iters" | "threads" => Ok(()),
            _ => Err(EngineError::BadOption {
                key: key.to_owned(),
                reason: "the random engine accepts only seed (and ignores time, iters, threads)".to_owned(),
            }),
        }
    }
}

/// The `mcts` engine: a search tree kept from ply to ply.
pub struct MctsPlayer<G: Game> {
    /// The engine; while pondering, a stand-in with the same options (the
    /// engine itself is in `pondering`).
    mcts: Mcts<G>,
    pondering: Option<mcts::Ponder<G>>,
    synced: Vec<G::Ply>,
}

impl<G: Game> fmt::Debug for MctsPlayer<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MctsPlayer")
            .field("options", &self.mcts.options().to_string())
            .finish()
    }
}

impl<G: Game> MctsPlayer<G> {
    /// A search engine with `options`.
    pub fn new(options: MctsOptions) -> MctsPlayer<G> {
        MctsPlayer {
            mcts: Mcts::new(options),
            pondering: None,
            synced: Vec::new(),
        }
    }

    /// Ends pondering, if any, and takes the engine back.
    fn stop_pondering(&mut self) {
        if let Some(pondering) = self.pondering.take() {
            self.mcts = pondering.finish().0;
        }
    }

    /// Brings the kept tree up to `history`, or drops it when `history`
    /// does not continue what the engine saw.
    fn sync(&mut self, history: &[G::Ply]) {
        self.stop_pondering();
        let seen = self.synced.len();
        if seen <= history.len() && history[..seen] == self.synced[..] {
            for &ply in &history[seen..] {
                self.mcts.advance(ply);
            }
        } else {
            self.mcts.reset();
        }
        self.synced = history.to_vec();
    }

    /// Brings the kept tree up to `history` and searches.
    fn search(&mut self, game: &G, history: &[G::Ply]) -> Result<mcts::SearchResult<G::Ply>, EngineError> {
        if game.status().is_finished() {
            return Err(EngineError::GameOver);
        }
        self.sync(history);
        Ok(self.mcts.search(game))
    }
}

impl<G: Game> Player<G> for MctsPlayer<G> {
    fn describe(&self) -> String {
        self.mcts.options().to_string()
    }

    fn genmove(&mut self, game: &G, history: &[G::Ply]) -> Result<Choice<G::Ply>, EngineError> {
        let result = self.search(game, history)?;
        let ply = result.best.ok_or(EngineError::GameOver)?;
        Ok(Choice {
            ply,
            win_rate: Some(result.win_rate),
        })
    }

    fn analyze(&mut self, game: &G, history: &[G::Ply]) -> Result<Analysis, EngineError> {
        let result = self.search(game, history)?;
        let mut children: Vec<ChildLine> = result
            .children
            .iter()
            .map(|c| ChildLine {
                ply: c.ply.to_string(),
                visits: c.visits,
                win_rate: c.win_rate,
                proof: c.proof.map(|p| p.to_string()),
            })
            .collect();
        children.sort_by_key(|c| std::cmp::Reverse(c.visits));
        children.truncate(10);
        let mut details = vec![format!(
            "{} iterations in {:.3}s ({:.0}/s), {} nodes, depth {}",
            result.iterations,
            result.elapsed.as_secs_f64(),
            result.iterations_per_sec,
            result.nodes,
            result.max_depth
        )];
        if let Some(p) = result.proof {
            details.push(format!("proven: {p} for the seat to move"));
        }
        Ok(Analysis {
            best: result.best.map(|p| p.to_string()),
            win_rate: Some(result.win_rate),
            pv: result.pv.iter().map(|p| p.to_string()).collect(),
            children,
            details,
        })
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        self.stop_pondering();
        let mut current = self.mcts.options().clone();
        // The budget set last wins: a new time drops the iteration count
        // and the other way round.
        match key {
            "time" => current.iterations = None,
            "iters" | "iterations" => current.time = None,
            _ => {}
        }
        let canonical = match key {
            "iterations" => "iters",
            "exploration" => "c",
            "max_nodes" => "nodes",
            k => k,
        };
        let current = current.to_string();
        let mut pairs: Vec<String> = current
            .trim_start_matches("mcts:")
            .split(',')
            .filter(|p| !p.is_empty() && p.split('=').next() != Some(canonical))
            .map(str::to_owned)
            .collect();
        pairs.push(format!("{canonical}={value}"));
        let text = format!("mcts:{}", pairs.join(","));
        let options: MctsOptions = text
            .parse()
            .map_err(|e: mcts::OptionsError| EngineError::BadOption {
                key: key.to_owned(),
                reason: e.to_string(),
            })?;
        self.mcts.set_options(options);
        Ok(())
    }

    fn threads(&self) -> usize {
        self.mcts.options().thread_count()
    }

    fn ponder(&mut self, game: &G, history: &[G::Ply]) {
        if !self.mcts.options().ponder || game.status().is_finished() {
            return;
        }
        self.sync(history);
        let stand_in = Mcts::new(self.mcts.options().clone());
        let engine = std::mem::replace(&mut self.mcts, stand_in);
        self.pondering = Some(engine.ponder(game));
    }
}

/// Longest answer line kept from an external engine; longer lines are cut.
const MAX_LINE: u64 = 64 * 1024;
/// Most answer lines accepted for one command.
const MAX_ANSWER_LINES: usize = 10_000;

/// An external engine process speaking the protocol over stdin/stdout.
pub struct CmdPlayer<G: Game> {
    name: String,
    spec: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    timeout: Duration,
    synced: Option<Vec<G::Ply>>,
}

impl<G: Game> fmt::Debug for CmdPlayer<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CmdPlayer").field("name", &self.name).finish()
    }
}

impl<G: Game> CmdPlayer<G> {
    /// Starts `program args` for games of `spec`; each answer may take up
    /// to `timeout`.
    pub fn spawn(program: &str, args: &[String], spec: &str, timeout: Duration) -> Result<Self, EngineError> {
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
            spec: spec.to_owned(),
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

    fn sync(&mut self, history: &[G::Ply]) -> Result<(), EngineError> {
        let start = match &self.synced {
            Some(seen) if seen.len() <= history.len() && history[..seen.len()] == seen[..] => seen.len(),
            _ => {
                self.synced = None;
                let spec = self.spec.clone();
                self.command(&format!("newgame {spec}"))?;
                self.synced = Some(Vec::new());
                0
            }
        };
        for &ply in &history[start..] {
            self.command(&format!("play {ply}"))?;
            if let Some(seen) = self.synced.as_mut() {
                seen.push(ply);
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

impl<G: Game> Player<G> for CmdPlayer<G> {
    fn describe(&self) -> String {
        format!("cmd:{}", self.name)
    }

    fn genmove(&mut self, game: &G, history: &[G::Ply]) -> Result<Choice<G::Ply>, EngineError> {
        if game.status().is_finished() {
            return Err(EngineError::GameOver);
        }
        self.sync(history)?;
        let answer = self.command("genmove")?;
        let word = answer.split_whitespace().next().unwrap_or("");
        let ply: G::Ply = word.parse().map_err(|e| {
            self.synced = None;
            EngineError::Protocol {
                engine: self.name.clone(),
                command: "genmove".to_owned(),
                answer: shorten(&answer),
                reason: format!("{e}"),
            }
        })?;
        if let Some(seen) = self.synced.as_mut() {
            seen.push(ply);
        }
        Ok(Choice { ply, win_rate: None })
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        self.command(&format!("set {key} {value}")).map(|_| ())
    }
}

impl<G: Game> Drop for CmdPlayer<G> {
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

/// Derives a well-mixed 64-bit seed from a base seed and an index
/// (SplitMix64 finaliser).
pub fn mix_seed(base: u64, index: u64) -> u64 {
    let mut z = base
        ^ index
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(0x632B_E59B_D9B4_E019);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::toy::TicTacToe;

    #[test]
    fn parses_specs() {
        assert_eq!("random".parse::<EngineSpec>().unwrap(), EngineSpec::Random);
        assert_eq!(
            "cmd:./x -a  b".parse::<EngineSpec>().unwrap(),
            EngineSpec::Cmd {
                program: "./x".into(),
                args: vec!["-a".into(), "b".into()]
            }
        );
        for bad in ["", "cmd:", "cmd:  ", "foo", "random:x=1", ":"] {
            let err = bad.parse::<EngineSpec>().unwrap_err().to_string();
            assert!(err.contains("expected"), "{err}");
        }
    }

    #[test]
    fn mcts_engine() {
        let spec: EngineSpec = "mcts:iters=300,threads=1".parse().unwrap();
        assert_eq!(spec.threads(), 1);
        assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec);
        let mut p = spec.build::<TicTacToe>(&BuildOptions::new("tictactoe")).unwrap();
        let mut game = TicTacToe::new(Default::default());
        let mut history = Vec::new();
        while game.status().is_ongoing() {
            let c = p.genmove(&game, &history).unwrap();
            assert!(c.win_rate.is_some());
            game.play(c.ply).unwrap();
            history.push(c.ply);
        }
        // Perfect-ish play from both sides: tic-tac-toe is a draw.
        assert_eq!(game.status().word(), "draw");
        p.set_option("time", "20ms").unwrap();
        p.set_option("iters", "50").unwrap();
        p.set_option("iters", "60").unwrap();
        p.set_option("threads", "2").unwrap();
        assert_eq!(p.describe(), "mcts:iters=60,threads=2");
        assert!(p.set_option("bogus", "1").is_err());
        assert!(p.set_option("threads", "x").is_err());
        let a = p.analyze(&TicTacToe::new(Default::default()), &[]).unwrap();
        assert!(a.best.is_some() && !a.children.is_empty() && !a.pv.is_empty());
        assert!("mcts:iters=x".parse::<EngineSpec>().is_err());
        assert!("mcts:bogus=1".parse::<EngineSpec>().is_err());
    }

    #[test]
    fn pondering_mcts_keeps_what_it_learnt_on_the_opponents_time() {
        let mut p = MctsPlayer::<TicTacToe>::new("mcts:iters=200,solver=off,ponder=on".parse().unwrap());
        let mut game = TicTacToe::new(Default::default());
        let mine = p.genmove(&game, &[]).unwrap().ply;
        game.play(mine).unwrap();
        p.ponder(&game, &[mine]);
        assert!(p.pondering.is_some());
        std::thread::sleep(Duration::from_millis(30));
        let theirs = game
            .random_ply(&mut rand::rngs::SmallRng::seed_from_u64(1))
            .unwrap();
        game.play(theirs).unwrap();
        p.genmove(&game, &[mine, theirs]).unwrap();
        assert!(p.pondering.is_none());
        // The search added its 200 iterations to the pondered subtree.
        assert!(p.mcts.root_visits() > 200, "{}", p.mcts.root_visits());
        assert_eq!(p.describe(), "mcts:iters=200,solver=off,ponder=on");

        // Without ponder=on nothing runs between requests.
        let mut q = MctsPlayer::<TicTacToe>::new("mcts:iters=200".parse().unwrap());
        q.ponder(&game, &[mine, theirs]);
        assert!(q.pondering.is_none());
    }

    #[test]
    fn quoting() {
        assert_eq!(
            split_words(r#" a 'b c' "d\"e" f\ g '' "#).unwrap(),
            vec!["a", "b c", "d\"e", "f g", ""]
        );
        assert!(split_words("'x").is_err());
        let spec: EngineSpec = "cmd:sh -c 'echo = a1; exit'".parse().unwrap();
        assert_eq!(spec.to_string(), "cmd:sh -c 'echo = a1; exit'");
        assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec);
        let odd: EngineSpec = r#"cmd:x "it's""#.parse().unwrap();
        assert_eq!(odd.to_string().parse::<EngineSpec>().unwrap(), odd);
    }

    #[test]
    fn random_plays_legal_plies() {
        let mut p = RandomPlayer::new(3);
        let mut game = TicTacToe::new(Default::default());
        let mut history = Vec::new();
        while game.status().is_ongoing() {
            let c = Player::<TicTacToe>::genmove(&mut p, &game, &history).unwrap();
            game.play(c.ply).unwrap();
            history.push(c.ply);
        }
        assert!(matches!(
            Player::<TicTacToe>::genmove(&mut p, &game, &history),
            Err(EngineError::GameOver)
        ));
    }

    #[test]
    fn missing_program_is_a_spawn_error() {
        let spec: EngineSpec = "cmd:/nonexistent/engine".parse().unwrap();
        let err = spec
            .build::<TicTacToe>(&BuildOptions::new("tictactoe"))
            .err()
            .unwrap();
        assert!(matches!(err, EngineError::Spawn { .. }));
    }

    #[test]
    fn seeds_mix() {
        assert_ne!(mix_seed(1, 0), mix_seed(1, 1));
        assert_ne!(mix_seed(1, 0), mix_seed(2, 0));
    }
}
