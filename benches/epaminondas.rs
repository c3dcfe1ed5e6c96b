//! Placeholder until the epaminondas benchmarks land.
fn main() {}
