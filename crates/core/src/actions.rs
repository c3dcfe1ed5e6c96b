//! Integer actions and observation tensors: a game seen the way learning
//! code (OpenSpiel, PettingZoo, a neural network) wants it.
//!
//! A game that offers an [`Encoding`] (a unit type its crate exports)
//! numbers
//! every ply it can ever produce, for given options, with a dense id below
//! [`num_distinct_actions`](Encoding::num_distinct_actions), and writes a
//! position as a tensor of `planes x rows x cols` floats. Both are game
//! knowledge, so each game crate implements them (its `actions.rs`) and
//! documents its layout in its README.
//!
//! Conventions every game follows:
//! - ids are a function of the ply and the options only, never of the
//!   position, so a policy head has a fixed output;
//! - two different plies never share an id, and every legal ply has one;
//! - tensors are row major, plane by plane; row 0 is the board's row `1`
//!   and column 0 is column `a` (as in [`Point`]); values are `0.0`/`1.0`
//!   unless the game's README says otherwise.
//!
//! ```
//! use abstracta_core::actions::{Encoding, TicTacToeEncoding};
//! use abstracta_core::{toy::TicTacToe, Game};
//! let game = TicTacToe::new(Default::default());
//! let encoding = TicTacToeEncoding;
//! assert_eq!(encoding.num_distinct_actions(&game), 10);
//! let b2 = "b2".parse().unwrap();
//! let id = encoding.action_of(&game, b2).unwrap();
//! assert_eq!(encoding.ply_of(&game, id), Some(b2));
//! assert_eq!(encoding.observation_shape(&game), [3, 3, 3]);
//! ```

use std::collections::HashMap;
use std::fmt;

use rand::Rng;

use crate::game::{Game, PlyBuf};
use crate::point::Point;
use crate::side::Colour;
use crate::text::{Cells, Stack};
use crate::toy::{TicTacToe, TicTacToePly};

/// A game's integer action space and observation tensor (see the
/// [module docs](self)). Implemented by a unit type in each game crate,
/// which exports it (and the `abstracta` registry hands it out with the
/// game).
pub trait Encoding<G: Game>: Sync {
    /// The number of distinct action ids for `game`'s options: every id
    /// is below it.
    fn num_distinct_actions(&self, game: &G) -> usize;

    /// The id of `ply` (legal or not) under `game`'s options, or `None`
    /// if the ply cannot occur with these options (a point off the board).
    fn action_of(&self, game: &G, ply: G::Ply) -> Option<usize>;

    /// The ply with id `action`, or `None` for an id that names no ply.
    /// Where a ply carries something the id does not (Epaminondas's
    /// capture mark), the ply is completed from `game`'s position.
    fn ply_of(&self, game: &G, action: usize) -> Option<G::Ply>;

    /// The tensor's shape: `[planes, rows, cols]`.
    fn observation_shape(&self, game: &G) -> [usize; 3];

    /// Writes the observation of `game` into `out` (cleared first), with
    /// `planes * rows * cols` values.
    fn observe(&self, game: &G, out: &mut Vec<f32>);
}

/// A rectangular grid of cells numbered row by row from `a1`: how the
/// encodings number points and lay out tensors.
///
/// ```
/// use abstracta_core::{actions::Grid, Point};
/// let grid = Grid::new(3, 2);
/// assert_eq!(grid.cells(), 6);
/// assert_eq!(grid.index(Point::new(1, 1)), Some(4));
/// assert_eq!(grid.point(4), Some(Point::new(1, 1)));
/// assert_eq!(grid.index(Point::new(3, 0)), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Columns.
    pub cols: u8,
    /// Rows.
    pub rows: u8,
}

/// The four orthogonal steps `(dcol, drow)`, in the order their ids use:
/// up (towards higher rows), right, down, left.
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The eight steps `(dcol, drow)`: the four of [`ORTHOGONAL`], then the
/// diagonals up-right, down-right, down-left, up-left.
pub const EIGHT: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

impl Grid {
    /// A grid of `cols x rows`.
    pub const fn new(cols: u8, rows: u8) -> Grid {
        Grid { cols, rows }
    }

    /// A square grid of side `size`.
    pub const fn square(size: u8) -> Grid {
        Grid::new(size, size)
    }

    /// The number of cells.
    pub const fn cells(&self) -> usize {
        self.cols as usize * self.rows as usize
    }

    /// The index of `p`, or `None` off the grid.
    pub fn index(&self, p: Point) -> Option<usize> {
        (p.col < self.cols && p.row < self.rows)
            .then(|| usize::from(p.row) * usize::from(self.cols) + usize::from(p.col))
    }

    /// The point at `index`, or `None` past the last cell.
    pub fn point(&self, index: usize) -> Option<Point> {
        (index < self.cells()).then(|| {
            let cols = usize::from(self.cols);
            Point::new((index % cols) as u8, (index / cols) as u8)
        })
    }

    /// The point `steps` times `step` away from `p`, if it is on the grid.
    pub fn offset(&self, p: Point, step: (i8, i8), steps: u8) -> Option<Point> {
        let c = i32::from(p.col) + i32::from(step.0) * i32::from(steps);
        let r = i32::from(p.row) + i32::from(step.1) * i32::from(steps);
        let inside = (0..i32::from(self.cols)).contains(&c) && (0..i32::from(self.rows)).contains(&r);
        inside.then(|| Point::new(c as u8, r as u8))
    }

    /// The direction (index into `steps`) and the distance from `from` to
    /// `to`, if `to` lies on one of those lines from `from`.
    pub fn direction(from: Point, to: Point, steps: &[(i8, i8)]) -> Option<(usize, u8)> {
        let dc = i32::from(to.col) - i32::from(from.col);
        let dr = i32::from(to.row) - i32::from(from.row);
        let dist = dc.abs().max(dr.abs());
        if dist == 0 {
            return None;
        }
        steps
            .iter()
            .position(|&(sc, sr)| i32::from(sc) * dist == dc && i32::from(sr) * dist == dr)
            .map(|d| (d, dist as u8))
    }

    /// Writes a plane: `value(p)` for every point, row by row.
    pub fn push_plane(&self, out: &mut Vec<f32>, mut value: impl FnMut(Point) -> f32) {
        for r in 0..self.rows {
            for c in 0..self.cols {
                out.push(value(Point::new(c, r)));
            }
        }
    }

    /// Writes a plane holding `value` everywhere.
    pub fn push_constant(&self, out: &mut Vec<f32>, value: f32) {
        out.extend(std::iter::repeat(value).take(self.cells()));
    }

    /// Writes the four planes of a board of stacks: Black's stacks, White's
    /// stacks (1.0 where one stands), then the heights of Black's and of
    /// White's stacks.
    pub fn push_stack_planes(&self, out: &mut Vec<f32>, cells: &Cells<Stack>) {
        for colour in [Colour::Black, Colour::White] {
            self.push_plane(out, |p| {
                f32::from(u8::from(cells.get(p).is_some_and(|s| s.colour == colour)))
            });
        }
        for colour in [Colour::Black, Colour::White] {
            self.push_plane(out, |p| {
                cells
                    .get(p)
                    .filter(|s| s.colour == colour)
                    .map_or(0.0, |s| f32::from(s.height))
            });
        }
    }
}

/// The observation of a square board of stacks of side `side`, as the
/// stacking games (Escabel, Swack) write it: the four planes of
/// [`Grid::push_stack_planes`], then the "Black to move" plane
/// ([`black_to_move`]). Its shape is [`stack_observation_shape`].
pub fn observe_stacks(side: u8, cells: &Cells<Stack>, to_move: Colour, out: &mut Vec<f32>) {
    out.clear();
    let grid = Grid::square(side);
    grid.push_stack_planes(out, cells);
    grid.push_constant(out, black_to_move(to_move));
}

/// The shape `[5, side, side]` of [`observe_stacks`].
pub fn stack_observation_shape(side: u8) -> [usize; 3] {
    let n = usize::from(side);
    [5, n, n]
}

/// `1.0` if `colour` is Black, else `0.0`: the "Black to move" plane.
pub fn black_to_move(colour: Colour) -> f32 {
    if colour == Colour::Black {
        1.0
    } else {
        0.0
    }
}

/// Why an action could not be used: the game has no encoding, the id
/// names no ply, or the ply it names cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The game offers no [`Encoding`].
    #[error("{game} has no integer action space")]
    NoEncoding {
        /// The game's name.
        game: &'static str,
    },
    /// The id is not below the count or names no ply of these options.
    #[error("action {action} names no ply of {spec}; expected an id below {count} that names a ply")]
    Unknown {
        /// The id given.
        action: usize,
        /// The number of distinct actions.
        count: usize,
        /// The game's spec.
        spec: String,
    },
    /// The ply has no id under these options (a point off the board).
    #[error("ply {ply} has no action id in {spec}")]
    NoId {
        /// The ply, in notation.
        ply: String,
        /// The game's spec.
        spec: String,
    },
    /// The ply cannot be read or played.
    #[error(transparent)]
    Play(#[from] crate::error::PlayError),
}

/// Why a game's encoding failed [`check_encoding`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EncodingError {
    /// A legal ply has no id, or one not below the count.
    NoId {
        /// The ply.
        ply: String,
    },
    /// A legal ply's id does not decode back to it.
    RoundTrip {
        /// The ply.
        ply: String,
        /// Its id.
        id: usize,
    },
    /// Two legal plies got the same id.
    Shared {
        /// The id.
        id: usize,
        /// The first ply.
        first: String,
        /// The second ply.
        second: String,
    },
    /// The observation has the wrong length or a value that is not finite.
    Observation {
        /// What is wrong.
        reason: String,
    },
}

impl fmt::Display for EncodingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodingError::NoId { ply } => write!(f, "legal ply {ply} has no action id below the count"),
            EncodingError::RoundTrip { ply, id } => {
                write!(f, "action {id} of ply {ply} decodes to another ply")
            }
            EncodingError::Shared { id, first, second } => {
                write!(f, "plies {first} and {second} share action id {id}")
            }
            EncodingError::Observation { reason } => write!(f, "bad observation: {reason}"),
        }
    }
}

impl std::error::Error for EncodingError {}

/// [`check_encoding`] from the start position of each of `specs` (full
/// game specs of `G`), as the game crates' tests call it: panics naming
/// the spec if the encoding fails the check or if fewer than
/// `min_positions + 1` positions were checked.
pub fn assert_encoding_checks<G: Game>(
    encoding: &dyn Encoding<G>,
    specs: &[&str],
    games: usize,
    seed: u64,
    min_positions: usize,
) {
    for spec in specs {
        let options: G::Options = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
        let positions =
            check_encoding(encoding, &G::new(options), games, seed).unwrap_or_else(|e| panic!("{spec}: {e}"));
        assert!(positions > min_positions, "{spec}: {positions}");
    }
}

/// The `observation_shape` and `observe` methods of an [`Encoding`] of a
/// stacking game `$game` (Escabel, Swack), written inside its `impl
/// Encoding<$game>`: [`stack_observation_shape`] and [`observe_stacks`] of
/// the game's `size()`, `board_cells()` and side to move.
#[macro_export]
macro_rules! stack_observation {
    ($game:ty) => {
        fn observation_shape(&self, game: &$game) -> [usize; 3] {
            $crate::actions::stack_observation_shape(game.size())
        }

        fn observe(&self, game: &$game, out: &mut Vec<f32>) {
            $crate::actions::observe_stacks(
                game.size(),
                &game.board_cells(),
                $crate::Game::to_move_colour(game),
                out,
            );
        }
    };
}

/// Plays `games` random games of `G` from `start` (seeded by `seed`) and
/// checks the encoding at every position: every legal ply has an id below
/// the count that decodes back to it, no two legal plies share an id, ids
/// do not depend on the position (one ply keeps one id through a game),
/// and the observation has the advertised length with finite values.
/// Returns the number of positions checked. Each game crate's tests call
/// it.
pub fn check_encoding<G: Game>(
    encoding: &dyn Encoding<G>,
    start: &G,
    games: usize,
    seed: u64,
) -> Result<usize, EncodingError> {
    let count = encoding.num_distinct_actions(start);
    let [planes, rows, cols] = encoding.observation_shape(start);
    let mut rng = crate::seeded_rng(seed);
    let mut plies = PlyBuf::new();
    let mut seen: HashMap<G::Ply, usize> = HashMap::new();
    let mut obs = Vec::new();
    let mut positions = 0;
    for _ in 0..games {
        let mut game = start.clone();
        loop {
            positions += 1;
            encoding.observe(&game, &mut obs);
            if obs.len() != planes * rows * cols {
                return Err(EncodingError::Observation {
                    reason: format!("{} values for shape {planes}x{rows}x{cols}", obs.len()),
                });
            }
            if let Some(v) = obs.iter().find(|v| !v.is_finite()) {
                return Err(EncodingError::Observation {
                    reason: format!("value {v}"),
                });
            }
            game.legal_plies(&mut plies);
            let mut ids: HashMap<usize, G::Ply> = HashMap::new();
            for &ply in &plies {
                let id = encoding
                    .action_of(&game, ply)
                    .filter(|&id| id < count)
                    .ok_or_else(|| EncodingError::NoId { ply: ply.to_string() })?;
                if encoding.ply_of(&game, id) != Some(ply) {
                    return Err(EncodingError::RoundTrip {
                        ply: ply.to_string(),
                        id,
                    });
                }
                if let Some(first) = ids.insert(id, ply) {
                    return Err(EncodingError::Shared {
                        id,
                        first: first.to_string(),
                        second: ply.to_string(),
                    });
                }
                if let Some(&before) = seen.get(&ply) {
                    if before != id {
                        return Err(EncodingError::RoundTrip {
                            ply: ply.to_string(),
                            id,
                        });
                    }
                }
                seen.insert(ply, id);
            }
            if plies.is_empty() {
                break;
            }
            let ply = plies[rng.gen_range(0..plies.len())];
            game.play_unchecked(ply);
        }
    }
    Ok(positions)
}

/// Tic-tac-toe's encoding: `a1..c3` are ids 0..9 row by row, `swap` is 9;
/// planes: crosses (Black), noughts (White), Black to move.
#[derive(Clone, Copy, Debug)]
pub struct TicTacToeEncoding;

impl Encoding<TicTacToe> for TicTacToeEncoding {
    fn num_distinct_actions(&self, _game: &TicTacToe) -> usize {
        10
    }

    fn action_of(&self, _game: &TicTacToe, ply: TicTacToePly) -> Option<usize> {
        match ply {
            TicTacToePly::Place(p) => Grid::square(3).index(p),
            TicTacToePly::Swap => Some(9),
        }
    }

    fn ply_of(&self, _game: &TicTacToe, action: usize) -> Option<TicTacToePly> {
        match action {
            9 => Some(TicTacToePly::Swap),
            a => Grid::square(3).point(a).map(TicTacToePly::Place),
        }
    }

    fn observation_shape(&self, _game: &TicTacToe) -> [usize; 3] {
        [3, 3, 3]
    }

    fn observe(&self, game: &TicTacToe, out: &mut Vec<f32>) {
        out.clear();
        let grid = Grid::square(3);
        for colour in [Colour::Black, Colour::White] {
            grid.push_plane(out, |p| {
                let cell = grid.index(p).and_then(|i| game.cells[i]);
                f32::from(u8::from(cell == Some(colour)))
            });
        }
        grid.push_constant(out, black_to_move(game.to_move_colour()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tictactoe_encoding_passes_the_check() {
        let game = TicTacToe::new("tictactoe:pie=on".parse().unwrap());
        assert!(check_encoding(&TicTacToeEncoding, &game, 50, 1).unwrap() > 200);
    }

    #[test]
    fn directions_and_offsets_agree() {
        let grid = Grid::new(14, 12);
        let from = Point::new(3, 4);
        for (d, &step) in EIGHT.iter().enumerate() {
            for dist in 1..4 {
                let to = grid.offset(from, step, dist).unwrap();
                assert_eq!(Grid::direction(from, to, &EIGHT), Some((d, dist)));
            }
        }
        assert_eq!(Grid::direction(from, Point::new(4, 6), &EIGHT), None);
        assert_eq!(Grid::direction(from, from, &EIGHT), None);
        assert_eq!(grid.offset(from, (-1, 0), 4), None);
    }

    #[test]
    fn a_broken_encoding_is_caught() {
        struct Shared;
        impl Encoding<TicTacToe> for Shared {
            fn num_distinct_actions(&self, _: &TicTacToe) -> usize {
                10
            }
            fn action_of(&self, _: &TicTacToe, _: TicTacToePly) -> Option<usize> {
                Some(0)
            }
            fn ply_of(&self, g: &TicTacToe, a: usize) -> Option<TicTacToePly> {
                TicTacToeEncoding.ply_of(g, a)
            }
            fn observation_shape(&self, _: &TicTacToe) -> [usize; 3] {
                [3, 3, 3]
            }
            fn observe(&self, g: &TicTacToe, out: &mut Vec<f32>) {
                TicTacToeEncoding.observe(g, out)
            }
        }
        let game = TicTacToe::new(Default::default());
        // Every ply claims id 0, which decodes to a1 only.
        let err = check_encoding(&Shared, &game, 1, 1).unwrap_err();
        assert!(matches!(err, EncodingError::RoundTrip { .. }), "{err}");
        assert!(err.to_string().contains("decodes to another ply"));
    }
}
