//! The interface every search family implements ([`Search`]), and what a
//! search returns ([`SearchResult`]), is told ([`Clock`]) and is stopped
//! with ([`StopHandle`]).
//!
//! Core knows no particular search: Monte Carlo tree search (the `mcts`
//! crate), uniformly random choice (the `abstracta` crate's `random`
//! family) and any later family (alpha-beta, proof-number search) implement
//! [`Search`] for the games they search. Hosts (tournaments, the engine
//! protocol, the analysis engine, the web server, Python) drive every
//! family through it.
//!
//! A search is given the whole history with every request: it reuses its
//! tree or table when the history continues the one of its previous call
//! and starts afresh otherwise, so callers never tell it about plies
//! separately.

use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

use crate::Game;

/// A proven game-theoretic value, for the seat to move (at the root) or
/// the seat playing the ply (for a root child).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proof {
    /// A forced win.
    Win,
    /// A forced loss.
    Loss,
    /// A forced draw (including draws by the length cap).
    Draw,
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Proof::Win => "win",
            Proof::Loss => "loss",
            Proof::Draw => "draw",
        })
    }
}

/// The statistics of one ply from the searched position.
#[derive(Clone, Debug, PartialEq)]
pub struct ChildStats<P> {
    /// The ply.
    pub ply: P,
    /// How much of the search went through the ply, in the family's unit
    /// of work (MCTS: completed iterations through the child, the virtual
    /// visits of its prior left out).
    pub visits: u64,
    /// Expected reward for the seat to move (0..1; 0.5 if unsearched); for
    /// MCTS the mean reward with the virtual visits of its prior counted.
    pub win_rate: f64,
    /// The proven value of playing `ply`, for the seat to move.
    pub proof: Option<Proof>,
}

/// What a search found: one result type for every family.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<P> {
    /// The ply to play: a proven win if any, else the family's best ply
    /// that is not a proven loss (MCTS: the most visited). `None` only
    /// when the game is over.
    pub best: Option<P>,
    /// The expected reward of `best` for the seat to move (1 for a proven
    /// win, 0 for a proven loss); `None` for a family that only chooses
    /// (random).
    pub win_rate: Option<f64>,
    /// Statistics per ply from the position, best first (empty for a
    /// family without them).
    pub children: Vec<ChildStats<P>>,
    /// Principal variation: `best`, then the expected replies.
    pub pv: Vec<P>,
    /// The family's units of work done by this search: MCTS iterations,
    /// alpha-beta nodes.
    pub iterations: u64,
    /// Entries of the tree or table after the search.
    pub nodes: usize,
    /// Wall time of the search.
    pub elapsed: Duration,
    /// `iterations / elapsed`.
    pub iterations_per_sec: f64,
    /// Deepest ply below the position the search reached.
    pub max_depth: u32,
    /// The position's proven value for the seat to move, if proven.
    pub proof: Option<Proof>,
}

impl<P> SearchResult<P> {
    /// The answer to `game` once it is over: no ply, and the game's reward
    /// for the seat to move (0.5 when the status gives none) as the win
    /// rate. `None` while the game goes on. Every family answers a finished
    /// game this way.
    pub fn if_finished<G: Game<Ply = P>>(game: &G, elapsed: Duration) -> Option<SearchResult<P>> {
        let status = game.status();
        status.is_finished().then(|| SearchResult {
            win_rate: Some(status.reward(game.to_move_seat()).unwrap_or(0.5)),
            ..SearchResult::choice(None, elapsed)
        })
    }

    /// A result that only names `best` (no statistics): what a family
    /// without any, such as random, returns.
    pub fn choice(best: Option<P>, elapsed: Duration) -> SearchResult<P> {
        SearchResult {
            best,
            win_rate: None,
            children: Vec::new(),
            pv: Vec::new(),
            iterations: 0,
            nodes: 0,
            elapsed,
            iterations_per_sec: 0.0,
            max_depth: 0,
            proof: None,
        }
    }

    /// The result with its plies mapped by `f` (to notation, say).
    pub fn map_plies<Q>(&self, mut f: impl FnMut(&P) -> Q) -> SearchResult<Q> {
        SearchResult {
            best: self.best.as_ref().map(&mut f),
            win_rate: self.win_rate,
            children: self
                .children
                .iter()
                .map(|c| ChildStats {
                    ply: f(&c.ply),
                    visits: c.visits,
                    win_rate: c.win_rate,
                    proof: c.proof,
                })
                .collect(),
            pv: self.pv.iter().map(&mut f).collect(),
            iterations: self.iterations,
            nodes: self.nodes,
            elapsed: self.elapsed,
            iterations_per_sec: self.iterations_per_sec,
            max_depth: self.max_depth,
            proof: self.proof,
        }
    }
}

impl<P: fmt::Display> fmt::Display for SearchResult<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.best {
            None => f.write_str("no move (game over)")?,
            Some(best) => {
                let visits = self.children.first().map_or(0, |c| c.visits);
                match self.win_rate {
                    Some(w) => write!(f, "best {best} ({:.1}%, {visits} visits)", 100.0 * w)?,
                    None => write!(f, "best {best}")?,
                }
            }
        }
        if let Some(proof) = self.proof {
            write!(f, ", proven {proof}")?;
        }
        write!(
            f,
            ", {} iterations in {:.3}s ({:.0}/s), {} nodes, depth {}",
            self.iterations,
            self.elapsed.as_secs_f64(),
            self.iterations_per_sec,
            self.nodes,
            self.max_depth
        )?;
        if !self.pv.is_empty() {
            f.write_str(", pv")?;
            for p in &self.pv {
                write!(f, " {p}")?;
            }
        }
        Ok(())
    }
}

/// The most worker threads one search may be given: every place that
/// takes a thread count (engine specs, the analysis engine, benchmarks)
/// refuses more, so that a typo cannot ask the system for more threads
/// than it can start.
pub const MAX_THREADS: usize = 1024;

/// Search state: idle, running, asked to stop, or idle with a stop
/// waiting for the next search ([`StopHandle::stop_soon`]).
const IDLE: u8 = 0;
const RUNNING: u8 = 1;
const STOPPING: u8 = 2;
const STOP_PENDING: u8 = 3;

/// Ends a running search soon, from any thread.
///
/// [`stop`](StopHandle::stop) acts only on a search that is running: when
/// no search runs it does nothing, so a late stop never cuts the next search
/// short. To stop a search started on another thread that may not have
/// begun yet (pondering, say), repeat `stop` until that thread returns, or
/// check [`is_running`](StopHandle::is_running) first. Where the stop
/// must not be lost to that race, [`stop_soon`](StopHandle::stop_soon)
/// also stops the next search to begin when none runs.
///
/// A search keeps one and hands out clones: it calls
/// [`begin`](StopHandle::begin) and [`end`](StopHandle::end) around each
/// search and polls [`stop_requested`](StopHandle::stop_requested).
///
/// ```
/// use abstracta_core::search::StopHandle;
/// let handle = StopHandle::new();
/// let theirs = handle.clone();
/// theirs.stop(); // nothing runs: ignored
/// handle.begin();
/// assert!(!handle.stop_requested());
/// theirs.stop();
/// assert!(handle.stop_requested() && theirs.is_running());
/// handle.end();
/// assert!(!theirs.is_running());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<AtomicU8>);

impl StopHandle {
    /// A handle of an idle search.
    pub fn new() -> StopHandle {
        StopHandle::default()
    }

    /// Asks the running search (if any) to stop; it returns its result
    /// after the work in flight.
    pub fn stop(&self) {
        let _ = self
            .0
            .compare_exchange(RUNNING, STOPPING, Ordering::SeqCst, Ordering::SeqCst);
    }

    /// Stops the running search, or, when none runs, the next search to
    /// [`begin`](StopHandle::begin), which then returns at once with what
    /// it found. The stop is used up by the one search it stops: a stop
    /// that reaches a running search does not carry over to the next one
    /// (but a stop given after a search ended does stop the next, even if
    /// it was meant for the one that ended).
    ///
    /// ```
    /// use abstracta_core::search::StopHandle;
    /// let handle = StopHandle::new();
    /// handle.stop_soon(); // nothing runs: kept for the next search
    /// assert!(!handle.is_running());
    /// handle.begin();
    /// assert!(handle.stop_requested());
    /// handle.end();
    /// handle.begin(); // used up: this search runs
    /// assert!(!handle.stop_requested());
    /// handle.end();
    /// ```
    pub fn stop_soon(&self) {
        let _ = self
            .0
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |state| match state {
                IDLE => Some(STOP_PENDING),
                RUNNING => Some(STOPPING),
                _ => None,
            });
    }

    /// Takes back a stop that [`stop_soon`](StopHandle::stop_soon) left
    /// for the next search; returns whether there was one.
    pub fn withdraw_pending_stop(&self) -> bool {
        self.0
            .compare_exchange(STOP_PENDING, IDLE, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    }

    /// Whether a search is running now.
    pub fn is_running(&self) -> bool {
        matches!(self.0.load(Ordering::SeqCst), RUNNING | STOPPING)
    }

    /// Marks the search as running (for the search itself); a stop left
    /// by [`stop_soon`](StopHandle::stop_soon) stops it from the start.
    pub fn begin(&self) {
        let _ = self.0.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |state| {
            Some(if state == STOP_PENDING { STOPPING } else { RUNNING })
        });
    }

    /// Marks the search as idle again (for the search itself).
    pub fn end(&self) {
        self.0.store(IDLE, Ordering::SeqCst);
    }

    /// Whether the running search was asked to stop (a relaxed load, for
    /// the search's inner loop).
    #[inline]
    pub fn stop_requested(&self) -> bool {
        self.0.load(Ordering::Relaxed) == STOPPING
    }
}

/// The time an engine has for its next ply (how a family spends it is its
/// own: the `mcts` crate's `clock` module plans MCTS searches by it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// A game clock: `left` on it now, `increment` added after each of the
    /// engine's plies (Fischer). Running out loses the game.
    Game {
        /// Time left on the engine's clock.
        left: Duration,
        /// Time added after each of its plies.
        increment: Duration,
    },
    /// A fixed time for this ply; nothing carries over to the next.
    PerPly(Duration),
}

impl Clock {
    /// The most this ply may take before the clock runs out.
    pub fn available(&self) -> Duration {
        match *self {
            Clock::Game { left, .. } => left,
            Clock::PerPly(t) => t,
        }
    }

    /// This clock with `spent` already gone (the host's work before the
    /// search, say).
    pub fn less(&self, spent: Duration) -> Clock {
        match *self {
            Clock::Game { left, increment } => Clock::Game {
                left: left.saturating_sub(spent),
                increment,
            },
            Clock::PerPly(t) => Clock::PerPly(t.saturating_sub(spent)),
        }
    }
}

impl fmt::Display for Clock {
    /// `left 9.500s + 0.100s` or `0.100s per ply`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clock::Game { left, increment } => write!(
                f,
                "left {:.3}s + {:.3}s",
                left.as_secs_f64(),
                increment.as_secs_f64()
            ),
            Clock::PerPly(t) => write!(f, "{:.3}s per ply", t.as_secs_f64()),
        }
    }
}

/// What a search option's time value looks like, for error messages.
pub const TIME_VALUE_FORMS: &str = "a duration such as 500ms, 2s, 1.5s or 1m";

/// Reads a search option's time value: `500ms`, `2s`, `1.5s`, `250us` or
/// `1m`, rounded to the microsecond; `None` for anything else, a negative
/// or non-finite number, or more than 10^15 microseconds. Zero is read (a
/// family that needs time above zero refuses it itself).
///
/// ```
/// use std::time::Duration;
/// use abstracta_core::search::{format_time_value, parse_time_value};
/// assert_eq!(parse_time_value("1.5s"), Some(Duration::from_millis(1500)));
/// assert_eq!(parse_time_value("soon"), None);
/// assert_eq!(format_time_value(Duration::from_millis(1500)), "1500ms");
/// ```
pub fn parse_time_value(text: &str) -> Option<Duration> {
    let text = text.trim().to_ascii_lowercase();
    let (number, seconds_per_unit) = if let Some(n) = text.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = text.strip_suffix("us") {
        (n, 1e-6)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('m') {
        (n, 60.0)
    } else {
        return None;
    };
    let x = number
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x >= 0.0)?;
    let micros = (x * seconds_per_unit * 1e6).round();
    (micros <= 1e15).then(|| Duration::from_micros(micros as u64))
}

/// Writes a time value as [`parse_time_value`] reads it back, in the
/// largest whole unit (`2s`, `1500ms`, `250us`).
pub fn format_time_value(d: Duration) -> String {
    let micros = d.as_micros();
    if micros % 1_000_000 == 0 {
        format!("{}s", micros / 1_000_000)
    } else if micros % 1000 == 0 {
        format!("{}ms", micros / 1000)
    } else {
        format!("{micros}us")
    }
}

/// A search budget: how much work and how much wall time one search may
/// take ([`Search::set_budget`]). The work is counted in the family's
/// units (MCTS iterations, alpha-beta nodes: what
/// [`SearchResult::iterations`] counts). With both the search stops at
/// whichever it reaches first.
///
/// ```
/// use abstracta_core::search::Budget;
/// use std::time::Duration;
/// let budget = Budget { iterations: Some(500), time: Some(Duration::from_millis(250)) };
/// assert_eq!(budget.to_string(), "iters=500,time=0.25s");
/// assert!(Budget::default().is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Units of work (the `iters` option).
    pub iterations: Option<u64>,
    /// Wall time (the `time` option).
    pub time: Option<Duration>,
}

impl Budget {
    /// Whether the budget sets nothing.
    pub fn is_empty(&self) -> bool {
        self.iterations.is_none() && self.time.is_none()
    }

    /// The options that set this budget, in order: `("iters", "500")`,
    /// then `("time", "0.25s")` (seconds with an `s`, as every family's
    /// `time` option reads it); none for an empty budget.
    pub fn options(&self) -> Vec<(&'static str, String)> {
        let mut options = Vec::with_capacity(2);
        if let Some(n) = self.iterations {
            options.push(("iters", n.to_string()));
        }
        if let Some(t) = self.time {
            options.push(("time", format!("{}s", t.as_secs_f64())));
        }
        options
    }
}

impl fmt::Display for Budget {
    /// The budget as options: `iters=500,time=0.25s` (either part alone;
    /// empty for an empty budget).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .options()
            .iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect();
        f.write_str(&parts.join(","))
    }
}

/// Why a search refused an option ([`Search::set_option`]).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum OptionError {
    /// The family's own options refused the value; the message says what
    /// is expected (for MCTS, an `mcts::OptionsError`: find it with
    /// [`family_error`](OptionError::family_error)).
    #[error("{0}")]
    Family(Box<dyn std::error::Error + Send + Sync + 'static>),
    /// The value is not a whole number.
    #[error("expected a whole number, found {value:?}")]
    NotANumber {
        /// The value given.
        value: String,
    },
    /// The family has no such option.
    #[error("the {engine} engine accepts only {accepted}")]
    Unknown {
        /// The family.
        engine: &'static str,
        /// What it accepts.
        accepted: &'static str,
    },
}

impl OptionError {
    /// The family's own error, if it is one of type `E`.
    pub fn family_error<E: std::error::Error + 'static>(&self) -> Option<&E> {
        match self {
            OptionError::Family(e) => e.downcast_ref::<E>(),
            _ => None,
        }
    }
}

/// A search of one family for the game `G`: the interface tournaments, the
/// engine protocol, the analysis engine, the web server and Python use.
///
/// Budgets are options ([`set_option`](Search::set_option)) in the
/// family's own units: `time`, `iters`, `nodes`, `depth` as the family
/// understands them. A clock ([`set_clock`](Search::set_clock)) replaces
/// the budget for one search.
pub trait Search<G: Game>: Send {
    /// The family's name (`mcts`, `random`): the part of an engine spec
    /// before the `:`.
    fn family(&self) -> &'static str;

    /// The canonical engine spec of this search with its current options
    /// (parses back to an equal search).
    fn describe(&self) -> String;

    /// Searches `game`, reached from the start position by `history`,
    /// within the budget (or the clock given for this search). It reuses
    /// its tree or table when `history` continues the history of the
    /// previous call, and starts afresh otherwise. A finished game gives a
    /// result without `best`.
    fn search(&mut self, game: &G, history: &[G::Ply]) -> SearchResult<G::Ply>;

    /// A handle that stops a running search from another thread.
    fn stop_handle(&self) -> StopHandle;

    /// Drops the kept tree or table: the next search starts afresh.
    fn reset(&mut self);

    /// Sets one option (a budget such as `time`, `iters`, `nodes`, `depth`,
    /// or `threads`, `seed`, ...), in the family's terms.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// Sets the parts of `budget` that are set, together (with both, the
    /// search stops at whichever it reaches first); an empty budget changes
    /// nothing. The default sets the `iters` and then the `time` option
    /// ([`set_option`](Search::set_option)), so a part not set is kept or
    /// dropped as those options do; a family whose budget options replace
    /// each other (MCTS, which then drops the part not set) overrides it. A
    /// family without one of them refuses it as it refuses that option (or
    /// ignores it, as `random` ignores every budget).
    fn set_budget(&mut self, budget: Budget) -> Result<(), OptionError> {
        for (key, value) in budget.options() {
            self.set_option(key, &value)?;
        }
        Ok(())
    }

    /// The clock for the next [`search`](Search::search) only (`None`
    /// forgets one given earlier): a family that manages its time searches
    /// by it instead of its own budget. The default ignores it.
    fn set_clock(&mut self, _clock: Option<Clock>) {}

    /// The number of threads the search runs on.
    fn threads(&self) -> usize {
        1
    }

    /// Thinks on the opponent's time about `game` (reached by `history`,
    /// usually just after the engine's own ply) until the next request, if
    /// the family ponders and is set to; the default does nothing.
    fn ponder(&mut self, _game: &G, _history: &[G::Ply]) {}
}

impl<G: Game, S: Search<G> + ?Sized> Search<G> for Box<S> {
    fn family(&self) -> &'static str {
        (**self).family()
    }
    fn describe(&self) -> String {
        (**self).describe()
    }
    fn search(&mut self, game: &G, history: &[G::Ply]) -> SearchResult<G::Ply> {
        (**self).search(game, history)
    }
    fn stop_handle(&self) -> StopHandle {
        (**self).stop_handle()
    }
    fn reset(&mut self) {
        (**self).reset()
    }
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        (**self).set_option(key, value)
    }
    fn set_budget(&mut self, budget: Budget) -> Result<(), OptionError> {
        (**self).set_budget(budget)
    }
    fn set_clock(&mut self, clock: Option<Clock>) {
        (**self).set_clock(clock)
    }
    fn threads(&self) -> usize {
        (**self).threads()
    }
    fn ponder(&mut self, game: &G, history: &[G::Ply]) {
        (**self).ponder(game, history)
    }
}
