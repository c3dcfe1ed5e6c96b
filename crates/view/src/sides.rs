//! What the page says about the two sides: which colour each seat plays
//! (after a swap too) and what it must do to win, the plies grouped by
//! turn, and why a finished game ended, with the cells that decided it.

use abstracta::{AnyGame, Colour, Position, Seat, Status, Termination};
use serde_json::{json, Value};

/// What `colour` must do to win `game` (by its name), naming the rule.
pub fn goal(game: &str, colour: Colour) -> &'static str {
    match (game, colour) {
        ("escabel", Colour::Black) => "connect the top and bottom edges with a chain (E6)",
        ("escabel", Colour::White) => "connect the left and right edges with a chain (E6)",
        ("whirlwind", Colour::Black) => "connect the top and bottom edges with a chain (W4)",
        ("whirlwind", Colour::White) => "connect the left and right edges with a chain (W4)",
        ("swack", _) => "own the biggest group left once equal black and white groups are paired off (S6)",
        ("ecalper", _) => "make the largest group; fewer groups break a tie (C5)",
        ("epaminondas", Colour::White) => {
            "get more pieces onto row 12, Black's home row, than Black has on row 1 (P4)"
        }
        ("epaminondas", Colour::Black) => {
            "get more pieces onto row 1, White's home row, than White has on row 12 (P4)"
        }
        _ => "win by the game's rules",
    }
}

/// The rule that offers the swap in `game`, if it has one.
fn pie_rule(game: &str) -> &'static str {
    match game {
        "escabel" => "E8",
        "swack" => "S8",
        "ecalper" => "C3",
        _ => "the pie rule",
    }
}

/// The colour each seat plays now: the start position's first mover is
/// the first seat's colour, exchanged once a swap has been played.
fn seat_colours(game: &dyn AnyGame) -> (Colour, Colour, bool) {
    let mut start = game.clone_box();
    start.restart();
    let first = start.to_move().map_or(Colour::Black, |(_, c)| c);
    let swapped = game.history().iter().any(|p| p == "swap");
    let first = if swapped { first.opponent() } else { first };
    (first, first.opponent(), swapped)
}

fn name(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "Black",
        Colour::White => "White",
    }
}

/// The two seats as JSON: `seats` (`seat`, `colour`, `goal`), `swapped`,
/// and `swap_note` (what the swap did, once it was played).
pub fn sides_json(game: &dyn AnyGame) -> Value {
    let (first, second, swapped) = seat_colours(game);
    let seat = |seat: Seat, colour: Colour| json!({"seat": seat.name(), "colour": colour.name(), "goal": goal(game.name(), colour)});
    let note = swapped.then(|| {
        format!(
            "Swap ({}, pie rule): the second player took over {}'s stones and opening; the first player now plays {} and must {}.",
            pie_rule(game.name()),
            name(second),
            name(first),
            goal(game.name(), first),
        )
    });
    json!({
        "seats": [seat(Seat::First, first), seat(Seat::Second, second)],
        "swapped": swapped,
        "swap_note": note,
    })
}

/// The plies grouped by turn, numbered from 1: `turn`, `seat`, `colour`
/// and `plies`, each ply with its 1-based index in the game (`n`).
pub fn turns_json(game: &dyn AnyGame) -> Vec<Value> {
    let mut replay = game.clone_box();
    replay.restart();
    let mut turns: Vec<(Seat, Colour, Vec<Value>)> = Vec::new();
    for (i, ply) in game.history().iter().enumerate() {
        let Some((seat, colour)) = replay.to_move() else {
            break;
        };
        let entry = json!({"n": i + 1, "ply": ply});
        match turns.last_mut() {
            Some((s, _, plies)) if *s == seat => plies.push(entry),
            _ => turns.push((seat, colour, vec![entry])),
        }
        if replay.play(ply).is_err() {
            break;
        }
    }
    turns
        .into_iter()
        .enumerate()
        .map(|(i, (seat, colour, plies))| {
            json!({"turn": i + 1, "seat": seat.name(), "colour": colour.name(), "plies": plies})
        })
        .collect()
}

/// Why `game` ended and which cells show it: `reason` (a sentence naming
/// the rule) and `cells` (the winning chain, group or pieces; empty when
/// no cells decided it). `None` while the game goes on.
pub fn result_json(game: &dyn AnyGame) -> Option<Value> {
    let status = game.status();
    let Status::Finished { termination, .. } = status else {
        return None;
    };
    if termination == Termination::LengthCap {
        let cap = game
            .length_cap()
            .map_or(String::new(), |c| format!(" of {c} plies"));
        return Some(json!({
            "reason": format!("Draw: the length cap{cap} was reached (an adjudicated draw, not a result of the rules)."),
            "cells": [],
        }));
    }
    let winner = status.winner_colour();
    let (reason, cells) = match winner {
        Some(w) => win_reason(game, w),
        None => (draw_reason(game.as_any()), Vec::new()),
    };
    Some(json!({
        "reason": reason,
        "cells": cells.iter().map(ToString::to_string).collect::<Vec<_>>(),
    }))
}

type Cells = Vec<abstracta::Point>;

fn win_reason(game: &dyn AnyGame, w: Colour) -> (String, Cells) {
    let (win, lose) = (name(w), name(w.opponent()));
    let any = game.as_any();
    if let Some(p) = any.downcast_ref::<Position<abstracta::escabel::Escabel>>() {
        let chain = p.game().winning_chain(w);
        return if chain.is_empty() {
            (
                format!("{win} wins: {lose}, to move, has no legal move (E7)."),
                chain,
            )
        } else {
            (
                format!("{win} wins: its chain joins both of its edges (E6)."),
                chain,
            )
        };
    }
    if let Some(p) = any.downcast_ref::<Position<abstracta::whirlwind::Whirlwind>>() {
        let chain = p.game().winning_chain(w);
        return if chain.is_empty() {
            (format!("{win} wins: {lose} has no legal turn (W5)."), chain)
        } else {
            (
                format!("{win} wins: its chain joins both of its edges (W4)."),
                chain,
            )
        };
    }
    if let Some(p) = any.downcast_ref::<Position<abstracta::swack::Swack>>() {
        let cells = p.game().scoring_groups();
        return if cells.is_empty() {
            let rule = if game.spec().contains("variant=free") {
                "S9"
            } else {
                "S7"
            };
            (
                format!(
                    "{win} wins: no group is left after pairing, so the last stacking move decides ({rule})."
                ),
                cells,
            )
        } else {
            (
                format!("{win} wins: after equal black and white groups are paired off, the biggest group left is {win}'s (S6)."),
                cells,
            )
        };
    }
    if let Some(p) = any.downcast_ref::<Position<abstracta::ecalper::Ecalper>>() {
        let g = p.game();
        let (mine, theirs) = (g.score(w), g.score(w.opponent()));
        let why = if mine.0 > theirs.0 {
            format!("its largest group has {} stones, {lose}'s {}", mine.0, theirs.0)
        } else {
            format!(
                "the largest groups are equal ({} stones) and it has fewer groups ({} to {})",
                mine.0, mine.1, theirs.1
            )
        };
        return (format!("{win} wins: {why} (C5)."), g.largest_groups(w));
    }
    if let Some(p) = any.downcast_ref::<Position<abstracta::epaminondas::Epaminondas>>() {
        let g = p.game();
        let (mine, theirs) = (g.home_row_count(w), g.home_row_count(w.opponent()));
        return if mine > theirs {
            (
                format!("{win} wins: {mine} of its pieces stand on {lose}'s home row, {theirs} of {lose}'s on its own (P4)."),
                g.pieces_on_goal_row(w),
            )
        } else {
            (format!("{win} wins: {lose} has no legal move (P6)."), Vec::new())
        };
    }
    (format!("{win} wins ({}).", game.name()), Vec::new())
}

fn draw_reason(any: &dyn std::any::Any) -> String {
    if let Some(p) = any.downcast_ref::<Position<abstracta::ecalper::Ecalper>>() {
        let (s, _) = p.game().score(Colour::Black);
        return format!(
            "Draw: the largest groups are equal ({s} stones) and so are the numbers of groups (C5)."
        );
    }
    "Draw by the game's rules.".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `spec` with the first legal ply each time until it ends.
    fn finish(spec: &str, pick: impl Fn(&[String], usize) -> usize) -> Box<dyn AnyGame> {
        let mut game = abstracta::open(spec).unwrap();
        let mut i = 0;
        while !game.status().is_finished() {
            let legal = game.legal_plies();
            let ply = legal[pick(&legal, i) % legal.len()].clone();
            game.play(&ply).unwrap();
            i += 1;
        }
        game
    }

    #[test]
    fn a_swap_exchanges_the_seats_colours_e8() {
        let mut game = abstracta::open("escabel:size=5").unwrap();
        game.play_list("c3 swap").unwrap();
        let sides = sides_json(&*game);
        assert_eq!(sides["swapped"], true);
        assert_eq!(sides["seats"][0]["colour"], "white");
        assert_eq!(sides["seats"][1]["colour"], "black");
        let note = sides["swap_note"].as_str().unwrap();
        assert!(
            note.contains("E8") && note.contains("now plays White") && note.contains("left and right"),
            "{note}"
        );
        let epaminondas = sides_json(&*abstracta::open("epaminondas").unwrap());
        assert_eq!(epaminondas["seats"][0]["colour"], "white");
        assert_eq!(epaminondas["swap_note"], Value::Null);
    }

    #[test]
    fn plies_are_grouped_by_turn() {
        let mut game = abstracta::open("ecalper:size=3").unwrap();
        game.play_list("a1 b1 c1 swap").unwrap();
        let turns = turns_json(&*game);
        assert_eq!(turns.len(), 2);
        assert_eq!(turns[0]["plies"].as_array().unwrap().len(), 3);
        assert_eq!(
            (turns[1]["turn"].as_u64(), turns[1]["plies"][0]["n"].as_u64()),
            (Some(2), Some(4))
        );
    }

    #[test]
    fn finished_games_name_their_rule_and_cells() {
        let mut game = abstracta::open("escabel:size=3,pie=off").unwrap();
        game.play_list("b1 a1 b2 a2 b3 c1").unwrap();
        let result = result_json(&*game).unwrap();
        assert!(result["reason"].as_str().unwrap().contains("E6"));
        assert_eq!(result["cells"], json!(["b1", "b2", "b3"]));
        assert!(result_json(&*abstracta::open("escabel").unwrap()).is_none());
        // Games played to their end by a fixed rule: every rules win names
        // a rule, and chain wins of Whirlwind show the chain.
        for spec in [
            "whirlwind:size=6",
            "swack:size=4",
            "ecalper:size=3",
            "epaminondas:cap=400",
        ] {
            let game = finish(spec, |legal, i| (i * 7 + legal.len() / 2) % legal.len());
            let result = result_json(&*game).unwrap();
            let reason = result["reason"].as_str().unwrap();
            assert!(reason.contains('('), "{spec}: {reason}");
            if spec.starts_with("whirlwind") && reason.contains("W4") {
                assert!(!result["cells"].as_array().unwrap().is_empty(), "{spec}");
            }
            if spec.starts_with("ecalper") && reason.contains("wins") {
                assert!(!result["cells"].as_array().unwrap().is_empty(), "{spec}");
            }
        }
    }
}
