//! The stacks that won a game (E6), for boards that show why it ended.

use abstracta_core::{BitBoard, Colour, Point};

use crate::engine::{with_engine, Storage};
use crate::Escabel;

impl Escabel {
    /// E6: every stack of `colour` in a chain of connected stacks (E3)
    /// that touches both of its edges (Black: the top and bottom rows,
    /// White: the left and right columns), in row-major order; empty when
    /// `colour` has no such chain.
    ///
    /// ```
    /// use abstracta_core::{Colour, Game};
    /// use escabel::{Escabel, EscabelOptions};
    /// let options: EscabelOptions = "escabel:size=3,pie=off".parse().unwrap();
    /// let mut game = Escabel::new(options);
    /// game.play_list("b1 a1 b2 a2 b3").unwrap();
    /// assert_eq!(game.winning_chain(Colour::Black).len(), 3);
    /// assert!(game.winning_chain(Colour::White).is_empty());
    /// ```
    pub fn winning_chain(&self, colour: Colour) -> Vec<Point> {
        with_engine!(self.storage, e => {
            let own = e.occ[colour.index()];
            let [start, end] = e.edges[colour.index()];
            // A chain touches both edges exactly when it is reached by a
            // flood from each of them: the same flood that decides E6.
            let from_start = e.chain_from(colour, own & start, BitBoard::EMPTY);
            let from_end = e.chain_from(colour, own & end, BitBoard::EMPTY);
            let mut chain: Vec<Point> = (from_start & from_end).iter().map(|i| e.point(i)).collect();
            chain.sort_by_key(|p| (p.row, p.col));
            chain
        })
    }
}
