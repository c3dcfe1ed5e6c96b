//! Differential test: the bitboard engine against the reference
//! implementation on seeded random games over all options and several
//! sizes. `PROPTEST_CASES` raises the number of games (default 24).

use abstracta_core::conformance::{play_both, proptest_cases, sorted_legal_plies};
use abstracta_core::{Game, LengthCap};
use ecalper::reference::ReferenceEcalper;
use ecalper::{Ecalper, EcalperOptions};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn compare(size: u8, pie: bool, cap: Option<u32>, seed: u64) {
    let options = EcalperOptions::new(size)
        .unwrap()
        .with_pie(pie)
        .with_cap(cap.map_or(LengthCap::Default, LengthCap::Plies));
    let mut engine = Ecalper::new(options.clone());
    let mut reference = ReferenceEcalper::new(options);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut history = Vec::new();
    loop {
        let context = format!(
            "size {size} pie {pie} cap {cap:?} seed {seed} after [{}]",
            history.join(" ")
        );
        let plies = sorted_legal_plies(&engine);
        assert_eq!(plies, sorted_legal_plies(&reference), "{context}: legal plies");
        assert_eq!(engine.board_cells(), reference.board_cells(), "{context}: board");
        assert_eq!(
            engine.replaceable(),
            reference.replaceable(),
            "{context}: replaceable"
        );
        assert_eq!(
            engine.to_move_colour(),
            reference.to_move_colour(),
            "{context}: colour"
        );
        assert_eq!(engine.to_move_seat(), reference.to_move_seat(), "{context}: seat");
        assert_eq!(engine.status(), reference.status(), "{context}: status");
        assert_eq!(engine.hash(), engine.hash_from_scratch(), "{context}: hash");
        for colour in abstracta_core::Colour::ALL {
            assert_eq!(
                engine.largest_group(colour),
                reference.largest_group(colour),
                "{context}"
            );
            assert_eq!(
                engine.largest_groups(colour),
                reference.largest_groups(colour),
                "{context}: largest groups of {colour}"
            );
            assert_eq!(
                engine.group_count(colour),
                reference.group_count(colour),
                "{context}"
            );
        }
        if plies.is_empty() {
            assert!(engine.random_ply(&mut rng).is_none(), "{context}");
            break;
        }
        // Mostly the engine's own random ply (the playout path), sometimes a
        // uniform one (reaches swaps and odd placements).
        let ply = if rng.gen_bool(0.7) {
            engine.random_ply(&mut rng).expect("legal plies exist")
        } else {
            plies[rng.gen_range(0..plies.len())]
        };
        assert!(plies.contains(&ply), "{context}: random_ply gave illegal {ply}");
        play_both(&mut engine, &mut reference, ply, &mut history);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(proptest_cases(24)))]

    #[test]
    fn engine_matches_reference(
        size in prop::sample::select(vec![3u8, 4, 5, 6, 7, 8, 10, 11, 12]),
        pie in any::<bool>(),
        cap in prop::option::weighted(0.2, 1u32..200),
        seed in any::<u64>(),
    ) {
        compare(size, pie, cap, seed);
    }
}

#[test]
fn every_size_plays_to_the_end_identically() {
    for size in 3..=12 {
        for seed in 0..2 {
            compare(size, seed == 0, None, seed);
        }
    }
}
