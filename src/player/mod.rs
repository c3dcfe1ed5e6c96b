//! Players: who chooses the plies.
//!
//! [`Player<G>`] is the engine interface for one game type: the
//! [`RandomPlayer`] and the [`MctsPlayer`] implement it, and an
//! [`EngineSpec`] (`random`, `mcts[:OPTIONS]`, `cmd:PROGRAM [ARGS]`) builds
//! one. [`AnyPlayer`] is the same interface at the text level, for games
//! chosen at run time ([`AnyGame`]); [`PlayerAdapter`] makes
//! any `Player<G>` an `AnyPlayer`, and [`AnyGame::player`]
//! builds one from a spec.
//!
//! ```
//! use abstracta::player::EngineSpec;
//! let mut game = abstracta::open("tictactoe").unwrap();
//! let spec: EngineSpec = "mcts:iters=300".parse().unwrap();
//! let mut engine = game.player(&spec, 1).unwrap();
//! let choice = engine.genmove(&*game).unwrap();
//! game.play(&choice.ply).unwrap();
//! assert_eq!(game.plies_played(), 1);
//! ```

use std::fmt;
use std::marker::PhantomData;

use abstracta_core::{Game, Position};

use crate::AnyGame;

mod error;
mod mcts_player;
mod random;
mod spec;

pub use mcts::clock::Clock;

pub use error::{EngineError, EngineSpecError, OptionError, SplitWordsError};
pub use mcts_player::MctsPlayer;
pub use random::RandomPlayer;
pub use spec::{split_words, EngineSpec};

/// What engine specs look like, for error messages.
pub const ENGINE_FORMS: &str =
    "random, mcts[:OPTIONS] (e.g. mcts:iters=2000,threads=2) or cmd:PROGRAM [ARGS]";

/// The engine used when none is named (`arena engine`, `arena analyze`,
/// hints in `arena play`).
pub const DEFAULT_ENGINE: &str = "mcts:time=1s";

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
    /// Proven result (`win`, `loss`, `draw`), if the solver found one.
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
    /// Several lines: `best: PLY`, the win rate, the principal variation, a
    /// table of the children and the details.
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
    /// position by `history`. A finished game is
    /// [`EngineError::GameOver`].
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

    /// Tells the engine its clock for the next [`genmove`](Player::genmove)
    /// (that one only; `None` forgets a clock given earlier): an engine
    /// that manages its time searches by it instead of its own budget. The
    /// default ignores it.
    fn set_clock(&mut self, _clock: Option<Clock>) {}

    /// The number of threads the engine searches with.
    fn threads(&self) -> usize {
        1
    }

    /// Thinks on the opponent's time about `game` (reached by `history`,
    /// usually just after the engine's own ply) until the next request, if
    /// the engine is set to ponder; the default does nothing.
    fn ponder(&mut self, _game: &G, _history: &[G::Ply]) {}
}

impl<G: Game, P: Player<G> + ?Sized> Player<G> for Box<P> {
    fn describe(&self) -> String {
        (**self).describe()
    }
    fn genmove(&mut self, game: &G, history: &[G::Ply]) -> Result<Choice<G::Ply>, EngineError> {
        (**self).genmove(game, history)
    }
    fn analyze(&mut self, game: &G, history: &[G::Ply]) -> Result<Analysis, EngineError> {
        (**self).analyze(game, history)
    }
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        (**self).set_option(key, value)
    }
    fn set_clock(&mut self, clock: Option<Clock>) {
        (**self).set_clock(clock)
    }
    fn threads(&self) -> usize {
        (**self).threads()
    }
    fn ponder(&mut self, game: &G, history: &[G::Ply]) {
        (**self).ponder(game, history)
    }
}

/// An engine for games chosen at run time: [`Player`] at the text level
/// (object safe). Get one from [`AnyGame::player`],
/// wrap a `Player<G>` in a [`PlayerAdapter`], or implement it directly for
/// an engine that speaks text (an external program, say).
pub trait AnyPlayer: Send {
    /// A short description (the engine spec).
    fn describe(&self) -> String;
    /// Chooses a ply for the side to move in `game`.
    fn genmove(&mut self, game: &dyn AnyGame) -> Result<Choice<String>, EngineError>;
    /// Analyses `game`.
    fn analyze(&mut self, game: &dyn AnyGame) -> Result<Analysis, EngineError>;
    /// Sets an engine option (`time`, `iters`, `threads`, `seed`, ...).
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError>;
    /// Tells the engine its clock for the next `genmove` only (see
    /// [`Player::set_clock`]); the default ignores it.
    fn set_clock(&mut self, _clock: Option<Clock>) {}
    /// The number of threads the engine searches with.
    fn threads(&self) -> usize;
    /// Thinks on the opponent's time about `game` until the next request,
    /// if the engine is set to ponder.
    fn ponder(&mut self, game: &dyn AnyGame);
}

/// A [`Player<G>`] seen as an [`AnyPlayer`]: it plays games that are a
/// [`Position<G>`] (as [`open`](crate::open) makes them); any other game is
/// [`EngineError::WrongGame`] (and `ponder` does nothing).
///
/// ```
/// use abstracta::player::{AnyPlayer, PlayerAdapter, RandomPlayer};
/// use abstracta::toy::TicTacToe;
/// let mut engine = PlayerAdapter::<TicTacToe, _>::new(RandomPlayer::new(1));
/// let game = abstracta::open("tictactoe").unwrap();
/// assert!(engine.genmove(&*game).is_ok());
/// let other = abstracta::open("swack").unwrap();
/// assert!(engine.genmove(&*other).is_err());
/// ```
pub struct PlayerAdapter<G: Game, P: Player<G>> {
    player: P,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, P: Player<G>> PlayerAdapter<G, P> {
    /// Wraps `player`.
    pub fn new(player: P) -> PlayerAdapter<G, P> {
        PlayerAdapter {
            player,
            game: PhantomData,
        }
    }

    /// The wrapped player.
    pub fn get(&self) -> &P {
        &self.player
    }

    /// The wrapped player, mutably.
    pub fn get_mut(&mut self) -> &mut P {
        &mut self.player
    }

    /// Unwraps the player.
    pub fn into_inner(self) -> P {
        self.player
    }

    fn position<'a>(&self, game: &'a dyn AnyGame) -> Result<&'a Position<G>, EngineError> {
        game.as_any()
            .downcast_ref::<Position<G>>()
            .ok_or(EngineError::WrongGame {
                expected: G::NAME,
                found: game.name(),
            })
    }
}

impl<G: Game, P: Player<G> + fmt::Debug> fmt::Debug for PlayerAdapter<G, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayerAdapter")
            .field("game", &G::NAME)
            .field("player", &self.player)
            .finish()
    }
}

impl<G: Game, P: Player<G>> AnyPlayer for PlayerAdapter<G, P> {
    fn describe(&self) -> String {
        self.player.describe()
    }

    fn genmove(&mut self, game: &dyn AnyGame) -> Result<Choice<String>, EngineError> {
        let position = self.position(game)?;
        let choice = self.player.genmove(position.game(), position.history())?;
        Ok(Choice {
            ply: choice.ply.to_string(),
            win_rate: choice.win_rate,
        })
    }

    fn analyze(&mut self, game: &dyn AnyGame) -> Result<Analysis, EngineError> {
        let position = self.position(game)?;
        self.player.analyze(position.game(), position.history())
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        self.player.set_option(key, value)
    }

    fn set_clock(&mut self, clock: Option<Clock>) {
        self.player.set_clock(clock)
    }

    fn threads(&self) -> usize {
        self.player.threads()
    }

    fn ponder(&mut self, game: &dyn AnyGame) {
        if let Ok(position) = self.position(game) {
            self.player.ponder(position.game(), position.history());
        }
    }
}
