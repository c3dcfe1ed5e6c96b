//! `arena suite make|run` and `arena plot suite` end to end, external
//! engines included, and their refusals of bad input.

mod common;

use common::{arena, ok, refused, temp_dir, BIN};

#[test]
fn a_suite_is_made_run_with_an_external_engine_and_plotted() {
    let dir = temp_dir("suite");
    let file = dir.join("t.jsonl");
    let file = file.to_str().unwrap();
    let made = ok(&arena(&[
        "suite",
        "make",
        "tictactoe",
        "--out",
        file,
        "--count",
        "6",
        "--plies",
        "1-4",
    ]));
    assert!(
        made.contains("wrote 6 positions") && made.contains("exhaustive minimax 6"),
        "{made}"
    );
    let external = format!("ext=cmd:{BIN} engine tictactoe");
    let out = dir.join("run");
    let out = out.to_str().unwrap();
    let run = ok(&arena(&[
        "suite",
        "run",
        file,
        "--engine",
        &external,
        "--engine",
        "mcts",
        "--budgets",
        "200,2000",
        "--out",
        out,
        "--json",
    ]));
    let summary: serde_json::Value = serde_json::from_str(&run).unwrap();
    let rows = summary["rows"].as_array().unwrap();
    assert!(rows
        .iter()
        .any(|r| r["engine"] == "ext" && r["budget"] == "2000" && r["positions"] == 6));
    // A rerun resumes: nothing is left to play, the table is the same.
    let again = ok(&arena(&[
        "suite",
        "run",
        file,
        "--engine",
        &external,
        "--engine",
        "mcts",
        "--budgets",
        "200,2000",
        "--out",
        out,
        "--json",
    ]));
    assert_eq!(again, run);
    let svg = dir.join("a.svg");
    let plotted = ok(&arena(&[
        "plot",
        "suite",
        &format!("{out}/summary.json"),
        "--out",
        svg.to_str().unwrap(),
    ]));
    assert!(plotted.contains("2 engines"), "{plotted}");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("ext"));
    refused(
        &arena(&["suite", "run", file, "--engine", "mcts", "--budgets", "lots"]),
        &["bad budget", "lots"],
    );
    refused(
        &arena(&[
            "suite",
            "run",
            file,
            "--engine",
            "mcts",
            "--budgets",
            "10",
            "--out",
            out,
        ]),
        &["other settings"],
    );
    refused(
        &arena(&["suite", "make", "tictactoe", "--out", file, "--plies", "5"]),
        &["MIN-MAX"],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
