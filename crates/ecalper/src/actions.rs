//! Integer actions and the observation tensor (see
//! [`abstracta_core::actions`]; the layout is in the crate README).

use abstracta_core::actions::{black_to_move, Encoding, Grid};
use abstracta_core::{Colour, Game};

use crate::{on_board, Ecalper, EcalperPly};

/// Ecalper's encoding. The hex-hex board of side `s` sits in a square
/// grid of `m = 2s - 1` columns and rows (cells off the board are unused
/// ids), `G = m*m` cells numbered row by row from `a1`: a placement is its
/// cell, a replacement `xP` is `G + cell(P)`, `swap` is `2G`; `2G + 1` ids
/// in all.
#[derive(Clone, Copy, Debug)]
pub struct EcalperEncoding;

fn grid(game: &Ecalper) -> Grid {
    Grid::square(2 * game.size() - 1)
}

impl Encoding<Ecalper> for EcalperEncoding {
    fn num_distinct_actions(&self, game: &Ecalper) -> usize {
        2 * grid(game).cells() + 1
    }

    fn action_of(&self, game: &Ecalper, ply: EcalperPly) -> Option<usize> {
        let g = grid(game);
        let cell = |p| g.index(p).filter(|_| on_board(game.size(), p));
        match ply {
            EcalperPly::Place(p) => cell(p),
            EcalperPly::Replace(p) => cell(p).map(|i| g.cells() + i),
            EcalperPly::Swap => Some(2 * g.cells()),
        }
    }

    fn ply_of(&self, game: &Ecalper, action: usize) -> Option<EcalperPly> {
        let g = grid(game);
        let c = g.cells();
        let point = |i| g.point(i).filter(|&p| on_board(game.size(), p));
        if action < c {
            point(action).map(EcalperPly::Place)
        } else if action < 2 * c {
            point(action - c).map(EcalperPly::Replace)
        } else {
            (action == 2 * c).then_some(EcalperPly::Swap)
        }
    }

    fn observation_shape(&self, game: &Ecalper) -> [usize; 3] {
        let m = usize::from(2 * game.size() - 1);
        [4, m, m]
    }

    fn observe(&self, game: &Ecalper, out: &mut Vec<f32>) {
        out.clear();
        let g = grid(game);
        for colour in [Colour::Black, Colour::White] {
            g.push_plane(out, |p| f32::from(u8::from(game.cell(p) == Some(colour))));
        }
        g.push_plane(out, |p| f32::from(u8::from(on_board(game.size(), p))));
        g.push_constant(out, black_to_move(game.to_move_colour()));
    }
}

#[cfg(test)]
mod tests {
    use abstracta_core::actions::{assert_encoding_checks, Encoding};
    use abstracta_core::Game;

    use crate::Ecalper;

    #[test]
    fn every_legal_ply_round_trips_through_its_action_id() {
        let specs = ["ecalper:size=3,pie=on", "ecalper:size=5", "ecalper"];
        assert_encoding_checks(&crate::EcalperEncoding, &specs, 6, 17, 20);
    }

    #[test]
    fn cells_off_the_board_name_no_ply() {
        let game = Ecalper::new("ecalper:size=5".parse().unwrap());
        let e = &crate::EcalperEncoding;
        assert_eq!(e.num_distinct_actions(&game), 2 * 81 + 1);
        assert_eq!(e.ply_of(&game, 0).unwrap().to_string(), "a1");
        // e1 is (4, 0): |c - r| = 4 is on the side-5 board; f1 is not.
        assert_eq!(e.ply_of(&game, 4).unwrap().to_string(), "e1");
        assert_eq!(e.ply_of(&game, 5), None);
        assert_eq!(e.ply_of(&game, 81).unwrap().to_string(), "xa1");
        assert_eq!(e.ply_of(&game, 162).unwrap().to_string(), "swap");
        assert_eq!(e.action_of(&game, "f1".parse().unwrap()), None);
        assert_eq!(e.observation_shape(&game), [4, 9, 9]);
    }
}
