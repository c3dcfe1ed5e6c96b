//! What a Swack square holds: a stack of some colour and height, written
//! `b2` (a black-topped stack of two) or `w1` in diagrams.

use std::fmt;
use std::str::FromStr;

use abstracta_core::text::parse_stack_text;
use abstracta_core::Colour;

/// A stack: the colour of its top piece and its height (S2).
///
/// ```
/// use abstracta_core::Colour;
/// use swack::Stack;
/// let s: Stack = "b2".parse().unwrap();
/// assert_eq!(s, Stack { colour: Colour::Black, height: 2 });
/// assert_eq!(s.to_string(), "b2");
/// assert!("w0".parse::<Stack>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stack {
    /// The colour of the top piece (S2).
    pub colour: Colour,
    /// The number of pieces (1..=255).
    pub height: u8,
}

impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = match self.colour {
            Colour::Black => 'b',
            Colour::White => 'w',
        };
        write!(f, "{c}{}", self.height)
    }
}

/// What a [`Stack`] cell's text must look like.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read stack {input:?}: expected b or w and a height from 1 to 255, such as b2")]
pub struct ParseStackError {
    /// The text given.
    pub input: String,
}

impl FromStr for Stack {
    type Err = ParseStackError;

    fn from_str(s: &str) -> Result<Stack, ParseStackError> {
        let (colour, height) = parse_stack_text(s).ok_or_else(|| ParseStackError { input: s.to_owned() })?;
        Ok(Stack { colour, height })
    }
}
