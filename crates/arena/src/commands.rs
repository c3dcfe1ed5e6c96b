//! The position commands: `perft`, `status`, `show` and `analyze`.

use std::io::Write;
use std::time::Instant;

use abstracta::registry::{with_game, GameVisitor};
use abstracta::AnyGame;
use abstracta_core::{perft, Game, PlyBuf, Position};
use rayon::prelude::*;

use crate::error::ArenaError;
use protocol::engine::{build, BuildOptions, EngineSpec};

/// Counts leaves `depth` plies deep, the subtrees of the first plies
/// counted in parallel on rayon's pool (one thread per core): each is an
/// independent perft, and rayon's work stealing evens out subtrees of
/// very different sizes.
pub fn parallel_perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth <= 2 {
        return perft(game, depth);
    }
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    plies
        .par_iter()
        .map(|&ply| {
            let mut child = game.clone();
            child.play_unchecked(ply);
            perft(&child, depth - 1)
        })
        .sum()
}

fn position<G: Game>(options: G::Options, moves: &str) -> Result<Position<G>, ArenaError> {
    Ok(Position::with_plies(options, moves)?)
}

/// The game `spec` after the plies of `moves`, chosen at run time.
fn open(spec: &str, moves: &str) -> Result<Box<dyn AnyGame>, ArenaError> {
    let mut game = abstracta::open(spec)?;
    game.play_list(moves)?;
    Ok(game)
}

struct Perft<'a, W: Write> {
    moves: &'a str,
    depth: u32,
    out: W,
}

impl<W: Write> GameVisitor for Perft<'_, W> {
    type Output = Result<(), ArenaError>;
    fn visit<G: Game>(mut self, options: G::Options) -> Self::Output {
        let pos = position::<G>(options, self.moves)?;
        let started = Instant::now();
        let mut nodes = 0u64;
        // Depth 0 is the position itself: one leaf.
        let first = if self.depth == 0 { 0 } else { 1 };
        for d in first..=self.depth {
            let count = parallel_perft(pos.game(), d);
            nodes += count;
            writeln!(self.out, "{d} {count}").map_err(|e| ArenaError::io("writing perft output", e))?;
            let _ = self.out.flush();
        }
        let secs = started.elapsed().as_secs_f64();
        tournament::stderr!(
            "perft: {nodes} leaves in {secs:.3}s ({:.0} leaves/s)",
            nodes as f64 / secs.max(1e-9)
        );
        Ok(())
    }
}

/// `arena perft`: one `d COUNT` line per depth on `out`, timing on stderr.
pub fn perft_command(spec: &str, moves: &str, depth: u32, out: impl Write) -> Result<(), ArenaError> {
    with_game(spec, Perft { moves, depth, out })?
}

/// `arena status`: `ongoing`, `black`, `white` or `draw`.
pub fn status_command(spec: &str, moves: &str) -> Result<String, ArenaError> {
    Ok(open(spec, moves)?.status().word().to_owned())
}

/// `arena show`: the board (whose last line says who is to move or how
/// the game ended) and the status word.
pub fn show_command(spec: &str, moves: &str) -> Result<String, ArenaError> {
    let game = open(spec, moves)?;
    let mut out = format!("{}, after {} plies\n", game.spec(), game.plies_played());
    out.push_str(&game.render());
    out.push_str(&format!("status: {}\n", game.status().word()));
    Ok(out)
}

/// `arena analyze`: best ply, win rate, principal variation, top children.
pub fn analyze_command(spec: &str, moves: &str, engine: &str) -> Result<String, ArenaError> {
    let engine: EngineSpec = engine.parse()?;
    let game = open(spec, moves)?;
    if game.status().is_finished() {
        return Err(ArenaError::usage(format!(
            "the game is over ({}); there is nothing to analyse",
            game.status()
        )));
    }
    let mut player = build(&engine, &*game, &BuildOptions::default())?;
    let analysis = player.analyze(&*game)?;
    Ok(format!(
        "{}\n{}engine: {}\n{analysis}",
        game.spec(),
        game.render(),
        player.describe()
    ))
}

/// `arena analyze --json`: the search as one JSON object, the same search
/// and the same fields as an `arena analysis` answer.
pub fn analyze_json_command(spec: &str, moves: &str, engine: &str) -> Result<String, ArenaError> {
    let engine = protocol::engine::search_spec(engine)?;
    let game = open(spec, moves)?;
    if game.status().is_finished() {
        return Err(ArenaError::usage(format!(
            "the game is over ({}); there is nothing to analyse",
            game.status()
        )));
    }
    let result = protocol::engine::run_search(&*game, &engine, &Default::default())?;
    let json = server::analysis::search_json(&*game, &result, server::analysis::DEFAULT_CHILDREN);
    Ok(json.to_string() + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_lines() {
        let mut out = Vec::new();
        perft_command("tictactoe", "", 4, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "1 9\n2 72\n3 504\n4 3024\n");
        let mut out = Vec::new();
        perft_command("tictactoe", "b2", 1, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "1 8\n");
        let mut out = Vec::new();
        perft_command("tictactoe", "b2", 0, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "0 1\n",
            "depth 0 counts the position itself"
        );
    }

    #[test]
    fn status_words() {
        assert_eq!(status_command("tictactoe", "").unwrap(), "ongoing");
        assert_eq!(status_command("tictactoe", "a1 b1 a2 b2 a3").unwrap(), "black");
        assert_eq!(
            status_command("tictactoe", "b2 a1 c1 a3 a2 c2 b1 b3 c3").unwrap(),
            "draw"
        );
        let err = status_command("tictactoe", "a1 zz").unwrap_err();
        assert!(err.to_string().contains("ply 2"), "{err}");
        assert_eq!(err.exit_code(), 2);
        assert_eq!(status_command("chess", "").unwrap_err().exit_code(), 2);
    }

    #[test]
    fn show_and_analyze() {
        let s = show_command("tictactoe", "b2").unwrap();
        assert!(
            s.contains("white (second player) to move") && s.ends_with("status: ongoing\n"),
            "{s}"
        );
        assert_eq!(
            s.matches("to move").count(),
            1,
            "who is to move is said once: {s}"
        );
        let s = show_command("tictactoe", "a1 b1 a2 b2 a3").unwrap();
        assert!(s.ends_with("status: black\n") && !s.contains("to move"), "{s}");
        let a = analyze_command("tictactoe", "b2", "random").unwrap();
        assert!(a.contains("best: "), "{a}");
        assert!(analyze_command("tictactoe", "a1 b1 a2 b2 a3", "random").is_err());
        let j: serde_json::Value =
            serde_json::from_str(&analyze_json_command("tictactoe", "b2", "mcts:iters=200").unwrap())
                .unwrap();
        assert_eq!(
            (j["iterations"].as_u64(), j["plies_played"].as_u64()),
            (Some(200), Some(1))
        );
        // Every in-process family analyses; external engines do not.
        assert!(analyze_json_command("tictactoe", "b2", "cmd:./engine").is_err());
        let r: serde_json::Value =
            serde_json::from_str(&analyze_json_command("tictactoe", "b2", "random").unwrap()).unwrap();
        assert!(r["best"].is_string() && r["win_rate"].is_null(), "{r}");
    }
}
