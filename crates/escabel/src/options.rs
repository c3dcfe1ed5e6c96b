//! The options of an Escabel spec (`escabel:size=7,variant=checkered,...`).

use abstracta_core::spec::{bad_value, parse_choice, parse_range, CommonOptions, GameOptions};
use abstracta_core::{Colour, SpecError};

/// Smallest board side (RULES.md: 3 <= n).
pub const MIN_SIZE: u8 = 3;
/// Largest board side (RULES.md: n <= 26).
pub const MAX_SIZE: u8 = 26;
/// Default board side.
pub const DEFAULT_SIZE: u8 = 9;

/// How the game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Variant {
    /// An empty board (`variant=standard`).
    #[default]
    Standard,
    /// Every point holds a height-1 stack, checkered (`variant=checkered`, E9).
    Checkered,
}

/// Options of an Escabel game.
///
/// Built from a spec, or by hand through [`new`](Self::new) and the
/// `with_*` methods, which check what they set: options hold only boards
/// and setups the rules allow.
///
/// ```
/// use abstracta_core::GameOptions;
/// use escabel::{EscabelOptions, Variant};
/// let o = EscabelOptions::from_spec("escabel:size=7,variant=checkered,corner=white").unwrap();
/// assert_eq!(o.size(), 7);
/// assert_eq!(o.spec(), "escabel:size=7,variant=checkered,corner=white");
/// assert_eq!(o.to_string(), o.spec());
/// assert!(EscabelOptions::from_spec("escabel:corner=white").is_err());
/// let by_hand = EscabelOptions::new(7).unwrap().with_variant(Variant::Checkered);
/// assert_eq!(by_hand.unwrap().spec(), "escabel:size=7,variant=checkered");
/// assert!(EscabelOptions::new(40).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct EscabelOptions {
    /// Board side n (3..=26, default 9).
    size: u8,
    /// Standard (empty board) or checkered start.
    variant: Variant,
    /// The colour on `a1` in the checkered variant, if given. `None` means
    /// the default (black); an explicit `corner=black` is kept only until
    /// validation, so that "corner without variant=checkered" can be reported.
    corner: Option<Colour>,
    /// Whether White may swap on its first turn (default on) and the
    /// length cap (default 8 n^2 plies).
    common: CommonOptions,
}

impl Default for EscabelOptions {
    fn default() -> Self {
        EscabelOptions {
            size: DEFAULT_SIZE,
            variant: Variant::Standard,
            corner: None,
            common: CommonOptions::new(true),
        }
    }
}

impl EscabelOptions {
    abstracta_core::common_option_methods!();

    /// Options for an `n x n` board, everything else default; an error
    /// naming the accepted range unless `3 <= n <= 26`.
    pub fn new(size: u8) -> Result<Self, SpecError> {
        Self::default().with_size(size)
    }

    /// These options on an `n x n` board (`3 <= n <= 26`; a white corner
    /// needs an odd side).
    pub fn with_size(self, size: u8) -> Result<Self, SpecError> {
        EscabelOptions { size, ..self }.checked()
    }

    /// These options with the setup `variant` (a corner colour needs
    /// [`Variant::Checkered`]).
    pub fn with_variant(self, variant: Variant) -> Result<Self, SpecError> {
        EscabelOptions { variant, ..self }.checked()
    }

    /// These options with `corner` on `a1` in the checkered setup (the
    /// variant must be checkered; white needs an odd side).
    pub fn with_corner(self, corner: Colour) -> Result<Self, SpecError> {
        EscabelOptions {
            corner: Some(corner),
            ..self
        }
        .checked()
    }

    fn checked(mut self) -> Result<Self, SpecError> {
        self.validate()?;
        self.canonicalize();
        Ok(self)
    }

    /// The board side n.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The setup variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The colour on `a1` in the checkered setup (black unless
    /// `corner=white`).
    pub fn corner_colour(&self) -> Colour {
        self.corner.unwrap_or(Colour::Black)
    }

    /// The default length cap of RULES.md: 8 n^2 plies.
    pub fn default_cap(&self) -> u32 {
        8 * u32::from(self.size) * u32::from(self.size)
    }

    /// The effective length cap.
    pub fn effective_cap(&self) -> Option<u32> {
        self.common.cap.resolve(Some(self.default_cap()))
    }
}

abstracta_core::options_text!(EscabelOptions);
#[cfg(feature = "serde")]
abstracta_core::text_serde!(EscabelOptions);

impl GameOptions for EscabelOptions {
    const GAME: &'static str = "escabel";
    const KEYS: &'static [&'static str] = &["size", "variant", "corner", "pie", "cap"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        match key {
            "size" => {
                self.size =
                    parse_range(Self::GAME, key, value, u32::from(MIN_SIZE), u32::from(MAX_SIZE))? as u8
            }
            "variant" => {
                self.variant = match parse_choice(Self::GAME, key, value, &["standard", "checkered"])? {
                    0 => Variant::Standard,
                    _ => Variant::Checkered,
                }
            }
            "corner" => {
                self.corner = Some(match parse_choice(Self::GAME, key, value, &["black", "white"])? {
                    0 => Colour::Black,
                    _ => Colour::White,
                })
            }
            _ => self.common.set::<Self>(key, value)?,
        }
        Ok(())
    }

    fn validate(&self) -> Result<(), SpecError> {
        let conflict = |reason: &str| SpecError::Conflict {
            game: Self::GAME.to_owned(),
            reason: reason.to_owned(),
        };
        if !(MIN_SIZE..=MAX_SIZE).contains(&self.size) {
            return Err(bad_value(
                Self::GAME,
                "size",
                &self.size.to_string(),
                &format!("a whole number from {MIN_SIZE} to {MAX_SIZE}"),
            ));
        }
        if self.corner.is_some() && self.variant != Variant::Checkered {
            return Err(conflict("option corner only applies to variant=checkered"));
        }
        if self.corner == Some(Colour::White) && self.size % 2 == 0 {
            return Err(conflict(
                "corner=white needs an odd size (on even sizes the checkered setup has a1 black)",
            ));
        }
        Ok(())
    }

    fn canonicalize(&mut self) {
        // `corner=black` is the default setup: once validated, it is the same
        // game as leaving `corner` out.
        if self.corner == Some(Colour::Black) {
            self.corner = None;
        }
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if self.size != DEFAULT_SIZE {
            pairs.push(("size", self.size.to_string()));
        }
        if self.variant == Variant::Checkered {
            pairs.push(("variant", "checkered".to_owned()));
        }
        if let Some(c) = self.corner {
            pairs.push(("corner", c.name().to_owned()));
        }
        self.common.push_pairs(true, &mut pairs);
        pairs
    }

    fn board_size(&self) -> Option<u8> {
        Some(self.size())
    }
}
