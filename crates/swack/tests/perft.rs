//! The perft data file against both implementations.

use abstracta_core::conformance::check_perft_text;
use swack::reference::ReferenceSwack;
use swack::Swack;

const DATA: &str = include_str!("data/perft.txt");

#[test]
fn perft_file_matches_engine() {
    assert!(check_perft_text::<Swack>(DATA) >= 60);
}

#[test]
fn perft_file_matches_reference() {
    assert!(check_perft_text::<ReferenceSwack>(DATA) >= 60);
}
