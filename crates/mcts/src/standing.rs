//! Standing choices (`rescan=N`): per worker, the child a node's last
//! scoring chose and how long that choice stands.
//!
//! Each worker keeps its own table, so threads never write a shared word
//! for them (no cache line moves between cores on the selection path, and
//! nothing grows with the thread count but the tables themselves). Only
//! nodes with at least `N` visits ever get an entry (a choice stands for
//! `n / N` visits), so a table holds a small share of the tree's nodes.

/// No node: an empty entry.
const EMPTY: u32 = u32::MAX;

/// The flag of a choice whose scoring saw a proven draw among the
/// children.
const DRAW_SEEN: u32 = 1 << 31;

/// One node's standing choice.
#[derive(Clone, Copy, Debug)]
struct Entry {
    node: u32,
    /// The node's visits at which the choice expires.
    until: u32,
    /// The child's offset from the first child, with [`DRAW_SEEN`].
    choice: u32,
}

const EMPTY_ENTRY: Entry = Entry {
    node: EMPTY,
    until: 0,
    choice: 0,
};

/// Children at offsets from this on are never recorded (no game comes
/// near it; such a node is scored at every visit).
pub(crate) const MAX_STANDING_OFFSET: u32 = DRAW_SEEN;

/// One worker's standing choices: an open-addressing table keyed by node
/// index (linear probing, at most half full, doubled when it would be
/// more). Nothing is ever evicted, so a one-thread search follows exactly
/// the choices it recorded.
#[derive(Debug, Default)]
pub(crate) struct StandingChoices {
    entries: Vec<Entry>,
    len: usize,
}

impl StandingChoices {
    #[inline]
    fn slot(node: u32, mask: usize) -> usize {
        // Fibonacci hashing: the children of one node are consecutive
        // indices, which this spreads over the table.
        (node.wrapping_mul(0x9E37_79B9) as usize >> 8) & mask
    }

    /// The choice of node `node` while it has fewer visits than the
    /// choice's expiry: the child's offset from the first child and
    /// whether the scoring that chose it saw a proven draw.
    #[inline]
    pub fn get(&self, node: u32, visits: u32) -> Option<(u32, bool)> {
        if self.entries.is_empty() {
            return None;
        }
        let mask = self.entries.len() - 1;
        let mut k = Self::slot(node, mask);
        loop {
            let e = self.entries[k];
            if e.node == node {
                return (visits < e.until).then_some((e.choice & !DRAW_SEEN, e.choice & DRAW_SEEN != 0));
            }
            if e.node == EMPTY {
                return None;
            }
            k = (k + 1) & mask;
        }
    }

    /// Records that node `node` keeps child `offset` until it has `until`
    /// visits; an offset of [`MAX_STANDING_OFFSET`] or more is not
    /// recorded.
    pub fn set(&mut self, node: u32, until: u32, offset: u32, draw_seen: bool) {
        if offset >= MAX_STANDING_OFFSET || node == EMPTY {
            return;
        }
        if 2 * (self.len + 1) > self.entries.len() {
            self.grow();
        }
        let entry = Entry {
            node,
            until,
            choice: offset | if draw_seen { DRAW_SEEN } else { 0 },
        };
        let mask = self.entries.len() - 1;
        let mut k = Self::slot(node, mask);
        loop {
            let e = &mut self.entries[k];
            if e.node == node {
                *e = entry;
                return;
            }
            if e.node == EMPTY {
                *e = entry;
                self.len += 1;
                return;
            }
            k = (k + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let capacity = (self.entries.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.entries, vec![EMPTY_ENTRY; capacity]);
        let mask = capacity - 1;
        for e in old.into_iter().filter(|e| e.node != EMPTY) {
            let mut k = Self::slot(e.node, mask);
            while self.entries[k].node != EMPTY {
                k = (k + 1) & mask;
            }
            self.entries[k] = e;
        }
    }

    /// Entries recorded.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_stand_until_their_visits_and_survive_growth() {
        let mut t = StandingChoices::default();
        assert_eq!(t.get(5, 0), None);
        for node in 0..5000u32 {
            t.set(node * 7, 100 + node, node % 300, node % 2 == 0);
        }
        assert_eq!(t.len(), 5000);
        for node in 0..5000u32 {
            assert_eq!(t.get(node * 7, 99 + node), Some((node % 300, node % 2 == 0)));
            assert_eq!(t.get(node * 7, 100 + node), None, "expired at its visits");
        }
        assert_eq!(t.get(1, 0), None, "never recorded");
        t.set(7, 50, 3, false);
        assert_eq!(t.get(7, 10), Some((3, false)), "a new choice replaces the old");
        assert_eq!(t.len(), 5000);
        t.set(8, 50, MAX_STANDING_OFFSET, false);
        assert_eq!(t.get(8, 0), None, "offsets past the limit are not recorded");
    }
}
