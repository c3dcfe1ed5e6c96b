//! `arena solve` driven through the real binary.

mod common;
use common::{arena, assert_success, text};

#[test]
fn solves_prints_every_winning_ply_and_json() {
    let out = arena(&["solve", "tictactoe", "--moves", "a1 b1 a2 b2"]);
    assert_success(&out);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("value: win for black"), "{stdout}");
    assert!(stdout.contains("winning plies (1): a3"), "{stdout}");
    assert!(stdout.contains("nodes in"), "{stdout}");
    let out = arena(&["solve", "tictactoe", "--engine", "pns:tt=1", "--json"]);
    assert_success(&out);
    let j: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(j["value"], "draw");
    assert_eq!(j["drawing_plies"].as_array().unwrap().len(), 9);
    assert_eq!(
        (j["complete"].as_bool(), j["engine"].as_str()),
        (Some(true), Some("pns:tt=1"))
    );
}

#[test]
fn an_exhausted_budget_is_an_honest_unsolved() {
    let out = arena(&["solve", "escabel:size=5", "--engine", "pns:nodes=50", "--json"]);
    assert_success(&out);
    let j: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert!(j["value"].is_null() && j["best"].is_string(), "{j}");
    assert_eq!(j["complete"], false);
    let out = arena(&["solve", "escabel:size=5", "--engine", "pns:nodes=50"]);
    assert!(
        text(&out.stdout).contains("value: unsolved"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn bad_specs_and_ply_lists_are_usage_errors() {
    for args in [
        &["solve", "chess"][..],
        &["solve", "tictactoe", "--moves", "a1 zz"],
        &["solve", "tictactoe", "--moves", "a1 b1 a2 b2 a3"],
        &["solve", "tictactoe", "--engine", "pns:tt=0"],
        &["solve", "tictactoe", "--engine", "random"],
    ] {
        let out = arena(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
        assert!(!text(&out.stderr).is_empty(), "{args:?}");
    }
    let out = arena(&["solve", "tictactoe", "--moves", "a1 zz"]);
    assert!(text(&out.stderr).contains("ply 2"), "{}", text(&out.stderr));
}
