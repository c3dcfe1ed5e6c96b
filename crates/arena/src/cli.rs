//! The command line: clap definitions and dispatch.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::error::ArenaError;
use crate::play::Controller;
use protocol::engine::DEFAULT_ENGINE;
use stats::Sprt;
use tournament::{Format, Resign, Shard, StopHandle, TimeControl, TournamentSettings};

/// What `arena --help` says about engine specs and their memory.
pub const ENGINES_HELP: &str = "Games: escabel, swack, ecalper, epaminondas, whirlwind (and the toy
tictactoe). A game spec is NAME[:KEY=VALUE,...], e.g. escabel:size=7 or
whirlwind:size=12,setup=b; arena --help lists each game's keys.
Engines: best (the default), random, mcts[:KEY=VALUE,...], alphabeta[:...],
pns[:...], hybrid[:...], puct[:model=FILE,...], gumbel[:model=FILE,...] or
cmd:PROGRAM ARGS; a tournament
player is NAME=ENGINE, e.g. --player a=mcts:iters=2000.
MCTS memory: nodes=N caps the search tree (default nodes=8000000); a node takes
about 46 bytes, so the default takes up to about 370 MB per search. Memory is
taken as the tree grows (up to about 16 MB per 100 ms of one thread), and a
tournament runs two searches per game at once. Arena warns when nodes= asks
for more memory than the machine has.";

/// What `arena --help` (the long help) says after the commands: the
/// engines, then every `mcts` option from the search's own table
/// (`mcts::option_docs`), experimental ones marked, so the list cannot
/// drift from what the search accepts.
pub fn long_help() -> String {
    let mut text = format!("{ENGINES_HELP}\n\n{}", games_help());
    text.push_str("\nEngine specs (FAMILY[:KEY=VALUE,...]):\n");
    for family in abstracta::families::FAMILIES {
        text.push_str(&format!("  {}\n", family.form));
    }
    text.push_str("\nMCTS options (mcts:KEY=VALUE,...; the games' defaults where none is given):\n");
    for option in mcts::option_docs() {
        let mark = if option.experimental {
            " [experimental]"
        } else {
            ""
        };
        text.push_str(&format!(
            "  {:<20} {}{mark} (default: {})\n",
            option.form, option.doc, option.default
        ));
    }
    text
}

/// Every registered game with the keys its spec takes (the registry's own
/// lists, so help cannot drift from what specs accept).
fn games_help() -> String {
    struct Keys;
    impl abstracta::registry::GameVisitor for Keys {
        type Output = String;
        fn visit<G: abstracta::registry::RegisteredGame>(self, options: G::Options) -> String {
            use abstracta::GameOptions;
            let keys: Vec<String> = <G::Options as GameOptions>::KEYS
                .iter()
                .map(|&key| match options.board_size() {
                    Some(size) if key == "size" => format!("size (default {size})"),
                    _ => key.to_owned(),
                })
                .collect();
            keys.join(", ")
        }
    }
    let mut text = String::from("Game specs (NAME[:KEY=VALUE,...]; RULES.md describes each option):\n");
    for name in abstracta::registry::game_names() {
        let keys = abstracta::registry::with_game(name, Keys).unwrap_or_default();
        text.push_str(&format!("  {name:<12} keys: {keys}\n"));
    }
    text
}

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
    #[command(after_long_help = TOURNAMENT_STATS_HELP)]
    Tournament(TournamentArgs),
    /// Merge tournament directories (shards) and print the table.
    Merge {
        /// The directories to merge.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// Write the merged games.jsonl and summary.json here.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Evaluate an SPRT on every pairing:
        /// `ELO0,ELO1[,alpha=A][,beta=B][,model=logistic|normalized]`.
        #[arg(long)]
        sprt: Option<Sprt>,
    },
    /// Fit one rating list (Elo with 95% intervals) to all games of
    /// tournament folders.
    #[command(long_about = RATINGS_HELP)]
    Ratings(RatingsArgs),
    /// Tune numeric engine-spec keys (c, prior, eval, ...) by SPSA over
    /// games between the engine at perturbed values.
    #[command(long_about = TUNE_HELP)]
    Tune(TuneArgs),
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
        /// Print one JSON object (as `arena analysis` answers; any engine
        /// but cmd:).
        #[arg(long)]
        json: bool,
    },
    /// Solve a position: its proven value, every winning ply, nodes and
    /// time.
    #[command(after_help = crate::solve::SOLVE_HELP)]
    Solve(crate::solve::SolveArgs),
    /// Solved-position suites: make one, or run engines on one (see
    /// docs/suites.md and docs/benchmarks.md).
    Suite(crate::benchmarks::SuiteArgs),
    /// Play a game's anchor pool (a round robin of fixed-budget engines)
    /// and write its rating scale (ratings/SPEC.json).
    Anchors(crate::benchmarks::AnchorsArgs),
    /// Rate an engine on a game's fixed scale by playing the anchors
    /// nearest its estimate.
    Ladder(crate::benchmarks::LadderArgs),
    /// Rate an engine at a series of iteration budgets on a game's fixed
    /// scale (--budgets), optionally drawing the curve (--plot).
    Scaling(crate::benchmarks::LadderArgs),
    /// Draw SVG plots: suite accuracy against budget, a match over its
    /// games.
    Plot(crate::benchmarks::PlotArgs),
    /// Analyse positions given as JSON queries on stdin, one answer per
    /// line on stdout, several at once (see docs/analysis.md).
    #[command(after_help = server::analysis::HELP)]
    Analysis {
        /// Search threads of a query whose engine names no threads= (1 to
        /// 1024).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Queries searched at once (1 to 1024; default: cores / --threads).
        #[arg(long)]
        max_queries_at_once: Option<usize>,
    },
    /// Make a balanced opening suite for `tournament --openings file:PATH`:
    /// seeded random openings kept when a short search scores them inside
    /// a win-rate window, unique by position.
    Openings {
        /// Game spec.
        spec: String,
        /// How many openings to keep.
        #[arg(long)]
        count: usize,
        /// Plies per opening.
        #[arg(long, default_value_t = 4)]
        plies: u32,
        /// The engine that scores each opening (a family that gives win
        /// rates, such as mcts; one thread keeps the suite reproducible).
        #[arg(long, default_value = "mcts:iters=2000")]
        engine: String,
        /// Keep openings whose win rate for the side to move is in LOW-HIGH.
        #[arg(long, default_value = "0.4-0.6")]
        window: tournament::openings::Window,
        /// Seed of the random openings and the searches.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random openings to try at most (default: 100 per opening asked
        /// for).
        #[arg(long)]
        tries: Option<u64>,
        /// Searches run at once (default: cores / engine threads); the
        /// suite is the same whatever it is.
        #[arg(long)]
        concurrency: Option<usize>,
        /// The file to write (replaced atomically).
        #[arg(long)]
        out: PathBuf,
        /// Replace --out if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Self-play for training: an engine plays itself and every searched
    /// position is written as a sample (.npz chunks; see docs/learning.md).
    Selfplay(crate::selfplay::SelfplayArgs),
    /// Serve the web viewer and player (tournaments, games, play, analysis).
    Serve(crate::serve_args::ServeArgs),
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
        /// Instead: plain UCT and the engine at 1 and N threads (N: the
        /// largest --threads, else the machine's cores), from the start
        /// and a fixed middle game, interleaved rounds, medians and
        /// speed-ups; --seconds is one thread's search time per engine and
        /// position (try 2).
        #[arg(long)]
        scaling: bool,
    },
}

/// What `arena tournament --help` says about the statistics.
pub const TOURNAMENT_STATS_HELP: &str = "Statistics: games come in colour-swapped pairs
from one opening (schedule indices 2k and 2k+1). Each pairing's Elo, nElo
(normalized Elo: (s - 0.5) / sqrt(2 var) * 800 / ln 10), LOS and SPRT come
from the pentanomial counts of its complete pairs, printed as
Ptnml(0-2): [LL, LD, WL+DD, WD, WW]. Games whose partner is missing are
left out and counted apart; when most games lack theirs (a single shard) or
every pair scored alike, all games are counted one by one (trinomial). The
SPRT's LLR is the generalized log-likelihood ratio of those counts (as
fastchess computes it). A round-robin of three or more players ends with a
rating list (see arena ratings --help).";

/// What `arena ratings --help` says about the model.
pub const RATINGS_HELP: &str = "Fit one rating list to all games of tournament folders.

One maximum-likelihood fit over every game of every player found in the
folders: Bradley-Terry in logistic Elo units with a first-player advantage
term (as Ordo and BayesElo), a draw counting as half a win and half a loss
(Ordo's choice, so two players' ratings differ by about their pairing's
Elo). Each pair of players that met gets --prior virtual draws (BayesElo's
device; it keeps a perfect score finite). The 95% intervals come from the
sandwich covariance with colour-swapped game pairs as clusters; they are
relative to the anchor (--anchor NAME=ELO, which has none of its own) or,
by default, to the mean rating, which is 0.

One name is one player in every folder; a name with different engine specs
in different folders is refused. Folders of the same tournament (shards and
their merge) count each game once.";

/// What `arena tune --help` says about the method.
pub const TUNE_HELP: &str = "Tune numeric engine-spec keys by SPSA over games.

Every iteration moves each --param up or down by its current perturbation
(signs at random, seeded), plays --pairs colour-swapped game pairs between
the engine at the plus values and at the minus values, and moves each value
towards the side that won: by a_k / c_k * (plus wins - minus wins) * sign,
kept in its range. The perturbation c_k falls to the param's step at the
last iteration; the learning rate a_k / c_k^2 falls to --rate (SPSA's usual
exponents 0.101 and 0.602, stability constant a tenth of --iterations).

--out keeps tune.json (the settings) and tune.jsonl (one line per finished
iteration with the values after it); the same command resumes a stopped
run, other settings are refused. The result is a starting point: check it
with a tournament against the defaults.";

/// The options of `arena tune`.
#[derive(Debug, Args)]
pub struct TuneArgs {
    /// Game spec.
    pub spec: String,
    /// The engine the tuned keys are added to (mcts only; its budget is
    /// the budget of every game).
    #[arg(long, default_value = "mcts:time=100ms")]
    pub engine: String,
    /// A tuned key: KEY=START,MIN..MAX[,step=S] (S: the last
    /// perturbation, default a twentieth of the range). Repeatable.
    #[arg(long = "param", required = true)]
    pub params: Vec<tournament::tune::Param>,
    /// Iterations of the run.
    #[arg(long, default_value_t = 200)]
    pub iterations: u64,
    /// Colour-swapped game pairs per iteration.
    #[arg(long, default_value_t = 1)]
    pub pairs: u64,
    /// The learning rate a_k / c_k^2 at the last iteration.
    #[arg(long, default_value_t = 0.05)]
    pub rate: f64,
    /// Random opening plies of each pair.
    #[arg(long, default_value_t = 2)]
    pub opening_plies: u32,
    /// Seed of the perturbations, openings and engines.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (default: cores / engine threads).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// The folder that records the run (and resumes it).
    #[arg(long)]
    pub out: PathBuf,
    /// Print one JSON object (settings, every iteration, result) at the end
    /// instead of the text report.
    #[arg(long)]
    pub json: bool,
}

/// The options of `arena ratings`.
#[derive(Debug, Args)]
pub struct RatingsArgs {
    /// Tournament folders (written by `arena tournament --out`).
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Fix a player's rating: NAME=ELO (default: mean rating 0).
    #[arg(long, value_parser = parse_anchor)]
    pub anchor: Option<(String, f64)>,
    /// Virtual draws per pair of players that met (0: pure maximum
    /// likelihood, where a perfect score is an error).
    #[arg(long, default_value_t = 1.0)]
    pub prior: f64,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// An `--anchor` that is not `NAME=ELO`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad anchor {0:?}: expected NAME=ELO, e.g. random=0")]
pub struct AnchorArgError(pub String);

fn parse_anchor(s: &str) -> Result<(String, f64), AnchorArgError> {
    let bad = || AnchorArgError(s.to_owned());
    let (name, elo) = s.rsplit_once('=').ok_or_else(bad)?;
    let elo: f64 = elo.trim().parse().map_err(|_| bad())?;
    if name.trim().is_empty() || !elo.is_finite() || elo.abs() > 1e6 {
        return Err(bad());
    }
    Ok((name.trim().to_owned(), elo))
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
    /// Openings: random:PLIES (seeded random plies), none, or
    /// file:PATH[,order=sequential|random] (one ply list per line, `#`
    /// comments; random order is a seeded shuffle). Each opening is played
    /// twice, colours exchanged.
    #[arg(long, default_value = "random:2", value_parser = tournament::parse_openings)]
    pub openings: tournament::Openings,
    /// round-robin or gauntlet (the first player against the others).
    #[arg(long, default_value = "round-robin")]
    pub format: Format,
    /// Run an SPRT on every pairing (stops it once decided):
    /// `ELO0,ELO1[,alpha=A][,beta=B][,model=logistic|normalized]`; alpha and
    /// beta default to 0.05, the model to logistic Elo. The LLR comes from
    /// the pentanomial counts of the colour-swapped pairs.
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
    if let Ok(spec) = engine.parse::<protocol::engine::EngineSpec>() {
        if let Some(w) = protocol::engine::memory_warning(&spec, 1, protocol::engine::machine_memory()) {
            tournament::stderr!("{w}");
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
        CommandLine::Analyze {
            spec,
            moves,
            engine,
            json,
        } => {
            if json {
                print(&crate::commands::analyze_json_command(&spec, &moves, &engine)?)
            } else {
                print(&crate::commands::analyze_command(&spec, &moves, &engine)?)
            }
        }
        CommandLine::Solve(args) => print(&crate::solve::solve_command(&args)?),
        CommandLine::Suite(args) => print(&crate::benchmarks::suite_command(&args)?),
        CommandLine::Anchors(args) => print(&crate::benchmarks::anchors_command(&args)?),
        CommandLine::Ladder(args) => print(&crate::benchmarks::ladder_command(&args)?),
        CommandLine::Scaling(args) => print(&crate::benchmarks::scaling_command(&args)?),
        CommandLine::Plot(args) => print(&crate::benchmarks::plot_command(&args)?),
        CommandLine::Selfplay(args) => print(&crate::selfplay::selfplay_command(&args)?),
        CommandLine::Analysis {
            threads,
            max_queries_at_once,
        } => {
            use abstracta_core::search::MAX_THREADS;
            use server::analysis::MAX_QUERIES_AT_ONCE;
            if !(1..=MAX_THREADS).contains(&threads) {
                return Err(ArenaError::usage(format!(
                    "bad --threads {threads}: expected 1 to {MAX_THREADS}"
                )));
            }
            if let Some(n) = max_queries_at_once.filter(|n| !(1..=MAX_QUERIES_AT_ONCE).contains(n)) {
                return Err(ArenaError::usage(format!(
                    "bad --max-queries-at-once {n}: expected 1 to {MAX_QUERIES_AT_ONCE}"
                )));
            }
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            let options = server::analysis::AnalysisOptions {
                threads,
                max_queries: max_queries_at_once.unwrap_or((cores / threads).max(1)),
                ..Default::default()
            };
            server::analysis::serve(std::io::stdin().lock(), std::io::stdout(), &options);
            Ok(())
        }
        CommandLine::Openings {
            spec,
            count,
            plies,
            engine,
            window,
            seed,
            tries,
            concurrency,
            out,
            force,
        } => {
            warn_memory(&engine);
            if concurrency == Some(0) {
                return Err(ArenaError::usage("--concurrency must be at least 1"));
            }
            let threads = engine
                .parse::<protocol::engine::EngineSpec>()
                .map_or(1, |e| e.threads())
                .max(1);
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            let request = tournament::openings::SuiteRequest {
                spec,
                count,
                plies,
                engine,
                window,
                seed,
                tries,
                concurrency: concurrency.unwrap_or((cores / threads).max(1)),
            };
            let report = tournament::openings::openings_command(&request, &out, force)?;
            tournament::stderr!("{}", report.trim_end());
            Ok(())
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
                registry: abstracta::Registry::standard(),
                spec: args.spec,
                players: args.players,
                games: args.games,
                concurrency: args.concurrency,
                seed: args.seed,
                opening_plies: match args.openings {
                    tournament::Openings::Random(plies) => plies,
                    tournament::Openings::File(_) => 0,
                },
                opening_file: match args.openings {
                    tournament::Openings::File(file) => Some(file),
                    tournament::Openings::Random(_) => None,
                },
                format: args.format,
                sprt: args.sprt,
                out: args.out,
                shard: args.shard,
                timeout: Duration::from_secs_f64(args.timeout),
                tc: args.tc,
                player_tc: args.player_tc,
                time_margin: Duration::from_millis(args.time_margin),
                resign: args.resign,
            };
            let stop = StopHandle::new();
            if let Some(dir) = &settings.out {
                crate::signals::stop_cleanly_on_signals(dir.clone(), settings.sprt, stop.clone())?;
            }
            let mut bar = crate::progress::Bar::new(true);
            let summary = tournament::run_with(&settings, &mut bar, &stop);
            if stop.is_stopped() {
                // Only the signal thread sets it, and that thread writes
                // summary.json and ends the process with 128 + the signal:
                // returning here would race it to the exit code.
                loop {
                    std::thread::park();
                }
            }
            print(&tournament::format_table(&summary?))
        }
        CommandLine::Merge { dirs, out, sprt } => {
            let summary = tournament::merge(&dirs, out.as_deref(), sprt)?;
            print(&tournament::format_table(&summary))
        }
        CommandLine::Tune(args) => {
            if args.concurrency == Some(0) {
                return Err(ArenaError::usage("--concurrency must be at least 1"));
            }
            let config = tournament::tune::TuneConfig {
                spec: args.spec,
                engine: args.engine,
                params: args.params,
                iterations: args.iterations,
                pairs: args.pairs,
                rate: args.rate,
                opening_plies: args.opening_plies,
                seed: args.seed,
            };
            let json = args.json;
            let mut progress = |it: &tournament::tune::Iteration, c: &tournament::tune::TuneConfig| {
                if !json {
                    let values: Vec<String> = c
                        .params
                        .iter()
                        .zip(&it.theta)
                        .map(|(p, v)| format!("{}={v:.4}", p.key))
                        .collect();
                    tournament::stderr!(
                        "iteration {}/{}: plus {} minus {} draws {} -> {}",
                        it.iteration + 1,
                        c.iterations,
                        it.plus_wins,
                        it.minus_wins,
                        it.draws,
                        values.join(" ")
                    );
                }
            };
            let report = tournament::tune::run(config, &args.out, args.concurrency, &mut progress)?;
            if json {
                print(&(serde_json::to_string_pretty(&report).unwrap_or_default() + "\n"))
            } else {
                print(&tournament::tune::format_report(&report))
            }
        }
        CommandLine::Ratings(args) => {
            let options = stats::FitOptions {
                anchor: args.anchor,
                prior: args.prior,
            };
            let list = tournament::rate_folders(&args.dirs, &options)?;
            if args.json {
                print(&(serde_json::to_string_pretty(&list).unwrap_or_default() + "\n"))
            } else {
                print(&stats::format_ratings(&list))
            }
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
            let session = protocol::Session::new(&spec, &engine)?;
            protocol::serve(session, std::io::stdin().lock(), std::io::stdout())
                .map_err(|e| ArenaError::io("serving the engine protocol", e))
        }
        CommandLine::Serve(args) => {
            server::serve_command(&args.options()).map_err(|e| ArenaError::Failed(e.to_string()))
        }
        CommandLine::Bench {
            specs,
            threads,
            seconds,
            engine,
            json,
            scaling: true,
        } => {
            let report = crate::bench::bench_scaling(&specs, &threads, seconds, &engine)?;
            if json {
                print(&(serde_json::to_string(&report).unwrap_or_default() + "\n"))
            } else {
                print(&crate::bench::format_scaling(&report))
            }
        }
        CommandLine::Bench {
            specs,
            threads,
            seconds,
            engine,
            json,
            scaling: false,
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
    if let Some(code) = protocol::engine::watchdog::run_if_asked() {
        return code;
    }
    // External engines are started through this binary's watchdog, so
    // that they end with arena however arena ends.
    if let Ok(exe) = std::env::current_exe() {
        protocol::engine::watchdog::install(exe);
    }
    let matches = Cli::command().after_long_help(long_help()).get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match run(cli) {
        Ok(()) => 0,
        Err(e) if crate::output::is_broken_pipe(&e) => 0,
        Err(e) => {
            tournament::stderr!("arena: {e}");
            e.exit_code()
        }
    }
}
