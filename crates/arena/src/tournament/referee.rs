//! The referee: plays one game between two engines, timing them, and turns
//! an engine error or an illegal ply into a forfeit for that seat.

use std::time::{Duration, Instant};

use abstracta_core::{mix_seed, Game, Seat, Status};

use super::schedule::{opening, Plan, Slot};
use super::TournamentSettings;
use crate::engine::{BuildOptions, Player};
use crate::records::{GameRecord, GameResult, Seats};

/// Plays the scheduled game `slot` and records it.
pub(super) fn play_scheduled<G: Game>(
    settings: &TournamentSettings,
    plan: &Plan,
    options: &G::Options,
    slot: Slot,
) -> GameRecord {
    let (a, b) = plan.pairings[slot.pairing];
    let (first, second) = if slot.exchanged { (b, a) } else { (a, b) };
    let game_seed = mix_seed(settings.seed, 1_000_003 + slot.index);
    let opening = opening::<G>(options, settings.seed, slot.round, settings.opening_plies);
    let build = |player: usize, seat: u64| {
        plan.engines[player].build::<G>(&BuildOptions {
            game_spec: plan.config.spec.clone(),
            seed: mix_seed(game_seed, seat),
            timeout: settings.timeout,
        })
    };
    let names = Seats {
        first: plan.config.players[first].name.clone(),
        second: plan.config.players[second].name.clone(),
    };
    let engines = Seats {
        first: plan.config.players[first].engine.clone(),
        second: plan.config.players[second].engine.clone(),
    };
    let outcome = match (build(first, 0), build(second, 1)) {
        (Ok(p1), Ok(p2)) => referee::<G>(options, &opening, [p1, p2], &names),
        (Err(e), _) => forfeit_before_start(Seat::First, &names, &e.to_string()),
        (_, Err(e)) => forfeit_before_start(Seat::Second, &names, &e.to_string()),
    };
    GameRecord {
        index: slot.index,
        spec: plan.config.spec.clone(),
        players: names,
        engines,
        seed: game_seed,
        opening: opening.iter().map(|p| p.to_string()).collect(),
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
fn referee<G: Game>(
    options: &G::Options,
    opening: &[G::Ply],
    mut players: [Box<dyn Player<G>>; 2],
    names: &Seats<String>,
) -> Played {
    let mut game = G::new(options.clone());
    let mut history: Vec<G::Ply> = Vec::new();
    for &ply in opening {
        game.play_unchecked(ply);
        history.push(ply);
    }
    let mut time = [Duration::ZERO; 2];
    let mut forfeit: Option<(Seat, String)> = None;
    while game.status().is_ongoing() {
        let seat = game.to_move_seat();
        let started = Instant::now();
        let choice = players[seat.index()].genmove(&game, &history);
        time[seat.index()] += started.elapsed();
        match choice {
            Ok(choice) => match game.play(choice.ply) {
                Ok(()) => history.push(choice.ply),
                Err(e) => {
                    forfeit = Some((seat, format!("played an illegal ply: {e}")));
                    break;
                }
            },
            Err(e) => {
                forfeit = Some((seat, e.to_string()));
                break;
            }
        }
    }
    let plies = history.iter().map(|p| p.to_string()).collect();
    let time_ms = Seats {
        first: time[0].as_secs_f64() * 1000.0,
        second: time[1].as_secs_f64() * 1000.0,
    };
    match forfeit {
        Some((seat, why)) => Played {
            plies,
            result: winner_result(seat.opponent()),
            winner_colour: Some(game.colour_of(seat.opponent()).name().to_owned()),
            reason: format!("forfeit: {} {why}", seat_name(seat, names)),
            time_ms,
        },
        None => {
            let status = game.status();
            let (result, termination) = match status {
                Status::Finished {
                    outcome: abstracta_core::Outcome::Win { seat, .. },
                    termination,
                } => (winner_result(seat), termination),
                Status::Finished { termination, .. } => (GameResult::Draw, termination),
                Status::Ongoing => (GameResult::Draw, abstracta_core::Termination::Rules),
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
