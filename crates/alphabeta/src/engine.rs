//! [`AlphaBetaSearch`]: the `alphabeta` family of the [`Search`] interface.

use abstracta_core::time::Instant;
use std::fmt;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use abstracta_core::knowledge::{NoKnowledge, SearchKnowledge};
use abstracta_core::search::{
    Budget, ChildStats, Clock, OptionError, Proof, Search, SearchResult, StopHandle,
};
use abstracta_core::{Game, GameOptions, PlyBuf};

use crate::search::{terminal_score, Outcome, RootMove, Shared, Worker, MATE_BOUND};
use crate::table::Table;
use crate::{AlphaBetaOptions, OptionsError, DEFAULT_TABLE_MB, MAX_DEPTH};

/// The stack of each search thread: a node keeps its plies and their order
/// on the stack, and iterations go up to [`MAX_DEPTH`] plies deep.
const THREAD_STACK: usize = 64 << 20;

/// The `alphabeta` family: negamax with alpha-beta over the game's
/// evaluation ([`Knowledge::evaluate_score`](abstracta_core::Knowledge::evaluate_score)),
/// with the game knowledge `K` (none by default; the registry's engines use
/// the game's own). Its transposition table is kept from search to search
/// (entries are keyed by position, so any history may follow) and dropped
/// by [`reset`](Search::reset), by a game with other options, or by a new
/// `tt` size. See the crate documentation for the algorithm.
///
/// ```
/// use abstracta_core::search::{Proof, Search};
/// use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
/// use abstracta_core::Game;
/// use alphabeta::AlphaBetaSearch;
/// let mut search = AlphaBetaSearch::<TicTacToe, TicTacToeKnowledge>::new("alphabeta:depth=9".parse().unwrap());
/// let mut game = TicTacToe::new(Default::default());
/// game.play_list("a1 b1 a2").unwrap();
/// let result = search.search(&game, &[]);
/// assert_eq!(result.best, Some("a3".parse().unwrap())); // o must block
/// let empty = TicTacToe::new(Default::default());
/// assert_eq!(search.search(&empty, &[]).proof, Some(Proof::Draw));
/// assert_eq!(search.describe(), "alphabeta:depth=9");
/// ```
pub struct AlphaBetaSearch<G: Game, K: SearchKnowledge<G> = NoKnowledge> {
    options: AlphaBetaOptions,
    knowledge: K,
    /// The table and the game spec it was filled for.
    table: Option<(Table, String)>,
    stop: StopHandle,
    clock: Option<Clock>,
    /// The deepest iteration the last search completed.
    last_depth: u32,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, K: SearchKnowledge<G>> fmt::Debug for AlphaBetaSearch<G, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AlphaBetaSearch")
            .field("options", &self.options.to_string())
            .finish()
    }
}

impl<G: Game, K: SearchKnowledge<G> + Default> AlphaBetaSearch<G, K> {
    /// A search with `options` and the knowledge `K::default()`.
    pub fn new(options: AlphaBetaOptions) -> AlphaBetaSearch<G, K> {
        AlphaBetaSearch::with_knowledge(options, K::default())
    }
}

impl<G: Game, K: SearchKnowledge<G>> AlphaBetaSearch<G, K> {
    /// A search with `options` and the knowledge `knowledge`.
    pub fn with_knowledge(options: AlphaBetaOptions, knowledge: K) -> AlphaBetaSearch<G, K> {
        AlphaBetaSearch {
            options,
            knowledge,
            table: None,
            stop: StopHandle::new(),
            clock: None,
            last_depth: 0,
            game: PhantomData,
        }
    }

    /// The options as given (without the game's defaults).
    pub fn options(&self) -> &AlphaBetaOptions {
        &self.options
    }

    /// The options in use for `G`: those given, then the game's defaults.
    pub fn effective_options(&self) -> AlphaBetaOptions {
        self.options.or(&AlphaBetaOptions::game_defaults(G::NAME))
    }

    /// The deepest iteration the last search completed.
    pub fn last_depth(&self) -> u32 {
        self.last_depth
    }

    /// The table for `game`, made afresh when missing or filled for
    /// other game options.
    fn table_for(&mut self, game: &G, megabytes: usize) -> &Table {
        let spec = game.options().spec();
        if !matches!(&self.table, Some((_, s)) if *s == spec) {
            self.table = Some((Table::new(megabytes), spec));
        }
        &self.table.as_ref().expect("just made").0
    }

    /// The hard and soft time limits of this search: no work after the
    /// first, no new iteration after the second.
    fn time_limits(
        &self,
        game: &G,
        clock: Option<Clock>,
        time: Option<Duration>,
    ) -> Option<(Duration, Duration)> {
        match clock {
            Some(Clock::PerPly(t)) => {
                let hard = t.mul_f64(0.9).saturating_sub(Duration::from_millis(2));
                Some((hard, hard.mul_f64(0.6)))
            }
            Some(Clock::Game { left, increment }) => {
                let remaining = self
                    .knowledge
                    .expected_remaining_plies(game)
                    .or_else(|| {
                        game.length_cap()
                            .map(|cap| cap.saturating_sub(game.plies_played()))
                    })
                    .unwrap_or(80);
                // Our share of the plies to come, with a floor so that a
                // long game's last plies still get time.
                let ours = (remaining / 2).clamp(8, 60);
                let target = left / ours + increment.mul_f64(0.75);
                let hard = target.mul_f64(2.0).min(left / 4);
                Some((hard, target.mul_f64(0.6).min(hard)))
            }
            None => time.map(|t| (t, t.mul_f64(0.6))),
        }
    }
}

/// A score as a win rate for the side to move.
pub(crate) fn win_rate(score: i32) -> f64 {
    if score >= MATE_BOUND {
        1.0
    } else if score <= -MATE_BOUND {
        0.0
    } else {
        1.0 / (1.0 + (-f64::from(score) / 1000.0).exp())
    }
}

impl<G: Game, K: SearchKnowledge<G>> Search<G> for AlphaBetaSearch<G, K> {
    fn family(&self) -> &'static str {
        "alphabeta"
    }

    fn describe(&self) -> String {
        self.options.to_string()
    }

    fn search(&mut self, game: &G, _history: &[G::Ply]) -> SearchResult<G::Ply> {
        let started = Instant::now();
        let clock = self.clock.take();
        if let Some(result) = SearchResult::if_finished(game, started.elapsed()) {
            return result;
        }
        let options = self.effective_options();
        let threads = options.thread_count();
        let limits = self.time_limits(game, clock, options.time);
        // A clock replaces the node and depth budgets for this search.
        let (node_limit, max_depth) = if clock.is_some() {
            (u64::MAX, MAX_DEPTH)
        } else {
            (
                options.node_budget().unwrap_or(u64::MAX),
                options.depth.unwrap_or(MAX_DEPTH),
            )
        };
        let seed = options.seed.unwrap_or(0);
        let priors = options.priors.unwrap_or(false);
        let decisive = options.decisive.unwrap_or(true);
        let quiescence = options.quiescence.unwrap_or(false);
        let knowledge = self.knowledge.clone();
        let handle = self.stop.clone();
        let table = self.table_for(game, options.table_mb.unwrap_or(DEFAULT_TABLE_MB));
        table.new_search();
        let shared = Shared {
            table,
            knowledge: &knowledge,
            handle: &handle,
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            node_limit,
            deadline: limits.map(|(hard, _)| started + hard),
            soft_deadline: limits.map(|(_, soft)| started + soft),
            max_depth,
            priors,
            decisive,
            quiescence,
            key_plies: game.length_cap().is_some(),
        };
        let mover = game.to_move_seat();
        let mut plies = PlyBuf::new();
        let mut forced = PlyBuf::new();
        if decisive && knowledge.forced_plies(game, &mut forced) && !forced.is_empty() {
            plies = forced;
        } else {
            game.legal_plies(&mut plies);
        }
        let roots: Vec<RootMove<G>> = plies
            .iter()
            .map(|&ply| {
                let mut child = game.clone();
                child.play_unchecked(ply);
                let after = child.status();
                RootMove {
                    ply,
                    terminal: after.is_finished().then(|| terminal_score(after, mover, 1)),
                    child,
                    score: 0,
                    exact: false,
                    resolved: false,
                    nodes: 0,
                }
            })
            .collect();
        handle.begin();
        let (roots, outcome, pv_tail) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|id| {
                    let (shared, mut roots) = (&shared, roots.clone());
                    std::thread::Builder::new()
                        .stack_size(THREAD_STACK)
                        .spawn_scoped(scope, move || {
                            let mut worker = Worker::new(shared, id, seed);
                            worker.iterate(&mut roots, mover, 1 + (id as u32 % 2));
                        })
                        .expect("a search thread starts")
                })
                .collect();
            let main = std::thread::Builder::new()
                .stack_size(THREAD_STACK)
                .spawn_scoped(scope, || {
                    let mut roots = roots;
                    let mut worker = Worker::new(&shared, 0, seed);
                    let outcome = worker.iterate(&mut roots, mover, 1);
                    shared.done.store(true, Ordering::Relaxed);
                    let tail = worker.table_line(&roots[0].child, 64);
                    (roots, outcome, tail)
                })
                .expect("a search thread starts");
            let found = main.join().expect("the main search thread does not panic");
            for helper in helpers {
                helper.join().expect("a helper search thread does not panic");
            }
            found
        });
        handle.end();
        let nodes = shared.nodes.load(Ordering::Relaxed);
        let used = table.used_estimate();
        self.last_depth = outcome.depth;
        let elapsed = started.elapsed();
        result_of(&roots, &outcome, pv_tail, nodes, used, elapsed)
    }

    fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    fn reset(&mut self) {
        self.table = None;
    }

    /// Sets one option, a key of [`KEYS`](crate::KEYS) (`iters` is read as
    /// `nodes`). Budgets add up: `time` and `nodes` both hold until each is
    /// set again. A new `tt` size drops the table.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let mut options = self.options.clone();
        options.set(key, value)?;
        if options.table_mb != self.options.table_mb {
            self.table = None;
        }
        self.options = options;
        Ok(())
    }

    /// Replaces the whole budget at once: `nodes` and `time` as given, the
    /// part not given and any `depth` dropped (unlike two
    /// [`set_option`](Search::set_option) calls, which add up). An empty
    /// budget changes nothing.
    fn set_budget(&mut self, budget: Budget) -> Result<(), OptionError> {
        if budget.is_empty() {
            return Ok(());
        }
        let mut options = self.options.clone();
        options.depth = None;
        options.nodes = None;
        options.time = None;
        for (key, value) in budget.options() {
            options.set(key, &value)?;
        }
        self.options = options;
        Ok(())
    }

    fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
    }

    fn threads(&self) -> usize {
        self.options.thread_count()
    }
}

/// The search result from the main thread's root plies (best first) and
/// outcome.
fn result_of<P: Copy, G: Game<Ply = P>>(
    roots: &[RootMove<G>],
    outcome: &Outcome,
    pv_tail: Vec<P>,
    nodes: u64,
    table_entries: usize,
    elapsed: Duration,
) -> SearchResult<P> {
    let best = &roots[0];
    // Before any iteration completed, the first ply in order stands.
    let score = if outcome.depth > 0 { outcome.score } else { 0 };
    let proof = if score >= MATE_BOUND {
        Some(Proof::Win)
    } else if score <= -MATE_BOUND {
        Some(Proof::Loss)
    } else if outcome.depth > 0 && outcome.resolved {
        Some(Proof::Draw)
    } else {
        None
    };
    let children = roots
        .iter()
        .map(|r| {
            let child_proof = if r.terminal.is_some() || (r.resolved && r.exact) {
                Some(if r.score >= MATE_BOUND {
                    Proof::Win
                } else if r.score <= -MATE_BOUND {
                    Proof::Loss
                } else {
                    Proof::Draw
                })
            } else if r.score <= -MATE_BOUND || (r.exact && r.score >= MATE_BOUND) {
                Some(if r.score > 0 { Proof::Win } else { Proof::Loss })
            } else {
                None
            };
            ChildStats {
                ply: r.ply,
                visits: r.nodes,
                win_rate: win_rate(r.score),
                proof: child_proof,
            }
        })
        .collect();
    let mut pv = vec![best.ply];
    if best.terminal.is_none() {
        pv.extend(pv_tail);
    }
    let secs = elapsed.as_secs_f64();
    SearchResult {
        best: Some(best.ply),
        win_rate: Some(win_rate(score)),
        children,
        pv,
        iterations: nodes,
        nodes: table_entries,
        elapsed,
        iterations_per_sec: if secs > 0.0 { nodes as f64 / secs } else { 0.0 },
        max_depth: outcome.seldepth,
        proof,
    }
}

impl From<OptionsError> for OptionError {
    /// The alpha-beta options' error as the family's error.
    fn from(e: OptionsError) -> OptionError {
        OptionError::Family(Box::new(e))
    }
}
