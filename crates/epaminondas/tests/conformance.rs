//! The core conformance kit on the engine and the reference.

use abstracta_core::conformance::{check_perft_text, check_random_games, check_random_games_with};
use abstracta_core::Cells;
use abstracta_core::GameOptions;
use abstracta_core::{Colour, Game};
use epaminondas::reference::ReferenceEpaminondas;
use epaminondas::{Epaminondas, EpaminondasOptions, EpaminondasPly, Piece};

const SPECS: [&str; 4] = [
    "epaminondas:cap=40",
    "epaminondas:variant=stones,cap=30",
    "epaminondas:cap=7",
    "epaminondas:variant=stones,cap=2",
];

/// Every stone and every move on a line from a piece of the side to move
/// (up to `reach` squares), legal or not: a superset of the legal plies.
fn candidates(cells: &Cells<Piece>, to_move: Colour, reach: i32) -> Vec<EpaminondasPly> {
    let own = if to_move == Colour::White {
        Piece::White
    } else {
        Piece::Black
    };
    Epaminondas::candidate_plies(&Epaminondas::new(EpaminondasOptions::default()))
        .into_iter()
        .filter(|p| match *p {
            EpaminondasPly::Stone(_) => true,
            EpaminondasPly::Move { from, to, .. } => {
                let d = (i32::from(to.col) - i32::from(from.col))
                    .abs()
                    .max((i32::from(to.row) - i32::from(from.row)).abs());
                cells.get(from) == Some(&own) && d <= reach
            }
        })
        .collect()
}

#[test]
fn engine_passes_the_kit() {
    for spec in SPECS {
        let options = EpaminondasOptions::from_spec(spec).unwrap();
        let n = check_random_games_with::<Epaminondas, _>(
            &options,
            &epaminondas::EpaminondasKnowledge,
            1,
            11,
            |g: &Epaminondas| candidates(&g.board_cells(), g.to_move_colour(), 14),
        );
        assert!(n > 2);
    }
}

#[test]
fn reference_passes_the_kit() {
    // The reference recomputes every legal ply for each status query, so it
    // gets short games and a smaller candidate set: vertical moves of up to
    // three squares and a column of stones.
    for spec in ["epaminondas:cap=6", "epaminondas:variant=stones,cap=5"] {
        let options = EpaminondasOptions::from_spec(spec).unwrap();
        let n = check_random_games::<ReferenceEpaminondas>(&options, 1, 5, |g: &ReferenceEpaminondas| {
            let mut v = candidates(&g.board_cells(), g.to_move_colour(), 3);
            v.retain(|p| match p {
                EpaminondasPly::Move { from, to, .. } => from.col == to.col,
                EpaminondasPly::Stone(s) => s.col == 4,
            });
            v
        });
        assert!(n > 2);
    }
}

#[test]
fn perft_file_matches_engine() {
    let text = include_str!("data/perft.txt");
    assert!(check_perft_text::<Epaminondas>(text) >= 10);
}

#[test]
fn perft_file_matches_reference() {
    let text = include_str!("data/perft.txt");
    assert!(check_perft_text::<ReferenceEpaminondas>(&shallow(text)) >= 10);
}

/// The reference is slow: check it only up to depth 2.
fn shallow(text: &str) -> String {
    text.lines()
        .filter(|l| {
            let mut w = l.split_whitespace();
            match (w.next().and_then(|d| d.parse::<u32>().ok()), w.next()) {
                (Some(d), Some(_)) => d <= 2,
                _ => true,
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
#[ignore = "deep perft on the reference; run with --ignored"]
fn perft_file_matches_reference_in_full() {
    let text = include_str!("data/perft.txt");
    assert!(check_perft_text::<ReferenceEpaminondas>(text) >= 10);
}
