//! The options of an alpha-beta search: reading and printing specs
//! (`alphabeta:depth=6,tt=64`), their errors, and the games' defaults.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use abstracta_core::search::{format_time_value as format_duration, parse_time_value, TIME_VALUE_FORMS};
use thiserror::Error;

/// The keys an `alphabeta:` spec accepts, in the order they print.
pub const KEYS: &[&str] = &[
    "depth", "nodes", "time", "threads", "tt", "seed", "priors", "decisive", "qs",
];

/// The deepest iteration a search runs (plies below the root).
pub const MAX_DEPTH: u32 = 96;
/// The most threads a search runs on.
pub const MAX_THREADS: usize = 256;
/// The largest transposition table, in MiB.
pub const MAX_TABLE_MB: usize = 16_384;
/// The transposition table's size when `tt` is not given, in MiB.
pub const DEFAULT_TABLE_MB: usize = 16;
/// The deepest a quiescence search goes below the nominal depth.
pub const QUIESCENCE_DEPTH: u32 = 8;
/// A ply whose prior (the game's `ply_priors`) is at least this is loud:
/// quiescence searches it.
pub const LOUD_PRIOR: f32 = 0.75;
/// The node budget of a search given no depth, node or time budget.
pub const DEFAULT_NODES: u64 = 200_000;

/// Each game's defaults for the options a spec leaves out, by the game's
/// `Game::NAME` (a game not listed uses the built-in defaults: priors off,
/// decisive plies on, no quiescence). Measured in `docs/alphabeta.md`.
pub const GAME_DEFAULTS: &[(&str, &str)] = &[
    ("escabel", "alphabeta:priors=on"),
    ("swack", "alphabeta:priors=on"),
    ("ecalper", "alphabeta:priors=on"),
    ("whirlwind", "alphabeta:priors=on"),
    ("epaminondas", "alphabeta:priors=on,qs=on"),
];

/// The options of an alpha-beta search, as an `alphabeta:` spec sets them
/// (each `None` when the spec leaves it out).
///
/// ```
/// use alphabeta::AlphaBetaOptions;
/// let options: AlphaBetaOptions = "alphabeta:depth=6,time=100ms,tt=32".parse().unwrap();
/// assert_eq!(options.depth, Some(6));
/// assert_eq!(options.to_string(), "alphabeta:depth=6,time=100ms,tt=32");
/// assert!("alphabeta:depth=0".parse::<AlphaBetaOptions>().is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AlphaBetaOptions {
    /// `depth=N`: the deepest iteration, 1 to [`MAX_DEPTH`].
    pub depth: Option<u32>,
    /// `nodes=N` (or `iters=N`): nodes searched, over all threads.
    pub nodes: Option<u64>,
    /// `time=500ms`: wall time of one search.
    pub time: Option<Duration>,
    /// `threads=N`: threads sharing the table (lazy SMP), default 1.
    pub threads: Option<usize>,
    /// `tt=MB`: the transposition table's size in MiB (0: no table),
    /// default [`DEFAULT_TABLE_MB`].
    pub table_mb: Option<usize>,
    /// `seed=N`: seeds the helper threads' move-order noise.
    pub seed: Option<u64>,
    /// `priors=on|off`: order plies by the game's priors.
    pub priors: Option<bool>,
    /// `decisive=on|off`: use the game's decisive and forced plies.
    pub decisive: Option<bool>,
    /// `qs=on|off`: below the nominal depth, search the loud plies (those
    /// the game's priors rate at least [`LOUD_PRIOR`]) up to
    /// [`QUIESCENCE_DEPTH`] plies, standing pat on the evaluation.
    pub quiescence: Option<bool>,
}

/// Why an `alphabeta:` spec or option was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionsError {
    /// A key that is not one of [`KEYS`].
    #[error("unknown alphabeta option `{key}`; accepted keys: {accepted}", accepted = KEYS.join(", "))]
    UnknownKey {
        /// The key given.
        key: String,
    },
    /// A value the key does not accept.
    #[error("bad value `{value}` for alphabeta option `{key}`: expected {expected}")]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What the key accepts.
        expected: &'static str,
    },
    /// A piece without `=`.
    #[error("alphabeta option `{0}` has no value: write key=value (accepted keys: {keys})", keys = KEYS.join(", "))]
    MissingValue(String),
    /// The same key twice.
    #[error("alphabeta option `{0}` is given twice")]
    Duplicate(String),
    /// A spec naming another engine.
    #[error("engine spec `{0}` is not an alphabeta spec: expected alphabeta[:key=value,...]")]
    NotAlphaBeta(String),
}

fn bad(key: &str, value: &str, expected: &'static str) -> OptionsError {
    OptionsError::BadValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected,
    }
}

fn parse_whole<T: FromStr + PartialOrd>(
    key: &str,
    value: &str,
    lo: T,
    hi: T,
    expected: &'static str,
) -> Result<T, OptionsError> {
    match value.replace('_', "").parse::<T>() {
        Ok(n) if n >= lo && n <= hi => Ok(n),
        _ => Err(bad(key, value, expected)),
    }
}

fn parse_on_off(key: &str, value: &str) -> Result<bool, OptionsError> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(bad(key, value, "on or off")),
    }
}

/// Reads a time value above zero (core's form: `500ms`, `2s`, `1.5s`, `1m`).
fn parse_duration(key: &str, value: &str) -> Result<Duration, OptionsError> {
    parse_time_value(value)
        .filter(|t| !t.is_zero())
        .ok_or_else(|| bad(key, value, TIME_VALUE_FORMS))
}

impl AlphaBetaOptions {
    /// Sets one option from its key and value (`iters` is read as
    /// `nodes`); the other options stay.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionsError> {
        let key = key.trim().to_ascii_lowercase();
        let value = value.trim();
        match key.as_str() {
            "depth" => {
                self.depth = Some(parse_whole(
                    &key,
                    value,
                    1,
                    MAX_DEPTH,
                    "a whole number of plies from 1 to 96",
                )?)
            }
            "nodes" | "iters" | "iterations" => {
                self.nodes = Some(parse_whole(
                    "nodes",
                    value,
                    1,
                    u64::MAX,
                    "a whole number of nodes of at least 1",
                )?)
            }
            "time" => self.time = Some(parse_duration(&key, value)?),
            "threads" => {
                self.threads = Some(parse_whole(
                    &key,
                    value,
                    1,
                    MAX_THREADS,
                    "a whole number of threads from 1 to 256",
                )?)
            }
            "tt" => {
                self.table_mb = Some(parse_whole(
                    &key,
                    value,
                    0,
                    MAX_TABLE_MB,
                    "a table size in MiB from 0 (no table) to 16384",
                )?)
            }
            "seed" => self.seed = Some(parse_whole(&key, value, 0, u64::MAX, "a whole number")?),
            "priors" => self.priors = Some(parse_on_off(&key, value)?),
            "decisive" => self.decisive = Some(parse_on_off(&key, value)?),
            "qs" => self.quiescence = Some(parse_on_off(&key, value)?),
            _ => return Err(OptionsError::UnknownKey { key }),
        }
        Ok(())
    }

    /// The defaults of the game named `game` (its `Game::NAME`): its
    /// [`GAME_DEFAULTS`] entry, or nothing set for a game without one.
    ///
    /// ```
    /// use alphabeta::AlphaBetaOptions;
    /// assert_eq!(AlphaBetaOptions::game_defaults("escabel").priors, Some(true));
    /// assert_eq!(AlphaBetaOptions::game_defaults("my-game"), AlphaBetaOptions::default());
    /// ```
    pub fn game_defaults(game: &str) -> AlphaBetaOptions {
        GAME_DEFAULTS
            .iter()
            .find(|(name, _)| *name == game)
            .map(|(_, spec)| spec.parse().expect("the specs of GAME_DEFAULTS parse"))
            .unwrap_or_default()
    }

    /// These options with what they leave out taken from `defaults`.
    pub fn or(&self, defaults: &AlphaBetaOptions) -> AlphaBetaOptions {
        AlphaBetaOptions {
            depth: self.depth.or(defaults.depth),
            nodes: self.nodes.or(defaults.nodes),
            time: self.time.or(defaults.time),
            threads: self.threads.or(defaults.threads),
            table_mb: self.table_mb.or(defaults.table_mb),
            seed: self.seed.or(defaults.seed),
            priors: self.priors.or(defaults.priors),
            decisive: self.decisive.or(defaults.decisive),
            quiescence: self.quiescence.or(defaults.quiescence),
        }
    }

    /// The number of threads the search runs on (at least 1).
    pub fn thread_count(&self) -> usize {
        self.threads.unwrap_or(1).max(1)
    }

    /// The node budget actually used: `nodes`, or [`DEFAULT_NODES`] when
    /// no budget at all (depth, nodes or time) is set.
    pub fn node_budget(&self) -> Option<u64> {
        match (self.depth, self.nodes, self.time) {
            (None, None, None) => Some(DEFAULT_NODES),
            (_, nodes, _) => nodes,
        }
    }
}

impl FromStr for AlphaBetaOptions {
    type Err = OptionsError;

    /// Reads `alphabeta`, `alphabeta:` or `alphabeta:key=value,...` (the
    /// family name in any case).
    fn from_str(text: &str) -> Result<AlphaBetaOptions, OptionsError> {
        let text = text.trim();
        let (family, rest) = match text.split_once(':') {
            Some((f, r)) => (f.trim(), r),
            None => (text, ""),
        };
        if !family.eq_ignore_ascii_case("alphabeta") {
            return Err(OptionsError::NotAlphaBeta(text.to_owned()));
        }
        let mut options = AlphaBetaOptions::default();
        let mut seen: Vec<String> = Vec::new();
        for piece in rest.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((key, value)) = piece.split_once('=') else {
                return Err(OptionsError::MissingValue(piece.to_owned()));
            };
            let mut canonical = key.trim().to_ascii_lowercase();
            if canonical == "iters" || canonical == "iterations" {
                canonical = "nodes".to_owned();
            }
            if seen.contains(&canonical) {
                return Err(OptionsError::Duplicate(canonical));
            }
            options.set(&canonical, value)?;
            seen.push(canonical);
        }
        Ok(options)
    }
}

impl fmt::Display for AlphaBetaOptions {
    /// The canonical spec: `alphabeta`, or `alphabeta:` and the options set
    /// in the order of [`KEYS`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on_off = |b: bool| if b { "on" } else { "off" };
        let mut parts: Vec<String> = Vec::new();
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes={n}"));
        }
        if let Some(t) = self.time {
            parts.push(format!("time={}", format_duration(t)));
        }
        if let Some(t) = self.threads {
            parts.push(format!("threads={t}"));
        }
        if let Some(mb) = self.table_mb {
            parts.push(format!("tt={mb}"));
        }
        if let Some(s) = self.seed {
            parts.push(format!("seed={s}"));
        }
        if let Some(p) = self.priors {
            parts.push(format!("priors={}", on_off(p)));
        }
        if let Some(d) = self.decisive {
            parts.push(format!("decisive={}", on_off(d)));
        }
        if let Some(q) = self.quiescence {
            parts.push(format!("qs={}", on_off(q)));
        }
        if parts.is_empty() {
            f.write_str("alphabeta")
        } else {
            write!(f, "alphabeta:{}", parts.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for spec in [
            "alphabeta",
            "alphabeta:depth=4",
            "alphabeta:depth=3,nodes=1000,time=1500us,threads=2,tt=0,seed=9,priors=off,decisive=on,qs=on",
            "alphabeta:time=2s",
        ] {
            let options: AlphaBetaOptions = spec.parse().unwrap();
            assert_eq!(options.to_string(), spec);
        }
        let options: AlphaBetaOptions = "AlphaBeta: iters=50 , time=0.1s".parse().unwrap();
        assert_eq!(options.to_string(), "alphabeta:nodes=50,time=100ms");
        assert_eq!(
            "alphabeta:".parse::<AlphaBetaOptions>().unwrap(),
            AlphaBetaOptions::default()
        );
        for (name, _) in GAME_DEFAULTS {
            assert_ne!(AlphaBetaOptions::game_defaults(name), AlphaBetaOptions::default());
        }
    }

    #[test]
    fn refusals_name_the_key_and_what_is_expected() {
        let err = "alphabeta:depth=0".parse::<AlphaBetaOptions>().unwrap_err();
        assert!(matches!(err, OptionsError::BadValue { ref key, .. } if key == "depth"));
        assert!(
            err.to_string().contains("expected a whole number of plies"),
            "{err}"
        );
        let err = "alphabeta:bogus=1".parse::<AlphaBetaOptions>().unwrap_err();
        assert_eq!(err, OptionsError::UnknownKey { key: "bogus".into() });
        assert!(err.to_string().contains("depth, nodes, time"), "{err}");
        assert!(matches!(
            "alphabeta:time=10".parse::<AlphaBetaOptions>(),
            Err(OptionsError::BadValue { .. })
        ));
        assert!(matches!(
            "alphabeta:tt=99999".parse::<AlphaBetaOptions>(),
            Err(OptionsError::BadValue { .. })
        ));
        assert_eq!(
            "alphabeta:depth".parse::<AlphaBetaOptions>(),
            Err(OptionsError::MissingValue("depth".into()))
        );
        assert_eq!(
            "alphabeta:nodes=5,iters=6".parse::<AlphaBetaOptions>(),
            Err(OptionsError::Duplicate("nodes".into()))
        );
        assert!(matches!(
            "mcts:iters=5".parse::<AlphaBetaOptions>(),
            Err(OptionsError::NotAlphaBeta(_))
        ));
    }
}
