//! The options of a Swack spec: `swack[:size=N,variant=standard|free,pie=on|off,cap=N|none]`.

use abstracta_core::spec::{parse_choice, parse_on_off, parse_range, GameOptions, LengthCap};
use abstracta_core::SpecError;

/// Smallest board side (RULES.md: n >= 2).
pub const MIN_SIZE: u8 = 2;
/// Largest board side (columns `a`..`z`).
pub const MAX_SIZE: u8 = 26;
/// Default board side (RULES.md **\[decision\]**).
pub const DEFAULT_SIZE: u8 = 8;

/// Which Swack is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The board starts full and checkered (S1).
    #[default]
    Standard,
    /// Free Swack (S9): the board starts empty and drops are allowed.
    Free,
}

impl Variant {
    /// The spec value (`standard` or `free`).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Free => "free",
        }
    }
}

/// The options of a Swack game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwackOptions {
    /// Board side n (2..=26, default 8).
    pub size: u8,
    /// Standard or Free Swack.
    pub variant: Variant,
    /// Whether White may swap on its first turn (S8, default on).
    pub pie: bool,
    /// Length cap (default 64 n^2 plies).
    pub cap: LengthCap,
}

impl Default for SwackOptions {
    fn default() -> Self {
        SwackOptions {
            size: DEFAULT_SIZE,
            variant: Variant::Standard,
            pie: true,
            cap: LengthCap::Default,
        }
    }
}

impl SwackOptions {
    /// The length cap in force: `cap`, or 64 n^2 plies by default.
    pub fn effective_cap(&self) -> Option<u32> {
        let n = u32::from(self.size);
        self.cap.resolve(Some(64 * n * n))
    }

    /// Whether this is Free Swack.
    pub fn is_free(&self) -> bool {
        self.variant == Variant::Free
    }
}

impl GameOptions for SwackOptions {
    const GAME: &'static str = "swack";
    const KEYS: &'static [&'static str] = &["size", "variant", "pie", "cap"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        match key {
            "size" => {
                self.size =
                    parse_range(Self::GAME, key, value, u32::from(MIN_SIZE), u32::from(MAX_SIZE))? as u8
            }
            "variant" => {
                self.variant = match parse_choice(Self::GAME, key, value, &["standard", "free"])? {
                    0 => Variant::Standard,
                    _ => Variant::Free,
                }
            }
            "pie" => self.pie = parse_on_off(Self::GAME, key, value)?,
            "cap" => self.cap = LengthCap::parse(Self::GAME, value)?,
            _ => return Err(Self::unknown_key(key)),
        }
        Ok(())
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if self.size != DEFAULT_SIZE {
            pairs.push(("size", self.size.to_string()));
        }
        if self.variant != Variant::Standard {
            pairs.push(("variant", self.variant.name().to_owned()));
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
