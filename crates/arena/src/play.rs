//! `arena play`: terminal play between humans and engines.
//!
//! Reads commands from any [`BufRead`], so it works with a terminal and with
//! piped input alike. Besides plies, a human may type `undo`, `swap` (or
//! `sides`: exchange sides with the engine; when the pie-rule swap is legal,
//! `swap` plays it), `hint`, `legal`, `new`, `help` and `quit`.

use std::io::{BufRead, Write};

use abstracta::{AnyGame, Colour, Seat};

use crate::error::ArenaError;
use abstracta_core::error::excerpt;
use protocol::engine::{build, AnySearch, BuildOptions, EngineSpec, DEFAULT_ENGINE};
use protocol::lines::{read_bounded_line, BoundedLine};

/// Who controls a side.
#[derive(Clone, Debug, PartialEq)]
pub enum Controller {
    /// A person typing plies.
    Human,
    /// An engine.
    Engine(EngineSpec),
}

impl std::str::FromStr for Controller {
    type Err = ArenaError;
    fn from_str(s: &str) -> Result<Controller, ArenaError> {
        if s.trim().eq_ignore_ascii_case("human") {
            Ok(Controller::Human)
        } else {
            Ok(Controller::Engine(s.parse()?))
        }
    }
}

/// The longest input line `arena play` reads; a longer one is skipped.
pub const MAX_PLAY_LINE: usize = 4096;

const HELP: &str =
    "commands: a ply (e.g. c3), undo, swap (exchange sides; plays the pie swap where it is legal), \
sides, hint, legal, new, help, quit";

struct Play<'a, R, W> {
    echo: bool,
    black: &'a Controller,
    white: &'a Controller,
    input: R,
    output: W,
}

struct Side {
    label: String,
    engine: Option<Box<dyn AnySearch>>,
}

fn win_rate_text(w: Option<f64>) -> String {
    w.map(|w| format!(" (win rate {:.0}%)", w * 100.0))
        .unwrap_or_default()
}

impl<R: BufRead, W: Write> Play<'_, R, W> {
    fn say(&mut self, text: &str) -> Result<(), ArenaError> {
        self.output
            .write_all(text.as_bytes())
            .and_then(|_| self.output.flush())
            .map_err(|e| ArenaError::io("writing to the terminal", e))
    }

    /// The next input line, trimmed (`None` at the end of input); a line
    /// longer than [`MAX_PLAY_LINE`] is skipped with a message, one that
    /// is not UTF-8 reads as empty.
    fn read_line(&mut self) -> Result<Option<String>, ArenaError> {
        let mut bytes = Vec::new();
        match read_bounded_line(&mut self.input, &mut bytes, MAX_PLAY_LINE) {
            Ok(BoundedLine::End) => Ok(None),
            Ok(BoundedLine::TooLong { bytes }) => {
                self.say(&format!(
                    "line too long ({bytes} bytes; a command has at most {MAX_PLAY_LINE})\n"
                ))?;
                Ok(Some(String::new()))
            }
            Ok(BoundedLine::Line) => {
                let line = String::from_utf8(bytes).unwrap_or_default();
                if self.echo {
                    self.say(&format!("{}\n", excerpt(line.trim_end())))?;
                }
                Ok(Some(line.trim().to_owned()))
            }
            Err(e) => Err(ArenaError::io("reading input", e)),
        }
    }
}

/// What a pie-rule swap just did, in words: which colour each side plays
/// now and what it aims for. Seats keep alternating and the board stays;
/// the colours change hands (RULES.md, common conventions).
fn swap_note(game: &dyn AnyGame, sides: &[Side; 2]) -> String {
    let Some((mover_seat, mover_colour)) = game.to_move() else {
        return String::new();
    };
    let one_human = sides.iter().filter(|s| s.engine.is_none()).count() == 1;
    let describe = |seat: Seat, colour: Colour| {
        let side = &sides[seat.index()];
        let name = match colour {
            Colour::Black => "Black",
            Colour::White => "White",
        };
        let goal = game
            .goal(colour)
            .map(|g| format!(" (goal: {g})"))
            .unwrap_or_default();
        if one_human && side.engine.is_none() {
            format!("you now play {name}{goal}")
        } else {
            format!("the {seat} player ({}) now plays {name}{goal}", side.label)
        }
    };
    let other_seat = match mover_seat {
        Seat::First => Seat::Second,
        Seat::Second => Seat::First,
    };
    let mut both = [
        (
            sides[mover_seat.index()].engine.is_none(),
            describe(mover_seat, mover_colour),
        ),
        (
            sides[other_seat.index()].engine.is_none(),
            describe(other_seat, mover_colour.opponent()),
        ),
    ];
    if one_human {
        // The person reads about themselves first.
        both.sort_by_key(|(human, _)| !human);
    }
    format!(
        "swap: the colours changed hands, the board stays; {}; {}\n",
        both[0].1, both[1].1
    )
}

/// Who is to move, e.g. `white (second player)`; empty once the game is over.
fn mover(game: &dyn AnyGame) -> String {
    game.to_move()
        .map(|(seat, colour)| format!("{colour} ({seat} player)"))
        .unwrap_or_default()
}

impl<R: BufRead, W: Write> Play<'_, R, W> {
    fn run(mut self, mut pos: Box<dyn AnyGame>) -> Result<(), ArenaError> {
        let spec = pos.spec();
        let options = BuildOptions::default();
        // --black names whoever starts as Black.
        let first_colour = pos.to_move().map(|(_, colour)| colour);
        let (first_ctl, second_ctl) = if first_colour == Some(Colour::Black) {
            (self.black, self.white)
        } else {
            (self.white, self.black)
        };
        let make = |c: &Controller| -> Result<Side, ArenaError> {
            Ok(match c {
                Controller::Human => Side {
                    label: "human".to_owned(),
                    engine: None,
                },
                Controller::Engine(e) => Side {
                    label: e.to_string(),
                    engine: Some(build(e, &*pos, &options)?),
                },
            })
        };
        let mut sides = [make(first_ctl)?, make(second_ctl)?];
        let hint_spec: EngineSpec = match (first_ctl, second_ctl) {
            (Controller::Engine(e), _) | (_, Controller::Engine(e)) => e.clone(),
            _ => DEFAULT_ENGINE.parse()?,
        };
        let mut hint_engine = build(&hint_spec, &*pos, &options)?;
        self.say(&format!(
            "{spec}: first player {}, second player {}. Type help for commands.\n{}",
            sides[0].label,
            sides[1].label,
            pos.render()
        ))?;
        let mut announced_end = false;
        loop {
            let status = pos.status();
            if status.is_finished() {
                if !announced_end {
                    self.say(&format!("result: {} ({status})\n", status.word()))?;
                    announced_end = true;
                    if sides.iter().all(|s| s.engine.is_some()) {
                        return Ok(());
                    }
                    self.say("game over: undo, new or quit\n")?;
                }
            } else {
                announced_end = false;
                let seat = pos.to_move().map_or(0, |(seat, _)| seat.index());
                if let Some(engine) = sides[seat].engine.as_mut() {
                    let who = mover(&*pos);
                    let choice = engine.genmove(&*pos)?;
                    let ply = pos.play(&choice.ply)?;
                    // With `ponder=on` the engine thinks on the other side's time.
                    engine.ponder(&*pos);
                    let mut text = format!(
                        "{who} plays {ply}{}\n{}",
                        win_rate_text(choice.win_rate),
                        pos.render()
                    );
                    if ply == "swap" {
                        text.push_str(&swap_note(&*pos, &sides));
                    }
                    self.say(&text)?;
                    continue;
                }
                // Against an engine the person is told it is them (after a
                // swap their colour is not the one they started with).
                let you = if sides.iter().filter(|s| s.engine.is_none()).count() == 1 {
                    ", you"
                } else {
                    ""
                };
                let prompt = mover(&*pos).replacen(" player)", &format!(" player{you})"), 1);
                self.say(&format!("{prompt} to move> "))?;
            }
            let Some(line) = self.read_line()? else {
                self.say("\ninput ended\n")?;
                return Ok(());
            };
            let lower = line.to_ascii_lowercase();
            match lower.as_str() {
                "" => {}
                "quit" | "exit" | "q" => return Ok(()),
                "help" | "?" => self.say(&format!("{HELP}\n"))?,
                "legal" => {
                    let legal = pos.legal_plies().join(" ");
                    self.say(&format!("legal: {legal}\n"))?;
                }
                "new" => {
                    pos.restart();
                    let board = pos.render();
                    self.say(&board)?;
                }
                "undo" => {
                    if pos.undo().is_none() {
                        self.say("nothing to undo\n")?;
                        continue;
                    }
                    // Take back the engine's replies too, back to a human turn.
                    while pos
                        .to_move()
                        .is_some_and(|(seat, _)| sides[seat.index()].engine.is_some())
                        && pos.undo().is_some()
                    {}
                    let board = pos.render();
                    self.say(&board)?;
                }
                "hint" => {
                    if status.is_finished() {
                        self.say("the game is over\n")?;
                        continue;
                    }
                    match hint_engine.genmove(&*pos) {
                        Ok(c) => {
                            let text =
                                format!("hint ({}): {}{}\n", hint_spec, c.ply, win_rate_text(c.win_rate));
                            self.say(&text)?;
                        }
                        Err(e) => self.say(&format!("no hint: {e}\n"))?,
                    }
                }
                "sides" => {
                    sides.swap(0, 1);
                    let text = format!(
                        "sides exchanged: first player {}, second player {}\n",
                        sides[0].label, sides[1].label
                    );
                    self.say(&text)?;
                }
                _ if lower == "swap" && !pos.is_legal("swap") => {
                    sides.swap(0, 1);
                    let text = format!(
                        "sides exchanged: first player {}, second player {}\n",
                        sides[0].label, sides[1].label
                    );
                    self.say(&text)?;
                }
                _ => match pos.play(&line) {
                    Ok(ply) => {
                        let mut board = pos.render();
                        if ply == "swap" {
                            board.push_str(&swap_note(&*pos, &sides));
                        }
                        self.say(&board)?;
                    }
                    Err(e) => {
                        let legal = pos.legal_plies().join(" ");
                        self.say(&format!("{e}\nlegal plies: {legal}\n"))?;
                    }
                },
            }
        }
    }
}

/// `arena play`: plays `spec` between the two controllers, reading human
/// input from `input` and drawing on `output`. With `echo`, input lines are
/// repeated after the prompt (for piped input, so the transcript reads well).
pub fn play_command(
    echo: bool,
    spec: &str,
    black: &Controller,
    white: &Controller,
    input: impl BufRead,
    output: impl Write,
) -> Result<(), ArenaError> {
    let game = abstracta::open(spec)?;
    Play {
        echo,
        black,
        white,
        input,
        output,
    }
    .run(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str, black: &str, white: &str) -> String {
        let mut out = Vec::new();
        play_command(
            true,
            "tictactoe",
            &black.parse().unwrap(),
            &white.parse().unwrap(),
            input.as_bytes(),
            &mut out,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn humans_play_a_whole_game() {
        let out = run("a1\nb1\na2\nzz\nb1\nc1\nundo\nb2\na3\n", "human", "human");
        assert!(out.contains("result: black"), "{out}");
        assert!(out.contains("cannot read ply"), "{out}");
        assert!(out.contains("illegal ply b1"), "{out}");
        assert!(out.contains("legal plies: "), "{out}");
    }

    #[test]
    fn engine_replies_and_hints() {
        let out = run("hint\nb2\nundo\nsides\nquit\n", "human", "random");
        assert!(out.contains("hint (random): "), "{out}");
        assert!(out.contains("white (second player) plays "), "{out}");
        assert!(out.contains("sides exchanged"), "{out}");
        let out = run("", "random", "random");
        assert!(out.contains("result: "), "{out}");
    }

    #[test]
    fn pie_swap_is_a_ply_when_legal() {
        let mut out = Vec::new();
        play_command(
            false,
            "tictactoe:pie=on",
            &Controller::Human,
            &Controller::Human,
            "b2\nswap\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("white (first player) to move"), "{out}");
        assert!(
            out.contains(
                "swap: the colours changed hands, the board stays; the first player (human) now plays \
White (goal: three in a row); the second player (human) now plays Black"
            ),
            "{out}"
        );
    }

    #[test]
    fn a_swap_tells_the_human_their_new_colour_and_goal() {
        let mut out = Vec::new();
        play_command(
            false,
            "escabel:size=5",
            &"random".parse().unwrap(),
            &Controller::Human,
            "swap\nquit\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.contains(
                "swap: the colours changed hands, the board stays; you now play Black (goal: connect \
top and bottom); the first player (random) now plays White (goal: connect left and right)"
            ),
            "{out}"
        );
        assert!(
            out.contains("b = Black (second player): connect top and bottom"),
            "{out}"
        );
        assert!(out.contains("black (second player, you) to move> "), "{out}");
    }
}
