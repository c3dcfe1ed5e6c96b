//! HTTP tests of `arena serve`: a real server on a free loopback port,
//! requests written by hand on a TCP socket.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{json, Value};
use server::{Limits, ServeOptions, Server};

struct Answer {
    status: u16,
    headers: String,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", String::from_utf8_lossy(&self.body)))
    }
    fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .expect("an error message")
            .to_owned()
    }
}

fn raw(addr: SocketAddr, request: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream.write_all(request).unwrap();
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out);
    let split = out
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header block");
    // Header names are case-insensitive: kept in lower case.
    let headers = String::from_utf8_lossy(&out[..split]).to_ascii_lowercase();
    let status = headers
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    Answer {
        status,
        headers,
        body: out[split + 4..].to_vec(),
    }
}

fn request(addr: SocketAddr, method: &str, path: &str, body: &str) -> Answer {
    let text = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        addr.port(),
        body.len()
    );
    raw(addr, text.as_bytes())
}

fn get(addr: SocketAddr, path: &str) -> Answer {
    request(addr, "GET", path, "")
}

fn post(addr: SocketAddr, path: &str, body: &Value) -> Answer {
    request(addr, "POST", path, &body.to_string())
}

/// A runs folder with one finished tournament, one being written (a torn
/// last line) and a link that leads outside.
fn runs_folder(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("arena-serve-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let settings = tournament::TournamentSettings {
        registry: abstracta::Registry::standard(),
        spec: "tictactoe".into(),
        players: vec![("a".into(), "random".into()), ("b".into(), "random".into())],
        games: 4,
        concurrency: Some(1),
        seed: 3,
        opening_plies: 0,
        opening_file: None,
        format: tournament::Format::RoundRobin,
        sprt: None,
        out: Some(root.join("done")),
        shard: None,
        timeout: Duration::from_secs(10),
        tc: None,
        player_tc: Vec::new(),
        time_margin: Duration::ZERO,
        resign: None,
    };
    tournament::run(&settings).unwrap();
    let live = root.join("live");
    std::fs::create_dir_all(&live).unwrap();
    std::fs::copy(root.join("done/tournament.json"), live.join("tournament.json")).unwrap();
    let games = std::fs::read_to_string(root.join("done/games.jsonl")).unwrap();
    let first = games.lines().next().unwrap();
    std::fs::write(
        live.join("games.jsonl"),
        format!("{first}\n{}", &first[..first.len() / 2]),
    )
    .unwrap();
    std::fs::create_dir_all(root.join("empty")).unwrap();
    #[cfg(unix)]
    {
        let outside = root.with_extension("outside");
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::copy(root.join("done/tournament.json"), outside.join("tournament.json")).unwrap();
        let _ = std::os::unix::fs::symlink(&outside, root.join("escape"));
        let _ = std::os::unix::fs::symlink(
            outside.join("tournament.json"),
            root.join("empty/tournament.json"),
        );
    }
    root
}

fn start(runs: &Path, limits: Limits) -> Server {
    Server::start(&ServeOptions {
        host: "127.0.0.1".parse().unwrap(),
        port: 0,
        runs: runs.to_owned(),
        limits,
        ..ServeOptions::default()
    })
    .unwrap()
}

#[test]
fn pages_and_positions() {
    let runs = runs_folder("pages");
    let server = start(&runs, Limits::default());
    let addr = server.addr();

    let page = get(addr, "/");
    assert_eq!(page.status, 200);
    assert!(page.headers.contains("text/html"), "{}", page.headers);
    assert!(
        page.headers.contains("content-security-policy"),
        "{}",
        page.headers
    );
    assert!(String::from_utf8_lossy(&page.body).contains("/app.js"));
    for asset in [
        "/app.js",
        "/pages.js",
        "/board.js",
        "/api.js",
        "/style.css",
        "/favicon.svg",
    ] {
        assert_eq!(get(addr, asset).status, 200, "{asset}");
    }
    let missing = get(addr, "/nothing.js");
    assert_eq!(missing.status, 404);
    assert!(missing.error().contains("/nothing.js"));
    assert_eq!(get(addr, "/../Cargo.toml").status, 404);

    let games = get(addr, "/api/games").json();
    assert!(games["games"].as_array().unwrap().iter().any(|g| g == "ecalper"));

    let pos = post(
        addr,
        "/api/position",
        &json!({"spec": "Swack:size=4", "plies": "a1-a2"}),
    );
    assert_eq!(pos.status, 200);
    let pos = pos.json();
    assert_eq!(pos["spec"], "swack:size=4");
    assert_eq!(pos["plies"], json!(["a1-a2"]));
    assert_eq!(pos["to_move"], json!({"seat": "second", "colour": "white"}));
    assert_eq!(
        pos["last"],
        json!({"ply": "a1-a2", "kind": "move", "cells": ["a1", "a2"]})
    );
    // S4: the mover's top piece goes onto a2, an opponent's piece onto a1.
    let cells = pos["board"]["cells"].as_array().unwrap();
    let cell = |p: &str| cells.iter().find(|c| c["p"] == p).cloned().unwrap();
    assert_eq!(
        (cell("a2")["colour"].clone(), cell("a2")["height"].clone()),
        (json!("black"), json!(2))
    );
    assert_eq!(
        (cell("a1")["colour"].clone(), cell("a1")["height"].clone()),
        (json!("white"), json!(1))
    );
    assert!(pos["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["ply"] == "pass" && l["kind"] == "other"));
    assert!(pos["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["ply"] == "swap"));

    let finished = post(
        addr,
        "/api/position",
        &json!({"spec": "tictactoe", "plies": "a1 b1 a2 b2 a3"}),
    )
    .json();
    assert_eq!(finished["status"]["word"], "black");
    assert_eq!(finished["status"]["finished"], true);
    assert_eq!(finished["to_move"], Value::Null);
    assert_eq!(finished["legal"], json!([]));

    server.shutdown();
}

#[test]
fn bad_input_gets_the_command_lines_errors() {
    let runs = runs_folder("bad");
    let server = start(&runs, Limits::default());
    let addr = server.addr();
    let cases = [
        ("chess", ""),
        ("escabel:size=40", ""),
        ("escabel:bogus=1", ""),
        ("escabel:size=5", "c3 c3"),
        ("escabel:size=5", "c3 zz"),
        ("ecalper", "swap"),
        ("tictactoe", "a1 zz"),
    ];
    for (spec, plies) in cases {
        let answer = post(addr, "/api/position", &json!({"spec": spec, "plies": plies}));
        let cli = arena::commands::status_command(spec, plies)
            .unwrap_err()
            .to_string();
        assert_eq!((answer.status, answer.error()), (400, cli), "{spec} {plies}");
    }
    let engine_cases = ["chess", "mcts:bogus=1", "mcts:iters=abc", "random:x"];
    for engine in engine_cases {
        let answer = post(addr, "/api/move", &json!({"spec": "tictactoe", "engine": engine}));
        let cli = engine
            .parse::<abstracta::player::EngineSpec>()
            .unwrap_err()
            .to_string();
        assert_eq!((answer.status, answer.error()), (400, cli), "{engine}");
    }
    for (body, needle) in [
        ("not json", "bad request body"),
        ("{\"spec\": 3}", "bad request body"),
        ("{\"spec\": \"tictactoe\", \"extra\": 1}", "unknown field"),
        ("[]", "bad request body"),
        ("{\"spec\": \"tictactoe\", \"seed\": -1}", "bad request body"),
    ] {
        let answer = request(addr, "POST", "/api/move", body);
        assert_eq!(answer.status, 400, "{body}");
        assert!(answer.error().contains(needle), "{body}: {}", answer.error());
    }
    let over = post(
        addr,
        "/api/move",
        &json!({"spec": "tictactoe", "plies": "a1 b1 a2 b2 a3", "engine": "random"}),
    );
    assert_eq!(over.status, 400);
    assert!(over.error().contains("the game is over"), "{}", over.error());
    assert_eq!(get(addr, "/api/position").status, 405);
    assert_eq!(request(addr, "POST", "/", "").status, 405);
    assert_eq!(get(addr, "/api/nothing").status, 404);
    // Garbage on the socket is answered or dropped, and the server goes on.
    let _ = raw(addr, b"\x00\x01garbage\r\n\r\n");
    assert_eq!(get(addr, "/api/games").status, 200);
    server.shutdown();
}

#[test]
fn safety_caps() {
    let runs = runs_folder("caps");
    let limits = Limits {
        max_body: 4096,
        max_plies: 10,
        max_iterations: 5000,
        max_time: Duration::from_secs(2),
        max_threads: 1,
        ..Limits::default()
    };
    let server = start(&runs, limits);
    let addr = server.addr();
    let big = format!("{{\"spec\": \"tictactoe\", \"plies\": \"{}\"}}", "a".repeat(5000));
    let answer = request(addr, "POST", "/api/position", &big);
    assert_eq!(answer.status, 413);
    assert!(answer.error().contains("4096"), "{}", answer.error());
    let many = post(
        addr,
        "/api/position",
        &json!({"spec": "escabel", "plies": "a1 a2 a3 a4 a5 a6 a7 a8 a9 b1 b2"}),
    );
    assert_eq!(many.status, 400);
    assert!(many.error().contains("cap of 10"), "{}", many.error());
    for engine in [
        "mcts:iters=5001",
        "mcts:time=3s",
        "mcts:threads=2",
        "mcts:nodes=99999999",
        "cmd:/bin/sh -c true",
    ] {
        let answer = post(
            addr,
            "/api/analyse",
            &json!({"spec": "tictactoe", "engine": engine}),
        );
        assert_eq!(answer.status, 400, "{engine}");
        assert!(
            answer.error().contains("cap") || answer.error().contains("cmd:"),
            "{engine}: {}",
            answer.error()
        );
    }
    // Another host name (a page of another site, reached by DNS
    // rebinding) is refused on a loopback server.
    let foreign = raw(
        addr,
        b"GET /api/games HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(foreign.status, 421);
    server.shutdown();
}

#[test]
fn searches_beyond_the_cap_are_refused_with_503() {
    let runs = runs_folder("busy");
    let limits = Limits {
        max_searches: 1,
        ..Limits::default()
    };
    let server = start(&runs, limits);
    let addr = server.addr();
    let slow = std::thread::spawn(move || {
        post(
            addr,
            "/api/analyse",
            &json!({"spec": "escabel", "engine": "mcts:time=3s,iters=200000"}),
        )
    });
    // Wait until the first search is surely running, then ask for another.
    std::thread::sleep(Duration::from_millis(800));
    let busy = post(
        addr,
        "/api/move",
        &json!({"spec": "tictactoe", "engine": "random"}),
    );
    assert_eq!(busy.status, 503);
    assert!(busy.headers.contains("retry-after"), "{}", busy.headers);
    assert!(busy.error().contains("busy"), "{}", busy.error());
    // Positions are no searches: still answered.
    assert_eq!(
        post(addr, "/api/position", &json!({"spec": "escabel"})).status,
        200
    );
    let done = slow.join().unwrap();
    assert_eq!(done.status, 200);
    let analysis = done.json();
    assert!(analysis["children"].as_array().unwrap().len() > 1);
    assert!(analysis["pv"].as_array().is_some());
    // Once the search is over the slot is free again.
    let moved = post(
        addr,
        "/api/move",
        &json!({"spec": "tictactoe", "engine": "random", "seed": 5}),
    );
    assert_eq!(moved.status, 200);
    let moved = moved.json();
    assert_eq!(moved["position"]["plies"].as_array().unwrap().len(), 1);
    assert_eq!(moved["seat"], "first");
    server.shutdown();
}

#[test]
fn tournaments_are_read_live_and_only_under_runs() {
    let runs = runs_folder("runs");
    let server = start(&runs, Limits::default());
    let addr = server.addr();
    let list = get(addr, "/api/runs").json();
    let names: Vec<&str> = list["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"done") && names.contains(&"live"), "{list}");
    assert!(
        !names.contains(&"escape"),
        "a link out of the runs folder is not listed: {list}"
    );
    let done = get(addr, "/api/runs/done").json();
    assert_eq!(
        (done["games_played"].as_u64(), done["games_total"].as_u64()),
        (Some(4), Some(4))
    );
    let points: f64 = done["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .sum();
    assert_eq!(points, 4.0);
    assert_eq!(done["pairings"][0]["games"], 4);
    // Four games are two colour-swapped pairs.
    let penta = &done["pairings"][0]["pentanomial"];
    let pairs: u64 = ["ll", "ld", "wl", "dd", "wd", "ww"]
        .iter()
        .map(|k| penta[k].as_u64().unwrap())
        .sum();
    assert_eq!(pairs, 2, "{penta}");
    let live = get(addr, "/api/runs/live").json();
    assert_eq!(
        (live["games_played"].as_u64(), live["writing"].as_bool()),
        (Some(1), Some(true))
    );
    // The rest of the games arrive: the next read sees them.
    let all = std::fs::read_to_string(runs.join("done/games.jsonl")).unwrap();
    std::fs::write(runs.join("live/games.jsonl"), &all).unwrap();
    let live = get(addr, "/api/runs/live").json();
    assert_eq!(
        (live["games_played"].as_u64(), live["writing"].as_bool()),
        (Some(4), Some(false))
    );

    let index = done["games"][0]["index"].as_u64().unwrap();
    let game = get(addr, &format!("/api/runs/done/games/{index}")).json();
    assert_eq!(game["spec"], "tictactoe");
    assert!(!game["plies"].as_array().unwrap().is_empty());
    assert_eq!(get(addr, "/api/runs/done/games/999").status, 404);
    assert_eq!(get(addr, "/api/runs/done/games/x").status, 400);
    for bad in [
        "/api/runs/..",
        "/api/runs/%2e%2e",
        "/api/runs/.hidden",
        "/api/runs/a%2Fb",
    ] {
        let answer = get(addr, bad);
        assert!(matches!(answer.status, 400 | 404), "{bad}: {}", answer.status);
    }
    assert_eq!(get(addr, "/api/runs/escape").status, 404);
    assert_eq!(get(addr, "/api/runs/nothing").status, 404);
    #[cfg(unix)]
    {
        let answer = get(addr, "/api/runs/empty");
        assert_eq!(answer.status, 403, "a file linked from outside is refused");
    }
    server.shutdown();
    let _ = std::fs::remove_dir_all(&runs);
}

#[test]
fn a_missing_runs_folder_says_so() {
    let server = start(Path::new("/nonexistent/arena-runs"), Limits::default());
    let answer = get(server.addr(), "/api/runs");
    assert_eq!(answer.status, 404);
    // It names the folder it looked for, and not a flag that was given.
    let error = answer.error();
    assert!(
        error.contains("/nonexistent/arena-runs does not exist") && !error.contains("start the server"),
        "{error}"
    );
    server.shutdown();
}
