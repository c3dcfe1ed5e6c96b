//! The conformance kit on the engine and the reference, over several
//! option sets; candidates are every point of the board, two points just off
//! it and `end`, so illegal plies are tried at every position.

use abstracta_core::conformance::check_random_games_with;
use abstracta_core::GameOptions;
use whirlwind::reference::ReferenceWhirlwind;
use whirlwind::{Whirlwind, WhirlwindOptions};

const SPECS: [&str; 5] = [
    "whirlwind:size=4",
    "whirlwind:size=6,setup=b",
    "whirlwind:size=8,cap=25",
    "whirlwind:size=10,setup=b,cap=none",
    "whirlwind",
];

#[test]
fn engine_passes_the_kit() {
    for (i, spec) in SPECS.iter().enumerate() {
        let options = WhirlwindOptions::from_spec(spec).unwrap();
        let games = if spec == &"whirlwind" { 3 } else { 12 };
        let checked = check_random_games_with::<Whirlwind, _>(
            &options,
            &whirlwind::WhirlwindKnowledge,
            games,
            11 + i as u64,
            Whirlwind::all_plies,
        );
        assert!(checked > u64::from(games) * 4, "{spec}: {checked}");
    }
}

#[test]
fn reference_passes_the_kit() {
    for (i, spec) in SPECS.iter().take(3).enumerate() {
        let options = WhirlwindOptions::from_spec(spec).unwrap();
        let checked = check_random_games_with::<ReferenceWhirlwind, _>(
            &options,
            &whirlwind::reference::ReferenceWhirlwindKnowledge,
            4,
            21 + i as u64,
            ReferenceWhirlwind::all_plies,
        );
        assert!(checked > 8, "{spec}: {checked}");
    }
}
