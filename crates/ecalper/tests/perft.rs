//! Perft: the data file against the engine and the reference
//! implementation, plus a deeper (ignored) engine/reference comparison.

use abstracta_core::conformance::{check_perft_text, position};
use abstracta_core::perft;
use ecalper::reference::ReferenceEcalper;
use ecalper::Ecalper;

const DATA: &str = include_str!("data/perft.txt");

#[test]
fn perft_file_matches_the_engine() {
    assert!(check_perft_text::<Ecalper>(DATA) >= 40);
}

#[test]
fn perft_file_matches_the_reference() {
    assert!(check_perft_text::<ReferenceEcalper>(DATA) >= 40);
}

#[test]
#[ignore = "slow: deeper engine/reference perft (run with --ignored)"]
fn deeper_perft_engine_matches_reference() {
    for (spec, moves, depth) in [
        ("ecalper", "", 4),
        ("ecalper:size=4", "", 6),
        ("ecalper:size=4,pie=off", "a1 b1 c1", 5),
        ("ecalper:size=6", "a1 b1 c1 swap xa1", 4),
    ] {
        let engine: Ecalper = position(spec, moves);
        let reference: ReferenceEcalper = position(spec, moves);
        assert_eq!(
            perft(&engine, depth),
            perft(&reference, depth),
            "{spec} [{moves}] depth {depth}"
        );
    }
}
