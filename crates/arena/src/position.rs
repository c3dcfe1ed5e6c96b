//! A game together with its start position and the plies played, so that
//! plies can be undone and engines can be kept in step.

use abstracta_core::{Game, PlayError, PlyBuf, PlyListError};

/// A game position with its history.
#[derive(Clone, Debug)]
pub struct Position<G: Game> {
    start: G,
    game: G,
    history: Vec<G::Ply>,
}

impl<G: Game> Position<G> {
    /// The start position of a game with `options`.
    pub fn new(options: G::Options) -> Position<G> {
        let game = G::new(options);
        Position {
            start: game.clone(),
            game,
            history: Vec::new(),
        }
    }

    /// The start position followed by the plies of `moves` (separated by
    /// spaces or commas). The error names the first bad ply and its place.
    pub fn with_moves(options: G::Options, moves: &str) -> Result<Position<G>, PlyListError> {
        let mut position = Position::new(options);
        position.play_list(moves)?;
        Ok(position)
    }

    /// Plays a list of plies, stopping at the first bad one.
    pub fn play_list(&mut self, moves: &str) -> Result<(), PlyListError> {
        let played = self.game.play_list(moves);
        match played {
            Ok(plies) => {
                self.history.extend(plies);
                Ok(())
            }
            Err(error) => {
                // The plies before the bad one were played: keep them in the
                // history so that it matches the game.
                self.rebuild_history_from(moves, error.index - 1);
                Err(error)
            }
        }
    }

    fn rebuild_history_from(&mut self, moves: &str, good: usize) {
        for word in abstracta_core::split_ply_list(moves).take(good) {
            if let Ok(ply) = word.parse::<G::Ply>() {
                self.history.push(ply);
            }
        }
    }

    /// The current game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The plies played from the start position.
    pub fn history(&self) -> &[G::Ply] {
        &self.history
    }

    /// Parses and plays one ply.
    pub fn play_str(&mut self, text: &str) -> Result<G::Ply, PlayError> {
        let ply = self.game.play_str(text)?;
        self.history.push(ply);
        Ok(ply)
    }

    /// Plays `ply` if legal.
    pub fn play(&mut self, ply: G::Ply) -> Result<(), PlayError> {
        self.game.play(ply)?;
        self.history.push(ply);
        Ok(())
    }

    /// Takes back the last ply; false if there is none.
    pub fn undo(&mut self) -> bool {
        if self.history.pop().is_none() {
            return false;
        }
        let mut game = self.start.clone();
        for &ply in &self.history {
            game.play_unchecked(ply);
        }
        self.game = game;
        true
    }

    /// The legal plies now.
    pub fn legal(&self) -> Vec<G::Ply> {
        let mut plies = PlyBuf::new();
        self.game.legal_plies(&mut plies);
        plies.into_vec()
    }

    /// The legal plies now, in notation, separated by spaces.
    pub fn legal_text(&self) -> String {
        join(self.legal())
    }

    /// The history in notation, separated by spaces.
    pub fn history_text(&self) -> String {
        join(self.history.iter().copied())
    }
}

/// Joins plies with spaces.
pub fn join<P: std::fmt::Display>(plies: impl IntoIterator<Item = P>) -> String {
    plies
        .into_iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::toy::TicTacToe;

    #[test]
    fn undo_replays_history() {
        let mut p: Position<TicTacToe> = Position::with_moves(Default::default(), "b2 a1").unwrap();
        assert_eq!(p.history_text(), "b2 a1");
        assert!(p.undo());
        assert_eq!(p.legal().len(), 8);
        assert!(p.undo());
        assert!(!p.undo());
        assert_eq!(p.legal().len(), 9);
    }

    #[test]
    fn bad_list_keeps_good_prefix() {
        let mut p: Position<TicTacToe> = Position::new(Default::default());
        let err = p.play_list("b2 a1 b2").unwrap_err();
        assert_eq!(err.index, 3);
        assert_eq!(p.history().len(), 2);
        assert_eq!(p.game().plies_played(), 2);
    }
}
