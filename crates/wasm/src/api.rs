//! The pages' JSON API answered in the browser: `GET /api/games`,
//! `POST /api/position`, `/api/move` and `/api/analyse`, with the server's
//! request and answer formats and its errors' wording.

use abstracta::player::{EngineSpec, ENGINE_FORMS};
use abstracta::{AnyGame, AnySearch, Registry};
use serde::Deserialize;
use serde_json::{json, Value};
use view::position::{analysis_json, position_json, sample_specs_json};
use view::requests::{PositionRequest, SearchRequest, POSITION_FIELDS, SEARCH_FIELDS};

/// The largest request body read, in bytes.
pub const MAX_BODY: usize = 1 << 20;
/// The most plies a request may give.
pub const MAX_PLIES: usize = 10_000;
/// The largest `time` an engine may ask for, in milliseconds (the page
/// waits for the search).
pub const MAX_TIME_MS: u64 = 10_000;
/// The most iterations an MCTS search may ask for; a search with a time
/// budget stops here too.
pub const MAX_ITERATIONS: u64 = 2_000_000;

/// The engine a request without one gets: as `arena serve`'s.
const DEFAULT_ENGINE: &str = "best:time=1s";

/// An answer: the HTTP status the server would give and the JSON body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// 200, or the error's status (400 bad request, 404 unknown path,
    /// 405 wrong method, 413 body too large).
    pub status: u16,
    /// The JSON answer; errors are `{"error": MESSAGE}`.
    pub body: String,
}

struct Refusal(u16, String);

impl<E: std::fmt::Display> From<E> for Refusal {
    fn from(e: E) -> Refusal {
        Refusal(400, e.to_string())
    }
}

/// Answers a request of the pages' API, as `arena serve` would.
pub fn answer(method: &str, path: &str, body: &str) -> Reply {
    let result = route(method, path, body);
    match result {
        Ok(value) => Reply {
            status: 200,
            body: value.to_string(),
        },
        Err(Refusal(status, message)) => Reply {
            status,
            body: json!({ "error": message }).to_string(),
        },
    }
}

fn route(method: &str, path: &str, body: &str) -> Result<Value, Refusal> {
    if body.len() > MAX_BODY {
        return Err(Refusal(
            413,
            format!("the request body has {} bytes; the cap is {MAX_BODY}", body.len()),
        ));
    }
    let path = path.split(['?', '#']).next().unwrap_or("");
    let wants = |m: &str| {
        if method == m {
            Ok(())
        } else {
            Err(Refusal(
                405,
                format!("{method} is not allowed on {path}: use {m}"),
            ))
        }
    };
    match path {
        "/api/games" => wants("GET").map(|()| games()),
        "/api/position" => wants("POST").and_then(|()| position(body)),
        "/api/move" => wants("POST").and_then(|()| engine_move(body)),
        "/api/analyse" => wants("POST").and_then(|()| analyse(body)),
        _ if path.starts_with("/api/runs") => Err(Refusal(
            404,
            "this is the static (WebAssembly) build: tournaments are shown by arena serve --runs DIR".into(),
        )),
        _ => Err(Refusal(404, format!("no API endpoint {path}"))),
    }
}

fn games() -> Value {
    json!({
        "games": Registry::default().names(),
        "variants": sample_specs_json(),
        "engines": ENGINE_FORMS,
        "backend": "wasm",
        "limits": {
            "max_body": MAX_BODY,
            "max_plies": MAX_PLIES,
            "max_iterations": MAX_ITERATIONS,
            "max_time_ms": MAX_TIME_MS,
            "max_threads": 1,
        },
    })
}

fn parse<'a, T: Deserialize<'a>>(body: &'a str, fields: &str) -> Result<T, Refusal> {
    serde_json::from_str(body).map_err(|e| {
        Refusal(
            400,
            format!("bad request body: expected a JSON object {fields}: {e}"),
        )
    })
}

fn open_game(spec: &str, plies: &str) -> Result<Box<dyn AnyGame>, Refusal> {
    let count = plies
        .split([' ', ',', '\t', '\n', '\r'])
        .filter(|w| !w.is_empty())
        .count();
    if count > MAX_PLIES {
        return Err(Refusal(
            400,
            format!("{count} plies is more than the cap of {MAX_PLIES}"),
        ));
    }
    let mut game = Registry::default().open(spec)?;
    game.play_list(plies)?;
    Ok(game)
}

fn position(body: &str) -> Result<Value, Refusal> {
    let request: PositionRequest = parse(body, POSITION_FIELDS)?;
    Ok(position_json(&*open_game(&request.spec, &request.plies)?))
}

/// The engine of a request, checked for the page's one thread and its
/// caps; `best` resolved to the family measured strongest for `game`.
fn engine_for(text: &str, game: &str) -> Result<EngineSpec, Refusal> {
    let refuse = |what: String| Err(Refusal(400, format!("bad engine {text:?}: {what}")));
    let spec: EngineSpec = text.parse()?;
    if spec.threads() > 1 {
        return refuse("the browser build searches on one thread; leave threads out".into());
    }
    let spec = match spec {
        EngineSpec::Best(options) => options.resolve(game).parse()?,
        EngineSpec::Cmd { .. } => return refuse("the browser build runs no external (cmd:) engines".into()),
        spec => spec,
    };
    let time = match &spec {
        EngineSpec::Mcts(o) => o.time,
        EngineSpec::AlphaBeta(o) => o.time,
        EngineSpec::Pns(o) => o.time,
        _ => None,
    };
    if let Some(time) = time.filter(|t| t.as_millis() > u128::from(MAX_TIME_MS)) {
        return refuse(format!("time={time:?} is over the cap of {MAX_TIME_MS} ms"));
    }
    if let EngineSpec::Mcts(o) = &spec {
        if o.iteration_budget().is_some_and(|i| i > MAX_ITERATIONS) {
            return refuse(format!("iters over the cap of {MAX_ITERATIONS}"));
        }
    }
    Ok(spec)
}

/// A game to search and the engine that searches it.
type Search = (Box<dyn AnyGame>, Box<dyn AnySearch>);

fn search_setup(body: &str) -> Result<Search, Refusal> {
    let request: SearchRequest = parse(body, SEARCH_FIELDS)?;
    let game = open_game(&request.spec, &request.plies)?;
    if game.status().is_finished() {
        return Err(Refusal(
            400,
            format!("the game is over ({}); there is nothing to search", game.status()),
        ));
    }
    let engine = engine_for(request.engine.as_deref().unwrap_or(DEFAULT_ENGINE), game.name())?;
    let mut player = game.searcher(&engine, request.seed)?;
    // Budgets without a time stop at the time cap all the same; MCTS
    // by time stops at the iteration cap too.
    match &engine {
        EngineSpec::AlphaBeta(o) if o.time.is_none() => {
            player.set_option("time", &format!("{MAX_TIME_MS}ms"))?
        }
        EngineSpec::Pns(o) if o.time.is_none() => player.set_option("time", &format!("{MAX_TIME_MS}ms"))?,
        EngineSpec::Mcts(o) if o.iterations.is_none() => {
            player.set_option("iters", &MAX_ITERATIONS.to_string())?
        }
        _ => {}
    }
    Ok((game, player))
}

fn engine_move(body: &str) -> Result<Value, Refusal> {
    let (mut game, mut player) = search_setup(body)?;
    let seat = game.to_move().map(|(s, _)| s.name());
    let choice = player.genmove(&*game)?;
    let ply = game
        .play(&choice.ply)
        .map_err(|e| Refusal(500, format!("the engine chose a ply that cannot be played: {e}")))?;
    Ok(json!({
        "ply": ply,
        "seat": seat,
        "win_rate": choice.win_rate,
        "position": position_json(&*game),
    }))
}

fn analyse(body: &str) -> Result<Value, Refusal> {
    let (game, mut player) = search_setup(body)?;
    let analysis = player.analyze(&*game)?;
    Ok(analysis_json(&*game, &analysis, &player.describe()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn post(path: &str, body: Value) -> (u16, Value) {
        let reply = answer("POST", path, &body.to_string());
        (reply.status, serde_json::from_str(&reply.body).unwrap())
    }

    #[test]
    fn positions_are_the_servers() {
        let (status, json) = post(
            "/api/position",
            json!({"spec": "escabel:size=3,pie=off", "plies": "b1 a1 b2 a2 b3 c1"}),
        );
        assert_eq!(status, 200);
        let game = {
            let mut g = abstracta::open("escabel:size=3,pie=off").unwrap();
            g.play_list("b1 a1 b2 a2 b3 c1").unwrap();
            g
        };
        assert_eq!(json, position_json(&*game));
        assert_eq!(json["result"]["cells"], json!(["b1", "b2", "b3"]));
    }

    #[test]
    fn engines_play_and_analyse_within_caps() {
        let (status, json) = post(
            "/api/move",
            json!({"spec": "ecalper:size=3", "plies": "", "engine": "mcts:iters=200", "seed": 3}),
        );
        assert_eq!(status, 200, "{json}");
        assert_eq!(json["position"]["plies"].as_array().unwrap().len(), 1);
        let (status, json) = post(
            "/api/analyse",
            json!({"spec": "escabel:size=5", "plies": "c3", "engine": "mcts:iters=300"}),
        );
        assert_eq!(status, 200, "{json}");
        assert!(json["best"]["ply"].is_string());
        assert!(!json["children"].as_array().unwrap().is_empty());
        // best resolves to a family for the game; a depth-limited one stops.
        let (status, json) = post(
            "/api/move",
            json!({"spec": "whirlwind:size=6", "engine": "random"}),
        );
        assert_eq!(status, 200, "{json}");
    }

    #[test]
    fn refusals_say_why() {
        let cases = [
            (
                json!({"spec": "escabel", "engine": "mcts:iters=100,threads=2"}),
                "one thread",
            ),
            (json!({"spec": "escabel", "engine": "cmd:./engine"}), "external"),
            (json!({"spec": "escabel", "engine": "mcts:time=60s"}), "cap"),
            (json!({"spec": "escabel", "plies": "zz"}), "ply 1"),
            (json!({"spec": "nogame"}), "nogame"),
            (
                json!({"spec": "escabel:size=3,pie=off", "plies": "b1 a1 b2 a2 b3 c1"}),
                "game is over",
            ),
        ];
        for (body, words) in cases {
            let (status, json) = post("/api/move", body.clone());
            assert_eq!(status, 400, "{body}");
            assert!(json["error"].as_str().unwrap().contains(words), "{body}: {json}");
        }
        assert_eq!(answer("GET", "/api/runs", "").status, 404);
        assert_eq!(answer("GET", "/api/move", "").status, 405);
        assert_eq!(
            answer("POST", "/api/position", &"x".repeat(MAX_BODY + 1)).status,
            413
        );
        let games: Value = serde_json::from_str(&answer("GET", "/api/games", "").body).unwrap();
        assert_eq!(
            games["games"].as_array().unwrap().len(),
            Registry::default().names().len()
        );
    }
}
