//! The bitboard engine: the board layout and its tables, the position
//! ([`Epaminondas`]), setting up, playing a ply and the status. Move
//! generation and legality checks are in `moves.rs`.

use abstracta_core::{BitBoard, Cells, Colour, Game, Point, Status};

use crate::setup::validate_cells;
use crate::{
    EpaminondasOptions, EpaminondasPly, Piece, SetupError, Variant, DEFAULT_CAP, HEIGHT, STONES, STONE_ROWS,
    WIDTH,
};

pub(crate) type Bb = BitBoard<3>;

pub(crate) const STRIDE: i32 = 15;
pub(crate) const CELLS: usize = 180;

pub(crate) const fn cell_index(col: u8, row: u8) -> usize {
    row as usize * STRIDE as usize + col as usize
}

pub(crate) const fn rows_mask(lo: u8, hi: u8) -> Bb {
    let mut w = [0u64; 3];
    let mut r = lo;
    while r <= hi {
        let mut c = 0;
        while c < WIDTH {
            let i = cell_index(c, r);
            w[i / 64] |= 1 << (i % 64);
            c += 1;
        }
        r += 1;
    }
    BitBoard(w)
}

pub(crate) const VALID: Bb = rows_mask(0, HEIGHT - 1);
pub(crate) const STONE_AREA: Bb = rows_mask(*STONE_ROWS.start(), *STONE_ROWS.end());
/// Home rows by colour index (Black 0: row 12, White 1: row 1).
pub(crate) const HOME: [Bb; 2] = [rows_mask(HEIGHT - 1, HEIGHT - 1), rows_mask(0, 0)];
/// The row a colour races to (the opponent's home row), as 0-based row.
pub(crate) const TARGET_ROW: [u8; 2] = [0, HEIGHT - 1];

/// Directions: E, NE, N, NW, W, SW, S, SE as bit offsets.
pub(crate) const DIRS: [i32; 8] = [
    1,
    STRIDE + 1,
    STRIDE,
    STRIDE - 1,
    -1,
    -STRIDE - 1,
    -STRIDE,
    -STRIDE + 1,
];
pub(crate) const DCOL: [i8; 8] = [1, 1, 0, -1, -1, -1, 0, 1];
pub(crate) const DROW: [i8; 8] = [0, 1, 1, 1, 0, -1, -1, -1];

const fn row_table() -> [u8; CELLS] {
    let mut t = [u8::MAX; CELLS];
    let mut i = 0;
    while i < CELLS {
        if i % (STRIDE as usize) < WIDTH as usize {
            t[i] = (i / STRIDE as usize) as u8;
        }
        i += 1;
    }
    t
}
pub(crate) const ROW_OF: [u8; CELLS] = row_table();

const fn mirror_table() -> [u8; CELLS] {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (c, r) = (i % STRIDE as usize, i / STRIDE as usize);
        t[i] = if c < WIDTH as usize && r < HEIGHT as usize {
            ((HEIGHT as usize - 1 - r) * STRIDE as usize + c) as u8
        } else {
            i as u8
        };
        i += 1;
    }
    t
}
/// The square each square maps to under P5's reflection.
pub(crate) const MIRROR_INDEX: [u8; CELLS] = mirror_table();

const fn piece_keys(colour: u64) -> [u64; CELLS] {
    let mut t = [0u64; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = abstracta_core::zobrist::key(0xE9A0 + colour, i as u64);
        i += 1;
    }
    t
}
pub(crate) const PIECE_KEYS: [[u64; CELLS]; 2] = [piece_keys(0), piece_keys(1)];
pub(crate) const STONE_KEYS: [u64; CELLS] = piece_keys(2);
pub(crate) const WHITE_TO_MOVE: u64 = abstracta_core::zobrist::key(0xE9A3, 0);

#[inline]
pub(crate) fn shift(b: Bb, o: i32) -> Bb {
    b.shift(o) & VALID
}

#[inline]
pub(crate) fn point_of(i: usize) -> Point {
    Point::new((i % STRIDE as usize) as u8, (i / STRIDE as usize) as u8)
}

#[inline]
pub(crate) fn index_of(p: Point) -> usize {
    cell_index(p.col, p.row)
}

/// Whether `i + o` stays on the board (for scalar walks).
#[inline]
pub(crate) fn step(i: usize, o: i32) -> Option<usize> {
    let j = i as i32 + o;
    if j >= 0 && (j as usize) < CELLS && VALID.has(j as usize) {
        Some(j as usize)
    } else {
        None
    }
}

/// `b` reflected between rows 6 and 7 (row r <-> row 13 - r).
pub(crate) fn mirror(b: &Bb) -> Bb {
    let mut out = Bb::EMPTY;
    for r in 0..usize::from(HEIGHT) {
        let bits = b.bits_at(r * STRIDE as usize, u32::from(WIDTH));
        if bits != 0 {
            let i = (usize::from(HEIGHT) - 1 - r) * STRIDE as usize;
            let (w, s) = (i / 64, i % 64);
            out.0[w] |= bits << s;
            if s > 64 - usize::from(WIDTH) && w + 1 < 3 {
                out.0[w + 1] |= bits >> (64 - s);
            }
        }
    }
    out
}
/// An Epaminondas position: the bitboard engine behind the
/// [`Game`](abstracta_core::Game) trait (see the crate docs for its design).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Epaminondas {
    pub(crate) options: EpaminondasOptions,
    /// Pieces by colour index (Black 0, White 1).
    pub(crate) pieces: [Bb; 2],
    pub(crate) stones: Bb,
    /// `mirrored[c]` is `pieces[c]` reflected between rows 6 and 7, kept
    /// incrementally so the P5 test is a word compare.
    pub(crate) mirrored: [Bb; 2],
    pub(crate) mirrored_stones: Bb,
    /// Pieces per colour.
    pub(crate) counts: [u8; 2],
    /// Pieces per colour on the opponent's home row (P4).
    pub(crate) arrived: [u8; 2],
    /// Whether the board is symmetric in the sense of P5 (kept per ply).
    pub(crate) symmetric: bool,
    /// Whether stones are still to be placed (P7).
    pub(crate) stone_phase: bool,
    pub(crate) to_move: Colour,
    pub(crate) plies: u32,
    pub(crate) last: Option<EpaminondasPly>,
    pub(crate) hash: u64,
    /// The status by the rules alone (the cap is applied in `status()`).
    pub(crate) rules_status: Status,
}

impl Epaminondas {
    /// The start position (White to move, or Black placing the first stone
    /// in the stones variant).
    pub(crate) fn start(options: EpaminondasOptions) -> Self {
        let mut game = Epaminondas {
            to_move: if options.variant() == Variant::Stones {
                Colour::Black
            } else {
                Colour::White
            },
            options,
            pieces: [rows_mask(HEIGHT - 2, HEIGHT - 1), rows_mask(0, 1)],
            stones: Bb::EMPTY,
            mirrored: [Bb::EMPTY; 2],
            mirrored_stones: Bb::EMPTY,
            counts: [0; 2],
            arrived: [0; 2],
            symmetric: false,
            stone_phase: false,
            plies: 0,
            last: None,
            hash: 0,
            rules_status: Status::Ongoing,
        };
        game.reset_derived();
        game.hash = game.zobrist_from_scratch();
        game.rules_status = game.compute_status();
        game
    }

    /// The board cell by cell (14x12), for comparisons with the reference
    /// implementation and for diagrams.
    pub fn board_cells(&self) -> Cells<Piece> {
        let mut cells = Vec::with_capacity(usize::from(WIDTH) * usize::from(HEIGHT));
        for row in 0..HEIGHT {
            for col in 0..WIDTH {
                cells.push(self.piece(cell_index(col, row)));
            }
        }
        Cells::from_vec(WIDTH, HEIGHT, cells).expect("a 14x12 board")
    }

    /// A position set up from `cells` (a 14x12 board, e.g. from
    /// [`parse_diagram`](crate::parse_diagram)) with `to_move` to play and
    /// no plies counted, for tests and analysis of positions no short ply
    /// list reaches. The stones variant needs exactly three stones (the
    /// stone phase is over); the standard variant none.
    ///
    /// ```
    /// use abstracta_core::{Colour, Game, PlyBuf};
    /// use epaminondas::{parse_diagram, Epaminondas, EpaminondasOptions};
    /// let mut rows = vec![". . . . . . . . . . . . . ."; 12];
    /// rows[0] = "b . . . . . . . . . . . . .";
    /// rows[11] = ". . . . . . . . . . . . . w";
    /// let cells = parse_diagram(&rows.join("\n")).unwrap();
    /// let game = Epaminondas::from_cells(Default::default(), &cells, Colour::White).unwrap();
    /// let mut plies = PlyBuf::new();
    /// game.legal_plies(&mut plies);
    /// assert_eq!(plies.len(), 3);
    /// assert!(Epaminondas::from_cells(Default::default(), &"w b".parse().unwrap(), Colour::White).is_err());
    /// ```
    pub fn from_cells(
        options: EpaminondasOptions,
        cells: &Cells<Piece>,
        to_move: Colour,
    ) -> Result<Self, SetupError> {
        validate_cells(&options, cells)?;
        let mut game = Epaminondas::start(options);
        game.pieces = [Bb::EMPTY; 2];
        for (p, piece) in cells.occupied() {
            let i = index_of(p);
            match piece {
                Piece::Black => game.pieces[0].set(i),
                Piece::White => game.pieces[1].set(i),
                Piece::Stone => game.stones.set(i),
            }
        }
        game.to_move = to_move;
        game.reset_derived();
        game.hash = game.zobrist_from_scratch();
        game.rules_status = game.compute_status();
        Ok(game)
    }

    fn piece(&self, i: usize) -> Option<Piece> {
        if self.pieces[0].has(i) {
            Some(Piece::Black)
        } else if self.pieces[1].has(i) {
            Some(Piece::White)
        } else if self.stones.has(i) {
            Some(Piece::Stone)
        } else {
            None
        }
    }

    /// Whether the game is still in the stone-placing phase (P7).
    pub fn placing_stones(&self) -> bool {
        self.stone_phase
    }

    /// The number of `colour`'s pieces on the opponent's home row (P4).
    #[inline]
    pub fn home_row_count(&self, colour: Colour) -> u32 {
        u32::from(self.arrived[colour.index()])
    }

    /// Whether the board is symmetric in the sense of P5.
    #[inline]
    pub fn is_symmetric(&self) -> bool {
        self.symmetric
    }

    #[inline]
    pub(crate) fn compute_symmetric(&self) -> bool {
        self.pieces[1] == self.mirrored[0] && self.stones == self.mirrored_stones
    }

    /// Recomputes the derived sets and counts after a set-up.
    fn reset_derived(&mut self) {
        self.mirrored = [mirror(&self.pieces[0]), mirror(&self.pieces[1])];
        self.mirrored_stones = mirror(&self.stones);
        for c in 0..2 {
            self.counts[c] = self.pieces[c].count() as u8;
            self.arrived[c] = (self.pieces[c] & HOME[1 - c]).count() as u8;
        }
        self.symmetric = self.compute_symmetric();
        self.stone_phase = self.options.variant() == Variant::Stones && self.stones.count() < STONES;
    }

    #[inline]
    pub(crate) fn put(&mut self, c: usize, i: usize) {
        self.counts[c] += 1;
        self.arrived[c] += u8::from(ROW_OF[i] == TARGET_ROW[c]);
        self.pieces[c].set(i);
        self.mirrored[c].set(usize::from(MIRROR_INDEX[i]));
        self.hash ^= PIECE_KEYS[c][i];
    }

    #[inline]
    pub(crate) fn take(&mut self, c: usize, i: usize) {
        self.counts[c] -= 1;
        self.arrived[c] -= u8::from(ROW_OF[i] == TARGET_ROW[c]);
        self.pieces[c].clear(i);
        self.mirrored[c].clear(usize::from(MIRROR_INDEX[i]));
        self.hash ^= PIECE_KEYS[c][i];
    }

    /// [`Game::play_unchecked`].
    #[inline]
    pub(crate) fn play(&mut self, ply: EpaminondasPly) {
        match ply {
            EpaminondasPly::Stone(p) => {
                let i = index_of(p);
                self.stones.set(i);
                self.mirrored_stones.set(usize::from(MIRROR_INDEX[i]));
                self.hash ^= STONE_KEYS[i];
                self.stone_phase = self.stones.count() < STONES;
                self.finish_ply(ply);
            }
            EpaminondasPly::Move { from, to, .. } => {
                let me = self.to_move.index();
                let fi = index_of(from);
                let dc = (i32::from(to.col) - i32::from(from.col)).signum();
                let dr = (i32::from(to.row) - i32::from(from.row)).signum();
                let o = dc + dr * STRIDE;
                let m = (i32::from(to.col) - i32::from(from.col))
                    .abs()
                    .max((i32::from(to.row) - i32::from(from.row)).abs());
                let mut k = 1;
                let mut front = fi as i32;
                while let Some(next) = step(front as usize, o) {
                    if !self.pieces[me].has(next) {
                        break;
                    }
                    front = next as i32;
                    k += 1;
                }
                let mut capture = false;
                let mut sq = front + o * m;
                while sq >= 0 && (sq as usize) < CELLS && self.pieces[1 - me].has(sq as usize) {
                    capture = true;
                    self.take(1 - me, sq as usize);
                    match step(sq as usize, o) {
                        Some(next) => sq = next as i32,
                        None => break,
                    }
                }
                let mut sq = fi as i32;
                for _ in 0..k {
                    self.take(me, sq as usize);
                    sq += o;
                }
                let mut sq = fi as i32 + o * m;
                for _ in 0..k {
                    self.put(me, sq as usize);
                    sq += o;
                }
                self.finish_ply(EpaminondasPly::Move { from, to, capture });
            }
        }
    }

    /// [`Game::status`]: the cached status by the rules, then the cap.
    #[inline]
    pub(crate) fn current_status(&self) -> Status {
        if self.rules_status.is_finished() {
            return self.rules_status;
        }
        if self.cap().is_some_and(|cap| self.plies >= cap) {
            return Status::length_cap();
        }
        Status::Ongoing
    }

    /// [`Game::length_cap`].
    #[inline]
    pub(crate) fn cap(&self) -> Option<u32> {
        self.options.cap().resolve(Some(DEFAULT_CAP))
    }

    /// [`Game::hash_from_scratch`].
    pub(crate) fn zobrist_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (pieces, keys) in self.pieces.iter().zip(&PIECE_KEYS) {
            for i in pieces.iter() {
                h ^= keys[i];
            }
        }
        for i in self.stones.iter() {
            h ^= STONE_KEYS[i];
        }
        if self.to_move == Colour::White {
            h ^= WHITE_TO_MOVE;
        }
        h
    }

    fn finish_ply(&mut self, ply: EpaminondasPly) {
        self.to_move = self.to_move.opponent();
        self.hash ^= WHITE_TO_MOVE;
        self.plies += 1;
        self.last = Some(ply);
        self.symmetric = self.compute_symmetric();
        self.rules_status = self.compute_status();
    }

    /// The status by the rules alone (P4, P6), computed after every ply.
    pub(crate) fn compute_status(&self) -> Status {
        if self.placing_stones() {
            return Status::Ongoing;
        }
        let me = self.to_move;
        if self.home_row_count(me) > self.home_row_count(me.opponent()) {
            return Status::win(me, self.seat_of(me));
        }
        if !self.has_any_move() {
            let them = me.opponent();
            return Status::win(them, self.seat_of(them));
        }
        Status::Ongoing
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_reverses_rows() {
        let mut b = Bb::EMPTY;
        b.set(cell_index(3, 0));
        b.set(cell_index(13, 4));
        let m = mirror(&b);
        assert!(m.has(cell_index(3, 11)));
        assert!(m.has(cell_index(13, 7)));
        assert_eq!(m.count(), 2);
        assert_eq!(mirror(&VALID), VALID);
        assert_eq!(mirror(&HOME[0]), HOME[1]);
    }

    #[test]
    fn mirrored_sets_stay_in_step() {
        let mut rng = abstracta_core::seeded_rng(3);
        for spec in ["epaminondas", "epaminondas:variant=stones"] {
            let mut g = Epaminondas::new(spec.parse().unwrap());
            while let Some(p) = g.random_ply(&mut rng) {
                g.play_unchecked(p);
                assert_eq!(g.mirrored, [mirror(&g.pieces[0]), mirror(&g.pieces[1])]);
                assert_eq!(g.mirrored_stones, mirror(&g.stones));
                assert_eq!(g.counts, [g.pieces[0].count() as u8, g.pieces[1].count() as u8]);
                let mut fresh = g.clone();
                fresh.reset_derived();
                assert_eq!(fresh.symmetric, g.symmetric);
                assert_eq!(g.home_row_count(Colour::White), (g.pieces[1] & HOME[0]).count());
                assert_eq!(g.home_row_count(Colour::Black), (g.pieces[0] & HOME[1]).count());
            }
        }
    }
}
