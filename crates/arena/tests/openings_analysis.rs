//! Opening suites (`tournament --openings file:PATH`, `arena openings`)
//! and the JSON analysis engine (`arena analysis`), through the real
//! binary.

use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;
use stats::records::{parse_games_jsonl, GameRecord};

mod common;
use common::{arena, arena_stdin, assert_success, temp_dir, text, BIN};

fn path(p: &Path) -> String {
    p.display().to_string()
}

/// A tournament of two random players on tic-tac-toe with `openings`.
fn tournament(openings: &str, games: &str, seed: &str, out: &Path) -> Output {
    arena(&[
        "tournament",
        "tictactoe",
        "--player",
        "a=random",
        "--player",
        "b=random",
        "--games",
        games,
        "--seed",
        seed,
        "--concurrency",
        "1",
        "--openings",
        openings,
        "--out",
        &path(out),
    ])
}

fn games(dir: &Path) -> BTreeMap<u64, GameRecord> {
    parse_games_jsonl(&fs::read_to_string(dir.join("games.jsonl")).unwrap())
        .unwrap()
        .into_iter()
        .map(|g| (g.index, g))
        .collect()
}

const SUITE: &str = "# four openings\n\nb2 a1\na1, b2   # a comment\n\nc3 b2\nA2 c2\n";
const LINES: [&str; 4] = ["b2 a1", "a1 b2", "c3 b2", "a2 c2"];

#[test]
fn bad_opening_lines_are_reported_with_file_and_line() {
    let dir = temp_dir("bad-suite");
    let cases = [
        ("b2 a1\n# fine\n\nb2 b2\n", "line 4: ply 2 (b2)"),
        ("b2\nzz\n", "line 2: ply 1 (zz)"),
        ("b2\n\na1 b1 a2 b1 a3\n", "line 3: ply 4 (b1)"),
        ("a1 b1 a2 b2 a3\n", "line 1: these plies end the game"),
        ("# nothing\n\n", "holds no opening"),
    ];
    for (i, (content, says)) in cases.iter().enumerate() {
        let file = dir.join(format!("suite{i}.txt"));
        fs::write(&file, content).unwrap();
        let out = tournament(
            &format!("file:{}", path(&file)),
            "2",
            "1",
            &dir.join(format!("t{i}")),
        );
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{content:?}: {err}");
        assert!(
            err.contains(&path(&file)) && err.contains(says),
            "{content:?}: {err}"
        );
        assert!(
            !dir.join(format!("t{i}")).join("games.jsonl").exists(),
            "no game is played"
        );
    }
    let out = tournament(
        &format!("file:{}", path(&dir.join("missing.txt"))),
        "2",
        "1",
        &dir.join("m"),
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("missing.txt"));
    let out = tournament("file:x.txt,order=backwards", "2", "1", &dir.join("o"));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn file_openings_play_in_order_as_colour_swapped_pairs() {
    let dir = temp_dir("seq-suite");
    let file = dir.join("suite.txt");
    fs::write(&file, SUITE).unwrap();
    let out_dir = dir.join("t");
    assert_success(&tournament(&format!("file:{}", path(&file)), "10", "1", &out_dir));
    let games = games(&out_dir);
    assert_eq!(games.len(), 10);
    for (index, g) in &games {
        let round = index / 2;
        assert_eq!(g.opening.join(" "), LINES[(round % 4) as usize], "game {index}");
        assert!(g.plies.starts_with(&g.opening));
    }
    let config: Value =
        serde_json::from_str(&fs::read_to_string(out_dir.join("tournament.json")).unwrap()).unwrap();
    assert_eq!(config["openings"]["count"], 4);
    assert_eq!(config["openings"]["order"], "sequential");
    assert_eq!(config["openings"]["hash"].as_str().unwrap().len(), 16);
}

#[test]
fn shuffled_order_is_seeded_and_plays_every_line_per_cycle() {
    let dir = temp_dir("shuffled-suite");
    let file = dir.join("suite.txt");
    let lines = ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2"];
    fs::write(&file, lines.join("\n")).unwrap();
    let spec = format!("file:{},order=random", path(&file));
    let order = |seed: &str, name: &str| -> Vec<String> {
        let out_dir = dir.join(name);
        assert_success(&tournament(&spec, "32", seed, &out_dir));
        let games = games(&out_dir);
        (0..16)
            .map(|round| games[&(2 * round)].opening.join(" "))
            .collect()
    };
    let a = order("5", "a");
    assert_eq!(a, order("5", "b"), "the same seed gives the same order");
    for cycle in a.chunks(8) {
        let mut seen = cycle.to_vec();
        seen.sort();
        assert_eq!(seen, lines, "every line once per cycle");
    }
    assert_ne!(a[..8], lines.map(String::from), "shuffled, not in file order");
    assert_ne!(a, order("6", "c"), "another seed, another order");
}

#[test]
fn resume_refuses_a_changed_suite() {
    let dir = temp_dir("resume-suite");
    let file = dir.join("suite.txt");
    fs::write(&file, SUITE).unwrap();
    let spec = format!("file:{}", path(&file));
    let out_dir = dir.join("t");
    assert_success(&tournament(&spec, "4", "1", &out_dir));
    // The same openings from another file (comments changed): accepted.
    let copy = dir.join("copy.txt");
    fs::write(&copy, LINES.join("\n") + "\n# moved\n").unwrap();
    assert_success(&tournament(&format!("file:{}", path(&copy)), "6", "1", &out_dir));
    assert_eq!(games(&out_dir).len(), 6);
    // One line changed: refused, and nothing is played.
    fs::write(&file, SUITE.replace("c3 b2", "c3 b1")).unwrap();
    let out = tournament(&spec, "8", "1", &out_dir);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("the opening suite"), "{err}");
    assert_eq!(games(&out_dir).len(), 6);
    // Another order, or random openings: refused too.
    fs::write(&file, SUITE).unwrap();
    for other in [format!("{spec},order=random"), "random:2".to_owned()] {
        let out = tournament(&other, "8", "1", &out_dir);
        assert_eq!(out.status.code(), Some(2), "{other}: {}", text(&out.stderr));
    }
    assert_success(&tournament(&spec, "8", "1", &out_dir));
    assert_eq!(games(&out_dir).len(), 8);
}

fn make_suite(out: &Path, seed: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "openings",
        "tictactoe",
        "--count",
        "5",
        "--plies",
        "2",
        "--engine",
        "mcts:iters=300",
        "--window",
        "0.3-0.9",
        "--seed",
        seed,
    ];
    let out = path(out);
    args.extend(["--out", &out]);
    args.extend_from_slice(extra);
    arena(&args)
}

#[test]
fn generated_suites_are_valid_unique_and_reproducible() {
    let dir = temp_dir("make-suite");
    let a = dir.join("a.txt");
    assert_success(&make_suite(&a, "2", &[]));
    let content = fs::read_to_string(&a).unwrap();
    assert!(
        content.starts_with("# Opening suite for tictactoe: 5 openings of 2 plies."),
        "{content}"
    );
    assert!(
        content.contains("arena openings tictactoe --count 5"),
        "{content}"
    );
    let lines: Vec<&str> = content
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(lines.len(), 5, "{content}");
    let start = abstracta::open("tictactoe").unwrap();
    let mut positions = HashSet::new();
    for line in &lines {
        let mut g = start.clone_box();
        g.play_list(line).unwrap();
        assert_eq!(g.plies_played(), 2);
        assert!(g.status().is_ongoing());
        assert!(positions.insert(g.hash()), "{line} repeats a position");
    }
    // Reproducible whatever the number of searches at once.
    let b = dir.join("b.txt");
    assert_success(&make_suite(&b, "2", &["--concurrency", "3"]));
    assert_eq!(fs::read_to_string(&b).unwrap(), content);
    // Refused over an existing file unless forced.
    let out = make_suite(&b, "3", &[]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("--force"));
    assert_eq!(fs::read_to_string(&b).unwrap(), content, "left as it was");
    assert_success(&make_suite(&b, "3", &["--force"]));
    assert_ne!(fs::read_to_string(&b).unwrap(), content);
    let left: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
    // A tournament plays it.
    let t = dir.join("t");
    assert_success(&tournament(&format!("file:{}", path(&a)), "10", "1", &t));
    let played: HashSet<String> = games(&t).values().map(|g| g.opening.join(" ")).collect();
    assert_eq!(played, lines.iter().map(|l| l.to_string()).collect());
    // Bad requests.
    for extra in [
        &["--window", "0.7-0.2"][..],
        &["--engine", "random"],
        &["--count", "0"],
    ] {
        let out = make_suite(&dir.join("c.txt"), "1", extra);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", text(&out.stderr));
    }
}

/// The answers of an `arena analysis` run, each parsed.
fn analysis(args: &[&str], input: &str) -> Vec<Value> {
    let mut all = vec!["analysis"];
    all.extend_from_slice(args);
    let out = arena_stdin(&all, input);
    assert_success(&out);
    text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn analysis_answers_interleaved_queries_by_id() {
    let input = [
        r#"{"id": "deep", "spec": "escabel:size=5", "iterations": 3000, "children": 3, "threads": 1}"#,
        r#"{"id": 7, "spec": "tictactoe", "plies": ["b2"], "iterations": 500, "seed": 3}"#,
        r#"{"id": "review", "spec": "tictactoe", "plies": "b2 a1 c1", "turns": [0, 1, 3], "iterations": 200}"#,
        r#"{"id": "over", "spec": "tictactoe", "plies": "a1 b1 a2 b2 a3", "turns": [4, 5], "iterations": 100}"#,
        "",
    ]
    .join("\n");
    let answers = analysis(&["--max-queries-at-once", "2"], &input);
    let mut by_id: BTreeMap<String, Vec<&Value>> = BTreeMap::new();
    for a in &answers {
        by_id.entry(a["id"].to_string()).or_default().push(a);
    }
    assert_eq!(answers.len(), 1 + 1 + 3 + 2, "{answers:#?}");
    let deep = &by_id["\"deep\""][0];
    assert_eq!(deep["spec"], "escabel:size=5");
    let iterations = deep["iterations"].as_u64().unwrap();
    assert!(iterations > 0 && iterations <= 3000, "{deep}");
    assert_eq!(deep["children"].as_array().unwrap().len(), 3);
    assert_eq!(deep["terminated"], false);
    let seven = &by_id["7"][0];
    assert_eq!(
        (seven["spec"].as_str(), seven["plies_played"].as_u64()),
        (Some("tictactoe"), Some(1))
    );
    assert_eq!(seven["to_move"]["colour"], "white");
    let best = seven["best"].as_str().unwrap();
    assert_eq!(seven["pv"][0].as_str(), Some(best));
    let children = seven["children"].as_array().unwrap();
    assert_eq!(children.len(), 8);
    let visits: u64 = children.iter().map(|c| c["visits"].as_u64().unwrap()).sum();
    assert!(visits <= 500 && visits > 0);
    assert!(children
        .iter()
        .all(|c| c["ply"] != "b2" && c["win_rate"].is_number()));
    let mut review: Vec<u64> = by_id["\"review\""]
        .iter()
        .map(|a| {
            assert_eq!(a["turn"], a["plies_played"]);
            a["turn"].as_u64().unwrap()
        })
        .collect();
    review.sort_unstable();
    assert_eq!(review, [0, 1, 3]);
    let over = &by_id["\"over\""];
    assert!(over.iter().any(|a| a["turn"] == 4 && a["best"].is_string()));
    assert!(over
        .iter()
        .any(|a| a["turn"] == 5 && a["error"].as_str().unwrap().contains("the game is over")));
}

#[test]
fn analysis_answers_bad_queries_with_errors() {
    let input = [
        "not json",
        r#"{"spec": "tictactoe"}"#,
        r#"{"id": "a", "spec": "chess"}"#,
        r#"{"id": "b", "spec": "tictactoe", "plies": "b2 b2"}"#,
        r#"{"id": "c", "spec": "tictactoe", "engine": "cmd:./engine"}"#,
        r#"{"id": "d", "spec": "tictactoe", "bogus": 1}"#,
        r#"{"id": "e", "spec": "tictactoe", "turns": [3]}"#,
        r#"{"id": "f", "action": "dance"}"#,
        r#"{"id": "g", "spec": "tictactoe", "iterations": 0}"#,
        r#"{"id": "h", "spec": "tictactoe", "engine": "mcts:iters=x"}"#,
        r#"[1, 2]"#,
        r#"{"id": "ok", "spec": "tictactoe", "iterations": 50}"#,
    ]
    .join("\n");
    let answers = analysis(&[], &input);
    assert_eq!(answers.len(), 12, "{answers:#?}");
    let errors: Vec<&Value> = answers.iter().filter(|a| a["error"].is_string()).collect();
    assert_eq!(errors.len(), 11, "{answers:#?}");
    assert_eq!(errors.iter().filter(|a| a["id"].is_null()).count(), 3);
    let error_of = |id: &str| {
        errors
            .iter()
            .find(|a| a["id"] == id)
            .unwrap_or_else(|| panic!("no error for {id}"))["error"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert!(error_of("a").contains("chess"));
    assert!(error_of("b").contains("ply 2 (b2)"));
    assert!(error_of("c").contains("mcts"));
    assert!(error_of("d").contains("bogus"));
    assert!(error_of("e").contains("bad turn 3"));
    assert!(error_of("f").contains("unknown action"));
    assert!(answers.iter().any(|a| a["id"] == "ok" && a["iterations"] == 50));
}

#[test]
fn analysis_terminates_a_query_by_id() {
    // A budget no test waits for: only the terminate ends it.
    let input = [
        r#"{"id": "long", "spec": "escabel:size=7", "iterations": 1000000000, "threads": 1}"#,
        r#"{"id": "long", "spec": "tictactoe"}"#,
        r#"{"id": "stop", "action": "terminate", "terminate_id": "long"}"#,
        r#"{"id": "stop2", "action": "terminate", "terminate_id": "nothing"}"#,
        "",
    ]
    .join("\n");
    let answers = analysis(&["--max-queries-at-once", "1"], &input);
    assert_eq!(answers.len(), 4, "{answers:#?}");
    let long: Vec<&Value> = answers.iter().filter(|a| a["id"] == "long").collect();
    assert!(long
        .iter()
        .any(|a| a["error"].as_str().is_some_and(|e| e.contains("already"))));
    // Stopped while searching (an answer with what it found), or before
    // its search started (an error): terminated either way.
    let result = long
        .iter()
        .find(|a| !a["error"].as_str().is_some_and(|e| e.contains("already")))
        .unwrap_or_else(|| panic!("{long:#?}"));
    assert_eq!(result["terminated"], true, "{result}");
    if let Some(iterations) = result["iterations"].as_u64() {
        assert!(iterations < 1_000_000_000);
    }
    assert!(answers.iter().any(|a| a["id"] == "stop" && a["found"] == true));
    assert!(answers.iter().any(|a| a["id"] == "stop2" && a["found"] == false));
}

#[test]
fn analysis_answers_before_the_input_ends_and_ids_can_be_reused() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(BIN)
        .arg("analysis")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arena");
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    for plies in ["b2", "b2 a1"] {
        let query =
            format!(r#"{{"id": "same", "spec": "tictactoe", "plies": "{plies}", "iterations": 100}}"#);
        writeln!(input, "{query}").unwrap();
        input.flush().unwrap();
        // The answer comes while the input is still open.
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        let answer: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(answer["id"], "same", "{answer}");
        assert!(answer["error"].is_null(), "{answer}");
        assert_eq!(
            answer["plies_played"].as_u64(),
            Some(plies.split(' ').count() as u64)
        );
    }
    drop(input);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut output, &mut rest).unwrap();
    assert_eq!(rest, "", "one answer per query");
    assert!(child.wait().unwrap().success());
}

#[test]
fn analysis_searches_with_any_in_process_family() {
    let input = [
        r#"{"id": "r", "spec": "tictactoe", "plies": "b2 a1", "engine": "random", "seed": 3, "iterations": 50}"#,
        r#"{"id": "x", "spec": "tictactoe", "engine": "chess"}"#,
        r#"{"id": "c", "spec": "tictactoe", "engine": "cmd:./engine --fast"}"#,
    ]
    .join("\n");
    let answers = analysis(&[], &input);
    assert_eq!(answers.len(), 3, "{answers:#?}");
    let of = |id: &str| {
        answers
            .iter()
            .find(|a| a["id"] == id)
            .unwrap_or_else(|| panic!("no answer for {id}"))
    };
    let random = of("r");
    let best = random["best"].as_str().unwrap_or_else(|| panic!("{random}"));
    let mut game = abstracta::open("tictactoe").unwrap();
    game.play_list("b2 a1").unwrap();
    assert!(game.is_legal(best), "{best}");
    assert!(random["win_rate"].is_null() && random["children"] == serde_json::json!([]));
    assert_eq!(random["iterations"], 0, "random ignores the iteration budget");
    let unknown = of("x")["error"].as_str().unwrap();
    assert!(unknown.contains("unknown engine kind \"chess\""), "{unknown}");
    let external = of("c")["error"].as_str().unwrap();
    assert!(
        external.contains("cmd:") && external.contains("random") && external.contains("mcts[:OPTIONS]"),
        "{external}"
    );
}

#[test]
fn analyze_json_and_openings_take_any_in_process_family() {
    let out = arena(&[
        "analyze",
        "tictactoe",
        "--moves",
        "b2",
        "--engine",
        "random",
        "--json",
    ]);
    assert_success(&out);
    let answer: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    let mut game = abstracta::open("tictactoe").unwrap();
    game.play_list("b2").unwrap();
    assert!(game.is_legal(answer["best"].as_str().unwrap()), "{answer}");
    let out = arena(&["analyze", "tictactoe", "--engine", "cmd:./engine", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("external (cmd:)"),
        "{}",
        text(&out.stderr)
    );
    // Openings are scored by win rate, which random has not.
    let dir = temp_dir("openings-families");
    let out = arena(&[
        "openings",
        "tictactoe",
        "--count",
        "1",
        "--engine",
        "random",
        "--out",
        &path(&dir.join("r.txt")),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("gives no win rate"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.join("r.txt").exists());
}
