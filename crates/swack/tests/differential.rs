//! Differential test: the bitboard engine against the plain reference
//! implementation over seeded random games of every option set.
//!
//! `PROPTEST_CASES` raises the number of games (default 48).

use abstracta_core::conformance::{proptest_cases, sorted_legal_plies};
use abstracta_core::{Game, GameOptions, LengthCap};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use swack::reference::ReferenceSwack;
use swack::{Swack, SwackOptions, SwackPly, Variant};

/// Plays one seeded game on both implementations, comparing every ply.
fn run(options: SwackOptions, seed: u64, max_plies: u32) {
    let spec = options.spec();
    let mut engine = Swack::new(options.clone());
    let mut reference = ReferenceSwack::new(options);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut history: Vec<String> = Vec::new();
    loop {
        let context = || format!("{spec} seed {seed} after [{}]", history.join(" "));
        let legal = sorted_legal_plies(&engine);
        assert_eq!(
            legal,
            sorted_legal_plies(&reference),
            "legal plies: {}",
            context()
        );
        assert_eq!(
            engine.board_cells(),
            reference.board_cells(),
            "board: {}",
            context()
        );
        assert_eq!(
            engine.to_move_colour(),
            reference.to_move_colour(),
            "colour: {}",
            context()
        );
        assert_eq!(
            engine.to_move_seat(),
            reference.to_move_seat(),
            "seat: {}",
            context()
        );
        assert_eq!(engine.swapped(), reference.swapped(), "swapped: {}", context());
        assert_eq!(engine.status(), reference.status(), "status: {}", context());
        assert_eq!(engine.hash(), engine.hash_from_scratch(), "hash: {}", context());
        for colour in abstracta_core::Colour::ALL {
            let mut e: Vec<usize> = engine
                .group_sizes(colour)
                .iter()
                .map(|&s| usize::from(s))
                .collect();
            let mut r: Vec<usize> = reference.groups(colour).iter().map(Vec::len).collect();
            e.sort_unstable();
            r.sort_unstable();
            assert_eq!(e, r, "group sizes of {colour}: {}", context());
        }
        assert_eq!(
            engine.scoring_winner(),
            reference.scoring_winner(),
            "scoring: {}",
            context()
        );
        assert_eq!(
            engine.scoring_groups(),
            reference.scoring_groups(),
            "scoring groups: {}",
            context()
        );
        if legal.is_empty() || engine.plies_played() >= max_plies {
            break;
        }
        // Mostly the engine's own random ply; sometimes a uniform pick, and
        // sometimes a pass so that games end by the rules too.
        let ply = match rng.gen_range(0..10) {
            0..=5 => engine.random_ply(&mut rng).expect("ongoing"),
            6 => SwackPly::Pass,
            _ => legal[rng.gen_range(0..legal.len())],
        };
        assert!(reference.is_legal(ply), "reference refuses {ply}: {}", context());
        if let Err(e) = engine.play(ply) {
            panic!("{e}: {}", context());
        }
        history.push(ply.to_string());
        reference.play_unchecked(ply);
    }
}

fn options_strategy() -> impl Strategy<Value = SwackOptions> {
    (
        prop_oneof![
            Just(2u8),
            Just(3),
            Just(4),
            Just(5),
            Just(6),
            Just(7),
            Just(8),
            Just(11),
            Just(15),
            Just(19),
            Just(23)
        ],
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(None), (1u32..120).prop_map(Some)],
    )
        .prop_map(|(size, free, pie, cap)| {
            SwackOptions::new(size)
                .unwrap()
                .with_variant(if free { Variant::Free } else { Variant::Standard })
                .with_pie(pie)
                .with_cap(cap.map_or(LengthCap::Default, LengthCap::Plies))
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: proptest_cases(48), ..ProptestConfig::default() })]

    #[test]
    fn engine_matches_reference(options in options_strategy(), seed in any::<u64>()) {
        run(options, seed, 400);
    }
}

#[test]
fn tiny_boards_to_the_end_match() {
    // 2x2 and 3x3 games run to their rules end or default cap.
    for size in [2u8, 3] {
        for variant in [Variant::Standard, Variant::Free] {
            for seed in 0..20 {
                let options = SwackOptions::new(size).unwrap().with_variant(variant);
                run(options, seed, u32::MAX);
            }
        }
    }
}
