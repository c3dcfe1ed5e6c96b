//! Every registered game through arena's commands: the protocol session
//! (including random garbage), show/status/perft, and a tiny tournament.

use abstracta::registry::game_names;
use protocol::{Session, COMMANDS};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;
use tournament::{self, Format, TournamentSettings};

/// Words for random lines besides the protocol's commands
/// ([`COMMANDS`]): plies, option names and stray punctuation.
const WORDS: &[&str] = &[
    "swap",
    "pass",
    "end",
    "a1",
    "c3-c4",
    "xd4",
    "*e6",
    "c3+c4",
    "c3xc5",
    "z26",
    "a0",
    "seed",
    "iters",
    "engine",
    "random",
    "=",
    "?",
    "#",
    "-",
    ",",
    ":",
    "99999999999999999999",
    "\u{e9}",
    "\t",
];

fn random_line(rng: &mut SmallRng) -> String {
    let vocabulary: Vec<&str> = COMMANDS.iter().chain(WORDS).copied().collect();
    let n = rng.gen_range(0..5);
    let mut words = Vec::new();
    for _ in 0..n {
        if rng.gen_bool(0.8) {
            words.push(vocabulary[rng.gen_range(0..vocabulary.len())].to_owned());
        } else {
            let len = rng.gen_range(0..6);
            words.push((0..len).map(|_| char::from(rng.gen_range(32u8..127))).collect());
        }
    }
    words.join(" ")
}

#[test]
fn sessions_survive_any_input() {
    let mut rng = SmallRng::seed_from_u64(11);
    for name in game_names() {
        let mut session = Session::new(name, "random").unwrap();
        for _ in 0..1500 {
            let line = if rng.gen_bool(0.3) {
                // Mostly real play, so that positions go deep.
                ["genmove", "legal", "undo", "status"][rng.gen_range(0..4)].to_owned()
            } else {
                random_line(&mut rng)
            };
            let line = if line.starts_with("newgame") || line.starts_with("set engine") {
                // Stay on this game with a cheap engine.
                format!("newgame {name}")
            } else {
                line
            };
            let (answer, quit) = session.handle_line(&line);
            if quit {
                session = Session::new(name, "random").unwrap();
                continue;
            }
            if !answer.is_empty() {
                assert!(
                    answer.starts_with('=') || answer.starts_with('?'),
                    "{name}: {line:?} -> {answer:?}"
                );
                assert!(answer.ends_with("\n\n"), "{name}: {line:?} -> {answer:?}");
                assert_eq!(
                    answer.matches("\n\n").count(),
                    1,
                    "{name}: {line:?} -> {answer:?}"
                );
            }
        }
    }
}

#[test]
fn games_play_out_through_the_protocol() {
    for name in game_names() {
        let mut session = Session::new(name, "random").unwrap();
        let mut plies = 0;
        while session.handle_line("status").0 == "= ongoing\n\n" && plies < 3000 {
            let (answer, _) = session.handle_line("genmove");
            assert!(answer.starts_with("= "), "{name}: {answer}");
            plies += 1;
        }
        let status = session.handle_line("status").0;
        assert!(
            ["= black\n\n", "= white\n\n", "= draw\n\n"].contains(&status.as_str()),
            "{name} after {plies} plies: {status}"
        );
        let history = session.handle_line("history").0;
        let moves = history.trim_start_matches('=').trim();
        assert_eq!(
            arena::commands::status_command(name, moves).unwrap(),
            status.trim_start_matches("= ").trim(),
            "{name}: replaying the history gives the same result"
        );
        assert!(arena::commands::show_command(name, moves)
            .unwrap()
            .contains("status: "));
        let mut out = Vec::new();
        arena::commands::perft_command(name, "", 2, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap().lines().count(), 2);
    }
}

#[test]
fn tiny_tournaments_on_every_game() {
    for name in game_names() {
        let settings = TournamentSettings {
            registry: abstracta::Registry::standard(),
            spec: name.to_owned(),
            players: vec![
                ("a".into(), "random".into()),
                ("b".into(), "mcts:iters=30".into()),
            ],
            games: 2,
            concurrency: Some(2),
            seed: 3,
            opening_plies: 2,
            opening_file: None,
            format: Format::RoundRobin,
            sprt: None,
            out: None,
            shard: None,
            timeout: Duration::from_secs(10),
            tc: None,
            player_tc: Vec::new(),
            time_margin: Duration::ZERO,
            resign: None,
        };
        let summary = tournament::run(&settings).unwrap();
        assert_eq!(summary.games_played, 2, "{name}");
        assert!(summary.pairings[0].forfeits.is_empty(), "{name}");
    }
}
