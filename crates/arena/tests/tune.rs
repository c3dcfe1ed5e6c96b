//! `arena tune` through the real binary: a short run on tic-tac-toe, its
//! records, resuming, a repaired cut-short line and refused input.

mod common;

use std::fs;
use std::path::Path;

use common::{arena, assert_success, temp_dir, text};
use tournament::tune::{Iteration, TuneConfig};

fn tune(dir: &Path, extra: &[&str]) -> std::process::Output {
    let out = dir.join("run").display().to_string();
    let mut args = vec![
        "tune",
        "tictactoe",
        "--engine",
        "mcts:iters=30",
        "--param",
        "c=0.4,0.1..1.0",
        "--param",
        "prior=5,0..20,step=2",
        "--pairs",
        "1",
        "--seed",
        "3",
        "--concurrency",
        "1",
        "--out",
        &out,
    ];
    args.extend_from_slice(extra);
    arena(&args)
}

fn history(dir: &Path) -> Vec<Iteration> {
    fs::read_to_string(dir.join("run/tune.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_tuning_run_records_every_iteration_and_resumes() {
    let dir = temp_dir("tune");
    let out = tune(&dir, &["--iterations", "4"]);
    assert_success(&out);
    let report = text(&out.stdout);
    assert!(report.contains("4 iterations of 1 pairs (8 games)"), "{report}");
    assert!(report.contains("engine: mcts:iters=30,c="), "{report}");
    let progress = text(&out.stderr);
    assert!(progress.contains("iteration 4/4: plus"), "{progress}");
    let first = history(&dir);
    assert_eq!(first.len(), 4);
    for (k, it) in first.iter().enumerate() {
        assert_eq!(it.iteration, k as u64);
        assert_eq!(it.plus_wins + it.minus_wins + it.draws, 2, "{it:?}");
        assert_eq!(it.theta.len(), 2);
        // Whole-number keys go to the engine rounded.
        assert!(
            it.plus.contains(",prior=") && !it.plus.contains("prior=5."),
            "{it:?}"
        );
        assert!((0.1..=1.0).contains(&it.theta[0]) && (0.0..=20.0).contains(&it.theta[1]));
    }
    let config: TuneConfig =
        serde_json::from_str(&fs::read_to_string(dir.join("run/tune.json")).unwrap()).unwrap();
    assert!(!config.params[0].integer && config.params[1].integer);

    // A finished run resumed plays nothing more and reports the same.
    let again = tune(&dir, &["--iterations", "4"]);
    assert_success(&again);
    assert_eq!(history(&dir), first);
    assert_eq!(text(&again.stdout), report);

    // A last line cut short by a crash is dropped and its iteration
    // played again; the ones before stay as they were.
    let journal = dir.join("run/tune.jsonl");
    let lines: Vec<String> = fs::read_to_string(&journal)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    let cut = format!("{}\n{}", lines[..3].join("\n"), &lines[3][..lines[3].len() / 2]);
    fs::write(&journal, cut).unwrap();
    let repaired = tune(&dir, &["--iterations", "4"]);
    assert_success(&repaired);
    assert!(text(&repaired.stderr).contains("dropping an unfinished last line"));
    let now = history(&dir);
    assert_eq!(now.len(), 4);
    assert_eq!(now[..3], first[..3]);

    // The JSON report holds the settings and every iteration.
    let json = tune(&dir, &["--iterations", "4", "--json"]);
    assert_success(&json);
    let value: serde_json::Value = serde_json::from_str(&text(&json.stdout)).unwrap();
    assert_eq!(value["history"].as_array().map(Vec::len), Some(4));
    assert_eq!(value["config"]["pairs"], 1);
}

#[test]
fn a_run_with_other_settings_is_refused() {
    let dir = temp_dir("tune-refuse");
    assert_success(&tune(&dir, &["--iterations", "2"]));
    let before = fs::read_to_string(dir.join("run/tune.jsonl")).unwrap();
    let out = tune(&dir, &["--iterations", "3"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("another tuning run") && err.contains("iterations was 2, now 3"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(dir.join("run/tune.jsonl")).unwrap(), before);
}

#[test]
fn bad_tuning_input_is_refused_with_exit_code_2() {
    let dir = temp_dir("tune-bad");
    let out = dir.join("run").display().to_string();
    for (args, words) in [
        (vec!["--param", "c=0.4"], &["expected KEY=START,MIN..MAX"][..]),
        (vec!["--param", "c=2,0..1"], &["START must lie"]),
        (
            vec!["--param", "c=0.4,0..1", "--engine", "random"],
            &["tunes mcts engines"],
        ),
        (
            vec!["--param", "c=0.4,0..1", "--engine", "mcts:c=1"],
            &["sets c= already"],
        ),
        (vec!["--param", "zap=1,0..2"], &["does not take zap="]),
        (
            vec!["--param", "c=0.4,0..1", "--iterations", "0"],
            &["at least 1"],
        ),
        (vec!["--param", "c=0.4,0..1", "--rate=-1"], &["--rate"]),
        (
            vec!["--param", "c=0.4,0..1", "--concurrency", "0"],
            &["--concurrency"],
        ),
    ] {
        let mut full = vec!["tune", "tictactoe", "--out", &out];
        full.extend_from_slice(&args);
        let result = arena(&full);
        assert_eq!(
            result.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&result.stderr)
        );
        let err = text(&result.stderr);
        for w in words {
            assert!(err.contains(w), "{args:?}: {err}");
        }
    }
    // A bad game spec is refused before anything is written.
    let result = arena(&["tune", "nogame", "--param", "c=0.4,0..1", "--out", &out]);
    assert_eq!(result.status.code(), Some(2));
}
