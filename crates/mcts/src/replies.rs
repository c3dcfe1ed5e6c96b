//! Last good reply with forgetting for playouts (`reply=on`): a reply that
//! won a playout is tried again after the same ply, until a playout that
//! used it is lost.
//!
//! Plies are named by their slot (`Game::claimed_cell`), as for RAVE, so
//! the table holds one reply per seat and slot; plies without a slot
//! (passes, swaps) are neither remembered nor answered.

use abstracta_core::Seat;

use crate::tree::NO_AMAF;

/// One thread's replies and the current playout's plies.
#[derive(Debug)]
pub(crate) struct Replies<P> {
    /// The number of slots; the table is sized on first use.
    slots: usize,
    /// `seat * slots + slot`: the reply of `seat` to the ply of that slot.
    table: Vec<Option<P>>,
    /// The plies of the playout so far: mover's seat index, the slot of
    /// the ply before ([`NO_AMAF`] for none), the ply.
    played: Vec<(u8, u32, P)>,
}

impl<P> Default for Replies<P> {
    fn default() -> Self {
        Replies {
            slots: 0,
            table: Vec::new(),
            played: Vec::new(),
        }
    }
}

impl<P: Copy + PartialEq> Replies<P> {
    /// Makes room for `slots` slots (a no-op once done).
    pub fn prepare(&mut self, slots: usize) {
        if self.slots != slots {
            self.slots = slots;
            self.table.clear();
            self.table.resize(2 * slots, None);
        }
        self.played.clear();
    }

    /// The remembered reply of `seat` to the ply whose slot is `before`.
    #[inline]
    pub fn reply(&self, seat: Seat, before: u32) -> Option<P> {
        let before = before as usize;
        if before >= self.slots {
            return None;
        }
        self.table[seat.index() * self.slots + before]
    }

    /// Notes that `seat` played `ply` after the ply of slot `before`.
    #[inline]
    pub fn record(&mut self, seat: Seat, before: u32, ply: P) {
        if (before as usize) < self.slots {
            self.played.push((seat.index() as u8, before, ply));
        }
    }

    /// Learns from the playout just recorded, worth `first` half points to
    /// the first seat: the winner's replies are remembered, the loser's
    /// forgotten where the table holds them; a draw teaches nothing.
    pub fn learn(&mut self, first: u64) {
        let winner = match first {
            2 => 0u8,
            0 => 1u8,
            _ => {
                self.played.clear();
                return;
            }
        };
        for &(seat, before, ply) in &self.played {
            let entry = &mut self.table[usize::from(seat) * self.slots + before as usize];
            if seat == winner {
                *entry = Some(ply);
            } else if *entry == Some(ply) {
                *entry = None;
            }
        }
        self.played.clear();
    }
}

/// The slot that names no ply, for the first playout ply after a tree ply
/// without one.
pub(crate) const NO_SLOT: u32 = NO_AMAF;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_won_reply_is_remembered_and_a_lost_one_forgotten() {
        let mut r: Replies<u16> = Replies::default();
        r.prepare(10);
        r.record(Seat::First, 3, 7);
        r.record(Seat::Second, 7, 4);
        r.learn(2); // the first seat won
        assert_eq!(r.reply(Seat::First, 3), Some(7));
        assert_eq!(r.reply(Seat::Second, 7), None, "the loser learns nothing");
        // The first seat plays the same reply and loses: forgotten.
        r.record(Seat::First, 3, 7);
        r.learn(0);
        assert_eq!(r.reply(Seat::First, 3), None);
        // A draw changes nothing; no slot, no entry.
        r.record(Seat::Second, 5, 1);
        r.learn(1);
        assert_eq!(r.reply(Seat::Second, 5), None);
        r.record(Seat::First, NO_SLOT, 9);
        r.learn(2);
        assert_eq!(r.reply(Seat::First, NO_SLOT), None);
    }

    #[test]
    fn a_lost_playout_forgets_only_its_own_reply() {
        let mut r: Replies<u16> = Replies::default();
        r.prepare(4);
        r.record(Seat::Second, 1, 2);
        r.learn(0); // the second seat won
        assert_eq!(r.reply(Seat::Second, 1), Some(2));
        r.record(Seat::Second, 1, 3);
        r.learn(2); // lost with another reply: the remembered one stays
        assert_eq!(r.reply(Seat::Second, 1), Some(2));
    }
}
