//! The stacks that won a game (E6), for boards that show why it ended.

use abstracta_core::{Colour, Point};

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
        let n = self.size();
        let index = |p: Point| usize::from(p.row) * usize::from(n) + usize::from(p.col);
        let mut seen = vec![false; usize::from(n) * usize::from(n)];
        let mut chain = Vec::new();
        for row in 0..n {
            for col in 0..n {
                let start = Point::new(col, row);
                if seen[index(start)] || self.stack_at(start).map(|(c, _)| c) != Some(colour) {
                    continue;
                }
                seen[index(start)] = true;
                let mut group = vec![start];
                let mut next = 0;
                while next < group.len() {
                    let p = group[next];
                    next += 1;
                    for (dc, dr) in [
                        (-1, -1),
                        (0, -1),
                        (1, -1),
                        (-1, 0),
                        (1, 0),
                        (-1, 1),
                        (0, 1),
                        (1, 1),
                    ] {
                        let (c, r) = (i32::from(p.col) + dc, i32::from(p.row) + dr);
                        let (Ok(c), Ok(r)) = (u8::try_from(c), u8::try_from(r)) else {
                            continue;
                        };
                        let q = Point::new(c, r);
                        if c < n && r < n && !seen[index(q)] && self.connected(p, q) {
                            seen[index(q)] = true;
                            group.push(q);
                        }
                    }
                }
                let on = |edge: &dyn Fn(Point) -> bool| group.iter().any(|&p| edge(p));
                let spans = match colour {
                    Colour::Black => on(&|p| p.row == 0) && on(&|p| p.row == n - 1),
                    Colour::White => on(&|p| p.col == 0) && on(&|p| p.col == n - 1),
                };
                if spans {
                    chain.extend(group);
                }
            }
        }
        chain.sort_by_key(|p| (p.row, p.col));
        chain
    }
}
