//! Move generation and legality: the per-direction phalanx generator, the
//! P5 symmetry test, the scalar checks that explain an illegal ply, and the
//! rejection-sampling random ply.

use abstracta_core::{PlyBuf, Point};
use rand::Rng;

use crate::engine::{
    index_of, point_of, shift, step, Bb, DCOL, DIRS, DROW, HOME, ROW_OF, STONE_AREA, TARGET_ROW, VALID,
};
use crate::{Epaminondas, EpaminondasPly, Variant, HEIGHT, STONE_ROWS, WIDTH};

impl Epaminondas {
    /// [`Game::legal_plies`](abstracta_core::Game::legal_plies).
    #[inline]
    pub(crate) fn generate(&self, out: &mut PlyBuf<EpaminondasPly>) {
        out.clear();
        if self.current_status().is_finished() {
            return;
        }
        if self.placing_stones() {
            for i in STONE_AREA.andnot(self.stones).iter() {
                out.push(EpaminondasPly::Stone(point_of(i)));
            }
            return;
        }
        for d in 0..8 {
            self.gen_dir(d, &mut |from, to, capture| {
                out.push(EpaminondasPly::Move {
                    from: point_of(from),
                    to: point_of(to),
                    capture,
                })
            });
        }
    }

    /// [`Game::is_legal`](abstracta_core::Game::is_legal).
    pub(crate) fn legal(&self, ply: EpaminondasPly) -> bool {
        if self.current_status().is_finished() {
            return false;
        }
        match ply {
            EpaminondasPly::Move { from, to, .. } => self.why_move_is_illegal(from, to).is_none(),
            EpaminondasPly::Stone(p) => self.why_stone_is_illegal(p).is_none(),
        }
    }

    /// [`Game::explain_illegal`](abstracta_core::Game::explain_illegal).
    pub(crate) fn explain(&self, ply: EpaminondasPly) -> String {
        let status = self.current_status();
        if status.is_finished() {
            return format!("the game is over ({status})");
        }
        let reason = match ply {
            EpaminondasPly::Move { from, to, .. } => self.why_move_is_illegal(from, to),
            EpaminondasPly::Stone(p) => self.why_stone_is_illegal(p),
        };
        reason.unwrap_or_else(|| "it is legal".into())
    }

    /// [`Game::random_ply`](abstracta_core::Game::random_ply).
    #[inline]
    pub(crate) fn pick_random<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EpaminondasPly> {
        if self.current_status().is_finished() {
            return None;
        }
        if self.placing_stones() {
            let free = STONE_AREA.andnot(self.stones);
            let i = free.nth(rng.gen_range(0..free.count()))?;
            return Some(EpaminondasPly::Stone(point_of(i)));
        }
        // Cheap tries first: a random piece as the rear and a random
        // direction, checked by a short scalar walk.
        for _ in 0..24 {
            if let Some(ply) = self.try_random_move(rng) {
                return Some(ply);
            }
        }
        let mut buf = MoveBuf {
            moves: [(0, 0, false); 512],
            len: 0,
        };
        let start = rng.gen_range(0..8);
        for i in 0..8 {
            let d = (start + i) & 7;
            buf.len = 0;
            self.gen_dir(d, &mut |from, to, capture| {
                if buf.len < buf.moves.len() {
                    buf.moves[buf.len] = (from as u8, to as u8, capture);
                    buf.len += 1;
                }
            });
            if buf.len > 0 {
                let (from, to, capture) = buf.moves[rng.gen_range(0..buf.len)];
                return Some(EpaminondasPly::Move {
                    from: point_of(usize::from(from)),
                    to: point_of(usize::from(to)),
                    capture,
                });
            }
        }
        None
    }

    /// Every syntactically possible ply whose squares are on one line (plus
    /// every stone), a superset of the legal plies for the conformance kit.
    pub fn candidate_plies(_: &Self) -> Vec<EpaminondasPly> {
        let mut v = Vec::new();
        for fr in 0..HEIGHT {
            for fc in 0..WIDTH {
                let from = Point::new(fc, fr);
                v.push(EpaminondasPly::Stone(from));
                for d in 0..8 {
                    for m in 1..=14i32 {
                        let c = i32::from(fc) + i32::from(DCOL[d]) * m;
                        let r = i32::from(fr) + i32::from(DROW[d]) * m;
                        if (0..i32::from(WIDTH)).contains(&c) && (0..i32::from(HEIGHT)).contains(&r) {
                            v.push(EpaminondasPly::step(from, Point::new(c as u8, r as u8)));
                        }
                    }
                }
            }
        }
        v
    }

    /// Does the move with these parameters violate P5? `front` is the front
    /// moving piece's square before the move.
    #[inline]
    fn breaks_symmetry(
        &self,
        me: usize,
        from: usize,
        front: usize,
        o: i32,
        m: usize,
        captured: usize,
    ) -> bool {
        let mo = o * m as i32;
        let to = (from as i32 + mo) as usize;
        let front_to = (front as i32 + mo) as usize;
        let target = TARGET_ROW[me];
        if ROW_OF[to] != target && ROW_OF[front_to] != target {
            return false;
        }
        // Captures make the counts differ less often; piece counts first.
        let mine = usize::from(self.counts[me]);
        let theirs = usize::from(self.counts[1 - me]) - captured;
        if mine != theirs {
            return false;
        }
        if self.stones != self.mirrored_stones {
            return false;
        }
        let mut after = self.clone();
        let k = (front as i32 - from as i32) / o + 1;
        let mut sq = front_to as i32;
        for _ in 0..captured {
            after.take(1 - me, sq as usize);
            sq += o;
        }
        let mut sq = from as i32;
        for _ in 0..k {
            after.take(me, sq as usize);
            sq += o;
        }
        let mut sq = to as i32;
        for _ in 0..k {
            after.put(me, sq as usize);
            sq += o;
        }
        after.compute_symmetric()
    }

    /// Generates the legal moves of the side to move in direction `d`,
    /// calling `emit(from, to, capture)` with square indices.
    #[inline]
    fn gen_dir<F: FnMut(usize, usize, bool)>(&self, d: usize, emit: &mut F) {
        let me = self.to_move.index();
        let own = self.pieces[me];
        let enemy = self.pieces[1 - me];
        let empty = VALID.andnot(own | enemy | self.stones);
        let o = DIRS[d];
        let fronts = own.andnot(shift(own, -o));
        if fronts.is_empty() {
            return;
        }
        // runs[k-1]: fronts with at least k friendly pieces in the line
        // ending at them (the front itself included).
        let mut runs = [Bb::EMPTY; 14];
        let mut n_runs = 0;
        let mut r = own;
        while n_runs < 14 {
            let f = fronts & r;
            if f.is_empty() {
                break;
            }
            runs[n_runs] = f;
            n_runs += 1;
            r = own & shift(r, o);
        }
        let empty_ahead1 = shift(empty, -o);
        // emp: squares with m empty squares ahead; hit: squares whose m-th
        // square ahead is an enemy piece with m-1 empty squares between.
        let mut emp = empty_ahead1;
        let mut hit = shift(enemy, -o);
        for m in 1..=n_runs {
            let capturers = hit & runs[m - 1];
            for front in capturers.iter() {
                let target = (front as i32 + o * m as i32) as usize;
                let mut n = 1;
                let mut sq = target;
                while let Some(next) = step(sq, o) {
                    if !enemy.has(next) {
                        break;
                    }
                    n += 1;
                    sq = next;
                }
                // k moving pieces need k > n and k >= m.
                let mut k = m.max(n + 1);
                while k <= n_runs && runs[k - 1].has(front) {
                    let from = (front as i32 - o * (k as i32 - 1)) as usize;
                    if !self.breaks_symmetry(me, from, front, o, m, n) {
                        emit(from, (from as i32 + o * m as i32) as usize, true);
                    }
                    k += 1;
                }
            }
            let movers = emp & runs[m - 1];
            if movers.is_empty() {
                // Longer moves and captures need these empty squares too.
                break;
            }
            for k in m..=n_runs {
                let s = movers & runs[k - 1];
                if s.is_empty() {
                    break;
                }
                for front in s.iter() {
                    let from = (front as i32 - o * (k as i32 - 1)) as usize;
                    if !self.breaks_symmetry(me, from, front, o, m, 0) {
                        emit(from, (from as i32 + o * m as i32) as usize, false);
                    }
                }
            }
            hit = empty_ahead1 & shift(hit, -o);
            emp = empty_ahead1 & shift(emp, -o);
        }
    }

    /// Whether the side to move has any legal move (cheap in practice: a
    /// one-square step that does not reach the target row is always legal).
    pub(crate) fn has_any_move(&self) -> bool {
        let me = self.to_move.index();
        let own = self.pieces[me];
        let empty = VALID.andnot(own | self.pieces[1 - me] | self.stones);
        let safe = empty.andnot(HOME[1 - me]);
        for o in DIRS {
            if (shift(own, o) & safe).any() {
                return true;
            }
        }
        let mut any = false;
        for d in 0..8 {
            self.gen_dir(d, &mut |_, _, _| any = true);
            if any {
                return true;
            }
        }
        false
    }

    /// Checks a move by a scalar walk: `None` if it is legal, otherwise which
    /// rule refuses it.
    fn why_move_is_illegal(&self, from: Point, to: Point) -> Option<String> {
        if self.placing_stones() {
            return Some(format!(
                "the stones come first (P7): {} places a stone with *SQUARE on rows 4..9",
                self.to_move
            ));
        }
        let me = self.to_move.index();
        let (fi, ti) = (index_of(from), index_of(to));
        if !self.pieces[me].has(fi) {
            return Some(format!("{from} does not hold a {} piece", self.to_move));
        }
        let dc = i32::from(to.col) - i32::from(from.col);
        let dr = i32::from(to.row) - i32::from(from.row);
        if (dc == 0 && dr == 0) || (dc != 0 && dr != 0 && dc.abs() != dr.abs()) {
            return Some(format!(
                "{from} and {to} are not on one orthogonal or diagonal line (P2)"
            ));
        }
        let dir = (0..8)
            .find(|&d| i32::from(DCOL[d]) == dc.signum() && i32::from(DROW[d]) == dr.signum())
            .unwrap_or(0);
        let o = DIRS[dir];
        let m = dc.abs().max(dr.abs()) as usize;
        let mut k = 1;
        let mut front = fi;
        while let Some(next) = step(front, o) {
            if !self.pieces[me].has(next) {
                break;
            }
            front = next;
            k += 1;
        }
        if m > k {
            return Some(format!(
                "{k} moving piece(s) may move at most {k} square(s), not {m} (P2)"
            ));
        }
        let mut sq = front;
        let mut captured = 0;
        for s in 1..=m {
            let Some(next) = step(sq, o) else {
                return Some("the phalanx would leave the board (P2)".into());
            };
            sq = next;
            if self.stones.has(sq) {
                return Some(format!("a stone on {} blocks the phalanx (P7)", point_of(sq)));
            }
            if self.pieces[me].has(sq) {
                return Some(format!(
                    "a friendly piece on {} blocks the phalanx (P2)",
                    point_of(sq)
                ));
            }
            if self.pieces[1 - me].has(sq) {
                if s < m {
                    return Some(format!(
                        "the phalanx may not pass through the enemy piece on {} (P2)",
                        point_of(sq)
                    ));
                }
                let mut n = 1;
                let mut e = sq;
                while let Some(next) = step(e, o) {
                    if !self.pieces[1 - me].has(next) {
                        break;
                    }
                    n += 1;
                    e = next;
                }
                if n >= k {
                    return Some(format!(
                        "the enemy line from {} has {n} piece(s), not fewer than the {k} moving (P3)",
                        point_of(sq)
                    ));
                }
                captured = n;
            }
        }
        debug_assert_eq!(ti, (fi as i32 + o * m as i32) as usize);
        if self.breaks_symmetry(me, fi, front, o, m, captured) {
            return Some("the move reaches the opponent's home row and leaves a symmetric board (P5)".into());
        }
        None
    }

    fn why_stone_is_illegal(&self, p: Point) -> Option<String> {
        if !self.placing_stones() {
            return Some(if self.options.variant() == Variant::Stones {
                "all three stones are placed; stones are placed only before play (P7)".into()
            } else {
                "stones are only placed in the stones variant (P7)".into()
            });
        }
        if !STONE_ROWS.contains(&p.row) {
            return Some(format!("stones go on rows 4..9, not on {p} (P7)"));
        }
        if self.stones.has(index_of(p)) {
            return Some(format!("{p} already holds a stone (P7)"));
        }
        None
    }

    /// One rejection-sampling try for `random_ply`: a random friendly piece
    /// as the rear, a random direction, and a random legal distance for
    /// that phalanx, or `None` if that piece has no move that way.
    #[inline]
    fn try_random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EpaminondasPly> {
        let me = self.to_move.index();
        let own = &self.pieces[me];
        let enemy = &self.pieces[1 - me];
        let from = own.nth(rng.gen_range(0..u32::from(self.counts[me])))?;
        let r: u32 = rng.gen();
        let d = (r & 7) as usize;
        let o = DIRS[d];
        let mut k = 1;
        let mut front = from;
        while let Some(next) = step(front, o) {
            if !own.has(next) {
                break;
            }
            front = next;
            k += 1;
        }
        // Empty squares ahead (at most k count), then what stops the run.
        let mut e = 0;
        let mut sq = front;
        let mut capture = 0;
        while e < k {
            let Some(next) = step(sq, o) else { break };
            if enemy.has(next) {
                let mut n = 1;
                let mut x = next;
                while let Some(y) = step(x, o) {
                    if !enemy.has(y) {
                        break;
                    }
                    n += 1;
                    x = y;
                }
                if n < k {
                    capture = n;
                }
                break;
            }
            if own.has(next) || self.stones.has(next) {
                break;
            }
            e += 1;
            sq = next;
        }
        let choices = e + usize::from(capture > 0);
        if choices == 0 {
            return None;
        }
        let m = ((r >> 3) as usize % choices) + 1;
        let captured = if m > e { capture } else { 0 };
        if self.breaks_symmetry(me, from, front, o, m, captured) {
            return None;
        }
        let to = (from as i32 + o * m as i32) as usize;
        Some(EpaminondasPly::Move {
            from: point_of(from),
            to: point_of(to),
            capture: captured > 0,
        })
    }
}

/// A small stack buffer of moves for `random_ply` (no allocation).
struct MoveBuf {
    moves: [(u8, u8, bool); 512],
    len: usize,
}
