//! The swack game (under construction).
