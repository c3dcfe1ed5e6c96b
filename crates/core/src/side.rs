//! Seats, colours and game outcomes.

use std::fmt;

/// One of the two colours of a game's pieces.
///
/// Every game in the collection has Black and White sides; which colour moves
/// first is a property of the game ([`crate::Game::FIRST_COLOUR`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Colour {
    /// The black side.
    Black,
    /// The white side.
    White,
}

impl Colour {
    /// Both colours, Black first.
    pub const ALL: [Colour; 2] = [Colour::Black, Colour::White];

    /// The other colour.
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for Black, 1 for White: handy for indexing per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case name, as printed by `arena status`.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A colour name that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read colour {input:?}: expected black or white (or b, w)")]
pub struct ParseColourError {
    /// The text given.
    pub input: String,
}

/// Reads `black`/`white` or `b`/`w`, in any case, so that
/// [`Cells<Colour>`](crate::Cells) diagrams such as `"b . w"` read.
///
/// ```
/// use abstracta_core::Colour;
/// assert_eq!("W".parse::<Colour>().unwrap(), Colour::White);
/// assert_eq!("black".parse::<Colour>().unwrap(), Colour::Black);
/// assert!("x".parse::<Colour>().is_err());
/// ```
impl std::str::FromStr for Colour {
    type Err = ParseColourError;

    fn from_str(text: &str) -> Result<Colour, ParseColourError> {
        match text.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Colour::Black),
            "w" | "white" => Ok(Colour::White),
            _ => Err(ParseColourError {
                input: text.to_owned(),
            }),
        }
    }
}

/// One of the two players, independent of the colour they currently own.
///
/// The first seat is the player who makes the game's first ply. After a pie
/// rule swap the seats keep alternating but own the other colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Seat {
    /// The player who moves first.
    First,
    /// The player who moves second.
    Second,
}

impl Seat {
    /// Both seats, first seat first.
    pub const ALL: [Seat; 2] = [Seat::First, Seat::Second];

    /// The other seat.
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 0 for the first seat, 1 for the second.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case name (`first` or `second`).
    pub const fn name(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Who won a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Outcome {
    /// One side won: the colour it owned at the end and its seat.
    Win {
        /// The winning colour.
        colour: Colour,
        /// The winning seat (differs from the colour's starting seat after a swap).
        seat: Seat,
    },
    /// Neither side won.
    Draw,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Termination {
    /// The game's own rules ended it.
    Rules,
    /// The length cap was reached; the result is an adjudicated draw.
    LengthCap,
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Termination::Rules => "rules",
            Termination::LengthCap => "length cap",
        })
    }
}

/// The state of a game: still going, or finished with an outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Status {
    /// Plies can still be played.
    Ongoing,
    /// The game is over; no ply is legal.
    Finished {
        /// Who won.
        outcome: Outcome,
        /// Whether the rules or the length cap ended the game.
        termination: Termination,
    },
}

impl Status {
    /// A win by the rules for `colour` owned by `seat`.
    pub const fn win(colour: Colour, seat: Seat) -> Status {
        Status::Finished {
            outcome: Outcome::Win { colour, seat },
            termination: Termination::Rules,
        }
    }

    /// A draw by the rules.
    pub const fn draw() -> Status {
        Status::Finished {
            outcome: Outcome::Draw,
            termination: Termination::Rules,
        }
    }

    /// The adjudicated draw at the length cap.
    pub const fn length_cap() -> Status {
        Status::Finished {
            outcome: Outcome::Draw,
            termination: Termination::LengthCap,
        }
    }

    /// True while the game goes on.
    #[inline]
    pub const fn is_ongoing(&self) -> bool {
        matches!(self, Status::Ongoing)
    }

    /// True once the game has ended.
    #[inline]
    pub const fn is_finished(&self) -> bool {
        !self.is_ongoing()
    }

    /// The outcome, if finished.
    pub const fn outcome(&self) -> Option<Outcome> {
        match self {
            Status::Ongoing => None,
            Status::Finished { outcome, .. } => Some(*outcome),
        }
    }

    /// The winning seat, if any.
    pub const fn winner_seat(&self) -> Option<Seat> {
        match self {
            Status::Finished {
                outcome: Outcome::Win { seat, .. },
                ..
            } => Some(*seat),
            _ => None,
        }
    }

    /// The winning colour, if any.
    pub const fn winner_colour(&self) -> Option<Colour> {
        match self {
            Status::Finished {
                outcome: Outcome::Win { colour, .. },
                ..
            } => Some(*colour),
            _ => None,
        }
    }

    /// The reward of a finished game for `seat`: 1 for a win, 0.5 for a draw
    /// (including the length cap), 0 for a loss; `None` while ongoing.
    pub fn reward(&self, seat: Seat) -> Option<f64> {
        match self {
            Status::Ongoing => None,
            Status::Finished { outcome, .. } => Some(match outcome {
                Outcome::Draw => 0.5,
                Outcome::Win { seat: s, .. } if *s == seat => 1.0,
                Outcome::Win { .. } => 0.0,
            }),
        }
    }

    /// The one-word form printed by `arena status`: `ongoing`, `black`,
    /// `white` or `draw`.
    pub const fn word(&self) -> &'static str {
        match self {
            Status::Ongoing => "ongoing",
            Status::Finished {
                outcome: Outcome::Draw,
                ..
            } => "draw",
            Status::Finished {
                outcome: Outcome::Win { colour, .. },
                ..
            } => colour.name(),
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Finished {
                outcome: Outcome::Draw,
                termination,
            } => write!(f, "draw ({termination})"),
            Status::Finished {
                outcome: Outcome::Win { colour, seat },
                termination,
            } => write!(f, "{colour} ({seat} player) wins ({termination})"),
        }
    }
}
