//! What the workers of one search share: the tree, the options resolved
//! against the game's defaults, the budget and the stop.

use super::*;

/// An iteration counter alone on two cache lines (a line and the one
/// fetched with it).
#[derive(Debug, Default)]
#[repr(align(128))]
pub(crate) struct IterationCounter(pub AtomicU64);

/// Everything the workers of one search share.
pub(crate) struct Shared<'a, G: Game, K, Pol> {
    pub tree: &'a Tree<G::Ply>,
    pub root_state: &'a G,
    /// The game's knowledge (usually zero-sized).
    pub knowledge: &'a K,
    pub policy: &'a Pol,
    pub opts: &'a MctsOptions,
    pub rave: bool,
    /// The exploration constant for this search (see
    /// [`MctsOptions::exploration_with`]).
    pub exploration: f64,
    pub slots: usize,
    /// Decisive and forced plies in use at expansion and in playouts (see
    /// [`MctsOptions::decisive`]).
    pub decisive_tree: bool,
    pub decisive_playouts: bool,
    /// Guided playout plies in use instead of the policy's.
    pub guided: bool,
    /// Plies per seat in the RAVE pools of playouts (0: no pools), and
    /// the chance that a playout ply is drawn from them.
    pub pool_size: usize,
    pub pool_chance: f64,
    /// Playout plies before the evaluation ends a playout (0: never).
    pub eval_after: u32,
    /// Virtual visits a new child gets at its prior win rate (0: no
    /// priors).
    pub prior_visits: u32,
    /// Whether playouts take every ply from the policy and record
    /// nothing (no cap, evaluation, decisive, pool, guided or MAST plies,
    /// no AMAF or history): plain UCT's playouts, which then run a loop
    /// of their own.
    pub plain_playouts: bool,
    /// The fewest children for which expansion makes a child map for the
    /// RAVE update (`usize::MAX`: never).
    pub map_min_children: usize,
    /// Visits a descent adds to each node of its path until backup, all
    /// losses ([`MctsOptions::virtual_loss_in_use`]).
    pub virtual_loss: u32,
    /// Whether expansions take their nodes and child maps from per-worker
    /// reserves ([`Tree::alloc_reserved`]): with several threads on one
    /// tree (one thread takes exactly what it needs, so its trees, node
    /// counts and cap stay those of an exact allocation).
    pub reserve: bool,
    /// Whether this search's worker is the only one writing the tree (one
    /// thread, or root parallelism with a tree per thread): statistics
    /// are then updated by plain loads and stores, not locked adds, and
    /// expansion claims a node without a compare-and-swap.
    pub exclusive: bool,
    /// How long a node's choice of child stands ([`MctsOptions::rescan_in_use_with`]).
    pub rescan: u32,
    /// GRAVE: the real visits a node needs for its descendants to score
    /// with its RAVE statistics (0: off; RAVE only).
    pub grave_ref: u32,
    /// Whether the workers keep an action history (per seat, the average
    /// reward of each claimed cell), for MAST or Progressive History.
    pub history: bool,
    /// MAST playouts, and their temperature and epsilon.
    pub mast: Mast,
    pub mast_temperature: f64,
    pub mast_epsilon: f64,
    /// The Progressive History weight (0: off).
    pub history_weight: f64,
    /// PUCT selection, and its constant.
    pub puct: bool,
    pub cpuct: f64,
    /// Whether selection scores children by `score_variants` (GRAVE,
    /// Progressive History or PUCT) instead of `score_children`.
    pub variant_scoring: bool,
    /// Where PUCT's policy comes from.
    pub policy_source: &'a dyn PolicySource<G, K>,
    pub budget: Option<u64>,
    /// Iterations claimed so far, on cache lines of their own: every
    /// worker adds to it once per batch, and the fields around it are
    /// read at every iteration.
    pub started: IterationCounter,
    /// Iterations a worker claims from `started` at a time.
    pub batch: u64,
    pub deadline: Option<Instant>,
    pub stop: &'a StopHandle,
    pub done: AtomicBool,
}

impl<'a, G: Game, K: SearchKnowledge<G>, Pol: PlayoutPolicy<G>> Shared<'a, G, K, Pol> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        tree: &'a Tree<G::Ply>,
        root_state: &'a G,
        knowledge: &'a K,
        policy: &'a Pol,
        opts: &'a MctsOptions,
        budget: Option<u64>,
        deadline: Option<Instant>,
        stop: &'a StopHandle,
    ) -> Self {
        let slots = knowledge.claimable_cells(root_state);
        let rave = opts.rave && K::CLAIMS.any() && slots > 0;
        // The game's defaults for what the user's spec leaves unset.
        let game = MctsOptions::game_defaults(G::NAME);
        let decisive = opts.decisive_with(&game);
        // The action history names plies by the cell they claim: games
        // whose plies claim none have no identity to keep it by.
        let history_usable = K::CLAIMS.any() && slots > 0;
        let mast = if history_usable { opts.mast } else { Mast::Off };
        let history_weight = if history_usable { opts.history_weight } else { 0.0 };
        let grave_ref = if rave { opts.grave_ref } else { 0 };
        let puct = opts.select == Select::Puct;
        let guided = Pol::DEFAULT && opts.guided_with(&game);
        let pool_size = if rave { opts.pool_with(&game) as usize } else { 0 };
        let eval_after = opts.eval_after_with(&game);
        let history = mast != Mast::Off || history_weight > 0.0;
        let plain_playouts = !decisive.in_playouts()
            && !guided
            && pool_size == 0
            && eval_after == 0
            && opts.playout_cap.is_none()
            && !(rave && K::CLAIMS != Claims::Revocable)
            && !history
            && mast == Mast::Off;
        Shared {
            tree,
            root_state,
            knowledge,
            policy,
            opts,
            rave,
            exploration: opts.exploration_with(&game, rave),
            slots,
            decisive_tree: decisive.in_tree(),
            decisive_playouts: decisive.in_playouts(),
            guided,
            pool_size,
            pool_chance: f64::from(opts.pool_percent) / 100.0,
            eval_after,
            prior_visits: opts.prior_visits_with(&game),
            plain_playouts,
            map_min_children: if rave { MAP_MIN_CHILDREN } else { usize::MAX },
            virtual_loss: opts.virtual_loss_in_use(),
            reserve: opts.thread_count() > 1 && !opts.root_parallel,
            exclusive: opts.thread_count() == 1 || opts.root_parallel,
            rescan: opts.rescan_in_use_with(&game),
            grave_ref,
            history,
            mast,
            mast_temperature: opts.mast_temperature,
            mast_epsilon: opts.mast_epsilon.clamp(0.0, 1.0),
            history_weight,
            puct,
            cpuct: opts.cpuct,
            variant_scoring: grave_ref > 0 || history_weight > 0.0 || puct,
            policy_source: &PriorsPolicy,
            budget,
            started: IterationCounter::default(),
            batch: match budget {
                Some(b) if opts.thread_count() > 1 => (b / (opts.thread_count() as u64 * 64)).clamp(1, 16),
                _ => 1,
            },
            deadline,
            stop,
            done: AtomicBool::new(false),
        }
    }

    /// Claims the next `batch` iterations of the budget; returns how many
    /// were claimed before (a plain load and store for an exclusive
    /// worker, which claims one at a time).
    #[inline]
    pub(super) fn claim_iterations(&self) -> u64 {
        let started = &self.started.0;
        if self.exclusive {
            let first = started.load(Ordering::Relaxed);
            started.store(first + self.batch, Ordering::Relaxed);
            first
        } else {
            started.fetch_add(self.batch, Ordering::Relaxed)
        }
    }

    /// Whether the root is proven (with the solver on).
    pub(super) fn root_proven(&self) -> bool {
        self.opts.solver && self.tree.root().proof() != UNPROVEN
    }
}
