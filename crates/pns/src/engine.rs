//! [`PnsSearch`]: the `pns` family of the [`Search`] interface.

use abstracta_core::time::Instant;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Mutex;

use abstracta_core::knowledge::{NoKnowledge, SearchKnowledge};
use abstracta_core::search::{Budget, OptionError, Search, SearchResult, StopHandle};
use abstracta_core::{Game, GameOptions};

use crate::root::solve;
use crate::solver::{Flags, Limits};
use crate::table::Table;
use crate::{PnsOptions, PnsOptionsError};

/// With `graph=N`, the df-pn expansions (and at most an eighth of the
/// time) tried before the graph: the quick wins and losses of the
/// Epaminondas endgames in docs/solver.md take 2 to 61,000, and a draw,
/// which df-pn cannot prove under a length cap, wastes no more than this.
const DFPN_BEFORE_GRAPH: u64 = 100_000;

/// Stack bytes per ply of depth for the search thread (a frame of the
/// recursion holds a few words and the expansion's buffers live on the
/// heap; this leaves a wide margin).
const STACK_PER_PLY: usize = 4 << 10;
/// Stack bytes beyond the per-ply part.
const STACK_BASE: usize = 16 << 20;

/// The `pns` family: depth-first proof-number search over `G` with the
/// game knowledge `K` (decisive and forced plies), a result that is either
/// proven (the value for the seat to move and every root ply's value) or
/// says it is not.
///
/// Its transposition table is kept from search to search while the game's
/// options stay the same (proofs do not depend on the history), and
/// dropped by [`Search::reset`]. The search runs on a thread of its own
/// whose stack is sized for the depth limit.
///
/// ```
/// use abstracta_core::search::{Proof, Search};
/// use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
/// use abstracta_core::Game;
/// use pns::PnsSearch;
/// let mut search = PnsSearch::<TicTacToe, TicTacToeKnowledge>::new("pns:tt=1".parse().unwrap());
/// let mut game = TicTacToe::new(Default::default());
/// game.play_list("a1 b2 c3").unwrap();
/// let result = search.search(&game, &[]);
/// assert_eq!(result.proof, Some(Proof::Draw));
/// ```
pub struct PnsSearch<G: Game, K: SearchKnowledge<G> = NoKnowledge> {
    options: PnsOptions,
    knowledge: K,
    table: Option<Table>,
    flags: Flags,
    /// The game spec of the positions in the table.
    spec: Option<String>,
    stop: StopHandle,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, K: SearchKnowledge<G>> fmt::Debug for PnsSearch<G, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PnsSearch")
            .field("options", &self.options.to_string())
            .finish()
    }
}

impl<G: Game, K: SearchKnowledge<G> + Default> PnsSearch<G, K> {
    /// A search with `options` and the knowledge `K::default()`.
    pub fn new(options: PnsOptions) -> PnsSearch<G, K> {
        PnsSearch::with_knowledge(options, K::default())
    }
}

impl<G: Game, K: SearchKnowledge<G>> PnsSearch<G, K> {
    /// A search with `options` and the knowledge `knowledge`.
    pub fn with_knowledge(options: PnsOptions, knowledge: K) -> PnsSearch<G, K> {
        PnsSearch {
            options,
            knowledge,
            table: None,
            flags: Flags::default(),
            spec: None,
            stop: StopHandle::new(),
            game: PhantomData,
        }
    }

    /// The options.
    pub fn options(&self) -> &PnsOptions {
        &self.options
    }

    /// Entries of the transposition table in use.
    pub fn table_entries(&self) -> usize {
        self.table.as_ref().map_or(0, Table::used)
    }

    fn set_options(&mut self, options: PnsOptions) {
        if options.table_mb != self.options.table_mb {
            self.table = None;
            self.flags = Flags::default();
        }
        self.options = options;
    }

    /// The table for `game`'s options: kept, or new.
    fn prepare(&mut self, game: &G) {
        let spec = game.options().spec();
        if self.spec.as_deref() != Some(spec.as_str()) {
            if let Some(table) = &mut self.table {
                table.clear();
            }
            self.flags = Flags::default();
            self.spec = Some(spec);
        }
        if self.table.is_none() {
            self.table = Some(Table::new(self.options.table_mb));
            self.flags = Flags::default();
        }
    }
}

impl<G: Game, K: SearchKnowledge<G>> Search<G> for PnsSearch<G, K> {
    fn family(&self) -> &'static str {
        "pns"
    }

    fn describe(&self) -> String {
        self.options.to_string()
    }

    fn search(&mut self, game: &G, _history: &[G::Ply]) -> SearchResult<G::Ply> {
        let started = Instant::now();
        if let Some(result) = SearchResult::if_finished(game, started.elapsed()) {
            return result;
        }
        self.prepare(game);
        let options = self.options.for_game(G::NAME);
        let limits = Limits {
            nodes: self.options.nodes,
            deadline: self.options.time.map(|t| started + t),
            stop: self.stop.clone(),
            depth: self.options.depth,
            epsilon: self.options.epsilon,
            init: self.options.init,
            init_weight: self.options.init_weight,
            keying: options.keying,
            whole_turns: options.whole_turns,
            check_leaves: options.check_leaves.unwrap_or(false),
        };
        let knowledge = &self.knowledge;
        let all_plies = self.options.all_plies;
        let state = Mutex::new((self.table.as_mut().expect("prepared"), &mut self.flags));
        let graph = self.options.graph;
        let run = |limits: &Limits| {
            let mut guard = state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let (table, flags) = &mut *guard;
            let Some(positions) = graph else {
                return solve(game, knowledge, table, flags, limits, all_plies, started);
            };
            // `graph=N`: a short df-pn first (it proves quick wins and
            // losses long before a graph of millions of positions is
            // built), then an exact solve of the reachable graph (draws,
            // cycles), then df-pn with what is left.
            let first = Limits {
                nodes: Some(limits.nodes.unwrap_or(u64::MAX).min(DFPN_BEFORE_GRAPH)),
                deadline: limits
                    .deadline
                    .map(|d| started + d.saturating_duration_since(started) / 8),
                stop: limits.stop.clone(),
                ..*limits
            };
            let quick = solve(game, knowledge, table, flags, &first, all_plies, started);
            let settled =
                quick.proof.is_some() && (!all_plies || quick.children.iter().all(|c| c.proof.is_some()));
            if settled || limits.stop.stop_requested() || limits.deadline.is_some_and(|d| Instant::now() >= d)
            {
                return quick;
            }
            let rest = Limits {
                nodes: limits.nodes.map(|n| n.saturating_sub(quick.iterations).max(1)),
                stop: limits.stop.clone(),
                ..*limits
            };
            let (fallback, graph_work) = match crate::graph::solve_first(game, positions, &rest, started) {
                Ok(mut result) => {
                    // The work counts the first df-pn's expansions too.
                    result.iterations += quick.iterations;
                    return result;
                }
                Err((fallback, expanded)) => (fallback, expanded),
            };
            let mut result = solve(game, knowledge, table, flags, &fallback, all_plies, started);
            result.iterations += quick.iterations + graph_work;
            result
        };
        let stack = STACK_BASE + STACK_PER_PLY * self.options.depth as usize;
        self.stop.begin();
        let result = std::thread::scope(|scope| {
            let worker = std::thread::Builder::new()
                .name("pns".into())
                .stack_size(stack)
                .spawn_scoped(scope, || run(&limits));
            match worker {
                Ok(handle) => handle.join(),
                // No thread to be had: search here, to a depth the
                // caller's stack surely holds (the cut is honest: no
                // disproof is trusted after it).
                Err(_) => Ok(run(&Limits {
                    depth: limits.depth.min(256),
                    stop: limits.stop.clone(),
                    ..limits
                })),
            }
        });
        self.stop.end();
        match result {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }

    fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Drops the transposition table.
    fn reset(&mut self) {
        self.table = None;
        self.flags = Flags::default();
        self.spec = None;
    }

    /// Sets one option: `nodes` (or `iters`), `time`, `tt`, `depth`, `eps`
    /// (see [`PnsOptions`]); a budget set alone replaces the other.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let mut options = self.options.clone();
        options.set(key, value)?;
        self.set_options(options);
        Ok(())
    }

    /// Replaces both budgets at once (`iters` as the node budget and
    /// `time`, the part not given dropped); an empty budget changes nothing.
    fn set_budget(&mut self, budget: Budget) -> Result<(), OptionError> {
        if budget.is_empty() {
            return Ok(());
        }
        let mut options = self.options.clone();
        if let Some(nodes) = budget.iterations {
            options.set("nodes", &nodes.to_string())?;
        }
        if let Some(time) = budget.time {
            options.set("time", &format!("{}s", time.as_secs_f64()))?;
        }
        options.nodes = budget.iterations;
        options.time = budget.time;
        self.set_options(options);
        Ok(())
    }
}

impl From<PnsOptionsError> for OptionError {
    /// The pns options' error as the family's error.
    fn from(e: PnsOptionsError) -> OptionError {
        OptionError::Family(Box::new(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::search::Proof;
    use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
    use std::time::Duration;

    #[test]
    fn options_budgets_and_describe() {
        let mut search = PnsSearch::<TicTacToe>::new(PnsOptions::default());
        assert_eq!(search.describe(), "pns");
        search.set_option("nodes", "500").unwrap();
        assert_eq!(search.describe(), "pns:nodes=500");
        let err = search.set_option("threads", "2").unwrap_err();
        assert!(matches!(
            err.family_error::<PnsOptionsError>(),
            Some(PnsOptionsError::UnknownKey { .. })
        ));
        search
            .set_budget(Budget {
                iterations: Some(100),
                time: Some(Duration::from_millis(250)),
            })
            .unwrap();
        assert_eq!(search.describe(), "pns:nodes=100,time=250ms");
        assert_eq!(
            search.describe().parse::<PnsOptions>().unwrap(),
            *search.options()
        );
    }

    #[test]
    fn an_exhausted_budget_is_no_proof_but_still_a_ply() {
        let mut search = PnsSearch::<TicTacToe, TicTacToeKnowledge>::new("pns:nodes=3".parse().unwrap());
        let game = TicTacToe::new(Default::default());
        let result = search.search(&game, &[]);
        assert_eq!(result.proof, None);
        assert!(game.is_legal(result.best.unwrap()));
        assert!(result.iterations <= 3 && result.win_rate.is_some());
        // With the budget to finish, the same search proves the draw, its
        // table kept from the first.
        search.set_option("nodes", "1000000").unwrap();
        let result = search.search(&game, &[]);
        assert_eq!(result.proof, Some(Proof::Draw));
        assert!(result.children.iter().all(|c| c.proof == Some(Proof::Draw)));
        search.reset();
        assert_eq!(search.table_entries(), 0);
    }

    #[test]
    fn a_finished_game_has_no_ply() {
        let mut search = PnsSearch::<TicTacToe>::new(PnsOptions::default());
        let mut game = TicTacToe::new(Default::default());
        game.play_list("a1 b1 a2 b2 a3").unwrap();
        let result = search.search(&game, &[]);
        assert_eq!((result.best, result.win_rate), (None, Some(0.0)));
    }

    #[test]
    fn a_stop_before_the_search_is_ignored() {
        let mut search = PnsSearch::<TicTacToe>::new(PnsOptions::default());
        search.stop_handle().stop();
        let game = TicTacToe::new(Default::default());
        assert_eq!(search.search(&game, &[]).proof, Some(Proof::Draw));
    }
}
