//! Hand-made rule tests, one or more per rule of RULES.md (section
//! Whirlwind) and per **[decision]**, written as ply lists from the start.
//!
//! Boards used below (setup `a`), `b` Black, `w` White:
//!
//! ```text
//! 6x6            4x4
//! 6 w . . . . b  4 . . b .
//! 5 . . . w . .  3 w . . .
//! 4 . b . . . .  2 . . . w
//! 3 . . . . b .  1 . b . .
//! 2 . . w . . .    a b c d
//! 1 b . . . . w
//!   a b c d e f
//! ```

use abstracta_core::conformance::position;
use abstracta_core::CellClaims;
use abstracta_core::{Colour, Game, GameOptions, PlayError, PlyBuf, Point, Seat, Status, Termination};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use whirlwind::reference::ReferenceWhirlwind;
use whirlwind::WhirlwindKnowledge;
use whirlwind::{setup_residue, setup_stones, Setup, Whirlwind, WhirlwindOptions, WhirlwindPly};

const SIX: &str = "whirlwind:size=6";
const FOUR: &str = "whirlwind:size=4";

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn ply(s: &str) -> WhirlwindPly {
    s.parse().unwrap()
}

fn legal(game: &Whirlwind) -> Vec<String> {
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mut v: Vec<String> = plies.iter().map(|p| p.to_string()).collect();
    v.sort();
    v
}

fn explain(game: &Whirlwind, text: &str) -> String {
    let mut g = game.clone();
    match g.play_str(text) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("{text} was accepted\n{}", game),
    }
}

fn sizes() -> impl Iterator<Item = u8> {
    (4..=26).step_by(2)
}

fn stone_map(n: u8, setup: Setup) -> Vec<Option<Colour>> {
    let mut cells = vec![None; usize::from(n) * usize::from(n)];
    for (pt, c) in setup_stones(n, setup) {
        cells[usize::from(pt.row) * usize::from(n) + usize::from(pt.col)] = Some(c);
    }
    cells
}

fn at(cells: &[Option<Colour>], n: u8, x: i32, y: i32) -> Option<Option<Colour>> {
    let n = i32::from(n);
    (x >= 0 && y >= 0 && x < n && y < n).then(|| cells[(y * n + x) as usize])
}

// ---------------------------------------------------------------- W1

#[test]
fn w1_residue_and_counts_12x12_c2_28_and_14x14_c1_40() {
    assert_eq!(setup_residue(12), 2);
    assert_eq!(setup_stones(12, Setup::A).len(), 28);
    assert_eq!(setup_residue(14), 1);
    assert_eq!(setup_stones(14, Setup::A).len(), 40);
    // The reference finds c by trying every residue for the symmetry.
    for n in sizes() {
        assert_eq!(
            ReferenceWhirlwind::setup_residue(usize::from(n)),
            usize::from(setup_residue(n)),
            "size {n}"
        );
    }
    for (spec, stones) in [("whirlwind:size=12", 28), ("whirlwind", 40)] {
        let game: Whirlwind = position(spec, "");
        let on_board = game
            .board_cells()
            .as_slice()
            .iter()
            .filter(|c| c.is_some())
            .count();
        assert_eq!(on_board, stones, "{spec}");
    }
}

#[test]
fn w1_quarter_turn_maps_setup_onto_itself_colours_exchanged() {
    for n in sizes() {
        for setup in [Setup::A, Setup::B] {
            let cells = stone_map(n, setup);
            for y in 0..i32::from(n) {
                for x in 0..i32::from(n) {
                    let here = at(&cells, n, x, y).unwrap();
                    let turned = at(&cells, n, i32::from(n) - 1 - y, x).unwrap();
                    assert_eq!(turned, here.map(Colour::opponent), "size {n} {setup:?} ({x},{y})");
                }
            }
        }
        // No other residue gives a symmetric lattice, so c is unique.
        let c = u32::from(setup_residue(n));
        for other in (0..5).filter(|&o| o != c) {
            let on = |x: u32, y: u32| (x + 3 * y) % 5 == other;
            let n32 = u32::from(n);
            let symmetric = (0..n32).all(|y| (0..n32).all(|x| on(x, y) == on(n32 - 1 - y, x)));
            assert!(!symmetric, "size {n}: residue {other} is symmetric too");
        }
    }
}

#[test]
fn w1_knight_jump_enemies_and_3_1_jump_friends() {
    // k = x + 3y changes by +-5 for these knight jumps (next lattice row,
    // other colour) and by 0 or +-10 for these (3,1) jumps (same colour).
    let knights = [(2, 1), (-1, 2), (-2, -1), (1, -2)];
    let other_knights = [(1, 2), (-2, 1), (-1, -2), (2, -1)];
    let long = [(3, -1), (-3, 1), (1, 3), (-1, -3)];
    for n in sizes() {
        for setup in [Setup::A, Setup::B] {
            let cells = stone_map(n, setup);
            let mut interior = 0;
            for (pt, colour) in setup_stones(n, setup) {
                let (x, y) = (i32::from(pt.col), i32::from(pt.row));
                let mut enemies = 0;
                let mut friends = 0;
                for (dx, dy) in knights {
                    if let Some(c) = at(&cells, n, x + dx, y + dy) {
                        assert_eq!(c, Some(colour.opponent()), "size {n} {pt} +({dx},{dy})");
                        enemies += 1;
                    }
                }
                for (dx, dy) in other_knights {
                    if let Some(c) = at(&cells, n, x + dx, y + dy) {
                        assert_eq!(c, None, "size {n} {pt} +({dx},{dy})");
                    }
                }
                for (dx, dy) in long {
                    if let Some(c) = at(&cells, n, x + dx, y + dy) {
                        assert_eq!(c, Some(colour), "size {n} {pt} +({dx},{dy})");
                        friends += 1;
                    }
                }
                // No two set-up stones touch, orthogonally or diagonally.
                for (dx, dy) in [
                    (1, 0),
                    (0, 1),
                    (1, 1),
                    (1, -1),
                    (-1, 0),
                    (0, -1),
                    (-1, -1),
                    (-1, 1),
                ] {
                    assert!(
                        at(&cells, n, x + dx, y + dy).flatten().is_none(),
                        "size {n} {pt} touches a stone"
                    );
                }
                if (3..i32::from(n) - 3).contains(&x) && (3..i32::from(n) - 3).contains(&y) {
                    assert_eq!((enemies, friends), (4, 4), "interior stone {pt} on {n}x{n}");
                    interior += 1;
                }
            }
            assert!(n < 10 || interior > 0);
        }
    }
}

#[test]
fn w1_setups_a_and_b_exchange_colours() {
    // On 12x12, c = 2: the lowest lattice point is c1 (k = 2), then h1 (k = 7).
    let a: Whirlwind = position("whirlwind:size=12", "");
    let b: Whirlwind = position("whirlwind:size=12,setup=b", "");
    assert_eq!(a.at(p("c1")), Some(Colour::Black));
    assert_eq!(a.at(p("h1")), Some(Colour::White));
    assert_eq!(b.at(p("c1")), Some(Colour::White));
    assert_eq!(b.at(p("h1")), Some(Colour::Black));
    for n in sizes() {
        let a = stone_map(n, Setup::A);
        let b = stone_map(n, Setup::B);
        let swapped: Vec<_> = a.iter().map(|c| c.map(Colour::opponent)).collect();
        assert_eq!(b, swapped, "size {n}");
        let game = Whirlwind::new(WhirlwindOptions::new(n).unwrap());
        assert_eq!(
            game.board_cells().as_slice(),
            &a[..],
            "size {n}: start board is the W1 set-up"
        );
    }
}

// ---------------------------------------------------------------- W2

#[test]
fn w2_black_first_turn_is_one_stone() {
    let start: Whirlwind = position(SIX, "");
    assert!(!legal(&start).contains(&"end".to_owned()));
    let game: Whirlwind = position(SIX, "c6");
    assert_eq!(game.to_move_colour(), Colour::White);
    assert_eq!(game.to_move_seat(), Seat::Second);
    assert_eq!(game.pending(), None);
}

#[test]
fn w2_black_first_stone_must_keep_the_diagonal_rule() {
    let start: Whirlwind = position(SIX, "");
    // d2 is diagonal to Black's e3 with d3 and e2 empty: a bare diagonal no
    // second stone may repair on Black's first turn.
    let why = explain(&start, "d2");
    assert!(why.contains("first turn") && why.contains("e3"), "{why}");
    // 28 empty points minus the diagonal neighbours of a1 (b2), e3 (d2 f2
    // d4 f4), b4 (a3 c3 a5 c5) and f6 (e5).
    assert_eq!(legal(&start).len(), 28 - 10);
}

#[test]
fn w2_one_or_two_stones_then_the_turn_passes() {
    let one: Whirlwind = position(SIX, "c6 a4 end");
    assert_eq!(one.to_move_colour(), Colour::Black);
    let two: Whirlwind = position(SIX, "c6 a4 a5");
    assert_eq!(two.to_move_colour(), Colour::Black);
    assert_eq!(two.at(p("a5")), Some(Colour::White));
    let mid: Whirlwind = position(SIX, "c6 a4");
    assert_eq!(mid.to_move_colour(), Colour::White);
    assert_eq!(mid.pending(), Some(p("a4")));
}

#[test]
fn w2_no_passing() {
    assert!("pass".parse::<WhirlwindPly>().is_err());
    let game: Whirlwind = position(SIX, "c6");
    let why = explain(&game, "end");
    assert!(why.contains("place a stone first"), "{why}");
}

#[test]
fn w2_second_stone_comes_later_in_row_major_order() {
    let game: Whirlwind = position(SIX, "c6 a4");
    // e1 is index 4, a4 index 18.
    let why = explain(&game, "e1");
    assert!(why.contains("row-major"), "{why}");
    // The same two stones in the other order make a legal turn.
    let other: Whirlwind = position(SIX, "c6 e1 a4");
    assert_eq!(other.to_move_colour(), Colour::Black);
}

// ---------------------------------------------------------------- W3

#[test]
fn w3_first_stone_breaks_the_rule_and_second_repairs_it() {
    let game: Whirlwind = position(SIX, "c6 a4 end d2");
    // d2-e3 is a bare diagonal: only e2 or d3 (both later) repair it.
    assert_eq!(legal(&game), vec!["d3", "e2"]);
    assert!(!game.w3_holds());
    let why = explain(&game, "end");
    assert!(why.contains("W3") && why.contains("e3"), "{why}");
    let done: Whirlwind = position(SIX, "c6 a4 end d2 e2");
    assert!(done.w3_holds());
    assert_eq!(done.to_move_colour(), Colour::White);
}

#[test]
fn w3_unrepairable_first_stone_is_illegal() {
    // Black c5 and e3 sit on opposite diagonals of d4; the sides c4/d5
    // (d5 White) and d3/e4 share no point, so no turn starting with d4 is
    // legal.
    let game: Whirlwind = position(SIX, "f3 a3 end b5 c5 a2 end");
    assert_eq!(game.to_move_colour(), Colour::Black);
    let why = explain(&game, "d4");
    assert!(why.contains("no legal turn starts with d4"), "{why}");
    // Nor is d4 a legal second stone: either first stone repairs only one.
    for first in ["c4", "d3"] {
        let mut g = game.clone();
        g.play_str(first).unwrap();
        assert!(!g.is_legal(ply("d4")), "after {first}");
    }
}

#[test]
fn w3_repair_before_the_first_stone_is_not_a_turn_starting_with_it() {
    // f4-e3 is bare; the sides e4 and f3 both come before f4.
    let game: Whirlwind = position(SIX, "d6 a3 end");
    assert!(!game.is_legal(ply("f4")));
    let _: Whirlwind = position(SIX, "d6 a3 end f3 f4");
    let _: Whirlwind = position(SIX, "d6 a3 end e4 f4");
}

#[test]
fn w3_second_stone_may_not_form_a_new_bare_diagonal() {
    let game: Whirlwind = position(SIX, "c6 a4 end e1");
    assert!(game.is_legal(WhirlwindPly::End));
    // f2 would be bare with e3 (sides e2, f3 empty).
    let why = explain(&game, "f2");
    assert!(why.contains("bare diagonal") && why.contains("e3"), "{why}");
}

#[test]
fn w3_end_only_where_the_one_stone_turn_is_legal() {
    let safe: Whirlwind = position(SIX, "c6 a4 end e1");
    assert!(legal(&safe).contains(&"end".to_owned()));
    let broken: Whirlwind = position(SIX, "c6 a4 end d2");
    assert!(!legal(&broken).contains(&"end".to_owned()));
    let start: Whirlwind = position(SIX, "c6 a4 end");
    assert!(!legal(&start).contains(&"end".to_owned()));
}

#[test]
fn w3_enemy_stones_do_not_repair_a_diagonal() {
    // d5 is White: the bare diagonal c5-d4 of Black cannot use it.
    let game: Whirlwind = position(SIX, "f3 a3 end b5 c5 a2 end c4");
    assert!(game.is_legal(WhirlwindPly::End), "c4 is safe on its own");
    let game: Whirlwind = position(SIX, "f3 a3 end b5 c5 a2 end");
    let g2 = {
        let mut g = game.clone();
        g.play_str("d3").unwrap();
        g
    };
    assert!(!g2.is_legal(ply("d4")));
}

// ---------------------------------------------------------------- W4

#[test]
fn w4_win_by_the_second_stone() {
    let before: Whirlwind = position(FOUR, "b2 d3 end b3");
    assert_eq!(before.status(), Status::Ongoing);
    let game: Whirlwind = position(FOUR, "b2 d3 end b3 c3");
    assert!(game.has_chain(Colour::Black));
    assert_eq!(game.status(), Status::win(Colour::Black, Seat::First));
    assert!(legal(&game).is_empty());
}

#[test]
fn w4_win_by_the_first_stone_ends_the_turn_by_itself() {
    let game: Whirlwind = position(FOUR, "b2 d3 end c1 c2 a2 end c3");
    assert_eq!(game.plies_played(), 8);
    assert_eq!(game.status(), Status::win(Colour::Black, Seat::First));
    assert_eq!(game.pending(), None);
    assert!(legal(&game).is_empty());
    let mut g = game.clone();
    assert!(matches!(g.play_str("end"), Err(PlayError::GameOver { .. })));
}

#[test]
fn w4_white_joins_left_and_right() {
    let game: Whirlwind = position(FOUR, "b2 c3 d3 a1 end b3");
    assert_eq!(game.status(), Status::win(Colour::White, Seat::Second));
    assert!(!game.has_chain(Colour::Black));
}

#[test]
fn w4_a_winning_first_stone_never_breaks_w3() {
    // Why the "W3 holds" clause of W4 never bites: a first stone that
    // completes a chain joins it through two opposite neighbours (which
    // cover all its diagonals), or through two perpendicular ones, which
    // W3 already forced to be joined. So every chain-completing first stone
    // ends the game at once; checked here over random games.
    let mut rng = SmallRng::seed_from_u64(4);
    for size in [4u8, 6, 8, 10] {
        for _ in 0..300 {
            let mut game = Whirlwind::new(WhirlwindOptions::new(size).unwrap());
            while let Some(ply) = game.random_ply(&mut rng) {
                let first = game.pending().is_none() && game.plies_played() > 0;
                let mover = game.to_move_colour();
                game.play_unchecked(ply);
                if first && game.has_chain(mover) {
                    assert_eq!(game.status().winner_colour(), Some(mover), "{}", game);
                }
            }
        }
    }
}

// ---------------------------------------------------------------- W5

#[test]
fn w5_decision_no_legal_turn_loses() {
    // A stuck player needs every empty point to form an unrepairable bare
    // diagonal; each bare diagonal needs an empty side (two enemy sides
    // would be a bare enemy diagonal), so with one or two empty points a
    // legal turn always exists. No random game reaches W5, so this checks
    // the rule's consequences: a finished game is won by a chain or by the
    // opponent having no legal first stone, and both implementations agree.
    let mut rng = SmallRng::seed_from_u64(5);
    for size in [4u8, 6] {
        for _ in 0..200 {
            let options = WhirlwindOptions::new(size).unwrap();
            let mut game = Whirlwind::new(options.clone());
            let mut reference = ReferenceWhirlwind::new(options);
            while let Some(ply) = game.random_ply(&mut rng) {
                game.play_unchecked(ply);
                reference.play_unchecked(ply);
            }
            let winner = game.status().winner_colour().expect("no draws without a cap");
            assert_eq!(reference.status(), game.status());
            let (next, _) = game.legal_points_from_scratch();
            assert!(game.has_chain(winner) || next.is_empty(), "{}", game.to_string());
        }
    }
}

// ------------------------------------------------------ decisions, cap

#[test]
fn decision_default_size_is_14() {
    let options = WhirlwindOptions::from_spec("whirlwind").unwrap();
    assert_eq!(options.size(), 14);
    assert_eq!(options.setup(), Setup::A);
    assert_eq!(Whirlwind::new(options).length_cap(), None);
}

#[test]
fn decision_length_cap_is_an_adjudicated_draw() {
    let game: Whirlwind = position("whirlwind:size=6,cap=3", "c6 a4 end");
    assert_eq!(game.status(), Status::length_cap());
    assert!(matches!(
        game.status(),
        Status::Finished {
            termination: Termination::LengthCap,
            ..
        }
    ));
    // Also in the middle of a turn.
    let mid: Whirlwind = position("whirlwind:size=6,cap=2", "c6 a4");
    assert_eq!(mid.status(), Status::length_cap());
    assert!(legal(&mid).is_empty());
    // A win on the capping ply is a win.
    let won: Whirlwind = position("whirlwind:size=4,cap=8", "b2 d3 end c1 c2 a2 end c3");
    assert_eq!(won.status(), Status::win(Colour::Black, Seat::First));
}

// ------------------------------------------------------------ errors

#[test]
fn bad_specs_are_errors() {
    for bad in [
        "whirlwind:size=5",
        "whirlwind:size=2",
        "whirlwind:size=28",
        "whirlwind:size=x",
        "whirlwind:size=-4",
        "whirlwind:setup=c",
        "whirlwind:cap=0",
        "whirlwind:pie=off",
        "whirlwind:colour=red",
        "whirlwind:size=6,size=8",
        "escabel",
    ] {
        let err = WhirlwindOptions::from_spec(bad).unwrap_err();
        assert!(!err.to_string().is_empty(), "{bad}");
    }
    let options = WhirlwindOptions::from_spec("Whirlwind: size=12, setup=B, cap=100").unwrap();
    assert_eq!(options.spec(), "whirlwind:size=12,setup=b,cap=100");
    assert_eq!(WhirlwindOptions::default().spec(), "whirlwind");
}

#[test]
fn bad_plies_are_errors() {
    let mut game: Whirlwind = position(SIX, "c6");
    for bad in ["", "xx", "a0", "a27", "c3c4", "end2", "swap"] {
        assert!(matches!(game.play_str(bad), Err(PlayError::Parse(_))), "{bad:?}");
    }
    let why = explain(&game, "g1");
    assert!(why.contains("off the 6x6 board"), "{why}");
    let why = explain(&game, "C6");
    assert!(why.contains("occupied"), "{why}");
    assert_eq!(game.plies_played(), 1);
    // Upper case is accepted.
    game.play_str("A4").unwrap();
    game.play_str("END").unwrap();
}

#[test]
fn render_shows_coordinates_last_stone_and_mover() {
    let game: Whirlwind = position(SIX, "c6 a4");
    let text = game.to_string();
    assert!(text.contains(" a  b  c  d  e  f"), "{text}");
    assert!(text.contains("[w]"), "{text}");
    // W4: each side's edges.
    assert!(
        text.contains("b = Black (first player): connect top and bottom; w = White (second player): connect left and right"),
        "{text}"
    );
    assert!(
        text.contains("white (second player) to move: second stone after a4, or end"),
        "{text}"
    );
    let won: Whirlwind = position(FOUR, "b2 c3 d3 a1 end b3");
    assert!(won.to_string().contains("white (second player) wins"));
}

#[test]
fn amaf_indices_are_row_major_points() {
    let game: Whirlwind = position(SIX, "");
    assert_eq!(WhirlwindKnowledge.claimable_cells(&game), 36);
    assert_eq!(WhirlwindKnowledge.claimed_cell(&game, ply("a1")), Some(0));
    assert_eq!(WhirlwindKnowledge.claimed_cell(&game, ply("b2")), Some(7));
    assert_eq!(WhirlwindKnowledge.claimed_cell(&game, ply("f6")), Some(35));
    assert_eq!(WhirlwindKnowledge.claimed_cell(&game, WhirlwindPly::End), None);
    assert_eq!(WhirlwindKnowledge.claimed_cell(&game, ply("g1")), None);
}
