//! The conformance kit on the engine and the reference implementation.

use abstracta_core::conformance::{check_random_games, check_random_games_with};
use abstracta_core::{Game, GameOptions, Point};
use ecalper::reference::ReferenceEcalper;
use ecalper::{Ecalper, EcalperPly};

/// Every Place and Replace on the board's square grid (so off-board cells
/// of the hex are tried too) and the swap: a superset of the legal plies.
fn candidates<G: Game<Ply = EcalperPly, Options = ecalper::EcalperOptions>>(game: &G) -> Vec<EcalperPly> {
    let w = 2 * game.options().size(); // one column and row past the board
    let mut out = vec![EcalperPly::Swap];
    for r in 0..w {
        for c in 0..w {
            out.push(EcalperPly::Place(Point::new(c, r)));
            out.push(EcalperPly::Replace(Point::new(c, r)));
        }
    }
    out
}

const SPECS: [&str; 6] = [
    "ecalper:size=3",
    "ecalper:size=3,pie=off",
    "ecalper:size=4,cap=20",
    "ecalper:size=5",
    "ecalper:size=5,pie=off,cap=none",
    "ecalper:size=8,cap=30",
];

#[test]
fn engine_passes_the_conformance_kit() {
    for spec in SPECS {
        let options = ecalper::EcalperOptions::from_spec(spec).unwrap();
        assert!(
            check_random_games_with::<Ecalper, _>(&options, &ecalper::EcalperKnowledge, 4, 11, candidates)
                > 20
        );
    }
}

#[test]
fn reference_passes_the_conformance_kit() {
    for spec in SPECS {
        let options = ecalper::EcalperOptions::from_spec(spec).unwrap();
        if options.size() <= 5 {
            assert!(check_random_games::<ReferenceEcalper>(&options, 2, 12, candidates) > 20);
        }
    }
}
