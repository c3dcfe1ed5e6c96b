//! `arena serve`: a local web server to watch tournaments, replay their
//! games, play against an engine and analyse positions in a browser.
//!
//! Everything the page needs is inside the binary ([`assets`](crate::assets)); the page
//! talks to the JSON API of [`api`] and nothing else (documented in
//! `docs/web-api.md`). The HTTP/1.1 side is hyper on a small tokio runtime,
//! with an accept loop of its own:
//!
//! - at most [`Limits::max_connections`] connections are served at once;
//!   more wait in the listen queue until one closes;
//! - an accept that fails (out of file descriptors: `EMFILE`) is logged
//!   and retried after a growing pause; the listener keeps serving;
//! - a request head must arrive within [`Limits::header_timeout`] (which
//!   is also how long a kept-alive connection may idle) and fit in
//!   [`Limits::max_header_bytes`] (431 otherwise); a body must arrive
//!   within [`Limits::body_timeout`] (408) and fit in [`Limits::max_body`]
//!   (413); no connection is served longer than
//!   [`Limits::connection_lifetime`];
//! - a slow client holds only its own connection: no thread waits for it;
//! - engine searches run on [`Limits::max_searches`] search threads of
//!   their own (more at once are answered 503), everything else that reads
//!   files or replays games on the runtime's bounded blocking pool, so the
//!   connections are always served;
//! - every request passes [`api::check_request`] first (Host, and for a
//!   request that starts work a same-origin Origin and a JSON body);
//! - a run page's updates are pushed as server-sent events
//!   (`/api/runs/NAME/events`): the journal is looked at every second and
//!   only the games after the last offset are sent.
//!
//! It writes nothing and reads only files under `--runs`.
//!
//! ```no_run
//! use server::{ServeOptions, Server};
//! let server = Server::start(&ServeOptions::default()).unwrap();
//! println!("http://{}/", server.addr());
//! server.shutdown();
//! ```

use std::convert::Infallible;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::{mpsc, Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use abstracta::Registry;
use bytes::Bytes;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Frame, Incoming};
use hyper::header::{HeaderName, HeaderValue};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use thiserror::Error;
use tokio::sync::{watch, Semaphore};

use crate::runs::Runs;

use crate::api::{self, ApiError, Limits, Reply, RequestHeaders, State};

/// Why the server could not start.
#[derive(Debug, Error)]
pub enum ServeError {
    /// The address cannot be listened on.
    #[error("{0}")]
    Listen(String),
    /// The runtime or a thread could not be started.
    #[error("cannot start the server: {0}")]
    Start(String),
}

/// The options of `arena serve`.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to listen on (127.0.0.1 unless told otherwise).
    pub host: IpAddr,
    /// The port (0: any free one).
    pub port: u16,
    /// The folder holding tournament folders (`--out` of `arena tournament`).
    pub runs: PathBuf,
    /// The safety caps.
    pub limits: Limits,
    /// The games the API opens (the standard ones by default).
    pub registry: Registry,
    /// Host names answered besides `localhost` and the bound address
    /// (`--allow-host`).
    pub allow_hosts: Vec<String>,
}

impl Default for ServeOptions {
    /// 127.0.0.1:8080, runs in `./runs`, the default limits.
    fn default() -> ServeOptions {
        ServeOptions {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            runs: PathBuf::from("runs"),
            limits: Limits::default(),
            registry: Registry::standard(),
            allow_hosts: Vec::new(),
        }
    }
}

/// A running server: its address, and a way to shut it down.
pub struct Server {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    thread: JoinHandle<()>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server").field("addr", &self.addr).finish()
    }
}

/// A job for a search thread.
type Job = Box<dyn FnOnce() + Send>;

/// The threads engine searches run on: a fixed few, so that the memory a
/// search's tree leaves with the allocator is reused by the next search
/// on the same thread instead of piling up in one allocator arena per
/// short-lived thread.
struct SearchThreads {
    jobs: Mutex<mpsc::Sender<Job>>,
    slots: Arc<Semaphore>,
}

impl SearchThreads {
    fn start(count: usize) -> Result<SearchThreads, ServeError> {
        let (send, receive) = mpsc::channel::<Job>();
        let receive = Arc::new(Mutex::new(receive));
        for i in 0..count {
            let receive = Arc::clone(&receive);
            std::thread::Builder::new()
                .name(format!("search-{i}"))
                .spawn(move || loop {
                    let job = {
                        let queue = receive.lock().unwrap_or_else(|p| p.into_inner());
                        queue.recv()
                    };
                    match job {
                        Ok(job) => job(),
                        // The server is gone.
                        Err(_) => return,
                    }
                })
                .map_err(|e| ServeError::Start(format!("search thread: {e}")))?;
        }
        Ok(SearchThreads {
            jobs: Mutex::new(send),
            slots: Arc::new(Semaphore::new(count)),
        })
    }

    /// Runs `job` on a search thread, or refuses at once (503) when all
    /// are busy.
    async fn run(&self, job: impl FnOnce() -> Reply + Send + 'static) -> Reply {
        let Ok(slot) = Arc::clone(&self.slots).try_acquire_owned() else {
            return ApiError::new(
                503,
                "the server is busy: every search thread is searching; try again shortly",
            )
            .into();
        };
        let (send, receive) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let reply = job();
            drop(slot);
            let _ = send.send(reply);
        });
        let sent = self
            .jobs
            .lock()
            .map(|jobs| jobs.send(job).is_ok())
            .unwrap_or(false);
        if !sent {
            return ApiError::new(503, "the server is shutting down").into();
        }
        receive
            .await
            .unwrap_or_else(|_| ApiError::new(500, "internal error while searching").into())
    }
}

/// What every connection shares.
struct Shared {
    state: Arc<State>,
    searches: SearchThreads,
    /// Open update streams (`/api/runs/NAME/events`).
    streams: Arc<Semaphore>,
    limits: Limits,
}

impl Server {
    /// Binds the address and starts serving on threads of its own.
    pub fn start(options: &ServeOptions) -> Result<Server, ServeError> {
        let wanted = SocketAddr::new(options.host, options.port);
        let listener = std::net::TcpListener::bind(wanted)
            .map_err(|e| ServeError::Listen(format!("cannot listen on {wanted}: {e}")))?;
        let addr = listener
            .local_addr()
            .map_err(|e| ServeError::Listen(format!("listening on {wanted}: {e}")))?;
        listener
            .set_nonblocking(true)
            .map_err(|e| ServeError::Listen(format!("listening on {wanted}: {e}")))?;
        let limits = options.limits.clone();
        let state = Arc::new(
            State::new(&options.runs, limits.clone(), addr)
                .with_registry(options.registry.clone())
                .with_allowed_hosts(options.allow_hosts.clone()),
        );
        let searches = SearchThreads::start(limits.max_searches.max(1))?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            // Runs pages and positions; more requests wait for a thread.
            .max_blocking_threads(16)
            .thread_name("serve")
            .enable_all()
            .build()
            .map_err(|e| ServeError::Start(format!("runtime: {e}")))?;
        let (stop, stopped) = watch::channel(false);
        let shared = Arc::new(Shared {
            state,
            searches,
            streams: Arc::new(Semaphore::new(MAX_EVENT_STREAMS)),
            limits,
        });
        let thread = std::thread::Builder::new()
            .name("serve-accept".into())
            .spawn(move || {
                runtime.block_on(accept_loop(listener, shared, stopped));
                // Connections still open are dropped; a search still
                // running finishes on its own thread.
                runtime.shutdown_timeout(Duration::from_secs(1));
            })
            .map_err(|e| ServeError::Start(format!("accept thread: {e}")))?;
        Ok(Server { addr, stop, thread })
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until the process ends.
    pub fn wait(self) {
        let _ = self.thread.join();
    }

    /// Stops accepting, closes the socket and the open connections.
    pub fn shutdown(self) {
        let _ = self.stop.send(true);
        let _ = self.thread.join();
    }
}

/// Whether an accept error concerns only the connection being accepted
/// (retried at once) rather than the process (retried after a pause).
fn connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionAborted | ConnectionReset | ConnectionRefused | Interrupted | WouldBlock
    )
}

async fn accept_loop(
    listener: std::net::TcpListener,
    shared: Arc<Shared>,
    mut stopped: watch::Receiver<bool>,
) {
    let listener = match tokio::net::TcpListener::from_std(listener) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("arena serve: cannot serve: {e}");
            return;
        }
    };
    let connections = Arc::new(Semaphore::new(shared.limits.max_connections.max(1)));
    let mut pause = Duration::from_millis(10);
    loop {
        // Over the cap, new connections wait in the listen queue (its
        // length is the kernel's bound) until one closes.
        let permit = tokio::select! {
            permit = Arc::clone(&connections).acquire_owned() => match permit {
                Ok(p) => p,
                Err(_) => return,
            },
            _ = stopped.changed() => return,
        };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stopped.changed() => return,
        };
        match accepted {
            Ok((stream, _peer)) => {
                pause = Duration::from_millis(10);
                let shared = Arc::clone(&shared);
                tokio::spawn(async move {
                    serve_connection(stream, shared).await;
                    drop(permit);
                });
            }
            Err(e) if connection_error(&e) => {}
            Err(e) => {
                // Out of file descriptors (or memory): the connection
                // stays queued; wait for some to close and try again.
                eprintln!(
                    "arena serve: accepting a connection failed ({e}); retrying in {} ms",
                    pause.as_millis()
                );
                tokio::select! {
                    _ = tokio::time::sleep(pause) => {}
                    _ = stopped.changed() => return,
                }
                pause = (pause * 2).min(Duration::from_secs(1));
            }
        }
    }
}

async fn serve_connection(stream: tokio::net::TcpStream, shared: Arc<Shared>) {
    let _ = stream.set_nodelay(true);
    let limits = shared.limits.clone();
    let service = hyper::service::service_fn(move |request| {
        let shared = Arc::clone(&shared);
        async move { Ok::<_, Infallible>(respond(&shared, request).await) }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_header_size(limits.max_header_bytes)
        .max_headers(100)
        .max_buf_size(limits.max_header_bytes.max(8192) + 8192)
        .half_close(true);
    let connection = builder.serve_connection(TokioIo::new(stream), service);
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => {}
        _ = tokio::time::sleep(limits.connection_lifetime) => {
            connection.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(limits.body_timeout + Duration::from_secs(30), connection).await;
        }
    }
}

fn header<'a>(request: &'a Request<Incoming>, name: &str) -> Option<&'a str> {
    request.headers().get(name).and_then(|v| v.to_str().ok())
}

/// Answers one request: the checks, the body within its bounds, then the
/// API on the thread that suits it.
async fn respond(shared: &Arc<Shared>, request: Request<Incoming>) -> Response<BoxBody<Bytes, Infallible>> {
    let (reply, content_type, body) = match answer(shared, request).await {
        Answer::Reply(reply) => (
            reply.status,
            reply.content_type,
            Full::new(Bytes::from(reply.body)).boxed(),
        ),
        Answer::Events(events) => (200, "text/event-stream", EventBody(events).boxed()),
    };
    let mut response = Response::new(body);
    *response.status_mut() = StatusCode::from_u16(reply).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    let mut set = |name: &'static str, value: &'static str| {
        headers.insert(HeaderName::from_static(name), HeaderValue::from_static(value));
    };
    set("content-type", content_type);
    set("x-content-type-options", "nosniff");
    set("cache-control", "no-store");
    // The page loads nothing from elsewhere; say so to the browser.
    set(
        "content-security-policy",
        "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    );
    if reply == 503 {
        set("retry-after", "1");
    }
    response
}

/// What a request gets: a whole answer, or a stream of run updates.
enum Answer {
    Reply(Reply),
    Events(tokio::sync::mpsc::Receiver<Bytes>),
}

impl From<Reply> for Answer {
    fn from(reply: Reply) -> Answer {
        Answer::Reply(reply)
    }
}

impl From<ApiError> for Answer {
    fn from(e: ApiError) -> Answer {
        Answer::Reply(e.into())
    }
}

/// The body of a server-sent event stream: the events as they come.
struct EventBody(tokio::sync::mpsc::Receiver<Bytes>);

impl hyper::body::Body for EventBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.get_mut()
            .0
            .poll_recv(cx)
            .map(|event| event.map(|b| Ok(Frame::data(b))))
    }
}

/// How often a run's stream looks for new games.
const EVENT_PERIOD: Duration = Duration::from_secs(1);

/// Streams at once; more are answered 503.
const MAX_EVENT_STREAMS: usize = 64;

/// One server-sent event: `id` is the journal offset, so that a client
/// that reconnects (`Last-Event-ID`) gets only what it has not seen.
fn event(kind: &str, id: Option<u64>, data: &serde_json::Value) -> Bytes {
    let id = id.map_or(String::new(), |id| format!("id: {id}\n"));
    Bytes::from(format!("event: {kind}\n{id}data: {data}\n\n"))
}

/// `GET /api/runs/NAME/events[?since=OFFSET]`: the run page's answer
/// first (or an error status), then an `update` event with the games
/// after the last offset whenever the journal grows, a comment every 15 s
/// of quiet, and a `problem` event when the run cannot be read. The
/// stream ends after half a connection's lifetime; browsers reconnect
/// with `Last-Event-ID`.
async fn events(shared: &Arc<Shared>, name: String, since: Option<u64>) -> Answer {
    let Ok(slot) = Arc::clone(&shared.streams).try_acquire_owned() else {
        return ApiError::new(
            503,
            format!("the server is busy: {MAX_EVENT_STREAMS} update streams are open; try again shortly"),
        )
        .into();
    };
    let state = Arc::clone(&shared.state);
    let show = move |name: String, since: Option<u64>| {
        let state = Arc::clone(&state);
        async move {
            tokio::task::spawn_blocking(move || Runs::show(state.runs(), &name, since))
                .await
                .unwrap_or_else(|_| Err(ApiError::new(500, "internal error while reading the run")))
        }
    };
    let first = match show(name.clone(), since).await {
        Ok(first) => first,
        Err(e) => return e.into(),
    };
    let (send, receive) = tokio::sync::mpsc::channel(2);
    let lifetime = shared.limits.connection_lifetime / 2;
    tokio::spawn(async move {
        let _slot = slot;
        let started = tokio::time::Instant::now();
        let mut offset = first["offset"].as_u64();
        if send.send(Bytes::from_static(b"retry: 2000\n\n")).await.is_err()
            || send.send(event("update", offset, &first)).await.is_err()
        {
            return;
        }
        let mut quiet = 0;
        while started.elapsed() < lifetime {
            tokio::select! {
                _ = tokio::time::sleep(EVENT_PERIOD) => {}
                _ = send.closed() => return,
            }
            let next = match show(name.clone(), offset).await {
                Ok(v) if v["changed"] == false => {
                    quiet += 1;
                    if quiet % 15 != 0 {
                        continue;
                    }
                    Bytes::from_static(b": quiet\n\n")
                }
                Ok(v) => {
                    quiet = 0;
                    offset = v["offset"].as_u64();
                    event("update", offset, &v)
                }
                Err(e) => event(
                    "problem",
                    None,
                    &serde_json::json!({"status": e.status, "error": e.message}),
                ),
            };
            if send.send(next).await.is_err() {
                return;
            }
        }
    });
    Answer::Events(receive)
}

async fn answer(shared: &Arc<Shared>, request: Request<Incoming>) -> Answer {
    let method = request.method().as_str().to_owned();
    let url = request
        .uri()
        .path_and_query()
        .map_or("/", |p| p.as_str())
        .to_owned();
    if request.headers().get_all("host").iter().count() > 1 {
        return ApiError::bad_request("a request names one Host").into();
    }
    // A request target in absolute form names the host that counts
    // (RFC 9112, 3.2.2): it is checked as the Host is.
    let authority = request.uri().authority().map(|a| a.as_str().to_owned());
    let headers = RequestHeaders {
        host: authority.as_deref().or(header(&request, "host")),
        origin: header(&request, "origin"),
        content_type: header(&request, "content-type"),
        fetch_site: header(&request, "sec-fetch-site"),
    };
    if let Err(e) = api::check_request(&shared.state, &method, &headers) {
        return e.into();
    }
    if let Some(name) = api::events_run(&method, &url) {
        let since = match api::since(&url) {
            Ok(Some(since)) => Some(since),
            Ok(None) => header(&request, "last-event-id").and_then(|id| id.trim().parse().ok()),
            Err(e) => return e.into(),
        };
        return events(shared, name.to_owned(), since).await;
    }
    let max = shared.limits.max_body;
    let announced = header(&request, "content-length").and_then(|n| n.trim().parse::<u64>().ok());
    if announced.is_some_and(|n| n > max as u64) {
        return too_large(max).into();
    }
    let body = Limited::new(request.into_body(), max);
    let body = match tokio::time::timeout(shared.limits.body_timeout, body.collect()).await {
        Err(_) => {
            return ApiError::new(
                408,
                format!(
                    "the request body did not arrive within {} s",
                    shared.limits.body_timeout.as_secs_f64()
                ),
            )
            .into()
        }
        Ok(Err(e)) if e.downcast_ref::<http_body_util::LengthLimitError>().is_some() => {
            return too_large(max).into()
        }
        Ok(Err(e)) => return ApiError::bad_request(format!("reading the request body: {e}")).into(),
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    let state = Arc::clone(&shared.state);
    let reply = if api::is_search(&method, &url) {
        shared
            .searches
            .run(move || api::handle(&state, &method, &url, &body))
            .await
    } else {
        tokio::task::spawn_blocking(move || api::handle(&state, &method, &url, &body))
            .await
            .unwrap_or_else(|_| ApiError::new(500, "internal error while answering this request").into())
    };
    Answer::Reply(reply)
}

fn too_large(max: usize) -> Reply {
    ApiError::new(
        413,
        format!("the request body is larger than this server's cap of {max} bytes"),
    )
    .into()
}

/// `arena serve`: starts the server, prints its address and serves until
/// the process ends. A bind to an address other than a loopback one is
/// warned about: the server has no authentication.
pub fn serve_command(options: &ServeOptions) -> Result<(), ServeError> {
    let server = Server::start(options)?;
    if !options.host.is_loopback() {
        eprintln!(
            "arena serve: warning: listening on {}, reachable from other machines; \
             anyone who can reach it can run searches and read every run under {} \
             (requests must still name this machine by an IP address, localhost or an --allow-host name)",
            options.host,
            options.runs.display()
        );
    }
    // A closed standard output does not stop the server: the address is
    // a courtesy, and `println!` would panic on a broken pipe.
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "arena serve: http://{}/ (runs from {})",
        server.addr(),
        options.runs.display()
    );
    let _ = out.flush();
    drop(out);
    server.wait();
    Ok(())
}
