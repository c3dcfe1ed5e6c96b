//! Options (`size`, `setup`, `cap`) and the ply notation, shared by the
//! engine and the reference implementation.

use std::fmt;
use std::str::FromStr;

use abstracta_core::spec::{bad_value, parse_choice, GameOptions, LengthCap};
use abstracta_core::{ParsePlyError, Point, SpecError};

/// Smallest board side.
pub const MIN_SIZE: u8 = 4;
/// Largest board side (columns `a`..`z`).
pub const MAX_SIZE: u8 = 26;
/// The default board side **[decision]** in RULES.md.
pub const DEFAULT_SIZE: u8 = 14;

/// Which of the two symmetrical set-ups of W1 is used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Setup {
    /// `phase = 0`: the stone with the lowest `k = x + 3y` is Black.
    #[default]
    A,
    /// `phase = 1`: the colours of set-up `a` exchanged.
    B,
}

impl Setup {
    /// The `phase` of W1 (0 for `a`, 1 for `b`).
    pub const fn phase(self) -> u32 {
        match self {
            Setup::A => 0,
            Setup::B => 1,
        }
    }

    /// The spec value (`a` or `b`).
    pub const fn name(self) -> &'static str {
        match self {
            Setup::A => "a",
            Setup::B => "b",
        }
    }
}

/// The options of a Whirlwind game: `whirlwind[:size=N,setup=a|b,cap=N|none]`.
///
/// Build them from a spec ([`GameOptions::from_spec`]) so they are checked;
/// a hand-built value with an odd or out-of-range size makes
/// [`Whirlwind::new`](crate::Whirlwind) panic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhirlwindOptions {
    /// Board side, even, 4..=26 (default 14).
    pub size: u8,
    /// Which set-up of W1 (default `a`).
    pub setup: Setup,
    /// Length cap (default: none, the game is finite).
    pub cap: LengthCap,
}

impl Default for WhirlwindOptions {
    fn default() -> Self {
        WhirlwindOptions {
            size: DEFAULT_SIZE,
            setup: Setup::A,
            cap: LengthCap::Default,
        }
    }
}

impl WhirlwindOptions {
    /// Options with the given board side and defaults otherwise.
    pub fn with_size(size: u8) -> Self {
        WhirlwindOptions {
            size,
            ..Self::default()
        }
    }

    /// Whether `size` is an allowed board side.
    pub const fn size_ok(size: u8) -> bool {
        size >= MIN_SIZE && size <= MAX_SIZE && size % 2 == 0
    }
}

impl GameOptions for WhirlwindOptions {
    const GAME: &'static str = "whirlwind";
    const KEYS: &'static [&'static str] = &["size", "setup", "cap"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        match key {
            "size" => {
                let size = value
                    .parse::<u8>()
                    .ok()
                    .filter(|&s| Self::size_ok(s))
                    .ok_or_else(|| bad_value(Self::GAME, key, value, "an even number from 4 to 26"))?;
                self.size = size;
            }
            "setup" => {
                self.setup = match parse_choice(Self::GAME, key, value, &["a", "b"])? {
                    0 => Setup::A,
                    _ => Setup::B,
                }
            }
            "cap" => self.cap = LengthCap::parse(Self::GAME, value)?,
            _ => return Err(Self::unknown_key(key)),
        }
        Ok(())
    }

    fn validate(&self) -> Result<(), SpecError> {
        if Self::size_ok(self.size) {
            Ok(())
        } else {
            Err(bad_value(
                Self::GAME,
                "size",
                &self.size.to_string(),
                "an even number from 4 to 26",
            ))
        }
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if self.size != DEFAULT_SIZE {
            pairs.push(("size", self.size.to_string()));
        }
        if self.setup != Setup::A {
            pairs.push(("setup", self.setup.name().to_owned()));
        }
        if let Some(cap) = self.cap.spec_value() {
            pairs.push(("cap", cap));
        }
        pairs
    }
}

/// One Whirlwind ply: a stone, or the end of a one-stone turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WhirlwindPly {
    /// Place a stone of the mover's colour (`c3`).
    Place(Point),
    /// End the turn after one stone (`end`).
    End,
}

impl fmt::Display for WhirlwindPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WhirlwindPly::Place(p) => write!(f, "{p}"),
            WhirlwindPly::End => f.write_str("end"),
        }
    }
}

impl FromStr for WhirlwindPly {
    type Err = ParsePlyError;

    fn from_str(s: &str) -> Result<Self, ParsePlyError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("end") {
            return Ok(WhirlwindPly::End);
        }
        t.parse::<Point>()
            .map(WhirlwindPly::Place)
            .map_err(|_| ParsePlyError::new(s, "a point such as c3 (column a..z, row 1..26), or end"))
    }
}
