//! Reading and updating one node: its statistics word (visits and points
//! packed for one atomic add), RAVE statistics, prior, ply, mover, proof
//! and children.

use super::*;

impl Stats {
    /// (visits, half points): visits include those still in flight.
    #[inline]
    pub fn stats(&self) -> (u32, u32) {
        unpack(self.stats.load(Ordering::Relaxed))
    }

    /// RAVE (visits, half points).
    #[inline]
    pub fn rave(&self) -> (u32, u32) {
        unpack(self.rave.load(Ordering::Relaxed))
    }

    /// Adds a RAVE result. A plain load and store, not a locked add: with
    /// several threads an update can rarely be lost, which RAVE tolerates,
    /// and it is several times cheaper (most backup time goes here).
    #[inline]
    pub fn add_rave(&self, points: u64) {
        let old = self.rave.load(Ordering::Relaxed);
        self.rave
            .store(old.wrapping_add(ONE_VISIT | points), Ordering::Relaxed);
    }

    /// Adds `delta` (wrapping) to the packed visits and points. With
    /// `exclusive` (one worker searches this tree; others may read it,
    /// as reports do, but none writes) a plain load and store give the
    /// same value as the locked add, which costs about 20 cycles on x86
    /// and is paid twice per node of every iteration's path.
    #[inline]
    pub fn add(&self, delta: u64, exclusive: bool) {
        if exclusive {
            let old = self.stats.load(Ordering::Relaxed);
            self.stats.store(old.wrapping_add(delta), Ordering::Relaxed);
        } else {
            self.stats.fetch_add(delta, Ordering::Relaxed);
        }
    }

    /// Sets the statistics of a fresh node to `visits` virtual visits
    /// worth `points` half points (its prior).
    #[inline]
    pub fn set_prior(&self, visits: u32, points: u32) {
        self.stats
            .store((u64::from(visits) << 32) | u64::from(points), Ordering::Relaxed);
    }

    pub(super) fn copy_from(&self, other: &Stats) {
        let r = Ordering::Relaxed;
        self.stats.store(other.stats.load(r), r);
        self.rave.store(other.rave.load(r), r);
    }
}

impl<P: Copy> Node<'_, P> {
    #[inline]
    pub fn ply(&self) -> P {
        self.ply.get().expect("non-root node has a ply")
    }

    /// (visits, half points): visits include those still in flight.
    #[inline]
    pub fn stats(&self) -> (u32, u32) {
        self.stats.stats()
    }

    /// Visits, including those still in flight.
    #[inline]
    pub fn visits(&self) -> u32 {
        self.stats().0
    }

    /// Adds one completed visit worth `points` half points (`exclusive`:
    /// see [`Stats::add`]).
    #[inline]
    pub fn add_result(&self, points: u64, exclusive: bool) {
        self.stats.add(ONE_VISIT | points, exclusive);
    }

    /// Counts a visit now as `virtual_loss` visits, all losses until
    /// [`add_points`](Node::add_points) completes it (`exclusive`: see
    /// [`Stats::add`]).
    #[inline]
    pub fn add_visit(&self, virtual_loss: u32, exclusive: bool) {
        self.stats.add(u64::from(virtual_loss) << 32, exclusive);
    }

    /// Completes a visit counted by [`add_visit`](Node::add_visit) with
    /// the same `virtual_loss`: adds its points and takes back the visits
    /// beyond the one that stays (`exclusive`: see [`Stats::add`]).
    #[inline]
    pub fn add_points(&self, points: u64, virtual_loss: u32, exclusive: bool) {
        // The visits taken back were added by this thread's descent, so
        // the count cannot fall below zero; the wrapping add of their
        // two's complement subtracts them in the same atomic operation.
        let delta = points.wrapping_sub(u64::from(virtual_loss - 1) << 32);
        if delta != 0 {
            self.stats.add(delta, exclusive);
        }
    }

    #[inline]
    pub fn mover(&self) -> Seat {
        code_seat(self.mover.load(Ordering::Relaxed))
    }

    #[inline]
    pub fn proof(&self) -> u8 {
        self.proof.load(Ordering::Acquire)
    }

    #[inline]
    pub fn is_expanded(&self) -> bool {
        self.state.load(Ordering::Acquire) == EXPANDED
    }

    /// The children's index range (empty unless expanded).
    #[inline]
    pub fn children(&self) -> std::ops::Range<u32> {
        if self.is_expanded() {
            let first = self.first_child.load(Ordering::Relaxed);
            first..first + self.num_children.load(Ordering::Relaxed)
        } else {
            0..0
        }
    }

    /// The virtual visits each child of this node started with (its
    /// prior; 0 without priors).
    #[inline]
    pub fn child_prior(&self) -> u32 {
        u32::from(self.prior.load(Ordering::Relaxed))
    }

    /// Where the node's child map starts, or [`NO_MAP`].
    #[inline]
    pub fn child_map(&self) -> u32 {
        self.map.load(Ordering::Relaxed)
    }

    /// Sets the proof if none is set yet; returns whether this call set it.
    pub fn set_proof(&self, proof: u8) -> bool {
        self.proof
            .compare_exchange(UNPROVEN, proof, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    }
}
