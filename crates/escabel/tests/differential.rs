//! Differential test: the bitboard engine against the plain reference
//! implementation, ply by ply over seeded random games.
//!
//! `PROPTEST_CASES` raises the number of games (default 24).

use abstracta_core::conformance::{play_both, proptest_cases, sorted_legal_plies};
use abstracta_core::CellClaims;
use abstracta_core::{Game, GameOptions, Point};
use escabel::reference::{ReferenceEscabel, ReferenceEscabelKnowledge};
use escabel::EscabelKnowledge;
use escabel::{Escabel, EscabelOptions, EscabelPly};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const SPECS: &[&str] = &[
    "escabel:size=3",
    "escabel:size=4,pie=off",
    "escabel:size=5",
    "escabel:size=5,variant=checkered",
    "escabel:size=5,variant=checkered,corner=white",
    "escabel:size=4,variant=checkered,pie=off",
    "escabel:size=6,variant=checkered,cap=120",
    "escabel:size=7",
    "escabel:size=3,variant=checkered,corner=white,cap=none",
    "escabel:size=9,cap=60",
    "escabel:size=11,variant=checkered,cap=80",
    "escabel:size=16,cap=120",
];

fn run(spec: &str, seed: u64, stacking_bias: bool) {
    let options = EscabelOptions::from_spec(spec).unwrap();
    let mut engine = Escabel::new(options.clone());
    let mut reference = ReferenceEscabel::new(options);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut history = Vec::new();
    loop {
        let ctx = || format!("{spec} seed {seed} after [{}]\n{}", history.join(" "), engine);
        let legal = sorted_legal_plies(&engine);
        assert_eq!(legal, sorted_legal_plies(&reference), "legal plies: {}", ctx());
        assert_eq!(
            EscabelKnowledge.claimable_cells(&engine),
            ReferenceEscabelKnowledge.claimable_cells(&reference),
            "{}",
            ctx()
        );
        for &ply in &legal {
            assert_eq!(
                EscabelKnowledge.claimed_cell(&engine, ply),
                ReferenceEscabelKnowledge.claimed_cell(&reference, ply),
                "AMAF of {ply}: {}",
                ctx()
            );
        }
        assert_eq!(engine.board_cells(), reference.board_cells(), "board: {}", ctx());
        assert_eq!(engine.to_move_colour(), reference.to_move_colour(), "{}", ctx());
        assert_eq!(engine.to_move_seat(), reference.to_move_seat(), "{}", ctx());
        assert_eq!(engine.status(), reference.status(), "status: {}", ctx());
        assert_eq!(engine.crosscuts().len(), reference.crosscuts().len(), "{}", ctx());
        for colour in abstracta_core::Colour::ALL {
            assert_eq!(
                engine.has_winning_chain(colour),
                reference.has_winning_chain(colour),
                "chain of {colour}: {}",
                ctx()
            );
            assert_eq!(
                engine.winning_chain(colour),
                reference.winning_chain(colour),
                "winning chain of {colour}: {}",
                ctx()
            );
        }
        let n = engine.size();
        for row in 0..n {
            for col in 0..n {
                let a = Point::new(col, row);
                for (dc, dr) in [(1i8, 0i8), (0, 1), (1, 1), (-1, 1)] {
                    let (c2, r2) = (col as i8 + dc, row as i8 + dr);
                    if c2 < 0 || c2 >= n as i8 || r2 >= n as i8 {
                        continue;
                    }
                    let b = Point::new(c2 as u8, r2 as u8);
                    assert_eq!(
                        engine.connected(a, b),
                        reference.connected(a, b),
                        "E3 {a}-{b}: {}",
                        ctx()
                    );
                }
            }
        }
        if legal.is_empty() {
            if std::env::var("ESCABEL_DIFF_VERBOSE").is_ok() {
                eprintln!(
                    "{spec} seed {seed}: {} plies, {} [{}]\n{}",
                    history.len(),
                    engine.status(),
                    history.join(" "),
                    engine
                );
            }
            break;
        }
        // Prefer stacking moves now and then so tall stacks and height
        // comparisons across crosscuts get exercised.
        let stacks: Vec<_> = legal
            .iter()
            .filter(|p| matches!(p, EscabelPly::Stack { .. }))
            .collect();
        let ply = if stacking_bias && !stacks.is_empty() && rng.gen_bool(0.6) {
            *stacks[rng.gen_range(0..stacks.len())]
        } else {
            legal[rng.gen_range(0..legal.len())]
        };
        play_both(&mut engine, &mut reference, ply, &mut history);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(proptest_cases(24)))]

    #[test]
    fn engine_matches_reference(spec_index in 0..SPECS.len(), seed in any::<u64>(), bias in any::<bool>()) {
        run(SPECS[spec_index], seed, bias);
    }
}

#[test]
fn every_spec_once() {
    for (i, spec) in SPECS.iter().enumerate() {
        run(spec, i as u64 * 7919 + 1, i % 2 == 0);
        run(spec, i as u64 * 104_729 + 3, true);
    }
}
