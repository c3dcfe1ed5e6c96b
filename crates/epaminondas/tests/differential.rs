//! Differential test: the bitboard engine against the plain reference over
//! seeded random games of every option set. Raise the case count with
//! `PROPTEST_CASES`.

use abstracta_core::conformance::proptest_cases;
use abstracta_core::{Game, GameOptions, PlyBuf};
use epaminondas::reference::ReferenceEpaminondas;
use epaminondas::{Epaminondas, EpaminondasOptions};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn sorted(plies: &PlyBuf<epaminondas::EpaminondasPly>) -> Vec<String> {
    let mut v: Vec<String> = plies.iter().map(|p| p.to_string()).collect();
    v.sort();
    v
}

/// Plays one random game on both implementations, comparing at every ply.
/// `bias` steers towards captures and long games so late positions (home
/// rows, P5, few pieces) are reached.
fn run(spec: &str, seed: u64, max_plies: u32) {
    let options = EpaminondasOptions::from_spec(spec).unwrap();
    let mut engine = Epaminondas::new(options.clone());
    let mut reference = ReferenceEpaminondas::new(options);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut a = PlyBuf::new();
    let mut b = PlyBuf::new();
    let mut history = Vec::new();
    loop {
        let ctx =
            |e: &Epaminondas, h: &[String]| format!("{spec} seed {seed} after [{}]\n{}", h.join(" "), e);
        assert_eq!(
            engine.board_cells(),
            reference.board_cells(),
            "board: {}",
            ctx(&engine, &history)
        );
        assert_eq!(
            engine.to_move_colour(),
            reference.to_move_colour(),
            "colour: {}",
            ctx(&engine, &history)
        );
        assert_eq!(
            engine.to_move_seat(),
            reference.to_move_seat(),
            "seat: {}",
            ctx(&engine, &history)
        );
        assert_eq!(
            engine.status(),
            reference.status(),
            "status: {}",
            ctx(&engine, &history)
        );
        assert_eq!(
            engine.is_symmetric(),
            reference.is_symmetric(),
            "P5 symmetry: {}",
            ctx(&engine, &history)
        );
        for c in abstracta_core::Colour::ALL {
            assert_eq!(
                engine.home_row_count(c) as usize,
                reference.home_row_count(c),
                "P4 count"
            );
        }
        engine.legal_plies(&mut a);
        reference.legal_plies(&mut b);
        assert_eq!(sorted(&a), sorted(&b), "legal plies: {}", ctx(&engine, &history));
        if b.is_empty() || engine.plies_played() >= max_plies {
            break;
        }
        // Prefer captures and forward moves half the time: random games
        // otherwise rarely reach the end-game rules.
        let captures: Vec<_> = b.iter().filter(|p| p.to_string().contains('x')).collect();
        let ply = if !captures.is_empty() && rng.gen_bool(0.7) {
            *captures[rng.gen_range(0..captures.len())]
        } else if rng.gen_bool(0.5) {
            engine.random_ply(&mut rng).unwrap()
        } else {
            b[rng.gen_range(0..b.len())]
        };
        if let Err(e) = engine.play(ply) {
            panic!("{ply}: {e}: {}", ctx(&engine, &history));
        }
        history.push(ply.to_string());
        reference.play_unchecked(ply);
        assert_eq!(
            engine.hash(),
            engine.hash_from_scratch(),
            "hash: {}",
            ctx(&engine, &history)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(proptest_cases(6)))]

    #[test]
    fn standard_matches_reference(seed in any::<u64>()) {
        run("epaminondas", seed, 400);
    }

    #[test]
    fn stones_match_reference(seed in any::<u64>()) {
        run("epaminondas:variant=stones", seed, 400);
    }

    #[test]
    fn short_cap_matches_reference(seed in any::<u64>(), cap in 1u32..60) {
        run(&format!("epaminondas:cap={cap}"), seed, 400);
        run(&format!("epaminondas:variant=stones,cap={cap}"), seed, 400);
    }
}
