//! The `http` target: any bytes as requests to a running `arena serve`,
//! through a real loopback socket (hyper's parsing, the server's checks,
//! the body bounds, the routing and every API handler).
//!
//! The first byte chooses how the rest is read: as raw bytes sent as they
//! are (after a fixed request line half the time), or as a request built
//! from choices (method, path, Host, Origin, Content-Type, body). One
//! server is started per process, with tiny search caps and a run folder
//! of its own; it must answer every request with a well-formed status
//! that is never 500, refuse what the checks refuse, and answer a plain
//! request afterwards.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::Duration;

use server::{Limits, ServeOptions, Server};

use crate::input::Bytes;

/// The server all inputs go to, started on first use and kept.
fn server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| {
        let runs = std::env::temp_dir().join(format!("abstracta-fuzz-http-{}", std::process::id()));
        let run = runs.join("run");
        std::fs::create_dir_all(&run).expect("a temporary run folder");
        let config = r#"{"spec": "tictactoe", "players": [{"name": "a", "engine": "random"}, {"name": "b", "engine": "random"}], "format": "round-robin", "seed": 1, "opening_plies": 0, "games": 2, "shard": null}"#;
        let game = r#"{"index": 0, "spec": "tictactoe", "players": {"first": "a", "second": "b"}, "engines": {"first": "random", "second": "random"}, "seed": 1, "opening": [], "plies": ["b2", "a1", "c3"], "result": "draw", "winner_colour": null, "reason": "rules", "time_ms": {"first": 1.0, "second": 1.0}}"#;
        std::fs::write(run.join("tournament.json"), config).expect("tournament.json");
        std::fs::write(run.join("games.jsonl"), format!("{game}\n{}", &game[..30])).expect("games.jsonl");
        let options = ServeOptions {
            port: 0,
            runs,
            limits: Limits {
                max_body: 4096,
                max_plies: 300,
                max_searches: 2,
                max_iterations: 300,
                max_time: Duration::from_millis(50),
                max_threads: 1,
                max_nodes: 20_000,
                max_header_bytes: 4096,
                max_connections: 64,
                header_timeout: Duration::from_secs(2),
                body_timeout: Duration::from_secs(2),
                connection_lifetime: Duration::from_secs(30),
                models: None,
            },
            allow_hosts: vec!["arena.test".into()],
            ..ServeOptions::default()
        };
        let server = Server::start(&options).expect("the fuzz server starts");
        let addr = server.addr();
        // Serves for the rest of the process.
        std::mem::forget(server);
        addr
    })
}

/// Sends `raw`, closes the sending side, and reads everything answered.
fn exchange(addr: SocketAddr, raw: &[u8]) -> Vec<u8> {
    let mut stream =
        TcpStream::connect(addr).unwrap_or_else(|e| panic!("the server accepts no connection: {e}"));
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("a read timeout");
    // The server may close before reading all of a refused request.
    let _ = stream.write_all(raw);
    let _ = stream.shutdown(Shutdown::Write);
    let mut answer = Vec::new();
    match stream.read_to_end(&mut answer) {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {}
        Err(e) => panic!("no answer within 30 s to {:?}: {e}", String::from_utf8_lossy(raw)),
    }
    answer
}

/// The statuses of the answers in `bytes` (pipelined requests get one
/// each; after an answer to HEAD, whose length names no body, the rest is
/// not read), each checked to be well formed and never 500.
fn statuses(bytes: &[u8], sent: &[u8]) -> Vec<u16> {
    let shown = || String::from_utf8_lossy(sent).into_owned();
    let mut out = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let Some(end) = rest.windows(4).position(|w| w == b"\r\n\r\n") else {
            panic!(
                "an answer without its head's end for {:?}: {:?}",
                shown(),
                String::from_utf8_lossy(rest)
            );
        };
        let head = String::from_utf8_lossy(&rest[..end]).into_owned();
        let status: u16 = head
            .strip_prefix("HTTP/1.1 ")
            .or_else(|| head.strip_prefix("HTTP/1.0 "))
            .and_then(|line| line.get(..3))
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("a malformed status line {head:?} for {:?}", shown()));
        assert!((200..600).contains(&status), "status {status} for {:?}", shown());
        assert_ne!(status, 500, "an internal error for {:?}: {head}", shown());
        out.push(status);
        let length = head
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length:")
                    .map(|v| v.trim().to_owned())
            })
            .and_then(|v| v.parse::<usize>().ok())
            .unwrap_or(0);
        let body_end = end + 4 + length;
        if body_end > rest.len() {
            // An answer to HEAD: the length is the GET's, no body follows.
            break;
        }
        rest = &rest[body_end..];
        if !rest.is_empty() && !rest.starts_with(b"HTTP/1.") {
            // The body was shorter than its length says: an answer to HEAD.
            break;
        }
    }
    out
}

const METHODS: &[&str] = &["GET", "POST", "HEAD", "PUT", "OPTIONS", "DELETE", "PATCH"];
const PATHS: &[&str] = &[
    "/",
    "/app.js",
    "/api/games",
    "/api/position",
    "/api/move",
    "/api/analyse",
    "/api/runs",
    "/api/runs/run",
    "/api/runs/run?since=",
    "/api/runs/run/games/",
    "/api/runs/../",
    "/api/",
];
const BODIES: &[&str] = &[
    r#"{"spec": "tictactoe", "plies": "b2", "engine": "mcts:iters=100", "seed": 3}"#,
    r#"{"spec": "escabel:size=5", "plies": "c3 b2", "engine": "random"}"#,
    r#"{"spec": "swack:size=4"}"#,
    r#"{"spec": "ecalper:size=3", "plies": "a1 b1"}"#,
    "",
];

/// A request built from choices; returns it and the status the checks
/// must give it, if they refuse it.
fn built(input: &mut Bytes<'_>, addr: SocketAddr) -> (Vec<u8>, Option<u16>) {
    let method = METHODS[input.below(METHODS.len())];
    let mut path = PATHS[input.below(PATHS.len())].to_owned();
    let host_choice = input.below(5);
    let host = match host_choice {
        0 => addr.to_string(),
        1 => format!("localhost:{}", addr.port()),
        2 => "arena.test".to_owned(),
        3 => "rebound.example".to_owned(),
        _ => String::new(),
    };
    let origin_choice = input.below(4);
    let origin = match origin_choice {
        0 => None,
        1 => Some(format!("http://{host}")),
        2 => Some("http://evil.example".to_owned()),
        _ => Some("null".to_owned()),
    };
    let type_choice = input.below(4);
    let content_type = [
        "application/json",
        "application/json; charset=utf-8",
        "text/plain",
        "",
    ][type_choice];
    let mut body = BODIES[input.below(BODIES.len())].to_owned();
    let tail = input.rest_text();
    // The tail goes to the path or the body.
    if tail.len() % 2 == 0 {
        path.push_str(&tail.replace(|c: char| c.is_whitespace() || c.is_control(), ""));
    } else {
        body.push_str(&tail);
    }
    let mut raw = format!("{method} {path} HTTP/1.1\r\n");
    if !host.is_empty() {
        raw.push_str(&format!("Host: {host}\r\n"));
    }
    if let Some(origin) = &origin {
        raw.push_str(&format!("Origin: {origin}\r\n"));
    }
    if !content_type.is_empty() {
        raw.push_str(&format!("Content-Type: {content_type}\r\n"));
    }
    raw.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    ));
    let valid_path =
        path.starts_with('/') && !path.contains(['"', '<', '>', '`', '{', '}', '|', '\\', '^', '%', '#']);
    let expected = if !valid_path || !path.is_ascii() {
        // hyper may refuse the request line itself.
        None
    } else if host_choice >= 3 {
        Some(421)
    } else if method == "GET" || method == "HEAD" {
        None
    } else if matches!(origin_choice, 2 | 3) {
        Some(403)
    } else if type_choice >= 2 {
        Some(415)
    } else {
        None
    };
    (raw.into_bytes(), expected)
}

/// The target body.
pub fn http(data: &[u8]) {
    let addr = server();
    let mut input = Bytes::new(data);
    let mode = input.byte();
    let (raw, expected) = match mode % 3 {
        0 => (data.get(1..).unwrap_or_default().to_vec(), None),
        1 => {
            let mut raw = format!("POST /api/position HTTP/1.1\r\nHost: {addr}\r\n").into_bytes();
            raw.extend_from_slice(data.get(1..).unwrap_or_default());
            (raw, None)
        }
        _ => built(&mut input, addr),
    };
    let answer = exchange(addr, &raw);
    let statuses = statuses(&answer, &raw);
    if let Some(expected) = expected {
        assert_eq!(
            statuses.first().copied(),
            Some(expected),
            "for {:?}: {}",
            String::from_utf8_lossy(&raw),
            String::from_utf8_lossy(&answer)
        );
    }
    // Still serving.
    let check = format!("GET /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let after = exchange(addr, check.as_bytes());
    assert_eq!(
        statuses_of(&after),
        Some(200),
        "the server stopped answering after {:?}",
        String::from_utf8_lossy(&raw)
    );
}

fn statuses_of(bytes: &[u8]) -> Option<u16> {
    String::from_utf8_lossy(bytes)
        .get(9..12)
        .and_then(|s| s.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checks_refuse_what_they_must() {
        let addr = server();
        let json = "application/json";
        for (raw, want) in [
            (format!("POST /api/position HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://evil.example\r\nContent-Type: {json}\r\nContent-Length: 2\r\n\r\n{{}}"), 403),
            (format!("POST /api/position HTTP/1.1\r\nHost: {addr}\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{{}}"), 415),
            ("GET /api/games HTTP/1.1\r\nHost: evil.example\r\n\r\n".to_owned(), 421),
            (format!("GET /api/runs/run HTTP/1.1\r\nHost: {addr}\r\n\r\n"), 200),
        ] {
            let answer = exchange(addr, raw.as_bytes());
            assert_eq!(statuses(&answer, raw.as_bytes()), [want], "{raw}");
        }
        http(b"");
        http(&[2, 0, 3, 0, 0, 0, 0]);
    }
}
