//! `best[:OPTIONS]`: the search family measured strongest for each game,
//! with the budget given. Which family that is lives in [`STRONGEST`]; the
//! matches that decided it are in `docs/alphabeta.md` and
//! `docs/strength.md`. Only options every family reads alike are accepted
//! (`time`, `threads`, `seed`), so one spec means the same budget whichever
//! family it resolves to.
//!
//! ```
//! use abstracta::families::{self, strongest_family, EngineSpec};
//! use abstracta::toy::TicTacToe;
//! let spec: EngineSpec = "best:time=50ms".parse().unwrap();
//! assert_eq!(spec.to_string(), "best:time=50ms");
//! assert_eq!(strongest_family("epaminondas"), "alphabeta");
//! let search = families::build::<TicTacToe>(&spec, 0).unwrap();
//! assert_eq!(search.describe(), "mcts:time=50ms");
//! ```

use std::fmt;

use thiserror::Error;

use super::EngineSpec;

/// Games whose strongest family is not [`DEFAULT_STRONGEST`], by game
/// name. Epaminondas: alpha-beta beat the MCTS defaults 59-1 at 100 ms a
/// ply and 20-0 at 1 s (`docs/alphabeta.md`); in the other four games MCTS
/// was far stronger or level.
pub const STRONGEST: &[(&str, &str)] = &[("epaminondas", "alphabeta")];

/// The family `best` resolves to for a game not in [`STRONGEST`].
pub const DEFAULT_STRONGEST: &str = "mcts";

/// The options `best` passes on to the family it resolves to.
pub const BEST_KEYS: &[&str] = &["time", "threads", "seed"];

/// The family `best` resolves to for the game named `game`.
pub fn strongest_family(game: &str) -> &'static str {
    STRONGEST
        .iter()
        .find(|(name, _)| *name == game)
        .map_or(DEFAULT_STRONGEST, |(_, family)| family)
}

/// A `best` spec's options: keys of [`BEST_KEYS`], each at most once, in
/// that order, with values every family they may reach accepts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BestOptions {
    pairs: Vec<(&'static str, String)>,
}

/// Why a `best` spec's options were refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BestOptionsError {
    /// An option `best` does not pass on.
    #[error("`best` takes only {keys} (it resolves to another family per game); {key:?} is not one of them", keys = BEST_KEYS.join(", "))]
    UnknownKey {
        /// The key given.
        key: String,
    },
    /// An option without `=`.
    #[error("`best` options are KEY=VALUE pairs separated by commas; {pair:?} has no `=`")]
    NoValue {
        /// The pair given.
        pair: String,
    },
    /// The same key twice.
    #[error("`best` option {key:?} is given twice")]
    Repeated {
        /// The key.
        key: &'static str,
    },
    /// A value one of the families `best` may resolve to refuses.
    #[error("`best` option {key}={value:?} is refused by {family}: {reason}")]
    Refused {
        /// The key.
        key: &'static str,
        /// The value given.
        value: String,
        /// The family that refused it.
        family: &'static str,
        /// Its reason.
        reason: String,
    },
}

impl BestOptions {
    /// Reads the part of a `best` spec after `best:` (`None`: no options).
    pub fn parse(options: Option<&str>) -> Result<BestOptions, BestOptionsError> {
        let mut pairs: Vec<(&'static str, String)> = Vec::new();
        for pair in options
            .unwrap_or("")
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            let (key, value) = pair.split_once('=').ok_or_else(|| BestOptionsError::NoValue {
                pair: pair.to_owned(),
            })?;
            let key = key.trim().to_ascii_lowercase();
            let Some(&key) = BEST_KEYS.iter().find(|k| **k == key) else {
                return Err(BestOptionsError::UnknownKey { key });
            };
            if pairs.iter().any(|(k, _)| *k == key) {
                return Err(BestOptionsError::Repeated { key });
            }
            let value = value.trim().to_owned();
            for family in families_reached() {
                if let Err(e) = format!("{family}:{key}={value}").parse::<EngineSpec>() {
                    return Err(BestOptionsError::Refused {
                        key,
                        value,
                        family,
                        reason: e.to_string(),
                    });
                }
            }
            pairs.push((key, value));
        }
        pairs.sort_by_key(|(k, _)| BEST_KEYS.iter().position(|b| b == k));
        Ok(BestOptions { pairs })
    }

    /// The spec of the family `best` resolves to for the game named `game`.
    pub fn resolve(&self, game: &str) -> String {
        self.for_family(strongest_family(game))
    }

    /// The spec these options give `family` (one of
    /// [`reached_families`](Self::reached_families)).
    pub fn for_family(&self, family: &str) -> String {
        if self.pairs.is_empty() {
            family.to_owned()
        } else {
            format!("{family}:{}", self.options_text())
        }
    }

    /// Every family `best` can resolve to, so that a caller capping
    /// budgets can check each.
    pub fn reached_families() -> Vec<&'static str> {
        families_reached().collect()
    }

    /// The number of threads asked for (1 when not given).
    pub fn threads(&self) -> usize {
        self.pairs
            .iter()
            .find(|(k, _)| *k == "threads")
            .and_then(|(_, v)| v.parse().ok())
            .unwrap_or(1)
    }

    fn options_text(&self) -> String {
        let pairs: Vec<String> = self.pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        pairs.join(",")
    }
}

/// Every family `best` can resolve to.
fn families_reached() -> impl Iterator<Item = &'static str> {
    let mut families = vec![DEFAULT_STRONGEST];
    for (_, family) in STRONGEST {
        if !families.contains(family) {
            families.push(family);
        }
    }
    families.into_iter()
}

impl fmt::Display for BestOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.pairs.is_empty() {
            f.write_str("best")
        } else {
            write!(f, "best:{}", self.options_text())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_resolves_per_game_and_round_trips() {
        let spec: EngineSpec = "BEST: threads=2 , time=100ms".parse().unwrap();
        assert_eq!(spec.to_string(), "best:time=100ms,threads=2");
        assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec);
        assert_eq!(spec.threads(), 2);
        let EngineSpec::Best(options) = &spec else {
            panic!("{spec:?}")
        };
        assert_eq!(options.resolve("epaminondas"), "alphabeta:time=100ms,threads=2");
        assert_eq!(options.resolve("escabel"), "mcts:time=100ms,threads=2");
        assert_eq!("best".parse::<EngineSpec>().unwrap().to_string(), "best");
    }

    #[test]
    fn best_refuses_what_it_cannot_pass_on() {
        for (spec, expected) in [
            ("best:iters=100", "takes only time, threads, seed"),
            ("best:time", "has no `=`"),
            ("best:time=1s,time=2s", "given twice"),
            ("best:time=soon", "refused by mcts"),
            ("best:threads=0", "refused by"),
        ] {
            let e = spec.parse::<EngineSpec>().unwrap_err().to_string();
            assert!(e.contains(expected), "{spec}: {e}");
        }
    }
}
