//! Replays the checked-in fuzz corpus and every minimised crash
//! (`fuzz/corpus/<target>/`, `fuzz/regressions/<target>/`) through the
//! target bodies, so `cargo test --workspace` covers them without
//! libFuzzer; then a few hundred seeded random inputs per target.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use abstracta_fuzzing::TARGETS;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// Every file directly under `dir` (none if it does not exist), sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    files.sort();
    files
}

/// Runs `body` on every file of `kind/<target>`; returns how many ran and
/// the files that panicked.
fn replay(kind: &str) -> (usize, Vec<String>) {
    let mut ran = 0;
    let mut failed = Vec::new();
    for (name, body) in TARGETS {
        for file in files(&fuzz_dir().join(kind).join(name)) {
            let data = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            ran += 1;
            if catch_unwind(AssertUnwindSafe(|| body(&data))).is_err() {
                failed.push(format!("{name}: {}", file.display()));
            }
        }
    }
    (ran, failed)
}

#[test]
fn seed_corpus_replays_cleanly() {
    let (ran, failed) = replay("corpus");
    assert!(
        ran >= TARGETS.len(),
        "only {ran} corpus files found under {}",
        fuzz_dir().display()
    );
    assert!(
        failed.is_empty(),
        "corpus inputs that fail:\n{}",
        failed.join("\n")
    );
}

#[test]
fn every_target_has_a_seed_corpus() {
    for (name, _) in TARGETS {
        let dir = fuzz_dir().join("corpus").join(name);
        assert!(!files(&dir).is_empty(), "no seed corpus in {}", dir.display());
    }
}

#[test]
fn regressions_replay_cleanly() {
    let (_, failed) = replay("regressions");
    assert!(
        failed.is_empty(),
        "regression inputs that fail:\n{}",
        failed.join("\n")
    );
}

#[test]
fn seeded_random_inputs() {
    let mut rng = SmallRng::seed_from_u64(0xF022);
    for (name, body) in TARGETS {
        for i in 0..150 {
            let len = rng.gen_range(0..96);
            let data: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
            if catch_unwind(AssertUnwindSafe(|| body(&data))).is_err() {
                panic!("target {name}, random input {i}: {data:?}");
            }
        }
    }
}
