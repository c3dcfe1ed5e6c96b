//! The game registry: from a spec's name to a concrete [`Game`] type.
//!
//! Code that works for every game is written once as a [`GameVisitor`],
//! generic over the game; [`with_game`] parses the spec, builds the options
//! and calls the visitor with the right type.

use abstracta_core::spec::{GameOptions, GameSpec};
use abstracta_core::toy::TicTacToe;
use abstracta_core::{Game, SpecError};

/// Something to do with a game, whatever its type.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Called with the game type chosen by the spec and its parsed options.
    fn visit<G: Game>(self, options: G::Options) -> Self::Output;
}

/// Calls `$m!(Type)` for every registered game: one line per game.
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
        fn visit<G: Game>(self, options: G::Options) -> String {
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
