//! `arena suite make|run`: solved-position suites and the accuracy of
//! engines on them, as the `bench` library crate makes and runs them; this
//! file only reads the arguments and prints.

use std::path::PathBuf;
use std::time::Duration;

use bench::make::{make_suite, MakeSettings};
use bench::run::{format_summary, parse_budget, run_suite, RunSettings};
use bench::suite::{read_suite, write_suite};
use clap::{Args, Subcommand};

use crate::error::ArenaError;

/// The options of `arena suite`.
#[derive(Debug, Args)]
pub struct SuiteArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: SuiteCommand,
}

/// `arena suite make` or `arena suite run`.
#[derive(Debug, Subcommand)]
pub enum SuiteCommand {
    /// Make a solved-position suite: seeded random positions proven by a
    /// solver, each checked by exhaustive minimax or a second solver. The
    /// same arguments give the same file (see docs/suites.md).
    Make {
        /// Game spec, e.g. escabel:size=3.
        spec: String,
        /// The file to write (JSON Lines).
        #[arg(long)]
        out: PathBuf,
        /// Positions wanted (a third per difficulty class where possible).
        #[arg(long, default_value_t = 240)]
        count: usize,
        /// Seed of the random positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random plies from the start: MIN-MAX.
        #[arg(long, default_value = "2-12")]
        plies: String,
        /// The solver; it must value every ply (pns with plies=all).
        #[arg(long, default_value = "pns:nodes=300000")]
        solver: String,
        /// The second solver for positions too large for exhaustive
        /// minimax ("none": drop them).
        #[arg(long, default_value = "mcts:iters=20000,seed=1")]
        second: String,
        /// The most distinct positions exhaustive minimax may visit.
        #[arg(long, default_value_t = 300_000)]
        oracle_limit: usize,
        /// The most candidate positions to try.
        #[arg(long, default_value_t = 4_000)]
        candidates: usize,
        /// An engine that plays the second half of each candidate's plies
        /// (with an iteration budget and one thread, e.g.
        /// mcts:iters=50,threads=1); default: uniformly random plies.
        #[arg(long)]
        walk: Option<String>,
    },
    /// Run engines on a suite: the share of positions where the chosen ply
    /// keeps the proven value, per budget and difficulty class, with 95%
    /// intervals.
    Run {
        /// The suite file.
        file: PathBuf,
        /// An engine, NAME=SPEC or SPEC (repeatable; cmd: engines too).
        #[arg(long = "engine", required = true)]
        engines: Vec<String>,
        /// Budgets per position, comma-separated: iterations (100,1000) or
        /// seconds (0.1s).
        #[arg(long, default_value = "1000")]
        budgets: String,
        /// A folder to journal into and resume from.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Positions answered at once (default: the cores).
        #[arg(long)]
        concurrency: Option<usize>,
        /// Base seed of the engines.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
    },
}

fn failed(e: impl std::fmt::Display) -> ArenaError {
    ArenaError::usage(e.to_string())
}

/// A NAME=SPEC or SPEC engine argument as (name, spec); a bare spec is
/// named by itself.
pub fn named_engine(text: &str) -> (String, String) {
    match text.split_once('=') {
        Some((name, spec)) if !name.contains(':') && !name.is_empty() => (name.to_owned(), spec.to_owned()),
        _ => (text.to_owned(), text.to_owned()),
    }
}

/// `arena suite ...`.
pub fn suite_command(args: &SuiteArgs) -> Result<String, ArenaError> {
    match &args.command {
        SuiteCommand::Make {
            spec,
            out,
            count,
            seed,
            plies,
            solver,
            second,
            oracle_limit,
            candidates,
            walk,
        } => {
            let (low, high) = plies
                .split_once('-')
                .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)))
                .ok_or_else(|| {
                    ArenaError::usage(format!("bad --plies {plies:?}: expected MIN-MAX, e.g. 2-12"))
                })?;
            let settings = MakeSettings {
                spec: spec.clone(),
                count: *count,
                seed: *seed,
                plies: (low, high),
                solver: solver.clone(),
                second: (second != "none").then(|| second.clone()),
                oracle_limit: *oracle_limit,
                max_candidates: *candidates,
                walk: walk.clone(),
            };
            let (positions, report) = make_suite(&settings).map_err(failed)?;
            write_suite(out, &positions).map_err(failed)?;
            let mut text = format!(
                "wrote {} positions to {}\ncandidates {}, repeated or over {}, unsolved {}, trivial {}, unchecked {}, spare {}\nchecked by exhaustive minimax {}, by the second solver {}\n",
                positions.len(),
                out.display(),
                report.candidates,
                report.duplicates_or_over,
                report.unsolved,
                report.trivial,
                report.unchecked,
                report.spare,
                report.checked_exact,
                report.checked_second
            );
            for class in bench::suite::Difficulty::ALL {
                let n = positions.iter().filter(|p| p.difficulty == class).count();
                text.push_str(&format!("{class}: {n}\n"));
            }
            for d in &report.disagreements {
                text.push_str(&format!("DISAGREEMENT (dropped): {d}\n"));
            }
            Ok(text)
        }
        SuiteCommand::Run {
            file,
            engines,
            budgets,
            out,
            concurrency,
            seed,
            json,
        } => {
            let suite = read_suite(file).map_err(failed)?;
            let budgets = budgets
                .split(',')
                .map(parse_budget)
                .collect::<Result<Vec<_>, _>>()
                .map_err(failed)?;
            let settings = RunSettings {
                suite,
                suite_file: file.display().to_string(),
                engines: engines.iter().map(|e| named_engine(e)).collect(),
                budgets,
                out: out.clone(),
                concurrency: *concurrency,
                seed: *seed,
                timeout: Duration::from_secs(60),
            };
            let summary = run_suite(&settings, &|_| {}).map_err(failed)?;
            Ok(if *json {
                serde_json::to_string_pretty(&summary).expect("a summary serializes") + "\n"
            } else {
                format_summary(&summary)
            })
        }
    }
}

/// The options of `arena anchors`: play and fit a game's anchor pool.
#[derive(Debug, Args)]
pub struct AnchorsArgs {
    /// Game spec, e.g. escabel:size=5.
    pub spec: String,
    /// The pool file to write (default: ratings/SPEC.json).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The folder of the round robin's games (resumable).
    #[arg(long)]
    pub games_dir: PathBuf,
    /// Games per pairing.
    #[arg(long, default_value_t = 20)]
    pub games: u64,
    /// Random opening plies per game pair.
    #[arg(long, default_value_t = 2)]
    pub opening_plies: u32,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long)]
    pub concurrency: Option<usize>,
}

/// The options of `arena ladder` and `arena scaling`.
#[derive(Debug, Args)]
pub struct LadderArgs {
    /// Game spec of a pool, e.g. escabel:size=5.
    pub spec: String,
    /// The engine to rate ([NAME=]SPEC); `arena scaling` takes several
    /// (repeat --engine), drawn as one curve each.
    #[arg(long = "engine", required = true)]
    pub engines: Vec<String>,
    /// The anchor pool (default: ratings/SPEC.json).
    #[arg(long)]
    pub pool: Option<PathBuf>,
    /// Rounds; each plays the two anchors nearest the estimate so far.
    #[arg(long, default_value_t = 3)]
    pub rounds: u32,
    /// Games against each of the two anchors per round.
    #[arg(long, default_value_t = 10)]
    pub games: u64,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// A folder for the games (resumable); a temporary one otherwise.
    #[arg(long)]
    pub games_dir: Option<PathBuf>,
    /// `arena scaling` only: iterations, comma-separated.
    #[arg(long)]
    pub budgets: Option<String>,
    /// `arena scaling` only: an SVG plot of rating against budget.
    #[arg(long)]
    pub plot: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// The default pool file of a game spec: `ratings/SPEC.json`.
pub fn default_pool_path(spec: &str) -> PathBuf {
    let canonical = abstracta::registry::canonical_spec(spec).unwrap_or_else(|_| spec.to_owned());
    PathBuf::from("ratings").join(format!("{}.json", canonical.replace([':', '=', ','], "-")))
}

/// `arena anchors`.
pub fn anchors_command(args: &AnchorsArgs) -> Result<String, ArenaError> {
    use bench::ladder::{make_pool, standard_anchors, write_pool, PoolSettings};
    let out = args.out.clone().unwrap_or_else(|| default_pool_path(&args.spec));
    let command = format!(
        "arena anchors {} --out {} --games-dir DIR --games {} --opening-plies {} --seed {}",
        args.spec,
        out.display(),
        args.games,
        args.opening_plies,
        args.seed
    );
    let pool = make_pool(&PoolSettings {
        spec: args.spec.clone(),
        anchors: standard_anchors(),
        games: args.games,
        opening_plies: args.opening_plies,
        seed: args.seed,
        out: args.games_dir.clone(),
        concurrency: args.concurrency,
        command,
    })
    .map_err(failed)?;
    write_pool(&out, &pool).map_err(failed)?;
    let mut text = format!(
        "{}: {} games, first-move advantage {:+.0} Elo; wrote {}\n",
        pool.spec,
        pool.games,
        pool.first_move_elo,
        out.display()
    );
    for a in &pool.anchors {
        text.push_str(&format!(
            "{:<10} {:>7.0} [{:.0}, {:.0}]  {}\n",
            a.name, a.elo, a.low, a.high, a.engine
        ));
    }
    Ok(text)
}

fn ladder_settings(args: &LadderArgs) -> Result<bench::ladder::LadderSettings, ArenaError> {
    let engine = args
        .engines
        .first()
        .map(|e| named_engine(e).1)
        .unwrap_or_default();
    let path = args.pool.clone().unwrap_or_else(|| default_pool_path(&args.spec));
    let pool = bench::ladder::read_pool(&path).map_err(failed)?;
    Ok(bench::ladder::LadderSettings {
        pool,
        engine,
        rounds: args.rounds,
        games_per_anchor: args.games,
        seed: args.seed,
        concurrency: args.concurrency,
        out: args.games_dir.clone(),
    })
}

/// `arena ladder`.
pub fn ladder_command(args: &LadderArgs) -> Result<String, ArenaError> {
    if args.engines.len() != 1 {
        return Err(ArenaError::usage(format!(
            "arena ladder rates one engine, not {} (arena scaling takes several)",
            args.engines.len()
        )));
    }
    let result = bench::ladder::ladder(&ladder_settings(args)?).map_err(failed)?;
    if args.json {
        return Ok(serde_json::to_string_pretty(&result).expect("a result serializes") + "\n");
    }
    let mut text = format!(
        "{} on the {} scale: {:.0} [{:.0}, {:.0}] Elo from {} games\n",
        result.engine,
        result.spec,
        result.rating.elo,
        result.rating.low,
        result.rating.high,
        result.rating.games
    );
    for (i, round) in result.rounds.iter().enumerate() {
        let parts: Vec<String> = round.iter().map(|(a, n, p)| format!("{p}/{n} vs {a}")).collect();
        text.push_str(&format!("round {}: {}\n", i + 1, parts.join(", ")));
    }
    Ok(text)
}

/// `arena scaling`: each engine's rating at each budget; with several
/// engines their curves share one plot, and with `--games-dir DIR` the
/// report is also written to `DIR/scaling.json` (which `arena serve`'s
/// benchmarks page shows).
pub fn scaling_command(args: &LadderArgs) -> Result<String, ArenaError> {
    let budgets: Vec<u64> = args
        .budgets
        .as_deref()
        .unwrap_or("100,1000")
        .split(',')
        .map(|b| b.trim().parse::<u64>().ok().filter(|&n| n > 0))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| {
            ArenaError::usage("bad --budgets: expected iterations, comma-separated, e.g. 100,1000")
        })?;
    let engines: Vec<(String, String)> = args.engines.iter().map(|e| named_engine(e)).collect();
    let report =
        bench::ladder::scaling_report(&ladder_settings(args)?, &engines, &budgets).map_err(failed)?;
    if let Some(dir) = &args.games_dir {
        bench::ladder::write_scaling(&dir.join("scaling.json"), &report).map_err(failed)?;
    }
    if let Some(path) = &args.plot {
        let series: Vec<bench::plot::Series> = report
            .curves
            .iter()
            .map(|c| bench::plot::Series {
                name: c.name.clone(),
                points: c
                    .points
                    .iter()
                    .map(|p| {
                        let r = p.result.rating;
                        (p.iterations as f64, r.elo, r.low, r.high)
                    })
                    .collect(),
            })
            .collect();
        bench::plot::budget_plot(
            path,
            &format!("{}: rating against iterations", args.spec),
            "Elo",
            &series,
        )
        .map_err(failed)?;
    }
    if args.json {
        return Ok(serde_json::to_string_pretty(&report).expect("a report serializes") + "\n");
    }
    let mut text = String::new();
    for c in &report.curves {
        text.push_str(&format!(
            "{} ({}) on the {} scale\n",
            c.name, c.engine, report.spec
        ));
        for p in &c.points {
            let r = p.result.rating;
            text.push_str(&format!(
                "{:>8} iterations: {:>6.0} [{:.0}, {:.0}] Elo ({} games)\n",
                p.iterations, r.elo, r.low, r.high, r.games
            ));
        }
    }
    Ok(text)
}

/// The options of `arena plot`.
#[derive(Debug, Args)]
pub struct PlotArgs {
    /// What to draw.
    #[command(subcommand)]
    pub command: PlotCommand,
}

/// `arena plot suite` or `arena plot match`.
#[derive(Debug, Subcommand)]
pub enum PlotCommand {
    /// Suite accuracy against budget, one line per engine, from a suite
    /// run's summary.json (`arena suite run --out DIR`).
    Suite {
        /// The summary.json of a suite run.
        summary: PathBuf,
        /// The SVG file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// A match's Elo (and with --sprt its LLR) over its games, from a
    /// tournament folder.
    Match {
        /// The tournament folder (with games.jsonl).
        dir: PathBuf,
        /// Player A's name.
        #[arg(long)]
        a: String,
        /// Player B's name.
        #[arg(long)]
        b: String,
        /// The SPRT's hypotheses ELO0,ELO1 for the LLR panel.
        #[arg(long)]
        sprt: Option<String>,
        /// The SVG file to write.
        #[arg(long)]
        out: PathBuf,
    },
}

/// `arena plot`.
pub fn plot_command(args: &PlotArgs) -> Result<String, ArenaError> {
    use tournament::files::{read_input, GAME_RECORDS};
    match &args.command {
        PlotCommand::Suite { summary, out } => {
            let kind = tournament::files::InputKind {
                what: "a suite run's summary (JSON)",
                limit: 64 * 1024 * 1024,
            };
            let bytes = read_input(summary, &kind).map_err(failed)?;
            let summary: bench::run::RunSummary = serde_json::from_slice(&bytes).map_err(|e| {
                ArenaError::usage(format!(
                    "{}: expected a suite run's summary: {e}",
                    summary.display()
                ))
            })?;
            let mut series: Vec<bench::plot::Series> = Vec::new();
            for row in summary.rows.iter().filter(|r| r.class.is_none()) {
                let Ok(x) = row.budget.parse::<f64>() else {
                    continue;
                };
                let point = (x, row.share, row.low, row.high);
                match series.iter_mut().find(|s| s.name == row.engine) {
                    Some(s) => s.points.push(point),
                    None => series.push(bench::plot::Series {
                        name: row.engine.clone(),
                        points: vec![point],
                    }),
                }
            }
            let title = format!("accuracy on {}", summary.suite);
            bench::plot::budget_plot(out, &title, "share keeping the proven value", &series)
                .map_err(failed)?;
            Ok(format!("wrote {} ({} engines)\n", out.display(), series.len()))
        }
        PlotCommand::Match { dir, a, b, sprt, out } => {
            let bytes = read_input(&dir.join("games.jsonl"), &GAME_RECORDS).map_err(failed)?;
            let records =
                stats::records::parse_games_jsonl(&String::from_utf8_lossy(&bytes)).map_err(failed)?;
            let sprt = match sprt {
                Some(text) => {
                    let (e0, e1) = text
                        .split_once(',')
                        .and_then(|(x, y)| {
                            Some((x.trim().parse::<f64>().ok()?, y.trim().parse::<f64>().ok()?))
                        })
                        .ok_or_else(|| {
                            ArenaError::usage(format!("bad --sprt {text:?}: expected ELO0,ELO1"))
                        })?;
                    Some(stats::Sprt::new(e0, e1))
                }
                None => None,
            };
            let (elo, llr) = bench::plot::match_course(&records, a, b, sprt.as_ref());
            if elo.is_empty() {
                return Err(ArenaError::usage(format!(
                    "{} holds no games of {a} against {b}",
                    dir.display()
                )));
            }
            let bounds = sprt.as_ref().map(|s| s.bounds());
            let panel = bounds.map(|(lo, hi)| (llr.as_slice(), lo, hi));
            bench::plot::match_plot(out, &format!("{a} against {b}"), &elo, panel).map_err(failed)?;
            Ok(format!("wrote {} ({} games)\n", out.display(), elo.len()))
        }
    }
}
