//! The options of a game: the rules variant and the length cap.

use std::fmt;

use abstracta_core::spec::parse_choice;
use abstracta_core::{GameOptions, LengthCap, SpecError};

/// Which rules variant is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Variant {
    /// The plain game.
    #[default]
    Standard,
    /// Nestor Romeral Andres's variant: three neutral stones first (P7).
    Stones,
}

impl fmt::Display for Variant {
    /// The spec value: `standard` or `stones`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Standard => "standard",
            Variant::Stones => "stones",
        })
    }
}

/// Options of Epaminondas: `epaminondas[:variant=standard|stones,cap=N|none]`.
///
/// The board is always 14x12, so every value these options can hold is a
/// game: build them from [`Default`] and the `with_*` setters, or parse a
/// spec.
///
/// ```
/// use epaminondas::{EpaminondasOptions, Variant};
/// let options = EpaminondasOptions::default().with_variant(Variant::Stones);
/// assert_eq!(options.to_string(), "epaminondas:variant=stones");
/// assert_eq!("epaminondas:variant=stones".parse::<EpaminondasOptions>().unwrap(), options);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct EpaminondasOptions {
    variant: Variant,
    cap: LengthCap,
}

abstracta_core::options_text!(EpaminondasOptions);
#[cfg(feature = "serde")]
abstracta_core::text_serde!(EpaminondasOptions);

impl EpaminondasOptions {
    /// The rules variant (default: standard).
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The length cap (default: 1000 plies, [`DEFAULT_CAP`](crate::DEFAULT_CAP)).
    pub fn cap(&self) -> LengthCap {
        self.cap
    }

    /// These options with the rules variant `variant`.
    pub fn with_variant(mut self, variant: Variant) -> Self {
        self.variant = variant;
        self
    }

    /// These options with the length cap `cap`.
    pub fn with_cap(mut self, cap: LengthCap) -> Self {
        self.cap = cap;
        self
    }
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
