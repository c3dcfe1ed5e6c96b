//! [`PlyKnowledge`]: the part of a game's knowledge the `puct` family
//! uses beside its evaluator (wins in one and forced replies), as an
//! object a search can hold without a type parameter.

use abstracta_core::knowledge::Knowledge;
use abstracta_core::{Game, PlyBuf};

use crate::evaluator::policy_from_win_rates;

/// What the `puct` search asks of a game's knowledge: its decisive plies
/// (a ply that wins at once) and its forced replies (when every other ply
/// loses at once), as [`Knowledge::decisive_ply`] and
/// [`Knowledge::forced_plies`] define them. Implemented for every
/// [`Knowledge`] type that can be shared between threads; it exists
/// because [`Knowledge`] itself cannot be a trait object.
///
/// ```
/// use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
/// use abstracta_core::{Game, PlyBuf};
/// use learn::PlyKnowledge;
/// let mut game = TicTacToe::new(Default::default());
/// game.play_list("a1 b1 a2").unwrap();
/// let knowledge: &dyn PlyKnowledge<TicTacToe> = &TicTacToeKnowledge;
/// let mut forced = PlyBuf::new();
/// assert!(knowledge.forced_replies(&game, &mut forced));
/// assert_eq!(forced.iter().map(|p| p.to_string()).collect::<Vec<_>>(), ["a3"]);
/// ```
pub trait PlyKnowledge<G: Game>: Send + Sync {
    /// A ply that wins at once for the seat to move, if the game knows one.
    fn winning_ply(&self, game: &G) -> Option<G::Ply>;

    /// When every ply but those written into `out` loses at once, `true`
    /// (`out` may then be empty: every ply loses); `false` when the game
    /// sees no such threat.
    fn forced_replies(&self, game: &G, out: &mut PlyBuf<G::Ply>) -> bool;

    /// The game's evaluation of an ongoing position for the seat to move
    /// on the `[-1, 1]` scale of a value (as [`KnowledgeEvaluator`]
    /// gives it), if the game has one.
    ///
    /// [`KnowledgeEvaluator`]: crate::KnowledgeEvaluator
    fn value(&self, game: &G) -> Option<f32>;

    /// The game's policy over `plies` (its prior win rates as odds,
    /// normalised, as [`KnowledgeEvaluator`] gives it) written into
    /// `out`, or `false` when the game has no priors.
    ///
    /// [`KnowledgeEvaluator`]: crate::KnowledgeEvaluator
    fn policy(&self, game: &G, plies: &[G::Ply], out: &mut Vec<f32>) -> bool;
}

impl<G: Game, K: Knowledge<G> + Send + Sync> PlyKnowledge<G> for K {
    fn winning_ply(&self, game: &G) -> Option<G::Ply> {
        self.decisive_ply(game)
    }

    fn forced_replies(&self, game: &G, out: &mut PlyBuf<G::Ply>) -> bool {
        self.forced_plies(game, out)
    }

    fn value(&self, game: &G) -> Option<f32> {
        self.evaluate_score(game)
            .map(|score| (score as f32 / 2000.0).tanh())
    }

    fn policy(&self, game: &G, plies: &[G::Ply], out: &mut Vec<f32>) -> bool {
        let mut priors = vec![0.5; plies.len()];
        if !self.ply_priors(game, plies, &mut priors) {
            return false;
        }
        *out = policy_from_win_rates(&priors);
        true
    }
}
