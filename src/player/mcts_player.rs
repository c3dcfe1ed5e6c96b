//! The `mcts` engine.

use std::fmt;
use std::time::Instant;

use abstracta_core::knowledge::{NoKnowledge, SearchKnowledge};
use abstracta_core::Game;
use mcts::{Mcts, MctsOptions};

use super::{Analysis, ChildLine, Choice, Clock, EngineError, OptionError, Player};

/// The `mcts` engine: a [`Mcts`] search whose tree is kept from ply to ply
/// (advanced along the history it is given, dropped when the history does
/// not continue what it saw), and which thinks on the opponent's time when
/// its options say `ponder=on` and its host calls [`Player::ponder`].
/// Given a clock ([`Player::set_clock`]), its next `genmove` searches by
/// the clock ([`mcts::Mcts::search_clocked`]) instead of its `time` and
/// `iters`, less the time spent bringing its tree up to the position. It
/// searches with the game knowledge `K` (none by default; the registry's
/// players use the game's own).
///
/// ```
/// use abstracta::player::{MctsPlayer, Player};
/// use abstracta::toy::{TicTacToe, TicTacToeKnowledge};
/// use abstracta::Game;
/// let mut player = MctsPlayer::<TicTacToe, TicTacToeKnowledge>::new("mcts:iters=200".parse().unwrap());
/// let game = TicTacToe::new(Default::default());
/// let choice = player.genmove(&game, &[]).unwrap();
/// assert!(game.is_legal(choice.ply) && choice.win_rate.is_some());
/// ```
pub struct MctsPlayer<G: Game, K: SearchKnowledge<G> = NoKnowledge> {
    /// The engine; while pondering, a stand-in with the same options (the
    /// engine itself is in `pondering`).
    mcts: Mcts<G, K>,
    pondering: Option<mcts::Ponder<G, K>>,
    synced: Vec<G::Ply>,
    /// The clock for the next `genmove`.
    clock: Option<Clock>,
}

impl<G: Game, K: SearchKnowledge<G>> fmt::Debug for MctsPlayer<G, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MctsPlayer")
            .field("options", &self.mcts.options().to_string())
            .finish()
    }
}

impl<G: Game, K: SearchKnowledge<G> + Default> MctsPlayer<G, K> {
    /// A search engine with `options` and the knowledge `K::default()`.
    pub fn new(options: MctsOptions) -> MctsPlayer<G, K> {
        MctsPlayer::with_knowledge(options, K::default())
    }
}

impl<G: Game, K: SearchKnowledge<G>> MctsPlayer<G, K> {
    /// A search engine with `options` and the knowledge `knowledge`.
    pub fn with_knowledge(options: MctsOptions, knowledge: K) -> MctsPlayer<G, K> {
        MctsPlayer {
            mcts: Mcts::with_knowledge(options, knowledge),
            pondering: None,
            synced: Vec::new(),
            clock: None,
        }
    }

    /// The search options.
    pub fn options(&self) -> &MctsOptions {
        self.mcts.options()
    }

    /// Ends pondering, if any, and takes the engine back.
    fn stop_pondering(&mut self) {
        if let Some(pondering) = self.pondering.take() {
            self.mcts = pondering.finish().0;
        }
    }

    /// Brings the kept tree up to `history`, or drops it when `history`
    /// does not continue what the engine saw.
    fn sync(&mut self, history: &[G::Ply]) {
        self.stop_pondering();
        let seen = self.synced.len();
        if seen <= history.len() && history[..seen] == self.synced[..] {
            for &ply in &history[seen..] {
                self.mcts.advance(ply);
            }
        } else {
            self.mcts.reset();
        }
        self.synced = history.to_vec();
    }

    /// Brings the kept tree up to `history` and searches, under `clock`
    /// if there is one.
    fn search(
        &mut self,
        game: &G,
        history: &[G::Ply],
        clock: Option<Clock>,
    ) -> Result<mcts::SearchResult<G::Ply>, EngineError> {
        let started = Instant::now();
        let status = game.status();
        if status.is_finished() {
            return Err(EngineError::GameOver { status });
        }
        self.sync(history);
        Ok(match clock {
            Some(clock) => self.mcts.search_clocked(game, &clock.less(started.elapsed())),
            None => self.mcts.search(game),
        })
    }
}

impl<G: Game, K: SearchKnowledge<G>> Player<G> for MctsPlayer<G, K> {
    fn describe(&self) -> String {
        self.mcts.options().to_string()
    }

    fn genmove(&mut self, game: &G, history: &[G::Ply]) -> Result<Choice<G::Ply>, EngineError> {
        let clock = self.clock.take();
        let result = self.search(game, history, clock)?;
        let ply = result.best.ok_or(EngineError::GameOver {
            status: game.status(),
        })?;
        Ok(Choice {
            ply,
            win_rate: Some(result.win_rate),
        })
    }

    fn analyze(&mut self, game: &G, history: &[G::Ply]) -> Result<Analysis, EngineError> {
        let result = self.search(game, history, None)?;
        let mut children: Vec<ChildLine> = result
            .children
            .iter()
            .map(|c| ChildLine {
                ply: c.ply.to_string(),
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
        Ok(Analysis {
            best: result.best.map(|p| p.to_string()),
            win_rate: Some(result.win_rate),
            pv: result.pv.iter().map(|p| p.to_string()).collect(),
            children,
            details,
        })
    }

    /// Sets one search option, a key of [`mcts::KEYS`] (or `iterations`,
    /// `exploration`, `max_nodes`). The budget set last wins: a new `time`
    /// drops the iteration budget and the other way round.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
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
        let text = format!("mcts:{}", pairs.join(","));
        let options: MctsOptions = text
            .parse()
            .map_err(|e: mcts::OptionsError| EngineError::BadOption {
                key: key.clone(),
                source: OptionError::Mcts(e),
            })?;
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
        self.sync(history);
        let stand_in = Mcts::with_knowledge(self.mcts.options().clone(), self.mcts.knowledge().clone());
        let engine = std::mem::replace(&mut self.mcts, stand_in);
        self.pondering = Some(engine.ponder(game));
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::player::EngineSpec;
    use abstracta_core::rand::SeedableRng;
    use abstracta_core::toy::TicTacToe;

    #[test]
    fn mcts_engine() {
        let spec: EngineSpec = "mcts:iters=300,threads=1".parse().unwrap();
        assert_eq!(spec.threads(), 1);
        assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec);
        let mut p = spec.player::<TicTacToe>(0).unwrap();
        let mut game = TicTacToe::new(Default::default());
        let mut history = Vec::new();
        while game.status().is_ongoing() {
            let c = p.genmove(&game, &history).unwrap();
            assert!(c.win_rate.is_some());
            game.play(c.ply).unwrap();
            history.push(c.ply);
        }
        // Perfect-ish play from both sides: tic-tac-toe is a draw.
        assert_eq!(game.status().word(), "draw");
        assert!(matches!(
            p.genmove(&game, &history),
            Err(EngineError::GameOver { .. })
        ));
        p.set_option("time", "20ms").unwrap();
        p.set_option("iters", "50").unwrap();
        p.set_option("iters", "60").unwrap();
        p.set_option("threads", "2").unwrap();
        assert_eq!(p.describe(), "mcts:iters=60,threads=2");
        assert_eq!(p.threads(), 2);
        assert!(p.set_option("bogus", "1").is_err());
        assert!(matches!(
            p.set_option("threads", "x"),
            Err(EngineError::BadOption {
                source: OptionError::Mcts(mcts::OptionsError::BadValue { .. }),
                ..
            })
        ));
        let a = p.analyze(&TicTacToe::new(Default::default()), &[]).unwrap();
        assert!(a.best.is_some() && !a.children.is_empty() && !a.pv.is_empty());
        assert!(a.to_string().starts_with("best: "));
    }

    #[test]
    fn a_clock_replaces_the_budget_for_one_genmove() {
        let mut p = MctsPlayer::<TicTacToe, abstracta_core::toy::TicTacToeKnowledge>::new(
            "mcts:iters=1,solver=off".parse().unwrap(),
        );
        let game = TicTacToe::new(Default::default());
        p.set_clock(Some(Clock::PerPly(Duration::from_millis(60))));
        assert!(game.is_legal(p.genmove(&game, &[]).unwrap().ply));
        // Searched by the clock (at least one batch of iterations), not by
        // its single iteration; the clock was for that genmove only.
        assert!(p.mcts.root_visits() > 1, "{}", p.mcts.root_visits());
        assert!(p.clock.is_none());
        p.mcts.reset();
        p.genmove(&game, &[]).unwrap();
        assert_eq!(p.mcts.root_visits(), 1);
        // Even a clock that has run out chooses a legal ply.
        p.set_clock(Some(Clock::Game {
            left: Duration::ZERO,
            increment: Duration::ZERO,
        }));
        assert!(game.is_legal(p.genmove(&game, &[]).unwrap().ply));
    }

    #[test]
    fn pondering_mcts_keeps_what_it_learnt_on_the_opponents_time() {
        let mut p = MctsPlayer::<TicTacToe, abstracta_core::toy::TicTacToeKnowledge>::new(
            "mcts:iters=200,solver=off,ponder=on".parse().unwrap(),
        );
        let mut game = TicTacToe::new(Default::default());
        let mine = p.genmove(&game, &[]).unwrap().ply;
        game.play(mine).unwrap();
        p.ponder(&game, &[mine]);
        assert!(p.pondering.is_some());
        std::thread::sleep(Duration::from_millis(30));
        let theirs = game
            .random_ply(&mut abstracta_core::rand::rngs::SmallRng::seed_from_u64(1))
            .unwrap();
        game.play(theirs).unwrap();
        p.genmove(&game, &[mine, theirs]).unwrap();
        assert!(p.pondering.is_none());
        // The search added its 200 iterations to the pondered subtree.
        assert!(p.mcts.root_visits() > 200, "{}", p.mcts.root_visits());
        assert_eq!(p.describe(), "mcts:iters=200,solver=off,ponder=on");

        // Without ponder=on nothing runs between requests.
        let mut q = MctsPlayer::<TicTacToe, abstracta_core::toy::TicTacToeKnowledge>::new(
            "mcts:iters=200".parse().unwrap(),
        );
        q.ponder(&game, &[mine, theirs]);
        assert!(q.pondering.is_none());
    }

    #[test]
    fn a_set_option_while_pondering_takes_the_engine_back() {
        let mut p = MctsPlayer::<TicTacToe, abstracta_core::toy::TicTacToeKnowledge>::new(
            "mcts:iters=100,ponder=on".parse().unwrap(),
        );
        let game = TicTacToe::new(Default::default());
        p.ponder(&game, &[]);
        assert!(p.pondering.is_some());
        p.set_option("ponder", "off").unwrap();
        assert!(p.pondering.is_none());
        p.ponder(&game, &[]);
        assert!(p.pondering.is_none());
    }
}
