//! The JSON bodies the pages send, read the same way by the server and the
//! WebAssembly build (unknown fields are refused, so a misspelt field is an
//! error rather than a silent default).

use serde::Deserialize;

/// The fields of a position request, as an error message names them.
pub const POSITION_FIELDS: &str = "with spec (a game spec) and plies (plies separated by spaces)";

/// The fields of a search request, as an error message names them.
pub const SEARCH_FIELDS: &str =
    "with spec (a game spec), plies (plies separated by spaces), engine (an engine spec) and seed (a number)";

/// The body of `/api/position`: a game and the plies played in it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// The game spec, e.g. `escabel:size=7`.
    pub spec: String,
    /// The plies from the start, separated by spaces.
    #[serde(default)]
    pub plies: String,
}

/// The body of `/api/move` and `/api/analyse`: a position and who searches it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchRequest {
    /// The game spec, e.g. `escabel:size=7`.
    pub spec: String,
    /// The plies from the start, separated by spaces.
    #[serde(default)]
    pub plies: String,
    /// The engine spec; the caller's default when absent.
    #[serde(default)]
    pub engine: Option<String>,
    /// The search's seed.
    #[serde(default)]
    pub seed: u64,
}
