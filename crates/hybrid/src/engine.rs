//! [`HybridSearch`]: the family's search behind the one search interface.

use std::fmt;
use std::time::Instant;

use abstracta_core::knowledge::SearchKnowledge;
use abstracta_core::search::{Budget, Clock, OptionError, Search, SearchResult, StopHandle};
use abstracta_core::Game;

use crate::minimax::{ImplicitMinimax, Limits};
use crate::options::HybridOptions;

/// How many plies a game is taken to have left when neither the game's
/// knowledge nor its length cap says (for sharing a game clock).
const UNKNOWN_REMAINING_PLIES: u32 = 80;

/// The `hybrid` search family: Monte Carlo tree search whose new leaves
/// are scored by the game's evaluation after a quiescence search instead
/// of a random playout, whose nodes back up the minimax of those scores
/// beside their mean (implicit minimax backups), and whose children are
/// chosen by PUCT over the game's priors. One thread, no randomness.
pub struct HybridSearch<G: Game, K: SearchKnowledge<G>> {
    options: HybridOptions,
    knowledge: K,
    minimax: ImplicitMinimax<G, K>,
    stop: StopHandle,
    clock: Option<Clock>,
}

impl<G: Game, K: SearchKnowledge<G>> fmt::Debug for HybridSearch<G, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HybridSearch")
            .field("options", &self.options.to_string())
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
    pub fn with_knowledge(options: HybridOptions, knowledge: K) -> HybridSearch<G, K> {
        let minimax = ImplicitMinimax::new(knowledge.clone(), options.minimax_settings());
        HybridSearch {
            options,
            knowledge,
            minimax,
            stop: StopHandle::new(),
            clock: None,
        }
    }

    /// The options as given.
    pub fn options(&self) -> &HybridOptions {
        &self.options
    }

    fn rebuild(&mut self) {
        self.minimax = ImplicitMinimax::new(self.knowledge.clone(), self.options.minimax_settings());
    }
}

impl<G: Game, K: SearchKnowledge<G>> Search<G> for HybridSearch<G, K> {
    fn family(&self) -> &'static str {
        "hybrid"
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
        let remaining = self
            .knowledge
            .expected_remaining_plies(game)
            .or_else(|| {
                game.length_cap()
                    .map(|cap| cap.saturating_sub(game.plies_played()))
            })
            .unwrap_or(UNKNOWN_REMAINING_PLIES);
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

    fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    fn reset(&mut self) {
        self.rebuild();
    }

    /// Sets one option, a key of [`KEYS`](crate::KEYS).
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let mut options = self.options.clone();
        options
            .set(key, value)
            .map_err(|e| OptionError::Family(Box::new(e)))?;
        self.options = options;
        self.rebuild();
        Ok(())
    }

    /// Replaces the budget (`time`, `iters`). An empty budget changes
    /// nothing.
    fn set_budget(&mut self, budget: Budget) -> Result<(), OptionError> {
        if budget.is_empty() {
            return Ok(());
        }
        let mut options = self.options.clone();
        options.time = None;
        options.iterations = None;
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
        1
    }
}
