//! The progress bar of a running tournament (drawn only when stderr is a
//! terminal), with the latest pairing's score in its message: the
//! binary's [`Progress`] for the tournament library.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use stats::records::PairingSummary;
use tournament::{progress_message, Progress};

/// A progress bar over a tournament's games, hidden unless asked for and
/// stderr is a terminal; messages are printed above it.
#[derive(Debug)]
pub struct Bar {
    show: bool,
    bar: ProgressBar,
}

impl Bar {
    /// A bar, drawn once the run starts if `show` and stderr is a
    /// terminal.
    pub fn new(show: bool) -> Bar {
        Bar {
            show,
            bar: ProgressBar::hidden(),
        }
    }
}

impl Progress for Bar {
    fn start(&mut self, to_play: u64) {
        if self.show && std::io::stderr().is_terminal() && to_play > 0 {
            self.bar = ProgressBar::new(to_play);
            if let Ok(style) = ProgressStyle::with_template(
                "{bar:30.cyan/blue} {pos}/{len} games [{elapsed_precise} < {eta}] {msg}",
            ) {
                self.bar.set_style(style);
            }
        }
    }

    fn game_recorded(&mut self, pairing: Option<&PairingSummary>) {
        self.bar.inc(1);
        if let Some(p) = pairing {
            self.bar.set_message(progress_message(p));
        }
    }

    fn message(&mut self, text: &str) {
        self.bar.suspend(|| tournament::stderr!("{text}"));
    }

    fn finish(&mut self) {
        self.bar.finish_and_clear();
    }
}
