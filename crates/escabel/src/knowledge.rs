//! What the engine knows beyond the rules, for searches
//! (`abstracta_core::knowledge`): a chain the opponent has completed wins
//! at the start of its next turn (E6), so once it stands only the plies that
//! break it are left (the forced plies). Guided playouts save a
//! threatened diagonal link: when the opponent takes one of the two free
//! points beside a diagonal pair of the mover's, the mover takes the other
//! (else the opponent could take it and make a crosscut, E2). Priors
//! prefer the same saves and placements near the stacks.

use abstracta_core::knowledge::{self, PlacementPriors};
use abstracta_core::{Game, PlyBuf, Point};
use rand::Rng;

use crate::engine::{with_engine, Engine, Storage};
use crate::{Escabel, EscabelPly};

/// Prior win rates of placements (see [`Escabel::priors`]): a link save,
/// then near the mover's stones, near any, far.
const PLACEMENT_PRIORS: PlacementPriors<1> = PlacementPriors {
    tiers: [0.7],
    near_own: 0.55,
    near: 0.5,
    far: 0.4,
};
/// Prior win rates of stacking moves: one that leaves the mover more
/// crosscuts won by height (E3c) than the opponent, compared with before,
/// one that leaves fewer, and the others.
const PRIOR_STACK_GAINS: f32 = 0.7;
const PRIOR_STACK_LOSES: f32 = 0.4;
const PRIOR_STACK: f32 = 0.5;

impl Escabel {
    /// A point that saves a diagonal link of the mover's threatened by the
    /// opponent's last ply (a placement beside the pair, or a stacking
    /// move that made the point beside it the opponent's), drawn at random
    /// if there are several: an empty point diagonal to the point the
    /// opponent just took that completes the pair's 2x2 block orthogonally.
    pub(crate) fn link_save<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Point> {
        let last = match self.last? {
            EscabelPly::Place(p) | EscabelPly::Stack { to: p, .. } => p,
            EscabelPly::Swap => return None,
        };
        let me = self.to_move;
        with_engine!(self.storage, e => {
            let i = e.index(last);
            let dirs = e.link_saves_around(i, me);
            if dirs == 0 {
                return None;
            }
            let k = match dirs.count_ones() {
                1 => 0,
                k => rng.gen_range(0..k),
            };
            // The k-th set direction.
            let mut d = dirs;
            for _ in 0..k {
                d &= d - 1;
            }
            let s = e.stride() as usize;
            let q = match d.trailing_zeros() {
                0 => i + s + 1,
                1 => i + s - 1,
                2 => i - s + 1,
                _ => i - s - 1,
            };
            Some(e.point(q))
        })
    }

    /// [`Knowledge::guided_ply`](abstracta_core::Knowledge::guided_ply): a link save
    /// if the last ply threatened a link, else a random ply.
    pub(crate) fn guided<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EscabelPly> {
        if self.status.is_finished() {
            return None;
        }
        if let Some(q) = self.link_save(rng) {
            return Some(EscabelPly::Place(q));
        }
        self.random_ply(rng)
    }

    /// [`Knowledge::ply_priors`](abstracta_core::Knowledge::ply_priors): placements
    /// that save a threatened diagonal link (anywhere on the board) are
    /// liked most, then placements next to the mover's own stacks, then
    /// next to any stack; far placements least. Stacking moves that win
    /// the mover crosscuts by height (E3c), counted against those the
    /// opponent wins, are liked, those that lose some disliked; the swap
    /// gets no opinion. Priors are set once per expanded node, so trying
    /// each stacking move on a copy of the board is affordable there.
    pub(crate) fn priors(&self, plies: &[EscabelPly], out: &mut [f32]) -> bool {
        let me = self.to_move;
        with_engine!(self.storage, e => {
            let saves = e.link_saves(me);
            let own = e.geo.neighbours8(e.occ[me.index()]);
            let any = own | e.geo.neighbours8(e.occ[me.opponent().index()]);
            let balance = |e: &crate::engine::Engine<_>| {
                e.crosscuts_won(me).count() as i32 - e.crosscuts_won(me.opponent()).count() as i32
            };
            let before = balance(e);
            for (ply, prior) in plies.iter().zip(out.iter_mut()) {
                *prior = match *ply {
                    EscabelPly::Place(p) => {
                        let i = e.index(p);
                        PLACEMENT_PRIORS.prior([saves.has(i)], own.has(i), any.has(i))
                    }
                    EscabelPly::Stack { from, to } => {
                        let mut after = e.clone();
                        after.stack(e.index(from), e.index(to), me);
                        match balance(&after).cmp(&before) {
                            std::cmp::Ordering::Greater => PRIOR_STACK_GAINS,
                            std::cmp::Ordering::Less => PRIOR_STACK_LOSES,
                            std::cmp::Ordering::Equal => PRIOR_STACK,
                        }
                    }
                    EscabelPly::Swap => 0.5,
                };
            }
        });
        true
    }

    /// [`Knowledge::forced_plies`](abstracta_core::Knowledge::forced_plies): the plies that break the opponent's
    /// completed chain, when there is one.
    pub(crate) fn forced(&self, out: &mut PlyBuf<EscabelPly>) -> bool {
        if self.status.is_finished() || !self.has_winning_chain(self.to_move.opponent()) {
            return false;
        }
        knowledge::plies_not_conceding(self, out);
        true
    }
}

/// What Escabel knows beyond its rules (see the module documentation): forced replies to a completed chain, link-saving guided plies, priors, a guess of the plies left, and the cells plies claim (placements by point, stacking moves by target point and direction).
///
/// A zero-sized value: searches take it as their knowledge type, e.g.
/// `mcts::Mcts::<Escabel, EscabelKnowledge>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EscabelKnowledge;

impl abstracta_core::knowledge::Knowledge<Escabel> for EscabelKnowledge {
    fn forced_plies(&self, game: &Escabel, out: &mut PlyBuf<EscabelPly>) -> bool {
        game.forced(out)
    }

    fn guided_ply<R: Rng + ?Sized>(&self, game: &Escabel, rng: &mut R) -> Option<EscabelPly> {
        game.guided(rng)
    }

    fn ply_priors(&self, game: &Escabel, plies: &[EscabelPly], out: &mut [f32]) -> bool {
        game.priors(plies, out)
    }

    /// The connection distances (E6): how many stacks each side still
    /// needs to join its edges (a shortest path through its own stacks and
    /// empty points, all eight neighbours counting as links), compared.
    fn evaluate_score(&self, game: &Escabel) -> Option<i32> {
        if game.status().is_finished() {
            return None;
        }
        let me = game.to_move_colour().index();
        let (mine, theirs) = with_engine!(game.storage, e => (
            e.connection_distance(me),
            e.connection_distance(1 - me),
        ));
        let distance = |d: Option<u32>| d.map_or(CUT_OFF, |d| d as i32);
        Some(STONE_SCORE * (distance(theirs) - distance(mine)) + STONE_SCORE / 2)
    }

    /// The logistic of [`evaluate_score`](abstracta_core::Knowledge::evaluate_score) (MCTS uses
    /// it only with its `eval` option).
    fn evaluate(&self, game: &Escabel) -> Option<f64> {
        self.evaluate_score(game)
            .map(|s| 1.0 / (1.0 + (-f64::from(s) / 1000.0).exp()))
    }

    /// The empty points until a fifth of the board is taken, then fewer:
    /// from there on, stacking moves leave points empty while the game
    /// nears its end. Measured on 200 games of 7x7 at 0.4 s a ply:
    /// with 47 empty points 46 plies were left on average, with 42 then
    /// 41, with 32 then 25, with 22 then 12.
    fn expected_remaining_plies(&self, game: &Escabel) -> Option<u32> {
        let empty = with_engine!(game.storage, e => e.empty().count());
        let points = u32::from(game.options.size()).pow(2);
        let filling = (points * 4 / 5).saturating_sub(empty);
        Some(empty.saturating_sub(filling * 3 / 5))
    }
}

impl abstracta_core::claims::CellClaims<Escabel> for EscabelKnowledge {
    const CLAIMS: abstracta_core::Claims = abstracta_core::Claims::Lasting;

    fn claimed_cell(&self, game: &Escabel, ply: EscabelPly) -> Option<usize> {
        match ply {
            EscabelPly::Place(p) if p.col < game.options.size() && p.row < game.options.size() => {
                Some(usize::from(p.row) * usize::from(game.options.size()) + usize::from(p.col))
            }
            EscabelPly::Stack { from, to }
                if to.col < game.options.size() && to.row < game.options.size() =>
            {
                let n = usize::from(game.options.size());
                let to_index = usize::from(to.row) * n + usize::from(to.col);
                Some(n * n + 4 * to_index + stack_direction(from, to))
            }
            _ => None,
        }
    }

    fn claimable_cells(&self, game: &Escabel) -> usize {
        5 * usize::from(game.options.size()) * usize::from(game.options.size())
    }
}

/// Which of the four neighbours of `to` a stacking move comes from (0 to 3),
/// for its AMAF slot: stacking moves share RAVE statistics by target point
/// and direction (the README gives the measurements behind this).
fn stack_direction(from: Point, to: Point) -> usize {
    match (from.col.cmp(&to.col), from.row.cmp(&to.row)) {
        (std::cmp::Ordering::Less, _) => 0,
        (std::cmp::Ordering::Greater, _) => 1,
        (_, std::cmp::Ordering::Less) => 2,
        _ => 3,
    }
}

/// The score of one stack of connection distance, in thousandths of a
/// logit, and the distance a side cut off from an edge counts as.
const STONE_SCORE: i32 = 300;
const CUT_OFF: i32 = 60;

impl<const N: usize> Engine<N> {
    /// The fewest stacks `colour` (index) must add to join its edges
    /// through its own stacks and empty points, all eight neighbours
    /// counting as links (crosscuts, E2, are not looked at): a shortest
    /// path where own stacks cost nothing and empty points one, grown one
    /// stack at a time. `None` when no path is left.
    pub(crate) fn connection_distance(&self, ci: usize) -> Option<u32> {
        let own = self.occ[ci];
        let empty = self.empty();
        let passable = own | empty;
        let [start, far] = self.edges[ci];
        let mut region = self.geo.fill8(start & own, own);
        let mut stacks = 0;
        loop {
            if region.intersects(far) {
                return Some(stacks);
            }
            let grown = region | (self.geo.neighbours8(region) & passable) | (start & empty);
            let next = self.geo.fill8(grown, own | grown);
            if next == region {
                return None;
            }
            region = next;
            stacks += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use abstracta_core::Knowledge;

    use crate::EscabelKnowledge;
    use abstracta_core::{knowledge, Colour, Game, PlyBuf};

    use super::{PRIOR_STACK, PRIOR_STACK_GAINS, PRIOR_STACK_LOSES};
    use crate::engine::{with_engine, Storage};
    use crate::reference::ReferenceEscabel;
    use crate::{Escabel, EscabelPly};

    /// White's placement on c2 threatens Black's b2-c3 link (a crosscut on
    /// b3 would follow); the guided ply takes b3.
    #[test]
    fn a_threatened_link_is_saved() {
        let mut game = Escabel::new("escabel:size=5".parse().unwrap());
        game.play_list("b2 e5 c3 c2").unwrap();
        assert_eq!(game.to_move_colour(), Colour::Black);
        let mut rng = abstracta_core::seeded_rng(1);
        for _ in 0..8 {
            assert_eq!(
                EscabelKnowledge.guided_ply(&game, &mut rng),
                Some(EscabelPly::Place("b3".parse().unwrap()))
            );
        }
    }

    /// A stacking move can threaten links too: White's d2-c2 turns c2
    /// White beside Black's pairs b2-c3 and c3-d2, and the guided ply takes
    /// b3 or d3, each some of the time.
    #[test]
    fn links_threatened_by_a_stacking_move_are_saved() {
        let mut game = Escabel::new("escabel:size=5,pie=off".parse().unwrap());
        game.play_list("b2 d2 c3 e5 c2 d2-c2").unwrap();
        let mut rng = abstracta_core::seeded_rng(2);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..32 {
            seen.insert(EscabelKnowledge.guided_ply(&game, &mut rng).unwrap().to_string());
        }
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), ["b3", "d3"]);
    }

    /// The link save gets the highest prior, far placements the lowest.
    #[test]
    fn the_link_save_has_the_best_prior() {
        let mut game = Escabel::new("escabel:size=5".parse().unwrap());
        game.play_list("b2 e5 c3 c2").unwrap();
        let mut plies = PlyBuf::new();
        game.legal_plies(&mut plies);
        let mut priors = vec![0.0; plies.len()];
        assert!(EscabelKnowledge.ply_priors(&game, &plies, &mut priors));
        let best = plies[priors
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .unwrap()
            .0];
        assert_eq!(best, EscabelPly::Place("b3".parse().unwrap()));
        let far = plies.iter().position(|p| p.to_string() == "a5").unwrap();
        assert!(priors.iter().all(|&p| p >= priors[far]));
    }

    /// The priors of the plies `text` names, in the position after `moves`.
    fn stacking_priors(moves: &str, texts: &[&str]) -> Vec<f32> {
        let mut game = Escabel::new("escabel:size=5,pie=off".parse().unwrap());
        game.play_list(moves).unwrap();
        let mut plies = PlyBuf::new();
        game.legal_plies(&mut plies);
        let mut priors = vec![0.0; plies.len()];
        assert!(EscabelKnowledge.ply_priors(&game, &plies, &mut priors));
        texts
            .iter()
            .map(|t| priors[plies.iter().position(|p| p.to_string() == *t).unwrap()])
            .collect()
    }

    /// E3c: Black's c2-b2 raises b2 to height 2 and turns it Black, so
    /// Black's a1-b2 diagonal wins the crosscut with White's b1-a2: liked.
    /// a1-b1 and a1-a2 make no crosscut: the plain stacking prior. Then,
    /// with that crosscut Black's, a1-b1 and a1-a2 would undo it (a1 turns
    /// White): disliked; e5-d5 changes no crosscut.
    #[test]
    fn e3c_stacking_moves_that_win_or_lose_crosscuts_by_height() {
        let moves = "a1 b1 c2 a2 e5 b2";
        let priors = stacking_priors(moves, &["c2-b2", "a1-b1", "a1-a2"]);
        assert_eq!(priors, [PRIOR_STACK_GAINS, PRIOR_STACK, PRIOR_STACK]);
        let mut after = Escabel::new("escabel:size=5,pie=off".parse().unwrap());
        after.play_list(&format!("{moves} c2-b2")).unwrap();
        assert!(after.connected("a1".parse().unwrap(), "b2".parse().unwrap()));
        assert!(!after.connected("b1".parse().unwrap(), "a2".parse().unwrap()));
        let priors = stacking_priors(&format!("{moves} c2-b2 d5"), &["a1-b1", "a1-a2", "e5-d5"]);
        assert_eq!(priors, [PRIOR_STACK_LOSES, PRIOR_STACK_LOSES, PRIOR_STACK]);
    }

    /// Random games checked against the reference implementation at every
    /// position; on small boards chains (and so forced plies) are common.
    #[test]
    fn claims_hold_against_the_reference() {
        let mut rng = abstracta_core::seeded_rng(20);
        let mut forced = 0;
        for spec in [
            "escabel:size=3",
            "escabel:size=4",
            "escabel:size=5",
            "escabel:size=4,variant=checkered",
        ] {
            for _ in 0..15 {
                let mut game = Escabel::new(spec.parse().unwrap());
                let mut truth = ReferenceEscabel::new(spec.parse().unwrap());
                while let Some(ply) = game.random_ply(&mut rng) {
                    knowledge::check_claims(&game, &EscabelKnowledge, &truth).unwrap();
                    forced += usize::from(EscabelKnowledge.forced_plies(&game, &mut PlyBuf::new()));
                    game.play_unchecked(ply);
                    truth.play(ply).unwrap();
                    if game.plies_played() > 200 {
                        break;
                    }
                }
            }
        }
        assert!(forced > 20, "{forced}");
    }

    /// E6: the score compares the stacks each side still needs to join its
    /// edges; the side to move is half a stack ahead.
    #[test]
    fn e6_the_score_compares_connection_distances() {
        let mut game = Escabel::new("escabel:size=5".parse().unwrap());
        assert_eq!(EscabelKnowledge.evaluate_score(&game), Some(150));
        game.play_str("c3").unwrap();
        // White to move needs 5, Black 4.
        assert_eq!(EscabelKnowledge.evaluate_score(&game), Some(-150));
        game.play_list("a1 c2 b1 c4 d1 c1").unwrap();
        // Black holds c1..c4 and needs only a stack on the top row; White,
        // to move, must get round the c column and needs more.
        let distance = |g: &Escabel, c: usize| with_engine!(g.storage, e => e.connection_distance(c));
        assert_eq!(distance(&game, 0), Some(1));
        assert!(distance(&game, 1).is_some_and(|d| d >= 2));
        assert!(EscabelKnowledge.evaluate_score(&game).unwrap() < 0);
    }
}
