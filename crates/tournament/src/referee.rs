//! The referee: plays one game between two engines, timing them against
//! their clocks, adjudicating resignations, and turning an engine error or
//! an illegal ply into a forfeit for that seat.

use std::time::{Duration, Instant};

use abstracta::{mix_seed, AnyGame, Colour, Outcome, Seat, Status, Termination};

use crate::schedule::{Plan, Slot};
use crate::time_control::{ResignWatch, SeatClock, Tick};
use crate::{Resign, TimeControl, TournamentSettings};
use protocol::engine::{build, AnySearch, BuildOptions, EngineError};
use stats::records::{GameRecord, GameResult, Seats};

/// Plays the scheduled game `slot` from `start` (the game at its start
/// position) and records it.
pub(super) fn play_scheduled(
    settings: &TournamentSettings,
    plan: &Plan,
    start: &dyn AnyGame,
    slot: Slot,
) -> GameRecord {
    let (a, b) = plan.pairings[slot.pairing];
    let (first, second) = if slot.exchanged { (b, a) } else { (a, b) };
    let game_seed = mix_seed(settings.seed, 1_000_003 + slot.index);
    let opening = plan.opening(start, slot.round);
    let make = |player: usize, seat: u64| {
        build(
            &plan.engines[player],
            start,
            &BuildOptions {
                seed: mix_seed(game_seed, seat),
                timeout: settings.timeout,
                time_margin: settings.time_margin,
            },
        )
    };
    let names = Seats {
        first: plan.config.players[first].name.clone(),
        second: plan.config.players[second].name.clone(),
    };
    let engines = Seats {
        first: plan.config.players[first].engine.clone(),
        second: plan.config.players[second].engine.clone(),
    };
    let rules = Rules {
        clocks: [plan.clocks[first], plan.clocks[second]],
        margin: settings.time_margin,
        resign: settings.resign,
    };
    let outcome = match (make(first, 0), make(second, 1)) {
        (Ok(p1), Ok(p2)) => referee(start, &opening, [p1, p2], &names, &rules),
        (Err(e), _) => forfeit_before_start(Seat::First, &names, &e.to_string()),
        (_, Err(e)) => forfeit_before_start(Seat::Second, &names, &e.to_string()),
    };
    GameRecord {
        index: slot.index,
        spec: plan.config.spec.clone(),
        players: names,
        engines,
        seed: game_seed,
        opening,
        plies: outcome.plies,
        result: outcome.result,
        winner_colour: outcome.winner_colour,
        reason: outcome.reason,
        time_ms: outcome.time_ms,
        ply_ms: outcome.ply_ms,
        clock_ms: outcome.clock_ms,
    }
}

/// The clocks and adjudication a game is played under.
struct Rules {
    /// The time control of each seat.
    clocks: [Option<TimeControl>; 2],
    margin: Duration,
    resign: Option<Resign>,
}

/// How a refereed game ended.
struct Played {
    plies: Vec<String>,
    result: GameResult,
    winner_colour: Option<String>,
    reason: String,
    time_ms: Seats<f64>,
    ply_ms: Vec<f64>,
    clock_ms: Option<Seats<Option<f64>>>,
}

fn seat_name(seat: Seat, names: &Seats<String>) -> String {
    let name = match seat {
        Seat::First => &names.first,
        Seat::Second => &names.second,
    };
    format!("{seat} player ({name})")
}

fn forfeit_before_start(seat: Seat, names: &Seats<String>, why: &str) -> Played {
    Played {
        plies: Vec::new(),
        result: winner_result(seat.opponent()),
        winner_colour: None,
        reason: format!("forfeit: {} could not start: {why}", seat_name(seat, names)),
        time_ms: Seats {
            first: 0.0,
            second: 0.0,
        },
        ply_ms: Vec::new(),
        clock_ms: None,
    }
}

fn winner_result(seat: Seat) -> GameResult {
    match seat {
        Seat::First => GameResult::First,
        Seat::Second => GameResult::Second,
    }
}

/// How a game ended before the rules ended it.
enum Stopped {
    /// The seat forfeits (an engine error or an illegal ply).
    Forfeit(Seat, Colour, String),
    /// The seat ran out of time.
    Time(Seat, Colour),
    /// The engines agreed that the seat wins.
    Resign(Seat, Colour),
}

/// Plays one game between two engines (by seat) from `opening`, under
/// `rules`. An engine error or an illegal ply loses the game for that
/// seat, and so does a ply beyond its clock.
fn referee(
    start: &dyn AnyGame,
    opening: &[String],
    mut players: [Box<dyn AnySearch>; 2],
    names: &Seats<String>,
    rules: &Rules,
) -> Played {
    let mut game = start.clone_box();
    for ply in opening {
        // The opening was played on a copy of `start`: every ply is legal.
        let _ = game.play(ply);
    }
    let mut time = [Duration::ZERO; 2];
    let mut clocks = rules.clocks.map(SeatClock::new);
    let timed = rules.clocks.iter().any(Option::is_some);
    let mut ply_ms = Vec::new();
    let mut watch = rules.resign.map(ResignWatch::new);
    let mut stopped: Option<Stopped> = None;
    while let Some((seat, colour)) = game.to_move() {
        let clock = &mut clocks[seat.index()];
        let player = &mut players[seat.index()];
        player.set_clock(clock.engine_clock());
        let started = Instant::now();
        let choice = player.genmove(&*game);
        let spent = started.elapsed();
        time[seat.index()] += spent;
        if timed {
            ply_ms.push(round_ms(spent));
        }
        // Late is late, whatever the answer (an engine that timed out
        // waiting for a clocked answer is late too).
        let late_error = matches!(choice, Err(EngineError::Timeout { .. }))
            && clock.allowed(rules.margin).is_some_and(|a| spent > a);
        if clock.charge(spent, rules.margin) == Tick::Flagged || late_error {
            stopped = Some(Stopped::Time(seat, colour));
            break;
        }
        match choice {
            Ok(choice) => {
                if let Err(e) = game.play(&choice.ply) {
                    stopped = Some(Stopped::Forfeit(
                        seat,
                        colour,
                        format!("played an illegal ply: {e}"),
                    ));
                    break;
                }
                let adjudged = watch.as_mut().and_then(|w| w.ply(seat, choice.win_rate));
                if let (Some(winner), Some((next, next_colour))) = (adjudged, game.to_move()) {
                    let colour = if winner == next {
                        next_colour
                    } else {
                        next_colour.opponent()
                    };
                    stopped = Some(Stopped::Resign(winner, colour));
                    break;
                }
            }
            Err(e) => {
                stopped = Some(Stopped::Forfeit(seat, colour, e.to_string()));
                break;
            }
        }
    }
    let plies = game.history();
    let time_ms = Seats {
        first: time[0].as_secs_f64() * 1000.0,
        second: time[1].as_secs_f64() * 1000.0,
    };
    let clock_ms = timed.then(|| Seats {
        first: clocks[0].left_ms(),
        second: clocks[1].left_ms(),
    });
    let ended = |result, winner_colour: Colour, reason: String| Played {
        plies: plies.clone(),
        result,
        winner_colour: Some(winner_colour.name().to_owned()),
        reason,
        time_ms: time_ms.clone(),
        ply_ms: ply_ms.clone(),
        clock_ms: clock_ms.clone(),
    };
    match stopped {
        Some(Stopped::Forfeit(seat, colour, why)) => ended(
            winner_result(seat.opponent()),
            colour.opponent(),
            format!("forfeit: {} {why}", seat_name(seat, names)),
        ),
        Some(Stopped::Time(seat, colour)) => {
            ended(winner_result(seat.opponent()), colour.opponent(), "time".into())
        }
        Some(Stopped::Resign(seat, colour)) => ended(winner_result(seat), colour, "resign".into()),
        None => {
            let status = game.status();
            let (result, termination) = match status {
                Status::Finished {
                    outcome: Outcome::Win { seat, .. },
                    termination,
                } => (winner_result(seat), termination),
                Status::Finished { termination, .. } => (GameResult::Draw, termination),
                Status::Ongoing => (GameResult::Draw, Termination::Rules),
            };
            Played {
                plies,
                result,
                winner_colour: status.winner_colour().map(|c| c.name().to_owned()),
                reason: termination.to_string(),
                time_ms,
                ply_ms,
                clock_ms,
            }
        }
    }
}

/// Milliseconds to a tenth, for the record.
fn round_ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 10_000.0).round() / 10.0
}
