//! Board geometry: which bits of a [`BitBoard`] are points of a board,
//! the neighbour shifts, the edges and flood fills.

use crate::bitboard::BitBoard;
use crate::point::Point;

/// The shape of a board: square (or rectangular) grid, or hex-hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A `width x height` grid of points or squares.
    Rectangle,
    /// A hex-hex board of the given side, addressed as in Havannah:
    /// `(c, r)` with `0 <= c, r <= 2s-2` and `|c - r| <= s-1`.
    Hex {
        /// Cells along one side.
        side: u8,
    },
}

/// The layout of a board in a [`BitBoard<N>`]: which bits are points, the
/// neighbour shifts, the edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry<const N: usize> {
    width: u8,
    height: u8,
    stride: u8,
    shape: Shape,
    valid: BitBoard<N>,
    not_left: BitBoard<N>,
}

impl<const N: usize> Geometry<N> {
    /// A `width x height` rectangular board.
    ///
    /// # Panics
    /// If the board does not fit in `N` words or a side is outside 1..=26.
    /// (Sizes come from validated game options, so this is a programming
    /// error, not bad input.)
    pub fn square(width: u8, height: u8) -> Self {
        Self::build(width, height, Shape::Rectangle, |_, _| true)
    }

    /// A hex-hex board of side `side` (3..=13).
    ///
    /// # Panics
    /// If the board does not fit in `N` words.
    pub fn hex(side: u8) -> Self {
        let s = i32::from(side);
        let w = (2 * side).saturating_sub(1);
        Self::build(w, w, Shape::Hex { side }, |c, r| {
            (i32::from(c) - i32::from(r)).abs() < s
        })
    }

    fn build(width: u8, height: u8, shape: Shape, on_board: impl Fn(u8, u8) -> bool) -> Self {
        assert!(
            (1..=26).contains(&width) && (1..=26).contains(&height),
            "board side out of range"
        );
        let stride = width + 1;
        assert!(
            usize::from(stride) * usize::from(height) <= 64 * N,
            "a {width}x{height} board needs more than {N} words"
        );
        let mut valid = BitBoard::EMPTY;
        let mut not_left = BitBoard::EMPTY;
        for r in 0..height {
            for c in 0..width {
                if on_board(c, r) {
                    let i = usize::from(r) * usize::from(stride) + usize::from(c);
                    valid.set(i);
                    if c > 0 {
                        not_left.set(i);
                    }
                }
            }
        }
        Geometry {
            width,
            height,
            stride,
            shape,
            valid,
            not_left,
        }
    }

    /// Columns of the grid (for hex boards: `2s - 1`).
    #[inline]
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// Rows of the grid.
    #[inline]
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// Bits per row (one more than the width).
    #[inline]
    pub const fn stride(&self) -> u8 {
        self.stride
    }

    /// The board's shape.
    #[inline]
    pub const fn shape(&self) -> Shape {
        self.shape
    }

    /// Every point on the board.
    #[inline]
    pub const fn valid(&self) -> BitBoard<N> {
        self.valid
    }

    /// Number of points on the board.
    pub fn len(&self) -> u32 {
        self.valid.count()
    }

    /// Whether the board has no points (never true for a built geometry).
    pub fn is_empty(&self) -> bool {
        self.valid.is_empty()
    }

    /// Whether `p` is a point of this board.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        p.col < self.width && p.row < self.height && self.valid.has(self.index_unchecked(p))
    }

    #[inline]
    fn index_unchecked(&self, p: Point) -> usize {
        usize::from(p.row) * usize::from(self.stride) + usize::from(p.col)
    }

    /// The bit index of `p`, which must be on the board.
    #[inline]
    pub fn index(&self, p: Point) -> usize {
        debug_assert!(self.contains(p), "{p} is off the board");
        self.index_unchecked(p)
    }

    /// The bit index of `p`, or `None` if it is off the board.
    #[inline]
    pub fn try_index(&self, p: Point) -> Option<usize> {
        self.contains(p).then(|| self.index_unchecked(p))
    }

    /// The point at bit index `i`.
    #[inline]
    pub fn point(&self, i: usize) -> Point {
        let stride = usize::from(self.stride);
        Point::new((i % stride) as u8, (i / stride) as u8)
    }

    /// Every point in bit-index order (row-major from `a1`).
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        self.valid.iter().map(|i| self.point(i))
    }

    /// The points of row `row` (0-based).
    pub fn row(&self, row: u8) -> BitBoard<N> {
        let mut b = BitBoard::EMPTY;
        for c in 0..self.width {
            let p = Point::new(c, row);
            if self.contains(p) {
                b.set(self.index_unchecked(p));
            }
        }
        b
    }

    /// The points of column `col` (0-based).
    pub fn column(&self, col: u8) -> BitBoard<N> {
        let mut b = BitBoard::EMPTY;
        for r in 0..self.height {
            let p = Point::new(col, r);
            if self.contains(p) {
                b.set(self.index_unchecked(p));
            }
        }
        b
    }

    /// Row 1.
    pub fn bottom(&self) -> BitBoard<N> {
        self.row(0)
    }

    /// The highest row.
    pub fn top(&self) -> BitBoard<N> {
        self.row(self.height - 1)
    }

    /// Column `a`.
    pub fn left(&self) -> BitBoard<N> {
        self.column(0)
    }

    /// The last column.
    pub fn right(&self) -> BitBoard<N> {
        self.column(self.width - 1)
    }

    /// Moves every point one step by (dx, dy) (each in -1..=1), dropping
    /// points that leave the board.
    #[inline]
    pub fn step(&self, b: BitBoard<N>, dx: i32, dy: i32) -> BitBoard<N> {
        b.shift(dx + dy * i32::from(self.stride)) & self.valid
    }

    /// One step east (column + 1).
    #[inline]
    pub fn east(&self, b: BitBoard<N>) -> BitBoard<N> {
        b.shift_up(1) & self.valid
    }

    /// One step west (column - 1).
    #[inline]
    pub fn west(&self, b: BitBoard<N>) -> BitBoard<N> {
        // Points on column `a` would land on the spare column of the row
        // below, which is not valid, so the mask alone is enough.
        b.shift_down(1) & self.valid
    }

    /// One step north (row + 1).
    #[inline]
    pub fn north(&self, b: BitBoard<N>) -> BitBoard<N> {
        b.shift_up(u32::from(self.stride)) & self.valid
    }

    /// One step south (row - 1).
    #[inline]
    pub fn south(&self, b: BitBoard<N>) -> BitBoard<N> {
        b.shift_down(u32::from(self.stride)) & self.valid
    }

    /// Points orthogonally adjacent to some point of `b` (not including `b`
    /// itself unless adjacent to another member).
    #[inline]
    pub fn neighbours4(&self, b: BitBoard<N>) -> BitBoard<N> {
        let s = u32::from(self.stride);
        (b.shift_up(1) | b.shift_down(1) | b.shift_up(s) | b.shift_down(s)) & self.valid
    }

    /// Points diagonally adjacent to some point of `b`.
    #[inline]
    pub fn neighbours_diagonal(&self, b: BitBoard<N>) -> BitBoard<N> {
        let s = u32::from(self.stride);
        (b.shift_up(s + 1) | b.shift_up(s - 1) | b.shift_down(s + 1) | b.shift_down(s - 1)) & self.valid
    }

    /// Points adjacent to `b` in any of the eight directions.
    #[inline]
    pub fn neighbours8(&self, b: BitBoard<N>) -> BitBoard<N> {
        self.neighbours4(b) | self.neighbours_diagonal(b)
    }

    /// Points adjacent to `b` on a hex board: (c±1, r), (c, r±1),
    /// (c+1, r+1), (c-1, r-1).
    #[inline]
    pub fn neighbours_hex(&self, b: BitBoard<N>) -> BitBoard<N> {
        let s = u32::from(self.stride);
        (b.shift_up(1)
            | b.shift_down(1)
            | b.shift_up(s)
            | b.shift_down(s)
            | b.shift_up(s + 1)
            | b.shift_down(s + 1))
            & self.valid
    }

    /// The natural neighbours of the board's shape: four on a grid, six on
    /// a hex board.
    #[inline]
    pub fn neighbours(&self, b: BitBoard<N>) -> BitBoard<N> {
        match self.shape {
            Shape::Rectangle => self.neighbours4(b),
            Shape::Hex { .. } => self.neighbours_hex(b),
        }
    }

    /// Everything in `within` reachable from `seed & within` through
    /// orthogonal steps inside `within`.
    #[inline]
    pub fn fill4(&self, seed: BitBoard<N>, within: BitBoard<N>) -> BitBoard<N> {
        let mut region = seed & within;
        loop {
            let grown = (region | self.neighbours4(region)) & within;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// Like [`fill4`](Self::fill4) with all eight directions.
    #[inline]
    pub fn fill8(&self, seed: BitBoard<N>, within: BitBoard<N>) -> BitBoard<N> {
        let mut region = seed & within;
        loop {
            let grown = (region | self.neighbours8(region)) & within;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// Like [`fill4`](Self::fill4) with the six hex directions.
    #[inline]
    pub fn fill_hex(&self, seed: BitBoard<N>, within: BitBoard<N>) -> BitBoard<N> {
        let mut region = seed & within;
        loop {
            let grown = (region | self.neighbours_hex(region)) & within;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// Flood fill with the shape's natural neighbours.
    #[inline]
    pub fn fill(&self, seed: BitBoard<N>, within: BitBoard<N>) -> BitBoard<N> {
        match self.shape {
            Shape::Rectangle => self.fill4(seed, within),
            Shape::Hex { .. } => self.fill_hex(seed, within),
        }
    }

    /// Points of `b` not on column `a` (the left edge of the grid).
    #[inline]
    pub fn not_left(&self) -> BitBoard<N> {
        self.not_left
    }
}
