//! The shipped suites (`suites/*.jsonl`): every file parses, holds at
//! least 200 positions, and the values and value-keeping plies of its
//! first small positions are checked again by exhaustive minimax.

use std::path::PathBuf;

use bench::make::verify_exact;
use bench::suite::{read_suite, Value};

/// Distinct positions exhaustive minimax may visit per position here: small
/// enough that the whole check takes seconds.
const LIMIT: usize = 20_000;

/// Positions re-checked per file here, in file order (all of them would
/// take minutes on the larger files; rerunning the command that made a
/// file, as docs/suites.md says, checks every one).
const CHECKED_PER_FILE: usize = 30;

/// Suites shipped with fewer than 200 positions, and how many they hold:
/// their making was cut short on a shared machine (see
/// docs/benchmarks.md); more `--candidates` make fuller ones.
const SHORT_SUITES: &[(&str, usize)] = &[];

fn suite_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../suites");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the suites folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_suite_parses_and_its_small_positions_are_exact() {
    let files = suite_files();
    assert!(files.len() >= 5, "expected a suite per game, found {files:?}");
    let mut games = std::collections::BTreeSet::new();
    for file in files {
        let suite = read_suite(&file).unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let least = SHORT_SUITES
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(200, |(_, count)| *count);
        assert!(
            suite.len() >= least,
            "{}: {} positions",
            file.display(),
            suite.len()
        );
        games.insert(suite[0].spec.split(':').next().unwrap().to_owned());
        let mut checked = 0;
        for p in &suite {
            assert!(p.value != Value::Loss, "{}: a loss tests nothing", p.id);
            assert!(
                p.keeping().len() < p.legal as usize,
                "{}: every ply keeps the value",
                p.id
            );
            if p.check != "exact" || checked >= CHECKED_PER_FILE {
                continue;
            }
            if let Some(agrees) = verify_exact(p, LIMIT).unwrap() {
                assert!(agrees, "{}: minimax disagrees with the file", p.id);
                checked += 1;
            }
        }
        assert!(
            checked > 0,
            "{}: no position small enough to check",
            file.display()
        );
        eprintln!(
            "{}: {checked} of {} positions checked by minimax",
            file.display(),
            suite.len()
        );
    }
    assert_eq!(games.len(), 5, "{games:?}");
}

#[test]
fn a_wrong_winning_set_is_caught() {
    let file = &suite_files()[0];
    let suite = read_suite(file).unwrap();
    let p = suite
        .iter()
        .find(|p| p.check == "exact" && verify_exact(p, LIMIT).unwrap() == Some(true))
        .expect("a small position");
    let mut wrong = p.clone();
    match wrong.value {
        Value::Win => {
            wrong.winning.pop();
        }
        _ => {
            wrong.drawing.pop();
        }
    }
    assert_eq!(verify_exact(&wrong, LIMIT).unwrap(), Some(false));
}
