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
///
/// For the same reason a table starts by using only its first
/// [`FIRST_BUCKETS`] buckets and doubles the buckets in use (moving the
/// entries) whenever more than a quarter of their entries are taken or
/// a new entry finds its bucket full, up to its whole size: a search that
/// stores few entries keeps them on few pages, close together, and no
/// entry gives way before the whole table is in use.
pub(crate) struct Table {
    entries: Vec<[u64; 3]>,
    occupied: Vec<u64>,
    /// Buckets in use (the first ones).
    active: usize,
    used: usize,
}

/// Buckets a table uses at first (96 KiB).
const FIRST_BUCKETS: usize = 1024;

impl Table {
    /// A table of about `mb` MiB (at least one bucket). Zeroed memory is
    /// taken from the system lazily, page by page as entries are written.
    pub fn new(mb: usize) -> Table {
        let buckets = (mb.saturating_mul(1 << 20) / (ENTRY_BYTES * BUCKET)).max(1);
        Table {
            entries: vec![[0u64; 3]; buckets * BUCKET],
            occupied: vec![0u64; buckets.div_ceil(64)],
            active: buckets.min(FIRST_BUCKETS),
            used: 0,
        }
    }

    fn buckets(&self) -> usize {
        self.entries.len() / BUCKET
    }

    /// Entries in use.
    pub fn used(&self) -> usize {
        self.used
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.take_entries();
        self.active = self.buckets().min(FIRST_BUCKETS);
    }

    /// Empties the table and returns its entries.
    fn take_entries(&mut self) -> Vec<[u64; 3]> {
        let mut taken = Vec::with_capacity(self.used);
        for word in 0..self.occupied.len() {
            let bits = self.occupied[word];
            for bit in 0..64 {
                if (bits >> bit) & 1 != 0 {
                    let start = (word * 64 + bit) * BUCKET;
                    let bucket = &mut self.entries[start..start + BUCKET];
                    taken.extend(bucket.iter().filter(|e| e[2] != 0));
                    bucket.fill([0; 3]);
                }
            }
            self.occupied[word] = 0;
        }
        self.used = 0;
        taken
    }

    /// Doubles the buckets in use (at most all of them) and stores the
    /// entries again where their keys now lead.
    fn grow(&mut self) {
        let taken = self.take_entries();
        self.active = (self.active * 2).min(self.buckets());
        for entry in taken {
            self.place(entry);
        }
    }

    fn bucket(&self, key: u64) -> usize {
        // The high bits choose the bucket; the whole key is compared.
        ((u128::from(key) * self.active as u128) >> 64) as usize * BUCKET
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
        // No entry gives way while the table can still grow.
        while self.active < self.buckets() && self.is_full_without(key) {
            self.grow();
        }
        self.place([
            key,
            (u64::from(stored.pn) << 32) | u64::from(stored.dn),
            stored.work.clamp(1, WORK_MASK) | (u64::from(stored.length) << WORK_BITS),
        ]);
        if self.used * 4 > self.active * BUCKET && self.active < self.buckets() {
            self.grow();
        }
    }

    /// Whether the bucket of `key` is full of other keys' entries.
    fn is_full_without(&self, key: u64) -> bool {
        let start = self.bucket(key);
        self.entries[start..start + BUCKET]
            .iter()
            .all(|e| e[2] != 0 && e[0] != key)
    }

    /// Writes an entry (work at least 1) over the one of the same key, or
    /// else the one of least work in its bucket.
    fn place(&mut self, entry: [u64; 3]) {
        let key = entry[0];
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
        bucket[slot] = entry;
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

    #[test]
    fn a_filling_table_uses_more_buckets_and_keeps_its_entries() {
        let mut table = Table::new(16);
        let s = |work| Stored {
            pn: 1,
            dn: 2,
            work,
            length: 0,
        };
        let keys: Vec<u64> = (0..20_000u64)
            .map(|i| abstracta_core::zobrist::mix64(i + 1))
            .collect();
        for (i, &key) in keys.iter().enumerate() {
            table.put(key, s(i as u64 + 1));
        }
        assert!(table.active > FIRST_BUCKETS && table.active <= table.buckets());
        assert!(table.used * 4 <= table.active * BUCKET);
        let kept = keys
            .iter()
            .enumerate()
            .filter(|&(i, &k)| table.get(k) == Some(s(i as u64 + 1)))
            .count();
        assert!(
            kept == 20_000 && kept == table.used(),
            "{kept} of 20000, {} used",
            table.used()
        );
        table.clear();
        assert_eq!(
            (table.active, table.used(), table.get(keys[0])),
            (FIRST_BUCKETS, 0, None)
        );
    }
}
