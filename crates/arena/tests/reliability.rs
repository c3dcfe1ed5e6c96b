//! Reliability of the real `arena` binary: recorded games are never lost
//! or mixed with another tournament's, bad record files are bad input,
//! external engines never outlive arena (however it ends) and never make
//! it buffer without bound, and closed pipes end arena quietly.

#![cfg(unix)]

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use rustix::process::{kill_process, Pid, Signal};
use stats::records::{parse_games_jsonl, parse_summary_json, GameRecord};

mod common;
use common::{arena, ok, refused, script, temp_dir, text, BIN};

/// `arena tournament tictactoe` between `players`, then `extra`.
fn tournament(players: &[&str], extra: &[&str]) -> Vec<String> {
    let mut args = vec!["tournament".to_owned(), "tictactoe".to_owned()];
    for p in players {
        args.push("--player".to_owned());
        args.push((*p).to_owned());
    }
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    args
}

fn run(args: &[String]) -> Output {
    Command::new(BIN).args(args).output().expect("run arena")
}

fn games(dir: &Path) -> Vec<GameRecord> {
    parse_games_jsonl(&fs::read_to_string(dir.join("games.jsonl")).unwrap()).unwrap()
}

fn games_played(dir: &Path) -> u64 {
    parse_summary_json(&fs::read_to_string(dir.join("summary.json")).unwrap())
        .unwrap()
        .games_played
}

/// Whether `pid` is a live process (a zombie waiting to be reaped is not).
fn alive(pid: i32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat.rsplit(')').next().unwrap_or("").trim_start().chars().next();
            !matches!(state, Some('Z') | Some('X') | None)
        }
        Err(_) => false,
    }
}

/// Live processes whose process group is `group`.
fn group_members(group: i32) -> Vec<i32> {
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(stat) = fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // Fields after the command: state, ppid, pgrp.
        let rest: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
        if rest.get(2).and_then(|g| g.parse::<i32>().ok()) == Some(group) && alive(pid) {
            found.push(pid);
        }
    }
    found
}

fn wait_until(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    done()
}

fn pids(file: &Path) -> Vec<i32> {
    fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

fn signal(child: &Child, sig: Signal) {
    kill_process(Pid::from_child(child), sig).unwrap();
}

/// An engine that plays (through `arena engine`) but ignores the end of its
/// input and every catchable signal, writing its pid to `pid_file` first.
fn stubborn_engine(dir: &Path, pid_file: &Path) -> String {
    script(
        dir,
        "stubborn.sh",
        &format!(
            "trap '' TERM INT HUP PIPE\necho $$ >> {}\n{BIN} engine tictactoe --engine random\nwhile :; do sleep 1; done",
            pid_file.display()
        ),
    )
}

#[track_caller]
fn assert_engines_gone(pid_file: &Path) {
    let started = pids(pid_file);
    assert!(!started.is_empty(), "the engine never started");
    let gone = wait_until(Duration::from_secs(5), || {
        started.iter().all(|&p| !alive(p) && group_members(p).is_empty())
    });
    let left: Vec<(i32, Vec<i32>)> = started.iter().map(|&p| (p, group_members(p))).collect();
    assert!(gone, "engines outlived arena: {left:?}");
}

// 1. Resume never adopts games it cannot tell belong to the settings.

#[test]
fn resume_refuses_games_without_their_settings() {
    let dir = temp_dir("nosettings");
    let d = dir.join("t").display().to_string();
    ok(&run(&tournament(
        &["a=random", "b=random"],
        &["--games", "4", "--out", &d],
    )));
    fs::remove_file(dir.join("t/tournament.json")).unwrap();
    let out = run(&tournament(
        &["x=random", "y=random"],
        &["--games", "4", "--out", &d],
    ));
    refused(&out, &["no tournament.json", &d]);
    assert!(!dir.join("t/tournament.json").exists(), "nothing written");
    // Unreadable settings are an error naming the file, never "none".
    fs::write(dir.join("t/tournament.json"), "{ not json").unwrap();
    let out = run(&tournament(
        &["a=random", "b=random"],
        &["--games", "4", "--out", &d],
    ));
    refused(&out, &["tournament.json", &d]);
    fs::remove_file(dir.join("t/tournament.json")).unwrap();
    fs::create_dir(dir.join("t/tournament.json")).unwrap();
    let out = run(&tournament(
        &["a=random", "b=random"],
        &["--games", "4", "--out", &d],
    ));
    refused(&out, &["tournament.json", "is a folder"]);
    assert_eq!(games(&dir.join("t")).len(), 4, "the games are kept");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn resume_names_the_setting_that_differs_and_the_folder() {
    let dir = temp_dir("differs");
    let d = dir.join("t").display().to_string();
    ok(&run(&tournament(
        &["a=random", "b=random"],
        &["--games", "2", "--out", &d],
    )));
    for (players, extra, words) in [
        (
            ["a=random", "b=random"],
            vec!["--seed", "9"],
            vec!["the seed: 1 there, 9 here"],
        ),
        (
            ["a=random", "c=random"],
            vec![],
            vec!["the name of player 2: b there, c here"],
        ),
        (
            ["a=random", "b=mcts:iters=5"],
            vec![],
            vec!["the engine of player b: random there"],
        ),
        (
            ["a=random", "b=random"],
            vec!["--openings", "none"],
            vec!["the opening plies"],
        ),
    ] {
        let mut options = vec!["--games", "2", "--out", &d];
        options.extend(extra);
        let out = run(&tournament(&players, &options));
        let mut words = words;
        words.push(&d);
        refused(&out, &words);
    }
    // More games extend the same tournament.
    ok(&run(&tournament(
        &["a=random", "b=random"],
        &["--games", "4", "--out", &d],
    )));
    assert_eq!(games(&dir.join("t")).len(), 4);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn records_are_checked_against_the_settings() {
    let dir = temp_dir("records");
    let t = dir.join("t");
    let d = t.display().to_string();
    // One game at a time, so the first line is game 0 (a in the first seat)
    // whatever the machine's core count.
    let args = tournament(
        &["a=random", "b=random"],
        &["--games", "4", "--concurrency", "1", "--out", &d],
    );
    ok(&run(&args));
    let original = fs::read_to_string(t.join("games.jsonl")).unwrap();
    let first_line = original.lines().next().unwrap().to_owned();
    for (from, to, words) in [
        (
            "\"first\":\"a\"",
            "\"first\":\"z\"",
            vec!["game 0", "first seat", "z=random"],
        ),
        (
            "\"first\":\"random\"",
            "\"first\":\"mcts\"",
            vec!["game 0", "a=mcts"],
        ),
        (
            "\"spec\":\"tictactoe\"",
            "\"spec\":\"tictactoe:pie=on\"",
            vec!["game 0", "tictactoe:pie=on"],
        ),
    ] {
        assert!(first_line.contains(from), "{first_line}");
        let changed = original.replacen(from, to, 1);
        fs::write(t.join("games.jsonl"), changed).unwrap();
        let mut words = words;
        words.push(&d);
        refused(&run(&args), &words);
    }
    // A repeated index and one outside the schedule are not counted.
    let outside = first_line.replacen("\"index\":0", "\"index\":999", 1);
    assert_ne!(outside, first_line);
    fs::write(
        t.join("games.jsonl"),
        format!("{original}{first_line}\n{outside}\n"),
    )
    .unwrap();
    let out = run(&args);
    ok(&out);
    let err = text(&out.stderr);
    assert!(
        err.contains("repeat an index") && err.contains("not in this schedule"),
        "{err}"
    );
    assert!(err.contains("4 games already recorded, 0 to play"), "{err}");
    assert_eq!(games_played(&t), 4);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn unreadable_game_files_are_bad_input() {
    let dir = temp_dir("badfiles");
    let t = dir.join("t");
    let d = t.display().to_string();
    let args = tournament(&["a=random", "b=random"], &["--games", "2", "--out", &d]);
    ok(&run(&args));
    let original = fs::read(t.join("games.jsonl")).unwrap();
    // A torn last line, even one cut inside a UTF-8 character, is dropped.
    let mut torn = original.clone();
    torn.extend_from_slice(b"{\"index\":1,\"spec\":\"caf\xc3");
    fs::write(t.join("games.jsonl"), &torn).unwrap();
    let out = run(&args);
    ok(&out);
    assert!(text(&out.stderr).contains("unfinished last line"));
    assert_eq!(fs::read(t.join("games.jsonl")).unwrap(), original);
    // A whole line that is not UTF-8 is bad data, named by line.
    let mut bad = original.clone();
    bad.extend_from_slice(b"\xff\xfe\n");
    fs::write(t.join("games.jsonl"), &bad).unwrap();
    refused(&run(&args), &["games.jsonl line 3", "not UTF-8"]);
    fs::remove_file(t.join("games.jsonl")).unwrap();
    fs::create_dir(t.join("games.jsonl")).unwrap();
    refused(&run(&args), &["games.jsonl", "is a folder"]);
    let out = arena(&["merge", &d]);
    refused(&out, &["games.jsonl", "is a folder"]);
    let _ = fs::remove_dir_all(&dir);
}

// 2. Merge never destroys data.

#[test]
fn merge_refuses_a_folder_holding_another_tournament() {
    let dir = temp_dir("mergeother");
    let d = |n: &str| dir.join(n).display().to_string();
    ok(&run(&tournament(
        &["a=random", "b=random"],
        &["--games", "2", "--out", &d("one")],
    )));
    ok(&run(&tournament(
        &["x=random", "y=random"],
        &["--games", "4", "--out", &d("two")],
    )));
    let before = fs::read(dir.join("two/games.jsonl")).unwrap();
    let out = arena(&["merge", &d("one"), "--out", &d("two")]);
    refused(&out, &[&d("two"), "another tournament", "the name of player 1"]);
    assert_eq!(fs::read(dir.join("two/games.jsonl")).unwrap(), before);
    // A folder with games but no settings is not overwritten either.
    fs::remove_file(dir.join("two/tournament.json")).unwrap();
    refused(
        &arena(&["merge", &d("one"), "--out", &d("two")]),
        &["no tournament.json"],
    );
    assert_eq!(fs::read(dir.join("two/games.jsonl")).unwrap(), before);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_merge_killed_while_writing_over_an_earlier_merge_loses_nothing() {
    let dir = temp_dir("mergekill");
    let t = dir.join("t");
    let d = t.display().to_string();
    let m = dir.join("m");
    let md = m.display().to_string();
    ok(&run(&tournament(
        &["a=random", "b=random"],
        &["--games", "3000", "--out", &d, "--openings", "none"],
    )));
    // A first merge puts the records in index order; later ones rewrite
    // the same bytes. It also tells how long a merge takes: the old file
    // is at risk near the end, when the new one is written.
    let started = Instant::now();
    ok(&arena(&["merge", &d, "--out", &md]));
    let took = started.elapsed();
    let whole = fs::read_to_string(m.join("games.jsonl")).unwrap();
    assert_eq!(whole.lines().count(), 3000);
    for k in 0..10 {
        let delay = took.mul_f64(0.5 + 0.06 * f64::from(k));
        let mut child = Command::new(BIN)
            .args(["merge", &d, "--out", &md])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        let _ = child.kill();
        let _ = child.wait();
        let now = fs::read_to_string(m.join("games.jsonl")).unwrap();
        assert!(
            now == whole,
            "killed after {delay:?}: {} of {} bytes",
            now.len(),
            whole.len()
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn merging_incomplete_shards_warns() {
    let dir = temp_dir("mergeshards");
    let d = |n: &str| dir.join(n).display().to_string();
    ok(&run(&tournament(
        &["a=random", "b=random"],
        &["--games", "6", "--shard", "1/2", "--out", &d("s1")],
    )));
    let out = arena(&["merge", &d("s1"), "--out", &d("m")]);
    ok(&out);
    let err = text(&out.stderr);
    assert!(err.contains("incomplete") && err.contains("3 of the 6"), "{err}");
    ok(&run(&tournament(
        &["a=random", "b=random"],
        &["--games", "6", "--shard", "2/2", "--out", &d("s2")],
    )));
    let lines = fs::read_to_string(dir.join("s2/games.jsonl")).unwrap();
    fs::write(
        dir.join("s2/games.jsonl"),
        lines.lines().next().unwrap().to_owned() + "\n",
    )
    .unwrap();
    let err = text(&arena(&["merge", &d("s1"), &d("s2")]).stderr);
    assert!(
        err.contains(&format!("{} has 1 of its 3 games", d("s2"))),
        "{err}"
    );
    let _ = fs::remove_dir_all(&dir);
}

// 3. Engines that cannot search are refused or search anyway.

#[test]
fn engines_that_cannot_search() {
    refused(
        &run(&tournament(&["a=mcts:time=0s", "b=random"], &["--games", "2"])),
        &["time"],
    );
    let dir = temp_dir("tinycap");
    let d = dir.join("t").display().to_string();
    ok(&run(&tournament(
        &["a=mcts:nodes=1,iters=20", "b=random"],
        &["--games", "2", "--out", &d],
    )));
    for g in games(&dir.join("t")) {
        assert!(!g.reason.starts_with("forfeit"), "{g:?}");
    }
    let _ = fs::remove_dir_all(&dir);
}

// 4. Huge game counts.

#[test]
fn huge_game_counts_are_refused_or_made_lazily() {
    let max = u64::MAX.to_string();
    refused(
        &run(&tournament(&["a=random", "b=random"], &["--games", &max])),
        &["--games", "too many"],
    );
    let dir = temp_dir("huge");
    let t = dir.join("t");
    let d = t.display().to_string();
    let child = Command::new(BIN)
        .args(tournament(
            &["a=random", "b=random"],
            &["--games", "1000000000", "--out", &d],
        ))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = wait_until(Duration::from_secs(20), || {
        fs::read_to_string(t.join("games.jsonl")).is_ok_and(|g| g.lines().count() >= 20)
    });
    let status = fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap_or_default();
    let rss_kb: u64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0);
    signal(&child, Signal::TERM);
    let out = child.wait_with_output().unwrap();
    assert!(started, "no games were played");
    assert!(rss_kb < 200_000, "{rss_kb} kB resident for a lazy schedule");
    // SIGTERM stops it cleanly: the summary holds every game recorded.
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(128 + 15), "{err}");
    assert!(err.contains("rerun the same command to resume"), "{err}");
    assert_eq!(games_played(&t), games(&t).len() as u64);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_stops_a_recording_tournament_cleanly() {
    let dir = temp_dir("sigint");
    let t = dir.join("t");
    let d = t.display().to_string();
    let args = tournament(&["a=random", "b=mcts:iters=20"], &["--games", "400", "--out", &d]);
    let child = Command::new(BIN)
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    assert!(wait_until(Duration::from_secs(20), || {
        fs::read_to_string(t.join("games.jsonl")).is_ok_and(|g| g.lines().count() >= 10)
    }));
    signal(&child, Signal::INT);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(128 + 2), "{}", text(&out.stderr));
    let recorded = games(&t).len() as u64;
    assert_eq!(games_played(&t), recorded);
    // The rerun plays only what is missing and gets the whole tournament.
    let out = run(&args);
    let err = text(&out.stderr);
    ok(&out);
    assert!(
        err.contains(&format!(
            "resuming: {recorded} games already recorded, {} to play",
            400 - recorded
        )),
        "{err}"
    );
    assert_eq!(games_played(&t), 400);
    let _ = fs::remove_dir_all(&dir);
}

// 5. Closed pipes.

#[test]
fn closed_pipes_end_arena_quietly() {
    for args in [
        vec!["perft", "tictactoe", "--depth", "9"],
        vec!["show", "tictactoe"],
        vec![
            "tournament",
            "tictactoe",
            "--player",
            "a=random",
            "--player",
            "b=random",
            "--games",
            "2",
        ],
        vec!["engine", "tictactoe", "--engine", "random"],
        vec!["--help"],
    ] {
        let mut child = Command::new(BIN)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Close both readers before arena writes anything.
        drop(child.stdout.take());
        drop(child.stderr.take());
        if let Some(mut stdin) = child.stdin.take() {
            let _ = stdin.write_all(b"name\nlegal\nshowboard\n");
        }
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(0), "{args:?}: {status}");
    }
    let out = arena(&["perft", "tictactoe", "--depth", "0"]);
    assert_eq!(ok(&out), "0 1\n");
}

// 6. Engine output is bounded.

fn peak_memory_kb(mut child: Child) -> (u64, Output) {
    let pid = child.id();
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        if let Ok(status) = fs::read_to_string(format!("/proc/{pid}/status")) {
            if let Some(kb) = status
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
            {
                peak = peak.max(kb);
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    (peak, child.wait_with_output().unwrap())
}

#[test]
fn endless_engine_output_is_bounded_and_forfeits() {
    let dir = temp_dir("endless");
    let line = script(
        &dir,
        "endless-line.sh",
        "while read -r l; do case \"$l\" in genmove*) printf '= '; yes x | tr -d '\\n';; *) printf '=\\n\\n';; esac; done",
    );
    let lines = script(
        &dir,
        "endless-lines.sh",
        "L=$(head -c 60000 /dev/zero | tr '\\0' x)\nwhile read -r l; do case \"$l\" in genmove*) printf '= a\\n'; yes \"$L\";; *) printf '=\\n\\n';; esac; done",
    );
    for (engine, why) in [(line, "longer than"), (lines, "answer too long")] {
        let t = dir.join("t");
        let _ = fs::remove_dir_all(&t);
        let d = t.display().to_string();
        let player = format!("e=cmd:{engine}");
        let child = Command::new(BIN)
            .args(tournament(
                &[&player, "r=random"],
                &["--games", "2", "--timeout", "20", "--out", &d],
            ))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (peak_kb, out) = peak_memory_kb(child);
        ok(&out);
        assert!(peak_kb < 100_000, "{why}: arena peaked at {peak_kb} kB");
        for g in games(&t) {
            assert!(g.reason.contains(why), "{g:?}");
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

// 7. External engines never outlive arena.

#[test]
fn engines_end_with_arena_however_it_ends() {
    let dir = temp_dir("outlive");
    for how in ["finishes", "SIGTERM", "SIGTERM recording", "SIGKILL"] {
        let pid_file = dir.join(format!("pids-{}", how.replace(' ', "-")));
        let engine = format!("s=cmd:{}", stubborn_engine(&dir, &pid_file));
        let games = if how == "finishes" { "2" } else { "1000" };
        let mut extra = vec!["--games", games];
        let out = dir.join("t").display().to_string();
        if how == "SIGTERM recording" {
            // With --out, SIGTERM is handled (a clean stop), not fatal.
            extra.extend(["--out", &out]);
        }
        let mut child = Command::new(BIN)
            .args(tournament(&[&engine, "r=random"], &extra))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        if how != "finishes" {
            assert!(wait_until(Duration::from_secs(10), || !pids(&pid_file).is_empty()));
            std::thread::sleep(Duration::from_millis(100));
            signal(
                &child,
                if how == "SIGKILL" {
                    Signal::KILL
                } else {
                    Signal::TERM
                },
            );
        }
        let status = child.wait().unwrap();
        if how == "finishes" {
            assert!(status.success(), "{status}");
        }
        assert_engines_gone(&pid_file);
    }
    let _ = fs::remove_dir_all(&dir);
}

// 8. One run at a time in a folder.

#[test]
fn a_second_run_into_the_same_folder_is_refused() {
    let dir = temp_dir("lock");
    let t = dir.join("t");
    let d = t.display().to_string();
    let pid_file = dir.join("pids");
    let engine = format!("s=cmd:{}", stubborn_engine(&dir, &pid_file));
    let args = tournament(&[&engine, "r=random"], &["--games", "1000", "--out", &d]);
    let mut first = Command::new(BIN)
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    assert!(wait_until(Duration::from_secs(10), || !pids(&pid_file).is_empty()));
    let second = run(&args);
    let err = text(&second.stderr);
    assert_eq!(second.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&d) && err.contains(&format!("pid {}", first.id())),
        "{err}"
    );
    let merge = arena(&["merge", &d, "--out", &d]);
    assert!(
        text(&merge.stderr).contains("in use by"),
        "{}",
        text(&merge.stderr)
    );
    // A killed holder leaves no stale lock.
    first.kill().unwrap();
    first.wait().unwrap();
    tournament::lock::DirLock::acquire(&t, "test").unwrap();
    assert_engines_gone(&pid_file);
    let _ = fs::remove_dir_all(&dir);
}

// Smaller ones.

#[test]
fn a_missing_engine_program_is_refused_at_the_start() {
    let dir = temp_dir("missing");
    let d = dir.join("t").display().to_string();
    let out = run(&tournament(
        &["a=cmd:/nonexistent/engine", "b=random"],
        &["--games", "2", "--out", &d],
    ));
    refused(&out, &["player a", "/nonexistent/engine"]);
    assert!(!dir.join("t/games.jsonl").exists());
    let out = run(&tournament(
        &["a=cmd:no-such-engine-on-path", "b=random"],
        &["--games", "2"],
    ));
    refused(&out, &["no-such-engine-on-path", "PATH"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_node_cap_above_the_machine_memory_warns() {
    let memory = protocol::engine::machine_memory().unwrap_or(0);
    let out = arena(&[
        "analyze",
        "tictactoe",
        "--engine",
        "mcts:nodes=4000000000,iters=20",
    ]);
    ok(&out);
    if memory > 0 && memory < 4_000_000_000 * protocol::engine::BYTES_PER_NODE {
        let err = text(&out.stderr);
        assert!(
            err.contains("warning") && err.contains("nodes=4000000000"),
            "{err}"
        );
    }
    // The help states the default cap, the bytes a node takes and their
    // product (to the nearest 10 MB): checked against the constants, so the
    // text cannot drift from them.
    let help = ok(&arena(&["--help"]));
    let bytes = protocol::engine::BYTES_PER_NODE;
    let megabytes = (mcts::DEFAULT_MAX_NODES as u64 * bytes + 5_000_000) / 10_000_000 * 10;
    for fact in [
        format!("nodes={}", mcts::DEFAULT_MAX_NODES),
        format!("{bytes} bytes"),
        format!("{megabytes} MB"),
    ] {
        assert!(help.contains(&fact), "{fact} missing from: {help}");
    }
    assert!(help.contains("nodes=8000000") && help.contains("46 bytes") && help.contains("370 MB"));
}

#[test]
fn an_engine_dying_while_its_child_holds_its_output_is_seen_at_once() {
    let dir = temp_dir("bgchild");
    let engine = script(
        &dir,
        "bgchild.sh",
        "sleep 30 & while read -r l; do case \"$l\" in genmove*) exit 1;; *) printf '=\\n\\n';; esac; done",
    );
    let t = dir.join("t");
    let d = t.display().to_string();
    let player = format!("e=cmd:{engine}");
    let started = Instant::now();
    ok(&run(&tournament(
        &[&player, "r=random"],
        &["--games", "2", "--timeout", "20", "--out", &d],
    )));
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "waited for the timeout"
    );
    for g in games(&t) {
        assert!(g.reason.contains("crashed"), "{g:?}");
    }
    let _ = fs::remove_dir_all(&dir);
}
