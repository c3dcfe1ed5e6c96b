//! Ecalper (Matteo Perlini, 2010): a territory game on a hex-hex board where
//! every turn replaces one of the opponent's three newly placed stones and
//! places three more; the largest group wins.
//!
//! The rules are those of RULES.md, section Ecalper. A turn is several
//! plies by the same player: `Replace(cell)` (`xd4`), then three
//! `Place(cell)` (`d4`) in strictly ascending row-major order. Black's first
//! turn is three placements; White may `swap` instead of its first
//! replacement; Black's last turn is a single replacement.
//!
//! ```
//! use abstracta_core::{Colour, Game, PlyBuf};
//! use ecalper::{Ecalper, EcalperOptions};
//!
//! let mut game = Ecalper::new(EcalperOptions::default());
//! game.play_list("a1 b2 c3").unwrap(); // Black's first turn: three placements
//! assert_eq!(game.to_move_colour(), Colour::White);
//! let mut plies = PlyBuf::new();
//! game.legal_plies(&mut plies);
//! assert_eq!(plies.len(), 4); // replace one of the three, or swap
//! game.play_str("xb2").unwrap(); // White takes over b2 ...
//! game.play_list("d1 a2 c2").unwrap(); // ... and places three stones, ascending
//! assert!(game.play_str("xb2").is_err(), "b2 was gained by replacement, not placed");
//! game.play_str("xa2").unwrap();
//! ```
//!
//! # Engine
//!
//! [`Ecalper`] keeps one bitboard per colour plus the set of *marked*
//! stones: the stones the mover may replace while a replacement is owed, and
//! the stones placed so far in the current turn otherwise (which become the
//! next turn's replaceable stones). The bitboard width is picked per size
//! (3, 6 or 9 words) so small boards do not pay for big ones. The result is
//! computed once, when the last replacement is played, so `status` is a
//! field read.
//!
//! Group sizes and counts (rule C5) come from one scan of the rows: each
//! row's runs of stones are cut out of the bitboard with bit tricks and
//! joined by union-find to the touching runs of the row below. That is
//! linear in the number of runs, where bitboard flood fills need as many
//! rounds as a group is long, and end-of-game groups are long snakes.
//!
//! `random_ply` never builds a list: a placement is the `j`-th open cell of
//! the bitboard, with `j` the minimum of as many distinct random draws as
//! placements are owed, which makes a turn's three cells a uniform random
//! set (and every choice leaves room for the rest of the turn).
//!
//! [`render`](Game::render) draws the hexagon with rows numbered on the
//! left and column letters along the two lower edges; `x`/`o` are Black and
//! White, upper case marks the stones that may be replaced now (or were
//! placed so far this turn), and the last ply's cell is in parentheses.

#[cfg(feature = "reference")]
pub mod reference;

use std::fmt;
use std::str::FromStr;

use abstracta_core::spec::{bad_value, parse_on_off, parse_range};
use abstracta_core::{
    zobrist, BitBoard, Claims, Colour, Game, GameOptions, Geometry, LengthCap, ParsePlyError, PlyBuf, Point,
    SearchHints, Seat, SpecError, Status,
};
use rand::Rng;

/// Smallest allowed board side.
pub const MIN_SIZE: u8 = 3;
/// Largest allowed board side.
pub const MAX_SIZE: u8 = 12;
/// Default board side.
pub const DEFAULT_SIZE: u8 = 7;

/// Options of an Ecalper game: `ecalper[:size=S,pie=on|off,cap=N|none]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EcalperOptions {
    /// Board side, 3..=12 (default 7).
    pub size: u8,
    /// Whether White may swap on its first turn (default on).
    pub pie: bool,
    /// Length cap in plies (default: none, the game is finite).
    pub cap: LengthCap,
}

impl Default for EcalperOptions {
    fn default() -> Self {
        EcalperOptions {
            size: DEFAULT_SIZE,
            pie: true,
            cap: LengthCap::Default,
        }
    }
}

impl EcalperOptions {
    /// Number of cells on the board: 3s(s-1)+1.
    pub fn cells(&self) -> u32 {
        let s = u32::from(self.size);
        3 * s * (s - 1) + 1
    }
}

impl GameOptions for EcalperOptions {
    const GAME: &'static str = "ecalper";
    const KEYS: &'static [&'static str] = &["size", "pie", "cap"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        match key {
            "size" => {
                self.size =
                    parse_range(Self::GAME, key, value, u32::from(MIN_SIZE), u32::from(MAX_SIZE))? as u8
            }
            "pie" => self.pie = parse_on_off(Self::GAME, key, value)?,
            "cap" => self.cap = LengthCap::parse(Self::GAME, value)?,
            _ => return Err(Self::unknown_key(key)),
        }
        Ok(())
    }

    fn validate(&self) -> Result<(), SpecError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&self.size) {
            return Err(bad_value(
                Self::GAME,
                "size",
                &self.size.to_string(),
                "a whole number from 3 to 12",
            ));
        }
        Ok(())
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if self.size != DEFAULT_SIZE {
            pairs.push(("size", self.size.to_string()));
        }
        if !self.pie {
            pairs.push(("pie", "off".to_owned()));
        }
        if let Some(cap) = self.cap.spec_value() {
            pairs.push(("cap", cap));
        }
        pairs
    }
}

/// One Ecalper ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EcalperPly {
    /// Replace an opponent stone placed in their last turn (`xd4`).
    Replace(Point),
    /// Place a stone on an empty cell (`d4`).
    Place(Point),
    /// The pie-rule swap, instead of White's first replacement (`swap`).
    Swap,
}

impl fmt::Display for EcalperPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EcalperPly::Replace(p) => write!(f, "x{p}"),
            EcalperPly::Place(p) => write!(f, "{p}"),
            EcalperPly::Swap => f.write_str("swap"),
        }
    }
}

impl FromStr for EcalperPly {
    type Err = ParsePlyError;

    fn from_str(s: &str) -> Result<Self, ParsePlyError> {
        const EXPECTED: &str = "a cell such as d4 (placement), xd4 (replacement) or swap";
        let t = s.trim();
        if t.eq_ignore_ascii_case("swap") {
            return Ok(EcalperPly::Swap);
        }
        let bytes = t.as_bytes();
        // `x` is also a column letter, but no board is that wide; a leading
        // `x` followed by a letter can only be a replacement.
        if bytes.len() >= 2 && bytes[0].eq_ignore_ascii_case(&b'x') && bytes[1].is_ascii_alphabetic() {
            let p: Point = t[1..].parse().map_err(|_| ParsePlyError::new(s, EXPECTED))?;
            return Ok(EcalperPly::Replace(p));
        }
        t.parse::<Point>()
            .map(EcalperPly::Place)
            .map_err(|_| ParsePlyError::new(s, EXPECTED))
    }
}

/// Whether `p` is a cell of the hex-hex board of side `size`.
pub fn on_board(size: u8, p: Point) -> bool {
    let last = 2 * size - 2;
    p.col <= last && p.row <= last && (i32::from(p.col) - i32::from(p.row)).abs() < i32::from(size)
}

/// What the side to move owes in the current turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
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

#[inline]
fn stone_key(i: usize, colour: Colour) -> u64 {
    zobrist::key(FAMILY_STONE, (i * 2 + colour.index()) as u64)
}

#[inline]
fn mark_key(i: usize) -> u64 {
    zobrist::key(FAMILY_MARK, i as u64)
}

/// Bits at index `i` and above.
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

/// Most runs of stones a colour can have on the boards of each bitboard
/// width (at most ceil(w / 2) runs in a row of w cells, 2s - 1 rows): side
/// 7 (3 words), side 10 (6 words), side 12 (9 words).
const fn max_runs(words: usize) -> usize {
    match words {
        0..=3 => 7 * 13,
        4..=6 => 10 * 19,
        _ => 12 * 23,
    }
}

/// The `stride` bits of `b` from `offset` (a row and its empty spare
/// column) as the low bits of a word: bit `c` is column `c`.
#[inline]
fn row_bits<const N: usize>(b: &BitBoard<N>, offset: usize, stride: usize) -> u32 {
    let (word, shift) = (offset / 64, offset % 64);
    let mut bits = b.0[word] >> shift;
    if shift > 64 - 32 && word + 1 < N {
        bits |= b.0[word + 1] << (64 - shift);
    }
    (bits as u32) & ((1u32 << stride) - 1)
}

/// Largest group and number of groups of `stones` (hex connectivity).
///
/// Works on horizontal runs of stones, row by row, with union-find over the
/// runs: a run joins the runs of the row below that touch its columns `c`
/// or `c - 1` (the neighbours (c, r-1) and (c-1, r-1)). This is linear in
/// the number of runs, where per-group bitboard flood fills need as many
/// rounds as a group is long, and end-of-game groups are long snakes.
#[inline]
fn group_stats<const N: usize, const RUNS: usize>(
    stride: usize,
    rows: usize,
    stones: BitBoard<N>,
) -> (u32, u32) {
    fn find<const RUNS: usize>(parent: &mut [u16; RUNS], mut x: usize) -> usize {
        while usize::from(parent[x]) != x {
            let up = parent[usize::from(parent[x])];
            parent[x] = up;
            x = usize::from(up);
        }
        x
    }
    // Union-find arrays sized for the board so small boards clear less.
    let mut parent = [0u16; RUNS];
    let mut size = [0u16; RUNS];
    // The runs (mask, label) of the current row and of the row below, in
    // alternating halves so that moving up a row copies nothing.
    let mut rows_runs = [[(0u32, 0u16); 12]; 2];
    let mut lens = [0usize; 2];
    let (mut runs, mut largest, mut count) = (0usize, 0u16, 0u32);
    for r in 0..rows {
        let mut row = row_bits(&stones, r * stride, stride);
        let (cur, prev) = (r & 1, (r & 1) ^ 1);
        lens[cur] = 0;
        if row == 0 {
            continue;
        }
        while row != 0 {
            let low = row & row.wrapping_neg();
            let above = row.wrapping_add(low);
            let run = (above ^ row) & row;
            row &= !run;
            let label = runs;
            runs += 1;
            parent[label] = label as u16;
            // Run length from the ends (popcount is slow without POPCNT).
            size[label] = (above.trailing_zeros() - low.trailing_zeros()) as u16;
            count += 1;
            let reach = run | (run >> 1);
            let mut root = label;
            for &(mask, other) in &rows_runs[prev][..lens[prev]] {
                if mask & reach != 0 {
                    let other = find(&mut parent, usize::from(other));
                    if other != root {
                        let (big, small) = if size[root] >= size[other] {
                            (root, other)
                        } else {
                            (other, root)
                        };
                        parent[small] = big as u16;
                        size[big] += size[small];
                        root = big;
                        count -= 1;
                    }
                }
            }
            largest = largest.max(size[root]);
            rows_runs[cur][lens[cur]] = (run, label as u16);
            lens[cur] += 1;
        }
    }
    (u32::from(largest), count)
}

/// Who wins given each colour's (largest group, group count) (C5).
fn decide(black: (u32, u32), white: (u32, u32)) -> Option<Colour> {
    use std::cmp::Ordering::*;
    match black.0.cmp(&white.0) {
        Greater => Some(Colour::Black),
        Less => Some(Colour::White),
        Equal => match black.1.cmp(&white.1) {
            Less => Some(Colour::Black),
            Greater => Some(Colour::White),
            Equal => None,
        },
    }
}

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

/// Position of the `k`-th lowest set bit of `w` (0-based; `k` below the
/// popcount), without a loop over the bits: per-byte counts and their
/// prefix sums find the byte, a table finds the bit inside it.
#[inline]
fn select_in_word(w: u64, k: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut b = w - ((w >> 1) & 0x5555_5555_5555_5555);
    b = (b & 0x3333_3333_3333_3333) + ((b >> 2) & 0x3333_3333_3333_3333);
    b = (b + (b >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte j of `prefix`: the set bits in bytes 0..=j (at most 64).
    let prefix = b.wrapping_mul(ONES);
    // Bytes whose prefix is <= k: their number is the index of the byte
    // holding the bit (both sides stay below 128, so no borrows).
    let le = ((u64::from(k) * ONES) | (0x80 * ONES)).wrapping_sub(prefix) & (0x80 * ONES);
    let byte = ((le >> 7).wrapping_mul(ONES) >> 56) as u32;
    let before = if byte == 0 {
        0
    } else {
        ((prefix >> (8 * (byte - 1))) & 0xff) as u32
    };
    let in_byte = ((w >> (8 * byte)) & 0xff) as usize;
    8 * byte + u32::from(SELECT_IN_BYTE[in_byte][(k - before).min(7) as usize])
}

/// `SELECT_IN_BYTE[b][k]`: position of the `k`-th set bit of byte `b`.
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// The `k`-th lowest set bit of `b` (0-based), if there are more than `k`.
#[inline]
fn nth_set<const N: usize>(b: &BitBoard<N>, mut k: u32) -> Option<usize> {
    for (i, &w) in b.0.iter().enumerate() {
        let c = w.count_ones();
        if k < c {
            return Some(i * 64 + select_in_word(w, k) as usize);
        }
        k -= c;
    }
    None
}

/// The rules engine for one bitboard width.
#[derive(Clone, Debug)]
struct Engine<const N: usize> {
    geo: Geometry<N>,
    /// `ceil(2^16 / stride)`: bit index to row without a division.
    recip: u32,
    pie: bool,
    stones: [BitBoard<N>; 2],
    /// Replaceable stones in the Replace phase; stones placed so far this
    /// turn in the Place phase (they become the next turn's replaceable set).
    marked: BitBoard<N>,
    empty_count: u16,
    /// The empty cells (kept rather than derived: random plies read it).
    empty: BitBoard<N>,
    /// Lowest bit index a placement may use (ascending order).
    next_min: u16,
    phase: Phase,
    to_move: Colour,
    swapped: bool,
    plies: u32,
    last: Option<EcalperPly>,
    hash: u64,
    /// The rules winner once over (`None` inside `Some` = draw).
    winner: Option<Option<Colour>>,
}

impl<const N: usize> Engine<N> {
    /// See [`Ecalper::claimed_cell`](Game::claimed_cell): placements at their
    /// bit index, replacements `64 N` later.
    fn claimed_cell(&self, ply: EcalperPly) -> Option<usize> {
        match ply {
            EcalperPly::Place(p) => self.geo.try_index(p),
            EcalperPly::Replace(p) => self.geo.try_index(p).map(|i| 64 * N + i),
            EcalperPly::Swap => None,
        }
    }

    fn claimable_cells(&self) -> usize {
        2 * 64 * N
    }

    /// The colour of the stone on the cell of AMAF `slot`.
    fn cell_holder(&self, slot: usize) -> Option<Colour> {
        let i = slot % (64 * N);
        if slot >= self.claimable_cells() {
            return None;
        }
        [Colour::Black, Colour::White]
            .into_iter()
            .find(|c| self.stones[c.index()].has(i))
    }

    /// Keeps in `slots` only the slots whose cell holds a `colour` stone.
    fn retain_held_cells(&self, colour: Colour, slots: &mut [u64]) {
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
            hash: phase.key(),
            winner: None,
        }
    }

    /// The cell of bit index `i` (as `Geometry::point`, without dividing:
    /// exact for every index of the boards allowed, see the unit test).
    #[inline]
    fn point(&self, i: usize) -> Point {
        let row = (i as u32 * self.recip) >> 16;
        let col = i as u32 - row * u32::from(self.geo.stride());
        Point::new(col as u8, row as u8)
    }

    #[inline]
    fn empty(&self) -> BitBoard<N> {
        self.empty
    }

    #[inline]
    fn swap_available(&self) -> bool {
        self.pie && self.plies == 3 && !self.swapped && self.phase == Phase::Replace
    }

    /// Empty cells at or above the ascending-order bound.
    #[inline]
    fn open_above(&self) -> BitBoard<N> {
        self.empty() & from_bit(usize::from(self.next_min))
    }

    fn legal_plies(&self, out: &mut PlyBuf<EcalperPly>) {
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

    fn is_legal(&self, ply: EcalperPly) -> bool {
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

    fn set_phase(&mut self, phase: Phase) {
        self.hash ^= self.phase.key() ^ phase.key();
        self.phase = phase;
    }

    fn play(&mut self, ply: EcalperPly) {
        let me = self.to_move;
        match ply {
            EcalperPly::Swap => {
                self.swapped = true;
                self.hash ^= KEY_SWAPPED;
            }
            EcalperPly::Replace(p) => {
                let i = self.geo.index(p);
                let opp = me.opponent();
                self.stones[opp.index()].clear(i);
                self.stones[me.index()].set(i);
                self.hash ^= stone_key(i, opp) ^ stone_key(i, me);
                for m in self.marked {
                    self.hash ^= mark_key(m);
                }
                self.marked = BitBoard::EMPTY;
                if self.empty_count == 1 {
                    // C4: the last turn is this single replacement.
                    self.set_phase(Phase::Over);
                    let black = self.stats(Colour::Black);
                    let white = self.stats(Colour::White);
                    self.winner = Some(decide(black, white));
                } else {
                    self.set_phase(Phase::Place(3));
                    self.next_min = 0;
                }
            }
            EcalperPly::Place(p) => {
                let i = self.geo.index(p);
                self.stones[me.index()].set(i);
                self.marked.set(i);
                self.hash ^= stone_key(i, me) ^ mark_key(i);
                self.empty_count -= 1;
                self.empty.clear(i);
                self.next_min = i as u16 + 1;
                let Phase::Place(owed) = self.phase else {
                    return;
                };
                if owed > 1 {
                    self.set_phase(Phase::Place(owed - 1));
                } else {
                    self.set_phase(Phase::Replace);
                    self.to_move = me.opponent();
                    self.hash ^= KEY_WHITE;
                }
            }
        }
        self.plies += 1;
        self.last = Some(ply);
    }

    #[inline]
    fn random_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EcalperPly> {
        match self.phase {
            Phase::Over => None,
            Phase::Replace => {
                let n = self.marked.count();
                let swap = self.swap_available();
                let r = rng.gen_range(0..n + u32::from(swap));
                if r == n {
                    return Some(EcalperPly::Swap);
                }
                nth_set(&self.marked, r).map(|i| EcalperPly::Replace(self.point(i)))
            }
            Phase::Place(owed) => {
                let open = self.open_above();
                let n = open.count();
                let r = min_of_distinct(rng, n, owed);
                nth_set(&open, r).map(|i| EcalperPly::Place(self.point(i)))
            }
        }
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = self.phase.key();
        for colour in Colour::ALL {
            for i in self.stones[colour.index()] {
                h ^= stone_key(i, colour);
            }
        }
        for i in self.marked {
            h ^= mark_key(i);
        }
        if self.to_move == Colour::White {
            h ^= KEY_WHITE;
        }
        if self.swapped {
            h ^= KEY_SWAPPED;
        }
        h
    }

    fn stats(&self, colour: Colour) -> (u32, u32) {
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
        let i = self.geo.try_index(p)?;
        if self.stones[0].has(i) {
            Some(Colour::Black)
        } else if self.stones[1].has(i) {
            Some(Colour::White)
        } else {
            None
        }
    }

    fn board_cells(&self) -> Vec<Option<Colour>> {
        self.geo.points().map(|p| self.cell(p)).collect()
    }

    fn replaceable(&self) -> Vec<Point> {
        if self.phase == Phase::Replace {
            self.marked.iter().map(|i| self.geo.point(i)).collect()
        } else {
            Vec::new()
        }
    }

    fn is_marked(&self, p: Point) -> bool {
        self.geo.try_index(p).is_some_and(|i| self.marked.has(i))
    }
}

#[derive(Clone, Debug)]
enum Inner {
    Small(Engine<3>),
    Medium(Engine<6>),
    Large(Engine<9>),
}

macro_rules! with {
    ($self:expr, $e:ident => $body:expr) => {
        match &$self.inner {
            Inner::Small($e) => $body,
            Inner::Medium($e) => $body,
            Inner::Large($e) => $body,
        }
    };
}

macro_rules! with_mut {
    ($self:expr, $e:ident => $body:expr) => {
        match &mut $self.inner {
            Inner::Small($e) => $body,
            Inner::Medium($e) => $body,
            Inner::Large($e) => $body,
        }
    };
}

/// The Ecalper bitboard engine.
#[derive(Clone, Debug)]
pub struct Ecalper {
    options: EcalperOptions,
    cap: Option<u32>,
    inner: Inner,
}

impl Ecalper {
    /// The board side.
    pub fn size(&self) -> u8 {
        self.options.size
    }

    /// The stone on `p` (`None` for empty or off-board cells).
    pub fn cell(&self, p: Point) -> Option<Colour> {
        with!(self, e => e.cell(p))
    }

    /// Every cell in row-major order (`a1`, `b1`, ..., then row 2, ...):
    /// a plain board description for comparisons.
    pub fn board_cells(&self) -> Vec<Option<Colour>> {
        with!(self, e => e.board_cells())
    }

    /// The stones the side to move may replace now (empty unless a
    /// replacement is owed), in row-major order.
    pub fn replaceable(&self) -> Vec<Point> {
        with!(self, e => e.replaceable())
    }

    /// Placements still owed in the current turn (0 when a replacement is
    /// owed or the game is over).
    pub fn placements_owed(&self) -> u8 {
        with!(self, e => match e.phase {
            Phase::Place(k) => k,
            _ => 0,
        })
    }

    /// Number of empty cells.
    pub fn empty_cells(&self) -> u32 {
        with!(self, e => u32::from(e.empty_count))
    }

    /// The size of `colour`'s largest group (0 without stones).
    pub fn largest_group(&self, colour: Colour) -> u32 {
        with!(self, e => e.stats(colour).0)
    }

    /// The number of `colour`'s groups.
    pub fn group_count(&self, colour: Colour) -> u32 {
        with!(self, e => e.stats(colour).1)
    }

    /// `(largest group, group count)` for `colour`, the score of C5.
    pub fn score(&self, colour: Colour) -> (u32, u32) {
        with!(self, e => e.stats(colour))
    }

    fn capped(&self) -> bool {
        self.cap.is_some_and(|cap| self.plies_played() >= cap)
    }

    fn over_by_rules(&self) -> bool {
        with!(self, e => e.phase == Phase::Over)
    }
}

impl Game for Ecalper {
    type Ply = EcalperPly;
    type Options = EcalperOptions;
    const NAME: &'static str = "ecalper";
    /// A replacement turns the best of the three stones just placed into
    /// the opponent's, so a placement's claim lasts only while the stone is
    /// still the placer's.
    const CLAIMS: Claims = Claims::Revocable;
    /// See the crate README for the matches behind these values.
    const SEARCH_HINTS: SearchHints = SearchHints {
        uct_exploration: 0.4,
        rave_exploration: 0.4,
    };

    fn new(options: EcalperOptions) -> Self {
        // Options built by hand may skip validation; clamp so construction
        // never panics.
        let size = options.size.clamp(MIN_SIZE, MAX_SIZE);
        let inner = match size {
            ..=7 => Inner::Small(Engine::new(size, options.pie)),
            8..=10 => Inner::Medium(Engine::new(size, options.pie)),
            _ => Inner::Large(Engine::new(size, options.pie)),
        };
        let cap = options.cap.resolve(None);
        let options = EcalperOptions { size, ..options };
        Ecalper { options, cap, inner }
    }

    fn options(&self) -> &EcalperOptions {
        &self.options
    }

    fn to_move_colour(&self) -> Colour {
        with!(self, e => e.to_move)
    }

    fn swapped(&self) -> bool {
        with!(self, e => e.swapped)
    }

    fn legal_plies(&self, out: &mut PlyBuf<EcalperPly>) {
        out.clear();
        if self.capped() {
            return;
        }
        with!(self, e => e.legal_plies(out))
    }

    fn play_unchecked(&mut self, ply: EcalperPly) {
        with_mut!(self, e => e.play(ply))
    }

    fn is_legal(&self, ply: EcalperPly) -> bool {
        !self.capped() && with!(self, e => e.is_legal(ply))
    }

    fn explain_illegal(&self, ply: EcalperPly) -> String {
        let status = self.status();
        if status.is_finished() {
            return format!("the game is over ({status})");
        }
        let size = self.options.size;
        let owed = self.placements_owed();
        let colour = self.to_move_colour();
        match ply {
            EcalperPly::Swap => {
                if !self.options.pie {
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
                } else if with!(self, e => e.geo.index(p) < usize::from(e.next_min)) {
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

    fn status(&self) -> Status {
        match with!(self, e => e.winner) {
            Some(Some(colour)) => Status::win(colour, self.seat_of(colour)),
            Some(None) => Status::draw(),
            None if self.capped() => Status::length_cap(),
            None => Status::Ongoing,
        }
    }

    #[inline]
    fn random_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EcalperPly> {
        if self.capped() {
            return None;
        }
        with!(self, e => e.random_ply(rng))
    }

    fn hash(&self) -> u64 {
        with!(self, e => e.hash)
    }

    fn hash_from_scratch(&self) -> u64 {
        with!(self, e => e.hash_from_scratch())
    }

    fn plies_played(&self) -> u32 {
        with!(self, e => e.plies)
    }

    fn length_cap(&self) -> Option<u32> {
        self.cap
    }

    fn last_ply(&self) -> Option<EcalperPly> {
        with!(self, e => e.last)
    }

    fn render(&self) -> String {
        let s = self.options.size;
        let last = match self.last_ply() {
            Some(EcalperPly::Place(p) | EcalperPly::Replace(p)) => Some(p),
            _ => None,
        };
        render_board(
            s,
            |p| self.cell(p),
            |p| with!(self, e => e.is_marked(p)),
            last,
            &self.status_line(),
        )
    }

    /// Slots are bitboard indices, a placement's cell at its bit and a
    /// replacement's one board width of words later, so that
    /// [`retain_held_cells`](Game::retain_held_cells) masks whole words.
    fn claimed_cell(&self, ply: EcalperPly) -> Option<usize> {
        with!(self, e => e.claimed_cell(ply))
    }

    fn claimable_cells(&self) -> usize {
        with!(self, e => e.claimable_cells())
    }

    fn cell_holder(&self, slot: usize) -> Option<Seat> {
        let colour = with!(self, e => e.cell_holder(slot))?;
        Some(self.seat_of(colour))
    }

    fn retain_held_cells(&self, seat: Seat, slots: &mut [u64]) {
        let colour = self.colour_of(seat);
        with!(self, e => e.retain_held_cells(colour, slots));
    }
}

impl Ecalper {
    fn status_line(&self) -> String {
        let status = self.status();
        if status.is_finished() {
            let b = self.score(Colour::Black);
            let w = self.score(Colour::White);
            return format!(
                "{status}; largest group / groups: black {} / {}, white {} / {}",
                b.0, b.1, w.0, w.1
            );
        }
        let colour = self.to_move_colour();
        let owed = self.placements_owed();
        let what = if owed > 0 {
            format!("place {owed} more")
        } else if self.over_by_rules() {
            String::new()
        } else {
            let list: Vec<String> = self.replaceable().iter().map(|q| q.to_string()).collect();
            let last = if self.empty_cells() == 1 {
                " (last turn)"
            } else {
                ""
            };
            format!("replace one of {}{last}", list.join(" "))
        };
        format!("{colour} ({} player) to move: {what}", self.to_move_seat())
    }
}

/// Draws a hex-hex board: rows from the top, numbers on the left, column
/// letters along the two lower edges; `x`/`o` for Black/White stones, upper
/// case for marked stones (replaceable now, or placed this turn), the last
/// ply's cell in parentheses.
pub(crate) fn render_board(
    s: u8,
    cell: impl Fn(Point) -> Option<Colour>,
    marked: impl Fn(Point) -> bool,
    last: Option<Point>,
    status_line: &str,
) -> String {
    let si = i32::from(s);
    let w = 2 * si - 1;
    let mut out = String::new();
    for r in (0..w).rev() {
        let indent = (r - (si - 1)).unsigned_abs() as usize;
        let mut line: Vec<char> = format!("{:>2} ", r + 1).chars().collect();
        line.extend(std::iter::repeat(' ').take(indent + 1));
        let c_lo = (r - si + 1).max(0);
        let c_hi = (r + si - 1).min(w - 1);
        for c in c_lo..=c_hi {
            let p = Point::new(c as u8, r as u8);
            let ch = match cell(p) {
                Some(Colour::Black) if marked(p) => 'X',
                Some(Colour::Black) => 'x',
                Some(Colour::White) if marked(p) => 'O',
                Some(Colour::White) => 'o',
                None => '.',
            };
            if Some(p) == last {
                line.pop();
                line.extend(['(', ch, ')']);
            } else {
                line.extend([ch, ' ']);
            }
        }
        // The bottom cell of column r + s - 1 ends rows 2..=s: label it.
        if r >= 1 && r < si {
            while line.last() == Some(&' ') {
                line.pop();
            }
            line.push(' ');
            line.push(' ');
            line.push((b'a' + (r + si - 1) as u8) as char);
        }
        out.extend(
            line.iter()
                .rev()
                .skip_while(|c| **c == ' ')
                .collect::<Vec<_>>()
                .into_iter()
                .rev(),
        );
        out.push('\n');
    }
    let mut letters = String::from("    ");
    letters.push_str(&" ".repeat(s as usize - 1));
    for c in 0..s {
        letters.push((b'a' + c) as char);
        letters.push(' ');
    }
    out.push_str(letters.trim_end());
    out.push('\n');
    out.push_str(status_line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_finds_every_bit() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
        for _ in 0..2000 {
            let w: u64 = rng.gen::<u64>() & rng.gen::<u64>();
            let b = BitBoard([w, rng.gen(), 0]);
            for k in 0..b.count() + 1 {
                assert_eq!(nth_set(&b, k), b.nth(k), "{w:x} {k}");
            }
        }
        assert_eq!(select_in_word(u64::MAX, 63), 63);
        assert_eq!(select_in_word(1 << 63, 0), 63);
    }

    #[test]
    fn point_without_division_is_exact() {
        for size in MIN_SIZE..=MAX_SIZE {
            let engine = Engine::<9>::new(size, true);
            let bits = usize::from(engine.geo.stride()) * usize::from(engine.geo.height());
            for i in 0..bits {
                assert_eq!(engine.point(i), engine.geo.point(i), "size {size} bit {i}");
            }
        }
    }

    #[test]
    fn group_stats_matches_flood_fill() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        for size in [3u8, 7, 12] {
            let geo = Geometry::<9>::hex(size);
            for _ in 0..50 {
                let density = rng.gen_range(0.1..0.9);
                let stones: BitBoard<9> = geo.valid().iter().filter(|_| rng.gen_bool(density)).collect();
                let mut rest = stones;
                let (mut largest, mut count) = (0, 0);
                while let Some(i) = rest.first() {
                    let group = geo.fill_hex(BitBoard::single(i), rest);
                    rest = rest.andnot(group);
                    largest = largest.max(group.count());
                    count += 1;
                }
                assert_eq!(
                    group_stats::<9, { max_runs(9) }>(
                        usize::from(geo.stride()),
                        usize::from(geo.height()),
                        stones
                    ),
                    (largest, count)
                );
            }
        }
    }
}
