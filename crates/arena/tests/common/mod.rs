//! Helpers shared by the integration tests that drive the real `arena`
//! binary. Each test file uses a different subset of them.
#![allow(dead_code)]

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The `arena` binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_arena");

/// Runs `arena` with `args` and collects its output.
pub fn arena(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run arena")
}

/// Runs `arena` with `args`, `input` on its standard input.
pub fn arena_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arena");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// Output bytes as text, for messages and comparisons.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh, empty folder for one test: the process id keeps test binaries
/// running at the same time apart, `name` the tests of one binary.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-test-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes an executable shell script `name` into `dir`; returns its path.
pub fn script(dir: &Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path.display().to_string()
}

/// Asserts that `arena` exited 0, showing its standard error if not.
#[track_caller]
pub fn assert_success(out: &Output) {
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Asserts success and returns the standard output.
#[track_caller]
pub fn ok(out: &Output) -> String {
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// Asserts exit code 2 and a message holding every one of `words`.
#[track_caller]
pub fn refused(out: &Output, words: &[&str]) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for w in words {
        assert!(err.contains(w), "expected {w:?} in: {err}");
    }
}
