//! The escabel game (under construction).
