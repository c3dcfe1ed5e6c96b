//! Hostile and careless input through the real binary: huge thread
//! counts and query lines for `arena analysis`, links planted where
//! output is written, special files given as input or output, a merge
//! into one of its own inputs, repeated or out-of-range settings and
//! runaway lines in `arena play`.

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::{symlink, FileTypeExt};
use std::path::Path;
use std::process::Output;

use serde_json::Value;

mod common;
use common::{arena, arena_stdin, ok, refused, temp_dir, text};

fn path(p: &Path) -> String {
    p.display().to_string()
}

/// A tournament of two random players on tic-tac-toe recorded in `dir`.
fn small_tournament(dir: &Path, extra: &[&str]) -> Output {
    let d = path(dir);
    let mut args = vec![
        "tournament",
        "tictactoe",
        "--player",
        "a=random",
        "--player",
        "b=random",
        "--games",
        "4",
        "--concurrency",
        "1",
        "--out",
        &d,
    ];
    if !extra.contains(&"--openings") {
        args.extend_from_slice(&["--openings", "none"]);
    }
    args.extend_from_slice(extra);
    arena(&args)
}

fn make_fifo(path: &Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success());
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    names.sort();
    names
}

fn answers(out: &Output) -> Vec<Value> {
    text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn analysis_thread_counts_and_queries_at_once_are_capped() {
    refused(
        &arena(&["analysis", "--threads", "100000"]),
        &["--threads 100000", "1 to 1024"],
    );
    refused(
        &arena(&["analysis", "--max-queries-at-once", "50000"]),
        &["--max-queries-at-once 50000", "1 to 1024"],
    );
    // One query's thread count is that query's error; the others are
    // answered as usual.
    let input = [
        r#"{"id": "huge", "spec": "tictactoe", "threads": 100000}"#,
        r#"{"id": "fine", "spec": "tictactoe", "iterations": 50}"#,
        r#"{"id": "random", "spec": "tictactoe", "engine": "random", "threads": 100000}"#,
    ]
    .join("\n");
    let out = arena_stdin(&["analysis"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let got = answers(&out);
    assert_eq!(got.len(), 3, "{got:?}");
    let random = got.iter().find(|a| a["id"] == "random").unwrap()["error"].to_string();
    assert!(
        random.contains("bad threads 100000: expected 1 to 1024"),
        "{random}"
    );
    let huge = got.iter().find(|a| a["id"] == "huge").unwrap()["error"].to_string();
    assert!(
        huge.contains("threads=100000") && huge.contains("from 1 to 1024"),
        "{huge}"
    );
    let fine = got.iter().find(|a| a["id"] == "fine").unwrap();
    assert_eq!(fine["iterations"], 50, "{fine}");
}

#[test]
fn analysis_bounds_query_lines_and_plies() {
    let limit = server::analysis::MAX_QUERY_LINE;
    let mut input = r#"{"id": "long", "spec": "tictactoe", "plies": ""#.to_string();
    input.push_str(&"a1 ".repeat(limit / 3 + 10));
    input.push_str("\"}\n");
    input.push_str(&format!(
        "{{\"id\": \"plies\", \"spec\": \"tictactoe\", \"plies\": \"{}\"}}\n",
        "a1 ".repeat(server::analysis::MAX_PLIES + 1)
    ));
    input.push_str(&format!(
        "{{\"id\": \"turns\", \"spec\": \"tictactoe\", \"turns\": [{}]}}\n",
        vec!["0"; server::analysis::MAX_TURNS + 1].join(",")
    ));
    input.push_str(r#"{"id": "after", "spec": "tictactoe", "iterations": 50}"#);
    let out = arena_stdin(&["analysis"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let got = answers(&out);
    assert_eq!(got.len(), 4, "{got:?}");
    let long = got.iter().find(|a| a["id"].is_null()).unwrap();
    assert!(
        long["error"]
            .as_str()
            .unwrap()
            .contains(&format!("at most {limit}")),
        "{long}"
    );
    let error = |id: &str| got.iter().find(|a| a["id"] == id).unwrap()["error"].to_string();
    assert!(error("plies").contains("too many plies"), "{}", error("plies"));
    assert!(error("turns").contains("too many turns"), "{}", error("turns"));
    assert_eq!(got.iter().find(|a| a["id"] == "after").unwrap()["iterations"], 50);
}

#[test]
fn errors_repeat_a_bounded_excerpt_of_the_text_given() {
    let long = "x".repeat(500_000);
    let input = [
        format!(r#"{{"id": "spec", "spec": "{long}"}}"#),
        format!(r#"{{"id": "option", "spec": "tictactoe:{long}=1"}}"#),
        format!(r#"{{"id": "engine", "spec": "tictactoe", "engine": "{long}"}}"#),
        format!(r#"{{"id": "mcts", "spec": "tictactoe", "engine": "mcts:c={long}"}}"#),
        format!(r#"{{"id": "ply", "spec": "tictactoe", "plies": "{long}"}}"#),
    ]
    .join("\n");
    let out = arena_stdin(&["analysis"], &input);
    let got = answers(&out);
    assert_eq!(got.len(), 5, "{:.500}", text(&out.stdout));
    for answer in &got {
        let error = answer["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{answer:.300}"));
        assert!(
            error.len() < 2000 && error.contains("(500000 bytes)"),
            "{} bytes: {error:.300}",
            error.len()
        );
    }
    let out = arena_stdin(
        &["engine", "tictactoe", "--engine", "random"],
        &format!("{long}\nquit\n"),
    );
    let answer = text(&out.stdout);
    assert!(
        answer.len() < 2000 && answer.contains("unknown command"),
        "{answer:.300}"
    );
}

#[test]
fn atomic_writes_never_follow_a_planted_link() {
    let dir = temp_dir("planted");
    let victim = dir.join("victim");
    fs::write(&victim, "precious").unwrap();
    // arena openings --out OUT with links at OUT.tmp.
    let out = dir.join("suite.txt");
    symlink(&victim, dir.join("suite.txt.tmp")).unwrap();
    ok(&arena(&[
        "openings",
        "tictactoe",
        "--count",
        "2",
        "--plies",
        "1",
        "--engine",
        "mcts:iters=50",
        "--out",
        &path(&out),
    ]));
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    assert!(fs::symlink_metadata(&out).unwrap().is_file());
    // merge --out M with links at each file's .tmp name.
    let t = dir.join("t");
    ok(&small_tournament(&t, &[]));
    let m = dir.join("m");
    fs::create_dir(&m).unwrap();
    for name in ["games.jsonl", "summary.json", "tournament.json"] {
        symlink(&victim, m.join(format!("{name}.tmp"))).unwrap();
    }
    ok(&arena(&["merge", &path(&t), "--out", &path(&m)]));
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    assert_eq!(
        fs::read_to_string(m.join("games.jsonl")).unwrap().lines().count(),
        4
    );
    // A link in place of an output file is refused, not written through.
    let n = dir.join("n");
    fs::create_dir(&n).unwrap();
    symlink(&victim, n.join("summary.json")).unwrap();
    refused(
        &arena(&["merge", &path(&t), "--out", &path(&n)]),
        &["summary.json", "a symbolic link, not a regular file"],
    );
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    let left: Vec<String> = [&dir, &m, &n]
        .iter()
        .flat_map(|d| names_in(d))
        .filter(|n| n.ends_with(".tmp") && n.starts_with('.'))
        .collect();
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn force_replaces_only_regular_files_and_leaves_no_temporary_file() {
    let dir = temp_dir("force");
    let suite = |out: &Path| {
        arena(&[
            "openings",
            "tictactoe",
            "--count",
            "2",
            "--plies",
            "1",
            "--engine",
            "mcts:iters=50",
            "--out",
            &path(out),
            "--force",
        ])
    };
    let fifo = dir.join("fifo");
    make_fifo(&fifo);
    refused(&suite(&fifo), &["FIFO", "not a regular file"]);
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    let folder = dir.join("folder");
    fs::create_dir(&folder).unwrap();
    refused(&suite(&folder), &["a folder", "not a regular file"]);
    assert!(folder.is_dir());
    assert_eq!(names_in(&dir), ["fifo", "folder"], "nothing left behind");
    // A regular file is replaced.
    let file = dir.join("file");
    fs::write(&file, "old").unwrap();
    ok(&suite(&file));
    assert!(fs::read_to_string(&file).unwrap().starts_with("# Opening suite"));
    assert_eq!(names_in(&dir), ["fifo", "file", "folder"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn inputs_that_are_not_regular_files_are_refused_at_once() {
    let dir = temp_dir("special-inputs");
    let t = dir.join("t");
    ok(&small_tournament(&t, &[]));
    // games.jsonl linked to an endless device: every reader refuses it
    // instead of reading gigabytes.
    let z = dir.join("z");
    fs::create_dir(&z).unwrap();
    fs::copy(t.join("tournament.json"), z.join("tournament.json")).unwrap();
    symlink("/dev/zero", z.join("games.jsonl")).unwrap();
    let expect = ["games.jsonl", "a character device, not a regular file"];
    refused(&arena(&["ratings", &path(&z)]), &expect);
    refused(&arena(&["merge", &path(&z)]), &expect);
    refused(&small_tournament(&z, &[]), &expect);
    // tournament.json as a FIFO: refused, not waited on.
    let f = dir.join("f");
    fs::create_dir(&f).unwrap();
    make_fifo(&f.join("tournament.json"));
    refused(&arena(&["ratings", &path(&f)]), &["tournament.json", "FIFO"]);
    // An opening file.
    let zero = dir.join("zero.txt");
    symlink("/dev/zero", &zero).unwrap();
    let out = small_tournament(&dir.join("o"), &["--openings", &format!("file:{}", path(&zero))]);
    refused(&out, &["zero.txt", "a character device"]);
    // A tuning run's journal.
    let run = dir.join("tune");
    let tune = || {
        arena(&[
            "tune",
            "tictactoe",
            "--engine",
            "mcts:iters=20",
            "--param",
            "c=0.4,0.1..1.0",
            "--iterations",
            "1",
            "--concurrency",
            "1",
            "--out",
            &path(&run),
        ])
    };
    ok(&tune());
    fs::remove_file(run.join("tune.jsonl")).unwrap();
    symlink("/dev/zero", run.join("tune.jsonl")).unwrap();
    refused(&tune(), &["tune.jsonl", "a character device"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn merge_refuses_to_write_into_one_of_its_inputs() {
    let dir = temp_dir("merge-into-input");
    let (s1, s2) = (dir.join("s1"), dir.join("s2"));
    ok(&small_tournament(&s1, &["--shard", "1/2"]));
    ok(&small_tournament(&s2, &["--shard", "2/2"]));
    let before = fs::read(s1.join("tournament.json")).unwrap();
    let games_before = fs::read(s1.join("games.jsonl")).unwrap();
    // The same folder by another name counts too.
    let other_name = format!("{}/../s1", path(&s2));
    refused(
        &arena(&["merge", &path(&s1), &path(&s2), "--out", &other_name]),
        &["is the input folder", "new or empty folder"],
    );
    assert_eq!(fs::read(s1.join("tournament.json")).unwrap(), before);
    assert_eq!(fs::read(s1.join("games.jsonl")).unwrap(), games_before);
    assert!(!s1.join("summary.json").exists() || s1.join("summary.json").is_file());
    // The shard still resumes as itself.
    ok(&small_tournament(&s1, &["--shard", "1/2"]));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_repeated_player_clock_and_out_of_range_tuning_values_are_refused() {
    let dir = temp_dir("repeated");
    refused(
        &small_tournament(&dir.join("t"), &["--player-tc", "a=1+0", "--player-tc", "a=2+0"]),
        &["--player-tc a=", "given twice"],
    );
    let out = arena(&[
        "tune",
        "tictactoe",
        "--param",
        "c=0.4,-1e308..1",
        "--out",
        &path(&dir.join("run")),
    ]);
    refused(&out, &["out of range"]);
    assert!(!text(&out.stderr).contains("9223372036854775808"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn play_echoes_a_bounded_excerpt_of_runaway_lines() {
    let bad_ply = "z".repeat(3000);
    let runaway = "y".repeat(200_000);
    let input = format!("{bad_ply}\n{runaway}\nquit\n");
    let out = arena_stdin(
        &["play", "tictactoe", "--black", "human", "--white", "human"],
        &input,
    );
    let shown = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(shown.len() < 6000, "{} bytes shown: {:.300}", shown.len(), shown);
    assert!(shown.contains("... (3000 bytes)"), "{shown}");
    assert!(shown.contains("line too long (200000 bytes"), "{shown}");
}
