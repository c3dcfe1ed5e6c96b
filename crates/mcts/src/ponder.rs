//! Pondering: a search on a background thread, on the opponent's time.

use std::fmt;
use std::time::Duration;

use abstracta_core::Game;

use abstracta_core::knowledge::{NoKnowledge, SearchKnowledge};

use crate::{Mcts, MctsOptions, PlayoutPolicy, RandomPlayout, SearchResult, StopHandle};

impl<G: Game, K: SearchKnowledge<G>, Pol: PlayoutPolicy<G> + 'static> Mcts<G, K, Pol> {
    /// Searches `game` on a background thread, without a budget, until
    /// [`Ponder::finish`] (or until the root is proven): thinking on the
    /// opponent's time. Ponder on the position after your own ply; when the
    /// opponent's ply arrives, `finish`, [`advance`](Mcts::advance) by that
    /// ply and search as usual: the iterations spent in the reply's subtree
    /// are kept. (With `parallel=root` no tree is kept between searches, so
    /// pondering gains nothing there.)
    ///
    /// ```
    /// use abstracta_core::{Game, toy::TicTacToe};
    /// use mcts::Mcts;
    ///
    /// let mut game = TicTacToe::new(Default::default());
    /// game.play_str("b2").unwrap(); // our ply; the opponent thinks
    /// let engine = Mcts::<TicTacToe>::new("iters=500,threads=2".parse().unwrap());
    /// let pondering = engine.ponder(&game);
    /// let reply = "a1".parse().unwrap(); // the opponent's ply arrives
    /// let (mut engine, _) = pondering.finish();
    /// engine.advance(reply);
    /// game.play(reply).unwrap();
    /// let result = engine.search(&game); // 500 more iterations
    /// assert!(result.best.is_some());
    /// ```
    pub fn ponder(self, game: &G) -> Ponder<G, K, Pol> {
        let stop = self.stop_handle();
        let game = game.clone();
        let thread = std::thread::spawn(move || {
            let mut engine = self;
            let budgeted = engine.options.clone();
            engine.options = MctsOptions {
                iterations: Some(u64::MAX),
                time: None,
                ..budgeted.clone()
            };
            let result = engine.search(&game);
            engine.options = budgeted;
            (engine, result)
        });
        Ponder {
            thread: Some(thread),
            stop,
        }
    }
}

/// What a finished [`Ponder`] gives back: the engine and the search's result.
pub type Pondered<G, K, Pol> = (Mcts<G, K, Pol>, SearchResult<<G as Game>::Ply>);

/// A search running on a background thread, from [`Mcts::ponder`].
///
/// Dropping it stops the search and drops the engine.
pub struct Ponder<G: Game, K: SearchKnowledge<G> = NoKnowledge, Pol: PlayoutPolicy<G> = RandomPlayout> {
    /// `None` only once joined.
    thread: Option<std::thread::JoinHandle<Pondered<G, K, Pol>>>,
    stop: StopHandle,
}

impl<G: Game, K: SearchKnowledge<G>, Pol: PlayoutPolicy<G>> Ponder<G, K, Pol> {
    /// Stops the search (after the iterations in flight) and gives back
    /// the engine, with its tree and its own options, and what the search
    /// found.
    pub fn finish(mut self) -> Pondered<G, K, Pol> {
        match self.stop_and_join() {
            Some(Ok(done)) => done,
            Some(Err(panic)) => std::panic::resume_unwind(panic),
            None => unreachable!("the thread is joined only here or on drop"),
        }
    }

    /// Stops the search thread and waits for it (once).
    fn stop_and_join(&mut self) -> Option<std::thread::Result<Pondered<G, K, Pol>>> {
        let thread = self.thread.take()?;
        // A stop before the search has begun does nothing, so repeat it
        // until the thread is done.
        while !thread.is_finished() {
            self.stop.stop();
            std::thread::sleep(Duration::from_micros(100));
        }
        Some(thread.join())
    }
}

impl<G: Game, K: SearchKnowledge<G>, Pol: PlayoutPolicy<G>> Drop for Ponder<G, K, Pol> {
    fn drop(&mut self) {
        // A search without a budget would otherwise run forever.
        let _ = self.stop_and_join();
    }
}

impl<G: Game, K: SearchKnowledge<G>, Pol: PlayoutPolicy<G>> fmt::Debug for Ponder<G, K, Pol> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ponder")
            .field("game", &G::NAME)
            .field("running", &self.thread.is_some())
            .finish()
    }
}
