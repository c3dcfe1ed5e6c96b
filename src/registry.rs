//! The game registry: from a spec's name to a concrete [`Game`] type, with
//! the knowledge its searches use and its action encoding
//! ([`RegisteredGame`]).
//!
//! Code that works for every game is written once as a [`GameVisitor`],
//! generic over the game; [`with_game`] parses the spec, builds the options
//! and calls the visitor with the right type.
//!
//! ```
//! use abstracta::escabel::{Escabel, EscabelKnowledge};
//! use abstracta::registry::{canonical_spec, RegisteredGame};
//! // Searches of Escabel use its knowledge; it has an action encoding.
//! let _: <Escabel as RegisteredGame>::Knowledge = EscabelKnowledge;
//! assert!(Escabel::encoding().is_some());
//! assert_eq!(canonical_spec("Escabel:size=7").unwrap(), "escabel:size=7");
//! ```

use std::fmt;

use abstracta_core::actions::{Encoding, TicTacToeEncoding};
use abstracta_core::knowledge::SearchKnowledge;
use abstracta_core::spec::{GameOptions, GameSpec};
use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
use abstracta_core::{Game, SpecError};

/// A game of the registry: its rules ([`Game`]), bundled with the
/// knowledge type its searches use and its integer action encoding.
/// Implemented for every registered game; a game of your own can
/// implement it too (with [`NoKnowledge`](abstracta_core::NoKnowledge)
/// and no encoding, say) to be played and searched through
/// [`AnyGame`](crate::AnyGame).
pub trait RegisteredGame: Game {
    /// The knowledge searches of this game use (usually zero-sized).
    type Knowledge: SearchKnowledge<Self> + Default + fmt::Debug;

    /// The game's integer actions and observation tensor, if it offers
    /// them (see [`abstracta_core::actions`]).
    fn encoding() -> Option<&'static dyn Encoding<Self>>;
}

/// Something to do with a game, whatever its type.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Called with the game type chosen by the spec and its parsed options.
    fn visit<G: RegisteredGame>(self, options: G::Options) -> Self::Output;
}

/// Calls `$m!(Type)` for every registered game: one line per game (the
/// game, its knowledge and its encoding in [`registered!`]).
macro_rules! for_each_game {
    ($m:ident) => {
        // Registered games, in the order `arena bench` and listings use.
        // GAME-REGISTRY-START
        $m!(TicTacToe);
        $m!(swack::Swack);
        $m!(escabel::Escabel);
        $m!(ecalper::Ecalper);
        $m!(whirlwind::Whirlwind);
        $m!(epaminondas::Epaminondas);
        // GAME-REGISTRY-END
    };
}

/// Bundles a game with its knowledge and encoding.
macro_rules! registered {
    ($($game:ty => $knowledge:ty, $encoding:expr;)+) => {
        $(
            impl RegisteredGame for $game {
                type Knowledge = $knowledge;
                fn encoding() -> Option<&'static dyn Encoding<Self>> {
                    Some(&$encoding)
                }
            }
        )+
    };
}

registered! {
    TicTacToe => TicTacToeKnowledge, TicTacToeEncoding;
    swack::Swack => swack::SwackKnowledge, swack::SwackEncoding;
    escabel::Escabel => escabel::EscabelKnowledge, escabel::EscabelEncoding;
    ecalper::Ecalper => ecalper::EcalperKnowledge, ecalper::EcalperEncoding;
    whirlwind::Whirlwind => whirlwind::WhirlwindKnowledge, whirlwind::WhirlwindEncoding;
    epaminondas::Epaminondas => epaminondas::EpaminondasKnowledge, epaminondas::EpaminondasEncoding;
}

/// The names of the registered games, in registry order.
pub fn game_names() -> Vec<&'static str> {
    let mut names = Vec::new();
    macro_rules! push {
        ($g:ty) => {
            names.push(<$g as Game>::NAME);
        };
    }
    for_each_game!(push);
    names
}

/// The five games of the collection (without the toy game), in registry
/// order: the default set for benchmarks.
pub fn main_game_names() -> Vec<&'static str> {
    game_names()
        .into_iter()
        .filter(|n| *n != TicTacToe::NAME)
        .collect()
}

/// Parses `spec` and calls `visitor` with the game it names.
///
/// Errors name the accepted games, keys or values.
pub fn with_game<V: GameVisitor>(spec: &str, visitor: V) -> Result<V::Output, SpecError> {
    let parsed: GameSpec = spec.parse()?;
    macro_rules! try_game {
        ($g:ty) => {
            if parsed.name == <$g as Game>::NAME {
                let options = <<$g as Game>::Options as GameOptions>::from_pairs(&parsed.pairs)?;
                return Ok(visitor.visit::<$g>(options));
            }
        };
    }
    for_each_game!(try_game);
    Err(SpecError::UnknownGame {
        name: parsed.name,
        known: game_names().join(", "),
    })
}

/// The canonical form of `spec` (name plus non-default options), or an
/// error saying what is wrong with it.
pub fn canonical_spec(spec: &str) -> Result<String, SpecError> {
    struct Canonical;
    impl GameVisitor for Canonical {
        type Output = String;
        fn visit<G: RegisteredGame>(self, options: G::Options) -> String {
            options.spec()
        }
    }
    with_game(spec, Canonical)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_round_trips_its_default_spec() {
        for name in game_names() {
            assert_eq!(canonical_spec(name).unwrap(), name);
        }
    }

    #[test]
    fn unknown_games_list_the_known_ones() {
        let err = canonical_spec("chess").unwrap_err().to_string();
        for name in game_names() {
            assert!(err.contains(name), "{err}");
        }
    }
}
