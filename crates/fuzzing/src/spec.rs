//! The `spec` target: any text as a game spec.

use abstracta::registry::{canonical_spec, with_game, GameVisitor};
use abstracta_core::{Game, GameOptions, GameSpec, PlyBuf};

/// Checks, for the options a spec parsed to, that the canonical spec parses
/// back to equal options and is its own canonical form, and that a game can
/// be started with them.
struct RoundTrip<'a> {
    input: &'a str,
}

impl GameVisitor for RoundTrip<'_> {
    type Output = String;

    fn visit<G: Game>(self, options: G::Options) -> String {
        let input = self.input;
        let canonical = options.spec();
        let reparsed = G::Options::from_spec(&canonical).unwrap_or_else(|e| {
            panic!("{input:?} parsed, but its canonical spec {canonical:?} does not: {e}")
        });
        assert_eq!(
            reparsed, options,
            "{input:?}: canonical spec {canonical:?} parses to different options"
        );
        assert_eq!(
            reparsed.spec(),
            canonical,
            "{input:?}: canonical spec is not a fixed point"
        );
        let game = G::new(options);
        let mut plies = PlyBuf::new();
        game.legal_plies(&mut plies);
        assert_eq!(
            plies.is_empty(),
            game.status().is_finished(),
            "{input:?}: start position status vs legal plies"
        );
        assert_eq!(game.hash(), game.hash_from_scratch(), "{input:?}: start hash");
        let _ = game.to_string();
        canonical
    }
}

/// Any text as a game spec: it parses or gives an error, never panics;
/// what parses prints back to a spec that parses to equal options.
pub fn spec(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    check_spec(&text);
}

/// The body of [`spec`] for text.
pub fn check_spec(text: &str) {
    if let Ok(parsed) = text.parse::<GameSpec>() {
        let printed = parsed.to_string();
        let again: GameSpec = printed
            .parse()
            .unwrap_or_else(|e| panic!("{text:?} parsed but prints as {printed:?}, which does not: {e}"));
        assert_eq!(
            again, parsed,
            "{text:?}: printed spec {printed:?} parses differently"
        );
    }
    match with_game(text, RoundTrip { input: text }) {
        Ok(canonical) => {
            let again = canonical_spec(&canonical)
                .unwrap_or_else(|e| panic!("{text:?}: canonical {canonical:?} fails in the registry: {e}"));
            assert_eq!(again, canonical, "{text:?}: registry canonical form");
        }
        Err(e) => assert!(!e.to_string().is_empty(), "{text:?}: empty error"),
    }
}
