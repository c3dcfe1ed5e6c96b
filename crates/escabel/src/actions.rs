//! Integer actions and the observation tensor (see
//! [`abstracta_core::actions`]; the layout is in the crate README).

use abstracta_core::actions::{Encoding, Grid, ORTHOGONAL};

use crate::{Escabel, EscabelPly};

/// Escabel's encoding. On an `n x n` board with `C = n*n` cells numbered
/// row by row from `a1`: `Place(p)` is `p`'s cell, `from-to` is
/// `C + 4*cell(from) + d` with `d` the direction of `to` (up, right, down,
/// left), `swap` is `5C`; `5C + 1` ids in all.
#[derive(Clone, Copy, Debug)]
pub struct EscabelEncoding;

fn grid(game: &Escabel) -> Grid {
    Grid::square(game.size())
}

impl Encoding<Escabel> for EscabelEncoding {
    fn num_distinct_actions(&self, game: &Escabel) -> usize {
        5 * grid(game).cells() + 1
    }

    fn action_of(&self, game: &Escabel, ply: EscabelPly) -> Option<usize> {
        let g = grid(game);
        match ply {
            EscabelPly::Place(p) => g.index(p),
            EscabelPly::Stack { from, to } => {
                let (d, dist) = Grid::direction(from, to, &ORTHOGONAL)?;
                let from = g.index(from)?;
                g.index(to)?;
                (dist == 1).then_some(g.cells() + 4 * from + d)
            }
            EscabelPly::Swap => Some(5 * g.cells()),
        }
    }

    fn ply_of(&self, game: &Escabel, action: usize) -> Option<EscabelPly> {
        let g = grid(game);
        let c = g.cells();
        if action < c {
            g.point(action).map(EscabelPly::Place)
        } else if action < 5 * c {
            let from = g.point((action - c) / 4)?;
            let to = g.offset(from, ORTHOGONAL[(action - c) % 4], 1)?;
            Some(EscabelPly::Stack { from, to })
        } else {
            (action == 5 * c).then_some(EscabelPly::Swap)
        }
    }

    abstracta_core::stack_observation!(Escabel);
}

#[cfg(test)]
mod tests {
    use abstracta_core::actions::{assert_encoding_checks, Encoding};
    use abstracta_core::Game;

    use crate::Escabel;

    #[test]
    fn every_legal_ply_round_trips_through_its_action_id() {
        let specs = [
            "escabel:size=5,pie=on",
            "escabel:size=9",
            "escabel:size=6,variant=checkered",
        ];
        assert_encoding_checks(&crate::EscabelEncoding, &specs, 20, 17, 100);
    }

    #[test]
    fn the_count_and_shape_follow_the_size() {
        let game = Escabel::new("escabel:size=7".parse().unwrap());
        let encoding = &crate::EscabelEncoding;
        assert_eq!(encoding.num_distinct_actions(&game), 5 * 49 + 1);
        assert_eq!(encoding.observation_shape(&game), [5, 7, 7]);
        assert_eq!(encoding.ply_of(&game, 5 * 49 + 1), None);
        // a1 cannot stack leftwards or downwards: those ids name no ply.
        assert_eq!(encoding.ply_of(&game, 49 + 2), None);
        assert_eq!(encoding.ply_of(&game, 49 + 3), None);
        assert_eq!(encoding.ply_of(&game, 49).unwrap().to_string(), "a1-a2");
    }
}
