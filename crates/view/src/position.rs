//! Positions and analyses as the page's JSON (docs/web-api.md): the
//! answers of `/api/position`, `/api/move` and `/api/analyse`.

use abstracta::player::Analysis;
use abstracta::AnyGame;
use serde_json::{json, Value};

use crate::board::{board_json, ply_cells, ply_json};
use crate::sides::{result_json, sides_json, turns_json};

/// The status as JSON: `word`, `text`, `finished`, `winner_seat`,
/// `winner_colour`.
pub fn status_json(game: &dyn AnyGame) -> Value {
    let status = game.status();
    json!({
        "word": status.word(),
        "text": status.to_string(),
        "finished": status.is_finished(),
        "winner_seat": status.winner_seat().map(|s| s.name()),
        "winner_colour": status.winner_colour().map(|c| c.name()),
    })
}

/// The plies of the last turn, oldest first: the last ply and the ones
/// before it by the same seat (Ecalper and Whirlwind turns have several).
pub fn last_turn(game: &dyn AnyGame) -> Vec<Value> {
    let mut back = game.clone_box();
    let mut turn = Vec::new();
    let mut mover = None;
    // A turn has at most four plies; a few more steps back cost nothing.
    while turn.len() < 8 {
        let Some(ply) = back.undo() else { break };
        let seat = back.to_move().map(|(s, _)| s);
        if mover.is_some() && seat != mover {
            break;
        }
        mover = seat;
        turn.push(ply_json(&ply));
    }
    turn.reverse();
    turn
}

/// A position as the page draws it (see docs/web-api.md).
pub fn position_json(game: &dyn AnyGame) -> Value {
    let history = game.history();
    let last = history.last().map(|p| ply_json(p));
    let render = game.render();
    let turn_text = render
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim();
    json!({
        "spec": game.spec(),
        "name": game.name(),
        "plies": history,
        "status": status_json(game),
        "to_move": game.to_move().map(|(seat, colour)| json!({"seat": seat.name(), "colour": colour.name()})),
        "turn_text": turn_text,
        "board": board_json(game),
        "last": last,
        "last_turn": last_turn(game),
        "legal": game.legal_plies().iter().map(|p| ply_json(p)).collect::<Vec<_>>(),
        "render": render,
        "sides": sides_json(game),
        "turns": turns_json(game),
        "result": result_json(game),
    })
}

/// An engine's analysis of `game` as JSON: `engine`, `seat`, `best`,
/// `win_rate`, `pv`, `children` (ply, cells, visits, win rate, proof) and
/// `details`.
pub fn analysis_json(game: &dyn AnyGame, analysis: &Analysis, engine: &str) -> Value {
    json!({
        "engine": engine,
        "seat": game.to_move().map(|(s, _)| s.name()),
        "best": analysis.best.as_deref().map(ply_json),
        "win_rate": analysis.win_rate,
        "pv": analysis.pv,
        "children": analysis.children.iter().map(|c| json!({
            "ply": c.ply,
            "cells": ply_cells(&c.ply).cells.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "visits": c.visits,
            "win_rate": c.win_rate,
            "proof": c.proof,
        })).collect::<Vec<_>>(),
        "details": analysis.details,
    })
}

/// Sample specs of each game's variants, for the pages' spec lists.
pub const SAMPLE_SPECS: &[(&str, &[&str])] = &[
    (
        "escabel",
        &[
            "escabel",
            "escabel:size=7",
            "escabel:variant=checkered",
            "escabel:size=7,variant=checkered,corner=white",
        ],
    ),
    ("swack", &["swack", "swack:size=6", "swack:variant=free"]),
    ("ecalper", &["ecalper", "ecalper:size=5"]),
    ("epaminondas", &["epaminondas", "epaminondas:variant=stones"]),
    (
        "whirlwind",
        &["whirlwind", "whirlwind:size=12", "whirlwind:setup=b"],
    ),
];

/// [`SAMPLE_SPECS`] as the `variants` of `/api/games`: `game` and `specs`.
pub fn sample_specs_json() -> Value {
    Value::Array(
        SAMPLE_SPECS
            .iter()
            .map(|(game, specs)| json!({"game": game, "specs": specs}))
            .collect(),
    )
}
