//! [`GameRecord`]: a game as text, its spec and its plies.

use std::fmt;

use thiserror::Error;

use crate::error::{PlyListError, SpecError};

/// A game written down: the canonical spec of its options and the plies
/// played from the start position, in notation. It is text only, so any
/// game's record has the same type; [`Position::record`](crate::Position::record)
/// writes one, [`Position::from_record`](crate::Position::from_record) (or
/// `abstracta::open_record`, for a game chosen at run time) reads it back.
///
/// With the `serde` feature it serializes as
/// `{"spec": "escabel:size=7", "plies": ["d4", "c3"]}`. Its `Display` is one
/// line, the spec then a colon and the plies: `escabel:size=7: d4 c3` (just
/// the spec when no ply was played).
///
/// ```
/// use abstracta_core::GameRecord;
/// let record = GameRecord::new("tictactoe", ["b2", "a1"]);
/// assert_eq!(record.to_string(), "tictactoe: b2 a1");
/// assert_eq!(record.plies_text(), "b2 a1");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The game spec (`NAME[:key=value,...]`), canonical when written by
    /// the library.
    pub spec: String,
    /// The plies from the start position, in notation.
    pub plies: Vec<String>,
}

impl GameRecord {
    /// A record of `spec` followed by `plies`.
    pub fn new<S: Into<String>>(spec: impl Into<String>, plies: impl IntoIterator<Item = S>) -> GameRecord {
        GameRecord {
            spec: spec.into(),
            plies: plies.into_iter().map(Into::into).collect(),
        }
    }

    /// The plies separated by single spaces (a ply list every `play_list`
    /// reads).
    pub fn plies_text(&self) -> String {
        self.plies.join(" ")
    }
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spec)?;
        if !self.plies.is_empty() {
            write!(f, ": {}", self.plies_text())?;
        }
        Ok(())
    }
}

/// A record that does not describe a game: a bad spec, or a ply that
/// cannot be played where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The record's spec names no game or holds a bad option.
    #[error("{0}")]
    Spec(#[from] SpecError),
    /// Ply number `index` (1-based) cannot be read or is illegal.
    #[error("{0}")]
    Ply(#[from] PlyListError),
}

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use super::*;

    #[test]
    fn records_round_trip_through_json() {
        let record = GameRecord::new("tictactoe:pie=on", ["a1", "swap"]);
        let json = serde_json::to_string(&record).unwrap();
        assert_eq!(json, r#"{"spec":"tictactoe:pie=on","plies":["a1","swap"]}"#);
        assert_eq!(serde_json::from_str::<GameRecord>(&json).unwrap(), record);
        assert!(serde_json::from_str::<GameRecord>(r#"{"spec":"x"}"#).is_err());
    }
}
