//! Per-thread reserves of nodes and child-map words, so that several
//! threads on one tree do not all write the tree's counters at every
//! expansion.

use std::sync::atomic::Ordering;

use super::Tree;

/// Nodes a thread takes from the tree at a time with several threads
/// ([`Tree::alloc_reserved`]).
pub(crate) const RESERVE_NODES: usize = 4096;

/// Child-map words a thread takes from the tree at a time with several
/// threads ([`Tree::alloc_map_reserved`]).
pub(crate) const RESERVE_MAP_WORDS: usize = 256;

/// One thread's nodes and child-map words taken from the tree and not yet
/// handed out (several threads on one tree: each expansion takes from its
/// thread's reserve, and only refilling it touches the shared counters).
#[derive(Debug, Default)]
pub(crate) struct Reserve {
    pub(super) nodes: std::ops::Range<usize>,
    pub(super) maps: std::ops::Range<usize>,
}

impl<P: Copy + Send + Sync> Tree<P> {
    /// Like [`Tree::alloc`], but from `reserve` (refilled with
    /// [`RESERVE_NODES`] nodes from the tree when it runs short), so that
    /// a thread takes from the tree's shared counter once per several
    /// expansions. The rest of a reserve too small for `n` is left unused.
    pub fn alloc_reserved(&self, reserve: &mut Reserve, n: usize) -> Option<u32> {
        if n == 0 {
            return Some(0);
        }
        if reserve.nodes.len() < n {
            let size = n.max(RESERVE_NODES);
            match self.reserve_nodes(size) {
                Some(first) => {
                    let left = reserve.nodes.len();
                    if left > 0 {
                        self.counters.unused.fetch_add(left, Ordering::Relaxed);
                    }
                    reserve.nodes = first..first + size;
                }
                // Near the cap: the exact count, and the tree is full if
                // even that does not fit.
                None => return self.alloc(n),
            }
        }
        let first = reserve.nodes.start;
        reserve.nodes.start += n;
        Some(first as u32)
    }

    /// Like [`Tree::alloc_map`], but from `reserve` (refilled with
    /// [`RESERVE_MAP_WORDS`] words from the tree when it runs short).
    pub fn alloc_map_reserved(&self, reserve: &mut Reserve, len: usize) -> Option<u32> {
        if len == 0 || len > RESERVE_MAP_WORDS {
            return self.alloc_map(len);
        }
        if reserve.maps.len() < len {
            match self.reserve_map_words(RESERVE_MAP_WORDS) {
                Some(start) => reserve.maps = start..start + RESERVE_MAP_WORDS,
                None => return self.alloc_map(len),
            }
        }
        let start = reserve.maps.start;
        reserve.maps.start += len;
        self.set_map_len(len);
        u32::try_from(start).ok()
    }

    /// Gives up the rest of `reserve` (it stays unused in this tree).
    pub fn release(&self, reserve: &mut Reserve) {
        let left = reserve.nodes.len();
        if left > 0 {
            self.counters.unused.fetch_add(left, Ordering::Relaxed);
        }
        *reserve = Reserve::default();
    }
}
