//! Reading and printing engine specs: the per-key parsers the option
//! table names, [`OptionsError`], and `FromStr`/`Display` of
//! [`MctsOptions`].

use super::*;
use abstracta_core::error::Excerpt;
pub(super) use abstracta_core::search::format_time_value as format_duration;
use abstracta_core::search::{parse_time_value, TIME_VALUE_FORMS};

/// Where a search uses the game's decisive and forced plies (the spec key
/// `decisive`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decisive {
    /// `off`: nowhere.
    Off,
    /// `tree`: when expanding a node.
    Tree,
    /// `on`: when expanding a node and in playouts.
    On,
}

impl Decisive {
    /// Whether expansion uses them.
    pub fn in_tree(self) -> bool {
        self != Decisive::Off
    }

    /// Whether playouts use them.
    pub fn in_playouts(self) -> bool {
        self == Decisive::On
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            Decisive::Off => "off",
            Decisive::Tree => "tree",
            Decisive::On => "on",
        }
    }
}

/// How MAST draws a playout ply (the spec key `mast`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mast {
    /// `off`: no MAST.
    Off,
    /// `softmax`: Gibbs sampling over the legal plies' average rewards,
    /// at temperature `mastt`.
    Softmax,
    /// `greedy`: the ply of the best average reward, or with the chance
    /// `maste` a uniform one.
    Greedy,
}

impl Mast {
    pub(super) fn name(self) -> &'static str {
        match self {
            Mast::Off => "off",
            Mast::Softmax => "softmax",
            Mast::Greedy => "greedy",
        }
    }
}

/// How a node scores its children (the spec key `select`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Select {
    /// `uct`: UCT (with RAVE, first-play urgency and the other keys).
    Uct,
    /// `puct`: AlphaZero's PUCT with a policy from the game's priors.
    Puct,
}

impl Select {
    pub(super) fn name(self) -> &'static str {
        match self {
            Select::Uct => "uct",
            Select::Puct => "puct",
        }
    }
}

/// Why an engine spec could not be parsed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum OptionsError {
    /// A key that is not one of [`KEYS`].
    #[error("unknown mcts option `{}`; accepted keys: {accepted}", Excerpt(.key))]
    UnknownKey {
        /// The key given.
        key: String,
        /// The accepted keys, comma separated.
        accepted: String,
    },
    /// A value the key does not accept.
    #[error("bad value `{}` for mcts option `{}`: expected {expected}", Excerpt(.value), Excerpt(.key))]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What the key accepts.
        expected: &'static str,
    },
    /// A piece without `=`.
    #[error("mcts option `{}` has no value: write key=value (accepted keys: {keys})", Excerpt(.0), keys = KEYS.join(", "))]
    MissingValue(String),
    /// The same key twice.
    #[error("mcts option `{}` is given twice", Excerpt(.0))]
    Duplicate(String),
    /// A spec whose shape is wrong (e.g. an empty option between commas).
    #[error("bad mcts spec: {0}")]
    Syntax(Box<SpecError>),
    /// A spec naming another engine.
    #[error("engine spec `{}` is not an mcts spec: write mcts:key=value,...", Excerpt(.0))]
    NotMcts(String),
}

pub(super) fn bad(key: &str, value: &str, expected: &'static str) -> OptionsError {
    OptionsError::BadValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected,
    }
}

pub(super) fn parse_on_off(key: &str, value: &str) -> Result<bool, OptionsError> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(bad(key, value, "on or off")),
    }
}

pub(super) fn parse_int<T: FromStr>(
    key: &str,
    value: &str,
    expected: &'static str,
) -> Result<T, OptionsError> {
    value
        .replace('_', "")
        .parse()
        .map_err(|_| bad(key, value, expected))
}

/// A whole number in `range`.
pub(super) fn parse_bounded(
    key: &str,
    value: &str,
    range: std::ops::RangeInclusive<u32>,
    expected: &'static str,
) -> Result<u32, OptionsError> {
    let n: u32 = parse_int(key, value, expected)?;
    if range.contains(&n) {
        Ok(n)
    } else {
        Err(bad(key, value, expected))
    }
}

/// `off` (0) or a whole number in `range`.
pub(super) fn parse_off_or_bounded(
    key: &str,
    value: &str,
    range: std::ops::RangeInclusive<u32>,
    expected: &'static str,
) -> Result<u32, OptionsError> {
    if value.eq_ignore_ascii_case("off") {
        Ok(0)
    } else {
        parse_bounded(key, value, range, expected)
    }
}

pub(super) fn parse_float(key: &str, value: &str, expected: &'static str) -> Result<f64, OptionsError> {
    match value.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => Err(bad(key, value, expected)),
    }
}

/// Parses a time value (`500ms`, `2s`, `1.5s`, `250us`, `1m`; core's form).
pub(super) fn parse_duration(key: &str, value: &str) -> Result<Duration, OptionsError> {
    parse_time_value(value).ok_or_else(|| bad(key, value, TIME_VALUE_FORMS))
}

impl FromStr for MctsOptions {
    type Err = OptionsError;

    /// Parses `mcts:key=value,...` (the name in any case: `MCTS:`, `Mcts:`),
    /// `key=value,...`, `mcts`, `mcts:` or the empty string, with the
    /// game-spec parser ([`GameSpec`]). Keys not given keep their defaults.
    fn from_str(s: &str) -> Result<Self, OptionsError> {
        let s = s.trim();
        // Without a name: the options alone (or nothing).
        let named = if !s.contains(':') && !s.eq_ignore_ascii_case("mcts") {
            format!("mcts:{s}")
        } else {
            s.to_owned()
        };
        let named = named.trim_end();
        let named = named.strip_suffix(':').unwrap_or(named);
        let spec: GameSpec = match named.parse() {
            Ok(spec) => spec,
            Err(SpecError::DuplicateKey { key }) => return Err(OptionsError::Duplicate(key)),
            Err(error) => {
                let name = named.split(':').next().unwrap_or("").trim();
                if !name.eq_ignore_ascii_case("mcts") {
                    return Err(OptionsError::NotMcts(s.to_owned()));
                }
                // Name the piece without a key or a value, if that was it.
                let body = named.split_once(':').map_or("", |(_, body)| body);
                let missing = body.split(',').map(str::trim).find(|piece| {
                    !piece.is_empty()
                        && piece
                            .split_once('=')
                            .map_or(true, |(k, v)| k.trim().is_empty() || v.trim().is_empty())
                });
                return Err(match missing {
                    Some(piece) => OptionsError::MissingValue(piece.to_owned()),
                    None => OptionsError::Syntax(Box::new(error)),
                });
            }
        };
        if spec.name != "mcts" {
            return Err(OptionsError::NotMcts(s.to_owned()));
        }
        let mut o = MctsOptions {
            iterations: None,
            ..MctsOptions::default()
        };
        let mut seen: Vec<&str> = Vec::new();
        for (key, value) in &spec.pairs {
            let (key, value) = (key.as_str(), value.as_str());
            let Some(canonical) = canonical_key(key) else {
                return Err(OptionsError::UnknownKey {
                    key: key.to_owned(),
                    accepted: KEYS.join(", "),
                });
            };
            if seen.contains(&canonical) {
                return Err(OptionsError::Duplicate(key.to_owned()));
            }
            seen.push(canonical);
            set_option(&mut o, canonical, key, value)?;
        }
        if o.iterations.is_none() && o.time.is_none() {
            o.iterations = Some(DEFAULT_ITERATIONS);
        }
        Ok(o)
    }
}

impl fmt::Display for MctsOptions {
    /// The canonical spec: `mcts:` then the budget and every option that
    /// differs from the default, in [`KEYS`] order. It parses back equal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts = spec_pieces(self);
        write!(f, "mcts:{}", parts.join(","))
    }
}

#[cfg(test)]
mod readme_table {
    use super::*;

    /// The option table of the crate README is [`option_docs`], row for
    /// row, so the two cannot drift apart.
    #[test]
    fn readme_table_is_option_docs() {
        let readme = include_str!("../../README.md");
        let header = "| key | default | meaning |\n|---|---|---|\n";
        let start = readme.find(header).expect("the README has the option table") + header.len();
        let rows: Vec<&str> = readme[start..]
            .lines()
            .take_while(|l| l.starts_with('|'))
            .collect();
        let expected: Vec<String> = option_docs().iter().map(OptionDoc::table_row).collect();
        assert_eq!(rows, expected, "regenerate the README table from option_docs()");
        let keys: Vec<&str> = option_docs().iter().map(|o| o.key).collect();
        assert_eq!(keys, KEYS);
        for doc in option_docs() {
            assert!(doc.form.starts_with(&format!("{}=", doc.key)), "{doc:?}");
        }
    }
}
