//! A fitted rating list ([`RatingList`]): the players' ratings with their
//! intervals, as `summary.json` stores it and `arena ratings` prints it
//! ([`format_ratings`]). The fit itself is [`rating_fit`](crate::rating_fit).

use serde::{Deserialize, Serialize};

/// One player of a rating list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    /// The player's name.
    pub name: String,
    /// Its engine spec, where known.
    #[serde(default)]
    pub engine: Option<String>,
    /// The rating.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub elo_low: f64,
    /// Upper end of the 95% interval.
    pub elo_high: f64,
    /// Games played.
    pub games: u64,
    /// Points scored (a draw is half a point).
    pub points: f64,
}

/// A fitted rating list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingList {
    /// The players, strongest first.
    pub players: Vec<PlayerRating>,
    /// The anchor: a player's name, or `None` for a mean of 0.
    pub anchor: Option<String>,
    /// The anchor's rating (or the mean rating).
    pub anchor_elo: f64,
    /// The first player's advantage in Elo.
    pub first_move_elo: f64,
    /// Lower end of its 95% interval.
    pub first_move_low: f64,
    /// Upper end of its 95% interval.
    pub first_move_high: f64,
    /// Games fitted.
    pub games: u64,
    /// Virtual draws per pair of players that met.
    pub prior: f64,
}

/// The rating list as a table.
pub fn format_ratings(list: &RatingList) -> String {
    let width = list
        .players
        .iter()
        .map(|p| p.name.len())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = format!(
        "{:>4}  {:<width$}  {:>7}  {:>17}  {:>6}  {:>7}  {:>6}\n",
        "rank", "name", "Elo", "95% interval", "games", "points", "score"
    );
    for (rank, p) in list.players.iter().enumerate() {
        let interval = if list.anchor.as_deref() == Some(p.name.as_str()) {
            "anchor".to_owned()
        } else {
            format!("[{:+.1}, {:+.1}]", p.elo_low, p.elo_high)
        };
        out.push_str(&format!(
            "{:>4}  {:<width$}  {:>+7.1}  {:>17}  {:>6}  {:>7.1}  {:>5.1}%\n",
            rank + 1,
            p.name,
            p.elo,
            interval,
            p.games,
            p.points,
            100.0 * p.points / p.games.max(1) as f64
        ));
    }
    let level = match &list.anchor {
        Some(name) => format!("{name} = {:+.1}", list.anchor_elo),
        None => "mean 0".to_owned(),
    };
    out.push_str(&format!(
        "first-move advantage {:+.1} Elo [{:+.1}, {:+.1}]; {} games; {level}; {} virtual draw(s) per pair of players that met \
         (maximum likelihood, draws as half points, 95% sandwich intervals over game pairs)\n",
        list.first_move_elo, list.first_move_low, list.first_move_high, list.games, list.prior
    ));
    out
}
