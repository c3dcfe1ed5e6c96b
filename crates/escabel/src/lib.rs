//! Escabel: a drawless connection game with stacks on the points of a
//! square board (rules: RULES.md, section Escabel).
//!
//! ```
//! use abstracta_core::{Colour, Game, Status};
//! use escabel::{Escabel, EscabelOptions};
//!
//! let options: EscabelOptions = "escabel:size=3,pie=off".parse().unwrap();
//! let mut game = Escabel::new(options);
//! // Black builds b1-b2-b3 while White wanders; the chain wins at the start
//! // of Black's next turn (E6).
//! game.play_list("b1 a1 b2 a2 b3").unwrap();
//! assert_eq!(game.status(), Status::Ongoing);
//! game.play_str("c1").unwrap();
//! assert_eq!(game.status().winner_colour(), Some(Colour::Black));
//! println!("{game}");
//! assert!(game.to_string().starts_with("     a   b   c"));
//! ```
//!
//! [`Escabel`] is the bitboard engine behind the [`Game`] trait; with the
//! `reference` feature, `reference::ReferenceEscabel` is a deliberately plain
//! second implementation that the tests and benchmarks compare it with.
//! Positions can be set up from [`Cells`] diagrams of [`Stack`]s
//! ([`Escabel::from_cells`]).
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

mod actions;
mod engine;
mod knowledge;
mod options;
mod ply;
#[cfg(feature = "reference")]
pub mod reference;
mod render;
mod setup;
mod winning;

use abstracta_core::{zobrist, Cells, Colour, Game, PlyBuf, Point, Status};
use rand::Rng;

pub use crate::actions::EscabelEncoding;
use crate::engine::{with_engine, with_engine_mut, Storage};
pub use crate::knowledge::EscabelKnowledge;
pub use crate::options::{EscabelOptions, Variant, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use crate::ply::EscabelPly;
pub use crate::setup::SetupError;
pub use abstracta_core::{ParseStackError, Stack};

/// The bitboard Escabel engine.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Escabel {
    options: EscabelOptions,
    storage: Storage,
    to_move: Colour,
    swapped: bool,
    plies: u32,
    last: Option<EscabelPly>,
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
    /// A position set up from `cells` (the options' `n x n` board, heights
    /// 1..=255) with `to_move` to play and no plies played (so no swap is
    /// offered), for tests and analysis of positions that are tedious to
    /// reach.
    ///
    /// ```
    /// use abstracta_core::{Cells, Colour, Game};
    /// use escabel::{Escabel, EscabelOptions, Stack};
    /// let cells: Cells<Stack> = "b1 . . / b2 w2 . / b1 w1 .".parse().unwrap();
    /// let game = Escabel::from_cells(EscabelOptions::new(3).unwrap(), &cells, Colour::White).unwrap();
    /// assert_eq!(game.board_cells(), cells);
    /// assert!(game.is_legal("b2-a2".parse().unwrap()));
    /// ```
    pub fn from_cells(
        options: EscabelOptions,
        cells: &Cells<Stack>,
        to_move: Colour,
    ) -> Result<Self, SetupError> {
        let n = options.size();
        if cells.width() != n || cells.height() != n {
            return Err(SetupError::WrongSize {
                size: n,
                width: cells.width(),
                height: cells.height(),
            });
        }
        if let Some((point, _)) = cells.occupied().find(|(_, s)| s.height == 0) {
            return Err(SetupError::EmptyStack { point });
        }
        let mut game = Escabel::new(options);
        let mut storage = Storage::new(n);
        with_engine_mut!(storage, e => {
            for (p, stack) in cells.occupied() {
                let i = e.index(p);
                e.put(i, stack.colour, stack.height);
            }
        });
        game.storage = storage;
        game.to_move = to_move;
        game.status = game.compute_status();
        Ok(game)
    }

    /// The board cell by cell, for comparisons and diagrams.
    pub fn board_cells(&self) -> Cells<Stack> {
        let n = self.options.size();
        let mut cells = Vec::with_capacity(usize::from(n) * usize::from(n));
        with_engine!(self.storage, e => {
            for row in 0..n {
                for col in 0..n {
                    cells.push(e.cell(e.index(Point::new(col, row))).map(|(colour, height)| Stack { colour, height }));
                }
            }
        });
        Cells::from_vec(n, n, cells).expect("an n x n board has n^2 cells")
    }

    /// The stack on `p` (colour, height), if any; `None` off the board too.
    pub fn stack_at(&self, p: Point) -> Option<(Colour, u8)> {
        with_engine!(self.storage, e => if e.contains(p) { e.cell(e.index(p)) } else { None })
    }

    /// The board side n.
    pub fn size(&self) -> u8 {
        self.options.size()
    }

    /// E2: the lower-left points of every 2x2 block that is a crosscut,
    /// computed for all blocks at once.
    pub fn crosscuts(&self) -> Vec<Point> {
        with_engine!(self.storage, e => e.crosscuts().iter().map(|i| e.point(i)).collect())
    }

    /// Number of crosscut blocks (the bench's hot path; no allocation).
    pub fn crosscut_count(&self) -> u32 {
        with_engine!(self.storage, e => e.crosscuts().count())
    }

    /// E6: whether `colour` has a chain of connected stacks touching both
    /// of its edges (whoever is to move).
    pub fn has_winning_chain(&self, colour: Colour) -> bool {
        with_engine!(self.storage, e => e.has_chain(colour))
    }

    /// The number of E5 stacking moves `colour` has now (ignoring whether
    /// the game is over).
    pub fn stacking_move_count(&self, colour: Colour) -> u32 {
        with_engine!(self.storage, e => e.stack_moves(colour).count())
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
        with_engine!(self.storage, e => {
            let (m, anti) = e.diagonal_links(ca);
            let i = e.index(corner);
            if main { m.has(i) } else { anti.has(i) }
        })
    }

    #[cfg(test)]
    pub(crate) fn check_winners(&self) {
        with_engine!(self.storage, e => {
            let cuts = e.crosscuts();
            let (w1, w2) = e.cut_winners(cuts);
            assert_eq!((w1, w2), (e.won[0], e.won[1]), "{self}");
        });
    }

    fn swap_available(&self) -> bool {
        self.options.pie() && self.plies == 1 && self.to_move == Colour::White && !self.swapped
    }

    fn compute_status(&self) -> Status {
        let x = self.to_move;
        let (chain, moves) = with_engine!(self.storage, e => {
            if e.has_chain(x) {
                (true, true)
            } else {
                (false, e.empty().any() || e.has_stack_move(x))
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
        let n = self.options.size();
        let off = |p: Point| format!("{p} is off the {n}x{n} board");
        match ply {
            EscabelPly::Swap => {
                if !self.options.pie() {
                    Some("the pie rule is off (pie=off)".into())
                } else if self.plies != 1 {
                    Some("a swap is only allowed on White's first turn (E8)".into())
                } else {
                    None
                }
            }
            EscabelPly::Place(p) => {
                with_engine!(self.storage, e => {
                    if !e.contains(p) {
                        Some(off(p))
                    } else if e.cell(e.index(p)).is_some() {
                        Some(format!("{p} is occupied; a placement needs an empty point (E4)"))
                    } else {
                        None
                    }
                })
            }
            EscabelPly::Stack { from, to } => {
                with_engine!(self.storage, e => {
                    if !e.contains(from) {
                        return Some(off(from));
                    }
                    if !e.contains(to) {
                        return Some(off(to));
                    }
                    if u8::abs_diff(from.col, to.col) + u8::abs_diff(from.row, to.row) != 1 {
                        return Some(format!("{from} and {to} are not orthogonally adjacent (E5)"));
                    }
                    let (a, b) = (e.cell(e.index(from)), e.cell(e.index(to)));
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

    fn new(options: EscabelOptions) -> Self {
        let n = options.size();
        let mut storage = Storage::new(n);
        if options.variant() == Variant::Checkered {
            let corner = options.corner_colour();
            with_engine_mut!(storage, e => {
                for row in 0..n {
                    for col in 0..n {
                        let colour = if (row + col) % 2 == 0 { corner } else { corner.opponent() };
                        let i = e.index(Point::new(col, row));
                        e.put(i, colour, 1);
                    }
                }
            });
        }
        let cap = options.effective_cap();
        let mut game = Escabel {
            options,
            storage,
            to_move: Colour::Black,
            swapped: false,
            plies: 0,
            last: None,
            cap,
            status: Status::Ongoing,
        };
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
        with_engine!(self.storage, e => e.generate(x, out));
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
        match ply {
            EscabelPly::Place(p) => with_engine_mut!(self.storage, e => {
                let i = e.index(p);
                e.place(i, x);
            }),
            EscabelPly::Stack { from, to } => with_engine_mut!(self.storage, e => {
                let (a, b) = (e.index(from), e.index(to));
                e.stack(a, b, x);
            }),
            EscabelPly::Swap => self.swapped = true,
        }
        // After a swap White, now played by the first seat, is still to move.
        if ply != EscabelPly::Swap {
            self.to_move = x.opponent();
        }
        self.plies += 1;
        self.last = Some(ply);
        self.status = self.compute_status();
    }

    fn status(&self) -> Status {
        self.status
    }

    #[inline(always)] // the guided ply calls it too; keep it inlined into random playouts
    fn random_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EscabelPly> {
        if self.status.is_finished() {
            return None;
        }
        let x = self.to_move;
        let swap = u32::from(self.swap_available());
        with_engine!(self.storage, e => {
            let empty = e.empty();
            let moves = e.stack_moves(x);
            let places = empty.count();
            let stacks = moves.count();
            let total = places + stacks + swap;
            let mut k = rng.gen_range(0..total);
            if k < places {
                return empty.nth(k).map(|i| EscabelPly::Place(e.point(i)));
            }
            k -= places;
            for d in 0..4 {
                let m = moves.from[d];
                let cnt = m.count();
                if k < cnt {
                    let i = m.nth(k)?;
                    let j = (i as i64 + i64::from(moves.offsets[d])) as usize;
                    return Some(EscabelPly::Stack { from: e.point(i), to: e.point(j) });
                }
                k -= cnt;
            }
            Some(EscabelPly::Swap)
        })
    }

    // `hash` is the trait's default, from scratch: the search asks for it
    // a few times a search, while keeping it would cost every playout ply.

    fn hash_from_scratch(&self) -> u64 {
        let n = self.options.size();
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

    fn goal(&self, colour: Colour) -> Option<String> {
        Some(render::goal(colour))
    }

    fn ply_codec() -> Option<abstracta_core::PlyCodec<EscabelPly>> {
        Some(abstracta_core::PlyCodec {
            encode: EscabelPly::code,
            decode: EscabelPly::from_code,
        })
    }
}
