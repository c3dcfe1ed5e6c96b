//! The transposition table shared by every thread of a search.
//!
//! Buckets of two slots: the first keeps the deepest entry of the
//! positions mapped to the bucket (an entry from an older search, or a
//! lookup of the same position, is replaced as well), the second takes
//! whatever the first refused (always replace). Each slot is two atomic
//! words, the data and the key XOR the data, so that a slot torn by two
//! threads writing at once fails its key check instead of giving a wrong
//! entry (the lockless scheme of Hyatt and Mann). No locks, no unsafe.

use std::sync::atomic::{AtomicU64, Ordering};

/// What an entry's score is: exact, or a bound from a cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is the position's value at the entry's depth.
    Exact,
    /// The value is at least the score (a beta cut).
    Lower,
    /// The value is at most the score (no ply reached alpha).
    Upper,
}

/// One position's entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The score, mate scores relative to the entry's position.
    pub score: i32,
    /// The depth it was searched to.
    pub depth: u8,
    pub bound: Bound,
    /// Whether the score is free of heuristic guesses (game ends only):
    /// then it holds at any depth.
    pub resolved: bool,
    /// The index of the best ply in the position's legal plies, if any.
    pub best: Option<u16>,
}

const BUCKET_BYTES: usize = 32;

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    fn empty() -> Slot {
        Slot {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }
    }
}

/// The table: `2 * buckets` slots, a power of two buckets.
pub(crate) struct Table {
    slots: Vec<Slot>,
    mask: u64,
    age: AtomicU64,
}

impl Table {
    /// A table of at most `megabytes` MiB (at least one bucket, unless
    /// `megabytes` is 0: then a table that keeps nothing).
    pub fn new(megabytes: usize) -> Table {
        if megabytes == 0 {
            return Table {
                slots: Vec::new(),
                mask: 0,
                age: AtomicU64::new(0),
            };
        }
        let wanted = (megabytes << 20) / BUCKET_BYTES;
        let buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        }
        .max(1);
        Table {
            slots: (0..2 * buckets).map(|_| Slot::empty()).collect(),
            mask: buckets as u64 - 1,
            age: AtomicU64::new(0),
        }
    }

    /// Whether the table keeps entries.
    pub fn is_enabled(&self) -> bool {
        !self.slots.is_empty()
    }

    /// The number of slots.
    #[cfg(test)]
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Starts a new search: entries of older ones become the first to go.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    /// Empties the table.
    #[cfg(test)]
    pub fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
    }

    /// Slots in use (filled by any search), estimated from 4096 slots
    /// spread over the table.
    pub fn used_estimate(&self) -> usize {
        if self.slots.is_empty() {
            return 0;
        }
        let step = (self.slots.len() / 4096).max(1);
        let sampled = self.slots.len().div_ceil(step);
        let used = self
            .slots
            .iter()
            .step_by(step)
            .filter(|s| s.data.load(Ordering::Relaxed) != 0)
            .count();
        used * self.slots.len() / sampled
    }

    fn bucket(&self, key: u64) -> usize {
        2 * (key & self.mask) as usize
    }

    /// The entry of the position with `key`, if kept.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        if !self.is_enabled() {
            return None;
        }
        let first = self.bucket(key);
        for slot in &self.slots[first..first + 2] {
            let data = slot.data.load(Ordering::Relaxed);
            if data != 0 && slot.check.load(Ordering::Relaxed) ^ data == key {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Keeps `entry` for the position with `key` (see the module
    /// documentation for which slot it takes).
    pub fn store(&self, key: u64, entry: Entry) {
        if !self.is_enabled() {
            return;
        }
        let age = self.age.load(Ordering::Relaxed) & AGE_MASK;
        let data = pack(entry, age);
        let first = self.bucket(key);
        let deep = &self.slots[first];
        let deep_data = deep.data.load(Ordering::Relaxed);
        let deep_is_key = deep.check.load(Ordering::Relaxed) ^ deep_data == key;
        let take_deep = deep_data == 0
            || deep_is_key
            || (deep_data >> AGE_SHIFT) & AGE_MASK != age
            || u64::from(entry.depth) >= (deep_data >> DEPTH_SHIFT) & 0xff;
        let slot = if take_deep { deep } else { &self.slots[first + 1] };
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }
}

// Layout of a slot's data word: score (32 bits), depth (8), bound (2),
// resolved (1), age (5), best ply index + 1 (16). Never 0 when in use:
// the bound code starts at 1.
const DEPTH_SHIFT: u32 = 32;
const BOUND_SHIFT: u32 = 40;
const RESOLVED_SHIFT: u32 = 42;
const AGE_SHIFT: u32 = 43;
const AGE_MASK: u64 = 0x1f;
const BEST_SHIFT: u32 = 48;

fn pack(entry: Entry, age: u64) -> u64 {
    let bound = match entry.bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let best = entry.best.map_or(0, |b| u64::from(b) + 1);
    u64::from(entry.score as u32)
        | u64::from(entry.depth) << DEPTH_SHIFT
        | bound << BOUND_SHIFT
        | u64::from(entry.resolved) << RESOLVED_SHIFT
        | age << AGE_SHIFT
        | best << BEST_SHIFT
}

fn unpack(data: u64) -> Entry {
    let bound = match (data >> BOUND_SHIFT) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    };
    let best = (data >> BEST_SHIFT) as u16;
    Entry {
        score: data as u32 as i32,
        depth: (data >> DEPTH_SHIFT) as u8,
        bound,
        resolved: (data >> RESOLVED_SHIFT) & 1 == 1,
        best: best.checked_sub(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: i32, depth: u8) -> Entry {
        Entry {
            score,
            depth,
            bound: Bound::Lower,
            resolved: false,
            best: Some(7),
        }
    }

    #[test]
    fn entries_pack_and_unpack() {
        for e in [
            entry(-1_000_000, 0),
            entry(12345, 255),
            Entry {
                score: 0,
                depth: 3,
                bound: Bound::Upper,
                resolved: true,
                best: None,
            },
        ] {
            assert_eq!(unpack(pack(e, 17)), e);
        }
    }

    #[test]
    fn the_deep_slot_keeps_the_deeper_entry_and_the_other_takes_the_rest() {
        let table = Table::new(1);
        let buckets = table.capacity() as u64 / 2;
        let (a, b, c) = (5, 5 + buckets, 5 + 2 * buckets);
        table.store(a, entry(1, 9));
        table.store(b, entry(2, 3));
        assert_eq!(table.probe(a), Some(entry(1, 9)));
        assert_eq!(table.probe(b), Some(entry(2, 3)));
        // A third shallow position replaces the always-replace slot only.
        table.store(c, entry(3, 2));
        assert_eq!((table.probe(a), table.probe(b)), (Some(entry(1, 9)), None));
        // A new search's entries replace the old deep one.
        table.new_search();
        table.store(b, entry(4, 1));
        assert_eq!((table.probe(a), table.probe(b)), (None, Some(entry(4, 1))));
        table.clear();
        assert_eq!(table.probe(b), None);
        let off = Table::new(0);
        off.store(a, entry(1, 1));
        assert_eq!(off.probe(a), None);
    }
}
