//! The players: the [`Player`] trait every engine implements, what it
//! answers ([`Choice`], [`Analysis`]), and the built-in engines
//! [`RandomPlayer`] and [`MctsPlayer`].

use std::fmt;

use abstracta_core::Game;
use mcts::{Mcts, MctsOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::{EngineError, OptionError};

/// A ply chosen by an engine, with its win-rate estimate if it has one.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<P> {
    /// The ply.
    pub ply: P,
    /// The engine's win rate for the seat that plays it (0..1).
    pub win_rate: Option<f64>,
}

/// One line of an analysis: a ply with its statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct ChildLine {
    /// The ply, in notation.
    pub ply: String,
    /// Visits of the ply.
    pub visits: u64,
    /// Win rate for the seat to move.
    pub win_rate: f64,
    /// Proven result, if the solver found one.
    pub proof: Option<String>,
}

/// An engine's view of a position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// The best ply, in notation.
    pub best: Option<String>,
    /// Win rate of the seat to move.
    pub win_rate: Option<f64>,
    /// Principal variation, in notation.
    pub pv: Vec<String>,
    /// The most visited plies, best first.
    pub children: Vec<ChildLine>,
    /// Search counters and anything else the engine reports, one per line.
    pub details: Vec<String>,
}

impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.best {
            Some(best) => writeln!(f, "best: {best}")?,
            None => writeln!(f, "best: none")?,
        }
        if let Some(w) = self.win_rate {
            writeln!(f, "win rate: {:.1}% (seat to move)", w * 100.0)?;
        }
        if !self.pv.is_empty() {
            writeln!(f, "pv: {}", self.pv.join(" "))?;
        }
        if !self.children.is_empty() {
            writeln!(f, "{:<12} {:>10} {:>9}  proof", "ply", "visits", "win rate")?;
            for c in &self.children {
                writeln!(
                    f,
                    "{:<12} {:>10} {:>8.1}%  {}",
                    c.ply,
                    c.visits,
                    c.win_rate * 100.0,
                    c.proof.as_deref().unwrap_or("-")
                )?;
            }
        }
        for d in &self.details {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}

/// An engine bound to one game type.
///
/// Engines are given the whole history with every request, so callers never
/// have to tell them about plies separately; engines that keep state (a
/// search tree, an external process) bring it up to date themselves and
/// start over when the history is not a continuation of what they saw.
pub trait Player<G: Game>: Send {
    /// A short description (the engine spec).
    fn describe(&self) -> String;

    /// Chooses a ply for the side to move in `game`, reached from the start
    /// position by `history`.
    fn genmove(&mut self, game: &G, history: &[G::Ply]) -> Result<Choice<G::Ply>, EngineError>;

    /// Analyses `game`; engines without statistics just name their choice.
    fn analyze(&mut self, game: &G, history: &[G::Ply]) -> Result<Analysis, EngineError> {
        let choice = self.genmove(game, history)?;
        Ok(Analysis {
            best: Some(choice.ply.to_string()),
            win_rate: choice.win_rate,
            ..Analysis::default()
        })
    }

    /// Sets an engine option (`time`, `iters`, `threads`, `seed`, ...).
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError>;

    /// The number of threads the engine searches with.
    fn threads(&self) -> usize {
        1
    }

    /// Thinks on the opponent's time about `game` (reached by `history`,
    /// usually just after the engine's own ply) until the next request, if
    /// the engine is set to ponder; the default does nothing.
    fn ponder(&mut self, _game: &G, _history: &[G::Ply]) {}
}

/// The `random` engine.
#[derive(Debug)]
pub struct RandomPlayer {
    rng: SmallRng,
}

impl RandomPlayer {
    /// A random engine with a fixed seed.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn describe(&self) -> String {
        "random".to_owned()
    }

    fn genmove(&mut self, game: &G, _history: &[G::Ply]) -> Result<Choice<G::Ply>, EngineError> {
        game.random_ply(&mut self.rng)
            .map(|ply| Choice { ply, win_rate: None })
            .ok_or(EngineError::GameOver)
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        match key {
            "seed" => {
                let seed = value.parse::<u64>().map_err(|_| EngineError::BadOption {
                    key: key.to_owned(),
                    reason: OptionError::NotANumber(value.to_owned()),
                })?;
                self.rng = SmallRng::seed_from_u64(seed);
                Ok(())
            }
            // Time controls mean nothing to a random player.
            "time" | "iters" | "threads" => Ok(()),
            _ => Err(EngineError::BadOption {
                key: key.to_owned(),
                reason: OptionError::NotForRandom,
            }),
        }
    }
}

/// The `mcts` engine: a search tree kept from ply to ply.
pub struct MctsPlayer<G: Game> {
    /// The engine; while pondering, a stand-in with the same options (the
    /// engine itself is in `pondering`).
    mcts: Mcts<G>,
    pondering: Option<mcts::Ponder<G>>,
    synced: Vec<G::Ply>,
}

impl<G: Game> fmt::Debug for MctsPlayer<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MctsPlayer")
            .field("options", &self.mcts.options().to_string())
            .finish()
    }
}

impl<G: Game> MctsPlayer<G> {
    /// A search engine with `options`.
    pub fn new(options: MctsOptions) -> MctsPlayer<G> {
        MctsPlayer {
            mcts: Mcts::new(options),
            pondering: None,
            synced: Vec::new(),
        }
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

    /// Brings the kept tree up to `history` and searches.
    fn search(&mut self, game: &G, history: &[G::Ply]) -> Result<mcts::SearchResult<G::Ply>, EngineError> {
        if game.status().is_finished() {
            return Err(EngineError::GameOver);
        }
        self.sync(history);
        Ok(self.mcts.search(game))
    }
}

impl<G: Game> Player<G> for MctsPlayer<G> {
    fn describe(&self) -> String {
        self.mcts.options().to_string()
    }

    fn genmove(&mut self, game: &G, history: &[G::Ply]) -> Result<Choice<G::Ply>, EngineError> {
        let result = self.search(game, history)?;
        let ply = result.best.ok_or(EngineError::GameOver)?;
        Ok(Choice {
            ply,
            win_rate: Some(result.win_rate),
        })
    }

    fn analyze(&mut self, game: &G, history: &[G::Ply]) -> Result<Analysis, EngineError> {
        let result = self.search(game, history)?;
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

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        self.stop_pondering();
        let mut current = self.mcts.options().clone();
        // The budget set last wins: a new time drops the iteration count
        // and the other way round.
        match key {
            "time" => current.iterations = None,
            "iters" | "iterations" => current.time = None,
            _ => {}
        }
        let canonical = match key {
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
        pairs.push(format!("{canonical}={value}"));
        let text = format!("mcts:{}", pairs.join(","));
        let options: MctsOptions = text
            .parse()
            .map_err(|e: mcts::OptionsError| EngineError::BadOption {
                key: key.to_owned(),
                reason: e.into(),
            })?;
        self.mcts.set_options(options);
        Ok(())
    }

    fn threads(&self) -> usize {
        self.mcts.options().thread_count()
    }

    fn ponder(&mut self, game: &G, history: &[G::Ply]) {
        if !self.mcts.options().ponder || game.status().is_finished() {
            return;
        }
        self.sync(history);
        let stand_in = Mcts::new(self.mcts.options().clone());
        let engine = std::mem::replace(&mut self.mcts, stand_in);
        self.pondering = Some(engine.ponder(game));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::toy::TicTacToe;
    use std::time::Duration;

    #[test]
    fn pondering_mcts_keeps_what_it_learnt_on_the_opponents_time() {
        let mut p = MctsPlayer::<TicTacToe>::new("mcts:iters=200,solver=off,ponder=on".parse().unwrap());
        let mut game = TicTacToe::new(Default::default());
        let mine = p.genmove(&game, &[]).unwrap().ply;
        game.play(mine).unwrap();
        p.ponder(&game, &[mine]);
        assert!(p.pondering.is_some());
        std::thread::sleep(Duration::from_millis(30));
        let theirs = game
            .random_ply(&mut rand::rngs::SmallRng::seed_from_u64(1))
            .unwrap();
        game.play(theirs).unwrap();
        p.genmove(&game, &[mine, theirs]).unwrap();
        assert!(p.pondering.is_none());
        // The search added its 200 iterations to the pondered subtree.
        assert!(p.mcts.root_visits() > 200, "{}", p.mcts.root_visits());
        assert_eq!(p.describe(), "mcts:iters=200,solver=off,ponder=on");

        // Without ponder=on nothing runs between requests.
        let mut q = MctsPlayer::<TicTacToe>::new("mcts:iters=200".parse().unwrap());
        q.ponder(&game, &[mine, theirs]);
        assert!(q.pondering.is_none());
    }

    #[test]
    fn random_plays_legal_plies() {
        let mut p = RandomPlayer::new(3);
        let mut game = TicTacToe::new(Default::default());
        let mut history = Vec::new();
        while game.status().is_ongoing() {
            let c = Player::<TicTacToe>::genmove(&mut p, &game, &history).unwrap();
            game.play(c.ply).unwrap();
            history.push(c.ply);
        }
        assert!(matches!(
            Player::<TicTacToe>::genmove(&mut p, &game, &history),
            Err(EngineError::GameOver)
        ));
    }
}
