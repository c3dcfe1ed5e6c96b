//! The command line: clap definitions and dispatch.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::engine::DEFAULT_ENGINE;
use crate::error::ArenaError;
use crate::play::Controller;
use crate::stats::Sprt;
use crate::tournament::{self, Format, Resign, Shard, TimeControl, TournamentSettings};

/// What `arena --help` says about engine specs and their memory.
pub const ENGINES_HELP: &str = "Engines: random, mcts[:KEY=VALUE,...] or cmd:PROGRAM ARGS.
MCTS memory: nodes=N caps the search tree (default nodes=2000000); a node takes
about 41 bytes, so the default takes about 85 MB per search, and a tournament
runs two searches per game at once. Arena warns when nodes= asks for more
memory than the machine has.";

/// Tournaments, perft, engine protocol, terminal play and benchmarks for
/// abstracta games.
#[derive(Debug, Parser)]
#[command(name = "arena", version, about, long_about = None, after_help = ENGINES_HELP)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: CommandLine,
}

/// One of arena's commands.
#[derive(Debug, Subcommand)]
pub enum CommandLine {
    /// Count the leaves of the ply tree: one `d COUNT` line per depth.
    Perft {
        /// Game spec, e.g. escabel:size=7.
        spec: String,
        /// Plies from the start position, separated by spaces or commas.
        #[arg(long, default_value = "")]
        moves: String,
        /// Deepest depth.
        #[arg(long)]
        depth: u32,
    },
    /// Print the status after some plies: ongoing, black, white or draw.
    Status {
        /// Game spec.
        spec: String,
        /// Plies from the start position.
        #[arg(long, default_value = "")]
        moves: String,
    },
    /// Print the board, who is to move and the status.
    Show {
        /// Game spec.
        spec: String,
        /// Plies from the start position.
        #[arg(long, default_value = "")]
        moves: String,
    },
    /// Play a tournament between engines.
    Tournament(TournamentArgs),
    /// Merge tournament directories (shards) and print the table.
    Merge {
        /// The directories to merge.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// Write the merged games.jsonl and summary.json here.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Evaluate an SPRT on every pairing: ELO0,ELO1.
        #[arg(long)]
        sprt: Option<Sprt>,
    },
    /// Play in the terminal, humans against engines.
    Play {
        /// Game spec.
        spec: String,
        /// Who plays Black: human or an engine spec.
        #[arg(long, default_value = "human")]
        black: String,
        /// Who plays White: human or an engine spec.
        #[arg(long, default_value = DEFAULT_ENGINE)]
        white: String,
    },
    /// Serve an engine over stdin/stdout (see docs/protocol.md).
    Engine {
        /// Game spec of the first game (newgame can change it).
        spec: String,
        /// The engine.
        #[arg(long, default_value = DEFAULT_ENGINE)]
        engine: String,
    },
    /// Analyse a position: best ply, win rate, principal variation.
    Analyze {
        /// Game spec.
        spec: String,
        /// Plies from the start position.
        #[arg(long, default_value = "")]
        moves: String,
        /// The engine.
        #[arg(long, default_value = DEFAULT_ENGINE)]
        engine: String,
    },
    /// Serve the web viewer and player (tournaments, games, play, analysis).
    Serve(crate::serve::ServeArgs),
    /// Measure playouts, perft and MCTS speed.
    Bench {
        /// Game specs (default: the five games at their default size).
        specs: Vec<String>,
        /// MCTS thread counts, e.g. 1,2,4.
        #[arg(long, value_delimiter = ',', default_value = "1")]
        threads: Vec<usize>,
        /// Seconds per measurement.
        #[arg(long, default_value_t = 1.0)]
        seconds: f64,
        /// The MCTS options to measure, without iterations, time or threads
        /// (e.g. mcts:rave=off).
        #[arg(long, default_value = "mcts")]
        engine: String,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// The options of `arena tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// Game spec.
    pub spec: String,
    /// A player: NAME=ENGINE (at least two).
    #[arg(long = "player", value_parser = parse_player, required = true)]
    pub players: Vec<(String, String)>,
    /// Games per pairing (played in pairs with colours exchanged).
    #[arg(long, default_value_t = 10)]
    pub games: u64,
    /// Games played at once (default: cores / engine threads).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Seed of the openings and engines.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Openings: random:PLIES (seeded random plies) or none.
    #[arg(long, default_value = "random:2", value_parser = tournament::parse_openings)]
    pub openings: u32,
    /// round-robin or gauntlet (the first player against the others).
    #[arg(long, default_value = "round-robin")]
    pub format: Format,
    /// Run an SPRT: ELO0,ELO1 (stops a pairing once decided).
    #[arg(long)]
    pub sprt: Option<Sprt>,
    /// Record games.jsonl and summary.json here; rerun to resume.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Play only shard I of N of the schedule, e.g. 2/8.
    #[arg(long)]
    pub shard: Option<Shard>,
    /// Seconds an external (cmd:) engine may take for one answer.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// Every player's clock: BASE+INC (seconds: BASE at the start, INC
    /// added after each of its plies, e.g. 10+0.1), BASE, or st=SECONDS (a
    /// fixed time per ply, e.g. st=0.2). A ply beyond the clock (and
    /// --timemargin) loses the game with reason `time`. Built-in mcts
    /// players then search by the clock (their time= and iters= are not
    /// used); cmd: engines are told it with the protocol's `clock` command.
    #[arg(long, value_parser = clap::value_parser!(TimeControl))]
    pub tc: Option<TimeControl>,
    /// One player's clock, replacing --tc for it: NAME=TC (TC as for --tc)
    /// or NAME=none (no clock). Repeatable.
    #[arg(long = "player-tc", value_parser = tournament::parse_player_tc)]
    pub player_tc: Vec<(String, Option<TimeControl>)>,
    /// Milliseconds a ply may go beyond its clock before it loses on time.
    #[arg(long = "timemargin", default_value_t = 0)]
    pub time_margin: u64,
    /// Resign adjudication: plies=N,winrate=W ends a game as won when, for N
    /// consecutive plies, the engines to move reported win rates that agree
    /// the same side wins (its own at least W, the other's at most 1 - W).
    /// Reason `resign`.
    #[arg(long, value_parser = clap::value_parser!(Resign))]
    pub resign: Option<Resign>,
}

/// A `--player` that is not `NAME=ENGINE`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad player {0:?}: expected NAME=ENGINE, e.g. uct=mcts:iters=2000")]
pub struct PlayerArgError(pub String);

fn parse_player(s: &str) -> Result<(String, String), PlayerArgError> {
    match s.split_once('=') {
        Some((name, engine)) if !name.trim().is_empty() && !engine.trim().is_empty() => {
            Ok((name.trim().to_owned(), engine.trim().to_owned()))
        }
        _ => Err(PlayerArgError(s.to_owned())),
    }
}

fn print(text: &str) -> Result<(), ArenaError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| ArenaError::io("writing to stdout", e))
}

/// Warns when an engine spec given on the command line asks for more
/// memory than the machine has (a spec that does not parse is left to the
/// command to refuse).
fn warn_memory(engine: &str) {
    if let Ok(spec) = engine.parse::<crate::engine::EngineSpec>() {
        if let Some(w) = crate::engine::memory_warning(&spec, 1, crate::engine::machine_memory()) {
            crate::stderr!("{w}");
        }
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), ArenaError> {
    match &cli.command {
        CommandLine::Analyze { engine, .. } | CommandLine::Engine { engine, .. } => warn_memory(engine),
        CommandLine::Play { black, white, .. } => {
            warn_memory(black);
            warn_memory(white);
        }
        _ => {}
    }
    match cli.command {
        CommandLine::Perft { spec, moves, depth } => {
            crate::commands::perft_command(&spec, &moves, depth, std::io::stdout().lock())
        }
        CommandLine::Status { spec, moves } => {
            let word = crate::commands::status_command(&spec, &moves)?;
            print(&format!("{word}\n"))
        }
        CommandLine::Show { spec, moves } => print(&crate::commands::show_command(&spec, &moves)?),
        CommandLine::Analyze { spec, moves, engine } => {
            print(&crate::commands::analyze_command(&spec, &moves, &engine)?)
        }
        CommandLine::Tournament(args) => {
            if !(args.timeout.is_finite() && args.timeout > 0.0 && args.timeout < 1e6) {
                return Err(ArenaError::usage(format!(
                    "bad --timeout {}: expected a number of seconds above 0",
                    args.timeout
                )));
            }
            if args.concurrency == Some(0) {
                return Err(ArenaError::usage("--concurrency must be at least 1"));
            }
            let settings = TournamentSettings {
                spec: args.spec,
                players: args.players,
                games: args.games,
                concurrency: args.concurrency,
                seed: args.seed,
                opening_plies: args.openings,
                format: args.format,
                sprt: args.sprt,
                out: args.out,
                shard: args.shard,
                timeout: Duration::from_secs_f64(args.timeout),
                tc: args.tc,
                player_tc: args.player_tc,
                time_margin: Duration::from_millis(args.time_margin),
                resign: args.resign,
                progress: true,
            };
            if let Some(dir) = &settings.out {
                tournament::stop_cleanly_on_signals(dir.clone(), settings.sprt)?;
            }
            let summary = tournament::run(&settings)?;
            print(&tournament::format_table(&summary))
        }
        CommandLine::Merge { dirs, out, sprt } => {
            let summary = tournament::merge(&dirs, out.as_deref(), sprt)?;
            print(&tournament::format_table(&summary))
        }
        CommandLine::Play { spec, black, white } => {
            let black: Controller = black.parse()?;
            let white: Controller = white.parse()?;
            let echo = !std::io::stdin().is_terminal();
            crate::play::play_command(
                echo,
                &spec,
                &black,
                &white,
                std::io::stdin().lock(),
                std::io::stdout(),
            )
        }
        CommandLine::Engine { spec, engine } => {
            let session = crate::protocol::Session::new(&spec, &engine)?;
            crate::protocol::serve(session, std::io::stdin().lock(), std::io::stdout())
                .map_err(|e| ArenaError::io("serving the engine protocol", e))
        }
        CommandLine::Serve(args) => crate::serve::serve_command(&args.options()),
        CommandLine::Bench {
            specs,
            threads,
            seconds,
            engine,
            json,
        } => {
            let report = crate::bench::bench(&specs, &threads, seconds, &engine)?;
            if json {
                print(&(serde_json::to_string(&report).unwrap_or_default() + "\n"))
            } else {
                print(&crate::bench::format_report(&report))
            }
        }
    }
}

/// Parses the process arguments, runs the command and returns the exit
/// code (clap's own usage errors exit 2 as well).
pub fn main_exit_code() -> i32 {
    if let Some(code) = crate::engine::watchdog::run_if_asked() {
        return code;
    }
    // External engines are started through this binary's watchdog, so
    // that they end with arena however arena ends.
    if let Ok(exe) = std::env::current_exe() {
        crate::engine::watchdog::install(exe);
    }
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => 0,
        Err(e) if crate::output::is_broken_pipe(&e) => 0,
        Err(e) => {
            crate::stderr!("arena: {e}");
            e.exit_code()
        }
    }
}
