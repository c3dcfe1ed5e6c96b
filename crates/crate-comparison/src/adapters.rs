//! Our games under the two public crates' traits: a position is the game
//! state, a leaf's evaluation is one [`random_playout`] (the crates expand
//! a node and evaluate it in the same step), and a reward is the half
//! points of the seat that moved into the node, so that the crates' UCT
//! (`C · 2 √(ln N / n)` plus the mean reward) ranks children as ours does
//! (`C √(ln N / n)` plus the mean score in [0, 1]) with the same `C`.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};

use abstracta_core::{Game, PlyBuf, Seat};
use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::{legal_plies, points_for, random_playout};

/// A game position as both crates' game state.
#[derive(Clone, Debug)]
pub struct Position<G>(pub G);

/// The playout generator of a search thread. The crates make thread data
/// by `Default`, so seeds come from a counter: the thread data of one
/// process differ from each other, and a search's seed moves the counter.
#[derive(Debug)]
pub struct PlayoutRng(SmallRng);

static NEXT_SEED: AtomicU64 = AtomicU64::new(0);

impl Default for PlayoutRng {
    fn default() -> Self {
        PlayoutRng(SmallRng::seed_from_u64(NEXT_SEED.fetch_add(1, Ordering::Relaxed)))
    }
}

/// A leaf's evaluation: one playout's half points for the first seat.
fn evaluate<G: Game>(state: &G, rng: Option<&mut SmallRng>) -> u64 {
    let mut game = state.clone();
    match rng {
        Some(rng) => random_playout(&mut game, rng),
        // The root, evaluated when the manager is made (no thread yet).
        None => random_playout(&mut game, &mut SmallRng::seed_from_u64(0)),
    }
}

impl<G: Game> treant::GameState for Position<G> {
    type Move = G::Ply;
    type Player = Seat;
    type MoveList = PlyBuf<G::Ply>;

    fn current_player(&self) -> Seat {
        self.0.to_move_seat()
    }

    fn available_moves(&self) -> PlyBuf<G::Ply> {
        legal_plies(&self.0)
    }

    fn make_move(&mut self, ply: &G::Ply) {
        self.0.play_unchecked(*ply);
    }
}

impl<G: Game> zxqfl_mcts::GameState for Position<G> {
    type Move = G::Ply;
    type Player = Seat;
    type MoveList = PlyBuf<G::Ply>;

    fn current_player(&self) -> Seat {
        self.0.to_move_seat()
    }

    fn available_moves(&self) -> PlyBuf<G::Ply> {
        legal_plies(&self.0)
    }

    fn make_move(&mut self, ply: &G::Ply) {
        self.0.play_unchecked(*ply);
    }
}

/// The evaluator of both crates: a random playout.
#[derive(Debug)]
pub struct PlayoutEvaluator<G>(PhantomData<fn() -> G>);

/// treant's search configuration: UCT, no transposition table, its
/// defaults otherwise (one visit before expansion, no virtual loss).
#[derive(Debug)]
pub struct TreantSpec<G>(PhantomData<fn() -> G>);

impl<G: Game + Send + Sync + 'static> treant::MCTS for TreantSpec<G> {
    type State = Position<G>;
    type Eval = PlayoutEvaluator<G>;
    type TreePolicy = treant::tree_policy::UCTPolicy;
    type NodeData = ();
    type TranspositionTable = ();
    type ExtraThreadData = PlayoutRng;

    fn cycle_behaviour(&self) -> treant::CycleBehaviour<Self> {
        treant::CycleBehaviour::Ignore
    }
}

impl<G: Game + Send + Sync + 'static> treant::Evaluator<TreantSpec<G>> for PlayoutEvaluator<G> {
    type StateEvaluation = u64;

    fn evaluate_new_state(
        &self,
        state: &Position<G>,
        moves: &PlyBuf<G::Ply>,
        handle: Option<treant::SearchHandle<'_, TreantSpec<G>>>,
    ) -> (Vec<()>, u64) {
        let points = match handle {
            Some(mut h) => evaluate(&state.0, Some(&mut h.thread_data().extra_data.0)),
            None => evaluate(&state.0, None),
        };
        (vec![(); moves.len()], points)
    }

    fn evaluate_existing_state(
        &self,
        _: &Position<G>,
        evaluation: &u64,
        _: treant::SearchHandle<'_, TreantSpec<G>>,
    ) -> u64 {
        *evaluation
    }

    fn interpret_evaluation_for_player(&self, evaluation: &u64, player: &Seat) -> i64 {
        points_for(*evaluation, *player) as i64
    }
}

/// zxqfl's mcts 0.3 configuration: UCT, no transposition table, its
/// defaults otherwise.
#[derive(Debug)]
pub struct ZxqflSpec<G>(PhantomData<fn() -> G>);

impl<G: Game + Sync> zxqfl_mcts::MCTS for ZxqflSpec<G> {
    type State = Position<G>;
    type Eval = PlayoutEvaluator<G>;
    type TreePolicy = zxqfl_mcts::tree_policy::UCTPolicy;
    type NodeData = ();
    type TranspositionTable = ();
    type ExtraThreadData = PlayoutRng;

    fn cycle_behaviour(&self) -> zxqfl_mcts::CycleBehaviour<Self> {
        zxqfl_mcts::CycleBehaviour::Ignore
    }
}

impl<G: Game + Sync> zxqfl_mcts::Evaluator<ZxqflSpec<G>> for PlayoutEvaluator<G> {
    type StateEvaluation = u64;

    fn evaluate_new_state(
        &self,
        state: &Position<G>,
        moves: &PlyBuf<G::Ply>,
        handle: Option<zxqfl_mcts::SearchHandle<'_, ZxqflSpec<G>>>,
    ) -> (Vec<()>, u64) {
        let points = match handle {
            Some(mut h) => evaluate(&state.0, Some(&mut h.thread_data().extra_data.0)),
            None => evaluate(&state.0, None),
        };
        (vec![(); moves.len()], points)
    }

    fn evaluate_existing_state(
        &self,
        _: &Position<G>,
        evaluation: &u64,
        _: zxqfl_mcts::SearchHandle<'_, ZxqflSpec<G>>,
    ) -> u64 {
        *evaluation
    }

    fn interpret_evaluation_for_player(&self, evaluation: &u64, player: &Seat) -> i64 {
        points_for(*evaluation, *player) as i64
    }
}

/// A treant search of a position, one thread.
pub struct TreantSearch<G: Game + Send + Sync + 'static> {
    manager: treant::MCTSManager<TreantSpec<G>>,
}

impl<G: Game + Send + Sync + 'static> TreantSearch<G> {
    /// A fresh tree at `position` with UCT constant `c`; `seed` moves the
    /// playout seeds.
    pub fn new(position: G, c: f64, seed: u64) -> Self {
        NEXT_SEED.fetch_add(seed, Ordering::Relaxed);
        let manager = treant::MCTSManager::new(
            Position(position),
            TreantSpec(PhantomData),
            PlayoutEvaluator(PhantomData),
            treant::tree_policy::UCTPolicy::new(c),
            (),
        );
        TreantSearch { manager }
    }

    /// Runs `iterations` playouts; returns the visits the root's children
    /// got (every playout passes one of them).
    pub fn run(mut self, iterations: u64) -> u64 {
        self.manager.playout_n(iterations);
        self.manager.root_child_stats().iter().map(|c| c.visits).sum()
    }
}

/// A search of zxqfl's mcts 0.3 of a position, one thread.
pub struct ZxqflSearch<G: Game + Sync> {
    manager: zxqfl_mcts::MCTSManager<ZxqflSpec<G>>,
}

impl<G: Game + Sync> ZxqflSearch<G> {
    /// A fresh tree at `position` with UCT constant `c`; `seed` moves the
    /// playout seeds.
    pub fn new(position: G, c: f64, seed: u64) -> Self {
        NEXT_SEED.fetch_add(seed, Ordering::Relaxed);
        let manager = zxqfl_mcts::MCTSManager::new(
            Position(position),
            ZxqflSpec(PhantomData),
            PlayoutEvaluator(PhantomData),
            zxqfl_mcts::tree_policy::UCTPolicy::new(c),
            (),
        );
        ZxqflSearch { manager }
    }

    /// Runs `iterations` playouts; returns the visits the root's children
    /// got (every playout passes one of them).
    pub fn run(mut self, iterations: u64) -> u64 {
        self.manager.playout_n(iterations);
        self.manager.tree().root_node().moves().map(|m| m.visits()).sum()
    }
}
