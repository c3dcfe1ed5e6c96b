//! The benchmarks page's API (`/api/benchmarks`, `/api/benchmarks/NAME`)
//! and a run's pairing course (`/api/runs/NAME/course`) through a real
//! socket, on folders made here.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

use bench::ladder::{LadderResult, Rating, ScalingCurve, ScalingPoint, ScalingReport, SCALING_KIND};
use serde_json::{json, Value};
use server::{ServeOptions, Server};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("abstracta-benchpage-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn start(runs: &Path) -> Server {
    Server::start(&ServeOptions {
        port: 0,
        runs: runs.to_path_buf(),
        ..ServeOptions::default()
    })
    .unwrap()
}

/// GET `path`: the status and the JSON body.
fn get(addr: SocketAddr, path: &str) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut bytes = Vec::new();
    s.read_to_end(&mut bytes).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head[9..12].parse().unwrap();
    (
        status,
        serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}")),
    )
}

fn suite_run(runs: &Path, name: &str) {
    let dir = runs.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let row = |budget: &str, class: Value, kept: u64| {
        json!({"engine": "uct", "budget": budget, "class": class, "positions": 10, "kept": kept,
               "share": kept as f64 / 10.0, "low": 0.1, "high": 0.9, "random_share": 0.4})
    };
    let summary = json!({"suite": "suites/x.jsonl", "fingerprint": "f", "engines": [["uct", "mcts:iters=1"]],
                         "rows": [row("100", Value::Null, 6), row("100", json!("easy"), 6), row("1000", Value::Null, 9)]});
    std::fs::write(dir.join("summary.json"), summary.to_string()).unwrap();
    std::fs::write(dir.join("results.jsonl"), "").unwrap();
}

fn scaling(runs: &Path, name: &str) {
    let dir = runs.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let point = |iterations: u64, elo: f64| ScalingPoint {
        iterations,
        result: LadderResult {
            spec: "escabel:size=5".into(),
            engine: format!("mcts:iters={iterations}"),
            rating: Rating {
                elo,
                low: elo - 50.0,
                high: elo + 50.0,
                games: 60,
            },
            rounds: Vec::new(),
        },
    };
    let report = ScalingReport {
        kind: SCALING_KIND.into(),
        spec: "escabel:size=5".into(),
        curves: vec![ScalingCurve {
            name: "mcts".into(),
            engine: "mcts".into(),
            points: vec![point(100, 800.0), point(1000, 1100.0)],
        }],
    };
    std::fs::write(dir.join("scaling.json"), serde_json::to_string(&report).unwrap()).unwrap();
}

#[test]
fn benchmark_folders_are_listed_and_shown() {
    let runs = temp_dir("list");
    suite_run(&runs, "acc");
    scaling(&runs, "curve");
    // A tournament folder and a merged tournament's summary are no
    // benchmarks; a broken scaling file is listed with its error.
    std::fs::create_dir_all(runs.join("tour")).unwrap();
    std::fs::write(runs.join("tour/summary.json"), "{}").unwrap();
    std::fs::create_dir_all(runs.join("broken")).unwrap();
    std::fs::write(runs.join("broken/scaling.json"), "{\"kind\": \"other\"}").unwrap();
    let server = start(&runs);
    let addr = server.addr();
    let (status, list) = get(addr, "/api/benchmarks");
    assert_eq!(status, 200, "{list}");
    let names: Vec<&str> = list["benchmarks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["acc", "broken", "curve"], "{list}");
    assert_eq!(list["benchmarks"][0]["kind"], "suite");
    assert_eq!(list["benchmarks"][0]["engines"], json!(["uct"]));
    assert!(
        list["benchmarks"][1]["error"]
            .as_str()
            .unwrap()
            .contains("scaling"),
        "{list}"
    );
    assert_eq!(list["benchmarks"][2]["kind"], "scaling");

    let (status, acc) = get(addr, "/api/benchmarks/acc");
    assert_eq!(status, 200);
    assert_eq!(acc["summary"]["rows"].as_array().unwrap().len(), 3, "{acc}");
    let (status, curve) = get(addr, "/api/benchmarks/curve");
    assert_eq!(status, 200);
    assert_eq!(
        curve["report"]["curves"][0]["points"][1]["result"]["rating"]["elo"],
        1100.0
    );
    assert_eq!(get(addr, "/api/benchmarks/tour").0, 404);
    assert_eq!(get(addr, "/api/benchmarks/nothing").0, 404);
    assert_eq!(get(addr, "/api/benchmarks/..").0, 400);
    assert_eq!(get(addr, "/api/benchmarks/broken").0, 422);
    server.shutdown();
    let _ = std::fs::remove_dir_all(&runs);
}

fn game_line(index: u64, first: &str, second: &str, result: &str) -> String {
    json!({"index": index, "spec": "tictactoe", "players": {"first": first, "second": second},
           "engines": {"first": "random", "second": "random"}, "seed": 1, "opening": [],
           "plies": ["b2"], "result": result, "winner_colour": null, "reason": "rules",
           "time_ms": {"first": 1.0, "second": 2.0}})
    .to_string()
        + "\n"
}

#[test]
fn a_pairing_course_follows_its_games_in_schedule_order() {
    let runs = temp_dir("course");
    let dir = runs.join("t");
    std::fs::create_dir_all(&dir).unwrap();
    let config = json!({"spec": "tictactoe", "players": [{"name": "a", "engine": "random"}, {"name": "b", "engine": "random"}],
                        "format": "round-robin", "seed": 1, "opening_plies": 0, "games": 4, "shard": null});
    std::fs::write(dir.join("tournament.json"), config.to_string()).unwrap();
    // Written out of order: a wins games 0 (first seat) and 1 (second
    // seat), game 2 is drawn, b wins game 3.
    let journal = [
        game_line(3, "b", "a", "first"),
        game_line(0, "a", "b", "first"),
        game_line(2, "a", "b", "draw"),
        game_line(1, "b", "a", "second"),
    ]
    .concat();
    std::fs::write(dir.join("games.jsonl"), journal).unwrap();
    let server = start(&runs);
    let addr = server.addr();
    let (status, c) = get(addr, "/api/runs/t/course?a=a&b=b&elo0=0&elo1=50");
    assert_eq!(status, 200, "{c}");
    assert_eq!(
        (
            c["games"].as_u64(),
            c["wins"].as_u64(),
            c["draws"].as_u64(),
            c["losses"].as_u64()
        ),
        (Some(4), Some(2), Some(1), Some(1))
    );
    let elo = c["elo"].as_array().unwrap();
    assert_eq!(elo.len(), 4);
    // After two wins the estimate is a sweep's (clamped), after all four
    // a score of 62.5%: about +89 Elo.
    assert_eq!(elo[1][1], 1000.0, "{c}");
    let last = elo[3][1].as_f64().unwrap();
    assert!((last - 88.7).abs() < 1.0, "{last}");
    assert_eq!(c["llr"].as_array().unwrap().len(), 4);
    assert!(c["bounds"][0].as_f64().unwrap() < 0.0 && c["bounds"][1].as_f64().unwrap() > 0.0);
    // Seen from b the Elo is mirrored; without hypotheses no LLR.
    let (_, mirrored) = get(addr, "/api/runs/t/course?a=b&b=a");
    assert!((mirrored["elo"][3][1].as_f64().unwrap() + last).abs() < 1e-9);
    assert!(mirrored["llr"].is_null());
    assert_eq!(get(addr, "/api/runs/t/course?a=a&b=nobody").0, 404);
    assert_eq!(get(addr, "/api/runs/t/course?a=a").0, 400);
    server.shutdown();
    let _ = std::fs::remove_dir_all(&runs);
}
