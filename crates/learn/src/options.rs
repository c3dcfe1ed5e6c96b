//! The options of a `puct` engine spec:
//! `puct[:model=FILE|knowledge|uniform,iters=N,time=T,c=X,fpu=X,noise=X,alpha=X,temp=X,tplies=N,batch=N,reuse=on|off,solver=on|off,decisive=on|off,seed=N]`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use abstracta_core::search::{format_time_value, parse_time_value};
use thiserror::Error;

/// The simulations per search when neither `iters` nor `time` is given.
pub const DEFAULT_ITERS: u64 = 200;
/// The most simulations one search may be given (the tree holds one node
/// per legal ply of every expanded position, so this bounds its memory).
pub const MAX_ITERS: u64 = 10_000_000;
/// The largest evaluation batch accepted.
pub const MAX_BATCH: usize = 1024;

/// The keys a `puct` spec accepts.
pub const KEYS: &[&str] = &[
    "model", "iters", "time", "c", "fpu", "noise", "alpha", "temp", "tplies", "batch", "reuse", "solver",
    "decisive", "vmix", "pmix", "count", "seed",
];

/// Where a `puct` search gets its policy and value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Model {
    /// The game's own knowledge (priors and evaluation): no network.
    Knowledge,
    /// Uniform policy, even value.
    Uniform,
    /// A network file (safetensors written by the trainer).
    File(String),
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Model::Knowledge => f.write_str("knowledge"),
            Model::Uniform => f.write_str("uniform"),
            Model::File(path) => f.write_str(path),
        }
    }
}

/// What a `puct` budget of `iters=N` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// `walks`: every simulation, also one ending at a known value.
    Walks,
    /// `evals`: positions evaluated by the evaluator only.
    Evaluations,
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Count::Walks => "walks",
            Count::Evaluations => "evals",
        })
    }
}

/// Options of the `puct` family.
///
/// ```
/// use learn::{Model, PuctOptions};
/// let options: PuctOptions = "puct:model=nets/Escabel5.safetensors,iters=400,noise=0.25".parse().unwrap();
/// assert_eq!(options.model, Model::File("nets/Escabel5.safetensors".into()));
/// assert_eq!(options.iters, Some(400));
/// assert_eq!(options.to_string(), "puct:model=nets/Escabel5.safetensors,iters=400,noise=0.25");
/// assert_eq!("puct".parse::<PuctOptions>().unwrap(), PuctOptions::default());
/// assert!("puct:c=-1".parse::<PuctOptions>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PuctOptions {
    /// `model=FILE|knowledge|uniform`: the evaluator (default `knowledge`).
    /// A path may not hold a comma.
    pub model: Model,
    /// `iters=N`: simulations per search (each one evaluation, or a
    /// finished game reached); [`DEFAULT_ITERS`] when neither budget is given.
    pub iters: Option<u64>,
    /// `time=T`: wall time per search.
    pub time: Option<Duration>,
    /// `c=X`: the exploration constant of the PUCT formula.
    pub c_puct: f32,
    /// `fpu=X`: first-play urgency, how much below its parent's value an
    /// unvisited child is scored (on the `[-1, 1]` scale).
    pub fpu: f32,
    /// `noise=X`: weight of Dirichlet noise mixed into the root's priors
    /// (0 = none; self-play uses 0.25).
    pub noise: f32,
    /// `alpha=X`: the Dirichlet concentration of that noise.
    pub alpha: f32,
    /// `temp=X`: the ply is drawn with probability proportional to
    /// `visits^(1/X)` (0 = the most visited, for matches).
    pub temperature: f32,
    /// `tplies=N`: the temperature holds for the game's first N plies
    /// only; later the most visited ply is played.
    pub temperature_plies: u32,
    /// `batch=N`: leaves gathered (with virtual loss) per evaluation call.
    pub batch: usize,
    /// `reuse=on|off`: keep the subtree of the plies played between
    /// searches.
    pub reuse: bool,
    /// `solver=on|off`: back exact values up as proofs (a child won for
    /// the mover wins its parent, all children proven settle it), never
    /// select a proven loss, play a proven win, stop once the root is
    /// proven.
    pub solver: bool,
    /// `decisive=on|off`: ask the game's knowledge at each new position
    /// for a decisive ply (a proven win, no evaluation) and forced
    /// replies (only those become children; none left is a proven loss).
    pub decisive: bool,
    /// `vmix=W`: the value of a new position is `(1 - W) * evaluator +
    /// W * the game's evaluation` where the search has the game's
    /// knowledge and the game an evaluation (default 0.5; 0 = the
    /// evaluator alone).
    pub value_mix: f32,
    /// `pmix=W`: the priors are `(1 - W) * evaluator + W * the game's
    /// priors` (as `vmix`).
    pub policy_mix: f32,
    /// `count=walks|evals`: what `iters` counts: every simulation (a walk
    /// that ends at an evaluation or at a known value: a finished game, a
    /// proof), or evaluations only (walks ending at a known value are
    /// free, at most 4 walks per unit of budget).
    pub count: Count,
    /// `seed=N`: the seed of noise and temperature.
    pub seed: u64,
}

impl Default for PuctOptions {
    fn default() -> PuctOptions {
        PuctOptions {
            model: Model::Knowledge,
            iters: None,
            time: None,
            c_puct: 1.5,
            fpu: 0.25,
            noise: 0.0,
            alpha: 0.3,
            temperature: 0.0,
            temperature_plies: 30,
            batch: 8,
            reuse: true,
            solver: true,
            decisive: true,
            value_mix: 0.5,
            policy_mix: 0.0,
            count: Count::Walks,
            seed: 0,
        }
    }
}

/// Why a `puct` spec or option was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PuctOptionsError {
    /// A key that is not one of [`KEYS`].
    #[error("unknown puct option `{key}`; expected one of model, iters, time, c, fpu, noise, alpha, temp, tplies, batch, reuse, solver, decisive, vmix, pmix, count, seed")]
    UnknownKey {
        /// The key given.
        key: String,
    },
    /// A value the key does not accept.
    #[error("bad value `{value}` for puct option `{key}`: expected {expected}")]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What the key accepts.
        expected: &'static str,
    },
    /// The same key twice.
    #[error("puct option `{0}` is given twice; expected each key once")]
    Duplicate(String),
    /// An option without `=`.
    #[error("bad puct spec: option `{0}` has no '=' (expected key=value)")]
    Syntax(String),
    /// A spec naming another engine.
    #[error("engine spec `{0}` is not a puct spec: expected puct:key=value,...")]
    NotPuct(String),
}

fn bad(key: &str, value: &str, expected: &'static str) -> PuctOptionsError {
    PuctOptionsError::BadValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected,
    }
}

fn switch(key: &str, value: &str) -> Result<bool, PuctOptionsError> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "1" => Ok(true),
        "off" | "false" | "0" => Ok(false),
        _ => Err(bad(key, value, "on or off")),
    }
}

fn number(
    key: &str,
    value: &str,
    range: std::ops::RangeInclusive<f32>,
    expected: &'static str,
) -> Result<f32, PuctOptionsError> {
    value
        .parse::<f32>()
        .ok()
        .filter(|x| range.contains(x))
        .ok_or_else(|| bad(key, value, expected))
}

impl PuctOptions {
    /// The simulation budget in force: `iters`, or [`DEFAULT_ITERS`] when
    /// no budget at all is given.
    pub fn simulation_budget(&self) -> Option<u64> {
        match (self.iters, self.time) {
            (None, None) => Some(DEFAULT_ITERS),
            (iters, _) => iters,
        }
    }

    /// Sets one option by key (`iterations` and `evals` mean `iters`). A
    /// budget set alone replaces the other, as in the other families.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), PuctOptionsError> {
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
                );
                self.time = None;
            }
            "time" => {
                self.time = Some(
                    parse_time_value(value)
                        .filter(|t| !t.is_zero())
                        .ok_or_else(|| bad(&key, value, "a duration above 0 such as 500ms, 2s or 1m"))?,
                );
                self.iters = None;
            }
            "c" => self.c_puct = number(&key, value, 0.0..=100.0, "a number from 0 to 100 such as 1.5")?,
            "fpu" => self.fpu = number(&key, value, 0.0..=2.0, "a number from 0 to 2 such as 0.25")?,
            "noise" => self.noise = number(&key, value, 0.0..=1.0, "a weight from 0 to 1 such as 0.25")?,
            "alpha" => {
                self.alpha = number(
                    &key,
                    value,
                    0.001..=100.0,
                    "a concentration from 0.001 to 100 such as 0.3",
                )?
            }
            "temp" => {
                self.temperature = number(&key, value, 0.0..=100.0, "a temperature from 0 to 100 such as 1")?
            }
            "tplies" => {
                self.temperature_plies = value
                    .parse()
                    .map_err(|_| bad(&key, value, "a whole number of plies"))?
            }
            "batch" => {
                self.batch = value
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=MAX_BATCH).contains(n))
                    .ok_or_else(|| bad(&key, value, "a batch size from 1 to 1024"))?
            }
            "reuse" => self.reuse = switch(&key, value)?,
            "solver" => self.solver = switch(&key, value)?,
            "decisive" => self.decisive = switch(&key, value)?,
            "vmix" => self.value_mix = number(&key, value, 0.0..=1.0, "a weight from 0 to 1 such as 0.5")?,
            "count" => {
                self.count = match value.to_ascii_lowercase().as_str() {
                    "walks" => Count::Walks,
                    "evals" => Count::Evaluations,
                    _ => return Err(bad(&key, value, "walks or evals")),
                }
            }
            "pmix" => self.policy_mix = number(&key, value, 0.0..=1.0, "a weight from 0 to 1 such as 0.5")?,
            "seed" => self.seed = value.parse().map_err(|_| bad(&key, value, "a whole number"))?,
            _ => return Err(PuctOptionsError::UnknownKey { key }),
        }
        Ok(())
    }
}

impl FromStr for PuctOptions {
    type Err = PuctOptionsError;

    /// Parses `puct`, `puct:` or `puct:key=value,...` (the name in any
    /// case); keys not given keep their defaults. With both `iters` and
    /// `time` the search stops at whichever comes first.
    fn from_str(text: &str) -> Result<PuctOptions, PuctOptionsError> {
        let trimmed = text.trim();
        let (name, rest) = trimmed.split_once(':').unwrap_or((trimmed, ""));
        if !name.trim().eq_ignore_ascii_case("puct") {
            return Err(PuctOptionsError::NotPuct(trimmed.to_owned()));
        }
        let mut options = PuctOptions::default();
        let mut seen: Vec<String> = Vec::new();
        let (mut iters, mut time) = (None, None);
        for item in rest.split(',').map(str::trim).filter(|item| !item.is_empty()) {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| PuctOptionsError::Syntax(item.to_owned()))?;
            let key = key.trim().to_ascii_lowercase();
            if seen.contains(&key) {
                return Err(PuctOptionsError::Duplicate(key));
            }
            seen.push(key.clone());
            options.set(&key, value)?;
            match key.as_str() {
                "iters" | "iterations" | "evals" => iters = options.iters,
                "time" => time = options.time,
                _ => {}
            }
        }
        options.iters = iters;
        options.time = time;
        Ok(options)
    }
}

impl fmt::Display for PuctOptions {
    /// The canonical spec: `puct` and the options that differ from the
    /// defaults, which parses back equal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = PuctOptions::default();
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
        let floats = [
            ("c", self.c_puct, d.c_puct),
            ("fpu", self.fpu, d.fpu),
            ("noise", self.noise, d.noise),
            ("alpha", self.alpha, d.alpha),
            ("temp", self.temperature, d.temperature),
            ("vmix", self.value_mix, d.value_mix),
            ("pmix", self.policy_mix, d.policy_mix),
        ];
        for (key, value, default) in floats {
            if value != default {
                parts.push(format!("{key}={value}"));
            }
        }
        if self.temperature_plies != d.temperature_plies {
            parts.push(format!("tplies={}", self.temperature_plies));
        }
        if self.batch != d.batch {
            parts.push(format!("batch={}", self.batch));
        }
        let on_off = |on: bool| if on { "on" } else { "off" };
        for (key, value, default) in [
            ("reuse", self.reuse, d.reuse),
            ("solver", self.solver, d.solver),
            ("decisive", self.decisive, d.decisive),
        ] {
            if value != default {
                parts.push(format!("{key}={}", on_off(value)));
            }
        }
        if self.count != d.count {
            parts.push(format!("count={}", self.count));
        }
        if self.seed != d.seed {
            parts.push(format!("seed={}", self.seed));
        }
        if parts.is_empty() {
            f.write_str("puct")
        } else {
            write!(f, "puct:{}", parts.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip_and_errors_say_what_is_expected() {
        for text in [
            "puct",
            "puct:model=uniform,iters=16,c=2,fpu=0,noise=0.25,alpha=0.5,temp=1,tplies=8,batch=1,reuse=off,seed=3",
            "puct:solver=on,decisive=on,vmix=0.5,pmix=0.25,count=evals",
            "puct:solver=off,decisive=off",
            "puct:model=Nets/A.safetensors,time=250ms",
            "puct:iters=100,time=1s",
        ] {
            let options: PuctOptions = text.parse().unwrap();
            assert_eq!(options.to_string().parse::<PuctOptions>().unwrap(), options, "{text}");
        }
        assert_eq!("PUCT:".parse::<PuctOptions>().unwrap(), PuctOptions::default());
        assert_eq!(PuctOptions::default().simulation_budget(), Some(DEFAULT_ITERS));
        let both: PuctOptions = "puct:time=1s,iters=5".parse().unwrap();
        assert_eq!((both.iters, both.time), (Some(5), Some(Duration::from_secs(1))));
        for (bad, key) in [
            ("puct:batch=0", "batch"),
            ("puct:noise=2", "noise"),
            ("puct:iters=x", "iters"),
        ] {
            let err = bad.parse::<PuctOptions>().unwrap_err();
            assert!(
                matches!(&err, PuctOptionsError::BadValue { key: k, .. } if k == key),
                "{bad}"
            );
            assert!(err.to_string().contains("expected"), "{err}");
        }
        assert!(matches!(
            "puct:bogus=1".parse::<PuctOptions>(),
            Err(PuctOptionsError::UnknownKey { .. })
        ));
        assert!(matches!(
            "puct:c=1,c=2".parse::<PuctOptions>(),
            Err(PuctOptionsError::Duplicate(_))
        ));
        assert!(matches!(
            "puct:c".parse::<PuctOptions>(),
            Err(PuctOptionsError::Syntax(_))
        ));
        assert!(matches!(
            "mcts:c=1".parse::<PuctOptions>(),
            Err(PuctOptionsError::NotPuct(_))
        ));
    }
}
