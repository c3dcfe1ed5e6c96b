//! The progress bar of a running tournament (drawn only when stderr is a
//! terminal), with the latest pairing's score in its message.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

use super::table::elo_text;
use crate::records::PairingSummary;

/// A bar over `total` games, hidden unless asked for and stderr is a
/// terminal.
pub(super) fn progress_bar(show: bool, total: u64) -> ProgressBar {
    if show && std::io::stderr().is_terminal() && total > 0 {
        let bar = ProgressBar::new(total);
        if let Ok(style) = ProgressStyle::with_template(
            "{bar:30.cyan/blue} {pos}/{len} games [{elapsed_precise} < {eta}] {msg}",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    }
}

pub(super) fn progress_message(p: &PairingSummary) -> String {
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
