//! `server`: the web server behind `arena serve` ([`server`]: a local
//! site to watch tournaments, replay their games, play against an engine
//! and analyse positions, with its JSON API in [`api`]) and the JSON
//! analysis engine behind `arena analysis` ([`analysis`]); the benchmarks
//! page's folders (suite runs, scaling curves) are read by [`benchmarks`].
//!
//! Both are configured by plain structs ([`ServeOptions`],
//! [`AnalysisOptions`]); the `arena` binary maps its command line to them.
//!
//! ```
//! use server::{ServeOptions, Server};
//!
//! let options = ServeOptions { port: 0, ..ServeOptions::default() };
//! let server = Server::start(&options).unwrap();
//! assert!(server.addr().port() > 0);
//! server.shutdown();
//! ```

#![deny(unsafe_code)]

pub mod analysis;
pub mod api;
mod api_error;
pub mod assets;
pub mod benchmarks;
pub mod runs;
pub mod server;

/// The page's JSON of boards and plies (the `view` crate, shared with the
/// WebAssembly build).
pub use view::{board, sides};

pub use analysis::{AnalysisError, AnalysisOptions};
pub use api::{ApiError, Limits, Reply};
pub use server::{serve_command, ServeError, ServeOptions, Server};
