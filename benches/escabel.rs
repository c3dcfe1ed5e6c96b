//! Placeholder until the escabel benchmarks land.
fn main() {}
