//! A tournament configured and run from Rust code alone (no command line):
//! its summary, its record files read back, and a rating list fitted.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use stats::records::{parse_config_json, parse_games_jsonl, parse_summary_json, GameResult};
use stats::{rate_records, FitOptions, PairingSummary};
use tournament::{Format, Progress, StopHandle, TournamentSettings};

const GAMES: u64 = 6;

fn settings(out: Option<PathBuf>) -> TournamentSettings {
    TournamentSettings {
        registry: abstracta::Registry::standard(),
        spec: "tictactoe".into(),
        players: vec![
            ("mcts".into(), "mcts:iters=200".into()),
            ("random".into(), "random".into()),
        ],
        games: GAMES,
        concurrency: Some(2),
        seed: 11,
        opening_plies: 0,
        opening_file: None,
        format: Format::RoundRobin,
        sprt: None,
        out,
        shard: None,
        timeout: Duration::from_secs(30),
        tc: None,
        player_tc: Vec::new(),
        time_margin: Duration::ZERO,
        resign: None,
    }
}

fn temp_dir(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "abstracta-library-run-{name}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn runs_reads_back_and_rates_a_tournament() {
    let out = temp_dir("rate");
    let summary = tournament::run(&settings(Some(out.clone()))).unwrap();
    assert_eq!(summary.games_played, GAMES);
    assert_eq!(summary.pairings.len(), 1);
    let p = &summary.pairings[0];
    assert_eq!((p.a.as_str(), p.b.as_str()), ("mcts", "random"));
    assert_eq!(p.a_wins + p.draws + p.b_wins, GAMES);
    // MCTS with 200 iterations does not lose to a random player at
    // tic-tac-toe more often than it wins.
    assert!(p.a_wins >= p.b_wins, "{p:?}");

    let games = parse_games_jsonl(&std::fs::read_to_string(out.join("games.jsonl")).unwrap()).unwrap();
    assert_eq!(games.len() as u64, GAMES);
    let mut points = [0.0; 2];
    for g in &games {
        let seat = |name: &str| usize::from(name == "random");
        let (first, second) = (seat(&g.players.first), seat(&g.players.second));
        match g.result {
            GameResult::First => points[first] += 1.0,
            GameResult::Second => points[second] += 1.0,
            GameResult::Draw => {
                points[first] += 0.5;
                points[second] += 0.5;
            }
        }
    }
    assert_eq!(points[0] + points[1], GAMES as f64, "every game gives one point");
    let on_disk = parse_summary_json(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(on_disk.games_played, GAMES);

    let config = parse_config_json(&std::fs::read_to_string(out.join("tournament.json")).unwrap()).unwrap();
    let list = rate_records(&config, &games, &FitOptions::default()).unwrap();
    assert_eq!(list.games, GAMES);
    assert_eq!(list.players.len(), 2);
    let mcts = list
        .players
        .iter()
        .find(|r| r.name == "mcts")
        .expect("a rating for mcts");
    let random = list
        .players
        .iter()
        .find(|r| r.name == "random")
        .expect("a rating for random");
    assert_eq!(mcts.points, points[0]);
    assert!(mcts.elo >= random.elo, "{list:?}");
    assert!(mcts.elo_low <= mcts.elo && mcts.elo <= mcts.elo_high);
    std::fs::remove_dir_all(&out).unwrap();
}

/// Counts what a run reports and stops it after its first game.
#[derive(Default)]
struct StopAfterOne {
    started: Option<u64>,
    recorded: u64,
    finished: bool,
    stop: StopHandle,
}

impl Progress for StopAfterOne {
    fn start(&mut self, to_play: u64) {
        self.started = Some(to_play);
    }

    fn game_recorded(&mut self, _pairing: Option<&PairingSummary>) {
        self.recorded += 1;
        self.stop.stop();
    }

    fn finish(&mut self) {
        self.finished = true;
    }
}

#[test]
fn progress_is_reported_and_a_stop_handle_stops_the_run() {
    let out = temp_dir("stop");
    let mut progress = StopAfterOne::default();
    let stop = progress.stop.clone();
    let mut settings = settings(Some(out.clone()));
    settings.games = 200;
    settings.concurrency = Some(1);
    let summary = tournament::run_with(&settings, &mut progress, &stop).unwrap();
    assert_eq!(progress.started, Some(200));
    assert!(progress.finished);
    assert_eq!(summary.games_played, progress.recorded);
    assert!(
        summary.games_played < 200,
        "stopped early: {}",
        summary.games_played
    );
    let games = parse_games_jsonl(&std::fs::read_to_string(out.join("games.jsonl")).unwrap()).unwrap();
    assert_eq!(
        games.len() as u64,
        summary.games_played,
        "what was recorded is what was counted"
    );
    std::fs::remove_dir_all(&out).unwrap();
}
