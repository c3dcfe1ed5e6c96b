//! A run's table from its settings and the games recorded so far, and
//! the reading of a journal that may still be written.

use super::*;

/// Standings, pairings and ratings of `records` as the page shows them.
pub(super) fn table_json(config: &TournamentConfig, records: &[GameRecord]) -> Value {
    let summary = summarize(config, records, None);
    let mut standings: Vec<(String, f64, u64, u64, u64, u64)> = config
        .players
        .iter()
        .map(|p| (p.name.clone(), 0.0, 0, 0, 0, 0))
        .collect();
    let row_of: HashMap<String, usize> = standings
        .iter()
        .enumerate()
        .map(|(i, r)| (r.0.clone(), i))
        .collect();
    for pairing in &summary.pairings {
        for (me, wins, losses) in [
            (&pairing.a, pairing.a_wins, pairing.b_wins),
            (&pairing.b, pairing.b_wins, pairing.a_wins),
        ] {
            if let Some(&i) = row_of.get(me) {
                let row = &mut standings[i];
                row.1 += wins as f64 + pairing.draws as f64 / 2.0;
                row.2 += pairing.games;
                row.3 += wins;
                row.4 += pairing.draws;
                row.5 += losses;
            }
        }
    }
    standings.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let standings: Vec<Value> = standings
        .into_iter()
        .map(|(name, points, games, w, d, l)| {
            json!({"name": name, "points": points, "games": games, "wins": w, "draws": d, "losses": l})
        })
        .collect();
    let pairings: Vec<Value> = summary
        .pairings
        .iter()
        .map(|p| {
            json!({
                "a": p.a, "b": p.b, "games": p.games,
                "a_wins": p.a_wins, "draws": p.draws, "b_wins": p.b_wins,
                "score": finite(p.score), "elo": finite(p.elo),
                "elo_low": finite(p.elo_low), "elo_high": finite(p.elo_high),
                "los": finite(p.los),
                "nelo": finite(p.nelo), "nelo_low": finite(p.nelo_low),
                "nelo_high": finite(p.nelo_high), "model": p.model,
                "pentanomial": p.pentanomial, "unpaired": p.unpaired,
            })
        })
        .collect();
    json!({"standings": standings, "pairings": pairings, "ratings": summary.ratings})
}

/// JSON has no infinities: an Elo of a clean sweep is sent as null.
fn finite(x: f64) -> Value {
    if x.is_finite() {
        json!(x)
    } else {
        Value::Null
    }
}

/// The pairings of a tournament's settings.
pub(super) fn pairings(config: &TournamentConfig) -> u64 {
    let n = config.players.len() as u64;
    if config.format == "gauntlet" {
        n.saturating_sub(1)
    } else {
        n * n.saturating_sub(1) / 2
    }
}

/// The games a tournament's settings schedule (in its shard), as the
/// tournament module lays them out: pairings times games, shards taking
/// the indices `index % N == I - 1`.
pub(super) fn expected_games(config: &TournamentConfig) -> u64 {
    let pairings = pairings(config);
    let total = pairings.saturating_mul(config.games);
    let Some(shard) = config
        .shard
        .as_deref()
        .and_then(|s| s.parse::<tournament::Shard>().ok())
    else {
        return total;
    };
    // Slot i plays round i / (2P), colours exchanged when odd; it is
    // scheduled when 2 * round + exchanged < games.
    let rounds = config.games.div_ceil(2);
    let slots = rounds.saturating_mul(2).saturating_mul(pairings);
    if pairings == 0 || slots > 10_000_000 {
        return total.div_ceil(shard.count);
    }
    (0..slots)
        .filter(|i| i % shard.count == shard.number - 1)
        .filter(|i| 2 * (i / (2 * pairings)) + (i % 2) < config.games)
        .count() as u64
}

/// Parses games.jsonl as a tournament writes it: a last line without its
/// newline that does not parse yet is a game being written, left out (the
/// flag says so); any other bad line is an error naming it.
pub fn parse_live_games(text: &str) -> Result<(Vec<GameRecord>, bool), String> {
    let mut games = Vec::new();
    let mut torn = false;
    let lines: Vec<&str> = text.split('\n').collect();
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<GameRecord>(line) {
            Ok(record) => games.push(record),
            Err(_) if i + 1 == lines.len() => torn = true,
            Err(e) => {
                return Err(format!(
                    "games.jsonl line {}: expected one game record as a JSON object: {e}",
                    i + 1
                ))
            }
        }
    }
    Ok((games, torn))
}
