//! The shared search tree: nodes in a chunked pool indexed by `u32`, with
//! lock-free statistics.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

use abstracta_core::{PlyCodec, Seat};

use crate::standing::StandingChoices;

mod node;
mod reserve;

pub(crate) use reserve::Reserve;
#[cfg(test)]
pub(crate) use reserve::RESERVE_NODES;

/// Nodes per chunk of the pool (a power of two).
const CHUNK_BITS: u32 = 14;
pub(crate) const CHUNK: usize = 1 << CHUNK_BITS;
const CHUNK_MASK: usize = CHUNK - 1;

/// Expansion states.
pub(crate) const UNEXPANDED: u8 = 0;
pub(crate) const EXPANDING: u8 = 1;
pub(crate) const EXPANDED: u8 = 2;

/// Proof values, from the view of the node's mover.
pub(crate) const UNPROVEN: u8 = 0;
pub(crate) const PROVEN_LOSS: u8 = 1;
pub(crate) const PROVEN_DRAW: u8 = 2;
pub(crate) const PROVEN_WIN: u8 = 3;

/// No AMAF index.
pub(crate) const NO_AMAF: u32 = u32::MAX;

/// No child map (see [`Tree::alloc_map`]).
pub(crate) const NO_MAP: u32 = u32::MAX;

/// Words of child-map storage per chunk: one byte per node of the chunk,
/// so maps take at most a byte per node of the cap (a map is a word per 64
/// AMAF slots for a node of 16 or more children).
pub(crate) const MAP_WORDS: usize = CHUNK / 8;

/// The statistics of one node, the part of a node that selection reads
/// for every child and backup writes: 16 bytes, four nodes to a cache line.
///
/// A node's fields live in parallel arrays of its [`Chunk`] (statistics,
/// links, plies, proofs, AMAF indices), each packed apart, because the hot
/// loops touch one or two of them for every child: selection reads the
/// statistics and proofs, the RAVE update the AMAF indices and statistics.
/// With all fields in one 40-byte node those loops read 2.5 times as many
/// cache lines.
#[derive(Debug, Default)]
pub(crate) struct Stats {
    /// Visits (high 32 bits) and half points won (low 32 bits). A thread
    /// counts its visit when it descends into the node and adds the points
    /// when it backs up, so a visit in flight counts as a loss until then:
    /// that is the virtual loss, at no extra atomic operation.
    stats: AtomicU64,
    /// RAVE visits and half points, packed like `stats`.
    rave: AtomicU64,
}

/// Where a node's children are, whether it is expanded, and who moved
/// into it.
#[derive(Debug)]
pub(crate) struct Links {
    first_child: AtomicU32,
    num_children: AtomicU32,
    state: AtomicU8,
    mover: AtomicU8,
    /// The virtual visits each child got from its prior at expansion
    /// (0: no priors). In the padding of the other fields.
    prior: AtomicU16,
    /// Where the node's child map starts ([`Tree::alloc_map`]), or
    /// [`NO_MAP`].
    map: AtomicU32,
}

impl Default for Links {
    fn default() -> Self {
        Links {
            first_child: AtomicU32::new(0),
            num_children: AtomicU32::new(0),
            state: AtomicU8::new(UNEXPANDED),
            mover: AtomicU8::new(0),
            prior: AtomicU16::new(0),
            map: AtomicU32::new(NO_MAP),
        }
    }
}

/// One node: the position after its ply, as references into the arrays
/// of its chunk. Statistics are from the view of the *mover*, the seat
/// that made the ply into the node. Rewards are kept in half points (win 2,
/// draw 1, loss 0), so sums are exact integers.
#[derive(Debug)]
pub(crate) struct Node<'a, P> {
    pub ply: PlySlot<'a, P>,
    pub stats: &'a Stats,
    pub first_child: &'a AtomicU32,
    pub num_children: &'a AtomicU32,
    pub state: &'a AtomicU8,
    pub mover: &'a AtomicU8,
    pub prior: &'a AtomicU16,
    pub map: &'a AtomicU32,
    pub proof: &'a AtomicU8,
}

impl<P> Clone for Node<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Node<'_, P> {}

/// Where a node keeps the ply into it: a code in an atomic word when the
/// game has ply codes ([`abstracta_core::Game::ply_codec`]), else a
/// write-once cell. Expansion writes the plies of every new child, and
/// setting a `OnceLock` takes two locked instructions and three calls
/// (about 4% of a Swack search's instructions); a code is one plain
/// store, made visible to other threads by the release store of the
/// parent's expanded state like the other fields of the new children.
#[derive(Debug)]
pub(crate) enum PlySlot<'a, P> {
    Code(&'a AtomicU64, PlyCodec<P>),
    Cell(&'a OnceLock<P>),
}

impl<P> Clone for PlySlot<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for PlySlot<'_, P> {}

impl<P: Copy> PlySlot<'_, P> {
    /// The ply, if one was set (the root has none).
    #[inline]
    pub fn get(self) -> Option<P> {
        match self {
            PlySlot::Code(word, codec) => {
                let code = word.load(Ordering::Relaxed);
                (code != PlyCodec::<P>::NONE).then(|| (codec.decode)(code))
            }
            PlySlot::Cell(cell) => cell.get().copied(),
        }
    }

    /// Sets the ply of a fresh node (which has none yet).
    #[inline]
    pub fn set(self, ply: P) {
        match self {
            PlySlot::Code(word, codec) => word.store((codec.encode)(ply), Ordering::Relaxed),
            PlySlot::Cell(cell) => {
                let _ = cell.set(ply);
            }
        }
    }
}

/// The plies of a chunk's nodes (see [`PlySlot`]).
#[derive(Debug)]
enum Plies<P> {
    Codes(Box<[AtomicU64; CHUNK]>),
    Cells(Box<[OnceLock<P>; CHUNK]>),
}

impl<P> Plies<P> {
    fn fresh(coded: bool) -> Plies<P> {
        if coded {
            Plies::Codes(chunk_array(|| AtomicU64::new(PlyCodec::<P>::NONE)))
        } else {
            Plies::Cells(chunk_array(OnceLock::new))
        }
    }

    /// Clears the first `n` plies.
    fn reset(&mut self, n: usize) {
        match self {
            Plies::Codes(codes) => codes[..n].fill_with(|| AtomicU64::new(PlyCodec::<P>::NONE)),
            Plies::Cells(cells) => cells[..n].fill_with(OnceLock::new),
        }
    }
}

/// One visit in a packed statistic.
const ONE_VISIT: u64 = 1 << 32;

#[inline]
fn unpack(x: u64) -> (u32, u32) {
    ((x >> 32) as u32, x as u32)
}

pub(crate) fn seat_code(seat: Seat) -> u8 {
    seat.index() as u8
}

pub(crate) fn code_seat(code: u8) -> Seat {
    if code == 0 {
        Seat::First
    } else {
        Seat::Second
    }
}

/// Flips a proof value to the other seat's view.
pub(crate) fn flip_proof(p: u8) -> u8 {
    match p {
        PROVEN_WIN => PROVEN_LOSS,
        PROVEN_LOSS => PROVEN_WIN,
        x => x,
    }
}

/// A block of [`CHUNK`] nodes, allocated when first needed: each field
/// of the nodes in its own array (see [`Stats`]).
///
/// The AMAF indices are written once (at expansion) and then only read, by
/// the RAVE update of every child of every node on the path, 16 to a cache
/// line; the proofs are read by every selection, 64 to a line.
#[derive(Debug)]
pub(crate) struct Chunk<P> {
    // Arrays of the exact chunk size, so that indexing by `i & CHUNK_MASK`
    // needs no bounds check (five per node access otherwise).
    stats: Box<[Stats; CHUNK]>,
    links: Box<[Links; CHUNK]>,
    plies: Plies<P>,
    proofs: Box<[AtomicU8; CHUNK]>,
    amaf: Box<[AtomicU32; CHUNK]>,
    /// Child maps ([`Tree::alloc_map`]), made when the first map goes
    /// here: searches without RAVE never make them. A map is written
    /// whole when its node is expanded, so reused words need no reset.
    maps: OnceLock<Box<[AtomicU64; MAP_WORDS]>>,
    /// The nodes' policy probabilities for PUCT (`f32` bits;
    /// [`Tree::policy`]), made when the first is set here: searches
    /// without `select=puct` never make them.
    policy: OnceLock<Box<[AtomicU32; CHUNK]>>,
}

/// A boxed array of `N` values made by `make`, built on the heap.
fn chunk_array<T, const N: usize>(make: impl FnMut() -> T) -> Box<[T; N]> {
    let values: Box<[T]> = std::iter::repeat_with(make).take(N).collect();
    match values.try_into() {
        Ok(array) => array,
        Err(_) => unreachable!("exactly N values were made"),
    }
}

impl<P> Chunk<P> {
    /// A chunk of fresh nodes, whose plies are kept as codes if `coded`.
    fn fresh(coded: bool) -> Chunk<P> {
        Chunk {
            stats: chunk_array(Stats::default),
            links: chunk_array(Links::default),
            plies: Plies::fresh(coded),
            proofs: chunk_array(|| AtomicU8::new(UNPROVEN)),
            amaf: chunk_array(|| AtomicU32::new(NO_AMAF)),
            maps: OnceLock::new(),
            policy: OnceLock::new(),
        }
    }

    /// The node of tree index `i`, which lies in this chunk (`codec`: the
    /// tree's, which decides how the chunk keeps plies).
    #[inline]
    fn node(&self, i: usize, codec: Option<PlyCodec<P>>) -> Node<'_, P> {
        let i = i & CHUNK_MASK;
        let ply = match (&self.plies, codec) {
            (Plies::Codes(codes), Some(codec)) => PlySlot::Code(&codes[i], codec),
            (Plies::Cells(cells), _) => PlySlot::Cell(&cells[i]),
            (Plies::Codes(_), None) => unreachable!("a tree without ply codes makes no coded chunks"),
        };
        Node {
            ply,
            stats: &self.stats[i],
            first_child: &self.links[i].first_child,
            num_children: &self.links[i].num_children,
            state: &self.links[i].state,
            mover: &self.links[i].mover,
            prior: &self.links[i].prior,
            map: &self.links[i].map,
            proof: &self.proofs[i],
        }
    }
}

/// A chunk of a tree that is no longer needed, kept for the next tree.
#[derive(Debug)]
pub(crate) struct SpareChunk<P> {
    chunk: Chunk<P>,
    /// How many nodes at its start were handed out (and must be reset).
    dirty: usize,
}

impl<P> SpareChunk<P> {
    /// The chunk with every node fresh. The search thread that takes the
    /// chunk does this, so threads reset chunks in parallel (as they would
    /// initialise fresh ones) and the nodes are then in that thread's cache.
    fn into_fresh(self, coded: bool) -> Chunk<P> {
        let mut chunk = self.chunk;
        if matches!(chunk.plies, Plies::Codes(_)) != coded {
            // A chunk of a tree that kept its plies the other way (not
            // made by `Mcts`, whose trees are of one game).
            return Chunk::fresh(coded);
        }
        let n = self.dirty;
        chunk.stats[..n].fill_with(Stats::default);
        chunk.links[..n].fill_with(Links::default);
        chunk.plies.reset(n);
        chunk.proofs[..n].fill_with(|| AtomicU8::new(UNPROVEN));
        chunk.amaf[..n].fill_with(|| AtomicU32::new(NO_AMAF));
        if let Some(policy) = chunk.policy.get_mut() {
            policy[..n].fill_with(|| AtomicU32::new(0));
        }
        chunk
    }
}

/// Consecutive nodes of one chunk, from [`Tree::segments`]: the fields
/// the loops over children need.
pub(crate) struct Segment<'a> {
    /// The index of the first node.
    pub first: u32,
    pub stats: &'a [Stats],
    pub proofs: &'a [AtomicU8],
    /// The nodes' AMAF indices.
    pub amaf: &'a [AtomicU32],
}

/// The allocation counters, which every expansion writes, on cache lines
/// of their own (two: the neighbouring line is fetched with it), so that
/// the other threads' reads of the tree's read-mostly fields (the chunk
/// table, read at every node access) do not miss after each expansion.
#[derive(Debug, Default)]
#[repr(align(128))]
struct Counters {
    /// Nodes handed out or reserved.
    next: AtomicUsize,
    /// Of `next`, the nodes left unused in reserves given up
    /// ([`Tree::release`]).
    unused: AtomicUsize,
    /// The next free word of child-map storage, counted over all chunks
    /// ([`MAP_WORDS`] to a chunk).
    next_map: AtomicUsize,
}

/// The node pool and the root index.
///
/// Chunks can be handed from one tree to the next ([`Tree::with_spare`],
/// [`Tree::into_spare`]): a search thread that needs a new chunk then
/// rewrites memory the process already holds instead of allocating. Fresh
/// chunks allocated by helper threads come from the allocator's per-thread
/// arenas, whose memory goes back to the system between searches and is
/// faulted in again page by page (the crate's README says what that
/// cost).
#[derive(Debug)]
pub(crate) struct Tree<P> {
    chunks: Box<[OnceLock<Chunk<P>>]>,
    /// Chunks of old trees to use before allocating new ones.
    spare: Mutex<Vec<SpareChunk<P>>>,
    /// The workers' standing choices between searches, by worker index
    /// ([`Tree::take_standing`]).
    standing: Mutex<Vec<StandingChoices>>,
    counters: Counters,
    cap: usize,
    full: AtomicBool,
    /// The length of every child map of this tree (0 before the first).
    map_len: AtomicUsize,
    /// The game's ply codes, if it has them: the chunks then keep plies
    /// as codes (see [`PlySlot`]).
    codec: Option<PlyCodec<P>>,
    pub root: u32,
}

impl<P: Copy + Send + Sync> Tree<P> {
    /// An empty tree for at most `cap` nodes, with a root whose mover is
    /// `root_mover`, that takes its chunks from `spare` (as
    /// [`Tree::into_spare`] returns them) before allocating, and keeps
    /// plies as codes of `codec` if there is one.
    pub fn with_spare(
        cap: usize,
        root_mover: Seat,
        spare: Vec<SpareChunk<P>>,
        codec: Option<PlyCodec<P>>,
    ) -> Tree<P> {
        let cap = cap.clamp(1, u32::MAX as usize - 1);
        let n_chunks = cap.div_ceil(CHUNK);
        let chunks = (0..n_chunks).map(|_| OnceLock::new()).collect();
        let tree = Tree {
            chunks,
            spare: Mutex::new(spare),
            standing: Mutex::new(Vec::new()),
            counters: Counters::default(),
            cap,
            full: AtomicBool::new(false),
            map_len: AtomicUsize::new(0),
            codec,
            root: 0,
        };
        let root = tree.alloc(1).expect("room for the root");
        let node = tree.node(root);
        node.mover.store(seat_code(root_mover), Ordering::Relaxed);
        tree
    }

    /// The node with index `i`, which must have been allocated.
    #[inline]
    pub fn node(&self, i: u32) -> Node<'_, P> {
        let i = i as usize;
        self.chunks[i >> CHUNK_BITS]
            .get()
            .expect("allocated chunk")
            .node(i, self.codec)
    }

    /// The AMAF index of node `i` (see [`Chunk`]), which must have been
    /// allocated.
    #[inline]
    pub fn amaf(&self, i: u32) -> &AtomicU32 {
        let i = i as usize;
        &self.chunks[i >> CHUNK_BITS].get().expect("allocated chunk").amaf[i & CHUNK_MASK]
    }

    /// The PUCT policy probability of node `i` (its ply's share at its
    /// parent), 0 where none was set.
    #[inline]
    pub fn policy(&self, i: u32) -> f32 {
        let i = i as usize;
        let chunk = self.chunks[i >> CHUNK_BITS].get().expect("allocated chunk");
        chunk
            .policy
            .get()
            .map_or(0.0, |p| f32::from_bits(p[i & CHUNK_MASK].load(Ordering::Relaxed)))
    }

    /// Sets the PUCT policy probability of node `i` (see [`Tree::policy`]).
    #[inline]
    pub fn set_policy(&self, i: u32, p: f32) {
        let i = i as usize;
        let chunk = self.chunks[i >> CHUNK_BITS].get().expect("allocated chunk");
        chunk.policy.get_or_init(|| chunk_array(|| AtomicU32::new(0)))[i & CHUNK_MASK]
            .store(p.to_bits(), Ordering::Relaxed);
    }

    /// Worker `worker`'s standing choices in this tree (empty at first):
    /// the worker takes them for a search and gives them back with
    /// [`Tree::put_standing`], so that the next search on this tree
    /// continues with them, as a search continues with the statistics.
    pub fn take_standing(&self, worker: usize) -> StandingChoices {
        let mut tables = self.standing.lock().unwrap_or_else(PoisonError::into_inner);
        tables.get_mut(worker).map(std::mem::take).unwrap_or_default()
    }

    /// Gives back worker `worker`'s standing choices (see
    /// [`Tree::take_standing`]).
    pub fn put_standing(&self, worker: usize, table: StandingChoices) {
        let mut tables = self.standing.lock().unwrap_or_else(PoisonError::into_inner);
        if tables.len() <= worker {
            tables.resize_with(worker + 1, StandingChoices::default);
        }
        tables[worker] = table;
    }

    /// The nodes of `range` and their AMAF indices as slices, each with
    /// the index of its first node (one slice unless the range crosses a
    /// chunk boundary).
    #[inline]
    pub fn segments(&self, range: std::ops::Range<u32>) -> impl Iterator<Item = Segment<'_>> + '_ {
        let mut start = range.start as usize;
        let end = range.end as usize;
        std::iter::from_fn(move || {
            if start >= end {
                return None;
            }
            let chunk = self.chunks[start >> CHUNK_BITS].get().expect("allocated chunk");
            let offset = start & CHUNK_MASK;
            let len = (CHUNK - offset).min(end - start);
            let segment = Segment {
                first: start as u32,
                stats: &chunk.stats[offset..offset + len],
                proofs: &chunk.proofs[offset..offset + len],
                amaf: &chunk.amaf[offset..offset + len],
            };
            start += len;
            Some(segment)
        })
    }

    /// The root node.
    #[inline]
    pub fn root(&self) -> Node<'_, P> {
        self.node(self.root)
    }

    /// Nodes allocated so far (without those still in or given up with
    /// reserves).
    pub fn len(&self) -> usize {
        let c = &self.counters;
        c.next.load(Ordering::Relaxed) - c.unused.load(Ordering::Relaxed)
    }

    /// Whether the memory cap has been hit.
    pub fn is_full(&self) -> bool {
        self.full.load(Ordering::Relaxed)
    }

    /// Allocates `n` contiguous fresh nodes; `None` when the cap would be
    /// exceeded (the tree is then full and stays so).
    pub fn alloc(&self, n: usize) -> Option<u32> {
        if n == 0 {
            return Some(0);
        }
        let first = self.reserve_nodes(n);
        if first.is_none() {
            self.full.store(true, Ordering::Relaxed);
        }
        first.map(|f| f as u32)
    }

    /// Takes `n` nodes from the shared counter and makes their chunks;
    /// `None` (and nothing taken) when the cap would be exceeded.
    pub(super) fn reserve_nodes(&self, n: usize) -> Option<usize> {
        if self.full.load(Ordering::Relaxed) {
            return None;
        }
        let first = self.counters.next.fetch_add(n, Ordering::Relaxed);
        if first + n > self.cap {
            self.counters.next.fetch_sub(n, Ordering::Relaxed);
            return None;
        }
        let last = first + n - 1;
        for c in (first >> CHUNK_BITS)..=(last >> CHUNK_BITS) {
            self.chunk_or_init(c);
        }
        // The thread whose nodes reach the middle of a chunk makes the
        // next one, so that no thread waits for a chunk being made when
        // its nodes are handed out (the others would block on it).
        let next_chunk = (last >> CHUNK_BITS) + 1;
        let middle = (next_chunk << CHUNK_BITS) - CHUNK / 2;
        if (first..=last).contains(&middle) && next_chunk < self.chunks.len() {
            self.chunk_or_init(next_chunk);
        }
        Some(first)
    }

    /// Chunk `c`, made (from a spare one if there is one) if it is not yet.
    fn chunk_or_init(&self, c: usize) -> &Chunk<P> {
        self.chunks[c].get_or_init(|| {
            let spare = self.spare.lock().unwrap_or_else(PoisonError::into_inner).pop();
            let coded = self.codec.is_some();
            spare.map_or_else(|| Chunk::fresh(coded), |s| s.into_fresh(coded))
        })
    }

    /// Allocates `len` contiguous words for a child map: the AMAF slots of
    /// a node's children, so that the RAVE update of a node visits the
    /// children whose slots were claimed instead of testing every child.
    /// `None` when the tree has no room left for maps (nodes are then
    /// updated child by child) or `len` does not fit in one chunk. Every map
    /// of a tree has the same length.
    pub fn alloc_map(&self, len: usize) -> Option<u32> {
        let start = self.reserve_map_words(len)?;
        self.set_map_len(len);
        u32::try_from(start).ok()
    }

    /// Every map of a tree has one length, written once, not at every map:
    /// every backup reads it.
    pub(super) fn set_map_len(&self, len: usize) {
        if self.map_len.load(Ordering::Relaxed) != len {
            self.map_len.store(len, Ordering::Relaxed);
        }
    }

    /// Takes `len` words of map storage, in one chunk, from the shared
    /// counter, and makes that chunk's map array.
    pub(super) fn reserve_map_words(&self, len: usize) -> Option<usize> {
        if len == 0 || len > MAP_WORDS {
            return None;
        }
        // Only in chunks that hold nodes already: maps never make a chunk
        // (and its node arrays) before the nodes need it.
        let used = self.counters.next.load(Ordering::Relaxed).div_ceil(CHUNK);
        let room = used.min(self.chunks.len()) * MAP_WORDS;
        let mut next = self.counters.next_map.load(Ordering::Relaxed);
        let start = loop {
            // A map never straddles two chunks.
            let offset = next % MAP_WORDS;
            let start = if offset + len > MAP_WORDS {
                next - offset + MAP_WORDS
            } else {
                next
            };
            if start + len > room {
                return None;
            }
            match self.counters.next_map.compare_exchange_weak(
                next,
                start + len,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => break start,
                Err(now) => next = now,
            }
        };
        let chunk = self.chunk_or_init(start / MAP_WORDS);
        chunk.maps.get_or_init(|| chunk_array(|| AtomicU64::new(0)));
        Some(start)
    }

    /// The child map that starts at `start` (from [`Tree::alloc_map`]).
    #[inline]
    pub fn map(&self, start: u32) -> &[AtomicU64] {
        let start = start as usize;
        let offset = start % MAP_WORDS;
        let maps = self.chunks[start / MAP_WORDS]
            .get()
            .and_then(|c| c.maps.get())
            .expect("allocated map");
        &maps[offset..offset + self.map_len.load(Ordering::Relaxed)]
    }

    /// Takes the tree apart into chunks for the next tree: its unused
    /// spare chunks and every chunk it used, each with the number of nodes
    /// to reset before use (only the nodes handed out).
    pub fn into_spare(self) -> Vec<SpareChunk<P>> {
        let mut out = self.spare.into_inner().unwrap_or_else(PoisonError::into_inner);
        let used = self.counters.next.into_inner();
        for (k, slot) in self.chunks.into_vec().into_iter().enumerate() {
            if let Some(chunk) = slot.into_inner() {
                let dirty = used.saturating_sub(k * CHUNK).min(CHUNK);
                out.push(SpareChunk { chunk, dirty });
            }
        }
        out
    }

    /// Copies the subtree under `old_root` of `old` into a fresh tree with
    /// the same cap (breadth first, so children stay contiguous), built
    /// from `spare` chunks first. (Between searches no visit is in flight,
    /// so the copied statistics are complete.) `root_prior` virtual visits
    /// (the prior `old_root` started with) are taken off the new root, so
    /// that its visits are the iterations through it.
    pub fn copy_subtree(old: &Tree<P>, old_root: u32, root_prior: u32, spare: Vec<SpareChunk<P>>) -> Tree<P> {
        let src = old.node(old_root);
        let tree = Tree::with_spare(old.cap, src.mover(), spare, old.codec);
        let mut queue = std::collections::VecDeque::new();
        queue.push_back((old_root, tree.root));
        while let Some((from, to)) = queue.pop_front() {
            let a = old.node(from);
            let b = tree.node(to);
            copy_stats(a, b);
            tree.amaf(to)
                .store(old.amaf(from).load(Ordering::Relaxed), Ordering::Relaxed);
            let range = a.children();
            if range.is_empty() {
                continue;
            }
            let Some(first) = tree.alloc(range.len()) else {
                continue; // cannot happen with the same cap, but stay safe
            };
            for (k, c) in range.enumerate() {
                let child_new = first + k as u32;
                let src_child = old.node(c);
                if let Some(p) = src_child.ply.get() {
                    tree.node(child_new).ply.set(p);
                }
                let policy = old.policy(c);
                if policy != 0.0 {
                    tree.set_policy(child_new, policy);
                }
                queue.push_back((c, child_new));
            }
            // The map names children by their offset from the first, which
            // the copy keeps.
            let map = a.child_map();
            if map != NO_MAP {
                let words = old.map(map);
                if let Some(to_map) = tree.alloc_map(words.len()) {
                    for (to, from) in tree.map(to_map).iter().zip(words) {
                        to.store(from.load(Ordering::Relaxed), Ordering::Relaxed);
                    }
                    b.map.store(to_map, Ordering::Relaxed);
                }
            }
            b.first_child.store(first, Ordering::Relaxed);
            b.num_children
                .store(a.num_children.load(Ordering::Relaxed), Ordering::Relaxed);
            b.prior.store(a.prior.load(Ordering::Relaxed), Ordering::Relaxed);
            b.state.store(EXPANDED, Ordering::Release);
        }
        if root_prior > 0 {
            // The root's points are never read (selection reads children).
            let root = tree.root();
            let (visits, points) = root.stats();
            root.stats.set_prior(visits.saturating_sub(root_prior), points);
        }
        tree
    }
}

fn copy_stats<P>(a: Node<'_, P>, b: Node<'_, P>) {
    let r = Ordering::Relaxed;
    b.stats.copy_from(a.stats);
    b.mover.store(a.mover.load(r), r);
    b.proof.store(a.proof.load(Ordering::Acquire), Ordering::Release);
}
