//! Results as half points and proofs: the arithmetic the workers' backup
//! and the solver share, per seat, and the seeds of the threads.

use std::sync::atomic::Ordering;

use abstracta_core::{Game, Seat, Status};

use crate::tree::{code_seat, flip_proof, Tree, PROVEN_DRAW, PROVEN_LOSS, PROVEN_WIN};

/// Half points for `seat` from half points for the first seat.
#[inline]
pub(crate) fn for_seat(first: u64, seat: Seat) -> u64 {
    match seat {
        Seat::First => first,
        Seat::Second => 2 - first,
    }
}

/// Half points for the first seat of a finished game (1 if unfinished).
#[inline]
pub(crate) fn status_points(status: Status) -> u64 {
    match status.winner_seat() {
        Some(Seat::First) => 2,
        Some(Seat::Second) => 0,
        None => 1,
    }
}

/// The proof value for `seat` of a result worth `first` half points to
/// the first seat.
#[inline]
pub(crate) fn proof_of(first: u64, seat: Seat) -> u8 {
    match for_seat(first, seat) {
        2 => PROVEN_WIN,
        1 => PROVEN_DRAW,
        _ => PROVEN_LOSS,
    }
}

/// Half points for the first seat of a proof value held for `seat`.
#[inline]
pub(crate) fn proof_points(proof: u8, seat: Seat) -> u64 {
    let mine = match proof {
        PROVEN_WIN => 2,
        PROVEN_DRAW => 1,
        _ => 0,
    };
    for_seat(mine, seat)
}

/// The position part of the thread seeds ([`thread_seed`]): taken once a
/// search, since a game may compute its hash from scratch.
pub(crate) fn position_key<G: Game>(game: &G) -> u64 {
    game.hash() ^ u64::from(game.plies_played())
}

/// A seed per thread (and per position, so successive searches differ).
pub(crate) fn thread_seed(seed: u64, position: u64, thread: usize) -> u64 {
    abstracta_core::zobrist::mix64(
        seed ^ position.rotate_left(17) ^ (thread as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    )
}

/// The proof of the root for the seat to move there.
pub(crate) fn root_proof_for_mover<P: Copy + Send + Sync>(tree: &Tree<P>, to_move: Seat) -> u8 {
    let root = tree.root();
    let p = root.proof();
    if code_seat(root.mover.load(Ordering::Relaxed)) == to_move {
        p
    } else {
        flip_proof(p)
    }
}
