//! The integer action space and observations through [`AnyGame`]: the ids
//! of the legal actions name exactly the legal plies, for every game.

use abstracta::actions::ActionError;
use abstracta::registry::game_names;
use abstracta::{open, seeded_rng, AnyGame};
use rand::Rng;

fn walk(game: &mut dyn AnyGame, seed: u64) -> usize {
    let mut rng = seeded_rng(seed);
    let count = game.num_distinct_actions().unwrap();
    let [p, r, c] = game.observation_shape().unwrap();
    let mut obs = Vec::new();
    let mut plies = 0;
    while game.status().is_ongoing() && plies < 300 {
        let actions = game.legal_actions().unwrap();
        assert!(actions.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
        assert!(actions.iter().all(|&a| a < count));
        let mut from_ids: Vec<String> = actions.iter().map(|&a| game.ply_of(a).unwrap()).collect();
        let mut legal = game.legal_plies();
        from_ids.sort();
        legal.sort();
        assert_eq!(from_ids, legal, "{}", game.spec());
        for ply in &legal {
            assert!(actions.contains(&game.action_of(ply).unwrap()));
        }
        game.observe(&mut obs).unwrap();
        assert_eq!(obs.len(), p * r * c);
        let a = actions[rng.gen_range(0..actions.len())];
        let hash = game.hash();
        game.play_action(a).unwrap();
        assert_ne!(game.hash(), hash);
        plies += 1;
    }
    assert!(game.legal_actions().unwrap().is_empty() || game.status().is_ongoing());
    plies
}

#[test]
fn legal_actions_name_the_legal_plies_in_every_game() {
    for name in game_names() {
        let mut game = open(name).unwrap();
        assert!(walk(&mut *game, 5) > 5, "{name}");
    }
    let mut small = open("escabel:size=5,pie=on").unwrap();
    walk(&mut *small, 9);
}

#[test]
fn bad_actions_are_errors_and_change_nothing() {
    let mut game = open("escabel:size=5").unwrap();
    let count = game.num_distinct_actions().unwrap();
    assert_eq!(count, 126);
    let err = game.play_action(count).unwrap_err();
    assert!(matches!(err, ActionError::Unknown { action: 126, .. }), "{err}");
    assert!(err.to_string().contains("expected an id below 126"), "{err}");
    // a1-a2 reads but is not legal on an empty board.
    let a1a2 = game.action_of("a1-a2").unwrap();
    assert!(matches!(game.play_action(a1a2), Err(ActionError::Play(_))));
    assert!(matches!(game.action_of("zz"), Err(ActionError::Play(_))));
    assert!(matches!(game.action_of("z9"), Err(ActionError::NoId { .. })));
    assert_eq!(game.plies_played(), 0);
}

#[test]
fn searches_through_any_game_return_plies_in_notation() {
    let game = open("escabel:size=5").unwrap();
    let mut search = game
        .searcher(&"mcts:iters=400,threads=1".parse().unwrap(), 0)
        .unwrap();
    let result = search.search(&*game).unwrap();
    assert_eq!(result.iterations, 400);
    assert!(game.is_legal(result.best.as_deref().unwrap()));
    assert_eq!(result.children.iter().map(|c| c.visits).sum::<u64>(), 400);
    // The tree is kept along the game: the child played keeps its visits.
    let mut next = game.clone();
    next.play(result.best.as_deref().unwrap()).unwrap();
    let reply = search.search(&*next).unwrap();
    assert_eq!(reply.iterations, 400);
    assert!(reply.children.iter().map(|c| c.visits).sum::<u64>() > 400);
    search.reset();
    let fresh = search.search(&*next).unwrap();
    assert_eq!(fresh.children.iter().map(|c| c.visits).sum::<u64>(), 400);
    let other = open("swack").unwrap();
    assert!(search.search(&*other).is_err());
}
