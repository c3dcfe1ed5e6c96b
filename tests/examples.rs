//! The examples' main logic, run as tests (so that `cargo test` runs them,
//! not only builds them).

#[allow(dead_code)]
#[path = "../examples/embed.rs"]
mod embed;

#[allow(dead_code)]
#[path = "../examples/custom_game.rs"]
mod custom_game;

#[allow(dead_code)]
#[path = "../examples/trace.rs"]
mod trace;

#[allow(dead_code)]
#[path = "../examples/random_game.rs"]
mod random_game;

#[allow(dead_code)]
#[path = "../examples/readme.rs"]
mod readme;

use abstracta::{Game, Status};

#[test]
fn trace_describes_every_position_of_a_record() {
    let positions = trace::trace("tictactoe: b2 a1");
    let positions = positions.as_array().unwrap();
    assert_eq!(positions.len(), 3);
    assert_eq!(positions[0]["legal"].as_array().unwrap().len(), 9);
    assert_eq!(positions[2]["seat"], 0);
    assert!(trace::trace("tictactoe: b2 b2")["error"].is_string());
    assert!(trace::trace("chess")["error"].is_string());
}

/// The README's embedding example is examples/readme.rs word for word,
/// and it runs: the whole game loop and the winner.
#[test]
fn the_readme_embedding_example_is_the_example_that_runs() {
    let readme = include_str!("../README.md");
    let start = readme.find("```rust\n").expect("README has a Rust example") + "```rust\n".len();
    let block = &readme[start..start + readme[start..].find("```").unwrap()];
    assert!(
        block.contains("while let Some((seat, _colour)) = game.to_move()"),
        "{block}"
    );
    assert!(
        include_str!("../examples/readme.rs").contains(block),
        "README.md's Rust example and examples/readme.rs differ"
    );
    readme::run().unwrap();
}

#[test]
fn embed_plays_a_game_and_reads_its_json_back() {
    let (status, record, json) = embed::run("escabel:size=7", 50, 3).unwrap();
    assert!(status.is_finished());
    assert_eq!(record.spec, "escabel:size=7");
    assert!(json.contains("\"plies\""));
    // The undo left the game unfinished: no result in its record.
    assert!(!json.contains("\"result\""), "{json}");
    // Any registered game works the same way.
    let (status, _, _) = embed::run("tictactoe", 50, 3).unwrap();
    assert!(status.is_finished());
    assert!(embed::run("chess", 50, 3).is_err());
}

#[test]
fn the_custom_game_passes_the_kit_and_is_played_to_the_end() {
    let (positions, game) = custom_game::run(300);
    assert!(positions > 1000, "{positions}");
    assert!(matches!(game.status(), Status::Finished { .. }));
    assert!(game.status().winner_seat().is_some(), "Hex has no draws");
}

#[test]
fn the_custom_game_plays_a_library_tournament_through_a_registry() {
    let table = custom_game::tournament(100, 4).unwrap();
    assert!(table.starts_with("4 games of hex5 (round-robin"), "{table}");
    assert!(table.contains("mcts vs random: 4 games"), "{table}");
}

#[test]
fn the_custom_game_is_served_over_the_engine_protocol_through_a_registry() {
    let answers = custom_game::protocol_answers(&["play c3", "genmove", "newgame", "legal"]).unwrap();
    assert_eq!(answers[0], "=\n\n");
    let reply = answers[1]
        .trim()
        .strip_prefix("= ")
        .unwrap_or_else(|| panic!("{answers:?}"));
    let ply = reply.split_whitespace().next().unwrap();
    assert_ne!(ply, "c3", "{answers:?}");
    // newgame opens Hex again through the registry: 25 empty points.
    assert_eq!(answers[3].split_whitespace().count(), 1 + 25, "{answers:?}");
    assert!(custom_game::protocol_answers(&[]).is_ok());
}

#[test]
fn random_game_plays_every_registered_game_to_the_end() {
    for name in abstracta::registry::main_game_names() {
        let played = random_game::run(name, 1, 2).unwrap();
        assert!(played.status.is_finished(), "{name}");
        assert!(!played.plies.is_empty(), "{name}");
        assert!(!played.board.is_empty(), "{name}");
    }
    let small = random_game::run("whirlwind:size=6", 7, 0).unwrap();
    assert!(small.status.is_finished());
    assert!(random_game::run("chess", 1, 0).is_err());
}
