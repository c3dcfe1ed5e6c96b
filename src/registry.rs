//! The game registry: from a spec's name to a concrete [`Game`] type, with
//! the knowledge its searches use and its action encoding
//! ([`RegisteredGame`]).
//!
//! Code that works for every game is written once as a [`GameVisitor`],
//! generic over the game; [`with_game`] parses the spec, builds the options
//! and calls the visitor with the right type (for the standard games).
//!
//! A [`Registry`] is the set of games as a value: [`Registry::standard`]
//! holds tic-tac-toe and the five games, [`Registry::with`] adds games of
//! your own, and it opens games by spec or record. [`open`](crate::open)
//! and [`open_record`](crate::open_record) use the standard registry; the
//! tournament runner, the analysis engine and the server take one.
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
use std::sync::{Arc, OnceLock};

use abstracta_core::actions::{Encoding, TicTacToeEncoding};
use abstracta_core::knowledge::SearchKnowledge;
use abstracta_core::spec::{GameOptions, GameSpec};
use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
use abstracta_core::{Game, GameRecord, Position, RecordError, SpecError};

use crate::AnyGame;

/// A game of the registry: its rules ([`Game`]), bundled with the
/// knowledge type its searches use and its integer action encoding.
/// Implemented for every registered game; a game of your own can
/// implement it too (with [`NoKnowledge`](abstracta_core::NoKnowledge)
/// and no encoding, say) to be played and searched through
/// [`AnyGame`].
pub trait RegisteredGame: Game {
    /// The knowledge searches of this game use (usually zero-sized).
    type Knowledge: SearchKnowledge<Self> + Default + fmt::Debug;

    /// The game's integer actions and observation tensor, if it offers
    /// them (see [`abstracta_core::actions`]); by default none, so a
    /// rules-only game registers with its knowledge type alone:
    ///
    /// ```ignore
    /// impl RegisteredGame for Hex {
    ///     type Knowledge = NoKnowledge;
    /// }
    /// ```
    fn encoding() -> Option<&'static dyn Encoding<Self>> {
        None
    }
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

/// The names of the standard registry's games, in registry order.
pub fn game_names() -> Vec<&'static str> {
    Registry::standard().names()
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

/// The canonical form of `spec` (name plus non-default options) in the
/// standard registry, or an error saying what is wrong with it.
pub fn canonical_spec(spec: &str) -> Result<String, SpecError> {
    Registry::standard().canonical_spec(spec)
}

/// One game of a [`Registry`]: its name and its functions, monomorphised
/// for its type.
#[derive(Clone, Copy)]
struct Entry {
    name: &'static str,
    open: fn(&GameSpec) -> Result<Box<dyn AnyGame>, SpecError>,
    open_record: fn(&GameRecord) -> Result<Box<dyn AnyGame>, RecordError>,
    canonical: fn(&GameSpec) -> Result<String, SpecError>,
}

impl Entry {
    fn of<G: RegisteredGame>() -> Entry {
        Entry {
            name: G::NAME,
            open: |spec| {
                let options = G::Options::from_pairs(&spec.pairs)?;
                Ok(Box::new(Position::<G>::new(options)))
            },
            open_record: |record| Ok(Box::new(Position::<G>::from_record(record)?)),
            canonical: |spec| Ok(G::Options::from_pairs(&spec.pairs)?.spec()),
        }
    }
}

/// The games a program knows, as a value: tic-tac-toe and the five games
/// ([`standard`](Registry::standard)) and any game of your own added with
/// [`with`](Registry::with). It opens games by spec and record, gives
/// canonical specs, and its errors list its games. Cheap to clone (shared).
///
/// ```
/// use abstracta::Registry;
/// let registry = Registry::standard();
/// assert_eq!(registry.names()[0], "tictactoe");
/// let game = registry.open("Escabel:size=7").unwrap();
/// assert_eq!(game.spec(), "escabel:size=7");
/// assert_eq!(registry.canonical_spec("swack").unwrap(), "swack");
/// let err = registry.open("hex").unwrap_err().to_string();
/// assert!(err.contains("epaminondas"), "{err}");
/// // A game of your own (here the toy game again, which replaces itself).
/// let more = registry.clone().with::<abstracta::toy::TicTacToe>();
/// assert_eq!(more.names(), registry.names());
/// ```
#[derive(Clone)]
pub struct Registry {
    entries: Arc<Vec<Entry>>,
}

impl Registry {
    /// Tic-tac-toe and the five games, in the order `arena bench` and
    /// listings use.
    pub fn standard() -> Registry {
        static STANDARD: OnceLock<Registry> = OnceLock::new();
        STANDARD
            .get_or_init(|| {
                let mut entries = Vec::new();
                macro_rules! push {
                    ($g:ty) => {
                        entries.push(Entry::of::<$g>());
                    };
                }
                for_each_game!(push);
                Registry {
                    entries: Arc::new(entries),
                }
            })
            .clone()
    }

    /// This registry with the game `G` too, after the others. A game of the
    /// same name as a registered one replaces it, in its place (a program
    /// may bring its own version of a standard game).
    pub fn with<G: RegisteredGame>(mut self) -> Registry {
        let entry = Entry::of::<G>();
        let entries = Arc::make_mut(&mut self.entries);
        match entries.iter_mut().find(|e| e.name == entry.name) {
            Some(e) => *e = entry,
            None => entries.push(entry),
        }
        self
    }

    /// The names of the registered games, in order.
    pub fn names(&self) -> Vec<&'static str> {
        self.entries.iter().map(|e| e.name).collect()
    }

    /// Whether a game of this name is registered.
    pub fn contains(&self, name: &str) -> bool {
        self.entries.iter().any(|e| e.name == name)
    }

    fn entry(&self, spec: &GameSpec) -> Result<&Entry, SpecError> {
        self.entries
            .iter()
            .find(|e| e.name == spec.name)
            .ok_or_else(|| SpecError::UnknownGame {
                name: spec.name.clone(),
                known: self.names().join(", "),
            })
    }

    /// The start position of the game `spec` names (`NAME[:key=value,...]`),
    /// as an [`AnyGame`]. The error says what is wrong with the spec and
    /// what is accepted (the registry's games, the game's keys or values).
    pub fn open(&self, spec: &str) -> Result<Box<dyn AnyGame>, SpecError> {
        let parsed: GameSpec = spec.parse()?;
        (self.entry(&parsed)?.open)(&parsed)
    }

    /// The game a [`GameRecord`] describes: its spec opened, then its plies
    /// played. The error is the bad spec, or the first ply (1-based) that
    /// cannot be read or played.
    pub fn open_record(&self, record: &GameRecord) -> Result<Box<dyn AnyGame>, RecordError> {
        let parsed: GameSpec = record.spec.parse()?;
        (self.entry(&parsed)?.open_record)(record)
    }

    /// The canonical form of `spec` (name plus non-default options), or an
    /// error saying what is wrong with it.
    pub fn canonical_spec(&self, spec: &str) -> Result<String, SpecError> {
        let parsed: GameSpec = spec.parse()?;
        (self.entry(&parsed)?.canonical)(&parsed)
    }
}

impl Default for Registry {
    /// The standard registry.
    fn default() -> Registry {
        Registry::standard()
    }
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Registry").field(&self.names()).finish()
    }
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
