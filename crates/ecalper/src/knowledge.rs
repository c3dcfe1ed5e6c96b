//! What the engine knows beyond the rules, for searches
//! (`abstracta_core::knowledge`).
//!
//! * Black's last turn is a single replacement that ends the game (C4), so
//!   its outcome is known before it is played: a replacement that wins is
//!   decisive, and when none wins, the ones that do not lose are forced.
//! * Guided playouts replace, of the (at most three) stones the opponent
//!   has just placed, the one touching the most stones of either colour:
//!   taking it joins the most of the mover's stones and cuts the most of
//!   the opponent's (C2, C5). Placements stay uniformly random.
//! * Priors: a replacement by the stones it touches (as above); a
//!   placement by the mover's stones it touches (it joins them, C5).

use abstracta_core::{BitBoard, Colour, Game, PlyBuf, Seat};
use rand::Rng;

use crate::engine::{with_engine, Engine, Phase, Storage};
use crate::groups::decide;
use crate::{Ecalper, EcalperPly};

impl<const N: usize> Engine<N> {
    /// Whether the side to move owes the game's last ply: the replacement
    /// of C4.
    #[inline]
    fn last_replacement(&self) -> bool {
        self.phase == Phase::Replace && self.empty_count == 1
    }

    /// The rules winner after the mover replaces the stone on bit `i`.
    fn winner_after_replacing(&self, i: usize) -> Option<Colour> {
        let me = self.to_move;
        let mut after = self.clone();
        after.stones[me.opponent().index()].clear(i);
        after.stones[me.index()].set(i);
        decide(after.stats(Colour::Black), after.stats(Colour::White))
    }

    /// How many stones of either colour touch the cell of bit `i`.
    #[inline]
    fn contacts(&self, i: usize) -> u32 {
        let around = self.geo.neighbours_hex(BitBoard::single(i));
        (around & (self.stones[0] | self.stones[1])).count()
    }

    fn decisive(&self) -> Option<EcalperPly> {
        if !self.last_replacement() {
            return None;
        }
        let me = self.to_move;
        self.marked
            .iter()
            .find(|&i| self.winner_after_replacing(i) == Some(me))
            .map(|i| EcalperPly::Replace(self.point(i)))
    }

    fn forced(&self, out: &mut PlyBuf<EcalperPly>) -> bool {
        if !self.last_replacement() {
            return false;
        }
        let them = self.to_move.opponent();
        out.clear();
        let mut losing = 0;
        for i in self.marked {
            if self.winner_after_replacing(i) == Some(them) {
                losing += 1;
            } else {
                out.push(EcalperPly::Replace(self.point(i)));
            }
        }
        losing > 0
    }

    /// The replacement touching the most stones (ties at random), or
    /// `None` outside a replacement or when a swap is still possible (then
    /// the uniform choice stands).
    #[inline]
    fn guided_replacement<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EcalperPly> {
        if self.phase != Phase::Replace || self.swap_available() {
            return None;
        }
        let (mut best, mut best_score, mut ties) = (None, 0, 0u32);
        for i in self.marked {
            let score = self.contacts(i);
            if best.is_none() || score > best_score {
                (best, best_score, ties) = (Some(i), score, 1);
            } else if score == best_score {
                ties += 1;
                if rng.gen_range(0..ties) == 0 {
                    best = Some(i);
                }
            }
        }
        best.map(|i| EcalperPly::Replace(self.point(i)))
    }
}

impl<const N: usize> Engine<N> {
    /// [`Knowledge::ply_priors`](abstracta_core::Knowledge::ply_priors): 0.5 plus 0.04
    /// per stone a replacement touches beyond three, or 0.03 per own stone
    /// a placement touches (at most three).
    fn priors(&self, plies: &[EcalperPly], out: &mut [f32]) {
        let mine = self.stones[self.to_move.index()];
        for (ply, prior) in plies.iter().zip(out.iter_mut()) {
            *prior = match *ply {
                EcalperPly::Replace(p) => {
                    let i = self.geo.index(p);
                    (0.5 + 0.04 * (self.contacts(i) as f32 - 3.0)).clamp(0.3, 0.7)
                }
                EcalperPly::Place(p) => {
                    let i = self.geo.index(p);
                    let own = (self.geo.neighbours_hex(BitBoard::single(i)) & mine).count();
                    0.5 + 0.03 * own.min(3) as f32
                }
                EcalperPly::Swap => 0.5,
            };
        }
    }
}

impl Ecalper {
    /// [`Knowledge::ply_priors`](abstracta_core::Knowledge::ply_priors): see the
    /// module docs.
    pub(crate) fn priors(&self, plies: &[EcalperPly], out: &mut [f32]) -> bool {
        with_engine!(self, e => e.priors(plies, out));
        true
    }

    /// [`Knowledge::decisive_ply`](abstracta_core::Knowledge::decisive_ply): the last replacement, when one wins.
    pub(crate) fn decisive(&self) -> Option<EcalperPly> {
        if self.capped() {
            return None;
        }
        with_engine!(self, e => e.decisive())
    }

    /// [`Knowledge::forced_plies`](abstracta_core::Knowledge::forced_plies): at the last replacement, the ones that do
    /// not lose, when some lose.
    pub(crate) fn forced(&self, out: &mut PlyBuf<EcalperPly>) -> bool {
        !self.capped() && with_engine!(self, e => e.forced(out))
    }

    /// [`Knowledge::guided_ply`](abstracta_core::Knowledge::guided_ply): the replacement touching the most stones, else
    /// a random ply.
    #[inline]
    pub(crate) fn guided<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EcalperPly> {
        if self.capped() {
            return None;
        }
        with_engine!(self, e => e.guided_replacement(rng).or_else(|| e.random_ply(rng)))
    }
}

/// What Ecalper knows beyond its rules (see the module documentation): the last replacement, forced plies, priors, guided replacements, and the revocable claims of placements and replacements.
///
/// A zero-sized value: searches take it as their knowledge type, e.g.
/// `mcts::Mcts::<Ecalper, EcalperKnowledge>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EcalperKnowledge;

impl abstracta_core::knowledge::Knowledge<Ecalper> for EcalperKnowledge {
    fn decisive_ply(&self, game: &Ecalper) -> Option<EcalperPly> {
        game.decisive()
    }

    fn forced_plies(&self, game: &Ecalper, out: &mut PlyBuf<EcalperPly>) -> bool {
        game.forced(out)
    }

    fn ply_priors(&self, game: &Ecalper, plies: &[EcalperPly], out: &mut [f32]) -> bool {
        game.priors(plies, out)
    }

    /// The group sizes (C5): the largest groups compared, then fewer
    /// groups, for the mover.
    fn evaluate_score(&self, game: &Ecalper) -> Option<i32> {
        if game.status().is_finished() {
            return None;
        }
        let me = game.to_move_colour();
        let ((mine, my_groups), (theirs, their_groups)) =
            with_engine!(game, e => (e.stats(me), e.stats(me.opponent())));
        let largest = i64::from(mine) - i64::from(theirs);
        let groups = i64::from(their_groups) - i64::from(my_groups);
        Some((LARGEST_GROUP_SCORE * largest + GROUP_COUNT_SCORE * groups).clamp(-90_000, 90_000) as i32)
    }

    /// The logistic of [`evaluate_score`](abstracta_core::Knowledge::evaluate_score) (MCTS uses
    /// it only with its `eval` option).
    fn evaluate(&self, game: &Ecalper) -> Option<f64> {
        self.evaluate_score(game)
            .map(|s| 1.0 / (1.0 + (-f64::from(s) / 1000.0).exp()))
    }

    #[inline]
    fn guided_ply<R: Rng + ?Sized>(&self, game: &Ecalper, rng: &mut R) -> Option<EcalperPly> {
        game.guided(rng)
    }
}

impl abstracta_core::claims::CellClaims<Ecalper> for EcalperKnowledge {
    /// A replacement turns the best of the three stones just placed into
    /// the opponent's, so a placement's claim lasts only while the stone is
    /// still the placer's.
    const CLAIMS: abstracta_core::Claims = abstracta_core::Claims::Revocable;

    /// Slots are bitboard indices, a placement's cell at its bit and a
    /// replacement's one board width of words later, so that
    /// [`retain_held_cells`](abstracta_core::CellClaims::retain_held_cells) masks whole words.
    fn claimed_cell(&self, game: &Ecalper, ply: EcalperPly) -> Option<usize> {
        with_engine!(game, e => e.claimed_cell(ply))
    }

    fn claimable_cells(&self, game: &Ecalper) -> usize {
        with_engine!(game, e => e.claimable_cells())
    }

    fn cell_holder(&self, game: &Ecalper, slot: usize) -> Option<Seat> {
        let colour = with_engine!(game, e => e.cell_holder(slot))?;
        Some(game.seat_of(colour))
    }

    fn retain_held_cells(&self, game: &Ecalper, seat: Seat, slots: &mut [u64]) {
        let colour = game.colour_of(seat);
        with_engine!(game, e => e.retain_held_cells(colour, slots));
    }
}

/// Score per stone of lead in the largest group and per group fewer, in
/// thousandths of a logit.
const LARGEST_GROUP_SCORE: i64 = 150;
const GROUP_COUNT_SCORE: i64 = 40;

#[cfg(test)]
mod tests {
    use abstracta_core::Knowledge;

    use crate::EcalperKnowledge;
    use abstracta_core::{knowledge, Game, PlyBuf};
    use rand::Rng;

    use crate::reference::ReferenceEcalper;
    use crate::{Ecalper, EcalperPly};

    /// Random and guided games checked against the reference
    /// implementation at every position, including the last replacement
    /// (C4), where the claims are made.
    #[test]
    fn claims_hold_against_the_reference() {
        let mut rng = abstracta_core::seeded_rng(20);
        let (mut decisive, mut forced) = (0, 0);
        for spec in ["ecalper:size=3", "ecalper:size=4", "ecalper:size=5,pie=off"] {
            for round in 0..40 {
                let mut game = Ecalper::new(spec.parse().unwrap());
                let mut truth = ReferenceEcalper::new(spec.parse().unwrap());
                loop {
                    knowledge::check_claims(&game, &EcalperKnowledge, &truth).unwrap();
                    decisive += usize::from(EcalperKnowledge.decisive_ply(&game).is_some());
                    forced += usize::from(EcalperKnowledge.forced_plies(&game, &mut PlyBuf::new()));
                    let ply = if round % 2 == 0 {
                        EcalperKnowledge.guided_ply(&game, &mut rng)
                    } else {
                        game.random_ply(&mut rng)
                    };
                    let Some(ply) = ply else { break };
                    game.play_unchecked(ply);
                    truth.play(ply).unwrap();
                }
                assert_eq!(game.status(), truth.status(), "{spec}");
            }
        }
        assert!(decisive > 10 && forced > 10, "{decisive} {forced}");
    }

    /// C2, C5: the guided replacement takes the stone touching the most
    /// stones. Black's b1 c1 d1 in a row: White takes the middle one, c1
    /// (it touches two stones, the others one each).
    #[test]
    fn c2_guided_replacement_takes_the_best_connected_stone() {
        let mut game = Ecalper::new("ecalper:size=4,pie=off".parse().unwrap());
        game.play_list("b1 c1 d1").unwrap();
        let mut rng = abstracta_core::seeded_rng(1);
        for _ in 0..10 {
            assert_eq!(
                EcalperKnowledge.guided_ply(&game, &mut rng),
                Some(EcalperPly::Replace("c1".parse().unwrap()))
            );
        }
        // Placements stay random but legal.
        game.play_str("xc1").unwrap();
        let mut plies = PlyBuf::new();
        game.legal_plies(&mut plies);
        for _ in 0..20 {
            let ply = EcalperKnowledge.guided_ply(&game, &mut rng).unwrap();
            assert!(plies.contains(&ply), "{ply}");
            let _ = rng.gen::<u8>();
        }
    }

    /// C2, C5: priors rank the replacements by the stones they touch and
    /// favour placements next to the mover's stones; all are
    /// probabilities.
    #[test]
    fn c2_priors_rank_replacements_and_placements() {
        let mut game = Ecalper::new("ecalper:size=4,pie=off".parse().unwrap());
        game.play_list("b1 c1 d1").unwrap();
        let mut plies = PlyBuf::new();
        game.legal_plies(&mut plies);
        let mut priors = vec![0.0; plies.len()];
        assert!(EcalperKnowledge.ply_priors(&game, &plies, &mut priors));
        let of = |plies: &PlyBuf<EcalperPly>, priors: &[f32], text: &str| {
            priors[plies.iter().position(|p| p.to_string() == text).unwrap()]
        };
        assert!(of(&plies, &priors, "xc1") > of(&plies, &priors, "xb1"));
        assert_eq!(of(&plies, &priors, "xb1"), of(&plies, &priors, "xd1"));
        game.play_str("xc1").unwrap();
        game.legal_plies(&mut plies);
        priors.resize(plies.len(), 0.0);
        assert!(EcalperKnowledge.ply_priors(&game, &plies, &mut priors));
        // White owns c1: c2 touches it, a4 touches nothing.
        assert!(of(&plies, &priors, "c2") > of(&plies, &priors, "a4"));
        assert!(priors.iter().all(|p| (0.0..=1.0).contains(p)));
    }

    #[test]
    fn determinism_with_a_seed() {
        let spec = "ecalper:size=5";
        let play = |seed| {
            let mut game = Ecalper::new(spec.parse().unwrap());
            let mut rng = abstracta_core::seeded_rng(seed);
            knowledge::guided_playout(&mut game, &EcalperKnowledge, &mut rng);
            game.hash()
        };
        assert_eq!(play(3), play(3));
        assert_ne!(play(3), play(4));
    }

    /// C5: the score compares the largest groups, then the group counts.
    #[test]
    fn c5_the_score_compares_groups() {
        let mut game = Ecalper::new("ecalper:size=3".parse().unwrap());
        assert_eq!(EcalperKnowledge.evaluate_score(&game), Some(0));
        game.play_list("a1 b1 c1").unwrap();
        // Black's three stones in one row are one group of 3; White, to
        // move, has none.
        assert_eq!(
            EcalperKnowledge.evaluate_score(&game),
            Some(-(3 * super::LARGEST_GROUP_SCORE as i32) + super::GROUP_COUNT_SCORE as i32)
        );
    }
}
