//! [`BatchingEvaluator`]: one evaluator shared by searches running on
//! several threads (self-play games played at once), whose requests are
//! gathered into one batch for the evaluator underneath.

use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use abstracta_core::Game;

use crate::evaluator::{Evaluation, Evaluator, EvaluatorError, Request};

/// The requests of one caller, owned so that another thread can evaluate
/// them.
struct Submission<G: Game> {
    ticket: u64,
    games: Vec<G>,
    plies: Vec<Vec<G::Ply>>,
}

struct State<G: Game> {
    /// Threads that have joined ([`BatchingEvaluator::join`]) and not yet
    /// left: a batch goes to the evaluator once each of them waits.
    members: usize,
    waiting: Vec<Submission<G>>,
    /// The evaluations of submissions already run, by ticket (an error
    /// as its message, given to every caller of the failed batch).
    done: HashMap<u64, Result<Vec<Evaluation>, String>>,
    next_ticket: u64,
}

/// An [`Evaluator`] over another, for searches on several threads at
/// once: each call waits until every thread that has joined is waiting
/// too (or has left), and then one of them runs all their positions as
/// one batch. Self-play with many games at once fills the network's
/// batches this way without changing the searches.
///
/// A thread joins with [`BatchingEvaluator::join`] before it searches
/// and leaves when the returned guard drops; a call from a thread that
/// has not joined is evaluated with whatever is waiting at once.
///
/// ```
/// use std::sync::Arc;
/// use abstracta_core::toy::TicTacToe;
/// use abstracta_core::{Game, PlyBuf};
/// use learn::{BatchingEvaluator, Evaluator, Request, UniformEvaluator};
/// let batching = Arc::new(BatchingEvaluator::<TicTacToe>::new(Arc::new(UniformEvaluator)));
/// // Every thread joins before any asks, so that the first batch waits
/// // for all three.
/// let members: Vec<_> = (0..3).map(|_| batching.join()).collect();
/// std::thread::scope(|scope| {
///     for member in members {
///         let batching = &batching;
///         scope.spawn(move || {
///             let _member = member;
///             let game = TicTacToe::new(Default::default());
///             let mut plies = PlyBuf::new();
///             game.legal_plies(&mut plies);
///             let mut out = Vec::new();
///             batching.evaluate(&[Request { game: &game, plies: &plies }], &mut out).unwrap();
///             assert_eq!(out[0].policy.len(), 9);
///         });
///     }
/// });
/// // The three positions went to the evaluator in one batch.
/// assert_eq!(batching.stats(), (1, 3));
/// ```
pub struct BatchingEvaluator<G: Game> {
    inner: Arc<dyn Evaluator<G>>,
    state: Mutex<State<G>>,
    changed: Condvar,
    batches: AtomicU64,
    positions: AtomicU64,
}

impl<G: Game> fmt::Debug for BatchingEvaluator<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BatchingEvaluator")
            .field("inner", &self.inner.name())
            .field("stats", &self.stats())
            .finish()
    }
}

/// A thread's membership of a [`BatchingEvaluator`]; it leaves when this
/// drops (so that the others stop waiting for it).
#[must_use = "the thread leaves the batching evaluator when the guard drops"]
pub struct Member<G: Game> {
    batching: Arc<BatchingEvaluator<G>>,
}

impl<G: Game> fmt::Debug for Member<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Member")
    }
}

impl<G: Game> Drop for Member<G> {
    fn drop(&mut self) {
        let batching = &self.batching;
        let mut state = batching.lock();
        state.members = state.members.saturating_sub(1);
        // The others may all be waiting now, for no one but this thread.
        batching.changed.notify_all();
    }
}

impl<G: Game> BatchingEvaluator<G> {
    /// Batches calls to `inner`.
    pub fn new(inner: Arc<dyn Evaluator<G>>) -> BatchingEvaluator<G> {
        BatchingEvaluator {
            inner,
            state: Mutex::new(State {
                members: 0,
                waiting: Vec::new(),
                done: HashMap::new(),
                next_ticket: 0,
            }),
            changed: Condvar::new(),
            batches: AtomicU64::new(0),
            positions: AtomicU64::new(0),
        }
    }

    /// Joins the calling thread: until the guard drops, batches wait for
    /// its requests too.
    pub fn join(self: &Arc<Self>) -> Member<G> {
        self.lock().members += 1;
        Member {
            batching: Arc::clone(self),
        }
    }

    /// `(batches, positions)` given to the evaluator underneath so far:
    /// their ratio is the mean batch size.
    pub fn stats(&self) -> (u64, u64) {
        (
            self.batches.load(Ordering::Relaxed),
            self.positions.load(Ordering::Relaxed),
        )
    }

    fn lock(&self) -> MutexGuard<'_, State<G>> {
        // A panic elsewhere leaves the state consistent (every change is
        // made whole under the lock), so a poisoned lock is still usable.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Runs every waiting submission as one batch (the lock released
    /// meanwhile) and files the results.
    fn run_waiting<'a>(&'a self, mut state: MutexGuard<'a, State<G>>) -> MutexGuard<'a, State<G>> {
        let batch = std::mem::take(&mut state.waiting);
        drop(state);
        let requests: Vec<Request<'_, G>> = batch
            .iter()
            .flat_map(|s| s.games.iter().zip(&s.plies))
            .map(|(game, plies)| Request { game, plies })
            .collect();
        let mut out = Vec::with_capacity(requests.len());
        let result = self.inner.evaluate(&requests, &mut out);
        self.batches.fetch_add(1, Ordering::Relaxed);
        self.positions.fetch_add(requests.len() as u64, Ordering::Relaxed);
        drop(requests);
        let mut state = self.lock();
        let mut evaluations = out.into_iter();
        for submission in batch {
            let filed = match &result {
                Ok(()) => Ok(evaluations.by_ref().take(submission.games.len()).collect()),
                Err(e) => Err(e.to_string()),
            };
            state.done.insert(submission.ticket, filed);
        }
        self.changed.notify_all();
        state
    }
}

impl<G: Game> Evaluator<G> for BatchingEvaluator<G> {
    fn evaluate(&self, requests: &[Request<'_, G>], out: &mut Vec<Evaluation>) -> Result<(), EvaluatorError> {
        out.clear();
        if requests.is_empty() {
            return Ok(());
        }
        let mut state = self.lock();
        let ticket = state.next_ticket;
        state.next_ticket += 1;
        state.waiting.push(Submission {
            ticket,
            games: requests.iter().map(|r| r.game.clone()).collect(),
            plies: requests.iter().map(|r| r.plies.to_vec()).collect(),
        });
        loop {
            if let Some(filed) = state.done.remove(&ticket) {
                let evaluations = filed.map_err(EvaluatorError::Inference)?;
                if evaluations.len() != requests.len() {
                    return Err(EvaluatorError::Inference(format!(
                        "{} evaluations for {} positions",
                        evaluations.len(),
                        requests.len()
                    )));
                }
                *out = evaluations;
                return Ok(());
            }
            // Each submission in `waiting` is one thread blocked here;
            // once every member is among them, nothing more will come.
            let all_waiting = state.waiting.len() >= state.members;
            if all_waiting && state.waiting.iter().any(|s| s.ticket == ticket) {
                state = self.run_waiting(state);
            } else {
                state = self.changed.wait(state).unwrap_or_else(|p| p.into_inner());
            }
        }
    }

    fn name(&self) -> String {
        self.inner.name()
    }

    fn check(&self, game: &G) -> Result<(), EvaluatorError> {
        self.inner.check(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::toy::{TicTacToe, TicTacToeKnowledge};
    use abstracta_core::PlyBuf;

    use crate::evaluator::KnowledgeEvaluator;

    #[test]
    fn every_thread_gets_its_own_evaluations_in_full_batches() {
        let inner: Arc<dyn Evaluator<TicTacToe>> = Arc::new(KnowledgeEvaluator::new(TicTacToeKnowledge));
        let batching = Arc::new(BatchingEvaluator::new(Arc::clone(&inner)));
        let openings = ["a1", "b2", "c3 a1", "a2 b1 c1"];
        let members: Vec<_> = openings.iter().map(|_| batching.join()).collect();
        std::thread::scope(|scope| {
            for ((i, opening), member) in openings.iter().enumerate().zip(members) {
                let (batching, inner) = (&batching, &inner);
                scope.spawn(move || {
                    let _member = member;
                    let mut game = TicTacToe::new(Default::default());
                    game.play_list(opening).unwrap();
                    // Threads ask different numbers of times: the batches
                    // go on without those that left.
                    for _ in 0..=i {
                        let mut plies = PlyBuf::new();
                        game.legal_plies(&mut plies);
                        let request = [Request {
                            game: &game,
                            plies: &plies,
                        }];
                        let (mut got, mut alone) = (Vec::new(), Vec::new());
                        batching.evaluate(&request, &mut got).unwrap();
                        inner.evaluate(&request, &mut alone).unwrap();
                        assert_eq!(got, alone, "{opening}");
                        game.play(plies[0]).unwrap();
                    }
                });
            }
        });
        let (batches, positions) = batching.stats();
        assert_eq!(positions, 1 + 2 + 3 + 4);
        // Round r holds one position of each thread still asking.
        assert_eq!(batches, 4);
        // Without members, a call is evaluated at once.
        let game = TicTacToe::new(Default::default());
        let mut plies = PlyBuf::new();
        game.legal_plies(&mut plies);
        let mut out = Vec::new();
        batching
            .evaluate(
                &[Request {
                    game: &game,
                    plies: &plies,
                }],
                &mut out,
            )
            .unwrap();
        assert_eq!(out.len(), 1);
    }
}
