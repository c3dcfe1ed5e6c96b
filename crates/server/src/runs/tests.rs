use super::*;

#[test]
fn names() {
    for good in ["run1", "a.b_c-d", "X"] {
        assert!(plain_name(good), "{good}");
    }
    for bad in ["", ".", "..", ".hidden", "a/b", "a\\b", "a b", "é", "a%2e"] {
        assert!(!plain_name(bad), "{bad}");
    }
}

#[test]
fn torn_last_lines_are_left_out() {
    assert_eq!(parse_live_games("").unwrap().0.len(), 0);
    let (games, torn) = parse_live_games("{\"index\": 1").unwrap();
    assert!(games.is_empty() && torn);
    let err = parse_live_games("{\"index\": 1\n\n").unwrap_err();
    assert!(err.contains("line 1"), "{err}");
}

#[test]
fn expected_games_follow_the_schedule() {
    let mut config = TournamentConfig {
        spec: "tictactoe".into(),
        players: ["a", "b", "c"]
            .iter()
            .map(|n| stats::records::PlayerEntry {
                name: (*n).into(),
                engine: "random".into(),
                tc: None,
            })
            .collect(),
        format: "round-robin".into(),
        seed: 1,
        opening_plies: 0,
        games: 4,
        shard: None,
        openings: None,
        time_margin_ms: 0,
        resign: None,
    };
    assert_eq!(expected_games(&config), 12);
    config.format = "gauntlet".into();
    assert_eq!(expected_games(&config), 8);
    config.shard = Some("1/2".into());
    assert_eq!(expected_games(&config), 4);
    config.games = 3;
    config.shard = Some("2/2".into());
    // Slots 0..8, the odd ones in shard 2; those of round 1 (5, 7)
    // would be the fourth game of their pairing.
    assert_eq!(expected_games(&config), 2);
}

#[test]
fn lines_are_read_from_an_offset_and_a_torn_tail_is_left() {
    let dir = std::env::temp_dir().join(format!("abstracta-lines-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("j");
    fs::write(&path, "ab\n\ncd\nef").unwrap();
    let mut f = fs::File::open(&path).unwrap();
    let mut seen = Vec::new();
    let end = read_lines(&mut f, 0, 9, "j", |start, bytes, complete| {
        seen.push((start, String::from_utf8_lossy(bytes).into_owned(), complete));
        Ok(complete)
    })
    .unwrap();
    assert_eq!(end, 7);
    assert_eq!(
        seen,
        [
            (0, "ab".to_owned(), true),
            (3, String::new(), true),
            (4, "cd".to_owned(), true),
            (7, "ef".to_owned(), false)
        ]
    );
    fs::remove_dir_all(&dir).unwrap();
}
