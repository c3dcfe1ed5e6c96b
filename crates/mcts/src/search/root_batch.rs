//! The root's updates, batched per worker with several threads on one
//! tree.

use std::sync::atomic::Ordering;

use crate::childmap::for_each_mapped;
use crate::tree::{Tree, NO_AMAF, NO_MAP};

/// Iterations whose root updates a worker keeps before it adds them to
/// the tree, with several threads on one tree: every iteration ends at the
/// root, so its visit count and its children's RAVE statistics would be
/// written by every thread at every iteration, and each write takes the
/// line from the other cores (read by all for the root's selection). The
/// root's visits and RAVE data then lag by at most this many iterations
/// a thread, against thousands of visits.
pub(crate) const ROOT_BATCH: u32 = 16;

/// A worker's root updates not yet in the tree ([`ROOT_BATCH`]).
#[derive(Debug, Default)]
pub(crate) struct RootBatch {
    /// The root's visits and half points, packed as the statistics are.
    pub visits: u64,
    /// RAVE credits by root child offset, packed likewise.
    rave: Vec<u64>,
    /// Iterations batched.
    pub iterations: u32,
}

impl RootBatch {
    /// Adds `credit` (a [`rave_credit`]) to the batched RAVE statistics of
    /// the root's children (`range`; child map at `map`) whose slots are
    /// set in `played`.
    pub fn add_rave<P: Copy + Send + Sync>(
        &mut self,
        tree: &Tree<P>,
        range: std::ops::Range<u32>,
        map: u32,
        played: &[u64],
        credit: u64,
    ) {
        let rave = &mut self.rave;
        if rave.len() != range.len() {
            rave.clear();
            rave.resize(range.len(), 0);
        }
        if map != NO_MAP {
            for_each_mapped(tree, map, played, |offset| rave[offset] += credit);
        } else {
            for (k, c) in range.enumerate() {
                let a = tree.amaf(c).load(Ordering::Relaxed);
                if a != NO_AMAF && played[(a >> 6) as usize] & (1 << (a & 63)) != 0 {
                    rave[k] += credit;
                }
            }
        }
    }

    /// Adds the root batch to the tree (see [`ROOT_BATCH`]).
    pub fn flush<P: Copy + Send + Sync>(&mut self, tree: &Tree<P>) {
        if self.iterations == 0 {
            return;
        }
        let root = tree.root();
        root.add_results(self.visits);
        let first = root.children().start;
        for (k, delta) in self.rave.iter_mut().enumerate() {
            if *delta != 0 {
                tree.node(first + k as u32).stats.add_rave_delta(*delta);
                *delta = 0;
            }
        }
        self.visits = 0;
        self.iterations = 0;
    }
}
