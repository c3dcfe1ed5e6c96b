//! Plain UCT of this workspace's MCTS against two public Rust MCTS crates
//! (treant 0.4 and zxqfl's mcts 0.3), on this workspace's games, with the
//! same uniformly random playouts under all three engines.
//!
//! The crate exists to measure one thing: what our tree costs per
//! iteration against trees others wrote, over identical game code and
//! playouts. It is not published and no shipped crate links it.
//!
//! ```
//! use crate_comparison::{compare, Budget, Engine};
//!
//! let rows = compare("escabel:size=5", Budget::Iterations(200), 1).unwrap();
//! assert_eq!(rows.len(), 2); // the start and the middle game
//! for row in &rows {
//!     assert!(row.rate(Engine::Ours) > 0.0);
//!     assert!(row.rate(Engine::Treant) > 0.0);
//!     assert!(row.rate(Engine::Zxqfl) > 0.0);
//! }
//! ```

use std::time::Instant;

use abstracta::registry::{with_game, GameVisitor, RegisteredGame};
// The same fixed position `arena bench --scaling` reports.
use abstracta_core::{Game, GameOptions, PlyBuf, Seat, SpecError};
use arena::bench::middle_game;
use mcts::{Mcts, MctsOptions};
use rand::rngs::SmallRng;

mod adapters;

pub use adapters::{Position, TreantSearch, ZxqflSearch};

/// Our plain UCT: every knowledge switch off and no standing choices, as
/// `arena bench --scaling` measures it ("plain").
pub const PLAIN_SPEC: &str = "rave=off,solver=off,decisive=off,guided=off,eval=off,prior=off,rescan=off";

/// The three engines measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// This workspace's MCTS with [`PLAIN_SPEC`].
    Ours,
    /// treant 0.4 with its UCT policy.
    Treant,
    /// zxqfl's mcts 0.3 with its UCT policy.
    Zxqfl,
}

impl Engine {
    /// All three, in the order each round runs them.
    pub const ALL: [Engine; 3] = [Engine::Ours, Engine::Treant, Engine::Zxqfl];

    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Ours => "ours",
            Engine::Treant => "treant",
            Engine::Zxqfl => "zxqfl-mcts",
        }
    }
}

/// One game and position: the iterations of every search and each
/// engine's median iterations per second.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The game spec.
    pub spec: String,
    /// `start` or `middle` (see [`middle_game`]).
    pub position: &'static str,
    /// Plies played to the position.
    pub plies: u32,
    /// Iterations of every search.
    pub iterations: u64,
    /// Median iterations per second, in the order of [`Engine::ALL`].
    pub rates: [f64; 3],
}

impl Row {
    /// The median iterations per second of `engine`.
    pub fn rate(&self, engine: Engine) -> f64 {
        self.rates[Engine::ALL.iter().position(|&e| e == engine).unwrap_or(0)]
    }

    /// Ours over the faster public crate.
    pub fn ratio(&self) -> f64 {
        self.rate(Engine::Ours) / self.rate(Engine::Treant).max(self.rate(Engine::Zxqfl))
    }
}

/// Half points for the first seat of a finished game (a draw, or a game
/// not finished: 1).
pub fn first_seat_points<G: Game>(game: &G) -> u64 {
    match game.status().winner_seat() {
        Some(Seat::First) => 2,
        Some(Seat::Second) => 0,
        None => 1,
    }
}

/// Half points for `seat` from half points for the first seat.
pub fn points_for(first: u64, seat: Seat) -> u64 {
    match seat {
        Seat::First => first,
        Seat::Second => 2 - first,
    }
}

/// The playout every engine here runs from a new leaf: uniformly random
/// plies ([`Game::random_ply`]) to the end, as our search's default
/// playout policy does. Returns half points for the first seat.
///
/// Never inlined, so that an instruction profile (callgrind, docs/speed.md)
/// can tell the crates' playouts from their trees by this function's
/// inclusive count.
#[inline(never)]
pub fn random_playout<G: Game>(game: &mut G, rng: &mut SmallRng) -> u64 {
    while let Some(ply) = game.random_ply(rng) {
        game.play_unchecked(ply);
    }
    first_seat_points(game)
}

/// The legal plies of `game` (none once it is over).
pub fn legal_plies<G: Game>(game: &G) -> PlyBuf<G::Ply> {
    let mut plies = PlyBuf::new();
    if !game.status().is_finished() {
        game.legal_plies(&mut plies);
    }
    plies
}

/// Our plain options for `iterations` on one thread.
pub fn plain_options(iterations: u64) -> MctsOptions {
    let mut options: MctsOptions = PLAIN_SPEC.parse().expect("the plain spec parses");
    options.iterations = Some(iterations);
    options.time = None;
    options.threads = 1;
    options
}

/// Iterations per second of one search of `iterations` by `engine` from
/// `position`, setting up its tree included (ours reuses its engine's
/// memory, as it does from ply to ply in a game; the crates start a new
/// manager, their only way to a fresh tree).
fn measure<G: RegisteredGame>(
    engine: Engine,
    ours: &mut Mcts<G, G::Knowledge>,
    position: &G,
    iterations: u64,
    seed: u64,
) -> f64 {
    let c = MctsOptions::default().exploration_for::<G>(false);
    let started = Instant::now();
    let done = match engine {
        Engine::Ours => {
            ours.reset();
            ours.search(position).iterations
        }
        Engine::Treant => TreantSearch::new(position.clone(), c, seed).run(iterations),
        Engine::Zxqfl => ZxqflSearch::new(position.clone(), c, seed).run(iterations),
    };
    done as f64 / started.elapsed().as_secs_f64().max(1e-9)
}

/// The median of `values` (not empty).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// How many iterations every search of a position runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// This many.
    Iterations(u64),
    /// What our plain search runs in this many seconds on one thread
    /// from the position (at least 100), measured once before the rounds.
    Seconds(f64),
}

struct Compare {
    budget: Budget,
    rounds: usize,
    positions: Positions,
}

/// Which positions [`compare_positions`] measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Positions {
    /// The start and the middle game.
    Both,
    /// The start only.
    Start,
    /// The middle game ([`middle_game`]) only.
    Middle,
}

impl Positions {
    fn includes(self, position: &str) -> bool {
        match self {
            Positions::Both => true,
            Positions::Start => position == "start",
            Positions::Middle => position == "middle",
        }
    }
}

impl GameVisitor for Compare {
    type Output = Vec<Row>;
    fn visit<G: RegisteredGame>(self, options: G::Options) -> Vec<Row> {
        let spec = options.spec();
        let start = G::new(options);
        let middle = middle_game(&start);
        let plies = middle.plies_played();
        let mut rows = Vec::new();
        for (position, game, plies) in [("start", &start, 0), ("middle", &middle, plies)] {
            if !self.positions.includes(position) {
                continue;
            }
            let iterations = match self.budget {
                Budget::Iterations(n) => n.max(1),
                Budget::Seconds(seconds) => {
                    let mut o = plain_options(1);
                    o.iterations = None;
                    o.time = Some(std::time::Duration::from_secs_f64(seconds));
                    Mcts::<G, G::Knowledge>::new(o).search(game).iterations.max(100)
                }
            };
            let mut ours = Mcts::<G, G::Knowledge>::new(plain_options(iterations));
            // A warm-up round, then interleaved rounds: each runs the
            // three engines back to back, so a slow spell of the machine
            // hits all of them.
            let mut rates = [Vec::new(), Vec::new(), Vec::new()];
            for round in 0..=self.rounds {
                for (k, engine) in Engine::ALL.into_iter().enumerate() {
                    let rate = measure(engine, &mut ours, game, iterations, round as u64);
                    if round > 0 {
                        rates[k].push(rate);
                    }
                }
            }
            rows.push(Row {
                spec: spec.clone(),
                position,
                plies,
                iterations,
                rates: rates.map(|mut r| median(&mut r)),
            });
        }
        rows
    }
}

/// Measures the three engines on game `spec` from the start and from the
/// middle game ([`middle_game`]), every search on one thread with the
/// same `budget`, in `rounds` interleaved rounds after a warm-up round
/// (medians).
pub fn compare(spec: &str, budget: Budget, rounds: usize) -> Result<Vec<Row>, SpecError> {
    compare_positions(spec, budget, rounds, Positions::Both)
}

/// Like [`compare`], for the start, the middle game or both (one
/// position alone gives one instruction count per position under
/// callgrind).
pub fn compare_positions(
    spec: &str,
    budget: Budget,
    rounds: usize,
    positions: Positions,
) -> Result<Vec<Row>, SpecError> {
    with_game(
        spec,
        Compare {
            budget,
            rounds: rounds.max(1),
            positions,
        },
    )
}

/// The report as a table, one line per game and position.
pub fn format_rows(rows: &[Row]) -> String {
    let mut out = format!(
        "{:<16} {:<8} {:>5} {:>8} {:>10} {:>10} {:>10} {:>8}\n",
        "game", "position", "plies", "iters", "ours/s", "treant/s", "zxqfl/s", "ratio"
    );
    for r in rows {
        out.push_str(&format!(
            "{:<16} {:<8} {:>5} {:>8} {:>10.0} {:>10.0} {:>10.0} {:>7.2}x\n",
            r.spec,
            r.position,
            r.plies,
            r.iterations,
            r.rate(Engine::Ours),
            r.rate(Engine::Treant),
            r.rate(Engine::Zxqfl),
            r.ratio()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The middle-game positions are those `arena bench --scaling` and
    /// docs/speed.md report (plies played at the default sizes).
    #[test]
    fn middle_games_match_the_scaling_report() {
        struct Plies;
        impl GameVisitor for Plies {
            type Output = u32;
            fn visit<G: RegisteredGame>(self, options: G::Options) -> u32 {
                middle_game(&G::new(options)).plies_played()
            }
        }
        for (game, plies) in [
            ("swack", 23),
            ("escabel", 53),
            ("ecalper", 84),
            ("whirlwind", 77),
            ("epaminondas", 342),
        ] {
            assert_eq!(with_game(game, Plies).unwrap(), plies, "{game}");
        }
    }

    #[test]
    fn all_three_engines_search_the_given_iterations() {
        struct Iterations;
        impl GameVisitor for Iterations {
            type Output = [u64; 3];
            fn visit<G: RegisteredGame>(self, options: G::Options) -> [u64; 3] {
                let game = G::new(options);
                let mut ours = Mcts::<G, G::Knowledge>::new(plain_options(300));
                [
                    ours.search(&game).iterations,
                    TreantSearch::new(game.clone(), 1.0, 3).run(300),
                    ZxqflSearch::new(game, 1.0, 3).run(300),
                ]
            }
        }
        assert_eq!(with_game("swack", Iterations).unwrap(), [300, 300, 300]);
    }

    #[test]
    fn one_position_gives_one_row() {
        let start = compare_positions("escabel:size=5", Budget::Iterations(50), 1, Positions::Start).unwrap();
        let middle =
            compare_positions("escabel:size=5", Budget::Iterations(50), 1, Positions::Middle).unwrap();
        assert_eq!(start.iter().map(|r| r.position).collect::<Vec<_>>(), ["start"]);
        assert_eq!(middle.iter().map(|r| r.position).collect::<Vec<_>>(), ["middle"]);
        assert!(middle[0].plies > 0);
    }

    #[test]
    fn points_are_from_the_seat_asked() {
        assert_eq!(points_for(2, Seat::First), 2);
        assert_eq!(points_for(2, Seat::Second), 0);
        assert_eq!(points_for(1, Seat::Second), 1);
    }
}
