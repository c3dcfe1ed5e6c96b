//! Child maps for the RAVE update: with RAVE, expansion orders a node's
//! children by AMAF slot, and a node of [`MAP_MIN_CHILDREN`] children or
//! more gets the bitset of the slots its children claim (see
//! [`Tree::alloc_map`]). A child's offset from the first child is then the
//! number of claimed slots below its own, so the backup credits exactly the
//! children whose slots the iteration claimed, without testing every child.

use std::sync::atomic::Ordering;

use abstracta_core::{CellClaims, Game, PlyBuf};

use crate::tree::{Tree, NO_AMAF};

/// The fewest children for which a node gets a child map at expansion:
/// below it, testing each child in the RAVE update costs about as much as
/// walking the map, and the map's words are written at every expansion.
pub(crate) const MAP_MIN_CHILDREN: usize = 16;

/// The words of a child map for `slots` AMAF slots (a word per 64 slots).
pub(crate) fn map_len(slots: usize) -> usize {
    slots.div_ceil(64)
}

/// A worker's buffers for ordering the plies of an expansion by slot.
#[derive(Debug)]
pub(crate) struct SlotOrder<P> {
    /// The bitset of the slots the plies claim: the node's child map.
    pub claimed: Vec<u64>,
    /// Each ply's slot, in the plies' (new) order; [`NO_AMAF`] for none.
    pub slots: Vec<u32>,
    /// The set bits of `claimed` before each of its words.
    before: Vec<u32>,
    ordered: PlyBuf<P>,
}

impl<P> Default for SlotOrder<P> {
    fn default() -> Self {
        SlotOrder {
            claimed: Vec::new(),
            slots: Vec::new(),
            before: Vec::new(),
            ordered: PlyBuf::new(),
        }
    }
}

impl<P: Copy> SlotOrder<P> {
    /// Orders `plies` (of position `state`): the plies that claim one of
    /// the `slots` AMAF slots first, by slot, then the others in their
    /// order. Leaves each ply's slot in `self.slots` and the bitset of the
    /// claimed slots in `self.claimed`. Returns false, leaving the order as
    /// it was, if two plies claim one slot (which
    /// [`CellClaims::claimed_cell`] rules out): no map can then tell them
    /// apart. `claims` says which cell a ply claims.
    pub fn apply<G: Game<Ply = P>, K: CellClaims<G>>(
        &mut self,
        plies: &mut PlyBuf<P>,
        slots: usize,
        state: &G,
        claims: &K,
    ) -> bool {
        self.claimed.clear();
        self.claimed.resize(map_len(slots), 0);
        self.slots.clear();
        let mut claiming = 0;
        // Whether the plies are in that order already (NO_AMAF is above
        // every slot), as the games list them.
        let mut in_order = true;
        let mut last = 0;
        for &ply in plies.iter() {
            let slot = claims
                .claimed_cell(state, ply)
                .filter(|&a| a < slots)
                .map_or(NO_AMAF, |a| a as u32);
            if slot != NO_AMAF {
                self.claimed[(slot >> 6) as usize] |= 1 << (slot & 63);
                claiming += 1;
            }
            in_order &= slot >= last;
            last = slot;
            self.slots.push(slot);
        }
        let distinct: u32 = self.claimed.iter().map(|w| w.count_ones()).sum();
        if distinct != claiming {
            return false;
        }
        if in_order {
            return true;
        }
        self.before.clear();
        let mut before = 0;
        for &word in &self.claimed {
            self.before.push(before);
            before += word.count_ones();
        }
        self.ordered.clear();
        self.ordered.extend_from_slice(plies);
        let mut unclaimed = claiming as usize;
        for (&ply, &slot) in plies.iter().zip(&self.slots) {
            let at = if slot == NO_AMAF {
                unclaimed += 1;
                unclaimed - 1
            } else {
                let (w, bit) = ((slot >> 6) as usize, slot & 63);
                (self.before[w] + (self.claimed[w] & ((1 << bit) - 1)).count_ones()) as usize
            };
            self.ordered[at] = ply;
        }
        std::mem::swap(plies, &mut self.ordered);
        let n = plies.len();
        self.slots.clear();
        for (w, &word) in self.claimed.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                self.slots.push((w as u32) << 6 | bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
        self.slots.resize(n, NO_AMAF);
        true
    }
}

/// Adds `reward` to the RAVE statistics of the children in `range` (a
/// node whose child map starts at `map`) whose slots are set in `played`.
pub(crate) fn credit_mapped<P: Copy + Send + Sync>(
    tree: &Tree<P>,
    range: std::ops::Range<u32>,
    map: u32,
    played: &[u64],
    reward: u64,
) {
    // A mapped node has at most `CHUNK` children (see `expand`), so they
    // lie in one or two segments.
    let mut segments = tree.segments(range);
    let head = segments.next().map_or(&[][..], |s| s.stats);
    let tail = segments.next().map_or(&[][..], |s| s.stats);
    let mut below = 0;
    for (&played, claimed) in played.iter().zip(tree.map(map)) {
        let claimed = claimed.load(Ordering::Relaxed);
        let mut hits = played & claimed;
        while hits != 0 {
            let lowest = hits & hits.wrapping_neg();
            hits ^= lowest;
            let offset = below + (claimed & (lowest - 1)).count_ones() as usize;
            let child = match head.get(offset) {
                Some(child) => child,
                None => &tail[offset - head.len()],
            };
            child.add_rave(reward);
        }
        below += claimed.count_ones() as usize;
    }
}
