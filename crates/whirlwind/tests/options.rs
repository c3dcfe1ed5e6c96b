//! Options built by hand are checked, options and plies read and write as
//! text (and, with the `serde` feature, as JSON strings).

use abstracta_core::{Game, GameOptions, LengthCap};
use whirlwind::{Setup, Whirlwind, WhirlwindOptions, DEFAULT_SIZE};

#[test]
fn invalid_sizes_are_errors_naming_the_range() {
    for size in [0, 1, 2, 3, 5, 13, 27, 28, 40, 255] {
        let err = WhirlwindOptions::new(size).unwrap_err().to_string();
        assert!(err.contains("an even number from 4 to 26"), "size {size}: {err}");
        assert!(WhirlwindOptions::default().with_size(size).is_err());
    }
}

#[test]
fn every_valid_size_builds_a_game() {
    for size in (4..=26).step_by(2) {
        let options = WhirlwindOptions::new(size).unwrap();
        assert_eq!(options.size(), size);
        assert_eq!(Whirlwind::new(options).size(), size);
    }
}

#[test]
fn setters_and_getters() {
    let options = WhirlwindOptions::default();
    assert_eq!(options.size(), DEFAULT_SIZE);
    assert_eq!(options.setup(), Setup::A);
    assert_eq!(options.cap(), LengthCap::Default);
    let options = options.with_setup(Setup::B).with_cap(LengthCap::Unlimited);
    assert_eq!(options.setup(), Setup::B);
    assert_eq!(options.to_string(), "whirlwind:setup=b,cap=none");
}

#[test]
fn options_display_is_the_spec_and_parses_back() {
    for spec in [
        "whirlwind",
        "whirlwind:size=8",
        "whirlwind:size=12,setup=b,cap=50",
    ] {
        let options: WhirlwindOptions = spec.parse().unwrap();
        assert_eq!(options.to_string(), spec);
        assert_eq!(options, WhirlwindOptions::from_spec(spec).unwrap());
    }
    assert!("escabel".parse::<WhirlwindOptions>().is_err());
    assert!("whirlwind:size=7".parse::<WhirlwindOptions>().is_err());
}

#[test]
fn display_is_render() {
    let mut game = Whirlwind::new(WhirlwindOptions::new(8).unwrap());
    let mut rng = abstracta_core::seeded_rng(3);
    let ply = game.random_ply(&mut rng).unwrap();
    game.play(ply).unwrap();
    assert_eq!(game.to_string(), game.to_string());
    let cells = game.board_cells();
    assert_eq!((cells.width(), cells.height()), (8, 8));
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips_plies_and_options() {
    use whirlwind::WhirlwindPly;
    let ply: WhirlwindPly = "c3".parse().unwrap();
    let json = serde_json::to_string(&ply).unwrap();
    assert_eq!(json, "\"c3\"");
    assert_eq!(serde_json::from_str::<WhirlwindPly>(&json).unwrap(), ply);
    let end = serde_json::to_string(&WhirlwindPly::End).unwrap();
    assert_eq!(
        serde_json::from_str::<WhirlwindPly>(&end).unwrap(),
        WhirlwindPly::End
    );
    let options: WhirlwindOptions = "whirlwind:size=12,setup=b".parse().unwrap();
    let json = serde_json::to_string(&options).unwrap();
    assert_eq!(json, "\"whirlwind:size=12,setup=b\"");
    assert_eq!(serde_json::from_str::<WhirlwindOptions>(&json).unwrap(), options);
    assert!(serde_json::from_str::<WhirlwindOptions>("\"whirlwind:size=9\"").is_err());
}
