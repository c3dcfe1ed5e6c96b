//! The positions of `docs/solver.md` (start positions and seeded later
//! positions of Escabel, Swack, Ecalper and Whirlwind), each solved by
//! pns: `cargo run --release -p abstracta-pns --example positions
//! [PNS_SPEC [FILTER]]` (default `pns:time=60s,tt=512,plies=best`; only
//! the positions whose game spec or plies contain `FILTER`). One line per
//! position: value, expanded nodes, seconds, table entries. The same
//! numbers as `arena solve SPEC --moves PLIES --engine PNS_SPEC` (the
//! search is deterministic), without building the whole arena.

use std::str::FromStr;

use abstracta_core::knowledge::SearchKnowledge;
use abstracta_core::search::{Search, SearchResult};
use abstracta_core::Game;
use pns::{PnsOptions, PnsSearch};

/// (game spec, plies played from its start).
const POSITIONS: &[(&str, &str)] = &[
    ("escabel:size=4", "b3 c2 a4 a1 d1 a3 a2 d3 c1 c3"),
    ("escabel:size=4", "d4 b4 a3 c4 c1 b1 a4 b1-c1 c2 d3"),
    ("escabel:size=4", "b3 c2 a4 a1 d1 a3"),
    ("escabel:size=4", "d4 b4 a3 c4 c1 b1"),
    (
        "escabel:size=5",
        "e3 e2 a5 e4 a1 a2 d3 b2 d1 a3 c4 e5 b4 c3 a1-a2 c2",
    ),
    (
        "escabel:size=5",
        "e4 a4 c2 c5 a5 d3 d4 c1 d4-d3 e2 b5 b4 b5-b4 d2 b2 b5-a5",
    ),
    ("escabel:size=5", "e3 e2 a5 e4 a1 a2 d3 b2 d1 a3 c4 e5"),
    (
        "whirlwind:size=6",
        "c4 a3 b6 c5 f5 a2 a4 d2 e2 a5 end e1 c6 f2 end b1 e6 d4 end f3",
    ),
    (
        "whirlwind:size=6",
        "b6 c6 d6 e5 e6 d4 f4 d1 f3 c4 end d2 d3 c3 f5 f2 b5 b1 c1 e1",
    ),
    ("whirlwind:size=6", "c4 a3 b6 c5 f5 a2 a4 d2 e2 a5 end e1 c6 f2"),
    ("whirlwind:size=6", "b6 c6 d6 e5 e6 d4 f4 d1 f3 c4 end d2 d3 c3"),
    ("whirlwind:size=6", "c4 a3 b6 c5 f5 a2 a4 d2"),
    ("whirlwind:size=6", "b6 c6 d6 e5 e6 d4 f4 d1"),
    ("ecalper:size=3", "c4 d5 e5 xc4 a2 c3 e4 xe4 e3 d4 c5"),
    ("ecalper:size=3", "c4 c5 e5 swap xc4 b1 b4 d5 xd5 c2 e3"),
    ("ecalper:size=3", "c4 d5 e5 xc4 a2 c3 e4"),
    ("swack:size=3", ""),
    ("escabel:size=3", ""),
    ("whirlwind:size=4", ""),
];

fn line<P>(spec: &str, plies: &str, r: &SearchResult<P>) {
    println!(
        "{spec} `{plies}` | {} | {} | {:.2}s | {}",
        r.proof.map_or("unsolved".to_owned(), |p| p.to_string()),
        r.iterations,
        r.elapsed.as_secs_f64(),
        r.nodes
    );
}

fn run<G, K>(spec: &str, plies: &str, engine: &str)
where
    G: Game,
    G::Options: FromStr,
    <G::Options as FromStr>::Err: std::fmt::Debug,
    K: SearchKnowledge<G> + Default,
{
    let options = spec.parse().expect("a game spec");
    let mut game = G::new(options);
    game.play_list(plies).expect("legal plies");
    let mut search = PnsSearch::<G, K>::new(parse_engine(engine));
    line(spec, plies, &search.search(&game, &[]));
}

/// The engine argument, or the reason it is refused and exit status 2.
fn parse_engine(engine: &str) -> PnsOptions {
    engine.parse().unwrap_or_else(|e| {
        eprintln!("positions: {e}");
        std::process::exit(2)
    })
}

fn main() {
    let engine = std::env::args()
        .nth(1)
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "pns:time=60s,tt=512,plies=best".to_owned());
    // Refused before any position is set up.
    parse_engine(&engine);
    let filter = std::env::args().nth(2).unwrap_or_default();
    for &(spec, plies) in POSITIONS {
        if !spec.contains(&filter) && !plies.contains(&filter) {
            continue;
        }
        match spec.split(':').next() {
            Some("escabel") => run::<escabel::Escabel, escabel::EscabelKnowledge>(spec, plies, &engine),
            Some("swack") => run::<swack::Swack, swack::SwackKnowledge>(spec, plies, &engine),
            Some("ecalper") => run::<ecalper::Ecalper, ecalper::EcalperKnowledge>(spec, plies, &engine),
            Some("whirlwind") => {
                run::<whirlwind::Whirlwind, whirlwind::WhirlwindKnowledge>(spec, plies, &engine)
            }
            _ => unreachable!("the positions above are of these games"),
        }
    }
}
