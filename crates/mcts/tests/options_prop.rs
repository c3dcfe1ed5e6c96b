//! Property test: every options value prints to a spec that parses back
//! equal.

use std::time::Duration;

use mcts::MctsOptions;
use proptest::prelude::*;

fn options() -> impl Strategy<Value = MctsOptions> {
    (
        (
            proptest::option::of(1u64..10_000_000),
            proptest::option::of(1u64..100_000_000),
            1usize..64,
            proptest::option::of(0u32..400),
            proptest::option::of(0u32..400),
            any::<bool>(),
            any::<bool>(),
            any::<u64>(),
        ),
        (
            1usize..100_000_000,
            any::<bool>(),
            proptest::option::of(1u32..100_000),
            0u32..2000,
            1u32..100_000,
            0u32..100,
            any::<bool>(),
        ),
        (
            proptest::option::of(prop_oneof![
                Just(mcts::Decisive::Off),
                Just(mcts::Decisive::Tree),
                Just(mcts::Decisive::On)
            ]),
            proptest::option::of(any::<bool>()),
            proptest::option::of(0u32..1000),
            proptest::option::of(0u32..=mcts::MAX_PRIOR_VISITS),
            1u32..=mcts::MAX_VIRTUAL_LOSS,
            proptest::option::of(0u32..=mcts::MAX_RESCAN),
            proptest::option::of(0u32..=mcts::MAX_POOL),
            0u32..=100,
        ),
        (
            0u32..=mcts::MAX_GRAVE_REF,
            prop_oneof![
                Just(mcts::Mast::Off),
                Just(mcts::Mast::Softmax),
                Just(mcts::Mast::Greedy)
            ],
            1u32..=1_000_000,
            0u32..=100,
            0u32..=10_000,
            any::<bool>(),
            0u32..=100_000,
        ),
    )
        .prop_map(
            |(
                (iterations, micros, threads, c, crave, rave, solver, seed),
                (max_nodes, root_parallel, playout_cap, fpu, rave_k, expand_visits, ponder),
                (decisive, guided, eval_after, prior_visits, virtual_loss, rescan, pool_size, pool_percent),
                (grave_ref, mast, mastt, maste, ph, puct, cpuct),
            )| {
                let time = micros.map(Duration::from_micros);
                MctsOptions {
                    iterations: if iterations.is_none() && time.is_none() {
                        Some(1)
                    } else {
                        iterations
                    },
                    time,
                    threads,
                    exploration: c.map(|c| f64::from(c) / 100.0),
                    rave_exploration: crave.map(|c| f64::from(c) / 100.0),
                    rave,
                    solver,
                    seed,
                    max_nodes,
                    root_parallel,
                    playout_cap,
                    fpu: f64::from(fpu) / 10.0,
                    rave_k: f64::from(rave_k) / 4.0,
                    expand_visits,
                    ponder,
                    decisive,
                    guided,
                    pool_size,
                    pool_percent,
                    eval_after,
                    prior_visits,
                    virtual_loss,
                    rescan,
                    grave_ref,
                    mast,
                    mast_temperature: f64::from(mastt) / 1000.0,
                    mast_epsilon: f64::from(maste) / 100.0,
                    history_weight: f64::from(ph) / 10.0,
                    select: if puct {
                        mcts::Select::Puct
                    } else {
                        mcts::Select::Uct
                    },
                    cpuct: f64::from(cpuct) / 100.0,
                }
            },
        )
}

proptest! {
    #[test]
    fn display_parses_back_equal(o in options()) {
        let text = o.to_string();
        prop_assert!(text.starts_with("mcts:"));
        let back: MctsOptions = text.parse().unwrap();
        prop_assert_eq!(back, o);
        // Without the prefix too.
        let back: MctsOptions = text.trim_start_matches("mcts:").parse().unwrap();
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn parsing_never_panics(s in "[a-z=,:0-9.]{0,40}") {
        let _ = s.parse::<MctsOptions>();
    }
}
