//! Benchmarks with ground truth for abstracta's searches.
//!
//! - [`suite`]: solved-position suites, one JSON object per line (the
//!   format of `suites/*.jsonl`, described in `docs/suites.md`);
//! - [`make`]: making a suite (`arena suite make`): seeded positions
//!   proven by a solver and checked by a second method;
//! - [`run`]: the share of a suite's positions on which engines at given
//!   budgets keep the proven value (`arena suite run`), resumable;
//! - [`ladder`]: a fixed rating scale per game (a frozen anchor pool,
//!   `ratings/*.json`), rating an engine on it (`arena ladder`) and at a
//!   series of budgets (`arena scaling`);
//! - [`plot`]: SVG plots of accuracy and rating against budget and of a
//!   match over its games;
//! - [`interval`]: the Wilson interval of a share.
//!
//! The crate knows the games only through the root crate's registry.
//!
//! ```
//! use bench::make::{make_suite, MakeSettings};
//! use bench::run::{parse_budget, run_suite, RunSettings};
//! // A small tic-tac-toe suite, every position checked by exhaustive minimax.
//! let settings = MakeSettings { count: 6, plies: (1, 4), ..MakeSettings::new("tictactoe") };
//! let (suite, report) = make_suite(&settings).unwrap();
//! assert_eq!(suite.len(), 6);
//! assert_eq!(report.checked_exact, 6);
//! let run = RunSettings {
//!     suite,
//!     suite_file: "tictactoe.jsonl".into(),
//!     engines: vec![("uct".into(), "mcts:iters=2000".into())],
//!     budgets: vec![parse_budget("2000").unwrap()],
//!     out: None,
//!     concurrency: Some(1),
//!     seed: 1,
//!     timeout: std::time::Duration::from_secs(10),
//! };
//! let summary = run_suite(&run, &|_| {}).unwrap();
//! assert_eq!(summary.rows[0].positions, 6);
//! ```

#![deny(unsafe_code)]

pub mod interval;
pub mod ladder;
pub mod make;
pub mod plot;
pub mod run;
pub mod suite;
