//! The df-pn core: one question at a time ("does this seat win?"), AND/OR
//! nodes by whose turn it is, and the win/draw/loss value built from two
//! questions.

use abstracta_core::time::Instant;
use std::marker::PhantomData;
use std::time::Duration;

use abstracta_core::knowledge::Knowledge;
use abstracta_core::search::{ChildStats, Proof, SearchResult, StopHandle};
use abstracta_core::{Game, PlyBuf, Seat, Status};

use crate::options::Init;
use crate::table::{Number, Stored, Table, INFINITE};

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
}

/// What the table's entries may rest on, kept as long as the table.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Flags {
    /// A drawn end (by the rules or the length cap) was met: a disproof of
    /// "the seat wins" may then be a draw, not a loss.
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

/// A child of an expanded node.
struct Child<G: Game> {
    game: G,
    key: u64,
    pn: Number,
    dn: Number,
}

/// A node settled while it was expanded, or its children.
enum Expansion<G: Game> {
    Settled(Number, Number),
    Children(Vec<Child<G>>),
}

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

/// One search over a table: the counters and the question being asked.
pub(crate) struct Solver<'a, G: Game, K> {
    knowledge: &'a K,
    table: &'a mut Table,
    flags: &'a mut Flags,
    limits: &'a Limits,
    /// Whether positions are keyed by their plies played too (games with a
    /// length cap, where the same position nearer the cap may differ).
    keyed_by_ply: bool,
    /// The seat whose win is asked.
    question: Seat,
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
        Solver {
            knowledge,
            table,
            flags,
            limits,
            keyed_by_ply: game.length_cap().is_some(),
            question: game.to_move_seat(),
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

    /// The numbers of a finished game for the question.
    fn terminal(&mut self, status: Status) -> (Number, Number) {
        match status.winner_seat() {
            Some(seat) if seat == self.question => (0, INFINITE),
            Some(_) => (INFINITE, 0),
            None => {
                self.flags.draw_seen = true;
                (INFINITE, 0)
            }
        }
    }

    /// The numbers of a position not yet expanded here: final for a
    /// finished game, else the table's, else the initial numbers of a
    /// node the asked seat wins with probability `chance` (the game's
    /// judgement; `None`: (1, 1)).
    fn leaf(&mut self, game: &G, chance: Option<f64>) -> (Number, Number, u64) {
        let status = game.status();
        if status.is_finished() {
            let (pn, dn) = self.terminal(status);
            return (pn, dn, 0);
        }
        let key = self.key(game);
        match self.table.get(key) {
            Some(s) => (s.pn, s.dn, key),
            None => {
                let chance = match (self.limits.init, chance) {
                    (Init::Eval, _) => self.knowledge.evaluate(game).map(|p| {
                        if game.to_move_seat() == self.question {
                            p
                        } else {
                            1.0 - p
                        }
                    }),
                    (_, chance) => chance,
                };
                let (pn, dn) = self.initial_numbers(chance);
                (pn, dn, key)
            }
        }
    }

    /// The numbers of an unexpanded node that the asked seat wins with
    /// probability `chance`: `1 + 2h(1 - chance)` and `1 + 2h * chance`
    /// (both `1 + h` at even chances), never 0 (that would claim a proof).
    /// The knowledge only steers which node is searched first; proofs
    /// and disproofs still rest on finished games alone.
    fn initial_numbers(&self, chance: Option<f64>) -> (Number, Number) {
        let Some(chance) = chance.filter(|c| c.is_finite()) else {
            return if self.limits.init == Init::Unit {
                (1, 1)
            } else {
                let even = 1 + self.limits.init_weight;
                (even, even)
            };
        };
        let chance = chance.clamp(0.0, 1.0);
        let scale = 2.0 * f64::from(self.limits.init_weight);
        let number = |x: f64| 1 + (scale * x).round() as Number;
        (number(1.0 - chance), number(chance))
    }

    /// Generates the children of an ongoing `game` (only the forced ones
    /// when the game's knowledge sees a threat), or settles the node at
    /// once (a decisive ply; a child that decides it).
    #[inline(never)]
    fn expand(&mut self, game: &G, or_node: bool) -> Expansion<G> {
        let settled = |proved: bool| {
            if proved {
                Expansion::Settled(0, INFINITE)
            } else {
                Expansion::Settled(INFINITE, 0)
            }
        };
        // The mover wins at once: proved at an OR node, disproved at an AND node.
        if self.knowledge.decisive_ply(game).is_some() {
            return settled(or_node);
        }
        let mut plies = PlyBuf::new();
        // Plies left out of the forced ones lose at once for the mover: never
        // a win at an OR node, always one at an AND node, so the answer stays.
        if !self.knowledge.forced_plies(game, &mut plies) {
            game.legal_plies(&mut plies);
        }
        // Prior win rates are the mover's: the asked seat's at an OR node.
        let mut priors: Vec<f32> = Vec::new();
        if self.limits.init == Init::Prior {
            priors.resize(plies.len(), 0.5);
            if !self.knowledge.ply_priors(game, &plies, &mut priors) {
                priors.clear();
            }
        }
        let mut children = Vec::with_capacity(plies.len());
        for (i, &ply) in plies.iter().enumerate() {
            let mut next = game.clone();
            next.play_unchecked(ply);
            let chance = priors.get(i).map(|&p| {
                let p = f64::from(p);
                if or_node {
                    p
                } else {
                    1.0 - p
                }
            });
            let (pn, dn, key) = self.leaf(&next, chance);
            if or_node && pn == 0 {
                return settled(true);
            }
            if !or_node && dn == 0 {
                return settled(false);
            }
            children.push(Child {
                game: next,
                key,
                pn,
                dn,
            });
        }
        Expansion::Children(children)
    }

    /// The node's numbers from its children's.
    fn aggregate(children: &[Child<G>], or_node: bool) -> (Number, Number) {
        let min_pn = children.iter().map(|c| c.pn).min().unwrap_or(INFINITE);
        let min_dn = children.iter().map(|c| c.dn).min().unwrap_or(INFINITE);
        if or_node {
            (min_pn, saturating_sum(children.iter().map(|c| c.dn)))
        } else {
            (saturating_sum(children.iter().map(|c| c.pn)), min_dn)
        }
    }

    /// The child to search (least proof number at an OR node, least
    /// disproof number at an AND node) and the second least number.
    fn select(children: &[Child<G>], or_node: bool) -> (usize, Number) {
        let number = |c: &Child<G>| if or_node { c.pn } else { c.dn };
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
    fn mid(&mut self, game: &G, key: u64, th_pn: Number, th_dn: Number, depth: u32) -> (Number, Number) {
        self.max_depth = self.max_depth.max(depth);
        if depth >= self.limits.depth {
            self.flags.cut_seen = true;
            return (INFINITE, 0);
        }
        self.count_expansion();
        let start = self.expanded;
        let or_node = game.to_move_seat() == self.question;
        let mut children = match self.expand(game, or_node) {
            Expansion::Settled(pn, dn) => {
                self.table.put(key, Stored { pn, dn, work: 1 });
                return (pn, dn);
            }
            Expansion::Children(children) => children,
        };
        loop {
            let (pn, dn) = Self::aggregate(&children, or_node);
            if pn >= th_pn || dn >= th_dn || self.aborted {
                let work = self.expanded - start + 1;
                self.table.put(key, Stored { pn, dn, work });
                return (pn, dn);
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
                (th_pn.min(self.grow(second)), rest(th_dn, dn, child.dn))
            } else {
                (rest(th_pn, pn, child.pn), th_dn.min(self.grow(second)))
            };
            let (cpn, cdn) = self.mid(&child.game, child.key, child_pn, child_dn, depth + 1);
            children[best].pn = cpn;
            children[best].dn = cdn;
        }
    }

    /// Asks whether `seat` wins `game`.
    fn prove(&mut self, game: &G, seat: Seat) -> Answer {
        self.question = seat;
        let status = game.status();
        if status.is_finished() {
            return match self.terminal(status) {
                (0, _) => Answer::Proved,
                _ => Answer::Disproved,
            };
        }
        let key = self.key(game);
        let (pn, dn) = match self.table.get(key) {
            Some(s) if s.pn == 0 || s.dn == 0 => (s.pn, s.dn),
            _ if self.aborted => return Answer::Unknown,
            _ => self.mid(game, key, INFINITE, INFINITE, 0),
        };
        if pn == 0 {
            Answer::Proved
        } else if dn == 0 {
            Answer::Disproved
        } else {
            Answer::Unknown
        }
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
            Answer::Disproved if !self.flags.draw_seen => return Some(Proof::Loss),
            Answer::Disproved => {}
        }
        match self.prove(game, seat.opponent()) {
            Answer::Proved => Some(Proof::Loss),
            Answer::Disproved if !self.flags.cut_seen => Some(Proof::Draw),
            _ => None,
        }
    }

    /// The value of `game` for `seat` as far as the table knows it already
    /// (no search).
    fn known_value(&mut self, game: &G, seat: Seat) -> Option<Proof> {
        let settled = |s: Option<Stored>| match s {
            Some(s) if s.pn == 0 => Some(true),
            Some(s) if s.dn == 0 => Some(false),
            _ => None,
        };
        match settled(self.stored(game, seat))? {
            true => Some(Proof::Win),
            false if self.flags.cut_seen => None,
            false if !self.flags.draw_seen => Some(Proof::Loss),
            false => match settled(self.stored(game, seat.opponent()))? {
                true => Some(Proof::Loss),
                false => Some(Proof::Draw),
            },
        }
    }

    /// The table's numbers for "does `seat` win `game`?", if stored.
    fn stored(&mut self, game: &G, seat: Seat) -> Option<Stored> {
        self.question = seat;
        let key = self.key(game);
        self.table.get(key)
    }
}

/// One ply of the root with what is known of it.
struct RootChild<P> {
    ply: P,
    proof: Option<Proof>,
    /// Proof-number estimate of the mover's chance: dn / (pn + dn).
    estimate: f64,
    work: u64,
}

impl<P> RootChild<P> {
    /// Sort rank: proven wins, unproven, draws, losses.
    fn rank(&self) -> u8 {
        match self.proof {
            Some(Proof::Win) => 0,
            None => 1,
            Some(Proof::Draw) => 2,
            Some(Proof::Loss) => 3,
        }
    }

    fn win_rate(&self) -> f64 {
        match self.proof {
            Some(Proof::Win) => 1.0,
            Some(Proof::Draw) => 0.5,
            Some(Proof::Loss) => 0.0,
            None => self.estimate,
        }
    }
}

/// Solves `game` (ongoing): the value for the seat to move, then every
/// root ply's value for it (while the limits allow; with `all_plies`
/// false, only what the table knows after the root's proof), the best ply
/// first.
pub(crate) fn solve<G: Game, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    table: &mut Table,
    flags: &mut Flags,
    limits: &Limits,
    all_plies: bool,
    started: Instant,
) -> SearchResult<G::Ply> {
    let mover = game.to_move_seat();
    let mut solver = Solver::new(game, knowledge, table, flags, limits);
    let proof = solver.value(game, mover);
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mut children = Vec::with_capacity(plies.len());
    for &ply in &plies {
        let mut next = game.clone();
        next.play_unchecked(ply);
        // The child's value for the root's mover, whoever moves there.
        let value = if proof == Some(Proof::Loss) {
            // Every ply of a lost position loses.
            Some(Proof::Loss)
        } else if solver.aborted || !all_plies {
            solver.known_value(&next, mover)
        } else {
            solver.value(&next, mover)
        };
        let stored = solver.stored(&next, mover);
        let estimate = match (next.status().reward(mover), stored) {
            (Some(reward), _) => reward,
            (None, Some(s)) if s.pn != INFINITE && s.dn != INFINITE => {
                f64::from(s.dn) / (f64::from(s.pn) + f64::from(s.dn))
            }
            _ => 0.5,
        };
        let proof = match next.status() {
            Status::Finished { .. } => next.status().reward(mover).map(|r| {
                if r > 0.75 {
                    Proof::Win
                } else if r < 0.25 {
                    Proof::Loss
                } else {
                    Proof::Draw
                }
            }),
            Status::Ongoing => value,
        };
        children.push(RootChild {
            ply,
            proof,
            estimate,
            work: stored.map_or(0, |s| s.work),
        });
    }
    // Best first: by rank, then (unproven) by estimate, then the smaller
    // proof (a proven ply's work), then the order of the legal plies.
    children.sort_by(|a, b| {
        a.rank()
            .cmp(&b.rank())
            .then(b.estimate.total_cmp(&a.estimate))
            .then(a.work.cmp(&b.work))
    });
    if let Some(value) = proof {
        // A proven root plays a ply of its value (all losses: the first).
        if let Some(i) = children.iter().position(|c| c.proof == Some(value)) {
            let keeper = children.remove(i);
            children.insert(0, keeper);
        }
    }
    let elapsed = started.elapsed();
    let best = children.first().map(|c| c.ply);
    let win_rate = match proof {
        Some(Proof::Win) => Some(1.0),
        Some(Proof::Draw) => Some(0.5),
        Some(Proof::Loss) => Some(0.0),
        None => children.first().map(RootChild::win_rate),
    };
    let iterations = solver.expanded;
    let max_depth = solver.max_depth + 1;
    SearchResult {
        best,
        win_rate,
        children: children
            .iter()
            .map(|c| ChildStats {
                ply: c.ply,
                visits: c.work,
                win_rate: c.win_rate(),
                proof: c.proof,
            })
            .collect(),
        pv: best.into_iter().collect(),
        iterations,
        nodes: table.used(),
        elapsed,
        iterations_per_sec: iterations as f64 / elapsed.max(Duration::from_micros(1)).as_secs_f64(),
        max_depth,
        proof,
    }
}
