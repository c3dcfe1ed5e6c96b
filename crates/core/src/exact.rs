//! Ground truth for searches that claim exact values: plain exhaustive
//! minimax, no pruning and no knowledge, memoised by position. It is an
//! oracle for tests of solvers and of full-depth searches on tiny boards,
//! not a search to play with (its cost is the whole game tree). Enabled
//! with the `conformance` feature.
//!
//! ```
//! use abstracta_core::exact::{exact_value, winning_plies};
//! use abstracta_core::search::Proof;
//! use abstracta_core::toy::TicTacToe;
//! use abstracta_core::Game;
//! let start = TicTacToe::new(Default::default());
//! assert_eq!(exact_value(&start, 1_000_000), Ok(Proof::Draw));
//! let mut game = start.clone();
//! game.play_list("a1 b1 a2 b2").unwrap();
//! assert_eq!(exact_value(&game, 1_000_000), Ok(Proof::Win));
//! let wins = winning_plies(&game, 1_000_000).unwrap();
//! assert!(wins.iter().any(|p| p.to_string() == "a3"));
//! ```

use std::collections::HashMap;
use std::fmt;

use crate::game::{Game, PlyBuf};
use crate::search::Proof;
use crate::side::Seat;

/// The oracle met more distinct positions than its limit allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyPositions {
    /// The limit that was reached.
    pub limit: usize,
}

impl fmt::Display for TooManyPositions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "exhaustive minimax met more than {} distinct positions; use a smaller position",
            self.limit
        )
    }
}

impl std::error::Error for TooManyPositions {}

/// Exact values already known, keyed by position hash and plies played
/// (the ply count matters where a game has a length cap).
type Memo = HashMap<(u64, u32), Proof>;

/// The exact value of `game` for the seat to move (for a finished game,
/// for the seat that would move next), by exhaustive minimax over at most
/// `limit` distinct positions. Whose turn it is decides each node, so games
/// whose turns span several plies are valued correctly.
pub fn exact_value<G: Game>(game: &G, limit: usize) -> Result<Proof, TooManyPositions> {
    value_for_seat(game, game.to_move_seat(), &mut Memo::new(), limit)
}

/// Every legal ply of `game` that keeps the exact value of the position for
/// the seat to move (every winning ply when it is a win, every drawing ply
/// when it is a draw, every ply when it is a loss), in the order
/// [`Game::legal_plies`] gives them. Empty when the game is over.
pub fn winning_plies<G: Game>(game: &G, limit: usize) -> Result<Vec<G::Ply>, TooManyPositions> {
    let seat = game.to_move_seat();
    if game.status().is_finished() {
        return Ok(Vec::new());
    }
    let mut memo = Memo::new();
    let best = value_for_seat(game, seat, &mut memo, limit)?;
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mut keeping = Vec::new();
    for &ply in &plies {
        let mut after = game.clone();
        after.play_unchecked(ply);
        if value_for_seat(&after, seat, &mut memo, limit)? == best {
            keeping.push(ply);
        }
    }
    Ok(keeping)
}

fn value_for_seat<G: Game>(
    game: &G,
    seat: Seat,
    memo: &mut Memo,
    limit: usize,
) -> Result<Proof, TooManyPositions> {
    if let Some(reward) = game.status().reward(seat) {
        return Ok(proof_of_reward(reward));
    }
    let mover = game.to_move_seat();
    let for_mover = value_for_mover(game, memo, limit)?;
    Ok(if mover == seat { for_mover } else { flip(for_mover) })
}

fn value_for_mover<G: Game>(game: &G, memo: &mut Memo, limit: usize) -> Result<Proof, TooManyPositions> {
    let key = (game.hash(), game.plies_played());
    if let Some(&known) = memo.get(&key) {
        return Ok(known);
    }
    if memo.len() >= limit {
        return Err(TooManyPositions { limit });
    }
    let mover = game.to_move_seat();
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mut best = Proof::Loss;
    for &ply in &plies {
        let mut after = game.clone();
        after.play_unchecked(ply);
        match value_for_seat(&after, mover, memo, limit)? {
            Proof::Win => {
                best = Proof::Win;
                break;
            }
            Proof::Draw => best = Proof::Draw,
            Proof::Loss => {}
        }
    }
    memo.insert(key, best);
    Ok(best)
}

fn proof_of_reward(reward: f64) -> Proof {
    if reward > 0.75 {
        Proof::Win
    } else if reward < 0.25 {
        Proof::Loss
    } else {
        Proof::Draw
    }
}

fn flip(proof: Proof) -> Proof {
    match proof {
        Proof::Win => Proof::Loss,
        Proof::Loss => Proof::Win,
        Proof::Draw => Proof::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::TicTacToe;

    #[test]
    fn tic_tac_toe_values_and_winning_plies() {
        let mut game = TicTacToe::new(Default::default());
        assert_eq!(exact_value(&game, 100_000), Ok(Proof::Draw));
        // Every first ply keeps the draw.
        assert_eq!(winning_plies(&game, 100_000).unwrap().len(), 9);
        // After a corner, only the centre holds the draw for the second player.
        game.play_list("a1").unwrap();
        let holding: Vec<String> = winning_plies(&game, 100_000)
            .unwrap()
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(holding, ["b2"]);
        game.play_list("c3").unwrap();
        assert_eq!(exact_value(&game, 100_000), Ok(Proof::Win));
    }

    #[test]
    fn the_limit_is_an_error_not_a_guess() {
        let game = TicTacToe::new(Default::default());
        assert_eq!(exact_value(&game, 10), Err(TooManyPositions { limit: 10 }));
        assert!(TooManyPositions { limit: 10 }.to_string().contains("10"));
    }
}
