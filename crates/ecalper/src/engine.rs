//! The bitboard engine: one [`Engine`] per bitboard width, the
//! [`Storage`] enum that holds the one a game's size needs, and the
//! [`Ecalper`] game type around it.
//!
//! [`Ecalper`] keeps one bitboard per colour plus the set of *marked*
//! stones: the stones the mover may replace while a replacement is owed, and
//! the stones placed so far in the current turn otherwise (which become the
//! next turn's replaceable stones). The result is computed once, when the
//! last replacement is played, so `status` is a field read.

use abstracta_core::bitboard::colour_at;
use abstracta_core::{zobrist, BitBoard, Cells, Colour, Game, Geometry, PlyBuf, Point};
use rand::Rng;

use crate::groups::{decide, group_stats, max_runs};
use crate::options::on_board;
use crate::{EcalperOptions, EcalperPly};

/// What the side to move owes in the current turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    /// A replacement (or, on White's first turn, a swap) comes next.
    Replace,
    /// This many placements are still owed (1..=3).
    Place(u8),
    /// The game ended by the rules.
    Over,
}

/// Zobrist keys of the phases: Replace, Place(1..=3), Over.
const PHASE_KEYS: [u64; 5] = [
    zobrist::key(FAMILY_PHASE, 0),
    zobrist::key(FAMILY_PHASE, 1),
    zobrist::key(FAMILY_PHASE, 2),
    zobrist::key(FAMILY_PHASE, 3),
    zobrist::key(FAMILY_PHASE, 4),
];

impl Phase {
    #[inline]
    fn key(self) -> u64 {
        PHASE_KEYS[match self {
            Phase::Replace => 0,
            Phase::Place(k) => usize::from(k.min(3)),
            Phase::Over => 4,
        }]
    }
}

const FAMILY_STONE: u64 = 0xeca1_0001;
const FAMILY_MARK: u64 = 0xeca1_0002;
const FAMILY_PHASE: u64 = 0xeca1_0003;
const KEY_WHITE: u64 = zobrist::key(0xeca1_0004, 0);
const KEY_SWAPPED: u64 = zobrist::key(0xeca1_0004, 1);

/// Minimum of `k` distinct random draws from `0..n` (`k <= n`): the lowest
/// member of a random `k`-subset. Choosing each placement this way makes
/// the three placements of a turn a (nearly) uniform random set of cells.
///
/// One 64-bit random word gives all three draws (21 bits each, scaled by
/// multiplication: a bias below n / 2^21, irrelevant for playouts).
#[inline]
fn min_of_distinct<R: Rng + ?Sized>(rng: &mut R, n: u32, k: u8) -> u32 {
    if u32::from(k) >= n {
        return 0;
    }
    let n = u64::from(n);
    let draw = |bits: u64| (((bits & 0x1f_ffff) * n) >> 21) as u32;
    loop {
        let x = rng.next_u64();
        let (a, b, c) = (draw(x), draw(x >> 21), draw(x >> 42));
        match k {
            1 => return a,
            2 if a != b => return a.min(b),
            3 if a != b && a != c && b != c => return a.min(b).min(c),
            _ => {}
        }
    }
}

/// Bits at index `i` and above (`i <= 64 N`): `!BitBoard::below(i)`, kept
/// because it measures cheaper (about 5 instructions per `random_ply` less
/// under callgrind: one shared shift mask and compares instead of a
/// shift per word).
#[inline]
fn from_bit<const N: usize>(i: usize) -> BitBoard<N> {
    let mut out = [0u64; N];
    let word = i / 64;
    for (w, o) in out.iter_mut().enumerate() {
        *o = match w.cmp(&word) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Equal => !0u64 << (i % 64),
            std::cmp::Ordering::Greater => !0,
        };
    }
    BitBoard(out)
}

/// The rules engine for one bitboard width.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Engine<const N: usize> {
    pub(crate) geo: Geometry<N>,
    /// `ceil(2^16 / stride)`: bit index to row without a division.
    recip: u32,
    pie: bool,
    pub(crate) stones: [BitBoard<N>; 2],
    /// Replaceable stones in the Replace phase; stones placed so far this
    /// turn in the Place phase (they become the next turn's replaceable set).
    pub(crate) marked: BitBoard<N>,
    pub(crate) empty_count: u16,
    /// The empty cells (kept rather than derived: random plies read it).
    empty: BitBoard<N>,
    /// Lowest bit index a placement may use (ascending order).
    next_min: u16,
    pub(crate) phase: Phase,
    pub(crate) to_move: Colour,
    pub(crate) swapped: bool,
    pub(crate) plies: u32,
    pub(crate) last: Option<EcalperPly>,
    /// The rules winner once over (`None` inside `Some` = draw).
    pub(crate) winner: Option<Option<Colour>>,
}

impl<const N: usize> Engine<N> {
    /// See [`EcalperKnowledge::claimed_cell`](abstracta_core::CellClaims::claimed_cell): placements at their
    /// bit index, replacements `64 N` later.
    pub(crate) fn claimed_cell(&self, ply: EcalperPly) -> Option<usize> {
        match ply {
            EcalperPly::Place(p) => self.geo.try_index(p),
            EcalperPly::Replace(p) => self.geo.try_index(p).map(|i| 64 * N + i),
            EcalperPly::Swap => None,
        }
    }

    pub(crate) fn claimable_cells(&self) -> usize {
        2 * 64 * N
    }

    /// The colour of the stone on the cell of AMAF `slot`.
    pub(crate) fn cell_holder(&self, slot: usize) -> Option<Colour> {
        let i = slot % (64 * N);
        if slot >= self.claimable_cells() {
            return None;
        }
        [Colour::Black, Colour::White]
            .into_iter()
            .find(|c| self.stones[c.index()].has(i))
    }

    /// Keeps in `slots` only the slots whose cell holds a `colour` stone.
    pub(crate) fn retain_held_cells(&self, colour: Colour, slots: &mut [u64]) {
        // Placement slots, then replacement slots, then nothing.
        let held = self.stones[colour.index()].0;
        let masks = held.into_iter().chain(held).chain(std::iter::repeat(0));
        for (word, mask) in slots.iter_mut().zip(masks) {
            *word &= mask;
        }
    }

    fn new(size: u8, pie: bool) -> Self {
        let geo = Geometry::<N>::hex(size);
        let phase = Phase::Place(3);
        Engine {
            geo,
            recip: (1 << 16) / u32::from(geo.stride()) + 1,
            pie,
            stones: [BitBoard::EMPTY; 2],
            marked: BitBoard::EMPTY,
            empty_count: geo.len() as u16,
            empty: geo.valid(),
            next_min: 0,
            phase,
            to_move: Colour::Black,
            swapped: false,
            plies: 0,
            last: None,
            winner: None,
        }
    }

    /// The cell of bit index `i` (as `Geometry::point`, without dividing:
    /// exact for every index of the boards allowed, see the unit test).
    #[inline]
    pub(crate) fn point(&self, i: usize) -> Point {
        let row = (i as u32 * self.recip) >> 16;
        let col = i as u32 - row * u32::from(self.geo.stride());
        Point::new(col as u8, row as u8)
    }

    #[inline]
    fn empty(&self) -> BitBoard<N> {
        self.empty
    }

    #[inline]
    pub(crate) fn swap_available(&self) -> bool {
        self.pie && self.plies == 3 && !self.swapped && self.phase == Phase::Replace
    }

    /// Empty cells at or above the ascending-order bound.
    #[inline]
    fn open_above(&self) -> BitBoard<N> {
        self.empty() & from_bit(usize::from(self.next_min))
    }

    pub(crate) fn legal_plies(&self, out: &mut PlyBuf<EcalperPly>) {
        match self.phase {
            Phase::Over => {}
            Phase::Replace => {
                for i in self.marked {
                    out.push(EcalperPly::Replace(self.point(i)));
                }
                if self.swap_available() {
                    out.push(EcalperPly::Swap);
                }
            }
            Phase::Place(owed) => {
                let open = self.open_above();
                let allowed = open.count().saturating_sub(u32::from(owed) - 1);
                for i in open.iter().take(allowed as usize) {
                    out.push(EcalperPly::Place(self.point(i)));
                }
            }
        }
    }

    pub(crate) fn is_legal(&self, ply: EcalperPly) -> bool {
        match (ply, self.phase) {
            (EcalperPly::Swap, _) => self.swap_available(),
            (EcalperPly::Replace(p), Phase::Replace) => {
                self.geo.try_index(p).is_some_and(|i| self.marked.has(i))
            }
            (EcalperPly::Place(p), Phase::Place(owed)) => {
                let Some(i) = self.geo.try_index(p) else {
                    return false;
                };
                let empty = self.empty();
                i >= usize::from(self.next_min)
                    && empty.has(i)
                    && (empty & from_bit(i + 1)).count() >= u32::from(owed) - 1
            }
            _ => false,
        }
    }

    pub(crate) fn play(&mut self, ply: EcalperPly) {
        let me = self.to_move;
        match ply {
            EcalperPly::Swap => {
                self.swapped = true;
            }
            EcalperPly::Replace(p) => {
                let i = self.geo.index(p);
                let opp = me.opponent();
                self.stones[opp.index()].clear(i);
                self.stones[me.index()].set(i);
                self.marked = BitBoard::EMPTY;
                if self.empty_count == 1 {
                    // C4: the last turn is this single replacement.
                    self.phase = Phase::Over;
                    let black = self.stats(Colour::Black);
                    let white = self.stats(Colour::White);
                    self.winner = Some(decide(black, white));
                } else {
                    self.phase = Phase::Place(3);
                    self.next_min = 0;
                }
            }
            EcalperPly::Place(p) => {
                let i = self.geo.index(p);
                self.stones[me.index()].set(i);
                self.marked.set(i);
                self.empty_count -= 1;
                self.empty.clear(i);
                self.next_min = i as u16 + 1;
                let Phase::Place(owed) = self.phase else {
                    return;
                };
                if owed > 1 {
                    self.phase = Phase::Place(owed - 1);
                } else {
                    self.phase = Phase::Replace;
                    self.to_move = me.opponent();
                }
            }
        }
        self.plies += 1;
        self.last = Some(ply);
    }

    #[inline]
    pub(crate) fn random_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EcalperPly> {
        match self.phase {
            Phase::Over => None,
            Phase::Replace => {
                let n = self.marked.count();
                let swap = self.swap_available();
                let r = rng.gen_range(0..n + u32::from(swap));
                if r == n {
                    return Some(EcalperPly::Swap);
                }
                self.marked.nth(r).map(|i| EcalperPly::Replace(self.point(i)))
            }
            Phase::Place(owed) => {
                let open = self.open_above();
                let n = open.count();
                let r = min_of_distinct(rng, n, owed);
                open.nth(r).map(|i| EcalperPly::Place(self.point(i)))
            }
        }
    }

    pub(crate) fn hash_from_scratch(&self) -> u64 {
        let mut h = self.phase.key() ^ zobrist::stones_key(FAMILY_STONE, self.stones);
        for i in self.marked {
            h ^= zobrist::key(FAMILY_MARK, i as u64);
        }
        if self.to_move == Colour::White {
            h ^= KEY_WHITE;
        }
        if self.swapped {
            h ^= KEY_SWAPPED;
        }
        h
    }

    pub(crate) fn stats(&self, colour: Colour) -> (u32, u32) {
        let (stride, rows) = (usize::from(self.geo.stride()), usize::from(self.geo.height()));
        let stones = self.stones[colour.index()];
        // N is a constant in each instantiation: one arm survives.
        match N {
            0..=3 => group_stats::<N, { max_runs(3) }>(stride, rows, stones),
            4..=6 => group_stats::<N, { max_runs(6) }>(stride, rows, stones),
            _ => group_stats::<N, { max_runs(9) }>(stride, rows, stones),
        }
    }

    fn cell(&self, p: Point) -> Option<Colour> {
        colour_at(&self.stones, self.geo.try_index(p)?)
    }

    fn replaceable(&self) -> Vec<Point> {
        if self.phase == Phase::Replace {
            self.marked.iter().map(|i| self.geo.point(i)).collect()
        } else {
            Vec::new()
        }
    }

    pub(crate) fn is_marked(&self, p: Point) -> bool {
        self.geo.try_index(p).is_some_and(|i| self.marked.has(i))
    }
}

/// The engine of a game's size, by bitboard width (see "Storage by board
/// size" in `abstracta_core`): side 3 to 7 in 3 words, 8 to 10 in 6, 11 and
/// 12 in 9. The largest variant is under 4 times the default one (side 7),
/// so all are inline.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Storage {
    Small(Engine<3>),
    Medium(Engine<6>),
    Large(Engine<9>),
}

impl Storage {
    /// The engine for a board of side `size` (3..=12).
    pub(crate) fn new(size: u8, pie: bool) -> Storage {
        match size {
            ..=7 => Storage::Small(Engine::new(size, pie)),
            8..=10 => Storage::Medium(Engine::new(size, pie)),
            _ => Storage::Large(Engine::new(size, pie)),
        }
    }
}

/// Runs `$body` with `$e` bound to the engine of `$game` (an [`Ecalper`]);
/// `Storage` must be in scope.
macro_rules! with_engine {
    ($game:expr, $e:ident => $body:expr) => {
        abstracta_core::for_width!(&$game.storage, Storage[Small, Medium, Large], $e => $body)
    };
}

/// As [`with_engine!`], with the engine borrowed mutably.
macro_rules! with_engine_mut {
    ($game:expr, $e:ident => $body:expr) => {
        abstracta_core::for_width!(&mut $game.storage, Storage[Small, Medium, Large], $e => $body)
    };
}

pub(crate) use {with_engine, with_engine_mut};

/// The Ecalper game: options, length cap and the engine of the board size.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ecalper {
    pub(crate) options: EcalperOptions,
    pub(crate) cap: Option<u32>,
    pub(crate) storage: Storage,
}

impl Ecalper {
    /// The board side.
    pub fn size(&self) -> u8 {
        self.options.size()
    }

    /// The stone on `p` (`None` for empty or off-board cells).
    pub fn cell(&self, p: Point) -> Option<Colour> {
        with_engine!(self, e => e.cell(p))
    }

    /// The board cell by cell on the `2s-1` square grid that holds the
    /// hexagon (points off the board are empty): a plain board description
    /// for comparisons and diagrams.
    pub fn board_cells(&self) -> Cells<Colour> {
        let w = 2 * self.size() - 1;
        let grid = (0..w).flat_map(|r| (0..w).map(move |c| Point::new(c, r)));
        Cells::from_vec(w, w, grid.map(|p| self.cell(p)).collect())
            .expect("a side of 3 to 12 makes a grid of 5 to 23 cells a side")
    }

    /// The stones the side to move may replace now (empty unless a
    /// replacement is owed), in row-major order.
    pub fn replaceable(&self) -> Vec<Point> {
        with_engine!(self, e => e.replaceable())
    }

    /// Placements still owed in the current turn (0 when a replacement is
    /// owed or the game is over).
    pub fn placements_owed(&self) -> u8 {
        with_engine!(self, e => match e.phase {
            Phase::Place(k) => k,
            _ => 0,
        })
    }

    /// Number of empty cells.
    pub fn empty_cells(&self) -> u32 {
        with_engine!(self, e => u32::from(e.empty_count))
    }

    /// The size of `colour`'s largest group (0 without stones).
    pub fn largest_group(&self, colour: Colour) -> u32 {
        with_engine!(self, e => e.stats(colour).0)
    }

    /// The number of `colour`'s groups.
    pub fn group_count(&self, colour: Colour) -> u32 {
        with_engine!(self, e => e.stats(colour).1)
    }

    /// The cells of every group of `colour` of the largest size (C5),
    /// in bit order: the size from the scoring scan, the groups by hex
    /// flood fills until each has been seen.
    pub(crate) fn cells_of_largest_groups(&self, colour: Colour) -> Vec<Point> {
        with_engine!(self, e => {
            let largest = e.stats(colour).0;
            let mut rest = e.stones[colour.index()];
            let mut cells = Vec::new();
            while let Some(i) = rest.first() {
                let group = e.geo.fill_hex(BitBoard::single(i), rest);
                if group.count() == largest {
                    cells.extend(group.iter().map(|j| e.point(j)));
                }
                rest = rest.andnot(group);
            }
            cells
        })
    }

    /// `(largest group, group count)` for `colour`, the score of C5.
    pub fn score(&self, colour: Colour) -> (u32, u32) {
        with_engine!(self, e => e.stats(colour))
    }

    pub(crate) fn capped(&self) -> bool {
        self.cap.is_some_and(|cap| self.plies_played() >= cap)
    }

    pub(crate) fn over_by_rules(&self) -> bool {
        with_engine!(self, e => e.phase == Phase::Over)
    }

    /// Why `ply` is not legal here (for [`Game::explain_illegal`](abstracta_core::Game::explain_illegal)).
    pub(crate) fn explain(&self, ply: EcalperPly) -> String {
        let status = self.status();
        if status.is_finished() {
            return format!("the game is over ({status})");
        }
        let size = self.options.size();
        let owed = self.placements_owed();
        let colour = self.to_move_colour();
        match ply {
            EcalperPly::Swap => {
                if !self.options.pie() {
                    "the pie rule is off (pie=off)".into()
                } else {
                    "a swap is only allowed instead of White's first replacement".into()
                }
            }
            EcalperPly::Replace(p) | EcalperPly::Place(p) if !on_board(size, p) => {
                format!("{p} is not a cell of the size-{size} board")
            }
            EcalperPly::Replace(p) => {
                if owed > 0 {
                    format!("{colour} has replaced already this turn and owes {owed} placement(s)")
                } else if self.cell(p) != Some(colour.opponent()) {
                    format!("{p} does not hold a {} stone", colour.opponent())
                } else {
                    let list: Vec<String> = self.replaceable().iter().map(|q| q.to_string()).collect();
                    format!(
                        "only the stones {} placed in its last turn can be replaced: {}",
                        colour.opponent(),
                        list.join(" ")
                    )
                }
            }
            EcalperPly::Place(p) => {
                if owed == 0 {
                    format!("{colour} must first replace one of {}", {
                        let list: Vec<String> = self.replaceable().iter().map(|q| q.to_string()).collect();
                        list.join(" ")
                    })
                } else if self.cell(p).is_some() {
                    format!("{p} is not empty")
                } else if with_engine!(self, e => e.geo.index(p) < usize::from(e.next_min)) {
                    "placements in a turn go in strictly ascending order (by row, then column)".into()
                } else {
                    format!(
                        "after {p} fewer than {} empty cells remain above it for the placements still owed",
                        owed - 1
                    )
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_without_division_is_exact() {
        for size in crate::MIN_SIZE..=crate::MAX_SIZE {
            let engine = Engine::<9>::new(size, true);
            let bits = usize::from(engine.geo.stride()) * usize::from(engine.geo.height());
            for i in 0..bits {
                assert_eq!(engine.point(i), engine.geo.point(i), "size {size} bit {i}");
            }
        }
    }

    #[test]
    fn from_bit_is_the_complement_of_below() {
        for i in 0..=BitBoard::<3>::BITS {
            assert_eq!(from_bit::<3>(i), !BitBoard::<3>::below(i), "{i}");
        }
    }

    #[test]
    fn storage_sizes() {
        let sizes = [
            std::mem::size_of::<Engine<3>>(),
            std::mem::size_of::<Engine<6>>(),
            std::mem::size_of::<Engine<9>>(),
        ];
        println!(
            "size_of Engine<3>, <6>, <9>, Storage, Ecalper: {sizes:?}, {}, {}",
            std::mem::size_of::<Storage>(),
            std::mem::size_of::<Ecalper>()
        );
        // The policy: inline unless more than 4x the default size's variant.
        assert!(sizes[2] <= 4 * sizes[0]);
    }
}
