//! The `protocol` target: any lines sent to an engine-protocol session.

use abstracta::registry::GameVisitor;
use abstracta_core::{Game, GameOptions};
use protocol::Session;

use crate::input::{choose_game, choose_options, visit_game, Bytes};

/// The most lines one input sends (the rest are ignored).
pub const MAX_LINES: usize = 200;

struct ChooseSpec<'a, 'b> {
    bytes: &'a mut Bytes<'b>,
}

impl GameVisitor for ChooseSpec<'_, '_> {
    type Output = String;

    fn visit<G: Game>(self, _default: G::Options) -> String {
        let cap = 1 + u32::from(self.bytes.byte() % 64);
        choose_options::<G>(self.bytes, Some(cap)).spec()
    }
}

/// Whether a line could make the session start an external program
/// (`set engine cmd:...`): such lines are not sent.
pub fn spawns_a_program(line: &str) -> bool {
    line.to_ascii_lowercase().contains("cmd")
}

/// Checks the shape of one answer: `=` or `?`, the command's id repeated,
/// one blank line at the end and none before it.
pub fn check_answer(line: &str, answer: &str) {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        assert_eq!(answer, "", "{line:?}: blank and comment lines get no answer");
        return;
    }
    assert!(
        answer.starts_with('=') || answer.starts_with('?'),
        "{line:?}: answer {answer:?} starts with neither = nor ?"
    );
    assert!(
        answer.ends_with("\n\n"),
        "{line:?}: answer {answer:?} does not end with a blank line"
    );
    assert!(
        !answer[..answer.len() - 2].contains("\n\n"),
        "{line:?}: answer {answer:?} has a blank line before its end"
    );
    let id_len = trimmed
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(trimmed.len());
    let id = &trimmed[..id_len];
    let after = &answer[1..];
    assert!(
        after.starts_with(id),
        "{line:?}: answer {answer:?} does not repeat the id {id:?}"
    );
    assert!(
        after[id.len()..].starts_with([' ', '\n']),
        "{line:?}: answer {answer:?}: the id is not followed by a space or the end"
    );
}

/// Bytes choose a game and its options; the rest is lines sent to a
/// session with the `random` engine: every line gets an answer starting
/// with `=` or `?` (none for blank and comment lines), the session never
/// panics, and a `showboard` afterwards still works.
pub fn protocol(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let name = choose_game(&mut bytes);
    let spec = visit_game(name, ChooseSpec { bytes: &mut bytes });
    let mut session = Session::new(&spec, "random")
        .unwrap_or_else(|e| panic!("a session for {spec:?} does not start: {e}"));
    let text = bytes.rest_text();
    for line in text.split('\n').take(MAX_LINES) {
        if spawns_a_program(line) {
            continue;
        }
        let (answer, quit) = session.handle_line(line);
        check_answer(line, &answer);
        if quit {
            assert!(answer.starts_with('='), "{line:?}: quits with {answer:?}");
            break;
        }
    }
    let (answer, quit) = session.handle_line("showboard");
    assert!(
        answer.starts_with("= ") || answer.starts_with("=\n"),
        "{spec}: showboard after {text:?} answers {answer:?}"
    );
    assert!(!quit, "showboard quits");
    let (answer, _) = session.handle_line("7 status");
    assert!(
        answer.starts_with("=7 "),
        "{spec}: status after {text:?} answers {answer:?}"
    );
}
