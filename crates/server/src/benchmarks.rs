//! `GET /api/benchmarks` and `GET /api/benchmarks/NAME`: the folders under
//! `--runs` that hold benchmark results, as `arena suite run --out DIR`
//! (`DIR/summary.json`: accuracy per engine, budget and difficulty class)
//! and `arena scaling --games-dir DIR` (`DIR/scaling.json`: ratings on a
//! game's fixed scale against budgets) write them.

use std::fs;
use std::path::Path;

use bench::ladder::{ScalingReport, SCALING_KIND};
use bench::run::RunSummary;
use serde_json::{json, Value};

use crate::api_error::ApiError;
use crate::runs::{plain_name, Runs, MAX_RUNS_LISTED};

/// What one benchmark folder holds.
enum Found {
    Suite(RunSummary),
    Scaling(ScalingReport),
}

/// Reads the benchmark of `dir` (`Ok(None)` when it holds none).
fn read(root: &Path, dir: &Path) -> Result<Option<Found>, ApiError> {
    if let Some(text) = Runs::read_small(root, dir, "scaling.json")? {
        let report: ScalingReport = serde_json::from_str(&text)
            .map_err(|e| ApiError::unprocessable(format!("scaling.json: expected a scaling report: {e}")))?;
        if report.kind != SCALING_KIND {
            return Err(ApiError::unprocessable(format!(
                "scaling.json: expected kind {SCALING_KIND:?}, found {:?}",
                report.kind
            )));
        }
        return Ok(Some(Found::Scaling(report)));
    }
    // A suite run's folder has its journal (results.jsonl) beside the
    // summary; a merged tournament's summary.json is no benchmark.
    if Runs::locate(root, dir, "results.jsonl")?.is_none() {
        return Ok(None);
    }
    let Some(text) = Runs::read_small(root, dir, "summary.json")? else {
        return Ok(None);
    };
    let summary: RunSummary = serde_json::from_str(&text)
        .map_err(|e| ApiError::unprocessable(format!("summary.json: expected a suite run's summary: {e}")))?;
    Ok(Some(Found::Suite(summary)))
}

fn describe(name: &str, found: &Found) -> Value {
    match found {
        Found::Suite(s) => json!({
            "name": name,
            "kind": "suite",
            "suite": s.suite,
            "engines": s.engines.iter().map(|(n, _)| n).collect::<Vec<_>>(),
        }),
        Found::Scaling(r) => json!({
            "name": name,
            "kind": "scaling",
            "spec": r.spec,
            "engines": r.curves.iter().map(|c| &c.name).collect::<Vec<_>>(),
        }),
    }
}

/// `GET /api/benchmarks`: the benchmark folders directly under `--runs`
/// (by name); folders that hold none are left out, those whose files do
/// not read are listed with their `error`.
pub fn list(runs: &Runs) -> Result<Value, ApiError> {
    let root = runs.root()?;
    let entries =
        fs::read_dir(&root).map_err(|e| ApiError::unprocessable(format!("reading the runs folder: {e}")))?;
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| plain_name(n))
        .collect();
    names.sort();
    let mut found = Vec::new();
    let mut more = false;
    for name in names {
        let Ok(dir) = runs.folder(&root, &name) else {
            continue;
        };
        if found.len() >= MAX_RUNS_LISTED {
            more = true;
            break;
        }
        match read(&root, &dir) {
            Ok(Some(f)) => found.push(describe(&name, &f)),
            Ok(None) => {}
            Err(e) => found.push(json!({"name": name, "error": e.message})),
        }
    }
    Ok(json!({"benchmarks": found, "more": more}))
}

/// `GET /api/benchmarks/NAME`: one folder's results: `{"kind": "suite",
/// "summary": ...}` (the suite run's summary.json) or `{"kind":
/// "scaling", "report": ...}` (scaling.json).
pub fn show(runs: &Runs, name: &str) -> Result<Value, ApiError> {
    let root = runs.root()?;
    let dir = runs.folder(&root, name)?;
    match read(&root, &dir)? {
        Some(Found::Suite(s)) => Ok(json!({"name": name, "kind": "suite", "summary": s})),
        Some(Found::Scaling(r)) => Ok(json!({"name": name, "kind": "scaling", "report": r})),
        None => Err(ApiError::not_found(format!(
            "{name:?} holds no benchmark (a suite run's summary.json or a scaling.json)"
        ))),
    }
}
