//! The core conformance kit on the engine and the reference implementation.

use abstracta_core::conformance::check_random_games_with;
use abstracta_core::{Game, GameOptions, Point};
use escabel::reference::ReferenceEscabel;
use escabel::{Escabel, EscabelOptions, EscabelPly};

/// A superset of the legal plies: every placement on (and one step off) the
/// board, every orthogonal pair as a stacking move, one diagonal pair, and
/// the swap.
fn candidates<G: Game<Ply = EscabelPly, Options = EscabelOptions>>(game: &G) -> Vec<EscabelPly> {
    let n = game.options().size();
    let mut v = vec![EscabelPly::Swap];
    for row in 0..=n.min(25) {
        for col in 0..=n.min(25) {
            let a = Point::new(col, row);
            v.push(EscabelPly::Place(a));
            if col < n {
                let b = Point::new(col + 1, row);
                v.push(EscabelPly::Stack { from: a, to: b });
                v.push(EscabelPly::Stack { from: b, to: a });
            }
            if row < n {
                let b = Point::new(col, row + 1);
                v.push(EscabelPly::Stack { from: a, to: b });
                v.push(EscabelPly::Stack { from: b, to: a });
            }
        }
    }
    v.push(EscabelPly::Stack {
        from: Point::new(0, 0),
        to: Point::new(1, 1),
    });
    v
}

const SPECS: &[(&str, u32)] = &[
    ("escabel:size=3", 40),
    ("escabel:size=4,pie=off", 20),
    ("escabel:size=5,variant=checkered", 10),
    ("escabel:size=5,variant=checkered,corner=white,cap=30", 10),
    ("escabel:size=6,variant=checkered,pie=off", 5),
    ("escabel:size=7,cap=none", 4),
    ("escabel:cap=40", 3),
    ("escabel:size=3,cap=5", 10),
];

#[test]
fn conformance_engine() {
    for (spec, games) in SPECS {
        let options = EscabelOptions::from_spec(spec).unwrap();
        let positions = check_random_games_with::<Escabel, _>(
            &options,
            &escabel::EscabelKnowledge,
            *games,
            11,
            candidates,
        );
        assert!(positions > u64::from(*games), "{spec}");
    }
}

#[test]
fn conformance_reference() {
    for (spec, games) in SPECS {
        let options = EscabelOptions::from_spec(spec).unwrap();
        let positions = check_random_games_with::<ReferenceEscabel, _>(
            &options,
            &escabel::reference::ReferenceEscabelKnowledge,
            (*games / 2).max(1),
            12,
            candidates,
        );
        assert!(positions > 1, "{spec}");
    }
}
