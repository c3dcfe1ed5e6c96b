//! Hand-made rule tests: one or more per numbered rule (C1-C6) and per
//! [decision] of RULES.md's Ecalper section, written as ply lists from the
//! start position.

use abstracta_core::conformance::position;
use abstracta_core::CellClaims;
use abstracta_core::{
    Colour, Game, GameOptions, Outcome, PlayError, PlyBuf, Point, Seat, SpecError, Status, Termination,
};
use ecalper::reference::ReferenceEcalper;
use ecalper::EcalperKnowledge;
use ecalper::{Ecalper, EcalperOptions, EcalperPly};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn legal(game: &impl Game<Ply = EcalperPly>) -> Vec<String> {
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mut v: Vec<String> = plies.iter().map(|p| p.to_string()).collect();
    v.sort();
    v
}

fn strings(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_owned).collect();
    v.sort();
    v
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// Runs a check on the engine and on the reference implementation.
fn both(spec: &str, moves: &str, check: impl Fn(&dyn Fn() -> Box<dyn Probe>)) {
    check(&|| Box::new(position::<Ecalper>(spec, moves)));
    check(&|| Box::new(position::<ReferenceEcalper>(spec, moves)));
}

/// The little both implementations answer, object safe.
trait Probe {
    fn legal(&self) -> Vec<String>;
    fn play(&mut self, ply: &str) -> Result<(), PlayError>;
    fn state(&self) -> Status;
    fn colour(&self) -> Colour;
    fn seat(&self) -> Seat;
    fn cells(&self) -> Vec<Option<Colour>>;
    fn replaceable(&self) -> Vec<Point>;
}

macro_rules! probe {
    ($t:ty) => {
        impl Probe for $t {
            fn legal(&self) -> Vec<String> {
                legal(self)
            }
            fn play(&mut self, ply: &str) -> Result<(), PlayError> {
                self.play_str(ply).map(|_| ())
            }
            fn state(&self) -> Status {
                Game::status(self)
            }
            fn colour(&self) -> Colour {
                self.to_move_colour()
            }
            fn seat(&self) -> Seat {
                self.to_move_seat()
            }
            fn cells(&self) -> Vec<Option<Colour>> {
                // The hexagon's cells only, row by row from a1.
                let cells = self.board_cells();
                let size = self.options().size();
                (0..cells.height())
                    .flat_map(|r| (0..cells.width()).map(move |c| Point::new(c, r)))
                    .filter(|&p| ecalper::on_board(size, p))
                    .map(|p| cells.get(p).copied())
                    .collect()
            }
            fn replaceable(&self) -> Vec<Point> {
                <$t>::replaceable(self)
            }
        }
    };
}
probe!(Ecalper);
probe!(ReferenceEcalper);

// ---------------------------------------------------------------- C1

#[test]
fn c1_black_first_turn_is_three_placements() {
    both("ecalper:size=3", "", |g| {
        let mut g = g();
        assert_eq!(g.colour(), Colour::Black);
        assert_eq!(g.seat(), Seat::First);
        // 19 cells; the last two (d5, e5) cannot start the turn.
        assert_eq!(g.legal().len(), 17);
        assert!(
            g.legal().iter().all(|s| !s.starts_with('x')),
            "no replacement on turn 1"
        );
        g.play("b1").unwrap();
        assert_eq!(g.colour(), Colour::Black, "still Black's turn");
        g.play("a2").unwrap();
        assert_eq!(g.colour(), Colour::Black);
        g.play("c3").unwrap();
        assert_eq!(g.colour(), Colour::White, "three placements end the turn");
        assert_eq!(g.replaceable(), vec![p("b1"), p("a2"), p("c3")]);
    });
}

#[test]
fn c1_black_cannot_replace_on_the_first_turn() {
    both("ecalper", "", |g| {
        let mut g = g();
        assert!(g.play("xa1").is_err());
        assert!(g.play("swap").is_err());
        assert_eq!(g.legal().len(), 127 - 2);
    });
}

// ---------------------------------------------------------------- C2

#[test]
fn c2_turn_is_one_replacement_then_three_placements() {
    both("ecalper:size=5,pie=off", "a1 b1 c1", |g| {
        let mut g = g();
        assert_eq!(g.legal(), strings("xa1 xb1 xc1"));
        assert!(g.play("d1").is_err(), "the replacement comes first");
        g.play("xb1").unwrap();
        assert!(g.play("xa1").is_err(), "only one replacement per turn");
        assert_eq!(g.colour(), Colour::White);
        g.play("a2").unwrap();
        g.play("b2").unwrap();
        assert_eq!(g.colour(), Colour::White);
        g.play("c2").unwrap();
        assert_eq!(g.colour(), Colour::Black);
        let cells = g.cells();
        // a1 black, b1 white (replaced), c1 black.
        assert_eq!(
            &cells[..3],
            &[Some(Colour::Black), Some(Colour::White), Some(Colour::Black)]
        );
    });
}

#[test]
fn c2_only_placed_stones_not_the_replaced_one() {
    both("ecalper:size=5,pie=off", "a1 b1 c1 xb1 a2 b2 c2", |g| {
        let mut g = g();
        // White holds b1 (gained by replacement) and a2 b2 c2 (placed).
        assert_eq!(g.replaceable(), vec![p("a2"), p("b2"), p("c2")]);
        assert_eq!(g.legal(), strings("xa2 xb2 xc2"));
        assert!(g.play("xb1").is_err(), "b1 was gained by replacement");
        g.play("xa2").unwrap();
        g.play_all("a3 b3 c3");
        // Black's earlier stones a1, c1 and the gained a2 cannot be replaced.
        assert_eq!(g.legal(), strings("xa3 xb3 xc3"));
        for bad in ["xa1", "xc1", "xa2", "xb1", "xd1"] {
            assert!(g.play(bad).is_err(), "{bad}");
        }
    });
}

#[test]
fn c2_replacement_must_be_an_opponent_stone_of_the_last_turn() {
    both(
        "ecalper:size=5,pie=off",
        "a1 b1 c1 xb1 a2 b2 c2 xa2 a3 b3 c3 xa3 d3 e3 f3",
        |g| {
            let g = g();
            // Black replaces among White's last placements only, not the
            // placements of White's earlier turn (b2, c2).
            assert_eq!(g.legal(), strings("xd3 xe3 xf3"));
        },
    );
}

trait PlayAll {
    fn play_all(&mut self, plies: &str);
}

impl PlayAll for Box<dyn Probe> {
    fn play_all(&mut self, plies: &str) {
        for ply in plies.split_whitespace() {
            self.play(ply).unwrap_or_else(|e| panic!("{ply}: {e}"));
        }
    }
}

// ---------------------------------------------------------------- C3

#[test]
fn c3_swap_instead_of_whites_first_replacement() {
    both("ecalper:size=3", "a1 b1 c1", |g| {
        let mut g = g();
        assert_eq!(g.legal(), strings("xa1 xb1 xc1 swap"));
        g.play("swap").unwrap();
        // The board is unchanged; White still moves, now the first seat.
        assert_eq!(g.colour(), Colour::White);
        assert_eq!(g.seat(), Seat::First);
        assert!(g.cells().iter().filter(|c| c.is_some()).count() == 3);
        // C2 then applies: replace one of the three stones Black placed.
        assert_eq!(g.legal(), strings("xa1 xb1 xc1"));
        g.play_all("xb1 a2 b2 c2");
        assert_eq!(g.colour(), Colour::Black);
        assert_eq!(g.seat(), Seat::Second, "Black now belongs to the second seat");
        assert_eq!(g.legal(), strings("xa2 xb2 xc2"));
    });
}

#[test]
fn c3_swap_only_once_and_only_on_whites_first_turn() {
    both("ecalper:size=3", "a1 b1 c1 swap", |g| {
        assert!(g().play("swap").is_err(), "no second swap");
    });
    both("ecalper:size=3", "a1 b1 c1 xa1", |g| {
        assert!(g().play("swap").is_err(), "not after the replacement");
    });
    both("ecalper:size=3", "a1 b1 c1 xa1 a2 b2 c2", |g| {
        assert!(g().play("swap").is_err(), "not for Black");
    });
    both("ecalper:size=3", "a1 b1 c1 xa1 a2 b2 c2 xa2 a3 b3 c3", |g| {
        assert!(g().play("swap").is_err(), "not on White's second turn");
    });
    both("ecalper:size=3", "a1 b1", |g| {
        assert!(g().play("swap").is_err(), "not during Black's first turn");
    });
}

#[test]
fn c3_pie_off_has_no_swap() {
    both("ecalper:size=3,pie=off", "a1 b1 c1", |g| {
        let mut g = g();
        assert_eq!(g.legal(), strings("xa1 xb1 xc1"));
        assert!(g.play("swap").is_err());
    });
    let game: Ecalper = position("ecalper:pie=off", "a1 b1 c1");
    let err = game.clone().play_str("swap").unwrap_err().to_string();
    assert!(err.contains("pie"), "{err}");
}

// ---------------------------------------------------------------- C4

/// A complete size-3 game: 6 placing turns, then Black's single replacement.
const SIZE3_DRAW: &str = "c1 b2 d5 xd5 a1 c2 d3 xc2 c3 e3 e4 xe4 d2 a3 b3 xa3 b1 a2 c4 xc4 b4 c5 e5 xb4";

#[test]
fn c4_last_turn_is_a_single_replacement() {
    let before_last = SIZE3_DRAW.rsplit_once(' ').unwrap().0;
    both("ecalper:size=3,pie=off", before_last, |g| {
        let mut g = g();
        // White's turn ended with exactly one empty cell (d4).
        assert_eq!(g.cells().iter().filter(|c| c.is_none()).count(), 1);
        assert_eq!(g.colour(), Colour::Black);
        assert_eq!(g.legal(), strings("xb4 xc5 xe5"), "only replacements");
        assert!(g.play("d4").is_err(), "no placement in the last turn");
        g.play("xb4").unwrap();
        assert!(g.state().is_finished());
        assert!(g.legal().is_empty());
        let empty: Vec<usize> = g
            .cells()
            .iter()
            .enumerate()
            .filter(|(_, c)| c.is_none())
            .map(|(i, _)| i)
            .collect();
        assert_eq!(empty.len(), 1, "the game ends with one cell empty");
        assert!(g.play("d4").is_err());
    });
}

#[test]
fn c4_every_size_ends_with_one_empty_cell() {
    for size in 3..=12u8 {
        for seed in 0..3 {
            let options = EcalperOptions::from_spec(&format!("ecalper:size={size}")).unwrap();
            let mut game = Ecalper::new(options);
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut last = None;
            let mut before_last_empty = 0;
            while let Some(ply) = game.random_ply(&mut rng) {
                before_last_empty = game.empty_cells();
                last = Some((ply, game.to_move_colour()));
                Game::play(&mut game, ply).unwrap();
            }
            let s = u32::from(size);
            assert!(game.status().is_finished());
            assert_eq!(game.empty_cells(), 1, "size {size}");
            assert_eq!(before_last_empty, 1);
            let (ply, colour) = last.unwrap();
            assert!(
                matches!(ply, EcalperPly::Replace(_)),
                "size {size}: last ply {ply}"
            );
            assert_eq!(colour, Colour::Black, "Black makes the last turn");
            // s(s-1) placing turns (3 plies, then 4 each) and the final
            // replacement, plus the swap if one was played.
            let turns = s * (s - 1);
            assert_eq!(
                game.plies_played(),
                4 * turns + u32::from(game.swapped()),
                "size {size}"
            );
        }
    }
}

// ---------------------------------------------------------------- C5

#[test]
fn c5_largest_group_wins() {
    // After the swap White is the first seat; White's 9-stone group beats
    // Black's 5.
    both(
        "ecalper:size=3",
        "a1 c1 b4 swap xb4 a2 c4 d5 xa2 c2 a3 e5 xc2 d2 c3 d3 xd3 b2 d4 e4 xe4 b3 e3 c5 xb3",
        |g| assert_eq!(g().state(), Status::win(Colour::White, Seat::First)),
    );
    let game: Ecalper = position(
        "ecalper:size=3",
        "a1 c1 b4 swap xb4 a2 c4 d5 xa2 c2 a3 e5 xc2 d2 c3 d3 xd3 b2 d4 e4 xe4 b3 e3 c5 xb3",
    );
    assert_eq!(game.score(Colour::White), (9, 1));
    assert_eq!(game.score(Colour::Black), (5, 3));
}

#[test]
fn c5_equal_largest_fewer_groups_wins() {
    let white_wins = "d2 b3 b4 xd2 e3 c4 e5 xe3 b1 b2 d3 xd3 c2 a3 e4 xc2 a1 c1 a2 xa2 d4 c5 d5 xd5";
    both("ecalper:size=3,pie=off", white_wins, |g| {
        assert_eq!(g().state(), Status::win(Colour::White, Seat::Second));
    });
    let game: Ecalper = position("ecalper:size=3,pie=off", white_wins);
    assert_eq!(game.score(Colour::Black), (7, 3));
    assert_eq!(game.score(Colour::White), (7, 2));

    let black_wins = "c2 e4 c5 xc2 b3 e3 c4 xb3 b1 b4 d4 xb4 a2 d2 a3 xa3 b2 d3 d5 xd3 a1 c1 e5 xa1";
    both("ecalper:size=3,pie=off", black_wins, |g| {
        assert_eq!(g().state(), Status::win(Colour::Black, Seat::First));
    });
    let game: Ecalper = position("ecalper:size=3,pie=off", black_wins);
    assert_eq!(game.score(Colour::Black), (5, 2));
    assert_eq!(game.score(Colour::White), (5, 4));
}

#[test]
fn c5_full_tie_is_a_draw() {
    both("ecalper:size=3,pie=off", SIZE3_DRAW, |g| {
        assert_eq!(g().state(), Status::draw());
    });
    let game: Ecalper = position("ecalper:size=3,pie=off", SIZE3_DRAW);
    assert_eq!(game.score(Colour::Black), (8, 2));
    assert_eq!(game.score(Colour::White), (8, 2));
    assert_eq!(game.status().outcome(), Some(Outcome::Draw));
}

#[test]
fn c5_groups_connect_through_six_neighbours() {
    // b1-c2-d3 steps by (c+1, r+1), a neighbour; c2 and b3 differ by
    // (c-1, r+1), not a neighbour.
    let game: Ecalper = position("ecalper:size=3,pie=off", "b1 c2 d3");
    assert_eq!(
        game.score(Colour::Black),
        (3, 1),
        "b1-c2-d3 is one diagonal chain"
    );
    let game: Ecalper = position("ecalper:size=3,pie=off", "c2 b3 d4");
    assert_eq!(game.score(Colour::Black), (1, 3), "(c-1, r+1) is not a neighbour");
    let game: ReferenceEcalper = position("ecalper:size=3,pie=off", "c2 b3 d4");
    assert_eq!(game.group_count(Colour::Black), 3);
    let game: Ecalper = position("ecalper:size=3,pie=off", "a1 b1 a2");
    assert_eq!(game.score(Colour::Black), (3, 1));
}

// ---------------------------------------------------------------- C6

#[test]
fn c6_resignation_is_not_a_ply() {
    for text in ["resign", "resign black", "pass"] {
        assert!(text.parse::<EcalperPly>().is_err(), "{text}");
    }
    let mut game: Ecalper = position("ecalper", "");
    assert!(game.play_str("resign").is_err());
    assert_eq!(game.plies_played(), 0);
}

// ------------------------------------------------------- [decision]s

#[test]
fn decision_size_range_3_to_12() {
    for size in 3..=12 {
        let options = EcalperOptions::from_spec(&format!("ecalper:size={size}")).unwrap();
        let game = Ecalper::new(options.clone());
        assert_eq!(game.empty_cells(), options.cells());
        let cells = game.board_cells();
        let side = 2 * size as u8 - 1;
        assert_eq!((cells.width(), cells.height()), (side, side));
        assert_eq!(cells.occupied().count(), 0);
    }
    for bad in [
        "ecalper:size=2",
        "ecalper:size=13",
        "ecalper:size=0",
        "ecalper:size=seven",
    ] {
        let err = EcalperOptions::from_spec(bad).unwrap_err();
        assert!(matches!(err, SpecError::BadValue { .. }), "{bad}: {err}");
        assert!(err.to_string().contains("3 to 12"), "{err}");
    }
}

#[test]
fn decision_size_range_holds_for_options_built_by_hand() {
    for size in 0..=u8::MAX {
        let built = EcalperOptions::new(size);
        let with = EcalperOptions::default().with_pie(false).with_size(size);
        if (3..=12).contains(&size) {
            let options = built.unwrap();
            assert_eq!(options.size(), size);
            assert_eq!(with.unwrap().size(), size);
            // Every value that can be built is a playable game.
            for cells in [
                Ecalper::new(options.clone()).board_cells(),
                ReferenceEcalper::new(options).board_cells(),
            ] {
                assert_eq!(cells.width(), 2 * size - 1);
            }
        } else {
            for err in [built.unwrap_err(), with.unwrap_err()] {
                assert!(matches!(err, SpecError::BadValue { .. }), "{size}: {err}");
                assert!(err.to_string().contains("3 to 12"), "{err}");
            }
        }
    }
    let options = EcalperOptions::new(5)
        .unwrap()
        .with_pie(false)
        .with_cap(abstracta_core::LengthCap::Plies(40));
    assert_eq!(
        (options.size(), options.pie(), options.cap()),
        (5, false, abstracta_core::LengthCap::Plies(40))
    );
    assert_eq!(options.to_string(), "ecalper:size=5,pie=off,cap=40");
    assert_eq!(options.to_string().parse::<EcalperOptions>().unwrap(), options);
    assert_eq!(EcalperOptions::default().to_string(), "ecalper");
    assert!("swack:size=5".parse::<EcalperOptions>().is_err());
}

#[test]
fn display_is_the_rendered_board() {
    let moves = "a1 b2 c3 xb2 d1 a2 c2";
    let game: Ecalper = position("ecalper:size=4", moves);
    assert_eq!(game.to_string(), game.to_string());
    let reference: ReferenceEcalper = position("ecalper:size=4", moves);
    assert_eq!(reference.to_string(), reference.to_string());
    // Equal positions compare and hash equal; the board diagram agrees.
    let again: Ecalper = position("ecalper:size=4", moves);
    assert_eq!(game, again);
    let hashed: std::collections::HashSet<Ecalper> = [game.clone(), again].into_iter().collect();
    assert_eq!(hashed.len(), 1);
    assert_eq!(game.board_cells(), reference.board_cells());
    assert_eq!(game.board_cells().get(p("b2")), Some(&Colour::White));
}

#[test]
fn decision_ascending_order_inside_a_turn() {
    both("ecalper:size=3", "", |g| {
        let mut g = g();
        g.play("c1").unwrap();
        assert!(g.play("b1").is_err(), "b1 comes before c1");
        assert!(g.play("c1").is_err(), "strictly ascending (and not empty)");
        g.play("a2").unwrap(); // a2 comes after c1: rows first
        assert!(g.play("a1").is_err());
        g.play("e5").unwrap();
    });
    both("ecalper:size=3,pie=off", "a1 b1 c1 xb1 b2", |g| {
        let mut g = g();
        assert!(g.play("a2").is_err(), "a2 < b2 within White's turn");
        g.play("c2").unwrap();
    });
    // The new turn starts from the bottom again.
    both("ecalper:size=3,pie=off", "a1 b1 d5 xd5", |g| {
        g().play("c1").unwrap();
    });
}

#[test]
fn decision_ascending_order_needs_room_for_the_owed_placements() {
    both("ecalper:size=3", "", |g| {
        let mut g = g();
        assert!(g.play("e5").is_err(), "nothing above e5");
        assert!(g.play("d5").is_err(), "only one cell above d5");
        g.play("c5").unwrap();
        assert!(g.play("e5").is_err(), "e5 would leave no room for the third");
        assert_eq!(g.legal(), strings("d5"));
        g.play("d5").unwrap();
        assert_eq!(g.legal(), strings("e5"));
    });
    let game: Ecalper = position("ecalper:size=3", "c5");
    let err = game.clone().play_str("e5").unwrap_err().to_string();
    assert!(err.contains("above"), "{err}");
}

#[test]
fn decision_ascending_order_skips_occupied_cells_when_counting_room() {
    // White places with d5 occupied: above c5 only e5 is empty, so c5 cannot
    // start White's placements; e4 can (c5 and e5 are above it).
    both("ecalper:size=3,pie=off", "a1 b1 d5 xa1", |g| {
        let mut g = g();
        assert!(g.play("c5").is_err());
        g.play("e4").unwrap();
        assert_eq!(g.legal(), strings("c5"), "e5 would leave no room");
    });
}

#[test]
fn decision_length_cap_draws_as_adjudicated() {
    both("ecalper:size=3,cap=5", "a1 b1 c1 xa1 a2", |g| {
        let mut g = g();
        assert_eq!(g.state(), Status::length_cap());
        assert!(g.legal().is_empty());
        assert!(g.play("b2").is_err());
    });
    let mut game: Ecalper = position("ecalper:size=3,cap=5", "a1 b1 c1 xa1 a2");
    assert!(game.random_ply(&mut SmallRng::seed_from_u64(1)).is_none());
    assert!(matches!(
        game.status(),
        Status::Finished {
            termination: Termination::LengthCap,
            outcome: Outcome::Draw
        }
    ));
    assert!(matches!(game.play_str("b2"), Err(PlayError::GameOver { .. })));
    // A rules result on the capping ply stands.
    both("ecalper:size=3,pie=off,cap=24", SIZE3_DRAW, |g| {
        assert_eq!(g().state(), Status::draw());
    });
    // Default: no cap.
    assert_eq!(Ecalper::new(EcalperOptions::default()).length_cap(), None);
}

// ------------------------------------------------ errors, notation, misc

#[test]
fn bad_specs_are_errors() {
    for bad in [
        "ecalper:pie=maybe",
        "ecalper:cap=0",
        "ecalper:cap=-3",
        "ecalper:colour=red",
        "ecalper:size=7,size=8",
        "swack",
        "ecalper:",
    ] {
        assert!(EcalperOptions::from_spec(bad).is_err(), "{bad}");
    }
    let err = EcalperOptions::from_spec("ecalper:colour=red")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("size") && err.contains("pie") && err.contains("cap"),
        "{err}"
    );
}

#[test]
fn specs_round_trip() {
    for spec in [
        "ecalper",
        "ecalper:size=5",
        "ecalper:pie=off",
        "ecalper:size=12,pie=off,cap=100",
        "ecalper:cap=none",
    ] {
        let options = EcalperOptions::from_spec(spec).unwrap();
        assert_eq!(options.spec(), spec);
    }
    assert_eq!(
        EcalperOptions::from_spec("ECALPER:Size=7,PIE=on").unwrap().spec(),
        "ecalper"
    );
}

#[test]
fn bad_plies_are_errors() {
    for bad in ["", "x", "xx", "a0", "a27", "d4x", "x-d4", "swapp", "é1"] {
        assert!(bad.parse::<EcalperPly>().is_err(), "{bad:?}");
    }
    let mut game: Ecalper = position("ecalper:size=3", "");
    for bad in ["a4", "f1", "z9", "xa1", "swap"] {
        let err = game.play_str(bad).unwrap_err();
        assert!(matches!(err, PlayError::Illegal { .. }), "{bad}: {err}");
    }
    let err = game.play_str("a4").unwrap_err().to_string();
    assert!(err.contains("not a cell"), "{err}");
    assert_eq!(game.plies_played(), 0);
}

#[test]
fn notation_parses_and_prints() {
    assert_eq!("xd4".parse::<EcalperPly>().unwrap(), EcalperPly::Replace(p("d4")));
    assert_eq!("XD4".parse::<EcalperPly>().unwrap(), EcalperPly::Replace(p("d4")));
    assert_eq!(" D4 ".parse::<EcalperPly>().unwrap(), EcalperPly::Place(p("d4")));
    assert_eq!("Swap".parse::<EcalperPly>().unwrap(), EcalperPly::Swap);
    assert_eq!("x5".parse::<EcalperPly>().unwrap(), EcalperPly::Place(p("x5")));
    for ply in [
        EcalperPly::Replace(p("m13")),
        EcalperPly::Place(p("a1")),
        EcalperPly::Swap,
    ] {
        assert_eq!(ply.to_string().parse::<EcalperPly>().unwrap(), ply);
    }
}

#[test]
fn render_shows_coordinates_last_ply_and_who_moves() {
    let game: Ecalper = position("ecalper:size=3", "a1 b1 c1 swap xb1");
    let text = game.to_string();
    assert!(text.contains(" 5 ") && text.contains(" 1 "), "{text}");
    assert!(text.contains("a b c"), "{text}");
    assert!(text.contains("[w]"), "last ply marked: {text}");
    assert!(text.contains("white (first player) to move"), "{text}");
    // C3 swapped the colours; C5 is both sides' goal.
    assert!(
        text.contains("b = Black (second player), w = White (first player); each aims for the largest group"),
        "{text}"
    );
    let board: String = text.lines().take_while(|l| !l.contains(" = ")).collect();
    assert!(
        !board.contains('x') && !board.contains('o'),
        "b and w, not x and o: {text}"
    );
    let done: Ecalper = position("ecalper:size=3,pie=off", SIZE3_DRAW);
    assert!(done.to_string().contains("draw"), "{}", done.to_string());
}

#[test]
fn amaf_indices_are_distinct_and_below_the_slot_count() {
    let game: Ecalper = position("ecalper:size=4", "");
    let mut seen = std::collections::HashSet::new();
    for r in 0..7 {
        for c in 0..7 {
            for ply in [
                EcalperPly::Place(Point::new(c, r)),
                EcalperPly::Replace(Point::new(c, r)),
            ] {
                if let Some(i) = EcalperKnowledge.claimed_cell(&game, ply) {
                    assert!(i < EcalperKnowledge.claimable_cells(&game));
                    assert!(seen.insert(i));
                }
            }
        }
    }
    assert_eq!(seen.len(), 2 * 37);
    assert_eq!(EcalperKnowledge.claimed_cell(&game, EcalperPly::Swap), None);
}

#[test]
fn cell_holder_is_the_seat_owning_the_cell_at_the_end() {
    assert_eq!(
        <EcalperKnowledge as CellClaims<Ecalper>>::CLAIMS,
        abstracta_core::Claims::Revocable
    );
    // Black (first seat) places a1 b2 c3; White replaces b2 and places
    // d1 e1 a2: b2 is now White's although Black placed it.
    let game: Ecalper = position("ecalper:size=5", "a1 b2 c3 xb2 d1 e1 a2");
    let place = |s: &str| {
        EcalperKnowledge
            .claimed_cell(&game, EcalperPly::Place(p(s)))
            .unwrap()
    };
    let replace = |s: &str| {
        EcalperKnowledge
            .claimed_cell(&game, EcalperPly::Replace(p(s)))
            .unwrap()
    };
    assert_eq!(
        EcalperKnowledge.cell_holder(&game, place("a1")),
        Some(Seat::First)
    );
    assert_eq!(
        EcalperKnowledge.cell_holder(&game, place("c3")),
        Some(Seat::First)
    );
    assert_eq!(
        EcalperKnowledge.cell_holder(&game, place("b2")),
        Some(Seat::Second)
    );
    assert_eq!(
        EcalperKnowledge.cell_holder(&game, replace("b2")),
        Some(Seat::Second)
    );
    assert_eq!(
        EcalperKnowledge.cell_holder(&game, place("d1")),
        Some(Seat::Second)
    );
    assert_eq!(EcalperKnowledge.cell_holder(&game, place("c1")), None);
    assert_eq!(
        EcalperKnowledge.cell_holder(&game, EcalperKnowledge.claimable_cells(&game) + 5),
        None
    );
    // The word-wise filter agrees with asking slot by slot.
    let words = EcalperKnowledge.claimable_cells(&game).div_ceil(64);
    let mut rng = SmallRng::seed_from_u64(9);
    for seat in [Seat::First, Seat::Second] {
        let all: Vec<u64> = (0..words).map(|_| rand::Rng::gen::<u64>(&mut rng) | 1).collect();
        let mut kept = all.clone();
        EcalperKnowledge.retain_held_cells(&game, seat, &mut kept);
        for slot in 0..words * 64 {
            let was = all[slot / 64] >> (slot % 64) & 1 == 1;
            let is = kept[slot / 64] >> (slot % 64) & 1 == 1;
            assert_eq!(
                is,
                was && EcalperKnowledge.cell_holder(&game, slot) == Some(seat),
                "slot {slot}"
            );
        }
    }
    // After the pie swap the first seat plays White: holders follow seats.
    let swapped: Ecalper = position("ecalper:size=5", "a1 b2 c3 swap");
    let slot = EcalperKnowledge
        .claimed_cell(&swapped, EcalperPly::Place(p("a1")))
        .unwrap();
    assert_eq!(EcalperKnowledge.cell_holder(&swapped, slot), Some(Seat::Second));
}
