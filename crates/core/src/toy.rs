//! Tic-tac-toe with an optional pie rule: a toy game that exercises the
//! whole [`Game`] contract (seats vs colours, swap, length cap) and is small
//! enough to solve, for the conformance kit's and the MCTS crate's tests.
//!
//! Black (`x`) moves first. Spec: `tictactoe[:pie=on,cap=N]`.

use std::fmt;
use std::str::FromStr;

use crate::claims::{CellClaims, Claims};
use crate::error::{ParsePlyError, SpecError};
use crate::game::{Game, PlyBuf};
use crate::knowledge::Knowledge;
use crate::point::Point;
use crate::side::{Colour, Status};
use crate::spec::{CommonOptions, GameOptions};
use crate::turn::Turn;
use crate::zobrist;

/// Options of the toy game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TicTacToeOptions {
    /// Whether White may swap on its first turn (default off) and the
    /// length cap (default: none).
    pub common: CommonOptions,
}

crate::options_text!(TicTacToeOptions);
#[cfg(feature = "serde")]
crate::text_serde!(TicTacToeOptions);

impl GameOptions for TicTacToeOptions {
    const GAME: &'static str = "tictactoe";
    const KEYS: &'static [&'static str] = &["pie", "cap"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        self.common.set::<Self>(key, value)
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        self.common.push_pairs(false, &mut pairs);
        pairs
    }
}

/// A tic-tac-toe ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TicTacToePly {
    /// Mark a square.
    Place(Point),
    /// Pie-rule swap.
    Swap,
}

impl fmt::Display for TicTacToePly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TicTacToePly::Place(p) => write!(f, "{p}"),
            TicTacToePly::Swap => f.write_str("swap"),
        }
    }
}

#[cfg(feature = "serde")]
crate::text_serde!(TicTacToePly);

impl FromStr for TicTacToePly {
    type Err = ParsePlyError;

    fn from_str(s: &str) -> Result<Self, ParsePlyError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("swap") {
            return Ok(TicTacToePly::Swap);
        }
        let p: Point = t
            .parse()
            .map_err(|_| ParsePlyError::new(s, "a square a1..c3, or swap"))?;
        if p.col > 2 || p.row > 2 {
            return Err(ParsePlyError::new(s, "a square a1..c3, or swap"));
        }
        Ok(TicTacToePly::Place(p))
    }
}

/// The toy game's state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    options: TicTacToeOptions,
    pub(crate) cells: [Option<Colour>; 9],
    turn: Turn<TicTacToePly>,
    hash: u64,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    fn cell_key(cell: usize, colour: Colour) -> u64 {
        zobrist::key(0x7070, (cell * 2 + colour.index()) as u64)
    }

    const WHITE_TO_MOVE: u64 = zobrist::key(0x7071, 0);
    const SWAPPED: u64 = zobrist::key(0x7071, 1);

    /// Every syntactically possible ply, for the conformance kit.
    pub fn all_plies(_: &TicTacToe) -> Vec<TicTacToePly> {
        let mut v: Vec<_> = (0..9)
            .map(|i| TicTacToePly::Place(Point::new(i % 3, i / 3)))
            .collect();
        v.push(TicTacToePly::Swap);
        v
    }

    fn line_winner(&self) -> Option<Colour> {
        LINES.iter().find_map(|l| {
            let c = self.cells[l[0]]?;
            (self.cells[l[1]] == Some(c) && self.cells[l[2]] == Some(c)).then_some(c)
        })
    }
}

impl fmt::Display for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..3).rev() {
            write!(f, "{} ", row + 1)?;
            for col in 0..3 {
                let here = Some(TicTacToePly::Place(Point::new(col, row))) == self.turn.last();
                let mark = match self.cells[usize::from(row * 3 + col)] {
                    Some(Colour::Black) => 'x',
                    Some(Colour::White) => 'o',
                    None => '.',
                };
                if here {
                    write!(f, "({mark})")?;
                } else {
                    write!(f, " {mark} ")?;
                }
            }
            writeln!(f)?;
        }
        writeln!(f, "   a  b  c")?;
        match self.status() {
            Status::Ongoing => writeln!(
                f,
                "{} ({} player) to move",
                self.turn.to_move(),
                self.to_move_seat()
            ),
            st => writeln!(f, "{st}"),
        }
    }
}

impl Game for TicTacToe {
    type Ply = TicTacToePly;
    type Options = TicTacToeOptions;
    const NAME: &'static str = "tictactoe";

    fn new(options: TicTacToeOptions) -> Self {
        TicTacToe {
            options,
            cells: [None; 9],
            turn: Turn::start(Colour::Black),
            hash: 0,
        }
    }

    fn options(&self) -> &TicTacToeOptions {
        &self.options
    }

    crate::turn_methods!();

    fn goal(&self, _colour: Colour) -> Option<String> {
        Some("three in a row".to_owned())
    }

    fn legal_plies(&self, out: &mut PlyBuf<TicTacToePly>) {
        out.clear();
        if self.status().is_finished() {
            return;
        }
        for (i, c) in self.cells.iter().enumerate() {
            if c.is_none() {
                out.push(TicTacToePly::Place(Point::new(i as u8 % 3, i as u8 / 3)));
            }
        }
        if self.options.common.pie && self.turn.plies() == 1 {
            out.push(TicTacToePly::Swap);
        }
    }

    fn play_unchecked(&mut self, ply: TicTacToePly) {
        match ply {
            TicTacToePly::Place(p) => {
                let i = usize::from(p.row * 3 + p.col);
                self.cells[i] = Some(self.turn.to_move());
                self.hash ^= Self::cell_key(i, self.turn.to_move());
            }
            TicTacToePly::Swap => {
                self.turn.swap();
                self.hash ^= Self::SWAPPED;
            }
        }
        // After a swap the colour to move is still White (played by the first
        // seat), so only a placement passes the move to the other colour.
        if matches!(ply, TicTacToePly::Place(_)) {
            self.turn.pass_after(ply);
            self.hash ^= Self::WHITE_TO_MOVE;
        } else {
            self.turn.record(ply);
        }
    }

    fn status(&self) -> Status {
        if let Some(c) = self.line_winner() {
            return Status::win(c, self.seat_of(c));
        }
        if self.cells.iter().all(Option::is_some) {
            return Status::draw();
        }
        if self.length_cap().is_some_and(|cap| self.turn.plies() >= cap) {
            return Status::length_cap();
        }
        Status::Ongoing
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (i, c) in self.cells.iter().enumerate() {
            if let Some(c) = c {
                h ^= Self::cell_key(i, *c);
            }
        }
        if self.turn.to_move() == Colour::White {
            h ^= Self::WHITE_TO_MOVE;
        }
        if self.turn.swapped() {
            h ^= Self::SWAPPED;
        }
        h
    }

    fn length_cap(&self) -> Option<u32> {
        self.options.common.cap.resolve(None)
    }
}

/// The toy game's knowledge, by brute force: the game is small enough for
/// searches' use of decisive and forced plies to be checked against
/// exhaustive minimax (they are used only when a search asks,
/// `decisive=on`). Its plies claim cells for good.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToeKnowledge;

impl Knowledge<TicTacToe> for TicTacToeKnowledge {
    fn decisive_ply(&self, game: &TicTacToe) -> Option<TicTacToePly> {
        let mut plies = PlyBuf::new();
        game.legal_plies(&mut plies);
        plies
            .into_iter()
            .find(|&p| crate::knowledge::wins_at_once(game, p))
    }

    fn forced_plies(&self, game: &TicTacToe, out: &mut PlyBuf<TicTacToePly>) -> bool {
        game.legal_plies(out);
        let all = out.len();
        out.retain(|p| !crate::knowledge::loses_at_once(game, *p));
        out.len() < all
    }
}

impl CellClaims<TicTacToe> for TicTacToeKnowledge {
    const CLAIMS: Claims = Claims::Lasting;

    fn claimed_cell(&self, _game: &TicTacToe, ply: TicTacToePly) -> Option<usize> {
        match ply {
            TicTacToePly::Place(p) => Some(usize::from(p.row * 3 + p.col)),
            TicTacToePly::Swap => None,
        }
    }

    fn claimable_cells(&self, _game: &TicTacToe) -> usize {
        9
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::{check_perft_text, check_random_games_with, position};
    use crate::side::Seat;

    #[test]
    fn conformance_kit_passes() {
        for spec in [
            "tictactoe",
            "tictactoe:pie=on",
            "tictactoe:cap=4",
            "tictactoe:pie=on,cap=5",
        ] {
            let options = TicTacToeOptions::from_spec(spec).unwrap();
            assert!(
                check_random_games_with::<TicTacToe, _>(
                    &options,
                    &TicTacToeKnowledge,
                    30,
                    7,
                    TicTacToe::all_plies
                ) > 30
            );
        }
    }

    #[test]
    fn perft_matches_known_counts() {
        // The number of tic-tac-toe move sequences of each length, a
        // well-known table (255168 complete games in all).
        let text = include_str!("../tests/data/tictactoe.perft");
        assert_eq!(check_perft_text::<TicTacToe>(text), 12);
    }

    #[test]
    fn a_game_without_a_length_guess_says_none() {
        let game = TicTacToe::new(TicTacToeOptions::default());
        assert_eq!(TicTacToeKnowledge.expected_remaining_plies(&game), None);
    }

    #[test]
    fn swap_changes_seats_not_colours() {
        let game: TicTacToe = position("tictactoe:pie=on", "b2 swap");
        assert_eq!(game.to_move_colour(), Colour::White);
        assert_eq!(game.to_move_seat(), Seat::First);
        let won: TicTacToe = position("tictactoe:pie=on", "a1 swap b1 a2 b2 c3 b3");
        assert_eq!(won.status(), Status::win(Colour::White, Seat::First), "{}", won);
    }

    #[test]
    fn cap_is_adjudicated() {
        let game: TicTacToe = position("tictactoe:cap=3", "a1 b1 c1");
        assert_eq!(game.status(), Status::length_cap());
        // A rules result on the capping ply wins over the cap.
        let game: TicTacToe = position("tictactoe:cap=5", "a1 b1 a2 b2 a3");
        assert_eq!(game.status(), Status::win(Colour::Black, Seat::First));
    }
}
