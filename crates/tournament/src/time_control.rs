//! Clocks and adjudication: `--tc`, `--player-tc`, `--timemargin` and
//! `--resign`, and the bookkeeping the referee does with them.
//!
//! A time control is `BASE+INC` (a game clock of BASE seconds, INC seconds
//! added after each of the player's plies, as in cutechess-cli and
//! fastchess), `BASE` (no increment) or `st=SECONDS` (a fixed time per
//! ply, nothing carried over). A player whose ply takes longer than its
//! clock allows, plus the margin, loses with reason `time`.
//!
//! Resign adjudication (`--resign plies=N,winrate=W`) ends a game when,
//! for N consecutive plies, the engine to move reported a win rate that
//! puts the same seat beyond W (its own win rate at least W, or at most
//! 1 - W), with both engines among those plies: one says it wins, the
//! other agrees it loses.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use abstracta::player::Clock;
use abstracta::Seat;
use thiserror::Error;

/// A time control for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A game clock: `base` at the start, `increment` added after each ply.
    Fischer {
        /// The time at the start of the game.
        base: Duration,
        /// The time added after each of the player's plies.
        increment: Duration,
    },
    /// A fixed time for every ply.
    PerPly(Duration),
}

/// A time control that does not read as one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "bad time control {0:?}: expected BASE+INC in seconds (e.g. 10+0.1), BASE (e.g. 60), \
     or st=SECONDS for a fixed time per ply (e.g. st=0.5); times are whole milliseconds, \
     below 1000000 seconds, and BASE and st above 0"
)]
pub struct TimeControlError(pub String);

/// Reads a number of seconds as whole milliseconds (`None` if it is not
/// a finite number from 0 up to a million seconds).
fn millis(text: &str) -> Option<u64> {
    let secs: f64 = text.trim().parse().ok()?;
    if !(secs.is_finite() && (0.0..1e6).contains(&secs)) {
        return None;
    }
    let ms = secs * 1000.0;
    // Finer than a millisecond is not a time control anyone means.
    ((ms - ms.round()).abs() < 1e-6).then_some(ms.round() as u64)
}

impl FromStr for TimeControl {
    type Err = TimeControlError;
    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        let bad = || TimeControlError(s.to_owned());
        let text = s.trim();
        if let Some(per_ply) = text.strip_prefix("st=") {
            let ms = millis(per_ply).filter(|&ms| ms > 0).ok_or_else(bad)?;
            return Ok(TimeControl::PerPly(Duration::from_millis(ms)));
        }
        let (base, increment) = match text.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (text, None),
        };
        let base = millis(base).filter(|&ms| ms > 0).ok_or_else(bad)?;
        let increment = match increment {
            Some(i) => millis(i).ok_or_else(bad)?,
            None => 0,
        };
        Ok(TimeControl::Fischer {
            base: Duration::from_millis(base),
            increment: Duration::from_millis(increment),
        })
    }
}

fn seconds(d: Duration) -> String {
    // Whole milliseconds: f64 prints them exactly and without a tail.
    format!("{}", d.as_millis() as f64 / 1000.0)
}

impl fmt::Display for TimeControl {
    /// `10+0.1`, `60+0` or `st=0.5`: parses back equal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Fischer { base, increment } => {
                write!(f, "{}+{}", seconds(base), seconds(increment))
            }
            TimeControl::PerPly(t) => write!(f, "st={}", seconds(t)),
        }
    }
}

/// A `--player-tc` that is not `NAME=TC` or `NAME=none`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayerTcError {
    /// No `=`, or nothing on one side of it.
    #[error("bad player time control {0:?}: expected NAME=TC (e.g. new=10+0.1, old=st=0.2) or NAME=none")]
    Shape(String),
    /// The time control itself.
    #[error("{0}")]
    Tc(#[from] TimeControlError),
}

/// Parses `--player-tc NAME=TC`: the player's name and its time control
/// (`None` for `NAME=none`: no clock for that player).
pub fn parse_player_tc(s: &str) -> Result<(String, Option<TimeControl>), PlayerTcError> {
    let (name, tc) = s
        .split_once('=')
        .filter(|(n, t)| !n.trim().is_empty() && !t.trim().is_empty())
        .ok_or_else(|| PlayerTcError::Shape(s.to_owned()))?;
    let tc = match tc.trim() {
        "none" => None,
        tc => Some(tc.parse()?),
    };
    Ok((name.trim().to_owned(), tc))
}

/// Resign adjudication: `plies=N,winrate=W`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Resign {
    /// Consecutive plies the reported win rates must agree for.
    pub plies: u32,
    /// The threshold: the winner's win rate at least this, the loser's at
    /// most 1 minus this.
    pub winrate: f64,
}

/// A `--resign` that does not read as one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "bad resign rule {0:?}: expected plies=N,winrate=W with N at least 2 (consecutive plies, \
     so that both engines report) and W above 0.5 and at most 1, e.g. plies=8,winrate=0.95"
)]
pub struct ResignError(pub String);

impl FromStr for Resign {
    type Err = ResignError;
    fn from_str(s: &str) -> Result<Resign, ResignError> {
        let bad = || ResignError(s.to_owned());
        let (mut plies, mut winrate) = (None, None);
        for pair in s.split(',') {
            let (key, value) = pair.split_once('=').ok_or_else(bad)?;
            let value = value.trim();
            match key.trim() {
                "plies" if plies.is_none() => plies = Some(value.parse::<u32>().map_err(|_| bad())?),
                "winrate" if winrate.is_none() => winrate = Some(value.parse::<f64>().map_err(|_| bad())?),
                _ => return Err(bad()),
            }
        }
        match (plies, winrate) {
            (Some(plies), Some(winrate)) if plies >= 2 && winrate > 0.5 && winrate <= 1.0 => {
                Ok(Resign { plies, winrate })
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Resign {
    /// `plies=8,winrate=0.95`: parses back equal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "plies={},winrate={}", self.plies, self.winrate)
    }
}

/// One seat's clock during a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct SeatClock {
    tc: Option<TimeControl>,
    /// Time left on a game clock (negative once overrun, in the record).
    left: Duration,
    overrun: Option<Duration>,
}

/// What a ply did to a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tick {
    /// Within the clock (and the margin).
    InTime,
    /// Beyond the clock and the margin: the game is lost on time.
    Flagged,
}

impl SeatClock {
    /// A clock at the start of a game under `tc` (none: no clock).
    pub(super) fn new(tc: Option<TimeControl>) -> SeatClock {
        let left = match tc {
            Some(TimeControl::Fischer { base, .. }) => base,
            _ => Duration::ZERO,
        };
        SeatClock {
            tc,
            left,
            overrun: None,
        }
    }

    /// What the engine is told before its ply (none without a clock).
    pub(super) fn engine_clock(&self) -> Option<Clock> {
        Some(match self.tc? {
            TimeControl::Fischer { increment, .. } => Clock::Game {
                left: self.left,
                increment,
            },
            TimeControl::PerPly(t) => Clock::PerPly(t),
        })
    }

    /// How long the next ply may take before it loses on time, margin
    /// included (none without a clock).
    pub(super) fn allowed(&self, margin: Duration) -> Option<Duration> {
        self.engine_clock().map(|c| c.available() + margin)
    }

    /// Charges a ply that took `spent`.
    pub(super) fn charge(&mut self, spent: Duration, margin: Duration) -> Tick {
        let Some(tc) = self.tc else {
            return Tick::InTime;
        };
        let available = self.engine_clock().map_or(Duration::ZERO, |c| c.available());
        if spent > available + margin {
            self.overrun = Some(spent - available);
            return Tick::Flagged;
        }
        if let TimeControl::Fischer { increment, .. } = tc {
            // Inside the margin the clock stops at zero.
            self.left = self.left.saturating_sub(spent) + increment;
        }
        Tick::InTime
    }

    /// For the record: milliseconds left on a game clock (negative by the
    /// overrun once flagged); none for a fixed time per ply or no clock.
    pub(super) fn left_ms(&self) -> Option<f64> {
        match self.tc? {
            TimeControl::Fischer { .. } => Some(match self.overrun {
                Some(over) => -over.as_secs_f64() * 1000.0,
                None => self.left.as_secs_f64() * 1000.0,
            }),
            TimeControl::PerPly(_) => None,
        }
    }
}

/// Watches the win rates reported ply after ply for a resign rule.
#[derive(Clone, Debug)]
pub(super) struct ResignWatch {
    rule: Resign,
    /// The seat the current run of plies says wins, and how long it is.
    leader: Option<Seat>,
    run: u32,
    /// Which seats reported during the run.
    reported: [bool; 2],
}

impl ResignWatch {
    pub(super) fn new(rule: Resign) -> ResignWatch {
        ResignWatch {
            rule,
            leader: None,
            run: 0,
            reported: [false; 2],
        }
    }

    /// Adds the ply of `seat`, which reported `win_rate` (its own, if it
    /// reported one); returns the seat that wins by adjudication once the
    /// rule holds.
    pub(super) fn ply(&mut self, seat: Seat, win_rate: Option<f64>) -> Option<Seat> {
        let leader = win_rate.filter(|w| (0.0..=1.0).contains(w)).and_then(|w| {
            if w >= self.rule.winrate {
                Some(seat)
            } else if 1.0 - w >= self.rule.winrate {
                Some(seat.opponent())
            } else {
                None
            }
        });
        if leader.is_none() || leader != self.leader {
            self.leader = leader;
            self.run = 0;
            self.reported = [false; 2];
        }
        if leader.is_some() {
            self.run += 1;
            self.reported[seat.index()] = true;
        }
        (self.run >= self.rule.plies && self.reported == [true; 2])
            .then_some(self.leader)
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn time_controls_parse_and_print() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(
            tc,
            TimeControl::Fischer {
                base: ms(10_000),
                increment: ms(100)
            }
        );
        assert_eq!(tc.to_string(), "10+0.1");
        assert_eq!("60".parse::<TimeControl>().unwrap().to_string(), "60+0");
        assert_eq!(
            "st=0.5".parse::<TimeControl>().unwrap(),
            TimeControl::PerPly(ms(500))
        );
        assert_eq!("0.25+0".parse::<TimeControl>().unwrap().to_string(), "0.25+0");
        for text in ["10+0.1", "st=0.05", "1.5+2", "0.001+0"] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string().parse::<TimeControl>().unwrap(), tc, "{text}");
        }
        for bad in [
            "", "+", "10+", "+1", "0+1", "-1+0", "st=0", "st=", "st=x", "abc", "10+0.1+1", "nan", "inf",
            "1e9", "0.0001", "10 + x",
        ] {
            let err = bad.parse::<TimeControl>().unwrap_err();
            assert!(err.to_string().contains("expected BASE+INC"), "{bad}: {err}");
        }
    }

    #[test]
    fn player_time_controls() {
        assert_eq!(
            parse_player_tc("old=st=0.2").unwrap(),
            ("old".to_owned(), Some(TimeControl::PerPly(ms(200))))
        );
        assert_eq!(parse_player_tc("x=none").unwrap(), ("x".to_owned(), None));
        assert!(matches!(parse_player_tc("10+0.1"), Err(PlayerTcError::Shape(_))));
        assert!(matches!(parse_player_tc("x"), Err(PlayerTcError::Shape(_))));
        assert!(matches!(parse_player_tc("=1"), Err(PlayerTcError::Shape(_))));
        assert!(matches!(parse_player_tc("x=1+y"), Err(PlayerTcError::Tc(_))));
    }

    #[test]
    fn resign_rules_parse_and_print() {
        let r: Resign = "plies=8,winrate=0.95".parse().unwrap();
        assert_eq!((r.plies, r.winrate), (8, 0.95));
        assert_eq!(r.to_string(), "plies=8,winrate=0.95");
        assert_eq!(
            " winrate=1 , plies=2".parse::<Resign>().unwrap().to_string(),
            "plies=2,winrate=1"
        );
        for bad in [
            "",
            "plies=8",
            "winrate=0.9",
            "plies=1,winrate=0.9",
            "plies=8,winrate=0.5",
            "plies=8,winrate=1.1",
            "plies=x,winrate=0.9",
            "plies=8,winrate=0.9,plies=9",
            "moves=8,winrate=0.9",
            "plies=8,winrate=nan",
        ] {
            let err = bad.parse::<Resign>().unwrap_err();
            assert!(
                err.to_string().contains("expected plies=N,winrate=W"),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn a_game_clock_counts_down_and_flags_beyond_the_margin() {
        let tc: TimeControl = "1+0.1".parse().unwrap();
        let mut clock = SeatClock::new(Some(tc));
        assert_eq!(
            clock.engine_clock(),
            Some(Clock::Game {
                left: ms(1_000),
                increment: ms(100)
            })
        );
        assert_eq!(clock.charge(ms(300), ms(0)), Tick::InTime);
        assert_eq!(clock.left_ms(), Some(800.0));
        assert_eq!(clock.allowed(ms(50)), Some(ms(850)));
        // Inside the margin: the clock stops at zero, then gets the increment.
        assert_eq!(clock.charge(ms(830), ms(50)), Tick::InTime);
        assert_eq!(clock.left_ms(), Some(100.0));
        assert_eq!(clock.charge(ms(151), ms(50)), Tick::Flagged);
        assert_eq!(clock.left_ms(), Some(-51.0));
    }

    #[test]
    fn a_fixed_time_per_ply_does_not_carry_over() {
        let mut clock = SeatClock::new(Some(TimeControl::PerPly(ms(200))));
        assert_eq!(clock.engine_clock(), Some(Clock::PerPly(ms(200))));
        assert_eq!(clock.charge(ms(10), ms(0)), Tick::InTime);
        assert_eq!(clock.engine_clock(), Some(Clock::PerPly(ms(200))));
        assert_eq!(clock.charge(ms(200), ms(0)), Tick::InTime);
        assert_eq!(clock.charge(ms(201), ms(0)), Tick::Flagged);
        assert_eq!(clock.left_ms(), None);
        let mut none = SeatClock::new(None);
        assert_eq!(none.engine_clock(), None);
        assert_eq!(none.allowed(ms(5)), None);
        assert_eq!(none.charge(ms(1_000_000), ms(0)), Tick::InTime);
    }

    #[test]
    fn resigning_needs_both_engines_to_agree_for_the_whole_run() {
        let rule: Resign = "plies=3,winrate=0.9".parse().unwrap();
        let mut watch = ResignWatch::new(rule);
        // First says it wins, second agrees it loses, first again: resign.
        assert_eq!(watch.ply(Seat::First, Some(0.95)), None);
        assert_eq!(watch.ply(Seat::Second, Some(0.05)), None);
        assert_eq!(watch.ply(Seat::First, Some(0.92)), Some(Seat::First));

        // A ply in between breaks the run, and so does a ply without a
        // win rate.
        let mut watch = ResignWatch::new(rule);
        watch.ply(Seat::First, Some(0.95));
        watch.ply(Seat::Second, Some(0.2));
        watch.ply(Seat::First, Some(0.95));
        watch.ply(Seat::Second, None);
        watch.ply(Seat::First, Some(0.95));
        assert_eq!(watch.ply(Seat::Second, Some(0.1)), None);
        assert_eq!(watch.ply(Seat::First, Some(0.97)), Some(Seat::First));

        // The second seat winning, seen from both sides.
        let mut watch = ResignWatch::new(rule);
        watch.ply(Seat::First, Some(0.02));
        watch.ply(Seat::Second, Some(0.99));
        assert_eq!(watch.ply(Seat::First, Some(0.1)), Some(Seat::Second));

        // Both claiming to win is no agreement.
        let mut watch = ResignWatch::new(rule);
        for _ in 0..4 {
            assert_eq!(watch.ply(Seat::First, Some(0.95)), None);
            assert_eq!(watch.ply(Seat::Second, Some(0.95)), None);
        }

        // One engine alone (a run of plies by one seat) never resigns a game.
        let mut watch = ResignWatch::new(rule);
        for _ in 0..5 {
            assert_eq!(watch.ply(Seat::First, Some(1.0)), None);
        }
        assert_eq!(watch.ply(Seat::Second, Some(0.0)), Some(Seat::First));
    }
}
