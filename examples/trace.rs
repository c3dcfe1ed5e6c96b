//! Replays game records and prints, for every position, what the typed
//! [`Game`] says about it: the legal plies (sorted), the status, the seat
//! to move and the hash, as one JSON array per record. The Python
//! package's tests compare the bindings against it.
//!
//! ```text
//! echo "escabel:size=5: c3 d3" | cargo run --example trace
//! ```
//!
//! Input: one record per line, `SPEC: PLY PLY ...` (as `State.serialize()`
//! in Python and `GameRecord`'s `Display` write them). A bad line prints
//! `{"error": "..."}` instead.

use std::io::{self, BufRead, Write};

use abstracta::registry::{with_game, GameVisitor};
use abstracta::{Game, PlyBuf, Seat};
use serde_json::{json, Value};

struct Trace<'a>(&'a str);

impl GameVisitor for Trace<'_> {
    type Output = Value;
    fn visit<G: Game>(self, options: G::Options) -> Value {
        let mut game = G::new(options);
        let mut positions = vec![describe(&game)];
        for word in self.0.split_whitespace() {
            match game.play_str(word) {
                Ok(_) => positions.push(describe(&game)),
                Err(e) => return json!({ "error": e.to_string() }),
            }
        }
        Value::Array(positions)
    }
}

fn describe<G: Game>(game: &G) -> Value {
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mut legal: Vec<String> = plies.iter().map(ToString::to_string).collect();
    legal.sort();
    let status = game.status();
    let seat = status
        .is_ongoing()
        .then(|| usize::from(game.to_move_seat() == Seat::Second));
    json!({
        "legal": legal,
        "status": status.word(),
        "winner_seat": status.winner_seat().map(|s| usize::from(s == Seat::Second)),
        "seat": seat,
        "hash": game.hash().to_string(),
    })
}

/// The trace of one record line.
pub fn trace(line: &str) -> Value {
    let (spec, plies) = line.trim().split_once(": ").unwrap_or((line.trim(), ""));
    with_game(spec.trim(), Trace(plies)).unwrap_or_else(|e| json!({ "error": e.to_string() }))
}

fn main() -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in io::stdin().lock().lines() {
        let line = line?;
        if !line.trim().is_empty() {
            writeln!(out, "{}", trace(&line))?;
        }
    }
    Ok(())
}
