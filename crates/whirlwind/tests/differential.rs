//! Differential test: the bitboard engine against the plain reference, on
//! seeded random games over all options and several sizes, compared at
//! every ply. `PROPTEST_CASES` raises the case count.

use abstracta_core::conformance::{play_both, proptest_cases};
use abstracta_core::{Game, GameOptions, PlyBuf};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use whirlwind::reference::ReferenceWhirlwind;
use whirlwind::{Whirlwind, WhirlwindOptions, WhirlwindPly};

fn sorted(mut v: Vec<WhirlwindPly>) -> Vec<WhirlwindPly> {
    v.sort();
    v
}

fn compare_game(spec: &str, seed: u64) {
    let options = WhirlwindOptions::from_spec(spec).unwrap();
    let mut engine = Whirlwind::new(options.clone());
    let mut reference = ReferenceWhirlwind::new(options);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut history: Vec<String> = Vec::new();
    let mut e_plies = PlyBuf::new();
    let mut r_plies = PlyBuf::new();
    loop {
        let context = format!("{spec} seed {seed} after [{}]", history.join(" "));
        engine.legal_plies(&mut e_plies);
        reference.legal_plies(&mut r_plies);
        assert_eq!(
            sorted(e_plies.to_vec()),
            sorted(r_plies.to_vec()),
            "{context}: legal plies\n{}",
            reference
        );
        assert_eq!(engine.board_cells(), reference.board_cells(), "{context}: board");
        assert_eq!(
            engine.to_move_colour(),
            reference.to_move_colour(),
            "{context}: colour to move"
        );
        assert_eq!(
            engine.to_move_seat(),
            reference.to_move_seat(),
            "{context}: seat to move"
        );
        assert_eq!(engine.status(), reference.status(), "{context}: status");
        assert_eq!(engine.w3_holds(), reference.w3_holds(), "{context}: W3");
        for colour in abstracta_core::Colour::ALL {
            assert_eq!(
                engine.has_chain(colour),
                reference.has_chain(colour),
                "{context}: chain of {colour}"
            );
            assert_eq!(
                engine.winning_chain(colour),
                reference.winning_chain(colour),
                "{context}: winning chain of {colour}"
            );
        }
        for &ply in e_plies.iter() {
            if let WhirlwindPly::Place(p) = ply {
                assert_eq!(
                    engine.completes_chain(p),
                    reference.completes_chain(p),
                    "{context}: {p} completes a chain"
                );
            }
        }
        let (fresh, end) = engine.legal_points_from_scratch();
        if engine.status().is_ongoing() {
            let from_cache = e_plies
                .iter()
                .filter(|p| matches!(p, WhirlwindPly::Place(_)))
                .count();
            assert_eq!(fresh.count() as usize, from_cache, "{context}: cached legal set");
            assert_eq!(end, e_plies.contains(&WhirlwindPly::End), "{context}: end");
        }
        if e_plies.is_empty() {
            break;
        }
        // Mostly the engine's own random ply; sometimes `end` when legal so
        // one-stone turns are exercised.
        let ply = if e_plies.contains(&WhirlwindPly::End) && rng.gen_bool(0.3) {
            WhirlwindPly::End
        } else {
            e_plies[rng.gen_range(0..e_plies.len())]
        };
        play_both(&mut engine, &mut reference, ply, &mut history);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: proptest_cases(24), ..ProptestConfig::default() })]

    #[test]
    fn engine_matches_reference(
        size in prop::sample::select(vec![4u8, 4, 6, 6, 8, 8, 10, 12, 14]),
        setup in prop::sample::select(vec!["a", "b"]),
        cap in prop::sample::select(vec!["", "", "", ",cap=7", ",cap=30", ",cap=none"]),
        seed in any::<u64>(),
    ) {
        compare_game(&format!("whirlwind:size={size},setup={setup}{cap}"), seed);
    }
}

#[test]
fn default_size_games_match() {
    for seed in 0..2 {
        compare_game("whirlwind", seed);
    }
}

/// The largest boards (where the bitboards fill every word), compared at
/// sampled plies only because the reference is slow there.
#[test]
fn large_boards_match_at_sampled_plies() {
    for (spec, seed) in [
        ("whirlwind:size=26", 1u64),
        ("whirlwind:size=20,setup=b", 2),
        ("whirlwind:size=24", 3),
    ] {
        let options = WhirlwindOptions::from_spec(spec).unwrap();
        let mut engine = Whirlwind::new(options.clone());
        let mut reference = ReferenceWhirlwind::new(options);
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut e_plies = PlyBuf::new();
        let mut r_plies = PlyBuf::new();
        let mut k = 0;
        loop {
            if k % 37 == 0 || engine.status().is_finished() {
                engine.legal_plies(&mut e_plies);
                reference.legal_plies(&mut r_plies);
                assert_eq!(
                    sorted(e_plies.to_vec()),
                    sorted(r_plies.to_vec()),
                    "{spec} ply {k}"
                );
                assert_eq!(engine.status(), reference.status(), "{spec} ply {k}");
            }
            assert_eq!(engine.board_cells(), reference.board_cells());
            let Some(ply) = engine.random_ply(&mut rng) else {
                break;
            };
            engine.play(ply).unwrap();
            reference.play_unchecked(ply);
            k += 1;
        }
    }
}
