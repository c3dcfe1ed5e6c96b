//! The pieces that won a game (P4), for boards that show why it ended.

use abstracta_core::{Colour, Point};

use crate::{Epaminondas, Piece};

impl Epaminondas {
    /// P4: `colour`'s pieces on the opponent's home row (White's stand on
    /// row 12, Black's on row 1), in column order.
    ///
    /// ```
    /// use abstracta_core::{Colour, Game};
    /// use epaminondas::{Epaminondas, EpaminondasOptions};
    /// let game = Epaminondas::new("epaminondas".parse::<EpaminondasOptions>().unwrap());
    /// assert!(game.pieces_on_goal_row(Colour::White).is_empty());
    /// ```
    pub fn pieces_on_goal_row(&self, colour: Colour) -> Vec<Point> {
        let cells = self.board_cells();
        let (row, piece) = match colour {
            Colour::White => (cells.height() - 1, Piece::White),
            Colour::Black => (0, Piece::Black),
        };
        (0..cells.width())
            .map(|col| Point::new(col, row))
            .filter(|&p| cells.get(p) == Some(&piece))
            .collect()
    }
}
