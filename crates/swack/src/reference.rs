//! A deliberately plain reference implementation of Swack, written from
//! RULES.md sentence by sentence: a vector of squares, loops and a BFS.
//! It shares no rule code with the bitboard engine; tests and benchmarks
//! compare the two.

use std::collections::VecDeque;

use std::fmt;

use abstracta_core::{zobrist, Cells, Colour, Game, PlyBuf, Point, Seat, Stack, Status};

use crate::options::SwackOptions;
use crate::ply::SwackPly;

/// A Swack position kept as plainly as possible: the squares and the full
/// ply history, from which everything else is read.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReferenceSwack {
    options: SwackOptions,
    n: usize,
    /// Row-major from `a1`: index `row * n + col`.
    squares: Vec<Option<Stack>>,
    history: Vec<SwackPly>,
}

impl ReferenceSwack {
    /// The board as a plain list, row by row from `a1`.
    pub fn board_cells(&self) -> Cells<Stack> {
        let n = self.n as u8;
        Cells::from_vec(n, n, self.squares.clone()).expect("n x n squares")
    }

    fn on_board(&self, p: Point) -> bool {
        usize::from(p.col) < self.n && usize::from(p.row) < self.n
    }

    fn at(&self, p: Point) -> Option<Stack> {
        self.squares[usize::from(p.row) * self.n + usize::from(p.col)]
    }

    fn put(&mut self, p: Point, s: Option<Stack>) {
        let i = usize::from(p.row) * self.n + usize::from(p.col);
        self.squares[i] = s;
    }

    /// Orthogonal neighbours of `p` on the board ("adjacent" in Swack).
    fn neighbours(&self, p: Point) -> Vec<Point> {
        let mut v = Vec::new();
        let (c, r) = (i32::from(p.col), i32::from(p.row));
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (nc, nr) = (c + dc, r + dr);
            if nc >= 0 && nr >= 0 && (nc as usize) < self.n && (nr as usize) < self.n {
                v.push(Point::new(nc as u8, nr as u8));
            }
        }
        v
    }

    fn adjacent(a: Point, b: Point) -> bool {
        a.col.abs_diff(b.col) + a.row.abs_diff(b.row) == 1
    }

    fn all_points(&self) -> Vec<Point> {
        let mut v = Vec::new();
        for r in 0..self.n {
            for c in 0..self.n {
                v.push(Point::new(c as u8, r as u8));
            }
        }
        v
    }

    /// The seat that made ply number `i` (0-based): seats alternate.
    fn seat_of_ply(i: usize) -> Seat {
        if i % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        }
    }

    /// S5: two passes in succession (a swap in between is not a pass).
    fn ended_by_passes(&self) -> bool {
        let k = self.history.len();
        k >= 2 && self.history[k - 1] == SwackPly::Pass && self.history[k - 2] == SwackPly::Pass
    }

    fn capped(&self) -> bool {
        match self.options.effective_cap() {
            Some(cap) => self.history.len() as u64 >= u64::from(cap),
            None => false,
        }
    }

    fn swap_allowed(&self) -> bool {
        // S8 / E8: only on White's first turn, which is the second ply.
        self.options.pie() && self.history.len() == 1
    }

    /// Whether a stacking move from `from` to `to` is legal for `me` (S4/E5).
    fn stacking_ok(&self, me: Colour, from: Point, to: Point) -> bool {
        if !self.on_board(from) || !self.on_board(to) || !Self::adjacent(from, to) {
            return false;
        }
        match (self.at(from), self.at(to)) {
            (Some(a), Some(b)) => {
                a.colour == me && b.colour != me && a.height == b.height && u32::from(b.height) < 255
            }
            _ => false,
        }
    }

    /// Whether a drop is legal (S9).
    fn drop_ok(&self, two: Point, one: Point) -> bool {
        self.options.is_free()
            && self.on_board(two)
            && self.on_board(one)
            && Self::adjacent(two, one)
            && self.at(two).is_none()
            && self.at(one).is_none()
    }

    /// Every stacking move the side to move has (S4), in board order.
    pub fn stacking_moves(&self) -> Vec<SwackPly> {
        let me = self.to_move_colour();
        let mut v = Vec::new();
        for from in self.all_points() {
            for to in self.neighbours(from) {
                if self.stacking_ok(me, from, to) {
                    v.push(SwackPly::Stack { from, to });
                }
            }
        }
        v
    }

    /// S3: the groups of `colour`, each as its list of squares (BFS).
    pub fn groups(&self, colour: Colour) -> Vec<Vec<Point>> {
        let mut seen = vec![false; self.n * self.n];
        let mut groups = Vec::new();
        for p in self.all_points() {
            let i = usize::from(p.row) * self.n + usize::from(p.col);
            if seen[i] || self.at(p).map(|s| s.colour) != Some(colour) {
                continue;
            }
            let mut group = Vec::new();
            let mut queue = VecDeque::new();
            seen[i] = true;
            queue.push_back(p);
            while let Some(q) = queue.pop_front() {
                group.push(q);
                for m in self.neighbours(q) {
                    let j = usize::from(m.row) * self.n + usize::from(m.col);
                    if !seen[j] && self.at(m).map(|s| s.colour) == Some(colour) {
                        seen[j] = true;
                        queue.push_back(m);
                    }
                }
            }
            groups.push(group);
        }
        groups
    }

    /// S6: remove pairs of equal-size black and white groups until none is
    /// left; the colour owning the biggest remaining group, or `None`.
    pub fn scoring_winner(&self) -> Option<Colour> {
        let mut black: Vec<usize> = self.groups(Colour::Black).iter().map(|g| g.len()).collect();
        let mut white: Vec<usize> = self.groups(Colour::White).iter().map(|g| g.len()).collect();
        'removal: loop {
            for bi in 0..black.len() {
                for wi in 0..white.len() {
                    if black[bi] == white[wi] {
                        black.remove(bi);
                        white.remove(wi);
                        continue 'removal;
                    }
                }
            }
            break;
        }
        let biggest_black = black.iter().copied().max().unwrap_or(0);
        let biggest_white = white.iter().copied().max().unwrap_or(0);
        if biggest_black == 0 && biggest_white == 0 {
            None
        } else if biggest_black > biggest_white {
            Some(Colour::Black)
        } else {
            // Sizes left over are never equal across colours: equal ones
            // would have been removed as a pair.
            Some(Colour::White)
        }
    }

    /// S6: the squares of the groups that decide the score: every group
    /// of the winner's colour whose size is the biggest one left after
    /// pair removal, in row-major order; empty when nothing remains.
    pub fn scoring_groups(&self) -> Vec<Point> {
        let Some(winner) = self.scoring_winner() else {
            return Vec::new();
        };
        let mut black: Vec<usize> = self.groups(Colour::Black).iter().map(|g| g.len()).collect();
        let mut white: Vec<usize> = self.groups(Colour::White).iter().map(|g| g.len()).collect();
        // A size is left over exactly when the colours have different
        // numbers of groups of it; the biggest such size decides.
        black.sort_unstable();
        white.sort_unstable();
        let count = |sizes: &[usize], size: usize| sizes.iter().filter(|&&s| s == size).count();
        let size = black
            .iter()
            .chain(&white)
            .copied()
            .filter(|&size| count(&black, size) != count(&white, size))
            .max()
            .unwrap_or(0);
        let mut cells: Vec<Point> = self
            .groups(winner)
            .into_iter()
            .filter(|g| g.len() == size)
            .flatten()
            .collect();
        cells.sort_by_key(|p| (p.row, p.col));
        cells
    }

    /// The seat of the last stacking move (or drop), for S7 and S9.
    fn last_actor(&self) -> Option<Seat> {
        for i in (0..self.history.len()).rev() {
            if matches!(self.history[i], SwackPly::Stack { .. } | SwackPly::Drop { .. }) {
                return Some(Self::seat_of_ply(i));
            }
        }
        None
    }

    fn scored_status(&self) -> Status {
        let winner = match self.scoring_winner() {
            Some(c) => c,
            None => {
                if self.options.is_free() {
                    // S9: the seat that made the last stacking move or drop
                    // wins; with none, the owner of White wins.
                    match self.last_actor() {
                        Some(seat) => self.colour_of(seat),
                        None => Colour::White,
                    }
                } else {
                    // S7: the seat that made the last stacking move loses;
                    // with none, the owner of Black loses.
                    match self.last_actor() {
                        Some(seat) => self.colour_of(seat.opponent()),
                        None => Colour::White,
                    }
                }
            }
        };
        Status::win(winner, self.seat_of(winner))
    }
}

impl Game for ReferenceSwack {
    type Ply = SwackPly;
    type Options = SwackOptions;
    const NAME: &'static str = "swack";

    fn new(options: SwackOptions) -> Self {
        let n = usize::from(options.size());
        let mut squares = vec![None; n * n];
        if !options.is_free() {
            // S1: checkered, every square one piece; on odd n the centre is
            // White; on even n a1 is Black.
            let centre_or_a1 = if n % 2 == 1 { Colour::White } else { Colour::Black };
            for r in 0..n {
                for c in 0..n {
                    // Squares of the same colour as a1 have c + r even; on
                    // odd n the centre ((n-1)/2, (n-1)/2) has c + r = n - 1,
                    // which is even too.
                    let colour = if (c + r) % 2 == 0 {
                        centre_or_a1
                    } else {
                        centre_or_a1.opponent()
                    };
                    squares[r * n + c] = Some(Stack { colour, height: 1 });
                }
            }
        }
        ReferenceSwack {
            options,
            n,
            squares,
            history: Vec::new(),
        }
    }

    fn options(&self) -> &SwackOptions {
        &self.options
    }

    fn to_move_colour(&self) -> Colour {
        // Colours alternate on every ply except a swap.
        let moves = self.history.iter().filter(|p| **p != SwackPly::Swap).count();
        if moves % 2 == 0 {
            Colour::Black
        } else {
            Colour::White
        }
    }

    fn swapped(&self) -> bool {
        self.history.contains(&SwackPly::Swap)
    }

    fn legal_plies(&self, out: &mut PlyBuf<SwackPly>) {
        out.clear();
        if self.status().is_finished() {
            return;
        }
        let me = self.to_move_colour();
        out.push(SwackPly::Pass);
        if self.swap_allowed() {
            out.push(SwackPly::Swap);
        }
        for from in self.all_points() {
            for to in self.neighbours(from) {
                if self.stacking_ok(me, from, to) {
                    out.push(SwackPly::Stack { from, to });
                }
                if self.drop_ok(from, to) {
                    out.push(SwackPly::Drop { two: from, one: to });
                }
            }
        }
    }

    fn is_legal(&self, ply: SwackPly) -> bool {
        if self.status().is_finished() {
            return false;
        }
        match ply {
            SwackPly::Pass => true,
            SwackPly::Swap => self.swap_allowed(),
            SwackPly::Stack { from, to } => self.stacking_ok(self.to_move_colour(), from, to),
            SwackPly::Drop { two, one } => self.drop_ok(two, one),
        }
    }

    fn play_unchecked(&mut self, ply: SwackPly) {
        let me = self.to_move_colour();
        match ply {
            SwackPly::Pass | SwackPly::Swap => {}
            SwackPly::Stack { from, to } => {
                let h = self.at(to).map_or(0, |s| s.height);
                // The top piece moves onto the enemy stack: it becomes ours.
                self.put(
                    to,
                    Some(Stack {
                        colour: me,
                        height: h + 1,
                    }),
                );
                // An opponent's piece goes on the vacated stack: height h
                // again, now theirs.
                self.put(
                    from,
                    Some(Stack {
                        colour: me.opponent(),
                        height: h,
                    }),
                );
            }
            SwackPly::Drop { two, one } => {
                self.put(
                    two,
                    Some(Stack {
                        colour: me,
                        height: 2,
                    }),
                );
                self.put(
                    one,
                    Some(Stack {
                        colour: me.opponent(),
                        height: 1,
                    }),
                );
            }
        }
        self.history.push(ply);
    }

    fn status(&self) -> Status {
        if self.ended_by_passes() {
            return self.scored_status();
        }
        if self.capped() {
            return Status::length_cap();
        }
        Status::Ongoing
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0u64;
        for (i, s) in self.squares.iter().enumerate() {
            if let Some(s) = s {
                let feature = (i as u64) * 512 + (s.colour.index() as u64) * 256 + u64::from(s.height);
                h ^= zobrist::key(0x7265_6600, feature);
            }
        }
        let last_pass = self.history.last() == Some(&SwackPly::Pass);
        let actor = match self.last_actor() {
            None => 0,
            Some(Seat::First) => 1,
            Some(Seat::Second) => 2,
        };
        let state = [
            self.to_move_colour() == Colour::White,
            self.swapped(),
            last_pass,
            self.swap_allowed(),
        ];
        for (k, on) in state.iter().enumerate() {
            if *on {
                h ^= zobrist::key(0x7265_6601, k as u64);
            }
        }
        h ^ zobrist::key(0x7265_6602, actor)
    }

    fn plies_played(&self) -> u32 {
        self.history.len() as u32
    }

    fn length_cap(&self) -> Option<u32> {
        self.options.effective_cap()
    }

    fn last_ply(&self) -> Option<SwackPly> {
        self.history.last().copied()
    }
}

impl ReferenceSwack {
    /// The board as text (the `Display` impl writes it).
    pub(crate) fn render(&self) -> String {
        let mut s = String::new();
        for r in (0..self.n).rev() {
            s.push_str(&format!("{:>2} ", r + 1));
            for c in 0..self.n {
                match self.squares[r * self.n + c] {
                    Some(st) => {
                        let l = abstracta_core::text::piece_symbol(st.colour);
                        s.push_str(&format!(" {l}{:<3}", st.height));
                    }
                    None => s.push_str(" .   "),
                }
            }
            s.push('\n');
        }
        s.push_str("   ");
        for c in 0..self.n {
            s.push_str(&format!(" {}   ", (b'a' + c as u8) as char));
        }
        s.push('\n');
        if let Some(p) = self.last_ply() {
            s.push_str(&format!("last ply: {p}\n"));
        }
        match self.status() {
            Status::Ongoing => s.push_str(&format!(
                "{} ({} player) to move\n",
                self.to_move_colour(),
                self.to_move_seat()
            )),
            st => s.push_str(&format!("{st}\n")),
        }
        s
    }
}

impl fmt::Display for ReferenceSwack {
    /// The board as the engine draws it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}
