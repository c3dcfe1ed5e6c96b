//! The engine protocol: a GTP-style text protocol over stdin/stdout.
//!
//! Every command is one line; every answer starts with `=` (success) or
//! `?` (error), may continue over several lines, and ends with a blank line.
//! A command may start with a numeric id, which the answer repeats
//! (`7 name` -> `=7 arena`). Empty lines and lines starting with `#` are
//! ignored (no answer). See `docs/protocol.md` for the full description.
//!
//! ```
//! use protocol::Session;
//! let mut session = Session::new("tictactoe", "random").unwrap();
//! assert_eq!(session.handle_line("play b2"), ("=\n\n".to_string(), false));
//! assert_eq!(session.handle_line("status").0, "= ongoing\n\n");
//! assert!(session.handle_line("play b2").0.starts_with("? "));
//! assert!(session.handle_line("frobnicate").0.starts_with("? unknown command"));
//! assert!(session.handle_line("quit").1);
//! ```

use abstracta::{AnyGame, Registry};

use crate::engine::{build, AnySearch, BuildOptions, EngineSpec};
use crate::lines::{read_bounded_line, BoundedLine, MAX_COMMAND_LINE};
use crate::wire::{format_answer, parse_clock, CommandError, COMMANDS, PROTOCOL_VERSION};

/// One protocol session: a game, an engine, and the options set so far.
pub struct Session {
    registry: Registry,
    game: Box<dyn AnyGame>,
    player: Box<dyn AnySearch>,
    engine: EngineSpec,
    build: BuildOptions,
    /// Engine options set with `set`, re-applied after `newgame`.
    settings: Vec<(String, String)>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("spec", &self.game.spec())
            .field("engine", &self.engine.to_string())
            .finish()
    }
}

impl Session {
    /// A session playing `spec` (a game spec) with `engine` (an engine
    /// spec). Errors say what is wrong with either.
    pub fn new(spec: &str, engine: &str) -> Result<Session, CommandError> {
        Session::with_registry(Registry::standard(), spec, engine)
    }

    /// A session like [`new`](Session::new) whose games (`spec` and every
    /// `newgame`) come from `registry`, so that games of one's own can be
    /// served.
    pub fn with_registry(registry: Registry, spec: &str, engine: &str) -> Result<Session, CommandError> {
        let engine: EngineSpec = engine.parse()?;
        let build = BuildOptions::default();
        let game = registry.open(spec)?;
        let player = crate::engine::build(&engine, &*game, &build)?;
        Ok(Session {
            registry,
            game,
            player,
            engine,
            build,
            settings: Vec::new(),
        })
    }

    /// The canonical spec of the current game.
    pub fn spec(&self) -> String {
        self.game.spec()
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
                let game = if args.is_empty() {
                    self.registry.open(&self.game.spec())?
                } else {
                    self.registry.open(args)?
                };
                let mut player = build(&self.engine, &*game, &self.build)?;
                for (k, v) in &self.settings {
                    player.set_option(k, v)?;
                }
                self.game = game;
                self.player = player;
                Ok(String::new())
            }
            "set" => {
                let (key, value) = match args.split_once(char::is_whitespace) {
                    Some((k, v)) => (k.to_ascii_lowercase(), v.trim().to_owned()),
                    None => return Err(CommandError::SetNeedsKeyValue),
                };
                if key == "engine" {
                    let engine: EngineSpec = value.parse()?;
                    // The new engine is told the whole position with the
                    // next request.
                    self.player = build(&engine, &*self.game, &self.build)?;
                    self.engine = engine;
                    self.settings.clear();
                    return Ok(String::new());
                }
                self.player.set_option(&key, &value)?;
                self.settings.retain(|(k, _)| *k != key);
                self.settings.push((key, value));
                Ok(String::new())
            }
            "play" => {
                if args.split_whitespace().count() != 1 {
                    return Err(CommandError::PlayNeedsOnePly);
                }
                self.game.play(args)?;
                Ok(String::new())
            }
            "genmove" => {
                let choice = self.player.genmove(&*self.game)?;
                let ply = self.game.play(&choice.ply).map_err(CommandError::IllegalChoice)?;
                // With `ponder=on` the engine thinks until the next command.
                self.player.ponder(&*self.game);
                Ok(match choice.win_rate {
                    Some(w) => format!("{ply} winrate={w:.4}"),
                    None => ply,
                })
            }
            "clock" => {
                let clock = parse_clock(args)?;
                self.player.set_clock(clock);
                Ok(String::new())
            }
            "analyze" => Ok(format!("\n{}", self.player.analyze(&*self.game)?)),
            "undo" => match self.game.undo() {
                Some(_) => Ok(String::new()),
                None => Err(CommandError::NothingToUndo),
            },
            "legal" => Ok(self.game.legal_plies().join(" ")),
            "status" => Ok(self.game.status().word().to_owned()),
            "history" => Ok(self.game.history().join(" ")),
            "showboard" => Ok(format!("\n{}", self.game.render())),
            other => Err(CommandError::Unknown(other.to_owned())),
        }
    }
}

/// Runs a session over `input` and `output` until `quit` or the end of
/// input. A line longer than [`MAX_COMMAND_LINE`] bytes is answered with an
/// error and skipped (never held in memory whole).
pub fn serve<R: std::io::BufRead, W: std::io::Write>(
    mut session: Session,
    mut input: R,
    mut output: W,
) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    loop {
        match read_bounded_line(&mut input, &mut bytes, MAX_COMMAND_LINE)? {
            BoundedLine::End => break,
            BoundedLine::TooLong { bytes } => {
                let answer = format!(
                    "? line too long ({bytes} bytes; a command line has at most {MAX_COMMAND_LINE})\n\n"
                );
                output.write_all(answer.as_bytes())?;
                output.flush()?;
                continue;
            }
            BoundedLine::Line => {}
        }
        // Not UTF-8: answer as an error rather than stopping.
        let Ok(line) = std::str::from_utf8(&bytes) else {
            output.write_all(b"? input is not valid UTF-8\n\n")?;
            output.flush()?;
            continue;
        };
        let (answer, quit) = session.handle_line(line);
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
    use crate::wire::{clock_command, reported_win_rate};
    use abstracta::player::Clock;
    use std::time::Duration;

    #[test]
    fn an_overlong_command_line_is_answered_and_skipped_whole() {
        let session = Session::new("tictactoe", "random").unwrap();
        let mut input = b"play b2\nplay ".to_vec();
        input.extend(std::iter::repeat(b'a').take(MAX_COMMAND_LINE));
        input.extend_from_slice(b"\nhistory\n");
        let mut output = Vec::new();
        serve(session, &input[..], &mut output).unwrap();
        let output = String::from_utf8(output).unwrap();
        let answers: Vec<&str> = output.split("\n\n").filter(|a| !a.is_empty()).collect();
        assert_eq!(answers.len(), 3, "{:.200}", output);
        assert!(
            answers[1].starts_with("? line too long") && answers[1].len() < 200,
            "{:.200}",
            answers[1]
        );
        assert_eq!(answers[2], "= b2", "the lines after it are read as usual");
    }

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
    fn clocks_reach_the_engine_and_win_rates_follow_the_ply() {
        let mut s = Session::new("tictactoe", "mcts:iters=100000").unwrap();
        assert_eq!(ask(&mut s, "clock left=400 inc=10"), "=\n\n");
        let a = ask(&mut s, "genmove");
        assert!(a.starts_with("= ") && a.contains(" winrate="), "{a}");
        let w: f64 = a.trim().rsplit('=').next().unwrap().parse().unwrap();
        assert!((0.0..=1.0).contains(&w), "{a}");
        for good in [
            "clock movetime=20",
            "clock left=0",
            "clock none",
            "CLOCK LEFT=5 INC=1",
        ] {
            assert_eq!(ask(&mut s, good), "=\n\n", "{good}");
        }
        for bad in [
            "clock",
            "clock left=x",
            "clock left=1.5",
            "clock left=-1",
            "clock inc=5",
            "clock left=1 movetime=2",
            "clock left=1 left=2",
            "clock speed=3",
            "clock movetime",
        ] {
            let answer = ask(&mut s, bad);
            assert!(answer.starts_with("? bad clock"), "{bad}: {answer}");
            assert!(answer.contains("expected left=MS inc=MS"), "{answer}");
        }
        // An engine without a win rate answers the plain ply.
        let mut r = Session::new("tictactoe", "random").unwrap();
        assert_eq!(ask(&mut r, "clock movetime=100"), "=\n\n");
        let plain = ask(&mut r, "genmove");
        assert!(
            !plain.contains("winrate") && plain.split_whitespace().count() == 2,
            "{plain}"
        );
        assert!(COMMANDS.contains(&"clock"));
    }

    #[test]
    fn reported_win_rates() {
        let words = |t: &'static str| t.split_whitespace();
        assert_eq!(reported_win_rate(words("winrate=0.5 later=1")), Ok(Some(0.5)));
        assert_eq!(reported_win_rate(words("other")), Ok(None));
        for bad in [
            "winrate=",
            "winrate=x",
            "winrate=-0.1",
            "winrate=1.01",
            "winrate=nan",
        ] {
            assert!(
                reported_win_rate(words(bad))
                    .unwrap_err()
                    .contains("expected winrate=W"),
                "{bad}"
            );
        }
        let clock = Clock::PerPly(Duration::from_millis(250));
        assert_eq!(clock_command(&clock), "clock movetime=250");
        assert_eq!(parse_clock("movetime=250").unwrap(), Some(clock));
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
