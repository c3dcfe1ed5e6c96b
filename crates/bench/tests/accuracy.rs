//! The accuracy count against engines whose answer is known: an oracle
//! that reads the suite keeps every value, a uniformly random mover keeps
//! the share its positions' plies give; a run resumes from its journal.

use std::collections::HashMap;
use std::time::Duration;

use abstracta::player::{Choice, EngineError};
use abstracta::search::{SearchResult, StopHandle};
use abstracta::{AnyGame, AnySearch};
use bench::make::{make_suite, MakeSettings};
use bench::run::{parse_budget, run_suite, run_suite_with, RunError, RunSettings};
use bench::suite::{parse_suite, suite_text, SuitePosition};

/// An engine that plays the first value-keeping ply the suite lists for
/// the position it is shown (found by the position's hash), and the
/// random mover's ply elsewhere.
struct Oracle {
    random: Box<dyn AnySearch>,
    answers: HashMap<u64, String>,
}

impl AnySearch for Oracle {
    fn family(&self) -> &'static str {
        "oracle"
    }
    fn describe(&self) -> String {
        "oracle".into()
    }
    fn game_name(&self) -> Option<&'static str> {
        None
    }
    fn search(&mut self, game: &dyn AnyGame) -> Result<SearchResult<String>, EngineError> {
        self.random.search(game)
    }
    fn genmove(&mut self, game: &dyn AnyGame) -> Result<Choice<String>, EngineError> {
        match self.answers.get(&game.hash()) {
            Some(ply) => Ok(Choice {
                ply: ply.clone(),
                win_rate: None,
            }),
            None => self.random.genmove(game),
        }
    }
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        self.random.set_option(key, value)
    }
    fn stop_handle(&self) -> StopHandle {
        self.random.stop_handle()
    }
    fn reset(&mut self) {
        self.random.reset();
    }
}

fn small_suite() -> Vec<SuitePosition> {
    let settings = MakeSettings {
        count: 30,
        plies: (1, 5),
        ..MakeSettings::new("tictactoe")
    };
    let (suite, report) = make_suite(&settings).unwrap();
    assert_eq!(suite.len(), 30, "{report:?}");
    assert_eq!(report.checked_exact, 30);
    assert!(report.disagreements.is_empty(), "{report:?}");
    suite
}

fn settings(suite: Vec<SuitePosition>, engines: &[(&str, &str)], budgets: &str) -> RunSettings {
    RunSettings {
        suite,
        suite_file: "test".into(),
        engines: engines
            .iter()
            .map(|(n, s)| (n.to_string(), s.to_string()))
            .collect(),
        budgets: budgets.split(',').map(|b| parse_budget(b).unwrap()).collect(),
        out: None,
        concurrency: Some(2),
        seed: 7,
        timeout: Duration::from_secs(10),
    }
}

#[test]
fn an_oracle_keeps_every_value() {
    let suite = small_suite();
    let mut answers = HashMap::new();
    for p in &suite {
        let mut game = abstracta::open(&p.spec).unwrap();
        for ply in &p.moves {
            game.play(ply).unwrap();
        }
        answers.insert(game.hash(), p.keeping()[0].clone());
    }
    let factory = |_: usize, game: &dyn AnyGame, seed: u64| -> Result<Box<dyn AnySearch>, EngineError> {
        Ok(Box::new(Oracle {
            random: game.searcher(&"random".parse().unwrap(), seed)?,
            answers: answers.clone(),
        }))
    };
    let run = settings(suite, &[("oracle", "oracle")], "1");
    let summary = run_suite_with(&run, &factory, &|_| {}).unwrap();
    let all = &summary.rows[0];
    assert_eq!((all.class, all.positions, all.kept), (None, 30, 30));
    assert!(all.low > 0.85 && all.high == 1.0, "{all:?}");
}

#[test]
fn a_random_mover_keeps_the_expected_share() {
    // Each position four times over (the ids differ), for a tighter count.
    let mut suite = Vec::new();
    let once = small_suite();
    for round in 0..4 {
        for p in once.clone() {
            suite.push(SuitePosition {
                id: format!("{}-{round}", p.id),
                ..p
            });
        }
    }
    let expected: f64 = suite.iter().map(SuitePosition::random_share).sum::<f64>() / suite.len() as f64;
    let summary = run_suite(&settings(suite, &[("random", "random")], "1"), &|_| {}).unwrap();
    let all = &summary.rows[0];
    assert_eq!(all.positions, 120);
    assert!((all.random_share - expected).abs() < 1e-12);
    // Four standard deviations of a share of 120.
    let sd = (expected * (1.0 - expected) / 120.0).sqrt();
    assert!(
        (all.share - expected).abs() < 4.0 * sd,
        "{} vs {expected}",
        all.share
    );
    assert!(all.low <= expected && expected <= all.high, "{all:?}");
}

#[test]
fn a_run_resumes_from_its_journal_and_refuses_other_settings() {
    let suite = small_suite();
    let dir = std::env::temp_dir().join(format!("bench-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut run = settings(suite, &[("uct", "mcts:iters=50"), ("random", "random")], "20,50");
    run.out = Some(dir.clone());
    let first = run_suite(&run, &|_| {}).unwrap();
    let journal = std::fs::read_to_string(dir.join("results.jsonl")).unwrap();
    assert_eq!(journal.lines().count(), 2 * 2 * 30);
    // A stop cut the last line short: the rerun plays that answer again.
    let lines: Vec<&str> = journal.lines().collect();
    let cut = lines[..lines.len() - 1].join("\n") + "\n" + &lines[lines.len() - 1][..10];
    std::fs::write(dir.join("results.jsonl"), cut).unwrap();
    let played = std::sync::atomic::AtomicUsize::new(0);
    let second = run_suite(&run, &|_| {
        played.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(played.into_inner(), 1);
    assert_eq!(
        std::fs::read_to_string(dir.join("results.jsonl"))
            .unwrap()
            .lines()
            .count(),
        120
    );
    assert_eq!(first.rows.len(), second.rows.len());
    assert!(dir.join("summary.json").is_file());
    run.budgets = vec![parse_budget("30").unwrap()];
    assert!(matches!(run_suite(&run, &|_| {}), Err(RunError::OtherRun { .. })));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_suites_are_errors_that_name_the_line() {
    let suite = small_suite();
    let text = suite_text(&suite);
    assert_eq!(parse_suite(&text, "s").unwrap(), suite);
    let twice = format!("{text}{}", text.lines().next().unwrap());
    assert!(parse_suite(&twice, "s").unwrap_err().to_string().contains("s:31"));
    let no_plies = text
        .lines()
        .next()
        .unwrap()
        .replace("\"value\":\"win\"", "\"value\":\"draw\"");
    assert!(parse_suite(&no_plies, "s").is_err() || suite[0].value == bench::suite::Value::Draw);
    assert!(parse_suite("", "s").is_err());
    assert!(parse_suite(&"x".repeat(70_000), "s")
        .unwrap_err()
        .to_string()
        .contains("longer"));
    let bad_engine = settings(suite, &[("x", "nosuchfamily")], "1");
    assert!(matches!(
        run_suite(&bad_engine, &|_| {}),
        Err(RunError::Engine { .. })
    ));
}

#[test]
fn a_walk_engine_makes_other_positions_and_the_same_file_twice() {
    let walked = MakeSettings {
        count: 12,
        plies: (2, 5),
        walk: Some("mcts:iters=20,threads=1".into()),
        ..MakeSettings::new("tictactoe")
    };
    let (first, report) = make_suite(&walked).unwrap();
    assert_eq!(first.len(), 12, "{report:?}");
    assert!(report.disagreements.is_empty(), "{report:?}");
    let (again, _) = make_suite(&walked).unwrap();
    assert_eq!(first, again, "a walk is seeded");
    let random = MakeSettings {
        walk: None,
        ..walked.clone()
    };
    let (plain, _) = make_suite(&random).unwrap();
    assert_ne!(
        first.iter().map(|p| &p.moves).collect::<Vec<_>>(),
        plain.iter().map(|p| &p.moves).collect::<Vec<_>>()
    );
    let bad = MakeSettings {
        walk: Some("nosuch:x=1".into()),
        ..walked
    };
    let err = make_suite(&bad).unwrap_err().to_string();
    assert!(err.contains("walk engine"), "{err}");
}
