//! Last good replies with forgetting (`reply=on`): the playouts of one
//! search learn, per seat, which reply to a ply last won, and play it
//! again when it is legal.
//!
//! A ply is known by its AMAF slot ([`abstracta_core::Game::claimed_cell`]),
//! so the table is two arrays of one entry per slot and the search stays
//! ignorant of the game. After each iteration the winner's replies (tree
//! and playout plies alike) are stored for the plies they answered, and
//! a loser's reply is forgotten where it is the stored one. Plies without
//! a slot (a pass, say) are neither answered nor remembered. Knowledge
//! learnt this way grows with the search, which fixed playout heuristics
//! do not.

use abstracta_core::Seat;

use crate::tree::NO_AMAF;

/// One worker's reply table and the replies of its current iteration.
#[derive(Debug)]
pub(crate) struct Replies<P> {
    /// Per seat of the replier, per slot of the ply answered: the reply
    /// that last won.
    table: [Vec<Option<P>>; 2],
    /// This iteration's replies: (slot answered, reply, replier).
    seen: Vec<(u32, P, Seat)>,
}

impl<P: Copy + Eq> Replies<P> {
    /// A table for `slots` slots (empty when `on` is false: nothing is
    /// ever suggested or noted then).
    pub fn new(slots: usize, on: bool) -> Self {
        let len = if on { slots } else { 0 };
        Replies {
            table: [vec![None; len], vec![None; len]],
            seen: Vec::with_capacity(if on { 256 } else { 0 }),
        }
    }

    /// The stored reply of `seat` to the ply of slot `answered`, if any.
    #[inline]
    pub fn suggest(&self, seat: Seat, answered: u32) -> Option<P> {
        self.table[seat.index()].get(answered as usize).copied().flatten()
    }

    /// Notes that `seat` answered the ply of slot `answered` (or
    /// [`NO_AMAF`]) with `reply` in this iteration.
    #[inline]
    pub fn note(&mut self, answered: u32, reply: P, seat: Seat) {
        if answered != NO_AMAF && (answered as usize) < self.table[0].len() {
            self.seen.push((answered, reply, seat));
        }
    }

    /// Ends the iteration, whose result was `first_points` half points for
    /// the first seat (2 a win, 1 a draw, 0 a loss): the winner's replies
    /// are stored, a loser's stored reply that it played is forgotten. A
    /// draw teaches nothing.
    pub fn learn(&mut self, first_points: u64) {
        let winner = match first_points {
            2 => Some(Seat::First),
            0 => Some(Seat::Second),
            _ => None,
        };
        if let Some(winner) = winner {
            for &(answered, reply, seat) in &self.seen {
                let entry = &mut self.table[seat.index()][answered as usize];
                if seat == winner {
                    *entry = Some(reply);
                } else if *entry == Some(reply) {
                    *entry = None;
                }
            }
        }
        self.seen.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winners_replies_are_stored_and_a_losers_forgotten() {
        let mut r = Replies::<u8>::new(4, true);
        r.note(1, 10, Seat::First);
        r.note(2, 20, Seat::Second);
        r.learn(2);
        assert_eq!(r.suggest(Seat::First, 1), Some(10));
        assert_eq!(r.suggest(Seat::Second, 2), None);
        // The first seat plays its stored reply and loses: forgotten.
        r.note(1, 10, Seat::First);
        r.note(3, 30, Seat::Second);
        r.learn(0);
        assert_eq!(r.suggest(Seat::First, 1), None);
        assert_eq!(r.suggest(Seat::Second, 3), Some(30));
        // A loser's other reply leaves the stored one alone.
        r.note(3, 31, Seat::Second);
        r.learn(2);
        assert_eq!(r.suggest(Seat::Second, 3), Some(30));
    }

    #[test]
    fn draws_slotless_plies_and_an_unused_table_learn_nothing() {
        let mut r = Replies::<u8>::new(4, true);
        r.note(1, 10, Seat::First);
        r.learn(1);
        assert_eq!(r.suggest(Seat::First, 1), None);
        r.note(NO_AMAF, 10, Seat::First);
        r.note(9, 10, Seat::First);
        r.learn(2);
        assert!((0..4).all(|s| r.suggest(Seat::First, s).is_none()));
        let mut off = Replies::<u8>::new(4, false);
        off.note(1, 10, Seat::First);
        off.learn(2);
        assert_eq!(off.suggest(Seat::First, 1), None);
    }
}
