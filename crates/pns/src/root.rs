//! The root of a solve: the value for the seat to move, then each root
//! ply's value, through the df-pn core's questions, and the search result.

use std::time::Duration;

use abstracta_core::knowledge::Knowledge;
use abstracta_core::search::{ChildStats, Proof, SearchResult};
use abstracta_core::time::Instant;
use abstracta_core::{Game, PlyBuf, Status};

use crate::solver::{Flags, Limits, Solver};
use crate::table::{Table, INFINITE};

/// One ply of the root with what is known of it.
struct RootChild<P> {
    ply: P,
    proof: Option<Proof>,
    /// Proof-number estimate of the mover's chance: dn / (pn + dn).
    estimate: f64,
    work: u64,
}

impl<P> RootChild<P> {
    /// Sort rank: proven wins, unproven, draws, losses.
    fn rank(&self) -> u8 {
        match self.proof {
            Some(Proof::Win) => 0,
            None => 1,
            Some(Proof::Draw) => 2,
            Some(Proof::Loss) => 3,
        }
    }

    fn win_rate(&self) -> f64 {
        match self.proof {
            Some(Proof::Win) => 1.0,
            Some(Proof::Draw) => 0.5,
            Some(Proof::Loss) => 0.0,
            None => self.estimate,
        }
    }
}

/// Solves `game` (ongoing): the value for the seat to move, then every
/// root ply's value for it (while the limits allow; with `all_plies`
/// false, only what the table knows after the root's proof), the best ply
/// first.
pub(crate) fn solve<G: Game, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    table: &mut Table,
    flags: &mut Flags,
    limits: &Limits,
    all_plies: bool,
    started: Instant,
) -> SearchResult<G::Ply> {
    let mover = game.to_move_seat();
    let mut solver = Solver::new(game, knowledge, table, flags, limits);
    let proof = solver.value(game, mover);
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mut children = Vec::with_capacity(plies.len());
    let mut games = Vec::with_capacity(plies.len());
    for &ply in &plies {
        let mut next = game.clone();
        next.play_unchecked(ply);
        // The child's value for the root's mover, whoever moves there.
        let status = next.status();
        let value = if let Status::Finished { .. } = status {
            status.reward(mover).map(|r| {
                if r > 0.75 {
                    Proof::Win
                } else if r < 0.25 {
                    Proof::Loss
                } else {
                    Proof::Draw
                }
            })
        } else if proof == Some(Proof::Loss) {
            // Every ply of a lost position loses.
            Some(Proof::Loss)
        } else if solver.aborted || !all_plies {
            solver.known_value(&next, mover)
        } else {
            solver.value(&next, mover)
        };
        children.push(RootChild {
            ply,
            proof: value,
            estimate: 0.5,
            work: 0,
        });
        games.push(next);
    }
    // With `plies=best`, a ply that keeps the root's value must be among
    // the proven ones. With whole turns the table may not hold the
    // position after the ply (the middle of a turn): the rest of the turn
    // is looked up in the table, and failing that the plies are searched
    // until one keeps the value.
    let keeps =
        |children: &[RootChild<G::Ply>]| children.iter().any(|c| c.proof.is_some() && c.proof == proof);
    if !all_plies && matches!(proof, Some(Proof::Win | Proof::Draw)) && !keeps(&children) {
        if proof == Some(Proof::Win) {
            if let Some(i) = (0..games.len())
                .find(|&i| children[i].proof.is_none() && solver.turn_proven(&games[i], mover, &mut 0))
            {
                children[i].proof = Some(Proof::Win);
            }
        }
        for i in 0..games.len() {
            if keeps(&children) || solver.aborted {
                break;
            }
            if children[i].proof.is_none() {
                children[i].proof = solver.value(&games[i], mover);
            }
        }
    }
    for (child, next) in children.iter_mut().zip(&games) {
        let stored = solver.stored(next, mover);
        child.estimate = match (next.status().reward(mover), stored) {
            (Some(reward), _) => reward,
            (None, Some(s)) if s.pn != INFINITE && s.dn != INFINITE => {
                f64::from(s.dn) / (f64::from(s.pn) + f64::from(s.dn))
            }
            _ => 0.5,
        };
        child.work = stored.map_or(0, |s| s.work);
    }
    // Best first: by rank, then (unproven) by estimate, then the smaller
    // proof (a proven ply's work), then the order of the legal plies.
    children.sort_by(|a, b| {
        a.rank()
            .cmp(&b.rank())
            .then(b.estimate.total_cmp(&a.estimate))
            .then(a.work.cmp(&b.work))
    });
    if let Some(value) = proof {
        // A proven root plays a ply of its value (all losses: the first).
        if let Some(i) = children.iter().position(|c| c.proof == Some(value)) {
            let keeper = children.remove(i);
            children.insert(0, keeper);
        }
    }
    let elapsed = started.elapsed();
    let best = children.first().map(|c| c.ply);
    let win_rate = match proof {
        Some(Proof::Win) => Some(1.0),
        Some(Proof::Draw) => Some(0.5),
        Some(Proof::Loss) => Some(0.0),
        None => children.first().map(RootChild::win_rate),
    };
    let iterations = solver.expanded;
    let max_depth = solver.max_depth + 1;
    SearchResult {
        best,
        win_rate,
        children: children
            .iter()
            .map(|c| ChildStats {
                ply: c.ply,
                visits: c.work,
                win_rate: c.win_rate(),
                proof: c.proof,
            })
            .collect(),
        pv: best.into_iter().collect(),
        iterations,
        nodes: table.used(),
        elapsed,
        iterations_per_sec: iterations as f64 / elapsed.max(Duration::from_micros(1)).as_secs_f64(),
        max_depth,
        proof,
    }
}
