//! A node's first numbers and its children: finished games, new leaves
//! (their initial numbers and the leaf check) and expansions, one ply or
//! one whole turn at a time.

use super::*;

impl<G: Game, K: Knowledge<G>> Solver<'_, G, K> {
    /// The numbers of a finished game for the question.
    pub(super) fn terminal(&mut self, game: &G, status: Status) -> Numbers {
        match status.winner_seat() {
            Some(seat) if seat == self.question => Numbers::proved(0),
            Some(_) => Numbers::disproved(false),
            None => {
                self.flags.draw_seen = true;
                // Keyed without the plies played, a draw by the length cap
                // holds at this ply count only.
                let by_cap = self.position_cap.is_some_and(|cap| game.plies_played() >= cap);
                Numbers::disproved(by_cap)
            }
        }
    }

    /// The numbers of a position not yet expanded here: final for a
    /// finished game, else the table's, else not won when it repeats the
    /// line, else the initial numbers of a node the asked seat wins with
    /// probability `chance` (the game's judgement; `None`: (1, 1)).
    pub(super) fn leaf(&mut self, game: &G, chance: Option<f64>) -> (Numbers, u64) {
        let status = game.status();
        if status.is_finished() {
            return (self.terminal(game, status), 0);
        }
        let key = self.key(game);
        match self.lookup(game, key) {
            Some(s) if s.pn == 0 => (Numbers::proved(u32::from(s.length)), key),
            _ if self.line.contains_key(&key) => {
                // The asked seat gains nothing by coming back: if it wins,
                // it wins by a line that never repeats (each ply nearer the
                // win). That holds on this line only.
                self.flags.draw_seen = true;
                (Numbers::disproved(true), key)
            }
            Some(s) => (Numbers::open(s.pn, s.dn), key),
            // A new node whose every ply ends the game, or whose mover wins
            // at once, is settled without an expansion of its own (and
            // without a table entry).
            None => {
                if self.limits.check_leaves {
                    if let Some(numbers) = self.settled_leaf(game) {
                        return (numbers, key);
                    }
                }
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
                (Numbers::open(pn, dn), key)
            }
        }
    }

    /// With `leaves=check`, the numbers of a new leaf that needs no
    /// expansion: every ply of it ends the game (Ecalper's last
    /// replacement), or its mover has a decisive ply. `None` otherwise.
    ///
    /// The plies are played in turn until one does not end the game (in
    /// most positions the first; after that, not tried again at the same
    /// ply count, see [`Solver::open_at`]), or one decides the leaf: a win of the
    /// asked seat where it moves, an end it does not win where the other
    /// seat moves. A draw counts (and is recorded as met) only when the
    /// leaf's disproof rests on it, as an expansion would find.
    pub(super) fn settled_leaf(&mut self, game: &G) -> Option<Numbers> {
        let or_node = game.to_move_seat() == self.question;
        let at = game.plies_played();
        let (word, bit) = (at as usize / 64, at % 64);
        let tried = at < MAX_OPEN_PLIES && self.open_at.get(word).is_some_and(|w| (w >> bit) & 1 != 0);
        let mut plies = PlyBuf::new();
        if !tried {
            game.legal_plies(&mut plies);
        }
        // Draws met: how many, and how many by the length cap under
        // position keys (a disproof resting on one holds on this line only).
        let (mut draws, mut cap_draws) = (0u32, 0u32);
        let mut every_ply_ends = !plies.is_empty();
        for &ply in &plies {
            let mut next = game.clone();
            next.play_unchecked(ply);
            let status = next.status();
            if !status.is_finished() {
                every_ply_ends = false;
                if at < MAX_OPEN_PLIES {
                    if self.open_at.len() <= word {
                        self.open_at.resize(word + 1, 0);
                    }
                    self.open_at[word] |= 1 << bit;
                }
                break;
            }
            match status.winner_seat() {
                Some(seat) if seat == self.question => {
                    if or_node {
                        return Some(Numbers::proved(1));
                    }
                }
                Some(_) => {
                    if !or_node {
                        return Some(Numbers::disproved(false));
                    }
                }
                None => {
                    draws += 1;
                    cap_draws += u32::from(self.position_cap.is_some_and(|cap| next.plies_played() >= cap));
                }
            }
        }
        if every_ply_ends {
            // No ply decided the leaf: at an OR node none wins, at an AND
            // node each wins or draws for the asked seat.
            // An OR node's disproof rests on every child, an AND node's
            // on the best of its disproved children.
            let on_path = if or_node {
                cap_draws > 0
            } else {
                cap_draws == draws
            };
            return Some(if draws > 0 {
                self.flags.draw_seen = true;
                Numbers::disproved(on_path)
            } else if or_node {
                Numbers::disproved(false)
            } else {
                Numbers::proved(1)
            });
        }
        self.knowledge.decisive_ply(game).map(|_| {
            if or_node {
                Numbers::proved(1)
            } else {
                Numbers::disproved(false)
            }
        })
    }

    /// The numbers of an unexpanded node that the asked seat wins with
    /// probability `chance`: `1 + 2h(1 - chance)` and `1 + 2h * chance`
    /// (both `1 + h` at even chances), never 0 (that would claim a proof).
    /// The knowledge only steers which node is searched first; proofs
    /// and disproofs still rest on finished games alone.
    pub(super) fn initial_numbers(&self, chance: Option<f64>) -> (Number, Number) {
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
    /// once (a decisive ply; a child that decides it). With whole turns, a
    /// ply after which the same seat moves again is not a child: the
    /// positions after each way of finishing the turn are (while the turn
    /// has at most [`MAX_TURN_WIDTH`] ways on a rough count).
    #[inline(never)]
    pub(super) fn expand(&mut self, game: &G, or_node: bool) -> Expansion<G> {
        let mut children = Vec::new();
        let mut pruned_length = 0;
        if self.limits.whole_turns {
            match self.expand_from(game, 0, or_node, true, &mut children, &mut pruned_length) {
                Step::Settled(settled) => return Expansion::Settled(settled),
                Step::Open => return Expansion::Children(children, pruned_length),
                // The rough count was far off: one ply at a time.
                Step::TooWide => {
                    children.clear();
                    pruned_length = 0;
                }
            }
        }
        match self.expand_from(game, 0, or_node, false, &mut children, &mut pruned_length) {
            Step::Settled(settled) => Expansion::Settled(settled),
            _ => Expansion::Children(children, pruned_length),
        }
    }

    /// A rough count of the ways the mover can finish its turn at `game`:
    /// the product of the legal plies at each step of a line on which the
    /// same seat moves on (taken among the first few plies of each step),
    /// stopping above [`MAX_TURN_WIDTH`].
    pub(super) fn turn_width(game: &G) -> u64 {
        let mover = game.to_move_seat();
        let mut plies = PlyBuf::new();
        let mut at = game.clone();
        let mut width: u64 = 1;
        loop {
            at.legal_plies(&mut plies);
            at.legal_plies(&mut plies);
            width = width.saturating_mul(plies.len().max(1) as u64);
            if width > MAX_TURN_WIDTH {
                return width;
            }
            let on = plies.iter().take(4).chain(plies.last()).find_map(|&ply| {
                let mut next = at.clone();
                next.play_unchecked(ply);
                (!next.status().is_finished() && next.to_move_seat() == mover).then_some(next)
            });
            match on {
                Some(next) => at = next,
                None => return width,
            }
        }
    }

    /// Adds to `children` the children of `game`, reached `plies` plies
    /// below the node being expanded (whose mover still moves at `game`),
    /// or returns the node's numbers when a ply settles it.
    /// `pruned_length` grows to the longest loss of a ply the game's
    /// forced plies left out.
    pub(super) fn expand_from(
        &mut self,
        game: &G,
        plies: u32,
        or_node: bool,
        whole: bool,
        children: &mut Vec<Child<G>>,
        pruned_length: &mut u32,
    ) -> Step {
        let mut whole = whole;
        // Whether the turn's width was counted (at the node, once a ply
        // continues the turn: a game of one-ply turns never pays for it).
        let mut counted = plies > 0;
        // The mover wins at once: proved at an OR node, disproved at an AND node.
        if self.knowledge.decisive_ply(game).is_some() {
            return Step::Settled(if or_node {
                Numbers::proved(plies + 1)
            } else {
                Numbers::disproved(false)
            });
        }
        let mover = game.to_move_seat();
        let mut moves = PlyBuf::new();
        // Plies left out of the forced ones lose at once for the mover: never
        // a win at an OR node, always one at an AND node, so the answer stays.
        if self.knowledge.forced_plies(game, &mut moves) {
            *pruned_length = (*pruned_length).max(plies + PRUNED_PLY_LENGTH);
        } else {
            game.legal_plies(&mut moves);
        }
        // Prior win rates are the mover's: the asked seat's at an OR node
        // (for the node's own plies only).
        let mut priors: Vec<f32> = Vec::new();
        if self.limits.init == Init::Prior && plies == 0 {
            priors.resize(moves.len(), 0.5);
            if !self.knowledge.ply_priors(game, &moves, &mut priors) {
                priors.clear();
            }
        }
        children.reserve(moves.len());
        for (i, &ply) in moves.iter().enumerate() {
            let mut next = game.clone();
            next.play_unchecked(ply);
            if whole && !counted && !next.status().is_finished() && next.to_move_seat() == mover {
                counted = true;
                whole = Self::turn_width(game) <= MAX_TURN_WIDTH;
            }
            if whole && !next.status().is_finished() && next.to_move_seat() == mover {
                match self.expand_from(&next, plies + 1, or_node, whole, children, pruned_length) {
                    Step::Open => continue,
                    settled_or_too_wide => return settled_or_too_wide,
                }
            }
            if whole && children.len() as u64 >= 2 * MAX_TURN_WIDTH {
                return Step::TooWide;
            }
            let chance = priors.get(i).map(|&p| {
                let p = f64::from(p);
                if or_node {
                    p
                } else {
                    1.0 - p
                }
            });
            let (numbers, key) = self.leaf(&next, chance);
            if or_node && numbers.pn == 0 {
                return Step::Settled(Numbers::proved(plies + 1 + numbers.length));
            }
            if !or_node && numbers.dn == 0 && !numbers.on_path {
                return Step::Settled(Numbers::disproved(false));
            }
            children.push(Child {
                game: next,
                key,
                plies: plies + 1,
                numbers,
            });
        }
        Step::Open
    }
}
