//! A game together with its start position and the plies played, so that
//! plies can be undone, the game restarted and recorded.

use std::fmt;

use crate::error::{PlayError, PlyListError};
use crate::game::{split_ply_list, Game, PlyBuf};
use crate::record::{GameRecord, RecordError};
use crate::spec::GameOptions;

/// A game position with its history: the start position, the current
/// position and the plies that lead from one to the other.
///
/// Every change goes through checked play, so the history is always a
/// legal game from the start position. [`undo`](Position::undo) replays
/// the history from the start (games keep no undo information of their
/// own).
///
/// ```
/// use abstracta_core::{Position, toy::TicTacToe};
/// let mut p: Position<TicTacToe> = Position::with_plies(Default::default(), "b2 a1").unwrap();
/// assert_eq!(p.history_text(), "b2 a1");
/// assert_eq!(p.undo().map(|ply| ply.to_string()), Some("a1".to_owned()));
/// assert_eq!(p.legal().len(), 8);
/// assert_eq!(p.record().to_string(), "tictactoe: b2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position<G: Game> {
    start: G,
    game: G,
    history: Vec<G::Ply>,
}

impl<G: Game> Position<G> {
    /// The start position of a game with `options`.
    pub fn new(options: G::Options) -> Position<G> {
        Position::from_start(G::new(options))
    }

    /// A position whose start is `game` (with an empty history). Undo never
    /// goes back past `game`. [`record`](Position::record) describes the
    /// game by its options, so it reproduces this position only if `game`
    /// is the start position of its options.
    pub fn from_start(game: G) -> Position<G> {
        Position {
            start: game.clone(),
            game,
            history: Vec::new(),
        }
    }

    /// The start position followed by the plies of `plies` (separated by
    /// spaces or commas). The error names the first bad ply and its place.
    pub fn with_plies(options: G::Options, plies: &str) -> Result<Position<G>, PlyListError> {
        let mut position = Position::new(options);
        position.play_list(plies)?;
        Ok(position)
    }

    /// The game a record describes: the start position of its spec followed
    /// by its plies. The error is the bad spec, the first ply that cannot
    /// be played (1-based), or a result or reason the plies do not give.
    pub fn from_record(record: &GameRecord) -> Result<Position<G>, RecordError> {
        let mut position: Position<G> = Position::new(G::Options::from_spec(&record.spec)?);
        position.play_each(record.plies.iter().map(String::as_str))?;
        record.check_status(position.game().status())?;
        Ok(position)
    }

    /// Plays `ply` if it is legal; otherwise nothing changes.
    pub fn play(&mut self, ply: G::Ply) -> Result<(), PlayError> {
        self.game.play(ply)?;
        self.history.push(ply);
        Ok(())
    }

    /// Parses and plays one ply; returns it.
    pub fn play_str(&mut self, text: &str) -> Result<G::Ply, PlayError> {
        let ply = self.game.play_str(text)?;
        self.history.push(ply);
        Ok(ply)
    }

    /// Plays a list of plies separated by spaces or commas, stopping at the
    /// first bad one: the plies before it stay played (and in the history).
    pub fn play_list(&mut self, plies: &str) -> Result<(), PlyListError> {
        self.play_each(split_ply_list(plies))
    }

    /// Plays each ply text in turn, stopping at the first bad one (its
    /// 1-based place in the error); the plies before it stay played.
    fn play_each<'a>(&mut self, plies: impl Iterator<Item = &'a str>) -> Result<(), PlyListError> {
        for (i, text) in plies.enumerate() {
            self.play_str(text).map_err(|error| PlyListError {
                index: i + 1,
                text: crate::error::excerpt(text),
                error,
            })?;
        }
        Ok(())
    }

    /// Takes back the last ply and returns it; `None` if there is none.
    pub fn undo(&mut self) -> Option<G::Ply> {
        let ply = self.history.pop()?;
        let mut game = self.start.clone();
        for &p in &self.history {
            game.play_unchecked(p);
        }
        self.game = game;
        Some(ply)
    }

    /// Goes back to the start position, forgetting the history.
    pub fn restart(&mut self) {
        self.game = self.start.clone();
        self.history.clear();
    }

    /// The current position.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The plies played from the start position.
    pub fn history(&self) -> &[G::Ply] {
        &self.history
    }

    /// The legal plies now.
    pub fn legal(&self) -> Vec<G::Ply> {
        let mut plies = PlyBuf::new();
        self.game.legal_plies(&mut plies);
        plies.into_vec()
    }

    /// The history in notation, separated by spaces.
    pub fn history_text(&self) -> String {
        join_plies(&self.history)
    }

    /// The legal plies now, in notation, separated by spaces.
    pub fn legal_text(&self) -> String {
        join_plies(self.legal())
    }

    /// The game as text: the canonical spec of the options and the plies
    /// played (see [`from_start`](Position::from_start) for the caveat).
    pub fn record(&self) -> GameRecord {
        GameRecord::new(
            self.start.options().spec(),
            self.history.iter().map(ToString::to_string),
        )
        .with_status(self.game.status())
    }
}

impl<G: Game> fmt::Display for Position<G> {
    /// The current board (the game's `Display`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.game, f)
    }
}

/// Joins plies (or anything printable) with single spaces.
///
/// ```
/// assert_eq!(abstracta_core::join_plies(["a1", "b2"]), "a1 b2");
/// ```
pub fn join_plies<P: fmt::Display>(plies: impl IntoIterator<Item = P>) -> String {
    let mut text = String::new();
    for (i, p) in plies.into_iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        use fmt::Write;
        let _ = write!(text, "{p}");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::TicTacToe;

    #[test]
    fn undo_replays_history() {
        let mut p: Position<TicTacToe> = Position::with_plies(Default::default(), "b2 a1").unwrap();
        assert_eq!(p.history_text(), "b2 a1");
        let hash = p.game().hash();
        p.play_str("c3").unwrap();
        assert_eq!(p.undo().unwrap().to_string(), "c3");
        assert_eq!(p.game().hash(), hash);
        assert!(p.undo().is_some());
        assert_eq!(p.legal().len(), 8);
        assert!(p.undo().is_some());
        assert!(p.undo().is_none());
        assert_eq!(p.legal().len(), 9);
        assert_eq!(p.game().hash(), p.start().hash());
    }

    #[test]
    fn bad_list_keeps_good_prefix() {
        let mut p: Position<TicTacToe> = Position::new(Default::default());
        let err = p.play_list("b2, a1 b2").unwrap_err();
        assert_eq!((err.index, err.text.as_str()), (3, "b2"));
        assert!(matches!(err.error, PlayError::Illegal { .. }));
        assert_eq!(p.history().len(), 2);
        assert_eq!(p.game().plies_played(), 2);
        let err = p.play_list("zz").unwrap_err();
        assert!(matches!(err.error, PlayError::Parse(_)));
        let record = p.record();
        assert_eq!(record.to_string(), "tictactoe: b2 a1");
        let back = Position::<TicTacToe>::from_record(&record).unwrap();
        assert_eq!(back.history(), p.history());
        let bad = crate::GameRecord::new("tictactoe", ["b2", "b2"]);
        assert!(matches!(
            Position::<TicTacToe>::from_record(&bad),
            Err(RecordError::Ply(PlyListError { index: 2, .. }))
        ));
        assert!(matches!(
            Position::<TicTacToe>::from_record(&crate::GameRecord::new("chess", [""; 0])),
            Err(RecordError::Spec(_))
        ));
        p.restart();
        assert!(p.history().is_empty());
        assert_eq!(p.game().hash(), p.start().hash());
        assert_eq!(p.to_string(), p.game().to_string());
    }
}
