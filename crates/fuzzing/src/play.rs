//! The `play` target: bytes choose a game, its options and a small length
//! cap, then every ply (legal ones, and now and then an illegal one).

use std::collections::HashSet;

use abstracta::registry::GameVisitor;
use abstracta::registry::RegisteredGame;
use abstracta_core::conformance::{check_legal_ply, check_position_with, check_refused_ply};
use abstracta_core::{Game, GameOptions, PlayError, PlyBuf};
use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::input::{choose_game, choose_options, visit_game, Bytes};

/// The largest length cap the bytes can choose, and the bound on plies
/// for a game that refuses a cap.
pub const MAX_PLIES: u32 = 64;

/// Positions with at most this many legal plies get the full
/// [`check_position_with`] (the game's claims checked too); bigger ones a sampled version of it, so that one
/// input stays fast on big boards.
pub const FULL_CHECK_LIMIT: usize = 32;

/// How many refused plies are tried at each position.
const CANDIDATES: usize = 4;

/// Checks `game` like [`check_position_with`] but plays only `sample` of its
/// legal plies (the other checks are the same).
fn check_sampled<G: Game>(
    game: &G,
    legal: &[G::Ply],
    sample: &[usize],
    candidates: &[G::Ply],
    context: &str,
) {
    let set: HashSet<G::Ply> = legal.iter().copied().collect();
    assert_eq!(set.len(), legal.len(), "{context}: duplicate legal plies");
    assert_eq!(
        game.status().is_finished(),
        legal.is_empty(),
        "{context}: status vs legal plies"
    );
    assert_eq!(game.hash(), game.hash_from_scratch(), "{context}: hash");
    for &i in sample {
        check_legal_ply(game, legal[i % legal.len()], context);
    }
    for &ply in candidates {
        if !set.contains(&ply) {
            check_refused_ply(game, ply, context);
        }
    }
}

struct Play<'a, 'b> {
    bytes: &'a mut Bytes<'b>,
}

impl GameVisitor for Play<'_, '_> {
    type Output = ();

    fn visit<G: RegisteredGame>(self, _default: G::Options) {
        let bytes = self.bytes;
        let cap = 1 + bytes.below(MAX_PLIES as usize) as u32;
        let options = choose_options::<G>(bytes, Some(cap));
        let spec = options.spec();
        let mut rng = SmallRng::seed_from_u64(u64::from(bytes.byte()));
        let mut game = G::new(options.clone());
        let bound = game.length_cap().map_or(MAX_PLIES, |c| c.min(MAX_PLIES));
        let must_end = game.length_cap().is_some_and(|c| c <= MAX_PLIES);

        let mut history: Vec<G::Ply> = Vec::new();
        // Plies legal at some earlier position: most are illegal now.
        let mut seen: Vec<G::Ply> = Vec::new();
        let mut seen_set: HashSet<G::Ply> = HashSet::new();
        let mut previous: Vec<G::Ply> = Vec::new();
        let mut legal = PlyBuf::new();
        loop {
            let context = format!(
                "{spec} after [{}]",
                history
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            game.legal_plies(&mut legal);

            // Refused plies to try: the previous position's (the one just
            // played among them) and some older ones.
            let mut candidates: Vec<G::Ply> = previous.iter().copied().take(CANDIDATES / 2).collect();
            if let Some(&last) = history.last() {
                candidates.push(last);
            }
            for _ in 0..CANDIDATES / 2 {
                if seen.is_empty() {
                    break;
                }
                candidates.push(seen[bytes.below(seen.len())]);
            }
            if legal.len() <= FULL_CHECK_LIMIT {
                check_position_with(
                    &game,
                    &G::Knowledge::default(),
                    &|_: &G| candidates.clone(),
                    &context,
                );
            } else {
                let sample: Vec<usize> = (0..3).map(|_| bytes.below(legal.len())).collect();
                check_sampled(&game, &legal, &sample, &candidates, &context);
            }

            let random = game.random_ply(&mut rng);
            if game.status().is_finished() {
                assert!(random.is_none(), "{context}: random_ply after the end");
                if let Some(&ply) = seen.first() {
                    let mut child = game.clone();
                    assert!(
                        matches!(child.play(ply), Err(PlayError::GameOver { .. })),
                        "{context}: a finished game accepts or misreports {ply}"
                    );
                }
                break;
            }
            if let Some(r) = random {
                assert!(legal.contains(&r), "{context}: random_ply gives illegal {r}");
            } else {
                panic!("{context}: random_ply gives nothing in an ongoing game");
            }
            if let Some(cap) = game.length_cap() {
                assert!(
                    game.plies_played() < cap,
                    "{context}: ongoing at the length cap {cap}"
                );
            }
            if game.plies_played() >= bound {
                assert!(!must_end, "{context}: the game outlived its cap");
                break;
            }

            let action = bytes.byte();
            if action % 8 == 7 {
                // Garbage text, which must be refused or be a legal ply.
                let len = bytes.below(8);
                let raw: Vec<u8> = (0..len).map(|_| bytes.byte()).collect();
                let text = String::from_utf8_lossy(&raw).into_owned();
                let mut child = game.clone();
                match child.play_str(&text) {
                    Ok(ply) => assert!(legal.contains(&ply), "{context}: {text:?} plays illegal {ply}"),
                    Err(_) => {
                        assert_eq!(
                            child.hash(),
                            game.hash(),
                            "{context}: refused {text:?} changed the hash"
                        );
                        assert_eq!(
                            child.to_string(),
                            game.to_string(),
                            "{context}: refused {text:?} changed the board"
                        );
                    }
                }
            }
            let ply = legal[bytes.below(legal.len())];
            match action % 3 {
                0 => game.play_unchecked(ply),
                1 => game
                    .play(ply)
                    .unwrap_or_else(|e| panic!("{context}: checked play refuses legal {ply}: {e}")),
                _ => {
                    let played = game
                        .play_str(&ply.to_string())
                        .unwrap_or_else(|e| panic!("{context}: play_str refuses legal {ply}: {e}"));
                    assert_eq!(played, ply, "{context}: play_str read {ply} as {played}");
                }
            }
            history.push(ply);
            previous.clear();
            previous.extend(legal.iter().copied());
            for &p in &legal {
                if seen.len() < 512 && seen_set.insert(p) {
                    seen.push(p);
                }
            }
        }

        // Replaying the plies from the start reaches the same position.
        let text = history
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let mut replay = G::new(options);
        replay
            .play_list(&text)
            .unwrap_or_else(|e| panic!("{spec}: replaying [{text}] fails: {e}"));
        assert_eq!(
            replay.hash(),
            game.hash(),
            "{spec}: replay of [{text}] hashes differently"
        );
        assert_eq!(
            replay.status(),
            game.status(),
            "{spec}: replay of [{text}] ends differently"
        );
        assert_eq!(
            replay.to_string(),
            game.to_string(),
            "{spec}: replay of [{text}] renders differently"
        );
    }
}

/// Bytes choose a game, its options and a length cap of at most
/// [`MAX_PLIES`], then the plies: after every ply the incremental hash
/// equals the from-scratch one, the legal plies agree with checked play,
/// refused plies leave the position alone, the status is consistent, and
/// the game ends by its cap.
pub fn play(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let name = choose_game(&mut bytes);
    visit_game(name, Play { bytes: &mut bytes });
}
