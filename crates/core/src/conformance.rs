//! The conformance kit: generic checks every game's tests run.
//!
//! Enabled by the `conformance` feature (game crates turn it on in their
//! dev-dependencies). Every check panics with a message naming the spec, the
//! ply sequence and what disagreed, so a failure reads like a bug report.
//!
//! ```
//! use abstracta_core::conformance::{check_random_games, check_perft_text};
//! use abstracta_core::toy::{TicTacToe, TicTacToeOptions};
//! check_random_games::<TicTacToe>(&TicTacToeOptions::default(), 20, 1, TicTacToe::all_plies);
//! check_perft_text::<TicTacToe>("spec tictactoe\nsource known\n1 9\n2 72\n");
//! ```

use std::collections::HashSet;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::claims::{CellClaims, Claims};
use crate::game::{Game, PlyBuf};
use crate::knowledge::NoKnowledge;
use crate::perft::{parse_perft_file, perft};
use crate::side::{Outcome, Status, Termination};
use crate::spec::GameOptions;

/// The bound on game length used when a game has no cap: a game that runs
/// longer than this in the kit is reported as not terminating.
pub const UNCAPPED_BOUND: u32 = 1_000_000;

/// Builds the position after `moves` from the start position of `spec`,
/// panicking with a clear message if anything is wrong. For rule tests
/// written as notation.
pub fn position<G: Game>(spec: &str, moves: &str) -> G {
    let options = G::Options::from_spec(spec).unwrap_or_else(|e| panic!("spec {spec:?}: {e}"));
    let mut game = G::new(options);
    if let Err(e) = game.play_list(moves) {
        panic!("{spec} after {moves:?}: {e}\n{game}");
    }
    game
}

/// Checks one position in depth: legal plies against checked play, notation
/// round trips, hashes, seat/colour bookkeeping and status. `candidates`
/// returns plies to try (legal or not), e.g. every syntactically possible
/// ply on the board; those not in the legal set must be refused without
/// changing the position. A game without claims; see
/// [`check_position_with`] for one whose knowledge claims cells.
pub fn check_position<G: Game>(game: &G, candidates: &dyn Fn(&G) -> Vec<G::Ply>, context: &str) {
    check_position_with(game, &NoKnowledge, candidates, context);
}

/// [`check_position`] (with the game's [ply codes](Game::ply_codec), if
/// it has them, giving back every legal ply), and what searches rely on in the cell claims of
/// `claims` (the game's knowledge type): claimed cells below the count,
/// no two legal plies claiming one cell,
/// [`play_claiming`](CellClaims::play_claiming) agreeing with
/// [`claimed_cell`](CellClaims::claimed_cell) and
/// [`play_unchecked`](Game::play_unchecked), and with revocable claims
/// [`check_held_cells`].
pub fn check_position_with<G: Game, K: CellClaims<G>>(
    game: &G,
    claims: &K,
    candidates: &dyn Fn(&G) -> Vec<G::Ply>,
    context: &str,
) {
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let set: HashSet<G::Ply> = plies.iter().copied().collect();
    assert_eq!(
        set.len(),
        plies.len(),
        "{context}: duplicate legal plies in {plies:?}"
    );
    if let Some(codec) = G::ply_codec() {
        for &ply in &plies {
            let code = (codec.encode)(ply);
            let back = (codec.decode)(code);
            assert!(
                code != crate::PlyCodec::<G::Ply>::NONE && back == ply && back.to_string() == ply.to_string(),
                "{context}: ply {ply} has code {code}, which decodes to {back}"
            );
        }
    }

    let status = game.status();
    assert_eq!(
        status.is_finished(),
        plies.is_empty(),
        "{context}: status {status} but {} legal plies",
        plies.len()
    );
    assert_eq!(
        game.hash(),
        game.hash_from_scratch(),
        "{context}: incremental hash differs from scratch"
    );
    for colour in crate::Colour::ALL {
        assert_eq!(
            game.colour_of(game.seat_of(colour)),
            colour,
            "{context}: seat/colour maps disagree"
        );
    }
    assert_eq!(
        game.to_move_seat(),
        game.seat_of(game.to_move_colour()),
        "{context}: seat to move"
    );
    check_outcome(game, context);
    if let Status::Finished {
        termination: Termination::LengthCap,
        ..
    } = status
    {
        assert_eq!(
            Some(game.plies_played()),
            game.length_cap(),
            "{context}: capped before the cap"
        );
    }
    if let Some(cap) = game.length_cap() {
        assert!(
            game.plies_played() <= cap,
            "{context}: played past the length cap"
        );
    }
    let _ = game.to_string();

    // RAVE keys its statistics by AMAF index: indices must fit the slots,
    // and two legal plies of one position must not share one (their
    // children would then share RAVE statistics).
    let slots = claims.claimable_cells(game);
    let mut seen_amaf = HashSet::new();
    for &ply in &plies {
        let claimed = claims.claimed_cell(game, ply);
        if let Some(a) = claimed {
            assert!(
                a < slots,
                "{context}: AMAF index {a} of {ply} not below claimable_cells {slots}"
            );
            assert!(
                seen_amaf.insert(a),
                "{context}: two legal plies share AMAF index {a} ({ply})"
            );
        }
        // `play_claiming` is `claimed_cell` then `play_unchecked`, in one.
        let mut by_claiming = game.clone();
        assert_eq!(
            claims.play_claiming(&mut by_claiming, ply),
            claimed,
            "{context}: play_claiming({ply}) and claimed_cell disagree"
        );
        let mut by_play = game.clone();
        by_play.play_unchecked(ply);
        assert!(
            by_claiming.hash() == by_play.hash()
                && by_claiming.plies_played() == by_play.plies_played()
                && by_claiming.to_string() == by_play.to_string(),
            "{context}: play_claiming({ply}) and play_unchecked reach different positions"
        );
    }

    if K::CLAIMS == Claims::Revocable {
        check_held_cells(game, claims, context);
    }

    for &ply in &plies {
        check_legal_ply(game, ply, context);
    }

    for ply in candidates(game) {
        if set.contains(&ply) {
            continue;
        }
        let child = check_refused_ply(game, ply, context);
        assert_eq!(
            child.to_string(),
            game.to_string(),
            "{context}: refused {ply} changed the board"
        );
    }
}

/// Checks what searches rely on when claims are revocable
/// ([`Claims::Revocable`]), in the claims of `claims`: the word-wise
/// [`retain_held_cells`](CellClaims::retain_held_cells) keeps exactly the
/// slots that [`cell_holder`](CellClaims::cell_holder) gives to the seat,
/// no slot at or past [`claimable_cells`](CellClaims::claimable_cells) is
/// held, and every legal claiming ply leaves its slot with its mover.
pub fn check_held_cells<G: Game, K: CellClaims<G>>(game: &G, claims: &K, context: &str) {
    let slots = claims.claimable_cells(game);
    let words = slots.div_ceil(64);
    for seat in [crate::Seat::First, crate::Seat::Second] {
        let mut kept = vec![u64::MAX; words];
        claims.retain_held_cells(game, seat, &mut kept);
        for slot in 0..words * 64 {
            let is = kept[slot / 64] >> (slot % 64) & 1 == 1;
            let held = claims.cell_holder(game, slot) == Some(seat);
            assert!(
                slot < slots || !held,
                "{context}: slot {slot} past claimable_cells {slots} is held"
            );
            assert_eq!(
                is, held,
                "{context}: retain_held_cells and cell_holder disagree on slot {slot} for {seat}"
            );
        }
    }
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mover = game.to_move_seat();
    for &ply in &plies {
        let Some(slot) = claims.claimed_cell(game, ply) else {
            continue;
        };
        let mut child = game.clone();
        child.play_unchecked(ply);
        assert_eq!(
            claims.cell_holder(&child, slot),
            Some(mover),
            "{context}: {ply} claims slot {slot} but does not leave it with its mover"
        );
    }
}

/// Checks that the game's name in specs is the one its options read and
/// write: `G::NAME == <G::Options as GameOptions>::GAME`, and that the
/// default options' spec is that name.
pub fn check_names<G: Game>() {
    assert_eq!(
        G::NAME,
        <G::Options as GameOptions>::GAME,
        "Game::NAME differs from the options' GameOptions::GAME"
    );
    let spec = G::Options::default().spec();
    assert_eq!(
        spec.split(':').next(),
        Some(G::NAME),
        "the default options' spec {spec:?} does not start with the game's name"
    );
}

/// Checks that a finished game's winner is a seat and colour that belong
/// together: in `Outcome::Win { colour, seat }`, `seat` is
/// `game.seat_of(colour)` (after a pie swap the second seat owns the first
/// colour). Does nothing while the game goes on or after a draw.
pub fn check_outcome<G: Game>(game: &G, context: &str) {
    if let Status::Finished {
        outcome: Outcome::Win { colour, seat },
        ..
    } = game.status()
    {
        assert_eq!(
            seat,
            game.seat_of(colour),
            "{context}: the winner is {colour} and {seat}, but {colour} belongs to {}",
            game.seat_of(colour)
        );
    }
}

/// Checks one generated ply of `game`: its notation round-trips (also in
/// upper case), `is_legal` accepts it, checked `play` plays it, and the child
/// counts the ply, remembers it as the last one and keeps its hash right.
pub fn check_legal_ply<G: Game>(game: &G, ply: G::Ply, context: &str) {
    let text = ply.to_string();
    let parsed: G::Ply = text
        .parse()
        .unwrap_or_else(|e| panic!("{context}: {text:?} printed by {ply:?} does not parse: {e}"));
    assert_eq!(parsed, ply, "{context}: notation round trip of {text:?}");
    let upper: G::Ply = text
        .to_uppercase()
        .parse()
        .unwrap_or_else(|e| panic!("{context}: upper-case {text:?} does not parse: {e}"));
    assert_eq!(
        upper, ply,
        "{context}: notation is not case-insensitive for {text:?}"
    );
    assert!(
        game.is_legal(ply),
        "{context}: {text} generated but is_legal says no"
    );
    let mut child = game.clone();
    child
        .play(ply)
        .unwrap_or_else(|e| panic!("{context}: checked play refused generated ply {text}: {e}"));
    assert_eq!(
        child.plies_played(),
        game.plies_played() + 1,
        "{context}: ply count after {text}"
    );
    assert_eq!(child.last_ply(), Some(ply), "{context}: last ply after {text}");
    assert_eq!(
        child.hash(),
        child.hash_from_scratch(),
        "{context}: hash after {text}"
    );
}

/// Checks that `ply`, which is not among the legal plies of `game`, is
/// refused by `is_legal` and by checked `play`, and that the refusal leaves
/// the hash and the ply count unchanged. Returns the position after the
/// refused `play`, for further comparisons.
pub fn check_refused_ply<G: Game>(game: &G, ply: G::Ply, context: &str) -> G {
    assert!(
        !game.is_legal(ply),
        "{context}: is_legal accepts {ply} which is not generated"
    );
    let mut child = game.clone();
    assert!(
        child.play(ply).is_err(),
        "{context}: checked play accepts ungenerated {ply}"
    );
    assert_eq!(
        child.hash(),
        game.hash(),
        "{context}: refused {ply} changed the position"
    );
    assert_eq!(
        child.plies_played(),
        game.plies_played(),
        "{context}: refused {ply} counted"
    );
    child
}

/// Plays `games` seeded random games of `options`, running
/// [`check_position`] at every ply. Also checks the names
/// ([`check_names`]), that `random_ply` only returns legal plies, that the
/// game ends within its cap, and that the options' spec round-trips.
/// Returns the number of positions checked. A game without claims; see
/// [`check_random_games_with`] for one whose knowledge claims cells.
pub fn check_random_games<G: Game>(
    options: &G::Options,
    games: u32,
    seed: u64,
    candidates: impl Fn(&G) -> Vec<G::Ply>,
) -> u64 {
    check_random_games_with(options, &NoKnowledge, games, seed, candidates)
}

/// [`check_random_games`] with the game's cell claims checked too, those
/// of `claims` (see [`check_position_with`]).
pub fn check_random_games_with<G: Game, K: CellClaims<G>>(
    options: &G::Options,
    claims: &K,
    games: u32,
    seed: u64,
    candidates: impl Fn(&G) -> Vec<G::Ply>,
) -> u64 {
    check_names::<G>();
    let spec = options.spec();
    let reparsed =
        G::Options::from_spec(&spec).unwrap_or_else(|e| panic!("spec {spec:?} does not parse back: {e}"));
    assert_eq!(&reparsed, options, "spec {spec:?} parses to different options");

    let mut positions = 0;
    let mut plies = PlyBuf::new();
    for g in 0..games {
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g));
        let mut rng = SmallRng::seed_from_u64(game_seed);
        let mut game = G::new(options.clone());
        let mut history: Vec<String> = Vec::new();
        loop {
            let context = format!("{spec} seed {game_seed} after [{}]", history.join(" "));
            check_position_with(&game, claims, &candidates, &context);
            positions += 1;
            game.legal_plies(&mut plies);
            let random = game.random_ply(&mut rng);
            match random {
                None => {
                    assert!(
                        plies.is_empty(),
                        "{context}: random_ply gave None with legal plies"
                    );
                    break;
                }
                Some(r) => assert!(plies.contains(&r), "{context}: random_ply gave illegal {r}"),
            }
            // Alternate between the game's own random ply and a uniform one
            // so both paths are exercised.
            let ply = if rng.gen_bool(0.5) {
                random.expect("checked above")
            } else {
                plies[rng.gen_range(0..plies.len())]
            };
            history.push(ply.to_string());
            game.play_unchecked(ply);
            let bound = game.length_cap().unwrap_or(UNCAPPED_BOUND);
            assert!(
                game.plies_played() <= bound,
                "{context}: game did not end within {bound} plies"
            );
        }
    }
    positions
}

/// The number of cases a property test runs: `PROPTEST_CASES` when it is
/// set to a number, else `default`.
pub fn proptest_cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The legal plies of `game`, sorted, so that the lists of two
/// implementations compare equal whatever order each generates them in.
///
/// ```
/// use abstracta_core::conformance::sorted_legal_plies;
/// use abstracta_core::toy::{TicTacToe, TicTacToeOptions};
/// use abstracta_core::Game;
/// let plies = sorted_legal_plies(&TicTacToe::new(TicTacToeOptions::default()));
/// assert_eq!(plies.len(), 9);
/// assert!(plies.windows(2).all(|w| w[0] < w[1]));
/// ```
pub fn sorted_legal_plies<G: Game>(game: &G) -> Vec<G::Ply>
where
    G::Ply: Ord,
{
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mut v = plies.to_vec();
    v.sort();
    v
}

/// Plays `ply` on both implementations of a game (an engine and its
/// reference, in a differential test) and appends it to `history`, the
/// plies so far; panics naming the history if either refuses it.
pub fn play_both<A: Game, B: Game<Ply = A::Ply>>(
    engine: &mut A,
    reference: &mut B,
    ply: A::Ply,
    history: &mut Vec<String>,
) {
    history.push(ply.to_string());
    let context = || history.join(" ");
    engine
        .play(ply)
        .unwrap_or_else(|e| panic!("engine refuses the last of [{}]: {e}", context()));
    reference
        .play(ply)
        .unwrap_or_else(|e| panic!("reference refuses the last of [{}]: {e}", context()));
}

/// Checks every record of a perft data file whose spec names this game;
/// returns how many counts were checked.
pub fn check_perft_text<G: Game>(text: &str) -> usize {
    let records = parse_perft_file(text).unwrap_or_else(|e| panic!("{e}"));
    let mut checked = 0;
    for record in records {
        let Ok(options) = G::Options::from_spec(&record.spec) else {
            // Records of other games may share the file.
            let name = record
                .spec
                .split(':')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase();
            assert_ne!(name, G::NAME, "line {}: bad spec {:?}", record.line, record.spec);
            continue;
        };
        let mut game = G::new(options);
        game.play_list(&record.moves)
            .unwrap_or_else(|e| panic!("line {}: {}: {e}", record.line, record.spec));
        for (depth, expected) in &record.counts {
            let got = perft(&game, *depth);
            assert_eq!(
                got, *expected,
                "perft line {}: {} moves [{}] depth {depth} (source: {})",
                record.line, record.spec, record.moves, record.source
            );
            checked += 1;
        }
    }
    checked
}

#[cfg(test)]
mod tests {
    //! The kit catches games that break the contract: a toy game wrapped so
    //! that it names the wrong winning seat, or the wrong name.

    use super::*;
    use crate::error::SpecError;
    use crate::side::{Colour, Seat};
    use crate::toy::{TicTacToe, TicTacToeOptions};

    /// Options whose `GAME` is `NAME` (so that only the flaw under test
    /// differs).
    #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
    struct Opts<const FLAW: u8>(TicTacToeOptions);

    impl<const FLAW: u8> std::fmt::Display for Opts<FLAW> {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(&self.spec())
        }
    }

    impl<const FLAW: u8> std::str::FromStr for Opts<FLAW> {
        type Err = SpecError;
        fn from_str(text: &str) -> Result<Self, SpecError> {
            Self::from_spec(text)
        }
    }

    impl<const FLAW: u8> GameOptions for Opts<FLAW> {
        const GAME: &'static str = "tictactoe";
        const KEYS: &'static [&'static str] = TicTacToeOptions::KEYS;
        fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
            self.0.set(key, value)
        }
        fn to_pairs(&self) -> Vec<(&'static str, String)> {
            self.0.to_pairs()
        }
    }

    const WRONG_SEAT: u8 = 1;
    const WRONG_NAME: u8 = 2;

    /// Tic-tac-toe with one flaw.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Flawed<const FLAW: u8> {
        game: TicTacToe,
        options: Opts<FLAW>,
    }

    impl<const FLAW: u8> std::fmt::Display for Flawed<FLAW> {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            self.game.fmt(f)
        }
    }

    impl<const FLAW: u8> Game for Flawed<FLAW> {
        type Ply = <TicTacToe as Game>::Ply;
        type Options = Opts<FLAW>;
        const NAME: &'static str = if FLAW == WRONG_NAME {
            "tic-tac-toe"
        } else {
            "tictactoe"
        };

        fn new(options: Opts<FLAW>) -> Self {
            Flawed {
                game: TicTacToe::new(options.0.clone()),
                options,
            }
        }
        fn options(&self) -> &Opts<FLAW> {
            &self.options
        }
        fn to_move_colour(&self) -> Colour {
            self.game.to_move_colour()
        }
        fn swapped(&self) -> bool {
            self.game.swapped()
        }
        fn legal_plies(&self, out: &mut PlyBuf<Self::Ply>) {
            self.game.legal_plies(out)
        }
        fn play_unchecked(&mut self, ply: Self::Ply) {
            self.game.play_unchecked(ply)
        }
        fn status(&self) -> Status {
            match self.game.status() {
                Status::Finished {
                    outcome: Outcome::Win { colour, seat },
                    termination,
                } if FLAW == WRONG_SEAT => Status::Finished {
                    outcome: Outcome::Win {
                        colour,
                        seat: seat.opponent(),
                    },
                    termination,
                },
                status => status,
            }
        }
        fn hash(&self) -> u64 {
            self.game.hash()
        }
        fn hash_from_scratch(&self) -> u64 {
            self.game.hash_from_scratch()
        }
        fn plies_played(&self) -> u32 {
            self.game.plies_played()
        }
        fn length_cap(&self) -> Option<u32> {
            self.game.length_cap()
        }
        fn last_ply(&self) -> Option<Self::Ply> {
            self.game.last_ply()
        }
    }

    fn all_plies<const FLAW: u8>(game: &Flawed<FLAW>) -> Vec<<TicTacToe as Game>::Ply> {
        TicTacToe::all_plies(&game.game)
    }

    #[test]
    fn the_unflawed_wrapper_passes() {
        check_random_games::<Flawed<0>>(&Opts::default(), 20, 1, all_plies);
        check_names::<Flawed<0>>();
    }

    #[test]
    #[should_panic(expected = "the winner is")]
    fn a_win_with_the_wrong_seat_fails() {
        check_random_games::<Flawed<WRONG_SEAT>>(&Opts::default(), 20, 1, all_plies);
    }

    #[test]
    #[should_panic(expected = "belongs to")]
    fn check_outcome_names_the_seat() {
        let game: Flawed<WRONG_SEAT> = position("tictactoe", "a1 b1 a2 b2 a3");
        assert_eq!(game.game.status().winner_seat(), Some(Seat::First));
        check_outcome(&game, "x wins");
    }

    #[test]
    #[should_panic(expected = "Game::NAME differs")]
    fn a_name_that_differs_from_the_options_fails() {
        check_random_games::<Flawed<WRONG_NAME>>(&Opts::default(), 1, 1, all_plies);
    }
}
