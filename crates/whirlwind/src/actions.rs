//! Integer actions and the observation tensor (see
//! [`abstracta_core::actions`]; the layout is in the crate README).

use abstracta_core::actions::{black_to_move, Encoding, Grid};
use abstracta_core::{Colour, Game};

use crate::{Whirlwind, WhirlwindPly};

/// Whirlwind's encoding. On an `n x n` board with `C = n*n` cells numbered
/// row by row from `a1`: a placement is its cell, `end` is `C`; `C + 1`
/// ids in all.
#[derive(Clone, Copy, Debug)]
pub struct WhirlwindEncoding;

fn grid(game: &Whirlwind) -> Grid {
    Grid::square(game.size())
}

impl Encoding<Whirlwind> for WhirlwindEncoding {
    fn num_distinct_actions(&self, game: &Whirlwind) -> usize {
        grid(game).cells() + 1
    }

    fn action_of(&self, game: &Whirlwind, ply: WhirlwindPly) -> Option<usize> {
        let g = grid(game);
        match ply {
            WhirlwindPly::Place(p) => g.index(p),
            WhirlwindPly::End => Some(g.cells()),
        }
    }

    fn ply_of(&self, game: &Whirlwind, action: usize) -> Option<WhirlwindPly> {
        let g = grid(game);
        if action == g.cells() {
            Some(WhirlwindPly::End)
        } else {
            g.point(action).map(WhirlwindPly::Place)
        }
    }

    fn observation_shape(&self, game: &Whirlwind) -> [usize; 3] {
        let n = usize::from(game.size());
        [3, n, n]
    }

    fn observe(&self, game: &Whirlwind, out: &mut Vec<f32>) {
        out.clear();
        let g = grid(game);
        for colour in [Colour::Black, Colour::White] {
            g.push_plane(out, |p| f32::from(u8::from(game.at(p) == Some(colour))));
        }
        g.push_constant(out, black_to_move(game.to_move_colour()));
    }
}

#[cfg(test)]
mod tests {
    use abstracta_core::actions::{assert_encoding_checks, Encoding};
    use abstracta_core::Game;

    use crate::Whirlwind;

    #[test]
    fn every_legal_ply_round_trips_through_its_action_id() {
        let specs = ["whirlwind:size=6", "whirlwind:size=12", "whirlwind"];
        assert_encoding_checks(&crate::WhirlwindEncoding, &specs, 6, 17, 20);
    }

    #[test]
    fn the_count_and_shape_follow_the_size() {
        let game = Whirlwind::new("whirlwind:size=12".parse().unwrap());
        let e = &crate::WhirlwindEncoding;
        assert_eq!(e.num_distinct_actions(&game), 145);
        assert_eq!(e.ply_of(&game, 144).unwrap().to_string(), "end");
        assert_eq!(e.ply_of(&game, 13).unwrap().to_string(), "b2");
        assert_eq!(e.ply_of(&game, 145), None);
        assert_eq!(e.observation_shape(&game), [3, 12, 12]);
    }
}
