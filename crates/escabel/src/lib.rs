//! Escabel: a drawless connection game with stacks on the points of a
//! square board (rules: RULES.md, section Escabel).
//!
//! [`Escabel`] is the bitboard engine behind the [`Game`] trait; with the
//! `reference` feature, `reference::ReferenceEscabel` is a deliberately plain
//! second implementation that the tests and benchmarks compare it with.
//!
//! ```
//! use abstracta_core::{Game, GameOptions, PlyBuf, Status};
//! use escabel::{Escabel, EscabelOptions};
//!
//! let mut game = Escabel::new(EscabelOptions::from_spec("escabel:size=3,pie=off").unwrap());
//! let mut plies = PlyBuf::new();
//! game.legal_plies(&mut plies);
//! assert_eq!(plies.len(), 9);
//! // Black builds b1-b2-b3 while White wanders; the chain wins at the start
//! // of Black's next turn (E6).
//! game.play_list("b1 a1 b2 a2 b3").unwrap();
//! assert_eq!(game.status(), Status::Ongoing);
//! game.play_str("c1").unwrap();
//! assert_eq!(game.status().winner_colour(), Some(abstracta_core::Colour::Black));
//! ```
//!
//! # Representation
//!
//! Per colour one occupancy bitboard, and the stack heights as eight
//! bit-sliced planes (plane `k` holds the points whose height has bit `k`
//! set). Orthogonal equal-height tests (E5) are then one XOR per plane and
//! direction. Crosscuts (E2) are found on all 2x2 blocks at once from the
//! occupancy boards; which diagonal of a crosscut wins the E3(c) height test
//! is kept per block and updated by each ply for the few blocks it touches
//! (a bit-sliced test over the whole board checks it in the unit tests).
//! A win check (E6) is then a flood fill from one edge over orthogonal steps
//! and the allowed diagonal steps. The status is cached after every ply.
//! The word count follows the board: two words up to 10x10, four up to
//! 15x15, eleven up to 26x26 (boxed, so small games stay small to clone).

mod core;
mod options;
mod ply;
#[cfg(feature = "reference")]
pub mod reference;

use std::fmt::Write as _;

use abstracta_core::{zobrist, Claims, Colour, Game, PlyBuf, Point, SearchHints, Status};
use rand::Rng;

use crate::core::Core;
pub use crate::options::{EscabelOptions, Variant, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use crate::ply::EscabelPly;

/// A board's contents in plain form: one entry per point in row-major
/// order from `a1` (`a1`, `b1`, ..., then row 2), `None` for empty, else
/// the stack's colour and height. Both implementations produce it, so tests
/// can compare them.
pub type Cells = Vec<Option<(Colour, u8)>>;

/// The board in the word count that fits its size.
///
/// The 26x26 board is boxed so that small games stay small to move and
/// clone; the medium one is not, since boxing it would allocate on every
/// clone of an 11x11..15x15 game.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
enum Board {
    Small(Core<2>),
    Medium(Core<4>),
    Large(Box<Core<11>>),
}

macro_rules! with_core {
    ($board:expr, $c:ident => $body:expr) => {
        match $board {
            Board::Small($c) => $body,
            Board::Medium($c) => $body,
            Board::Large($c) => $body,
        }
    };
}

/// The bitboard Escabel engine.
#[derive(Clone, Debug)]
pub struct Escabel {
    options: EscabelOptions,
    board: Board,
    to_move: Colour,
    swapped: bool,
    plies: u32,
    last: Option<EscabelPly>,
    hash: u64,
    cap: Option<u32>,
    /// Cached after every ply: MCTS asks for it after each one.
    status: Status,
}

const STACK_FAMILY: u64 = 0xE5CA_0001;
const STATE_FAMILY: u64 = 0xE5CA_0002;
const WHITE_TO_MOVE: u64 = zobrist::key(STATE_FAMILY, 0);
const SWAPPED: u64 = zobrist::key(STATE_FAMILY, 1);

#[inline]
fn stack_key(p: Point, colour: Colour, height: u8) -> u64 {
    let point = u64::from(p.row) * 26 + u64::from(p.col);
    zobrist::key(
        STACK_FAMILY,
        ((point * 2 + colour.index() as u64) << 8) | u64::from(height),
    )
}

impl Escabel {
    fn empty_board(size: u8) -> Board {
        if size <= 10 {
            Board::Small(Core::new(size))
        } else if size <= 15 {
            Board::Medium(Core::new(size))
        } else {
            Board::Large(Box::new(Core::new(size)))
        }
    }

    /// A position set up from `cells` (see [`Cells`]; heights 1..=255)
    /// with `to_move` to play and no plies played (so no swap is offered),
    /// for tests and analysis of positions that are tedious to reach.
    pub fn from_cells(
        options: EscabelOptions,
        cells: &[Option<(Colour, u8)>],
        to_move: Colour,
    ) -> Result<Self, String> {
        let n = usize::from(options.size);
        if cells.len() != n * n {
            return Err(format!("expected {} cells, got {}", n * n, cells.len()));
        }
        if cells.iter().any(|c| matches!(c, Some((_, 0)))) {
            return Err("a stack has height at least 1".into());
        }
        let mut game = Escabel::new(options);
        let mut board = Self::empty_board(game.options.size);
        with_core!(&mut board, c => {
            for (k, cell) in cells.iter().enumerate() {
                if let Some((colour, height)) = *cell {
                    let i = c.index(Point::new((k % n) as u8, (k / n) as u8));
                    c.put(i, colour, height);
                }
            }
        });
        game.board = board;
        game.to_move = to_move;
        game.hash = game.hash_from_scratch();
        game.status = game.compute_status();
        Ok(game)
    }

    /// The board as plain data, for comparisons (see [`Cells`]).
    pub fn board_cells(&self) -> Cells {
        let n = self.options.size;
        let mut cells = Vec::with_capacity(usize::from(n) * usize::from(n));
        with_core!(&self.board, c => {
            for row in 0..n {
                for col in 0..n {
                    cells.push(c.cell(c.index(Point::new(col, row))));
                }
            }
        });
        cells
    }

    /// The stack on `p` (colour, height), if any; `None` off the board too.
    pub fn stack_at(&self, p: Point) -> Option<(Colour, u8)> {
        with_core!(&self.board, c => if c.contains(p) { c.cell(c.index(p)) } else { None })
    }

    /// The board side n.
    pub fn size(&self) -> u8 {
        self.options.size
    }

    /// E2: the lower-left points of every 2x2 block that is a crosscut,
    /// computed for all blocks at once.
    pub fn crosscuts(&self) -> Vec<Point> {
        with_core!(&self.board, c => c.crosscuts().iter().map(|i| c.point(i)).collect())
    }

    /// Number of crosscut blocks (the bench's hot path; no allocation).
    pub fn crosscut_count(&self) -> u32 {
        with_core!(&self.board, c => c.crosscuts().count())
    }

    /// E6: whether `colour` has a chain of connected stacks touching both
    /// of its edges (whoever is to move).
    pub fn has_winning_chain(&self, colour: Colour) -> bool {
        with_core!(&self.board, c => c.has_chain(colour))
    }

    /// The number of E5 stacking moves `colour` has now (ignoring whether
    /// the game is over).
    pub fn stack_move_count(&self, colour: Colour) -> u32 {
        with_core!(&self.board, c => c.stack_moves(colour).count())
    }

    /// E3: whether the stacks on `a` and `b` are connected (same colour,
    /// adjacent, and not cut off by a crosscut they lose).
    pub fn connected(&self, a: Point, b: Point) -> bool {
        let (Some((ca, _)), Some((cb, _))) = (self.stack_at(a), self.stack_at(b)) else {
            return false;
        };
        if ca != cb || a == b {
            return false;
        }
        let dc = i32::from(b.col) - i32::from(a.col);
        let dr = i32::from(b.row) - i32::from(a.row);
        if dc.abs() > 1 || dr.abs() > 1 {
            return false;
        }
        if dc == 0 || dr == 0 {
            return true;
        }
        let corner = Point::new(a.col.min(b.col), a.row.min(b.row));
        let main = dc == dr;
        with_core!(&self.board, c => {
            let (m, anti) = c.diagonal_links(ca);
            let i = c.index(corner);
            if main { m.has(i) } else { anti.has(i) }
        })
    }

    #[cfg(test)]
    pub(crate) fn check_winners(&self) {
        with_core!(&self.board, c => {
            let cuts = c.crosscuts();
            let (w1, w2) = c.cut_winners(cuts);
            assert_eq!((w1, w2), (c.won[0], c.won[1]), "{}", self.render());
        });
    }

    fn swap_available(&self) -> bool {
        self.options.pie && self.plies == 1 && self.to_move == Colour::White && !self.swapped
    }

    fn compute_status(&self) -> Status {
        let x = self.to_move;
        let (chain, moves) = with_core!(&self.board, c => {
            if c.has_chain(x) {
                (true, true)
            } else {
                (false, c.empty().any() || c.has_stack_move(x))
            }
        });
        if chain {
            return Status::win(x, self.seat_of(x));
        }
        if !moves && !self.swap_available() {
            let y = x.opponent();
            return Status::win(y, self.seat_of(y));
        }
        if self.cap.is_some_and(|cap| self.plies >= cap) {
            return Status::length_cap();
        }
        Status::Ongoing
    }

    fn why_illegal(&self, ply: EscabelPly) -> Option<String> {
        if self.status.is_finished() {
            return Some(format!("the game is over ({})", self.status));
        }
        let x = self.to_move;
        let n = self.options.size;
        let off = |p: Point| format!("{p} is off the {n}x{n} board");
        match ply {
            EscabelPly::Swap => {
                if !self.options.pie {
                    Some("the pie rule is off (pie=off)".into())
                } else if self.plies != 1 {
                    Some("a swap is only allowed on White's first turn (E8)".into())
                } else {
                    None
                }
            }
            EscabelPly::Place(p) => {
                let board = &self.board;
                with_core!(board, c => {
                    if !c.contains(p) {
                        Some(off(p))
                    } else if c.cell(c.index(p)).is_some() {
                        Some(format!("{p} is occupied; a placement needs an empty point (E4)"))
                    } else {
                        None
                    }
                })
            }
            EscabelPly::Stack { from, to } => {
                let board = &self.board;
                with_core!(board, c => {
                    if !c.contains(from) {
                        return Some(off(from));
                    }
                    if !c.contains(to) {
                        return Some(off(to));
                    }
                    if u8::abs_diff(from.col, to.col) + u8::abs_diff(from.row, to.row) != 1 {
                        return Some(format!("{from} and {to} are not orthogonally adjacent (E5)"));
                    }
                    let (a, b) = (c.cell(c.index(from)), c.cell(c.index(to)));
                    match (a, b) {
                        (Some((ca, ha)), Some((cb, hb))) if ca == x && cb != x => {
                            if ha != hb {
                                Some(format!("the stacks differ in height ({ha} on {from}, {hb} on {to}); E5 needs equal heights"))
                            } else if ha == 255 {
                                Some("the stack would exceed the height limit of 255 (E1)".into())
                            } else {
                                None
                            }
                        }
                        (Some((ca, _)), _) if ca != x => Some(format!("{from} holds a {ca} stack, not one of {x}'s (E5)")),
                        (None, _) => Some(format!("{from} is empty; E5 moves a stack of your colour")),
                        _ => Some(format!("{to} does not hold an enemy stack (E5)")),
                    }
                })
            }
        }
    }
}

impl Game for Escabel {
    type Ply = EscabelPly;
    type Options = EscabelOptions;
    const NAME: &'static str = "escabel";
    const CLAIMS: Claims = Claims::Lasting;
    /// See the crate README for the matches behind these values.
    const SEARCH_HINTS: SearchHints = SearchHints {
        uct_exploration: 0.4,
        rave_exploration: 0.4,
    };

    fn new(options: EscabelOptions) -> Self {
        let mut board = Self::empty_board(options.size);
        if options.variant == Variant::Checkered {
            let corner = options.corner_colour();
            with_core!(&mut board, c => {
                for row in 0..options.size {
                    for col in 0..options.size {
                        let colour = if (row + col) % 2 == 0 { corner } else { corner.opponent() };
                        let i = c.index(Point::new(col, row));
                        c.put(i, colour, 1);
                    }
                }
            });
        }
        let cap = options.effective_cap();
        let mut game = Escabel {
            options,
            board,
            to_move: Colour::Black,
            swapped: false,
            plies: 0,
            last: None,
            hash: 0,
            cap,
            status: Status::Ongoing,
        };
        game.hash = game.hash_from_scratch();
        game.status = game.compute_status();
        game
    }

    fn options(&self) -> &EscabelOptions {
        &self.options
    }

    fn to_move_colour(&self) -> Colour {
        self.to_move
    }

    fn swapped(&self) -> bool {
        self.swapped
    }

    fn legal_plies(&self, out: &mut PlyBuf<EscabelPly>) {
        out.clear();
        if self.status.is_finished() {
            return;
        }
        let x = self.to_move;
        with_core!(&self.board, c => c.generate(x, out));
        if self.swap_available() {
            out.push(EscabelPly::Swap);
        }
    }

    fn is_legal(&self, ply: EscabelPly) -> bool {
        self.why_illegal(ply).is_none()
    }

    fn explain_illegal(&self, ply: EscabelPly) -> String {
        self.why_illegal(ply).unwrap_or_else(|| "it is legal".to_owned())
    }

    fn play_unchecked(&mut self, ply: EscabelPly) {
        let x = self.to_move;
        let mut delta = 0u64;
        match ply {
            EscabelPly::Place(p) => {
                with_core!(&mut self.board, c => {
                    let i = c.index(p);
                    c.place(i, x);
                });
                delta ^= stack_key(p, x, 1);
            }
            EscabelPly::Stack { from, to } => {
                let h = with_core!(&mut self.board, c => {
                    let (a, b) = (c.index(from), c.index(to));
                    c.stack(a, b, x)
                });
                let y = x.opponent();
                delta ^= stack_key(from, x, h) ^ stack_key(from, y, h);
                delta ^= stack_key(to, y, h) ^ stack_key(to, x, h + 1);
            }
            EscabelPly::Swap => {
                self.swapped = true;
                delta ^= SWAPPED;
            }
        }
        // After a swap White, now played by the first seat, is still to move.
        if ply != EscabelPly::Swap {
            self.to_move = x.opponent();
            delta ^= WHITE_TO_MOVE;
        }
        self.hash ^= delta;
        self.plies += 1;
        self.last = Some(ply);
        self.status = self.compute_status();
    }

    fn status(&self) -> Status {
        self.status
    }

    fn random_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EscabelPly> {
        if self.status.is_finished() {
            return None;
        }
        let x = self.to_move;
        let swap = u32::from(self.swap_available());
        with_core!(&self.board, c => {
            let empty = c.empty();
            let moves = c.stack_moves(x);
            let places = empty.count();
            let stacks = moves.count();
            let total = places + stacks + swap;
            let mut k = rng.gen_range(0..total);
            if k < places {
                return empty.nth(k).map(|i| EscabelPly::Place(c.point(i)));
            }
            k -= places;
            for d in 0..4 {
                let m = moves.from[d];
                let cnt = m.count();
                if k < cnt {
                    let i = m.nth(k)?;
                    let j = (i as i64 + i64::from(moves.offsets[d])) as usize;
                    return Some(EscabelPly::Stack { from: c.point(i), to: c.point(j) });
                }
                k -= cnt;
            }
            Some(EscabelPly::Swap)
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let n = self.options.size;
        let mut h = 0;
        for row in 0..n {
            for col in 0..n {
                let p = Point::new(col, row);
                if let Some((colour, height)) = self.stack_at(p) {
                    h ^= stack_key(p, colour, height);
                }
            }
        }
        if self.to_move == Colour::White {
            h ^= WHITE_TO_MOVE;
        }
        if self.swapped {
            h ^= SWAPPED;
        }
        h
    }

    fn plies_played(&self) -> u32 {
        self.plies
    }

    fn length_cap(&self) -> Option<u32> {
        self.cap
    }

    fn last_ply(&self) -> Option<EscabelPly> {
        self.last
    }

    fn render(&self) -> String {
        render(
            self.options.size,
            &self.board_cells(),
            self.last,
            self.status,
            self.to_move,
            self.to_move_seat(),
        )
    }

    fn claimed_cell(&self, ply: EscabelPly) -> Option<usize> {
        match ply {
            EscabelPly::Place(p) if p.col < self.options.size && p.row < self.options.size => {
                Some(usize::from(p.row) * usize::from(self.options.size) + usize::from(p.col))
            }
            EscabelPly::Stack { from, to } if to.col < self.options.size && to.row < self.options.size => {
                let n = usize::from(self.options.size);
                let to_index = usize::from(to.row) * n + usize::from(to.col);
                Some(n * n + 4 * to_index + stack_direction(from, to))
            }
            _ => None,
        }
    }

    fn claimable_cells(&self) -> usize {
        5 * usize::from(self.options.size) * usize::from(self.options.size)
    }
}

/// Which of the four neighbours of `to` a stacking move comes from (0 to 3),
/// for its AMAF slot. Stacking moves share RAVE statistics by target point
/// and direction: measured on 7x7 at 4000 iterations against plain UCT,
/// RAVE went from -74 Elo (placements only, 200 games) to +85 [+17, +160]
/// (100 games); at 1000 iterations from +85 (300 games) to +151 [+101, +208]
/// (200 games).
fn stack_direction(from: Point, to: Point) -> usize {
    match (from.col.cmp(&to.col), from.row.cmp(&to.row)) {
        (std::cmp::Ordering::Less, _) => 0,
        (std::cmp::Ordering::Greater, _) => 1,
        (_, std::cmp::Ordering::Less) => 2,
        _ => 3,
    }
}

/// Text board shared by both implementations (presentation, not rules):
/// `B3` is a black stack of height 3, `.` an empty point; the points of the
/// last ply carry a `*`.
fn render(
    n: u8,
    cells: &[Option<(Colour, u8)>],
    last: Option<EscabelPly>,
    status: Status,
    to_move: Colour,
    seat: abstracta_core::Seat,
) -> String {
    let marked = |p: Point| match last {
        Some(EscabelPly::Place(q)) => p == q,
        Some(EscabelPly::Stack { from, to }) => p == from || p == to,
        _ => false,
    };
    let mut s = String::new();
    let letters = |s: &mut String| {
        s.push_str("   ");
        for col in 0..n {
            let _ = write!(s, "{:>4} ", (b'a' + col) as char);
        }
        s.push('\n');
    };
    letters(&mut s);
    for row in (0..n).rev() {
        let _ = write!(s, "{:>2} ", row + 1);
        for col in 0..n {
            let p = Point::new(col, row);
            let text = match cells[usize::from(row) * usize::from(n) + usize::from(col)] {
                None => ".".to_owned(),
                Some((Colour::Black, h)) => format!("B{h}"),
                Some((Colour::White, h)) => format!("W{h}"),
            };
            let mark = if marked(p) { '*' } else { ' ' };
            let _ = write!(s, "{text:>4}{mark}");
        }
        let _ = writeln!(s, " {}", row + 1);
    }
    letters(&mut s);
    match status {
        Status::Ongoing => {
            let _ = writeln!(s, "{to_move} ({seat} player) to move");
        }
        st => {
            let _ = writeln!(s, "{st}");
        }
    }
    s
}
