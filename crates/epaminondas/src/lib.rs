//! The epaminondas game (under construction).
