//! The df-pn core: one question at a time ("does this seat win?"), AND/OR
//! nodes by whose turn it is, and the win/draw/loss value built from two
//! questions.

use abstracta_core::time::Instant;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::marker::PhantomData;

use abstracta_core::knowledge::Knowledge;
use abstracta_core::search::{Proof, StopHandle};
use abstracta_core::{Game, PlyBuf, Seat, Status};

use crate::options::{Init, Keying};
use crate::table::{Number, Stored, Table, INFINITE};

mod expand;

/// What the search may spend.
pub(crate) struct Limits {
    /// Expanded nodes at most.
    pub nodes: Option<u64>,
    /// The wall time at which to stop.
    pub deadline: Option<Instant>,
    /// Stops the search from another thread.
    pub stop: StopHandle,
    /// Plies below a question's root at most.
    pub depth: u32,
    /// The 1+epsilon trick's epsilon.
    pub epsilon: f64,
    /// How new nodes' numbers are set.
    pub init: Init,
    /// The weight of the initial numbers from the game's knowledge.
    pub init_weight: u32,
    /// Whether a capped game's positions are keyed by their plies played.
    pub keying: Keying,
    /// Whether a node's children are the positions after whole turns.
    pub whole_turns: bool,
    /// Whether a new leaf whose every ply ends the game, or whose mover has
    /// a decisive ply, is settled at once.
    pub check_leaves: bool,
}

/// Plies left before the length cap above which `key=auto` (in a game
/// whose default is `key=position`) keys positions without their plies
/// played: a cap within reach (the short caps of tests) is searched
/// exactly, ply by ply; a long one (Epaminondas' 1000) would make every
/// transposition at another ply count a new position.
pub(crate) const AUTO_POSITION_KEY_PLIES: u32 = 64;

/// What the table's entries may rest on, kept as long as the table.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Flags {
    /// A drawn end (by the rules or the length cap) or a repeated position
    /// was met: a disproof of "the seat wins" may then be a draw, not a
    /// loss.
    pub draw_seen: bool,
    /// The depth limit cut a line: a node cut off counts as not won, so
    /// disproofs are no longer trusted (proofs still are).
    pub cut_seen: bool,
}

/// The answer to one question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Proved,
    Disproved,
    Unknown,
}

/// What is known of a node for the question: its numbers, the length of
/// its proof (`pn == 0`: the most plies a line of the proof takes to its
/// win, an upper bound) and whether its disproof (`dn == 0`) rests on the
/// line that led to it (a repeated position, or with positions keyed
/// without their plies, the length cap or the depth limit), so that it
/// holds there and must not be stored for other lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Numbers {
    pn: Number,
    dn: Number,
    length: u32,
    on_path: bool,
}

impl Numbers {
    fn open(pn: Number, dn: Number) -> Numbers {
        Numbers {
            pn,
            dn,
            length: 0,
            on_path: false,
        }
    }

    const fn proved(length: u32) -> Numbers {
        Numbers {
            pn: 0,
            dn: INFINITE,
            length,
            on_path: false,
        }
    }

    const fn disproved(on_path: bool) -> Numbers {
        Numbers {
            pn: INFINITE,
            dn: 0,
            length: 0,
            on_path,
        }
    }
}

/// A child of an expanded node.
struct Child<G: Game> {
    game: G,
    key: u64,
    /// Plies from the node (more than one when a whole turn is).
    plies: u32,
    numbers: Numbers,
}

/// A node settled while it was expanded, or its children (and the most
/// plies a ply left out by the game's forced plies takes to lose, 0 when
/// none was).
enum Expansion<G: Game> {
    Settled(Numbers),
    Children(Vec<Child<G>>, u32),
}

/// How an expansion (or a part of it) ended.
enum Step {
    /// Children were added.
    Open,
    /// A ply settled the node.
    Settled(Numbers),
    /// Whole turns gave more children than allowed.
    TooWide,
}

/// The most ways of finishing a turn (on [`Solver::turn_width`]'s rough
/// count) for which a node's children are whole turns.
const MAX_TURN_WIDTH: u64 = 20_000;

/// Plies a ply left out by the game's forced plies takes to lose at most
/// (the opponent has won after it, or wins with its next ply).
const PRUNED_PLY_LENGTH: u32 = 2;

/// The most plies played for which [`Solver`] remembers that a leaf had a
/// ply that did not end the game.
const MAX_OPEN_PLIES: u32 = 1 << 16;

/// The salt that tells the second seat's question from the first's.
const SECOND_SEAT_SALT: u64 = 0x9e37_79b9_7f4a_7c15;

fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn saturating_sum(numbers: impl Iterator<Item = Number>) -> Number {
    let mut total: u64 = 0;
    for n in numbers {
        if n == INFINITE {
            return INFINITE;
        }
        total += u64::from(n);
    }
    total.min(u64::from(INFINITE - 1)) as Number
}

/// Hashes a table key (already mixed) as itself, for the set of the
/// positions on the current line.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// One search over a table: the counters and the question being asked.
pub(crate) struct Solver<'a, G: Game, K> {
    knowledge: &'a K,
    table: &'a mut Table,
    flags: &'a mut Flags,
    limits: &'a Limits,
    /// Whether positions are keyed by their plies played too (games with a
    /// short way to go to a length cap, where the same position nearer the
    /// cap may differ).
    keyed_by_ply: bool,
    /// The length cap, when positions are keyed without their plies
    /// played: a stored proof is used only where it fits before the cap.
    position_cap: Option<u32>,
    /// The seat whose win is asked.
    question: Seat,
    /// The keys of the positions being expanded, from the question's root
    /// down (a count each): a child among them repeats the line.
    line: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    /// With `leaves=check`: the ply counts at which a leaf had a ply that
    /// did not end the game (bit `n`: `n` plies played, up to
    /// [`MAX_OPEN_PLIES`]). The check whether every ply of a leaf ends
    /// the game is not tried again there: in the games it pays in, the end
    /// comes at a ply count (Ecalper's last replacement), and it costs a
    /// ply played at every other leaf. Leaving a leaf unsettled is always
    /// sound (it is expanded when searched).
    open_at: Vec<u64>,
    /// Nodes expanded so far.
    pub expanded: u64,
    /// The deepest ply below a question's root reached.
    pub max_depth: u32,
    /// Whether a limit stopped the search.
    pub aborted: bool,
    game: PhantomData<fn(&G)>,
}

impl<'a, G: Game, K: Knowledge<G>> Solver<'a, G, K> {
    pub fn new(
        game: &G,
        knowledge: &'a K,
        table: &'a mut Table,
        flags: &'a mut Flags,
        limits: &'a Limits,
    ) -> Solver<'a, G, K> {
        let cap = game.length_cap();
        let left = cap.map(|c| c.saturating_sub(game.plies_played()));
        let by_position = match limits.keying {
            Keying::Ply => false,
            Keying::Position => true,
            Keying::Auto => left.is_some_and(|l| l > AUTO_POSITION_KEY_PLIES),
        };
        Solver {
            knowledge,
            table,
            flags,
            limits,
            keyed_by_ply: cap.is_some() && !by_position,
            position_cap: cap.filter(|_| by_position),
            question: game.to_move_seat(),
            line: HashMap::default(),
            open_at: Vec::new(),
            expanded: 0,
            max_depth: 0,
            aborted: false,
            game: PhantomData,
        }
    }

    fn key(&self, game: &G) -> u64 {
        let mut key = game.hash();
        if self.keyed_by_ply {
            key ^= mix(u64::from(game.plies_played()) + 1);
        }
        if self.question == Seat::Second {
            key ^= SECOND_SEAT_SALT;
        }
        key
    }

    /// The table's numbers for `key` at `game`, a proof only where it fits
    /// before the length cap (else the entry is not used).
    fn lookup(&self, game: &G, key: u64) -> Option<Stored> {
        let stored = self.table.get(key)?;
        match self.position_cap {
            Some(cap)
                if stored.pn == 0 && u32::from(stored.length) > cap.saturating_sub(game.plies_played()) =>
            {
                None
            }
            _ => Some(stored),
        }
    }

    /// Stores a node's numbers, unless its disproof holds on this line only.
    fn store(&mut self, key: u64, numbers: Numbers, work: u64) {
        if numbers.dn == 0 && numbers.on_path {
            return;
        }
        let length = numbers.length.min(u32::from(u16::MAX)) as u16;
        self.table.put(
            key,
            Stored {
                pn: numbers.pn,
                dn: numbers.dn,
                work,
                length,
            },
        );
    }

    /// Counts an expansion and checks the limits (the clock and the stop
    /// handle every 256 expansions).
    fn count_expansion(&mut self) {
        self.expanded += 1;
        if self.limits.nodes.is_some_and(|n| self.expanded >= n) {
            self.aborted = true;
        }
        if self.expanded % 256 == 0
            && (self.limits.stop.stop_requested()
                || self.limits.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
    }

    /// The node's numbers from its children's (`pruned_length`: the most
    /// plies a ply left out by the game's forced plies takes to lose).
    fn aggregate(children: &[Child<G>], or_node: bool, pruned_length: u32) -> Numbers {
        let min_pn = children.iter().map(|c| c.numbers.pn).min().unwrap_or(INFINITE);
        let min_dn = children.iter().map(|c| c.numbers.dn).min().unwrap_or(INFINITE);
        let (pn, dn) = if or_node {
            (min_pn, saturating_sum(children.iter().map(|c| c.numbers.dn)))
        } else {
            (saturating_sum(children.iter().map(|c| c.numbers.pn)), min_dn)
        };
        let proved = children.iter().filter(|c| c.numbers.pn == 0);
        let length = if pn != 0 {
            0
        } else if or_node {
            proved.map(|c| c.plies + c.numbers.length).min().unwrap_or(0)
        } else {
            proved
                .map(|c| c.plies + c.numbers.length)
                .max()
                .unwrap_or(0)
                .max(pruned_length)
        };
        // An OR node's disproof rests on every child's, an AND node's on
        // the best of its disproved children.
        let mut disproved = children.iter().filter(|c| c.numbers.dn == 0);
        let on_path = dn == 0
            && if or_node {
                disproved.any(|c| c.numbers.on_path)
            } else {
                disproved.all(|c| c.numbers.on_path) && !children.is_empty()
            };
        Numbers {
            pn,
            dn,
            length,
            on_path,
        }
    }

    /// The child to search (least proof number at an OR node, least
    /// disproof number at an AND node) and the second least number.
    fn select(children: &[Child<G>], or_node: bool) -> (usize, Number) {
        let number = |c: &Child<G>| if or_node { c.numbers.pn } else { c.numbers.dn };
        let mut best = 0;
        let mut second = INFINITE;
        for (i, c) in children.iter().enumerate().skip(1) {
            if number(c) < number(&children[best]) {
                second = number(&children[best]);
                best = i;
            } else if number(c) < second {
                second = number(c);
            }
        }
        (best, second)
    }

    /// The 1+epsilon threshold above the second best number (Pawlewicz
    /// and Lew): the best child is searched until it is clearly worse than
    /// the second, not merely worse, so the search switches less often.
    fn grow(&self, second: Number) -> Number {
        if second >= INFINITE - 1 {
            return INFINITE;
        }
        let grown = (f64::from(second) * (1.0 + self.limits.epsilon)).ceil();
        let grown = if grown >= f64::from(INFINITE) {
            INFINITE
        } else {
            grown as Number
        };
        grown.max(second + 1)
    }

    /// Df-pn's multiple iterative deepening at `game` (key `key`): searches
    /// below it until its proof number reaches `th_pn` or its disproof
    /// number `th_dn` (or a limit stops it), stores and returns its numbers.
    fn mid(&mut self, game: &G, key: u64, th_pn: Number, th_dn: Number, depth: u32) -> Numbers {
        self.max_depth = self.max_depth.max(depth);
        if depth >= self.limits.depth {
            self.flags.cut_seen = true;
            return Numbers::disproved(true);
        }
        *self.line.entry(key).or_insert(0) += 1;
        let numbers = self.mid_on_line(game, key, th_pn, th_dn, depth);
        if let Some(count) = self.line.get_mut(&key) {
            *count -= 1;
            if *count == 0 {
                self.line.remove(&key);
            }
        }
        numbers
    }

    /// [`mid`](Self::mid) with `game` on the line.
    fn mid_on_line(&mut self, game: &G, key: u64, th_pn: Number, th_dn: Number, depth: u32) -> Numbers {
        self.count_expansion();
        let start = self.expanded;
        let or_node = game.to_move_seat() == self.question;
        let (mut children, pruned_length) = match self.expand(game, or_node) {
            Expansion::Settled(numbers) => {
                self.store(key, numbers, 1);
                return numbers;
            }
            Expansion::Children(children, pruned_length) => (children, pruned_length),
        };
        loop {
            let numbers = Self::aggregate(&children, or_node, pruned_length);
            let (pn, dn) = (numbers.pn, numbers.dn);
            if pn >= th_pn || dn >= th_dn || self.aborted {
                let work = self.expanded - start + 1;
                self.store(key, numbers, work);
                return numbers;
            }
            let (best, second) = Self::select(&children, or_node);
            let child = &children[best];
            // The child's thresholds: what keeps it best among its siblings
            // (the min side) and what keeps the node under its own
            // threshold (the sum side).
            let rest = |th: Number, total: Number, own: Number| -> Number {
                (u64::from(th) - u64::from(total) + u64::from(own)).min(u64::from(INFINITE)) as Number
            };
            let (child_pn, child_dn) = if or_node {
                (th_pn.min(self.grow(second)), rest(th_dn, dn, child.numbers.dn))
            } else {
                (rest(th_pn, pn, child.numbers.pn), th_dn.min(self.grow(second)))
            };
            let found = self.mid(&child.game, child.key, child_pn, child_dn, depth + child.plies);
            children[best].numbers = found;
        }
    }

    /// Asks whether `seat` wins `game`.
    fn prove(&mut self, game: &G, seat: Seat) -> Answer {
        self.question = seat;
        let status = game.status();
        if status.is_finished() {
            return match self.terminal(game, status).pn {
                0 => Answer::Proved,
                _ => Answer::Disproved,
            };
        }
        let key = self.key(game);
        let numbers = match self.lookup(game, key) {
            Some(s) if s.pn == 0 || s.dn == 0 => Numbers::open(s.pn, s.dn),
            _ if self.aborted => return Answer::Unknown,
            _ => {
                self.line.clear();
                self.mid(game, key, INFINITE, INFINITE, 0)
            }
        };
        // A disproof resting on the line is sound here, at the question's
        // root: the lines it rests on start here (a repeated position is
        // no progress; the cap's draws are those of this ply count). The
        // depth limit's cuts are caught by `cut_seen`.
        if numbers.pn == 0 {
            Answer::Proved
        } else if numbers.dn == 0 {
            Answer::Disproved
        } else {
            Answer::Unknown
        }
    }

    /// Whether a disproof of "the seat wins" with no drawn end met proves
    /// the other seat's win: not when positions are keyed without their
    /// plies under a cap (a stored disproof may rest on a line longer
    /// than the plies left, which the cap would make a draw).
    fn disproof_is_loss(&self) -> bool {
        !self.flags.draw_seen && self.position_cap.is_none()
    }

    /// The value of `game` for `seat`: "does `seat` win?", and when not,
    /// "does the other seat win?" (a draw when neither). The second
    /// question is skipped when no drawn end was ever met: every disproof
    /// then rests on ends the other seat won, so it proves their win.
    pub fn value(&mut self, game: &G, seat: Seat) -> Option<Proof> {
        match self.prove(game, seat) {
            Answer::Proved => return Some(Proof::Win),
            Answer::Unknown => return None,
            Answer::Disproved if self.flags.cut_seen => return None,
            Answer::Disproved if self.disproof_is_loss() => return Some(Proof::Loss),
            Answer::Disproved => {}
        }
        match self.prove(game, seat.opponent()) {
            Answer::Proved => Some(Proof::Loss),
            Answer::Disproved if !self.flags.cut_seen => Some(Proof::Draw),
            _ => None,
        }
    }

    /// Whether the table (or the rules, or a decisive ply) shows that
    /// `seat`, to move at `game`, wins by some way of finishing its turn:
    /// a walk of the turn's plies, no search (at most [`MAX_TURN_WIDTH`]
    /// positions, counted in `visited`).
    pub(crate) fn turn_proven(&mut self, game: &G, seat: Seat, visited: &mut u64) -> bool {
        *visited += 1;
        let status = game.status();
        if status.is_finished() {
            return status.winner_seat() == Some(seat);
        }
        if self.stored(game, seat).is_some_and(|s| s.pn == 0) {
            return true;
        }
        if game.to_move_seat() != seat {
            return false;
        }
        if self.knowledge.decisive_ply(game).is_some() {
            return true;
        }
        let mut plies = PlyBuf::new();
        game.legal_plies(&mut plies);
        plies.iter().any(|&ply| {
            let mut next = game.clone();
            next.play_unchecked(ply);
            *visited <= MAX_TURN_WIDTH && self.turn_proven(&next, seat, visited)
        })
    }

    /// The value of `game` for `seat` as far as the table knows it already
    /// (no search).
    pub(crate) fn known_value(&mut self, game: &G, seat: Seat) -> Option<Proof> {
        let settled = |s: Option<Stored>| match s {
            Some(s) if s.pn == 0 => Some(true),
            Some(s) if s.dn == 0 => Some(false),
            _ => None,
        };
        match settled(self.stored(game, seat))? {
            true => Some(Proof::Win),
            false if self.flags.cut_seen => None,
            false if self.disproof_is_loss() => Some(Proof::Loss),
            false => match settled(self.stored(game, seat.opponent()))? {
                true => Some(Proof::Loss),
                false => Some(Proof::Draw),
            },
        }
    }

    /// The table's numbers for "does `seat` win `game`?", if stored (a
    /// proof only where it fits before the cap).
    pub(crate) fn stored(&mut self, game: &G, seat: Seat) -> Option<Stored> {
        self.question = seat;
        let key = self.key(game);
        self.lookup(game, key)
    }
}
