//! [`AnySearch`]: a search of any family for a game chosen at run time,
//! driven by text; [`SearchAdapter`] makes one of any [`Search<G>`].

use std::fmt;

use abstracta_core::search::{Budget, Clock, Search, SearchResult, StopHandle};
use abstracta_core::{Game, Position};

use crate::player::{Analysis, ChildLine, Choice, EngineError};
use crate::AnyGame;

/// A search of any family for games chosen at run time ([`AnyGame`]): the
/// [`Search`] interface at the text level (object safe), the one engine
/// interface of tournaments, the engine protocol, the analysis engine, the
/// web server and Python.
///
/// [`AnyGame::searcher`] builds one from an engine spec (any family); a
/// [`SearchAdapter`] wraps any `Box<dyn Search<G>>`; an engine that speaks
/// text (the protocol crate's external engine client) implements it
/// directly. Like the search it wraps it keeps its tree from request to
/// request while the positions it is given continue one game, and starts
/// afresh otherwise or after [`reset`](AnySearch::reset).
///
/// ```
/// let game = abstracta::open("tictactoe").unwrap();
/// let mut search = game.searcher(&"mcts:iters=300".parse().unwrap(), 0).unwrap();
/// let result = search.search(&*game).unwrap();
/// assert_eq!(result.iterations, 300);
/// assert!(game.is_legal(result.best.as_deref().unwrap()));
/// let choice = search.genmove(&*game).unwrap();
/// assert!(game.is_legal(&choice.ply));
/// ```
pub trait AnySearch: Send {
    /// The family's name (`mcts`, `random`, `cmd`).
    fn family(&self) -> &'static str;
    /// A short description (the engine spec).
    fn describe(&self) -> String;
    /// The name of the game type the search is for, if it is bound to one.
    fn game_name(&self) -> Option<&'static str>;
    /// Searches `game` within the budget; plies are in notation. A finished
    /// game is [`EngineError::GameOver`].
    fn search(&mut self, game: &dyn AnyGame) -> Result<SearchResult<String>, EngineError>;
    /// Chooses a ply for the side to move in `game`, under the clock set
    /// for it if any ([`set_clock`](AnySearch::set_clock)).
    fn genmove(&mut self, game: &dyn AnyGame) -> Result<Choice<String>, EngineError>;
    /// Analyses `game` (by the budget, never the clock): the search's
    /// result as lines of text. A family without statistics just names its
    /// choice.
    fn analyze(&mut self, game: &dyn AnyGame) -> Result<Analysis, EngineError> {
        Ok(Analysis::from(self.search(game)?))
    }
    /// Sets an engine option (`time`, `iters`, `threads`, `seed`, ...).
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError>;
    /// Replaces the budget ([`Search::set_budget`]): the parts of `budget`
    /// that are set, together. The default sets the `iters` and then the
    /// `time` option; a refusal is [`EngineError::BadOption`] naming the
    /// key.
    fn set_budget(&mut self, budget: Budget) -> Result<(), EngineError> {
        for (key, value) in budget.options() {
            self.set_option(key, &value)?;
        }
        Ok(())
    }
    /// Tells the engine its clock for the next `genmove` only (`None`
    /// forgets one given earlier); the default ignores it.
    fn set_clock(&mut self, _clock: Option<Clock>) {}
    /// The number of threads the engine searches with.
    fn threads(&self) -> usize {
        1
    }
    /// Thinks on the opponent's time about `game` until the next request,
    /// if the engine is set to ponder; the default does nothing.
    fn ponder(&mut self, _game: &dyn AnyGame) {}
    /// A handle that stops a running search from another thread.
    fn stop_handle(&self) -> StopHandle;
    /// Drops the kept tree or table: the next search starts afresh.
    fn reset(&mut self);
}

impl From<SearchResult<String>> for Analysis {
    /// The best ply, the win rate, the principal variation, the ten most
    /// visited plies and a line of counters; for a result without a value
    /// (a family that only chooses), the best ply alone.
    fn from(result: SearchResult<String>) -> Analysis {
        if result.win_rate.is_none() {
            return Analysis {
                best: result.best,
                ..Analysis::default()
            };
        }
        let mut children: Vec<ChildLine> = result
            .children
            .iter()
            .map(|c| ChildLine {
                ply: c.ply.clone(),
                visits: c.visits,
                win_rate: c.win_rate,
                proof: c.proof.map(|p| p.to_string()),
            })
            .collect();
        children.sort_by_key(|c| std::cmp::Reverse(c.visits));
        children.truncate(10);
        let mut details = vec![format!(
            "{} iterations in {:.3}s ({:.0}/s), {} nodes, depth {}",
            result.iterations,
            result.elapsed.as_secs_f64(),
            result.iterations_per_sec,
            result.nodes,
            result.max_depth
        )];
        if let Some(p) = result.proof {
            details.push(format!("proven: {p} for the seat to move"));
        }
        Analysis {
            best: result.best,
            win_rate: result.win_rate,
            pv: result.pv,
            children,
            details,
        }
    }
}

/// A [`Search<G>`] seen as an [`AnySearch`]: it searches games that are a
/// [`Position<G>`] (as [`open`](crate::open) makes them); any other game is
/// [`EngineError::WrongGame`] (and `ponder` does nothing).
///
/// ```
/// use abstracta::families::RandomSearch;
/// use abstracta::{AnySearch, SearchAdapter};
/// use abstracta::toy::TicTacToe;
/// let mut engine = SearchAdapter::<TicTacToe>::new(Box::new(RandomSearch::new(1)));
/// let game = abstracta::open("tictactoe").unwrap();
/// assert!(engine.genmove(&*game).is_ok());
/// let other = abstracta::open("swack").unwrap();
/// assert!(engine.genmove(&*other).is_err());
/// ```
pub struct SearchAdapter<G: Game> {
    search: Box<dyn Search<G>>,
    /// The clock for the next `genmove`.
    clock: Option<Clock>,
}

impl<G: Game> SearchAdapter<G> {
    /// Wraps `search`.
    pub fn new(search: Box<dyn Search<G>>) -> SearchAdapter<G> {
        SearchAdapter { search, clock: None }
    }

    /// The wrapped search.
    pub fn get(&self) -> &dyn Search<G> {
        &*self.search
    }

    /// The wrapped search, mutably.
    pub fn get_mut(&mut self) -> &mut dyn Search<G> {
        &mut *self.search
    }

    /// Unwraps the search.
    pub fn into_inner(self) -> Box<dyn Search<G>> {
        self.search
    }

    fn position<'a>(&self, game: &'a dyn AnyGame) -> Result<&'a Position<G>, EngineError> {
        game.as_any()
            .downcast_ref::<Position<G>>()
            .ok_or(EngineError::WrongGame {
                expected: G::NAME,
                found: game.name(),
            })
    }

    /// Searches `game` (of type `G`, ongoing) under `clock`.
    fn typed(
        &mut self,
        game: &dyn AnyGame,
        clock: Option<Clock>,
    ) -> Result<SearchResult<G::Ply>, EngineError> {
        let position = self.position(game)?;
        let status = position.game().status();
        if status.is_finished() {
            return Err(EngineError::GameOver { status });
        }
        self.search.set_clock(clock);
        Ok(self.search.search(position.game(), position.history()))
    }
}

impl<G: Game> fmt::Debug for SearchAdapter<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchAdapter")
            .field("game", &G::NAME)
            .field("search", &self.search.describe())
            .finish()
    }
}

impl<G: Game> AnySearch for SearchAdapter<G> {
    fn family(&self) -> &'static str {
        self.search.family()
    }

    fn describe(&self) -> String {
        self.search.describe()
    }

    fn game_name(&self) -> Option<&'static str> {
        Some(G::NAME)
    }

    fn search(&mut self, game: &dyn AnyGame) -> Result<SearchResult<String>, EngineError> {
        Ok(self.typed(game, None)?.map_plies(ToString::to_string))
    }

    fn genmove(&mut self, game: &dyn AnyGame) -> Result<Choice<String>, EngineError> {
        let clock = self.clock.take();
        let result = self.typed(game, clock)?;
        let ply = result.best.ok_or(EngineError::GameOver {
            status: game.status(),
        })?;
        Ok(Choice {
            ply: ply.to_string(),
            win_rate: result.win_rate,
        })
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        self.search
            .set_option(key, value)
            .map_err(|source| EngineError::BadOption {
                key: key.trim().to_ascii_lowercase(),
                source,
            })
    }

    fn set_budget(&mut self, budget: Budget) -> Result<(), EngineError> {
        self.search
            .set_budget(budget)
            .map_err(|source| EngineError::BadOption {
                key: budget_key(&budget),
                source,
            })
    }

    fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
    }

    fn threads(&self) -> usize {
        self.search.threads()
    }

    fn ponder(&mut self, game: &dyn AnyGame) {
        if let Ok(position) = self.position(game) {
            self.search.ponder(position.game(), position.history());
        }
    }

    fn stop_handle(&self) -> StopHandle {
        self.search.stop_handle()
    }

    fn reset(&mut self) {
        self.search.reset();
    }
}

/// The options a refused budget names: `iters`, `time` or `iters,time`
/// (the refusal itself says which value is wrong).
fn budget_key(budget: &Budget) -> String {
    let keys: Vec<&str> = budget.options().iter().map(|(key, _)| *key).collect();
    keys.join(",")
}
