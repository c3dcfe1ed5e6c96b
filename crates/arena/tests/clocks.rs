//! Clocks and adjudication through the real `arena` binary: engines that
//! overrun their clocks lose on time, engines that manage their time do
//! not, resignations are adjudicated on reported win rates, bad values are
//! refused, and a tournament does not resume under other clock settings.

#![cfg(unix)]

use std::fs;
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use stats::records::{parse_games_jsonl, GameRecord, GameResult};

mod common;
use common::{ok, refused, script, temp_dir, text, BIN};

/// A tic-tac-toe engine in shell: it plays the first free cell, after
/// `sleep` seconds, reporting `winrate` (nothing if empty), and appends
/// every `clock` command it gets to `log`.
fn cell_engine(dir: &Path, name: &str, sleep: &str, winrate: &str, log: &Path) -> String {
    let report = if winrate.is_empty() {
        String::new()
    } else {
        format!(" winrate={winrate}")
    };
    script(
        dir,
        name,
        &format!(
            r#"played=" "
while read -r cmd arg rest; do
  case "$cmd" in
    newgame) played=" "; printf '=\n\n' ;;
    play) played="$played$arg "; printf '=\n\n' ;;
    clock) echo "clock $arg $rest" >> '{log}'; printf '=\n\n' ;;
    genmove)
      sleep {sleep}
      for c in a1 b1 c1 a2 b2 c2 a3 b3 c3; do
        case "$played" in *" $c "*) ;; *) break ;; esac
      done
      played="$played$c "
      printf '= %s{report}\n\n' "$c" ;;
    quit) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done"#,
            log = log.display()
        ),
    )
}

fn tournament(dir: &Path, players: &[String], extra: &[&str]) -> Output {
    let mut args = vec![
        "tournament".to_owned(),
        "tictactoe".to_owned(),
        "--openings".to_owned(),
        "none".to_owned(),
        "--concurrency".to_owned(),
        "1".to_owned(),
        "--out".to_owned(),
        dir.join("out").display().to_string(),
    ];
    for p in players {
        args.push("--player".to_owned());
        args.push(p.clone());
    }
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    Command::new(BIN).args(&args).output().expect("run arena")
}

fn games(dir: &Path) -> Vec<GameRecord> {
    parse_games_jsonl(&fs::read_to_string(dir.join("out/games.jsonl")).unwrap()).unwrap()
}

/// The seat `name` played in `game`, and whether it won.
fn seat_of(game: &GameRecord, name: &str) -> (bool, bool) {
    let first = game.players.first == name;
    let won = match game.result {
        GameResult::First => first,
        GameResult::Second => !first,
        GameResult::Draw => false,
    };
    (first, won)
}

#[test]
fn a_cmd_engine_that_overruns_its_clock_loses_on_time() {
    let dir = temp_dir("overrun");
    let log = dir.join("clocks.log");
    let slow = cell_engine(&dir, "slow.sh", "0.6", "", &log);
    let out = tournament(
        &dir,
        &[format!("slow=cmd:{slow}"), "fast=random".to_owned()],
        &["--games", "2", "--tc", "0.3+0.05", "--timemargin", "100"],
    );
    let table = ok(&out);
    assert!(table.contains("losses on time: slow 2"), "{table}");
    assert!(!table.contains("forfeits"), "{table}");
    let summary = fs::read_to_string(dir.join("out/summary.json")).unwrap();
    assert!(summary.contains(r#""time_losses": {"#), "{summary}");
    let recorded = games(&dir);
    assert_eq!(recorded.len(), 2);
    for game in &recorded {
        assert_eq!(game.reason, "time", "{game:?}");
        let (slow_first, slow_won) = seat_of(game, "slow");
        assert!(!slow_won, "{game:?}");
        // The slow engine's clock shows its overrun; the other's is left.
        let clocks = game.clock_ms.clone().expect("clocks recorded");
        let (mine, theirs) = if slow_first {
            (clocks.first, clocks.second)
        } else {
            (clocks.second, clocks.first)
        };
        assert!(mine.unwrap() < -200.0, "{clocks:?}");
        assert!(theirs.unwrap() > 0.0, "{clocks:?}");
        // Every ply after the opening is timed, the last one late.
        assert_eq!(game.ply_ms.len(), game.plies.len() + 1, "{game:?}");
        assert!(*game.ply_ms.last().unwrap() > 400.0, "{game:?}");
    }
    // The engine was told its clock before its genmove.
    let told = fs::read_to_string(&log).unwrap();
    let first = told.lines().next().unwrap();
    let left: u64 = first
        .strip_prefix("clock left=")
        .and_then(|r| r.split_whitespace().next())
        .and_then(|ms| ms.parse().ok())
        .unwrap_or_else(|| panic!("{told}"));
    assert!((250..=300).contains(&left) && first.ends_with("inc=50"), "{told}");
    // The same engine under a fixed time per ply (for it alone) loses too,
    // and its opponent, without a clock, never does.
    let dir = temp_dir("overrun-st");
    let out = tournament(
        &dir,
        &[format!("slow=cmd:{slow}"), "fast=random".to_owned()],
        &["--games", "2", "--player-tc", "slow=st=0.2"],
    );
    ok(&out);
    for game in games(&dir) {
        assert_eq!(game.reason, "time", "{game:?}");
        assert!(!seat_of(&game, "slow").1);
        assert_eq!(
            game.clock_ms.clone().map(|c| (c.first, c.second)),
            Some((None, None))
        );
    }
}

#[test]
fn an_engine_that_hangs_under_a_clock_is_not_waited_for_until_the_timeout() {
    let dir = temp_dir("hang");
    let log = dir.join("clocks.log");
    let hung = cell_engine(&dir, "hung.sh", "30", "", &log);
    let started = Instant::now();
    let out = tournament(
        &dir,
        &[format!("hung=cmd:{hung}"), "fast=random".to_owned()],
        &["--games", "1", "--tc", "0.2+0", "--timeout", "60"],
    );
    ok(&out);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    let recorded = games(&dir);
    assert_eq!(recorded[0].reason, "time", "{:?}", recorded[0]);
}

#[test]
fn engines_that_manage_their_time_never_lose_on_it() {
    let dir = temp_dir("managed");
    let out = tournament(
        &dir,
        &[
            "builtin=mcts:iters=1000000".to_owned(),
            format!("protocol=cmd:{BIN} engine tictactoe --engine mcts:iters=1000000"),
        ],
        &[
            "--games",
            "2",
            "--tc",
            "0.5+0.05",
            "--resign",
            "plies=4,winrate=0.99",
        ],
    );
    ok(&out);
    for game in games(&dir) {
        assert_ne!(game.reason, "time", "{game:?}");
        assert!(!game.reason.starts_with("forfeit"), "{game:?}");
        let clocks = game.clock_ms.clone().unwrap();
        assert!(
            clocks.first.unwrap() > 0.0 && clocks.second.unwrap() > 0.0,
            "{clocks:?}"
        );
        // A million iterations would take far longer than the clock: the
        // clock, not the iteration budget, ended every search.
        let total: f64 = game.ply_ms.iter().sum();
        assert!(total < 1_500.0, "{game:?}");
    }
    let tournament_json = fs::read_to_string(dir.join("out/tournament.json")).unwrap();
    assert!(
        tournament_json.contains(r#""tc": "0.5+0.05""#),
        "{tournament_json}"
    );
    assert!(
        tournament_json.contains(r#""resign": "plies=4,winrate=0.99""#),
        "{tournament_json}"
    );
}

#[test]
fn resignation_is_adjudicated_when_both_engines_agree() {
    let dir = temp_dir("resign");
    let log = dir.join("clocks.log");
    let sure = cell_engine(&dir, "sure.sh", "0", "0.99", &log);
    let doomed = cell_engine(&dir, "doomed.sh", "0", "0.01", &log);
    let players = [format!("sure=cmd:{sure}"), format!("doomed=cmd:{doomed}")];
    let out = tournament(
        &dir,
        &players,
        &["--games", "2", "--resign", "plies=3,winrate=0.95"],
    );
    let table = ok(&out);
    assert!(table.contains("resignations: doomed 2"), "{table}");
    for game in games(&dir) {
        assert_eq!(game.reason, "resign", "{game:?}");
        assert!(seat_of(&game, "sure").1, "{game:?}");
        assert_eq!(game.plies.len(), 3, "{game:?}");
        assert!(game.winner_colour.is_some());
        // No clock, nothing about clocks in the record.
        assert!(game.clock_ms.is_none() && game.ply_ms.is_empty());
    }
    // Without --resign the same engines play the game out.
    let dir = temp_dir("no-resign");
    ok(&tournament(&dir, &players, &["--games", "2"]));
    for game in games(&dir) {
        assert_ne!(game.reason, "resign", "{game:?}");
    }
    // Two engines that each claim to win are never adjudicated.
    let dir = temp_dir("both-sure");
    let also_sure = cell_engine(&dir, "also.sh", "0", "0.99", &log);
    let players = [format!("sure=cmd:{sure}"), format!("also=cmd:{also_sure}")];
    ok(&tournament(
        &dir,
        &players,
        &["--games", "2", "--resign", "plies=2,winrate=0.9"],
    ));
    for game in games(&dir) {
        assert_eq!(game.reason, "rules", "{game:?}");
    }
}

#[test]
fn bad_clock_and_resign_values_are_refused() {
    let dir = temp_dir("bad");
    let players = ["a=random".to_owned(), "b=random".to_owned()];
    for (args, words) in [
        (
            &["--tc", "0+1"][..],
            &["bad time control \"0+1\"", "expected BASE+INC"][..],
        ),
        (&["--tc", "st=x"], &["bad time control", "st=SECONDS"]),
        (&["--tc", "ten"], &["expected BASE+INC"]),
        (&["--tc", "10+-1"], &["expected BASE+INC"]),
        (&["--player-tc", "a"], &["expected NAME=TC"]),
        (&["--player-tc", "a=1+x"], &["bad time control \"1+x\""]),
        (
            &["--player-tc", "nobody=10"],
            &["there is no player \"nobody\"", "a, b"],
        ),
        (&["--timemargin", "soon"], &["--timemargin"]),
        (
            &["--resign", "plies=1,winrate=0.9"],
            &["bad resign rule", "at least 2"],
        ),
        (
            &["--resign", "plies=5,winrate=0.4"],
            &["expected plies=N,winrate=W"],
        ),
        (&["--resign", "winrate=0.9"], &["expected plies=N,winrate=W"]),
    ] {
        refused(&tournament(&dir, &players, args), words);
    }
    assert!(!dir.join("out/tournament.json").exists(), "nothing was started");
}

#[test]
fn resume_refuses_other_clock_settings() {
    let dir = temp_dir("resume");
    let players = ["a=random".to_owned(), "b=random".to_owned()];
    ok(&tournament(
        &dir,
        &players,
        &["--games", "2", "--tc", "5+0.1", "--player-tc", "b=st=1"],
    ));
    for (args, words) in [
        (
            &["--tc", "6+0.1", "--player-tc", "b=st=1"][..],
            &["the time control of player a: 5+0.1 there, 6+0.1 here"][..],
        ),
        (
            &["--tc", "5+0.1"],
            &["the time control of player b: st=1 there, 5+0.1 here"],
        ),
        (
            &["--player-tc", "b=st=1"],
            &["the time control of player a: 5+0.1 there, none here"],
        ),
        (
            &["--tc", "5+0.1", "--player-tc", "b=st=1", "--timemargin", "50"],
            &["the time margin: 0 ms there, 50 ms here"],
        ),
        (
            &[
                "--tc",
                "5+0.1",
                "--player-tc",
                "b=st=1",
                "--resign",
                "plies=4,winrate=0.9",
            ],
            &["the resign rule: none there, plies=4,winrate=0.9 here"],
        ),
    ] {
        let mut all = vec!["--games", "4"];
        all.extend_from_slice(args);
        refused(&tournament(&dir, &players, &all), words);
    }
    // The same settings resume (and the records are kept).
    let out = tournament(
        &dir,
        &players,
        &["--games", "4", "--tc", "5+0.1", "--player-tc", "b=st=1"],
    );
    ok(&out);
    assert!(text(&out.stderr).contains("resuming: 2 games already recorded"));
    assert_eq!(games(&dir).len(), 4);
}
