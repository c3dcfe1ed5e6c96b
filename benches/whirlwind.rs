//! Placeholder until the whirlwind benchmarks land.
fn main() {}
