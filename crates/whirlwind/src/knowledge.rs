//! What the engine knows beyond the rules, for searches
//! (`abstracta_core::knowledge`), from the sets of stones connected to each
//! edge that the engine keeps anyway.
//!
//! * A stone completes a chain (W4) exactly where it touches both of its
//!   colour's edge sets (or lies on an edge): the *win points*, one
//!   bitboard expression. A first stone there that forms no bare diagonal
//!   (W3) ends the turn with a win; a second stone there always does.
//! * A *threat* of the opponent is a win point of theirs whose stone would
//!   form no bare diagonal: on their next turn its first stone wins. On the
//!   second stone of a turn, with one threat the stone that fills it is
//!   forced; with two or more every ply loses. (On a first stone nothing
//!   loses at once: the second stone is still to come.)

use abstracta_core::knowledge::PlacementPriors;
use abstracta_core::PlyBuf;

use crate::tables::Board;
use crate::{Whirlwind, WhirlwindPly};

/// Prior win rates of stones (see [`Whirlwind::priors`]): a win point,
/// a block, then near the mover's stones, near any, far (and `end`).
const PLACEMENT_PRIORS: PlacementPriors<2> = PlacementPriors {
    tiers: [0.9, 0.75],
    near_own: 0.55,
    near: 0.5,
    far: 0.45,
};

/// The score of one stone of connection distance, in thousandths of a
/// logit.
const STONE_SCORE: i32 = 250;
/// The distance a side cut off from one of its edges counts as.
const CUT_OFF: i32 = 60;

impl Whirlwind {
    /// The empty points where a stone of colour `ci` would complete a
    /// chain between its edges (W4), ignoring W3.
    #[inline]
    pub(crate) fn win_points(&self, ci: usize) -> Board {
        let t = self.t;
        let s = t.stride;
        let [near, far] = self.conn[ci];
        let (e0, e1) = (t.start_edge[ci], t.far_edge[ci]);
        let empty = self.empty();
        let mut out = Board::EMPTY;
        for i in 0..t.words {
            let a = near.word_shifted_up(i, 1)
                | near.word_shifted_down(i, 1)
                | near.word_shifted_up(i, s)
                | near.word_shifted_down(i, s)
                | e0.0[i];
            let b = far.word_shifted_up(i, 1)
                | far.word_shifted_down(i, 1)
                | far.word_shifted_up(i, s)
                | far.word_shifted_down(i, s)
                | e1.0[i];
            out.0[i] = a & b & empty.0[i];
        }
        out
    }

    /// The points where a stone of colour `ci` would form no bare diagonal
    /// (W3) with its stones.
    #[inline]
    fn no_bare(&self, ci: usize) -> Board {
        let [ne, nw, se, sw] = self.t.bad_dirs(self.stones[ci]);
        !(ne | nw | se | sw)
    }

    /// The win points of the opponent of the side to move whose stone forms
    /// no bare diagonal: first stones that would win its next turn at once.
    #[inline]
    pub(crate) fn threats(&self) -> Board {
        let ci = self.to_move.opponent().index();
        let w = self.win_points(ci);
        if w.is_empty() {
            return w;
        }
        w & self.no_bare(ci)
    }

    /// [`Knowledge::ply_priors`](abstracta_core::Knowledge::ply_priors): a stone that completes the mover's chain is
    /// liked most, then one that fills a threat of the opponent's, then
    /// stones next to the mover's own, then next to any; far stones and
    /// `end` least.
    pub(crate) fn priors(&self, plies: &[WhirlwindPly], out: &mut [f32]) -> bool {
        let ci = self.to_move.index();
        let geo = &self.t.geo;
        let wins = self.win_points(ci);
        let threats = self.threats();
        let own = geo.neighbours4(self.stones[ci]);
        let any = own | geo.neighbours4(self.stones[1 - ci]);
        for (ply, prior) in plies.iter().zip(out.iter_mut()) {
            *prior = match *ply {
                WhirlwindPly::Place(p) => {
                    let i = geo.index(p);
                    PLACEMENT_PRIORS.prior([wins.has(i), threats.has(i)], own.has(i), any.has(i))
                }
                WhirlwindPly::End => PLACEMENT_PRIORS.far,
            };
        }
        true
    }

    /// The fewest stones `colour` (index) must add to join its edges by
    /// an orthogonal chain through its own stones and empty points (a
    /// shortest path where own stones cost nothing and empty points one),
    /// by growing the region within reach one stone at a time; `None`
    /// when the opponent has cut every path.
    pub(crate) fn connection_distance(&self, ci: usize) -> Option<u32> {
        let t = self.t;
        let own = self.stones[ci];
        let empty = t.geo.valid().andnot(self.stones[0] | self.stones[1]);
        let passable = own | empty;
        let (start, far) = (t.start_edge[ci], t.far_edge[ci]);
        let mut region = t.fill(start & own, own);
        let mut stones = 0;
        loop {
            if region.intersects(far) {
                return Some(stones);
            }
            let grown = t.grow_step(region, passable) | (start & empty);
            let next = t.fill(grown, own | grown);
            if next == region {
                return None;
            }
            region = next;
            stones += 1;
        }
    }

    /// [`Knowledge::evaluate_score`](abstracta_core::Knowledge::evaluate_score):
    /// the difference of the two sides' connection distances
    /// ([`connection_distance`](Self::connection_distance)), a stone worth
    /// [`STONE_SCORE`]; a side cut off counts as [`CUT_OFF`] stones away.
    pub(crate) fn score(&self) -> Option<i32> {
        if self.status.is_finished() {
            return None;
        }
        let ci = self.to_move.index();
        let distance = |c: usize| self.connection_distance(c).map_or(CUT_OFF, |d| d as i32);
        // The mover has the next stone (or the second of its turn).
        Some(STONE_SCORE * (distance(1 - ci) - distance(ci)) + STONE_SCORE / 2)
    }

    /// [`Knowledge::decisive_ply`](abstracta_core::Knowledge::decisive_ply).
    pub(crate) fn decisive(&self) -> Option<WhirlwindPly> {
        if self.status.is_finished() || self.plies == 0 {
            return None;
        }
        let ci = self.to_move.index();
        let mut wins = self.win_points(ci) & self.legal;
        if self.pending.is_none() && wins.any() {
            // A first stone wins at once only if the turn ends with it.
            wins &= self.no_bare(ci);
        }
        wins.first().map(|i| WhirlwindPly::Place(self.t.geo.point(i)))
    }

    /// [`Knowledge::forced_plies`](abstracta_core::Knowledge::forced_plies): on the second stone of a turn, the block of
    /// the opponent's single threat (or nothing, if it has two or more).
    pub(crate) fn forced(&self, out: &mut PlyBuf<WhirlwindPly>) -> bool {
        if self.status.is_finished() || self.pending.is_none() {
            return false;
        }
        let threats = self.threats();
        if threats.is_empty() || self.decisive().is_some() {
            return false;
        }
        out.clear();
        if threats.count() == 1 {
            let block = threats & self.legal;
            out.extend(block.iter().map(|i| WhirlwindPly::Place(self.t.geo.point(i))));
        }
        true
    }
}

/// What Whirlwind knows beyond its rules (see the module documentation): decisive stones, forced blocks, priors, and the points stones claim.
///
/// A zero-sized value: searches take it as their knowledge type, e.g.
/// `mcts::Mcts::<Whirlwind, WhirlwindKnowledge>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WhirlwindKnowledge;

impl abstracta_core::knowledge::Knowledge<Whirlwind> for WhirlwindKnowledge {
    fn decisive_ply(&self, game: &Whirlwind) -> Option<WhirlwindPly> {
        game.decisive()
    }

    fn forced_plies(&self, game: &Whirlwind, out: &mut PlyBuf<WhirlwindPly>) -> bool {
        game.forced(out)
    }

    fn ply_priors(&self, game: &Whirlwind, plies: &[WhirlwindPly], out: &mut [f32]) -> bool {
        game.priors(plies, out)
    }

    fn evaluate_score(&self, game: &Whirlwind) -> Option<i32> {
        game.score()
    }

    /// The logistic of [`evaluate_score`](abstracta_core::Knowledge::evaluate_score) (MCTS uses
    /// it only with its `eval` option).
    fn evaluate(&self, game: &Whirlwind) -> Option<f64> {
        game.score().map(|s| 1.0 / (1.0 + (-f64::from(s) / 1000.0).exp()))
    }
}

impl abstracta_core::claims::CellClaims<Whirlwind> for WhirlwindKnowledge {
    const CLAIMS: abstracta_core::Claims = abstracta_core::Claims::Lasting;

    fn claimed_cell(&self, game: &Whirlwind, ply: WhirlwindPly) -> Option<usize> {
        game.claimed(ply)
    }

    fn claimable_cells(&self, game: &Whirlwind) -> usize {
        usize::from(game.t.n) * usize::from(game.t.n)
    }
}

#[cfg(test)]
mod tests {
    use abstracta_core::Knowledge;

    use crate::WhirlwindKnowledge;
    use abstracta_core::{knowledge, Game, PlyBuf};

    use crate::reference::ReferenceWhirlwind;
    use crate::{Whirlwind, WhirlwindPly};

    /// Random games checked against the reference implementation at every
    /// position, asserting that decisive and forced plies occurred.
    #[test]
    fn claims_hold_against_the_reference() {
        let mut rng = abstracta_core::seeded_rng(21);
        let (mut decisive, mut forced) = (0, 0);
        for spec in ["whirlwind:size=4", "whirlwind:size=6", "whirlwind:size=8,setup=b"] {
            for _ in 0..12 {
                let mut game = Whirlwind::new(spec.parse().unwrap());
                let mut truth = ReferenceWhirlwind::new(spec.parse().unwrap());
                while let Some(ply) = game.random_ply(&mut rng) {
                    knowledge::check_claims(&game, &WhirlwindKnowledge, &truth).unwrap();
                    decisive += usize::from(WhirlwindKnowledge.decisive_ply(&game).is_some());
                    forced += usize::from(WhirlwindKnowledge.forced_plies(&game, &mut PlyBuf::new()));
                    game.play_unchecked(ply);
                    truth.play(ply).unwrap();
                }
            }
        }
        assert!(decisive > 20 && forced > 20, "{decisive} {forced}");
    }

    /// W4: on Black's second stone, White's single threat (a stone that
    /// would complete White's chain at once) must be filled; the block also
    /// has the best prior among the stones that do not win.
    #[test]
    fn w4_a_single_threat_forces_the_block() {
        let mut rng = abstracta_core::seeded_rng(5);
        let mut seen = 0;
        for _ in 0..200 {
            let mut game = Whirlwind::new("whirlwind:size=6".parse().unwrap());
            while let Some(ply) = game.random_ply(&mut rng) {
                let mut forced = PlyBuf::new();
                if WhirlwindKnowledge.decisive_ply(&game).is_none()
                    && WhirlwindKnowledge.forced_plies(&game, &mut forced)
                    && forced.len() == 1
                {
                    let threats = game.threats();
                    assert_eq!(threats.count(), 1);
                    let WhirlwindPly::Place(p) = forced[0] else {
                        panic!("end is no block")
                    };
                    assert!(threats.has(game.t.geo.index(p)));
                    let mut plies = PlyBuf::new();
                    game.legal_plies(&mut plies);
                    let mut priors = vec![0.0; plies.len()];
                    assert!(WhirlwindKnowledge.ply_priors(&game, &plies, &mut priors));
                    let at = plies.iter().position(|q| *q == forced[0]).unwrap();
                    assert!(priors.iter().all(|&x| x <= priors[at]));
                    seen += 1;
                }
                game.play_unchecked(ply);
            }
        }
        assert!(seen > 10, "{seen}");
    }

    /// W4: a second stone that completes the chain wins, and the search is
    /// told so.
    #[test]
    fn w4_the_completing_stone_is_decisive() {
        let mut game = Whirlwind::new("whirlwind:size=4".parse().unwrap());
        game.play_list("b2 a2 b3 c2").unwrap();
        assert_eq!(
            WhirlwindKnowledge.decisive_ply(&game),
            Some(WhirlwindPly::Place("c3".parse().unwrap()))
        );
    }

    /// W4: the set-up maps onto itself with the colours exchanged, so both
    /// sides start equally far from joining their edges; a stone towards a
    /// chain brings its side one closer.
    #[test]
    fn w4_the_score_compares_connection_distances() {
        let mut game = Whirlwind::new("whirlwind:size=8".parse().unwrap());
        let start = (game.connection_distance(0), game.connection_distance(1));
        assert_eq!(start.0, start.1);
        assert!(start.0.is_some_and(|d| d > 0 && d <= 8));
        assert_eq!(
            WhirlwindKnowledge.evaluate_score(&game),
            Some(super::STONE_SCORE / 2)
        );
        let mut plies = PlyBuf::new();
        game.legal_plies(&mut plies);
        let closer = plies
            .iter()
            .copied()
            .find(|&p| {
                let mut next = game.clone();
                next.play_unchecked(p);
                next.connection_distance(0) < start.0
            })
            .expect("some stone shortens Black's path");
        game.play(closer).unwrap();
        assert!(WhirlwindKnowledge.evaluate_score(&game).unwrap() < 0);
    }
}
