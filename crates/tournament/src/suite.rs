//! Opening suites: a file of ply lists, each checked for legality when the
//! tournament starts, and which line each round plays (in file order or a
//! seeded shuffle).
//!
//! The file holds one opening per line: plies in the game's notation,
//! separated by spaces or commas. `#` starts a comment that runs to the end
//! of the line; blank lines are skipped. A line whose plies cannot be read,
//! are illegal or end the game is an error naming the file and the line.

use std::path::Path;
use std::sync::{Arc, Mutex};

use abstracta::{mix_seed, AnyGame};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use thiserror::Error;

use crate::options::OpeningOrder;
use stats::records::SuiteConfig;

/// An opening file that cannot be used.
#[derive(Debug, Error)]
pub enum SuiteError {
    /// The file could not be read (or is no regular file, or too large).
    #[error("cannot read the opening file {file}: {source}")]
    Read {
        /// The file.
        file: String,
        /// Why.
        source: crate::files::FileError,
    },
    /// A line is not an opening of the game.
    #[error("{file} line {line}: {reason}")]
    Line {
        /// The file.
        file: String,
        /// The 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The file holds no opening at all.
    #[error("the opening file {file} holds no opening: expected one ply list per line")]
    Empty {
        /// The file.
        file: String,
    },
}

/// The openings of `text` (named `file` in errors) for the game `start`
/// (at its start position), in canonical notation, in file order.
pub fn parse_suite(start: &dyn AnyGame, text: &str, file: &str) -> Result<Vec<Vec<String>>, SuiteError> {
    let mut openings = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |reason: String| SuiteError::Line {
            file: file.to_owned(),
            line: n + 1,
            reason,
        };
        let mut game = start.clone_box();
        let mut plies = Vec::new();
        for word in line.split([' ', ',', '\t']).filter(|w| !w.is_empty()) {
            if !game.status().is_ongoing() {
                return Err(bad(format!(
                    "the game is over ({}) before ply {} ({word}); an opening must leave it ongoing",
                    game.status(),
                    plies.len() + 1
                )));
            }
            match game.play(word) {
                Ok(canonical) => plies.push(canonical),
                Err(e) => return Err(bad(format!("ply {} ({word}): {e}", plies.len() + 1))),
            }
        }
        if !game.status().is_ongoing() {
            return Err(bad(format!(
                "these plies end the game ({}); an opening must leave it ongoing",
                game.status()
            )));
        }
        openings.push(plies);
    }
    if openings.is_empty() {
        return Err(SuiteError::Empty {
            file: file.to_owned(),
        });
    }
    Ok(openings)
}

/// A 64-bit FNV-1a hash of the openings in canonical notation (plies
/// joined by spaces, lines by newlines), in hex: what `tournament.json`
/// keeps so that a resume with a changed file is refused. Written out
/// because it must never change between builds (std's hasher may).
pub fn suite_hash(openings: &[Vec<String>]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, opening) in openings.iter().enumerate() {
        if i > 0 {
            hash = fnv_byte(hash, b'\n');
        }
        for (j, ply) in opening.iter().enumerate() {
            if j > 0 {
                hash = fnv_byte(hash, b' ');
            }
            for &b in ply.as_bytes() {
                hash = fnv_byte(hash, b);
            }
        }
    }
    format!("{hash:016x}")
}

fn fnv_byte(hash: u64, byte: u8) -> u64 {
    (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
}

/// A loaded opening suite and the order its lines are played in.
#[derive(Debug)]
pub struct Suite {
    /// The openings, in canonical notation, in file order.
    pub openings: Vec<Vec<String>>,
    /// The order they are played in.
    pub order: OpeningOrder,
    /// What `tournament.json` records of the suite.
    pub config: SuiteConfig,
    /// The shuffle of the last cycle asked for (random order).
    shuffled: Mutex<Option<(u64, Arc<Vec<usize>>)>>,
}

impl Suite {
    /// Reads and checks the opening file `path` for the game `start`.
    pub fn load(start: &dyn AnyGame, path: &Path, order: OpeningOrder) -> Result<Suite, SuiteError> {
        let file = path.display().to_string();
        let bytes = crate::files::read_input(path, &crate::files::OPENING_FILE).map_err(|source| {
            SuiteError::Read {
                file: file.clone(),
                source,
            }
        })?;
        let text = String::from_utf8_lossy(&bytes);
        Ok(Suite::new(parse_suite(start, &text, &file)?, order, file))
    }

    /// A suite of checked `openings` (from the file named `file`).
    pub fn new(openings: Vec<Vec<String>>, order: OpeningOrder, file: String) -> Suite {
        let config = SuiteConfig {
            file,
            order: order.to_string(),
            count: openings.len(),
            hash: suite_hash(&openings),
        };
        Suite {
            openings,
            order,
            config,
            shuffled: Mutex::new(None),
        }
    }

    /// The index of the opening of `round`: rounds go through the suite in
    /// cycles; in random order each cycle is its own seeded shuffle, so
    /// every line is played once before any is played twice.
    pub fn index(&self, seed: u64, round: u64) -> usize {
        let n = self.openings.len() as u64;
        let (cycle, within) = (round / n, (round % n) as usize);
        match self.order {
            OpeningOrder::Sequential => within,
            OpeningOrder::Random => {
                let mut cached = self.shuffled.lock().unwrap_or_else(|p| p.into_inner());
                let perm = match &*cached {
                    Some((c, perm)) if *c == cycle => perm.clone(),
                    _ => {
                        let mut perm: Vec<usize> = (0..self.openings.len()).collect();
                        // A seed of its own: the shuffle does not follow
                        // the random openings or the engines' seeds.
                        let mut rng =
                            SmallRng::seed_from_u64(mix_seed(mix_seed(seed, 0x6f70_656e_696e_6773), cycle));
                        perm.shuffle(&mut rng);
                        let perm = Arc::new(perm);
                        *cached = Some((cycle, perm.clone()));
                        perm
                    }
                };
                perm[within]
            }
        }
    }

    /// The opening of `round`.
    pub fn opening(&self, seed: u64, round: u64) -> &[String] {
        &self.openings[self.index(seed, round)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Box<dyn AnyGame> {
        abstracta::open("tictactoe").unwrap()
    }

    #[test]
    fn parses_lines_comments_and_blank_lines() {
        let text = "# a suite\n\nB2 a1  # centre first\nc3,a3\n   \n";
        let suite = parse_suite(&*start(), text, "s.txt").unwrap();
        assert_eq!(suite, vec![vec!["b2", "a1"], vec!["c3", "a3"]]);
    }

    #[test]
    fn bad_lines_name_the_file_and_line() {
        let cases = [
            ("b2\nb2 b2\n", 2, "ply 2 (b2)"),
            ("# x\n\nzz\n", 3, "ply 1 (zz)"),
            ("a1 b1 a2 b2 a3\n", 1, "end the game"),
            ("a1 b1 a2 b2 a3 c3\n", 1, "before ply 6"),
        ];
        for (text, line, says) in cases {
            let e = parse_suite(&*start(), text, "s.txt").unwrap_err();
            let shown = e.to_string();
            assert!(
                matches!(e, SuiteError::Line { line: l, .. } if l == line),
                "{shown}"
            );
            assert!(shown.starts_with(&format!("s.txt line {line}: ")), "{shown}");
            assert!(shown.contains(says), "{shown}");
        }
        assert!(matches!(
            parse_suite(&*start(), "# nothing\n\n", "s.txt"),
            Err(SuiteError::Empty { .. })
        ));
    }

    #[test]
    fn orders_are_deterministic_and_cover_every_line() {
        let openings: Vec<Vec<String>> = (0..9).map(|i| vec![format!("{i}")]).collect();
        let seq = Suite::new(openings.clone(), OpeningOrder::Sequential, "f".into());
        let order: Vec<usize> = (0..12).map(|r| seq.index(1, r)).collect();
        assert_eq!(order, [0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2]);
        let shuffled = Suite::new(openings.clone(), OpeningOrder::Random, "f".into());
        let again = Suite::new(openings, OpeningOrder::Random, "f".into());
        let first: Vec<usize> = (0..18).map(|r| shuffled.index(7, r)).collect();
        // Asked for out of order, the same rounds get the same lines.
        let second: Vec<usize> = (0..18).rev().map(|r| again.index(7, r)).collect();
        assert_eq!(first, second.into_iter().rev().collect::<Vec<_>>());
        for cycle in first.chunks(9) {
            let mut seen = cycle.to_vec();
            seen.sort_unstable();
            assert_eq!(
                seen,
                (0..9).collect::<Vec<_>>(),
                "each cycle plays every line once"
            );
        }
        assert_ne!(first[..9], first[9..], "each cycle has its own shuffle");
        assert_ne!(first[..9], (0..9).collect::<Vec<_>>());
        let other: Vec<usize> = (0..9).map(|r| shuffled.index(8, r)).collect();
        assert_ne!(first[..9], other[..], "the seed changes the shuffle");
    }

    #[test]
    fn the_hash_follows_the_content() {
        let a = vec![vec!["b2".to_owned(), "a1".to_owned()]];
        let b = vec![vec!["b2".to_owned()], vec!["a1".to_owned()]];
        assert_ne!(suite_hash(&a), suite_hash(&b));
        assert_eq!(suite_hash(&a), suite_hash(&a.clone()));
        assert_eq!(suite_hash(&a).len(), 16);
    }
}
