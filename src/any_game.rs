//! [`AnyGame`]: a game chosen at run time, played by text.

use std::any::Any;
use std::fmt;

use abstracta_core::actions::ActionError;
use abstracta_core::{
    Colour, GameOptions, GameRecord, PlayError, PlyBuf, PlyListError, Position, RecordError, Seat, SpecError,
    Status,
};

use crate::any_search::{AnySearch, SearchAdapter};
use crate::player::{EngineError, EngineSpec};
use crate::registry::{RegisteredGame, Registry};

/// A game whose type is chosen at run time, played by text: legal plies,
/// play and undo in notation, the status with seat and colour, the board,
/// the hash, the canonical spec and the record. Object safe; [`open`] makes
/// one from a spec, and every `Position<G>` is one (downcast back with
/// [`as_any`](AnyGame::as_any)).
///
/// Nothing here panics on bad input: plies that cannot be read or played
/// are [`PlayError`] values, and the position is then unchanged.
///
/// ```
/// let mut game = abstracta::open("tictactoe").unwrap();
/// assert_eq!(game.legal_plies().len(), 9);
/// assert_eq!(game.play("B2").unwrap(), "b2");
/// assert!(game.play("b2").is_err());
/// assert!(game.play("zz").is_err());
/// assert_eq!(game.history(), ["b2"]);
/// assert_eq!(game.undo().as_deref(), Some("b2"));
/// assert_eq!(game.plies_played(), 0);
/// ```
pub trait AnyGame: Send + Sync + fmt::Debug + fmt::Display {
    /// The game's name (`escabel`, ...).
    fn name(&self) -> &'static str;
    /// The canonical spec: the name and the options that differ from the
    /// defaults.
    fn spec(&self) -> String;
    /// The legal plies now, in notation (none once the game is over).
    fn legal_plies(&self) -> Vec<String>;
    /// Whether `ply` reads as a ply and is legal now.
    fn is_legal(&self, ply: &str) -> bool;
    /// Plays `ply` if it reads and is legal; returns its canonical text.
    fn play(&mut self, ply: &str) -> Result<String, PlayError>;
    /// Plays plies separated by spaces or commas, stopping at the first bad
    /// one (the plies before it stay played).
    fn play_list(&mut self, plies: &str) -> Result<(), PlyListError>;
    /// Takes back the last ply and returns it; `None` at the start.
    fn undo(&mut self) -> Option<String>;
    /// The plies played from the start, in notation.
    fn history(&self) -> Vec<String>;
    /// Ongoing, or finished with an outcome.
    fn status(&self) -> Status;
    /// The seat to move and the colour it plays; `None` once the game is
    /// over.
    fn to_move(&self) -> Option<(Seat, Colour)>;
    /// Plies played since the start position (including swaps).
    fn plies_played(&self) -> u32;
    /// The board as text (as `Display` prints it).
    fn render(&self) -> String;
    /// What the side playing `colour` aims for, in words
    /// ([`Game::goal`](abstracta_core::Game::goal)), if the game says.
    fn goal(&self, colour: Colour) -> Option<String>;
    /// The board size (the `size` option, also when the spec leaves it at
    /// its default); `None` for a game of one board.
    fn board_size(&self) -> Option<u8>;
    /// The effective length cap in plies (the game is a draw there), if
    /// any.
    fn length_cap(&self) -> Option<u32>;
    /// The position's 64-bit Zobrist hash.
    fn hash(&self) -> u64;
    /// A copy, boxed (`Box<dyn AnyGame>` is `Clone` through it).
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// The spec and the plies played: [`open_record`] reads it back.
    fn record(&self) -> GameRecord;
    /// The concrete game, to downcast to `Position<G>`.
    fn as_any(&self) -> &dyn Any;
    /// The concrete game, mutably, to downcast to `Position<G>`.
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// Goes back to the start position, forgetting the history.
    fn restart(&mut self);
    // Integer actions and observation tensors (the game's
    // `abstracta_core::actions::Encoding`), for learning code.

    /// The number of distinct action ids for this game's options, or
    /// `None` if the game has no integer action space.
    fn num_distinct_actions(&self) -> Option<usize>;
    /// The ids of the legal plies, in increasing order (none once the game
    /// is over).
    fn legal_actions(&self) -> Result<Vec<usize>, ActionError>;
    /// The id of the ply `ply` names (legal now or not).
    fn action_of(&self, ply: &str) -> Result<usize, ActionError>;
    /// The ply, in notation, that `action` names (legal now or not).
    fn ply_of(&self, action: usize) -> Result<String, ActionError>;
    /// Plays the ply `action` names if it is legal; otherwise the position
    /// is unchanged.
    fn play_action(&mut self, action: usize) -> Result<(), ActionError>;
    /// The observation tensor's shape `[planes, rows, cols]`, or `None`.
    fn observation_shape(&self) -> Option<[usize; 3]>;
    /// Writes the observation tensor (row major, plane by plane) into
    /// `out`.
    fn observe(&self, out: &mut Vec<f32>) -> Result<(), ActionError>;
    /// A search of any family for this game's type, from the engine spec
    /// `engine` (`random`, `mcts:...`; see [`families`](crate::families)),
    /// its randomness derived from `seed` (0 keeps the spec's own seed).
    /// `cmd:` is [`EngineError::External`] (external engines are run by
    /// the protocol crate's client).
    fn searcher(&self, engine: &EngineSpec, seed: u64) -> Result<Box<dyn AnySearch>, EngineError>;
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Box<dyn AnyGame> {
        self.clone_box()
    }
}

impl<G: RegisteredGame> AnyGame for Position<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn spec(&self) -> String {
        self.game().options().spec()
    }

    fn legal_plies(&self) -> Vec<String> {
        let mut plies = PlyBuf::new();
        self.game().legal_plies(&mut plies);
        plies.iter().map(ToString::to_string).collect()
    }

    fn is_legal(&self, ply: &str) -> bool {
        ply.trim()
            .parse::<G::Ply>()
            .is_ok_and(|p| self.game().status().is_ongoing() && self.game().is_legal(p))
    }

    fn play(&mut self, ply: &str) -> Result<String, PlayError> {
        self.play_str(ply).map(|p| p.to_string())
    }

    fn play_list(&mut self, plies: &str) -> Result<(), PlyListError> {
        Position::play_list(self, plies)
    }

    fn undo(&mut self) -> Option<String> {
        Position::undo(self).map(|p| p.to_string())
    }

    fn history(&self) -> Vec<String> {
        Position::history(self).iter().map(ToString::to_string).collect()
    }

    fn status(&self) -> Status {
        self.game().status()
    }

    fn to_move(&self) -> Option<(Seat, Colour)> {
        let game = self.game();
        game.status()
            .is_ongoing()
            .then(|| (game.to_move_seat(), game.to_move_colour()))
    }

    fn plies_played(&self) -> u32 {
        self.game().plies_played()
    }

    fn render(&self) -> String {
        self.game().to_string()
    }

    fn goal(&self, colour: Colour) -> Option<String> {
        self.game().goal(colour)
    }

    fn board_size(&self) -> Option<u8> {
        self.game().options().board_size()
    }

    fn length_cap(&self) -> Option<u32> {
        self.game().length_cap()
    }

    fn hash(&self) -> u64 {
        self.game().hash()
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn record(&self) -> GameRecord {
        Position::record(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn restart(&mut self) {
        Position::restart(self)
    }

    fn num_distinct_actions(&self) -> Option<usize> {
        let game = self.game();
        G::encoding().map(|e| e.num_distinct_actions(game))
    }

    fn legal_actions(&self) -> Result<Vec<usize>, ActionError> {
        let game = self.game();
        let encoding = encoding_of(game)?;
        let mut plies = PlyBuf::new();
        game.legal_plies(&mut plies);
        let mut ids = Vec::with_capacity(plies.len());
        for &ply in &plies {
            ids.push(encoding.action_of(game, ply).ok_or_else(|| ActionError::NoId {
                ply: ply.to_string(),
                spec: self.spec(),
            })?);
        }
        ids.sort_unstable();
        Ok(ids)
    }

    fn action_of(&self, ply: &str) -> Result<usize, ActionError> {
        let game = self.game();
        let parsed: G::Ply = ply.trim().parse().map_err(PlayError::from)?;
        encoding_of(game)?
            .action_of(game, parsed)
            .ok_or_else(|| ActionError::NoId {
                ply: parsed.to_string(),
                spec: self.spec(),
            })
    }

    fn ply_of(&self, action: usize) -> Result<String, ActionError> {
        decode(self.game(), action).map(|p| p.to_string())
    }

    fn play_action(&mut self, action: usize) -> Result<(), ActionError> {
        let ply = decode(self.game(), action)?;
        Ok(Position::play(self, ply)?)
    }

    fn observation_shape(&self) -> Option<[usize; 3]> {
        let game = self.game();
        G::encoding().map(|e| e.observation_shape(game))
    }

    fn observe(&self, out: &mut Vec<f32>) -> Result<(), ActionError> {
        let game = self.game();
        encoding_of(game)?.observe(game, out);
        Ok(())
    }

    fn searcher(&self, engine: &EngineSpec, seed: u64) -> Result<Box<dyn AnySearch>, EngineError> {
        // Built for this position, so that a network of another board
        // size is refused here rather than at its first search.
        let search = crate::families::build_at::<G>(engine, seed, self.game())?;
        Ok(Box::new(SearchAdapter::<G>::new(search)))
    }
}

fn encoding_of<G: RegisteredGame>(
    _game: &G,
) -> Result<&'static dyn abstracta_core::actions::Encoding<G>, ActionError> {
    G::encoding().ok_or(ActionError::NoEncoding { game: G::NAME })
}

fn decode<G: RegisteredGame>(game: &G, action: usize) -> Result<G::Ply, ActionError> {
    let encoding = encoding_of(game)?;
    let count = encoding.num_distinct_actions(game);
    (action < count)
        .then(|| encoding.ply_of(game, action))
        .flatten()
        .ok_or_else(|| ActionError::Unknown {
            action,
            count,
            spec: game.options().spec(),
        })
}

/// The start position of the game `spec` names in the standard
/// [`Registry`] (`NAME[:key=value,...]`,
/// e.g. `escabel:size=9`), as an [`AnyGame`]. The error says what is wrong
/// with the spec and what is accepted.
///
/// ```
/// let game = abstracta::open("Escabel:size=7").unwrap();
/// assert_eq!((game.name(), game.spec()), ("escabel", "escabel:size=7".to_owned()));
/// assert!(abstracta::open("chess").is_err());
/// assert!(abstracta::open("escabel:size=40").is_err());
/// ```
pub fn open(spec: &str) -> Result<Box<dyn AnyGame>, SpecError> {
    Registry::standard().open(spec)
}

/// The game a [`GameRecord`] describes (in the standard [`Registry`]): its
/// spec opened, then its plies played. The error is the bad spec, or the first ply (1-based) that
/// cannot be read or played.
///
/// ```
/// use abstracta::{open_record, GameRecord, RecordError};
/// let game = open_record(&GameRecord::new("tictactoe", ["b2", "a1"])).unwrap();
/// assert_eq!(game.plies_played(), 2);
/// let bad = open_record(&GameRecord::new("tictactoe", ["b2", "b2"])).unwrap_err();
/// assert!(matches!(bad, RecordError::Ply(ref e) if e.index == 2));
/// ```
pub fn open_record(record: &GameRecord) -> Result<Box<dyn AnyGame>, RecordError> {
    Registry::standard().open_record(record)
}
