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

#[test]
fn scaling_draws_several_engines_in_one_plot_and_writes_its_report() {
    let dir = temp_dir("scaling");
    let pool = dir.join("pool.json");
    let anchor = |name: &str, engine: &str, elo: f64| serde_json::json!({"name": name, "engine": engine, "elo": elo, "low": elo, "high": elo});
    let pool_json = serde_json::json!({"spec": "tictactoe", "command": "by hand", "opening_plies": 0,
        "games": 0, "first_move_elo": 0.0,
        "anchors": [anchor("random", "random", 0.0), anchor("m20", "mcts:iters=20", 300.0)]});
    std::fs::write(&pool, pool_json.to_string()).unwrap();
    let games = dir.join("games");
    let svg = dir.join("s.svg");
    let text = ok(&arena(&[
        "scaling",
        "tictactoe",
        "--pool",
        pool.to_str().unwrap(),
        "--engine",
        "first-curve=mcts",
        "--engine",
        "second-curve=mcts:rave=off",
        "--budgets",
        "5,50",
        "--rounds",
        "1",
        "--games",
        "2",
        "--games-dir",
        games.to_str().unwrap(),
        "--plot",
        svg.to_str().unwrap(),
    ]));
    assert!(
        text.contains("first-curve (mcts)") && text.contains("second-curve (mcts:rave=off)"),
        "{text}"
    );
    let report = bench::ladder::read_scaling(&games.join("scaling.json")).unwrap();
    assert_eq!(report.curves.len(), 2);
    assert_eq!(
        report.curves[1]
            .points
            .iter()
            .map(|p| p.iterations)
            .collect::<Vec<_>>(),
        [5, 50]
    );
    assert_eq!(report.curves[1].points[0].result.engine, "mcts:rave=off,iters=5");
    assert!(games.join("second-curve/50/round-1/games.jsonl").exists());
    let plot = std::fs::read_to_string(&svg).unwrap();
    assert!(
        plot.contains("first-curve") && plot.contains("second-curve"),
        "both curves are in the legend"
    );
    refused(
        &arena(&[
            "ladder",
            "tictactoe",
            "--pool",
            pool.to_str().unwrap(),
            "--engine",
            "mcts",
            "--engine",
            "random",
        ]),
        &["one engine"],
    );
}
