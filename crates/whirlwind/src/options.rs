//! Options (`size`, `setup`, `cap`), shared by the engine and the reference
//! implementation.

use abstracta_core::spec::{bad_value, parse_choice, GameOptions, LengthCap};
use abstracta_core::SpecError;

/// Smallest board side.
pub const MIN_SIZE: u8 = 4;
/// Largest board side (columns `a`..`z`).
pub const MAX_SIZE: u8 = 26;
/// The default board side **\[decision\]** in RULES.md.
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

/// What a board side must be, as error messages say it.
const SIZE_EXPECTED: &str = "an even number from 4 to 26";

/// The options of a Whirlwind game: `whirlwind[:size=N,setup=a|b,cap=N|none]`.
///
/// Built from a spec ([`GameOptions::from_spec`], or `str::parse`) or with
/// [`new`](Self::new) and the `with_*` setters; the board side is checked
/// on the way in, so every value is a playable game.
///
/// ```
/// use whirlwind::{Setup, WhirlwindOptions};
/// let options = WhirlwindOptions::new(12).unwrap().with_setup(Setup::B);
/// assert_eq!(options.to_string(), "whirlwind:size=12,setup=b");
/// assert!(WhirlwindOptions::new(13).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct WhirlwindOptions {
    /// Board side, even, 4..=26 (default 14).
    size: u8,
    /// Which set-up of W1 (default `a`).
    setup: Setup,
    /// Length cap (default: none, the game is finite).
    cap: LengthCap,
}

abstracta_core::options_text!(WhirlwindOptions);

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
    /// Options with the given board side and defaults otherwise; an `Err`
    /// naming the accepted sides if `size` is not one.
    pub fn new(size: u8) -> Result<Self, SpecError> {
        Self::default().with_size(size)
    }

    /// These options with board side `size` (even, 4..=26).
    pub fn with_size(self, size: u8) -> Result<Self, SpecError> {
        if Self::size_ok(size) {
            Ok(WhirlwindOptions { size, ..self })
        } else {
            Err(bad_value(Self::GAME, "size", &size.to_string(), SIZE_EXPECTED))
        }
    }

    /// These options with set-up `setup`.
    #[must_use]
    pub fn with_setup(self, setup: Setup) -> Self {
        WhirlwindOptions { setup, ..self }
    }

    /// These options with length cap `cap`.
    #[must_use]
    pub fn with_cap(self, cap: LengthCap) -> Self {
        WhirlwindOptions { cap, ..self }
    }

    /// The board side.
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// The set-up of W1.
    pub const fn setup(&self) -> Setup {
        self.setup
    }

    /// The length cap.
    pub const fn cap(&self) -> LengthCap {
        self.cap
    }

    /// Whether `size` is an allowed board side.
    pub const fn size_ok(size: u8) -> bool {
        size >= MIN_SIZE && size <= MAX_SIZE && size % 2 == 0
    }
}

#[cfg(feature = "serde")]
abstracta_core::text_serde!(WhirlwindOptions);

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
                    .ok_or_else(|| bad_value(Self::GAME, key, value, SIZE_EXPECTED))?;
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
                SIZE_EXPECTED,
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

    fn board_size(&self) -> Option<u8> {
        Some(self.size())
    }
}
