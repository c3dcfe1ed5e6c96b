//! The words of the engine protocol, shared by both sides: the command
//! list, the errors an answer reports, the `clock` command and the win
//! rate an engine may add to `genmove`, and how an answer is written.

use std::time::Duration;

use abstracta::player::Clock;
use abstracta::{PlayError, SpecError};
use thiserror::Error;

use abstracta::player::EngineError;

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
    "clock",
    "quit",
];

/// Why a command failed: the text after `?` in the answer.
#[derive(Debug, Error)]
pub enum CommandError {
    /// An id with no command after it.
    #[error("missing command after the id")]
    MissingCommand,
    /// A command the protocol does not have.
    #[error("unknown command {:?}; known commands: {known}", abstracta::error::Excerpt(.0), known = COMMANDS.join(" "))]
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
    /// `clock` with arguments that are not a clock.
    #[error(
        "bad clock {0:?}: expected left=MS inc=MS (the time left on the engine's clock and the \
         increment after each of its plies, whole milliseconds), movetime=MS (a fixed time for \
         the next ply) or none"
    )]
    BadClock(String),
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

/// The `clock` command telling an engine `clock`: `clock left=MS inc=MS`
/// or `clock movetime=MS` (whole milliseconds, rounded down).
///
/// ```
/// use std::time::Duration;
/// use abstracta::player::Clock;
/// let clock = Clock::Game { left: Duration::from_millis(9500), increment: Duration::from_millis(100) };
/// assert_eq!(protocol::clock_command(&clock), "clock left=9500 inc=100");
/// assert_eq!(protocol::parse_clock("left=9500 inc=100").unwrap(), Some(clock));
/// ```
pub fn clock_command(clock: &Clock) -> String {
    match clock {
        Clock::Game { left, increment } => {
            format!("clock left={} inc={}", left.as_millis(), increment.as_millis())
        }
        Clock::PerPly(t) => format!("clock movetime={}", t.as_millis()),
    }
}

/// Reads the arguments of `clock`: `left=MS [inc=MS]`, `movetime=MS` or
/// `none` (whole milliseconds).
pub fn parse_clock(args: &str) -> Result<Option<Clock>, CommandError> {
    let bad = || CommandError::BadClock(args.to_owned());
    if args.trim() == "none" {
        return Ok(None);
    }
    let (mut left, mut inc, mut movetime) = (None, None, None);
    for word in args.split_whitespace() {
        let (key, value) = word.split_once('=').ok_or_else(bad)?;
        let ms = value
            .parse::<u64>()
            .ok()
            .filter(|&ms| ms <= 1_000_000_000)
            .map(Duration::from_millis)
            .ok_or_else(bad)?;
        let slot = match key.to_ascii_lowercase().as_str() {
            "left" => &mut left,
            "inc" => &mut inc,
            "movetime" => &mut movetime,
            _ => return Err(bad()),
        };
        if slot.replace(ms).is_some() {
            return Err(bad());
        }
    }
    match (left, inc, movetime) {
        (Some(left), inc, None) => Ok(Some(Clock::Game {
            left,
            increment: inc.unwrap_or_default(),
        })),
        (None, None, Some(t)) => Ok(Some(Clock::PerPly(t))),
        _ => Err(bad()),
    }
}

/// The win rate reported after the ply of a `genmove` answer (the words
/// after the ply): `winrate=W` with W from 0 to 1, or nothing. Other words
/// are left for later versions of the protocol; a `winrate` that is not
/// such a number is an error saying so.
///
/// ```
/// use protocol::reported_win_rate;
/// assert_eq!(reported_win_rate("winrate=0.75".split_whitespace()), Ok(Some(0.75)));
/// assert_eq!(reported_win_rate("".split_whitespace()), Ok(None));
/// assert!(reported_win_rate("winrate=2".split_whitespace()).is_err());
/// ```
pub fn reported_win_rate<'a>(words: impl Iterator<Item = &'a str>) -> Result<Option<f64>, String> {
    let mut found = None;
    for word in words {
        if let Some(value) = word.strip_prefix("winrate=") {
            match value.parse::<f64>() {
                Ok(w) if (0.0..=1.0).contains(&w) => found = Some(w),
                _ => {
                    return Err(format!(
                        "bad win rate {value:?} after the ply: expected winrate=W with W from 0 to 1"
                    ))
                }
            }
        }
    }
    Ok(found)
}

/// The answer to a command with id `id` (empty for none): `=ID TEXT` or
/// `?ID MESSAGE` on one line, then a blank line.
pub(crate) fn format_answer(id: &str, result: Result<String, CommandError>) -> String {
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
