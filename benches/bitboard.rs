//! Placeholder until the bitboard benchmarks land.
fn main() {}
