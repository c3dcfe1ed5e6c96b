//! The options of a `gumbel` engine spec:
//! `gumbel[:model=FILE|knowledge|uniform,iters=N,time=T,k=N,cvisit=X,cscale=X,scale=X,qnorm=bounds|tree|children,seed=N]`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use abstracta_core::search::{format_time_value, parse_time_value};
use thiserror::Error;

use crate::options::{Model, DEFAULT_ITERS, MAX_ITERS};

/// The keys a `gumbel` spec accepts.
pub const GUMBEL_KEYS: &[&str] = &[
    "model", "iters", "time", "k", "cvisit", "cscale", "scale", "qnorm", "seed",
];

/// How completed Q-values (in `[-1, 1]`, results from the chooser's side)
/// are mapped to the `[0, 1]` that σ scales (`qnorm=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QNorm {
    /// `bounds`: by the bounds of a game's result, `(q + 1) / 2`, as MuZero
    /// does for board games (its min-max statistics start at the known
    /// bounds -1 and 1, which no value leaves). A value difference `d`
    /// moves σ by `(cvisit + max N) * cscale * d / 2`.
    #[default]
    Bounds,
    /// `tree`: by the least and greatest Q-value (for the seat choosing)
    /// of every visited node of the tree so far, as MuZero without known
    /// bounds.
    Tree,
    /// `children`: by the least and greatest completed Q-value among the
    /// node's own children (one public implementation's default, which
    /// pairs it with `cscale=0.1`): the best child always gets 1 and the
    /// worst 0, however small their difference.
    Children,
}

impl QNorm {
    fn name(self) -> &'static str {
        match self {
            QNorm::Bounds => "bounds",
            QNorm::Tree => "tree",
            QNorm::Children => "children",
        }
    }
}

/// The most root plies a search may consider (`k=`).
pub const MAX_CONSIDERED: usize = 1024;

/// Options of the `gumbel` family.
///
/// ```
/// use learn::{GumbelOptions, Model};
/// let options: GumbelOptions = "gumbel:model=uniform,iters=16,k=8".parse().unwrap();
/// assert_eq!((options.model.clone(), options.iters, options.considered), (Model::Uniform, Some(16), 8));
/// assert_eq!(options.to_string(), "gumbel:model=uniform,iters=16,k=8");
/// assert_eq!("gumbel".parse::<GumbelOptions>().unwrap(), GumbelOptions::default());
/// assert!("gumbel:k=0".parse::<GumbelOptions>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GumbelOptions {
    /// `model=FILE|knowledge|uniform`: the evaluator (default `knowledge`).
    pub model: Model,
    /// `iters=N`: simulations per search, the root's own evaluation
    /// included ([`DEFAULT_ITERS`] when not given). Sequential halving
    /// spreads them over the considered plies, so the count is planned
    /// before the search starts.
    pub iters: Option<u64>,
    /// `time=T`: a cap on the wall time of a search. With `iters` the
    /// plan is made for `iters` simulations; without it, for about 90% of
    /// the simulations the time allows at the speed of the search's first
    /// round. At the deadline the plies still considered are compared as
    /// they stand.
    pub time: Option<Duration>,
    /// `k=N`: plies considered at the root (drawn by Gumbel-top-k).
    pub considered: usize,
    /// `cvisit=X`: the visit offset of the σ transform of Q-values.
    pub c_visit: f32,
    /// `cscale=X`: the scale of the σ transform of Q-values.
    pub c_scale: f32,
    /// `scale=X`: the scale of the Gumbel noise (1 as in the paper; 0
    /// considers the `k` plies of highest prior, without randomness).
    pub gumbel_scale: f32,
    /// `qnorm=bounds|tree|children`: how Q-values are mapped to `[0, 1]`
    /// before σ (see [`QNorm`]).
    pub q_norm: QNorm,
    /// `seed=N`: the seed of the Gumbel draws.
    pub seed: u64,
}

impl Default for GumbelOptions {
    fn default() -> GumbelOptions {
        GumbelOptions {
            model: Model::Knowledge,
            iters: None,
            time: None,
            considered: 16,
            c_visit: 50.0,
            c_scale: 1.0,
            gumbel_scale: 1.0,
            q_norm: QNorm::default(),
            seed: 0,
        }
    }
}

/// Why a `gumbel` spec or option was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GumbelOptionsError {
    /// A key that is not one of [`GUMBEL_KEYS`].
    #[error(
        "unknown gumbel option `{key}`; expected one of model, iters, time, k, cvisit, cscale, scale, qnorm, seed"
    )]
    UnknownKey {
        /// The key given.
        key: String,
    },
    /// A value the key does not accept.
    #[error("bad value `{value}` for gumbel option `{key}`: expected {expected}")]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What the key accepts.
        expected: &'static str,
    },
    /// The same key twice.
    #[error("gumbel option `{0}` is given twice; expected each key once")]
    Duplicate(String),
    /// An option without `=`.
    #[error("bad gumbel spec: option `{0}` has no '=' (expected key=value)")]
    Syntax(String),
    /// A spec naming another engine.
    #[error("engine spec `{0}` is not a gumbel spec: expected gumbel:key=value,...")]
    NotGumbel(String),
}

fn bad(key: &str, value: &str, expected: &'static str) -> GumbelOptionsError {
    GumbelOptionsError::BadValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected,
    }
}

fn number(
    key: &str,
    value: &str,
    range: std::ops::RangeInclusive<f32>,
    expected: &'static str,
) -> Result<f32, GumbelOptionsError> {
    value
        .parse::<f32>()
        .ok()
        .filter(|x| range.contains(x))
        .ok_or_else(|| bad(key, value, expected))
}

impl GumbelOptions {
    /// The simulations a search plans for: `iters`, else [`DEFAULT_ITERS`].
    pub fn simulation_budget(&self) -> u64 {
        self.iters.unwrap_or(DEFAULT_ITERS)
    }

    /// Sets one option by key (`iterations` and `evals` mean `iters`).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), GumbelOptionsError> {
        let key = key.trim().to_ascii_lowercase();
        let value = value.trim();
        match key.as_str() {
            "model" => {
                self.model = match value.to_ascii_lowercase().as_str() {
                    "knowledge" => Model::Knowledge,
                    "uniform" => Model::Uniform,
                    "" => return Err(bad(&key, value, "a network file, knowledge or uniform")),
                    _ => Model::File(value.to_owned()),
                }
            }
            "iters" | "iterations" | "evals" => {
                self.iters = Some(
                    value
                        .parse::<u64>()
                        .ok()
                        .filter(|n| (1..=MAX_ITERS).contains(n))
                        .ok_or_else(|| {
                            bad(&key, value, "a whole number of simulations from 1 to 10000000")
                        })?,
                )
            }
            "time" => {
                self.time = Some(
                    parse_time_value(value)
                        .filter(|t| !t.is_zero())
                        .ok_or_else(|| bad(&key, value, "a duration above 0 such as 500ms, 2s or 1m"))?,
                )
            }
            "k" => {
                self.considered = value
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=MAX_CONSIDERED).contains(n))
                    .ok_or_else(|| bad(&key, value, "a number of plies from 1 to 1024 such as 16"))?
            }
            "cvisit" => {
                self.c_visit = number(&key, value, 0.0..=10_000.0, "a number from 0 to 10000 such as 50")?
            }
            "cscale" => self.c_scale = number(&key, value, 0.0..=100.0, "a number from 0 to 100 such as 1")?,
            "scale" => {
                self.gumbel_scale = number(&key, value, 0.0..=100.0, "a number from 0 to 100 such as 1")?
            }
            "qnorm" => {
                self.q_norm = match value.to_ascii_lowercase().as_str() {
                    "bounds" => QNorm::Bounds,
                    "tree" => QNorm::Tree,
                    "children" => QNorm::Children,
                    _ => return Err(bad(&key, value, "bounds, tree or children")),
                }
            }
            "seed" => self.seed = value.parse().map_err(|_| bad(&key, value, "a whole number"))?,
            _ => return Err(GumbelOptionsError::UnknownKey { key }),
        }
        Ok(())
    }
}

impl FromStr for GumbelOptions {
    type Err = GumbelOptionsError;

    /// Parses `gumbel`, `gumbel:` or `gumbel:key=value,...` (the name in
    /// any case); keys not given keep their defaults.
    fn from_str(text: &str) -> Result<GumbelOptions, GumbelOptionsError> {
        let trimmed = text.trim();
        let (name, rest) = trimmed.split_once(':').unwrap_or((trimmed, ""));
        if !name.trim().eq_ignore_ascii_case("gumbel") {
            return Err(GumbelOptionsError::NotGumbel(trimmed.to_owned()));
        }
        let mut options = GumbelOptions::default();
        let mut seen: Vec<String> = Vec::new();
        for item in rest.split(',').map(str::trim).filter(|item| !item.is_empty()) {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| GumbelOptionsError::Syntax(item.to_owned()))?;
            let key = key.trim().to_ascii_lowercase();
            if seen.contains(&key) {
                return Err(GumbelOptionsError::Duplicate(key));
            }
            seen.push(key.clone());
            options.set(&key, value)?;
        }
        Ok(options)
    }
}

impl fmt::Display for GumbelOptions {
    /// The canonical spec: `gumbel` and the options that differ from the
    /// defaults, which parses back equal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = GumbelOptions::default();
        let mut parts: Vec<String> = Vec::new();
        if self.model != d.model {
            parts.push(format!("model={}", self.model));
        }
        if let Some(n) = self.iters {
            parts.push(format!("iters={n}"));
        }
        if let Some(t) = self.time {
            parts.push(format!("time={}", format_time_value(t)));
        }
        if self.considered != d.considered {
            parts.push(format!("k={}", self.considered));
        }
        let floats = [
            ("cvisit", self.c_visit, d.c_visit),
            ("cscale", self.c_scale, d.c_scale),
            ("scale", self.gumbel_scale, d.gumbel_scale),
        ];
        for (key, value, default) in floats {
            if value != default {
                parts.push(format!("{key}={value}"));
            }
        }
        if self.q_norm != d.q_norm {
            parts.push(format!("qnorm={}", self.q_norm.name()));
        }
        if self.seed != d.seed {
            parts.push(format!("seed={}", self.seed));
        }
        if parts.is_empty() {
            f.write_str("gumbel")
        } else {
            write!(f, "gumbel:{}", parts.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip_and_errors_say_what_is_expected() {
        for text in [
            "gumbel",
            "gumbel:model=uniform,iters=16,time=1s,k=4,cvisit=10,cscale=0.5,scale=0,qnorm=children,seed=3",
            "gumbel:qnorm=tree",
            "gumbel:model=Nets/A.safetensors",
        ] {
            let options: GumbelOptions = text.parse().unwrap();
            assert_eq!(
                options.to_string().parse::<GumbelOptions>().unwrap(),
                options,
                "{text}"
            );
        }
        assert_eq!(GumbelOptions::default().simulation_budget(), DEFAULT_ITERS);
        for (spec, key) in [
            ("gumbel:k=0", "k"),
            ("gumbel:cvisit=-1", "cvisit"),
            ("gumbel:iters=0", "iters"),
            ("gumbel:qnorm=siblings", "qnorm"),
        ] {
            let err = spec.parse::<GumbelOptions>().unwrap_err();
            assert!(
                matches!(&err, GumbelOptionsError::BadValue { key: k, .. } if k == key),
                "{spec}"
            );
            assert!(err.to_string().contains("expected"), "{err}");
        }
        assert!(matches!(
            "gumbel:c=1".parse::<GumbelOptions>(),
            Err(GumbelOptionsError::UnknownKey { .. })
        ));
        assert!(matches!(
            "gumbel:k=1,k=2".parse::<GumbelOptions>(),
            Err(GumbelOptionsError::Duplicate(_))
        ));
        assert!(matches!(
            "gumbel:k".parse::<GumbelOptions>(),
            Err(GumbelOptionsError::Syntax(_))
        ));
        assert!(matches!(
            "puct:k=1".parse::<GumbelOptions>(),
            Err(GumbelOptionsError::NotGumbel(_))
        ));
    }
}
