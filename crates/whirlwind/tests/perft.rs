//! The perft data file against the engine and the reference.

use abstracta_core::conformance::check_perft_text;
use abstracta_core::{perft, Game, GameOptions};
use whirlwind::reference::ReferenceWhirlwind;
use whirlwind::{Whirlwind, WhirlwindOptions};

const DATA: &str = include_str!("data/perft.txt");

#[test]
fn engine_matches_perft_file() {
    assert!(check_perft_text::<Whirlwind>(DATA) >= 40);
}

#[test]
fn reference_matches_perft_file() {
    assert!(check_perft_text::<ReferenceWhirlwind>(DATA) >= 40);
}

/// Deeper counts, engine against reference (slow: run with --ignored).
#[test]
#[ignore]
fn deeper_engine_matches_reference() {
    for (spec, depth) in [
        ("whirlwind:size=4", 7),
        ("whirlwind:size=6", 5),
        ("whirlwind:size=8", 4),
    ] {
        let options = WhirlwindOptions::from_spec(spec).unwrap();
        let e = perft(&Whirlwind::new(options.clone()), depth);
        let r = perft(&ReferenceWhirlwind::new(options), depth);
        assert_eq!(e, r, "{spec} depth {depth}");
        println!("{spec} depth {depth}: {e}");
    }
}
