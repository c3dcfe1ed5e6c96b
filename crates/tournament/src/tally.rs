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

use crate::schedule::pairings_of;
use crate::Format;
use stats::records::{GameRecord, GameResult, PairingSummary, SeatResults, Summary, TournamentConfig};
use stats::{estimate, Model, Outcome, Pentanomial, Sprt, Wdl};

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
                time_losses: BTreeMap::new(),
                resignations: BTreeMap::new(),
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
                let loser = if first_won {
                    &r.players.second
                } else {
                    &r.players.first
                };
                let by_reason = match r.reason.as_str() {
                    "time" => Some(&mut p.time_losses),
                    "resign" => Some(&mut p.resignations),
                    reason if reason.starts_with("forfeit") => Some(&mut p.forfeits),
                    _ => None,
                };
                if let Some(counts) = by_reason {
                    *counts.entry(loser.clone()).or_insert(0) += 1;
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
fn tournament_ratings(config: &TournamentConfig, records: &[GameRecord]) -> Option<stats::RatingList> {
    let format: Format = config.format.parse().ok()?;
    if format != Format::RoundRobin || config.players.len() < 3 {
        return None;
    }
    stats::rate_records(config, records, &stats::FitOptions::default()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::slot;
    use stats::records::{PlayerEntry, Seats};
    use stats::{Model, Pentanomial, SprtState, Wdl};

    fn config(players: &[&str], format: &str) -> TournamentConfig {
        TournamentConfig {
            spec: "tictactoe".into(),
            players: players
                .iter()
                .map(|n| PlayerEntry {
                    name: (*n).into(),
                    engine: "random".into(),
                    tc: None,
                })
                .collect(),
            format: format.into(),
            seed: 1,
            opening_plies: 0,
            openings: None,
            games: 100,
            shard: None,
            time_margin_ms: 0,
            resign: None,
        }
    }

    /// Game `index` of a two-player schedule: a moves first at even
    /// indices, b at odd ones (colours exchanged).
    fn game(index: u64, result: GameResult) -> GameRecord {
        let (first, second) = if index % 2 == 0 { ("a", "b") } else { ("b", "a") };
        GameRecord {
            index,
            spec: "tictactoe".into(),
            players: Seats {
                first: first.into(),
                second: second.into(),
            },
            engines: Seats {
                first: "random".into(),
                second: "random".into(),
            },
            seed: 0,
            opening: vec![],
            plies: vec![],
            result,
            winner_colour: None,
            reason: "rules".into(),
            time_ms: Seats {
                first: 0.0,
                second: 0.0,
            },
            ply_ms: vec![],
            clock_ms: None,
        }
    }

    #[test]
    fn a_pair_is_the_two_colours_of_one_round_and_pairing() {
        for pairings in 1..5 {
            for index in 0..60u64 {
                let (a, b) = (slot(index, pairings), slot(index ^ 1, pairings));
                assert_eq!(pair_of(index), pair_of(index ^ 1));
                assert_eq!((a.round, a.pairing), (b.round, b.pairing));
                assert_ne!(a.exchanged, b.exchanged);
                assert_ne!(pair_of(index), pair_of(index + 2));
            }
        }
    }

    #[test]
    fn pentanomial_counts_with_odd_and_missing_games() {
        use GameResult::*;
        let c = config(&["a", "b"], "round-robin");
        // Pair 0: a wins moving first, loses moving second (WL). Pair 1:
        // game 2 missing, so game 3 (a draw) waits alone. Pair 2: game 4
        // alone, as an odd --games leaves it (a loses). Pair 3: a wins both.
        // Pair 4: two draws.
        let records = vec![
            game(0, First),
            game(1, First),
            game(3, Draw),
            game(4, Second),
            game(6, First),
            game(7, Second),
            game(8, Draw),
            game(9, Draw),
        ];
        let p = &summarize(&c, &records, None).pairings[0];
        assert_eq!(
            p.pentanomial,
            Pentanomial {
                ll: 0,
                ld: 0,
                wl: 1,
                dd: 1,
                wd: 0,
                ww: 1
            }
        );
        assert_eq!(p.pentanomial.counts(), [0, 0, 2, 0, 1]);
        assert_eq!(
            p.unpaired,
            Wdl {
                wins: 0,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!((p.a_wins, p.draws, p.b_wins, p.games), (3, 3, 2, 8));
        // Three pairs carry the six games they hold; the two lone games
        // are left out of the figures (and the table says so).
        assert_eq!(p.model, Model::Pentanomial);
        let e = p.pentanomial.elo().unwrap();
        assert_eq!((p.elo, p.elo_low, p.elo_high), (e.elo, e.low, e.high));
        let table = crate::format_table(&summarize(&c, &records, None));
        assert!(
            table.contains("Ptnml(0-2): [0, 0, 2, 0, 1] (WL 1, DD 1)"),
            "{table}"
        );
        assert!(
            table.contains("2 games without their pair (+0 =1 -1), left out"),
            "{table}"
        );
        // The order in which games arrive does not matter.
        let mut reversed = records.clone();
        reversed.reverse();
        assert_eq!(
            summarize(&c, &reversed, None).pairings[0].pentanomial,
            p.pentanomial
        );
        // A record repeated (a damaged file) is not its own partner.
        let mut twice = records.clone();
        twice.push(game(4, Second));
        let q = &summarize(&c, &twice, None).pairings[0];
        assert_eq!(q.pentanomial, p.pentanomial);
        assert_eq!(q.unpaired.losses, 2);
    }

    #[test]
    fn shards_without_pairs_count_games_one_by_one() {
        use GameResult::*;
        let c = config(&["a", "b"], "round-robin");
        // Shard 1/2 holds the even indices only: no complete pair.
        let records: Vec<GameRecord> = (0..10)
            .map(|i| game(2 * i, if i % 3 == 0 { Second } else { First }))
            .collect();
        let s = summarize(&c, &records, Some(Sprt::new(0.0, 10.0)));
        let p = &s.pairings[0];
        assert_eq!(p.pentanomial.pairs(), 0);
        assert_eq!(p.unpaired.games(), 10);
        assert_eq!(p.model, Model::Trinomial);
        assert_eq!(p.elo, p.wdl().elo().elo);
        let sprt = p.sprt.unwrap();
        assert_eq!(sprt.counts, Model::Trinomial);
        assert!(crate::format_table(&s).contains("trinomial: no complete pairs"));
    }

    #[test]
    fn sprt_runs_on_the_pairs() {
        use GameResult::*;
        let c = config(&["a", "b"], "round-robin");
        // a wins every pair 2-0 or 1.5-0.5: H1 for 0,10 soon.
        let mut records = Vec::new();
        for k in 0..200u64 {
            records.push(game(2 * k, First));
            records.push(game(2 * k + 1, if k % 2 == 0 { Second } else { Draw }));
        }
        let sprt = Sprt::new(0.0, 10.0);
        let p = &summarize(&c, &records, Some(sprt)).pairings[0];
        let r = p.sprt.unwrap();
        assert_eq!(r.counts, Model::Pentanomial);
        assert_eq!(r, sprt.evaluate_pentanomial(&p.pentanomial));
        assert_eq!(r.state, SprtState::H1);
    }

    #[test]
    fn rating_list_only_for_round_robins_of_three() {
        let three = config(&["a", "b", "c"], "round-robin");
        let mut records = Vec::new();
        // Pairings (a,b), (a,c), (b,c) at 0-1, 2-3, 4-5 of each round.
        let seats = [
            ("a", "b"),
            ("b", "a"),
            ("a", "c"),
            ("c", "a"),
            ("b", "c"),
            ("c", "b"),
        ];
        for round in 0..4u64 {
            for (i, (f, s)) in seats.iter().enumerate() {
                let mut g = game(
                    0,
                    if (round + i as u64) % 3 == 0 {
                        GameResult::Draw
                    } else {
                        GameResult::First
                    },
                );
                g.index = 6 * round + i as u64;
                g.players = Seats {
                    first: (*f).into(),
                    second: (*s).into(),
                };
                records.push(g);
            }
        }
        let list = summarize(&three, &records, None).ratings.unwrap();
        assert_eq!(list.players.len(), 3);
        assert_eq!(list.games, 24);
        assert!(
            list.first_move_elo > 0.0,
            "the first seat won every decisive game"
        );
        let gauntlet = config(&["a", "b", "c"], "gauntlet");
        assert!(summarize(&gauntlet, &records[..4], None).ratings.is_none());
        let two = config(&["a", "b"], "round-robin");
        assert!(summarize(&two, &records[..2], None).ratings.is_none());
    }
}
