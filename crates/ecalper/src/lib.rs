//! The ecalper game (under construction).
