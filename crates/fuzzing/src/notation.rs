//! The `notation` target: any text as a ply and as a ply list, against a
//! real position of a game chosen by the bytes.

use abstracta::registry::GameVisitor;
use abstracta_core::{parse_ply_list, Game, GameOptions, PlayError, PlyBuf};

use crate::input::{choose_game, choose_options, random_plies, visit_game, Bytes};

/// How many random plies at most lead to the position the text is tried on.
pub const MAX_OPENING_PLIES: usize = 40;

struct Notation<'a, 'b> {
    bytes: &'a mut Bytes<'b>,
}

/// Asserts that `after` is the same position as `before`.
fn assert_unchanged<G: Game>(before: &G, after: &G, context: &str) {
    assert_eq!(after.hash(), before.hash(), "{context}: hash changed");
    assert_eq!(
        after.plies_played(),
        before.plies_played(),
        "{context}: ply count changed"
    );
    assert_eq!(after.to_string(), before.to_string(), "{context}: board changed");
}

impl GameVisitor for Notation<'_, '_> {
    type Output = ();

    fn visit<G: Game>(self, _default: G::Options) {
        let bytes = self.bytes;
        let options = choose_options::<G>(bytes, None);
        let mut game = G::new(options);
        let count = bytes.below(MAX_OPENING_PLIES + 1);
        let opening = random_plies(&mut game, count, bytes);
        let text = bytes.rest_text();
        let context = format!(
            "{} after [{}], text {text:?}",
            game.options().spec(),
            opening.join(" ")
        );
        let mut legal = PlyBuf::new();
        game.legal_plies(&mut legal);

        // The text as one ply.
        let mut child = game.clone();
        match text.trim().parse::<G::Ply>() {
            Ok(ply) => {
                let printed = ply.to_string();
                let reparsed: G::Ply = printed.parse().unwrap_or_else(|e| {
                    panic!("{context}: {ply:?} prints as {printed:?}, which does not parse: {e}")
                });
                assert_eq!(reparsed, ply, "{context}: round trip through {printed:?}");
                let is_legal = game.is_legal(ply);
                assert_eq!(
                    is_legal,
                    legal.contains(&ply),
                    "{context}: is_legal({printed}) disagrees with the legal plies"
                );
                match child.play_str(&text) {
                    Ok(played) => {
                        assert!(is_legal, "{context}: checked play accepts illegal {printed}");
                        assert_eq!(played, ply, "{context}: play_str played another ply");
                        assert_eq!(child.last_ply(), Some(ply), "{context}: last ply");
                        assert_eq!(
                            child.plies_played(),
                            game.plies_played() + 1,
                            "{context}: ply count"
                        );
                        assert_eq!(child.hash(), child.hash_from_scratch(), "{context}: hash");
                    }
                    Err(e) => {
                        assert!(!is_legal, "{context}: checked play refuses legal {printed}: {e}");
                        assert!(
                            !matches!(e, PlayError::Parse(_)),
                            "{context}: parses alone but not in play_str: {e}"
                        );
                        assert_unchanged(&game, &child, &context);
                    }
                }
            }
            Err(e) => {
                assert!(!e.to_string().is_empty(), "{context}: empty parse error");
                let refused = child.play_str(&text);
                assert!(
                    matches!(refused, Err(PlayError::Parse(_))),
                    "{context}: unparsable text gives {refused:?} from play_str"
                );
                assert_unchanged(&game, &child, &context);
            }
        }

        // The text as a ply list.
        let parsed = parse_ply_list::<G::Ply>(&text);
        let mut child = game.clone();
        let played = child.play_list(&text);
        let count = match (&parsed, &played) {
            (Ok(list), Ok(done)) => {
                assert_eq!(list, done, "{context}: parsed and played lists differ");
                let printed: Vec<String> = done.iter().map(|p| p.to_string()).collect();
                let again = parse_ply_list::<G::Ply>(&printed.join(", "))
                    .unwrap_or_else(|e| panic!("{context}: printed list does not parse: {e}"));
                assert_eq!(&again, done, "{context}: list round trip");
                done.len()
            }
            (Err(e), Ok(_)) => panic!("{context}: the list does not parse ({e}) but plays"),
            (Ok(list), Err(e)) => {
                assert!(
                    !matches!(e.error, PlayError::Parse(_)),
                    "{context}: parses as a list but play_list has a parse error: {e}"
                );
                assert!(
                    e.index >= 1 && e.index <= list.len(),
                    "{context}: index {}",
                    e.index
                );
                e.index - 1
            }
            (Err(pe), Err(e)) => {
                assert!(
                    e.index <= pe.index,
                    "{context}: play_list fails at {} after the parse error at {}",
                    e.index,
                    pe.index
                );
                assert!(e.index >= 1, "{context}: index 0");
                e.index - 1
            }
        };
        assert_eq!(
            child.plies_played(),
            game.plies_played() + count as u32,
            "{context}: plies before the failing one stay played"
        );
        assert_eq!(
            child.hash(),
            child.hash_from_scratch(),
            "{context}: hash after play_list"
        );
        if let Err(e) = &played {
            // The failing ply must be refused by a position that has the
            // plies before it: replaying it there must fail the same way.
            let mut again = child.clone();
            assert!(
                again.play_str(&e.text).is_err(),
                "{context}: play_list stopped at {:?}, which plays",
                e.text
            );
            assert_unchanged(&child, &again, &context);
        }
    }
}

/// Bytes choose a game, its options and a seeded random opening; the rest
/// is text tried as one ply and as a ply list: it parses to a ply that is
/// legal exactly when checked play accepts it, or gives an error that
/// leaves the position alone; what parses prints and parses back.
pub fn notation(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let name = choose_game(&mut bytes);
    visit_game(name, Notation { bytes: &mut bytes });
}
