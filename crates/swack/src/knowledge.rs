//! What the engine knows beyond the rules, for searches
//! (`abstracta_core::knowledge`): after the opponent's pass, a pass ends
//! the game (S5), so it is decisive when the scoring (S6, S7) favours the
//! mover and otherwise loses at once, which leaves the stacking moves
//! forced.

use abstracta_core::{Colour, Game, PlyBuf, SearchHints};
use rand::Rng;

use crate::engine::{with_engine, Engine, Storage};
use crate::{Swack, SwackPly};

/// The search settings this game recommends: decisive and forced passes.
pub(crate) const SEARCH_HINTS: SearchHints = SearchHints {
    decisive: true,
    decisive_in_playouts: true,
    guided: true,
    ..SearchHints::DEFAULT
};

impl<const N: usize> Engine<N> {
    /// The number of stacking moves and drops `me` has.
    fn board_moves(&self, me: Colour, free: bool) -> u32 {
        let mut n = self.count_stacking(me);
        if free {
            let empty = self.empty();
            n += (0..4).map(|d| self.drops_dir(empty, d).count()).sum::<u32>();
        }
        n
    }
}

impl Swack {
    /// Whether the game, ended by two passes now, would be lost by the
    /// side to move (S6, S7, S9).
    fn behind(&self) -> bool {
        let mut next = self.clone();
        next.play(SwackPly::Pass);
        if !next.is_over() {
            next.play(SwackPly::Pass);
        }
        next.current_status().winner_seat() == Some(self.to_move_seat().opponent())
    }

    /// [`Game::guided_ply`](abstracta_core::Game::guided_ply): a uniformly
    /// random ply, except that a side that would lose if the game ended
    /// now does not pass while it has a stacking move (or drop): a pass
    /// there lets the opponent end the game with a pass (S5).
    pub(crate) fn guided<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<SwackPly> {
        let ply = self.random(rng)?;
        if ply != SwackPly::Pass || !self.behind() {
            return Some(ply);
        }
        let (me, free) = (self.to_move, self.options.is_free());
        Some(with_engine!(self, b => {
            if b.board_moves(me, free) == 0 {
                SwackPly::Pass
            } else {
                b.random(me, free, &[], rng)
            }
        }))
    }

    /// After the opponent's pass: whether a pass now wins for the mover.
    fn pass_wins(&self) -> bool {
        let mut next = self.clone();
        next.play(SwackPly::Pass);
        next.current_status().winner_seat() == Some(self.to_move_seat())
    }

    /// Whether a pass now would end the game.
    fn pass_ends(&self) -> bool {
        self.passed && !self.current_status().is_finished()
    }

    /// [`Game::decisive_ply`](abstracta_core::Game::decisive_ply): the ending pass, when it wins.
    pub(crate) fn decisive(&self) -> Option<SwackPly> {
        (self.pass_ends() && self.pass_wins()).then_some(SwackPly::Pass)
    }

    /// [`Game::claimed_cell`](abstracta_core::Game::claimed_cell): a stacking move (or drop)
    /// claims the slot of its square and direction, `4 * cell(from) + d`
    /// (`cell` row by row from `a1`, `d` the direction of `to`: up, right,
    /// down, left), drops `4 n^2` slots later. Moves are not cells, but
    /// all-moves-as-first statistics only need a key that names a ply the
    /// same way wherever it is played.
    pub(crate) fn claim(&self, ply: SwackPly) -> Option<usize> {
        let n = usize::from(self.size());
        let (a, b, base) = match ply {
            SwackPly::Stack { from, to } => (from, to, 0),
            SwackPly::Drop { two, one } => (two, one, 4 * n * n),
            SwackPly::Pass | SwackPly::Swap => return None,
        };
        let d = if b.row > a.row {
            0
        } else if b.col > a.col {
            1
        } else if b.row < a.row {
            2
        } else {
            3
        };
        Some(base + 4 * (usize::from(a.row) * n + usize::from(a.col)) + d)
    }

    /// [`Game::claimable_cells`](abstracta_core::Game::claimable_cells).
    pub(crate) fn claim_slots(&self) -> usize {
        let n = usize::from(self.size());
        if self.options.is_free() {
            8 * n * n
        } else {
            4 * n * n
        }
    }

    /// [`Game::forced_plies`](abstracta_core::Game::forced_plies): every ply but the ending pass, when that
    /// pass loses.
    pub(crate) fn forced(&self, out: &mut PlyBuf<SwackPly>) -> bool {
        if !self.pass_ends() || self.pass_wins() {
            return false;
        }
        self.legal_into(out);
        out.retain(|p| *p != SwackPly::Pass);
        true
    }
}

#[cfg(test)]
mod tests {
    use abstracta_core::{knowledge, Game};
    use rand::Rng;

    use crate::reference::ReferenceSwack;
    use crate::{Swack, SwackPly};

    /// Random games (with passes made more likely, so that ending passes
    /// come up) checked against the reference implementation at every
    /// position.
    #[test]
    fn claims_hold_against_the_reference() {
        let mut rng = abstracta_core::seeded_rng(20);
        let (mut decisive, mut forced) = (0, 0);
        for spec in [
            "swack:size=4",
            "swack:size=5",
            "swack:size=4,variant=free",
            "swack:size=6",
        ] {
            for _ in 0..20 {
                let mut game = Swack::new(spec.parse().unwrap());
                let mut truth = ReferenceSwack::new(spec.parse().unwrap());
                while let Some(ply) = game.random_ply(&mut rng) {
                    knowledge::check_claims(&game, &truth).unwrap();
                    decisive += usize::from(game.decisive_ply().is_some());
                    forced += usize::from(game.forced_plies(&mut Default::default()));
                    let ply = if rng.gen_range(0..4) == 0 {
                        SwackPly::Pass
                    } else {
                        ply
                    };
                    game.play_unchecked(ply);
                    truth.play(ply).unwrap();
                }
            }
        }
        assert!(decisive > 10 && forced > 10, "{decisive} {forced}");
    }
}
