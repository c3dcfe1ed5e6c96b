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
        let n = self.size();
        let index = |p: Point| usize::from(p.row) * usize::from(n) + usize::from(p.col);
        let colour_at = |p: Point| self.stack_at(p).map(|s| s.colour);
        let mut seen = vec![false; usize::from(n) * usize::from(n)];
        let mut groups: Vec<(Colour, Vec<Point>)> = Vec::new();
        for row in 0..n {
            for col in 0..n {
                let start = Point::new(col, row);
                let Some(colour) = colour_at(start) else { continue };
                if seen[index(start)] {
                    continue;
                }
                seen[index(start)] = true;
                let mut group = vec![start];
                let mut next = 0;
                while next < group.len() {
                    let p = group[next];
                    next += 1;
                    for (dc, dr) in [(0, -1), (-1, 0), (1, 0), (0, 1)] {
                        let (c, r) = (i32::from(p.col) + dc, i32::from(p.row) + dr);
                        let (Ok(c), Ok(r)) = (u8::try_from(c), u8::try_from(r)) else {
                            continue;
                        };
                        let q = Point::new(c, r);
                        if c < n && r < n && !seen[index(q)] && colour_at(q) == Some(colour) {
                            seen[index(q)] = true;
                            group.push(q);
                        }
                    }
                }
                groups.push((colour, group));
            }
        }
        let count = |colour: Colour, size: usize| {
            groups
                .iter()
                .filter(|(c, g)| *c == colour && g.len() == size)
                .count()
        };
        // The biggest size at which one colour has more groups than the other.
        let decisive = groups
            .iter()
            .map(|(_, g)| g.len())
            .filter(|&size| count(Colour::Black, size) != count(Colour::White, size))
            .max();
        let Some(size) = decisive else { return Vec::new() };
        let winner = if count(Colour::Black, size) > count(Colour::White, size) {
            Colour::Black
        } else {
            Colour::White
        };
        let mut cells: Vec<Point> = groups
            .into_iter()
            .filter(|(c, g)| *c == winner && g.len() == size)
            .flat_map(|(_, g)| g)
            .collect();
        cells.sort_by_key(|p| (p.row, p.col));
        cells
    }
}
