//! Error types shared by every game.

use thiserror::Error;

use crate::side::Status;

/// A ply that could not be read: what was given and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read ply {input:?}: expected {expected}")]
pub struct ParsePlyError {
    /// The text that failed to parse (an [`excerpt`] of a long one).
    pub input: String,
    /// A description of the accepted forms.
    pub expected: String,
}

/// The most characters of a user's text an error message repeats; see
/// [`excerpt`].
pub const MAX_ECHOED_CHARS: usize = 80;

/// `text` as an error message may repeat it: whole when it has at most
/// [`MAX_ECHOED_CHARS`] characters, else its start, `...` and its length,
/// so that a runaway input (a 200 MB "ply") is never echoed back whole.
///
/// ```
/// use abstracta_core::error::excerpt;
/// assert_eq!(excerpt("c3"), "c3");
/// let long = "x".repeat(1000);
/// assert_eq!(excerpt(&long), format!("{}... (1000 bytes)", "x".repeat(80)));
/// ```
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(MAX_ECHOED_CHARS) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}... ({} bytes)", &text[..cut], text.len()),
    }
}

/// A user's text as an error message shows it: `{}` writes its
/// [`excerpt`], `{:?}` the excerpt quoted. For `#[error(...)]` formats,
/// which cannot call [`excerpt`] themselves.
///
/// ```
/// use abstracta_core::error::Excerpt;
/// assert_eq!(format!("{:?}", Excerpt("b2")), "\"b2\"");
/// assert!(format!("{}", Excerpt(&"z".repeat(500))).ends_with("... (500 bytes)"));
/// ```
#[derive(Clone, Copy)]
pub struct Excerpt<'a>(pub &'a str);

impl std::fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&excerpt(self.0))
    }
}

impl std::fmt::Debug for Excerpt<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", excerpt(self.0))
    }
}

impl ParsePlyError {
    /// A parse error for `input` (kept as an [`excerpt`]), naming what
    /// would have been accepted.
    pub fn new(input: &str, expected: impl Into<String>) -> ParsePlyError {
        ParsePlyError {
            input: excerpt(input),
            expected: expected.into(),
        }
    }
}

/// Why a checked [`crate::Game::play`] refused a ply.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game is already over; nothing can be played.
    #[error("the game is over ({status}); no ply can be played")]
    GameOver {
        /// The final status.
        status: Status,
    },
    /// The ply is well formed but not legal here.
    #[error("illegal ply {ply}: {reason}")]
    Illegal {
        /// The ply, in notation.
        ply: String,
        /// Why it is illegal (or a list of what is legal).
        reason: String,
    },
    /// The ply text could not be read.
    #[error(transparent)]
    Parse(#[from] ParsePlyError),
}

/// A failure while playing a list of plies: which one (1-based) and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("ply {index} ({text:?}) of the move list: {error}")]
pub struct PlyListError {
    /// 1-based position of the failing ply in the list.
    pub index: usize,
    /// The text of the failing ply (an [`excerpt`] of a long one).
    pub text: String,
    /// What went wrong.
    pub error: PlayError,
}

/// A game spec (`NAME[:key=value,...]`) that could not be used; its syntax
/// errors also serve the engine specs, which share the shape.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    /// The spec's shape is wrong (empty, missing `=`, ...).
    #[error("bad spec {:?}: {reason}", Excerpt(.spec))]
    Syntax {
        /// The spec text.
        spec: String,
        /// What is wrong.
        reason: String,
    },
    /// No game has this name.
    #[error("unknown game {:?}; known games: {known}", Excerpt(.name))]
    UnknownGame {
        /// The name given.
        name: String,
        /// The accepted names, comma separated.
        known: String,
    },
    /// The game has no such option.
    #[error("{game} has no option {:?}; options are: {accepted}", Excerpt(.key))]
    UnknownKey {
        /// The game name.
        game: String,
        /// The key given.
        key: String,
        /// The accepted keys.
        accepted: String,
    },
    /// The option was given twice.
    #[error("option {:?} is given more than once", Excerpt(.key))]
    DuplicateKey {
        /// The repeated key.
        key: String,
    },
    /// The option's value is not accepted.
    #[error("bad value {:?} for {game} option {:?}: expected {expected}", Excerpt(.value), Excerpt(.key))]
    BadValue {
        /// The game name.
        game: String,
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What is accepted.
        expected: String,
    },
    /// Options that are each fine but do not go together.
    #[error("{game}: {reason}")]
    Conflict {
        /// The game name.
        game: String,
        /// What conflicts.
        reason: String,
    },
}
