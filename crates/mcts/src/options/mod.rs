//! Search options and the engine spec (`mcts:iters=2000,threads=2,...`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use abstracta_core::{Game, GameSpec, SpecError};
use thiserror::Error;

mod defaults;
mod parse;

use parse::*;
pub use parse::{Decisive, Mast, OptionsError, Select};

/// The iteration budget used when neither `iters` nor `time` is given.
pub const DEFAULT_ITERATIONS: u64 = 10_000;

/// The default memory cap, in tree nodes (about 46 bytes each for plies of
/// up to 4 bytes: 16 of statistics, 16 of links, 8 for the ply, 4 for the
/// AMAF index, 1 for the proof, and with RAVE up to 1 of child maps;
/// with `rescan`, each thread's standing choices take up to 24 bytes for
/// each node of at least N visits).
pub const DEFAULT_MAX_NODES: usize = 8_000_000;

/// One engine-spec option as [`OPTIONS`] lists it, for help texts and
/// documentation (the crate's README table is made of these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionDoc {
    /// The key, one of [`KEYS`].
    pub key: &'static str,
    /// How it is written, e.g. `iters=N` or `rave=on|off`.
    pub form: &'static str,
    /// Its default, in words.
    pub default: &'static str,
    /// What it does, in one line.
    pub doc: &'static str,
    /// Whether it is kept for experiments: a setting whose screens did not
    /// pay and that no game uses, left at its default.
    pub experimental: bool,
}

impl OptionDoc {
    /// The option's row of the crate README's option table:
    /// `| form | default | meaning |`, with `|` escaped, and the meaning
    /// starting `experimental:` for an experimental key.
    pub fn table_row(&self) -> String {
        let escape = |s: &str| s.replace('|', "\\|");
        let note = if self.experimental { "experimental: " } else { "" };
        format!(
            "| `{}` | {} | {note}{} |",
            escape(self.form),
            escape(self.default),
            escape(self.doc)
        )
    }
}

/// Declares every engine-spec option once, in canonical order: its field
/// of [`MctsOptions`] with the field's documentation, type and default,
/// its key (and any older spellings the parser accepts), how it is
/// written, its default in words, a one-line doc and whether it is
/// experimental, how a value parses (`fn(key, value) -> Result<T, _>`)
/// and what it prints (`fn(value, default) -> Option<text>`: `None`
/// leaves it out of the canonical spec). From the table come
/// [`MctsOptions`], its `Default`, [`KEYS`], [`OPTIONS`] and the per-key
/// parsing and printing of `FromStr` and `Display`.
macro_rules! mcts_options {
    ($(
        $(#[$meta:meta])*
        $field:ident: $ty:ty = $default:expr;
        key $key:literal $(or $alias:literal)*, form $form:literal,
        default $default_text:literal, experimental $experimental:literal,
        doc $doc:literal;
        parse $parse:expr;
        print $print:expr;
    )*) => {
        /// How a search is configured. Parsed from and printed as the engine spec
        /// `mcts:key=value,...` (see [`KEYS`]); every field has a spec key.
        ///
        /// ```
        /// use mcts::MctsOptions;
        /// let o: MctsOptions = "mcts:iters=2000,threads=2,c=0.8,rave=off".parse().unwrap();
        /// assert_eq!(o.iterations, Some(2000));
        /// assert_eq!(o.threads, 2);
        /// assert!(!o.rave);
        /// assert_eq!(o.to_string().parse::<MctsOptions>().unwrap(), o);
        /// ```
        #[derive(Clone, Debug, PartialEq)]
        pub struct MctsOptions {
            $($(#[$meta])* pub $field: $ty,)*
        }

        impl Default for MctsOptions {
            fn default() -> Self {
                MctsOptions { $($field: $default,)* }
            }
        }

        /// Every key the engine spec accepts, in canonical order.
        pub const KEYS: &[&str] = &[$($key),*];

        /// Every key the engine spec accepts, in canonical order, with its
        /// form, default, doc line and whether it is experimental.
        pub const OPTIONS: &[OptionDoc] = &[$(OptionDoc {
            key: $key,
            form: $form,
            default: $default_text,
            doc: $doc,
            experimental: $experimental,
        }),*];

        /// The key of [`KEYS`] that `key` spells (a key or an older
        /// spelling of one), if any.
        fn canonical_key(key: &str) -> Option<&'static str> {
            match key {
                $($key $(| $alias)* => Some($key),)*
                _ => None,
            }
        }

        /// Sets the option of the canonical key `canonical` (written `key`)
        /// from `value`.
        fn set_option(o: &mut MctsOptions, canonical: &str, key: &str, value: &str) -> Result<(), OptionsError> {
            match canonical {
                $($key => {
                    let parse: fn(&str, &str) -> Result<$ty, OptionsError> = $parse;
                    o.$field = parse(key, value)?;
                })*
                _ => unreachable!("canonical keys come from KEYS"),
            }
            Ok(())
        }

        /// The `key=value` pieces of the canonical spec of `o`, in
        /// [`KEYS`] order.
        fn spec_pieces(o: &MctsOptions) -> Vec<String> {
            let d = MctsOptions::default();
            let mut pieces = Vec::new();
            $({
                let print: fn(&$ty, &$ty) -> Option<String> = $print;
                if let Some(value) = print(&o.$field, &d.$field) {
                    pieces.push(format!("{}={value}", $key));
                }
            })*
            pieces
        }
    };
}

/// The public list of [`OPTIONS`].
pub fn option_docs() -> &'static [OptionDoc] {
    OPTIONS
}

/// Prints a value that differs from its default.
pub(super) fn if_changed<T: PartialEq + fmt::Display>(value: &T, default: &T) -> Option<String> {
    (value != default).then(|| value.to_string())
}

/// Prints a value that is set.
pub(super) fn if_set<T: fmt::Display>(value: &Option<T>, _: &Option<T>) -> Option<String> {
    value.as_ref().map(T::to_string)
}

/// Prints `on` or `off` if it differs from the default.
pub(super) fn on_off_if_changed(value: &bool, default: &bool) -> Option<String> {
    (value != default).then(|| on_off(*value).to_owned())
}

pub(super) fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

/// How an optional count prints in a spec: `off` for 0, `N` otherwise,
/// nothing when unset.
pub(super) fn off_or_number(value: &Option<u32>, _: &Option<u32>) -> Option<String> {
    match (*value)? {
        0 => Some("off".to_owned()),
        n => Some(n.to_string()),
    }
}

mcts_options! {
    /// `iters=N`: iteration budget. When both this and `time` are `None`
    /// the search runs [`DEFAULT_ITERATIONS`].
    iterations: Option<u64> = Some(DEFAULT_ITERATIONS);
    key "iters" or "iterations", form "iters=N",
    default "10000 if no `time`", experimental false,
    doc "iteration budget";
    parse |key, value| {
        const EXPECTED: &str = "a positive whole number of iterations";
        match parse_int(key, value, EXPECTED)? {
            0 => Err(bad(key, value, EXPECTED)),
            n => Ok(Some(n)),
        }
    };
    print if_set;

    /// `time=500ms` / `time=2s`: wall-time budget. With both budgets the
    /// search stops at whichever comes first.
    time: Option<Duration> = None;
    key "time", form "time=500ms / 2s / 1.5s / 1m",
    default "none", experimental false,
    doc "wall-time budget (with `iters`: whichever ends first)";
    parse |key, value| {
        let t = parse_duration(key, value)?;
        // A search with no time at all cannot choose a ply.
        if t.is_zero() {
            return Err(bad(key, value, "a duration above 0 such as 500ms, 2s, 1.5s or 1m"));
        }
        Ok(Some(t))
    };
    print |t, _| t.map(format_duration);

    /// `threads=N` (default 1): worker threads.
    threads: usize = 1;
    key "threads", form "threads=N",
    default "1", experimental false,
    doc "worker threads";
    parse |key, value| {
        const EXPECTED: &str = "a thread count from 1 to 1024";
        let n: usize = parse_int(key, value, EXPECTED)?;
        if (1..=abstracta_core::search::MAX_THREADS).contains(&n) {
            Ok(n)
        } else {
            Err(bad(key, value, EXPECTED))
        }
    };
    print if_changed;

    /// `c=N`: the UCT exploration constant, with and without RAVE (unless
    /// `crave` is set). `None` (no `c` in the spec) means the game's
    /// default ([`GAME_DEFAULTS`]), else [`DEFAULT_EXPLORATION`]: the best
    /// value depends on the game and on RAVE (the crate's README gives the
    /// matches).
    exploration: Option<f64> = None;
    key "c" or "exploration", form "c=X",
    default "the game's entry of `GAME_DEFAULTS`, else 0.4", experimental false,
    doc "UCT exploration constant, with and without RAVE unless `crave` is set; each game has one value for plain UCT and one with RAVE (see the table below)";
    parse |key, value| parse_float(key, value, "a number >= 0 such as 0.4").map(Some);
    print if_set;

    /// `crave=N`: the UCT exploration constant when RAVE statistics are in
    /// use (RAVE changes how much exploration pays, in opposite directions
    /// in different games). `None` means `c` if set, else the game's
    /// default `crave`, else its `c`.
    rave_exploration: Option<f64> = None;
    key "crave", form "crave=X",
    default "`c` if given, else the game's entry of `GAME_DEFAULTS`, else its `c`", experimental false,
    doc "UCT exploration constant when RAVE statistics are in use";
    parse |key, value| parse_float(key, value, "a number >= 0 such as 0.05").map(Some);
    print if_set;

    /// `rave=on|off` (default on): RAVE/AMAF statistics. Ignored for games
    /// whose plies claim no cells (`CellClaims::CLAIMS` of the game's
    /// knowledge is `Claims::None`).
    rave: bool = true;
    key "rave", form "rave=on|off",
    default "on", experimental false,
    doc "RAVE (only for games whose knowledge claims cells, `CellClaims::CLAIMS`)";
    parse parse_on_off;
    print on_off_if_changed;

    /// `solver=on|off` (default on): MCTS-Solver proofs.
    solver: bool = true;
    key "solver", form "solver=on|off",
    default "on", experimental false,
    doc "MCTS-Solver";
    parse parse_on_off;
    print on_off_if_changed;

    /// `seed=N`: random seed; with one thread the search is deterministic.
    seed: u64 = 0;
    key "seed", form "seed=N",
    default "0", experimental false,
    doc "random seed (one thread: deterministic)";
    parse |key, value| parse_int(key, value, "a whole number from 0 to 2^64-1");
    print if_changed;

    /// `nodes=N` (default [`DEFAULT_MAX_NODES`], about 46 bytes a node: 8M
    /// nodes take about 370 MB, allocated only as the tree grows): memory cap
    /// in tree nodes. When reached the tree stops growing and the search goes
    /// on with the nodes it has. The root and its children always get room,
    /// even above the cap, so that a search of an ongoing game always chooses a
    /// ply.
    max_nodes: usize = DEFAULT_MAX_NODES;
    key "nodes" or "max_nodes", form "nodes=N",
    default "8000000", experimental false,
    doc "memory cap in tree nodes (about 46 bytes each for plies of up to 4 bytes, all fields and child maps included; with `rescan`, up to 24 bytes a thread for each node of at least N visits)";
    parse |key, value| {
        const EXPECTED: &str = "a node count from 1 to 4000000000";
        let n: usize = parse_int(key, value, EXPECTED)?;
        if (1..=4_000_000_000).contains(&n) {
            Ok(n)
        } else {
            Err(bad(key, value, EXPECTED))
        }
    };
    print if_changed;

    /// `parallel=tree|root`: one shared tree (default) or one tree per
    /// thread merged at the root.
    root_parallel: bool = false;
    key "parallel", form "parallel=tree|root",
    default "tree", experimental true,
    doc "one shared tree, or one per thread merged at the root (root lost to tree in Swack)";
    parse |key, value| match value.to_ascii_lowercase().as_str() {
        "tree" => Ok(false),
        "root" => Ok(true),
        _ => Err(bad(key, value, "tree or root")),
    };
    print |root, _| root.then(|| "root".to_owned());

    /// `playout=N|none`: maximum plies per playout; a playout cut short
    /// counts as a draw.
    playout_cap: Option<u32> = None;
    key "playout", form "playout=N|none",
    default "none", experimental false,
    doc "maximum playout length in plies (cut = draw)";
    parse |key, value| {
        const EXPECTED: &str = "a positive ply count, or none";
        if value.eq_ignore_ascii_case("none") {
            return Ok(None);
        }
        match parse_int(key, value, EXPECTED)? {
            0 => Err(bad(key, value, EXPECTED)),
            n => Ok(Some(n)),
        }
    };
    print if_set;

    /// `fpu=10`: first-play urgency, the score of a child never visited
    /// (when RAVE has no information on it). The default, above any UCT
    /// score in practice, tries every child once before any twice, which
    /// the solver needs to see short wins among many plies; values near
    /// 1 make the search more selective.
    fpu: f64 = 10.0;
    key "fpu", form "fpu=X",
    default "10", experimental false,
    doc "first-play urgency: score of an unvisited child without RAVE data";
    parse |key, value| parse_float(key, value, "a number >= 0 such as 1.0 or 10");
    print if_changed;

    /// `ravek=2000`: the RAVE equivalence parameter k: RAVE and real
    /// statistics weigh the same after about k visits.
    rave_k: f64 = 2000.0;
    key "ravek", form "ravek=X",
    default "2000", experimental false,
    doc "RAVE equivalence parameter (2000 beat 500 in Escabel 7x7 at 1000 iterations; Whirlwind and Ecalper were even)";
    parse |key, value| {
        const EXPECTED: &str = "a number > 0 such as 2000";
        match parse_float(key, value, EXPECTED)? {
            k if k <= 0.0 => Err(bad(key, value, EXPECTED)),
            k => Ok(k),
        }
    };
    print if_changed;

    /// `expand=N` (default 1): visits a leaf needs before it is expanded.
    expand_visits: u32 = 1;
    key "expand", form "expand=N",
    default "1", experimental true,
    doc "visits a leaf needs before it is expanded (`expand=4` ran faster in Ecalper but gained nothing a match resolves)";
    parse |key, value| parse_int(key, value, "a visit count from 0 to 2^32-1");
    print if_changed;

    /// `ponder=on|off` (default off): think on the opponent's time. A
    /// setting for hosts that keep the engine between plies (`arena play`,
    /// the arena engine protocol), which then call [`Mcts::ponder`](crate::Mcts::ponder)
    /// after the engine's own ply; a single search does not look at it.
    ponder: bool = false;
    key "ponder", form "ponder=on|off",
    default "off", experimental false,
    doc "think on the opponent's time (`arena play` and the engine protocol; tournaments do not ponder)";
    parse parse_on_off;
    print on_off_if_changed;

    /// `decisive=off|tree|on`: use the game's decisive and forced plies
    /// (`Knowledge::decisive_ply`, `Knowledge::forced_plies`) at expansion
    /// (only those children are made: `tree`), and in playouts too (`on`).
    /// `None` (not in the spec) means the game's default
    /// ([`GAME_DEFAULTS`]), else `off`.
    decisive: Option<Decisive> = None;
    key "decisive", form "decisive=off|tree|on",
    default "the game's entry of `GAME_DEFAULTS`", experimental false,
    doc "the game's decisive plies (`Knowledge::decisive_ply`) and forced replies (`Knowledge::forced_plies`): `tree` makes only those children when a node is expanded (the others lose at once), `on` plays them in playouts too";
    parse |key, value| match value.to_ascii_lowercase().as_str() {
        "off" => Ok(Some(Decisive::Off)),
        "tree" => Ok(Some(Decisive::Tree)),
        "on" => Ok(Some(Decisive::On)),
        _ => Err(bad(key, value, "off, tree or on")),
    };
    print |d, _| d.map(|d| d.name().to_owned());

    /// `guided=on|off`: playouts use `Knowledge::guided_ply` instead of
    /// `Game::random_ply` (only with the default playout policy). `None`
    /// means the game's default, else `off`.
    guided: Option<bool> = None;
    key "guided", form "guided=on|off",
    default "the game's entry of `GAME_DEFAULTS`", experimental false,
    doc "playouts use `Knowledge::guided_ply` (captures, advances, answers) instead of `Game::random_ply`";
    parse |key, value| parse_on_off(key, value).map(Some);
    print |b, _| b.map(|b| on_off(b).to_owned());

    /// `pool=K|off`: playouts draw plies from pools of the `K` plies of
    /// the best RAVE means at the last two expanded nodes of the path, one
    /// per seat (with RAVE only), with the chance `poolp`. `Some(0)` is
    /// `pool=off`; `None` means the game's default, else `off`.
    pool_size: Option<u32> = None;
    key "pool", form "pool=K|off",
    default "the game's entry of `GAME_DEFAULTS` (`pool`; off unless the game sets it)", experimental false,
    doc "RAVE pools: at each leaf, the `K` children of the best RAVE means (smoothed by two half-point visits) of the leaf's parent and grandparent make a pool for the seat moving there, and a playout ply is drawn from the mover's pool, with the chance `poolp`, when it is legal (1 to 1000; RAVE only)";
    parse |key, value| {
        parse_off_or_bounded(key, value, 1..=MAX_POOL, "a pool size from 1 to 1000, or off").map(Some)
    };
    print off_or_number;

    /// `poolp=P` (default 50): the chance in percent that a playout ply
    /// is drawn from the RAVE pool (`pool=K`), when it is legal there.
    pool_percent: u32 = DEFAULT_POOL_PERCENT;
    key "poolp", form "poolp=P",
    default "50", experimental true,
    doc "the chance in percent that a playout ply comes from the RAVE pool (0 to 100; `poolp=75` scored even against 50 in Swack)";
    parse |key, value| parse_bounded(key, value, 0..=100, "a percentage from 0 to 100");
    print if_changed;

    /// `eval=N|off`: end a playout after N plies with the game's
    /// evaluation (`Knowledge::evaluate`), counted as a win with the
    /// evaluated probability. `Some(0)` is `eval=off`; `None` means the
    /// game's default, else `off`.
    eval_after: Option<u32> = None;
    key "eval", form "eval=N|off",
    default "the game's entry of `GAME_DEFAULTS`", experimental false,
    doc "end each playout after N plies with `Knowledge::evaluate`, scored as a win with the evaluated probability (rounded at random to half points, so the mean is exact)";
    parse |key, value| {
        parse_off_or_bounded(key, value, 0..=u32::MAX, "a ply count from 0 to 2^32-1, or off").map(Some)
    };
    print off_or_number;

    /// `prior=N|off`: each new child starts with N virtual visits at the
    /// win rate the game's priors give its ply (`Knowledge::ply_priors`),
    /// so plies the game favours are tried first and kept longer. `Some(0)`
    /// is `prior=off`; `None` means the game's default, else `off`. At
    /// most [`MAX_PRIOR_VISITS`].
    /// Reported visits leave the virtual ones out; reported win rates
    /// include them.
    prior_visits: Option<u32> = None;
    key "prior", form "prior=N|off",
    default "the game's entry of `GAME_DEFAULTS` (`prior_visits`)", experimental false,
    doc "each new child starts with N virtual visits at the win rate `Knowledge::ply_priors` gives its ply (at most 10000); reported visits leave them out";
    parse |key, value| {
        parse_off_or_bounded(key, value, 0..=MAX_PRIOR_VISITS, "a visit count from 0 to 10000, or off").map(Some)
    };
    print off_or_number;

    /// `vloss=N` (default [`DEFAULT_VIRTUAL_LOSS`]): the visits, each
    /// counted as a loss, that a thread's descent adds to every node of
    /// its path until its result is backed up, so that other threads of
    /// the shared tree choose elsewhere meanwhile. Only searches with
    /// more than one thread on one tree use it (with one thread nothing
    /// else is in flight). From 1 to [`MAX_VIRTUAL_LOSS`].
    virtual_loss: u32 = DEFAULT_VIRTUAL_LOSS;
    key "vloss", form "vloss=N",
    default "1", experimental true,
    doc "visits (all losses) a thread's descent adds to each node of its path until its backup, with several threads on one tree (1 to 1000; one thread and `parallel=root` ignore it; larger values did not play better in Swack)";
    parse |key, value| parse_bounded(key, value, 1..=MAX_VIRTUAL_LOSS, "a visit count from 1 to 1000");
    print if_changed;

    /// `rescan=N|off`: a node with `n` visits that has scored its
    /// children descends into the child it chose for the next `n / N`
    /// visits without scoring them again (so the lower N, the longer a
    /// choice stands), unless that child is proven meanwhile. `Some(0)` is
    /// `rescan=off` (every visit scores every child); `None` means the
    /// game's default, else `off` ([`MctsOptions::rescan_in_use_with`]).
    /// Each worker thread keeps and follows only the choices it made. N
    /// is from 1 to [`MAX_RESCAN`].
    rescan: Option<u32> = None;
    key "rescan", form "rescan=N|off",
    default "the game's entry of `GAME_DEFAULTS` (`rescan`; off unless the game sets it: Swack 64)", experimental false,
    doc "a node with `n` visits keeps the child its last scoring chose for `n / N` more visits before it scores its children again (1 to 1000000); a child proven meanwhile ends the wait; each thread follows only its own choices";
    parse |key, value| {
        parse_off_or_bounded(key, value, 1..=MAX_RESCAN, "a ratio from 1 to 1000000, or off").map(Some)
    };
    print off_or_number;

    /// `grave=N|off` (default off): GRAVE (Cazenave 2015). A node scores
    /// its children with the RAVE statistics of the closest node of its
    /// path (itself included) where the same seat is to move and that has
    /// at least N real visits, instead of its own; with none, its own.
    /// 0 is `grave=off`. RAVE only: ignored where RAVE is not in use.
    grave_ref: u32 = 0;
    key "grave", form "grave=N|off",
    default "off", experimental false,
    doc "GRAVE (Cazenave 2015): a node scores its children with the RAVE statistics of the closest node of its path, itself included, with the same seat to move and at least N visits (1 to 1000000; RAVE only)";
    parse |key, value| parse_off_or_bounded(key, value, 1..=MAX_GRAVE_REF, "a visit count from 1 to 1000000, or off");
    print |n, d| (n != d).then(|| if *n == 0 { "off".to_owned() } else { n.to_string() });

    /// `mast=off|softmax|greedy` (default off): MAST playouts (Finnsson
    /// and Björnsson 2008). Each playout ply that is not decisive, forced
    /// or from a RAVE pool is drawn from the legal plies by the mover's
    /// average reward, over the search so far, for the cell each claims
    /// (the action history): Gibbs sampling at temperature `mastt`
    /// ([`Mast::Softmax`]) or the best with the chance 1 - `maste`
    /// ([`Mast::Greedy`]). Only for games whose plies claim cells
    /// (`CellClaims::CLAIMS`): elsewhere plies have no identity the
    /// history could be kept by, and the option is ignored.
    mast: Mast = Mast::Off;
    key "mast", form "mast=off|softmax|greedy",
    default "off", experimental false,
    doc "MAST playouts (Finnsson and Björnsson 2008): playout plies drawn by the mover's average reward for the cell each claims, over the search's iterations, by Gibbs sampling at temperature `mastt` or epsilon-greedy with `maste`; decisive, forced and pool plies first (only for games whose knowledge claims cells)";
    parse |key, value| match value.to_ascii_lowercase().as_str() {
        "off" => Ok(Mast::Off),
        "softmax" | "gibbs" => Ok(Mast::Softmax),
        "greedy" | "egreedy" => Ok(Mast::Greedy),
        _ => Err(bad(key, value, "off, softmax or greedy")),
    };
    print |m, d| (m != d).then(|| m.name().to_owned());

    /// `mastt=X` (default [`DEFAULT_MAST_TEMPERATURE`]): the temperature
    /// of `mast=softmax`, on average rewards from 0 to 1 (Finnsson and
    /// Björnsson's 10 on rewards from 0 to 100 is 0.1).
    mast_temperature: f64 = DEFAULT_MAST_TEMPERATURE;
    key "mastt", form "mastt=X",
    default "0.1", experimental false,
    doc "the temperature of `mast=softmax`, on average rewards from 0 to 1 (0.1 is the published 10 on 0 to 100; from 0.001 to 1000)";
    parse |key, value| {
        const EXPECTED: &str = "a temperature from 0.001 to 1000 such as 0.1";
        match parse_float(key, value, EXPECTED)? {
            t if (0.001..=1000.0).contains(&t) => Ok(t),
            _ => Err(bad(key, value, EXPECTED)),
        }
    };
    print if_changed;

    /// `maste=X` (default [`DEFAULT_MAST_EPSILON`]): the chance that a
    /// `mast=greedy` playout ply is drawn uniformly instead of the best.
    mast_epsilon: f64 = DEFAULT_MAST_EPSILON;
    key "maste", form "maste=X",
    default "0.1", experimental false,
    doc "the chance that a `mast=greedy` playout ply is a uniform one instead of the best (0 to 1)";
    parse |key, value| {
        const EXPECTED: &str = "a probability from 0 to 1 such as 0.1";
        match parse_float(key, value, EXPECTED)? {
            e if e <= 1.0 => Ok(e),
            _ => Err(bad(key, value, EXPECTED)),
        }
    };
    print if_changed;

    /// `ph=W|off` (default off): Progressive History (Nijssen and Winands
    /// 2011). A child's selection score gets `W * H / (n - w + 1)`, with
    /// `H` its mover's average reward for the cell its ply claims over
    /// the search so far (the action history, as MAST keeps it), `n` its
    /// visits and `w` its wins (draws half). 0 is `ph=off`. Only for games
    /// whose plies claim cells, as `mast`.
    history_weight: f64 = 0.0;
    key "ph", form "ph=W|off",
    default "off", experimental false,
    doc "Progressive History (Nijssen and Winands 2011): a child's score gets W times its mover's average reward for the cell its ply claims (over the search's iterations) divided by its losses plus 1 (0 to 1000; only for games whose knowledge claims cells)";
    parse |key, value| {
        const EXPECTED: &str = "a weight from 0 to 1000 such as 1, or off";
        if value.eq_ignore_ascii_case("off") {
            return Ok(0.0);
        }
        match parse_float(key, value, EXPECTED)? {
            w if w <= 1000.0 => Ok(w),
            _ => Err(bad(key, value, EXPECTED)),
        }
    };
    print |w, d| (w != d).then(|| if *w == 0.0 { "off".to_owned() } else { w.to_string() });

    /// `select=uct|puct` (default uct): how a node scores its children.
    /// [`Select::Puct`] is AlphaZero's rule with the game's priors as the
    /// policy: `Q + cpuct * P * sqrt(N) / (1 + n)`, `P` from the search's
    /// [`PolicySource`](crate::PolicySource) (by default the game's
    /// `Knowledge::ply_priors` normalised to sum to 1; uniform without
    /// priors).
    select: Select = Select::Uct;
    key "select", form "select=uct|puct",
    default "uct", experimental false,
    doc "child scores: UCT, or PUCT (AlphaZero: Q + cpuct P sqrt(N) / (1 + n), with `Knowledge::ply_priors` normalised to sum 1 as the policy P, uniform without priors, and Q 0.5 for a child without visits or RAVE data)";
    parse |key, value| match value.to_ascii_lowercase().as_str() {
        "uct" => Ok(Select::Uct),
        "puct" => Ok(Select::Puct),
        _ => Err(bad(key, value, "uct or puct")),
    };
    print |s, d| (s != d).then(|| s.name().to_owned());

    /// `cpuct=X` (default [`DEFAULT_CPUCT`]): the exploration constant of
    /// `select=puct`.
    cpuct: f64 = DEFAULT_CPUCT;
    key "cpuct", form "cpuct=X",
    default "1", experimental false,
    doc "the exploration constant of `select=puct` (0 to 1000)";
    parse |key, value| {
        const EXPECTED: &str = "a number from 0 to 1000 such as 1";
        match parse_float(key, value, EXPECTED)? {
            c if c <= 1000.0 => Ok(c),
            _ => Err(bad(key, value, EXPECTED)),
        }
    };
    print if_changed;
}

/// The exploration constant `c` of a game without defaults of its own,
/// with and without RAVE.
pub const DEFAULT_EXPLORATION: f64 = 0.4;

/// Each game's search defaults, by `Game::NAME`, as MCTS specs: what a
/// search of that game uses for every key its user's spec does not set
/// (see [`MctsOptions::game_defaults`]). They were found by matches
/// between engine settings (the games' READMEs give the measurements). A
/// game without an entry (a game of your own) gets `c` =
/// [`DEFAULT_EXPLORATION`] and no game knowledge in use.
///
/// * Escabel: forced replies to a completed chain in the tree only (in
///   playouts the chain tests and tries cost more than they tell), guided
///   playouts that save threatened links, priors worth 20 visits, and with
///   them little exploration under RAVE: the priors and the RAVE means
///   spread the visits well enough.
/// * Swack: decisive and forced passes, priors worth 10 visits, little UCT
///   exploration on top of RAVE's, choices of child that stand for
///   `n / 64` visits (about 200 children a node make scoring them all the
///   search's largest cost), and playouts that draw about half their plies
///   from RAVE pools of 10 plies a seat.
/// * Ecalper: guided replacements in playouts and priors worth 10 visits,
///   but not the last replacement (`decisive=on`), which skews every
///   playout towards Black and cost strength in matches.
/// * Epaminondas: forced replies, guided playouts and playouts ended by
///   the evaluation after a few plies (random playouts of Epaminondas run
///   for hundreds of plies and say little).
/// * Whirlwind: decisive plies and forced blocks in the tree only (in
///   playouts they cost 30% more instructions per iteration), and priors
///   worth 10 visits.
pub const GAME_DEFAULTS: &[(&str, &str)] = &[
    ("escabel", "c=0.4,crave=0.02,decisive=tree,guided=on,prior=20"),
    ("swack", "c=0.4,crave=0.03,decisive=on,pool=10,prior=10,rescan=64"),
    ("ecalper", "c=0.4,guided=on,prior=10"),
    ("epaminondas", "c=0.4,decisive=on,guided=on,eval=12"),
    ("whirlwind", "c=0.4,crave=0.05,decisive=tree,prior=10"),
];

/// The largest `prior=N`.
pub const MAX_PRIOR_VISITS: u32 = 10_000;

/// The default `vloss=N`.
pub const DEFAULT_VIRTUAL_LOSS: u32 = 1;

/// The largest `vloss=N`.
pub const MAX_VIRTUAL_LOSS: u32 = 1000;

/// The largest `rescan=N`.
pub const MAX_RESCAN: u32 = 1_000_000;

/// The largest `grave=N`.
pub const MAX_GRAVE_REF: u32 = 1_000_000;

/// The default `mastt=X`.
pub const DEFAULT_MAST_TEMPERATURE: f64 = 0.1;

/// The default `maste=X`.
pub const DEFAULT_MAST_EPSILON: f64 = 0.1;

/// The default `cpuct=X`.
pub const DEFAULT_CPUCT: f64 = 1.0;

/// The largest `pool=K`.
pub const MAX_POOL: u32 = 1000;

/// The default `poolp=P`.
pub const DEFAULT_POOL_PERCENT: u32 = 50;
