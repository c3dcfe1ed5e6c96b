//! Time management under a clock: how long one search may take, and when
//! it may stop before that.
//!
//! A host that plays under a clock (a tournament's `--tc`, the protocol's
//! `clock` command) tells the engine its [`Clock`] before a ply;
//! [`Mcts::search_clocked`](crate::Mcts::search_clocked) turns it into a
//! [`TimePlan`] and searches by it:
//!
//! * **Allocation**: with a game clock, the time left (less a reserve for
//!   the host's overhead) shared over the engine's expected remaining
//!   plies, a third more than an even share (early stops and won
//!   positions leave time over), plus the increment; never more than a
//!   fixed share of what is left. The expected remaining plies come from
//!   the game's own guess ([`Knowledge::expected_remaining_plies`]) or else
//!   its plies played, and its length cap ([`expected_remaining_plies`]).
//! * **Early stop**: once the most visited root ply leads the second by more
//!   visits than the search can still run in its planned time (at the rate
//!   measured so far), the choice cannot change: the search stops and the
//!   time stays on the clock for later plies.
//! * **Won positions**: while the most visited ply's win rate is 90% or
//!   more, the plan is halved. A lost position keeps its whole share.
//! * **Instability**: when the planned time runs out and the most visited
//!   root ply changed in its second half, the search goes on once for half
//!   the allocation more.
//!
//! A fixed time per ply ([`Clock::PerPly`]) is searched to its end, less
//! a reserve: time saved there cannot be spent later, and stopping early
//! keeps a smaller subtree for the next ply.
//!
//! The decisions are pure arithmetic on the elapsed time and the root
//! children's visits and points ([`Manager::decide`]), so they are tested with made-up
//! times.
//!
//! ```
//! use std::time::Duration;
//! use mcts::clock::{Clock, TimePlan};
//!
//! let clock = Clock::Game { left: Duration::from_secs(10), increment: Duration::from_millis(100) };
//! let plan = TimePlan::new(&clock, 40);
//! // 20 own plies to go: a third more than a twentieth of the clock, plus
//! // the increment.
//! assert!(plan.target > Duration::from_millis(750) && plan.target < Duration::from_millis(780));
//! assert!(plan.limit >= plan.target && plan.early_stop);
//! let fixed = TimePlan::new(&Clock::PerPly(Duration::from_millis(100)), 40);
//! assert_eq!(fixed.target, fixed.limit);
//! assert!(!fixed.early_stop);
//! ```

use abstracta_core::time::Instant;
use std::time::Duration;

use abstracta_core::Game;

use crate::tree::Tree;
pub use abstracta_core::search::Clock;

use crate::{Mcts, PlayoutPolicy, SearchResult};
use abstracta_core::knowledge::{Knowledge, SearchKnowledge};

/// The game length assumed when nothing says otherwise, in plies (both
/// sides): what the expected remaining plies start from.
pub const HORIZON_PLIES: u32 = 60;

/// The fewest remaining plies ever expected (both sides): past the
/// horizon, the clock is spent as if this many were always left, so it
/// decays geometrically and never runs out.
pub const MIN_REMAINING_PLIES: u32 = 10;

/// The time kept back on every ply of a game clock for what the host does
/// around the search (advancing the tree, writing the answer, being
/// scheduled), at most a tenth of what is left. A ply never plans for more
/// than half of what is left anyway.
pub const RESERVE: Duration = Duration::from_millis(30);

/// The time kept back on a fixed time per ply, at most a fifth of it:
/// there the search runs to the end of its time, so the reserve is all
/// that absorbs a busy machine.
pub const PER_PLY_RESERVE: Duration = Duration::from_millis(50);

/// How much more than an even share of the clock a ply plans for: early
/// stops and won positions end most searches before their plan (in
/// Escabel 7x7 the later half of a game's plies took about 70% of it), so
/// an even share would leave much of the clock unspent at the end.
const PACE: f64 = 1.33;

/// The largest share of the usable time one ply may plan for.
const MAX_SHARE: f64 = 0.3;

/// The largest share of the usable time one ply may take with extensions.
const LIMIT_SHARE: f64 = 0.5;

/// How far the extension may stretch the allocation.
const MAX_STRETCH: f64 = 1.5;

/// What the one extension adds, as a share of the allocation.
const EXTENSION: f64 = 0.5;

/// The win rate of the most visited root ply from which a position counts
/// as won.
const WON_RATE: f64 = 0.9;

/// The share of the allocation a won position gets. A lost one keeps its
/// whole share: that is where the opponent may still go wrong.
const WON_SHARE: f64 = 0.5;

/// Iterations a search must have run before its rate is trusted for the
/// early stop, and visits the most visited ply needs before its win rate
/// says a position is decided.
const MIN_SAMPLE: u64 = 64;

/// The expected number of plies still to be played (both sides) in a game
/// of which `played` plies are played, which a length cap ends after `cap`
/// plies, and which its rules guess lasts about `hint` more plies
/// ([`Knowledge::expected_remaining_plies`]): the hint, or else
/// [`HORIZON_PLIES`] less the plies played; at least
/// [`MIN_REMAINING_PLIES`], and never more than the cap leaves (at least
/// 1).
///
/// ```
/// use mcts::clock::expected_remaining_plies;
/// assert_eq!(expected_remaining_plies(0, None, None), 60);
/// assert_eq!(expected_remaining_plies(70, None, None), 10);
/// assert_eq!(expected_remaining_plies(10, Some(30), None), 20);
/// assert_eq!(expected_remaining_plies(30, Some(30), None), 1);
/// assert_eq!(expected_remaining_plies(2, None, Some(47)), 47);
/// assert_eq!(expected_remaining_plies(30, None, Some(5)), 10);
/// ```
pub fn expected_remaining_plies(played: u32, cap: Option<u32>, hint: Option<u32>) -> u32 {
    let guess = hint.unwrap_or_else(|| HORIZON_PLIES.saturating_sub(played));
    let estimate = guess.max(MIN_REMAINING_PLIES);
    let capped = match cap {
        Some(cap) => estimate.min(cap.saturating_sub(played)),
        None => estimate,
    };
    capped.max(1)
}

/// How long one search may take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimePlan {
    /// The planned time: the search stops here unless extended.
    pub target: Duration,
    /// The hard limit: no extension goes beyond it.
    pub limit: Duration,
    /// Whether the search may stop before `target` when its choice can no
    /// longer change, and plan less for a won position.
    pub early_stop: bool,
}

impl TimePlan {
    /// The plan for a ply under `clock` when `remaining_plies` plies (both
    /// sides, this one included) are expected before the game ends.
    pub fn new(clock: &Clock, remaining_plies: u32) -> TimePlan {
        let available = clock.available();
        let reserve = match clock {
            Clock::Game { .. } => RESERVE.min(available / 10),
            Clock::PerPly(_) => PER_PLY_RESERVE.min(available / 5),
        };
        let usable = available.saturating_sub(reserve);
        match *clock {
            Clock::PerPly(_) => TimePlan {
                target: usable,
                limit: usable,
                early_stop: false,
            },
            Clock::Game { increment, .. } => {
                let own_plies = remaining_plies.div_ceil(2).max(1);
                let share = usable.mul_f64(PACE / f64::from(own_plies)) + increment;
                let target = share.min(usable.mul_f64(MAX_SHARE));
                let limit = target
                    .mul_f64(MAX_STRETCH)
                    .min(usable.mul_f64(LIMIT_SHARE))
                    .max(target);
                TimePlan {
                    target,
                    limit,
                    early_stop: true,
                }
            }
        }
    }

    /// The plan for the side to move in `game` under `clock`, with the
    /// game's expected remaining plies ([`expected_remaining_plies`] of its
    /// plies played, its length cap and the guess of its `knowledge`).
    pub fn for_game<G: Game, K: Knowledge<G>>(clock: &Clock, game: &G, knowledge: &K) -> TimePlan {
        TimePlan::new(
            clock,
            expected_remaining_plies(
                game.plies_played(),
                game.length_cap(),
                knowledge.expected_remaining_plies(game),
            ),
        )
    }
}

/// What [`Manager::decide`] concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Search on.
    Continue,
    /// The planned time (with its extensions) is used up.
    TimeUp,
    /// The most visited ply can no longer be overtaken in the planned time.
    Decided,
}

/// Follows one search under a [`TimePlan`]: checked by the search from
/// time to time with the elapsed time and the root's children.
///
/// With early stop on (a game clock), the planned time shrinks to
/// half the allocation while the most visited ply's win rate says the
/// position is won (90% or more), and the search stops once that ply cannot be
/// overtaken in what is left of the plan. When the plan runs out and the
/// most visited ply changed in its second half, the plan is extended once
/// by half the allocation (never past the limit).
#[derive(Clone, Debug)]
pub struct Manager {
    plan: TimePlan,
    /// The planned time with the extension so far.
    target: Duration,
    /// When the next check is due.
    next_check: Duration,
    /// Root visits when the search began (a reused tree has some).
    visits_at_start: u64,
    /// The most visited child at the last check.
    best: Option<usize>,
    /// How often the best child changed in the second half.
    changes: u32,
    /// Whether the plan was extended.
    extended: bool,
}

/// What the manager reads of one root child.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChildCount {
    /// Its visits.
    pub visits: u64,
    /// Its points for the side to move at the root, in half points (a win
    /// is 2, a draw 1).
    pub half_points: u64,
}

impl ChildCount {
    /// A child with `visits` visits worth `half_points` half points.
    pub fn new(visits: u64, half_points: u64) -> ChildCount {
        ChildCount { visits, half_points }
    }

    fn win_rate(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.half_points as f64 / (2.0 * self.visits as f64)
        }
    }
}

impl Manager {
    /// A manager for a search by `plan` whose root had `visits_at_start`
    /// visits when it began.
    pub fn new(plan: TimePlan, visits_at_start: u64) -> Manager {
        Manager {
            plan,
            target: plan.target,
            next_check: Duration::ZERO,
            visits_at_start,
            best: None,
            changes: 0,
            extended: false,
        }
    }

    /// The planned time with the extension so far (as of the last check:
    /// a won position plans less).
    pub fn target(&self) -> Duration {
        self.target
    }

    /// How often the best ply changed in the second half of the plan.
    pub fn changes(&self) -> u32 {
        self.changes
    }

    /// Whether a check is due `elapsed` into the search (checks are spaced
    /// by about a hundredth of the plan, at least a millisecond, so that
    /// reading the root's children costs nothing that matters).
    pub fn due(&self, elapsed: Duration) -> bool {
        elapsed >= self.next_check
    }

    /// Decides, `elapsed` into the search, with `root_visits` visits at
    /// the root and `children` its children's counts, whether the search
    /// goes on.
    pub fn decide(
        &mut self,
        elapsed: Duration,
        root_visits: u64,
        children: impl IntoIterator<Item = ChildCount>,
    ) -> Verdict {
        self.next_check = elapsed + (self.plan.target / 100).max(Duration::from_millis(1));
        if elapsed >= self.plan.limit {
            return Verdict::TimeUp;
        }
        let (mut best, mut first, mut second) = (None, ChildCount::default(), 0u64);
        for (i, c) in children.into_iter().enumerate() {
            if best.is_none() || c.visits > first.visits {
                second = first.visits;
                first = c;
                best = Some(i);
            } else if c.visits > second {
                second = c.visits;
            }
        }
        if best.is_some() && self.best.is_some() && best != self.best && elapsed * 2 >= self.plan.target {
            self.changes += 1;
        }
        self.best = best;
        let extension = self.plan.target.mul_f64(EXTENSION);
        let mut target = if self.extended {
            (self.plan.target + extension).min(self.plan.limit)
        } else {
            self.plan.target
        };
        let won = self.plan.early_stop && first.visits >= MIN_SAMPLE && first.win_rate() >= WON_RATE;
        if won {
            target = target.mul_f64(WON_SHARE);
        }
        if elapsed >= target && self.plan.early_stop && !self.extended && !won && self.changes > 0 {
            self.extended = true;
            target = (target + extension).min(self.plan.limit);
        }
        self.target = target;
        if elapsed >= target {
            return Verdict::TimeUp;
        }
        let searched = root_visits.saturating_sub(self.visits_at_start);
        if self.plan.early_stop && searched >= MIN_SAMPLE && !elapsed.is_zero() {
            let rate = searched as f64 / elapsed.as_secs_f64();
            let still = rate * (target - elapsed).as_secs_f64();
            if (first.visits - second) as f64 > still {
                return Verdict::Decided;
            }
        }
        Verdict::Continue
    }

    /// [`decide`](Manager::decide) on `tree`'s root, the search having
    /// begun at `start`; `true` to stop.
    pub(crate) fn check<P: Copy + Send + Sync>(
        &mut self,
        start: Instant,
        now: Instant,
        tree: &Tree<P>,
    ) -> bool {
        let elapsed = now.saturating_duration_since(start);
        if !self.due(elapsed) {
            return false;
        }
        let root = tree.root();
        let children = root.children().map(|c| {
            let (visits, half_points) = tree.node(c).stats();
            ChildCount::new(u64::from(visits), u64::from(half_points))
        });
        self.decide(elapsed, u64::from(root.visits()), children) != Verdict::Continue
    }
}

impl<G: Game, K: SearchKnowledge<G>, Pol: PlayoutPolicy<G>> Mcts<G, K, Pol> {
    /// Searches `game` under `clock` instead of the options' budgets: for
    /// as long as the [`TimePlan`] of the clock and the game says, stopping
    /// early once the choice cannot change and searching longer while it
    /// keeps changing (see [the module](self)). The options' `time` and `iters` are
    /// not used. With `parallel=root` the plan's target is searched, with
    /// neither early stop nor extensions.
    pub fn search_clocked(&mut self, game: &G, clock: &Clock) -> SearchResult<G::Ply> {
        self.search_planned(game, Some(TimePlan::for_game(clock, game, &self.knowledge)))
    }

    /// Searches `game` by `plan` (as [`search_clocked`](Mcts::search_clocked)
    /// does with the plan of its clock). A plan with `target == limit` and
    /// `early_stop` is a fixed time that ends as soon as the choice cannot
    /// change: it saves wall time, not strength.
    pub fn search_with_plan(&mut self, game: &G, plan: &TimePlan) -> SearchResult<G::Ply> {
        self.search_planned(game, Some(*plan))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn game(left: u64, increment: u64) -> Clock {
        Clock::Game {
            left: ms(left),
            increment: ms(increment),
        }
    }

    #[test]
    fn allocation_shares_the_clock_over_the_expected_plies() {
        // 10 s + 0.1 s, 40 plies to go (20 own): 9.97 s / 20 a third
        // larger, + 0.1 s.
        let plan = TimePlan::new(&game(10_000, 100), 40);
        assert_eq!(plan.target, ms(9_970).mul_f64(1.33 / 20.0) + ms(100));
        assert_eq!(plan.limit, plan.target.mul_f64(1.5));
        // An odd count rounds the own plies up.
        assert_eq!(
            TimePlan::new(&game(10_000, 0), 41).target,
            ms(9_970).mul_f64(1.33 / 21.0)
        );
        // Never more than 30% of the usable time, however few plies are
        // expected, and the limit (the one extension) 45% of it.
        let late = TimePlan::new(&game(1_000, 0), 1);
        assert_eq!(late.target, ms(970).mul_f64(0.3));
        assert_eq!(late.limit, ms(970).mul_f64(0.45));
        // The reserve is at most a tenth of what is left.
        let low = TimePlan::new(&game(100, 100), 20);
        assert_eq!(low.target, ms(90).mul_f64(0.3));
        assert!(low.limit < ms(100));
        // An empty clock plans nothing (the search still expands its root).
        let empty = TimePlan::new(&game(0, 0), 20);
        assert_eq!((empty.target, empty.limit), (Duration::ZERO, Duration::ZERO));
    }

    #[test]
    fn a_fixed_time_per_ply_is_searched_to_its_end() {
        let plan = TimePlan::new(&Clock::PerPly(ms(100)), 3);
        assert_eq!(plan.target, ms(80));
        assert_eq!(plan.limit, ms(80));
        assert!(!plan.early_stop);
        assert_eq!(TimePlan::new(&Clock::PerPly(ms(1000)), 3).target, ms(950));
    }

    #[test]
    fn a_simulated_game_never_runs_out_and_spends_most_of_the_clock() {
        // Every ply takes its whole plan (no early stop); even its limit
        // (all extensions) stays inside the clock, over a game of any
        // length, and a game of the horizon's length leaves little of the
        // time unspent.
        for (plies, base, inc) in [
            (40u32, 10_000u64, 100u64),
            (80, 10_000, 100),
            (400, 10_000, 0),
            (300, 1_000, 10),
        ] {
            let mut left = ms(base);
            let mut spent = Duration::ZERO;
            for played in (0..plies).step_by(2) {
                let plan = TimePlan::new(
                    &Clock::Game {
                        left,
                        increment: ms(inc),
                    },
                    expected_remaining_plies(played, None, None),
                );
                assert!(plan.limit < left, "{plies} plies: {plan:?} with {left:?} left");
                left = left - plan.target + ms(inc);
                spent += plan.target;
            }
            let budget = ms(base) + ms(inc) * (plies / 2);
            assert!(spent < budget);
            if plies == 80 {
                assert!(
                    spent.as_secs_f64() > 0.6 * budget.as_secs_f64(),
                    "{spent:?} of {budget:?}"
                );
            }
        }
        // Into a cap: the last plies get the rest of the clock.
        assert_eq!(expected_remaining_plies(95, Some(100), None), 5);
        assert_eq!(expected_remaining_plies(95, Some(100), Some(40)), 5);
    }

    /// Children at an even win rate with these visits.
    fn even<const N: usize>(visits: [u64; N]) -> [ChildCount; N] {
        visits.map(|v| ChildCount::new(v, v))
    }

    #[test]
    fn the_early_stop_needs_a_gap_the_remaining_time_cannot_close() {
        let plan = TimePlan::new(&game(10_000, 0), 40); // target 663 ms
        let mut m = Manager::new(plan, 0);
        // 100 ms in, 10,000 iterations (100,000/s): about 56,000 more fit.
        assert_eq!(
            m.decide(ms(100), 10_000, even([5_000, 3_000, 2_000])),
            Verdict::Continue
        );
        assert_eq!(
            m.decide(ms(100), 10_000, even([1_000, 30_000, 0])),
            Verdict::Continue
        );
        assert_eq!(
            m.decide(ms(400), 40_000, even([30_000, 2_000, 0])),
            Verdict::Decided
        );
        // Visits from a reused tree count for the gap, not for the rate.
        let mut reused = Manager::new(plan, 100_000);
        assert_eq!(
            reused.decide(ms(10), 100_010, even([90_000, 10, 0])),
            Verdict::Continue,
            "too few to rate"
        );
        assert_eq!(
            reused.decide(ms(10), 101_000, even([90_000, 1_000, 0])),
            Verdict::Decided
        );
        // Without early stop only the time counts.
        let fixed = TimePlan::new(&Clock::PerPly(ms(100)), 40);
        let mut f = Manager::new(fixed, 0);
        assert_eq!(f.decide(ms(50), 10_000, even([10_000, 0])), Verdict::Continue);
        assert_eq!(f.decide(ms(90), 10_000, even([10_000, 0])), Verdict::TimeUp);
    }

    #[test]
    fn a_late_change_of_the_best_ply_extends_the_plan_once() {
        let plan = TimePlan::new(&game(10_000, 0), 40); // target 663 ms
        let half = plan.target / 2;
        // A change in the first half only does not extend.
        let mut m = Manager::new(plan, 0);
        m.decide(ms(10), 10, even([5, 5]));
        m.decide(ms(20), 20, even([5, 15]));
        assert_eq!(m.changes(), 0);
        assert_eq!(m.decide(plan.target, 500, even([200, 300])), Verdict::TimeUp);
        assert_eq!(m.target(), plan.target);
        // A change in the second half: at the target, one extension by half
        // of the allocation, and no second one.
        let mut m = Manager::new(plan, 0);
        m.decide(ms(300), 300, even([150, 140]));
        m.decide(ms(400), 400, even([190, 200]));
        assert_eq!(m.changes(), 1);
        assert_eq!(m.decide(plan.target, 500, even([240, 250])), Verdict::Continue);
        assert_eq!(m.target(), plan.target + half);
        m.decide(ms(600), 600, even([310, 280]));
        assert_eq!(m.changes(), 2);
        assert_eq!(
            m.decide(plan.target + half, 750, even([380, 360])),
            Verdict::TimeUp
        );
        assert_eq!(m.target(), plan.target + half);
        assert!(m.target() <= plan.limit);
        // Nothing past the limit.
        let mut m = Manager::new(plan, 0);
        m.decide(ms(400), 400, even([190, 200]));
        m.decide(ms(500), 500, even([260, 240]));
        assert_eq!(m.decide(plan.limit, 500, even([260, 240])), Verdict::TimeUp);
    }

    #[test]
    fn a_won_position_gets_half_the_allocation() {
        let plan = TimePlan::new(&game(10_000, 0), 40); // target 663 ms
        let early = ms(100);
        // Won (95%) for the side to move: half the time, even with gaps
        // that could still close.
        let mut m = Manager::new(plan, 0);
        let children = [ChildCount::new(1_000, 1_900), ChildCount::new(900, 900)];
        assert_eq!(m.decide(early, 1_900, children), Verdict::Continue);
        assert_eq!(m.target(), plan.target / 2);
        assert_eq!(m.decide(plan.target / 2, 1_900, children), Verdict::TimeUp);
        // Lost (5%): the whole plan.
        let mut m = Manager::new(plan, 0);
        let lost = [ChildCount::new(1_000, 100), ChildCount::new(900, 90)];
        assert_eq!(m.decide(early, 1_900, lost), Verdict::Continue);
        assert_eq!(m.target(), plan.target);
        // Not won at 80%, nor with too few visits to tell.
        let mut m = Manager::new(plan, 0);
        m.decide(
            early,
            1_900,
            [ChildCount::new(1_000, 1_600), ChildCount::new(900, 900)],
        );
        assert_eq!(m.target(), plan.target);
        m.decide(early, 40, [ChildCount::new(20, 40), ChildCount::new(20, 20)]);
        assert_eq!(m.target(), plan.target);
        // A fixed time per ply is searched to its end however decided.
        let fixed = TimePlan::new(&Clock::PerPly(ms(100)), 40);
        let mut f = Manager::new(fixed, 0);
        let won = [ChildCount::new(1_000, 2_000), ChildCount::new(10, 10)];
        assert_eq!(f.decide(ms(60), 1_010, won), Verdict::Continue);
        assert_eq!(f.target(), fixed.target);
    }

    #[test]
    fn checks_are_spaced() {
        let plan = TimePlan::new(&game(10_000, 0), 40);
        let mut m = Manager::new(plan, 0);
        assert!(m.due(Duration::ZERO));
        m.decide(ms(1), 1, even([1]));
        assert!(!m.due(ms(2)));
        assert!(m.due(ms(1) + plan.target / 100));
    }

    #[test]
    fn a_clocked_search_chooses_even_with_no_time_left() {
        use abstracta_core::toy::TicTacToe;
        let mut mcts = crate::Mcts::<TicTacToe, abstracta_core::toy::TicTacToeKnowledge>::new(
            "iters=1,solver=off".parse().unwrap(),
        );
        let game = TicTacToe::new(Default::default());
        let out = Clock::Game {
            left: Duration::ZERO,
            increment: Duration::ZERO,
        };
        let result = mcts.search_clocked(&game, &out);
        assert!(result.best.is_some());
        // At least one batch of iterations, whatever the budget says.
        assert!(result.iterations >= 8, "{}", result.iterations);
        let fixed = TimePlan {
            target: ms(5),
            limit: ms(5),
            early_stop: true,
        };
        assert!(mcts.search_with_plan(&game, &fixed).best.is_some());
    }

    #[test]
    fn clocks_print_and_shrink() {
        assert_eq!(game(9_500, 100).to_string(), "left 9.500s + 0.100s");
        assert_eq!(Clock::PerPly(ms(100)).to_string(), "0.100s per ply");
        assert_eq!(game(100, 5).less(ms(30)), game(70, 5));
        assert_eq!(Clock::PerPly(ms(10)).less(ms(30)), Clock::PerPly(Duration::ZERO));
        assert_eq!(game(100, 5).available(), ms(100));
    }
}
