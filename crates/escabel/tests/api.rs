//! Not rules: construction that cannot panic, typed errors, the text forms
//! (options, stacks, boards) and the optional serde support.

use abstracta_core::Knowledge;
use abstracta_core::{Cells, Colour, Game, GameOptions, LengthCap, Point, SpecError};
use escabel::reference::ReferenceEscabel;
use escabel::EscabelKnowledge;
use escabel::{Escabel, EscabelOptions, SetupError, Stack, Variant, MAX_SIZE, MIN_SIZE};

#[test]
fn options_by_hand_validate_instead_of_panicking() {
    for bad in [0u8, 1, 2, 27, 40, 255] {
        let err = EscabelOptions::new(bad).unwrap_err();
        assert!(matches!(err, SpecError::BadValue { .. }), "{bad}: {err}");
        let text = err.to_string();
        assert!(text.contains("3 to 26"), "{bad}: {text}");
        assert!(EscabelOptions::default().with_size(bad).is_err(), "{bad}");
    }
    for n in MIN_SIZE..=MAX_SIZE {
        let o = EscabelOptions::new(n).unwrap();
        assert_eq!(o.size(), n);
        let g = Escabel::new(o.clone());
        assert_eq!(g.size(), n);
        assert_eq!(ReferenceEscabel::new(o).board_cells(), g.board_cells());
    }
    assert_eq!(EscabelOptions::default(), EscabelOptions::new(9).unwrap());
    let standard = EscabelOptions::new(4).unwrap();
    assert!(
        standard.clone().with_corner(Colour::White).is_err(),
        "corner needs checkered"
    );
    let checkered = standard.with_variant(Variant::Checkered).unwrap();
    assert!(
        checkered.clone().with_corner(Colour::White).is_err(),
        "white corner needs an odd side"
    );
    let odd = checkered
        .with_size(5)
        .unwrap()
        .with_corner(Colour::White)
        .unwrap();
    assert!(odd.clone().with_size(6).is_err());
    assert!(odd.clone().with_variant(Variant::Standard).is_err());
    // The explicit default corner is the same game as none.
    let black = odd.clone().with_corner(Colour::Black).unwrap();
    assert_eq!(
        black,
        EscabelOptions::from_spec("escabel:size=5,variant=checkered").unwrap()
    );
    let o = odd.with_pie(false).with_cap(LengthCap::Plies(30));
    assert_eq!(
        o.spec(),
        "escabel:size=5,variant=checkered,corner=white,pie=off,cap=30"
    );
    assert_eq!(
        (o.variant(), o.pie(), o.cap()),
        (Variant::Checkered, false, LengthCap::Plies(30))
    );
}

#[test]
fn options_display_and_from_str_are_the_spec() {
    let o: EscabelOptions = "escabel:size=7,variant=checkered".parse().unwrap();
    assert_eq!(o.to_string(), "escabel:size=7,variant=checkered");
    assert_eq!(o.to_string().parse::<EscabelOptions>().unwrap(), o);
    assert!("swack:size=7".parse::<EscabelOptions>().is_err());
    assert!("escabel:size=2".parse::<EscabelOptions>().is_err());
}

#[test]
fn stacks_read_and_write_as_diagram_cells() {
    for (text, stack) in [
        ("b1", Stack::new(Colour::Black, 1)),
        ("w255", Stack::new(Colour::White, 255)),
    ] {
        assert_eq!(text.parse::<Stack>().unwrap(), stack);
        assert_eq!(stack.to_string(), text);
        assert_eq!(text.to_uppercase().parse::<Stack>().unwrap(), stack);
    }
    for bad in ["", "b", "b0", "w256", "x2", "b+2", "b-1", "bb", "é1"] {
        let err = bad.parse::<Stack>().unwrap_err().to_string();
        assert!(err.contains("expected"), "{bad}: {err}");
    }
    let bad: Result<Cells<Stack>, _> = "b1 q2 / . .".parse();
    assert!(bad.is_err());
}

#[test]
fn set_up_positions_are_checked() {
    let options = EscabelOptions::new(3).unwrap();
    let wrong: Cells<Stack> = "b1 . / . w1".parse().unwrap();
    for result in [
        Escabel::from_cells(options.clone(), &wrong, Colour::Black).map(|_| ()),
        ReferenceEscabel::from_cells(options.clone(), &wrong, Colour::Black).map(|_| ()),
    ] {
        let err = result.unwrap_err();
        assert_eq!(
            err,
            SetupError::WrongSize {
                size: 3,
                width: 2,
                height: 2
            }
        );
        assert!(err.to_string().contains("3x3"), "{err}");
    }
    let mut zero: Cells<Stack> = Cells::empty(3, 3).unwrap();
    zero.set(Point::new(1, 1), Some(Stack::new(Colour::White, 0)))
        .unwrap();
    for result in [
        Escabel::from_cells(options.clone(), &zero, Colour::Black).map(|_| ()),
        ReferenceEscabel::from_cells(options.clone(), &zero, Colour::Black).map(|_| ()),
    ] {
        assert_eq!(
            result.unwrap_err(),
            SetupError::EmptyStack {
                point: Point::new(1, 1)
            }
        );
    }
    let cells: Cells<Stack> = "w1 . . / b2 w2 . / . b3 .".parse().unwrap();
    let g = Escabel::from_cells(options.clone(), &cells, Colour::White).unwrap();
    let r = ReferenceEscabel::from_cells(options, &cells, Colour::White).unwrap();
    assert_eq!(g.board_cells(), cells);
    assert_eq!(r.board_cells(), cells);
    assert_eq!(g.to_string(), r.to_string());
    assert_eq!(g.stack_at(Point::new(1, 0)), Some((Colour::Black, 3)));
    assert_eq!(g.stacking_move_count(Colour::White), 1);
}

#[test]
fn display_is_render_and_equal_games_compare_equal() {
    let mut a = Escabel::new(EscabelOptions::new(5).unwrap());
    let mut b = a.clone();
    a.play_list("c3 b2").unwrap();
    b.play_list("c3 b2").unwrap();
    assert_eq!(a, b);
    assert_eq!(a.to_string(), a.to_string());
    b.play_str("a1").unwrap();
    assert_ne!(a, b);
    let mut r = ReferenceEscabel::new(EscabelOptions::new(5).unwrap());
    r.play_list("c3 b2").unwrap();
    assert_eq!(r.to_string(), a.to_string());
    assert_eq!(r.clone(), r);
}

#[cfg(feature = "serde")]
#[test]
fn plies_and_options_round_trip_through_json() {
    use escabel::EscabelPly;
    for text in ["c3", "c3-c4", "swap"] {
        let ply: EscabelPly = text.parse().unwrap();
        let json = serde_json::to_string(&ply).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<EscabelPly>(&json).unwrap(), ply);
    }
    assert!(serde_json::from_str::<EscabelPly>("\"c3-\"").is_err());
    let options: EscabelOptions = "escabel:size=7,variant=checkered,pie=off".parse().unwrap();
    let json = serde_json::to_string(&options).unwrap();
    assert_eq!(json, "\"escabel:size=7,variant=checkered,pie=off\"");
    assert_eq!(serde_json::from_str::<EscabelOptions>(&json).unwrap(), options);
    assert!(serde_json::from_str::<EscabelOptions>("\"escabel:size=40\"").is_err());
}

#[test]
fn the_expected_remaining_plies_follow_the_empty_points() {
    use abstracta_core::conformance::position;
    let empty: Escabel = position("escabel:size=7", "");
    assert_eq!(EscabelKnowledge.expected_remaining_plies(&empty), Some(49));
    let two: Escabel = position("escabel:size=7", "c7 f4");
    assert_eq!(EscabelKnowledge.expected_remaining_plies(&two), Some(47));
    // A stacking move fills no point.
    let stacked: Escabel = position("escabel:size=7", "c4 c5 d4 c3 e3 d5 e5 e4 d4-e4");
    assert_eq!(EscabelKnowledge.expected_remaining_plies(&stacked), Some(41));
    // Past a fifth of the board (39 empty points of 49), fewer than the
    // empty points: 29 empty, 10 under 39, 6 fewer.
    let mut plies = Vec::new();
    for row in 1..=4 {
        for col in ['a', 'b', 'c', 'd', 'e'] {
            plies.push(format!("{col}{row}"));
        }
    }
    let filled: Escabel = position("escabel:size=7", &plies.join(" "));
    assert!(!filled.status().is_finished());
    assert_eq!(EscabelKnowledge.expected_remaining_plies(&filled), Some(23));
}
