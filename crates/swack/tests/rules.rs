//! Hand-made rule tests: every numbered rule and every [decision] of the
//! Swack section of RULES.md has a test whose name carries its id, written
//! as ply lists from the start so they read like the rules. Each position is
//! also checked against the reference implementation.

use abstracta_core::conformance::position;
use abstracta_core::{Cells, Colour, Game, GameOptions, LengthCap, PlyBuf, Point, Seat, Status, Termination};
use swack::reference::ReferenceSwack;
use swack::{Stack, Swack, SwackOptions, SwackPly, Variant, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};

/// The position after `moves`, from both implementations, checked to agree.
fn pos(spec: &str, moves: &str) -> Swack {
    let game: Swack = position(spec, moves);
    let reference: ReferenceSwack = position(spec, moves);
    assert_eq!(game.board_cells(), reference.board_cells(), "{spec} [{moves}]");
    assert_eq!(game.status(), reference.status(), "{spec} [{moves}]");
    assert_eq!(game.to_move_seat(), reference.to_move_seat(), "{spec} [{moves}]");
    game
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn at(game: &Swack, s: &str) -> Option<(Colour, u8)> {
    game.stack_at(p(s)).map(|s| (s.colour, s.height))
}

fn legal(game: &Swack) -> Vec<SwackPly> {
    let mut buf = PlyBuf::new();
    game.legal_plies(&mut buf);
    buf.to_vec()
}

fn ply(s: &str) -> SwackPly {
    s.parse().unwrap()
}

fn stacks_of(game: &Swack, colour: Colour) -> usize {
    game.board_cells()
        .occupied()
        .filter(|(_, s)| s.colour == colour)
        .count()
}

// ---- Board ----

#[test]
fn s_board_default_size_8_decision() {
    let game = pos("swack", "");
    assert_eq!(game.size(), 8);
    assert_eq!(SwackOptions::default().size(), 8);
    assert_eq!(game.board_cells().as_slice().len(), 64);
}

#[test]
fn s_board_sizes_2_to_26() {
    for n in [2u8, 3, 9, 10, 11, 14, 15, 26] {
        let game = pos(&format!("swack:size={n}"), "");
        assert_eq!(
            game.board_cells().as_slice().len(),
            usize::from(n) * usize::from(n)
        );
    }
    assert!(SwackOptions::from_spec("swack:size=1").is_err());
    assert!(SwackOptions::from_spec("swack:size=27").is_err());
}

#[test]
fn s_board_options_built_by_hand_validate() {
    for n in [0u8, 1, 27, 255] {
        let err = SwackOptions::new(n).unwrap_err().to_string();
        assert!(err.contains("from 2 to 26"), "{err}");
        assert!(SwackOptions::default().with_size(n).is_err());
    }
    for n in MIN_SIZE..=MAX_SIZE {
        let options = SwackOptions::new(n).unwrap();
        assert_eq!(options.size(), n);
        assert_eq!(Swack::new(options.clone()).size(), n);
        assert_eq!(options.to_string().parse::<SwackOptions>().unwrap(), options);
    }
    let options = SwackOptions::new(5)
        .unwrap()
        .with_variant(Variant::Free)
        .with_pie(false)
        .with_cap(LengthCap::Plies(9));
    assert_eq!(options.to_string(), "swack:size=5,variant=free,pie=off,cap=9");
    assert_eq!(
        (options.size(), options.variant(), options.pie(), options.cap()),
        (5, Variant::Free, false, LengthCap::Plies(9))
    );
    assert_eq!(SwackOptions::new(DEFAULT_SIZE).unwrap(), SwackOptions::default());
    let err = "swack:size=27".parse::<SwackOptions>().unwrap_err().to_string();
    assert!(err.contains("from 2 to 26"), "{err}");
}

#[test]
fn s_board_cells_read_and_print_as_diagrams() {
    let game = pos("swack:size=2", "");
    assert_eq!(game.board_cells().to_string(), "w1 b1\nb1 w1");
    let cells: Cells<Stack> = "w1 b1 / b1 w1".parse().unwrap();
    assert_eq!(game.board_cells(), cells);
    let game = pos("swack:size=2", "a1-b1");
    assert_eq!(game.board_cells(), "w1 b1 / w1 b2".parse().unwrap());
    assert_eq!(game.board_cells(), "W1 B1 / W1 B2".parse().unwrap());
    assert!("b0 . / . .".parse::<Cells<Stack>>().is_err());
    assert!("x1".parse::<Stack>().is_err());
    assert!("b256".parse::<Stack>().is_err());
    assert!("b+2".parse::<Stack>().is_err());
}

#[test]
fn s_board_display_is_render_and_positions_compare() {
    let game = pos("swack:size=4", "a1-b1 a2-b2");
    assert_eq!(game.to_string(), game.to_string());
    let reference: ReferenceSwack = position("swack:size=4", "a1-b1 a2-b2");
    assert_eq!(reference.to_string(), reference.to_string());
    let again = pos("swack:size=4", "a1-b1 a2-b2");
    assert_eq!(game, again);
    let other = pos("swack:size=4", "a1-b1");
    assert_ne!(game, other);
    let set: std::collections::HashSet<Swack> = [game.clone(), again, other].into_iter().collect();
    assert_eq!(set.len(), 2);
    let references: std::collections::HashSet<ReferenceSwack> =
        [reference.clone(), reference].into_iter().collect();
    assert_eq!(references.len(), 1);
}

// ---- S1 setup ----

#[test]
fn s1_setup_even_sizes_a1_black_decision() {
    for n in [2u8, 4, 8, 26] {
        let game = pos(&format!("swack:size={n}"), "");
        assert_eq!(at(&game, "a1"), Some((Colour::Black, 1)), "n={n}");
        assert_eq!(at(&game, "b1"), Some((Colour::White, 1)));
        assert_eq!(at(&game, "a2"), Some((Colour::White, 1)));
        assert_eq!(at(&game, "b2"), Some((Colour::Black, 1)));
        // Checkered and full: half each, all height 1.
        let half = usize::from(n) * usize::from(n) / 2;
        assert_eq!(stacks_of(&game, Colour::Black), half);
        assert_eq!(stacks_of(&game, Colour::White), half);
        assert!(game
            .board_cells()
            .as_slice()
            .iter()
            .all(|c| c.is_some_and(|s| s.height == 1)));
    }
}

#[test]
fn s1_setup_odd_sizes_centre_and_corners_white() {
    for n in [3u8, 5, 7, 25] {
        let game = pos(&format!("swack:size={n}"), "");
        let c = (n - 1) / 2;
        assert_eq!(
            game.stack_at(Point::new(c, c)),
            Some(Stack {
                colour: Colour::White,
                height: 1
            }),
            "n={n} centre"
        );
        for (col, row) in [(0, 0), (n - 1, 0), (0, n - 1), (n - 1, n - 1)] {
            assert_eq!(
                game.stack_at(Point::new(col, row)),
                Some(Stack {
                    colour: Colour::White,
                    height: 1
                }),
                "corner"
            );
        }
        assert_eq!(at(&game, "b1"), Some((Colour::Black, 1)));
        let cells = usize::from(n) * usize::from(n);
        assert_eq!(stacks_of(&game, Colour::White), cells / 2 + 1);
        assert_eq!(stacks_of(&game, Colour::Black), cells / 2);
    }
}

// ---- S2 stacks ----

#[test]
fn s2_colour_is_top_piece_and_height_counts_pieces() {
    // a1 (Black) moves its top piece onto b1 (White), which becomes a Black
    // stack of two; a White piece goes on a1.
    let game = pos("swack:size=4", "a1-b1");
    assert_eq!(at(&game, "b1"), Some((Colour::Black, 2)));
    assert_eq!(at(&game, "a1"), Some((Colour::White, 1)));
    let game = pos("swack:size=4", "a1-b1 a2-b2 b1-b2");
    assert_eq!(at(&game, "b2"), Some((Colour::Black, 3)));
    assert_eq!(at(&game, "b1"), Some((Colour::White, 2)));
}

#[test]
fn s2_storage_limit_255_decision_is_never_reached() {
    // E1's storage limit (a move beyond 255 pieces is illegal) is enforced
    // by both implementations, but Swack heights grow one at a time and the
    // game runs out of stacking moves long before: random games, passing
    // only when forced, stay in single digits.
    use rand::{rngs::SmallRng, Rng, SeedableRng};
    for spec in [
        "swack:size=2,pie=off,cap=none",
        "swack:size=8,cap=none",
        "swack:size=6,variant=free",
    ] {
        let options = SwackOptions::from_spec(spec).unwrap();
        for seed in 0..200 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = Swack::new(options.clone());
            loop {
                let plies: Vec<SwackPly> = legal(&game)
                    .into_iter()
                    .filter(|p| *p != SwackPly::Pass)
                    .collect();
                let next = match plies.len() {
                    0 if game.status().is_finished() => break,
                    0 => SwackPly::Pass,
                    k => plies[rng.gen_range(0..k)],
                };
                game.play(next).unwrap();
            }
            let top = game
                .board_cells()
                .occupied()
                .map(|(_, s)| s.height)
                .max()
                .unwrap_or(0);
            assert!(top < 32, "{spec} seed {seed}: height {top}");
        }
    }
}

// ---- S3 groups ----

#[test]
fn s3_groups_connect_orthogonally_not_diagonally() {
    // The checkered start has only single-stack groups.
    let game = pos("swack:size=4", "");
    assert_eq!(game.group_sizes(Colour::Black), vec![1; 8]);
    assert_eq!(game.group_sizes(Colour::White), vec![1; 8]);
    // After a1-b1: b1, c1 and b2 are Black and connected; a1, a2 White.
    let game = pos("swack:size=4", "a1-b1");
    assert_eq!(game.group_sizes(Colour::Black), vec![3, 1, 1, 1, 1, 1]);
    assert_eq!(game.group_sizes(Colour::White), vec![2, 1, 1, 1, 1, 1, 1]);
    let reference: ReferenceSwack = position("swack:size=4", "a1-b1");
    let mut sizes: Vec<usize> = reference.groups(Colour::Black).iter().map(Vec::len).collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(sizes, vec![3, 1, 1, 1, 1, 1]);
}

// ---- S4 actions ----

#[test]
fn s4_stacking_moves_and_pass_from_the_start() {
    // Every adjacent pair holds a Black and a White stack of height 1, so
    // Black has one stacking move per edge of the grid, 2 n (n - 1), plus pass.
    for n in [2u32, 4, 8] {
        let game = pos(&format!("swack:size={n}"), "");
        assert_eq!(legal(&game).len() as u32, 2 * n * (n - 1) + 1, "n={n}");
        assert!(legal(&game).contains(&SwackPly::Pass));
    }
}

#[test]
fn s4_stacking_needs_equal_heights() {
    // After a1-b1, b1 is a Black stack of height 2: White's a1 (height 1)
    // may not stack onto it, though it is an adjacent enemy stack.
    let mut game = pos("swack:size=4", "a1-b1");
    assert!(!game.is_legal(ply("a1-b1")));
    let err = game.play(ply("a1-b1")).unwrap_err().to_string();
    assert!(err.contains("height"), "{err}");
    // c2 (White, 1) onto c1 (Black, 1) is fine.
    assert!(game.is_legal(ply("c2-c1")));
}

#[test]
fn s4_stacking_is_orthogonal_onto_an_enemy_stack() {
    let mut game = pos("swack:size=4", "");
    // Diagonal: a1 and b2 are both Black anyway; a1-c1 is two squares away.
    for bad in ["a1-c1", "a1-b2", "b1-a1", "a1-a1", "b2-c2x"] {
        if let Ok(p) = bad.parse::<SwackPly>() {
            assert!(!game.is_legal(p), "{bad}");
            assert!(game.play(p).is_err(), "{bad}");
        }
    }
    // b2 (Black) onto c2 (White) is legal; onto a2? a2 is White too.
    assert!(game.is_legal(ply("b2-c2")));
    assert!(game.is_legal(ply("b2-a2")));
    let err = game.play(ply("a1-b2")).unwrap_err().to_string();
    assert!(err.contains("adjacent"), "{err}");
}

#[test]
fn s4_vacated_stack_gets_an_opponent_piece() {
    let game = pos("swack:size=3", "b1-a1");
    // b1 (Black) moved onto a1 (White): a1 Black 2, b1 White 1.
    assert_eq!(at(&game, "a1"), Some((Colour::Black, 2)));
    assert_eq!(at(&game, "b1"), Some((Colour::White, 1)));
    // The number of stacks of each colour never changes by stacking.
    assert_eq!(stacks_of(&game, Colour::Black), 4);
    assert_eq!(stacks_of(&game, Colour::White), 5);
}

#[test]
fn s4_pass_is_always_legal() {
    let game = pos("swack:size=2", "a1-b1");
    assert!(legal(&game).contains(&SwackPly::Pass));
    let game = pos("swack:size=2", "a1-b1 a2-b2 b1-b2");
    assert!(legal(&game).contains(&SwackPly::Pass));
}

// ---- S5 end ----

#[test]
fn s5_two_passes_in_succession_end_the_game() {
    assert!(pos("swack:size=4", "pass").status().is_ongoing());
    let game = pos("swack:size=4", "pass pass");
    assert!(game.status().is_finished());
    assert!(legal(&game).is_empty());
    // A stacking move in between restarts the count.
    let game = pos("swack:size=4", "pass b1-a1 pass");
    assert!(game.status().is_ongoing());
    assert!(pos("swack:size=4", "pass b1-a1 pass pass").status().is_finished());
}

#[test]
fn s5_swap_is_not_a_pass() {
    // Black passes, White swaps, the first seat (now White) passes: the
    // passes are not in succession, so the game goes on.
    let game = pos("swack:size=4", "pass swap pass");
    assert!(game.status().is_ongoing());
    assert_eq!(game.to_move_colour(), Colour::Black);
    assert_eq!(game.to_move_seat(), Seat::Second);
    assert!(pos("swack:size=4", "pass swap pass pass").status().is_finished());
}

// ---- S6 scoring ----

#[test]
fn s6_biggest_group_left_after_pair_removal_wins() {
    // Black [3,1,1,1,1,1] against White [2,1,1,1,1,1,1]: five pairs of
    // singles go, Black's 3 is biggest.
    let game = pos("swack:size=4", "a1-b1 pass pass");
    assert_eq!(game.status(), Status::win(Colour::Black, Seat::First));
}

#[test]
fn s6_pair_removal_leaves_the_bigger_group_with_fewer_stacks() {
    // On 5x5 White always owns 13 stacks, Black 12 (stacking never changes
    // the counts). Black [4,4,1,1,1,1] against White [4,3,1,1,1,1,1,1]:
    // a pair of 4s and four pairs of 1s go, leaving Black [4] against
    // White [3,1,1]: Black, with fewer stacks, owns the biggest group.
    let game = pos("swack:size=5,pie=off", "c4-d4 b2-b1 pass pass");
    assert_eq!(game.group_sizes(Colour::Black), vec![4, 4, 1, 1, 1, 1]);
    assert_eq!(game.group_sizes(Colour::White), vec![4, 3, 1, 1, 1, 1, 1, 1]);
    assert_eq!(stacks_of(&game, Colour::Black), 12);
    assert_eq!(stacks_of(&game, Colour::White), 13);
    assert_eq!(game.status(), Status::win(Colour::Black, Seat::First));
}

#[test]
fn s6_odd_board_start_white_wins_by_the_extra_stack() {
    // 3x3 start: five White singles against four Black ones.
    let game = pos("swack:size=3", "pass pass");
    assert_eq!(game.scoring_winner(), Some(Colour::White));
    assert_eq!(game.status(), Status::win(Colour::White, Seat::Second));
}

// ---- S7 empty board ----

#[test]
fn s7_even_board_empty_last_stacking_seat_loses() {
    // Black [4,1,1,1,1] against White [4,1,1,1,1]: everything pairs off.
    // The first seat (Black) made the last stacking move and loses.
    let game = pos("swack:size=4,pie=off", "c3-b3 pass pass");
    assert_eq!(game.scoring_winner(), None);
    assert_eq!(game.last_actor(), Some(Seat::First));
    assert_eq!(game.status(), Status::win(Colour::White, Seat::Second));
}

#[test]
fn s7_empty_board_loser_is_the_seat_not_the_colour() {
    // The first seat stacks with Black, then the second seat swaps and owns
    // Black; the board empties and the first seat (now White) loses.
    let game = pos("swack:size=2", "b2-b1 swap pass pass");
    assert_eq!(game.scoring_winner(), None);
    assert_eq!(game.status(), Status::win(Colour::Black, Seat::Second));
}

#[test]
fn s7_no_stacking_move_black_owner_loses_decision() {
    // Even boards start with equal numbers of single groups: empty at once.
    for spec in ["swack", "swack:size=2", "swack:size=6,pie=off"] {
        let game = pos(spec, "pass pass");
        assert_eq!(game.scoring_winner(), None);
        assert_eq!(game.status(), Status::win(Colour::White, Seat::Second), "{spec}");
    }
    // After a swap the first seat owns White and wins.
    let game = pos("swack:size=4", "pass swap pass pass");
    assert_eq!(game.status(), Status::win(Colour::White, Seat::First));
}

// ---- S8 pie rule ----

#[test]
fn s8_swap_only_on_whites_first_turn() {
    assert!(!legal(&pos("swack:size=4", "")).contains(&SwackPly::Swap));
    assert!(legal(&pos("swack:size=4", "a1-b1")).contains(&SwackPly::Swap));
    assert!(legal(&pos("swack:size=4", "pass")).contains(&SwackPly::Swap));
    assert!(!legal(&pos("swack:size=4", "a1-b1 pass")).contains(&SwackPly::Swap));
    assert!(!legal(&pos("swack:size=4", "a1-b1 swap")).contains(&SwackPly::Swap));
    assert!(!legal(&pos("swack:size=4,pie=off", "a1-b1")).contains(&SwackPly::Swap));
    let mut game = pos("swack:size=4", "a1-b1 pass");
    let err = game.play(SwackPly::Swap).unwrap_err().to_string();
    assert!(err.contains("first turn"), "{err}");
}

#[test]
fn s8_swap_exchanges_seats_not_colours_or_board() {
    let before = pos("swack:size=4", "a1-b1");
    let game = pos("swack:size=4", "a1-b1 swap");
    assert!(game.swapped());
    assert_eq!(game.board_cells(), before.board_cells());
    assert_eq!(game.to_move_colour(), Colour::White);
    assert_eq!(game.to_move_seat(), Seat::First);
    assert_eq!(game.seat_of(Colour::Black), Seat::Second);
    let game = pos("swack:size=4", "a1-b1 swap c2-c1");
    assert_eq!(game.to_move_colour(), Colour::Black);
    assert_eq!(game.to_move_seat(), Seat::Second);
}

// ---- S9 Free Swack ----

#[test]
fn s9_free_board_starts_empty_with_drops() {
    let game = pos("swack:variant=free,size=2", "");
    assert!(game.board_cells().occupied().next().is_none());
    // Each of the 4 adjacent pairs, in either order, plus pass.
    assert_eq!(legal(&game).len(), 9);
    assert_eq!(legal(&pos("swack:variant=free", "")).len(), 2 * 2 * 8 * 7 + 1);
}

#[test]
fn s9_drop_puts_friendly_two_and_enemy_one() {
    let game = pos("swack:variant=free,size=3", "b2+b1");
    assert_eq!(at(&game, "b2"), Some((Colour::Black, 2)));
    assert_eq!(at(&game, "b1"), Some((Colour::White, 1)));
    let game = pos("swack:variant=free,size=3", "b2+b1 a1+a2");
    assert_eq!(at(&game, "a1"), Some((Colour::White, 2)));
    assert_eq!(at(&game, "a2"), Some((Colour::Black, 1)));
}

#[test]
fn s9_drop_needs_adjacent_empty_squares_and_is_blocked_by_the_edge() {
    let mut game = pos("swack:variant=free,size=3", "b2+b1");
    // From the corner a1 only b1 (taken) and a2 remain; past the edge is
    // not a square.
    let drops_from_a1: Vec<_> = legal(&game)
        .into_iter()
        .filter(|p| matches!(p, SwackPly::Drop { two, .. } if *two == p_("a1")))
        .collect();
    assert_eq!(drops_from_a1, vec![ply("a1+a2")]);
    for bad in ["c3+d3", "c1+c0x", "a1+b1", "b2+c2", "a1+c1", "a3+b2"] {
        if let Ok(p) = bad.parse::<SwackPly>() {
            assert!(!game.is_legal(p), "{bad}");
            assert!(game.play(p).is_err(), "{bad}");
        }
    }
    let err = game.play(ply("c3+d3")).unwrap_err().to_string();
    assert!(err.contains("off the"), "{err}");
    // Drops do not exist in standard Swack.
    let mut standard = pos("swack:size=3", "");
    let err = standard.play(ply("a1+a2")).unwrap_err().to_string();
    assert!(err.contains("Free Swack"), "{err}");
}

fn p_(s: &str) -> Point {
    p(s)
}

#[test]
fn s9_stacking_moves_still_allowed_in_free_swack() {
    let game = pos("swack:variant=free,size=3,pie=off", "b1+a1 b2+a2 b1-b2");
    assert_eq!(at(&game, "b2"), Some((Colour::Black, 3)));
    assert_eq!(at(&game, "b1"), Some((Colour::White, 2)));
}

#[test]
fn s9_empty_board_last_stacking_move_or_drop_wins_decision() {
    // One drop by the first seat: Black [1] and White [1] pair off; the
    // seat that made the last drop wins.
    let game = pos("swack:variant=free,size=2", "b2+b1 pass pass");
    assert_eq!(game.scoring_winner(), None);
    assert_eq!(game.status(), Status::win(Colour::Black, Seat::First));
    // A stacking move last: Black [2] and White [2].
    let game = pos("swack:variant=free,size=3,pie=off", "b1+a1 b2+a2 b1-b2 pass pass");
    assert_eq!(game.scoring_winner(), None);
    assert_eq!(game.status(), Status::win(Colour::Black, Seat::First));
    // A swap does not count, and the winner is the seat: after the swap the
    // first seat owns White.
    let game = pos("swack:variant=free,size=2", "b2+b1 swap pass pass");
    assert_eq!(game.status(), Status::win(Colour::White, Seat::First));
}

#[test]
fn s9_no_stacking_move_or_drop_white_owner_wins_decision() {
    let game = pos("swack:variant=free", "pass pass");
    assert_eq!(game.status(), Status::win(Colour::White, Seat::Second));
    let game = pos("swack:variant=free,size=4", "pass swap pass pass");
    assert_eq!(game.status(), Status::win(Colour::White, Seat::First));
}

// ---- Length cap ----

#[test]
fn s_cap_default_64_n_squared_decision() {
    assert_eq!(pos("swack", "").length_cap(), Some(64 * 64));
    assert_eq!(pos("swack:size=2", "").length_cap(), Some(256));
    assert_eq!(pos("swack:size=3,cap=none", "").length_cap(), None);
    assert_eq!(pos("swack:size=3,cap=7", "").length_cap(), Some(7));
}

#[test]
fn length_cap_draw_is_adjudicated() {
    let mut game = pos("swack:size=4,cap=3", "a1-b1 pass d4-c4");
    assert_eq!(game.status(), Status::length_cap());
    assert!(matches!(
        game.status(),
        Status::Finished {
            termination: Termination::LengthCap,
            ..
        }
    ));
    assert!(legal(&game).is_empty());
    assert!(game.play(SwackPly::Pass).is_err());
    // A rules end on the capping ply is a rules result.
    let game = pos("swack:size=4,cap=2", "pass pass");
    assert_eq!(game.status(), Status::win(Colour::White, Seat::Second));
}

// ---- Specs and notation ----

#[test]
fn bad_specs_are_errors() {
    for bad in [
        "swack:size=1",
        "swack:size=27",
        "swack:size=x",
        "swack:variant=checkered",
        "swack:pie=maybe",
        "swack:cap=0",
        "swack:cap=-3",
        "swack:corner=white",
        "swack:size=4,size=5",
        "escabel",
        "swack:",
    ] {
        let err = SwackOptions::from_spec(bad).unwrap_err();
        assert!(!err.to_string().is_empty(), "{bad}");
    }
}

#[test]
fn specs_round_trip_with_only_non_defaults() {
    assert_eq!(SwackOptions::default().spec(), "swack");
    let o = SwackOptions::from_spec("swack:size=8,variant=standard,pie=on").unwrap();
    assert_eq!(o.spec(), "swack");
    let o = SwackOptions::from_spec("Swack: size=6, variant=FREE, pie=off, cap=none").unwrap();
    assert_eq!(o.spec(), "swack:size=6,variant=free,pie=off,cap=none");
    assert_eq!(SwackOptions::from_spec(&o.spec()).unwrap(), o);
}

#[test]
fn notation_prints_and_parses_case_insensitively() {
    let cases = [
        ("pass", SwackPly::Pass),
        ("swap", SwackPly::Swap),
        (
            "c3-c4",
            SwackPly::Stack {
                from: p("c3"),
                to: p("c4"),
            },
        ),
        (
            "c3+c4",
            SwackPly::Drop {
                two: p("c3"),
                one: p("c4"),
            },
        ),
        (
            "z26-z25",
            SwackPly::Stack {
                from: p("z26"),
                to: p("z25"),
            },
        ),
    ];
    for (text, ply) in cases {
        assert_eq!(ply.to_string(), text);
        assert_eq!(text.parse::<SwackPly>().unwrap(), ply);
        assert_eq!(text.to_uppercase().parse::<SwackPly>().unwrap(), ply);
    }
    assert_eq!(" Pass ".parse::<SwackPly>().unwrap(), SwackPly::Pass);
}

#[test]
fn bad_plies_are_errors_not_panics() {
    for bad in [
        "", "c3", "c3-", "c3*c4", "pass2", "a0-a1", "c3-c4-c5", "c3--c4", "27-a1", "-",
    ] {
        assert!(bad.parse::<SwackPly>().is_err(), "{bad}");
    }
    let mut game = pos("swack:size=4", "");
    for bad in ["z26-z25", "e1-d1", "a1+a2", "swap", "c4-c3", "a1-a2x"] {
        assert!(game.play_str(bad).is_err(), "{bad}");
    }
    assert!(game.play_list("a1-b1 nonsense").is_err());
    let mut over = pos("swack:size=2", "pass pass");
    let err = over.play_str("pass").unwrap_err().to_string();
    assert!(err.contains("over"), "{err}");
}

#[test]
fn render_shows_board_last_ply_and_side() {
    let game = pos("swack:size=3", "b1-a1");
    let text = game.to_string();
    assert!(text.contains("[b2 ]"), "{text}");
    // S6: both sides' goal.
    assert!(text.contains("each aims for the biggest group"), "{text}");
    assert!(text.contains("white (second player) to move"), "{text}");
    assert!(text.contains(" a "), "{text}");
    let over = pos("swack:size=3", "pass pass");
    assert!(over.to_string().contains("wins"));
}
