//! The turn bookkeeping every plainly written game keeps: the colour to
//! move, whether the pie-rule swap was played, how many plies have been
//! played and which was the last. The reference implementations, the toy
//! game and the custom-game example hold one [`Turn`] and answer the
//! matching [`Game`](crate::Game) methods from it with [`turn_methods!`](crate::turn_methods).
//!
//! ```
//! use abstracta_core::{Colour, Turn};
//! let mut turn = Turn::start(Colour::Black);
//! turn.pass_after('a');
//! assert_eq!((turn.to_move(), turn.plies(), turn.last()), (Colour::White, 1, Some('a')));
//! turn.swap();
//! turn.record('s');
//! assert_eq!((turn.to_move(), turn.swapped(), turn.plies()), (Colour::White, true, 2));
//! ```

use crate::side::Colour;

/// Whose turn it is and what has been played so far (see the [module
/// docs](self)). `P` is the game's ply type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn<P> {
    to_move: Colour,
    swapped: bool,
    plies: u32,
    last: Option<P>,
}

impl<P: Copy> Turn<P> {
    /// The start of a game: `first` to move, no swap, no ply played.
    pub const fn start(first: Colour) -> Self {
        Turn {
            to_move: first,
            swapped: false,
            plies: 0,
            last: None,
        }
    }

    /// The colour to move.
    pub const fn to_move(&self) -> Colour {
        self.to_move
    }

    /// Whether the pie-rule swap has been played.
    pub const fn swapped(&self) -> bool {
        self.swapped
    }

    /// The number of plies played.
    pub const fn plies(&self) -> u32 {
        self.plies
    }

    /// The last ply played, if any.
    pub const fn last(&self) -> Option<P> {
        self.last
    }

    /// Counts `ply` as played and remembers it as the last ply; the colour
    /// to move stays (for a ply that does not end the turn, or a swap).
    pub fn record(&mut self, ply: P) {
        self.plies += 1;
        self.last = Some(ply);
    }

    /// Passes the move to the other colour.
    pub fn pass(&mut self) {
        self.to_move = self.to_move.opponent();
    }

    /// [`record`](Self::record)s `ply`, then [`pass`](Self::pass)es the
    /// move: a ply that ends the turn.
    pub fn pass_after(&mut self, ply: P) {
        self.record(ply);
        self.pass();
    }

    /// Notes that the pie-rule swap was played (the colour to move stays:
    /// the seats trade colours instead).
    pub fn swap(&mut self) {
        self.swapped = true;
    }

    /// Puts `colour` to move, as a position set up from cells asks.
    pub fn set_to_move(&mut self, colour: Colour) {
        self.to_move = colour;
    }
}

/// Implements the [`Game`](crate::Game) methods `to_move_colour`,
/// `swapped`, `plies_played` and `last_ply` from a [`Turn`] field of the
/// game (`self.turn` unless named), inside `impl Game for ...`.
///
/// ```
/// # use abstracta_core::{toy::TicTacToe, Game};
/// // `TicTacToe` holds a `Turn` and invokes `abstracta_core::turn_methods!();`.
/// let game = TicTacToe::new(Default::default());
/// assert_eq!((game.plies_played(), game.last_ply()), (0, None));
/// ```
#[macro_export]
macro_rules! turn_methods {
    () => {
        $crate::turn_methods!(turn);
    };
    ($field:ident) => {
        fn to_move_colour(&self) -> $crate::Colour {
            self.$field.to_move()
        }

        fn swapped(&self) -> bool {
            self.$field.swapped()
        }

        fn plies_played(&self) -> u32 {
            self.$field.plies()
        }

        fn last_ply(&self) -> Option<Self::Ply> {
            self.$field.last()
        }
    };
}
