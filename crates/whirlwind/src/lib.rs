//! The whirlwind game (under construction).
