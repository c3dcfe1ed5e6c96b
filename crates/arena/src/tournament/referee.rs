//! The referee: plays one game between two engines, timing them, and turns
//! an engine error or an illegal ply into a forfeit for that seat.

use std::time::{Duration, Instant};

use abstracta::{mix_seed, AnyGame, Colour, Outcome, Seat, Status, Termination};

use super::schedule::{Plan, Slot};
use super::TournamentSettings;
use crate::engine::{build, AnyPlayer, BuildOptions};
use crate::records::{GameRecord, GameResult, Seats};

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
    let outcome = match (make(first, 0), make(second, 1)) {
        (Ok(p1), Ok(p2)) => referee(start, &opening, [p1, p2], &names),
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
    }
}

/// How a refereed game ended.
struct Played {
    plies: Vec<String>,
    result: GameResult,
    winner_colour: Option<String>,
    reason: String,
    time_ms: Seats<f64>,
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
    }
}

fn winner_result(seat: Seat) -> GameResult {
    match seat {
        Seat::First => GameResult::First,
        Seat::Second => GameResult::Second,
    }
}

/// Plays one game between two engines (by seat) from `opening`. An engine
/// error or an illegal ply loses the game for that seat.
fn referee(
    start: &dyn AnyGame,
    opening: &[String],
    mut players: [Box<dyn AnyPlayer>; 2],
    names: &Seats<String>,
) -> Played {
    let mut game = start.clone_box();
    for ply in opening {
        // The opening was played on a copy of `start`: every ply is legal.
        let _ = game.play(ply);
    }
    let mut time = [Duration::ZERO; 2];
    let mut forfeit: Option<(Seat, Colour, String)> = None;
    while let Some((seat, colour)) = game.to_move() {
        let started = Instant::now();
        let choice = players[seat.index()].genmove(&*game);
        time[seat.index()] += started.elapsed();
        match choice {
            Ok(choice) => {
                if let Err(e) = game.play(&choice.ply) {
                    forfeit = Some((seat, colour, format!("played an illegal ply: {e}")));
                    break;
                }
            }
            Err(e) => {
                forfeit = Some((seat, colour, e.to_string()));
                break;
            }
        }
    }
    let plies = game.history();
    let time_ms = Seats {
        first: time[0].as_secs_f64() * 1000.0,
        second: time[1].as_secs_f64() * 1000.0,
    };
    match forfeit {
        Some((seat, colour, why)) => Played {
            plies,
            result: winner_result(seat.opponent()),
            winner_colour: Some(colour.opponent().name().to_owned()),
            reason: format!("forfeit: {} {why}", seat_name(seat, names)),
            time_ms,
        },
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
            }
        }
    }
}
