//! The schedule: validated players and pairings, where each game index
//! sits (round, pairing, colours) and the seeded opening of each round.

use std::collections::BTreeSet;
use std::time::Duration;

use abstracta::{mix_seed, AnyGame};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::error::TournamentError;
use crate::suite::Suite;
use crate::{Format, TimeControl, TournamentSettings};
use protocol::engine::EngineSpec;
use stats::records::{PlayerEntry, TournamentConfig};

/// The most games one tournament may schedule (all pairings together):
/// far more than any machine plays, small enough that no count overflows.
pub(super) const MAX_GAMES: u64 = 1_000_000_000_000;

/// Validated players and pairings.
pub(super) struct Plan {
    pub(super) config: TournamentConfig,
    pub(super) engines: Vec<EngineSpec>,
    /// Each player's time control, in player order.
    pub(super) clocks: Vec<Option<TimeControl>>,
    pub(super) pairings: Vec<(usize, usize)>,
    /// The opening suite, when the openings come from a file.
    pub(super) suite: Option<Suite>,
}

impl Plan {
    /// The opening of `round` from `start` (the game at its start
    /// position): the suite's line for the round, or seeded random plies.
    pub(super) fn opening(&self, start: &dyn AnyGame, round: u64) -> Vec<String> {
        match &self.suite {
            Some(suite) => suite.opening(self.config.seed, round).to_vec(),
            None => opening(start, self.config.seed, round, self.config.opening_plies),
        }
    }
}

pub(super) fn pairings_of(n: usize, format: Format) -> Vec<(usize, usize)> {
    match format {
        Format::RoundRobin => (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect(),
        Format::Gauntlet => (1..n).map(|j| (0, j)).collect(),
    }
}

pub(super) fn plan(settings: &TournamentSettings) -> Result<Plan, TournamentError> {
    let spec = settings.registry.canonical_spec(&settings.spec)?;
    if settings.players.len() < 2 {
        return Err(TournamentError::usage(
            "a tournament needs at least two players: --player NAME=ENGINE --player NAME=ENGINE",
        ));
    }
    let mut engines = Vec::new();
    let mut names = BTreeSet::new();
    for (name, engine) in &settings.players {
        if name.is_empty() || name.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(TournamentError::usage(format!(
                "bad player name {name:?}: expected a non-empty name without spaces"
            )));
        }
        if !names.insert(name.clone()) {
            return Err(TournamentError::usage(format!(
                "player name {name:?} is used twice"
            )));
        }
        let engine = engine.parse::<EngineSpec>()?;
        // A program that cannot be started would forfeit every game.
        if let EngineSpec::Cmd { program, .. } = &engine {
            if let Err(e) = protocol::engine::cmd::find_program(program) {
                return Err(TournamentError::usage(format!(
                    "player {name}: cannot start engine program {program:?}: {e}"
                )));
            }
        }
        engines.push(engine);
    }
    if settings.games == 0 {
        return Err(TournamentError::usage("--games must be at least 1"));
    }
    let mut clocks = vec![settings.tc; engines.len()];
    let mut clocked = std::collections::BTreeSet::new();
    for (name, tc) in &settings.player_tc {
        if !clocked.insert(name) {
            return Err(TournamentError::usage(format!(
                "--player-tc {name}=... is given twice; give each player at most one clock"
            )));
        }
        let Some(i) = settings.players.iter().position(|(n, _)| n == name) else {
            return Err(TournamentError::usage(format!(
                "--player-tc {name}=...: there is no player {name:?} (players: {})",
                settings
                    .players
                    .iter()
                    .map(|(n, _)| n.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        };
        clocks[i] = *tc;
    }
    if settings.time_margin > Duration::from_secs(1_000_000) {
        return Err(TournamentError::usage(format!(
            "bad --timemargin {}: expected milliseconds, at most 1000000000",
            settings.time_margin.as_millis()
        )));
    }
    let pairings = pairings_of(engines.len(), settings.format);
    let total = settings.games.checked_mul(pairings.len() as u64);
    if total.map_or(true, |t| t > MAX_GAMES) {
        return Err(TournamentError::usage(format!(
            "--games {} with {} pairings schedules too many games: at most {MAX_GAMES} in all",
            settings.games,
            pairings.len()
        )));
    }
    // Every line of an opening file is checked before any game starts.
    let suite = match &settings.opening_file {
        Some(file) => Some(Suite::load(
            &*settings.registry.open(&spec)?,
            &file.path,
            file.order,
        )?),
        None => None,
    };
    let config = TournamentConfig {
        spec,
        players: settings
            .players
            .iter()
            .zip(&engines)
            .zip(&clocks)
            .map(|(((name, _), e), tc)| PlayerEntry {
                name: name.clone(),
                engine: e.to_string(),
                tc: tc.map(|tc| tc.to_string()),
            })
            .collect(),
        format: settings.format.to_string(),
        seed: settings.seed,
        opening_plies: if suite.is_some() {
            0
        } else {
            settings.opening_plies
        },
        games: settings.games,
        shard: settings.shard.map(|s| s.to_string()),
        openings: suite.as_ref().map(|s| s.config.clone()),
        time_margin_ms: settings.time_margin.as_millis() as u64,
        resign: settings.resign.map(|r| r.to_string()),
    };
    Ok(Plan {
        config,
        engines,
        clocks,
        pairings,
        suite,
    })
}

/// Where game `index` sits in the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Slot {
    pub(super) index: u64,
    pub(super) round: u64,
    pub(super) pairing: usize,
    /// The pairing's second player takes the first seat.
    pub(super) exchanged: bool,
}

/// Where game `index` sits, whether or not the schedule reaches it.
pub(super) fn slot(index: u64, pairings: usize) -> Slot {
    let per_round = 2 * pairings as u64;
    let within = index % per_round;
    Slot {
        index,
        round: index / per_round,
        pairing: (within / 2) as usize,
        exchanged: within % 2 == 1,
    }
}

/// Whether `slot` is one of the `games` games per pairing.
pub(super) fn scheduled(slot: &Slot, games: u64) -> bool {
    slot.round
        .checked_mul(2)
        .and_then(|g| g.checked_add(u64::from(slot.exchanged)))
        .is_some_and(|g| g < games)
}

/// The schedule indices of a tournament (all shards), in order, made as
/// they are asked for: a long tournament costs no memory up front. The
/// counts were checked by [`plan`] (at most [`MAX_GAMES`]).
pub(super) fn schedule(games: u64, pairings: usize) -> impl Iterator<Item = Slot> {
    let end = games.div_ceil(2).saturating_mul(2 * pairings as u64);
    (0..end)
        .map(move |i| slot(i, pairings))
        .filter(move |s| scheduled(s, games))
}

/// How many games of the schedule fall in `shard` (all of them without
/// one), counted without walking the schedule.
pub(super) fn shard_size(games: u64, pairings: usize, shard: Option<(u64, u64)>) -> u64 {
    let per_round = 2 * pairings as u64;
    let end = games.div_ceil(2).saturating_mul(per_round);
    let (number, count) = shard.unwrap_or((1, 1));
    let rest = number - 1;
    let in_range = if end > rest {
        (end - 1 - rest) / count + 1
    } else {
        0
    };
    // An odd count leaves out the exchanged games of the last round.
    let left_out = if games % 2 == 1 {
        let last = end - per_round;
        (0..pairings as u64)
            .map(|p| last + 2 * p + 1)
            .filter(|i| i % count == rest)
            .count() as u64
    } else {
        0
    };
    in_range - left_out
}
/// The random opening of `round` from `start` (a game at its start
/// position): `plies` seeded random plies that do not end the game (fewer
/// if every ply would), in notation.
pub(crate) fn opening(start: &dyn AnyGame, seed: u64, round: u64, plies: u32) -> Vec<String> {
    let mut rng = SmallRng::seed_from_u64(mix_seed(seed, round));
    let mut game = start.clone_box();
    let mut out = Vec::new();
    for _ in 0..plies {
        let mut candidates = game.legal_plies();
        let mut chosen = None;
        while !candidates.is_empty() {
            let ply = candidates.swap_remove(rng.gen_range(0..candidates.len()));
            let mut next = game.clone_box();
            if next.play(&ply).is_ok() && next.status().is_ongoing() {
                chosen = Some((ply, next));
                break;
            }
        }
        let Some((ply, next)) = chosen else { break };
        game = next;
        out.push(ply);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_pairs_games_and_is_stable() {
        let s: Vec<Slot> = schedule(4, 3).collect();
        assert_eq!(s.len(), 12);
        assert_eq!(s[0].pairing, 0);
        assert!(!s[0].exchanged && s[1].exchanged);
        assert_eq!(s[1].pairing, 0);
        assert_eq!(s[2].pairing, 1);
        // Odd counts leave out the exchanged game of the last round, and
        // indices do not move when the count grows.
        let odd: Vec<u64> = schedule(3, 1).map(|s| s.index).collect();
        assert_eq!(odd, vec![0, 1, 2]);
        let five: Vec<u64> = schedule(5, 2).map(|s| s.index).collect();
        assert_eq!(five, vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 10]);
    }

    #[test]
    fn shard_sizes_match_the_schedule() {
        for games in 1..7 {
            for pairings in 1..4 {
                let all: Vec<u64> = schedule(games, pairings).map(|s| s.index).collect();
                assert_eq!(shard_size(games, pairings, None), all.len() as u64);
                for count in 1..5 {
                    for number in 1..=count {
                        let mine = all.iter().filter(|i| *i % count == number - 1).count() as u64;
                        assert_eq!(shard_size(games, pairings, Some((number, count))), mine);
                    }
                }
            }
        }
        // The largest tournament allowed is counted without overflow.
        assert_eq!(shard_size(MAX_GAMES, 1, None), MAX_GAMES);
        assert!(scheduled(&slot(u64::MAX - 1, 1), u64::MAX));
        assert!(!scheduled(&slot(u64::MAX, 1), u64::MAX));
        assert!(!scheduled(&slot(u64::MAX, 1), 3));
    }

    #[test]
    fn pairings() {
        assert_eq!(pairings_of(3, Format::RoundRobin), vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(pairings_of(3, Format::Gauntlet), vec![(0, 1), (0, 2)]);
    }

    #[test]
    fn openings_are_seeded_and_never_finish() {
        let start = abstracta::open("tictactoe").unwrap();
        let a = opening(&*start, 1, 0, 6);
        assert_eq!(a, opening(&*start, 1, 0, 6));
        let mut g = start.clone();
        for p in &a {
            g.play(p).unwrap();
        }
        assert!(g.status().is_ongoing());
        assert!(opening(&*start, 1, 0, 100).len() < 9);
    }
}
