//! The bitboard engine.
//!
//! Heights are bit-sliced: plane `k` holds the squares whose height has bit
//! `k` set, so "same height as the neighbour in direction d" is an XOR/AND
//! over the planes in use. Heights never go down (a stacking move leaves the
//! vacated square at its height and raises the target by one), so the number
//! of planes in use only grows and is tracked to skip empty planes.
//!
//! The board lives in one of four bitboard widths picked by size
//! ([`Storage`]), so the default 8x8 board (72 bits with the spare column)
//! costs two words per operation instead of the eleven a 26x26 board needs.
//! Groups and scoring are in `groups.rs`, the text board in `render.rs`.

use abstracta_core::bitboard::{colour_at, BitBoard, Geometry};
use abstracta_core::{zobrist, Cells, Colour, Game, PlyBuf, Point, Seat, Stack, Status};
use rand::Rng;

use crate::options::SwackOptions;
use crate::ply::SwackPly;

/// Height planes: heights are 1..=255 (S2 as Escabel E1).
const PLANES: usize = 8;
/// The storage limit on heights.
const MAX_HEIGHT: u32 = 255;

/// What makes a ply illegal ([`Swack::ply_fault`]); the error text is
/// built from it only when asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    OffBoard,
    NotAdjacent,
    NotMine,
    NotTheirs,
    Heights(u32, u32),
    TooHigh,
    NoDrops,
    FirstTaken,
    SecondTaken,
    NoPie,
    SwapClosed,
}

const FAMILY_CELL: u64 = 0x5357_4143_0001;
const FAMILY_STATE: u64 = 0x5357_4143_0002;

/// Zobrist key of a stack of `colour` and `height` on `p`.
#[inline]
fn cell_key(p_index: usize, colour: Colour, height: u32) -> u64 {
    zobrist::key(
        FAMILY_CELL,
        ((p_index * 2 + colour.index()) * 256 + height as usize) as u64,
    )
}

const KEY_WHITE_TO_MOVE: u64 = zobrist::key(FAMILY_STATE, 0);
const KEY_SWAPPED: u64 = zobrist::key(FAMILY_STATE, 1);
const KEY_PASSED: u64 = zobrist::key(FAMILY_STATE, 2);
const KEY_SWAP_OPEN: u64 = zobrist::key(FAMILY_STATE, 3);
const KEY_ACTOR: [u64; 2] = [zobrist::key(FAMILY_STATE, 4), zobrist::key(FAMILY_STATE, 5)];

/// Point index independent of the bitboard layout (for hash keys).
#[inline]
fn flat(p: Point) -> usize {
    usize::from(p.row) * 26 + usize::from(p.col)
}

/// The position of the stacks, generic over the bitboard width.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Engine<const N: usize> {
    pub(crate) geo: Geometry<N>,
    /// Occupancy per colour (index `Colour::index`).
    pub(crate) stones: [BitBoard<N>; 2],
    /// Bit `k` of every stack's height.
    planes: [BitBoard<N>; PLANES],
    /// Planes that may hold bits (heights so far fit in this many bits).
    nplanes: usize,
    /// ceil(2^16 / stride): bit index to row by a multiply instead of a
    /// division (exact for every index of a 26x26 board).
    inv_stride: u32,
}

/// Stacking-move targets per direction (east, west, north, south) and the
/// shift that takes a source square to its target.
type Targets<const N: usize> = [BitBoard<N>; 4];

impl<const N: usize> Engine<N> {
    fn new(n: u8, free: bool) -> Self {
        let geo = Geometry::<N>::square(n, n);
        let mut stones = [BitBoard::EMPTY; 2];
        let mut planes = [BitBoard::EMPTY; PLANES];
        if !free {
            // S1: on odd n the centre (and corners) are White, i.e. squares
            // with even col + row; on even n a1 (even parity) is Black.
            let even = if n % 2 == 1 { Colour::White } else { Colour::Black };
            for i in geo.valid().iter() {
                let p = geo.point(i);
                let c = if (p.col + p.row) % 2 == 0 {
                    even
                } else {
                    even.opponent()
                };
                stones[c.index()].set(i);
            }
            planes[0] = geo.valid();
        }
        let stride = u32::from(geo.stride());
        Engine {
            geo,
            stones,
            planes,
            nplanes: 1,
            inv_stride: 65536_u32.div_ceil(stride),
        }
    }

    #[inline]
    pub(crate) fn stride(&self) -> u32 {
        u32::from(self.geo.stride())
    }

    /// The point of bit index `i` (on the board).
    #[inline]
    fn pt(&self, i: usize) -> Point {
        let row = (i as u32 * self.inv_stride) >> 16;
        let col = i as u32 - row * self.stride();
        Point::new(col as u8, row as u8)
    }

    #[inline]
    fn height(&self, i: usize) -> u32 {
        let mut h = 0;
        for k in 0..self.nplanes {
            h |= u32::from(self.planes[k].has(i)) << k;
        }
        h
    }

    #[inline]
    fn colour_at(&self, i: usize) -> Option<Colour> {
        colour_at(&self.stones, i)
    }

    #[inline]
    fn shift(&self, b: BitBoard<N>, dir: usize) -> BitBoard<N> {
        match dir {
            0 => self.shift_toward::<0>(b),
            1 => self.shift_toward::<1>(b),
            2 => self.shift_toward::<2>(b),
            _ => self.shift_toward::<3>(b),
        }
    }

    /// [`shift`](Engine::shift) with the direction known at compile time
    /// (east, west, north, south), for the move generator's inner loop.
    #[inline(always)]
    fn shift_toward<const DIR: usize>(&self, b: BitBoard<N>) -> BitBoard<N> {
        match DIR {
            0 => b.shift_up(1),
            1 => b.shift_down(1),
            2 => b.shift_up(self.stride()),
            _ => b.shift_down(self.stride()),
        }
    }

    /// The target squares of the stacking moves in direction `DIR` of the
    /// side owning `mine` against `theirs`: enemy stacks whose neighbour
    /// opposite `DIR` is a friendly stack of the same height, below the
    /// storage limit.
    #[inline(always)]
    fn targets_dir<const DIR: usize>(&self, mine: BitBoard<N>, theirs: BitBoard<N>) -> BitBoard<N> {
        let mut t = self.shift_toward::<DIR>(mine) & theirs;
        if t.is_empty() {
            return t;
        }
        for p in &self.planes[..self.nplanes] {
            t = t.andnot(*p ^ self.shift_toward::<DIR>(*p));
        }
        if self.nplanes == PLANES {
            let mut full = theirs;
            for p in &self.planes {
                full &= *p;
            }
            t = t.andnot(full);
        }
        t
    }

    #[inline]
    fn targets(&self, me: Colour) -> Targets<N> {
        let mine = self.stones[me.index()];
        let theirs = self.stones[me.opponent().index()];
        [
            self.targets_dir::<0>(mine, theirs),
            self.targets_dir::<1>(mine, theirs),
            self.targets_dir::<2>(mine, theirs),
            self.targets_dir::<3>(mine, theirs),
        ]
    }

    /// Squares `two` whose neighbour in direction `dir` is also empty.
    #[inline]
    fn drops_dir(&self, empty: BitBoard<N>, dir: usize) -> BitBoard<N> {
        // Shift the "one" squares back onto their "two" squares.
        self.shift(empty, dir ^ 1) & empty
    }

    #[inline]
    fn empty(&self) -> BitBoard<N> {
        self.geo.valid().andnot(self.stones[0] | self.stones[1])
    }

    /// The square index `dir` steps away from `i` (on the board by construction).
    #[inline]
    fn step(&self, i: usize, dir: usize) -> usize {
        let s = self.stride() as usize;
        match dir {
            0 => i + 1,
            1 => i - 1,
            2 => i + s,
            _ => i - s,
        }
    }

    #[inline]
    fn back(&self, i: usize, dir: usize) -> usize {
        self.step(i, dir ^ 1)
    }

    fn legal_into(&self, me: Colour, free: bool, out: &mut PlyBuf<SwackPly>) {
        let t = self.targets(me);
        let mut drops = [BitBoard::EMPTY; 4];
        if free {
            let empty = self.empty();
            for (dir, d) in drops.iter_mut().enumerate() {
                *d = self.drops_dir(empty, dir);
            }
        }
        // Column and row steps of each direction (u8 wrapping: 255 is -1).
        const STEPS: [(u8, u8); 4] = [(1, 0), (255, 0), (0, 1), (0, 255)];
        // `extend` with the exact size of each set writes without a
        // capacity check per ply, and the second square of a ply is one
        // step from the first rather than another index conversion.
        for (bits, (dc, dr)) in t.iter().zip(STEPS) {
            out.extend(bits.iter().map(|to| {
                let to = self.pt(to);
                let from = Point::new(to.col.wrapping_sub(dc), to.row.wrapping_sub(dr));
                SwackPly::Stack { from, to }
            }));
        }
        for (bits, (dc, dr)) in drops.iter().zip(STEPS) {
            out.extend(bits.iter().map(|two| {
                let two = self.pt(two);
                let one = Point::new(two.col.wrapping_add(dc), two.row.wrapping_add(dr));
                SwackPly::Drop { two, one }
            }));
        }
    }

    fn count_stacking(&self, me: Colour) -> u32 {
        self.targets(me).iter().map(|b| b.count()).sum()
    }

    /// A uniformly random ply among the stacking moves, drops and `extra`
    /// further plies (pass, swap), given in `extra`.
    fn random<R: Rng + ?Sized>(&self, me: Colour, free: bool, extra: &[SwackPly], rng: &mut R) -> SwackPly {
        let t = self.targets(me);
        let mut counts = [0u32; 8];
        let mut sets = [BitBoard::EMPTY; 8];
        sets[..4].copy_from_slice(&t);
        if free {
            let empty = self.empty();
            for dir in 0..4 {
                sets[4 + dir] = self.drops_dir(empty, dir);
            }
        }
        let used = if free { 8 } else { 4 };
        let mut total = extra.len() as u32;
        for (c, s) in counts.iter_mut().zip(sets.iter()).take(used) {
            *c = s.count();
            total += *c;
        }
        let mut r = rng.gen_range(0..total);
        for (k, (&c, s)) in counts.iter().zip(sets.iter()).enumerate().take(used) {
            if r < c {
                let i = s.nth(r).expect("r < count");
                let dir = k & 3;
                return if k < 4 {
                    SwackPly::Stack {
                        from: self.pt(self.back(i, dir)),
                        to: self.pt(i),
                    }
                } else {
                    SwackPly::Drop {
                        two: self.pt(i),
                        one: self.pt(self.step(i, dir)),
                    }
                };
            }
            r -= c;
        }
        extra[r as usize]
    }

    /// The change in friendly minus enemy links (adjacent same-coloured
    /// pairs) that the stacking move `from -> to` of `me` makes: `to`
    /// becomes `me`'s and `from` the opponent's.
    #[inline]
    pub(crate) fn link_gain(&self, me: Colour, from: usize, to: usize) -> i32 {
        let mine = self.stones[me.index()];
        let theirs = self.stones[me.opponent().index()];
        let s = self.stride() as usize;
        // Friendly and enemy stacks next to square `i`, read bit by bit:
        // four lookups cost less than shifting the whole board (the spare
        // column and the bits past the board hold no stones, so a step off
        // the board finds nothing).
        let around = |i: usize| {
            let (mut m, mut t) = (0, 0);
            for j in [i + 1, i.wrapping_sub(1), i + s, i.wrapping_sub(s)] {
                if j < 64 * N {
                    m += i32::from(mine.has(j));
                    t += i32::from(theirs.has(j));
                }
            }
            (m, t)
        };
        let (mine_at_to, theirs_at_to) = around(to);
        let (mine_at_from, theirs_at_from) = around(from);
        // `from` is one of `me`'s neighbours of `to` and `to` one of the
        // opponent's of `from`: neither link survives the exchange.
        let mine_gained = mine_at_to - 1;
        let mine_lost = mine_at_from;
        let theirs_gained = theirs_at_from - 1;
        let theirs_lost = theirs_at_to;
        (mine_gained - mine_lost) - (theirs_gained - theirs_lost)
    }

    fn index(&self, p: Point) -> Option<usize> {
        self.geo.try_index(p)
    }

    fn set_height(&mut self, i: usize, old: u32, new: u32) {
        // Only the planes of the bits that change (two on average for a
        // stacking move's +1).
        let mut diff = old ^ new;
        while diff != 0 {
            self.planes[diff.trailing_zeros() as usize].toggle(i);
            diff &= diff - 1;
        }
        let bits = (32 - new.leading_zeros()) as usize;
        if bits > self.nplanes {
            self.nplanes = bits;
        }
    }

    /// Plays a stacking move; returns the height of the two stacks before
    /// it.
    fn stack(&mut self, from: usize, to: usize) -> u32 {
        let h = self.height(from);
        let pair = BitBoard::single(from) | BitBoard::single(to);
        self.stones[0] ^= pair;
        self.stones[1] ^= pair;
        self.set_height(to, h, h + 1);
        h
    }

    /// Plays a drop.
    fn drop_pair(&mut self, me: Colour, two: usize, one: usize) {
        let them = me.opponent();
        self.stones[me.index()].set(two);
        self.stones[them.index()].set(one);
        self.set_height(two, 0, 2);
        self.set_height(one, 0, 1);
    }

    fn cells_hash(&self) -> u64 {
        let mut h = 0;
        for c in Colour::ALL {
            for i in self.stones[c.index()].iter() {
                h ^= cell_key(flat(self.geo.point(i)), c, self.height(i));
            }
        }
        h
    }

    /// The stack on bit index `i`, if any.
    #[inline]
    fn stack_at(&self, i: usize) -> Option<Stack> {
        self.colour_at(i).map(|colour| Stack {
            colour,
            height: self.height(i) as u8,
        })
    }

    fn cells(&self) -> Cells<Stack> {
        let n = self.geo.width();
        let mut v = Vec::with_capacity(usize::from(n) * usize::from(n));
        for row in 0..n {
            for col in 0..n {
                v.push(self.stack_at(self.geo.index(Point::new(col, row))));
            }
        }
        Cells::from_vec(n, n, v).expect("an n x n board with n in 2..=26")
    }
}

/// The engine in the width its size needs (see "Storage by board size" in
/// `abstracta_core`): inline, so cloning a default-size position never
/// allocates, except the 11-word variant (1080 bytes, five times the
/// 216-byte variant of the default 8x8 board), which is boxed. The others
/// are 408 and 696 bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[allow(clippy::large_enum_variant)] // inline on purpose: see above
pub(crate) enum Storage {
    /// Up to 10x10 (11 x 10 = 110 bits).
    Small(Engine<2>),
    /// Up to 14x14 (15 x 14 = 210 bits).
    Medium(Engine<4>),
    /// Up to 20x20 (21 x 20 = 420 bits).
    Wide(Engine<7>),
    /// Up to 26x26 (27 x 26 = 702 bits).
    Large(Box<Engine<11>>),
}

impl Storage {
    fn new(n: u8, free: bool) -> Storage {
        if n <= 10 {
            Storage::Small(Engine::new(n, free))
        } else if n <= 14 {
            Storage::Medium(Engine::new(n, free))
        } else if n <= 20 {
            Storage::Wide(Engine::new(n, free))
        } else {
            Storage::Large(Box::new(Engine::new(n, free)))
        }
    }
}

/// Runs `$body` with `$e` bound to the engine of `$self.storage`.
macro_rules! with_engine {
    ($self:expr, $e:ident => $body:expr) => {
        abstracta_core::for_width!(&$self.storage, Storage[Small, Medium, Wide, Large], $e => $body)
    };
}

/// Like `with_engine!`, with the engine borrowed mutably.
macro_rules! with_engine_mut {
    ($self:expr, $e:ident => $body:expr) => {
        abstracta_core::for_width!(&mut $self.storage, Storage[Small, Medium, Wide, Large], $e => $body)
    };
}

/// A Swack position, with the bitboard rules engine.
///
/// Its `Display` is the board as text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Swack {
    pub(crate) options: SwackOptions,
    pub(crate) storage: Storage,
    pub(crate) to_move: Colour,
    pub(crate) swapped: bool,
    pub(crate) plies: u32,
    pub(crate) last: Option<SwackPly>,
    /// The seat that made the last stacking move or drop (S7, S9).
    pub(crate) last_actor: Option<Seat>,
    /// The rules result, set when the second pass ends the game.
    pub(crate) ended: Option<Status>,
    /// After a pass that leaves the game open: the result a second pass
    /// would end it with. Nothing it depends on (the board, the last
    /// actor, the seats) changes before that pass, so the scoring is done
    /// once here, not again by each question a search asks about the pass.
    pub(crate) pass_result: Option<Status>,
    pub(crate) cap: Option<u32>,
}

impl Swack {
    /// The S6 scoring if the game ended now, as a margin for `colour`
    /// (see `Engine::scoring_margin`).
    pub(crate) fn scoring_margin(&self, colour: Colour) -> i32 {
        with_engine!(self, e => e.scoring_margin(colour))
    }

    /// The squares of every group of `colour` of exactly `size` stacks,
    /// in bit order.
    pub(crate) fn squares_in_groups_of_size(&self, colour: Colour, size: u32) -> Vec<Point> {
        with_engine!(self, e => e.groups_of_size(colour, size).iter().map(|i| e.geo.point(i)).collect())
    }

    /// The board square by square, row by row from `a1`: the stack on each
    /// square, `None` for an empty one. Its text is a diagram such as
    /// `"b1 w1 / w1 b1"`.
    pub fn board_cells(&self) -> Cells<Stack> {
        with_engine!(self, b => b.cells())
    }

    /// The board side n.
    pub fn size(&self) -> u8 {
        self.options.size()
    }

    /// The stack on `p`, if any (`None` also off the board).
    pub fn stack_at(&self, p: Point) -> Option<Stack> {
        with_engine!(self, b => b.stack_at(b.index(p)?))
    }

    /// The number of stacking moves `colour` could make now (ignoring whose
    /// turn it is).
    pub fn stacking_move_count(&self, colour: Colour) -> u32 {
        with_engine!(self, b => b.count_stacking(colour))
    }

    /// The group sizes of `colour` (S3), largest first.
    pub fn group_sizes(&self, colour: Colour) -> Vec<u16> {
        with_engine!(self, b => b.group_sizes(colour))
    }

    /// The S6 scoring of the current board: the colour owning the biggest
    /// group left after removing equal-size pairs, or `None` if nothing
    /// remains.
    pub fn scoring_winner(&self) -> Option<Colour> {
        with_engine!(self, b => b.scoring_winner())
    }

    /// The seat that made the last stacking move or drop, if any.
    pub fn last_actor(&self) -> Option<Seat> {
        self.last_actor
    }

    fn swap_open(&self) -> bool {
        self.options.pie() && self.plies == 1
    }

    fn is_over(&self) -> bool {
        self.ended.is_some() || self.cap.is_some_and(|c| self.plies >= c)
    }

    /// The rules result at the end of the game (S6, S7, S9).
    fn final_status(&self) -> Status {
        let winner = match self.scoring_winner() {
            Some(c) => c,
            None => {
                let free = self.options.is_free();
                match self.last_actor {
                    // S7: the seat that made the last stacking move loses;
                    // S9: in Free Swack it wins.
                    Some(seat) => {
                        let winner_seat = if free { seat } else { seat.opponent() };
                        self.colour_of(winner_seat)
                    }
                    // S7: the owner of Black loses; S9: the owner of White wins.
                    None => Colour::White,
                }
            }
        };
        Status::win(winner, self.seat_of(winner))
    }

    fn state_hash(&self) -> u64 {
        let mut h = 0;
        if self.to_move == Colour::White {
            h ^= KEY_WHITE_TO_MOVE;
        }
        if self.swapped {
            h ^= KEY_SWAPPED;
        }
        if self.last == Some(SwackPly::Pass) {
            h ^= KEY_PASSED;
        }
        if self.swap_open() {
            h ^= KEY_SWAP_OPEN;
        }
        if let Some(s) = self.last_actor {
            h ^= KEY_ACTOR[s.index()];
        }
        h
    }

    /// What makes a ply illegal, if anything does (the game is ongoing).
    /// No text is built here: playouts test plies for legality.
    fn ply_fault(&self, ply: SwackPly) -> Option<Fault> {
        let me = self.to_move;
        with_engine!(self, b => match ply {
            SwackPly::Stack { from, to } => {
                let (Some(i), Some(j)) = (b.index(from), b.index(to)) else {
                    return Some(Fault::OffBoard);
                };
                if from.col.abs_diff(to.col) + from.row.abs_diff(to.row) != 1 {
                    return Some(Fault::NotAdjacent);
                }
                if b.colour_at(i) != Some(me) {
                    return Some(Fault::NotMine);
                }
                if b.colour_at(j) != Some(me.opponent()) {
                    return Some(Fault::NotTheirs);
                }
                let (hf, ht) = (b.height(i), b.height(j));
                if hf != ht {
                    Some(Fault::Heights(hf, ht))
                } else if ht >= MAX_HEIGHT {
                    Some(Fault::TooHigh)
                } else {
                    None
                }
            }
            SwackPly::Drop { two, one } => {
                if !self.options.is_free() {
                    return Some(Fault::NoDrops);
                }
                let (Some(i), Some(j)) = (b.index(two), b.index(one)) else {
                    return Some(Fault::OffBoard);
                };
                if two.col.abs_diff(one.col) + two.row.abs_diff(one.row) != 1 {
                    Some(Fault::NotAdjacent)
                } else if b.colour_at(i).is_some() {
                    Some(Fault::FirstTaken)
                } else if b.colour_at(j).is_some() {
                    Some(Fault::SecondTaken)
                } else {
                    None
                }
            }
            SwackPly::Pass => None,
            SwackPly::Swap if !self.options.pie() => Some(Fault::NoPie),
            SwackPly::Swap if !self.swap_open() => Some(Fault::SwapClosed),
            SwackPly::Swap => None,
        })
    }

    /// Why a stacking move or drop is illegal, in words, if it is (the
    /// game is ongoing).
    fn board_ply_problem(&self, ply: SwackPly) -> Option<String> {
        let fault = self.ply_fault(ply)?;
        let me = self.to_move;
        let (a, b) = match ply {
            SwackPly::Stack { from, to } => (from.to_string(), to.to_string()),
            SwackPly::Drop { two, one } => (two.to_string(), one.to_string()),
            SwackPly::Pass | SwackPly::Swap => (String::new(), String::new()),
        };
        Some(match fault {
            Fault::OffBoard => format!("{a} or {b} is off the {n}x{n} board", n = self.size()),
            Fault::NotAdjacent => format!("{a} and {b} are not orthogonally adjacent"),
            Fault::NotMine => format!("{a} is not a {me} stack"),
            Fault::NotTheirs => format!("{b} is not a {} stack", me.opponent()),
            Fault::Heights(hf, ht) => {
                format!("{a} has height {hf} but {b} has height {ht}; they must be equal")
            }
            Fault::TooHigh => format!("{b} would exceed the storage limit of {MAX_HEIGHT} pieces"),
            Fault::NoDrops => "drops exist only in Free Swack (variant=free)".to_owned(),
            Fault::FirstTaken => format!("{a} is not empty"),
            Fault::SecondTaken => format!("{b} is not empty"),
            Fault::NoPie => "the pie rule is off (pie=off)".to_owned(),
            Fault::SwapClosed => "a swap is allowed only on White's first turn".to_owned(),
        })
    }

    // What the `Game` impl in lib.rs delegates to.

    /// The start position of `options`.
    pub(crate) fn start(options: SwackOptions) -> Swack {
        let storage = Storage::new(options.size(), options.is_free());
        let cap = options.effective_cap();
        Swack {
            options,
            storage,
            to_move: Colour::Black,
            swapped: false,
            plies: 0,
            last: None,
            last_actor: None,
            ended: None,
            pass_result: None,
            cap,
        }
    }

    pub(crate) fn legal_into(&self, out: &mut PlyBuf<SwackPly>) {
        out.clear();
        if self.is_over() {
            return;
        }
        let free = self.options.is_free();
        with_engine!(self, b => b.legal_into(self.to_move, free, out));
        out.push(SwackPly::Pass);
        if self.swap_open() {
            out.push(SwackPly::Swap);
        }
    }

    pub(crate) fn legal(&self, ply: SwackPly) -> bool {
        !self.is_over() && self.ply_fault(ply).is_none()
    }

    pub(crate) fn why_illegal(&self, ply: SwackPly) -> String {
        if let Status::Finished { .. } = self.current_status() {
            return format!("the game is over ({})", self.current_status());
        }
        self.board_ply_problem(ply)
            .unwrap_or_else(|| "it is legal".to_owned())
    }

    /// Plays the legal `ply`; returns its claim slot
    /// ([`claim`](Swack::claim)), found on the way: the stacking move reads
    /// the height anyway.
    pub(crate) fn play(&mut self, ply: SwackPly) -> Option<usize> {
        let me = self.to_move;
        let mover = self.to_move_seat();
        let mut height = 0;
        match ply {
            SwackPly::Pass => {}
            SwackPly::Swap => self.swapped = true,
            SwackPly::Stack { from, to } => {
                height = with_engine_mut!(self, b => {
                    let (i, j) = (b.geo.index(from), b.geo.index(to));
                    b.stack(i, j)
                });
                self.last_actor = Some(mover);
            }
            SwackPly::Drop { two, one } => {
                with_engine_mut!(self, b => {
                    let (i, j) = (b.geo.index(two), b.geo.index(one));
                    b.drop_pair(me, i, j)
                });
                self.last_actor = Some(mover);
            }
        }
        // After a swap White is still to move, now played by the first seat.
        if ply != SwackPly::Swap {
            self.to_move = me.opponent();
        }
        self.plies += 1;
        self.last = Some(ply);
        let waiting = self.pass_result.take();
        if ply == SwackPly::Pass {
            if waiting.is_some() {
                // S5: the second pass in a row ends the game.
                self.ended = waiting;
            } else if !self.is_over() {
                self.pass_result = Some(self.final_status());
            }
        }
        self.slot_at_height(ply, height)
    }

    pub(crate) fn current_status(&self) -> Status {
        if let Some(s) = self.ended {
            return s;
        }
        if self.cap.is_some_and(|c| self.plies >= c) {
            return Status::length_cap();
        }
        Status::Ongoing
    }

    pub(crate) fn random<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<SwackPly> {
        if self.is_over() {
            return None;
        }
        let free = self.options.is_free();
        let extra: &[SwackPly] = if self.swap_open() {
            &[SwackPly::Pass, SwackPly::Swap]
        } else {
            &[SwackPly::Pass]
        };
        Some(with_engine!(self, b => b.random(self.to_move, free, extra, rng)))
    }

    /// The change in the mover's links less the opponent's that the
    /// stacking move `ply` makes ([`Engine::link_gain`]); `None` for other
    /// plies.
    pub(crate) fn ply_link_gain(&self, ply: SwackPly) -> Option<i32> {
        let SwackPly::Stack { from, to } = ply else {
            return None;
        };
        with_engine!(self, e => Some(e.link_gain(self.to_move, e.index(from)?, e.index(to)?)))
    }

    /// The height of the stack on `p` (0 if empty or off the board):
    /// [`Swack::stack_at`] without the colour, for the AMAF key of every
    /// child at expansion (playouts get theirs from `play`).
    pub(crate) fn height_at(&self, p: Point) -> u32 {
        with_engine!(self, e => e.index(p).map_or(0, |i| e.height(i)))
    }

    pub(crate) fn fresh_hash(&self) -> u64 {
        with_engine!(self, b => b.cells_hash()) ^ self.state_hash()
    }
}
