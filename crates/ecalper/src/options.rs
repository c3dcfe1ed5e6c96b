//! Ecalper's options: the board side, the pie rule and the length cap.

use abstracta_core::spec::{bad_value, parse_range, CommonOptions};
use abstracta_core::{GameOptions, Point, SpecError};

/// Smallest allowed board side.
pub const MIN_SIZE: u8 = 3;
/// Largest allowed board side.
pub const MAX_SIZE: u8 = 12;
/// Default board side.
pub const DEFAULT_SIZE: u8 = 7;

/// Options of an Ecalper game: `ecalper[:size=S,pie=on|off,cap=N|none]`.
///
/// The side can only be set through [`new`](Self::new),
/// [`with_size`](Self::with_size) or a spec, which check it, so every value
/// of this type is a playable game.
///
/// ```
/// use ecalper::EcalperOptions;
/// let options = EcalperOptions::new(5).unwrap().with_pie(false);
/// assert_eq!(options.to_string(), "ecalper:size=5,pie=off");
/// assert_eq!("ecalper:size=5,pie=off".parse::<EcalperOptions>().unwrap(), options);
/// assert!(EcalperOptions::new(13).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct EcalperOptions {
    size: u8,
    /// Whether White may swap on its first turn (default on) and the
    /// length cap (default: none).
    common: CommonOptions,
}

impl Default for EcalperOptions {
    fn default() -> Self {
        EcalperOptions {
            size: DEFAULT_SIZE,
            common: CommonOptions::new(true),
        }
    }
}

abstracta_core::options_text!(EcalperOptions);

#[cfg(feature = "serde")]
abstracta_core::text_serde!(EcalperOptions);

/// The error for a board side outside `MIN_SIZE..=MAX_SIZE`.
fn bad_size(value: &str) -> SpecError {
    bad_value(
        EcalperOptions::GAME,
        "size",
        value,
        &format!("a whole number from {MIN_SIZE} to {MAX_SIZE}"),
    )
}

impl EcalperOptions {
    abstracta_core::common_option_methods!();

    /// The default game on a board of side `size` (3..=12).
    pub fn new(size: u8) -> Result<Self, SpecError> {
        EcalperOptions::default().with_size(size)
    }

    /// These options with board side `size` (3..=12).
    pub fn with_size(self, size: u8) -> Result<Self, SpecError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(bad_size(&size.to_string()));
        }
        Ok(EcalperOptions { size, ..self })
    }

    /// Board side, 3..=12 (default 7).
    pub fn size(&self) -> u8 {
        self.size
    }

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
            _ => self.common.set::<Self>(key, value)?,
        }
        Ok(())
    }

    fn validate(&self) -> Result<(), SpecError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&self.size) {
            return Err(bad_size(&self.size.to_string()));
        }
        Ok(())
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if self.size != DEFAULT_SIZE {
            pairs.push(("size", self.size.to_string()));
        }
        self.common.push_pairs(true, &mut pairs);
        pairs
    }

    fn board_size(&self) -> Option<u8> {
        Some(self.size())
    }
}

/// Whether `p` is a cell of the hex-hex board of side `size`.
pub fn on_board(size: u8, p: Point) -> bool {
    let (s, c, r) = (i32::from(size), i32::from(p.col), i32::from(p.row));
    c <= 2 * s - 2 && r <= 2 * s - 2 && (c - r).abs() < s
}
