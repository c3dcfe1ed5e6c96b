use abstracta_core::search::Search;
use abstracta_core::Colour;
use epaminondas::{parse_diagram, Epaminondas, EpaminondasKnowledge};
use mcts::MctsSearch;
use pns::PnsSearch;

fn main() {
    let spec = std::env::args().nth(1).unwrap();
    let mut lines = vec![".".repeat(14); 12];
    lines[12 - 8] = "..........b...".into();
    lines[12 - 5] = "..ww..........".into();
    let cells = parse_diagram(&lines.join("\n")).unwrap();
    let game = Epaminondas::from_cells(Default::default(), &cells, Colour::White).unwrap();
    let r = if spec.starts_with("pns") {
        PnsSearch::<Epaminondas, EpaminondasKnowledge>::new(spec.parse().unwrap()).search(&game, &[])
    } else {
        MctsSearch::<Epaminondas, EpaminondasKnowledge>::new(spec.parse().unwrap()).search(&game, &[])
    };
    println!(
        "{spec} | {:?} | {} | {:.3}s | {}",
        r.proof,
        r.iterations,
        r.elapsed.as_secs_f64(),
        r.nodes
    );
}
