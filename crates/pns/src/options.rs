//! The options of a `pns` engine spec: `pns[:nodes=N,time=T,tt=MB,depth=N,eps=X,...]`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use abstracta_core::search::{format_time_value as format_duration, parse_time_value};
use abstracta_core::spec::GameSpec;
use abstracta_core::SpecError;

use crate::graph::MAX_GRAPH_POSITIONS;
use thiserror::Error;

/// The node budget when neither `nodes` nor `time` is given.
pub const DEFAULT_NODES: u64 = 10_000_000;
/// The transposition table's default size in MiB.
pub const DEFAULT_TABLE_MB: usize = 64;
/// The largest transposition table accepted, in MiB.
pub const MAX_TABLE_MB: usize = 16_384;
/// The default depth limit in plies below the searched position.
pub const DEFAULT_DEPTH: u32 = 4096;
/// The largest depth limit accepted (the search recurses once per ply and
/// sizes its thread's stack by this limit).
pub const MAX_DEPTH: u32 = 20_000;
/// The default epsilon of the 1+epsilon threshold trick.
pub const DEFAULT_EPSILON: f64 = 0.25;

/// The keys a `pns` spec accepts.
pub const KEYS: &[&str] = &[
    "nodes", "time", "tt", "depth", "eps", "plies", "init", "h", "key", "turns", "leaves", "graph",
];

/// Per-game defaults, keyed by game name: the options a game's search
/// takes when the spec leaves them unset (`leaves=`, `key=auto`).
/// Measured in `docs/solver.md`: the leaf check pays in Ecalper, whose
/// decisive plies are rare and end the game (the last replacement);
/// positions keyed without their plies pay in Epaminondas, whose pieces
/// shuffle under a 1000-ply cap (the other capped games cannot repeat a
/// position, and a disproof there proves a loss at once when keyed by ply).
pub const GAME_DEFAULTS: &[(&str, &str)] = &[("ecalper", "leaves=check"), ("epaminondas", "key=position")];
/// The default weight of the initial numbers (`h=N`) with `init=prior|eval`.
pub const DEFAULT_INIT_WEIGHT: u32 = 4;

/// How a new node's proof and disproof numbers are set before it is
/// expanded (`init=...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Init {
    /// `init=unit`: (1, 1), plain df-pn.
    Unit,
    /// `init=prior`: from the game's ply priors
    /// ([`Knowledge::ply_priors`](abstracta_core::knowledge::Knowledge::ply_priors)),
    /// one call per expanded node.
    Prior,
    /// `init=eval` (the default): from the game's evaluation of each new
    /// child ([`Knowledge::evaluate`](abstracta_core::knowledge::Knowledge::evaluate)).
    Eval,
}

impl Init {
    fn word(self) -> &'static str {
        match self {
            Init::Unit => "unit",
            Init::Prior => "prior",
            Init::Eval => "eval",
        }
    }
}

/// How the positions of a game with a length cap are told apart in the
/// transposition table (`key=...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keying {
    /// `key=auto` (the default): the game's entry of [`GAME_DEFAULTS`]
    /// (`key=position` for Epaminondas), else `key=ply`; by position only
    /// while more than 64 plies are left before the cap at the searched
    /// position (a short cap is searched exactly).
    Auto,
    /// `key=ply`: by position and plies played (the same position nearer
    /// the cap may have another value): exact, but a transposition at
    /// another ply count is a new position.
    Ply,
    /// `key=position`: by position alone. A stored proof keeps its length
    /// and is used only where it fits before the cap; a position that
    /// repeats the line counts as not won for the asked seat; a disproof
    /// that rests on the line (a repetition, a draw by the cap) is not
    /// stored.
    Position,
}

impl Keying {
    fn word(self) -> &'static str {
        match self {
            Keying::Auto => "auto",
            Keying::Ply => "ply",
            Keying::Position => "position",
        }
    }
}

/// Options of the `pns` family.
///
/// ```
/// use pns::PnsOptions;
/// let options: PnsOptions = "pns:time=2s,tt=16".parse().unwrap();
/// assert_eq!(options.nodes, None); // a time alone drops the default node budget
/// assert_eq!(options.to_string(), "pns:time=2s,tt=16");
/// assert_eq!("pns".parse::<PnsOptions>().unwrap(), PnsOptions::default());
/// assert!("pns:tt=0".parse::<PnsOptions>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PnsOptions {
    /// `nodes=N` (or `iters=N`): expanded nodes at most per search; with
    /// `time` too, whichever ends first. [`DEFAULT_NODES`] when neither is given.
    pub nodes: Option<u64>,
    /// `time=500ms / 2s / 1m`: wall time at most per search.
    pub time: Option<Duration>,
    /// `tt=MB`: the transposition table's size in MiB (1 to [`MAX_TABLE_MB`]).
    pub table_mb: usize,
    /// `depth=N`: plies below the searched position at most; deeper nodes
    /// count as not won, and the search then trusts no disproof.
    pub depth: u32,
    /// `eps=X`: the child threshold is `second best * (1 + X)` (0 is plain df-pn).
    pub epsilon: f64,
    /// `plies=all|best`: after the root's value, prove every root ply's
    /// value too (`all`, the default: every winning ply is listed), or only
    /// what proving the root needed (`best`: one winning ply, as a player
    /// needs).
    pub all_plies: bool,
    /// `init=unit|prior|eval`: a new node's numbers, (1, 1) or from the
    /// game's knowledge (a node the game judges good for the asked seat
    /// starts with a small proof number and a large disproof number).
    pub init: Init,
    /// `h=N`: with `init=prior|eval`, the numbers of a node judged even are
    /// `1 + N`, and range from 1 to `1 + 2N` (1 to 1000).
    pub init_weight: u32,
    /// `key=auto|ply|position`: how a capped game's positions are keyed
    /// (see [`Keying`]).
    pub keying: Keying,
    /// `turns=whole|ply`: whether a node's children are the positions
    /// after each way its mover can finish the turn (`whole`, the default;
    /// a ply after which the same seat moves again, as in Ecalper's and
    /// Whirlwind's turns, is then no node of its own, while a turn has at
    /// most about 20,000 ways) or after each ply (`ply`).
    pub whole_turns: bool,
    /// `leaves=check|plain`: whether a new leaf whose every ply ends the
    /// game, or whose mover has a decisive ply, is settled at once
    /// (`check`) or gets its initial numbers like any other (`plain`). `None`: the game's entry of [`GAME_DEFAULTS`]
    /// (see [`PnsOptions::for_game`]).
    pub check_leaves: Option<bool>,
    /// `graph=N|off`: after a short df-pn (100,000 expansions, an eighth
    /// of the time) that proves quick wins and losses, solve exactly by
    /// retrograde analysis of the graph of positions reachable from the
    /// searched one, when it has at most `N` positions (1 to
    /// [`MAX_GRAPH_POSITIONS`]) and is solved within half the budget;
    /// else df-pn takes what is left (see
    /// [`solve_graph`](crate::solve_graph)). `None` (`off`, the default):
    /// df-pn only.
    pub graph: Option<usize>,
}

impl Default for PnsOptions {
    fn default() -> PnsOptions {
        PnsOptions {
            nodes: Some(DEFAULT_NODES),
            time: None,
            table_mb: DEFAULT_TABLE_MB,
            depth: DEFAULT_DEPTH,
            epsilon: DEFAULT_EPSILON,
            all_plies: true,
            init: Init::Eval,
            init_weight: DEFAULT_INIT_WEIGHT,
            keying: Keying::Auto,
            whole_turns: true,
            check_leaves: None,
            graph: None,
        }
    }
}

/// Why a `pns` spec or option was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PnsOptionsError {
    /// A key that is not one of [`KEYS`].
    #[error(
        "unknown pns option `{key}`; expected one of nodes, time, tt, depth, eps, plies, init, h, key, turns, leaves, graph"
    )]
    UnknownKey {
        /// The key given.
        key: String,
    },
    /// A value the key does not accept.
    #[error("bad value `{value}` for pns option `{key}`: expected {expected}")]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What the key accepts.
        expected: &'static str,
    },
    /// The same key twice.
    #[error("pns option `{0}` is given twice; expected each key once")]
    Duplicate(String),
    /// A spec whose shape is wrong (an option without `=`, say).
    #[error("bad pns spec: {0}")]
    Syntax(String),
    /// A spec naming another engine.
    #[error("engine spec `{0}` is not a pns spec: expected pns:key=value,...")]
    NotPns(String),
}

fn bad(key: &str, value: &str, expected: &'static str) -> PnsOptionsError {
    PnsOptionsError::BadValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected,
    }
}

/// Reads a time value above zero (core's form: `500ms`, `2s`, `1.5s`, `1m`).
fn parse_duration(key: &str, value: &str) -> Result<Duration, PnsOptionsError> {
    parse_time_value(value)
        .filter(|t| !t.is_zero())
        .ok_or_else(|| bad(key, value, "a duration above 0 such as 500ms, 2s, 1.5s or 1m"))
}

impl PnsOptions {
    /// The options with what the spec leaves unset (`leaves=`, `key=auto`)
    /// taken from the entry of the game named `game` in [`GAME_DEFAULTS`]
    /// (unset without one: no leaf check, keys by ply).
    pub fn for_game(&self, game: &str) -> PnsOptions {
        let mut defaults = PnsOptions::default();
        if let Some((_, spec)) = GAME_DEFAULTS.iter().find(|(name, _)| *name == game) {
            for pair in spec.split(',') {
                let (key, value) = pair.split_once('=').expect("GAME_DEFAULTS holds key=value pairs");
                defaults
                    .set(key, value)
                    .expect("GAME_DEFAULTS holds valid pns options");
            }
        }
        let mut options = self.clone();
        options.check_leaves = Some(self.check_leaves.or(defaults.check_leaves).unwrap_or(false));
        if options.keying == Keying::Auto && defaults.keying != Keying::Position {
            options.keying = Keying::Ply;
        }
        options
    }

    /// Sets one option by key (`iters` and `iterations` mean `nodes`). A
    /// budget set alone replaces the other: `time` drops the node budget
    /// and `nodes` the time, as the `mcts` family does.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), PnsOptionsError> {
        let key = key.trim().to_ascii_lowercase();
        let value = value.trim();
        match key.as_str() {
            "nodes" | "iters" | "iterations" => {
                self.nodes = Some(parse_nodes(&key, value)?);
                self.time = None;
            }
            "time" => {
                self.time = Some(parse_duration(&key, value)?);
                self.nodes = None;
            }
            _ => self.set_other(&key, value)?,
        }
        Ok(())
    }

    fn set_other(&mut self, key: &str, value: &str) -> Result<(), PnsOptionsError> {
        match key {
            "tt" => {
                const EXPECTED: &str = "a table size in MiB from 1 to 16384";
                match value.parse::<usize>() {
                    Ok(mb) if (1..=MAX_TABLE_MB).contains(&mb) => self.table_mb = mb,
                    _ => return Err(bad(key, value, EXPECTED)),
                }
            }
            "depth" => {
                const EXPECTED: &str = "a depth in plies from 1 to 20000";
                match value.parse::<u32>() {
                    Ok(d) if (1..=MAX_DEPTH).contains(&d) => self.depth = d,
                    _ => return Err(bad(key, value, EXPECTED)),
                }
            }
            "eps" | "epsilon" => {
                const EXPECTED: &str = "a number from 0 to 10 such as 0.25";
                match value.parse::<f64>() {
                    Ok(x) if (0.0..=10.0).contains(&x) => self.epsilon = x,
                    _ => return Err(bad(key, value, EXPECTED)),
                }
            }
            "plies" => match value.to_ascii_lowercase().as_str() {
                "all" => self.all_plies = true,
                "best" => self.all_plies = false,
                _ => return Err(bad(key, value, "all or best")),
            },
            "init" => {
                self.init = match value.to_ascii_lowercase().as_str() {
                    "unit" => Init::Unit,
                    "prior" | "priors" => Init::Prior,
                    "eval" => Init::Eval,
                    _ => return Err(bad(key, value, "unit, prior or eval")),
                }
            }
            "key" => {
                self.keying = match value.to_ascii_lowercase().as_str() {
                    "auto" => Keying::Auto,
                    "ply" | "plies" => Keying::Ply,
                    "position" => Keying::Position,
                    _ => return Err(bad(key, value, "auto, ply or position")),
                }
            }
            "leaves" => match value.to_ascii_lowercase().as_str() {
                "check" => self.check_leaves = Some(true),
                "plain" => self.check_leaves = Some(false),
                _ => return Err(bad(key, value, "check or plain")),
            },
            "turns" => match value.to_ascii_lowercase().as_str() {
                "whole" => self.whole_turns = true,
                "ply" | "plies" => self.whole_turns = false,
                _ => return Err(bad(key, value, "whole or ply")),
            },
            "graph" => {
                const EXPECTED: &str = "off or a number of positions from 1 to 50000000";
                self.graph = match value.to_ascii_lowercase().as_str() {
                    "off" => None,
                    n => match n.parse::<usize>() {
                        Ok(n) if (1..=MAX_GRAPH_POSITIONS).contains(&n) => Some(n),
                        _ => return Err(bad(key, value, EXPECTED)),
                    },
                }
            }
            "h" => match value.parse::<u32>() {
                Ok(h) if (1..=1000).contains(&h) => self.init_weight = h,
                _ => return Err(bad(key, value, "a weight from 1 to 1000")),
            },
            _ => return Err(PnsOptionsError::UnknownKey { key: key.to_owned() }),
        }
        Ok(())
    }
}

fn parse_nodes(key: &str, value: &str) -> Result<u64, PnsOptionsError> {
    match value.parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(bad(key, value, "a positive whole number of nodes")),
    }
}

impl FromStr for PnsOptions {
    type Err = PnsOptionsError;

    /// Parses `pns`, `pns:` or `pns:key=value,...` (the name in any case);
    /// keys not given keep their defaults. With both `nodes` and `time`
    /// the search stops at whichever comes first; with `time` alone there
    /// is no node budget.
    fn from_str(text: &str) -> Result<PnsOptions, PnsOptionsError> {
        let trimmed = text.trim();
        let named = trimmed.strip_suffix(':').unwrap_or(trimmed).trim_end();
        let spec: GameSpec = named.parse().map_err(|e| match e {
            SpecError::DuplicateKey { key } => PnsOptionsError::Duplicate(key),
            other => PnsOptionsError::Syntax(other.to_string()),
        })?;
        if spec.name != "pns" {
            return Err(PnsOptionsError::NotPns(trimmed.to_owned()));
        }
        let mut options = PnsOptions::default();
        let mut nodes = None;
        let mut time = None;
        for (key, value) in &spec.pairs {
            match key.as_str() {
                "nodes" | "iters" | "iterations" => {
                    if nodes.is_some() {
                        return Err(PnsOptionsError::Duplicate("nodes".into()));
                    }
                    nodes = Some(parse_nodes(key, value)?);
                }
                "time" => time = Some(parse_duration(key, value)?),
                _ => options.set_other(key, value)?,
            }
        }
        if nodes.is_some() || time.is_some() {
            options.nodes = nodes;
            options.time = time;
        }
        Ok(options)
    }
}

impl fmt::Display for PnsOptions {
    /// The canonical spec: `pns` and the options that differ from the
    /// defaults (the node budget whenever the budget is not the default).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let default = PnsOptions::default();
        let mut pairs = Vec::new();
        let default_budget = self.nodes == default.nodes && self.time.is_none();
        if !default_budget {
            if let Some(n) = self.nodes {
                pairs.push(format!("nodes={n}"));
            }
            if let Some(t) = self.time {
                pairs.push(format!("time={}", format_duration(t)));
            }
        }
        if self.table_mb != default.table_mb {
            pairs.push(format!("tt={}", self.table_mb));
        }
        if self.depth != default.depth {
            pairs.push(format!("depth={}", self.depth));
        }
        if self.epsilon != default.epsilon {
            pairs.push(format!("eps={}", self.epsilon));
        }
        if !self.all_plies {
            pairs.push("plies=best".to_owned());
        }
        if self.init != default.init {
            pairs.push(format!("init={}", self.init.word()));
        }
        if self.init_weight != default.init_weight {
            pairs.push(format!("h={}", self.init_weight));
        }
        if !self.whole_turns {
            pairs.push("turns=ply".to_owned());
        }
        if let Some(check) = self.check_leaves {
            pairs.push(format!("leaves={}", if check { "check" } else { "plain" }));
        }
        if self.keying != default.keying {
            pairs.push(format!("key={}", self.keying.word()));
        }
        if let Some(n) = self.graph {
            pairs.push(format!("graph={n}"));
        }
        f.write_str("pns")?;
        if !pairs.is_empty() {
            write!(f, ":{}", pairs.join(","))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for text in [
            "pns",
            "pns:nodes=5000",
            "pns:time=1500ms",
            "pns:nodes=100,time=2s",
            "pns:tt=8,depth=200,eps=0",
            "pns:eps=0.5",
            "pns:nodes=9,plies=best",
            "pns:init=prior",
            "pns:init=prior,h=16",
            "pns:init=unit",
            "pns:key=ply",
            "pns:nodes=5,key=position",
            "pns:turns=ply",
            "pns:leaves=check",
            "pns:turns=ply,leaves=plain",
            "pns:graph=100000",
            "pns:time=60s,tt=8,graph=1",
        ] {
            let options: PnsOptions = text.parse().unwrap();
            assert_eq!(options.to_string(), text);
            assert_eq!(options.to_string().parse::<PnsOptions>().unwrap(), options);
        }
        assert_eq!(
            "PNS:iters=7".parse::<PnsOptions>().unwrap().nodes,
            Some(7),
            "iters is the node budget"
        );
        assert_eq!("pns:".parse::<PnsOptions>().unwrap(), PnsOptions::default());
        assert_eq!(
            "pns:graph=off".parse::<PnsOptions>().unwrap(),
            PnsOptions::default()
        );
    }

    #[test]
    fn bad_specs_say_what_is_expected() {
        for (text, wanted) in [
            ("pns:nodes=0", "positive"),
            ("pns:time=0s", "duration"),
            ("pns:time=fast", "duration"),
            ("pns:tt=0", "MiB"),
            ("pns:tt=70000", "MiB"),
            ("pns:depth=0", "depth"),
            ("pns:eps=-1", "number"),
            ("pns:plies=some", "all or best"),
            ("pns:init=guess", "unit, prior or eval"),
            ("pns:h=0", "weight"),
            ("pns:key=hash", "auto, ply or position"),
            ("pns:turns=some", "whole or ply"),
            ("pns:leaves=x", "check or plain"),
            ("pns:graph=0", "1 to 50000000"),
            ("pns:graph=50000001", "1 to 50000000"),
            ("pns:graph=many", "off or a number"),
            ("pns:bogus=1", "expected one of"),
            ("pns:nodes", "="),
            ("pns:nodes=1,iters=2", "twice"),
            ("mcts:nodes=1", "not a pns spec"),
        ] {
            let err = text.parse::<PnsOptions>().unwrap_err();
            assert!(err.to_string().contains(wanted), "{text}: {err}");
        }
        assert!(matches!(
            "pns:tt=x".parse::<PnsOptions>(),
            Err(PnsOptionsError::BadValue { ref key, .. }) if key == "tt"
        ));
    }

    #[test]
    fn game_defaults_fill_only_what_is_unset() {
        let options = PnsOptions::default();
        let ecalper = options.for_game("ecalper");
        assert_eq!((ecalper.check_leaves, ecalper.keying), (Some(true), Keying::Ply));
        let epaminondas = options.for_game("epaminondas");
        assert_eq!(
            (epaminondas.check_leaves, epaminondas.keying),
            (Some(false), Keying::Auto)
        );
        let escabel = options.for_game("escabel");
        assert_eq!((escabel.check_leaves, escabel.keying), (Some(false), Keying::Ply));
        let given: PnsOptions = "pns:leaves=plain,key=position".parse().unwrap();
        let ecalper = given.for_game("ecalper");
        assert_eq!(
            (ecalper.check_leaves, ecalper.keying),
            (Some(false), Keying::Position)
        );
        for (name, spec) in GAME_DEFAULTS {
            assert!(format!("pns:{spec}").parse::<PnsOptions>().is_ok(), "{name}");
        }
    }

    #[test]
    fn a_budget_set_alone_replaces_the_other() {
        let mut options = PnsOptions::default();
        options.set("time", "2s").unwrap();
        assert_eq!(
            (options.nodes, options.time),
            (None, Some(Duration::from_secs(2)))
        );
        options.set("iters", "9").unwrap();
        assert_eq!((options.nodes, options.time), (Some(9), None));
        assert!(options.set("threads", "2").is_err());
    }
}
