//! The options of a `hybrid` engine spec:
//! `hybrid[:time=T,iters=N,nodes=N,switch=X,seed=N,threads=N]`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use abstracta_core::search::{format_time_value, parse_time_value};
use abstracta_core::spec::GameSpec;
use abstracta_core::SpecError;
use alphabeta::AlphaBetaOptions;
use mcts::MctsOptions;
use thiserror::Error;

/// The keys a `hybrid` spec accepts.
pub const KEYS: &[&str] = &[
    "time", "iters", "nodes", "switch", "seed", "threads", "mode", "alpha", "cpuct", "qs",
];

/// How the family searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// `mode=switch`: the `mcts` family until the game's phase reaches
    /// the switch, then the `alphabeta` family.
    #[default]
    Switch,
    /// `mode=minimax`: one tree search of the family's own, Monte Carlo
    /// tree search whose leaves are scored by the game's evaluation after
    /// a quiescence search and whose nodes back up the minimax of those
    /// scores beside their mean (implicit minimax backups), choosing
    /// children by PUCT over the game's priors. One thread.
    Minimax,
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Switch => "switch",
            Mode::Minimax => "minimax",
        })
    }
}

/// `mode=minimax`: the weight of the minimax value beside the mean reward
/// when no `alpha` is given.
pub const DEFAULT_ALPHA: f64 = 0.5;

/// `mode=minimax`: the PUCT exploration constant when no `cpuct` is given.
pub const DEFAULT_CPUCT: f64 = 2.0;

/// `mode=minimax`: the quiescence plies below a leaf when no `qs` is given.
pub const DEFAULT_QUIESCENCE: u32 = 6;

/// The most quiescence plies `qs` accepts.
pub const MAX_QUIESCENCE: u32 = 32;

/// `mode=minimax`: the iterations of a search given no budget.
pub const DEFAULT_ITERATIONS: u64 = 10_000;

/// The game phase from which alpha-beta plays, per game (by game name):
/// the [`game_phase`](abstracta_core::knowledge::Knowledge::game_phase)
/// at or above which the position is handed to alpha-beta. A game not
/// listed switches at [`DEFAULT_SWITCH`]. The values are the settings
/// measured in `docs/hybrid.md`.
pub const GAME_DEFAULTS: &[(&str, f64)] = &[("whirlwind", 0.215), ("epaminondas", 0.5)];

/// The switch of a game without an entry in [`GAME_DEFAULTS`].
pub const DEFAULT_SWITCH: f64 = 0.5;

/// Options of the `hybrid` family. What is not given is left to the two
/// searches' own defaults (their per-game defaults included).
///
/// ```
/// use hybrid::HybridOptions;
/// let options: HybridOptions = "hybrid:time=100ms,switch=0.6".parse().unwrap();
/// assert_eq!(options.to_string(), "hybrid:time=100ms,switch=0.6");
/// assert_eq!(options.mcts_options().unwrap().to_string(), "mcts:time=100ms");
/// assert_eq!(options.alphabeta_options().unwrap().to_string(), "alphabeta:time=100ms");
/// assert!("hybrid:switch=3".parse::<HybridOptions>().is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HybridOptions {
    /// `time=T`: wall time per search, for whichever search plays.
    pub time: Option<Duration>,
    /// `iters=N`: MCTS iterations per search (the MCTS phase).
    pub iterations: Option<u64>,
    /// `nodes=N`: alpha-beta nodes per search (the alpha-beta phase).
    pub nodes: Option<u64>,
    /// `switch=X`: alpha-beta plays from game phase `X` on (0 to 1; above
    /// 1 never). `None`: the game's entry of [`GAME_DEFAULTS`].
    pub switch: Option<f64>,
    /// `seed=N`: both searches' seed.
    pub seed: Option<u64>,
    /// `threads=N`: both searches' threads (`mode=switch`).
    pub threads: Option<usize>,
    /// `mode=switch|minimax`: how the family searches (`None`: switch).
    pub mode: Option<Mode>,
    /// `alpha=X`: `mode=minimax`'s weight of the minimax value (0 to 1).
    pub alpha: Option<f64>,
    /// `cpuct=X`: `mode=minimax`'s exploration constant (0 to 100).
    pub cpuct: Option<f64>,
    /// `qs=N`: `mode=minimax`'s quiescence plies below a leaf (0 to 32).
    pub quiescence: Option<u32>,
}

/// Why a `hybrid` spec or option was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum HybridOptionsError {
    /// A key that is not one of [`KEYS`].
    #[error("unknown hybrid option `{key}`; expected one of time, iters, nodes, switch, seed, threads, mode, alpha, cpuct, qs")]
    UnknownKey {
        /// The key given.
        key: String,
    },
    /// A value the key does not accept (the message of the search that
    /// refused it, or what the key accepts).
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

impl HybridOptions {
    /// Sets one option by key (`iterations` means `iters`). Values are
    /// checked by the search that takes them.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), HybridOptionsError> {
        let key = key.trim().to_ascii_lowercase();
        let value = value.trim();
        let mut next = self.clone();
        match key.as_str() {
            "time" => {
                next.time = Some(
                    parse_time_value(value)
                        .filter(|t| !t.is_zero())
                        .ok_or_else(|| bad(&key, value, "a duration above 0 such as 100ms or 2s"))?,
                )
            }
            "iters" | "iterations" => {
                next.iterations = Some(
                    value
                        .parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| bad(&key, value, "a positive whole number of iterations"))?,
                )
            }
            "nodes" => {
                next.nodes = Some(
                    value
                        .parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| bad(&key, value, "a positive whole number of nodes"))?,
                )
            }
            "switch" => {
                next.switch = Some(
                    value
                        .parse::<f64>()
                        .ok()
                        .filter(|x| (0.0..=2.0).contains(x))
                        .ok_or_else(|| {
                            bad(&key, value, "a game phase from 0 to 1 (above 1, up to 2: never)")
                        })?,
                )
            }
            "seed" => next.seed = Some(value.parse().map_err(|_| bad(&key, value, "a whole number"))?),
            "threads" => {
                next.threads = Some(
                    value
                        .parse()
                        .map_err(|_| bad(&key, value, "a whole number of threads"))?,
                )
            }
            "mode" => {
                next.mode = Some(match value.to_ascii_lowercase().as_str() {
                    "switch" => Mode::Switch,
                    "minimax" => Mode::Minimax,
                    _ => return Err(bad(&key, value, "switch or minimax")),
                })
            }
            "alpha" => {
                next.alpha = Some(
                    value
                        .parse::<f64>()
                        .ok()
                        .filter(|x| (0.0..=1.0).contains(x))
                        .ok_or_else(|| bad(&key, value, "a weight from 0 to 1"))?,
                )
            }
            "cpuct" => {
                next.cpuct = Some(
                    value
                        .parse::<f64>()
                        .ok()
                        .filter(|x| (0.0..=100.0).contains(x))
                        .ok_or_else(|| bad(&key, value, "an exploration constant from 0 to 100"))?,
                )
            }
            "qs" => {
                next.quiescence = Some(
                    value
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n <= MAX_QUIESCENCE)
                        .ok_or_else(|| bad(&key, value, "a whole number of plies from 0 to 32"))?,
                )
            }
            _ => return Err(HybridOptionsError::UnknownKey { key }),
        }
        // Both searches must accept what they are given.
        let refused = |e: String| bad(&key, value, e);
        next.mcts_options().map_err(refused)?;
        next.alphabeta_options().map_err(refused)?;
        *self = next;
        Ok(())
    }

    /// The game phase from which alpha-beta plays in the game named `game`.
    pub fn switch_for(&self, game: &str) -> f64 {
        self.switch.unwrap_or_else(|| {
            GAME_DEFAULTS
                .iter()
                .find(|(name, _)| *name == game)
                .map_or(DEFAULT_SWITCH, |(_, x)| *x)
        })
    }

    /// The options of the MCTS phase (an error says why MCTS refuses them).
    pub fn mcts_options(&self) -> Result<MctsOptions, String> {
        let mut pairs = Vec::new();
        if let Some(n) = self.iterations {
            pairs.push(format!("iters={n}"));
        }
        self.push_shared(&mut pairs);
        spec_of("mcts", &pairs)
            .parse::<MctsOptions>()
            .map_err(|e| e.to_string())
    }

    /// The options of the alpha-beta phase (an error says why alpha-beta
    /// refuses them).
    pub fn alphabeta_options(&self) -> Result<AlphaBetaOptions, String> {
        let mut pairs = Vec::new();
        if let Some(n) = self.nodes {
            pairs.push(format!("nodes={n}"));
        }
        self.push_shared(&mut pairs);
        spec_of("alphabeta", &pairs)
            .parse::<AlphaBetaOptions>()
            .map_err(|e| e.to_string())
    }

    fn push_shared(&self, pairs: &mut Vec<String>) {
        if let Some(t) = self.time {
            pairs.push(format!("time={}", format_time_value(t)));
        }
        if let Some(n) = self.threads {
            pairs.push(format!("threads={n}"));
        }
        if let Some(n) = self.seed {
            pairs.push(format!("seed={n}"));
        }
    }

    /// The number of threads the search uses (1 when not given, and with
    /// `mode=minimax`).
    pub fn thread_count(&self) -> usize {
        match self.mode() {
            Mode::Switch => self.threads.unwrap_or(1),
            Mode::Minimax => 1,
        }
    }

    /// How the family searches.
    pub fn mode(&self) -> Mode {
        self.mode.unwrap_or_default()
    }

    /// The settings of a `mode=minimax` search.
    pub(crate) fn minimax_settings(&self) -> crate::minimax::Settings {
        crate::minimax::Settings {
            alpha: self.alpha.unwrap_or(DEFAULT_ALPHA),
            cpuct: self.cpuct.unwrap_or(DEFAULT_CPUCT),
            quiescence: self.quiescence.unwrap_or(DEFAULT_QUIESCENCE),
            fpu: 0.1,
        }
    }
}

fn spec_of(family: &str, pairs: &[String]) -> String {
    if pairs.is_empty() {
        family.to_owned()
    } else {
        format!("{family}:{}", pairs.join(","))
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
        if let Some(n) = self.nodes {
            pairs.push(format!("nodes={n}"));
        }
        if let Some(x) = self.switch {
            pairs.push(format!("switch={x}"));
        }
        if let Some(n) = self.seed {
            pairs.push(format!("seed={n}"));
        }
        if let Some(n) = self.threads {
            pairs.push(format!("threads={n}"));
        }
        if let Some(mode) = self.mode {
            pairs.push(format!("mode={mode}"));
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
        f.write_str(&spec_of("hybrid", &pairs))
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
            "hybrid:iters=500,nodes=20000,seed=3",
            "hybrid:time=1s,switch=0.25,threads=2",
            "hybrid:switch=1.5",
            "hybrid:time=100ms,mode=minimax,alpha=0.3,cpuct=2.5,qs=4",
            "hybrid:mode=switch",
        ] {
            let options: HybridOptions = text.parse().unwrap();
            assert_eq!(options.to_string(), text);
            assert_eq!(options.to_string().parse::<HybridOptions>().unwrap(), options);
        }
        assert_eq!(
            "HYBRID:".parse::<HybridOptions>().unwrap(),
            HybridOptions::default()
        );
        let options: HybridOptions = "hybrid:iters=50,nodes=900,seed=7".parse().unwrap();
        assert_eq!(
            options.mcts_options().unwrap().to_string(),
            "mcts:iters=50,seed=7"
        );
        assert_eq!(
            options.alphabeta_options().unwrap().to_string(),
            "alphabeta:nodes=900,seed=7"
        );
    }

    #[test]
    fn the_switch_defaults_per_game() {
        let options = HybridOptions::default();
        assert_eq!(options.switch_for("whirlwind"), 0.215);
        assert_eq!(options.switch_for("my-game"), DEFAULT_SWITCH);
        let set: HybridOptions = "hybrid:switch=0.9".parse().unwrap();
        assert_eq!(set.switch_for("whirlwind"), 0.9);
    }

    #[test]
    fn bad_specs_say_what_is_expected() {
        for (text, wanted) in [
            ("hybrid:time=0s", "duration"),
            ("hybrid:iters=0", "positive"),
            ("hybrid:nodes=x", "positive"),
            ("hybrid:switch=-1", "game phase"),
            ("hybrid:switch=3", "game phase"),
            ("hybrid:threads=0", "expected"),
            ("hybrid:bogus=1", "expected one of"),
            ("hybrid:time", "="),
            ("hybrid:iters=1,iterations=2", "twice"),
            ("mcts:iters=1", "not a hybrid spec"),
            ("hybrid:mode=mixed", "switch or minimax"),
            ("hybrid:alpha=1.5", "weight"),
            ("hybrid:cpuct=-1", "exploration"),
            ("hybrid:qs=33", "plies"),
        ] {
            let err = text.parse::<HybridOptions>().unwrap_err();
            assert!(err.to_string().contains(wanted), "{text}: {err}");
        }
        assert!(matches!(
            "hybrid:threads=0".parse::<HybridOptions>(),
            Err(HybridOptionsError::BadValue { ref key, .. }) if key == "threads"
        ));
    }
}
