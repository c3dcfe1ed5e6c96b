//! What a game knows beyond its rules, as concepts a search can use without
//! knowing the game.
//!
//! A game's knowledge lives on a type of its own (usually zero-sized, such
//! as `EscabelKnowledge` next to `Escabel`), which implements
//! [`Knowledge<G>`](Knowledge) and [`CellClaims<G>`](crate::claims::CellClaims)
//! for its game; the game type implements the rules only. [`Knowledge`]
//! offers, each with a default that knows nothing:
//!
//! * [`Knowledge::decisive_ply`]: a ply that wins at once for the side to
//!   move (after it the game is over, won by the mover).
//! * [`Knowledge::forced_plies`]: the anti-decisive plies. When the
//!   opponent threatens to win at once, every ply but the few that parry
//!   the threat loses at once: after it the opponent has won (a win checked
//!   at the start of the opponent's turn) or has a decisive ply.
//! * [`Knowledge::evaluate`]: the probability that the side to move wins,
//!   for searches that end playouts early where random playouts say little.
//! * [`Knowledge::evaluate_score`]: the same judgement as an integer
//!   score (thousandths of a logit), for alpha-beta leaves.
//! * [`Knowledge::guided_ply`]: a playout ply that prefers what the game
//!   knows to be good (captures, advances), not necessarily uniform.
//! * [`Knowledge::ply_priors`]: prior win rates of the legal plies, which a
//!   search can give new children before it has visited them.
//! * [`Knowledge::expected_remaining_plies`]: a guess of the game's length,
//!   for time management.
//!
//! Searches take both traits at once as [`SearchKnowledge`];
//! [`NoKnowledge`] knows nothing about any game.
//!
//! The games implement them in their own crates, cheaply with their
//! bitboards. What they claim is checked by brute force against any other
//! implementation of the same rules (the games' tests use their reference
//! implementations) with [`check_claims`]:
//!
//! ```
//! use abstracta_core::{knowledge, toy::{TicTacToe, TicTacToeKnowledge}, Game};
//! let mut game = TicTacToe::new(Default::default());
//! game.play_list("a1 b1 a2 b2").unwrap();
//! // The toy game's knowledge finds the win by brute force, and the check
//! // finds no claim to refute.
//! assert_eq!(knowledge::check_claims(&game, &TicTacToeKnowledge, &game), Ok(()));
//! assert!(knowledge::wins_at_once(&game, "a3".parse().unwrap()));
//! assert!(knowledge::loses_at_once(&game, "c3".parse().unwrap()));
//! ```

use rand::Rng;
use thiserror::Error;

use crate::claims::CellClaims;
use crate::game::{Game, PlyBuf};

/// What a game knows beyond its rules, implemented on a knowledge type
/// `Self` for game `G` (see the [module](self) documentation). Every
/// default knows nothing and costs nothing.
///
/// ```
/// use abstracta_core::knowledge::{Knowledge, NoKnowledge};
/// use abstracta_core::{toy::TicTacToe, Game};
/// let game = TicTacToe::new(Default::default());
/// assert_eq!(NoKnowledge.decisive_ply(&game), None);
/// assert_eq!(NoKnowledge.evaluate(&game), None);
/// ```
pub trait Knowledge<G: Game> {
    /// A ply that wins at once for the side to move in `game`: after it
    /// the game is over and the mover has won. `None` when the game knows
    /// of none (it need not find every such ply).
    fn decisive_ply(&self, _game: &G) -> Option<G::Ply> {
        None
    }

    /// The forced replies to a threat: when every ply but a few loses at
    /// once (after it the opponent has won, or has a decisive ply), writes
    /// those few into `out` (possibly none: every ply loses) and returns
    /// `true`. Returns `false` when the game sees no such threat; `out` is
    /// then unspecified.
    fn forced_plies(&self, _game: &G, _out: &mut PlyBuf<G::Ply>) -> bool {
        false
    }

    /// A heuristic evaluation of an ongoing position: the probability that
    /// the side to move wins, in `[0, 1]`. `None` when the game offers
    /// none. Searches use it to end playouts early.
    fn evaluate(&self, _game: &G) -> Option<f64> {
        None
    }

    /// A heuristic score of an ongoing position for the side to move, in
    /// thousandths of a logit of its winning chance: 0 is even, +1000
    /// means about 73% and -1000 about 27%, and the score should stay
    /// within ±100,000. `None` when the game offers none. Alpha-beta
    /// searches call it at every leaf, so games give it from their
    /// bitboards in integers; the default reads
    /// [`evaluate`](Knowledge::evaluate) back through the logit.
    fn evaluate_score(&self, game: &G) -> Option<i32> {
        self.evaluate(game).map(|p| {
            let p = p.clamp(1e-9, 1.0 - 1e-9);
            (1000.0 * (p / (1.0 - p)).ln()).round() as i32
        })
    }

    /// Prior win rates of the legal `plies` of `game`, for a search that
    /// seeds new children with them: writes into `out` (as long as
    /// `plies`) for each ply an estimate in `[0, 1]` of the probability
    /// that the side to move wins after it, 0.5 for no opinion, and returns
    /// `true`. Returns `false` when the game offers no priors (`out` is
    /// then unspecified). Cheap heuristics (a ply next to the last one,
    /// one that completes a link) are what it is for; a search weighs
    /// them by its own setting (MCTS: `prior=N`).
    fn ply_priors(&self, _game: &G, _plies: &[G::Ply], _out: &mut [f32]) -> bool {
        false
    }

    /// A playout ply chosen with the game's knowledge (captures, advances,
    /// answers to threats), or `None` when the game is over. The default is
    /// [`random_ply`](Game::random_ply).
    fn guided_ply<R: Rng + ?Sized>(&self, game: &G, rng: &mut R) -> Option<G::Ply> {
        game.random_ply(rng)
    }

    /// A cheap guess of how many plies (both sides) `game` still lasts
    /// from here, for a search that shares a game clock over the plies to
    /// come; `None` (the default) when the game has no better guess than
    /// its plies played and its [`length_cap`](Game::length_cap). A game
    /// that fills a board can answer its empty points, say. Only the time
    /// spent depends on it, never a rule.
    fn expected_remaining_plies(&self, _game: &G) -> Option<u32> {
        None
    }
}

/// Everything a search takes from a game's knowledge: [`Knowledge`] and
/// [`CellClaims`], on a type that is cheap to share between threads.
/// Implemented for every such type.
pub trait SearchKnowledge<G: Game>: Knowledge<G> + CellClaims<G> + Clone + Send + Sync + 'static {}

impl<G: Game, K: Knowledge<G> + CellClaims<G> + Clone + Send + Sync + 'static> SearchKnowledge<G> for K {}

/// The knowledge of a game that offers none: every default, for any game.
///
/// ```
/// use abstracta_core::claims::{CellClaims, Claims};
/// use abstracta_core::knowledge::NoKnowledge;
/// use abstracta_core::toy::TicTacToe;
/// assert_eq!(<NoKnowledge as CellClaims<TicTacToe>>::CLAIMS, Claims::None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoKnowledge;

impl<G: Game> Knowledge<G> for NoKnowledge {}

impl<G: Game> CellClaims<G> for NoKnowledge {}

/// Prior win rates of placements (for [`Knowledge::ply_priors`]) by where
/// they stand: on a point of one of the game's own `tiers` (tested in
/// order: a winning point, a save, a block), else next to the mover's own
/// stones, else next to any stone, else far from all.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacementPriors<const N: usize> {
    /// The priors of the game's own kinds of point, in the order tested.
    pub tiers: [f32; N],
    /// Next to a stone of the mover's.
    pub near_own: f32,
    /// Next to a stone of the opponent's only.
    pub near: f32,
    /// Next to no stone.
    pub far: f32,
}

impl<const N: usize> PlacementPriors<N> {
    /// The prior of a placement on a point that is of tier `k` where
    /// `in_tier[k]`, next to the mover's stones if `near_own`, next to
    /// any if `near`.
    #[inline]
    pub fn prior(&self, in_tier: [bool; N], near_own: bool, near: bool) -> f32 {
        for (holds, prior) in in_tier.into_iter().zip(self.tiers) {
            if holds {
                return prior;
            }
        }
        if near_own {
            self.near_own
        } else if near {
            self.near
        } else {
            self.far
        }
    }
}

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
/// A building block for [`Knowledge::forced_plies`] in games whose win is
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
    /// [`Knowledge::decisive_ply`] named a ply that is not legal.
    #[error("the decisive ply {0} is not legal")]
    IllegalDecisive(String),
    /// [`Knowledge::decisive_ply`] named a ply that does not win at once.
    #[error("the ply {0} is claimed to win at once but does not")]
    NotDecisive(String),
    /// [`Knowledge::forced_plies`] named a ply that is not legal.
    #[error("the forced ply {0} is not legal")]
    IllegalForced(String),
    /// [`Knowledge::forced_plies`] left out a ply that does not lose at once.
    #[error("the ply {0} was left out of the forced plies but does not lose at once")]
    NotForced(String),
    /// [`Knowledge::evaluate`] gave a value outside `[0, 1]`.
    #[error("the evaluation {0} is not a probability in [0, 1]")]
    BadEvaluation(f64),
    /// [`Knowledge::ply_priors`] gave a value outside `[0, 1]` for a ply.
    #[error("the prior {prior} of the ply {ply} is not a probability in [0, 1]")]
    BadPrior {
        /// The ply, in notation.
        ply: String,
        /// The prior it was given.
        prior: f32,
    },
    /// [`Knowledge::guided_ply`] gave an illegal ply, or none in an ongoing game
    /// (or one in a finished game).
    #[error("the guided ply {0} is wrong here")]
    BadGuided(String),
}

/// Checks what `knowledge` claims to know of `game` against `truth`,
/// another implementation of the same rules in the same position: a decisive ply
/// must win at once in `truth`; every legal ply of `truth` left out of the
/// forced plies must lose at once there, and every forced ply must be
/// legal; an evaluation and every prior of a legal ply must be a
/// probability; a guided ply (drawn
/// with a fixed seed) must be legal in `truth`.
pub fn check_claims<G: Game, K: Knowledge<G>, T: Game<Ply = G::Ply>>(
    game: &G,
    knowledge: &K,
    truth: &T,
) -> Result<(), ClaimError> {
    let mut legal = PlyBuf::new();
    truth.legal_plies(&mut legal);
    if let Some(ply) = knowledge.decisive_ply(game) {
        if !legal.contains(&ply) {
            return Err(ClaimError::IllegalDecisive(ply.to_string()));
        }
        if !wins_at_once(truth, ply) {
            return Err(ClaimError::NotDecisive(ply.to_string()));
        }
    }
    let mut forced = PlyBuf::new();
    if knowledge.forced_plies(game, &mut forced) {
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
        if let Some(value) = knowledge.evaluate(game) {
            if !(0.0..=1.0).contains(&value) {
                return Err(ClaimError::BadEvaluation(value));
            }
        }
    }
    let mut priors = vec![f32::NAN; legal.len()];
    if knowledge.ply_priors(game, &legal, &mut priors) {
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
    match knowledge.guided_ply(game, &mut rng) {
        Some(ply) if !legal.contains(&ply) => Err(ClaimError::BadGuided(ply.to_string())),
        None if !legal.is_empty() => Err(ClaimError::BadGuided("(none)".into())),
        _ => Ok(()),
    }
}

/// Plays guided plies (`knowledge`'s [`Knowledge::guided_ply`]) until the
/// game ends; returns the final status. The knowledge-guided counterpart of
/// [`random_playout`](crate::random_playout).
pub fn guided_playout<G: Game, K: Knowledge<G>, R: Rng + ?Sized>(
    game: &mut G,
    knowledge: &K,
    rng: &mut R,
) -> crate::Status {
    while let Some(ply) = knowledge.guided_ply(game, rng) {
        game.play_unchecked(ply);
    }
    game.status()
}
