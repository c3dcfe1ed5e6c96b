//! The core conformance kit on the engine and the reference implementation.

use abstracta_core::conformance::{check_random_games, check_random_games_with};
use abstracta_core::{Game, GameOptions, Point};
use swack::reference::ReferenceSwack;
use swack::{SwackOptions, SwackPly};

/// Every stacking move and drop between neighbours (one step past the far
/// edges included, so off-board plies are tried), pass and swap: a superset
/// of the legal plies.
fn candidates<G: Game<Ply = SwackPly, Options = SwackOptions>>(game: &G) -> Vec<SwackPly> {
    let n = game.options().size();
    let mut v = vec![SwackPly::Pass, SwackPly::Swap];
    let m = (n + 1).min(26);
    for row in 0..m {
        for col in 0..m {
            let a = Point::new(col, row);
            let mut near = vec![Point::new(col + 1, row), Point::new(col, row + 1)];
            if col > 0 {
                near.push(Point::new(col - 1, row));
            }
            if row > 0 {
                near.push(Point::new(col, row - 1));
            }
            // A non-adjacent pair too.
            near.push(Point::new(col + 1, row + 1));
            for b in near {
                if b.col < 26 && b.row < 26 {
                    v.push(SwackPly::Stack { from: a, to: b });
                    v.push(SwackPly::Drop { two: a, one: b });
                }
            }
        }
    }
    v
}

const SPECS: [&str; 8] = [
    "swack:size=3",
    "swack:size=4,pie=off",
    "swack:size=5,cap=40",
    "swack:size=2",
    "swack:variant=free,size=3",
    "swack:variant=free,size=4,cap=60",
    "swack:size=6,cap=30",
    "swack:size=11,cap=6",
];

#[test]
fn engine_passes_the_kit() {
    for spec in SPECS {
        let options = SwackOptions::from_spec(spec).unwrap();
        let checked =
            check_random_games_with::<swack::Swack, _>(&options, &swack::SwackKnowledge, 4, 11, candidates);
        assert!(checked > 6, "{spec}");
    }
}

#[test]
fn reference_passes_the_kit() {
    for spec in SPECS {
        let options = SwackOptions::from_spec(spec).unwrap();
        let checked = check_random_games::<ReferenceSwack>(&options, 3, 12, candidates);
        assert!(checked > 4, "{spec}");
    }
}
