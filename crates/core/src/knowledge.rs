//! What a game knows beyond its rules, as concepts a search can use without
//! knowing the game.
//!
//! The [`Game`] trait offers four optional methods, each with a default that
//! knows nothing:
//!
//! * [`Game::decisive_ply`]: a ply that wins at once for the side to move
//!   (after it the game is over, won by the mover).
//! * [`Game::forced_plies`]: the anti-decisive plies. When the opponent
//!   threatens to win at once, every ply but the few that parry the threat
//!   loses at once: after it the opponent has won (a win checked at the
//!   start of the opponent's turn) or has a decisive ply.
//! * [`Game::evaluate`]: the probability that the side to move wins, for
//!   searches that end playouts early where random playouts say little.
//! * [`Game::guided_ply`]: a playout ply that prefers what the game knows to
//!   be good (captures, advances), not necessarily uniform.
//! * [`Game::ply_priors`]: prior win rates of the legal plies, which a search
//!   can give new children before it has visited them.
//!
//! The games implement them in their own crates, cheaply with their
//! bitboards. What they claim is checked by brute force against any other
//! implementation of the same rules (the games' tests use their reference
//! implementations) with [`check_claims`]:
//!
//! ```
//! use abstracta_core::{knowledge, toy::TicTacToe, Game};
//! let mut game = TicTacToe::new(Default::default());
//! game.play_list("a1 b1 a2 b2").unwrap();
//! // The toy game claims nothing, so there is nothing to refute; the brute
//! // force itself finds the win.
//! assert_eq!(knowledge::check_claims(&game, &game), Ok(()));
//! assert!(knowledge::wins_at_once(&game, "a3".parse().unwrap()));
//! assert!(knowledge::loses_at_once(&game, "c3".parse().unwrap()));
//! ```

use rand::Rng;
use thiserror::Error;

use crate::game::{Game, PlyBuf};

/// Whether playing `ply` (legal in `game`) ends the game with a win for the
/// seat that plays it.
pub fn wins_at_once<G: Game>(game: &G, ply: G::Ply) -> bool {
    let mover = game.to_move_seat();
    let mut next = game.clone();
    next.play_unchecked(ply);
    next.status().winner_seat() == Some(mover)
}

/// Whether playing `ply` (legal in `game`) loses at once: afterwards the
/// opponent has won, or the opponent is to move and has a ply that wins at
/// once (found by trying every legal ply).
pub fn loses_at_once<G: Game>(game: &G, ply: G::Ply) -> bool {
    let mover = game.to_move_seat();
    let mut next = game.clone();
    next.play_unchecked(ply);
    let status = next.status();
    if status.is_finished() {
        return status.winner_seat() == Some(mover.opponent());
    }
    if next.to_move_seat() == mover {
        return false;
    }
    let mut plies = PlyBuf::new();
    next.legal_plies(&mut plies);
    plies.iter().any(|&reply| wins_at_once(&next, reply))
}

/// Writes into `out` the legal plies after which the opponent has not won.
///
/// A building block for [`Game::forced_plies`] in games whose win is
/// checked at the start of the winner's turn: once the opponent has made
/// its winning shape, only the plies that break it are left. It plays every
/// legal ply, so a game calls it only when a cheap test saw the threat.
pub fn plies_not_conceding<G: Game>(game: &G, out: &mut PlyBuf<G::Ply>) {
    let mover = game.to_move_seat();
    game.legal_plies(out);
    out.retain(|ply| {
        let mut next = game.clone();
        next.play_unchecked(*ply);
        next.status().winner_seat() != Some(mover.opponent())
    });
}

/// A claim of a game's knowledge that another implementation of its rules
/// refutes (see [`check_claims`]). Plies are given in notation.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ClaimError {
    /// [`Game::decisive_ply`] named a ply that is not legal.
    #[error("the decisive ply {0} is not legal")]
    IllegalDecisive(String),
    /// [`Game::decisive_ply`] named a ply that does not win at once.
    #[error("the ply {0} is claimed to win at once but does not")]
    NotDecisive(String),
    /// [`Game::forced_plies`] named a ply that is not legal.
    #[error("the forced ply {0} is not legal")]
    IllegalForced(String),
    /// [`Game::forced_plies`] left out a ply that does not lose at once.
    #[error("the ply {0} was left out of the forced plies but does not lose at once")]
    NotForced(String),
    /// [`Game::evaluate`] gave a value outside `[0, 1]`.
    #[error("the evaluation {0} is not a probability in [0, 1]")]
    BadEvaluation(f64),
    /// [`Game::ply_priors`] gave a value outside `[0, 1]` for a ply.
    #[error("the prior {prior} of the ply {ply} is not a probability in [0, 1]")]
    BadPrior {
        /// The ply, in notation.
        ply: String,
        /// The prior it was given.
        prior: f32,
    },
    /// [`Game::guided_ply`] gave an illegal ply, or none in an ongoing game
    /// (or one in a finished game).
    #[error("the guided ply {0} is wrong here")]
    BadGuided(String),
}

/// Checks what `game` claims to know against `truth`, another
/// implementation of the same rules in the same position: a decisive ply
/// must win at once in `truth`; every legal ply of `truth` left out of the
/// forced plies must lose at once there, and every forced ply must be
/// legal; an evaluation and every prior of a legal ply must be a
/// probability; a guided ply (drawn with a fixed seed) must be legal in
/// `truth`.
pub fn check_claims<G: Game, T: Game<Ply = G::Ply>>(game: &G, truth: &T) -> Result<(), ClaimError> {
    let mut legal = PlyBuf::new();
    truth.legal_plies(&mut legal);
    if let Some(ply) = game.decisive_ply() {
        if !legal.contains(&ply) {
            return Err(ClaimError::IllegalDecisive(ply.to_string()));
        }
        if !wins_at_once(truth, ply) {
            return Err(ClaimError::NotDecisive(ply.to_string()));
        }
    }
    let mut forced = PlyBuf::new();
    if game.forced_plies(&mut forced) {
        if let Some(ply) = forced.iter().find(|p| !legal.contains(p)) {
            return Err(ClaimError::IllegalForced(ply.to_string()));
        }
        if let Some(ply) = legal
            .iter()
            .find(|p| !forced.contains(p) && !loses_at_once(truth, **p))
        {
            return Err(ClaimError::NotForced(ply.to_string()));
        }
    }
    if truth.status().is_ongoing() {
        if let Some(value) = game.evaluate() {
            if !(0.0..=1.0).contains(&value) {
                return Err(ClaimError::BadEvaluation(value));
            }
        }
    }
    let mut priors = vec![f32::NAN; legal.len()];
    if game.ply_priors(&legal, &mut priors) {
        if let Some((ply, &prior)) = legal
            .iter()
            .zip(&priors)
            .find(|(_, prior)| !(0.0..=1.0).contains(*prior))
        {
            return Err(ClaimError::BadPrior {
                ply: ply.to_string(),
                prior,
            });
        }
    }
    let mut rng = crate::seeded_rng(truth.hash_from_scratch());
    match game.guided_ply(&mut rng) {
        Some(ply) if !legal.contains(&ply) => Err(ClaimError::BadGuided(ply.to_string())),
        None if !legal.is_empty() => Err(ClaimError::BadGuided("(none)".into())),
        _ => Ok(()),
    }
}

/// Plays guided plies ([`Game::guided_ply`]) until the game ends; returns
/// the final status. The knowledge-guided counterpart of
/// [`random_playout`](crate::random_playout).
pub fn guided_playout<G: Game, R: Rng + ?Sized>(game: &mut G, rng: &mut R) -> crate::Status {
    while let Some(ply) = game.guided_ply(rng) {
        game.play_unchecked(ply);
    }
    game.status()
}
