//! The groups that won a game (S6), for boards that show why it ended.

use abstracta_core::{Colour, Point};

use crate::Swack;

impl Swack {
    /// S6: the stacks of the groups that decide the score: after black and
    /// white groups of equal size are paired off, the winner's biggest
    /// remaining size; every group of the winner's colour of that size is
    /// given (the pairing does not say which of them remain), in row-major
    /// order. Empty when nothing remains (S7).
    ///
    /// ```
    /// use abstracta_core::prelude::*;
    /// use swack::{Swack, SwackOptions};
    /// let mut game = Swack::new(SwackOptions::new(4).unwrap());
    /// game.play_list("a1-b1 pass pass").unwrap();
    /// let cells = game.scoring_groups();
    /// assert!(!cells.is_empty());
    /// ```
    pub fn scoring_groups(&self) -> Vec<Point> {
        // The S6 margin is the decisive size, signed by the colour that
        // owns it: the same pairing that scores the game.
        let margin = self.scoring_margin(Colour::Black);
        if margin == 0 {
            return Vec::new();
        }
        let winner = if margin > 0 { Colour::Black } else { Colour::White };
        let mut cells = self.squares_in_groups_of_size(winner, margin.unsigned_abs());
        cells.sort_by_key(|p| (p.row, p.col));
        cells
    }
}
