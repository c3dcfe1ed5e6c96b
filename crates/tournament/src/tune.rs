//! `arena tune`: SPSA tuning of numeric engine-spec keys over arena games.
//!
//! Simultaneous perturbation stochastic approximation (Spall), in the form
//! chess engine testing frameworks use: at iteration k every parameter is
//! moved by `+c_k` or `-c_k` (signs at random, `delta`), the engine with
//! the plus values plays the one with the minus values for a few
//! colour-swapped pairs, and each parameter moves by
//! `a_k / c_k * (plus wins - minus wins) * delta`, kept in its range. The
//! gains fall as `c_k = c / (k + 1)^0.101` and `a_k = a / (A + k + 1)^0.602`
//! with `A = N / 10` (N iterations), `c` chosen so that the last
//! perturbation is the parameter's `step`, and `a` so that the last
//! learning rate `a_N / c_N^2` is `--rate`.
//!
//! A run is recorded in a folder: `tune.json` (its settings) and
//! `tune.jsonl` (one line per finished iteration, synced before the next
//! starts, with the values after it). Running the same command again
//! resumes after the last recorded iteration; other settings are refused.
//!
//! ```
//! use tournament::tune::{Gains, Param};
//! let p: Param = "c=0.4,0.1..1.0".parse().unwrap();
//! assert_eq!((p.start, p.min, p.max), (0.4, 0.1, 1.0));
//! let g = Gains::new(100, 0.05);
//! // The perturbation shrinks to the step at the last iteration.
//! assert!((g.perturbation(&p, 99) - p.step).abs() < 1e-12);
//! ```

use std::fs;
use std::io::Write;
use std::path::Path;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::error::TournamentError;
use crate::lock::DirLock;
use crate::{write_atomically, TournamentSettings};
use protocol::engine::EngineSpec;

/// The SPSA exponent of the learning-rate decay.
const ALPHA: f64 = 0.602;
/// The SPSA exponent of the perturbation decay.
const GAMMA: f64 = 0.101;

/// The largest magnitude a `--param` value may have: far beyond any
/// engine knob, and small enough that every whole number up to it is
/// exact and printed as itself.
pub const MAX_PARAM_MAGNITUDE: f64 = 1e15;

/// One tuned engine-spec key: `KEY=START,MIN..MAX[,step=S]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Param {
    /// The engine-spec key, e.g. `c` or `prior`.
    pub key: String,
    /// The value the run starts from.
    pub start: f64,
    /// The smallest value tried.
    pub min: f64,
    /// The largest value tried.
    pub max: f64,
    /// The perturbation at the last iteration (default: a twentieth of the
    /// range).
    pub step: f64,
    /// Whether the engine takes whole numbers for this key (found by
    /// asking the engine-spec parser).
    #[serde(default)]
    pub integer: bool,
}

/// A `--param` that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad --param {given:?}: {reason}; expected KEY=START,MIN..MAX[,step=S], e.g. c=0.4,0.1..1.0 or prior=10,0..40,step=4")]
pub struct ParamError {
    /// What was given.
    pub given: String,
    /// What is wrong with it.
    pub reason: String,
}

impl std::str::FromStr for Param {
    type Err = ParamError;

    fn from_str(s: &str) -> Result<Param, ParamError> {
        let bad = |reason: &str| ParamError {
            given: s.to_owned(),
            reason: reason.to_owned(),
        };
        let (key, rest) = s.split_once('=').ok_or_else(|| bad("no KEY="))?;
        let key = key.trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(bad("the key must be an engine-spec key such as c"));
        }
        let parts: Vec<&str> = rest.split(',').map(str::trim).collect();
        let number = |t: &str, what: &str| {
            let v = t
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| bad(&format!("{what} {t:?} is not a number")))?;
            if v.abs() > MAX_PARAM_MAGNITUDE {
                return Err(bad(&format!(
                    "{what} {t} is out of range: values lie between -{MAX_PARAM_MAGNITUDE:e} and {MAX_PARAM_MAGNITUDE:e}"
                )));
            }
            Ok(v)
        };
        let (start, range, step) = match parts.as_slice() {
            [start, range] => (start, range, None),
            [start, range, step] => (start, range, Some(step)),
            _ => return Err(bad("give START,MIN..MAX and optionally step=S")),
        };
        let start = number(start, "START")?;
        let (min, max) = range
            .split_once("..")
            .ok_or_else(|| bad("the range must be MIN..MAX"))?;
        let (min, max) = (number(min.trim(), "MIN")?, number(max.trim(), "MAX")?);
        if min >= max {
            return Err(bad("MIN must be below MAX"));
        }
        if !(min..=max).contains(&start) {
            return Err(bad("START must lie in MIN..MAX"));
        }
        let step = match step {
            None => (max - min) / 20.0,
            Some(t) => {
                let v = t
                    .strip_prefix("step=")
                    .ok_or_else(|| bad("the third part must be step=S"))?;
                number(v.trim(), "step")?
            }
        };
        if step <= 0.0 || step > (max - min) / 2.0 {
            return Err(bad("the step must be above 0 and at most half the range"));
        }
        Ok(Param {
            key: key.to_owned(),
            start,
            min,
            max,
            step,
            integer: false,
        })
    }
}

impl Param {
    /// `value` kept in range and, for whole-number keys, rounded.
    pub fn clamp(&self, value: f64) -> f64 {
        let v = value.clamp(self.min, self.max);
        if self.integer {
            v.round()
        } else {
            v
        }
    }

    /// The engine-spec text of `value`.
    fn text(&self, value: f64) -> String {
        if self.integer {
            // Not through an integer type, which would saturate.
            // (+ 0.0 turns -0 into 0).
            format!("{:.0}", value.round() + 0.0)
        } else {
            // Four significant decimals are finer than any match can tell.
            let t = format!("{value:.4}");
            t.trim_end_matches('0').trim_end_matches('.').to_owned()
        }
    }
}

/// The SPSA gain sequences of a run of `iterations` iterations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gains {
    iterations: u64,
    rate: f64,
}

impl Gains {
    /// Gains for `iterations` iterations ending at learning rate `rate`.
    pub fn new(iterations: u64, rate: f64) -> Gains {
        Gains { iterations, rate }
    }

    fn stability(&self) -> f64 {
        self.iterations as f64 / 10.0
    }

    /// `c_k` of parameter `p` at iteration `k` (from 0).
    pub fn perturbation(&self, p: &Param, k: u64) -> f64 {
        let c = p.step * (self.iterations as f64).powf(GAMMA);
        c / ((k + 1) as f64).powf(GAMMA)
    }

    /// `a_k` of parameter `p` at iteration `k` (from 0).
    pub fn learning(&self, p: &Param, k: u64) -> f64 {
        let a = self.rate * p.step * p.step * (self.stability() + self.iterations as f64).powf(ALPHA);
        a / (self.stability() + (k + 1) as f64).powf(ALPHA)
    }

    /// The value of `p` after iteration `k`: `theta` moved by
    /// `a_k / c_k * result * delta` (result: plus wins minus minus wins),
    /// kept in range.
    pub fn step(&self, p: &Param, k: u64, theta: f64, delta: f64, result: f64) -> f64 {
        let moved = theta + self.learning(p, k) / self.perturbation(p, k) * result * delta;
        moved.clamp(p.min, p.max)
    }
}

/// Everything a tuning run needs (the fields of `tune.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneConfig {
    /// The game spec.
    pub spec: String,
    /// The engine spec the parameters are added to (mcts only).
    pub engine: String,
    /// The tuned keys.
    pub params: Vec<Param>,
    /// Iterations of the whole run.
    pub iterations: u64,
    /// Colour-swapped game pairs per iteration.
    pub pairs: u64,
    /// The learning rate at the last iteration.
    pub rate: f64,
    /// Random opening plies per pair.
    pub opening_plies: u32,
    /// The seed of the perturbations, openings and engines.
    pub seed: u64,
}

/// One finished iteration (a line of `tune.jsonl`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Iteration {
    /// Which (from 0).
    pub iteration: u64,
    /// The engine spec with the plus values.
    pub plus: String,
    /// The engine spec with the minus values.
    pub minus: String,
    /// Games won by the plus engine.
    pub plus_wins: u64,
    /// Games won by the minus engine.
    pub minus_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Every parameter's value after the iteration, in `params` order.
    pub theta: Vec<f64>,
}

/// What a finished (or resumed and finished) run reports.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneReport {
    /// The settings.
    pub config: TuneConfig,
    /// Every iteration, old and new.
    pub history: Vec<Iteration>,
    /// The final values, in `params` order.
    pub theta: Vec<f64>,
    /// The engine spec with the final values.
    pub engine: String,
}

impl TuneConfig {
    /// Checks the engine and finds which keys take whole numbers: every
    /// key must be accepted at both ends of its range, as written or
    /// rounded (a key the engine spec sets already is refused).
    pub fn check(mut self) -> Result<TuneConfig, TournamentError> {
        abstracta::open(&self.spec)?;
        let base: EngineSpec = self.engine.parse()?;
        let EngineSpec::Mcts(_) = base else {
            return Err(TournamentError::usage(format!(
                "arena tune tunes mcts engines; {:?} is not one",
                self.engine
            )));
        };
        if self.iterations == 0 || self.pairs == 0 {
            return Err(TournamentError::usage(
                "--iterations and --pairs must be at least 1",
            ));
        }
        if !(self.rate > 0.0 && self.rate.is_finite()) {
            return Err(TournamentError::usage("--rate must be a number above 0"));
        }
        let mut keys = std::collections::BTreeSet::new();
        for i in 0..self.params.len() {
            let key = self.params[i].key.clone();
            if !keys.insert(key.clone()) {
                return Err(TournamentError::usage(format!("--param {key} is given twice")));
            }
            let sets = |spec: &str| {
                spec.split([':', ','])
                    .any(|kv| kv.split('=').next() == Some(&key))
            };
            if sets(&self.engine) {
                return Err(TournamentError::usage(format!(
                    "--param {key}: the engine {:?} sets {key}= already",
                    self.engine
                )));
            }
            // A value between whole numbers tells a key that takes only
            // whole numbers from one that takes any.
            let accepts = |p: &Param| {
                [p.min, p.max, p.start, p.min + 0.3719 * (p.max - p.min)]
                    .iter()
                    .all(|&v| {
                        self.spec_with(&self.engine, &[(p, v)])
                            .parse::<EngineSpec>()
                            .is_ok()
                    })
            };
            let mut p = self.params[i].clone();
            if !accepts(&p) {
                p.integer = true;
                if !accepts(&p) {
                    let err = self
                        .spec_with(&self.engine, &[(&p, p.min)])
                        .parse::<EngineSpec>()
                        .err()
                        .map_or_else(String::new, |e| e.to_string());
                    return Err(TournamentError::usage(format!(
                        "--param {key}: the engine does not take {key}= over {}..{}: {err}",
                        p.min, p.max
                    )));
                }
            }
            self.params[i] = p;
        }
        if self.params.is_empty() {
            return Err(TournamentError::usage("give at least one --param"));
        }
        Ok(self)
    }

    fn spec_with(&self, base: &str, values: &[(&Param, f64)]) -> String {
        let mut spec = base.to_owned();
        for (p, v) in values {
            spec.push(if spec.contains(':') { ',' } else { ':' });
            spec.push_str(&format!("{}={}", p.key, p.text(*v)));
        }
        spec
    }

    /// The engine spec with every parameter at `theta`.
    pub fn engine_at(&self, theta: &[f64]) -> String {
        let values: Vec<(&Param, f64)> = self.params.iter().zip(theta.iter().copied()).collect();
        self.spec_with(&self.engine, &values)
    }

    /// The values the plus (`sign` 1) or minus (-1) engine of iteration
    /// `k` plays with.
    fn perturbed(&self, gains: &Gains, k: u64, theta: &[f64], delta: &[f64], sign: f64) -> Vec<f64> {
        self.params
            .iter()
            .zip(theta)
            .zip(delta)
            .map(|((p, &t), &d)| p.clamp(t + sign * d * gains.perturbation(p, k)))
            .collect()
    }

    /// The values after iteration `k` ended with `result` (plus wins
    /// minus minus wins).
    fn updated(&self, gains: &Gains, k: u64, theta: &[f64], delta: &[f64], result: f64) -> Vec<f64> {
        self.params
            .iter()
            .zip(theta)
            .zip(delta)
            .map(|((p, &t), &d)| gains.step(p, k, t, d, result))
            .collect()
    }

    /// The perturbation signs of iteration `k`, the same on every run.
    fn delta(&self, k: u64) -> Vec<f64> {
        let mut rng = SmallRng::seed_from_u64(self.seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.params
            .iter()
            .map(|_| if rng.gen::<bool>() { 1.0 } else { -1.0 })
            .collect()
    }
}

/// Runs (or resumes) a tuning run recorded in `dir`, printing one line per
/// iteration through `progress`.
pub fn run(
    config: TuneConfig,
    dir: &Path,
    concurrency: Option<usize>,
    progress: &mut dyn FnMut(&Iteration, &TuneConfig),
) -> Result<TuneReport, TournamentError> {
    let config = config.check()?;
    fs::create_dir_all(dir).map_err(|e| TournamentError::io(format!("creating {}", dir.display()), e))?;
    let _lock = DirLock::acquire(dir, "tuning")?;
    let config_path = dir.join("tune.json");
    match crate::files::read_input_if_exists(&config_path, &crate::files::TUNE_SETTINGS)? {
        Some(text) => {
            let old: TuneConfig = serde_json::from_slice(&text).map_err(|e| {
                TournamentError::Failed(format!("{}: not a tune.json: {e}", config_path.display()))
            })?;
            if old != config {
                return Err(TournamentError::usage(format!(
                    "{} holds another tuning run ({}); use another folder",
                    dir.display(),
                    difference(&old, &config)
                )));
            }
        }
        None => {
            let text = serde_json::to_string_pretty(&config).unwrap_or_default() + "\n";
            write_atomically(&config_path, &text)?;
        }
    }
    let journal_path = dir.join("tune.jsonl");
    let mut history = read_history(&journal_path, &config)?;
    let mut journal = crate::files::open_for_append(&journal_path)?;
    let gains = Gains::new(config.iterations, config.rate);
    let mut theta: Vec<f64> = history.last().map_or_else(
        || config.params.iter().map(|p| p.start).collect(),
        |i| i.theta.clone(),
    );
    for k in history.len() as u64..config.iterations {
        let delta = config.delta(k);
        let (plus, minus) = (
            config.engine_at(&config.perturbed(&gains, k, &theta, &delta, 1.0)),
            config.engine_at(&config.perturbed(&gains, k, &theta, &delta, -1.0)),
        );
        let players = vec![("plus".into(), plus.clone()), ("minus".into(), minus.clone())];
        let settings = TournamentSettings {
            games: 2 * config.pairs,
            concurrency,
            seed: config.seed.wrapping_add(k.wrapping_mul(1_000_003)),
            opening_plies: config.opening_plies,
            ..TournamentSettings::new(abstracta::Registry::standard(), &config.spec, players)
        };
        let summary = crate::run(&settings)?;
        let p = &summary.pairings[0];
        let (plus_wins, minus_wins) = if p.a == "plus" {
            (p.a_wins, p.b_wins)
        } else {
            (p.b_wins, p.a_wins)
        };
        let result = plus_wins as f64 - minus_wins as f64;
        theta = config.updated(&gains, k, &theta, &delta, result);
        let record = Iteration {
            iteration: k,
            plus,
            minus,
            plus_wins,
            minus_wins,
            draws: p.draws,
            theta: theta.clone(),
        };
        let line = serde_json::to_string(&record).unwrap_or_default() + "\n";
        journal
            .write_all(line.as_bytes())
            .and_then(|_| journal.sync_data())
            .map_err(|e| TournamentError::io(format!("writing {}", journal_path.display()), e))?;
        progress(&record, &config);
        history.push(record);
    }
    let engine = config.engine_at(&theta);
    Ok(TuneReport {
        config,
        history,
        theta,
        engine,
    })
}

/// The iterations recorded in `path`: a last line cut short by a crash is
/// dropped (and removed from the file, so appending goes on cleanly); any
/// other bad line, or lines out of order, is an error.
fn read_history(path: &Path, config: &TuneConfig) -> Result<Vec<Iteration>, TournamentError> {
    let Some(complete) = crate::journal::complete_lines(path, true, &crate::files::TUNE_HISTORY)? else {
        return Ok(Vec::new());
    };
    let mut history = Vec::new();
    for (n, line) in complete.lines().enumerate() {
        let bad = |why: String| TournamentError::Failed(format!("{} line {}: {why}", path.display(), n + 1));
        let it: Iteration = serde_json::from_str(line).map_err(|e| bad(e.to_string()))?;
        if it.iteration != n as u64 || it.theta.len() != config.params.len() {
            return Err(bad(format!(
                "expected iteration {} with {} values",
                n,
                config.params.len()
            )));
        }
        history.push(it);
    }
    if history.len() as u64 > config.iterations {
        return Err(TournamentError::usage(format!(
            "{} holds {} iterations, more than --iterations {}",
            path.display(),
            history.len(),
            config.iterations
        )));
    }
    Ok(history)
}

/// The first setting in which `new` differs from `old`, for the refusal.
fn difference(old: &TuneConfig, new: &TuneConfig) -> String {
    let show = |c: &TuneConfig| serde_json::to_value(c).unwrap_or_default();
    let (o, n) = (show(old), show(new));
    if let (Some(o), Some(n)) = (o.as_object(), n.as_object()) {
        for (key, value) in o {
            if n.get(key) != Some(value) {
                return format!(
                    "{key} was {value}, now {}",
                    n.get(key).cloned().unwrap_or_default()
                );
            }
        }
    }
    "other settings".to_owned()
}

/// The report as text: the values at the start and the end, and the spec.
pub fn format_report(report: &TuneReport) -> String {
    let mut out = format!(
        "{} iterations of {} pairs ({} games)\n",
        report.history.len(),
        report.config.pairs,
        report.history.len() as u64 * 2 * report.config.pairs
    );
    for (p, v) in report.config.params.iter().zip(&report.theta) {
        out.push_str(&format!(
            "  {:<8} start {:<8} now {:<8} range {}..{}\n",
            p.key,
            p.text(p.start),
            p.text(*v),
            p.min,
            p.max
        ));
    }
    out.push_str(&format!("engine: {}\n", report.engine));
    out
}

#[cfg(test)]
mod tests;
