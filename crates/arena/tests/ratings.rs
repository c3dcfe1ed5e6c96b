//! `arena ratings` and the statistics of `arena tournament` through the
//! real binary, on small tic-tac-toe tournaments of random engines.

use std::fs;
use std::path::Path;

mod common;
use common::{arena, temp_dir, text};

#[track_caller]
fn arena_ok(args: &[&str]) -> String {
    let out = arena(args);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

/// Asserts exit code 2, a message containing `what`, and no panic.
#[track_caller]
fn assert_bad_input(args: &[&str], what: &str) {
    let out = arena(args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(what), "{args:?}: expected {what:?} in {err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Plays a tic-tac-toe tournament into `dir`; returns the printed table.
fn tournament(dir: &Path, players: &[&str], games: &str, seed: &str) -> String {
    let mut args = vec!["tournament", "tictactoe"];
    for p in players {
        args.extend(["--player", p]);
    }
    let out = dir.to_str().unwrap();
    args.extend([
        "--games",
        games,
        "--seed",
        seed,
        "--concurrency",
        "1",
        "--out",
        out,
    ]);
    arena_ok(&args)
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn tournaments_report_pairs_and_a_rating_list() {
    let root = temp_dir("table");
    let dir = root.join("t");
    // An odd --games leaves the last game of each pairing without a pair.
    let table = tournament(&dir, &["a=random", "b=random", "c=random"], "5", "2");
    assert!(table.contains("Ptnml(0-2): ["), "{table}");
    assert!(table.contains("nElo"), "{table}");
    assert!(table.contains("1 game without its pair"), "{table}");
    assert!(table.contains("rating list (one fit over all games):"), "{table}");
    assert!(table.contains("first-move advantage"), "{table}");
    let summary = json(&fs::read_to_string(dir.join("summary.json")).unwrap());
    for p in summary["pairings"].as_array().unwrap() {
        let penta = &p["pentanomial"];
        let pairs: u64 = ["ll", "ld", "wl", "dd", "wd", "ww"]
            .iter()
            .map(|k| penta[k].as_u64().unwrap())
            .sum();
        assert_eq!(pairs, 2, "{p}");
        let unpaired = &p["unpaired"];
        let lone: u64 = ["wins", "draws", "losses"]
            .iter()
            .map(|k| unpaired[k].as_u64().unwrap())
            .sum();
        assert_eq!(lone, 1, "{p}");
        for key in [
            "elo",
            "elo_low",
            "elo_high",
            "nelo",
            "nelo_low",
            "nelo_high",
            "los",
            "model",
        ] {
            assert!(!p[key].is_null(), "{key} in {p}");
        }
    }
    assert_eq!(summary["ratings"]["players"].as_array().unwrap().len(), 3);
    // Two players: no rating list.
    let two = tournament(&root.join("two"), &["a=random", "b=random"], "2", "2");
    assert!(!two.contains("rating list"), "{two}");
    let two = json(&fs::read_to_string(root.join("two/summary.json")).unwrap());
    assert!(two.get("ratings").is_none(), "{two}");
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn ratings_over_several_folders() {
    let root = temp_dir("folders");
    let (t1, t2) = (root.join("t1"), root.join("t2"));
    tournament(&t1, &["a=random", "b=random", "c=random"], "6", "1");
    tournament(&t2, &["c=random", "d=random"], "8", "5");
    let (t1s, t2s) = (t1.to_str().unwrap(), t2.to_str().unwrap());
    let table = arena_ok(&["ratings", t1s, t2s]);
    for name in ["a", "b", "c", "d"] {
        assert!(
            table.lines().any(|l| l.split_whitespace().nth(1) == Some(name)),
            "{table}"
        );
    }
    assert!(table.contains("26 games") && table.contains("mean 0"), "{table}");
    let list = json(&arena_ok(&["ratings", t1s, t2s, "--json", "--anchor", "d=1000"]));
    assert_eq!(list["games"], 26);
    assert_eq!(list["anchor"], "d");
    let players = list["players"].as_array().unwrap();
    assert_eq!(players.len(), 4);
    let d = players.iter().find(|p| p["name"] == "d").unwrap();
    assert_eq!((d["elo"].as_f64(), d["games"].as_u64()), (Some(1000.0), Some(8)));
    let c = players.iter().find(|p| p["name"] == "c").unwrap();
    assert_eq!(c["games"], 20);
    assert_eq!(c["engine"], "random");
    for p in players {
        let (lo, elo, hi) = (p["elo_low"].as_f64(), p["elo"].as_f64(), p["elo_high"].as_f64());
        assert!(lo <= elo && elo <= hi, "{p}");
    }
    // A folder given twice is one tournament: its games count once.
    let out = arena(&["ratings", t1s, t1s, "--json"]);
    assert!(out.status.success());
    assert_eq!(json(&text(&out.stdout))["games"], 18);
    assert!(
        text(&out.stderr).contains("counted once"),
        "{}",
        text(&out.stderr)
    );
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn ratings_refuse_bad_input() {
    let root = temp_dir("bad");
    let t1 = root.join("t1");
    tournament(&t1, &["a=random", "b=random", "c=random"], "2", "1");
    let t1s = t1.to_str().unwrap();
    let missing = root.join("missing");
    assert_bad_input(&["ratings", missing.to_str().unwrap()], "no such folder");
    let empty = root.join("empty");
    fs::create_dir_all(&empty).unwrap();
    assert_bad_input(&["ratings", empty.to_str().unwrap()], "not a tournament folder");
    assert_bad_input(&["ratings", t1s, "--anchor", "zed=0"], "unknown anchor \"zed\"");
    assert_bad_input(&["ratings", t1s, "--anchor", "zed"], "NAME=ELO");
    assert_bad_input(&["ratings", t1s, "--prior=-1"], "bad prior");
    assert_bad_input(&["ratings"], "DIRS");
    // The same name for another engine in another folder.
    let other = root.join("other");
    tournament(&other, &["a=mcts:iters=5", "b=random"], "2", "1");
    assert_bad_input(
        &["ratings", t1s, other.to_str().unwrap()],
        "player a is random in",
    );
    // Players who never met.
    let apart = root.join("apart");
    tournament(&apart, &["x=random", "y=random"], "2", "1");
    assert_bad_input(&["ratings", t1s, apart.to_str().unwrap()], "never met each other");
    // Another game.
    let swack = root.join("swack");
    let s = swack.to_str().unwrap();
    arena_ok(&[
        "tournament",
        "swack",
        "--player",
        "p=random",
        "--player",
        "q=random",
        "--games",
        "2",
        "--out",
        s,
    ]);
    assert_bad_input(&["ratings", t1s, s], "a rating list is for one game");
    // Records that cannot be read.
    let broken = root.join("broken");
    fs::create_dir_all(&broken).unwrap();
    fs::copy(t1.join("tournament.json"), broken.join("tournament.json")).unwrap();
    fs::write(broken.join("games.jsonl"), "not a record\n").unwrap();
    assert_bad_input(&["ratings", broken.to_str().unwrap()], "games.jsonl line 1");
    fs::write(broken.join("tournament.json"), "{").unwrap();
    assert_bad_input(&["ratings", broken.to_str().unwrap()], "tournament.json");
    // Settings but no games yet.
    fs::copy(t1.join("tournament.json"), broken.join("tournament.json")).unwrap();
    fs::remove_file(broken.join("games.jsonl")).unwrap();
    assert_bad_input(&["ratings", broken.to_str().unwrap()], "no games to rate");
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn sprt_options_reach_the_summary() {
    let root = temp_dir("sprt");
    let dir = root.join("t");
    let d = dir.to_str().unwrap();
    let table = arena_ok(&[
        "tournament",
        "tictactoe",
        "--player",
        "a=random",
        "--player",
        "b=random",
        "--games",
        "6",
        "--sprt",
        "0,50,alpha=0.1,beta=0.2,model=normalized",
        "--out",
        d,
    ]);
    assert!(
        table.contains("SPRT (normalized Elo 0.0 vs 50.0, pentanomial counts)"),
        "{table}"
    );
    let summary = json(&fs::read_to_string(dir.join("summary.json")).unwrap());
    let sprt = &summary["pairings"][0]["sprt"];
    assert_eq!(sprt["model"], "normalized");
    assert_eq!(sprt["counts"], "pentanomial");
    let upper = sprt["upper"].as_f64().unwrap();
    assert!((upper - (0.8f64 / 0.1).ln()).abs() < 1e-9, "{sprt}");
    for bad in ["0,50,alpha=2", "0,50,model=bayesian", "50,0"] {
        let out = arena(&[
            "tournament",
            "tictactoe",
            "--player",
            "a=random",
            "--player",
            "b=random",
            "--sprt",
            bad,
        ]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(
            text(&out.stderr).contains("expected ELO0,ELO1"),
            "{}",
            text(&out.stderr)
        );
    }
    let _ = fs::remove_dir_all(&root);
}
