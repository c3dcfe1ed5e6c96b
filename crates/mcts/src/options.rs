//! Search options and the engine spec (`mcts:iters=2000,threads=2,...`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use abstracta_core::{Game, GameSpec, SpecError};
use thiserror::Error;

/// The iteration budget used when neither `iters` nor `time` is given.
pub const DEFAULT_ITERATIONS: u64 = 10_000;

/// The default memory cap, in tree nodes (about 46 bytes each for plies of
/// up to 4 bytes: 16 of statistics, 16 of links, 8 for the ply, 4 for the
/// AMAF index, 1 for the proof, and with RAVE up to 1 of child maps; 8
/// more with `rescan`).
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
fn if_changed<T: PartialEq + fmt::Display>(value: &T, default: &T) -> Option<String> {
    (value != default).then(|| value.to_string())
}

/// Prints a value that is set.
fn if_set<T: fmt::Display>(value: &Option<T>, _: &Option<T>) -> Option<String> {
    value.as_ref().map(T::to_string)
}

/// Prints `on` or `off` if it differs from the default.
fn on_off_if_changed(value: &bool, default: &bool) -> Option<String> {
    (value != default).then(|| on_off(*value).to_owned())
}

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

/// How an optional count prints in a spec: `off` for 0, `N` otherwise,
/// nothing when unset.
fn off_or_number(value: &Option<u32>, _: &Option<u32>) -> Option<String> {
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
        if (1..=1024).contains(&n) {
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
    doc "memory cap in tree nodes (about 46 bytes each for plies of up to 4 bytes, all fields and child maps included; 8 more with `rescan`)";
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
    /// game's default, else `off`, which applies to one thread to a tree
    /// only ([`MctsOptions::rescan_in_use_with`]). Each
    /// worker thread follows only the choices it made. N is from 1 to
    /// [`MAX_RESCAN`].
    rescan: Option<u32> = None;
    key "rescan", form "rescan=N|off",
    default "the game's entry of `GAME_DEFAULTS` (`rescan`; off unless the game sets it: Swack 64), with several threads on one tree off unless given", experimental false,
    doc "a node with `n` visits keeps the child its last scoring chose for `n / N` more visits before it scores its children again (1 to 1000000); a child proven meanwhile ends the wait; each thread follows only its own choices";
    parse |key, value| {
        parse_off_or_bounded(key, value, 1..=MAX_RESCAN, "a ratio from 1 to 1000000, or off").map(Some)
    };
    print off_or_number;
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

/// The largest `pool=K`.
pub const MAX_POOL: u32 = 1000;

/// The default `poolp=P`.
pub const DEFAULT_POOL_PERCENT: u32 = 50;

impl MctsOptions {
    /// The iteration budget actually used: `iterations`, or
    /// [`DEFAULT_ITERATIONS`] when no budget at all is set.
    pub fn iteration_budget(&self) -> Option<u64> {
        match (self.iterations, self.time) {
            (None, None) => Some(DEFAULT_ITERATIONS),
            (i, _) => i,
        }
    }

    /// The defaults of the game named `game` (its `Game::NAME`): its
    /// entry of [`GAME_DEFAULTS`] parsed, or for a game without one (a
    /// game of your own) the options that set nothing, so that searches
    /// use no game knowledge and `c` = [`DEFAULT_EXPLORATION`].
    ///
    /// ```
    /// use mcts::MctsOptions;
    /// assert_eq!(MctsOptions::game_defaults("escabel").prior_visits, Some(20));
    /// assert_eq!(MctsOptions::game_defaults("my-game").prior_visits, None);
    /// ```
    pub fn game_defaults(game: &str) -> MctsOptions {
        let spec = GAME_DEFAULTS
            .iter()
            .find(|(name, _)| *name == game)
            .map_or("", |(_, spec)| spec);
        spec.parse().expect("the specs of GAME_DEFAULTS parse")
    }

    /// The exploration constant a search uses, with `game` the game's
    /// defaults ([`MctsOptions::game_defaults`]), when RAVE is in use
    /// (`rave_in_use`: RAVE is on and the game's plies claim cells) or
    /// not: the first set of these options' `crave` (with RAVE) and `c`,
    /// then the game's, else [`DEFAULT_EXPLORATION`].
    pub fn exploration_with(&self, game: &MctsOptions, rave_in_use: bool) -> f64 {
        let own = |o: &MctsOptions| {
            if rave_in_use {
                o.rave_exploration.or(o.exploration)
            } else {
                o.exploration
            }
        };
        own(self).or_else(|| own(game)).unwrap_or(DEFAULT_EXPLORATION)
    }

    /// [`exploration_with`](Self::exploration_with) the defaults of `G`.
    pub fn exploration_for<G: Game>(&self, rave_in_use: bool) -> f64 {
        self.exploration_with(&Self::game_defaults(G::NAME), rave_in_use)
    }

    /// The `rescan` a search with these options uses:
    /// [`MctsOptions::rescan_with`] with one thread to a tree; with several
    /// threads on one tree only an explicit `rescan` (each thread follows
    /// only its own standing choices; the games' defaults were measured
    /// with one thread).
    pub fn rescan_in_use_with(&self, game: &MctsOptions) -> u32 {
        if self.thread_count() > 1 && !self.root_parallel {
            self.rescan.unwrap_or(0).min(MAX_RESCAN)
        } else {
            self.rescan_with(game)
        }
    }

    /// [`rescan_in_use_with`](Self::rescan_in_use_with) the defaults of `G`.
    pub fn rescan_in_use<G: Game>(&self) -> u32 {
        self.rescan_in_use_with(&Self::game_defaults(G::NAME))
    }

    /// The number of worker threads actually used (at least 1).
    pub fn thread_count(&self) -> usize {
        self.threads.max(1)
    }

    /// The virtual loss a search with these options uses: `vloss` when
    /// several threads share one tree, otherwise 1 (a thread's own path
    /// is all that is in flight).
    pub fn virtual_loss_in_use(&self) -> u32 {
        if self.thread_count() > 1 && !self.root_parallel {
            self.virtual_loss.clamp(1, MAX_VIRTUAL_LOSS)
        } else {
            1
        }
    }
}

/// The per-game resolution of the options a game's defaults may set: for
/// each, `NAME_with(game)` (the option if set, else the game's, else the
/// fallback, capped where given) and `NAME_for::<G>()` (the same with the
/// defaults of `G`, [`MctsOptions::game_defaults`]).
macro_rules! game_resolved {
    ($(
        $(#[$meta:meta])*
        $with:ident, $for_game:ident: $field:ident -> $ty:ty, else $fallback:expr $(, at most $max:expr)?;
    )*) => {
        impl MctsOptions {
            $(
                $(#[$meta])*
                pub fn $with(&self, game: &MctsOptions) -> $ty {
                    let value = self.$field.or(game.$field).unwrap_or($fallback);
                    $(let value = value.min($max);)?
                    value
                }

                #[doc = concat!("[`", stringify!($with), "`](Self::", stringify!($with), ") the defaults of `G`.")]
                pub fn $for_game<G: Game>(&self) -> $ty {
                    self.$with(&Self::game_defaults(G::NAME))
                }
            )*
        }
    };
}

game_resolved! {
    /// Where a search uses decisive and forced plies: `decisive` if set,
    /// else the game's (`game`: [`MctsOptions::game_defaults`]), else off.
    decisive_with, decisive_for: decisive -> Decisive, else Decisive::Off;
    /// Whether a search plays guided playouts: `guided` if set, else the
    /// game's, else not.
    guided_with, guided_for: guided -> bool, else false;
    /// The RAVE pool size of a search (0: no pools): `pool` if set, else
    /// the game's, else 0; at most [`MAX_POOL`].
    pool_with, pool_for: pool_size -> u32, else 0, at most MAX_POOL;
    /// The playout plies after which a search evaluates (0: never):
    /// `eval_after` if set, else the game's, else 0.
    eval_after_with, eval_after_for: eval_after -> u32, else 0;
    /// The virtual visits a search gives a new child at its prior (0: no
    /// priors): `prior_visits` if set, else the game's, else 0; at most
    /// [`MAX_PRIOR_VISITS`].
    prior_visits_with, prior_visits_for: prior_visits -> u32, else 0, at most MAX_PRIOR_VISITS;
    /// How long a choice of child stands in a search (0: never; see
    /// [`MctsOptions::rescan`]): `rescan` if set, else the game's, else 0;
    /// at most [`MAX_RESCAN`].
    rescan_with, rescan_for: rescan -> u32, else 0, at most MAX_RESCAN;
}

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

    fn name(self) -> &'static str {
        match self {
            Decisive::Off => "off",
            Decisive::Tree => "tree",
            Decisive::On => "on",
        }
    }
}

/// Why an engine spec could not be parsed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum OptionsError {
    /// A key that is not one of [`KEYS`].
    #[error("unknown mcts option `{key}`; accepted keys: {accepted}")]
    UnknownKey {
        /// The key given.
        key: String,
        /// The accepted keys, comma separated.
        accepted: String,
    },
    /// A value the key does not accept.
    #[error("bad value `{value}` for mcts option `{key}`: expected {expected}")]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What the key accepts.
        expected: &'static str,
    },
    /// A piece without `=`.
    #[error("mcts option `{0}` has no value: write key=value (accepted keys: {keys})", keys = KEYS.join(", "))]
    MissingValue(String),
    /// The same key twice.
    #[error("mcts option `{0}` is given twice")]
    Duplicate(String),
    /// A spec whose shape is wrong (e.g. an empty option between commas).
    #[error("bad mcts spec: {0}")]
    Syntax(Box<SpecError>),
    /// A spec naming another engine.
    #[error("engine spec `{0}` is not an mcts spec: write mcts:key=value,...")]
    NotMcts(String),
}

fn bad(key: &str, value: &str, expected: &'static str) -> OptionsError {
    OptionsError::BadValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected,
    }
}

fn parse_on_off(key: &str, value: &str) -> Result<bool, OptionsError> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(bad(key, value, "on or off")),
    }
}

fn parse_int<T: FromStr>(key: &str, value: &str, expected: &'static str) -> Result<T, OptionsError> {
    value
        .replace('_', "")
        .parse()
        .map_err(|_| bad(key, value, expected))
}

/// A whole number in `range`.
fn parse_bounded(
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
fn parse_off_or_bounded(
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

fn parse_float(key: &str, value: &str, expected: &'static str) -> Result<f64, OptionsError> {
    match value.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => Err(bad(key, value, expected)),
    }
}

/// Parses `500ms`, `2s`, `1.5s`, `250us` or `1m`.
fn parse_duration(key: &str, value: &str) -> Result<Duration, OptionsError> {
    const EXPECTED: &str = "a duration such as 500ms, 2s, 1.5s or 1m";
    let v = value.trim().to_ascii_lowercase();
    let (number, scale) = if let Some(n) = v.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = v.strip_suffix("us") {
        (n, 1e-6)
    } else if let Some(n) = v.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = v.strip_suffix('m') {
        (n, 60.0)
    } else {
        return Err(bad(key, value, EXPECTED));
    };
    match number.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => {
            let micros = (x * scale * 1e6).round();
            if micros > 1e15 {
                return Err(bad(key, value, EXPECTED));
            }
            Ok(Duration::from_micros(micros as u64))
        }
        _ => Err(bad(key, value, EXPECTED)),
    }
}

fn format_duration(d: Duration) -> String {
    let micros = d.as_micros();
    if micros % 1_000_000 == 0 {
        format!("{}s", micros / 1_000_000)
    } else if micros % 1000 == 0 {
        format!("{}ms", micros / 1000)
    } else {
        format!("{micros}us")
    }
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
        let readme = include_str!("../README.md");
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
