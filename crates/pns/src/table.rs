//! The transposition table: a fixed number of four-entry buckets, each
//! entry a key, a proof and a disproof number, the work (expanded nodes)
//! of the subtree that gave them and, for a proof, its length.
//!
//! Replacement: an entry of the same key is overwritten; otherwise the
//! entry of least work in the bucket gives way (an empty one first), so
//! the results of large subtrees, whose recomputation costs most, stay.
//! Proven and disproven entries count their work like any other: a proof
//! found cheaply is cheap to find again.

/// A proof or disproof number; [`INFINITE`] means disproved (for a proof
/// number) or proved (for a disproof number).
pub(crate) type Number = u32;

/// The infinite proof or disproof number.
pub(crate) const INFINITE: Number = Number::MAX;

/// Entries per bucket.
const BUCKET: usize = 4;

/// Bytes per entry: key, numbers, work and length.
const ENTRY_BYTES: usize = 24;

/// Bits of the third word that hold the work; the length takes the rest.
const WORK_BITS: u32 = 48;
const WORK_MASK: u64 = (1 << WORK_BITS) - 1;

/// One stored result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stored {
    pub pn: Number,
    pub dn: Number,
    /// Expanded nodes of the subtree (kept below 2^48).
    pub work: u64,
    /// For a proof (`pn == 0`): the most plies any line of the proof takes
    /// to its win (saturating at `u16::MAX`), so that a proof found with
    /// more plies left before a length cap is not used where fewer are.
    pub length: u16,
}

/// The table. An entry is three words: the key, the numbers (proof number
/// high, disproof number low) and the work (low 48 bits; 0 for an empty
/// slot) with the length above it.
///
/// A bit per bucket says whether anything was ever stored there: most
/// look-ups of a search are of new positions, whose buckets are empty,
/// and the bits (a 64th of the table's size in bytes, under a
/// thousandth) answer them without touching the entries, whose pages a
/// large table has mostly not yet taken from the system (a first touch
/// costs a page fault).
pub(crate) struct Table {
    entries: Vec<[u64; 3]>,
    occupied: Vec<u64>,
    used: usize,
}

impl Table {
    /// A table of about `mb` MiB (at least one bucket). Zeroed memory is
    /// taken from the system lazily, page by page as entries are written.
    pub fn new(mb: usize) -> Table {
        let buckets = (mb.saturating_mul(1 << 20) / (ENTRY_BYTES * BUCKET)).max(1);
        Table {
            entries: vec![[0u64; 3]; buckets * BUCKET],
            occupied: vec![0u64; buckets.div_ceil(64)],
            used: 0,
        }
    }

    /// Entries in use.
    pub fn used(&self) -> usize {
        self.used
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for (word, &bits) in self.occupied.iter().enumerate() {
            for bit in 0..64 {
                if (bits >> bit) & 1 != 0 {
                    let start = (word * 64 + bit) * BUCKET;
                    self.entries[start..start + BUCKET].fill([0; 3]);
                }
            }
        }
        self.occupied.fill(0);
        self.used = 0;
    }

    fn bucket(&self, key: u64) -> usize {
        // The high bits choose the bucket; the whole key is compared.
        let buckets = (self.entries.len() / BUCKET) as u128;
        ((u128::from(key) * buckets) >> 64) as usize * BUCKET
    }

    /// Whether anything was stored in the bucket starting at entry `start`.
    fn is_occupied(&self, start: usize) -> bool {
        let bucket = start / BUCKET;
        (self.occupied[bucket / 64] >> (bucket % 64)) & 1 != 0
    }

    /// The entry stored for `key`, if any.
    pub fn get(&self, key: u64) -> Option<Stored> {
        let start = self.bucket(key);
        if !self.is_occupied(start) {
            return None;
        }
        self.entries[start..start + BUCKET]
            .iter()
            .find(|e| e[2] != 0 && e[0] == key)
            .map(|e| Stored {
                pn: (e[1] >> 32) as Number,
                dn: e[1] as Number,
                work: e[2] & WORK_MASK,
                length: (e[2] >> WORK_BITS) as u16,
            })
    }

    /// Stores `stored` for `key` (work at least 1), replacing the entry of
    /// the same key or else the one of least work in its bucket.
    pub fn put(&mut self, key: u64, stored: Stored) {
        let start = self.bucket(key);
        let index = start / BUCKET;
        self.occupied[index / 64] |= 1 << (index % 64);
        let bucket = &mut self.entries[start..start + BUCKET];
        let slot = match bucket.iter().position(|e| e[2] != 0 && e[0] == key) {
            Some(i) => i,
            None => {
                let (i, victim) = bucket
                    .iter()
                    .enumerate()
                    .min_by_key(|(_, e)| e[2] & WORK_MASK)
                    .expect("a bucket has entries");
                if victim[2] == 0 {
                    self.used += 1;
                }
                i
            }
        };
        bucket[slot] = [
            key,
            (u64::from(stored.pn) << 32) | u64::from(stored.dn),
            stored.work.clamp(1, WORK_MASK) | (u64::from(stored.length) << WORK_BITS),
        ];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_replaces_the_least_work() {
        let mut table = Table::new(1);
        let s = |work| Stored {
            pn: 3,
            dn: INFINITE,
            work,
            length: 0,
        };
        table.put(7, s(10));
        assert_eq!(table.get(7), Some(s(10)));
        table.put(7, s(2));
        assert_eq!((table.get(7), table.used()), (Some(s(2)), 1));
        // Keys of one bucket: the same high bits.
        let base = 0x1234_0000_0000_0000u64;
        for (i, work) in [50, 40, 30, 20].into_iter().enumerate() {
            table.put(base + i as u64, s(work));
        }
        table.put(base + 9, s(35));
        assert_eq!(table.get(base + 3), None, "the least work gave way");
        assert!(table.get(base).is_some() && table.get(base + 9).is_some());
        // A long proof's length does not count as work.
        let proof = Stored {
            pn: 0,
            dn: INFINITE,
            work: 1,
            length: u16::MAX,
        };
        table.put(base + 10, proof);
        assert_eq!(table.get(base + 10), Some(proof));
        table.put(base + 11, s(25));
        assert_eq!(table.get(base + 10), None, "the proof of least work gave way");
        table.clear();
        assert_eq!((table.get(base), table.used()), (None, 0));
    }
}
