//! The bitboard engine: the [`Whirlwind`] position and the plies on it.
//!
//! Stones are [`BitBoard<11>`](abstracta_core::BitBoard)s (26 x 27 bits),
//! one width for every size: the loops touch only the words that hold
//! board points (4 of 11 at 14x14). The legal stones are found for the
//! whole board at once: for every diagonal direction, the set of empty
//! points whose stone would form a bare diagonal (`bad_dirs`); a first
//! stone is legal when it forms none, or when all the bare diagonals it
//! forms share one orthogonal side that is empty, later in the order, and
//! itself forms no other bare diagonal. The set of legal next stones is
//! cached after each ply, so `is_legal`, `legal_plies`, `random_ply` and
//! `status` are cheap. Win detection grows, per colour, the sets of stones
//! connected to each of the colour's two edges as stones arrive, so a stone
//! completes a chain exactly when it touches both.

use abstracta_core::rand::Rng;
use abstracta_core::zobrist;
use abstracta_core::{Cells, Colour, Game, PlyBuf, Point, Status};

use crate::tables::{Board, Tables};
use crate::{WhirlwindOptions, WhirlwindPly};

const STONE_FAMILY: u64 = 0x5748_0001;
const PENDING_FAMILY: u64 = 0x5748_0002;
const WHITE_TO_MOVE: u64 = zobrist::key(0x5748_0003, 0);

/// The bitboard Whirlwind engine.
///
/// Two positions are equal when every field is: the same options, stones,
/// turn state, plies played and last ply.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Whirlwind {
    pub(crate) options: WhirlwindOptions,
    pub(crate) t: &'static Tables,
    pub(crate) stones: [Board; 2],
    /// Per colour, the stones connected to its first and to its far edge.
    pub(crate) conn: [[Board; 2]; 2],
    /// The points where the next `Place` is legal.
    pub(crate) legal: Board,
    /// Whether `end` is legal now.
    pub(crate) end_legal: bool,
    /// The first stone of the turn in progress.
    pub(crate) pending: Option<u16>,
    pub(crate) to_move: Colour,
    pub(crate) status: Status,
    pub(crate) plies: u32,
    pub(crate) cap: Option<u32>,
    pub(crate) last: Option<WhirlwindPly>,
}

impl Whirlwind {
    /// The board side.
    pub fn size(&self) -> u8 {
        self.t.n
    }

    /// The bit index of `p`, if it is on the board.
    #[inline]
    pub fn index(&self, p: Point) -> Option<usize> {
        self.t.geo.try_index(p)
    }

    /// The stones on the board, cell by cell.
    pub fn board_cells(&self) -> Cells<Colour> {
        let n = self.t.n;
        let cells = self.t.geo.points().map(|p| self.at(p)).collect();
        Cells::from_vec(n, n, cells).expect("an n x n board has n * n cells")
    }

    /// The stone on `p`, if any (`None` also off the board).
    pub fn at(&self, p: Point) -> Option<Colour> {
        let i = self.index(p)?;
        Colour::ALL.into_iter().find(|c| self.stones[c.index()].has(i))
    }

    /// The stones of `colour`.
    pub fn stones(&self, colour: Colour) -> Board {
        self.stones[colour.index()]
    }

    /// The first stone of the turn in progress, if one has been placed.
    pub fn pending(&self) -> Option<Point> {
        self.pending.map(|i| self.t.geo.point(usize::from(i)))
    }

    pub(crate) fn empty(&self) -> Board {
        self.t.geo.valid().andnot(self.stones[0] | self.stones[1])
    }

    /// Whether the diagonal rule W3 holds for both colours, checked over all
    /// 2x2 blocks at once.
    #[inline]
    pub fn w3_holds(&self) -> bool {
        !self.t.any_violation(self.stones[0]) && !self.t.any_violation(self.stones[1])
    }

    /// The lower-left corners of the 2x2 blocks where `colour` has a bare
    /// diagonal.
    pub fn bare_diagonals(&self, colour: Colour) -> Board {
        self.t.violations(self.stones[colour.index()])
    }

    /// Computes from scratch the points where the next `Place` is legal and
    /// whether `end` is, ignoring whether the game is over (the engine caches
    /// this after every ply; this is for tests and benchmarks).
    #[inline]
    pub fn legal_points_from_scratch(&self) -> (Board, bool) {
        let own = self.stones[self.to_move.index()];
        let empty = self.empty();
        match self.pending {
            None => (self.t.first_stones(own, empty, self.plies == 0), false),
            Some(p) => self.t.second_stones(own, empty, usize::from(p)),
        }
    }

    /// Whether `colour` has a chain joining its two edges, by an orthogonal
    /// flood fill from its first edge (from scratch; the engine keeps this
    /// incrementally).
    ///
    /// A chain crosses every gap between neighbouring rows (Black) or
    /// columns (White) through a pair of adjacent own stones, so the fill
    /// runs only when every gap has such a pair.
    #[inline]
    pub fn has_chain(&self, colour: Colour) -> bool {
        let t = self.t;
        let own = self.stones[colour.index()];
        let ci = colour.index();
        let step = if colour == Colour::Black { t.stride } else { 1 };
        let mut links = Board::EMPTY;
        for i in 0..t.words {
            links.0[i] = own.0[i] & own.word_shifted_down(i, step);
        }
        if !t.lines[ci][..usize::from(t.n) - 1]
            .iter()
            .all(|line| line.intersects(links))
        {
            return false;
        }
        // Grow from both edges in turn: a missing chain shows as soon as
        // either side's region stops growing.
        let (start, far) = (t.start_edge[ci], t.far_edge[ci]);
        let mut from_start = start & own;
        let mut from_far = far & own;
        loop {
            let grown = t.grow_step(from_start, own);
            if grown == from_start {
                return false;
            }
            if grown.intersects(far) {
                return true;
            }
            from_start = grown;
            let grown = t.grow_step(from_far, own);
            if grown == from_far {
                return false;
            }
            if grown.intersects(start) {
                return true;
            }
            from_far = grown;
        }
    }

    /// Whether a stone of colour `ci` on `i` would join the stones already
    /// connected to that colour's edge `side` (0 first, 1 far), or lie on
    /// that edge.
    #[inline]
    fn touches_conn(&self, ci: usize, side: usize, i: usize) -> bool {
        let t = self.t;
        let conn = self.conn[ci][side];
        let s = t.stride as usize;
        let edge = if side == 0 {
            t.start_edge[ci]
        } else {
            t.far_edge[ci]
        };
        edge.has(i)
            || conn.has(i + 1)
            || (i + s < usize::from(t.n) * s && conn.has(i + s))
            || (i >= 1 && conn.has(i - 1))
            || (i >= s && conn.has(i - s))
    }

    /// Adds the group of a new stone on `i` to the edge-connected sets it
    /// touches; returns whether the colour now joins its edges.
    #[inline]
    fn grow_chain(&mut self, ci: usize, i: usize) -> bool {
        let t = self.t;
        let mut both = true;
        for side in 0..2 {
            if self.touches_conn(ci, side, i) {
                // The set holds whole groups, so only the new stone's group
                // outside it is new.
                let conn = self.conn[ci][side];
                let grown = t.fill(Board::single(i), self.stones[ci].andnot(conn));
                self.conn[ci][side] = conn | grown;
            } else {
                both = false;
            }
        }
        both || self.conn[ci][0].intersects(t.far_edge[ci])
    }

    /// Whether a stone of the side to move on the empty point `p` would
    /// complete a chain between its edges (W4): the check the engine makes
    /// after every stone. With the sets of stones connected to each edge
    /// kept incrementally, it is whether the stone touches both.
    #[inline]
    pub fn completes_chain(&self, p: Point) -> bool {
        let Some(i) = self.index(p) else {
            return false;
        };
        let ci = self.to_move.index();
        self.touches_conn(ci, 0, i) && self.touches_conn(ci, 1, i)
    }

    /// Ends the turn of the side to move, which has completed a chain if
    /// `won`.
    fn end_turn(&mut self, won: bool) {
        let mover = self.to_move;
        self.to_move = mover.opponent();
        self.end_legal = false;
        if won {
            self.legal = Board::EMPTY;
            self.status = Status::win(mover, self.seat_of(mover));
            return;
        }
        self.legal = self
            .t
            .first_stones(self.stones[self.to_move.index()], self.empty(), false);
        if self.legal.is_empty() {
            // W5: a player with no legal turn loses.
            self.status = Status::win(mover, self.seat_of(mover));
        }
    }

    fn describe_bare(&self, own: Board, p: usize) -> String {
        let dirs = self.t.bare_dirs_at(own, p);
        let s = self.t.stride as usize;
        let mut with = Vec::new();
        for (bit, q) in [
            (1, p + s + 1),
            (2, p + s - 1),
            (4, p.wrapping_sub(s - 1)),
            (8, p.wrapping_sub(s + 1)),
        ] {
            if dirs & bit != 0 {
                with.push(self.t.geo.point(q).to_string());
            }
        }
        with.join(" and ")
    }

    /// Every syntactically possible ply on this board (legal or not), for
    /// the conformance kit.
    pub fn all_plies(&self) -> Vec<WhirlwindPly> {
        let n = self.t.n;
        let mut v: Vec<_> = (0..n)
            .flat_map(|r| (0..n).map(move |c| WhirlwindPly::Place(Point::new(c, r))))
            .collect();
        v.push(WhirlwindPly::Place(Point::new(n, 0)));
        v.push(WhirlwindPly::Place(Point::new(0, n)));
        v.push(WhirlwindPly::End);
        v
    }
}

/// The work behind [`Game`]'s methods (the `impl Game` in the crate root
/// delegates here).
impl Whirlwind {
    /// The start position of a game with these options.
    pub(crate) fn start(options: WhirlwindOptions) -> Self {
        let t = Tables::get(options.size());
        let stones = t.setup[options.setup().phase() as usize];
        let conn = [0, 1]
            .map(|ci| [t.start_edge[ci], t.far_edge[ci]].map(|edge| t.fill(edge & stones[ci], stones[ci])));
        let cap = options.cap().resolve(None);
        let mut game = Whirlwind {
            options,
            t,
            stones,
            conn,
            legal: Board::EMPTY,
            end_legal: false,
            pending: None,
            to_move: Colour::Black,
            status: Status::Ongoing,
            plies: 0,
            cap,
            last: None,
        };
        game.legal = t.first_stones(stones[0], game.empty(), true);
        game
    }

    /// [`Game::legal_plies`].
    pub(crate) fn legal_plies_into(&self, out: &mut PlyBuf<WhirlwindPly>) {
        out.clear();
        if self.status.is_finished() {
            return;
        }
        let geo = &self.t.geo;
        out.extend(self.legal.iter().map(|i| WhirlwindPly::Place(geo.point(i))));
        if self.end_legal {
            out.push(WhirlwindPly::End);
        }
    }

    /// [`Game::is_legal`].
    #[inline]
    pub(crate) fn is_legal_ply(&self, ply: WhirlwindPly) -> bool {
        if self.status.is_finished() {
            return false;
        }
        match ply {
            WhirlwindPly::Place(p) => self.index(p).is_some_and(|i| self.legal.has(i)),
            WhirlwindPly::End => self.end_legal,
        }
    }

    /// [`Game::play_unchecked`].
    pub(crate) fn play_ply(&mut self, ply: WhirlwindPly) {
        let mover = self.to_move;
        let ci = mover.index();
        match ply {
            WhirlwindPly::Place(p) => {
                let i = self.t.geo.index(p);
                self.stones[ci].set(i);
                let won = self.grow_chain(ci, i);
                match self.pending {
                    None if self.plies == 0 => self.end_turn(won),
                    None => {
                        let (legal, end_legal) = self.t.second_stones(self.stones[ci], self.empty(), i);
                        if won && end_legal {
                            // W4: the turn ends by itself.
                            self.end_turn(true);
                        } else {
                            self.pending = Some(i as u16);
                            self.legal = legal;
                            self.end_legal = end_legal;
                        }
                    }
                    Some(_) => {
                        self.pending = None;
                        self.end_turn(won);
                    }
                }
            }
            WhirlwindPly::End => {
                self.pending = None;
                let won = self.conn[ci][0].intersects(self.t.far_edge[ci]);
                self.end_turn(won);
            }
        }
        self.plies += 1;
        self.last = Some(ply);
        if self.status.is_ongoing() && self.cap.is_some_and(|cap| self.plies >= cap) {
            self.status = Status::length_cap();
        }
    }

    /// [`Game::random_ply`].
    #[inline]
    pub(crate) fn random<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<WhirlwindPly> {
        if self.status.is_finished() {
            return None;
        }
        let count = self.legal.count() + u32::from(self.end_legal);
        if count == 0 {
            return None;
        }
        let k = rng.gen_range(0..count);
        Some(match self.legal.nth(k) {
            Some(i) => WhirlwindPly::Place(self.t.geo.point(i)),
            None => WhirlwindPly::End,
        })
    }

    /// [`Game::hash_from_scratch`].
    pub(crate) fn hash_of_position(&self) -> u64 {
        let mut h = zobrist::stones_key(STONE_FAMILY, self.stones.map(|s| s.iter()));
        if self.to_move == Colour::White {
            h ^= WHITE_TO_MOVE;
        }
        if let Some(p) = self.pending {
            h ^= zobrist::key(PENDING_FAMILY, u64::from(p));
        }
        h
    }

    /// [`Game::explain_illegal`].
    pub(crate) fn explain(&self, ply: WhirlwindPly) -> String {
        if self.status.is_finished() {
            return format!("the game is over ({})", self.status);
        }
        let n = self.t.n;
        let own = self.stones[self.to_move.index()];
        match (ply, self.pending) {
            (WhirlwindPly::End, None) => "`end` finishes a one-stone turn; place a stone first".to_owned(),
            (WhirlwindPly::End, Some(first)) => {
                let first = usize::from(first);
                format!(
                    "the stone on {} has a bare diagonal with {} (W3); the second stone must repair it",
                    self.t.geo.point(first),
                    self.describe_bare(own.andnot(Board::single(first)), first)
                )
            }
            (WhirlwindPly::Place(p), pending) => {
                let Some(i) = self.index(p) else {
                    return format!("{p} is off the {n}x{n} board");
                };
                if let Some(c) = self.at(p) {
                    return format!("{p} is occupied by a {c} stone");
                }
                match pending {
                    Some(first) if i <= usize::from(first) => format!(
                        "the second stone must come after the first ({}) in row-major order \
                         (a1, b1, ..., a2, ...); play the two stones the other way round",
                        self.t.geo.point(usize::from(first))
                    ),
                    Some(first) => {
                        let first = usize::from(first);
                        if self.t.bare_dirs_at(own, i) != 0 {
                            format!(
                                "a stone on {p} would form a bare diagonal with {} (W3)",
                                self.describe_bare(own, i)
                            )
                        } else {
                            format!(
                                "a stone on {p} does not repair the bare diagonal of {} with {} (W3)",
                                self.t.geo.point(first),
                                self.describe_bare(own, first)
                            )
                        }
                    }
                    None if self.plies == 0 => format!(
                        "Black's first turn is a single stone, and one on {p} would form a bare \
                         diagonal with {} (W3)",
                        self.describe_bare(own, i)
                    ),
                    None => format!(
                        "no legal turn starts with {p}: it would form a bare diagonal with {} \
                         (W3) that no later stone repairs",
                        self.describe_bare(own, i)
                    ),
                }
            }
        }
    }

    /// [`CellClaims::claimed_cell`](abstracta_core::CellClaims::claimed_cell).
    pub(crate) fn claimed(&self, ply: WhirlwindPly) -> Option<usize> {
        match ply {
            WhirlwindPly::Place(p) if p.col < self.t.n && p.row < self.t.n => {
                Some(usize::from(p.row) * usize::from(self.t.n) + usize::from(p.col))
            }
            _ => None,
        }
    }
}
