//! Integer actions and the observation tensor (see
//! [`abstracta_core::actions`]; the layout is in the crate README).

use abstracta_core::actions::{black_to_move, Encoding, Grid, EIGHT};
use abstracta_core::{Game, PlyBuf};

use crate::{Epaminondas, EpaminondasPly, Piece, HEIGHT, WIDTH};

/// Epaminondas's encoding. The 14 x 12 board's 168 cells are numbered row
/// by row from `a1`; a move is `104*cell(from) + 13*d + (k - 1)` for a
/// move of `k` squares (1..=13) in direction `d` (up, right, down, left,
/// up-right, down-right, down-left, up-left); a stone `*P` (Romeral
/// variant) is `17472 + cell(P)`; 17640 ids in all. A move's id does not
/// say whether it captures: decoding reads that from the position.
#[derive(Clone, Copy, Debug)]
pub struct EpaminondasEncoding;

const GRID: Grid = Grid::new(WIDTH, HEIGHT);
const REACH: usize = 13;
const MOVES: usize = GRID.cells() * EIGHT.len() * REACH;

impl Encoding<Epaminondas> for EpaminondasEncoding {
    fn num_distinct_actions(&self, _game: &Epaminondas) -> usize {
        MOVES + GRID.cells()
    }

    fn action_of(&self, _game: &Epaminondas, ply: EpaminondasPly) -> Option<usize> {
        match ply {
            EpaminondasPly::Move { from, to, .. } => {
                let (d, k) = Grid::direction(from, to, &EIGHT)?;
                GRID.index(to)?;
                Some(GRID.index(from)? * EIGHT.len() * REACH + d * REACH + usize::from(k) - 1)
            }
            EpaminondasPly::Stone(p) => GRID.index(p).map(|i| MOVES + i),
        }
    }

    fn ply_of(&self, game: &Epaminondas, action: usize) -> Option<EpaminondasPly> {
        if action >= MOVES {
            return GRID.point(action - MOVES).map(EpaminondasPly::Stone);
        }
        let from = GRID.point(action / (EIGHT.len() * REACH))?;
        let rest = action % (EIGHT.len() * REACH);
        let to = GRID.offset(from, EIGHT[rest / REACH], (rest % REACH) as u8 + 1)?;
        let plain = EpaminondasPly::step(from, to);
        // Plies compare without their capture mark: the legal one has it.
        let mut legal = PlyBuf::new();
        game.legal_plies(&mut legal);
        Some(legal.iter().copied().find(|&p| p == plain).unwrap_or(plain))
    }

    fn observation_shape(&self, _game: &Epaminondas) -> [usize; 3] {
        [4, usize::from(HEIGHT), usize::from(WIDTH)]
    }

    fn observe(&self, game: &Epaminondas, out: &mut Vec<f32>) {
        out.clear();
        let cells = game.board_cells();
        for piece in [Piece::Black, Piece::White, Piece::Stone] {
            GRID.push_plane(out, |p| f32::from(u8::from(cells.get(p) == Some(&piece))));
        }
        GRID.push_constant(out, black_to_move(game.to_move_colour()));
    }
}

#[cfg(test)]
mod tests {
    use abstracta_core::actions::{assert_encoding_checks, Encoding};
    use abstracta_core::Game;

    use crate::Epaminondas;

    #[test]
    fn every_legal_ply_round_trips_through_its_action_id() {
        let specs = ["epaminondas", "epaminondas:variant=stones"];
        assert_encoding_checks(&crate::EpaminondasEncoding, &specs, 2, 17, 50);
    }

    #[test]
    fn ids_follow_the_documented_layout() {
        let game = Epaminondas::new(Default::default());
        let e = &crate::EpaminondasEncoding;
        assert_eq!(e.num_distinct_actions(&game), 17640);
        // a2-a4: from cell 14, direction up, two squares.
        assert_eq!(e.action_of(&game, "a2-a4".parse().unwrap()), Some(14 * 104 + 1));
        assert_eq!(e.ply_of(&game, 14 * 104 + 1).unwrap().to_string(), "a2-a4");
        assert_eq!(e.ply_of(&game, 17472 + 15).unwrap().to_string(), "*b2");
        assert_eq!(e.action_of(&game, "a2-b4".parse().unwrap()), None);
        assert_eq!(e.observation_shape(&game), [4, 12, 14]);
    }
}
