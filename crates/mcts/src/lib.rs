//! Parallel MCTS (under construction).
