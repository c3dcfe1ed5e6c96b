//! The bodies of abstracta's fuzz targets, as plain functions of the input
//! bytes.
//!
//! `fuzz/` (a cargo-fuzz crate outside the workspace) wraps each in a
//! libFuzzer target; this crate's tests replay the checked-in corpus and
//! every minimised crash (`fuzz/corpus/<target>/`,
//! `fuzz/regressions/<target>/`) without libFuzzer, so `cargo test
//! --workspace` covers them. Each body panics on a finding and otherwise
//! returns; every one accepts any bytes and bounds its own work.
//!
//! Targets that cover games switch on the input's bytes to choose one of
//! the registered games (tic-tac-toe included), its options and positions.
//!
//! ```
//! abstracta_fuzzing::spec(b"tictactoe:pie=on");
//! abstracta_fuzzing::play(&[0, 5, 1, 2, 3]);
//! for (name, body) in abstracta_fuzzing::TARGETS {
//!     body(b"");
//!     assert!(!name.is_empty());
//! }
//! ```

pub mod differential;
pub mod http;
pub mod input;
pub mod notation;
pub mod play;
pub mod protocol;
pub mod records;
pub mod spec;

pub use differential::differential;
pub use http::http;
pub use notation::notation;
pub use play::play;
pub use protocol::protocol;
pub use records::records;
pub use spec::spec;

/// A target body: panics on a finding, returns otherwise.
pub type Body = fn(&[u8]);

/// Every target: its name (the directory under `fuzz/corpus/`) and body.
pub const TARGETS: &[(&str, Body)] = &[
    ("spec", spec),
    ("notation", notation),
    ("play", play),
    ("protocol", protocol),
    ("records", records),
    ("differential", differential),
    ("http", http),
];
