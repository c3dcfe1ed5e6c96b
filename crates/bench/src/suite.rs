//! The suite file: one solved position per line, as JSON (JSON Lines), so
//! any language reads it. The format is described in `docs/suites.md`.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};
use thiserror::Error;
use tournament::files::{read_input, write_atomically, FileError, InputKind};

/// A suite file (`suites/*.jsonl`).
pub const SUITE_FILE: InputKind = InputKind {
    what: "one solved position (a JSON object) per line",
    limit: 64 * 1024 * 1024,
};

/// The most positions a suite file may hold.
pub const MAX_POSITIONS: usize = 100_000;

/// The longest line a suite file may have, in bytes.
pub const MAX_LINE: usize = 64 * 1024;

/// The proven value of a position for the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    /// The seat to move wins with best play.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The seat to move loses whatever it plays.
    Loss,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
        })
    }
}

impl From<abstracta::search::Proof> for Value {
    fn from(proof: abstracta::search::Proof) -> Value {
        match proof {
            abstracta::search::Proof::Win => Value::Win,
            abstracta::search::Proof::Draw => Value::Draw,
            abstracta::search::Proof::Loss => Value::Loss,
        }
    }
}

/// How hard a position was for the solver that made the suite, by the
/// nodes it expanded (see [`Difficulty::of_nodes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// Fewer than 1,000 solver nodes.
    Easy,
    /// 1,000 to 19,999 solver nodes.
    Medium,
    /// 20,000 solver nodes or more.
    Hard,
}

impl Difficulty {
    /// Every class, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The class of a position the solver proved in `nodes` nodes.
    ///
    /// ```
    /// use bench::suite::Difficulty;
    /// assert_eq!(Difficulty::of_nodes(999), Difficulty::Easy);
    /// assert_eq!(Difficulty::of_nodes(1_000), Difficulty::Medium);
    /// assert_eq!(Difficulty::of_nodes(20_000), Difficulty::Hard);
    /// ```
    pub fn of_nodes(nodes: u64) -> Difficulty {
        match nodes {
            0..=999 => Difficulty::Easy,
            1_000..=19_999 => Difficulty::Medium,
            _ => Difficulty::Hard,
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        })
    }
}

/// One solved position of a suite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuitePosition {
    /// A name unique within the file (`escabel-3-0042`).
    pub id: String,
    /// The game spec (canonical).
    pub spec: String,
    /// The plies from the start, in the game's notation.
    pub moves: Vec<String>,
    /// The proven value for the seat to move.
    pub value: Value,
    /// Every ply that keeps the win, when the value is a win (else empty).
    pub winning: Vec<String>,
    /// Every ply that keeps the draw, when the value is a draw (else
    /// empty).
    #[serde(default)]
    pub drawing: Vec<String>,
    /// The number of legal plies (a random mover keeps the value with
    /// probability `keeping / legal`).
    pub legal: u32,
    /// The solver that proved it (its engine spec).
    pub solver: String,
    /// The version of the crates that made the file.
    pub version: String,
    /// The nodes the solver expanded.
    pub nodes: u64,
    /// The difficulty class (by `nodes`).
    pub difficulty: Difficulty,
    /// The second method that confirmed the value and the plies:
    /// `"exact"` (exhaustive minimax) or the engine spec of a second solver
    /// that proved every ply's value.
    pub check: String,
}

impl SuitePosition {
    /// The plies that keep the proven value (the winning plies of a win,
    /// the drawing plies of a draw; none for a loss, where every ply keeps
    /// it and nothing is tested).
    pub fn keeping(&self) -> &[String] {
        match self.value {
            Value::Win => &self.winning,
            Value::Draw => &self.drawing,
            Value::Loss => &[],
        }
    }

    /// Whether `ply` (in canonical notation) keeps the proven value.
    pub fn keeps(&self, ply: &str) -> bool {
        self.value == Value::Loss || self.keeping().iter().any(|p| p == ply)
    }

    /// The share of legal plies that keep the value: what a uniformly
    /// random mover scores on this position on average.
    pub fn random_share(&self) -> f64 {
        if self.value == Value::Loss || self.legal == 0 {
            1.0
        } else {
            self.keeping().len() as f64 / f64::from(self.legal)
        }
    }
}

/// A suite file that cannot be used.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SuiteError {
    /// The file cannot be read or written.
    #[error(transparent)]
    File(#[from] FileError),
    /// A line is not a position.
    #[error("{file}:{line}: {message}")]
    Line {
        /// The file.
        file: String,
        /// The line number (from 1).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The file holds more positions than [`MAX_POSITIONS`].
    #[error("{file} holds more than {max} positions; expected a suite of at most {max}")]
    TooLarge {
        /// The file.
        file: String,
        /// The limit.
        max: usize,
    },
    /// The file holds no positions.
    #[error("{file} holds no positions; expected one JSON object per line")]
    Empty {
        /// The file.
        file: String,
    },
}

/// Reads the positions of a suite from its text (`file` names it in
/// errors). Blank lines are skipped; every other line must be a position
/// with a unique `id`, a non-empty ply set for a win or a draw, and no
/// more keeping plies than legal ones.
///
/// ```
/// let line = r#"{"id":"t-1","spec":"tictactoe","moves":["a1","b1","a2","b2"],"value":"win","winning":["a3"],"legal":5,"solver":"pns","version":"0.1.0","nodes":5,"difficulty":"easy","check":"exact"}"#;
/// let suite = bench::suite::parse_suite(line, "t.jsonl").unwrap();
/// assert!(suite[0].keeps("a3") && !suite[0].keeps("c3"));
/// assert!(bench::suite::parse_suite("{}", "t.jsonl").unwrap_err().to_string().contains("t.jsonl:1"));
/// ```
pub fn parse_suite(text: &str, file: &str) -> Result<Vec<SuitePosition>, SuiteError> {
    let mut positions = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for (number, line) in text.lines().enumerate() {
        let line_no = number + 1;
        let bad = |message: String| SuiteError::Line {
            file: file.to_owned(),
            line: line_no,
            message,
        };
        if line.trim().is_empty() {
            continue;
        }
        if line.len() > MAX_LINE {
            return Err(bad(format!("the line is longer than {MAX_LINE} bytes")));
        }
        if positions.len() == MAX_POSITIONS {
            return Err(SuiteError::TooLarge {
                file: file.to_owned(),
                max: MAX_POSITIONS,
            });
        }
        let position: SuitePosition =
            serde_json::from_str(line).map_err(|e| bad(format!("expected a suite position: {e}")))?;
        if !ids.insert(position.id.clone()) {
            return Err(bad(format!("the id {:?} is used twice", position.id)));
        }
        let keeping = position.keeping().len();
        if position.value != Value::Loss && keeping == 0 {
            return Err(bad(format!(
                "a {} without the plies that keep it",
                position.value
            )));
        }
        if keeping > position.legal as usize {
            return Err(bad(format!(
                "{keeping} plies keep the value but only {} are legal",
                position.legal
            )));
        }
        positions.push(position);
    }
    if positions.is_empty() {
        return Err(SuiteError::Empty {
            file: file.to_owned(),
        });
    }
    Ok(positions)
}

/// Reads a suite file (at most [`SUITE_FILE`]'s limit).
pub fn read_suite(path: &Path) -> Result<Vec<SuitePosition>, SuiteError> {
    let bytes = read_input(path, &SUITE_FILE)?;
    let file = path.display().to_string();
    let text = String::from_utf8(bytes).map_err(|e| SuiteError::Line {
        file: file.clone(),
        line: 0,
        message: format!("expected UTF-8 text: {e}"),
    })?;
    parse_suite(&text, &file)
}

/// The suite as text, one position per line.
pub fn suite_text(positions: &[SuitePosition]) -> String {
    let mut text = String::new();
    for p in positions {
        text.push_str(&serde_json::to_string(p).expect("a suite position serializes"));
        text.push('\n');
    }
    text
}

/// Writes a suite file atomically.
pub fn write_suite(path: &Path, positions: &[SuitePosition]) -> Result<(), SuiteError> {
    write_atomically(path, &suite_text(positions))?;
    Ok(())
}

/// A short fingerprint of a suite's content (FNV-1a of its text), so a
/// resumed run can check it reads the same suite.
pub fn suite_fingerprint(positions: &[SuitePosition]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in suite_text(positions).bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}
