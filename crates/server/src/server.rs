//! `arena serve`: a local web server to watch tournaments, replay their
//! games, play against an engine and analyse positions in a browser.
//!
//! Everything the page needs is inside the binary ([`assets`](crate::assets)); the page
//! talks to the JSON API of [`api`] and nothing else (documented in
//! `docs/web-api.md`). The server is [tiny_http] run by a few worker
//! threads: it reads request bodies up to [`Limits::max_body`], runs at
//! most [`Limits::max_searches`] engine searches at once (more are `503`
//! with a JSON error), refuses search budgets over its caps, reads only
//! files under `--runs` and writes nothing.
//!
//! ```no_run
//! use server::{ServeOptions, Server};
//! let server = Server::start(&ServeOptions::default()).unwrap();
//! println!("http://{}/", server.addr());
//! server.shutdown();
//! ```

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use abstracta::Registry;
use thiserror::Error;

use crate::api::{self, Limits};

/// Why the server could not start.
#[derive(Debug, Error)]
pub enum ServeError {
    /// The address cannot be listened on.
    #[error("{0}")]
    Listen(String),
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
        }
    }
}

/// A running server: its address, and a way to shut it down.
pub struct Server {
    http: Arc<tiny_http::Server>,
    addr: SocketAddr,
    closing: Arc<AtomicBool>,
    workers: Vec<JoinHandle<()>>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server").field("addr", &self.addr).finish()
    }
}

impl Server {
    /// Binds the address and starts the worker threads.
    pub fn start(options: &ServeOptions) -> Result<Server, ServeError> {
        let wanted = SocketAddr::new(options.host, options.port);
        let http = tiny_http::Server::http(wanted)
            .map_err(|e| ServeError::Listen(format!("cannot listen on {wanted}: {e}")))?;
        let addr = http
            .server_addr()
            .to_ip()
            .ok_or_else(|| ServeError::Listen(format!("listening on {wanted} gave no IP address")))?;
        let http = Arc::new(http);
        let closing = Arc::new(AtomicBool::new(false));
        let state = Arc::new(
            api::State::new(&options.runs, options.limits.clone(), addr)
                .with_registry(options.registry.clone()),
        );
        // Searches block their thread; a few more threads keep pages and
        // positions answering meanwhile.
        let threads = options.limits.max_searches + 4;
        let workers = (0..threads)
            .map(|_| {
                let (http, closing, state) = (Arc::clone(&http), Arc::clone(&closing), Arc::clone(&state));
                std::thread::spawn(move || {
                    while !closing.load(Ordering::Relaxed) {
                        if let Ok(Some(request)) = http.recv_timeout(Duration::from_millis(200)) {
                            api::respond(&state, request);
                        }
                    }
                })
            })
            .collect();
        Ok(Server {
            http,
            addr,
            closing,
            workers,
        })
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until the process ends.
    pub fn wait(self) {
        for w in self.workers {
            let _ = w.join();
        }
    }

    /// Stops the workers (after the requests they are answering) and
    /// closes the socket.
    pub fn shutdown(self) {
        self.closing.store(true, Ordering::Relaxed);
        self.http.unblock();
        for w in self.workers {
            let _ = w.join();
        }
    }
}

/// `arena serve`: starts the server, prints its address and serves until
/// the process ends.
pub fn serve_command(options: &ServeOptions) -> Result<(), ServeError> {
    let server = Server::start(options)?;
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
