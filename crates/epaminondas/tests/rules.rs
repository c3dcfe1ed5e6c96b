//! Hand-made rule tests: every rule of RULES.md section Epaminondas (P1-P7)
//! and every [decision] has a test naming it. Positions are ply lists from
//! the start, checked on both the engine and the reference; only P6 (no
//! pieces or no moves), which no short game reaches, uses set-up diagrams.

use abstracta_core::conformance::position;
use abstracta_core::{Colour, Game, GameOptions, PlyBuf, Seat, Status, Termination};
use epaminondas::reference::ReferenceEpaminondas;
use epaminondas::{parse_diagram, Epaminondas, EpaminondasOptions, EpaminondasPly, Piece};

const STD: &str = "epaminondas";
const STONES: &str = "epaminondas:variant=stones";

fn both(spec: &str, moves: &str) -> (Epaminondas, ReferenceEpaminondas) {
    let engine: Epaminondas = position(spec, moves);
    let reference: ReferenceEpaminondas = position(spec, moves);
    assert_eq!(
        engine.board_cells(),
        reference.board_cells(),
        "boards after {moves}"
    );
    (engine, reference)
}

fn ply(text: &str) -> EpaminondasPly {
    text.parse().unwrap()
}

/// Asserts that `text` is legal (or not) in both implementations; for an
/// illegal ply, that the engine's reason contains `reason`.
fn assert_legal(spec: &str, moves: &str, text: &str, legal: bool, reason: &str) {
    let (engine, reference) = both(spec, moves);
    let p = ply(text);
    let mut plies = PlyBuf::new();
    engine.legal_plies(&mut plies);
    assert_eq!(plies.contains(&p), legal, "{text} after [{moves}]\n{}", engine);
    assert_eq!(engine.is_legal(p), legal, "engine is_legal {text}");
    assert_eq!(reference.is_legal(p), legal, "reference {text}");
    if !legal {
        let why = engine.explain_illegal(p);
        assert!(why.contains(reason), "reason for {text}: {why}");
        let mut g = engine.clone();
        let err = g.play(p).unwrap_err().to_string();
        assert!(err.contains(reason), "{err}");
        assert_eq!(g.hash(), engine.hash());
    }
}

fn at(game: &Epaminondas, square: &str) -> Option<Piece> {
    let p: abstracta_core::Point = square.parse().unwrap();
    game.board_cells().get(p).copied()
}

fn assert_cells(game: &Epaminondas, cells: &[(&str, Option<Piece>)]) {
    for (sq, c) in cells {
        assert_eq!(at(game, sq), *c, "{sq}\n{}", game);
    }
}

/// How many pieces of kind `piece` are on the board.
fn pieces(game: &Epaminondas, piece: Piece) -> usize {
    game.board_cells()
        .occupied()
        .filter(|(_, c)| **c == piece)
        .count()
}

// ---------------------------------------------------------------- start

#[test]
fn start_position_white_moves_first_with_114_plies() {
    let (engine, reference) = both(STD, "");
    assert_eq!(engine.to_move_colour(), Colour::White);
    assert_eq!(engine.to_move_seat(), Seat::First);
    assert_eq!(reference.to_move_colour(), Colour::White);
    let mut plies = PlyBuf::new();
    engine.legal_plies(&mut plies);
    assert_eq!(plies.len(), 114);
    assert_cells(
        &engine,
        &[
            ("a1", Some(Piece::White)),
            ("n2", Some(Piece::White)),
            ("a11", Some(Piece::Black)),
            ("n12", Some(Piece::Black)),
            ("a3", None),
        ],
    );
    assert_eq!(pieces(&engine, Piece::White), 28);
    assert_eq!(pieces(&engine, Piece::Black), 28);
}

// ---------------------------------------------------------------- P1

#[test]
fn p1_line_of_two_moves_as_one() {
    let (engine, _) = both(STD, "a1-a3");
    assert_cells(
        &engine,
        &[
            ("a1", None),
            ("a2", None),
            ("a3", Some(Piece::White)),
            ("a4", Some(Piece::White)),
        ],
    );
}

#[test]
fn p1_piece_belongs_to_several_phalanxes() {
    // a1 is the rear of the column a1-a2 and of the diagonal a1-b2.
    for text in ["a1-a2", "a1-a3", "a1-b2", "a1-c3"] {
        assert_legal(STD, "", text, true, "");
    }
}

#[test]
fn p1_lone_piece_is_a_phalanx_of_one() {
    assert_legal(STD, "", "a2-a3", true, "");
    assert_legal(STD, "", "a2-a4", false, "at most 1");
}

// ---------------------------------------------------------------- P2

#[test]
fn p2_distance_at_most_number_of_moving_pieces() {
    assert_legal(STD, "", "a1-a3", true, "");
    assert_legal(STD, "", "a1-a4", false, "at most 2");
}

#[test]
fn p2_split_phalanx_moves_only_its_front_part() {
    // b2-a3 makes the column a1 a2 a3; a2-a4 moves its front two by two.
    let moves = "b2-a3 n11-n10";
    assert_legal(STD, moves, "a1-a4", true, "");
    assert_legal(STD, moves, "a2-a4", true, "");
    assert_legal(STD, moves, "a2-a5", false, "at most 2");
    let (engine, _) = both(STD, "b2-a3 n11-n10 a2-a4");
    assert_cells(
        &engine,
        &[
            ("a1", Some(Piece::White)),
            ("a2", None),
            ("a3", None),
            ("a4", Some(Piece::White)),
            ("a5", Some(Piece::White)),
        ],
    );
}

#[test]
fn p2_blocked_by_the_edge() {
    assert_legal(STD, "", "n1-m1", false, "leave the board");
    assert_legal(STD, "", "a2-a1", false, "leave the board");
    assert_legal(STD, "", "n2-m1", false, "leave the board");
}

#[test]
fn p2_blocked_by_a_friendly_piece() {
    // Column a1 a2, a gap on a3, a friendly piece on a4.
    let moves = "b2-b3 n11-n10 b3-a4 n10-n11";
    assert_legal(STD, moves, "a1-a3", false, "friendly piece on a4");
    assert_legal(STD, moves, "a1-a2", true, "");
}

#[test]
fn p2_may_not_pass_through_a_friendly_piece() {
    // Column a1 a2 a3, a gap on a4, a friendly piece on a5.
    let moves = "b2-b3 n11-n10 b3-b4 n10-n11 b4-a5 n11-n10 c2-b2 n10-n11 b2-a3 n11-n10";
    assert_legal(STD, moves, "a1-a4", false, "friendly piece on a5");
    assert_legal(STD, moves, "a1-a3", false, "friendly piece on a5");
    assert_legal(STD, moves, "a1-a2", true, "");
}

#[test]
fn p2_may_not_pass_through_an_enemy_piece() {
    // White a5 a6, a lone black piece on a7.
    let moves = "a1-a3 a12-a10 a3-a5 a9-a8 n2-n3 a8-a7";
    assert_legal(STD, moves, "a5-a7", false, "pass through the enemy piece on a7");
}

#[test]
fn p2_not_along_a_line_or_not_own_piece() {
    assert_legal(STD, "", "a1-b3", false, "not on one");
    assert_legal(STD, "", "a1-a1", false, "not on one");
    assert_legal(STD, "", "c5-c6", false, "does not hold a white piece");
    assert_legal(STD, "", "a11-a10", false, "does not hold a white piece");
}

// ---------------------------------------------------------------- P3

#[test]
fn p3_capture_at_less_than_full_distance() {
    // Two white pieces capture a lone black piece one square ahead.
    let moves = "a1-a3 a12-a10 a3-a5 a9-a8 n2-n3 a8-a7";
    assert_legal(STD, moves, "a5xa6", true, "");
    let (engine, _) = both(STD, &format!("{moves} a5xa6"));
    assert_cells(
        &engine,
        &[
            ("a5", None),
            ("a6", Some(Piece::White)),
            ("a7", Some(Piece::White)),
            ("a8", None),
            ("a10", Some(Piece::Black)),
        ],
    );
    assert_eq!(engine.last_ply().unwrap().to_string(), "a5xa6");
    // Typed with '-', the capture is still recognised and printed with 'x'.
    let mut g: Epaminondas = position(STD, moves);
    g.play_str("a5-a6").unwrap();
    assert_eq!(g.last_ply().unwrap().to_string(), "a5xa6");
}

#[test]
fn p3_capture_removes_the_whole_shorter_line() {
    // Three white pieces a4 a5 a6 against black a7 a8.
    let moves = "b2-a3 a12-a10 a1-a4 a10-a8";
    assert_legal(STD, moves, "a4xa5", true, "");
    assert_legal(STD, moves, "a4-a6", false, "pass through");
    let (engine, _) = both(STD, &format!("{moves} a4xa5"));
    assert_cells(
        &engine,
        &[
            ("a4", None),
            ("a5", Some(Piece::White)),
            ("a6", Some(Piece::White)),
            ("a7", Some(Piece::White)),
            ("a8", None),
            ("a9", None),
        ],
    );
    assert_eq!(pieces(&engine, Piece::Black), 26);
}

#[test]
fn p3_capture_refused_when_enemy_line_is_as_long() {
    // White a5 a6 against black a7 a8 (which ends at an empty square).
    let moves = "a1-a3 a12-a10 a3-a5 a10-a8";
    assert_legal(
        STD,
        moves,
        "a5-a6",
        false,
        "2 piece(s), not fewer than the 2 moving (P3)",
    );
}

#[test]
fn p3_capture_refused_enemy_line_ends_at_the_edge() {
    // White a9 a10 against black a11 a12, which ends at the board's edge.
    let moves = "a1-a3 n11-n10 a3-a5 n10-n11 a5-a7 n11-n10 a7-a9 n10-n11";
    assert_legal(
        STD,
        moves,
        "a9-a10",
        false,
        "2 piece(s), not fewer than the 2 moving",
    );
}

/// Row 3: white b3 c3, black d3 e3, white f3.
const ROW3: &str = "b2-b3 d12-d10 c2-c3 d10-d8 f2-f3 d8-d6 n2-n3 d6-d4 n3-n2 e12-e10 \
                    n2-n3 e10-e8 n3-n2 e8-e6 n2-n3 e6-e4";

#[test]
fn p3_capture_refused_enemy_line_ends_at_a_friendly_piece() {
    assert_legal(
        STD,
        ROW3,
        "b3-c3",
        false,
        "2 piece(s), not fewer than the 2 moving",
    );
    // With a third piece behind, the same line is captured.
    let moves = format!("{ROW3} a2-a3 n11-n10");
    assert_legal(STD, &moves, "b3-c3", false, "not fewer");
    assert_legal(STD, &moves, "a3xb3", true, "");
    let (engine, _) = both(STD, &format!("{moves} a3xb3"));
    assert_cells(
        &engine,
        &[
            ("a3", None),
            ("b3", Some(Piece::White)),
            ("d3", Some(Piece::White)),
            ("e3", None),
            ("f3", Some(Piece::White)),
            ("e4", Some(Piece::Black)),
        ],
    );
}

/// Stones variant, row 4: white b4 c4, black d4 e4, a stone on f4.
const ROW4: &str = "*f4 *n6 *n7 b2-b3 d12-d10 b3-b4 d10-d8 c2-c3 d8-d6 c3-c4 d6-d5 \
                    n2-n3 e12-e10 n3-n2 e10-e8 n2-n3 e8-e6 n3-n2 e6-e5";

#[test]
fn p3_capture_refused_enemy_line_ends_at_a_stone_p7() {
    assert_legal(
        STONES,
        ROW4,
        "b4-c4",
        false,
        "2 piece(s), not fewer than the 2 moving",
    );
    let moves = format!("{ROW4} a2-a3 n11-n10 a3-a4 n10-n11");
    assert_legal(STONES, &moves, "a4xb4", true, "");
    let (engine, _) = both(STONES, &format!("{moves} a4xb4"));
    assert_cells(
        &engine,
        &[
            ("d4", Some(Piece::White)),
            ("e4", None),
            ("f4", Some(Piece::Stone)),
            ("e5", Some(Piece::Black)),
        ],
    );
}

// ---------------------------------------------------------------- P4

/// White's three-piece column captures black a11 a12 and reaches a12.
const P4: &str = "b2-a3 n11-n10 a1-a4 n10-n11 a4-a7 n11-n10 a7xa9 n10-n11 a9-a10";

#[test]
fn p4_win_at_start_of_turn_not_after_the_move() {
    let (engine, reference) = both(STD, P4);
    // Arriving does not win: Black moves first and may answer.
    assert_eq!(engine.status(), Status::Ongoing);
    assert_eq!(reference.status(), Status::Ongoing);
    assert_eq!(engine.home_row_count(Colour::White), 1);
    // Black does not answer: White wins at the start of its turn.
    let (engine, reference) = both(STD, &format!("{P4} n11-n10"));
    let win = Status::win(Colour::White, Seat::First);
    assert_eq!(engine.status(), win);
    assert_eq!(reference.status(), win);
    let mut plies = PlyBuf::new();
    engine.legal_plies(&mut plies);
    assert!(plies.is_empty());
    assert!(engine.to_string().contains("white (first player) wins"));
}

#[test]
fn p4_capture_on_own_home_row_changes_the_balance() {
    // Black captures the intruder on its own home row: no win for White.
    let moves = format!("{P4} c12xb12");
    let (engine, reference) = both(STD, &moves);
    assert_eq!(engine.status(), Status::Ongoing);
    assert_eq!(reference.status(), Status::Ongoing);
    assert_eq!(engine.home_row_count(Colour::White), 0);
    assert_cells(
        &engine,
        &[
            ("a12", Some(Piece::Black)),
            ("b12", Some(Piece::Black)),
            ("c12", None),
        ],
    );
}

#[test]
fn p4_more_pieces_needed_equal_counts_do_not_win() {
    let diagram = "
        . . . . . . . . . . . . . w
        b b . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . w w
        b . . . . . . . . . . . . .";
    let cells = parse_diagram(diagram).unwrap();
    for colour in Colour::ALL {
        let o = EpaminondasOptions::default();
        let e = Epaminondas::from_cells(o.clone(), &cells, colour).unwrap();
        let r = ReferenceEpaminondas::from_cells(o, &cells, colour).unwrap();
        assert_eq!(e.status(), Status::Ongoing, "{colour}");
        assert_eq!(r.status(), Status::Ongoing, "{colour}");
    }
}

// ---------------------------------------------------------------- P5

/// A copycat game: Black mirrors every White move (row r <-> 13 - r) until
/// White's d9-b11 puts a piece on a12; Black's copy d4-b2 would put one on a1
/// and restore the symmetry.
const COPYCAT: &str = "b1-d3 b12-d10 d1-d4 d12-d9 i1-k3 i12-k10 f1-d3 f12-d10 e4-c6 e9-c7 \
    m1-j4 m12-j9 j4-g7 j9-g6 a1-a3 a12-a10 a3-a5 a10-a8 k1-k3 k12-k10 k3-k5 k10-k8 n1-l3 \
    n12-l10 c1-c2 c12-c11 a6xc8 a7xc5 h1xf3 h12xf10 d3-b5 d10-b8 c8-b9 c5-b4 l3-l5 l10-l8 \
    f2xf4 f11xf9 b2-a3 b11-a10 c2-d3 c11-d10 k5-m7 k8-m6 j1-h3 j12-h10 e1-d2 e12-d11 g4xe6 \
    g9xe7 b9-c10 b4-c3";

#[test]
fn p5_symmetry_rule_forbids_the_copying_move() {
    let (engine, _) = both(STD, COPYCAT);
    assert!(engine.is_symmetric(), "{}", engine.to_string());
    let moves = format!("{COPYCAT} d9-b11");
    assert!(!both(STD, &moves).0.is_symmetric());
    assert_legal(STD, &moves, "d4-b2", false, "symmetric board (P5)");
    // Other Black moves stay legal.
    assert_legal(STD, &moves, "d4-c3", true, "");
}

#[test]
fn p5_decision_reflection_between_rows_6_and_7_with_colours_exchanged() {
    // The start position is symmetric in exactly this sense, and so is
    // every position of the copycat game after Black's reply.
    let (engine, _) = both(STD, "");
    assert!(engine.is_symmetric());
    let (engine, _) = both(STD, "a1-a3 a12-a10");
    assert!(engine.is_symmetric());
    // A left-right mirror image is not what the rule looks at.
    let (engine, _) = both(STD, "a1-a3 n12-n10");
    assert!(!engine.is_symmetric());
    // Only moves that put a moved piece on the opponent's home row are
    // restricted: ordinary copies are legal.
    assert_legal(STD, "a1-a3", "a12-a10", true, "");
}

#[test]
fn p5_stones_must_map_onto_stones() {
    // Three stones can never be symmetric, so in the stones variant the
    // copying move is legal.
    let moves = format!("*h4 *i4 *m4 {COPYCAT} d9-b11");
    assert_legal(STONES, &moves, "d4-b2", true, "");
}

// ---------------------------------------------------------------- P6

fn setup(diagram: &str, to_move: Colour) -> (Epaminondas, ReferenceEpaminondas) {
    let cells = parse_diagram(diagram).unwrap();
    let o = EpaminondasOptions::default();
    (
        Epaminondas::from_cells(o.clone(), &cells, to_move).unwrap(),
        ReferenceEpaminondas::from_cells(o, &cells, to_move).unwrap(),
    )
}

#[test]
fn p6_side_with_no_pieces_loses() {
    // White captures Black's last piece.
    let diagram = "
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . b . . . . . . . . .
        . . . . w . . . . . . . . .
        . . . . w . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .";
    let (mut e, mut r) = setup(diagram, Colour::White);
    e.play_str("e5xe6").unwrap();
    r.play_str("e5xe6").unwrap();
    let win = Status::win(Colour::White, Seat::First);
    assert_eq!(e.status(), win);
    assert_eq!(r.status(), win);
}

#[test]
fn p6_side_with_no_legal_move_loses() {
    // Black's only piece is boxed into a corner; a lone piece cannot capture.
    let diagram = "
        b w . . . . . . . . . . . .
        w w . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .";
    let (e, r) = setup(diagram, Colour::Black);
    let win = Status::win(Colour::White, Seat::First);
    assert_eq!(e.status(), win);
    assert_eq!(r.status(), win);
    assert_eq!(e.random_ply(&mut rand::thread_rng()), None);
}

#[test]
fn p6_p4_is_checked_first() {
    // Black has no move but more pieces on White's home row: Black wins.
    let diagram = "
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . .
        w w . . . . . . . . . . . .
        b w . . . . . . . . . . . .";
    let (e, r) = setup(diagram, Colour::Black);
    let win = Status::win(Colour::Black, Seat::Second);
    assert_eq!(e.status(), win);
    assert_eq!(r.status(), win);
}

// ---------------------------------------------------------------- P7

#[test]
fn p7_three_stone_plies_black_white_black_then_white_moves() {
    let (e, r) = both(STONES, "");
    assert_eq!(e.to_move_colour(), Colour::Black);
    assert_eq!(e.to_move_seat(), Seat::Second);
    assert_eq!(r.to_move_colour(), Colour::Black);
    let mut plies = PlyBuf::new();
    e.legal_plies(&mut plies);
    assert_eq!(plies.len(), 84);
    assert!(plies.iter().all(|p| matches!(p, EpaminondasPly::Stone(_))));
    assert_legal(STONES, "", "a1-a2", false, "stones come first");
    let (e, _) = both(STONES, "*e6");
    assert_eq!(e.to_move_colour(), Colour::White);
    let (e, _) = both(STONES, "*e6 *f6");
    assert_eq!(e.to_move_colour(), Colour::Black);
    let (e, _) = both(STONES, "*e6 *f6 *g6");
    assert_eq!(e.to_move_colour(), Colour::White);
    assert_eq!(e.to_move_seat(), Seat::First);
    e.legal_plies(&mut plies);
    assert_eq!(plies.len(), 114);
    assert_legal(STONES, "*e6 *f6 *g6", "*h6", false, "all three stones");
    assert_legal(STONES, "*e6 *f6 *g6", "a1-a3", true, "");
    assert_cells(
        &e,
        &[
            ("e6", Some(Piece::Stone)),
            ("f6", Some(Piece::Stone)),
            ("g6", Some(Piece::Stone)),
        ],
    );
}

#[test]
fn p7_stones_only_on_rows_4_to_9_and_empty_squares() {
    for (text, ok) in [
        ("*a4", true),
        ("*n9", true),
        ("*e3", false),
        ("*e10", false),
        ("*a1", false),
        ("*n12", false),
    ] {
        assert_legal(STONES, "", text, ok, "rows 4..9");
    }
    assert_legal(STONES, "*e6", "*e6", false, "already holds a stone");
    assert_legal(STD, "", "*e6", false, "only placed in the stones variant");
}

#[test]
fn p7_stones_block_phalanxes() {
    let moves = "*a4 *n6 *n7";
    assert_legal(STONES, moves, "a1-a3", false, "stone on a4 blocks");
    assert_legal(STONES, moves, "a1-a2", true, "");
    // Passing over a stone is refused as well.
    let moves = "*a4 *n6 *n7 a1-a2 n11-n10";
    assert_legal(STONES, moves, "a2-a4", false, "stone on a4 blocks");
    // And on diagonals.
    let moves = "*d4 *n6 *n7";
    assert_legal(STONES, moves, "a1-c3", false, "stone on d4 blocks");
    assert_legal(STONES, moves, "a1-b2", true, "");
}

#[test]
fn p7_stones_cannot_be_captured() {
    // A white column of two next to a stone cannot move onto it.
    let moves = "*a5 *n6 *n7 a1-a3";
    let (e, _) = both(STONES, moves);
    assert_cells(
        &e,
        &[
            ("a3", Some(Piece::White)),
            ("a4", Some(Piece::White)),
            ("a5", Some(Piece::Stone)),
        ],
    );
    assert_legal(
        STONES,
        &format!("{moves} n11-n10"),
        "a3-a4",
        false,
        "stone on a5 blocks",
    );
}

// ---------------------------------------------------------------- cap

#[test]
fn cap_decision_default_1000_plies_then_adjudicated_draw() {
    let (e, r) = both(STD, "");
    assert_eq!(e.length_cap(), Some(1000));
    assert_eq!(r.length_cap(), Some(1000));
    let none: Epaminondas = position("epaminondas:cap=none", "");
    assert_eq!(none.length_cap(), None);
    let (e, r) = both("epaminondas:cap=3", "a1-a2 n11-n10 n1-n2");
    let capped = Status::Finished {
        outcome: abstracta_core::Outcome::Draw,
        termination: Termination::LengthCap,
    };
    assert_eq!(e.status(), capped);
    assert_eq!(r.status(), capped);
    let mut g = e.clone();
    assert!(g.play_str("a11-a10").is_err());
    assert_eq!(g.random_ply(&mut rand::thread_rng()), None);
    assert!(e.to_string().contains("draw (length cap)"));
}

#[test]
fn cap_rules_result_on_the_capping_ply_wins() {
    let (e, _) = both("epaminondas:cap=10", &format!("{P4} n11-n10"));
    assert_eq!(e.status(), Status::win(Colour::White, Seat::First));
}

// ---------------------------------------------------------------- errors

#[test]
fn bad_specs_are_errors() {
    for bad in [
        "epaminondas:variant=foo",
        "epaminondas:size=3",
        "epaminondas:pie=off",
        "epaminondas:cap=0",
        "epaminondas:cap=x",
        "epaminondas:variant=stones,variant=standard",
        "epaminondas:",
        "escabel",
    ] {
        let err = EpaminondasOptions::from_spec(bad).unwrap_err();
        assert!(!err.to_string().is_empty(), "{bad}");
    }
    let o = EpaminondasOptions::from_spec("Epaminondas: Variant=Stones, cap=50").unwrap();
    assert_eq!(o.spec(), "epaminondas:variant=stones,cap=50");
    assert_eq!(
        EpaminondasOptions::from_spec("epaminondas:variant=standard")
            .unwrap()
            .spec(),
        "epaminondas"
    );
}

#[test]
fn bad_plies_are_errors() {
    for bad in [
        "", "a1", "a1-", "-a1", "a1-o1", "a13-a14", "a1+a2", "*", "*e13", "*o5", "swap", "pass", "a1--a2",
        "a1-a2x", "a1 a2", "e6*",
    ] {
        assert!(bad.parse::<EpaminondasPly>().is_err(), "{bad:?}");
        let mut g: Epaminondas = position(STD, "");
        assert!(g.play_str(bad).is_err());
    }
    assert_eq!(ply("A1XA3"), ply("a1-a3"));
    assert_eq!(ply("A1XA3").to_string(), "a1xa3");
    assert_eq!(ply("*E6").to_string(), "*e6");
    let mut g: Epaminondas = position(STD, "");
    let err = g.play_list("a1-a3 a1-a2").unwrap_err();
    assert_eq!(err.index, 2);
}

#[test]
fn p5_random_ply_never_plays_the_forbidden_copy() {
    use rand::SeedableRng;
    let g: Epaminondas = position(STD, &format!("{COPYCAT} d9-b11"));
    let mut plies = PlyBuf::new();
    g.legal_plies(&mut plies);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..20_000 {
        let p = g.random_ply(&mut rng).unwrap();
        assert!(plies.contains(&p), "{p}");
        assert_ne!(p, ply("d4-b2"));
        seen.insert(p);
    }
    // Every legal ply can come up.
    assert_eq!(seen.len(), plies.len());
}
