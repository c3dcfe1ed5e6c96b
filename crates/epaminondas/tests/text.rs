//! Text forms and set-up: options as specs, pieces and diagrams, the board
//! as `Display`, typed set-up errors, and (with `--features serde`) JSON.

use abstracta_core::{Cells, CellsError, Colour, Game, GameOptions, LengthCap, Point};
use epaminondas::reference::ReferenceEpaminondas;
use epaminondas::{parse_diagram, Epaminondas, EpaminondasOptions, Piece, SetupError, Variant};

const EMPTY_ROW: &str = ". . . . . . . . . . . . . .";

fn diagram(rows: &[(usize, &str)]) -> String {
    let mut lines = [EMPTY_ROW; 12];
    for &(top, row) in rows {
        lines[top] = row;
    }
    lines.join("\n")
}

#[test]
fn options_print_and_parse_as_specs() {
    let default = EpaminondasOptions::default();
    assert_eq!(default.to_string(), "epaminondas");
    assert_eq!(default.variant(), Variant::Standard);
    assert_eq!(default.cap(), LengthCap::Default);
    let o = EpaminondasOptions::default()
        .with_variant(Variant::Stones)
        .with_cap(LengthCap::Plies(50));
    assert_eq!(o.to_string(), "epaminondas:variant=stones,cap=50");
    assert_eq!(o.to_string().parse::<EpaminondasOptions>().unwrap(), o);
    assert_eq!(
        o,
        EpaminondasOptions::from_spec("epaminondas:cap=50,variant=stones").unwrap()
    );
    assert!("escabel".parse::<EpaminondasOptions>().is_err());
    assert_eq!(Variant::Stones.to_string(), "stones");
    let unlimited = EpaminondasOptions::default().with_cap(LengthCap::Unlimited);
    assert_eq!(Epaminondas::new(unlimited).length_cap(), None);
}

#[test]
fn pieces_read_and_print() {
    assert_eq!("w".parse::<Piece>().unwrap(), Piece::White);
    assert_eq!("B".parse::<Piece>().unwrap(), Piece::Black);
    assert_eq!("*".parse::<Piece>().unwrap(), Piece::Stone);
    let err = "x".parse::<Piece>().unwrap_err().to_string();
    assert!(
        err.contains("expected b (black), w (white) or * (stone)"),
        "{err}"
    );
    assert_eq!(Piece::Stone.to_string(), "*");
}

#[test]
fn board_cells_round_trip_through_diagrams() {
    let game: Epaminondas = abstracta_core::conformance::position("epaminondas", "a1-a3 b12-b10");
    let cells = game.board_cells();
    assert_eq!((cells.width(), cells.height()), (14, 12));
    assert_eq!(cells.get(Point::new(0, 2)), Some(&Piece::White));
    assert_eq!(cells.get(Point::new(0, 0)), None);
    assert_eq!(parse_diagram(&cells.to_string()).unwrap(), cells);
    let copy = Epaminondas::from_cells(EpaminondasOptions::default(), &cells, Colour::White).unwrap();
    assert_eq!(copy.board_cells(), cells);
    assert_eq!(copy.hash(), game.hash());
}

#[test]
fn display_is_the_rendering() {
    let game: Epaminondas = abstracta_core::conformance::position("epaminondas:variant=stones", "*e6");
    assert_eq!(game.to_string(), game.to_string());
    assert!(game.to_string().contains("(placing a stone)"));
    let reference: ReferenceEpaminondas = abstracta_core::conformance::position("epaminondas", "a1-a3");
    assert_eq!(reference.to_string(), reference.to_string());
    assert!(format!("{game:?}").starts_with("Epaminondas(epaminondas:variant=stones)\n"));
}

/// The text board in the collection's convention: `b`/`w`, the squares of
/// the last ply in brackets, and a legend with each side's goal (P4).
#[test]
fn the_board_marks_the_last_move_and_says_the_goals() {
    let game: Epaminondas = abstracta_core::conformance::position("epaminondas", "a2-a3");
    let text = game.to_string();
    assert!(text.contains(" 3 [w]") && text.contains(" 2 [.] w"), "{text}");
    assert!(
        text.contains(
            "b = Black (second player): more pieces on row 1 (White's home row) than White has on row 12"
        ),
        "{text}"
    );
    assert!(
        text.contains("w = White (first player): more pieces on row 12"),
        "{text}"
    );
    assert!(text.ends_with("black (second player) to move\n"), "{text}");
}

#[test]
fn setup_errors_say_what_was_expected() {
    let small: Cells<Piece> = "w b / . .".parse().unwrap();
    let err = Epaminondas::from_cells(EpaminondasOptions::default(), &small, Colour::White).unwrap_err();
    assert_eq!(err, SetupError::WrongSize { width: 2, height: 2 });
    assert_eq!(err.to_string(), "expected a 14x12 board, found 2x2");
    assert!(matches!(
        parse_diagram("w b / . ."),
        Err(SetupError::WrongSize { .. })
    ));
    let err = parse_diagram("w b / .").unwrap_err();
    assert!(
        matches!(err, SetupError::Diagram(CellsError::RaggedRow { .. })),
        "{err}"
    );
    let err = parse_diagram(&diagram(&[(3, ". . x . . . . . . . . . . .")])).unwrap_err();
    assert!(
        matches!(err, SetupError::Diagram(CellsError::BadCell { .. })),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("expected b (black), w (white) or * (stone)"),
        "{err}"
    );

    let one_stone = parse_diagram(&diagram(&[
        (0, "b . . . . . . . . . . . . ."),
        (5, ". . . . * . . . . . . . . ."),
        (11, ". . . . . . . . . . . . . w"),
    ]))
    .unwrap();
    let stones = EpaminondasOptions::default().with_variant(Variant::Stones);
    for options in [EpaminondasOptions::default(), stones.clone()] {
        let err = Epaminondas::from_cells(options.clone(), &one_stone, Colour::White).unwrap_err();
        let reference = ReferenceEpaminondas::from_cells(options, &one_stone, Colour::White).unwrap_err();
        assert_eq!(err, reference);
        assert!(matches!(err, SetupError::Stones { found: 1, .. }), "{err}");
    }
    let err = Epaminondas::from_cells(stones, &one_stone, Colour::White).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the stones variant needs 3 stones on the board, found 1"
    );
}

#[cfg(feature = "serde")]
#[test]
fn plies_and_options_round_trip_through_json() {
    use epaminondas::EpaminondasPly;
    for text in ["a1-a3", "c3xc5", "*e6"] {
        let ply: EpaminondasPly = text.parse().unwrap();
        let json = serde_json::to_string(&ply).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<EpaminondasPly>(&json).unwrap(), ply);
    }
    assert!(serde_json::from_str::<EpaminondasPly>("\"z9\"").is_err());
    let options: EpaminondasOptions = "epaminondas:variant=stones,cap=none".parse().unwrap();
    let json = serde_json::to_string(&options).unwrap();
    assert_eq!(json, "\"epaminondas:variant=stones,cap=none\"");
    assert_eq!(
        serde_json::from_str::<EpaminondasOptions>(&json).unwrap(),
        options
    );
}
