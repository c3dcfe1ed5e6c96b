//! Perft data (tests/data/perft.txt) against the engine and the reference
//! implementation; a deeper file runs with `--ignored`.

use abstracta_core::conformance::check_perft_text;
use abstracta_core::perft::perft;
use abstracta_core::{Game, GameOptions};
use escabel::reference::ReferenceEscabel;
use escabel::{Escabel, EscabelOptions};

const DATA: &str = include_str!("data/perft.txt");
const DEEP: &str = include_str!("data/perft_deep.txt");

#[test]
fn perft_file_engine() {
    assert!(check_perft_text::<Escabel>(DATA) >= 30);
}

#[test]
fn perft_file_reference() {
    assert!(check_perft_text::<ReferenceEscabel>(DATA) >= 30);
}

#[test]
#[ignore = "slow: deeper counts"]
fn perft_deep_engine() {
    check_perft_text::<Escabel>(DEEP);
}

#[test]
#[ignore = "slow: deeper counts"]
fn perft_deep_reference() {
    check_perft_text::<ReferenceEscabel>(DEEP);
}

/// Prints reference counts for `ESCABEL_PERFT="spec|moves|depth"`
/// (the tool that produced the data files).
#[test]
#[ignore = "a generator, not a check"]
fn print_reference_counts() {
    let Ok(job) = std::env::var("ESCABEL_PERFT") else {
        return;
    };
    for item in job.split(';') {
        let parts: Vec<&str> = item.split('|').collect();
        let options = EscabelOptions::from_spec(parts[0]).unwrap();
        let mut game = ReferenceEscabel::new(options);
        game.play_list(parts[1]).unwrap();
        let depth: u32 = parts[2].parse().unwrap();
        println!("spec {}\nmoves {}", parts[0], parts[1]);
        for d in 1..=depth {
            println!("{d} {}", perft(&game, d));
        }
    }
}
