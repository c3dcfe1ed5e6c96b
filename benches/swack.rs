//! Placeholder until the swack benchmarks land.
fn main() {}
