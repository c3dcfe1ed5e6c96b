//! What a game knows about claims: which cell a ply claims for its mover,
//! and who holds a cell now. A search that shares statistics between plies
//! claiming the same cell (all-moves-as-first, RAVE) reads these; the rules
//! do not need them.
//!
//! A game offers them by implementing [`CellClaims`] on a knowledge type of
//! its own (usually zero-sized, the same type that implements
//! [`Knowledge`](crate::knowledge::Knowledge)), not on the game type:
//!
//! ```
//! use abstracta_core::claims::{CellClaims, Claims};
//! use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
//! use abstracta_core::Game;
//! let game = TicTacToe::new(Default::default());
//! let k = TicTacToeKnowledge;
//! assert_eq!(<TicTacToeKnowledge as CellClaims<TicTacToe>>::CLAIMS, Claims::Lasting);
//! assert_eq!(k.claimed_cell(&game, "b2".parse().unwrap()), Some(4));
//! assert_eq!(k.claimable_cells(&game), 9);
//! ```

use crate::game::Game;
use crate::side::Seat;

/// What a game knows about claims, implemented on a knowledge type `Self`
/// for game `G`. Every default claims nothing and costs nothing.
pub trait CellClaims<G: Game> {
    /// Whether plies claim cells, and whether a claim lasts; see
    /// [`claimed_cell`](CellClaims::claimed_cell).
    const CLAIMS: Claims = Claims::None;

    /// The cell `ply` claims for the seat that plays it in `game`, as a
    /// dense index below [`claimable_cells`](CellClaims::claimable_cells),
    /// or `None` if it claims none. Two different legal plies of one
    /// position claim different cells. Used only when
    /// [`CLAIMS`](CellClaims::CLAIMS) is not [`Claims::None`].
    fn claimed_cell(&self, _game: &G, _ply: G::Ply) -> Option<usize> {
        None
    }

    /// Plays the legal `ply` in `game` as
    /// [`play_unchecked`](Game::play_unchecked) does and returns the cell
    /// it claims, as [`claimed_cell`](CellClaims::claimed_cell) says before
    /// the ply: one call for searches that record the claim of every
    /// playout ply. A game whose play finds the claim on its way (the
    /// squares, a height) overrides it to skip the second lookup.
    fn play_claiming(&self, game: &mut G, ply: G::Ply) -> Option<usize> {
        let cell = self.claimed_cell(game, ply);
        game.play_unchecked(ply);
        cell
    }

    /// The number of distinct [`claimed_cell`](CellClaims::claimed_cell)
    /// values in `game`.
    fn claimable_cells(&self, _game: &G) -> usize {
        0
    }

    /// The seat that holds `cell` in `game`, or `None` if no seat does.
    /// Meaningful when [`CLAIMS`](CellClaims::CLAIMS) is
    /// [`Claims::Revocable`]: a claim then counts only if its seat still
    /// holds the cell at the end of a game.
    fn cell_holder(&self, _game: &G, _cell: usize) -> Option<Seat> {
        None
    }

    /// Clears in `cells` (a bitset over claimable cells, bit `i % 64` of
    /// word `i / 64`) every cell that `seat` does not hold in `game`, as
    /// [`cell_holder`](CellClaims::cell_holder) says. The default asks cell
    /// by cell; a game whose cells line up with its bitboards can mask
    /// whole words instead.
    fn retain_held_cells(&self, game: &G, seat: Seat, cells: &mut [u64]) {
        for (w, word) in cells.iter_mut().enumerate() {
            let mut bits = *word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.cell_holder(game, w * 64 + b) != Some(seat) {
                    *word &= !(1 << b);
                }
            }
        }
    }
}

/// Whether a game's plies claim cells, and whether a claim lasts.
///
/// A *claim* is what a placement does: the ply puts the mover's mark on one
/// cell ([`CellClaims::claimed_cell`]). In games where claims matter whatever the
/// order they were made in, a search can learn from every ply of a playout
/// at once (all-moves-as-first statistics).
///
/// ```
/// use abstracta_core::claims::{CellClaims, Claims};
/// use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
/// assert_eq!(<TicTacToeKnowledge as CellClaims<TicTacToe>>::CLAIMS, Claims::Lasting);
/// assert!(Claims::Revocable.any());
/// assert!(!Claims::None.any());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claims {
    /// Plies claim nothing a search could compare (they move or capture).
    None,
    /// A claimed cell stays its claimant's for the rest of the game.
    Lasting,
    /// A claim can be taken away later (an Ecalper stone can be replaced):
    /// [`CellClaims::cell_holder`] says who holds a cell now. A seat comes to
    /// hold a cell only by a ply of its own that claims it, and no legal
    /// ply claims a cell its mover holds already, so the cells a seat holds
    /// at the end of a game are the ones it claimed and kept (searches
    /// rely on this).
    Revocable,
}

impl Claims {
    /// Whether plies claim cells at all.
    pub const fn any(self) -> bool {
        !matches!(self, Claims::None)
    }
}
