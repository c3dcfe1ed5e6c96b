//! [`AnySearch`]: the Monte Carlo tree search for a game chosen at run
//! time, its results in notation.

use abstracta_core::Position;
use mcts::{ChildStats, Mcts, MctsOptions, SearchResult, StopHandle};

use crate::player::EngineError;
use crate::registry::RegisteredGame;
use crate::AnyGame;

/// A [`Mcts`] search bound to one game type, driven through
/// [`AnyGame`]s: [`AnyGame::searcher`] makes one. Like the `mcts` player
/// it keeps its tree from search to search while the positions it is
/// given continue one game (the tree follows the plies played since), and
/// starts afresh otherwise or after [`reset`](AnySearch::reset); root
/// visits then include those of earlier searches, `iterations` counts
/// this search's only.
///
/// ```
/// let game = abstracta::open("tictactoe").unwrap();
/// let mut search = game.searcher("mcts:iters=300".parse().unwrap());
/// let result = search.search(&*game).unwrap();
/// assert_eq!(result.iterations, 300);
/// assert!(game.is_legal(result.best.as_deref().unwrap()));
/// ```
pub trait AnySearch: Send {
    /// Searches `game` (which must be of the searcher's game type) with
    /// the options' budget; plies are in notation. A finished game is
    /// [`EngineError::GameOver`].
    fn search(&mut self, game: &dyn AnyGame) -> Result<SearchResult<String>, EngineError>;
    /// A handle that stops a running search from another thread.
    fn stop_handle(&self) -> StopHandle;
    /// The search options.
    fn options(&self) -> &MctsOptions;
    /// The game type's name.
    fn game_name(&self) -> &'static str;
    /// Drops the kept tree: the next search starts afresh.
    fn reset(&mut self);
}

/// [`AnySearch`] for the game type `G`, searched with its knowledge.
pub(crate) struct TypedSearch<G: RegisteredGame> {
    mcts: Mcts<G, G::Knowledge>,
    /// The spec and history of the last position searched.
    synced: Option<(String, Vec<G::Ply>)>,
}

impl<G: RegisteredGame> TypedSearch<G> {
    pub(crate) fn new(options: MctsOptions) -> TypedSearch<G> {
        TypedSearch {
            mcts: Mcts::new(options),
            synced: None,
        }
    }
}

impl<G: RegisteredGame> AnySearch for TypedSearch<G> {
    fn search(&mut self, game: &dyn AnyGame) -> Result<SearchResult<String>, EngineError> {
        let position = game
            .as_any()
            .downcast_ref::<Position<G>>()
            .ok_or(EngineError::WrongGame {
                expected: G::NAME,
                found: game.name(),
            })?;
        let status = position.game().status();
        if status.is_finished() {
            return Err(EngineError::GameOver { status });
        }
        let spec = game.spec();
        let history = position.history();
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
        let r = self.mcts.search(position.game());
        let text = |p: &G::Ply| p.to_string();
        Ok(SearchResult {
            best: r.best.as_ref().map(text),
            win_rate: r.win_rate,
            children: r
                .children
                .iter()
                .map(|c| ChildStats {
                    ply: text(&c.ply),
                    visits: c.visits,
                    win_rate: c.win_rate,
                    proof: c.proof,
                })
                .collect(),
            pv: r.pv.iter().map(text).collect(),
            iterations: r.iterations,
            nodes: r.nodes,
            elapsed: r.elapsed,
            iterations_per_sec: r.iterations_per_sec,
            max_depth: r.max_depth,
            proof: r.proof,
        })
    }

    fn stop_handle(&self) -> StopHandle {
        self.mcts.stop_handle()
    }

    fn options(&self) -> &MctsOptions {
        self.mcts.options()
    }

    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn reset(&mut self) {
        self.mcts.reset();
        self.synced = None;
    }
}
