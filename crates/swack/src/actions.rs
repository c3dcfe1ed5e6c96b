//! Integer actions and the observation tensor (see
//! [`abstracta_core::actions`]; the layout is in the crate README).

use abstracta_core::actions::{Encoding, Grid, ORTHOGONAL};
use abstracta_core::Game;

use crate::{Swack, SwackPly};

/// Swack's encoding. On an `n x n` board with `C = n*n` cells numbered row
/// by row from `a1`: `pass` is 0, `swap` is 1, `from-to` is
/// `2 + 4*cell(from) + d` with `d` the direction of `to` (up, right, down,
/// left); in Free Swack a drop `two+one` is `2 + 4C + 4*cell(two) + d`
/// with `d` the direction of `one`. `2 + 4C` ids in standard Swack,
/// `2 + 8C` in Free Swack.
#[derive(Clone, Copy, Debug)]
pub struct SwackEncoding;

fn grid(game: &Swack) -> Grid {
    Grid::square(game.size())
}

fn step(g: Grid, from: abstracta_core::Point, to: abstracta_core::Point) -> Option<usize> {
    let (d, dist) = Grid::direction(from, to, &ORTHOGONAL)?;
    g.index(to)?;
    (dist == 1).then_some(4 * g.index(from)? + d)
}

impl Encoding<Swack> for SwackEncoding {
    fn num_distinct_actions(&self, game: &Swack) -> usize {
        let drops = if game.options().is_free() { 4 } else { 0 };
        2 + (4 + drops) * grid(game).cells()
    }

    fn action_of(&self, game: &Swack, ply: SwackPly) -> Option<usize> {
        let g = grid(game);
        match ply {
            SwackPly::Pass => Some(0),
            SwackPly::Swap => Some(1),
            SwackPly::Stack { from, to } => step(g, from, to).map(|s| 2 + s),
            SwackPly::Drop { two, one } => {
                let s = step(g, two, one)?;
                game.options().is_free().then_some(2 + 4 * g.cells() + s)
            }
        }
    }

    fn ply_of(&self, game: &Swack, action: usize) -> Option<SwackPly> {
        let g = grid(game);
        let c = g.cells();
        let decode = |s: usize| {
            let from = g.point(s / 4)?;
            Some((from, g.offset(from, ORTHOGONAL[s % 4], 1)?))
        };
        match action {
            0 => Some(SwackPly::Pass),
            1 => Some(SwackPly::Swap),
            a if a < 2 + 4 * c => decode(a - 2).map(|(from, to)| SwackPly::Stack { from, to }),
            a if a < self.num_distinct_actions(game) => {
                decode(a - 2 - 4 * c).map(|(two, one)| SwackPly::Drop { two, one })
            }
            _ => None,
        }
    }

    abstracta_core::stack_observation!(Swack);
}

#[cfg(test)]
mod tests {
    use abstracta_core::actions::{assert_encoding_checks, Encoding};
    use abstracta_core::Game;

    use crate::Swack;

    #[test]
    fn every_legal_ply_round_trips_through_its_action_id() {
        let specs = [
            "swack:size=4,pie=on",
            "swack:size=7",
            "swack:size=5,variant=free,pie=on",
        ];
        assert_encoding_checks(&crate::SwackEncoding, &specs, 10, 17, 100);
    }

    #[test]
    fn the_count_follows_the_variant() {
        let standard = Swack::new("swack:size=4".parse().unwrap());
        let free = Swack::new("swack:size=4,variant=free".parse().unwrap());
        let e = &crate::SwackEncoding;
        assert_eq!(e.num_distinct_actions(&standard), 2 + 64);
        assert_eq!(e.num_distinct_actions(&free), 2 + 128);
        assert_eq!(e.ply_of(&standard, 2 + 64), None);
        assert_eq!(e.ply_of(&free, 2 + 64).unwrap().to_string(), "a1+a2");
        assert_eq!(e.action_of(&standard, "a1+a2".parse().unwrap()), None);
        assert_eq!(e.observation_shape(&free), [5, 4, 4]);
    }
}
