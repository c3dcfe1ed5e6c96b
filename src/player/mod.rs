//! Engines: who chooses the plies. Engine specs ([`EngineSpec`]:
//! `random`, `mcts[:OPTIONS]`, `cmd:PROGRAM [ARGS]`), their errors, and
//! what engines answer at the text level ([`Choice`], [`Analysis`]).
//!
//! Every engine is a search of some family
//! ([`Search<G>`](crate::search::Search) for one game type,
//! [`AnySearch`](crate::AnySearch) at the text level, for games chosen at
//! run time); [`families`](crate::families) builds them from specs, and
//! [`AnyGame::searcher`] builds one for a run-time game.
//!
//! ```
//! use abstracta::player::EngineSpec;
//! let mut game = abstracta::open("tictactoe").unwrap();
//! let spec: EngineSpec = "mcts:iters=300".parse().unwrap();
//! let mut engine = game.searcher(&spec, 1).unwrap();
//! let choice = engine.genmove(&*game).unwrap();
//! game.play(&choice.ply).unwrap();
//! assert_eq!(game.plies_played(), 1);
//! ```

use std::fmt;

#[cfg(doc)]
use crate::AnyGame;

pub use abstracta_core::search::Clock;

// Engine specs and their errors belong to the search families; they are
// named here too, where players have always found them.
pub use crate::families::{
    split_words, EngineError, EngineSpec, EngineSpecError, OptionError, SplitWordsError, ENGINE_FORMS,
};

/// The engine used when none is named (`arena engine`, `arena analyze`,
/// hints in `arena play`): the family measured strongest for the game
/// ([`STRONGEST`](crate::families::STRONGEST)), one second a ply.
pub const DEFAULT_ENGINE: &str = "best:time=1s";

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
