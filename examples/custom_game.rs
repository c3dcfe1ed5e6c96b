//! Bringing a game of your own: 5x5 Hex written against [`Game`], checked
//! by the conformance kit, played by the MCTS, then registered
//! ([`Registry::with`]) and played in a small library tournament (MCTS
//! against random, through the `tournament` crate). Only the rules are
//! written (and the board as `Display`); what a game may know beyond them
//! (`abstracta::Knowledge`, `abstracta::CellClaims`) is left out, so the
//! search uses none, and registering takes one line of knowledge type.
//!
//! `cargo run --release --example custom_game [ITERATIONS]`
//!
//! Black (`x`) moves first and joins the top and bottom rows, White (`o`)
//! the left and right columns; a cell touches six others (`a1`'s
//! neighbours are `b1` and `a2`, `b2`'s include `a3` and `c1`). The board
//! always fills up with a winner, so Hex has no draws. The conformance kit
//! comes with the `conformance` feature: `abstracta = { version = "0.1",
//! features = ["conformance"] }` in the dev-dependencies of your crate.

use std::fmt;
use std::str::FromStr;

use std::time::Duration;

use abstracta::mcts::{Mcts, MctsOptions};
use abstracta::registry::RegisteredGame;
use abstracta::{
    zobrist, Colour, Game, NoKnowledge, NoOptions, ParsePlyError, PlyBuf, Point, Registry, Status, Turn,
};
use tournament::{format_table, TournamentSettings};

/// The side of the board.
pub const SIDE: u8 = 5;
const CELLS: usize = (SIDE as usize) * (SIDE as usize);

/// A Hex ply: a stone on an empty cell, written as the point (`c3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexPly(Point);

impl HexPly {
    fn index(self) -> usize {
        usize::from(self.0.row) * usize::from(SIDE) + usize::from(self.0.col)
    }
}

impl fmt::Display for HexPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for HexPly {
    type Err = ParsePlyError;

    fn from_str(s: &str) -> Result<HexPly, ParsePlyError> {
        match s.parse::<Point>() {
            Ok(p) if p.col < SIDE && p.row < SIDE => Ok(HexPly(p)),
            _ => Err(ParsePlyError::new(s, "a cell a1..e5")),
        }
    }
}

/// A 5x5 Hex position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hex {
    /// The stones of each colour (indexed by `Colour::index`), one bit per
    /// cell, row by row from `a1`.
    stones: [u32; 2],
    /// The colour to move, the plies played and the last one.
    turn: Turn<HexPly>,
    winner: Option<Colour>,
}

fn point(cell: usize) -> Point {
    Point::new((cell % usize::from(SIDE)) as u8, (cell / usize::from(SIDE)) as u8)
}

fn stone_key(cell: usize, colour: Colour) -> u64 {
    zobrist::key(0x4e78, (cell * 2 + colour.index()) as u64)
}

const WHITE_TO_MOVE: u64 = zobrist::key(0x4e79, 0);

impl Hex {
    /// Every cell, legal or not: the candidates the conformance kit tries.
    pub fn all_plies(_: &Hex) -> Vec<HexPly> {
        (0..CELLS).map(|c| HexPly(point(c))).collect()
    }

    /// Whether `colour`'s stones join its two edges.
    fn connects(&self, colour: Colour) -> bool {
        let mine = self.stones[colour.index()];
        let side = i32::from(SIDE);
        // Black joins row 1 to row 5, White column a to column e.
        let starts = |cell: usize| {
            let p = point(cell);
            if colour == Colour::Black {
                p.row == 0
            } else {
                p.col == 0
            }
        };
        let mut reached: u32 = 0;
        let mut stack: Vec<usize> = (0..CELLS).filter(|&c| mine >> c & 1 == 1 && starts(c)).collect();
        while let Some(cell) = stack.pop() {
            if reached >> cell & 1 == 1 {
                continue;
            }
            reached |= 1 << cell;
            let p = point(cell);
            if (colour == Colour::Black && p.row == SIDE - 1)
                || (colour == Colour::White && p.col == SIDE - 1)
            {
                return true;
            }
            for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
                let (c, r) = (i32::from(p.col) + dc, i32::from(p.row) + dr);
                if (0..side).contains(&c) && (0..side).contains(&r) {
                    let n = (r * side + c) as usize;
                    if mine >> n & 1 == 1 && reached >> n & 1 == 0 {
                        stack.push(n);
                    }
                }
            }
        }
        false
    }
}

/// The board, each row half a cell to the right of the one below it (so
/// that a cell's six neighbours surround it), then who is to move or how
/// the game ended.
impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..SIDE).rev() {
            write!(f, "{}{} ", " ".repeat(usize::from(row)), row + 1)?;
            for col in 0..SIDE {
                let cell = usize::from(row) * usize::from(SIDE) + usize::from(col);
                let mark = if self.stones[0] >> cell & 1 == 1 {
                    'x'
                } else if self.stones[1] >> cell & 1 == 1 {
                    'o'
                } else {
                    '.'
                };
                write!(f, " {mark}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e")?;
        match self.status() {
            Status::Ongoing => write!(f, "{} ({}) to move", self.turn.to_move(), self.to_move_seat()),
            status => write!(f, "{status}"),
        }
    }
}

impl Game for Hex {
    type Ply = HexPly;
    // Hex takes no options: its spec is just `hex5`.
    type Options = NoOptions<Hex>;

    const NAME: &'static str = "hex5";

    fn new(_options: NoOptions<Hex>) -> Hex {
        Hex {
            stones: [0; 2],
            turn: Turn::start(Colour::Black),
            winner: None,
        }
    }

    fn options(&self) -> &NoOptions<Hex> {
        &NoOptions::NEW
    }

    // `to_move_colour`, `swapped`, `plies_played` and `last_ply`, read
    // from `self.turn`.
    abstracta::turn_methods!();

    fn legal_plies(&self, out: &mut PlyBuf<HexPly>) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        let occupied = self.stones[0] | self.stones[1];
        out.extend(
            (0..CELLS)
                .filter(|&c| occupied >> c & 1 == 0)
                .map(|c| HexPly(point(c))),
        );
    }

    fn play_unchecked(&mut self, ply: HexPly) {
        let cell = ply.index();
        let colour = self.turn.to_move();
        self.stones[colour.index()] |= 1 << cell;
        if self.connects(colour) {
            self.winner = Some(colour);
        }
        self.turn.pass_after(ply);
    }

    fn status(&self) -> Status {
        match self.winner {
            // The seat comes from the colour: the conformance kit checks
            // that they belong together.
            Some(colour) => Status::win(colour, self.seat_of(colour)),
            None => Status::Ongoing,
        }
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.turn.to_move() == Colour::White {
            WHITE_TO_MOVE
        } else {
            0
        };
        for colour in Colour::ALL {
            for cell in 0..CELLS {
                if self.stones[colour.index()] >> cell & 1 == 1 {
                    hash ^= stone_key(cell, colour);
                }
            }
        }
        hash
    }
}

/// Hex in the registry: a rules-only game, searched without knowledge and
/// without an integer action encoding.
impl RegisteredGame for Hex {
    type Knowledge = NoKnowledge;
}

/// A library tournament of Hex through a registry that holds it: MCTS
/// (`iterations` per ply) against random, `games` games. Returns the
/// result table.
pub fn tournament(iterations: u64, games: u64) -> Result<String, tournament::TournamentError> {
    let players = vec![
        ("mcts".to_owned(), format!("mcts:iters={iterations}")),
        ("random".to_owned(), "random".to_owned()),
    ];
    let settings = TournamentSettings {
        games,
        seed: 1,
        timeout: Duration::from_secs(30),
        ..TournamentSettings::new(Registry::standard().with::<Hex>(), Hex::NAME, players)
    };
    Ok(format_table(&tournament::run(&settings)?))
}

/// An engine-protocol session of Hex through the same registry, as
/// `arena engine` serves one: the answers to `lines`, one per line.
pub fn protocol_answers(lines: &[&str]) -> Result<Vec<String>, protocol::CommandError> {
    let registry = Registry::standard().with::<Hex>();
    let mut session = protocol::Session::with_registry(registry, Hex::NAME, "mcts:iters=200")?;
    Ok(lines.iter().map(|line| session.handle_line(line).0).collect())
}

/// Runs the conformance kit on 100 random games, then lets MCTS
/// (`iterations` per ply) play both sides to the end. Returns the number of
/// positions the kit checked and the finished game.
pub fn run(iterations: u64) -> (u64, Hex) {
    let positions =
        abstracta::conformance::check_random_games::<Hex>(&NoOptions::NEW, 100, 1, Hex::all_plies);
    abstracta::conformance::check_names::<Hex>();

    let options: MctsOptions = format!("mcts:iters={iterations},seed=1")
        .parse()
        .expect("a valid spec");
    let mut mcts = Mcts::<Hex>::new(options);
    let mut game = Hex::new(NoOptions::NEW);
    while game.status().is_ongoing() {
        let result = mcts.search(&game);
        let ply = result.best.expect("an ongoing game has a ply");
        game.play(ply).expect("the search plays legal plies");
        mcts.advance(ply);
    }
    (positions, game)
}

fn main() {
    let iterations = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let (positions, game) = run(iterations);
    println!("conformance kit: {positions} positions checked");
    println!("{game}");
    match protocol_answers(&["play c3", "genmove", "showboard"]) {
        Ok(answers) => print!("{}", answers.concat()),
        Err(e) => {
            eprintln!("custom_game: {e}");
            std::process::exit(1);
        }
    }
    match tournament(iterations, 4) {
        Ok(table) => print!("{table}"),
        Err(e) => {
            eprintln!("custom_game: {e}");
            std::process::exit(1);
        }
    }
}
