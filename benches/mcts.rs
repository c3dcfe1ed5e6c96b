//! Placeholder until the mcts benchmarks land.
fn main() {}
