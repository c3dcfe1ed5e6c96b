//! Unit tests (see also tests/).
