//! The README's embedding example, as it stands there (tests/examples.rs
//! checks that the README still holds this text and runs it): a game
//! opened by spec, MCTS against the random player to the end, the winner.
//!
//! `cargo run --release --example readme`

use abstracta::player::EngineSpec;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut game = abstracta::open("escabel:size=7")?; // Box<dyn AnyGame>
    let mcts: EngineSpec = "mcts:iters=2000".parse()?;
    let mut engines = [game.searcher(&mcts, 1)?, game.searcher(&EngineSpec::Random, 2)?];
    while let Some((seat, _colour)) = game.to_move() {
        let choice = engines[seat.index()].genmove(&*game)?; // ply text + win rate
        game.play(&choice.ply)?;
    }
    println!("{game}"); // the board
    match game.status().winner_colour() {
        Some(colour) => println!("{colour} wins after {} plies", game.plies_played()),
        None => println!("draw: {}", game.status()),
    }
    Ok(())
}

/// The README's `main`, for tests/examples.rs.
#[allow(dead_code, clippy::main_recursion)]
pub fn run() -> Result<(), Box<dyn std::error::Error>> {
    main()
}
