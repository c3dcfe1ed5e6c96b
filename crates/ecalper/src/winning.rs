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
        let w = 2 * self.size() - 1;
        let index = |p: Point| usize::from(p.row) * usize::from(w) + usize::from(p.col);
        let mut seen = vec![false; usize::from(w) * usize::from(w)];
        let mut groups: Vec<Vec<Point>> = Vec::new();
        for row in 0..w {
            for col in 0..w {
                let start = Point::new(col, row);
                if seen[index(start)] || self.cell(start) != Some(colour) {
                    continue;
                }
                seen[index(start)] = true;
                let mut group = vec![start];
                let mut next = 0;
                while next < group.len() {
                    let p = group[next];
                    next += 1;
                    for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)] {
                        let (c, r) = (i32::from(p.col) + dc, i32::from(p.row) + dr);
                        let (Ok(c), Ok(r)) = (u8::try_from(c), u8::try_from(r)) else {
                            continue;
                        };
                        let q = Point::new(c, r);
                        if c < w && r < w && !seen[index(q)] && self.cell(q) == Some(colour) {
                            seen[index(q)] = true;
                            group.push(q);
                        }
                    }
                }
                groups.push(group);
            }
        }
        let largest = groups.iter().map(Vec::len).max().unwrap_or(0);
        let mut cells: Vec<Point> = groups
            .into_iter()
            .filter(|g| g.len() == largest)
            .flatten()
            .collect();
        cells.sort_by_key(|p| (p.row, p.col));
        cells
    }
}
