//! The group that won a game (C5), for boards that show why it ended.

use abstracta_core::{Colour, Point};

use crate::Ecalper;

impl Ecalper {
    /// C5: the stones of `colour`'s largest groups (every group of that
    /// size, joined through the six hex neighbours), in row-major order;
    /// empty when `colour` has no stones.
    ///
    /// ```
    /// use abstracta_core::{Colour, Game};
    /// use ecalper::{Ecalper, EcalperOptions};
    /// let mut game = Ecalper::new(EcalperOptions::default());
    /// game.play_list("a1 b1 d4").unwrap();
    /// assert_eq!(game.largest_groups(Colour::Black).len(), 2); // a1 and b1
    /// ```
    pub fn largest_groups(&self, colour: Colour) -> Vec<Point> {
        let mut cells = self.cells_of_largest_groups(colour);
        cells.sort_by_key(|p| (p.row, p.col));
        cells
    }
}
