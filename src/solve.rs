//! Solving a position: its proven value for the seat to move and the value
//! of every legal ply, by a search family that proves positions (`pns` by
//! default; the `mcts` solver also proves some). What `arena solve` prints.
//!
//! ```
//! use abstracta::search::Proof;
//! use abstracta::solve::solve;
//! let solution = solve("tictactoe", "a1 b1 a2 b2", "pns").unwrap();
//! assert_eq!(solution.value, Some(Proof::Win));
//! assert_eq!(solution.winning_plies(), ["a3"]);
//! assert!(solution.complete());
//! let text = solution.to_string();
//! assert!(text.contains("value: win") && text.contains("winning plies (1): a3"), "{text}");
//! ```

use std::fmt;
use std::time::Duration;

use abstracta_core::search::Proof;
use abstracta_core::{Colour, PlyListError, Seat, SpecError, Status};
use thiserror::Error;

use crate::player::{EngineError, EngineSpec};

/// The engine `solve` uses when none is named.
pub const DEFAULT_SOLVER: &str = "pns";

/// One legal ply of the solved position and its value for the seat to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyValue {
    /// The ply, in notation.
    pub ply: String,
    /// Its proven value for the seat to move, `None` if the budget ran
    /// out first.
    pub proof: Option<Proof>,
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The game's canonical spec.
    pub spec: String,
    /// The plies played before the position.
    pub plies_played: u32,
    /// The seat and colour to move.
    pub to_move: (Seat, Colour),
    /// The engine's canonical spec.
    pub engine: String,
    /// The value for the seat to move, `None` when it was not proven.
    pub value: Option<Proof>,
    /// The ply the engine would play (a winning one for a won position).
    pub best: Option<String>,
    /// Every legal ply with its value, best first.
    pub plies: Vec<PlyValue>,
    /// The engine's units of work (pns: expanded nodes).
    pub work: u64,
    /// Entries of the engine's table or tree afterwards.
    pub table_entries: usize,
    /// Wall time of the search.
    pub elapsed: Duration,
}

impl Solution {
    fn plies_of(&self, value: Proof) -> Vec<&str> {
        self.plies
            .iter()
            .filter(|p| p.proof == Some(value))
            .map(|p| p.ply.as_str())
            .collect()
    }

    /// The plies proven to win, best first.
    pub fn winning_plies(&self) -> Vec<&str> {
        self.plies_of(Proof::Win)
    }

    /// The plies proven to draw.
    pub fn drawing_plies(&self) -> Vec<&str> {
        self.plies_of(Proof::Draw)
    }

    /// Whether every legal ply has a proven value (so the winning plies
    /// listed are all of them).
    pub fn complete(&self) -> bool {
        self.plies.iter().all(|p| p.proof.is_some())
    }
}

impl fmt::Display for Solution {
    /// The position, the value, the winning (or drawing) plies, the work.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (seat, colour) = self.to_move;
        writeln!(
            f,
            "{} after {} plies, {colour} ({seat} player) to move",
            self.spec, self.plies_played
        )?;
        writeln!(f, "engine: {}", self.engine)?;
        match self.value {
            Some(value) => writeln!(f, "value: {value} for {colour}")?,
            None => writeln!(f, "value: unsolved (no proof within the engine's budget)")?,
        }
        let unvalued = self.plies.iter().filter(|p| p.proof.is_none()).count();
        let list = |plies: Vec<&str>| {
            if plies.is_empty() {
                "none".to_owned()
            } else {
                plies.join(" ")
            }
        };
        let wins = self.winning_plies();
        let draws = self.drawing_plies();
        writeln!(f, "winning plies ({}): {}", wins.len(), list(wins))?;
        if self.value != Some(Proof::Win) && !draws.is_empty() || self.value == Some(Proof::Draw) {
            writeln!(f, "drawing plies ({}): {}", draws.len(), list(draws))?;
        }
        if unvalued > 0 {
            writeln!(
                f,
                "not valued: {unvalued} of {} plies (the budget ran out; the lists may be incomplete)",
                self.plies.len()
            )?;
        }
        if let Some(best) = &self.best {
            writeln!(f, "best: {best}")?;
        }
        writeln!(
            f,
            "work: {} nodes in {:.3}s, {} table entries",
            self.work,
            self.elapsed.as_secs_f64(),
            self.table_entries
        )
    }
}

/// Why a position could not be solved.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The game spec is wrong.
    #[error("{0}")]
    Spec(#[from] SpecError),
    /// A ply of the list cannot be read or played.
    #[error("{0}")]
    Moves(#[from] PlyListError),
    /// The game is already over after the plies.
    #[error("the game is over ({0}); there is nothing to solve")]
    GameOver(Status),
    /// The engine spec is wrong or the engine failed.
    #[error("{0}")]
    Engine(#[from] EngineError),
    /// The engine's family proves nothing (random; external programs).
    #[error("the {family} engine proves nothing; expected a solver such as pns[:OPTIONS] or mcts[:OPTIONS]")]
    NotASolver {
        /// The family named.
        family: &'static str,
    },
}

impl SolveError {
    /// Whether the input was at fault (a spec, ply list or engine spec),
    /// not the run.
    pub fn is_input(&self) -> bool {
        match self {
            SolveError::Engine(e) => !e.is_runtime(),
            _ => true,
        }
    }
}

/// Solves the game `spec` after the plies `moves` with the engine `engine`
/// (an engine spec of a family that proves: `pns[:OPTIONS]`, or
/// `mcts[:OPTIONS]` with its solver).
pub fn solve(spec: &str, moves: &str, engine: &str) -> Result<Solution, SolveError> {
    let engine: EngineSpec = engine.parse()?;
    if matches!(engine, EngineSpec::Random | EngineSpec::Cmd { .. }) {
        return Err(SolveError::NotASolver {
            family: engine.family(),
        });
    }
    let mut game = crate::open(spec)?;
    game.play_list(moves)?;
    let status = game.status();
    let Some(to_move) = game.to_move() else {
        return Err(SolveError::GameOver(status));
    };
    let mut search = game.searcher(&engine, 0)?;
    let result = search.search(&*game)?;
    Ok(Solution {
        spec: game.spec(),
        plies_played: game.plies_played(),
        to_move,
        engine: search.describe(),
        value: result.proof,
        best: result.best,
        plies: result
            .children
            .iter()
            .map(|c| PlyValue {
                ply: c.ply.clone(),
                proof: c.proof,
            })
            .collect(),
        work: result.iterations,
        table_entries: result.nodes,
        elapsed: result.elapsed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_losses_and_refusals() {
        let draw = solve("tictactoe", "", "pns").unwrap();
        assert_eq!((draw.value, draw.plies.len()), (Some(Proof::Draw), 9));
        assert_eq!(draw.drawing_plies().len(), 9);
        assert!(draw.to_string().contains("drawing plies (9)"), "{draw}");
        // x threatens a3 and c2 at once; o cannot win first.
        let lost = solve("tictactoe", "a1 b1 a2 c3 b2", "pns").unwrap();
        assert_eq!(lost.value, Some(Proof::Loss));
        assert!(lost.winning_plies().is_empty() && lost.to_string().contains("winning plies (0): none"));
        let unsolved = solve("tictactoe", "", "pns:nodes=2").unwrap();
        assert_eq!(unsolved.value, None);
        assert!(unsolved.to_string().contains("unsolved"), "{unsolved}");
        assert!(unsolved.best.is_some());
        for (spec, moves, engine) in [
            ("chess", "", "pns"),
            ("tictactoe", "a1 a1", "pns"),
            ("tictactoe", "a1 b1 a2 b2 a3", "pns"),
            ("tictactoe", "", "pns:bogus=1"),
            ("tictactoe", "", "random"),
            ("tictactoe", "", "cmd:./engine"),
        ] {
            let err = solve(spec, moves, engine).unwrap_err();
            assert!(err.is_input(), "{spec} {moves} {engine}: {err}");
        }
        assert!(matches!(
            solve("tictactoe", "", "random"),
            Err(SolveError::NotASolver { family: "random" })
        ));
    }
}
