//! Reading fuzz input bytes as a stream of small decisions, and the shared
//! steps every game target takes: choose a game, choose its options, reach a
//! position by seeded random plies.

use abstracta::registry::{game_names, with_game, GameVisitor};
use abstracta_core::{Game, GameOptions, PlyBuf, SpecError};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The fuzz input as a stream of decisions. Once the bytes run out every
/// read gives zero, so any input is a complete (if short) run.
#[derive(Clone, Debug)]
pub struct Bytes<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Bytes<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data, pos: 0 }
    }

    /// The next byte, or 0 once the input is used up.
    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos = (self.pos + 1).min(self.data.len());
        b
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }

    /// A number below `n` (which must be positive), from one or two bytes.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        if n <= 256 {
            usize::from(self.byte()) % n
        } else {
            (usize::from(self.byte()) << 8 | usize::from(self.byte())) % n
        }
    }

    /// Eight bytes as a seed.
    pub fn seed(&mut self) -> u64 {
        (0..8).fold(0u64, |s, _| s << 8 | u64::from(self.byte()))
    }

    /// Everything not read yet, as text (invalid UTF-8 replaced).
    pub fn rest_text(&mut self) -> String {
        let text = String::from_utf8_lossy(&self.data[self.pos..]).into_owned();
        self.pos = self.data.len();
        text
    }
}

/// The registered game chosen by one byte. Every registered game (the toy
/// tic-tac-toe included) can be chosen.
pub fn choose_game(bytes: &mut Bytes<'_>) -> &'static str {
    let names = game_names();
    names[bytes.below(names.len())]
}

/// Runs `visitor` on the registered game `name` with default options.
pub fn visit_game<V: GameVisitor>(name: &str, visitor: V) -> V::Output {
    match with_game(name, visitor) {
        Ok(output) => output,
        Err(e) => panic!("registered game {name:?} does not accept its bare name: {e}"),
    }
}

/// Values worth trying for option `key` of `G`, read from the error the
/// game gives for a nonsense value (`one of a, b`, `from 3 to 12`, `on or
/// off`), plus a few generic ones.
pub fn candidate_values<O: GameOptions>(key: &str) -> Vec<String> {
    let mut values: Vec<String> = Vec::new();
    let expected = match O::from_pairs(&[(key.to_owned(), "?".to_owned())]) {
        Err(SpecError::BadValue { expected, .. }) => expected,
        Err(other) => other.to_string(),
        Ok(_) => String::new(),
    };
    if let Some(choices) = expected.strip_prefix("one of ") {
        values.extend(choices.split(", ").map(|c| c.trim().to_owned()));
    }
    if expected.contains("on or off") {
        values.extend(["on".to_owned(), "off".to_owned()]);
    }
    // "a whole number from 3 to 12", "an even number from 4 to 26", ...
    let numbers: Vec<u64> = expected
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    if let [low, high, ..] = numbers[..] {
        if low <= high {
            let top = high.min(low + 40);
            values.extend((low..=top).map(|n| n.to_string()));
            values.push(high.to_string());
        }
    }
    values.extend(["on", "off", "none", "0", "1", "2", "3", "4", "5", "6", "7", "8"].map(String::from));
    values
}

/// Options for `G` chosen by the bytes: each key (but `cap`) is left at its
/// default or given one of its [`candidate_values`]; a choice the game
/// refuses is dropped. With `cap` set, `cap=N` is added (and kept if the
/// game accepts it).
pub fn choose_options<G: Game>(bytes: &mut Bytes<'_>, cap: Option<u32>) -> G::Options {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for key in <G::Options as GameOptions>::KEYS {
        if *key == "cap" {
            continue;
        }
        let b = bytes.byte();
        if b & 1 == 0 {
            continue;
        }
        let values = candidate_values::<G::Options>(key);
        let value = values[usize::from(b >> 1) % values.len()].clone();
        pairs.push(((*key).to_owned(), value));
        if G::Options::from_pairs(&pairs).is_err() {
            pairs.pop();
        }
    }
    if let Some(cap) = cap {
        pairs.push(("cap".to_owned(), cap.to_string()));
        if G::Options::from_pairs(&pairs).is_err() {
            pairs.pop();
        }
    }
    G::Options::from_pairs(&pairs).unwrap_or_else(|e| panic!("{pairs:?} was accepted one by one: {e}"))
}

/// Plays up to `count` plies chosen uniformly by a generator seeded from
/// the bytes; returns them in notation.
pub fn random_plies<G: Game>(game: &mut G, count: usize, bytes: &mut Bytes<'_>) -> Vec<String> {
    let mut rng = SmallRng::seed_from_u64(bytes.seed());
    let mut plies = PlyBuf::new();
    let mut played = Vec::new();
    for _ in 0..count {
        game.legal_plies(&mut plies);
        if plies.is_empty() {
            break;
        }
        let ply = plies[rng.gen_range(0..plies.len())];
        played.push(ply.to_string());
        game.play_unchecked(ply);
    }
    played
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::toy::TicTacToeOptions;

    #[test]
    fn exhausted_input_reads_zero() {
        let mut b = Bytes::new(&[7]);
        assert_eq!(b.byte(), 7);
        assert!(b.is_empty());
        assert_eq!(b.byte(), 0);
        assert_eq!(b.below(3), 0);
        assert_eq!(b.rest_text(), "");
    }

    #[test]
    fn candidate_values_come_from_the_error_text() {
        let values = candidate_values::<TicTacToeOptions>("pie");
        assert_eq!(&values[..2], ["on", "off"]);
    }
}
