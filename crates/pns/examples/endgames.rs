//! Epaminondas endgames with few pieces, set up from diagrams (no spec can
//! reach them), solved by pns and by the MCTS solver with the same time
//! limit: `cargo run --release -p abstracta-pns --example endgames [SECONDS
//! [PNS_OPTIONS [pns-only|both [NAME]]]]` (default 120 s; `PNS_OPTIONS` such as
//! `init=unit,plies=best` are added to the pns spec; `pns-only` skips the
//! MCTS solver; `NAME` keeps the positions whose name contains it). One line per position and engine; docs/solver.md holds
//! the numbers.

use abstracta_core::search::{Search, SearchResult};
use abstracta_core::Colour;
use epaminondas::{parse_diagram, Epaminondas, EpaminondasKnowledge};
use mcts::MctsSearch;
use pns::PnsSearch;

/// Rows from 12 (Black's home row) down to 1 (White's), `.` empty. The
/// first five were set up for the first endgame table of docs/solver.md;
/// the others for the graph solve (`graph=N`): races of lone pieces (the
/// nearer one to the far row wins, equal ones draw), a pair against a
/// lone piece with either side nearer, and a lone piece against a pair.
const ENDGAMES: &[(&str, Colour, &str)] = &[
    (
        "1w1b: a white piece on c6, a black one on k7",
        Colour::White,
        "12:.............. 7:..........b... 6:..w...........",
    ),
    (
        "2w1b: a white pair on c5 d5, a black piece on k8",
        Colour::White,
        "12:.............. 8:..........b... 5:..ww..........",
    ),
    (
        "2w2b: white c4 c5, black k8 k9",
        Colour::White,
        "9:..........b... 8:..........b... 5:..w........... 4:..w...........",
    ),
    (
        "3w2b: white a3 b3 c3, black m10 n10",
        Colour::White,
        "10:............bb 3:www...........",
    ),
    (
        "3w3b: white d4 e4 f4, black i9 j9 k9",
        Colour::Black,
        "9:........bbb... 4:...www........",
    ),
    (
        "1w1b race, White nearer: white c9, black k6",
        Colour::White,
        "9:..w........... 6:..........b...",
    ),
    (
        "1w1b race, Black nearer: white g4, black g5",
        Colour::White,
        "5:......b....... 4:......w.......",
    ),
    (
        "1w1b corners: white a1, black n12",
        Colour::Black,
        "12:.............b 1:w.............",
    ),
    (
        "2w1b, Black nearer: white a2 b2, black m4",
        Colour::White,
        "4:............b. 2:ww............",
    ),
    (
        "1w2b: white f7, black h6 i6",
        Colour::White,
        "7:.....w........ 6:.......bb.....",
    ),
    (
        "1w2b, the pair nearer: white d8, black h3 h4",
        Colour::Black,
        "8:...w.......... 4:.......b...... 3:.......b......",
    ),
];

fn diagram(rows: &str) -> String {
    let mut lines = vec![".".repeat(14); 12];
    for part in rows.split_whitespace() {
        let (row, cells) = part.split_once(':').expect("ROW:CELLS");
        let row: usize = row.parse().expect("a row number");
        lines[12 - row] = cells.to_owned();
    }
    lines.join("\n")
}

fn line(name: &str, engine: &str, r: &SearchResult<epaminondas::EpaminondasPly>) {
    let wins: Vec<String> = r
        .children
        .iter()
        .filter(|c| c.proof == Some(abstracta_core::search::Proof::Win))
        .map(|c| c.ply.to_string())
        .collect();
    println!(
        "{name} | {engine} | {} | {} winning plies | {} iterations | {} nodes | pv {} plies | {:.2}s",
        r.proof.map_or("unsolved".to_owned(), |p| p.to_string()),
        wins.len(),
        r.iterations,
        r.nodes,
        r.pv.len(),
        r.elapsed.as_secs_f64()
    );
}

fn main() {
    let seconds: u64 = std::env::args()
        .nth(1)
        .map_or(120, |s| s.parse().expect("seconds"));
    let extra = std::env::args()
        .nth(2)
        .filter(|o| !o.is_empty())
        .map_or(String::new(), |o| format!(",{o}"));
    let pns_only = std::env::args().nth(3).as_deref() == Some("pns-only");
    let only = std::env::args().nth(4).unwrap_or_default();
    for &(name, to_move, rows) in ENDGAMES.iter().filter(|e| e.0.contains(only.as_str())) {
        let cells = parse_diagram(&diagram(rows)).expect("a diagram");
        let game = Epaminondas::from_cells(Default::default(), &cells, to_move).expect("a position");
        let spec = format!("pns:time={seconds}s,tt=512{extra}");
        let mut pns = PnsSearch::<Epaminondas, EpaminondasKnowledge>::new(spec.parse().unwrap());
        line(name, &spec, &pns.search(&game, &[]));
        if pns_only {
            continue;
        }
        let spec = format!("mcts:time={seconds}s");
        let mut mcts = MctsSearch::<Epaminondas, EpaminondasKnowledge>::new(spec.parse().unwrap());
        line(name, &spec, &mcts.search(&game, &[]));
    }
}
