//! What the engine knows beyond the rules, for searches
//! (`abstracta_core::knowledge`): after the opponent's pass, a pass ends
//! the game (S5), so it is decisive when the scoring (S6, S7) favours the
//! mover and otherwise loses at once, which leaves the stacking moves
//! forced. Priors favour the stacking moves that join the mover's stacks
//! and split the opponent's (S3: groups decide the scoring).

use abstracta_core::{Game, PlyBuf};

use crate::{Swack, SwackPly};

/// How far one link gained (or lost) moves a stacking move's prior from
/// 0.5 (see [`Swack::ply_link_gain`]).
const PRIOR_PER_LINK: f32 = 0.1;

/// Stacking moves are keyed by the height they stack at as well: 1, 2, or
/// 3 and more.
const HEIGHT_CLASSES: usize = 3;

/// The priors stay this far inside 0 and 1.
const PRIOR_MARGIN: f32 = 0.05;

impl Swack {
    /// After the opponent's pass: whether a pass now, which ends the game,
    /// wins for the mover (the result was scored at that pass).
    fn pass_wins(&self) -> bool {
        self.pass_result
            .is_some_and(|s| s.winner_seat() == Some(self.to_move_seat()))
    }

    /// Whether a pass now would end the game: the opponent passed and the
    /// game goes on (`play` scores a pass only then).
    fn pass_ends(&self) -> bool {
        self.pass_result.is_some()
    }

    /// [`Knowledge::decisive_ply`](abstracta_core::Knowledge::decisive_ply): the ending pass, when it wins.
    pub(crate) fn decisive(&self) -> Option<SwackPly> {
        (self.pass_ends() && self.pass_wins()).then_some(SwackPly::Pass)
    }

    /// [`CellClaims::claimed_cell`](abstracta_core::CellClaims::claimed_cell): a stacking move claims
    /// the slot of its direction, target and height,
    /// `3 * (d * n^2 + cell(to)) + h` (`d` the direction from `from` to
    /// `to`: right, left, up, down; `cell` row by row from `a1`; `h` the
    /// height class of the two stacks before the move: 0 for height 1, 1
    /// for 2, 2 for 3 and more); a drop `12 n^2 + d * n^2 + cell(two)`,
    /// `d` the direction from `two` to `one`. Moves are not cells, but
    /// all-moves-as-first statistics only need a key that names a ply the
    /// same way wherever it is played; the height keeps a move at one
    /// height from sharing the statistics of the same step at another,
    /// which is a different move in a different part of the game. The
    /// numbering follows the order in which
    /// [`legal_plies`](abstracta_core::Game::legal_plies) lists the plies
    /// (one height per target and direction at a time), so the search,
    /// which orders children by slot, has nothing to reorder.
    pub(crate) fn claim(&self, ply: SwackPly) -> Option<usize> {
        let height = match ply {
            SwackPly::Stack { from, .. } => self.height_at(from),
            _ => 0,
        };
        self.slot_at_height(ply, height)
    }

    /// The slot of [`claim`](Swack::claim) for `ply` played from a stack
    /// of `height` (ignored for drops; an empty `from`, which no legal
    /// move has, counts as height 1).
    #[inline]
    pub(crate) fn slot_at_height(&self, ply: SwackPly, height: u32) -> Option<usize> {
        let n = usize::from(self.size());
        let (a, b, key, base, class) = match ply {
            SwackPly::Stack { from, to } => (
                from,
                to,
                to,
                0,
                Some((height as usize).clamp(1, HEIGHT_CLASSES) - 1),
            ),
            SwackPly::Drop { two, one } => (two, one, two, 4 * HEIGHT_CLASSES * n * n, None),
            SwackPly::Pass | SwackPly::Swap => return None,
        };
        let d = if b.col > a.col {
            0
        } else if b.col < a.col {
            1
        } else if b.row > a.row {
            2
        } else {
            3
        };
        let square = d * n * n + usize::from(key.row) * n + usize::from(key.col);
        Some(match class {
            Some(class) => base + square * HEIGHT_CLASSES + class,
            None => base + square,
        })
    }

    /// [`CellClaims::claimable_cells`](abstracta_core::CellClaims::claimable_cells).
    pub(crate) fn claim_slots(&self) -> usize {
        let n = usize::from(self.size());
        if self.options.is_free() {
            4 * HEIGHT_CLASSES * n * n + 4 * n * n
        } else {
            4 * HEIGHT_CLASSES * n * n
        }
    }

    /// [`Knowledge::ply_priors`](abstracta_core::Knowledge::ply_priors): a stacking
    /// move is liked by the links (adjacent pairs of one colour) it gains
    /// the mover less those it gains the opponent, [`PRIOR_PER_LINK`] a
    /// link; passes, swaps and Free Swack's drops get no opinion.
    pub(crate) fn priors(&self, plies: &[SwackPly], out: &mut [f32]) -> bool {
        for (ply, prior) in plies.iter().zip(out.iter_mut()) {
            *prior = match self.ply_link_gain(*ply) {
                Some(gain) => (0.5 + PRIOR_PER_LINK * gain as f32).clamp(PRIOR_MARGIN, 1.0 - PRIOR_MARGIN),
                None => 0.5,
            };
        }
        true
    }

    /// [`Knowledge::forced_plies`](abstracta_core::Knowledge::forced_plies): every ply but the ending pass, when that
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

/// Score of leading the scoring now, and per stack of the deciding group,
/// in thousandths of a logit.
const GROUP_LEAD_SCORE: i32 = 300;
const GROUP_SIZE_SCORE: i32 = 60;

/// What Swack knows beyond its rules (see the module documentation): decisive and forced plies, priors, and the cells plies claim (stacking moves and drops keyed by square and direction).
///
/// A zero-sized value: searches take it as their knowledge type, e.g.
/// `mcts::Mcts::<Swack, SwackKnowledge>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SwackKnowledge;

impl abstracta_core::knowledge::Knowledge<Swack> for SwackKnowledge {
    fn ply_priors(&self, game: &Swack, plies: &[SwackPly], out: &mut [f32]) -> bool {
        game.priors(plies, out)
    }

    fn decisive_ply(&self, game: &Swack) -> Option<SwackPly> {
        game.decisive()
    }

    /// The group sizes (S6): the biggest group left after pair removal if
    /// the game ended now, for the mover or against it. A bigger lead
    /// counts for more, but less than its size: stacking moves change a
    /// group by one or two stacks at a time.
    fn evaluate_score(&self, game: &Swack) -> Option<i32> {
        if game.status().is_finished() {
            return None;
        }
        let margin = game.scoring_margin(game.to_move);
        Some(margin.signum() * (GROUP_LEAD_SCORE + GROUP_SIZE_SCORE * margin.abs().min(40)))
    }

    /// The logistic of [`evaluate_score`](abstracta_core::Knowledge::evaluate_score) (MCTS uses
    /// it only with its `eval` option).
    fn evaluate(&self, game: &Swack) -> Option<f64> {
        self.evaluate_score(game)
            .map(|s| 1.0 / (1.0 + (-f64::from(s) / 1000.0).exp()))
    }

    fn forced_plies(&self, game: &Swack, out: &mut PlyBuf<SwackPly>) -> bool {
        game.forced(out)
    }
}

impl abstracta_core::claims::CellClaims<Swack> for SwackKnowledge {
    /// Stacking moves and drops are keyed by square and direction for
    /// all-moves-as-first statistics (see `claimed_cell`); the key credits
    /// a ply to the seat that played it, wherever in a playout.
    const CLAIMS: abstracta_core::Claims = abstracta_core::Claims::Lasting;

    fn play_claiming(&self, game: &mut Swack, ply: SwackPly) -> Option<usize> {
        game.play(ply)
    }

    fn claimed_cell(&self, game: &Swack, ply: SwackPly) -> Option<usize> {
        game.claim(ply)
    }

    fn claimable_cells(&self, game: &Swack) -> usize {
        game.claim_slots()
    }
}

#[cfg(test)]
mod tests {
    use abstracta_core::{CellClaims, Knowledge};

    use crate::SwackKnowledge;
    use abstracta_core::{knowledge, Game};
    use rand::Rng;

    use crate::reference::ReferenceSwack;
    use crate::{Swack, SwackPly};

    /// S4: every stacking move of a position has its own claim slot
    /// (direction and target), below the slot count, in both variants, and
    /// the legal plies list them by slot, the plies without one last.
    #[test]
    fn s4_stacking_moves_claim_distinct_slots() {
        let mut rng = abstracta_core::seeded_rng(21);
        for spec in ["swack:size=5", "swack:size=4,variant=free"] {
            let mut game = Swack::new(spec.parse().unwrap());
            let mut plies = abstracta_core::PlyBuf::new();
            for _ in 0..30 {
                game.legal_plies(&mut plies);
                let mut slots: Vec<usize> = plies
                    .iter()
                    .filter_map(|&p| SwackKnowledge.claimed_cell(&game, p))
                    .collect();
                assert!(slots.windows(2).all(|w| w[0] < w[1]), "{spec}: {slots:?}");
                assert!(plies[slots.len()..]
                    .iter()
                    .all(|&p| SwackKnowledge.claimed_cell(&game, p).is_none()));
                let board_plies = plies
                    .iter()
                    .filter(|p| !matches!(p, SwackPly::Pass | SwackPly::Swap))
                    .count();
                assert_eq!(slots.len(), board_plies, "{spec}");
                assert!(slots.iter().all(|&s| s < SwackKnowledge.claimable_cells(&game)));
                slots.sort_unstable();
                slots.dedup();
                assert_eq!(slots.len(), board_plies, "{spec}: shared slots");
                let Some(ply) = game.random_ply(&mut rng) else {
                    break;
                };
                game.play_unchecked(ply);
            }
        }
        let game = Swack::new("swack:size=4".parse().unwrap());
        // b1 is cell 1, reached from a1 to the right (direction 0); a2 is
        // cell 4, reached from a1 upwards (direction 2).
        assert_eq!(
            SwackKnowledge.claimed_cell(&game, "a1-b1".parse().unwrap()),
            Some(3)
        );
        assert_eq!(
            SwackKnowledge.claimed_cell(&game, "a1-a2".parse().unwrap()),
            Some(3 * (2 * 16 + 4))
        );
        // After a1-b1 (Black's b1 now of height 2) and c2-c1 (White's c1
        // too), b1-c1 stacks at height 2: class 1 of target c1 (cell 2)
        // to the right.
        let mut game = game;
        game.play_list("a1-b1 c2-c1").unwrap();
        assert_eq!(
            SwackKnowledge.claimed_cell(&game, "b1-c1".parse().unwrap()),
            Some(3 * 2 + 1)
        );
        assert_eq!(SwackKnowledge.claimed_cell(&game, SwackPly::Pass), None);
    }

    /// Adjacent pairs of same-coloured stacks of `colour`, counted square
    /// by square on the reference board.
    fn links(truth: &ReferenceSwack, colour: abstracta_core::Colour) -> i32 {
        let cells = truth.board_cells();
        let n = cells.width();
        let owns = |c: u8, r: u8| {
            cells
                .get(abstracta_core::Point::new(c, r))
                .is_some_and(|s| s.colour == colour)
        };
        let mut count = 0;
        for r in 0..n {
            for c in 0..n {
                if owns(c, r) {
                    count += i32::from(c + 1 < n && owns(c + 1, r)) + i32::from(r + 1 < n && owns(c, r + 1));
                }
            }
        }
        count
    }

    /// S3, S4: the link gain of a stacking move (what the priors weigh) is
    /// the change in the mover's links less the change in the opponent's,
    /// counted on the reference board.
    #[test]
    fn s4_link_gain_counts_links_on_the_reference_board() {
        let mut rng = abstracta_core::seeded_rng(22);
        let mut checked = 0;
        for spec in ["swack:size=5", "swack:size=6", "swack:size=8"] {
            for _ in 0..5 {
                let mut game = Swack::new(spec.parse().unwrap());
                let mut truth = ReferenceSwack::new(spec.parse().unwrap());
                while let Some(ply) = game.random_ply(&mut rng) {
                    let me = game.to_move_colour();
                    for stack in truth.stacking_moves() {
                        let mut after = truth.clone();
                        after.play(stack).unwrap();
                        let want = (links(&after, me) - links(&truth, me))
                            - (links(&after, me.opponent()) - links(&truth, me.opponent()));
                        assert_eq!(game.ply_link_gain(stack), Some(want), "{stack} in {spec}");
                        checked += 1;
                    }
                    assert_eq!(game.ply_link_gain(SwackPly::Pass), None);
                    game.play_unchecked(ply);
                    truth.play(ply).unwrap();
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

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
                    knowledge::check_claims(&game, &SwackKnowledge, &truth).unwrap();
                    decisive += usize::from(SwackKnowledge.decisive_ply(&game).is_some());
                    forced += usize::from(SwackKnowledge.forced_plies(&game, &mut Default::default()));
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

    /// S6: the score is the scoring if the game ended now. On 3x3 the
    /// checkered start has five white and four black single stacks, so
    /// White would win by one single: Black, to move, is behind.
    #[test]
    fn s6_the_score_is_the_scoring_margin_now() {
        let game = Swack::new("swack:size=3".parse().unwrap());
        assert_eq!(game.scoring_margin(abstracta_core::Colour::Black), -1);
        assert_eq!(
            SwackKnowledge.evaluate_score(&game),
            Some(-(super::GROUP_LEAD_SCORE + super::GROUP_SIZE_SCORE))
        );
        let even = Swack::new("swack:size=4".parse().unwrap());
        assert_eq!(SwackKnowledge.evaluate_score(&even), Some(0));
    }
}
