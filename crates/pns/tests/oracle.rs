//! Proof-number results against exhaustive minimax
//! (`abstracta_core::exact`) on tiny boards of every game: the value for
//! the seat to move and the set of plies that keep it must be the
//! oracle's exactly. The oracle runs on the games' reference
//! implementations; pns runs on the bitboard engines with the games'
//! knowledge (decisive and forced plies) and on the reference
//! implementations without any.

use abstracta_core::exact::{exact_value, winning_plies};
use abstracta_core::knowledge::{NoKnowledge, SearchKnowledge};
use abstracta_core::search::{Proof, Search, SearchResult};
use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
use abstracta_core::{seeded_rng, Colour, Game};
use pns::PnsSearch;

/// Distinct positions the oracle may visit per position checked.
const ORACLE_LIMIT: usize = 60_000;

/// The retrograde analysis of the reachable graph, with a bound above
/// every graph the oracle can value.
const GRAPH: &str = "graph=1000000";

fn solve<G: Game, K: SearchKnowledge<G>>(game: &G, knowledge: K) -> SearchResult<G::Ply> {
    solve_with(game, knowledge, "unit")
}

/// The ways of setting new nodes' numbers (`init=...`): the checks of
/// random lines take them in turn, so that every one is checked against
/// the oracle in every game.
const INITS: [&str; 3] = ["unit", "prior", "eval"];

fn solve_with<G: Game, K: SearchKnowledge<G>>(game: &G, knowledge: K, init: &str) -> SearchResult<G::Ply> {
    solve_spec(game, knowledge, &format!("init={init}"))
}

/// Solves with the options `extra` added to a small table's spec.
fn solve_spec<G: Game, K: SearchKnowledge<G>>(game: &G, knowledge: K, extra: &str) -> SearchResult<G::Ply> {
    // A small table, so that replacement happens in the larger cases too.
    let mut search = PnsSearch::with_knowledge(format!("pns:tt=1,{extra}").parse().unwrap(), knowledge);
    search.search(game, &[])
}

fn names<P: ToString>(plies: impl IntoIterator<Item = P>) -> Vec<String> {
    let mut names: Vec<String> = plies.into_iter().map(|p| p.to_string()).collect();
    names.sort();
    names
}

/// The oracle's value and value-keeping plies of `truth`, or `None` when it
/// meets too many positions.
fn oracle<T: Game>(truth: &T) -> Option<(Proof, Vec<String>)> {
    let value = exact_value(truth, ORACLE_LIMIT).ok()?;
    let keeping = winning_plies(truth, ORACLE_LIMIT).ok()?;
    Some((value, names(keeping)))
}

/// With `plies=best` (the root's proof only): the value, a best ply that
/// keeps it, and no root ply proven otherwise than the oracle says.
fn agrees_on_the_value<G: Game, K: SearchKnowledge<G>>(
    game: &G,
    knowledge: K,
    value: Proof,
    keeping: &[String],
    what: &str,
    extra: &str,
) {
    let mut search =
        PnsSearch::with_knowledge(format!("pns:tt=1,plies=best,{extra}").parse().unwrap(), knowledge);
    let result = search.search(game, &[]);
    assert_eq!(result.proof, Some(value), "{what}: the value (plies=best)");
    let best = result.best.expect("an ongoing game has a ply").to_string();
    assert!(
        keeping.contains(&best),
        "{what}: best {best} keeps the value (plies=best)"
    );
    for c in &result.children {
        if let Some(proof) = c.proof {
            let keeps = keeping.contains(&c.ply.to_string());
            assert_eq!(
                proof == value,
                keeps,
                "{what}: {} proven {proof} (plies=best)",
                c.ply
            );
        }
    }
}

/// Checks a pns result against the oracle's value and plies.
fn agrees<P: Copy + ToString>(result: &SearchResult<P>, value: Proof, keeping: &[String], what: &str) {
    assert_eq!(result.proof, Some(value), "{what}: the value");
    assert!(
        result.children.iter().all(|c| c.proof.is_some()),
        "{what}: every root ply is proven"
    );
    let found = names(
        result
            .children
            .iter()
            .filter(|c| c.proof == Some(value))
            .map(|c| c.ply),
    );
    assert_eq!(found, keeping, "{what}: the plies that keep the value");
    let best = result.best.expect("an ongoing game has a ply").to_string();
    assert!(keeping.contains(&best), "{what}: best {best} keeps the value");
}

/// Walks seeded random lines of `engine` (replayed on `reference`) back
/// from their end and checks every position the oracle can value within
/// its limit, at most `per_line` per line; returns how many were checked
/// and how many of them were wins, draws and losses.
fn check_lines<G, R, K>(engine: &G, reference: &R, knowledge: K, lines: u64, per_line: usize) -> [usize; 4]
where
    G: Game,
    R: Game,
    K: SearchKnowledge<G>,
{
    let mut counts = [0; 4];
    for seed in 0..lines {
        let init = INITS[seed as usize % INITS.len()];
        // Whole turns (the default) and one ply at a time, in turn, each
        // with and without the leaf check (every ply ending the game, a
        // decisive ply) in turn.
        let turns = if seed % 2 == 0 { "whole" } else { "ply" };
        let leaves = if seed / 2 % 2 == 0 { "check" } else { "plain" };
        let mut rng = seeded_rng(seed);
        let mut line = vec![(engine.clone(), reference.clone())];
        loop {
            let (game, truth) = line.last().unwrap().clone();
            let Some(ply) = game.random_ply(&mut rng) else {
                break;
            };
            let (mut game, mut truth) = (game, truth);
            let text = ply.to_string();
            game.play_unchecked(ply);
            truth.play_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            line.push((game, truth));
        }
        let mut checked = 0;
        for (game, truth) in line.iter().rev() {
            if game.status().is_finished() {
                continue;
            }
            let Some((value, keeping)) = oracle(truth) else {
                break;
            };
            let what = format!(
                "{} seed {seed} after {} plies, init={init},turns={turns},leaves={leaves}",
                G::NAME,
                game.plies_played()
            );
            agrees(
                &solve_spec(
                    game,
                    knowledge.clone(),
                    &format!("init={init},turns={turns},leaves={leaves}"),
                ),
                value,
                &keeping,
                &format!("{what} (engine)"),
            );
            agrees(
                &solve_spec(truth, NoKnowledge, &format!("init=unit,leaves={leaves}")),
                value,
                &keeping,
                &format!("{what} (reference)"),
            );
            // The exact graph solve (the oracle's positions fit its bound).
            agrees(
                &solve_spec(game, knowledge.clone(), GRAPH),
                value,
                &keeping,
                &format!("{what} ({GRAPH})"),
            );
            agrees_on_the_value(
                game,
                knowledge.clone(),
                value,
                &keeping,
                &what,
                &format!("init={init},turns={turns},leaves={leaves}"),
            );
            counts[0] += 1;
            counts[match value {
                Proof::Win => 1,
                Proof::Draw => 2,
                Proof::Loss => 3,
            }] += 1;
            checked += 1;
            if checked == per_line {
                break;
            }
        }
    }
    counts
}

fn options<O: std::str::FromStr>(spec: &str) -> O
where
    O::Err: std::fmt::Debug,
{
    spec.parse().unwrap()
}

#[test]
fn tic_tac_toe_every_position_of_some_lines_and_the_start() {
    for spec in ["tictactoe", "tictactoe:pie=on"] {
        let start = TicTacToe::new(options(spec));
        let (value, keeping) = oracle(&start).unwrap();
        assert_eq!(value, Proof::Draw);
        for init in INITS {
            agrees(
                &solve_with(&start, TicTacToeKnowledge, init),
                value,
                &keeping,
                &format!("{spec} init={init}"),
            );
        }
        agrees(&solve(&start, NoKnowledge), value, &keeping, spec);
        let counts = check_lines(&start, &start, TicTacToeKnowledge, 12, usize::MAX);
        assert!(
            counts[1] > 0 && counts[2] > 0 && counts[3] > 0,
            "{spec}: {counts:?}"
        );
    }
}

#[test]
fn tic_tac_toe_every_root_ply_has_its_exact_value() {
    let mut game = TicTacToe::new(Default::default());
    game.play_list("a1 c3").unwrap();
    let result = solve(&game, NoKnowledge);
    let mover = game.to_move_seat();
    for child in &result.children {
        let mut next = game.clone();
        next.play_unchecked(child.ply);
        let exact = exact_value(&next, ORACLE_LIMIT).unwrap();
        let for_mover = if next.to_move_seat() == mover {
            exact
        } else {
            match exact {
                Proof::Win => Proof::Loss,
                Proof::Loss => Proof::Win,
                Proof::Draw => Proof::Draw,
            }
        };
        assert_eq!(child.proof, Some(for_mover), "{}", child.ply);
    }
}

#[test]
fn tic_tac_toe_length_caps_make_draws_of_wins() {
    // x wins from here in one ply; with the cap at the next ply nothing wins.
    let mut capped = TicTacToe::new(options("tictactoe:cap=4"));
    capped.play_list("a1 b1 a2").unwrap();
    let (value, keeping) = oracle(&capped).unwrap();
    assert_eq!(value, Proof::Draw, "the cap ends the game at ply 4");
    agrees(&solve(&capped, TicTacToeKnowledge), value, &keeping, "cap=4");
    let mut game = TicTacToe::new(options("tictactoe:cap=7"));
    game.play_list("a1 b1").unwrap();
    let (value, keeping) = oracle(&game).unwrap();
    agrees(&solve(&game, NoKnowledge), value, &keeping, "cap=7");
    // Keyed without the plies played, a proof keeps its length: none of
    // the wins that need more plies than the cap leaves is claimed.
    for spec in ["tictactoe:cap=5", "tictactoe:cap=6", "tictactoe:cap=7,pie=on"] {
        let mut game = TicTacToe::new(options(spec));
        game.play_list("a1 b1").unwrap();
        let (value, keeping) = oracle(&game).unwrap();
        for knowledge in [
            "key=position,init=eval",
            "key=position,init=unit",
            "key=position,init=eval,leaves=check",
            GRAPH,
        ] {
            let result = solve_spec(&game, TicTacToeKnowledge, knowledge);
            agrees(&result, value, &keeping, &format!("{spec} {knowledge}"));
        }
    }
}

#[test]
fn escabel_3x3_and_4x4() {
    use escabel::reference::ReferenceEscabel;
    use escabel::{Escabel, EscabelKnowledge};
    let mut total = 0;
    for spec in [
        "escabel:size=3",
        "escabel:size=3,pie=off",
        "escabel:size=3,variant=checkered",
        "escabel:size=4",
        "escabel:size=4,variant=checkered",
    ] {
        let o: escabel::EscabelOptions = options(spec);
        let counts = check_lines(
            &Escabel::new(o.clone()),
            &ReferenceEscabel::new(o),
            EscabelKnowledge,
            3,
            4,
        );
        assert!(counts[0] > 0, "{spec}: {counts:?}");
        total += counts[0];
    }
    // The 3x3 start itself.
    let o: escabel::EscabelOptions = options("escabel:size=3,pie=off");
    if let Some((value, keeping)) = oracle(&ReferenceEscabel::new(o.clone())) {
        agrees(
            &solve(&Escabel::new(o), EscabelKnowledge),
            value,
            &keeping,
            "escabel 3x3 start",
        );
    }
    assert!(total >= 10, "{total}");
}

#[test]
fn swack_small() {
    use swack::reference::ReferenceSwack;
    use swack::{Swack, SwackKnowledge};
    for spec in [
        "swack:size=2",
        "swack:size=3",
        "swack:size=3,pie=off",
        "swack:size=4",
        "swack:size=3,variant=free",
    ] {
        let o: swack::SwackOptions = options(spec);
        let counts = check_lines(
            &Swack::new(o.clone()),
            &ReferenceSwack::new(o),
            SwackKnowledge,
            3,
            4,
        );
        assert!(counts[0] > 0, "{spec}: {counts:?}");
    }
}

#[test]
fn ecalper_side_3() {
    use ecalper::reference::ReferenceEcalper;
    use ecalper::{Ecalper, EcalperKnowledge};
    let mut draws = 0;
    for spec in ["ecalper:size=3", "ecalper:size=3,pie=off"] {
        let o: ecalper::EcalperOptions = options(spec);
        let counts = check_lines(
            &Ecalper::new(o.clone()),
            &ReferenceEcalper::new(o),
            EcalperKnowledge,
            4,
            6,
        );
        assert!(counts[0] > 0, "{spec}: {counts:?}");
        draws += counts[2];
    }
    let _ = draws;
}

#[test]
fn whirlwind_small() {
    use whirlwind::reference::ReferenceWhirlwind;
    use whirlwind::{Whirlwind, WhirlwindKnowledge};
    for spec in ["whirlwind:size=4", "whirlwind:size=4,setup=b", "whirlwind:size=6"] {
        let o: whirlwind::WhirlwindOptions = options(spec);
        let counts = check_lines(
            &Whirlwind::new(o.clone()),
            &ReferenceWhirlwind::new(o),
            WhirlwindKnowledge,
            3,
            4,
        );
        assert!(counts[0] > 0, "{spec}: {counts:?}");
    }
}

/// Rows of an Epaminondas diagram (index 0 is row 12) that are not empty,
/// the colour to move and the game spec.
type Board = (&'static [(usize, &'static str)], Colour, &'static str);

#[test]
fn epaminondas_tiny_endgames() {
    use epaminondas::reference::ReferenceEpaminondas;
    use epaminondas::{parse_diagram, Epaminondas, EpaminondasKnowledge};
    // A few pieces near the home rows, and a short cap that keeps the
    // oracle's tree small (the cap's draws are part of the check).
    let empty = ". . . . . . . . . . . . . .";
    let boards: [Board; 5] = [
        // row index 0 is row 12 (Black's home row), 11 is row 1.
        (
            &[
                (1, "w . . . . . . . . . . . . ."),
                (10, "b . . . . . . . . . . . . ."),
            ],
            Colour::White,
            "epaminondas:cap=4",
        ),
        (
            &[
                (2, "w w . . . . . . . . . . . ."),
                (1, "b . . . . . . . . . . . . ."),
            ],
            Colour::White,
            "epaminondas:cap=4",
        ),
        (
            &[
                (1, ". b w . . . . . . . . . . ."),
                (10, ". . . . . . . . . . . . b ."),
            ],
            Colour::Black,
            "epaminondas:cap=3",
        ),
        (
            &[
                (0, ". . . . . . . . . . . . . b"),
                (2, "w w w . . . . . . . . . . ."),
                (11, "b . . . . . . . . . . . . ."),
            ],
            Colour::White,
            "epaminondas:cap=3",
        ),
        // Lone pieces in the corners: within six plies they can shuffle
        // back to a position met before (key=position must not take a
        // repetition for a result).
        (
            &[
                (1, "w . . . . . . . . . . . . ."),
                (10, ". . . . . . . . . . . . . b"),
            ],
            Colour::White,
            "epaminondas:cap=6",
        ),
    ];
    let mut values = Vec::new();
    for (rows, to_move, spec) in boards {
        let mut lines = [empty; 12];
        for &(r, text) in rows {
            lines[r] = text;
        }
        let cells = parse_diagram(&lines.join("\n")).unwrap();
        let o: epaminondas::EpaminondasOptions = options(spec);
        let game = Epaminondas::from_cells(o.clone(), &cells, to_move).unwrap();
        let truth = ReferenceEpaminondas::from_cells(o, &cells, to_move).unwrap();
        if game.status().is_finished() {
            continue;
        }
        let (value, keeping) = oracle(&truth).unwrap_or_else(|| panic!("{spec} {rows:?}: too big"));
        for init in INITS {
            agrees(
                &solve_with(&game, EpaminondasKnowledge, init),
                value,
                &keeping,
                &format!("{rows:?} init={init}"),
            );
            // Positions keyed without their plies played: repetitions
            // count as not won, stored proofs carry their length.
            let extra = format!("key=position,init={init}");
            agrees(
                &solve_spec(&game, EpaminondasKnowledge, &extra),
                value,
                &keeping,
                &format!("{rows:?} {extra}"),
            );
            // New leaves settled at once, the cap's draws among them.
            let extra = format!("{extra},leaves=check");
            agrees(
                &solve_spec(&game, EpaminondasKnowledge, &extra),
                value,
                &keeping,
                &format!("{rows:?} {extra}"),
            );
        }
        agrees(
            &solve(&truth, NoKnowledge),
            value,
            &keeping,
            &format!("{rows:?} (reference)"),
        );
        // The graph solve, on both implementations: repeated positions
        // are one node of the graph, and the cap is read against each
        // seat's distance to its win.
        agrees(
            &solve_spec(&game, EpaminondasKnowledge, GRAPH),
            value,
            &keeping,
            &format!("{rows:?} {GRAPH}"),
        );
        agrees(
            &solve_spec(&truth, NoKnowledge, GRAPH),
            value,
            &keeping,
            &format!("{rows:?} {GRAPH} (reference)"),
        );
        values.push(value);
    }
    // The boards give every value: the cap's draws too.
    for value in [Proof::Win, Proof::Draw, Proof::Loss] {
        assert!(values.contains(&value), "{values:?}");
    }
}

/// The diagram of an Epaminondas board of one piece a side (row index 0
/// is row 12).
fn lone_pieces(white: (usize, usize), black: (usize, usize)) -> String {
    let mut lines = vec![vec!['.'; 14]; 12];
    lines[white.0][white.1] = 'w';
    lines[black.0][black.1] = 'b';
    let text: Vec<String> = lines
        .iter()
        .map(|l| l.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "))
        .collect();
    text.join("\n")
}

/// Rules P4 and P6 under every cap from 1 to 5 plies: a white piece one
/// step from Black's home row (c11) and a black piece far from White's
/// (m7), with either side to move. White arrives with its first ply and
/// wins at the start of its next turn (P4), unless the cap ends the game
/// first; the lone pieces can shuffle back and forth meanwhile. The
/// graph solve, df-pn keyed by ply and by position must all give the
/// oracle's value and plies under each cap.
#[test]
fn epaminondas_the_cap_decides_between_a_win_and_a_draw() {
    use epaminondas::reference::ReferenceEpaminondas;
    use epaminondas::{Epaminondas, EpaminondasKnowledge};
    let cells = epaminondas::parse_diagram(&lone_pieces((1, 2), (5, 12))).unwrap();
    for (to_move, decided) in [(Colour::White, Proof::Win), (Colour::Black, Proof::Loss)] {
        let mut values = Vec::new();
        for cap in 1..=5 {
            let spec = format!("epaminondas:cap={cap}");
            let o: epaminondas::EpaminondasOptions = options(&spec);
            let game = Epaminondas::from_cells(o.clone(), &cells, to_move).unwrap();
            let truth = ReferenceEpaminondas::from_cells(o, &cells, to_move).unwrap();
            let (value, keeping) = oracle(&truth).unwrap_or_else(|| panic!("{spec}: too big"));
            for extra in [GRAPH, "key=ply", "key=position"] {
                let what = format!("{spec} {to_move:?} to move, {extra}");
                agrees(
                    &solve_spec(&game, EpaminondasKnowledge, extra),
                    value,
                    &keeping,
                    &what,
                );
            }
            agrees(
                &solve_spec(&truth, NoKnowledge, GRAPH),
                value,
                &keeping,
                &format!("{spec} {to_move:?} to move (reference), {GRAPH}"),
            );
            values.push(value);
        }
        // White's arrival and the start of its next turn: two plies with
        // White to move, three with Black.
        let first = if to_move == Colour::White { 2 } else { 3 };
        let expected: Vec<Proof> = (1..=5)
            .map(|cap| if cap >= first { decided } else { Proof::Draw })
            .collect();
        assert_eq!(values, expected, "{to_move:?} to move");
    }
}
