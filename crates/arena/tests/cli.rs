//! Integration tests driving the real `arena` binary on tic-tac-toe.

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use stats::records::{parse_games_jsonl, parse_summary_json, GameRecord, GameResult, Summary};

mod common;
use common::{arena, arena_stdin, assert_success, script, temp_dir, text, BIN};

/// `arena tournament GAME` with a `--player` for each of `players`, then
/// `extra`.
fn tournament_args<'a>(game: &'a str, players: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["tournament", game];
    for player in players {
        args.extend(["--player", player]);
    }
    args.extend_from_slice(extra);
    args
}

/// Runs arena, asserts that it succeeded and returns its standard output.
#[track_caller]
fn arena_ok(args: &[&str]) -> String {
    let out = arena(args);
    assert_success(&out);
    text(&out.stdout)
}

/// [`arena_ok`] with `input` on standard input.
#[track_caller]
fn arena_stdin_ok(args: &[&str], input: &str) -> String {
    let out = arena_stdin(args, input);
    assert_success(&out);
    text(&out.stdout)
}

fn read_games(path: &Path) -> Vec<GameRecord> {
    parse_games_jsonl(&fs::read_to_string(path).unwrap()).unwrap()
}

fn read_summary(path: &Path) -> Summary {
    parse_summary_json(&fs::read_to_string(path).unwrap()).unwrap()
}

#[track_caller]
fn assert_bad_input(out: &Output, what: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{what}: stderr {err}");
    assert!(!err.trim().is_empty(), "{what}: no message");
    assert!(!err.contains("panicked"), "{what}: {err}");
}

#[test]
fn perft_status_show() {
    assert_eq!(
        arena_ok(&["perft", "tictactoe", "--depth", "4"]),
        "1 9\n2 72\n3 504\n4 3024\n"
    );
    let out = arena(&["perft", "tictactoe", "--moves", "b2,a1", "--depth", "2"]);
    assert_eq!(text(&out.stdout), "1 7\n2 42\n");
    let out = arena(&["status", "tictactoe", "--moves", "a1 b1 a2 b2 a3"]);
    assert_eq!(text(&out.stdout), "black\n");
    let out = arena(&["status", "tictactoe", "--moves", ""]);
    assert_eq!(text(&out.stdout), "ongoing\n");
    let out = arena(&["show", "tictactoe", "--moves", "b2"]);
    let shown = text(&out.stdout);
    assert!(
        shown.contains("(x)") && shown.contains("white (second player) to move"),
        "{shown}"
    );
    assert_eq!(shown.matches("to move").count(), 1, "said once: {shown}");
}

/// Every game's text board writes pieces as `b`/`w` (stacks with their
/// height), brackets the last ply and has a legend saying who plays which
/// colour and what each aims for; after a pie swap the legend follows the
/// seats (RULES.md, common conventions: a swap exchanges colours, not the
/// board).
#[test]
fn text_boards_share_one_convention_and_say_the_goals() {
    let cases = [
        ("escabel:size=5", "c3", "b1", "connect top and bottom"),
        ("swack:size=4", "a1-a2", "b2", "the biggest group"),
        ("ecalper:size=3", "a1 b1 c1", "B", "the largest group"),
        ("epaminondas", "a2-a3", "[w]", "row 12 (Black's home row)"),
        ("whirlwind:size=6", "c4", "[b]", "connect left and right"),
    ];
    for (spec, moves, symbol, goal) in cases {
        let shown = arena_ok(&["show", spec, "--moves", moves]);
        assert!(shown.contains(symbol), "{spec}: {symbol} in {shown}");
        assert!(shown.contains(goal), "{spec}: {goal} in {shown}");
        // Epaminondas: White moves first (its first player).
        let (black_seat, white_seat) = if spec == "epaminondas" {
            ("second", "first")
        } else {
            ("first", "second")
        };
        assert!(
            shown.contains(&format!("b = Black ({black_seat} player)"))
                && shown.contains(&format!("w = White ({white_seat} player)")),
            "{spec}: {shown}"
        );
        for old in ["X", "O", "B1", "W1", "*"] {
            let board: String = shown.lines().skip(1).take_while(|l| !l.contains(" = ")).collect();
            assert!(!board.contains(old), "{spec}: old symbol {old} in {shown}");
        }
        assert!(shown.contains('['), "{spec}: last ply bracketed: {shown}");
        assert_eq!(shown.matches("to move").count(), 1, "{spec}: {shown}");
    }
    let swapped = arena_ok(&["show", "escabel:size=5", "--moves", "c3 swap"]);
    assert!(
        swapped.contains("b = Black (second player): connect top and bottom")
            && swapped.contains("w = White (first player): connect left and right")
            && swapped.contains("white (first player) to move"),
        "{swapped}"
    );
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let two = ["a=random", "b=random"];
    let cases: Vec<Vec<&str>> = vec![
        vec!["perft", "chess", "--depth", "2"],
        vec!["perft", "tictactoe:size=3", "--depth", "2"],
        vec!["perft", "tictactoe:pie=maybe", "--depth", "2"],
        vec!["perft", "tictactoe", "--depth", "x"],
        vec!["perft", "tictactoe", "--moves", "a1 a1", "--depth", "1"],
        vec!["status", "tictactoe", "--moves", "a1 zz9"],
        vec!["status", "tictactoe", "--moves", "a1 b1 a2 b2 a3 c3"],
        vec!["show", "::", "--moves", ""],
        vec!["status"],
        vec!["frobnicate"],
        tournament_args("tictactoe", &["a=random"], &[]),
        tournament_args("tictactoe", &["a=random", "a=random"], &[]),
        tournament_args("tictactoe", &["a=random", "b=nonsense"], &[]),
        tournament_args("tictactoe", &["a=random", "b=mcts:iters=x"], &[]),
        tournament_args("tictactoe", &["arandom", "b=random"], &[]),
        tournament_args("tictactoe", &two, &["--games", "0"]),
        tournament_args("tictactoe", &two, &["--shard", "3/2"]),
        tournament_args("tictactoe", &two, &["--sprt", "5,0"]),
        tournament_args("tictactoe", &two, &["--openings", "book"]),
        tournament_args("tictactoe", &two, &["--format", "swiss"]),
        tournament_args("chess", &two, &[]),
        vec!["merge", "/nonexistent/arena/dir"],
        vec!["play", "tictactoe", "--white", "nonsense"],
        vec!["engine", "tictactoe", "--engine", "cmd:"],
        vec!["engine", "chess"],
        vec![
            "analyze",
            "tictactoe",
            "--moves",
            "a1 b1 a2 b2 a3",
            "--engine",
            "random",
        ],
        vec!["analyze", "tictactoe", "--moves", "q"],
        vec!["bench", "chess"],
        vec!["bench", "tictactoe", "--threads", "0"],
        vec!["bench", "tictactoe", "--seconds", "-1"],
    ];
    for args in &cases {
        assert_bad_input(&arena(args), &args.join(" "));
    }
    let err = text(&arena(&["status", "tictactoe", "--moves", "a1 b1 zz9"]).stderr);
    assert!(err.contains("ply 3") && err.contains("zz9"), "{err}");
    let err = text(&arena(&["perft", "chess", "--depth", "1"]).stderr);
    assert!(err.contains("tictactoe"), "names the known games: {err}");
}

#[test]
fn tiny_tournament_writes_valid_json() {
    let dir = temp_dir("tiny");
    let table = arena_ok(&tournament_args(
        "tictactoe",
        &["a=random", "b=mcts:iters=200", "c=random"],
        &["--games", "4", "--sprt", "0,50", "--out", dir.to_str().unwrap()],
    ));
    assert!(
        table.contains("a vs b") && table.contains("Elo") && table.contains("SPRT"),
        "{table}"
    );
    let games = read_games(&dir.join("games.jsonl"));
    assert_eq!(games.len(), 12);
    for g in &games {
        assert_eq!(g.spec, "tictactoe");
        assert!(g.plies.starts_with(&g.opening));
        assert_eq!(g.opening.len(), 2);
        assert!(g.reason == "rules", "{}", g.reason);
    }
    // Colour-exchanged pairs share their opening.
    let by_index = |i: u64| games.iter().find(|g| g.index == i).unwrap();
    assert_eq!(by_index(0).opening, by_index(1).opening);
    assert_eq!(by_index(0).players.first, by_index(1).players.second);
    let summary_text = fs::read_to_string(dir.join("summary.json")).unwrap();
    let value: serde_json::Value = serde_json::from_str(&summary_text).unwrap();
    let pairings = value["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 3);
    for p in pairings {
        for key in [
            "a", "b", "a_wins", "draws", "b_wins", "elo", "elo_low", "elo_high",
        ] {
            assert!(!p[key].is_null(), "{key} in {p}");
        }
    }
    let summary = parse_summary_json(&summary_text).unwrap();
    assert_eq!(summary.games_played, 12);
    // MCTS does at least as well as a random player.
    let ab = &summary.pairings[0];
    assert_eq!((ab.a.as_str(), ab.b.as_str()), ("a", "b"));
    assert!(ab.b_wins >= ab.a_wins, "{table}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn resumes_after_being_killed() {
    let dir = temp_dir("resume");
    let engine = format!("self=cmd:{BIN} engine tictactoe --engine random");
    let args = tournament_args(
        "tictactoe",
        &[&engine, "r=random"],
        &[
            "--games",
            "60",
            "--concurrency",
            "1",
            "--out",
            dir.to_str().unwrap(),
        ],
    );
    let mut child = Command::new(BIN)
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let journal = dir.join("games.jsonl");
    let started = Instant::now();
    loop {
        let lines = fs::read_to_string(&journal).map_or(0, |t| t.lines().count());
        if lines >= 3 || started.elapsed() > Duration::from_secs(60) {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let partial = fs::read_to_string(&journal).unwrap();
    let before = partial.lines().count();
    assert!((3..60).contains(&before), "killed after {before} games");
    let out = arena(&args);
    assert_success(&out);
    assert!(text(&out.stderr).contains("resuming"), "{}", text(&out.stderr));
    let games = read_games(&journal);
    let mut indices: Vec<u64> = games.iter().map(|g| g.index).collect();
    indices.sort_unstable();
    assert_eq!(indices, (0..60).collect::<Vec<_>>(), "no game lost or repeated");
    // The games finished before the kill are kept as they were.
    for line in partial.lines().take(before.saturating_sub(1)) {
        assert!(fs::read_to_string(&journal).unwrap().contains(line));
    }
    for g in &games {
        assert!(!g.reason.starts_with("forfeit"), "{}", g.reason);
    }
    // A third run has nothing left to play.
    arena_ok(&args);
    assert_eq!(read_games(&journal).len(), 60);
    // Other settings in the same directory are refused.
    let mut other = args.clone();
    other[5] = "s=random";
    assert_bad_input(&arena(&other), "different players");
    let _ = fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn broken_engines_lose_with_a_reason() {
    let dir = temp_dir("broken");
    let garbage = script(&dir, "garbage.sh", "while read line; do echo 'hello there'; done");
    let bad_ply = script(
        &dir,
        "badply.sh",
        "while read line; do printf '= zz9\\n\\n'; done",
    );
    let same_ply = script(
        &dir,
        "sameply.sh",
        "while read line; do printf '= a1\\n\\n'; done",
    );
    let exits = script(&dir, "exits.sh", "read line; exit 3");
    let hangs = script(&dir, "hangs.sh", "while read line; do sleep 3; done");
    let mut players = vec!["good=random".to_owned()];
    for (name, program) in [
        ("garbage", &garbage),
        ("badply", &bad_ply),
        ("sameply", &same_ply),
        ("exits", &exits),
        ("hangs", &hangs),
    ] {
        players.push(format!("{name}=cmd:{program}"));
    }
    let players: Vec<&str> = players.iter().map(String::as_str).collect();
    let out_dir = dir.join("t").display().to_string();
    let table = arena_ok(&tournament_args(
        "tictactoe",
        &players,
        &[
            "--format",
            "gauntlet",
            "--games",
            "2",
            "--timeout",
            "0.5",
            "--out",
            &out_dir,
        ],
    ));
    let games = read_games(&dir.join("t/games.jsonl"));
    assert_eq!(games.len(), 10);
    for g in &games {
        let good_first = g.players.first == "good";
        let expected = if good_first {
            GameResult::First
        } else {
            GameResult::Second
        };
        let bad = if good_first {
            &g.players.second
        } else {
            &g.players.first
        };
        // Every broken engine loses every game, by forfeit ("sameply" plays
        // a1 legally once, so the random player may win by the rules first).
        assert_eq!(g.result, expected, "{g:?}");
        if bad == "sameply" && g.reason == "rules" {
            continue;
        }
        assert!(g.reason.starts_with("forfeit"), "{g:?}");
        let why = match bad.as_str() {
            "garbage" => "expected an answer starting with '='",
            "badply" => "cannot read ply",
            "sameply" => "illegal ply",
            "exits" => "crashed",
            "hangs" => "did not answer",
            other => panic!("unexpected player {other}"),
        };
        assert!(g.reason.contains(why), "{bad}: {}", g.reason);
    }
    assert!(table.contains("forfeits"), "{table}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_binary_is_a_cmd_engine() {
    let engine = format!("self=cmd:{BIN} engine tictactoe --engine mcts:iters=300");
    let table = arena_ok(&tournament_args(
        "tictactoe",
        &[&engine, "r=random"],
        &["--games", "4"],
    ));
    assert!(table.contains("self vs r: 4 games"), "{table}");
    assert!(!table.contains("forfeits"), "{table}");
}

#[test]
fn engine_protocol_over_pipes() {
    let answers = arena_stdin_ok(
        &["engine", "tictactoe", "--engine", "mcts:iters=200"],
        "protocol_version\n1 name\nplay b2\nplay b2\nlegal\ngenmove\nstatus\nbogus\nset iters 100\nset bogus 1\nundo\nshowboard\nnewgame tictactoe:pie=on\nplay a1\nplay swap\nstatus\nquit\nname\n",
    );
    let blocks: Vec<&str> = answers.split_terminator("\n\n").collect();
    assert_eq!(blocks.len(), 17, "{answers}");
    assert_eq!(blocks[0], "= 1");
    assert_eq!(blocks[1], "=1 arena");
    assert_eq!(blocks[2], "=");
    assert!(blocks[3].starts_with("? illegal ply b2"), "{}", blocks[3]);
    assert_eq!(blocks[4], "= a1 b1 c1 a2 c2 a3 b3 c3");
    assert!(
        // The ply, then the engine's win rate for it.
        blocks[5].starts_with("= ")
            && blocks[5].split_whitespace().nth(1).is_some_and(|p| p.len() == 2)
            && blocks[5]
                .split_whitespace()
                .nth(2)
                .is_some_and(|w| w.starts_with("winrate=")),
        "{}",
        blocks[5]
    );
    assert_eq!(blocks[6], "= ongoing");
    assert!(blocks[7].starts_with("? unknown command"));
    assert_eq!(blocks[8], "=");
    assert!(blocks[9].starts_with("? bad engine option"), "{}", blocks[9]);
    assert!(
        blocks[11].starts_with("=\n") && blocks[11].contains("(x)"),
        "{}",
        blocks[11]
    );
    assert_eq!(blocks[14], "=");
    assert_eq!(blocks[16], "=", "quit answers, then nothing more");
}

#[test]
fn play_through_stdin() {
    let shown = arena_stdin_ok(
        &["play", "tictactoe", "--black", "human", "--white", "human"],
        "a1\nb1\nzz\na2\nhint\nb2\nundo\nb2\na3\n",
    );
    assert!(shown.contains("result: black"), "{shown}");
    assert!(shown.contains("legal plies:"), "{shown}");
    assert!(shown.contains("hint (best:"), "{shown}");
    let shown = arena_stdin_ok(
        &["play", "tictactoe", "--white", "mcts:iters=200"],
        "b2\nc3\nundo\nsides\nquit\n",
    );
    assert!(shown.contains("white (second player) plays"), "{shown}");
    assert!(shown.contains("sides exchanged"), "{shown}");
    let out = arena_stdin(
        &["play", "tictactoe", "--black", "random", "--white", "random"],
        "",
    );
    assert!(text(&out.stdout).contains("result: "));
}

#[test]
fn shards_merge_to_the_whole() {
    let dir = temp_dir("shards");
    let run = |extra: &[&str]| {
        let mut options = vec!["--games", "10", "--seed", "7"];
        options.extend_from_slice(extra);
        arena_ok(&tournament_args("tictactoe", &["a=random", "b=random"], &options));
    };
    let d = |name: &str| dir.join(name).display().to_string();
    run(&["--out", &d("whole")]);
    run(&["--out", &d("s1"), "--shard", "1/3"]);
    run(&["--out", &d("s2"), "--shard", "2/3"]);
    run(&["--out", &d("s3"), "--shard", "3/3"]);
    arena_ok(&["merge", &d("s1"), &d("s2"), &d("s3"), "--out", &d("merged")]);
    let whole = read_summary(&dir.join("whole/summary.json"));
    let merged = read_summary(&dir.join("merged/summary.json"));
    assert_eq!(merged.games_played, 10);
    for (w, m) in whole.pairings.iter().zip(&merged.pairings) {
        assert_eq!(
            (w.a_wins, w.draws, w.b_wins, w.a_first, w.a_second),
            (m.a_wins, m.draws, m.b_wins, m.a_first, m.a_second)
        );
        assert_eq!(
            (w.elo, w.elo_low, w.elo_high, w.los),
            (m.elo, m.elo_low, m.elo_high, m.los)
        );
    }
    let out = arena(&["merge", &d("s1"), &d("s1")]);
    assert!(text(&out.stderr).contains("more than one directory"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn analyze_and_bench() {
    let shown = arena_ok(&[
        "analyze",
        "tictactoe",
        "--moves",
        "a1 b1 a2",
        "--engine",
        "mcts:iters=2000",
    ]);
    assert!(shown.contains("best: a3"), "{shown}");
    assert!(shown.contains("pv: ") && shown.contains("visits"), "{shown}");
    let json = arena_ok(&[
        "bench",
        "tictactoe",
        "--threads",
        "1,2",
        "--seconds",
        "0.1",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v["machine"]["cores"].as_u64().unwrap() >= 1);
    let r = &v["results"][0];
    assert_eq!(r["spec"], "tictactoe");
    assert!(r["playouts_per_sec"].as_f64().unwrap() > 0.0);
    assert!(r["perft_nodes_per_sec"].as_f64().unwrap() > 0.0);
    assert!(r["mcts_iters_per_sec"]["1"].as_f64().unwrap() > 0.0);
    assert!(r["mcts_iters_per_sec"]["2"].as_f64().unwrap() > 0.0);
    assert!(r["independent_playouts_per_sec"]["2"].as_f64().unwrap() > 0.0);
    assert!(r["mcts_share_of_independent"]["2"].as_f64().unwrap() > 0.0);
    assert_eq!(v["engine"], "mcts");
}

#[test]
fn long_help_lists_every_mcts_option_and_marks_the_experimental_ones() {
    let help = arena_ok(&["--help"]);
    for option in mcts::option_docs() {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(option.form))
            .unwrap_or_else(|| panic!("{} missing from: {help}", option.form));
        assert_eq!(line.contains("[experimental]"), option.experimental, "{line}");
    }
    // The short help stays short.
    assert!(!arena_ok(&["-h"]).contains("[experimental]"));
}

/// `arena --help` names every game with its spec keys and every engine
/// family's spec form; `-h` names the games and both spec syntaxes.
#[test]
fn help_lists_the_games_and_the_spec_syntax() {
    let long = arena_ok(&["--help"]);
    for name in abstracta::registry::game_names() {
        let line = long
            .lines()
            .find(|l| l.trim_start().starts_with(name) && l.contains("keys:"))
            .unwrap_or_else(|| panic!("{name} missing from: {long}"));
        assert!(line.contains("cap"), "{line}");
    }
    assert!(long.contains("escabel      keys: size (default 9)"), "{long}");
    for family in abstracta::families::FAMILIES {
        assert!(long.contains(family.form), "{} missing from: {long}", family.form);
    }
    let short = arena_ok(&["-h"]);
    for name in abstracta::registry::main_game_names() {
        assert!(short.contains(name), "{name} missing from: {short}");
    }
    assert!(
        short.contains("NAME[:KEY=VALUE,...]") && short.contains("NAME=ENGINE"),
        "{short}"
    );
}

/// The table names the board and says once what its figures mean.
#[test]
fn tournament_table_names_the_board_and_explains_itself() {
    let table = arena_ok(&tournament_args(
        "escabel:size=4",
        &["a=random", "b=random"],
        &["--games", "2"],
    ));
    assert!(table.starts_with("2 games of escabel:size=4 ("), "{table}");
    assert_eq!(table.matches("legend: ").count(), 1, "{table}");
    for word in ["nElo is", "LOS is", "Ptnml(0-2) counts"] {
        assert!(table.contains(word), "{word} in {table}");
    }
    let table = arena_ok(&tournament_args(
        "whirlwind",
        &["a=random", "b=random"],
        &["--games", "2"],
    ));
    assert!(
        table.starts_with("2 games of whirlwind (size 14, the default) ("),
        "{table}"
    );
}

#[test]
fn selfplay_writes_chunks_resumes_and_refuses_bad_input() {
    let dir = temp_dir("selfplay");
    let out_dir = dir.join("run");
    let out = out_dir.to_str().unwrap();
    let args = [
        "selfplay",
        "tictactoe",
        "--engine",
        "puct:model=uniform,iters=20,noise=0.25,temp=1",
        "--games",
        "5",
        "--per-chunk",
        "2",
        "--out",
        out,
    ];
    let first = arena_ok(&args);
    assert!(first.starts_with("5 games played (0 already done)"), "{first}");
    let chunks = fs::read_dir(&out_dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".npz")
        })
        .count();
    assert_eq!(chunks, 3);
    // Run again: everything is found done.
    let again = arena_ok(&args);
    assert!(again.starts_with("0 games played (5 already done)"), "{again}");
    // Another engine in the same folder, a missing network, a cmd: engine.
    let mut other = args;
    other[3] = "puct:model=uniform,iters=21";
    assert_bad_input(&arena(&other), "another run in the folder");
    other[3] = "puct:model=/nonexistent/net.safetensors";
    assert_bad_input(&arena(&other), "a missing network");
    other[3] = "cmd:./engine";
    assert_bad_input(&arena(&other), "an external engine");
    // Games played at once write the same files, with fuller batches.
    let together_dir = dir.join("together");
    let together_out = together_dir.to_str().unwrap();
    let mut together: Vec<&str> = args.to_vec();
    together[9] = together_out;
    together.extend(["--parallel-games", "3"]);
    let report = arena_ok(&together);
    assert!(report.starts_with("5 games played (0 already done)"), "{report}");
    assert!(report.contains("evaluator batches of"), "{report}");
    let files = |dir: &std::path::Path| {
        let mut files: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "npz"))
            .map(|p| {
                (
                    p.file_name().unwrap().to_string_lossy().into_owned(),
                    fs::read(&p).unwrap(),
                )
            })
            .collect();
        files.sort();
        files
    };
    assert_eq!(files(&together_dir), files(&out_dir));
    together[11] = "0";
    assert_bad_input(&arena(&together), "no games at once");
    fs::remove_dir_all(&dir).unwrap();
}

/// Every network shipped in `nets/` loads, names the game it was trained
/// for, and plays that game through `arena analyze` with PUCT: a file
/// that no longer matches the loader or its game's encoding fails here,
/// not in a user's hands.
#[test]
fn every_shipped_network_analyses_its_game() {
    let nets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../nets");
    let mut checked = Vec::new();
    for entry in fs::read_dir(&nets).expect("the nets folder") {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("safetensors") {
            continue;
        }
        let network = learn::net::Network::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let spec = network.shape().game.clone();
        assert!(!spec.is_empty(), "{} names no game", path.display());
        let engine = format!("puct:model={},iters=24", path.display());
        let out = arena_ok(&["analyze", &spec, "--engine", &engine, "--json"]);
        let analysis: serde_json::Value =
            serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"));
        assert!(
            analysis["best"].as_str().is_some_and(|ply| !ply.is_empty()),
            "{spec} with {}: no best ply in {out}",
            path.display()
        );
        checked.push(spec);
    }
    checked.sort();
    assert!(checked.len() >= 5, "shipped networks: {checked:?}");
    assert!(checked.iter().any(|s| s == "epaminondas"), "{checked:?}");
}
