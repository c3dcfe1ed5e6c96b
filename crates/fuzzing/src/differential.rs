//! The `differential` target: each game's bitboard engine against its plain
//! reference implementation (feature `reference` of the game crates), ply
//! by ply on options and plies chosen by the bytes.

use std::collections::HashSet;

use abstracta_core::{Game, GameOptions, PlyBuf};

use crate::input::{choose_options, Bytes};
use crate::play::MAX_PLIES;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// How many positions at most are compared after the opening.
pub const COMPARED_POSITIONS: u32 = 6;

/// Plays the same plies in `G` and its reference `R` and compares, at every
/// position, the legal plies (as sets), the status, the side to move, the
/// swap, the ply count and the last ply, for up to [`COMPARED_POSITIONS`]
/// positions after a seeded random opening of up to [`MAX_PLIES`] plies.
pub fn compare<G, R>(bytes: &mut Bytes<'_>)
where
    G: Game,
    R: Game<Ply = G::Ply, Options = G::Options>,
{
    let cap = 1 + bytes.below(MAX_PLIES as usize) as u32;
    let options = choose_options::<G>(bytes, Some(cap));
    let spec = options.spec();
    let mut fast = G::new(options.clone());
    let mut slow = R::new(options);
    let mut history: Vec<String> = Vec::new();
    let mut fast_plies = PlyBuf::new();
    let mut slow_plies = PlyBuf::new();
    // The reference is slow: reach a deep position without comparing (the
    // engine chooses, both play), then compare a few positions in depth.
    let opening = bytes.below(MAX_PLIES as usize);
    let mut rng = SmallRng::seed_from_u64(u64::from(bytes.byte()));
    for _ in 0..opening {
        fast.legal_plies(&mut fast_plies);
        if fast_plies.is_empty() {
            break;
        }
        let ply = fast_plies[rng.gen_range(0..fast_plies.len())];
        history.push(ply.to_string());
        fast.play_unchecked(ply);
        slow.play_unchecked(ply);
    }
    let mut compared = 0;
    loop {
        compared += 1;
        let context = || format!("{spec} after [{}]", history.join(" "));
        fast.legal_plies(&mut fast_plies);
        slow.legal_plies(&mut slow_plies);
        let a: HashSet<G::Ply> = fast_plies.iter().copied().collect();
        let b: HashSet<G::Ply> = slow_plies.iter().copied().collect();
        if a != b {
            let mut only_fast: Vec<String> = a.difference(&b).map(|p| p.to_string()).collect();
            let mut only_reference: Vec<String> = b.difference(&a).map(|p| p.to_string()).collect();
            only_fast.sort();
            only_reference.sort();
            panic!(
                "{}: legal plies differ: only the engine has {only_fast:?}, only the reference has {only_reference:?}\n{}",
                context(),
                fast
            );
        }
        assert_eq!(fast.status(), slow.status(), "{}: status\n{}", context(), fast);
        assert_eq!(
            fast.to_move_colour(),
            slow.to_move_colour(),
            "{}: colour to move",
            context()
        );
        assert_eq!(
            fast.to_move_seat(),
            slow.to_move_seat(),
            "{}: seat to move",
            context()
        );
        assert_eq!(fast.swapped(), slow.swapped(), "{}: swapped", context());
        assert_eq!(
            fast.plies_played(),
            slow.plies_played(),
            "{}: plies played",
            context()
        );
        assert_eq!(fast.length_cap(), slow.length_cap(), "{}: length cap", context());
        assert_eq!(fast.last_ply(), slow.last_ply(), "{}: last ply", context());
        if fast_plies.is_empty() || compared > COMPARED_POSITIONS {
            break;
        }
        let ply = fast_plies[bytes.below(fast_plies.len())];
        history.push(ply.to_string());
        fast.play_unchecked(ply);
        slow.play_unchecked(ply);
    }
}

/// Bytes choose a game (one with a reference implementation), its options,
/// a length cap of at most [`MAX_PLIES`] and the plies; the engine and the
/// reference must agree at every position (see [`compare`]).
pub fn differential(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    match bytes.byte() % 5 {
        0 => compare::<swack::Swack, swack::reference::ReferenceSwack>(&mut bytes),
        1 => compare::<escabel::Escabel, escabel::reference::ReferenceEscabel>(&mut bytes),
        2 => compare::<ecalper::Ecalper, ecalper::reference::ReferenceEcalper>(&mut bytes),
        3 => compare::<whirlwind::Whirlwind, whirlwind::reference::ReferenceWhirlwind>(&mut bytes),
        _ => compare::<epaminondas::Epaminondas, epaminondas::reference::ReferenceEpaminondas>(&mut bytes),
    }
}
