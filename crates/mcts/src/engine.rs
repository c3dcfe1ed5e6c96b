//! [`MctsSearch`]: the `mcts` family of the [`Search`] interface.

use abstracta_core::time::Instant;
use std::fmt;

use abstracta_core::knowledge::{NoKnowledge, SearchKnowledge};
use abstracta_core::search::{Budget, Clock, OptionError, Search, SearchResult, StopHandle};
use abstracta_core::{Game, GameOptions};

use crate::{Mcts, MctsOptions, OptionsError, Ponder};

/// The `mcts` family: a [`Mcts`] search whose tree is kept from search to
/// search (advanced along the history it is given, dropped when the history
/// or the game's options do not continue what it saw), and which thinks on
/// the opponent's time when its options say `ponder=on` and its host calls
/// [`Search::ponder`]. Given a clock ([`Search::set_clock`]), its next
/// search goes by the clock ([`Mcts::search_clocked`]) instead of its
/// `time` and `iters`, less the time spent bringing its tree up to the
/// position. It searches with the game knowledge `K` (none by default; the
/// registry's engines use the game's own).
///
/// Root visits include those of earlier searches kept in the tree;
/// `iterations` counts this search's only.
///
/// ```
/// use abstracta_core::search::Search;
/// use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
/// use abstracta_core::Game;
/// use mcts::MctsSearch;
/// let mut search = MctsSearch::<TicTacToe, TicTacToeKnowledge>::new("mcts:iters=200".parse().unwrap());
/// let game = TicTacToe::new(Default::default());
/// let result = search.search(&game, &[]);
/// assert!(game.is_legal(result.best.unwrap()) && result.win_rate.is_some());
/// assert_eq!(search.describe(), "mcts:iters=200");
/// ```
pub struct MctsSearch<G: Game, K: SearchKnowledge<G> = NoKnowledge> {
    /// The engine; while pondering, a stand-in with the same options (the
    /// engine itself is in `pondering`).
    mcts: Mcts<G, K>,
    pondering: Option<Ponder<G, K>>,
    /// The game spec and history of the last position searched.
    synced: Option<(String, Vec<G::Ply>)>,
    /// The clock for the next search.
    clock: Option<Clock>,
}

impl<G: Game, K: SearchKnowledge<G>> fmt::Debug for MctsSearch<G, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MctsSearch")
            .field("options", &self.mcts.options().to_string())
            .finish()
    }
}

impl<G: Game, K: SearchKnowledge<G> + Default> MctsSearch<G, K> {
    /// A search with `options` and the knowledge `K::default()`.
    pub fn new(options: MctsOptions) -> MctsSearch<G, K> {
        MctsSearch::with_knowledge(options, K::default())
    }
}

impl<G: Game, K: SearchKnowledge<G>> MctsSearch<G, K> {
    /// A search with `options` and the knowledge `knowledge`.
    pub fn with_knowledge(options: MctsOptions, knowledge: K) -> MctsSearch<G, K> {
        MctsSearch {
            mcts: Mcts::with_knowledge(options, knowledge),
            pondering: None,
            synced: None,
            clock: None,
        }
    }

    /// The search options.
    pub fn options(&self) -> &MctsOptions {
        self.mcts.options()
    }

    /// The engine (a stand-in while pondering), for its tree statistics.
    pub fn engine(&self) -> &Mcts<G, K> {
        &self.mcts
    }

    /// Whether a ponder search runs now.
    pub fn is_pondering(&self) -> bool {
        self.pondering.is_some()
    }

    /// Whether a clock is set for the next search.
    pub fn has_clock(&self) -> bool {
        self.clock.is_some()
    }

    /// Ends pondering, if any, and takes the engine back.
    fn stop_pondering(&mut self) {
        if let Some(pondering) = self.pondering.take() {
            self.mcts = pondering.finish().0;
        }
    }

    /// Brings the kept tree up to `history`, or drops it when `history`
    /// (or the game's options) do not continue what the engine saw.
    fn sync(&mut self, game: &G, history: &[G::Ply]) {
        self.stop_pondering();
        let spec = game.options().spec();
        match &self.synced {
            Some((s, seen))
                if *s == spec && seen.len() <= history.len() && history[..seen.len()] == seen[..] =>
            {
                for &ply in &history[seen.len()..] {
                    self.mcts.advance(ply);
                }
            }
            _ => self.mcts.reset(),
        }
        self.synced = Some((spec, history.to_vec()));
    }
}

impl<G: Game, K: SearchKnowledge<G>> Search<G> for MctsSearch<G, K> {
    fn family(&self) -> &'static str {
        "mcts"
    }

    fn describe(&self) -> String {
        self.mcts.options().to_string()
    }

    fn search(&mut self, game: &G, history: &[G::Ply]) -> SearchResult<G::Ply> {
        let started = Instant::now();
        let clock = self.clock.take();
        if let Some(result) = SearchResult::if_finished(game, started.elapsed()) {
            return result;
        }
        self.sync(game, history);
        match clock {
            Some(clock) => self.mcts.search_clocked(game, &clock.less(started.elapsed())),
            None => self.mcts.search(game),
        }
    }

    fn stop_handle(&self) -> StopHandle {
        self.mcts.stop_handle()
    }

    fn reset(&mut self) {
        self.stop_pondering();
        self.mcts.reset();
        self.synced = None;
    }

    /// Sets one search option, a key of [`KEYS`](crate::KEYS) (or
    /// `iterations`, `exploration`, `max_nodes`). The budget set last wins:
    /// a new `time` drops the iteration budget and the other way round.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        self.stop_pondering();
        let key = key.trim().to_ascii_lowercase();
        let mut current = self.mcts.options().clone();
        match key.as_str() {
            "time" => current.iterations = None,
            "iters" | "iterations" => current.time = None,
            _ => {}
        }
        let canonical = match key.as_str() {
            "iterations" => "iters",
            "exploration" => "c",
            "max_nodes" => "nodes",
            k => k,
        };
        let current = current.to_string();
        let mut pairs: Vec<String> = current
            .trim_start_matches("mcts:")
            .split(',')
            .filter(|p| !p.is_empty() && p.split('=').next() != Some(canonical))
            .map(str::to_owned)
            .collect();
        pairs.push(format!("{canonical}={}", value.trim()));
        let options: MctsOptions = format!("mcts:{}", pairs.join(",")).parse::<MctsOptions>()?;
        self.mcts.set_options(options);
        Ok(())
    }

    /// Replaces both budgets at once (`iters` and `time` as given, the
    /// part not given dropped), unlike two [`set_option`](Search::set_option)
    /// calls, where the second would drop the first. The values are checked
    /// as the options `iters` and `time`; an empty budget changes nothing.
    fn set_budget(&mut self, budget: Budget) -> Result<(), OptionError> {
        if budget.is_empty() {
            return Ok(());
        }
        // Checked as options, set as given (an option's time is rounded
        // to microseconds).
        format!("mcts:{budget}").parse::<MctsOptions>()?;
        self.stop_pondering();
        let mut options = self.mcts.options().clone();
        options.iterations = budget.iterations;
        options.time = budget.time;
        self.mcts.set_options(options);
        Ok(())
    }

    fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
    }

    fn threads(&self) -> usize {
        self.mcts.options().thread_count()
    }

    fn ponder(&mut self, game: &G, history: &[G::Ply]) {
        if !self.mcts.options().ponder || game.status().is_finished() {
            return;
        }
        self.sync(game, history);
        let stand_in = Mcts::with_knowledge(self.mcts.options().clone(), self.mcts.knowledge().clone());
        let engine = std::mem::replace(&mut self.mcts, stand_in);
        self.pondering = Some(engine.ponder(game));
    }
}

impl From<OptionsError> for OptionError {
    /// The MCTS options' error as the family's error.
    fn from(e: OptionsError) -> OptionError {
        OptionError::Family(Box::new(e))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use abstracta_core::rand::SeedableRng;
    use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};

    type TicTacToeSearch = MctsSearch<TicTacToe, TicTacToeKnowledge>;

    #[test]
    fn a_budget_sets_both_limits_at_once() {
        let mut search = TicTacToeSearch::new("mcts:iters=50,seed=3".parse().unwrap());
        let both = Budget {
            iterations: Some(200),
            time: Some(Duration::from_secs(30)),
        };
        search.set_budget(both).unwrap();
        assert_eq!(
            (search.options().iterations, search.options().time),
            (Some(200), Some(Duration::from_secs(30)))
        );
        assert_eq!(search.describe(), "mcts:iters=200,time=30s,seed=3");
        search.set_budget(Budget::default()).unwrap();
        assert_eq!(
            search.options().iterations,
            Some(200),
            "an empty budget changes nothing"
        );
        search
            .set_budget(Budget {
                iterations: None,
                time: Some(Duration::from_millis(5)),
            })
            .unwrap();
        assert_eq!(
            (search.options().iterations, search.options().time),
            (None, Some(Duration::from_millis(5)))
        );
        let err = search
            .set_budget(Budget {
                iterations: Some(0),
                time: None,
            })
            .unwrap_err();
        assert!(err.to_string().contains("iters"), "{err}");
        assert_eq!(
            search.options().time,
            Some(Duration::from_millis(5)),
            "a refused budget changes nothing"
        );
    }

    #[test]
    fn a_clock_replaces_the_budget_for_one_search() {
        let mut p = TicTacToeSearch::new("mcts:iters=1,solver=off".parse().unwrap());
        let game = TicTacToe::new(Default::default());
        p.set_clock(Some(Clock::PerPly(Duration::from_millis(60))));
        assert!(game.is_legal(p.search(&game, &[]).best.unwrap()));
        // Searched by the clock (at least one batch of iterations), not by
        // its single iteration; the clock was for that search only.
        assert!(p.engine().root_visits() > 1, "{}", p.engine().root_visits());
        assert!(!p.has_clock());
        p.reset();
        p.search(&game, &[]);
        assert_eq!(p.engine().root_visits(), 1);
        // Even a clock that has run out chooses a legal ply.
        p.set_clock(Some(Clock::Game {
            left: Duration::ZERO,
            increment: Duration::ZERO,
        }));
        assert!(game.is_legal(p.search(&game, &[]).best.unwrap()));
    }

    #[test]
    fn pondering_mcts_keeps_what_it_learnt_on_the_opponents_time() {
        let mut p = TicTacToeSearch::new("mcts:iters=200,solver=off,ponder=on".parse().unwrap());
        let mut game = TicTacToe::new(Default::default());
        let mine = p.search(&game, &[]).best.unwrap();
        game.play(mine).unwrap();
        p.ponder(&game, &[mine]);
        assert!(p.is_pondering());
        std::thread::sleep(Duration::from_millis(30));
        let theirs = game
            .random_ply(&mut abstracta_core::rand::rngs::SmallRng::seed_from_u64(1))
            .unwrap();
        game.play(theirs).unwrap();
        p.search(&game, &[mine, theirs]);
        assert!(!p.is_pondering());
        // The search added its 200 iterations to the pondered subtree.
        assert!(p.engine().root_visits() > 200, "{}", p.engine().root_visits());
        assert_eq!(p.describe(), "mcts:iters=200,solver=off,ponder=on");

        // Without ponder=on nothing runs between requests.
        let mut q = TicTacToeSearch::new("mcts:iters=200".parse().unwrap());
        q.ponder(&game, &[mine, theirs]);
        assert!(!q.is_pondering());
    }

    #[test]
    fn a_set_option_while_pondering_takes_the_engine_back() {
        let mut p = TicTacToeSearch::new("mcts:iters=100,ponder=on".parse().unwrap());
        let game = TicTacToe::new(Default::default());
        p.ponder(&game, &[]);
        assert!(p.is_pondering());
        p.set_option("ponder", "off").unwrap();
        assert!(!p.is_pondering());
        p.ponder(&game, &[]);
        assert!(!p.is_pondering());
    }

    #[test]
    fn options_follow_the_budget_set_last_and_refusals_say_why() {
        let mut p = TicTacToeSearch::new("mcts:iters=300,threads=1".parse().unwrap());
        p.set_option("time", "20ms").unwrap();
        p.set_option("iters", "50").unwrap();
        p.set_option("iters", "60").unwrap();
        p.set_option("threads", "2").unwrap();
        assert_eq!(p.describe(), "mcts:iters=60,threads=2");
        assert_eq!(p.threads(), 2);
        assert!(p.set_option("bogus", "1").is_err());
        let err = p.set_option("threads", "x").unwrap_err();
        assert!(matches!(
            err.family_error::<OptionsError>(),
            Some(OptionsError::BadValue { .. })
        ));
    }
}
