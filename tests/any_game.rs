//! `AnyGame` on every registered game: text play agrees with the typed
//! game, undo restores the hash, bad input is an error value, records
//! round-trip through JSON.

use abstracta::registry::{game_names, with_game, GameVisitor};
use abstracta::{
    open, open_record, seeded_rng, AnyGame, Game, GameRecord, PlayError, RecordError, SpecError,
};
use abstracta_core::rand::Rng;

/// Plays `plies` on the typed game of the spec; returns its status and the
/// hash after every ply.
struct Typed<'a> {
    plies: &'a [String],
}

impl GameVisitor for Typed<'_> {
    type Output = (
        abstracta::Status,
        Vec<u64>,
        Option<(abstracta::Seat, abstracta::Colour)>,
    );
    fn visit<G: Game>(self, options: G::Options) -> Self::Output {
        let mut game = G::new(options);
        let mut hashes = vec![game.hash()];
        for ply in self.plies {
            game.play_str(ply).unwrap();
            hashes.push(game.hash());
        }
        let to_move = game
            .status()
            .is_ongoing()
            .then(|| (game.to_move_seat(), game.to_move_colour()));
        (game.status(), hashes, to_move)
    }
}

/// Random plies by text, `max` at most; returns them with the hash after
/// each.
fn random_plies(game: &mut dyn AnyGame, seed: u64, max: usize) -> (Vec<String>, Vec<u64>) {
    let mut rng = seeded_rng(seed);
    let mut hashes = vec![game.hash()];
    let mut played = Vec::new();
    for _ in 0..max {
        let legal = game.legal_plies();
        if legal.is_empty() {
            assert!(game.status().is_finished());
            assert!(game.to_move().is_none());
            break;
        }
        let ply = &legal[rng.gen_range(0..legal.len())];
        assert!(game.is_legal(ply), "{ply}");
        assert_eq!(&game.play(ply).unwrap(), ply);
        played.push(ply.clone());
        hashes.push(game.hash());
    }
    (played, hashes)
}

#[test]
fn text_play_agrees_with_the_typed_game() {
    for name in game_names() {
        for seed in 0..3 {
            let mut game = open(name).unwrap();
            assert_eq!(game.name(), name);
            assert_eq!(game.spec(), name);
            let (plies, hashes) = random_plies(&mut *game, seed, 60);
            let (status, typed_hashes, to_move) = with_game(name, Typed { plies: &plies }).unwrap();
            assert_eq!(game.status(), status, "{name} seed {seed}");
            assert_eq!(hashes, typed_hashes, "{name} seed {seed}");
            assert_eq!(game.to_move(), to_move, "{name} seed {seed}");
            assert_eq!(game.history(), plies);
            assert_eq!(game.plies_played() as usize, plies.len());
            assert_eq!(game.render(), game.to_string());

            // A copy is independent.
            let copy = game.clone();
            // Undo walks the hashes back.
            for expected in hashes.iter().rev().skip(1) {
                let undone = game.undo().unwrap();
                assert!(game.is_legal(&undone), "{name}: {undone}");
                assert_eq!(game.hash(), *expected, "{name} seed {seed}");
            }
            assert!(game.undo().is_none());
            assert_eq!(copy.history(), plies);
            assert_eq!(copy.hash(), *hashes.last().unwrap());
            let mut copy = copy;
            copy.restart();
            assert_eq!(copy.hash(), hashes[0]);
            assert!(copy.history().is_empty());
        }
    }
}

#[test]
fn bad_input_is_an_error_value() {
    for name in game_names() {
        let mut game = open(name).unwrap();
        let hash = game.hash();
        for bad in [
            "",
            "   ",
            "zz99",
            "a1a1a1a1",
            "\u{0}",
            "ÿ",
            "swap swap",
            "-1",
            "z",
        ] {
            assert!(!game.is_legal(bad), "{name}: {bad:?}");
            assert!(game.play(bad).is_err(), "{name}: {bad:?}");
            assert_eq!(game.hash(), hash);
            assert_eq!(game.plies_played(), 0);
        }
        assert!(matches!(game.play("zz99"), Err(PlayError::Parse(_))), "{name}");
        // A ply that reads but is not legal: a legal ply played twice
        // (placement games), or any ply once the game is over.
        let first = game.legal_plies()[0].clone();
        game.play(&first).unwrap();
        let mut finished = game.clone();
        let (_, _) = random_plies(&mut *finished, 1, 100_000);
        assert!(finished.status().is_finished());
        assert!(
            matches!(finished.play(&first), Err(PlayError::GameOver { status }) if status == finished.status())
        );
        let err = game.play_list("zz99").unwrap_err();
        assert_eq!(err.index, 1);
        assert_eq!(game.plies_played(), 1);
    }
    let mut game = open("tictactoe").unwrap();
    game.play("b2").unwrap();
    assert!(matches!(game.play("b2"), Err(PlayError::Illegal { .. })));
    let err = game.play_list("a1 a1").unwrap_err();
    assert_eq!((err.index, game.plies_played()), (2, 2));
}

#[test]
fn bad_specs_are_spec_errors() {
    for bad in [
        "",
        "chess",
        "escabel:size=40",
        "escabel:size=2",
        "escabel:bogus=1",
        "swack:size",
        ":::",
        "escabel:size=7,size=7",
    ] {
        let err = open(bad).unwrap_err();
        assert!(!err.to_string().is_empty());
        let _: SpecError = err;
    }
    assert!(matches!(open("chess"), Err(SpecError::UnknownGame { .. })));
    assert!(matches!(
        open_record(&GameRecord::new("chess", ["a1"])),
        Err(RecordError::Spec(SpecError::UnknownGame { .. }))
    ));
}

#[test]
fn records_round_trip_through_json() {
    for name in game_names() {
        for seed in 0..2 {
            let mut game = open(name).unwrap();
            random_plies(&mut *game, seed + 10, 25);
            let record = game.record();
            assert_eq!(record.spec, game.spec());
            assert_eq!(record.plies, game.history());
            let json = serde_json::to_string(&record).unwrap();
            let back: GameRecord = serde_json::from_str(&json).unwrap();
            assert_eq!(back, record);
            let reopened = open_record(&back).unwrap();
            assert_eq!(reopened.hash(), game.hash(), "{name}");
            assert_eq!(reopened.history(), game.history());
            assert_eq!(reopened.status(), game.status());
            let status_json = serde_json::to_string(&game.status()).unwrap();
            assert_eq!(
                serde_json::from_str::<abstracta::Status>(&status_json).unwrap(),
                game.status()
            );
        }
    }
}

#[test]
fn players_from_specs() {
    use abstracta::player::{EngineError, EngineSpec};
    for name in game_names() {
        let mut game = open(name).unwrap();
        for spec in ["random", "mcts:iters=50"] {
            let spec: EngineSpec = spec.parse().unwrap();
            let mut engine = game.searcher(&spec, 3).unwrap();
            let choice = engine.genmove(&*game).unwrap();
            game.play(&choice.ply).unwrap();
        }
        let cmd: EngineSpec = "cmd:./engine".parse().unwrap();
        assert!(matches!(
            game.searcher(&cmd, 0),
            Err(EngineError::External { .. })
        ));
        let other = open(if name == "swack" { "escabel" } else { "swack" }).unwrap();
        let mut engine = game.searcher(&EngineSpec::Random, 0).unwrap();
        assert!(matches!(
            engine.genmove(&*other),
            Err(EngineError::WrongGame { .. })
        ));
    }
}
