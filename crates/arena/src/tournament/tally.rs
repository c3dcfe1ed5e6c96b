//! Tallies: the running results of every pairing (wins and draws by seat
//! and colour, the colour-swapped pairs, forfeits, thinking time) and the
//! summary with Elo, nElo, LOS and SPRT computed from them.
//!
//! The schedule puts the two games of a pair at indices `2k` and `2k + 1`
//! (round `index / 2P`, pairing `(index % 2P) / 2`, colours exchanged when
//! the index is odd), so a game's pair is `index / 2`. A game waits here
//! until its partner arrives; games still waiting are the pairing's
//! unpaired games.

use std::collections::BTreeMap;

use super::schedule::pairings_of;
use super::Format;
use crate::records::{GameRecord, GameResult, PairingSummary, SeatResults, Summary, TournamentConfig};
use crate::stats::{estimate, Model, Outcome, Pentanomial, Sprt, Wdl};

/// The pair a game of the schedule belongs to (see the module comment).
pub(super) fn pair_of(index: u64) -> u64 {
    index / 2
}

/// The running results of one pairing.
#[derive(Clone, Debug)]
pub(super) struct Tally {
    p: PairingSummary,
    /// Games waiting for their partner: pair -> (index, A's outcome).
    waiting: BTreeMap<u64, (u64, Outcome)>,
}

impl Tally {
    fn new(a: &str, b: &str) -> Tally {
        Tally {
            p: PairingSummary {
                a: a.to_owned(),
                b: b.to_owned(),
                games: 0,
                a_wins: 0,
                draws: 0,
                b_wins: 0,
                score: 0.5,
                elo: 0.0,
                elo_low: 0.0,
                elo_high: 0.0,
                los: 0.5,
                nelo: 0.0,
                nelo_low: 0.0,
                nelo_high: 0.0,
                model: Model::Trinomial,
                pentanomial: Pentanomial::default(),
                unpaired: Wdl::default(),
                a_first: SeatResults::default(),
                a_second: SeatResults::default(),
                first_seat_wins: 0,
                second_seat_wins: 0,
                colour_wins: BTreeMap::new(),
                forfeits: BTreeMap::new(),
                time_ms: BTreeMap::new(),
                sprt: None,
            },
            waiting: BTreeMap::new(),
        }
    }

    /// Pairs game `index` (A's `outcome`) with its waiting partner, or
    /// leaves it waiting. A second record of one index (only a damaged
    /// file has one) stays unpaired.
    fn pair(&mut self, index: u64, outcome: Outcome) {
        let p = &mut self.p;
        match self.waiting.entry(pair_of(index)) {
            std::collections::btree_map::Entry::Occupied(e) if e.get().0 != index => {
                let (_, other) = e.remove();
                p.pentanomial.add(other, outcome);
                let u = &mut p.unpaired;
                match other {
                    Outcome::Win => u.wins -= 1,
                    Outcome::Draw => u.draws -= 1,
                    Outcome::Loss => u.losses -= 1,
                }
            }
            std::collections::btree_map::Entry::Occupied(_) => p.unpaired.add(outcome),
            std::collections::btree_map::Entry::Vacant(v) => {
                v.insert((index, outcome));
                p.unpaired.add(outcome);
            }
        }
    }

    /// Adds a game of this pairing.
    fn add(&mut self, r: &GameRecord) {
        let p = &mut self.p;
        let a_first = r.players.first == p.a;
        p.games += 1;
        *p.time_ms.entry(r.players.first.clone()).or_insert(0.0) += r.time_ms.first;
        *p.time_ms.entry(r.players.second.clone()).or_insert(0.0) += r.time_ms.second;
        let seat_results = if a_first { &mut p.a_first } else { &mut p.a_second };
        let outcome = match r.result {
            GameResult::Draw => Outcome::Draw,
            result if (result == GameResult::First) == a_first => Outcome::Win,
            _ => Outcome::Loss,
        };
        match r.result {
            GameResult::Draw => {
                p.draws += 1;
                seat_results.draws += 1;
            }
            GameResult::First | GameResult::Second => {
                let first_won = r.result == GameResult::First;
                if first_won {
                    p.first_seat_wins += 1;
                } else {
                    p.second_seat_wins += 1;
                }
                if first_won == a_first {
                    p.a_wins += 1;
                    seat_results.wins += 1;
                } else {
                    p.b_wins += 1;
                    seat_results.losses += 1;
                }
                if let Some(c) = &r.winner_colour {
                    *p.colour_wins.entry(c.clone()).or_insert(0) += 1;
                }
                if r.reason.starts_with("forfeit") {
                    let loser = if first_won {
                        &r.players.second
                    } else {
                        &r.players.first
                    };
                    *p.forfeits.entry(loser.clone()).or_insert(0) += 1;
                }
            }
        }
        self.pair(r.index, outcome);
    }

    /// The summary with Elo, nElo, LOS and SPRT filled in, from the
    /// complete pairs or all games as [`estimate`] chooses.
    pub(super) fn summary(&self, sprt: Option<Sprt>) -> PairingSummary {
        let mut p = self.p.clone();
        let wdl = p.wdl();
        let e = estimate(&p.pentanomial, &wdl);
        p.score = wdl.score();
        p.elo = e.elo.elo;
        p.elo_low = e.elo.low;
        p.elo_high = e.elo.high;
        p.nelo = e.nelo.elo;
        p.nelo_low = e.nelo.low;
        p.nelo_high = e.nelo.high;
        p.los = e.los;
        p.model = e.model;
        p.sprt = sprt.map(|s| s.evaluate_pairing(&p.pentanomial, &wdl));
        p
    }
}

/// The running results of every pairing of a tournament.
pub(super) struct Tallies {
    /// Player names to indices.
    players: BTreeMap<String, usize>,
    /// Pairing of each unordered pair of player indices.
    pairing: BTreeMap<(usize, usize), usize>,
    pub(super) tallies: Vec<Tally>,
}

impl Tallies {
    pub(super) fn new(config: &TournamentConfig) -> Tallies {
        let format: Format = config.format.parse().unwrap_or(Format::RoundRobin);
        let pairings = pairings_of(config.players.len(), format);
        Tallies {
            players: config
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| (p.name.clone(), i))
                .collect(),
            pairing: pairings.iter().enumerate().map(|(i, &ab)| (ab, i)).collect(),
            tallies: pairings
                .iter()
                .map(|&(a, b)| Tally::new(&config.players[a].name, &config.players[b].name))
                .collect(),
        }
    }

    /// The pairing a game belongs to.
    fn pairing_of(&self, r: &GameRecord) -> Option<usize> {
        let x = *self.players.get(&r.players.first)?;
        let y = *self.players.get(&r.players.second)?;
        self.pairing.get(&(x.min(y), x.max(y))).copied()
    }

    /// Adds a game; returns its pairing.
    pub(super) fn add(&mut self, r: &GameRecord) -> Option<usize> {
        let i = self.pairing_of(r)?;
        self.tallies[i].add(r);
        Some(i)
    }
}

/// Computes the summary of a tournament from its game records.
pub fn summarize(config: &TournamentConfig, records: &[GameRecord], sprt: Option<Sprt>) -> Summary {
    let mut tallies = Tallies::new(config);
    for r in records {
        tallies.add(r);
    }
    let pairings = tallies.tallies.iter().map(|t| t.summary(sprt)).collect();
    Summary {
        config: config.clone(),
        games_played: records.len() as u64,
        pairings,
        ratings: tournament_ratings(config, records),
    }
}

/// The rating list printed at the end of a round-robin of three or more
/// players (with two, the pairing's Elo says it all); `None` while the
/// games do not yet link every player.
fn tournament_ratings(
    config: &TournamentConfig,
    records: &[GameRecord],
) -> Option<crate::ratings::RatingList> {
    let format: Format = config.format.parse().ok()?;
    if format != Format::RoundRobin || config.players.len() < 3 {
        return None;
    }
    crate::ratings::rate_records(config, records, &crate::ratings::FitOptions::default()).ok()
}
