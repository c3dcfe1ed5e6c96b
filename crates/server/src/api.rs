//! The JSON API: routing, input checks, the safety caps, and the answers.
//!
//! Every answer is JSON (except the page's own files); every refusal is a
//! 4xx or 5xx status with `{"error": MESSAGE}`, the message being the one
//! the command line prints for the same input. Nothing here panics on any
//! request; a panic anywhere below would still be caught and answered
//! with a 500.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use abstracta::player::{EngineSpec, ENGINE_FORMS};
use abstracta::{AnyGame, Registry};
use serde::Deserialize;
use serde_json::{json, Value};

pub use crate::api_error::ApiError;
use crate::assets;
use crate::runs::Runs;
use view::position::{analysis_json, position_json};
use view::requests::{PositionRequest, SearchRequest, POSITION_FIELDS, SEARCH_FIELDS};

/// The safety caps of a server.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// The most plies a request may carry.
    pub max_plies: usize,
    /// Engine searches running at once; more are refused with 503.
    pub max_searches: usize,
    /// The largest `iters=` of an `mcts` engine (also the budget of an
    /// engine that names none).
    pub max_iterations: u64,
    /// The longest `time=` of an `mcts` engine.
    pub max_time: Duration,
    /// The most `threads=` of an `mcts` engine.
    pub max_threads: usize,
    /// The largest `nodes=` of an `mcts` engine; an engine that names
    /// none searches with this many at most (a search's memory is about
    /// 46 bytes a node).
    pub max_nodes: usize,
    /// The largest request head (request line and headers), in bytes;
    /// more is answered 431.
    pub max_header_bytes: usize,
    /// Connections served at once; more wait in the listen queue.
    pub max_connections: usize,
    /// How long a client may take to send a request head, and how long a
    /// kept-alive connection may stay idle.
    pub header_timeout: Duration,
    /// How long a client may take to send a request body (408 after).
    pub body_timeout: Duration,
    /// How long one connection is served before it is closed (after its
    /// request in flight), so that no client holds one for ever.
    pub connection_lifetime: Duration,
    /// The folder of network files a request may name by file name
    /// (`puct:model=NAME.safetensors`); `None`: requests use no network.
    pub models: Option<PathBuf>,
}

impl Default for Limits {
    /// 1 MiB bodies, 50,000 plies, 2 searches at once, `iters` up to
    /// 200,000, `time` up to 10 s, threads up to the cores, `nodes` up to
    /// 1,000,000; 16 KiB request heads, 512 connections, 10 s to send a
    /// head or a body, connections served 5 minutes at most.
    fn default() -> Limits {
        Limits {
            max_body: 1 << 20,
            max_plies: 50_000,
            max_searches: 2,
            max_iterations: 200_000,
            max_time: Duration::from_secs(10),
            max_threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            max_nodes: DEFAULT_WEB_MAX_NODES,
            max_header_bytes: 16 * 1024,
            max_connections: 512,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            connection_lifetime: Duration::from_secs(300),
            models: None,
        }
    }
}

/// The node cap of a web search that names none: a tree of about 46 MB
/// (see docs/web-api.md for the server's memory after many moves).
pub const DEFAULT_WEB_MAX_NODES: usize = 1_000_000;

/// An answer: status, content type and body.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    fn json(status: u16, value: &Value) -> Reply {
        Reply {
            status,
            content_type: "application/json; charset=utf-8",
            body: value.to_string().into_bytes(),
        }
    }
}

impl From<ApiError> for Reply {
    fn from(e: ApiError) -> Reply {
        Reply::json(e.status, &json!({"error": e.message}))
    }
}

/// What every request handler shares.
#[derive(Debug)]
pub struct State {
    runs: Runs,
    limits: Limits,
    searches: AtomicUsize,
    /// Which `Host` headers are answered.
    hosts: HostCheck,
    /// The games it opens.
    registry: Registry,
}

impl State {
    /// The state of a server reading runs under `runs`, listening on
    /// `addr`.
    pub fn new(runs: &Path, limits: Limits, addr: SocketAddr) -> State {
        State {
            runs: Runs::new(runs),
            limits,
            searches: AtomicUsize::new(0),
            hosts: HostCheck::new(addr.ip(), Vec::new()),
            registry: Registry::standard(),
        }
    }

    /// This state opening the games of `registry` instead of the standard
    /// ones.
    pub fn with_registry(self, registry: Registry) -> State {
        State { registry, ..self }
    }

    /// This state answering requests addressed to `names` too (as given
    /// by `--allow-host`).
    pub fn with_allowed_hosts(self, names: Vec<String>) -> State {
        let hosts = HostCheck::new(self.hosts.bound, names);
        State { hosts, ..self }
    }

    /// The run folders.
    pub fn runs(&self) -> &Runs {
        &self.runs
    }

    /// The caps.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }
}

/// A search slot, given back when dropped.
struct SearchSlot<'a>(&'a AtomicUsize);

impl Drop for SearchSlot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl State {
    fn search_slot(&self) -> Result<SearchSlot<'_>, ApiError> {
        let before = self.searches.fetch_add(1, Ordering::SeqCst);
        let slot = SearchSlot(&self.searches);
        if before >= self.limits.max_searches {
            return Err(ApiError::new(
                503,
                format!(
                    "the server is busy: {} searches are running (its cap); try again shortly",
                    self.limits.max_searches
                ),
            ));
        }
        Ok(slot)
    }
}

/// Which `Host` headers a server answers: `localhost`, an IP literal of
/// the bound address (any IP literal when it is bound to every interface,
/// any loopback literal when it is bound to a loopback one), and the names
/// given by `--allow-host`. Other names are refused with 421, which keeps
/// pages of other sites from reaching the server through DNS rebinding
/// (their requests carry their own name); an IP literal cannot be rebound.
#[derive(Clone, Debug)]
pub struct HostCheck {
    bound: IpAddr,
    names: Vec<String>,
}

impl HostCheck {
    /// The check of a server bound to `bound` that also answers `names`.
    pub fn new(bound: IpAddr, names: Vec<String>) -> HostCheck {
        let names = names.into_iter().map(|n| n.to_ascii_lowercase()).collect();
        HostCheck { bound, names }
    }

    /// Whether a request whose `Host` header is `host` is answered.
    pub fn allows(&self, host: &str) -> bool {
        let Some(name) = host_name(host) else {
            return false;
        };
        let name = name.to_ascii_lowercase();
        if name == "localhost" || self.names.contains(&name) {
            return true;
        }
        let literal = name.trim_start_matches('[').trim_end_matches(']');
        match literal.parse::<IpAddr>() {
            Ok(ip) => {
                ip == self.bound
                    || self.bound.is_unspecified()
                    || (self.bound.is_loopback() && ip.is_loopback())
            }
            Err(_) => false,
        }
    }

    fn refusal(&self) -> ApiError {
        let mut names = vec!["localhost".to_owned()];
        names.push(if self.bound.is_unspecified() {
            "an IP address of this machine".to_owned()
        } else {
            host_literal(self.bound)
        });
        names.extend(self.names.iter().cloned());
        ApiError::new(
            421,
            format!(
                "this server answers only requests addressed to {}; start it with --allow-host NAME to add a name",
                names.join(", ")
            ),
        )
    }
}

/// An address as a `Host` header writes it (`[::1]` for IPv6).
fn host_literal(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    }
}

/// The name part of a `Host` header (`[::1]` kept bracketed), without the
/// port; `None` when it is not one.
fn host_name(host: &str) -> Option<&str> {
    let host = host.trim();
    if host.starts_with('[') {
        let end = host.find(']')?;
        let rest = &host[end + 1..];
        if !(rest.is_empty() || rest.starts_with(':') && rest[1..].bytes().all(|b| b.is_ascii_digit())) {
            return None;
        }
        return Some(&host[..=end]);
    }
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        Some(_) => return None,
        None => host,
    };
    let fine = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'));
    fine.then_some(name)
}

/// What the checks of [`check_request`] read of a request's headers.
#[derive(Clone, Copy, Debug, Default)]
pub struct RequestHeaders<'a> {
    /// `Host` (HTTP/1.1 requires it).
    pub host: Option<&'a str>,
    /// `Origin`, which browsers send with every cross-origin request and
    /// every POST.
    pub origin: Option<&'a str>,
    /// `Content-Type`.
    pub content_type: Option<&'a str>,
    /// `Sec-Fetch-Site`, which browsers send with every request.
    pub fetch_site: Option<&'a str>,
}

/// The checks every request passes before any work: the `Host` (421), and
/// for a method other than GET and HEAD (requests that start work: a
/// search, a position) a same-origin `Origin` if one is sent (403) and a
/// JSON body (415). The last two close cross-site request forgery: a form
/// of another site can post only `text/plain` and form types, and a
/// script of another site always carries its own origin.
pub fn check_request(state: &State, method: &str, headers: &RequestHeaders<'_>) -> Result<(), ApiError> {
    let host = headers.host.unwrap_or("");
    if !state.hosts.allows(host) {
        return Err(state.hosts.refusal());
    }
    if method == "GET" || method == "HEAD" {
        return Ok(());
    }
    let cross = |what: &str| {
        ApiError::forbidden(format!(
            "{what}: this server answers requests that start work only from its own pages"
        ))
    };
    if let Some(origin) = headers.origin {
        let same = origin
            .strip_prefix("http://")
            .is_some_and(|rest| rest.eq_ignore_ascii_case(host.trim()));
        if !same {
            return Err(cross(&format!("a request from origin {origin:?}")));
        }
    }
    if let Some(site) = headers.fetch_site {
        if !matches!(site.trim(), "same-origin" | "none") {
            return Err(cross(&format!("a {site} request")));
        }
    }
    let json = headers.content_type.is_some_and(|t| {
        t.split(';')
            .next()
            .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
    });
    if !json {
        return Err(ApiError::new(
            415,
            format!(
                "the request body must be JSON sent with Content-Type: application/json, not {}",
                headers
                    .content_type
                    .map_or("no Content-Type".to_owned(), |t| format!("{t:?}"))
            ),
        ));
    }
    Ok(())
}

/// The `since` of a run page's query (`?since=OFFSET`), if any.
pub(crate) fn since(url: &str) -> Result<Option<u64>, ApiError> {
    let Some((_, query)) = url.split('#').next().unwrap_or("").split_once('?') else {
        return Ok(None);
    };
    for pair in query.split('&') {
        if let Some(value) = pair.strip_prefix("since=") {
            return value.parse().map(Some).map_err(|_| {
                ApiError::bad_request(format!(
                    "bad since {value:?}: expected the offset of an earlier answer (a whole number)"
                ))
            });
        }
    }
    Ok(None)
}

/// The run whose updates `GET /api/runs/NAME/events` streams, if `url`
/// is that.
pub fn events_run<'a>(method: &str, url: &'a str) -> Option<&'a str> {
    let path = url.split(['?', '#']).next()?;
    let name = path.strip_prefix("/api/runs/")?.strip_suffix("/events")?;
    (method == "GET" && !name.contains('/')).then_some(name)
}

/// Whether `method path` runs an engine search (these go to the search
/// threads).
pub fn is_search(method: &str, url: &str) -> bool {
    method == "POST" && matches!(url.split(['?', '#']).next(), Some("/api/move" | "/api/analyse"))
}

/// Answers `method url` with `body`: the page's files, or the API. Catches
/// panics (none is expected) and answers them with a 500.
pub fn handle(state: &State, method: &str, url: &str, body: &[u8]) -> Reply {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| route(state, method, url, body)))
        .unwrap_or_else(|_| ApiError::new(500, "internal error while answering this request").into())
}

fn route(state: &State, method: &str, url: &str, body: &[u8]) -> Reply {
    // Queries are the page's business (its links keep state after `#`);
    // the API reads only a run page's `since`.
    let path = url.split(['?', '#']).next().unwrap_or("");
    if !path.starts_with("/api/") {
        if method != "GET" && method != "HEAD" {
            return ApiError::new(
                405,
                format!("{method} is not allowed here: pages are read with GET"),
            )
            .into();
        }
        return match assets::asset(path) {
            Some((content_type, bytes)) => Reply {
                status: 200,
                content_type,
                body: bytes.to_vec(),
            },
            None => ApiError::not_found(format!("no page {path}")).into(),
        };
    }
    let segments: Vec<&str> = path["/api/".len()..].split('/').collect();
    let wants = |m: &str| {
        if method == m {
            Ok(())
        } else {
            Err(ApiError::new(
                405,
                format!("{method} is not allowed on {path}: use {m}"),
            ))
        }
    };
    let result = match segments.as_slice() {
        ["games"] => wants("GET").map(|()| games(state)),
        ["position"] => wants("POST").and_then(|()| position(state, body)),
        ["move"] => wants("POST").and_then(|()| engine_move(state, body)),
        ["analyse"] => wants("POST").and_then(|()| analyse(state, body)),
        ["runs"] => wants("GET").and_then(|()| state.runs.list()),
        ["runs", name] => wants("GET").and_then(|()| state.runs.show(name, since(url)?)),
        ["runs", name, "course"] => wants("GET")
            .and_then(|()| crate::runs::course_query(url))
            .and_then(|q| state.runs.course(name, &q)),
        ["benchmarks"] => wants("GET").and_then(|()| crate::benchmarks::list(&state.runs)),
        ["benchmarks", name] => wants("GET").and_then(|()| crate::benchmarks::show(&state.runs, name)),
        ["runs", name, "games", index] => wants("GET").and_then(|()| state.runs.game(name, index)),
        _ => Err(ApiError::not_found(format!("no API endpoint {path}"))),
    };
    match result {
        Ok(value) => Reply::json(200, &value),
        Err(e) => e.into(),
    }
}

/// `GET /api/games`: the games, sample specs of their variants, and the
/// server's limits.
fn games(state: &State) -> Value {
    let limits = &state.limits;
    json!({
        "games": state.registry.names(),
        "variants": view::position::sample_specs_json(),
        "engines": ENGINE_FORMS,
        "limits": {
            "max_body": limits.max_body,
            "max_plies": limits.max_plies,
            "max_searches": limits.max_searches,
            "max_iterations": limits.max_iterations,
            "max_time_ms": limits.max_time.as_millis() as u64,
            "max_threads": limits.max_threads,
            "max_nodes": limits.max_nodes,
            "max_header_bytes": limits.max_header_bytes,
        },
        "models": network_names(limits),
    })
}

fn parse_body<'a, T: Deserialize<'a>>(body: &'a [u8], expected: &str) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| {
        ApiError::bad_request(format!(
            "bad request body: expected a JSON object {expected}: {e}"
        ))
    })
}

/// The game `spec` after `plies`, with the command line's errors.
fn open_game(state: &State, spec: &str, plies: &str) -> Result<Box<dyn AnyGame>, ApiError> {
    let limits = &state.limits;
    let count = plies
        .split([' ', ',', '\t', '\n', '\r'])
        .filter(|w| !w.is_empty())
        .count();
    if count > limits.max_plies {
        return Err(ApiError::bad_request(format!(
            "{count} plies is more than this server's cap of {}",
            limits.max_plies
        )));
    }
    let mut game = state.registry.open(spec)?;
    game.play_list(plies)?;
    Ok(game)
}

fn position(state: &State, body: &[u8]) -> Result<Value, ApiError> {
    let request: PositionRequest = parse_body(body, POSITION_FIELDS)?;
    let game = open_game(state, &request.spec, &request.plies)?;
    Ok(position_json(&*game))
}

/// The engine a request names, checked against the caps: any in-process
/// family (the caps bound `mcts` options; `random` has no budget).
/// External (`cmd:`) engines are never started by the server.
/// A network file named by a request (`model=NAME`) is looked up by its
/// bare name in the server's models folder and nowhere else.
pub fn checked_engine(limits: &Limits, text: &str) -> Result<EngineSpec, ApiError> {
    let mut spec: EngineSpec = text.parse()?;
    check_budget(limits, text, &spec)?;
    match &mut spec {
        EngineSpec::Puct(options) => resolve_network(limits, text, "puct", &mut options.model)?,
        EngineSpec::Gumbel(options) => resolve_network(limits, text, "gumbel", &mut options.model)?,
        _ => {}
    }
    Ok(spec)
}

/// The most network names `GET /api/games` lists.
pub const MAX_LISTED_NETWORKS: usize = 256;

/// Whether `name` can name a network file of the models folder: a plain
/// file name (letters, digits, `.`, `_`, `-`; not starting with `.`; at
/// most 128 bytes) ending in `.safetensors`, so that no request reaches a
/// file outside the folder.
fn is_network_name(name: &str) -> bool {
    (1..=128).contains(&name.len())
        && !name.starts_with('.')
        && name.ends_with(".safetensors")
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// The network files a request may name, sorted (at most
/// [`MAX_LISTED_NETWORKS`]); none without a models folder.
pub fn network_names(limits: &Limits) -> Vec<String> {
    let Some(dir) = &limits.models else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|name| is_network_name(name) && dir.join(name).is_file())
        .take(4 * MAX_LISTED_NETWORKS)
        .collect();
    names.sort();
    names.truncate(MAX_LISTED_NETWORKS);
    names
}

/// Replaces a request's `model=NAME` by the path of NAME in the models
/// folder, or refuses it.
fn resolve_network(
    limits: &Limits,
    text: &str,
    family: &str,
    model: &mut abstracta::learn::Model,
) -> Result<(), ApiError> {
    let abstracta::learn::Model::File(name) = model else {
        return Ok(());
    };
    let Some(dir) = &limits.models else {
        return Err(ApiError::bad_request(format!(
            "bad engine {text:?}: arena serve runs {family} with model=knowledge or model=uniform only, not a network file (a server started with --models DIR offers the networks in DIR by file name)"
        )));
    };
    let path = dir.join(name.as_str());
    if !is_network_name(name) || !path.is_file() {
        let offered = network_names(limits);
        let offered = if offered.is_empty() {
            "none".to_string()
        } else {
            offered.join(", ")
        };
        return Err(ApiError::bad_request(format!(
            "bad engine {text:?}: model={name} is not a network of this server; expected model=knowledge, model=uniform or the file name of one it offers ({offered})"
        )));
    }
    *model = abstracta::learn::Model::File(path.to_string_lossy().into_owned());
    Ok(())
}

/// The largest transposition table (`tt=MB`) a web search may ask for.
pub const MAX_WEB_TABLE_MB: usize = 256;

/// The most positions a web search's `pns:graph=N` may hold (about 30
/// bytes a position and 8 a successor: a few hundred MB at most).
pub const MAX_WEB_GRAPH_POSITIONS: usize = 1_000_000;

/// Refuses a spec whose budget is over the server's caps: time, threads
/// and memory for every in-process family (`best` for each family it can
/// resolve to).
fn check_budget(limits: &Limits, text: &str, spec: &EngineSpec) -> Result<(), ApiError> {
    let over = |what: String| {
        Err(ApiError::bad_request(format!(
            "bad engine {text:?}: {what} is over this server's cap"
        )))
    };
    let time_over = |time: Option<std::time::Duration>| time.filter(|t| *t > limits.max_time);
    let table_over = |mb: usize| (mb > MAX_WEB_TABLE_MB).then_some(mb);
    if spec.threads() > limits.max_threads {
        return over(format!("threads={} (cap {})", spec.threads(), limits.max_threads));
    }
    match spec {
        EngineSpec::Cmd { .. } => {
            return Err(ApiError::bad_request(format!(
                "bad engine {text:?}: arena serve runs no external (cmd:) engines; use {}",
                protocol::engine::in_process_forms()
            )))
        }
        EngineSpec::Mcts(options) => {
            if let Some(iters) = options.iteration_budget() {
                if iters > limits.max_iterations {
                    return over(format!("iters={iters} (cap {})", limits.max_iterations));
                }
            }
            if let Some(time) = time_over(options.time) {
                return over(format!("time={time:?} (cap {:?})", limits.max_time));
            }
            // The search's default is lowered to the cap (search_setup),
            // not refused.
            if options.max_nodes > limits.max_nodes && options.max_nodes != mcts::DEFAULT_MAX_NODES {
                return over(format!("nodes={} (cap {})", options.max_nodes, limits.max_nodes));
            }
        }
        EngineSpec::AlphaBeta(options) => {
            if let Some(time) = time_over(options.time) {
                return over(format!("time={time:?} (cap {:?})", limits.max_time));
            }
            if let Some(mb) = table_over(options.table_mb.unwrap_or(0)) {
                return over(format!("tt={mb} (cap {MAX_WEB_TABLE_MB})"));
            }
        }
        EngineSpec::Pns(options) => {
            if let Some(time) = time_over(options.time) {
                return over(format!("time={time:?} (cap {:?})", limits.max_time));
            }
            if let Some(mb) = table_over(options.table_mb) {
                return over(format!("tt={mb} (cap {MAX_WEB_TABLE_MB})"));
            }
            if let Some(positions) = options.graph.filter(|&n| n > MAX_WEB_GRAPH_POSITIONS) {
                return over(format!("graph={positions} (cap {MAX_WEB_GRAPH_POSITIONS})"));
            }
        }
        EngineSpec::Best(options) => {
            for family in abstracta::families::BestOptions::reached_families() {
                let resolved: EngineSpec = options.for_family(family).parse()?;
                check_budget(limits, text, &resolved)?;
            }
        }
        EngineSpec::Puct(options) => {
            if let Some(iters) = options.iters {
                if iters > limits.max_iterations {
                    return over(format!("iters={iters} (cap {})", limits.max_iterations));
                }
            }
            if let Some(time) = time_over(options.time) {
                return over(format!("time={time:?} (cap {:?})", limits.max_time));
            }
        }
        EngineSpec::Gumbel(options) => {
            if let Some(iters) = options.iters {
                if iters > limits.max_iterations {
                    return over(format!("iters={iters} (cap {})", limits.max_iterations));
                }
            }
            if let Some(time) = time_over(options.time) {
                return over(format!("time={time:?} (cap {:?})", limits.max_time));
            }
        }
        EngineSpec::Hybrid(options) => {
            if let Some(iters) = options.iterations.filter(|&n| n > limits.max_iterations) {
                return over(format!("iters={iters} (cap {})", limits.max_iterations));
            }
            if let Some(time) = time_over(options.time) {
                return over(format!("time={time:?} (cap {:?})", limits.max_time));
            }
        }
        // No budget to cap. Every family is named, so a new one cannot
        // pass here uncapped without a decision.
        EngineSpec::Random => {}
    }
    Ok(())
}

/// The default engine of the API: a short search by the family measured
/// strongest for the game.
pub const DEFAULT_WEB_ENGINE: &str = "best:time=1s";

/// A game to search and the engine that searches it.
type Search = (Box<dyn AnyGame>, Box<dyn abstracta::AnySearch>);

fn search_setup(state: &State, body: &[u8]) -> Result<Search, ApiError> {
    let request: SearchRequest = parse_body(body, SEARCH_FIELDS)?;
    let engine = checked_engine(
        &state.limits,
        request.engine.as_deref().unwrap_or(DEFAULT_WEB_ENGINE),
    )?;
    let game = open_game(state, &request.spec, &request.plies)?;
    if game.status().is_finished() {
        return Err(ApiError::bad_request(format!(
            "the game is over ({}); there is nothing to search",
            game.status()
        )));
    }
    // `best` searches with the family measured strongest for this game.
    let engine = match engine {
        EngineSpec::Best(options) => options.resolve(game.name()).parse()?,
        engine => engine,
    };
    let mut player = game.searcher(&engine, request.seed)?;
    // Families whose spec may name no time (a depth or node budget) stop
    // at the time cap all the same.
    if matches!(engine, EngineSpec::AlphaBeta(ref o) if o.time.is_none())
        || matches!(engine, EngineSpec::Pns(ref o) if o.time.is_none())
    {
        player.set_option("time", &format!("{}ms", state.limits.max_time.as_millis()))?;
    }
    // A time-only budget is capped in iterations too, so that one search
    // cannot grow past what the iteration cap allows.
    if let EngineSpec::Mcts(options) = &engine {
        if options.iterations.is_none() {
            player.set_option("iters", &state.limits.max_iterations.to_string())?;
        }
        // The tree of one search is what a server holds per search
        // thread (its memory is reused by the next search there).
        if options.max_nodes > state.limits.max_nodes {
            player.set_option("nodes", &state.limits.max_nodes.to_string())?;
        }
    }
    Ok((game, player))
}

/// `POST /api/move`: the engine's ply, played.
fn engine_move(state: &State, body: &[u8]) -> Result<Value, ApiError> {
    let (mut game, mut player) = search_setup(state, body)?;
    let _slot = state.search_slot()?;
    let seat = game.to_move().map(|(s, _)| s.name());
    let choice = player.genmove(&*game)?;
    let ply = game
        .play(&choice.ply)
        .map_err(|e| ApiError::new(500, format!("the engine chose a ply that cannot be played: {e}")))?;
    Ok(json!({
        "ply": ply,
        "seat": seat,
        "win_rate": choice.win_rate,
        "position": position_json(&*game),
    }))
}

/// `POST /api/analyse`: the engine's view of the position.
fn analyse(state: &State, body: &[u8]) -> Result<Value, ApiError> {
    let (game, mut player) = search_setup(state, body)?;
    let _slot = state.search_slot()?;
    let analysis = player.analyze(&*game)?;
    Ok(analysis_json(&*game, &analysis, &player.describe()))
}

#[cfg(test)]
mod tests;
