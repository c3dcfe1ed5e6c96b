//! The `records` target: any bytes as the tournament files a run resumes
//! from (`games.jsonl`, `summary.json`, `tournament.json`).

use stats::records::{parse_config_json, parse_games_jsonl, parse_summary_json, GameRecord, RecordError};
use tournament::{format_table, summarize};

use crate::input::Bytes;

/// Checks that an error names a line of `text` (1-based, at most one past
/// the last line) and says what was expected.
fn check_error(text: &str, error: &RecordError) {
    let lines = text.split('\n').count();
    match error.line {
        Some(line) => assert!(
            line >= 1 && line <= lines,
            "{text:?}: error names line {line} of {lines}: {error}"
        ),
        None => panic!("{text:?}: error without a line: {error}"),
    }
    assert!(!error.reason.is_empty(), "{text:?}: empty reason");
    let shown = error.to_string();
    assert!(
        shown.contains(&error.file),
        "{text:?}: message {shown:?} does not name the file"
    );
}

/// `games.jsonl`: every non-blank line is one record; an error names the
/// first bad line and everything before it parses on its own.
fn check_games(text: &str) -> Option<Vec<GameRecord>> {
    let lines: Vec<&str> = text.lines().collect();
    let records = |upto: usize| lines[..upto].iter().filter(|l| !l.trim().is_empty()).count();
    match parse_games_jsonl(text) {
        Ok(games) => {
            assert_eq!(
                games.len(),
                records(lines.len()),
                "{text:?}: a finished game is lost"
            );
            // Written back and read again: the same games.
            let mut out = String::new();
            for g in &games {
                let line =
                    serde_json::to_string(g).unwrap_or_else(|e| panic!("{g:?} does not serialise: {e}"));
                assert!(!line.contains('\n'), "{g:?} serialises over several lines");
                out.push_str(&line);
                out.push('\n');
            }
            let again = parse_games_jsonl(&out).unwrap_or_else(|e| panic!("{text:?}: written back, {e}"));
            assert_eq!(again.len(), games.len(), "{text:?}: written back, games lost");
            for (a, b) in again.iter().zip(&games) {
                assert_eq!(
                    (a.index, &a.spec, &a.plies, &a.opening, a.result, &a.players, &a.engines, a.seed),
                    (b.index, &b.spec, &b.plies, &b.opening, b.result, &b.players, &b.engines, b.seed),
                    "{text:?}: written back differently"
                );
            }
            Some(games)
        }
        Err(e) => {
            check_error(text, &e);
            let line = e.line.unwrap_or(1);
            assert!(line <= lines.len(), "{text:?}: error past the last line: {e}");
            assert!(
                !lines[line - 1].trim().is_empty(),
                "{text:?}: error on a blank line: {e}"
            );
            let before = lines[..line - 1].join("\n");
            let good = parse_games_jsonl(&before)
                .unwrap_or_else(|e2| panic!("{text:?}: error at {e}, but the lines before fail: {e2}"));
            assert_eq!(
                good.len(),
                records(line - 1),
                "{text:?}: games before the bad line"
            );
            None
        }
    }
}

/// Bytes as resume files. The first byte chooses: `games.jsonl` alone;
/// `summary.json`; or `tournament.json`, a blank line, then `games.jsonl`.
/// Parsers give records or an error naming the line, never a panic;
/// records parse back after writing; the summary of parsed records (what
/// a resumed run prints) is computed without a panic.
pub fn records(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let mode = bytes.byte() % 3;
    let text = bytes.rest_text();
    match mode {
        0 => {
            check_games(&text);
        }
        1 => match parse_summary_json(&text) {
            Ok(summary) => {
                let _ = format_table(&summary);
                let json = serde_json::to_string(&summary).unwrap_or_else(|e| panic!("{summary:?}: {e}"));
                let again =
                    parse_summary_json(&json).unwrap_or_else(|e| panic!("{text:?}: written back, {e}"));
                assert_eq!(again.config, summary.config, "{text:?}: config written back");
                assert_eq!(
                    again.games_played, summary.games_played,
                    "{text:?}: count written back"
                );
            }
            Err(e) => check_error(&text, &e),
        },
        _ => {
            let (config_text, games_text) = text.split_once("\n\n").unwrap_or((&text, ""));
            let config = match parse_config_json(config_text) {
                Ok(config) => config,
                Err(e) => {
                    check_error(config_text, &e);
                    return;
                }
            };
            if let Some(games) = check_games(games_text) {
                let summary = summarize(&config, &games, None);
                let _ = format_table(&summary);
            }
        }
    }
}
