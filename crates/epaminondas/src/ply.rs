//! Options, plies and board cells shared by the engine and the reference.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use abstracta_core::spec::parse_choice;
use abstracta_core::{GameOptions, LengthCap, ParsePlyError, Point, SpecError};

/// Board width (columns `a`..`n`).
pub const WIDTH: u8 = 14;
/// Board height (rows `1`..`12`).
pub const HEIGHT: u8 = 12;
/// The default length cap in plies (RULES.md: 1000, then a draw).
pub const DEFAULT_CAP: u32 = 1000;
/// The number of neutral stones in the Romeral variant.
pub const STONES: u32 = 3;
/// Stones go on rows 4..=9 (0-based 3..=8).
pub const STONE_ROWS: std::ops::RangeInclusive<u8> = 3..=8;

/// Which rules variant is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The plain game.
    #[default]
    Standard,
    /// Nestor Romeral Andres's variant: three neutral stones first (P7).
    Stones,
}

/// Options of Epaminondas: `epaminondas[:variant=standard|stones,cap=N|none]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EpaminondasOptions {
    /// The rules variant (default: standard).
    pub variant: Variant,
    /// Length cap (default: 1000 plies).
    pub cap: LengthCap,
}

impl GameOptions for EpaminondasOptions {
    const GAME: &'static str = "epaminondas";
    const KEYS: &'static [&'static str] = &["variant", "cap"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        match key {
            "variant" => {
                self.variant = match parse_choice(Self::GAME, key, value, &["standard", "stones"])? {
                    0 => Variant::Standard,
                    _ => Variant::Stones,
                }
            }
            "cap" => self.cap = LengthCap::parse(Self::GAME, value)?,
            _ => return Err(Self::unknown_key(key)),
        }
        Ok(())
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if self.variant == Variant::Stones {
            pairs.push(("variant", "stones".to_owned()));
        }
        if let Some(cap) = self.cap.spec_value() {
            pairs.push(("cap", cap));
        }
        pairs
    }
}

/// One ply of Epaminondas.
///
/// A move names the square of the rearmost moving piece and the square it
/// lands on (RULES.md P2); direction and distance follow, and the moving part
/// is `from` plus every contiguous friendly piece ahead of it.
///
/// The `capture` flag only decides how the ply prints (`FROMxTO`). Parsing
/// reads it from the separator, but text cannot know whether a move captures,
/// so equality, hashing and ordering ignore the flag: `a1-a3` and `a1xa3` are
/// the same ply. Generated plies carry the right flag, and playing a ply
/// records it with the flag resolved against the board, so
/// [`last_ply`](abstracta_core::Game::last_ply) always prints correctly.
#[derive(Clone, Copy, Debug)]
pub enum EpaminondasPly {
    /// Move the phalanx whose rear piece is on `from` so that the rear lands on `to`.
    Move {
        /// The rearmost moving piece.
        from: Point,
        /// Where that piece lands.
        to: Point,
        /// Whether the move captures (printing only; see the type docs).
        capture: bool,
    },
    /// Place a neutral stone (Romeral variant, P7): `*e6`.
    Stone(Point),
}

impl EpaminondasPly {
    /// A move from `from` to `to` (capture flag unset).
    pub const fn step(from: Point, to: Point) -> Self {
        EpaminondasPly::Move {
            from,
            to,
            capture: false,
        }
    }

    fn key(&self) -> (u8, Point, Point) {
        match *self {
            EpaminondasPly::Move { from, to, .. } => (0, from, to),
            EpaminondasPly::Stone(p) => (1, p, p),
        }
    }
}

impl PartialEq for EpaminondasPly {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for EpaminondasPly {}

impl Hash for EpaminondasPly {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl PartialOrd for EpaminondasPly {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for EpaminondasPly {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for EpaminondasPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpaminondasPly::Move { from, to, capture } => {
                write!(f, "{from}{}{to}", if *capture { 'x' } else { '-' })
            }
            EpaminondasPly::Stone(p) => write!(f, "*{p}"),
        }
    }
}

const EXPECTED: &str = "a move FROM-TO or FROMxTO (e.g. a2-a4, c3xc5) or a stone *e6, \
                        on columns a..n and rows 1..12";

fn on_board(p: Point) -> bool {
    p.col < WIDTH && p.row < HEIGHT
}

impl FromStr for EpaminondasPly {
    type Err = ParsePlyError;

    fn from_str(s: &str) -> Result<Self, ParsePlyError> {
        let t = s.trim();
        let err = || ParsePlyError::new(s, EXPECTED);
        if let Some(rest) = t.strip_prefix('*') {
            let p: Point = rest.parse().map_err(|_| err())?;
            return if on_board(p) {
                Ok(EpaminondasPly::Stone(p))
            } else {
                Err(err())
            };
        }
        let (from, rest) = Point::parse_prefix(t).map_err(|_| err())?;
        let mut chars = rest.chars();
        let capture = match chars.next() {
            Some('-') => false,
            Some('x' | 'X') => true,
            _ => return Err(err()),
        };
        let to: Point = chars.as_str().parse().map_err(|_| err())?;
        if !on_board(from) || !on_board(to) {
            return Err(err());
        }
        Ok(EpaminondasPly::Move { from, to, capture })
    }
}

/// The contents of one square, for comparing engines and for tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// Nothing there.
    Empty,
    /// A black piece.
    Black,
    /// A white piece.
    White,
    /// A neutral stone (P7).
    Stone,
}

impl Cell {
    /// The character renderings use.
    pub const fn symbol(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Black => 'b',
            Cell::White => 'w',
            Cell::Stone => '*',
        }
    }
}

/// Renders a board given as row-major cells from `a1`, marking the last
/// ply, with a status line. Shared by the engine and the reference (it is
/// presentation, not rules).
pub(crate) fn render_board(cells: &[Cell], last: Option<EpaminondasPly>, footer: &str) -> String {
    let (from, to) = match last {
        Some(EpaminondasPly::Move { from, to, .. }) => (Some(from), Some(to)),
        Some(EpaminondasPly::Stone(p)) => (None, Some(p)),
        None => (None, None),
    };
    let mut s = String::new();
    let letters: String = (0..WIDTH).map(|c| format!(" {} ", (b'a' + c) as char)).collect();
    s.push_str(&format!("    {letters}\n"));
    for row in (0..HEIGHT).rev() {
        s.push_str(&format!("{:>3} ", row + 1));
        for col in 0..WIDTH {
            let p = Point::new(col, row);
            let c = cells[usize::from(row) * usize::from(WIDTH) + usize::from(col)].symbol();
            if Some(p) == to {
                s.push_str(&format!("({c})"));
            } else if Some(p) == from {
                s.push_str(&format!("[{c}]"));
            } else {
                s.push_str(&format!(" {c} "));
            }
        }
        s.push_str(&format!(" {}\n", row + 1));
    }
    s.push_str(&format!("    {letters}\n"));
    s.push_str(footer);
    s.push('\n');
    s
}

/// Checks a board given to `from_cells`; see
/// [`Epaminondas::from_cells`](crate::Epaminondas::from_cells).
pub(crate) fn validate_cells(options: &EpaminondasOptions, cells: &[Cell]) -> Result<(), String> {
    let want = usize::from(WIDTH) * usize::from(HEIGHT);
    if cells.len() != want {
        return Err(format!("a board has {want} cells, not {}", cells.len()));
    }
    let stones = cells.iter().filter(|c| **c == Cell::Stone).count() as u32;
    let expected = if options.variant == Variant::Stones {
        STONES
    } else {
        0
    };
    if stones != expected {
        return Err(format!(
            "this variant needs {expected} stones on the board, not {stones}"
        ));
    }
    Ok(())
}

/// Reads a board diagram: rows from 12 down to 1, one per line, cells `w`,
/// `b`, `*` or `.` (spaces ignored; blank lines skipped). For tests.
pub fn parse_diagram(text: &str) -> Result<Vec<Cell>, String> {
    let rows: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    if rows.len() != usize::from(HEIGHT) {
        return Err(format!("a diagram has {HEIGHT} rows, not {}", rows.len()));
    }
    let mut cells = vec![Cell::Empty; usize::from(WIDTH) * usize::from(HEIGHT)];
    for (i, line) in rows.iter().enumerate() {
        let row = usize::from(HEIGHT) - 1 - i;
        let symbols: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        if symbols.len() != usize::from(WIDTH) {
            return Err(format!(
                "row {} has {} cells, not {WIDTH}",
                row + 1,
                symbols.len()
            ));
        }
        for (col, ch) in symbols.into_iter().enumerate() {
            cells[row * usize::from(WIDTH) + col] = match ch.to_ascii_lowercase() {
                '.' => Cell::Empty,
                'b' => Cell::Black,
                'w' => Cell::White,
                '*' => Cell::Stone,
                other => return Err(format!("unknown cell {other:?} (use w, b, * or .)")),
            };
        }
    }
    Ok(cells)
}
