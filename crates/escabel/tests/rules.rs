//! Hand-made rule tests: one or more per numbered rule (E1-E9) and per
//! [decision] of RULES.md, section Escabel, written as ply lists from the
//! start. Every test runs on both the engine and the reference
//! implementation.

use abstracta_core::conformance::position;
use abstracta_core::CellClaims;
use abstracta_core::{Cells, Colour, Game, GameOptions, PlayError, Point, Seat, Status, Termination};
use escabel::reference::{ReferenceEscabel, ReferenceEscabelKnowledge};
use escabel::EscabelKnowledge;
use escabel::{Escabel, EscabelOptions, EscabelPly, Stack};

/// What the tests need from either implementation.
trait Probe: Game<Ply = EscabelPly, Options = EscabelOptions> {
    fn cells(&self) -> Cells<Stack>;
    fn link(&self, a: Point, b: Point) -> bool;
    fn cuts(&self) -> Vec<Point>;
    fn chain(&self, colour: Colour) -> bool;
    fn setup(options: EscabelOptions, cells: &Cells<Stack>, to_move: Colour) -> Self;
    /// The implementation's cell claims.
    type Claims: CellClaims<Self> + Default;
}

/// Implements [`Probe`] for an implementation: both spell these inherent
/// methods alike, but only a macro can forward to methods of two types.
macro_rules! impl_probe {
    ($game:ty, $claims:ty) => {
        impl Probe for $game {
            type Claims = $claims;
            fn cells(&self) -> Cells<Stack> {
                self.board_cells()
            }
            fn link(&self, a: Point, b: Point) -> bool {
                self.connected(a, b)
            }
            fn cuts(&self) -> Vec<Point> {
                self.crosscuts()
            }
            fn chain(&self, colour: Colour) -> bool {
                self.has_winning_chain(colour)
            }
            fn setup(options: EscabelOptions, cells: &Cells<Stack>, to_move: Colour) -> Self {
                <$game>::from_cells(options, cells, to_move).unwrap()
            }
        }
    };
}

impl_probe!(Escabel, EscabelKnowledge);
impl_probe!(ReferenceEscabel, ReferenceEscabelKnowledge);

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn at<G: Probe>(g: &G, s: &str) -> Option<(Colour, u8)> {
    g.cells().get(p(s)).map(|s| (s.colour, s.height))
}

fn legal<G: Game>(g: &G) -> Vec<String> {
    let mut plies = abstracta_core::PlyBuf::new();
    g.legal_plies(&mut plies);
    let mut v: Vec<String> = plies.iter().map(|p| p.to_string()).collect();
    v.sort();
    v
}

use Colour::{Black as B, White as W};

/// Runs a generic test body on both implementations.
macro_rules! both {
    ($($name:ident),* $(,)?) => {
        mod engine {
            $(#[test] fn $name() { super::$name::<escabel::Escabel>(); })*
        }
        mod reference {
            $(#[test] fn $name() { super::$name::<escabel::reference::ReferenceEscabel>(); })*
        }
    };
}

both!(
    decision_board_size_3_to_26,
    decision_default_size_9,
    decision_length_cap_default_8n2,
    length_cap_draw_is_adjudicated,
    rules_result_on_capping_ply_beats_cap,
    corners_touch_two_edges,
    e1_stack_colour_is_top_piece_height_counts_pieces,
    e1_decision_height_limit_255,
    e2_crosscut_two_diagonal_pairs,
    e2_no_crosscut_with_empty_or_same_colour_corner,
    e3a_orthogonal_neighbours_connected,
    e3b_diagonal_no_enemy_corner_connected,
    e3b_diagonal_one_enemy_corner_connected,
    e3b_diagonal_two_enemy_corners_is_crosscut,
    e3c_lower_friendly_above_lower_enemy_connected,
    e3c_equal_lows_higher_friendly_high_connected,
    e3c_equal_heights_neither_connected,
    e3c_chain_through_won_crosscut_wins,
    e4_placement_on_empty_point_only,
    e5_stacking_move_transfers_pieces,
    e5_stacking_needs_equal_height_orthogonal_enemy,
    e6_win_at_start_of_turn_only,
    e6_opponent_may_break_completed_chain,
    e6_only_player_to_move_is_checked,
    e7_no_legal_move_loses,
    e8_swap_on_whites_first_turn_only,
    e8_swap_changes_seats_not_colours,
    e8_swap_after_checkered_first_move,
    e9_checkered_even_size_a1_black,
    e9_checkered_odd_size_both_setups,
    e9_checkered_first_move_is_a_stacking_move,
    bad_plies_are_errors_not_panics,
    claimable_cells_for_placements_and_stacking_moves,
);

/// Not a rule: the RAVE slots. Placements by point; stacking moves by
/// target point and the side they come from, after the n^2 placement slots.
fn claimable_cells_for_placements_and_stacking_moves<G: Probe>() {
    let g: G = position("escabel:size=4,pie=off", "a2 b2");
    assert_eq!(G::Claims::default().claimable_cells(&g), 80);
    assert_eq!(
        G::Claims::default().claimed_cell(&g, EscabelPly::Place(p("a1"))),
        Some(0)
    );
    assert_eq!(
        G::Claims::default().claimed_cell(&g, EscabelPly::Place(p("d4"))),
        Some(15)
    );
    let stack = |from: &str, to: &str| EscabelPly::Stack {
        from: p(from),
        to: p(to),
    };
    // b2 is point 5: slots 16 + 4 * 5 + side.
    assert_eq!(G::Claims::default().claimed_cell(&g, stack("a2", "b2")), Some(36)); // from the left
    assert_eq!(G::Claims::default().claimed_cell(&g, stack("c2", "b2")), Some(37)); // from the right
    assert_eq!(G::Claims::default().claimed_cell(&g, stack("b1", "b2")), Some(38)); // from below
    assert_eq!(G::Claims::default().claimed_cell(&g, stack("b3", "b2")), Some(39)); // from above
    assert_eq!(G::Claims::default().claimed_cell(&g, EscabelPly::Swap), None);
    assert_eq!(
        legal(&g).iter().filter(|s| s.contains('-')).count(),
        1,
        "{:?}",
        legal(&g)
    );
}

fn decision_board_size_3_to_26<G: Probe>() {
    for bad in [
        "escabel:size=2",
        "escabel:size=27",
        "escabel:size=0",
        "escabel:size=x",
    ] {
        assert!(EscabelOptions::from_spec(bad).is_err(), "{bad}");
    }
    for n in [3u8, 10, 11, 15, 16, 26] {
        let g: G = position(&format!("escabel:size={n}"), "");
        assert_eq!(legal(&g).len(), usize::from(n) * usize::from(n));
        let far = format!("{}{}", (b'a' + n - 1) as char, n);
        let g: G = position(&format!("escabel:size={n}"), &far);
        assert_eq!(at(&g, &far), Some((B, 1)));
    }
}

fn decision_default_size_9<G: Probe>() {
    let g: G = position("escabel", "");
    assert_eq!(g.options().size(), 9);
    assert_eq!(legal(&g).len(), 81);
}

fn decision_length_cap_default_8n2<G: Probe>() {
    let g: G = position("escabel", "");
    assert_eq!(g.length_cap(), Some(8 * 81));
    let g: G = position("escabel:size=5", "");
    assert_eq!(g.length_cap(), Some(200));
    let g: G = position("escabel:cap=none", "");
    assert_eq!(g.length_cap(), None);
    let g: G = position("escabel:cap=17", "");
    assert_eq!(g.length_cap(), Some(17));
}

fn length_cap_draw_is_adjudicated<G: Probe>() {
    let mut g: G = position("escabel:size=5,cap=4", "a1 e5 c3");
    assert_eq!(g.status(), Status::Ongoing);
    g.play_str("e1").unwrap();
    assert_eq!(g.status(), Status::length_cap());
    assert!(matches!(
        g.status(),
        Status::Finished {
            termination: Termination::LengthCap,
            ..
        }
    ));
    assert!(legal(&g).is_empty());
    assert!(matches!(g.play_str("b2"), Err(PlayError::GameOver { .. })));
}

fn rules_result_on_capping_ply_beats_cap<G: Probe>() {
    // Black's chain b1-b2-b3 stands at the start of Black's turn, which is
    // also when the cap of 6 plies is reached: the rules win.
    let g: G = position("escabel:size=3,pie=off,cap=6", "b1 a1 b2 a2 b3 c1");
    assert_eq!(g.status(), Status::win(B, Seat::First));
}

fn corners_touch_two_edges<G: Probe>() {
    // A White row along the bottom edge touches both White edges through the
    // corners a1 and c1.
    let g: G = position("escabel:size=3,pie=off", "a2 a1 b2 b1 a3 c1");
    assert!(g.chain(W));
    let g: G = position("escabel:size=3,pie=off", "a2 a1 b2 b1 a3 c1 b3");
    assert_eq!(g.status(), Status::win(W, Seat::Second));
    // A Black column along the left edge touches both Black edges through
    // the corners a1 and a3.
    let g: G = position("escabel:size=3,pie=off", "a1 b1 a2 b2 a3 c3");
    assert_eq!(g.status(), Status::win(B, Seat::First));
}

fn e1_stack_colour_is_top_piece_height_counts_pieces<G: Probe>() {
    let g: G = position("escabel:size=3,variant=checkered,pie=off", "a1-b1");
    assert_eq!(at(&g, "b1"), Some((B, 2)));
    assert_eq!(at(&g, "a1"), Some((W, 1)));
}

fn e1_decision_height_limit_255<G: Probe>() {
    let options = EscabelOptions::from_spec("escabel:size=3,pie=off").unwrap();
    let cells: Cells<Stack> = ". . . / b254 w254 . / b255 w255 .".parse().unwrap();
    let mut g = G::setup(options, &cells, B);
    let moves = legal(&g);
    assert!(!moves.contains(&"a1-b1".to_owned()), "{moves:?}");
    let err = g.play_str("a1-b1").unwrap_err();
    assert!(matches!(err, PlayError::Illegal { .. }));
    assert!(moves.contains(&"a2-b2".to_owned()));
    g.play_str("a2-b2").unwrap();
    assert_eq!(at(&g, "b2"), Some((B, 255)));
}

fn e2_crosscut_two_diagonal_pairs<G: Probe>() {
    let g: G = position("escabel:size=3,pie=off", "a1 b1 b2 a2");
    assert_eq!(g.cuts(), vec![p("a1")]);
    let g: G = position("escabel:size=3,pie=off", "b1 a1 a2 b2");
    assert_eq!(g.cuts(), vec![p("a1")]);
    // Every block of the checkered setup is a crosscut.
    let g: G = position("escabel:size=4,variant=checkered", "");
    assert_eq!(g.cuts().len(), 9);
}

fn e2_no_crosscut_with_empty_or_same_colour_corner<G: Probe>() {
    let g: G = position("escabel:size=3,pie=off", "a1 b1 b2");
    assert!(g.cuts().is_empty());
    let g: G = position("escabel:size=3,pie=off", "a1 b1 b2 c3 a2");
    assert!(g.cuts().is_empty(), "three black corners");
}

fn e3a_orthogonal_neighbours_connected<G: Probe>() {
    let g: G = position("escabel:size=3,pie=off", "a1 b2 a2");
    assert!(g.link(p("a1"), p("a2")));
    assert!(!g.link(p("a1"), p("b2")), "different colours");
    assert!(!g.link(p("a1"), p("a3")), "empty");
}

fn e3b_diagonal_no_enemy_corner_connected<G: Probe>() {
    let g: G = position("escabel:size=3,pie=off", "a1 c3 b2");
    assert!(g.link(p("a1"), p("b2")));
}

fn e3b_diagonal_one_enemy_corner_connected<G: Probe>() {
    let g: G = position("escabel:size=3,pie=off", "a1 b1 b2");
    assert!(g.link(p("a1"), p("b2")));
    // The anti-diagonal too.
    let g: G = position("escabel:size=3,pie=off", "b1 b2 a2 c3");
    assert!(g.link(p("b1"), p("a2")));
}

fn e3b_diagonal_two_enemy_corners_is_crosscut<G: Probe>() {
    let g: G = position("escabel:size=3,pie=off", "a1 b1 b2 a2");
    assert!(!g.link(p("a1"), p("b2")));
    assert!(!g.link(p("b1"), p("a2")));
}

/// Block b2-c3 on a 4x4 board: Black b2 (height 2) and c3 (height 2)
/// against White c2 and b3 (height 1).
fn e3c_lower_friendly_above_lower_enemy_connected<G: Probe>() {
    let g: G = position("escabel:size=4,pie=off", "a2 b2 a2-b2 c3 d3 c2 d3-c3 b3");
    assert_eq!(at(&g, "b2"), Some((B, 2)));
    assert_eq!(at(&g, "c3"), Some((B, 2)));
    assert_eq!(at(&g, "c2"), Some((W, 1)));
    assert_eq!(at(&g, "b3"), Some((W, 1)));
    assert_eq!(g.cuts(), vec![p("b2")]);
    assert!(g.link(p("b2"), p("c3")), "(2,2) > (1,1)");
    assert!(!g.link(p("c2"), p("b3")));
}

/// Black b2 (2) and c3 (1) against White c2 (1) and b3 (1): the lower
/// heights tie, Black's higher one is higher. This is the second half of
/// E3(c), which later rule texts dropped.
fn e3c_equal_lows_higher_friendly_high_connected<G: Probe>() {
    let g: G = position("escabel:size=4,pie=off", "a2 b2 a2-b2 c2 c3 b3");
    assert_eq!(at(&g, "b2"), Some((B, 2)));
    assert_eq!(at(&g, "c3"), Some((B, 1)));
    assert_eq!(g.cuts(), vec![p("b2")]);
    assert!(g.link(p("b2"), p("c3")), "(1,2) > (1,1)");
    assert!(!g.link(p("c2"), p("b3")), "(1,1) < (1,2)");
}

fn e3c_equal_heights_neither_connected<G: Probe>() {
    let g: G = position("escabel:size=3,pie=off", "a1 b1 b2 a2");
    assert!(!g.link(p("a1"), p("b2")));
    assert!(!g.link(p("b1"), p("a2")));
    // The checkered start: every diagonal is an equal-height crosscut.
    let g: G = position("escabel:size=3,variant=checkered", "");
    assert!(!g.link(p("a1"), p("b2")));
    assert!(!g.link(p("b1"), p("a2")));
    assert!(!g.chain(B) && !g.chain(W));
}

fn e3c_chain_through_won_crosscut_wins<G: Probe>() {
    // Black: b2 (2) - c3 (1) across the crosscut with White c2, b3 (1);
    // then b1 and c4 complete a bottom-to-top chain b1-b2-c3-c4.
    let g: G = position("escabel:size=4,pie=off", "a2 b2 a2-b2 c2 c3 b3 b1 d1 c4 d2");
    assert!(g.chain(B));
    assert_eq!(g.status(), Status::win(B, Seat::First));
}

fn e4_placement_on_empty_point_only<G: Probe>() {
    let mut g: G = position("escabel:size=3,pie=off", "b2");
    assert_eq!(at(&g, "b2"), Some((B, 1)));
    let err = g.play_str("b2").unwrap_err();
    assert!(matches!(err, PlayError::Illegal { .. }), "{err}");
    g.play_str("a1").unwrap();
    assert_eq!(at(&g, "a1"), Some((W, 1)));
}

fn e5_stacking_move_transfers_pieces<G: Probe>() {
    let g: G = position("escabel:size=4,pie=off", "a2 b2 a2-b2");
    assert_eq!(at(&g, "b2"), Some((B, 2)), "my piece on top of theirs");
    assert_eq!(
        at(&g, "a2"),
        Some((W, 1)),
        "an opponent's piece on the vacated stack"
    );
    assert_eq!(g.to_move_colour(), W);
}

fn e5_stacking_needs_equal_height_orthogonal_enemy<G: Probe>() {
    let mut g: G = position("escabel:size=4,pie=off", "a2 b2 a2-b2");
    // White a2 (1) next to Black b2 (2): unequal heights.
    assert!(g.play_str("a2-b2").is_err());
    let moves = legal(&g);
    assert!(moves.iter().all(|m| !m.contains('-')), "{moves:?}");
    // Diagonal neighbours do not count.
    let mut g: G = position("escabel:size=4,pie=off", "a1 b2");
    assert!(g.play_str("a1-b2").is_err());
    // Own stacks cannot be stacked onto.
    let mut g: G = position("escabel:size=4,pie=off", "a1 d4 a2 d3");
    assert!(g.play_str("a1-a2").is_err());
    // Not adjacent at all.
    assert!(g.play_str("a1-a3").is_err());
    // The generated stacking moves of Black.
    let g: G = position("escabel:size=4,pie=off", "a1 a2 b2 b1");
    let moves: Vec<_> = legal(&g).into_iter().filter(|m| m.contains('-')).collect();
    assert_eq!(moves, vec!["a1-a2", "a1-b1", "b2-a2", "b2-b1"]);
}

fn e6_win_at_start_of_turn_only<G: Probe>() {
    // Black completes b1-b2-b3 with its 5th ply; it is White's turn, so no
    // win yet.
    let g: G = position("escabel:size=3,pie=off", "b1 a1 b2 a2 b3");
    assert!(g.chain(B));
    assert_eq!(g.status(), Status::Ongoing);
    let g: G = position("escabel:size=3,pie=off", "b1 a1 b2 a2 b3 c1");
    assert_eq!(g.status(), Status::win(B, Seat::First));
}

fn e6_opponent_may_break_completed_chain<G: Probe>() {
    // Black's chain a1-b2-b3 uses the diagonal a1-b2 (White b1 is one enemy
    // corner). White answers a2: a crosscut of equal heights, the chain is
    // broken and Black does not win.
    let g: G = position("escabel:size=3,pie=off", "b3 b1 b2 c3 a1");
    assert!(g.chain(B));
    assert_eq!(g.status(), Status::Ongoing);
    let g: G = position("escabel:size=3,pie=off", "b3 b1 b2 c3 a1 a2");
    assert!(!g.chain(B));
    assert_eq!(g.status(), Status::Ongoing);
    let g: G = position("escabel:size=3,pie=off", "b3 b1 b2 c3 a1 c1");
    assert_eq!(g.status(), Status::win(B, Seat::First));
}

fn e6_only_player_to_move_is_checked<G: Probe>() {
    // White's chain a1-b1-c1 is complete after White's 6th ply; Black is to
    // move and has no chain: the game goes on until White's next turn.
    let g: G = position("escabel:size=3,pie=off", "a2 a1 b2 b1 a3 c1");
    assert!(g.chain(W));
    assert!(!g.chain(B));
    assert_eq!(g.status(), Status::Ongoing);
    assert!(!legal(&g).is_empty());
}

fn e7_no_legal_move_loses<G: Probe>() {
    // Checkered 3x3. After the four stacking moves the board is
    //   3  W2 W1 W1
    //   2  B1 B3 W2
    //   1  B1 B1 B1
    // Black is to move, has no chain, no empty point and no equal-height
    // enemy neighbour: Black loses.
    let g: G = position(
        "escabel:size=3,variant=checkered,pie=off",
        "c3-c2 b1-b2 c2-b2 a2-a3",
    );
    assert_eq!(g.to_move_colour(), B);
    assert!(!g.chain(B));
    assert!(legal(&g).is_empty());
    assert_eq!(g.status(), Status::win(W, Seat::Second));
    // A found-by-search standard game ending the same way.
    let g: G = position("escabel:size=3,pie=off", "c1 a3 b3 b2 c2 b2-b3 b1 a1 a2 a1-a2 c3");
    assert_eq!(g.status().winner_colour(), Some(g.to_move_colour().opponent()));
    assert!(!g.chain(g.to_move_colour()));
}

fn e8_swap_on_whites_first_turn_only<G: Probe>() {
    let g: G = position("escabel:size=3", "b2");
    assert!(legal(&g).contains(&"swap".to_owned()));
    assert_eq!(legal(&g).len(), 9);
    let g: G = position("escabel:size=3", "");
    assert!(!legal(&g).contains(&"swap".to_owned()));
    let mut g: G = position("escabel:size=3", "b2 a1");
    assert!(!legal(&g).contains(&"swap".to_owned()));
    assert!(g.play_str("swap").is_err());
    let mut g: G = position("escabel:size=3", "b2 a1 c1");
    assert!(g.play_str("swap").is_err());
    let mut g: G = position("escabel:size=3", "b2 swap");
    assert!(g.play_str("swap").is_err(), "only once");
    let mut g: G = position("escabel:size=3,pie=off", "b2");
    assert!(g.play_str("swap").is_err());
}

fn e8_swap_changes_seats_not_colours<G: Probe>() {
    let g: G = position("escabel:size=3", "b2 swap");
    assert!(g.swapped());
    assert_eq!(g.to_move_colour(), W);
    assert_eq!(g.to_move_seat(), Seat::First);
    assert_eq!(at(&g, "b2"), Some((B, 1)), "the board is unchanged");
    // Black's win now belongs to the second seat.
    let g: G = position("escabel:size=3", "b1 swap a1 b2 a2 b3 c1");
    assert_eq!(g.status(), Status::win(B, Seat::Second));
}

fn e8_swap_after_checkered_first_move<G: Probe>() {
    let g: G = position("escabel:size=3,variant=checkered", "a1-b1");
    assert!(legal(&g).contains(&"swap".to_owned()));
}

fn e9_checkered_even_size_a1_black<G: Probe>() {
    let g: G = position("escabel:size=4,variant=checkered", "");
    assert_eq!(at(&g, "a1"), Some((B, 1)));
    assert_eq!(at(&g, "b1"), Some((W, 1)));
    assert_eq!(at(&g, "d4"), Some((B, 1)));
    assert!(EscabelOptions::from_spec("escabel:size=4,variant=checkered,corner=white").is_err());
    assert!(EscabelOptions::from_spec("escabel:size=4,variant=checkered,corner=black").is_ok());
    assert!(EscabelOptions::from_spec("escabel:corner=black").is_err());
    assert!(EscabelOptions::from_spec("escabel:variant=standard,corner=white").is_err());
}

fn e9_checkered_odd_size_both_setups<G: Probe>() {
    for (spec, a1) in [
        ("escabel:size=5,variant=checkered", B),
        ("escabel:size=5,variant=checkered,corner=black", B),
        ("escabel:size=5,variant=checkered,corner=white", W),
    ] {
        let g: G = position(spec, "");
        assert_eq!(at(&g, "a1"), Some((a1, 1)), "{spec}");
        assert_eq!(at(&g, "e5"), Some((a1, 1)), "{spec}");
        assert_eq!(at(&g, "c3"), Some((a1, 1)), "{spec}");
        assert_eq!(at(&g, "b1"), Some((a1.opponent(), 1)), "{spec}");
        assert_eq!(at(&g, "a2"), Some((a1.opponent(), 1)), "{spec}");
        assert!(g.cells().as_slice().iter().all(|c| c.is_some()));
        assert_eq!(g.to_move_colour(), B, "Black still moves first");
    }
}

fn e9_checkered_first_move_is_a_stacking_move<G: Probe>() {
    // 3x3, a1 black: Black stacks b2 (centre) four ways and each corner two
    // ways: 4 + 4 * 2 = 12 moves, no placements.
    let g: G = position("escabel:size=3,variant=checkered", "");
    let moves = legal(&g);
    assert_eq!(moves.len(), 12, "{moves:?}");
    assert!(moves.iter().all(|m| m.contains('-')));
    // With White in the corners Black has the four edge midpoints, three
    // enemy neighbours each: 12 as well.
    let g: G = position("escabel:size=3,variant=checkered,corner=white", "");
    assert_eq!(legal(&g).len(), 12);
}

fn bad_plies_are_errors_not_panics<G: Probe>() {
    let mut g: G = position("escabel:size=5", "c3");
    for bad in [
        "z26", "f1", "a6", "a1-a6", "f5-e5", "a1-b2", "a1-a1", "c3-c4", "swapp", "", "c", "1a", "c3--c4",
    ] {
        let before = g.hash();
        assert!(g.play_str(bad).is_err(), "{bad}");
        assert_eq!(g.hash(), before);
    }
    let err = g.play_str("c3").unwrap_err().to_string();
    assert!(err.contains("c3"), "{err}");
    for bad in [
        "escabel:foo=1",
        "escabel:variant=hex",
        "escabel:corner=red,variant=checkered",
        "escabel:pie=maybe",
        "escabel:cap=0",
        "escabel:cap=-3",
        "escabel:size=5,size=6",
        "escabel:",
        "escabell",
    ] {
        assert!(EscabelOptions::from_spec(bad).is_err(), "{bad}");
    }
}

#[test]
fn spec_round_trips() {
    for spec in [
        "escabel",
        "escabel:size=7",
        "escabel:size=7,variant=checkered,corner=white",
        "escabel:pie=off,cap=none",
        "escabel:size=26,cap=99",
    ] {
        let o = EscabelOptions::from_spec(spec).unwrap();
        assert_eq!(o.spec(), spec);
        assert_eq!(EscabelOptions::from_spec(&o.spec()).unwrap(), o);
    }
    // The default corner, given explicitly, is the same game as leaving it out.
    assert_eq!(
        EscabelOptions::from_spec("escabel:variant=checkered,corner=black").unwrap(),
        EscabelOptions::from_spec("escabel:variant=checkered").unwrap()
    );
    assert_eq!(
        EscabelOptions::from_spec("escabel:variant=checkered,corner=black")
            .unwrap()
            .spec(),
        "escabel:variant=checkered"
    );
    assert_eq!(
        EscabelOptions::from_spec("escabel:size=9,pie=on,variant=standard")
            .unwrap()
            .spec(),
        "escabel"
    );
}

#[test]
fn render_marks_last_ply_and_side_to_move() {
    let g: Escabel = position("escabel:size=4,pie=off", "a2 b2 a2-b2");
    let text = g.to_string();
    assert!(text.contains("[b2]"), "{text}");
    assert!(text.contains("[w1]"), "{text}");
    assert!(text.contains("white (second player) to move"), "{text}");
    // E6: each side's edges, and the seat that plays each colour.
    assert!(
        text.contains("b = Black (first player): connect top and bottom; w = White (second player): connect left and right"),
        "{text}"
    );
    let r: ReferenceEscabel = position("escabel:size=4,pie=off", "a2 b2 a2-b2");
    assert_eq!(r.to_string(), text);
}
