//! [`HybridSearch`]: MCTS until the game's phase reaches the switch, then
//! alpha-beta.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use abstracta_core::knowledge::SearchKnowledge;
use abstracta_core::search::{Budget, Clock, OptionError, Search, SearchResult, StopHandle};
use abstracta_core::Game;
use alphabeta::AlphaBetaSearch;
use mcts::MctsSearch;

use crate::minimax::{ImplicitMinimax, Limits};
use crate::options::{HybridOptions, Mode};

/// Which search answered a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Monte Carlo tree search (before the switch).
    Mcts,
    /// Alpha-beta (from the switch on).
    AlphaBeta,
    /// The family's own MCTS with implicit minimax backups (`mode=minimax`).
    Minimax,
}

/// The `hybrid` search family: the game's knowledge says how far the game
/// has gone ([`Knowledge::game_phase`](abstracta_core::knowledge::Knowledge::game_phase));
/// before the switch MCTS searches, from it on alpha-beta. Both keep their
/// own per-game defaults; a game without a phase is searched by MCTS
/// throughout.
pub struct HybridSearch<G: Game, K: SearchKnowledge<G>> {
    options: HybridOptions,
    knowledge: K,
    mcts: MctsSearch<G, K>,
    alphabeta: AlphaBetaSearch<G, K>,
    minimax: ImplicitMinimax<G, K>,
    stop: StopHandle,
    clock: Option<Clock>,
    last_phase: Option<Phase>,
}

impl<G: Game, K: SearchKnowledge<G>> fmt::Debug for HybridSearch<G, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HybridSearch")
            .field("options", &self.options.to_string())
            .field("last_phase", &self.last_phase)
            .finish()
    }
}

impl<G: Game, K: SearchKnowledge<G> + Default> HybridSearch<G, K> {
    /// A search with `options` and the knowledge `K::default()`.
    pub fn new(options: HybridOptions) -> HybridSearch<G, K> {
        HybridSearch::with_knowledge(options, K::default())
    }
}

impl<G: Game, K: SearchKnowledge<G>> HybridSearch<G, K> {
    /// A search with `options` and the knowledge `knowledge`.
    ///
    /// # Panics
    ///
    /// Never for options that parsed: each key is checked against both
    /// searches when set.
    pub fn with_knowledge(options: HybridOptions, knowledge: K) -> HybridSearch<G, K> {
        let (mcts, alphabeta) = Self::searches(&options, &knowledge);
        let minimax = ImplicitMinimax::new(knowledge.clone(), options.minimax_settings());
        HybridSearch {
            options,
            knowledge,
            mcts,
            alphabeta,
            minimax,
            stop: StopHandle::new(),
            clock: None,
            last_phase: None,
        }
    }

    fn searches(options: &HybridOptions, knowledge: &K) -> (MctsSearch<G, K>, AlphaBetaSearch<G, K>) {
        let mcts = options.mcts_options().expect("checked when set");
        let alphabeta = options.alphabeta_options().expect("checked when set");
        (
            MctsSearch::with_knowledge(mcts, knowledge.clone()),
            AlphaBetaSearch::with_knowledge(alphabeta, knowledge.clone()),
        )
    }

    /// The options as given.
    pub fn options(&self) -> &HybridOptions {
        &self.options
    }

    /// Which search answered the last position (`None` before the first
    /// search of an ongoing position).
    pub fn last_phase(&self) -> Option<Phase> {
        self.last_phase
    }

    /// Which search answers `game`.
    pub fn phase_of(&self, game: &G) -> Phase {
        if self.options.mode() == Mode::Minimax {
            return Phase::Minimax;
        }
        let switch = self.options.switch_for(G::NAME);
        match self.knowledge.game_phase(game) {
            Some(phase) if phase >= switch => Phase::AlphaBeta,
            _ => Phase::Mcts,
        }
    }

    fn rebuild(&mut self) {
        (self.mcts, self.alphabeta) = Self::searches(&self.options, &self.knowledge);
        self.minimax = ImplicitMinimax::new(self.knowledge.clone(), self.options.minimax_settings());
    }

    /// A `mode=minimax` search of `game` (ongoing).
    fn search_minimax(&mut self, game: &G, clock: Option<Clock>) -> SearchResult<G::Ply> {
        let started = Instant::now();
        let remaining = self
            .knowledge
            .expected_remaining_plies(game)
            .or_else(|| {
                game.length_cap()
                    .map(|cap| cap.saturating_sub(game.plies_played()))
            })
            .unwrap_or(80);
        let limits = Limits::new(
            started,
            self.options.iterations,
            self.options.time,
            clock,
            remaining,
        );
        self.stop.begin();
        let result = self.minimax.search(game, limits, &self.stop);
        self.stop.end();
        result
    }
}

/// Runs `search` while passing a stop of `outer` on to `inner` (the search
/// that runs), polling every millisecond.
fn forwarding_stops<T: Send>(outer: &StopHandle, inner: StopHandle, search: impl FnOnce() -> T + Send) -> T {
    let done = AtomicBool::new(false);
    outer.begin();
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Acquire) {
                if outer.stop_requested() {
                    // Repeated until the search ends: a stop given before
                    // the inner search began is not lost.
                    inner.stop();
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        });
        let result = search();
        done.store(true, Ordering::Release);
        result
    });
    outer.end();
    result
}

impl<G: Game, K: SearchKnowledge<G>> Search<G> for HybridSearch<G, K> {
    fn family(&self) -> &'static str {
        "hybrid"
    }

    fn describe(&self) -> String {
        self.options.to_string()
    }

    fn search(&mut self, game: &G, history: &[G::Ply]) -> SearchResult<G::Ply> {
        let clock = self.clock.take();
        if game.status().is_finished() {
            // Either answers a finished game alike.
            return self.mcts.search(game, history);
        }
        let phase = self.phase_of(game);
        self.last_phase = Some(phase);
        let stop = self.stop.clone();
        match phase {
            Phase::Mcts => {
                self.mcts.set_clock(clock);
                let inner = self.mcts.stop_handle();
                let mcts = &mut self.mcts;
                forwarding_stops(&stop, inner, || mcts.search(game, history))
            }
            Phase::AlphaBeta => {
                self.alphabeta.set_clock(clock);
                let inner = self.alphabeta.stop_handle();
                let alphabeta = &mut self.alphabeta;
                forwarding_stops(&stop, inner, || alphabeta.search(game, history))
            }
            Phase::Minimax => self.search_minimax(game, clock),
        }
    }

    fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    fn reset(&mut self) {
        self.mcts.reset();
        self.alphabeta.reset();
        self.last_phase = None;
    }

    /// Sets one option, a key of [`KEYS`](crate::KEYS); both searches are
    /// made afresh with the new options.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        self.options
            .set(key, value)
            .map_err(|e| OptionError::Family(Box::new(e)))?;
        self.rebuild();
        Ok(())
    }

    /// Replaces the budget: `time` for both searches, `iters` for MCTS
    /// (alpha-beta's node budget is dropped with it). An empty budget
    /// changes nothing.
    fn set_budget(&mut self, budget: Budget) -> Result<(), OptionError> {
        if budget.is_empty() {
            return Ok(());
        }
        let mut options = self.options.clone();
        options.time = None;
        options.iterations = None;
        options.nodes = None;
        for (key, value) in budget.options() {
            options
                .set(key, &value)
                .map_err(|e| OptionError::Family(Box::new(e)))?;
        }
        self.options = options;
        self.rebuild();
        Ok(())
    }

    fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
    }

    fn threads(&self) -> usize {
        self.options.thread_count()
    }
}
