//! What the caller of a tournament is told as it runs ([`Progress`]),
//! and the one-line score of a pairing a progress display may show
//! ([`progress_message`]).

use stats::records::PairingSummary;

use crate::table::elo_text;

/// Told about a running tournament: implemented by whoever runs one (the
/// `arena` binary draws a progress bar). Every method has a default, so an
/// implementation overrides only what it shows. Called from the thread
/// that runs the tournament, never from its game threads.
pub trait Progress {
    /// The run starts with `to_play` games to play.
    fn start(&mut self, to_play: u64) {
        let _ = to_play;
    }

    /// A game was recorded; `pairing` is its pairing's running summary
    /// (`None` when the game belongs to no pairing being tallied).
    fn game_recorded(&mut self, pairing: Option<&PairingSummary>) {
        let _ = pairing;
    }

    /// A message for the user while the run goes on (resuming, warnings, a
    /// game that panicked); by default written to standard error.
    fn message(&mut self, text: &str) {
        crate::stderr!("{text}");
    }

    /// The run has ended (every game played, stopped, or failed).
    fn finish(&mut self) {}
}

/// No progress display: messages go to standard error.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {}

/// A pairing's score in one line: wins, draws and losses, the pentanomial
/// counts, Elo and nElo, and the SPRT's state.
pub fn progress_message(p: &PairingSummary) -> String {
    let sprt = p
        .sprt
        .map(|s| format!(", LLR {:.2} ({})", s.llr, s.state))
        .unwrap_or_default();
    let c = p.pentanomial.counts();
    format!(
        "{} vs {}: +{} ={} -{}, ptnml [{} {} {} {} {}], Elo {}, nElo {}{sprt}",
        p.a,
        p.b,
        p.a_wins,
        p.draws,
        p.b_wins,
        c[0],
        c[1],
        c[2],
        c[3],
        c[4],
        elo_text(p.elo),
        elo_text(p.nelo)
    )
}
