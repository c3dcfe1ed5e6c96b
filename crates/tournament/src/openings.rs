//! `arena openings`: makes a balanced opening suite. Seeded random
//! openings of a fixed length are searched briefly, and kept if the search
//! gives the side to move a win rate inside a window around 50% and no
//! opening kept before reached the same position (by its hash). The file
//! is what `arena tournament --openings file:PATH` reads.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;

use abstracta::mix_seed;
use thiserror::Error;

use protocol::engine::{run_search, search_spec, Overrides};
use rayon::prelude::*;

use crate::error::TournamentError;
use crate::write_atomically;

/// A win-rate window `LOW-HIGH`, e.g. `0.4-0.6`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    /// The lowest win rate kept.
    pub low: f64,
    /// The highest win rate kept.
    pub high: f64,
}

/// A `--window` that is not `LOW-HIGH` with `0 <= LOW <= HIGH <= 1`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad window {0:?}: expected LOW-HIGH with 0 <= LOW <= HIGH <= 1, e.g. 0.4-0.6")]
pub struct WindowError(pub String);

impl std::str::FromStr for Window {
    type Err = WindowError;
    fn from_str(s: &str) -> Result<Window, WindowError> {
        let bad = || WindowError(s.to_owned());
        let (low, high) = s.split_once('-').ok_or_else(bad)?;
        let low: f64 = low.trim().parse().map_err(|_| bad())?;
        let high: f64 = high.trim().parse().map_err(|_| bad())?;
        if !(0.0..=1.0).contains(&low) || !(0.0..=1.0).contains(&high) || low > high {
            return Err(bad());
        }
        Ok(Window { low, high })
    }
}

impl std::fmt::Display for Window {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.low, self.high)
    }
}

/// What `arena openings` is asked to make.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteRequest {
    /// The game spec.
    pub spec: String,
    /// How many openings to keep.
    pub count: usize,
    /// Plies per opening.
    pub plies: u32,
    /// The engine that scores them: an engine spec of any in-process
    /// family whose searches give a win rate (`mcts`, not `random`).
    pub engine: String,
    /// The win rates kept, for the side to move after the opening.
    pub window: Window,
    /// The seed of the random openings and the searches.
    pub seed: u64,
    /// Random openings tried at most (default: 100 per opening asked for).
    pub tries: Option<u64>,
    /// Searches run at once (the suite does not depend on it).
    pub concurrency: usize,
}

/// One opening kept, with the win rate its search gave the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    /// The plies, in canonical notation.
    pub plies: Vec<String>,
    /// The search's win rate for the side to move after them.
    pub win_rate: f64,
}

/// A suite made: the openings kept, in the order found, and how many
/// random openings were tried.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The openings kept.
    pub kept: Vec<Kept>,
    /// Random openings tried.
    pub tries: u64,
}

/// Makes the suite `request` asks for. The same request gives the same
/// suite, whatever its concurrency (with one search thread per search:
/// several make the searches, and so the win rates, vary).
pub fn generate(request: &SuiteRequest) -> Result<Generated, TournamentError> {
    if request.count == 0 {
        return Err(TournamentError::usage("--count must be at least 1"));
    }
    if request.plies == 0 {
        return Err(TournamentError::usage(
            "--plies must be at least 1: every opening of 0 plies is the start position",
        ));
    }
    let engine = search_spec(&request.engine)?;
    let start = abstracta::open(&request.spec)?;
    let limit = request
        .tries
        .unwrap_or_else(|| (request.count as u64).saturating_mul(100));
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    let mut tries = 0;
    // Candidates are searched in batches of `concurrency`, on a pool of
    // that many threads, and judged in the order they were drawn: the
    // suite is the one a single thread would make.
    let workers = request.concurrency.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .build()
        .map_err(|e| TournamentError::Failed(format!("starting {workers} search threads: {e}")))?;
    'search: while kept.len() < request.count && tries < limit {
        let mut batch = Vec::new();
        while batch.len() < workers && tries < limit {
            let try_index = tries;
            tries += 1;
            let plies = crate::schedule::opening(&*start, request.seed, try_index, request.plies);
            if plies.len() < request.plies as usize {
                // Every continuation ended the game: too short to keep.
                continue;
            }
            let mut game = start.clone_box();
            for ply in &plies {
                game.play(ply).map_err(|e| {
                    TournamentError::Failed(format!("a random opening could not be replayed: {e}"))
                })?;
            }
            if seen.insert(game.hash()) {
                batch.push((try_index, plies, game));
            }
        }
        let win_rates: Vec<_> = pool.install(|| {
            batch
                .par_iter()
                .map(|(try_index, _, game)| {
                    let overrides = Overrides {
                        seed: Some(mix_seed(request.seed, try_index + 1)),
                        ..Overrides::default()
                    };
                    run_search(&**game, &engine, &overrides).map(|r| (r.win_rate, r.proof))
                })
                .collect()
        });
        for ((try_index, plies, _), win_rate) in batch.into_iter().zip(win_rates) {
            let win_rate = match win_rate? {
                (Some(w), _) => w,
                // A proven position without a value (a solver family
                // that only proves) is scored by its proof.
                (None, Some(proof)) => match proof {
                    abstracta::search::Proof::Win => 1.0,
                    abstracta::search::Proof::Loss => 0.0,
                    abstracta::search::Proof::Draw => 0.5,
                },
                (None, None) => {
                    return Err(TournamentError::usage(format!(
                        "engine {} gives no win rate to score openings by; use a family that evaluates \
                         positions, e.g. mcts[:OPTIONS]",
                        request.engine
                    )))
                }
            };
            if (request.window.low..=request.window.high).contains(&win_rate) {
                kept.push(Kept { plies, win_rate });
                if kept.len() == request.count {
                    tries = try_index + 1;
                    break 'search;
                }
            }
        }
    }
    if kept.len() < request.count {
        return Err(TournamentError::Failed(format!(
            "found only {} of {} openings in {tries} random openings tried (distinct positions: {}); \
             widen --window, change --plies or allow more --tries",
            kept.len(),
            request.count,
            seen.len()
        )));
    }
    Ok(Generated { kept, tries })
}

/// The suite file: a header saying how it was made, then one opening per
/// line with its win rate as a comment.
pub fn suite_text(request: &SuiteRequest, generated: &Generated) -> String {
    let spec = abstracta::registry::canonical_spec(&request.spec).unwrap_or_else(|_| request.spec.clone());
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Opening suite for {spec}: {} openings of {} plies.",
        generated.kept.len(),
        request.plies
    );
    let _ = writeln!(
        text,
        "# Made by: arena openings {spec} --count {} --plies {} --engine {} --window {} --seed {}",
        request.count, request.plies, request.engine, request.window, request.seed
    );
    let _ = writeln!(
        text,
        "# Seeded random openings kept when a search gave the side to move a win rate within {}, \
         unique by position; {} kept of {} tried.",
        request.window,
        generated.kept.len(),
        generated.tries
    );
    let _ = writeln!(text, "# One opening per line; the comment is that win rate.");
    for k in &generated.kept {
        let _ = writeln!(text, "{}  # {:.3}", k.plies.join(" "), k.win_rate);
    }
    text
}

/// `arena openings`: makes the suite and writes it to `out` (atomically;
/// an existing regular file only with `force`). Returns a one-line report.
pub fn openings_command(request: &SuiteRequest, out: &Path, force: bool) -> Result<String, TournamentError> {
    // A link counts as there even when it leads nowhere.
    let exists = || out.symlink_metadata().is_ok();
    let refuse = || {
        TournamentError::usage(format!(
            "{} exists; pass --force to replace it, or choose another --out",
            out.display()
        ))
    };
    if exists() && !force {
        return Err(refuse());
    }
    // A folder, FIFO or device is refused before the suite is made.
    crate::files::check_replaceable(out)?;
    let generated = generate(request)?;
    if exists() && !force {
        return Err(refuse());
    }
    write_atomically(out, &suite_text(request, &generated))?;
    Ok(format!(
        "wrote {} openings of {} plies to {} ({} random openings tried)\n",
        generated.kept.len(),
        request.plies,
        out.display(),
        generated.tries
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> SuiteRequest {
        SuiteRequest {
            spec: "tictactoe".into(),
            count: 6,
            plies: 2,
            engine: "mcts:iters=300".into(),
            window: "0.3-0.9".parse().unwrap(),
            seed: 3,
            tries: None,
            concurrency: 1,
        }
    }

    #[test]
    fn windows() {
        assert_eq!("0.4-0.6".parse::<Window>(), Ok(Window { low: 0.4, high: 0.6 }));
        for bad in ["0.6-0.4", "0.4", "x-1", "0.5-1.5", "-0.1-0.5"] {
            assert!(bad.parse::<Window>().is_err(), "{bad}");
        }
    }

    #[test]
    fn suites_are_unique_in_window_and_reproducible() {
        let r = request();
        let a = generate(&r).unwrap();
        assert_eq!(a.kept.len(), 6);
        assert_eq!(a, generate(&r).unwrap(), "the same seed makes the same suite");
        for concurrency in [2, 5] {
            let b = generate(&SuiteRequest {
                concurrency,
                ..r.clone()
            })
            .unwrap();
            assert_eq!(a, b, "searches at once do not change the suite");
        }
        let start = abstracta::open("tictactoe").unwrap();
        let mut hashes = HashSet::new();
        for k in &a.kept {
            assert!((0.3..=0.9).contains(&k.win_rate), "{k:?}");
            let mut g = start.clone_box();
            for p in &k.plies {
                g.play(p).unwrap();
            }
            assert!(hashes.insert(g.hash()), "{k:?} repeats a position");
        }
        let text = suite_text(&r, &a);
        let parsed = crate::suite::parse_suite(&*start, &text, "s").unwrap();
        assert_eq!(parsed, a.kept.iter().map(|k| k.plies.clone()).collect::<Vec<_>>());
        let other = generate(&SuiteRequest { seed: 4, ..r.clone() }).unwrap();
        assert_ne!(a, other);
    }

    #[test]
    fn too_narrow_a_window_fails_clearly() {
        let r = SuiteRequest {
            window: "0-0".parse().unwrap(),
            tries: Some(20),
            ..request()
        };
        let e = generate(&r).unwrap_err().to_string();
        assert!(
            e.contains("found only 0 of 6") && e.contains("20 random openings"),
            "{e}"
        );
        assert!(generate(&SuiteRequest {
            engine: "random".into(),
            ..request()
        })
        .is_err());
    }
}
