//! `arena selfplay`: an engine plays itself and every searched position
//! is written as a training sample (`learn::selfplay` does the work; this
//! file reads the arguments and reports progress).

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use abstracta::families::{build_at, build_gumbel, build_gumbel_with, build_puct_with, spec_evaluator};
use abstracta::registry::{with_game, GameVisitor, RegisteredGame};
use abstracta_core::mix_seed;
use abstracta_core::search::Search;
use clap::Args;
use learn::selfplay::{run, run_info, Progress, SelfPlay, SelfPlayError, SelfPlayer};
use learn::Evaluator;
use protocol::engine::EngineSpec;
use tournament::Shard;

use crate::error::ArenaError;

/// The most games one group may play at once (`--parallel-games`).
pub const MAX_PARALLEL_GAMES: usize = 1024;

/// The options of `arena selfplay`.
#[derive(Debug, Args)]
pub struct SelfplayArgs {
    /// Game spec, e.g. escabel:size=5.
    pub spec: String,
    /// The engine playing both sides (any in-process family; samples take
    /// its visit counts, or a gumbel engine's improved policy), e.g.
    /// puct:model=net.safetensors,iters=200,noise=0.25,temp=1 or
    /// gumbel:model=net.safetensors,iters=32.
    #[arg(long, default_value = "puct:model=knowledge,iters=200,noise=0.25,temp=1")]
    pub engine: String,
    /// Games of the whole run (every shard).
    #[arg(long)]
    pub games: u64,
    /// The folder of the run: selfplay.json and the .npz chunks. A run
    /// killed part way resumes when started again with the same arguments.
    #[arg(long)]
    pub out: PathBuf,
    /// Games per chunk file (the unit of resumption).
    #[arg(long, default_value_t = 8)]
    pub per_chunk: u64,
    /// Play only shard I of N (games whose number % N == I - 1), as
    /// `tournament --shard`, to spread a run over machines.
    #[arg(long)]
    pub shard: Option<Shard>,
    /// Groups of games played at once (threads), each with its own
    /// evaluator batches.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Games each group plays at once (1 to 1024), their `puct` or
    /// `gumbel` positions going to the network in one batch (the network
    /// read once). The samples are those of one game at a time.
    #[arg(long, default_value_t = 1)]
    pub parallel_games: usize,
    /// The run's seed: game number g is searched with seed mix(seed, g).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

struct Visit<'a> {
    args: &'a SelfplayArgs,
    engine: EngineSpec,
}

impl GameVisitor for Visit<'_> {
    type Output = Result<String, ArenaError>;

    fn visit<G: RegisteredGame>(self, options: G::Options) -> Self::Output {
        let args = self.args;
        let Some(encoding) = G::encoding() else {
            return Err(ArenaError::usage(format!(
                "{} has no action encoding: no samples can be written",
                G::NAME
            )));
        };
        let start = G::new(options);
        let engine = self.engine;
        // Built once up front so that a bad spec or network file (or one
        // of another game or size) is a usage error before any game.
        build_at::<G>(&engine, 1, &start)?;
        let shard = args.shard.map_or((1, 1), |s| (s.number, s.count));
        let selfplay = SelfPlay {
            info: run_info(
                &start,
                encoding,
                &engine.to_string(),
                args.games,
                args.per_chunk,
                args.seed,
            ),
            shard,
            threads: args.concurrency.clamp(1, 256),
            parallel_games: args.parallel_games.clamp(1, MAX_PARALLEL_GAMES),
        };
        // One evaluator (the network read once) for every game, batched
        // over the games of a group.
        let shared = spec_evaluator::<G>(&engine, &start)?;
        let seed = args.seed;
        let make = |g: u64,
                    evaluator: Option<Arc<dyn Evaluator<G>>>|
         -> Result<Box<dyn SelfPlayer<G>>, String> {
            let seed = mix_seed(seed, g + 1);
            match (&engine, evaluator) {
                // Its samples take the improved policy (the paper's target).
                (EngineSpec::Gumbel(options), Some(evaluator)) => {
                    Ok(Box::new(build_gumbel_with::<G>(options, seed, evaluator)) as Box<dyn SelfPlayer<G>>)
                }
                (EngineSpec::Gumbel(options), None) => build_gumbel::<G>(options, seed, None)
                    .map(|search| Box::new(search) as Box<dyn SelfPlayer<G>>),
                (EngineSpec::Puct(options), Some(evaluator)) => {
                    let search: Box<dyn Search<G>> = Box::new(build_puct_with::<G>(options, seed, evaluator));
                    Ok(Box::new(search) as Box<dyn SelfPlayer<G>>)
                }
                (other, _) => build_at::<G>(other, seed, &start)
                    .map(|search: Box<dyn Search<G>>| Box::new(search) as Box<dyn SelfPlayer<G>>),
            }
            .map_err(|e| e.to_string())
        };
        let last = Mutex::new(Instant::now());
        let report = |p: Progress| {
            let Ok(mut last) = last.lock() else { return };
            if p.done == p.total || last.elapsed().as_secs_f64() >= 10.0 {
                *last = Instant::now();
                tournament::stderr!(
                    "selfplay: {}/{} games, {} samples, {:.0}s ({:.1} games/min)",
                    p.done,
                    p.total,
                    p.samples,
                    p.seconds,
                    60.0 * p.done as f64 / p.seconds.max(1e-9)
                );
            }
        };
        let started = Instant::now();
        let summary =
            run(&selfplay, &start, encoding, &args.out, &make, shared, &report).map_err(|e| match e {
                SelfPlayError::OtherRun { .. } | SelfPlayError::Engine(_) => ArenaError::usage(e.to_string()),
                other => ArenaError::Failed(other.to_string()),
            })?;
        let batches = if summary.evaluator_batches > 0 {
            format!(
                ", evaluator batches of {:.1} positions on average",
                summary.evaluated_positions as f64 / summary.evaluator_batches as f64
            )
        } else {
            String::new()
        };
        Ok(format!(
            "{} games played ({} already done), {} samples in {} chunks, {:.1}s{batches}, in {}\n",
            summary.played,
            summary.skipped,
            summary.samples,
            summary.chunks,
            started.elapsed().as_secs_f64(),
            args.out.display()
        ))
    }
}

/// `arena selfplay`: runs (or resumes) the self-play and says what it did.
pub fn selfplay_command(args: &SelfplayArgs) -> Result<String, ArenaError> {
    if args.games == 0 || args.per_chunk == 0 {
        return Err(ArenaError::usage("--games and --per-chunk must be at least 1"));
    }
    if !(1..=MAX_PARALLEL_GAMES).contains(&args.parallel_games) {
        return Err(ArenaError::usage(format!(
            "--parallel-games must be from 1 to {MAX_PARALLEL_GAMES}, not {}",
            args.parallel_games
        )));
    }
    let engine: EngineSpec = args.engine.parse()?;
    if matches!(engine, EngineSpec::Cmd { .. }) {
        return Err(ArenaError::usage(
            "selfplay runs in-process engines only (not cmd:)",
        ));
    }
    with_game(&args.spec, Visit { args, engine })?
}
