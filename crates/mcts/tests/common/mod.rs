//! Helpers shared by the integration tests: option parsing and the exact
//! value of tic-tac-toe positions by exhaustive minimax.

use std::collections::HashMap;

use abstracta_core::toy::TicTacToe;
use abstracta_core::{Game, PlyBuf, Seat};
use mcts::{MctsOptions, OptionsError};

/// Memoised exact values, keyed by position hash and plies played.
pub type Memo = HashMap<(u64, u32), f64>;

/// Parses an options spec, panicking with the spec on a bad one.
pub fn opts(spec: &str) -> MctsOptions {
    spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// Asserts that `spec` is refused as a bad value whose message names
/// `key` and contains `expected` (part of what the key accepts).
pub fn assert_bad_value(spec: &str, key: &str, expected: &str) {
    let e = spec.parse::<MctsOptions>().unwrap_err();
    assert!(matches!(e, OptionsError::BadValue { .. }), "{spec}: {e}");
    assert!(
        e.to_string().contains(key) && e.to_string().contains(expected),
        "{spec}: {e}"
    );
}

/// Exact value for the seat to move: 1 win, 0.5 draw, 0 loss.
pub fn minimax(game: &TicTacToe, memo: &mut Memo) -> f64 {
    let seat = game.to_move_seat();
    if let Some(r) = game.status().reward(seat) {
        return r;
    }
    let key = (game.hash(), game.plies_played());
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mut best: f64 = 0.0;
    for &p in &plies {
        let mut g = game.clone();
        g.play_unchecked(p);
        best = best.max(value_for(&g, seat, memo));
    }
    memo.insert(key, best);
    best
}

/// Exact value of `game` for `seat`: 1 win, 0.5 draw, 0 loss.
pub fn value_for(game: &TicTacToe, seat: Seat, memo: &mut Memo) -> f64 {
    if let Some(r) = game.status().reward(seat) {
        return r;
    }
    let v = minimax(game, memo);
    if game.to_move_seat() == seat {
        v
    } else {
        1.0 - v
    }
}
