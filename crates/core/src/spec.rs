//! Game specs: `NAME[:key=value,...]`, parsed into a game's options.
//!
//! ```
//! use abstracta_core::spec::GameSpec;
//! let spec: GameSpec = "Escabel:size=7, variant=checkered".parse().unwrap();
//! assert_eq!(spec.name, "escabel");
//! assert_eq!(spec.pairs, vec![("size".into(), "7".into()), ("variant".into(), "checkered".into())]);
//! ```

use std::fmt;
use std::str::FromStr;

use crate::error::SpecError;

/// A spec split into its game name and its `key=value` pairs, lower-cased
/// and trimmed, in the order given. Keys are checked to be unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// The game name, lower case.
    pub name: String,
    /// The options, lower case, in the order given.
    pub pairs: Vec<(String, String)>,
}

impl FromStr for GameSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<GameSpec, SpecError> {
        let syntax = |reason: &str| SpecError::Syntax {
            spec: text.to_owned(),
            reason: reason.to_owned(),
        };
        let trimmed = text.trim();
        let (name, rest) = match trimmed.split_once(':') {
            Some((name, rest)) => (name.trim(), Some(rest)),
            None => (trimmed, None),
        };
        if name.is_empty() {
            return Err(syntax("expected NAME[:key=value,...], e.g. escabel:size=7"));
        }
        if !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(syntax("the game name may hold only letters, digits, '-' and '_'"));
        }
        let mut pairs: Vec<(String, String)> = Vec::new();
        if let Some(rest) = rest {
            for item in rest.split(',') {
                let item = item.trim();
                if item.is_empty() {
                    return Err(syntax("empty option (expected key=value between commas)"));
                }
                let Some((key, value)) = item.split_once('=') else {
                    return Err(syntax(&format!(
                        "option {item:?} has no '=' (expected key=value)"
                    )));
                };
                let key = key.trim().to_ascii_lowercase();
                let value = value.trim().to_ascii_lowercase();
                if key.is_empty() || value.is_empty() {
                    return Err(syntax(&format!("option {item:?} needs both a key and a value")));
                }
                if pairs.iter().any(|(k, _)| *k == key) {
                    return Err(SpecError::DuplicateKey { key });
                }
                pairs.push((key, value));
            }
        }
        Ok(GameSpec {
            name: name.to_ascii_lowercase(),
            pairs,
        })
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        for (i, (k, v)) in self.pairs.iter().enumerate() {
            f.write_str(if i == 0 { ":" } else { "," })?;
            write!(f, "{k}={v}")?;
        }
        Ok(())
    }
}

/// The length-cap option every game takes (`cap=N` or `cap=none`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LengthCap {
    /// The game's default cap (see RULES.md; may be none).
    #[default]
    Default,
    /// No cap at all (`cap=none`).
    Unlimited,
    /// At most this many plies (`cap=N`).
    Plies(u32),
}

impl LengthCap {
    /// Reads a `cap` value: a positive number of plies or `none`.
    pub fn parse(game: &str, value: &str) -> Result<LengthCap, SpecError> {
        if value == "none" {
            return Ok(LengthCap::Unlimited);
        }
        match value.parse::<u32>() {
            Ok(n) if n >= 1 => Ok(LengthCap::Plies(n)),
            _ => Err(bad_value(
                game,
                "cap",
                value,
                "a number of plies from 1 to 4294967295, or none",
            )),
        }
    }

    /// The effective cap, given the game's default.
    pub fn resolve(self, default: Option<u32>) -> Option<u32> {
        match self {
            LengthCap::Default => default,
            LengthCap::Unlimited => None,
            LengthCap::Plies(n) => Some(n),
        }
    }

    /// The spec value, or `None` for the default.
    pub fn spec_value(self) -> Option<String> {
        match self {
            LengthCap::Default => None,
            LengthCap::Unlimited => Some("none".into()),
            LengthCap::Plies(n) => Some(n.to_string()),
        }
    }
}

/// The two keys most games share, which a game's options embed: `pie`
/// (whether White may swap on its first turn, `on`/`off`) and `cap` (the
/// length cap, `N` or `none`).
///
/// ```
/// use abstracta_core::spec::CommonOptions;
/// use abstracta_core::{toy::TicTacToeOptions, LengthCap};
/// let mut common = CommonOptions::new(true);
/// common.set::<TicTacToeOptions>("cap", "20").unwrap();
/// common.set::<TicTacToeOptions>("pie", "off").unwrap();
/// assert!(common.set::<TicTacToeOptions>("size", "3").is_err());
/// assert_eq!((common.pie, common.cap), (false, LengthCap::Plies(20)));
/// let mut pairs = Vec::new();
/// common.push_pairs(true, &mut pairs);
/// assert_eq!(pairs, [("pie", "off".to_owned()), ("cap", "20".to_owned())]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CommonOptions {
    /// Whether White may swap on its first turn (the pie rule).
    pub pie: bool,
    /// The length cap as given.
    pub cap: LengthCap,
}

impl CommonOptions {
    /// The pie rule as `pie`, the game's default length cap.
    pub const fn new(pie: bool) -> Self {
        CommonOptions {
            pie,
            cap: LengthCap::Default,
        }
    }

    /// Sets `key` to `value` if it is `pie` or `cap`, as the options `O`
    /// read them; any other key is [`O::unknown_key`](GameOptions::unknown_key).
    pub fn set<O: GameOptions>(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        match key {
            "pie" => self.pie = parse_on_off(O::GAME, key, value)?,
            "cap" => self.cap = LengthCap::parse(O::GAME, value)?,
            _ => return Err(O::unknown_key(key)),
        }
        Ok(())
    }

    /// Appends the spec pairs of these keys that differ from the game's
    /// defaults (`default_pie`, the default cap), `pie` first.
    pub fn push_pairs(&self, default_pie: bool, pairs: &mut Vec<(&'static str, String)>) {
        if self.pie != default_pie {
            pairs.push(("pie", if self.pie { "on" } else { "off" }.to_owned()));
        }
        if let Some(cap) = self.cap.spec_value() {
            pairs.push(("cap", cap));
        }
    }
}

/// Writes the accessors of the keys every placement game shares, `pie()`,
/// `cap()`, `with_pie(on)` and `with_cap(cap)`, for options that keep them
/// in a [`CommonOptions`] field named `common`, inside `impl XOptions`.
///
/// ```
/// use abstracta_core::spec::CommonOptions;
/// struct Options { common: CommonOptions }
/// impl Options { abstracta_core::common_option_methods!(); }
/// let options = Options { common: CommonOptions::new(true) }.with_pie(false);
/// assert!(!options.pie());
/// ```
#[macro_export]
macro_rules! common_option_methods {
    () => {
        /// Whether White may swap on its first turn (the pie rule).
        pub fn pie(&self) -> bool {
            self.common.pie
        }

        /// The length cap as given (`effective_cap` says what is in force).
        pub fn cap(&self) -> $crate::LengthCap {
            self.common.cap
        }

        /// These options with the pie rule on or off.
        #[must_use]
        pub fn with_pie(mut self, pie: bool) -> Self {
            self.common.pie = pie;
            self
        }

        /// These options with the length cap `cap`.
        #[must_use]
        pub fn with_cap(mut self, cap: $crate::LengthCap) -> Self {
            self.common.cap = cap;
            self
        }
    };
}

/// A game's options, read from and written to a spec.
///
/// Implementors provide the per-key setter and the list of keys; the parsing
/// of the whole spec, duplicate and unknown-key errors come for free.
///
/// Options print as their canonical spec and parse from a full spec
/// (`Display` and `FromStr`, which [`options_text!`](crate::options_text)
/// writes for you), and can be compared and hashed.
pub trait GameOptions:
    Clone
    + fmt::Debug
    + fmt::Display
    + FromStr<Err = SpecError>
    + Default
    + PartialEq
    + Eq
    + std::hash::Hash
    + Send
    + Sync
    + 'static
{
    /// The game name used in specs (lower case).
    const GAME: &'static str;
    /// Every accepted key, for error messages.
    const KEYS: &'static [&'static str];

    /// Sets one option from its spec value. Unknown keys are handled before
    /// this is called, but implementations should still reject them.
    fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError>;

    /// Checks combinations of options once all are set.
    fn validate(&self) -> Result<(), SpecError> {
        Ok(())
    }

    /// Brings options that describe the same game to one form (e.g. an
    /// explicit value equal to the default). Called by
    /// [`from_pairs`](Self::from_pairs) after [`validate`](Self::validate),
    /// so equal games compare equal.
    fn canonicalize(&mut self) {}

    /// The options that differ from the default, as spec pairs, in a fixed
    /// order. Printing them and parsing back must give equal options.
    fn to_pairs(&self) -> Vec<(&'static str, String)>;

    /// The board size (the `size` key) of games played on boards of
    /// several sizes, `None` for a game of one board. With the default
    /// options it is the game's default size, which bindings offer as the
    /// `size` parameter's default.
    fn board_size(&self) -> Option<u8> {
        None
    }

    /// The error for a key this game does not take, listing the keys it does.
    fn unknown_key(key: &str) -> SpecError {
        SpecError::UnknownKey {
            game: Self::GAME.to_owned(),
            key: key.to_owned(),
            accepted: Self::KEYS.join(", "),
        }
    }

    /// Builds options from already split spec pairs.
    fn from_pairs(pairs: &[(String, String)]) -> Result<Self, SpecError> {
        let mut options = Self::default();
        for (key, value) in pairs {
            if !Self::KEYS.contains(&key.as_str()) {
                return Err(Self::unknown_key(key));
            }
            options.set(key, value)?;
        }
        options.validate()?;
        options.canonicalize();
        Ok(options)
    }

    /// Parses a full spec whose name must be this game's.
    fn from_spec(text: &str) -> Result<Self, SpecError> {
        let spec: GameSpec = text.parse()?;
        if spec.name != Self::GAME {
            return Err(SpecError::UnknownGame {
                name: spec.name,
                known: Self::GAME.to_owned(),
            });
        }
        Self::from_pairs(&spec.pairs)
    }

    /// The canonical spec text: the name, then the non-default options.
    fn spec(&self) -> String {
        GameSpec {
            name: Self::GAME.to_owned(),
            pairs: self
                .to_pairs()
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
        }
        .to_string()
    }
}

/// The options of a game that has none: its spec is the bare name
/// (`G::NAME`), and no key is accepted. A game writes
/// `type Options = NoOptions<Self>;` and needs no options type of its own.
///
/// ```
/// use abstracta_core::spec::{GameOptions, NoOptions};
/// use abstracta_core::toy::TicTacToe;
/// let options: NoOptions<TicTacToe> = "tictactoe".parse().unwrap();
/// assert_eq!(options.to_string(), "tictactoe");
/// assert!("tictactoe:pie=on".parse::<NoOptions<TicTacToe>>().is_err());
/// ```
pub struct NoOptions<G>(std::marker::PhantomData<fn() -> G>);

impl<G> NoOptions<G> {
    /// The one value (for `Game::options` to return a reference to).
    pub const NEW: NoOptions<G> = NoOptions(std::marker::PhantomData);
}

impl<G> Clone for NoOptions<G> {
    fn clone(&self) -> Self {
        NoOptions::NEW
    }
}

impl<G> fmt::Debug for NoOptions<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("NoOptions")
    }
}

impl<G> Default for NoOptions<G> {
    fn default() -> Self {
        NoOptions::NEW
    }
}

impl<G> PartialEq for NoOptions<G> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<G> Eq for NoOptions<G> {}

impl<G> std::hash::Hash for NoOptions<G> {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl<G: crate::Game> fmt::Display for NoOptions<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spec())
    }
}

impl<G: crate::Game> FromStr for NoOptions<G> {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, SpecError> {
        Self::from_spec(text)
    }
}

impl<G: crate::Game> GameOptions for NoOptions<G> {
    const GAME: &'static str = G::NAME;
    const KEYS: &'static [&'static str] = &[];

    fn set(&mut self, key: &str, _value: &str) -> Result<(), SpecError> {
        Err(Self::unknown_key(key))
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

/// A [`SpecError::BadValue`] for `game`'s option `key`.
pub fn bad_value(game: &str, key: &str, value: &str, expected: &str) -> SpecError {
    SpecError::BadValue {
        game: game.to_owned(),
        key: key.to_owned(),
        value: value.to_owned(),
        expected: expected.to_owned(),
    }
}

/// Reads an integer option in `min..=max`.
pub fn parse_range(game: &str, key: &str, value: &str, min: u32, max: u32) -> Result<u32, SpecError> {
    match value.parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(bad_value(
            game,
            key,
            value,
            &format!("a whole number from {min} to {max}"),
        )),
    }
}

/// Reads an `on`/`off` option (also `true`/`false`, `yes`/`no`, `1`/`0`).
pub fn parse_on_off(game: &str, key: &str, value: &str) -> Result<bool, SpecError> {
    match value {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(bad_value(game, key, value, "on or off")),
    }
}

/// Reads an option that must be one of `choices`; returns its index.
pub fn parse_choice(game: &str, key: &str, value: &str, choices: &[&str]) -> Result<usize, SpecError> {
    choices
        .iter()
        .position(|c| *c == value)
        .ok_or_else(|| bad_value(game, key, value, &format!("one of {}", choices.join(", "))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        let spec: GameSpec = " whirlwind : size=12 , setup=B ".parse().unwrap();
        assert_eq!(spec.to_string(), "whirlwind:size=12,setup=b");
        let bare: GameSpec = "swack".parse().unwrap();
        assert!(bare.pairs.is_empty());
    }

    #[test]
    fn syntax_errors() {
        for bad in [
            "",
            ":size=3",
            "swack:",
            "swack:size",
            "swack:size=",
            "swack:=3",
            "sw ack",
            "swack:a=1,,b=2",
        ] {
            let err = bad.parse::<GameSpec>().unwrap_err();
            assert!(!err.to_string().is_empty(), "{bad}");
        }
        assert!(matches!(
            "swack:size=3,size=4".parse::<GameSpec>(),
            Err(SpecError::DuplicateKey { .. })
        ));
    }

    #[test]
    fn cap_values() {
        assert_eq!(LengthCap::parse("x", "none").unwrap(), LengthCap::Unlimited);
        assert_eq!(LengthCap::parse("x", "12").unwrap(), LengthCap::Plies(12));
        assert!(LengthCap::parse("x", "0").is_err());
        assert!(LengthCap::parse("x", "-1").is_err());
        assert_eq!(LengthCap::Default.resolve(Some(5)), Some(5));
        assert_eq!(LengthCap::Unlimited.resolve(Some(5)), None);
    }
}
