//! What the engine knows beyond the rules, for searches
//! (`abstracta_core::knowledge`): the forced replies once the opponent
//! leads on the home rows (P4), capture- and advance-preferring playout
//! plies, and an evaluation from material, advancement and the home-row
//! race.

use abstracta_core::{knowledge, Game, PlyBuf};
use rand::Rng;

use crate::engine::{rows_mask, shift, Bb, DIRS, TARGET_ROW};
use crate::{Epaminondas, EpaminondasPly, HEIGHT};

/// Each row as a mask, for advancement counts.
const ROWS: [Bb; HEIGHT as usize] = {
    let mut t = [Bb::EMPTY; HEIGHT as usize];
    let mut r = 0;
    while r < HEIGHT {
        t[r as usize] = rows_mask(r, r);
        r += 1;
    }
    t
};

/// Random plies a guided ply chooses the best of.
const GUIDED_SAMPLES: usize = 4;

/// Evaluation weights (logistic scale): per piece of material, per row of
/// advancement summed over the pieces, per piece on the target row, and for
/// facing a home-row lead that must be answered now.
const W_MATERIAL: f64 = 0.35;
const W_ADVANCE: f64 = 0.02;
const W_ARRIVED: f64 = 0.8;
const W_THREAT: f64 = 1.0;

/// Alpha-beta's score weights, in thousandths of a logit: the four terms of
/// the evaluation above, then per piece one and two rows short of the
/// target row, per pair of adjacent friendly pieces, and for having the move.
const S_MATERIAL: i32 = 350;
const S_ADVANCE: i32 = 20;
const S_ARRIVED: i32 = 800;
const S_THREAT: i32 = 1000;
const S_FAR_1: i32 = 150;
const S_FAR_2: i32 = 50;
const S_PAIR: i32 = 8;
const S_TEMPO: i32 = 50;

impl Epaminondas {
    /// Whether the opponent has more pieces on the mover's home row than
    /// the mover on theirs: the opponent then wins at the start of its next
    /// turn unless this ply changes that (P4).
    #[inline]
    fn under_threat(&self) -> bool {
        let me = self.to_move.index();
        !self.stone_phase && self.arrived[1 - me] > self.arrived[me]
    }

    /// [`Knowledge::forced_plies`](abstracta_core::Knowledge::forced_plies): the plies that end the opponent's home-row
    /// lead, when there is one.
    pub(crate) fn forced(&self, out: &mut PlyBuf<EpaminondasPly>) -> bool {
        if !self.under_threat() || self.current_status().is_finished() {
            return false;
        }
        knowledge::plies_not_conceding(self, out);
        true
    }

    /// The rows `colour` (index) has advanced, summed over its pieces.
    fn advancement(&self, c: usize) -> i32 {
        let mut sum = 0;
        for (r, row) in ROWS.iter().enumerate() {
            let n = (self.pieces[c] & *row).count() as i32;
            let dist = (r as i32 - i32::from(TARGET_ROW[1 - c])).abs();
            sum += n * dist;
        }
        sum
    }

    /// [`Knowledge::evaluate`](abstracta_core::Knowledge::evaluate): the side to move's winning chance from a
    /// logistic of material, advancement, pieces on the target row and a
    /// lead the opponent holds there.
    pub(crate) fn evaluation(&self) -> Option<f64> {
        if self.stone_phase || self.current_status().is_finished() {
            return None;
        }
        let me = self.to_move.index();
        let material = f64::from(self.counts[me]) - f64::from(self.counts[1 - me]);
        let advance = f64::from(self.advancement(me) - self.advancement(1 - me));
        let arrived = f64::from(self.arrived[me]) - f64::from(self.arrived[1 - me]);
        let threat = if self.under_threat() { W_THREAT } else { 0.0 };
        let x = W_MATERIAL * material + W_ADVANCE * advance + W_ARRIVED * arrived - threat;
        Some(1.0 / (1.0 + (-x).exp()))
    }

    /// [`Knowledge::evaluate_score`](abstracta_core::Knowledge::evaluate_score),
    /// for alpha-beta leaves: the terms of [`evaluation`](Self::evaluation)
    /// (in thousandths of a logit) plus the far rows (pieces one or two
    /// rows short of the target row, which the opponent must stop at
    /// once), cohesion (friendly neighbours along the phalanx lines: a
    /// piece with support moves and captures as a line) and the move.
    pub(crate) fn score(&self) -> Option<i32> {
        if self.stone_phase || self.current_status().is_finished() {
            return None;
        }
        let me = self.to_move.index();
        let side = |c: usize| {
            let pieces = self.pieces[c];
            let target = usize::from(TARGET_ROW[c]);
            let (near, next) = if target == 0 {
                (1, 2)
            } else {
                (target - 1, target - 2)
            };
            let far = S_FAR_1 * (pieces & ROWS[near]).count() as i32
                + S_FAR_2 * (pieces & ROWS[next]).count() as i32;
            let pairs: i32 = DIRS[..4]
                .iter()
                .map(|&d| (pieces & shift(pieces, d)).count() as i32)
                .sum();
            S_MATERIAL * i32::from(self.counts[c])
                + S_ADVANCE * self.advancement(c)
                + S_ARRIVED * i32::from(self.arrived[c])
                + far
                + S_PAIR * pairs
        };
        let threat = if self.under_threat() { S_THREAT } else { 0 };
        Some(side(me) - side(1 - me) - threat + S_TEMPO)
    }

    /// [`Knowledge::ply_priors`](abstracta_core::Knowledge::ply_priors):
    /// captures and arrivals on the target row are likely best (at least
    /// 0.75: what a quiescence search takes as loud), then advances; the
    /// stone placements have no opinion.
    pub(crate) fn priors(&self, plies: &[EpaminondasPly], out: &mut [f32]) -> bool {
        let me = self.to_move.index();
        for (ply, prior) in plies.iter().zip(out.iter_mut()) {
            *prior = match *ply {
                EpaminondasPly::Move { from, to, capture } => {
                    if to.row == TARGET_ROW[me] {
                        0.9
                    } else if capture {
                        0.8
                    } else {
                        let forward = if TARGET_ROW[me] > 0 {
                            i32::from(to.row) - i32::from(from.row)
                        } else {
                            i32::from(from.row) - i32::from(to.row)
                        };
                        (0.5 + 0.02 * forward as f32).clamp(0.3, 0.7)
                    }
                }
                EpaminondasPly::Stone(_) => 0.5,
            };
        }
        true
    }

    /// The value of a ply for a guided playout: captures first, then the
    /// distance gained towards the target row.
    fn guided_score(&self, ply: EpaminondasPly) -> i32 {
        match ply {
            EpaminondasPly::Move { from, to, capture } => {
                let me = self.to_move.index();
                let forward = if TARGET_ROW[me] > 0 {
                    i32::from(to.row) - i32::from(from.row)
                } else {
                    i32::from(from.row) - i32::from(to.row)
                };
                let arrival = i32::from(to.row == TARGET_ROW[me]) * 8;
                i32::from(capture) * 20 + forward + arrival
            }
            EpaminondasPly::Stone(_) => 0,
        }
    }

    /// [`Knowledge::guided_ply`](abstracta_core::Knowledge::guided_ply): the best of a few random plies by
    /// [`guided_score`](Self::guided_score) (the first drawn among equals).
    // Out of line: inlined, its four random draws would bloat the playout
    // loop of a search that does not use it (measured in instructions per
    // iteration).
    #[inline(never)]
    pub(crate) fn guided<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EpaminondasPly> {
        let first = self.random_ply(rng)?;
        if self.stone_phase {
            return Some(first);
        }
        let mut best = first;
        let mut best_score = self.guided_score(first);
        for _ in 1..GUIDED_SAMPLES {
            let Some(ply) = self.random_ply(rng) else { break };
            let score = self.guided_score(ply);
            if score > best_score {
                best = ply;
                best_score = score;
            }
        }
        Some(best)
    }
}

/// What Epaminondas knows beyond its rules (see the module documentation): forced replies, an evaluation and guided plies. Its plies claim no cells.
///
/// A zero-sized value: searches take it as their knowledge type, e.g.
/// `mcts::Mcts::<Epaminondas, EpaminondasKnowledge>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EpaminondasKnowledge;

impl abstracta_core::knowledge::Knowledge<Epaminondas> for EpaminondasKnowledge {
    fn forced_plies(&self, game: &Epaminondas, out: &mut PlyBuf<EpaminondasPly>) -> bool {
        game.forced(out)
    }

    fn evaluate(&self, game: &Epaminondas) -> Option<f64> {
        game.evaluation()
    }

    fn evaluate_score(&self, game: &Epaminondas) -> Option<i32> {
        game.score()
    }

    fn ply_priors(&self, game: &Epaminondas, plies: &[EpaminondasPly], out: &mut [f32]) -> bool {
        game.priors(plies, out)
    }

    fn guided_ply<R: Rng + ?Sized>(&self, game: &Epaminondas, rng: &mut R) -> Option<EpaminondasPly> {
        game.guided(rng)
    }
}

impl abstracta_core::claims::CellClaims<Epaminondas> for EpaminondasKnowledge {}

#[cfg(test)]
mod tests {
    use abstracta_core::Knowledge;

    use crate::EpaminondasKnowledge;
    use abstracta_core::{knowledge, Cells, Colour, Game, PlyBuf, Point};

    use crate::reference::ReferenceEpaminondas;
    use crate::{parse_diagram, Epaminondas, Piece};

    /// Plays random games and checks every claim against the reference
    /// implementation at every position.
    #[test]
    fn claims_hold_against_the_reference() {
        let mut rng = abstracta_core::seeded_rng(20);
        for spec in ["epaminondas", "epaminondas:variant=stones"] {
            for _ in 0..3 {
                let mut game = Epaminondas::new(spec.parse().unwrap());
                let mut truth = ReferenceEpaminondas::new(spec.parse().unwrap());
                let mut plies = 0;
                while let Some(ply) = EpaminondasKnowledge.guided_ply(&game, &mut rng) {
                    knowledge::check_claims(&game, &EpaminondasKnowledge, &truth).unwrap();
                    game.play_unchecked(ply);
                    truth.play(ply).unwrap();
                    plies += 1;
                    if plies > 300 {
                        break;
                    }
                }
            }
        }
    }

    /// White has arrived on Black's home row: Black must capture it.
    #[test]
    fn a_home_row_lead_forces_the_capture() {
        let mut rows = [". . . . . . . . . . . . . ."; 12];
        rows[11] = "w . . . . . . . . . . . . .";
        rows[10] = "b . . . . . . . . . . . . .";
        rows[9] = "b . . . . . . . . . . . . b";
        rows[0] = ". . . . . . . . . . . . . w";
        let diagram = rows.iter().rev().cloned().collect::<Vec<_>>().join("\n");
        let cells = parse_diagram(&diagram).unwrap();
        let game = Epaminondas::from_cells(Default::default(), &cells, Colour::Black).unwrap();
        let mut forced = PlyBuf::new();
        assert!(EpaminondasKnowledge.forced_plies(&game, &mut forced));
        let names: Vec<String> = forced.iter().map(|p| p.to_string()).collect();
        assert_eq!(names.len(), 1, "{names:?}");
        let mut legal = PlyBuf::new();
        game.legal_plies(&mut legal);
        for ply in legal.iter().filter(|p| !forced.contains(p)) {
            assert!(knowledge::loses_at_once(&game, *ply), "{ply}");
        }
    }

    #[test]
    fn the_evaluation_is_symmetric_under_colour_swap() {
        let mut rng = abstracta_core::seeded_rng(5);
        let mut game = Epaminondas::new(Default::default());
        for _ in 0..60 {
            let Some(ply) = game.random_ply(&mut rng) else {
                break;
            };
            game.play_unchecked(ply);
            let Some(value) = EpaminondasKnowledge.evaluate(&game) else {
                continue;
            };
            // The mirrored board with colours exchanged, the other side to
            // move: the same position seen from the other army.
            let cells = game.board_cells();
            let (w, h) = (cells.width(), cells.height());
            let mut v = Vec::new();
            for row in 0..h {
                for col in 0..w {
                    v.push(cells.get(Point::new(col, h - 1 - row)).map(|p| match p {
                        Piece::Black => Piece::White,
                        Piece::White => Piece::Black,
                        Piece::Stone => Piece::Stone,
                    }));
                }
            }
            let swapped = Cells::from_vec(w, h, v).unwrap();
            let other =
                Epaminondas::from_cells(Default::default(), &swapped, game.to_move_colour().opponent())
                    .unwrap();
            let back = EpaminondasKnowledge.evaluate(&other).unwrap();
            assert!((value - back).abs() < 1e-12, "{value} vs {back}");
            assert_eq!(
                EpaminondasKnowledge.evaluate_score(&game),
                EpaminondasKnowledge.evaluate_score(&other)
            );
        }
    }
}
