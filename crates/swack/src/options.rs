//! The options of a Swack spec: `swack[:size=N,variant=standard|free,pie=on|off,cap=N|none]`.

use abstracta_core::spec::{bad_value, parse_choice, parse_range, CommonOptions, GameOptions};
use abstracta_core::SpecError;

/// Smallest board side (RULES.md: n >= 2).
pub const MIN_SIZE: u8 = 2;
/// Largest board side (columns `a`..`z`).
pub const MAX_SIZE: u8 = 26;
/// Default board side (RULES.md **\[decision\]**).
pub const DEFAULT_SIZE: u8 = 8;

/// Which Swack is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
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

/// The options of a Swack game. Built from a spec (`"swack:size=6"`
/// parses), or from [`SwackOptions::new`] and the `with_*` setters; a
/// board side outside `2..=26` is an error, never a panic.
///
/// ```
/// use swack::{SwackOptions, Variant};
/// let options = SwackOptions::new(6).unwrap().with_variant(Variant::Free);
/// assert_eq!(options.to_string(), "swack:size=6,variant=free");
/// assert_eq!("swack:size=6,variant=free".parse::<SwackOptions>().unwrap(), options);
/// assert!(SwackOptions::new(27).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SwackOptions {
    /// Board side n (2..=26, default 8).
    size: u8,
    /// Standard or Free Swack.
    variant: Variant,
    /// Whether White may swap on its first turn (default on) and the
    /// length cap (default 64 n^2 plies).
    common: CommonOptions,
}

abstracta_core::options_text!(SwackOptions);

#[cfg(feature = "serde")]
abstracta_core::text_serde!(SwackOptions);

impl Default for SwackOptions {
    fn default() -> Self {
        SwackOptions {
            size: DEFAULT_SIZE,
            variant: Variant::Standard,
            common: CommonOptions::new(true),
        }
    }
}

/// The error for a board side outside `MIN_SIZE..=MAX_SIZE`.
fn check_size(size: u32) -> Result<u8, SpecError> {
    if (u32::from(MIN_SIZE)..=u32::from(MAX_SIZE)).contains(&size) {
        Ok(size as u8)
    } else {
        Err(bad_value(
            SwackOptions::GAME,
            "size",
            &size.to_string(),
            &format!("a whole number from {MIN_SIZE} to {MAX_SIZE}"),
        ))
    }
}

impl SwackOptions {
    abstracta_core::common_option_methods!();

    /// The default options on an `size` x `size` board, or an error naming
    /// the accepted sides (`2..=26`).
    pub fn new(size: u8) -> Result<Self, SpecError> {
        SwackOptions::default().with_size(size)
    }

    /// These options on an `size` x `size` board, or an error naming the
    /// accepted sides (`2..=26`).
    pub fn with_size(self, size: u8) -> Result<Self, SpecError> {
        let size = check_size(u32::from(size))?;
        Ok(SwackOptions { size, ..self })
    }

    /// These options with `variant`.
    #[must_use]
    pub fn with_variant(self, variant: Variant) -> Self {
        SwackOptions { variant, ..self }
    }

    /// The board side n (2..=26, default 8).
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Standard or Free Swack.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The length cap in force: `cap`, or 64 n^2 plies by default.
    pub fn effective_cap(&self) -> Option<u32> {
        let n = u32::from(self.size);
        self.common.cap.resolve(Some(64 * n * n))
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
                let n = parse_range(Self::GAME, key, value, u32::from(MIN_SIZE), u32::from(MAX_SIZE))?;
                self.size = check_size(n)?;
            }
            "variant" => {
                self.variant = match parse_choice(Self::GAME, key, value, &["standard", "free"])? {
                    0 => Variant::Standard,
                    _ => Variant::Free,
                }
            }
            _ => self.common.set::<Self>(key, value)?,
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
        self.common.push_pairs(true, &mut pairs);
        pairs
    }

    fn board_size(&self) -> Option<u8> {
        Some(self.size())
    }
}
