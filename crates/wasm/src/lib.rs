//! `abstracta-wasm`: the games and the searches compiled to WebAssembly,
//! answering the web pages' API calls inside the browser, so that the
//! pages of `arena serve` play and analyse as static files
//! (`scripts/build-static-site` writes the site).
//!
//! [`answer`] takes a request as the server's JSON API would (method,
//! path, body) and gives the same JSON (see `docs/web-api.md`), from the
//! same functions (the `view` crate). Searches run on the page's one
//! thread: engines with `threads` above 1 and external (`cmd:`) engines
//! are refused, and time and iteration budgets are capped so that a
//! search cannot hang the page. Tournament pages need `arena serve`.
//!
//! ```
//! let reply = abstracta_wasm::answer("POST", "/api/position", r#"{"spec": "escabel:size=5", "plies": "c3"}"#);
//! assert_eq!(reply.status, 200);
//! let json: serde_json::Value = serde_json::from_str(&reply.body).unwrap();
//! assert_eq!(json["to_move"]["colour"], "white");
//! ```

#![deny(unsafe_code)]

mod api;

pub use api::{answer, Reply, MAX_BODY, MAX_ITERATIONS, MAX_PLIES, MAX_TIME_MS};

use wasm_bindgen::prelude::wasm_bindgen;

/// The page's entry point: `method`, `path` and the request body (empty
/// for `GET`); answers `{"status": CODE, "body": JSON}`.
#[wasm_bindgen]
pub fn api(method: &str, path: &str, body: &str) -> String {
    let reply = answer(method, path, body);
    format!("{{\"status\":{},\"body\":{}}}", reply.status, reply.body)
}

#[cfg(target_arch = "wasm32")]
mod clock {
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        fn performance_now() -> f64;
    }

    fn milliseconds() -> f64 {
        performance_now()
    }

    /// Runs when the module is loaded: the searches' clock is the page's.
    #[wasm_bindgen(start)]
    pub fn start() {
        abstracta::time::set_clock(milliseconds);
    }
}
