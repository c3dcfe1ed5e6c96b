//! Perft (counting leaf nodes of the ply tree) and perft data files.
//!
//! A data file holds records; each starts with a `spec` line:
//!
//! ```text
//! # comments start with '#'
//! spec escabel:size=3
//! source hand count: 9 empty points, then 9 x 8 (placements) + 1 (swap) ...
//! moves b2
//! 1 8
//! 2 56
//! ```
//!
//! `moves` (optional) lists plies from the start position; each following
//! `DEPTH COUNT` line gives `perft(position, DEPTH)`. `source` says where the
//! numbers came from and is required.

use crate::game::{Game, PlyBuf};

/// Counts the leaves of the ply tree `depth` plies deep.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    if depth == 1 {
        return plies.len() as u64;
    }
    let mut total = 0;
    for &ply in &plies {
        let mut child = game.clone();
        child.play_unchecked(ply);
        total += perft(&child, depth - 1);
    }
    total
}

/// One record of a perft data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftRecord {
    /// Line number of the record's `spec` line (1-based).
    pub line: usize,
    /// The game spec.
    pub spec: String,
    /// Where the counts come from.
    pub source: String,
    /// Plies from the start position, as written.
    pub moves: String,
    /// `(depth, count)` pairs.
    pub counts: Vec<(u32, u64)>,
}

/// A perft file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("perft data line {line}: {reason}")]
pub struct PerftFileError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// Parses a perft data file (see the module docs for the format).
pub fn parse_perft_file(text: &str) -> Result<Vec<PerftRecord>, PerftFileError> {
    let mut records: Vec<PerftRecord> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |reason: String| PerftFileError {
            line: line_no,
            reason,
        };
        let (head, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match head {
            "spec" => {
                if rest.is_empty() {
                    return Err(err("`spec` needs a game spec".into()));
                }
                records.push(PerftRecord {
                    line: line_no,
                    spec: rest.to_owned(),
                    source: String::new(),
                    moves: String::new(),
                    counts: Vec::new(),
                });
            }
            "source" | "moves" => {
                let Some(record) = records.last_mut() else {
                    return Err(err(format!("`{head}` before any `spec` line")));
                };
                if head == "source" {
                    record.source = rest.to_owned();
                } else {
                    record.moves = rest.to_owned();
                }
            }
            _ => {
                let Some(record) = records.last_mut() else {
                    return Err(err("a count before any `spec` line".into()));
                };
                let depth: u32 = head.parse().map_err(|_| {
                    err(format!(
                        "expected `spec`, `source`, `moves` or `DEPTH COUNT`, found {line:?}"
                    ))
                })?;
                let count: u64 = rest
                    .parse()
                    .map_err(|_| err(format!("expected a count after depth {depth}, found {rest:?}")))?;
                record.counts.push((depth, count));
            }
        }
    }
    for record in &records {
        if record.source.is_empty() {
            return Err(PerftFileError {
                line: record.line,
                reason: "record has no `source` line saying where its counts come from".into(),
            });
        }
        if record.counts.is_empty() {
            return Err(PerftFileError {
                line: record.line,
                reason: "record has no `DEPTH COUNT` lines".into(),
            });
        }
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_zero_is_one_leaf() {
        let game = crate::toy::TicTacToe::new(Default::default());
        assert_eq!(perft(&game, 0), 1);
        assert_eq!(perft(&game, 1), 9);
    }

    #[test]
    fn parses_records() {
        let text = "# x\nspec toy\nsource hand\n1 9\n2 72\n\nspec toy:cap=3\nsource hand\nmoves a1 b2\n1 7\n";
        let records = parse_perft_file(text).unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].counts, vec![(1, 9), (2, 72)]);
        assert_eq!(records[1].moves, "a1 b2");
    }

    #[test]
    fn rejects_bad_files() {
        assert_eq!(parse_perft_file("1 9\n").unwrap_err().line, 1);
        assert_eq!(parse_perft_file("spec toy\n1 9\n").unwrap_err().line, 1);
        assert_eq!(
            parse_perft_file("spec toy\nsource x\n1 nine\n").unwrap_err().line,
            3
        );
        assert_eq!(parse_perft_file("spec toy\nsource x\nfoo\n").unwrap_err().line, 3);
        assert!(parse_perft_file("spec toy\nsource x\n").is_err());
    }
}
