//! Placeholder until the ecalper benchmarks land.
fn main() {}
