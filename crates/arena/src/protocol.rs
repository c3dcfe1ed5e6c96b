//! The engine protocol: a GTP-style text protocol over stdin/stdout.
//!
//! Every command is one line; every answer starts with `=` (success) or
//! `?` (error), may continue over several lines, and ends with a blank line.
//! A command may start with a numeric id, which the answer repeats
//! (`7 name` -> `=7 arena`). Empty lines and lines starting with `#` are
//! ignored (no answer). See `docs/protocol.md` for the full description.
//!
//! ```
//! use arena::protocol::Session;
//! let mut session = Session::new("tictactoe", "random").unwrap();
//! assert_eq!(session.handle_line("play b2"), ("=\n\n".to_string(), false));
//! assert_eq!(session.handle_line("status").0, "= ongoing\n\n");
//! assert!(session.handle_line("play b2").0.starts_with("? "));
//! assert!(session.handle_line("frobnicate").0.starts_with("? unknown command"));
//! assert!(session.handle_line("quit").1);
//! ```

use abstracta::registry::{with_game, GameVisitor};
use abstracta_core::{Game, GameOptions, PlayError, SpecError};
use thiserror::Error;

use crate::engine::{BuildOptions, EngineError, EngineSpec, Player};
use crate::error::ArenaError;
use crate::position::Position;

/// The protocol version answered by `protocol_version`.
pub const PROTOCOL_VERSION: &str = "1";

/// Every command, as listed by `list_commands`.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "newgame",
    "play",
    "genmove",
    "undo",
    "legal",
    "status",
    "showboard",
    "history",
    "analyze",
    "set",
    "quit",
];

/// Why a command failed: the text after `?` in the answer.
#[derive(Debug, Error)]
pub enum CommandError {
    /// An id with no command after it.
    #[error("missing command after the id")]
    MissingCommand,
    /// A command the protocol does not have.
    #[error("unknown command {0:?}; known commands: {known}", known = COMMANDS.join(" "))]
    Unknown(String),
    /// `play` without exactly one ply.
    #[error("play needs exactly one ply, e.g. play c3")]
    PlayNeedsOnePly,
    /// `set` without a key and a value.
    #[error("set needs KEY VALUE, e.g. set time 500ms, set iters 2000, set engine random")]
    SetNeedsKeyValue,
    /// `undo` at the start position.
    #[error("nothing to undo")]
    NothingToUndo,
    /// The ply given to `play` cannot be read or is illegal.
    #[error("{0}")]
    Play(#[from] PlayError),
    /// The engine chose a ply the game refused.
    #[error("the engine chose an illegal ply: {0}")]
    IllegalChoice(PlayError),
    /// The engine failed or refused an option or spec.
    #[error("{0}")]
    Engine(#[from] EngineError),
    /// The game spec of `newgame` is wrong.
    #[error("{0}")]
    Spec(#[from] SpecError),
}

/// The game-specific half of a session.
trait Core: Send {
    fn spec(&self) -> &str;
    fn run(&mut self, command: &str, args: &str) -> Result<String, CommandError>;
    fn set(&mut self, key: &str, value: &str) -> Result<(), EngineError>;
}

struct CoreImpl<G: Game> {
    spec: String,
    position: Position<G>,
    engine: Box<dyn Player<G>>,
}

impl<G: Game> Core for CoreImpl<G> {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn run(&mut self, command: &str, args: &str) -> Result<String, CommandError> {
        match command {
            "play" => {
                if args.split_whitespace().count() != 1 {
                    return Err(CommandError::PlayNeedsOnePly);
                }
                self.position.play_str(args)?;
                Ok(String::new())
            }
            "genmove" => {
                let game = self.position.game().clone();
                let choice = self.engine.genmove(&game, self.position.history())?;
                self.position
                    .play(choice.ply)
                    .map_err(CommandError::IllegalChoice)?;
                // With `ponder=on` the engine thinks until the next command.
                self.engine.ponder(self.position.game(), self.position.history());
                Ok(choice.ply.to_string())
            }
            "analyze" => {
                let game = self.position.game().clone();
                let analysis = self.engine.analyze(&game, self.position.history())?;
                Ok(format!("\n{analysis}"))
            }
            "undo" => {
                if self.position.undo() {
                    Ok(String::new())
                } else {
                    Err(CommandError::NothingToUndo)
                }
            }
            "legal" => Ok(self.position.legal_text()),
            "status" => Ok(self.position.game().status().word().to_owned()),
            "history" => Ok(self.position.history_text()),
            "showboard" => Ok(format!("\n{}", self.position.game().render())),
            _ => Err(CommandError::Unknown(command.to_owned())),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        self.engine.set_option(key, value)
    }
}

struct MakeCore<'a> {
    engine: &'a EngineSpec,
    build: BuildOptions,
}

impl GameVisitor for MakeCore<'_> {
    type Output = Result<Box<dyn Core>, EngineError>;

    fn visit<G: Game>(self, options: G::Options) -> Self::Output {
        let spec = options.spec();
        let build = BuildOptions {
            game_spec: spec.clone(),
            ..self.build
        };
        let engine = self.engine.build::<G>(&build)?;
        Ok(Box::new(CoreImpl::<G> {
            spec,
            position: Position::new(options),
            engine,
        }))
    }
}

/// One protocol session: a game, an engine, and the options set so far.
pub struct Session {
    core: Box<dyn Core>,
    engine: EngineSpec,
    build: BuildOptions,
    /// Engine options set with `set`, re-applied after `newgame`.
    settings: Vec<(String, String)>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("spec", &self.core.spec())
            .field("engine", &self.engine.to_string())
            .finish()
    }
}

fn make_core(spec: &str, engine: &EngineSpec, build: &BuildOptions) -> Result<Box<dyn Core>, CommandError> {
    let core = with_game(
        spec,
        MakeCore {
            engine,
            build: build.clone(),
        },
    )??;
    Ok(core)
}

impl Session {
    /// A session playing `spec` (a game spec) with `engine` (an engine
    /// spec). Errors say what is wrong with either.
    pub fn new(spec: &str, engine: &str) -> Result<Session, ArenaError> {
        let engine: EngineSpec = engine.parse()?;
        let build = BuildOptions::new(spec);
        let core = make_core(spec, &engine, &build).map_err(|e| match e {
            CommandError::Spec(e) => ArenaError::Spec(e),
            CommandError::Engine(e) => ArenaError::Engine(e),
            other => ArenaError::Failed(other.to_string()),
        })?;
        Ok(Session {
            core,
            engine,
            build,
            settings: Vec::new(),
        })
    }

    /// The canonical spec of the current game.
    pub fn spec(&self) -> &str {
        self.core.spec()
    }

    /// Handles one command line. Returns the full answer (`= ...` or
    /// `? ...`, ending with a blank line; empty for blank and comment
    /// lines) and whether the session should end.
    pub fn handle_line(&mut self, line: &str) -> (String, bool) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return (String::new(), false);
        }
        let (id, rest) = match line.find(|c: char| !c.is_ascii_digit()) {
            Some(0) => ("", line),
            Some(i) => (&line[..i], line[i..].trim_start()),
            None => (line, ""),
        };
        let (command, args) = match rest.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (rest, ""),
        };
        let command = command.to_ascii_lowercase();
        let result = self.dispatch(&command, args);
        let quit = command == "quit" && result.is_ok();
        (format_answer(id, result), quit)
    }

    fn dispatch(&mut self, command: &str, args: &str) -> Result<String, CommandError> {
        match command {
            "" => Err(CommandError::MissingCommand),
            "protocol_version" => Ok(PROTOCOL_VERSION.to_owned()),
            "name" => Ok("arena".to_owned()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_owned()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "newgame" => {
                let spec = if args.is_empty() {
                    self.core.spec().to_owned()
                } else {
                    args.to_owned()
                };
                let mut core = make_core(&spec, &self.engine, &self.build)?;
                for (k, v) in &self.settings {
                    core.set(k, v)?;
                }
                self.core = core;
                Ok(String::new())
            }
            "set" => {
                let (key, value) = match args.split_once(char::is_whitespace) {
                    Some((k, v)) => (k.to_ascii_lowercase(), v.trim().to_owned()),
                    None => return Err(CommandError::SetNeedsKeyValue),
                };
                if key == "engine" {
                    let engine: EngineSpec = value.parse()?;
                    let core = make_core(self.core.spec(), &engine, &self.build)?;
                    // The new engine starts from the current game's start;
                    // keep the position by replaying it.
                    let history = self.core.run("history", "").unwrap_or_default();
                    self.core = core;
                    for ply in history.split_whitespace() {
                        self.core.run("play", ply)?;
                    }
                    self.engine = engine;
                    self.settings.clear();
                    return Ok(String::new());
                }
                self.core.set(&key, &value)?;
                self.settings.retain(|(k, _)| *k != key);
                self.settings.push((key, value));
                Ok(String::new())
            }
            c if COMMANDS.contains(&c) => self.core.run(c, args),
            other => Err(CommandError::Unknown(other.to_owned())),
        }
    }
}

fn format_answer(id: &str, result: Result<String, CommandError>) -> String {
    match result {
        Ok(text) => {
            let lines: Vec<&str> = text.lines().collect();
            let mut out = format!("={id}");
            // Multi-line answers whose text starts with a newline put the
            // first line after "= " empty; blank lines inside are dropped so
            // that the blank line always ends the answer.
            let mut first = true;
            for l in lines {
                if first {
                    if !l.trim().is_empty() {
                        out.push(' ');
                        out.push_str(l.trim_end());
                    }
                    first = false;
                } else if !l.trim().is_empty() {
                    out.push('\n');
                    out.push_str(l.trim_end());
                }
            }
            out.push_str("\n\n");
            out
        }
        Err(error) => {
            let message = error.to_string();
            let one_line = message
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join("; ");
            format!("?{id} {one_line}\n\n")
        }
    }
}

/// Runs a session over `input` and `output` until `quit` or the end of
/// input.
pub fn serve<R: std::io::BufRead, W: std::io::Write>(
    mut session: Session,
    input: R,
    mut output: W,
) -> std::io::Result<()> {
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            // Not UTF-8: answer as an error rather than stopping.
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                output.write_all(b"? input is not valid UTF-8\n\n")?;
                output.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        let (answer, quit) = session.handle_line(&line);
        output.write_all(answer.as_bytes())?;
        output.flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(s: &mut Session, line: &str) -> String {
        s.handle_line(line).0
    }

    #[test]
    fn a_pondering_engine_answers_as_usual() {
        let mut s = Session::new("tictactoe", "mcts:iters=300,ponder=on").unwrap();
        let first = ask(&mut s, "genmove");
        assert!(first.starts_with("= "), "{first}");
        // The engine thinks while the opponent's ply and these commands arrive.
        let legal = ask(&mut s, "legal");
        let reply = legal
            .trim_start_matches("= ")
            .split_whitespace()
            .next()
            .unwrap()
            .to_owned();
        assert_eq!(ask(&mut s, &format!("play {reply}")), "=\n\n");
        let second = ask(&mut s, "genmove");
        assert!(second.starts_with("= "), "{second}");
        assert_eq!(ask(&mut s, "set ponder off"), "=\n\n");
        assert!(ask(&mut s, "genmove").starts_with("= "));
        assert!(ask(&mut s, "set ponder maybe").starts_with("? "));
    }

    #[test]
    fn a_whole_game() {
        let mut s = Session::new("tictactoe", "random").unwrap();
        assert_eq!(ask(&mut s, "protocol_version"), "= 1\n\n");
        assert_eq!(ask(&mut s, "name"), "= arena\n\n");
        assert_eq!(ask(&mut s, "5 name"), "=5 arena\n\n");
        assert!(ask(&mut s, "list_commands").contains("\ngenmove\n"));
        assert_eq!(ask(&mut s, "play b2"), "=\n\n");
        assert_eq!(ask(&mut s, "legal"), "= a1 b1 c1 a2 c2 a3 b3 c3\n\n");
        assert_eq!(ask(&mut s, "undo"), "=\n\n");
        assert_eq!(ask(&mut s, "undo"), "? nothing to undo\n\n");
        for _ in 0..9 {
            if ask(&mut s, "status") != "= ongoing\n\n" {
                break;
            }
            let a = ask(&mut s, "genmove");
            assert!(a.starts_with("= "), "{a}");
        }
        assert_ne!(ask(&mut s, "status"), "= ongoing\n\n");
        assert!(ask(&mut s, "genmove").starts_with("? "));
        let board = ask(&mut s, "showboard");
        assert!(board.starts_with("=\n") && board.ends_with("\n\n"), "{board:?}");
        assert_eq!(board.matches("\n\n").count(), 1);
        assert_eq!(ask(&mut s, "newgame tictactoe:pie=on"), "=\n\n");
        assert_eq!(s.spec(), "tictactoe:pie=on");
        assert_eq!(ask(&mut s, "play a1"), "=\n\n");
        assert!(ask(&mut s, "legal").contains("swap"));
        assert!(ask(&mut s, "newgame chess").starts_with("? unknown game"));
        assert_eq!(s.handle_line("quit"), ("=\n\n".to_owned(), true));
    }

    #[test]
    fn errors_never_panic() {
        let mut s = Session::new("tictactoe", "random").unwrap();
        for line in [
            "",
            "   ",
            "# comment",
            "play",
            "play zz9",
            "play a1 b1",
            "set",
            "set seed x",
            "set engine foo",
            "set bogus 1",
            "123",
            "12 ",
            "newgame :::",
            "\u{0}",
            "genmove extra",
            "ÿ play",
            "9999999999999999999999 name",
        ] {
            let (answer, quit) = s.handle_line(line);
            assert!(!quit);
            if !answer.is_empty() {
                assert!(answer.ends_with("\n\n"), "{line:?} -> {answer:?}");
                assert_eq!(answer.matches("\n\n").count(), 1, "{line:?} -> {answer:?}");
            }
        }
        assert!(Session::new("nope", "random").is_err());
        assert!(Session::new("tictactoe", "nope").is_err());
    }

    #[test]
    fn set_engine_keeps_position() {
        let mut s = Session::new("tictactoe", "random").unwrap();
        ask(&mut s, "play b2");
        assert_eq!(ask(&mut s, "set engine random"), "=\n\n");
        assert_eq!(ask(&mut s, "history"), "= b2\n\n");
        assert_eq!(ask(&mut s, "set seed 4"), "=\n\n");
    }
}
