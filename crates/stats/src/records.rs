//! Tournament records: `games.jsonl` (one finished game per line),
//! `summary.json` (the pairings' results) and `tournament.json` (the
//! settings a directory belongs to, checked when resuming or merging).
//!
//! The parsers never panic; their errors name the line and what was
//! expected.
//!
//! ```
//! use stats::records::parse_games_jsonl;
//! assert!(parse_games_jsonl("").unwrap().is_empty());
//! let err = parse_games_jsonl("{\"index\": 0}\nnot json\n").unwrap_err();
//! assert_eq!(err.line, Some(1));
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::elo::{Model, Pentanomial, Wdl};
use crate::rating_list::RatingList;
use crate::sprt::SprtResult;

/// A record file that could not be read or does not fit.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{file}{}: {reason}", line.map(|l| format!(" line {l}")).unwrap_or_default())]
pub struct RecordError {
    /// The file (or kind of file) concerned.
    pub file: String,
    /// The 1-based line, where there is one.
    pub line: Option<usize>,
    /// What is wrong and what was expected.
    pub reason: String,
}

/// Who won a game, by seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    /// The first seat (the player who moved first) won.
    First,
    /// The second seat won.
    Second,
    /// A draw (by the rules or the length cap).
    Draw,
}

/// The two players of a game, by seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats<T> {
    /// The player in the first seat.
    pub first: T,
    /// The player in the second seat.
    pub second: T,
}

/// One finished game, as a line of `games.jsonl`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's place in the tournament schedule (its identity: resuming
    /// and merging never repeat an index).
    pub index: u64,
    /// The game spec.
    pub spec: String,
    /// Player names by seat.
    pub players: Seats<String>,
    /// Engine specs by seat.
    pub engines: Seats<String>,
    /// The seed of the opening and the engines.
    pub seed: u64,
    /// The opening plies (also the start of `plies`).
    pub opening: Vec<String>,
    /// Every ply played, in notation, opening included.
    pub plies: Vec<String>,
    /// Who won, by seat.
    pub result: GameResult,
    /// The winning colour (`black`/`white`), if any.
    pub winner_colour: Option<String>,
    /// Why the game ended: `rules`, `length cap`, `time` (the loser ran
    /// out of time), `resign` (adjudicated on the engines' win rates), or
    /// what an engine did wrong (`forfeit: ...`: crash, timeout, illegal or
    /// unreadable ply).
    pub reason: String,
    /// Thinking time by seat, in milliseconds.
    pub time_ms: Seats<f64>,
    /// Under a clock: each ply's thinking time after the opening, in
    /// milliseconds (empty without clocks).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ply_ms: Vec<f64>,
    /// Under a clock: milliseconds left on each seat's game clock at the
    /// end (negative by the overrun of a player that lost on time; `null`
    /// for a fixed time per ply or no clock). Absent without clocks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<Seats<Option<f64>>>,
}

/// The settings a tournament directory belongs to (`tournament.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentConfig {
    /// The canonical game spec.
    pub spec: String,
    /// The players, in order: name and engine spec.
    pub players: Vec<PlayerEntry>,
    /// `round-robin` or `gauntlet`.
    pub format: String,
    /// The base seed.
    pub seed: u64,
    /// Random opening plies per game pair.
    pub opening_plies: u32,
    /// Games per pairing.
    pub games: u64,
    /// The shard (`I/N`), if this directory holds one.
    pub shard: Option<String>,
    /// The opening suite, if the openings come from a file (then
    /// `opening_plies` is 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub openings: Option<SuiteConfig>,
    /// How far (milliseconds) a ply may go beyond its clock before it loses
    /// on time (`--timemargin`; 0 when absent).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub time_margin_ms: u64,
    /// Resign adjudication (`--resign`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resign: Option<String>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// What a tournament records of its opening file: enough to refuse a
/// resume with another file's openings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuiteConfig {
    /// The file, as given.
    pub file: String,
    /// `sequential` or `random`.
    pub order: String,
    /// How many openings it holds.
    pub count: usize,
    /// A hash of its openings in canonical notation (FNV-1a, 64 bits, hex).
    pub hash: String,
}

impl TournamentConfig {
    /// Whether two configs describe the same tournament (the number of
    /// games and the shard may differ).
    pub fn same_tournament(&self, other: &TournamentConfig) -> bool {
        self.spec == other.spec
            && self.players == other.players
            && self.format == other.format
            && self.seed == other.seed
            && self.opening_plies == other.opening_plies
            && self.openings.as_ref().map(|o| (&o.order, o.count, &o.hash))
                == other.openings.as_ref().map(|o| (&o.order, o.count, &o.hash))
            && self.time_margin_ms == other.time_margin_ms
            && self.resign == other.resign
    }
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerEntry {
    /// The player's name.
    pub name: String,
    /// Its engine spec.
    pub engine: String,
    /// Its time control (`--tc`, `--player-tc`), if it plays under a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tc: Option<String>,
}

/// Results of one player from one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatResults {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

/// The result of one pairing, as an entry of `summary.json`'s `pairings`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairingSummary {
    /// Player A's name.
    pub a: String,
    /// Player B's name.
    pub b: String,
    /// Games played.
    pub games: u64,
    /// A's wins.
    pub a_wins: u64,
    /// Draws.
    pub draws: u64,
    /// B's wins.
    pub b_wins: u64,
    /// A's score fraction (all games).
    pub score: f64,
    /// Elo of A over B, from the counts `model` names.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub elo_low: f64,
    /// Upper end of the 95% interval.
    pub elo_high: f64,
    /// Likelihood that A is stronger.
    pub los: f64,
    /// Normalized Elo of A over B.
    #[serde(default)]
    pub nelo: f64,
    /// Lower end of nElo's 95% interval.
    #[serde(default)]
    pub nelo_low: f64,
    /// Upper end of nElo's 95% interval.
    #[serde(default)]
    pub nelo_high: f64,
    /// Where Elo, nElo, LOS and the SPRT come from: the complete pairs
    /// (`pentanomial`) or all games one by one (`trinomial`).
    #[serde(default)]
    pub model: Model,
    /// The colour-swapped pairs with both games played, by A's points.
    #[serde(default)]
    pub pentanomial: Pentanomial,
    /// A's results in the games whose pair partner is not recorded (left
    /// out of the pentanomial figures).
    #[serde(default)]
    pub unpaired: Wdl,
    /// A's results from the first seat.
    pub a_first: SeatResults,
    /// A's results from the second seat.
    pub a_second: SeatResults,
    /// Wins by the first seat (either player).
    pub first_seat_wins: u64,
    /// Wins by the second seat.
    pub second_seat_wins: u64,
    /// Wins by colour, e.g. `{"black": 3, "white": 2}`.
    pub colour_wins: BTreeMap<String, u64>,
    /// Games lost by forfeit (crash, timeout, illegal ply), by player name.
    pub forfeits: BTreeMap<String, u64>,
    /// Games lost on time (reason `time`), by player name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub time_losses: BTreeMap<String, u64>,
    /// Games ended by resignation adjudication (reason `resign`), by the
    /// name of the player that resigned.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub resignations: BTreeMap<String, u64>,
    /// Total thinking time by player name, in milliseconds.
    #[serde(default)]
    pub time_ms: BTreeMap<String, f64>,
    /// The SPRT state, when one was asked for.
    pub sprt: Option<SprtResult>,
}

impl PairingSummary {
    /// A's wins, draws and losses.
    pub fn wdl(&self) -> Wdl {
        Wdl {
            wins: self.a_wins,
            draws: self.draws,
            losses: self.b_wins,
        }
    }
}

/// The content of `summary.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The tournament's settings.
    pub config: TournamentConfig,
    /// Games recorded.
    pub games_played: u64,
    /// One entry per pairing.
    pub pairings: Vec<PairingSummary>,
    /// The rating list of a round-robin of three or more players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<RatingList>,
}

/// Parses `games.jsonl`: one [`GameRecord`] per non-blank line.
pub fn parse_games_jsonl(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let record: GameRecord = serde_json::from_str(line).map_err(|e| RecordError {
            file: "games.jsonl".to_owned(),
            line: Some(i + 1),
            reason: format!("expected one game record as a JSON object: {e}"),
        })?;
        games.push(record);
    }
    Ok(games)
}

/// Parses `summary.json`.
pub fn parse_summary_json(text: &str) -> Result<Summary, RecordError> {
    serde_json::from_str(text).map_err(|e| RecordError {
        file: "summary.json".to_owned(),
        line: Some(e.line()),
        reason: format!("expected a summary object with config, games_played and pairings: {e}"),
    })
}

/// Parses `tournament.json`.
pub fn parse_config_json(text: &str) -> Result<TournamentConfig, RecordError> {
    serde_json::from_str(text).map_err(|e| RecordError {
        file: "tournament.json".to_owned(),
        line: Some(e.line()),
        reason: format!("expected the tournament settings object: {e}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> GameRecord {
        GameRecord {
            index: 3,
            spec: "tictactoe".into(),
            players: Seats {
                first: "a".into(),
                second: "b".into(),
            },
            engines: Seats {
                first: "random".into(),
                second: "random".into(),
            },
            seed: 9,
            opening: vec!["b2".into()],
            plies: vec!["b2".into(), "a1".into()],
            result: GameResult::Draw,
            winner_colour: None,
            reason: "rules".into(),
            time_ms: Seats {
                first: 1.5,
                second: 0.25,
            },
            ply_ms: Vec::new(),
            clock_ms: None,
        }
    }

    #[test]
    fn round_trips() {
        let line = serde_json::to_string(&sample()).unwrap();
        let text = format!("{line}\n\n{line}\n");
        let games = parse_games_jsonl(&text).unwrap();
        assert_eq!(games, vec![sample(), sample()]);
        // Records without clocks are written as before, and clocks round-trip.
        assert!(!line.contains("clock_ms") && !line.contains("ply_ms"));
        let mut timed = sample();
        timed.ply_ms = vec![12.5, 3.0];
        timed.clock_ms = Some(Seats {
            first: Some(-20.0),
            second: None,
        });
        let line = serde_json::to_string(&timed).unwrap();
        assert!(
            line.contains(r#""clock_ms":{"first":-20.0,"second":null}"#),
            "{line}"
        );
        assert_eq!(parse_games_jsonl(&line).unwrap(), vec![timed]);
    }

    #[test]
    fn errors_name_the_line() {
        let line = serde_json::to_string(&sample()).unwrap();
        let err = parse_games_jsonl(&format!("{line}\n{{\"index\":1}}\n")).unwrap_err();
        assert_eq!(err.line, Some(2));
        assert!(err.to_string().contains("games.jsonl line 2"), "{err}");
        for bad in ["[", "{", "null", "1e999999", "\"x\"", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["] {
            assert!(parse_games_jsonl(bad).is_err());
            assert!(parse_summary_json(bad).is_err());
            assert!(parse_config_json(bad).is_err());
        }
    }
}
