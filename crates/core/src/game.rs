//! The [`Game`] trait every rule engine implements.

use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

use rand::Rng;
use smallvec::SmallVec;

use crate::error::{ParsePlyError, PlayError, PlyListError};
use crate::side::{Colour, Seat, Status};
use crate::spec::GameOptions;

/// The reusable buffer legal plies are written into.
///
/// Inline for the common case; it spills to the heap once for big boards and
/// keeps that allocation when reused.
pub type PlyBuf<P> = SmallVec<[P; 128]>;

/// Search settings a game recommends, found by matches between engine
/// settings (the games' READMEs give the measurements). They are defaults
/// only: an engine spec that sets a value wins.
///
/// ```
/// use abstracta_core::{Game, SearchHints, toy::TicTacToe};
/// assert_eq!(TicTacToe::SEARCH_HINTS, SearchHints::DEFAULT);
/// assert_eq!(SearchHints::DEFAULT.uct_exploration, 0.4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchHints {
    /// The UCT exploration constant `c` for plain UCT (no RAVE).
    pub uct_exploration: f64,
    /// The UCT exploration constant `c` when RAVE statistics are in use.
    /// RAVE changes how much exploration pays, in opposite directions in
    /// different games, so it has its own value.
    pub rave_exploration: f64,
    /// Whether the search should use the game's decisive and forced plies
    /// ([`Game::decisive_ply`], [`Game::forced_plies`]) when it expands a
    /// node.
    pub decisive: bool,
    /// Whether playouts should use them too (where finding them costs
    /// little next to a playout ply).
    pub decisive_in_playouts: bool,
    /// Whether playouts should use [`Game::guided_ply`].
    pub guided: bool,
    /// How many plies per seat the RAVE pools of playouts hold: the
    /// children of the best RAVE means at the last expanded nodes of the
    /// path, from which playouts draw some of their plies. 0 uses none.
    pub pool: u32,
    /// Playout plies after which the search ends a playout with
    /// [`Game::evaluate`]; 0 never does.
    pub eval_after: u32,
    /// How many visits the prior of a new child ([`Game::ply_priors`]) is
    /// worth: the search starts each child as if it had been visited this
    /// many times with the prior as its win rate. 0 uses no priors.
    pub prior_visits: u32,
    /// How long a node's choice of child stands before the search scores
    /// its children again: a node with `n` visits keeps descending into
    /// the child it chose for `n / rescan` more visits. 0 scores them at
    /// every visit. Large branching factors gain most (each scoring reads
    /// every child).
    pub rescan: u32,
}

impl SearchHints {
    /// The hints of a game that gives none: `c = 0.4` with and without
    /// RAVE, and no game knowledge in use.
    pub const DEFAULT: SearchHints = SearchHints {
        uct_exploration: 0.4,
        rave_exploration: 0.4,
        decisive: false,
        decisive_in_playouts: false,
        guided: false,
        pool: 0,
        eval_after: 0,
        prior_visits: 0,
        rescan: 0,
    };
}

/// A two-player game with exact rules, as used by perft, MCTS, tournaments
/// and the engine protocol.
///
/// The unit of play is a *ply*. Games whose turns have several actions
/// (Ecalper, Whirlwind) simply return the same seat from
/// [`to_move_seat`](Game::to_move_seat) for several plies in a row; nothing
/// assumes that seats alternate.
///
/// Seats and colours differ after a pie-rule swap: the default methods derive
/// the seat from [`FIRST_COLOUR`](Game::FIRST_COLOUR) and
/// [`swapped`](Game::swapped).
///
/// ```
/// use abstracta_core::{Game, PlyBuf, toy::TicTacToe};
/// let mut game = TicTacToe::new(Default::default());
/// let mut plies = PlyBuf::new();
/// game.legal_plies(&mut plies);
/// assert_eq!(plies.len(), 9);
/// game.play_str("b2").unwrap();
/// assert!(game.play_str("b2").is_err());
/// ```
///
/// Game states also implement `Display` (the board, as
/// [`render`](Game::render) writes it) and `Eq`; the games of the
/// collection implement `std::hash::Hash` too (not required here: its
/// `hash` method would clash with [`Game::hash`] in generic code).
pub trait Game: Clone + fmt::Debug + fmt::Display + Eq + Send + Sync + 'static {
    /// One atomic action, printed and parsed in the RULES.md notation.
    type Ply: Copy
        + Eq
        + Hash
        + fmt::Debug
        + fmt::Display
        + FromStr<Err = ParsePlyError>
        + Send
        + Sync
        + 'static;
    /// The game's options, read from a spec.
    type Options: GameOptions;

    /// The game's name in specs.
    const NAME: &'static str;
    /// The colour that makes the first ply.
    const FIRST_COLOUR: Colour = Colour::Black;
    /// Whether plies claim cells, and whether a claim lasts; see
    /// [`claimed_cell`](Game::claimed_cell).
    const CLAIMS: Claims = Claims::None;
    /// Search settings measured to play well in this game, used by tree
    /// searches when their user sets none.
    const SEARCH_HINTS: SearchHints = SearchHints::DEFAULT;

    /// The start position for `options`.
    fn new(options: Self::Options) -> Self;

    /// The options this game was created with.
    fn options(&self) -> &Self::Options;

    /// The colour of the side to move (meaningless once finished).
    fn to_move_colour(&self) -> Colour;

    /// Whether the pie-rule swap has been played.
    fn swapped(&self) -> bool {
        false
    }

    /// The seat owning `colour` now.
    fn seat_of(&self, colour: Colour) -> Seat {
        if (colour == Self::FIRST_COLOUR) != self.swapped() {
            Seat::First
        } else {
            Seat::Second
        }
    }

    /// The colour owned by `seat` now.
    fn colour_of(&self, seat: Seat) -> Colour {
        if (seat == Seat::First) != self.swapped() {
            Self::FIRST_COLOUR
        } else {
            Self::FIRST_COLOUR.opponent()
        }
    }

    /// The seat to move.
    fn to_move_seat(&self) -> Seat {
        self.seat_of(self.to_move_colour())
    }

    /// Clears `out` and writes every legal ply into it, without duplicates.
    /// A finished game has none.
    fn legal_plies(&self, out: &mut PlyBuf<Self::Ply>);

    /// Plays `ply`, which the caller guarantees is legal. Behaviour on an
    /// illegal ply is unspecified (but memory safe); use [`play`](Game::play)
    /// for anything that comes from outside.
    fn play_unchecked(&mut self, ply: Self::Ply);

    /// Whether `ply` is legal now.
    fn is_legal(&self, ply: Self::Ply) -> bool {
        let mut plies = PlyBuf::new();
        self.legal_plies(&mut plies);
        plies.contains(&ply)
    }

    /// Plays `ply` if it is legal; otherwise leaves the position unchanged
    /// and says why.
    fn play(&mut self, ply: Self::Ply) -> Result<(), PlayError> {
        let status = self.status();
        if status.is_finished() {
            return Err(PlayError::GameOver { status });
        }
        if !self.is_legal(ply) {
            return Err(PlayError::Illegal {
                ply: ply.to_string(),
                reason: self.explain_illegal(ply),
            });
        }
        self.play_unchecked(ply);
        Ok(())
    }

    /// A human-readable reason why `ply` is illegal. The default lists a
    /// few legal plies; games may say more.
    fn explain_illegal(&self, _ply: Self::Ply) -> String {
        let mut plies = PlyBuf::new();
        self.legal_plies(&mut plies);
        let shown: Vec<String> = plies.iter().take(12).map(|p| p.to_string()).collect();
        let more = if plies.len() > shown.len() {
            format!(" and {} more", plies.len() - shown.len())
        } else {
            String::new()
        };
        format!(
            "it is not legal here; legal plies include {}{more}",
            shown.join(" ")
        )
    }

    /// Parses `text` as a ply and plays it if legal.
    fn play_str(&mut self, text: &str) -> Result<Self::Ply, PlayError> {
        let ply: Self::Ply = text.trim().parse()?;
        self.play(ply)?;
        Ok(ply)
    }

    /// Plays a list of plies separated by spaces or commas, stopping at the
    /// first bad one (the plies before it stay played).
    fn play_list(&mut self, text: &str) -> Result<Vec<Self::Ply>, PlyListError> {
        let mut played = Vec::new();
        for (i, word) in split_ply_list(text).enumerate() {
            match self.play_str(word) {
                Ok(ply) => played.push(ply),
                Err(error) => {
                    return Err(PlyListError {
                        index: i + 1,
                        text: word.to_owned(),
                        error,
                    })
                }
            }
        }
        Ok(played)
    }

    /// The game's state: ongoing, or finished with an outcome.
    fn status(&self) -> Status;

    /// A legal ply chosen at random, or `None` when the game is over.
    ///
    /// The default draws uniformly from [`legal_plies`](Game::legal_plies);
    /// games override it with something faster (not necessarily uniform).
    fn random_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Ply> {
        let mut plies = PlyBuf::new();
        self.legal_plies(&mut plies);
        if plies.is_empty() {
            None
        } else {
            Some(plies[rng.gen_range(0..plies.len())])
        }
    }

    // What a game knows beyond its rules, offered to searches that know no
    // game (see the `knowledge` module for the concepts and the checks a
    // game's tests run). Each default knows nothing and costs nothing.

    /// A ply that wins at once for the side to move: after it the game is
    /// over and the mover has won. `None` when the game knows of none (it
    /// need not find every such ply).
    fn decisive_ply(&self) -> Option<Self::Ply> {
        None
    }

    /// The forced replies to a threat: when every ply but a few loses at
    /// once (after it the opponent has won, or has a decisive ply), writes
    /// those few into `out` (possibly none: every ply loses) and returns
    /// `true`. Returns `false` when the game sees no such threat; `out` is
    /// then unspecified.
    fn forced_plies(&self, _out: &mut PlyBuf<Self::Ply>) -> bool {
        false
    }

    /// A heuristic evaluation of an ongoing position: the probability that
    /// the side to move wins, in `[0, 1]`. `None` when the game offers
    /// none. Searches use it to end playouts early.
    fn evaluate(&self) -> Option<f64> {
        None
    }

    /// Prior win rates of the legal `plies` of this position, for a search
    /// that seeds new children with them: writes into `out` (as long as
    /// `plies`) for each ply an estimate in `[0, 1]` of the probability
    /// that the side to move wins after it, 0.5 for no opinion, and returns
    /// `true`. Returns `false` when the game offers no priors (`out` is
    /// then unspecified). Cheap heuristics (a ply next to the last one,
    /// one that completes a link) are what it is for; a search weighs
    /// them by [`SearchHints::prior_visits`].
    fn ply_priors(&self, _plies: &[Self::Ply], _out: &mut [f32]) -> bool {
        false
    }

    /// A playout ply chosen with the game's knowledge (captures, advances,
    /// answers to threats), or `None` when the game is over. The default is
    /// [`random_ply`](Game::random_ply).
    fn guided_ply<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Ply> {
        self.random_ply(rng)
    }

    /// The 64-bit Zobrist hash of the position. It covers everything that
    /// decides the legal plies and the outcome. The default computes it
    /// [from scratch](Game::hash_from_scratch): a search asks for it a few
    /// times, not per ply, so keeping it incrementally pays only for a game
    /// whose own rules or callers need it after every ply.
    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }

    /// The same hash computed from nothing (tests compare it with
    /// [`hash`](Game::hash)).
    fn hash_from_scratch(&self) -> u64;

    /// Plies played since the start position (including swaps).
    fn plies_played(&self) -> u32;

    /// The effective length cap in plies, if any.
    fn length_cap(&self) -> Option<u32>;

    /// A cheap guess of how many plies (both sides) the game still lasts
    /// from here, for a search that shares a game clock over the plies to
    /// come; `None` (the default) when the game has no better guess than
    /// its plies played and its [`length_cap`](Game::length_cap). A game
    /// that fills a board can answer its empty points, say. Only the time
    /// spent depends on it, never a rule.
    fn expected_remaining_plies(&self) -> Option<u32> {
        None
    }

    /// The last ply played, if any (renderings mark it).
    fn last_ply(&self) -> Option<Self::Ply>;

    /// The board as text: coordinates on the edges, the last ply marked, and
    /// a line saying who is to move (colour and seat) or how the game ended.
    fn render(&self) -> String;

    /// The game's integer actions and observation tensor, for learning
    /// code; see [`actions`](crate::actions). `None` if it offers none.
    fn encoding(&self) -> Option<&'static dyn crate::actions::Encoding<Self>> {
        None
    }

    // What a game knows about claims. A search that shares statistics
    // between plies claiming the same cell (all-moves-as-first, RAVE)
    // reads these; other callers can ignore them.

    /// The cell `ply` claims for the seat that plays it, as a dense index
    /// below [`claimable_cells`](Game::claimable_cells), or `None` if it
    /// claims none. Two different legal plies of one position claim
    /// different cells. Used only when [`CLAIMS`](Game::CLAIMS) is not
    /// [`Claims::None`].
    fn claimed_cell(&self, _ply: Self::Ply) -> Option<usize> {
        None
    }

    /// Plays the legal `ply` as [`play_unchecked`](Game::play_unchecked)
    /// does and returns the cell it claims, as
    /// [`claimed_cell`](Game::claimed_cell) says before the ply: one call
    /// for searches that record the claim of every playout ply. A game
    /// whose play finds the claim on its way (the squares, a height)
    /// overrides it to skip the second lookup.
    fn play_claiming(&mut self, ply: Self::Ply) -> Option<usize> {
        let cell = self.claimed_cell(ply);
        self.play_unchecked(ply);
        cell
    }

    /// The number of distinct [`claimed_cell`](Game::claimed_cell) values.
    fn claimable_cells(&self) -> usize {
        0
    }

    /// The seat that holds `cell` in this position, or `None` if no seat
    /// does. Meaningful when [`CLAIMS`](Game::CLAIMS) is
    /// [`Claims::Revocable`]: a claim then counts only if its seat still
    /// holds the cell at the end of a game.
    fn cell_holder(&self, _cell: usize) -> Option<Seat> {
        None
    }

    /// Clears in `cells` (a bitset over claimable cells, bit `i % 64` of
    /// word `i / 64`) every cell that `seat` does not hold in this position,
    /// as [`cell_holder`](Game::cell_holder) says. The default asks cell by
    /// cell; a game whose cells line up with its bitboards can mask whole
    /// words instead.
    fn retain_held_cells(&self, seat: Seat, cells: &mut [u64]) {
        for (w, word) in cells.iter_mut().enumerate() {
            let mut bits = *word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.cell_holder(w * 64 + b) != Some(seat) {
                    *word &= !(1 << b);
                }
            }
        }
    }
}

/// Whether a game's plies claim cells, and whether a claim lasts.
///
/// A *claim* is what a placement does: the ply puts the mover's mark on one
/// cell ([`Game::claimed_cell`]). In games where claims matter whatever the
/// order they were made in, a search can learn from every ply of a playout
/// at once (all-moves-as-first statistics).
///
/// ```
/// use abstracta_core::{Claims, Game, toy::TicTacToe};
/// assert_eq!(TicTacToe::CLAIMS, Claims::Lasting);
/// assert!(Claims::Revocable.any());
/// assert!(!Claims::None.any());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claims {
    /// Plies claim nothing a search could compare (they move or capture).
    None,
    /// A claimed cell stays its claimant's for the rest of the game.
    Lasting,
    /// A claim can be taken away later (an Ecalper stone can be replaced):
    /// [`Game::cell_holder`] says who holds a cell now. A seat comes to
    /// hold a cell only by a ply of its own that claims it, and no legal
    /// ply claims a cell its mover holds already, so the cells a seat holds
    /// at the end of a game are the ones it claimed and kept (searches
    /// rely on this).
    Revocable,
}

impl Claims {
    /// Whether plies claim cells at all.
    pub const fn any(self) -> bool {
        !matches!(self, Claims::None)
    }
}

/// Splits a ply list on spaces and commas, skipping empty pieces.
pub fn split_ply_list(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
}

/// Parses a list of plies (without playing them).
pub fn parse_ply_list<P: FromStr<Err = ParsePlyError>>(text: &str) -> Result<Vec<P>, PlyListError> {
    split_ply_list(text)
        .enumerate()
        .map(|(i, word)| {
            word.parse().map_err(|e| PlyListError {
                index: i + 1,
                text: word.to_owned(),
                error: PlayError::Parse(e),
            })
        })
        .collect()
}

/// Plays uniformly random plies (through [`Game::random_ply`]) until the
/// game ends; returns the final status. Never allocates.
pub fn random_playout<G: Game, R: Rng + ?Sized>(game: &mut G, rng: &mut R) -> Status {
    while let Some(ply) = game.random_ply(rng) {
        game.play_unchecked(ply);
    }
    game.status()
}
