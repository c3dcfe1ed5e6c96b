//! `arena solve`: the proven value of a position and every winning ply,
//! as the library's [`abstracta::solve`] finds them; this file only reads
//! the arguments and prints.

use abstracta::solve::{solve, Solution, SolveError, DEFAULT_SOLVER};
use clap::Args;
use serde_json::json;

use crate::error::ArenaError;

/// The options of `arena solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Game spec, e.g. escabel:size=4.
    pub spec: String,
    /// Plies from the start position, separated by spaces or commas.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// The solver: pns[:nodes=N,time=T,tt=MB,depth=N,eps=X,plies=all|best,
    /// init=eval|prior|unit,h=N,key=auto|ply|position,turns=whole|ply,
    /// leaves=check|plain,graph=N|off] (see docs/solver.md; graph=N, after
    /// a short df-pn, solves exactly by retrograde analysis when at most N
    /// positions are reachable, which proves draws in endgames whose pieces
    /// can shuffle back and forth), or an mcts spec, whose
    /// solver proves some positions too. An unsolved answer says so.
    #[arg(long, default_value = DEFAULT_SOLVER)]
    pub engine: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// What `arena solve --help` says after the options.
pub const SOLVE_HELP: &str = "Prints the value for the side to move (win, loss or draw), every
winning ply (every drawing ply of a drawn position), the nodes searched and
the time. When the budget (pns: nodes=10000000 unless given, or time=...)
runs out first the value is printed as unsolved, with the plies proven so
far and the engine's best guess. See docs/solver.md.";

impl From<SolveError> for ArenaError {
    /// Bad input as usage errors (exit code 2), a failing engine as itself.
    fn from(e: SolveError) -> ArenaError {
        match e {
            SolveError::Spec(e) => ArenaError::Spec(e),
            SolveError::Moves(e) => ArenaError::Moves(e),
            SolveError::Engine(e) => ArenaError::from(e),
            other => ArenaError::usage(other.to_string()),
        }
    }
}

/// `arena solve`: the solution as text, or as one JSON object.
pub fn solve_command(args: &SolveArgs) -> Result<String, ArenaError> {
    let solution = solve(&args.spec, &args.moves, &args.engine)?;
    Ok(if args.json {
        solution_json(&solution).to_string() + "\n"
    } else {
        solution.to_string()
    })
}

fn proof_text(proof: Option<abstracta_core::search::Proof>) -> serde_json::Value {
    proof.map_or(serde_json::Value::Null, |p| json!(p.to_string()))
}

/// The solution as JSON: `value` is `win`, `loss`, `draw` or null (unsolved).
pub fn solution_json(solution: &Solution) -> serde_json::Value {
    let (seat, colour) = solution.to_move;
    json!({
        "spec": solution.spec,
        "plies_played": solution.plies_played,
        "to_move": {"seat": seat.to_string(), "colour": colour.to_string()},
        "engine": solution.engine,
        "value": proof_text(solution.value),
        "best": solution.best,
        "winning_plies": solution.winning_plies(),
        "drawing_plies": solution.drawing_plies(),
        "complete": solution.complete(),
        "plies": solution
            .plies
            .iter()
            .map(|p| json!({"ply": p.ply, "proof": proof_text(p.proof)}))
            .collect::<Vec<_>>(),
        "nodes": solution.work,
        "table_entries": solution.table_entries,
        "time_ms": solution.elapsed.as_secs_f64() * 1000.0,
    })
}
