//! The stones that won a game (W4), for boards that show why it ended.

use abstracta_core::{Colour, Point};

use crate::Whirlwind;

impl Whirlwind {
    /// W4: every stone of `colour` in a chain of orthogonally adjacent
    /// stones that touches both of its edges (Black: the top and bottom
    /// rows, White: the left and right columns), in row-major order; empty
    /// when `colour` has no such chain.
    ///
    /// ```
    /// use abstracta_core::{Colour, Game};
    /// use whirlwind::{Whirlwind, WhirlwindOptions};
    /// let game = Whirlwind::new("whirlwind:size=12".parse::<WhirlwindOptions>().unwrap());
    /// assert!(game.winning_chain(Colour::Black).is_empty());
    /// ```
    pub fn winning_chain(&self, colour: Colour) -> Vec<Point> {
        // The engine keeps, per edge, the whole groups joined to it (the
        // sets that decide W4); a winning chain lies in both.
        let [from_start, from_far] = self.conn[colour.index()];
        let mut chain: Vec<Point> = (from_start & from_far)
            .iter()
            .map(|i| self.t.geo.point(i))
            .collect();
        chain.sort_by_key(|p| (p.row, p.col));
        chain
    }
}
