//! [`GameRecord`]: a game as text, its spec and its plies.

use std::fmt;

use thiserror::Error;

use crate::error::{PlyListError, SpecError};
use crate::side::Status;

/// A game written down: the canonical spec of its options and the plies
/// played from the start position, in notation. It is text only, so any
/// game's record has the same type; [`Position::record`](crate::Position::record)
/// writes one, [`Position::from_record`](crate::Position::from_record) (or
/// `abstracta::open_record`, for a game chosen at run time) reads it back.
///
/// A finished game's record also says how it ended: `result` (`black`,
/// `white` or `draw`, as [`Status::word`] says it) and `reason` (`rules`
/// or `length cap`). They are written from the plies, and reading a
/// record back checks that the plies end that way; a record without them
/// (a game still going, or one written before they existed) reads as
/// before.
///
/// With the `serde` feature it serializes as
/// `{"spec": "escabel:size=7", "plies": ["d4", "c3"]}`, plus
/// `"result": "black", "reason": "rules"` once the game is over. Its
/// `Display` is one line, the spec then a colon and the plies:
/// `escabel:size=7: d4 c3` (just the spec when no ply was played).
///
/// ```
/// use abstracta_core::GameRecord;
/// let record = GameRecord::new("tictactoe", ["b2", "a1"]);
/// assert_eq!(record.to_string(), "tictactoe: b2 a1");
/// assert_eq!(record.plies_text(), "b2 a1");
/// assert_eq!(record.result, None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The game spec (`NAME[:key=value,...]`), canonical when written by
    /// the library.
    pub spec: String,
    /// The plies from the start position, in notation.
    pub plies: Vec<String>,
    /// How the game ended: `black`, `white` or `draw` (the winning colour
    /// at the end, after any pie-rule swap); `None` while it goes on.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub result: Option<String>,
    /// Why it ended: `rules` or `length cap` (an adjudicated draw); `None`
    /// while it goes on.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub reason: Option<String>,
}

impl GameRecord {
    /// A record of `spec` followed by `plies`, without a result.
    pub fn new<S: Into<String>>(spec: impl Into<String>, plies: impl IntoIterator<Item = S>) -> GameRecord {
        GameRecord {
            spec: spec.into(),
            plies: plies.into_iter().map(Into::into).collect(),
            result: None,
            reason: None,
        }
    }

    /// This record with the result and reason `status` gives (none while
    /// it is ongoing).
    pub fn with_status(mut self, status: Status) -> GameRecord {
        match status {
            Status::Ongoing => (self.result, self.reason) = (None, None),
            Status::Finished { termination, .. } => {
                self.result = Some(status.word().to_owned());
                self.reason = Some(termination.to_string());
            }
        }
        self
    }

    /// Checks the record's `result` and `reason` (where given) against
    /// `status`, the status its plies reach.
    pub fn check_status(&self, status: Status) -> Result<(), RecordError> {
        let replayed = GameRecord::default().with_status(status);
        let differs = |given: &Option<String>, found: &Option<String>| given.is_some() && given != found;
        if differs(&self.result, &replayed.result) || differs(&self.reason, &replayed.reason) {
            return Err(RecordError::Result {
                recorded: format!(
                    "{} ({})",
                    self.result.as_deref().unwrap_or("-"),
                    self.reason.as_deref().unwrap_or("-")
                ),
                replayed: status.to_string(),
            });
        }
        Ok(())
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
    /// The plies do not end the way the record's `result` or `reason` says.
    #[error("the record says the game ended {recorded}, but its plies give: {replayed}")]
    Result {
        /// The record's result and reason, as `black (rules)`.
        recorded: String,
        /// The status the plies reach.
        replayed: String,
    },
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

    #[test]
    fn finished_records_carry_the_result_and_old_ones_still_read() {
        use crate::toy::TicTacToe;
        use crate::Position;
        let won: Position<TicTacToe> = Position::with_plies(Default::default(), "a1 b1 a2 b2 a3").unwrap();
        let json = serde_json::to_string(&won.record()).unwrap();
        assert_eq!(
            json,
            r#"{"spec":"tictactoe","plies":["a1","b1","a2","b2","a3"],"result":"black","reason":"rules"}"#
        );
        let back: GameRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(
            Position::<TicTacToe>::from_record(&back).unwrap().game(),
            won.game()
        );
        // Written before records had results: still read.
        let old = r#"{"spec":"tictactoe","plies":["a1","b1","a2","b2","a3"]}"#;
        let old: GameRecord = serde_json::from_str(old).unwrap();
        assert!(Position::<TicTacToe>::from_record(&old).is_ok());
        // A result the plies do not give is refused, saying both.
        let mut forged = back.clone();
        forged.result = Some("white".into());
        let err = Position::<TicTacToe>::from_record(&forged).unwrap_err();
        assert!(matches!(err, RecordError::Result { .. }), "{err}");
        assert!(err.to_string().contains("white (rules)"), "{err}");
    }
}
