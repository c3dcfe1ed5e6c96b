//! The options of a `hybrid` engine spec:
//! `hybrid[:time=T,iters=N,alpha=X,cpuct=X,qs=N]`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use abstracta_core::search::{format_time_value, parse_time_value};
use abstracta_core::spec::GameSpec;
use abstracta_core::SpecError;
use thiserror::Error;

/// The keys a `hybrid` spec accepts (`mode` takes only `minimax`, the one
/// hybrid left; it is accepted so that specs written for it still parse).
pub const KEYS: &[&str] = &["time", "iters", "alpha", "cpuct", "qs", "mode"];

/// Keys of the removed `mode=switch` (MCTS, then alpha-beta): a spec that
/// gives one is refused with [`HybridOptionsError::Removed`].
pub const REMOVED_KEYS: &[&str] = &["switch", "nodes", "threads", "seed"];

/// The weight of the minimax value beside the mean reward when no `alpha`
/// is given.
pub const DEFAULT_ALPHA: f64 = 0.5;

/// The PUCT exploration constant when no `cpuct` is given.
pub const DEFAULT_CPUCT: f64 = 2.0;

/// The quiescence plies below a leaf when no `qs` is given.
pub const DEFAULT_QUIESCENCE: u32 = 6;

/// The most quiescence plies `qs` accepts.
pub const MAX_QUIESCENCE: u32 = 32;

/// The iterations of a search given no budget.
pub const DEFAULT_ITERATIONS: u64 = 10_000;

/// Options of the `hybrid` family; what is not given takes the defaults
/// above (measured in `docs/hybrid.md`).
///
/// ```
/// use hybrid::HybridOptions;
/// let options: HybridOptions = "hybrid:time=100ms,cpuct=3".parse().unwrap();
/// assert_eq!(options.to_string(), "hybrid:time=100ms,cpuct=3");
/// assert!("hybrid:alpha=3".parse::<HybridOptions>().is_err());
/// assert!("hybrid:switch=0.5".parse::<HybridOptions>().is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HybridOptions {
    /// `time=T`: wall time per search.
    pub time: Option<Duration>,
    /// `iters=N`: iterations per search ([`DEFAULT_ITERATIONS`] when
    /// neither this nor `time` is given).
    pub iterations: Option<u64>,
    /// `alpha=X`: the weight of the minimax value (0 to 1).
    pub alpha: Option<f64>,
    /// `cpuct=X`: the exploration constant (0 to 100).
    pub cpuct: Option<f64>,
    /// `qs=N`: the quiescence plies below a leaf (0 to 32).
    pub quiescence: Option<u32>,
}

/// Why a `hybrid` spec or option was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum HybridOptionsError {
    /// A key that is not one of [`KEYS`].
    #[error("unknown hybrid option `{key}`; expected one of time, iters, alpha, cpuct, qs, mode")]
    UnknownKey {
        /// The key given.
        key: String,
    },
    /// A key or value of the removed `mode=switch` (one of
    /// [`REMOVED_KEYS`], or `mode=switch` itself).
    #[error(
        "hybrid option `{0}` belonged to mode=switch (MCTS, then alpha-beta), which was removed \
         because it did not beat the MCTS defaults (docs/hybrid.md); for that search use \
         mcts:... or alphabeta:...; expected one of time, iters, alpha, cpuct, qs"
    )]
    Removed(String),
    /// A value the key does not accept.
    #[error("bad value `{value}` for hybrid option `{key}`: expected {expected}")]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What is accepted.
        expected: String,
    },
    /// The same key twice.
    #[error("hybrid option `{0}` is given twice; expected each key once")]
    Duplicate(String),
    /// A spec whose shape is wrong (an option without `=`, say).
    #[error("bad hybrid spec: {0}")]
    Syntax(String),
    /// A spec naming another engine.
    #[error("engine spec `{0}` is not a hybrid spec: expected hybrid:key=value,...")]
    NotHybrid(String),
}

fn bad(key: &str, value: &str, expected: impl Into<String>) -> HybridOptionsError {
    HybridOptionsError::BadValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected: expected.into(),
    }
}

fn bounded_f64(
    key: &str,
    value: &str,
    low: f64,
    high: f64,
    expected: &str,
) -> Result<f64, HybridOptionsError> {
    value
        .parse::<f64>()
        .ok()
        .filter(|x| (low..=high).contains(x))
        .ok_or_else(|| bad(key, value, expected))
}

impl HybridOptions {
    /// Sets one option by key (`iterations` means `iters`).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), HybridOptionsError> {
        let key = key.trim().to_ascii_lowercase();
        let value = value.trim();
        match key.as_str() {
            "time" => {
                self.time = Some(
                    parse_time_value(value)
                        .filter(|t| !t.is_zero())
                        .ok_or_else(|| bad(&key, value, "a duration above 0 such as 100ms or 2s"))?,
                )
            }
            "iters" | "iterations" => {
                self.iterations = Some(
                    value
                        .parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| bad(&key, value, "a positive whole number of iterations"))?,
                )
            }
            "alpha" => self.alpha = Some(bounded_f64(&key, value, 0.0, 1.0, "a weight from 0 to 1")?),
            "cpuct" => {
                self.cpuct = Some(bounded_f64(
                    &key,
                    value,
                    0.0,
                    100.0,
                    "an exploration constant from 0 to 100",
                )?)
            }
            "qs" => {
                self.quiescence = Some(
                    value
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n <= MAX_QUIESCENCE)
                        .ok_or_else(|| bad(&key, value, "a whole number of plies from 0 to 32"))?,
                )
            }
            "mode" => match value.to_ascii_lowercase().as_str() {
                "minimax" => {}
                "switch" => return Err(HybridOptionsError::Removed("mode=switch".into())),
                _ => return Err(bad(&key, value, "minimax (the one hybrid mode)")),
            },
            removed if REMOVED_KEYS.contains(&removed) => {
                return Err(HybridOptionsError::Removed(key.clone()))
            }
            _ => return Err(HybridOptionsError::UnknownKey { key }),
        }
        Ok(())
    }

    /// The settings of a search.
    pub(crate) fn minimax_settings(&self) -> crate::minimax::Settings {
        crate::minimax::Settings {
            alpha: self.alpha.unwrap_or(DEFAULT_ALPHA),
            cpuct: self.cpuct.unwrap_or(DEFAULT_CPUCT),
            quiescence: self.quiescence.unwrap_or(DEFAULT_QUIESCENCE),
            fpu: 0.1,
        }
    }
}

impl FromStr for HybridOptions {
    type Err = HybridOptionsError;

    /// Parses `hybrid`, `hybrid:` or `hybrid:key=value,...` (the name in
    /// any case).
    fn from_str(text: &str) -> Result<HybridOptions, HybridOptionsError> {
        let trimmed = text.trim();
        let named = trimmed.strip_suffix(':').unwrap_or(trimmed).trim_end();
        let spec: GameSpec = named.parse().map_err(|e| match e {
            SpecError::DuplicateKey { key } => HybridOptionsError::Duplicate(key),
            other => HybridOptionsError::Syntax(other.to_string()),
        })?;
        if spec.name != "hybrid" {
            return Err(HybridOptionsError::NotHybrid(trimmed.to_owned()));
        }
        let mut options = HybridOptions::default();
        let mut seen: Vec<&str> = Vec::new();
        for (key, value) in &spec.pairs {
            let canonical = if key == "iterations" {
                "iters"
            } else {
                key.as_str()
            };
            if seen.contains(&canonical) {
                return Err(HybridOptionsError::Duplicate(canonical.to_owned()));
            }
            seen.push(canonical);
            options.set(key, value)?;
        }
        Ok(options)
    }
}

impl fmt::Display for HybridOptions {
    /// The canonical spec, which parses back equal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pairs = Vec::new();
        if let Some(t) = self.time {
            pairs.push(format!("time={}", format_time_value(t)));
        }
        if let Some(n) = self.iterations {
            pairs.push(format!("iters={n}"));
        }
        if let Some(x) = self.alpha {
            pairs.push(format!("alpha={x}"));
        }
        if let Some(x) = self.cpuct {
            pairs.push(format!("cpuct={x}"));
        }
        if let Some(n) = self.quiescence {
            pairs.push(format!("qs={n}"));
        }
        if pairs.is_empty() {
            f.write_str("hybrid")
        } else {
            write!(f, "hybrid:{}", pairs.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for text in [
            "hybrid",
            "hybrid:time=100ms",
            "hybrid:iters=500",
            "hybrid:time=100ms,alpha=0.3,cpuct=2.5,qs=4",
        ] {
            let options: HybridOptions = text.parse().unwrap();
            assert_eq!(options.to_string(), text);
            assert_eq!(options.to_string().parse::<HybridOptions>().unwrap(), options);
        }
        assert_eq!(
            "HYBRID:".parse::<HybridOptions>().unwrap(),
            HybridOptions::default()
        );
        // Written for the one mode left: still accepted, and the same search.
        assert_eq!(
            "hybrid:mode=minimax,time=1s".parse::<HybridOptions>().unwrap(),
            "hybrid:time=1s".parse::<HybridOptions>().unwrap()
        );
    }

    #[test]
    fn bad_specs_say_what_is_expected() {
        for (text, wanted) in [
            ("hybrid:time=0s", "duration"),
            ("hybrid:iters=0", "positive"),
            ("hybrid:bogus=1", "expected one of"),
            ("hybrid:time", "="),
            ("hybrid:iters=1,iterations=2", "twice"),
            ("mcts:iters=1", "not a hybrid spec"),
            ("hybrid:mode=mixed", "minimax"),
            ("hybrid:alpha=1.5", "weight"),
            ("hybrid:cpuct=-1", "exploration"),
            ("hybrid:qs=33", "plies"),
        ] {
            let err = text.parse::<HybridOptions>().unwrap_err();
            assert!(err.to_string().contains(wanted), "{text}: {err}");
        }
    }

    #[test]
    fn the_removed_switch_is_refused_by_name() {
        for text in [
            "hybrid:mode=switch",
            "hybrid:switch=0.2",
            "hybrid:nodes=600",
            "hybrid:threads=2",
            "hybrid:seed=3",
        ] {
            let err = text.parse::<HybridOptions>().unwrap_err();
            assert!(matches!(err, HybridOptionsError::Removed(_)), "{text}: {err}");
            assert!(
                err.to_string().contains("mcts:... or alphabeta:..."),
                "{text}: {err}"
            );
        }
    }
}
