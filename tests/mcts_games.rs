//! MCTS over the five games: wins in one and blocks of a loss in one
//! (positions written as notation, answers checked by an exhaustive
//! AND-OR search), deterministic and with 2 threads; the solver on tiny
//! boards against an exhaustive minimax.
//!
//! "In one" means within the game's own turn structure: the fewest plies
//! after which the result is decided (Escabel and Epaminondas check a win
//! at the start of the winner's next turn, Whirlwind turns have two plies).

use abstracta::registry::RegisteredGame;
use abstracta_core::conformance::position;
use abstracta_core::{CellClaims, PlyBuf, Seat};
use mcts::{Mcts, MctsOptions, Proof};

/// Whether `seat` wins by force within `depth` plies.
fn forced_win<G: RegisteredGame>(game: &G, seat: Seat, depth: u32) -> bool {
    let status = game.status();
    if status.is_finished() {
        return status.winner_seat() == Some(seat);
    }
    if depth == 0 {
        return false;
    }
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mine = game.to_move_seat() == seat;
    let mut test = |p: &G::Ply| {
        let mut g = game.clone();
        g.play_unchecked(*p);
        forced_win(&g, seat, depth - 1)
    };
    if mine {
        plies.iter().any(&mut test)
    } else {
        plies.iter().all(&mut test)
    }
}

/// The plies of the side to move after which it wins within `depth` more
/// plies, and those after which the opponent does.
fn classify<G: RegisteredGame>(game: &G, depth: u32) -> (Vec<G::Ply>, Vec<G::Ply>, usize) {
    let seat = game.to_move_seat();
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mut winning = Vec::new();
    let mut losing = Vec::new();
    for &p in &plies {
        let mut g = game.clone();
        g.play_unchecked(p);
        if forced_win(&g, seat, depth) {
            winning.push(p);
        } else if forced_win(&g, seat.opponent(), depth) {
            losing.push(p);
        }
    }
    (winning, losing, plies.len())
}

fn options(spec: &str) -> MctsOptions {
    spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// Searches `game` with the deterministic and the 2-thread settings and
/// checks the best ply is one of `good`.
fn check_best<G: RegisteredGame>(what: &str, game: &G, good: &[G::Ply], iters: u64) {
    for extra in ["seed=1", "threads=2,seed=2"] {
        let spec = format!("iters={iters},{extra}");
        let r = Mcts::<G, G::Knowledge>::new(options(&spec)).search(game);
        let best = r.best.expect("a move");
        assert!(
            good.contains(&best),
            "{} {what} [{spec}]: played {best}, good {:?}\n{r}\n{}",
            G::NAME,
            good.iter().map(ToString::to_string).collect::<Vec<_>>(),
            game
        );
    }
}

/// A win in one: the side to move has a forced win within `depth` plies,
/// and not every ply gives it.
fn win_in_one<G: RegisteredGame>(spec: &str, moves: &str, depth: u32, iters: u64) {
    let game: G = position(spec, moves);
    let (winning, _, total) = classify(&game, depth - 1);
    assert!(
        !winning.is_empty() && winning.len() < total,
        "{spec} {moves}: not a win-in-one test ({} of {total} win)",
        winning.len()
    );
    check_best(&format!("win in one after {moves:?}"), &game, &winning, iters);
}

/// A loss in one to block: some plies let the opponent win within
/// `depth` plies, the others (the answers) do not, and none wins at once.
fn block_loss<G: RegisteredGame>(spec: &str, moves: &str, depth: u32, iters: u64) {
    let game: G = position(spec, moves);
    let (winning, losing, total) = classify(&game, depth - 1);
    assert!(winning.is_empty(), "{spec} {moves}: the side to move wins");
    assert!(
        !losing.is_empty() && losing.len() < total,
        "{spec} {moves}: not a block test ({} of {total} lose)",
        losing.len()
    );
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let good: Vec<G::Ply> = plies.iter().copied().filter(|p| !losing.contains(p)).collect();
    check_best(&format!("block after {moves:?}"), &game, &good, iters);
}

#[test]
fn escabel_win_in_one() {
    // Black completes a top-bottom chain with c2; a win counts at the start
    // of Black's next turn, and White cannot break it.
    win_in_one::<escabel::Escabel>(
        "escabel:size=5",
        "d3 a1 e3 d1 a4 e2 b5 e5 e3-e2 b2 b4 e3-d3 a5 e1 c1 b3 c4 e4 b4-b3",
        2,
        3000,
    );
}

#[test]
fn escabel_block_loss_in_one() {
    block_loss::<escabel::Escabel>(
        "escabel:size=5",
        "a4 a3 c3 d1 e1 e3 e1-d1 a3-a4 e2 e1-e2 a5 a2 b5 c4 d5 c2 b2 e4 b2-a2 c4-c3 c1 d4 d5-d4 d3 d2 b1 d2-d3 b3",
        2,
        3000,
    );
}

#[test]
fn swack_win_in_one() {
    // After White's pass, Black's pass ends the game with Black ahead.
    win_in_one::<swack::Swack>("swack:size=4", "b4-c4 b3-c3 a1-b1 b4-b3 d4-d3 pass", 2, 2000);
}

#[test]
fn swack_block_loss_in_one() {
    block_loss::<swack::Swack>(
        "swack:size=4",
        "c1-b1 d3-c3 b2-a2 b3-a3 a2-a3 c2-d2 d4-c4 d4-d3 c2-c1 a4-b4 c4-b4 b2-b3",
        2,
        2000,
    );
}

#[test]
fn ecalper_win_in_one() {
    // Black's last turn only replaces: taking c3 leaves Black the larger
    // group.
    win_in_one::<ecalper::Ecalper>(
        "ecalper:size=4",
        "b3 a4 g5 xb3 f4 d5 e7 xf4 c5 f5 c6 xc5 b2 b5 e6 xb2 a2 c4 e5 xc4 d4 g4 d7 xd4 c1 e4 \
         f6 xf6 d1 c2 e2 xc2 a1 b1 f3 xa1 e3 b4 d6 xd6 g6 f7 g7 xf7 d2 a3 c3",
        4,
        2000,
    );
}

#[test]
fn ecalper_block_loss_in_one() {
    block_loss::<ecalper::Ecalper>(
        "ecalper:size=3",
        "c4 e4 d5 xd5 b3 e3 b4 xb3 b1 c3 c5 xc5 a3 d4 e5 xe5 c1 a2 c2 xa2",
        4,
        2000,
    );
}

/// A long random game, cut where White can win: j6xj3 puts a piece on
/// Black's home row with none of Black's on White's.
const EPAMINONDAS_WIN: &str = "d1-d2 h11-h10 e2-d1 n11-m11 c2-d2 h12-h11 a1-a2 e11-e10 c1-e3 \
    f12-e11 d1-f3 g11-h12 k2-j3 g12-h11 h1-e4 d12-f10 c6-d5 f11-g11 d3-d2 e10-e11 j3-k2 e12-c10 \
    m1-m3 b9-c10 l2-m1 e11-f12 a2-a3 k11-l11 m1-l1 a12-d9 h1-g1 c11-c10 a3-a2 i10-h11 e4-g2 \
    i11-i10 f4-e3 f10-g9 a4-b3 h12-h9 k1-j2 c10-b10 h1-f3 l11-m10 d5-e5 c12-c11 d1-c2 m11-l10 \
    j2-k1 e8-f9 g4-e2 h9xh6 i1-i4 h2-h7 c2-b3 b10-b9 a2-b3 l12-k12 c1-d1 b9-b8 n1-n2 d9-d10 \
    b2-a2 c11-c10 d2-c1 f9-g9 i4-i3 g11-i9 n3-m3 h9-h8 m4-m3 i9-g7 f2-d2 d10-e11 k1-l2 a11-b11 \
    j1-i1 b8-b7 l3-k3 n11-n10 m2-l3 j8-k8 b1-c1 k8-k9 l3-l4 i10-i11 l2-m1 c10-d10 i5-i7 i12-h12 \
    k3-m5 g7-g8 i7-j7 h12-h10 d2-c2 h10-i10 c4-c3 k9-l8 c3-b4 k7-k8 g1-e1 b11-a12 i1-i2 f7-e6 \
    n2-n3 j11-k11 a4-a3 h9-h8 n3-m2 e11-f10 h1-g2 f10-e11 m2-n1 f12-h12 j7-k6 m10-m9 b4-a4 g8-i6 \
    i8-j8 i11-i9 j8-i7 e11-d12 e4-d4 i8-j8 k6-j7 d10-c9 e1-e2 k11-j10 a2-b2 d12-f12 n1-m2 \
    c9-c10 k2-k3 h6-g6 m1-n2 i12-f12 m2-l3 j5-k4 e2-d2 g6-h7 a2-c2 k12-j11 n2-n3 k4-j4 i2-i4 \
    d11-c11 m5-l5 b7-a7 e3-f2 h7-i6 i4-h3 e6-d5 e2-d3 m9-k7 g2-f1";

#[test]
fn epaminondas_win_in_one() {
    win_in_one::<epaminondas::Epaminondas>("epaminondas", EPAMINONDAS_WIN, 2, 1500);
}

/// Black has a piece on White's home row: White must take it at once.
const EPAMINONDAS_BLOCK: &str = "b2-c3 n11-m10 h1-j3 h12-h10 k4-l3 e12-c10 g2-h1 i12-k10 j3-i2 \
    h10-h11 l3-m3 h11-h12 k2-l3 a12-a10 i2-h2 k12-j12 b1-d3 b9-b10 a2-b1 f12-g12 f2-e2 e11-e12 \
    e4-e3 g12-e10 m1-l2 b11-d11 f1-f2 d9-e10 d3-e2 a10-b10 k3-l2 d10-e10 m1-m4 e11-f12 l3-m4 \
    f11-g10 m6-l5 h9-i10 l5-l4 k11-j10 n1-m1 m12-n11 m5-m4 i12-j12 h2-i2 f10-g9 m4-n3 k10-j11 \
    j1-k1 g10-h10 i2-j1 h10-i10 g2-f3 d12-e12 m3-m4 b10-c11 n5-m4 a9-b10 l4-k3 k12-h9 f3-g2 \
    j10-i9 d2-b4 g8-h8 b4-a3 g9-g8 m4-l5 i9-g7 e3-f3 g8-h8 g2-h2 f12-e12 h2-i3 g11-h11 l5-m4 \
    l9-l10 k1xh4 l12-l11 f3-e4 c12-d11 g5-g4 k10-k11 j1-j2 n12-k9 l3-l4 n11-l9 l4-m5 e10-g8 \
    k3-j3 i7-i6 f6-g5 g7-g8 e1-f2 l9-l8 g4-g3 i6-g8 h1-i1 k11-l10 j3-i2 d11-h7 e2-e1 c11-c9 \
    i2-h2 c9-c10 h2-h1 l11-m10 a5-a4 l8-k7 m5-m6 h7-g6 m6-m7 k4-j3 g2-f2 m12-n12 a4-a5 e12-d11 \
    e1xh4 k9-i7 l2-m3 i11-h10 h1-g1 c10-d10 e2-e3 g6-e8 n1-m2 d10-e10 g5-f4 b12-b11 f4-f3 j5-j4 \
    e4-e3 h11-h10 n3-m3 j7-i6 m7-l7 h5-h6 c1-d1 e10-f10 g1-f1 b11-a11 l3-k2 h9-h8 l7-l8 m10-l11 \
    m2-l3 k8-k9 i1-k3 h5-i4 f3-e4 i6-i7 k7-i5 l10-l11 m3-l2 l12-k11 l2-k1 k9-j9 e3-d2 i7-g7 \
    e4-d3 d9-c10 n2-n3 i8-i9 c2-d3 i9-k9 f1-f2 a11-c9 k2-j2 i4xk2";

#[test]
fn epaminondas_block_loss_in_one() {
    block_loss::<epaminondas::Epaminondas>("epaminondas", EPAMINONDAS_BLOCK, 2, 1500);
}

#[test]
fn whirlwind_win_in_one() {
    // White to move completes a left-right chain with e2 (a one-stone turn).
    win_in_one::<whirlwind::Whirlwind>(
        "whirlwind:size=6",
        "b1 c4 d4 e1 a4 a3 a5 d6 e6 b6 end b5 e5 f2 f4",
        3,
        3000,
    );
}

#[test]
fn whirlwind_block_loss_in_one() {
    block_loss::<whirlwind::Whirlwind>(
        "whirlwind:size=6",
        "d3 a4 b6 f2 f3 f5 d6 a5 b5 b2 c6 d1 end a3 b3",
        3,
        3000,
    );
}

/// The solver against an exhaustive AND-OR search on a tiny board: at
/// positions cut from seeded random games, whenever one side wins by force
/// within `depth` plies the solver proves exactly that, and it never proves
/// the opposite of such a result.
/// `engine` is added to the search spec (e.g. to switch game knowledge
/// off).
fn solver_agrees<G: RegisteredGame>(spec: &str, engine: &str, depth: u32, games: u32, iters: u64) -> usize {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let mut rng = SmallRng::seed_from_u64(99);
    let mut proven = 0;
    for _ in 0..games {
        let mut game: G = position(spec, "");
        let mut line = Vec::new();
        let cut = rng.gen_range(0..12);
        while game.status().is_ongoing() && line.len() < cut {
            let p = game.random_ply(&mut rng).expect("ongoing");
            line.push(p.to_string());
            game.play_unchecked(p);
        }
        if game.status().is_finished() {
            continue;
        }
        let seat = game.to_move_seat();
        let exact = if forced_win(&game, seat, depth) {
            Some(Proof::Win)
        } else if forced_win(&game, seat.opponent(), depth) {
            Some(Proof::Loss)
        } else {
            None
        };
        let r = Mcts::<G, G::Knowledge>::new(options(&format!("iters={iters},seed=3{engine}"))).search(&game);
        let context = format!("{spec} after {:?}: minimax {exact:?}, {r}", line.join(" "));
        match exact {
            Some(v) => {
                assert_eq!(r.proof, Some(v), "{context}");
                proven += 1;
            }
            None => {
                // No forced result within `depth`: the solver may still
                // prove one deeper, but not a quick one.
                assert!(
                    r.proof != Some(Proof::Win) || !forced_win(&game, seat.opponent(), depth),
                    "{context}"
                );
            }
        }
        if let (Some(Proof::Win), Some(best)) = (r.proof, r.best) {
            let mut g = game.clone();
            g.play_unchecked(best);
            // The proven-winning ply keeps the win (checked as far as the
            // exhaustive search reaches).
            assert!(!forced_win(&g, seat.opponent(), depth), "{context}");
        }
    }
    proven
}

/// The engine spec part that switches every use of game knowledge off.
const NO_KNOWLEDGE: &str = ",decisive=off,guided=off,eval=off,prior=off";

// With the games' default search settings (their knowledge, where they
// recommend it) and with all knowledge off.

#[test]
fn solver_on_tiny_escabel() {
    let proven = solver_agrees::<escabel::Escabel>("escabel:size=3", "", 4, 100, 20_000);
    assert!(proven >= 5, "{proven}");
    let proven = solver_agrees::<escabel::Escabel>("escabel:size=3", NO_KNOWLEDGE, 4, 40, 20_000);
    assert!(proven >= 2, "{proven}");
}

#[test]
fn solver_on_tiny_swack() {
    let proven = solver_agrees::<swack::Swack>("swack:size=2", "", 6, 40, 20_000);
    assert!(proven >= 5, "{proven}");
    let proven = solver_agrees::<swack::Swack>("swack:size=2", NO_KNOWLEDGE, 6, 20, 20_000);
    assert!(proven >= 2, "{proven}");
}

#[test]
fn solver_on_tiny_whirlwind() {
    let proven = solver_agrees::<whirlwind::Whirlwind>("whirlwind:size=4", "", 4, 30, 20_000);
    assert!(proven >= 5, "{proven}");
}

/// With one thread and a seed, a search that uses the games' knowledge
/// (forced plies, guided playouts, evaluations, priors) gives the same answer and
/// statistics every run.
#[test]
fn knowledge_searches_are_deterministic() {
    fn twice<G: RegisteredGame>(spec: &str, moves: &str, engine: &str) {
        let game: G = position(spec, moves);
        let search = || Mcts::<G, G::Knowledge>::new(options(engine)).search(&game);
        let (a, b) = (search(), search());
        assert_eq!(
            (a.best, a.iterations, a.nodes),
            (b.best, b.iterations, b.nodes),
            "{spec}"
        );
        let visits =
            |r: &mcts::SearchResult<G::Ply>| r.children.iter().map(|c| (c.ply, c.visits)).collect::<Vec<_>>();
        assert_eq!(visits(&a), visits(&b), "{spec}");
    }
    twice::<epaminondas::Epaminondas>("epaminondas", "a1-a3 a12-a10", "iters=3000,seed=5");
    twice::<escabel::Escabel>("escabel:size=5", "b2 e5 c3 c2", "iters=3000,seed=5,guided=on");
    twice::<escabel::Escabel>("escabel:size=5", "b2 e5 c3 c2", "iters=3000,seed=5,prior=10");
    twice::<whirlwind::Whirlwind>("whirlwind:size=8", "", "iters=3000,seed=5");
    twice::<swack::Swack>("swack:size=4", "", "iters=3000,seed=5");
}

// ---------------------------------------------------------------------------
// Strength matches (run with `--ignored --nocapture`; `MATCH=rave,random`
// picks the pairings, `MATCH_A` / `MATCH_B` the two engine specs of the
// rave pairing, `MATCH_ONLY` a substring of the pairings to play,
// `MATCH_GAMES` sets
// the games per pairing). They print the score with an Elo estimate and a
// 95% interval.

/// A player: MCTS with `spec`, or uniformly random when `spec` is empty.
fn play_match<G: RegisteredGame>(game_spec: &str, a: &str, b: &str, games: u32) -> (f64, u32) {
    use rand::rngs::SmallRng;
    use rand::SeedableRng;
    let mut score = 0.0;
    for g in 0..games {
        let mut game: G = position(game_spec, "");
        // `a` takes the first seat in even games.
        let a_seat = if g % 2 == 0 { Seat::First } else { Seat::Second };
        let mut engines: Vec<Option<Mcts<G, G::Knowledge>>> = [a, b]
            .iter()
            .map(|s| (!s.is_empty()).then(|| Mcts::new(options(&format!("{s},seed={g}")))))
            .collect();
        let mut rng = SmallRng::seed_from_u64(u64::from(g));
        while game.status().is_ongoing() {
            let who = usize::from(game.to_move_seat() != a_seat);
            let ply = match &mut engines[who] {
                Some(m) => m.search(&game).best.expect("ongoing"),
                None => game.random_ply(&mut rng).expect("ongoing"),
            };
            for e in engines.iter_mut().flatten() {
                e.advance(ply);
            }
            game.play_unchecked(ply);
        }
        score += game.status().reward(a_seat).expect("finished");
    }
    (score, games)
}

/// Whether the pairing named `what` is selected by `MATCH_ONLY` (a
/// substring; all when unset).
fn selected(what: &str) -> bool {
    std::env::var("MATCH_ONLY").map_or(true, |only| what.contains(&only))
}

/// Plays and reports one pairing if `MATCH_ONLY` selects it.
fn pairing<G: RegisteredGame>(what: &str, spec: &str, a: &str, b: &str, games: u32) {
    if selected(what) {
        report(what, play_match::<G>(spec, a, b, games));
    }
}

fn report(what: &str, (score, games): (f64, u32)) {
    let p = score / f64::from(games);
    let elo = |p: f64| -400.0 * (1.0 / p.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    let se = (p * (1.0 - p) / f64::from(games)).sqrt().max(1e-9);
    println!(
        "{what}: {score}/{games} = {:.1}%, Elo {:+.0} (95% {:+.0}..{:+.0})",
        100.0 * p,
        elo(p),
        elo(p - 1.96 * se),
        elo(p + 1.96 * se)
    );
}

#[test]
#[ignore = "strength match, minutes of CPU"]
fn strength_matches() {
    let games: u32 = std::env::var("MATCH_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let which = std::env::var("MATCH").unwrap_or_else(|_| "rave,random".into());
    if which.contains("rave") {
        let a = std::env::var("MATCH_A").unwrap_or_else(|_| "iters=1000,rave=on".into());
        let b = std::env::var("MATCH_B").unwrap_or_else(|_| "iters=1000,rave=off".into());
        let (a, b) = (a.as_str(), b.as_str());
        pairing::<escabel::Escabel>(
            &format!("escabel:size=7 [{a}] vs [{b}]"),
            "escabel:size=7",
            a,
            b,
            games,
        );
        pairing::<whirlwind::Whirlwind>(
            &format!("whirlwind:size=8 [{a}] vs [{b}]"),
            "whirlwind:size=8",
            a,
            b,
            games,
        );
        pairing::<ecalper::Ecalper>(
            &format!("ecalper:size=5 [{a}] vs [{b}]"),
            "ecalper:size=5",
            a,
            b,
            games,
        );
    }
    if which.contains("random") {
        let a = "iters=1000";
        pairing::<escabel::Escabel>("escabel vs random", "escabel", a, "", games);
        pairing::<swack::Swack>("swack vs random", "swack", a, "", games);
        pairing::<ecalper::Ecalper>("ecalper vs random", "ecalper", a, "", games);
        pairing::<epaminondas::Epaminondas>("epaminondas vs random", "epaminondas", a, "", games);
        pairing::<whirlwind::Whirlwind>("whirlwind vs random", "whirlwind", a, "", games);
    }
}

// ---------------------------------------------------------------------------
// A generator of test positions (run with `--ignored --nocapture`): random
// games, printing positions that make good win-in-one / block tests.

fn generate<G: RegisteredGame>(spec: &str, depth: u32, games: u32, max_moves: u32) {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let mut rng = SmallRng::seed_from_u64(7);
    let mut found_win = 0;
    let mut found_block = 0;
    for _ in 0..games {
        let mut game: G = position(spec, "");
        let mut line: Vec<String> = Vec::new();
        let stop_at = rng.gen_range(0..max_moves);
        while game.status().is_ongoing() && (line.len() as u32) < max_moves {
            if line.len() as u32 >= stop_at {
                let (w, l, total) = classify(&game, depth - 1);
                if found_win < 3 && !w.is_empty() && (w.len() * 4 <= total || w.len() < total.min(4)) {
                    println!(
                        "WIN {spec} \"{}\" -> {:?}",
                        line.join(" "),
                        w.iter().map(ToString::to_string).collect::<Vec<_>>()
                    );
                    found_win += 1;
                }
                if found_block < 3 && w.is_empty() && l.len() * 2 >= total && l.len() < total {
                    println!(
                        "BLOCK {spec} \"{}\" ({} of {total} lose)",
                        line.join(" "),
                        l.len()
                    );
                    found_block += 1;
                }
            }
            let p = game.random_ply(&mut rng).unwrap();
            line.push(p.to_string());
            game.play_unchecked(p);
        }
        if found_win >= 3 && found_block >= 3 {
            break;
        }
    }
}

#[test]
#[ignore = "generator of test positions"]
fn generate_positions() {
    let which = std::env::var("GEN").unwrap_or_default();
    if which.contains("escabel") {
        generate::<escabel::Escabel>("escabel:size=5", 2, 400, 40);
    }
    if which.contains("swack") {
        generate::<swack::Swack>("swack:size=4", 2, 400, 60);
    }
    if which.contains("ecalper") {
        generate::<ecalper::Ecalper>("ecalper:size=4", 4, 300, 60);
    }
    if which.contains("epaminondas") {
        generate::<epaminondas::Epaminondas>("epaminondas", 2, 400, 300);
    }
    if which.contains("whirlwind") {
        generate::<whirlwind::Whirlwind>("whirlwind:size=6", 3, 400, 40);
    }
}

/// Checks what searches rely on for games whose claims are revocable
/// (`Claims::Revocable`): over random games, no legal ply claims a cell its
/// mover holds, a claiming ply leaves its cell with its mover, and a ply
/// that claims nothing gives no cell to anyone (but a swap, which renames
/// the seats).
fn revocable_claims_hold<G: RegisteredGame>(spec: &str, games: u64) {
    use rand::{rngs::SmallRng, Rng, SeedableRng};
    assert_eq!(
        <G::Knowledge as CellClaims<G>>::CLAIMS,
        abstracta_core::Claims::Revocable
    );
    let k = G::Knowledge::default();
    let mut rng = SmallRng::seed_from_u64(3);
    let mut claims = 0;
    for _ in 0..games {
        let mut game: G = position(spec, "");
        let slots = k.claimable_cells(&game);
        let mut plies = PlyBuf::new();
        while game.status().is_ongoing() {
            game.legal_plies(&mut plies);
            let mover = game.to_move_seat();
            for &p in &plies {
                if let Some(slot) = k.claimed_cell(&game, p) {
                    assert_ne!(
                        k.cell_holder(&game, slot),
                        Some(mover),
                        "{spec}: {p} claims a held cell\n{game}"
                    );
                }
            }
            let ply = plies[rng.gen_range(0..plies.len())];
            let claimed = k.claimed_cell(&game, ply);
            let before: Vec<_> = (0..slots).map(|s| k.cell_holder(&game, s)).collect();
            let swapped = game.swapped();
            game.play_unchecked(ply);
            if game.swapped() != swapped {
                continue;
            }
            match claimed {
                Some(slot) => {
                    // Seats keep their names without a swap.
                    assert_eq!(k.cell_holder(&game, slot), Some(mover), "{spec}: {ply}\n{game}");
                    claims += 1;
                }
                None => {
                    let after: Vec<_> = (0..slots).map(|s| k.cell_holder(&game, s)).collect();
                    assert_eq!(before, after, "{spec}: {ply} claims nothing but changed holders");
                }
            }
        }
    }
    assert!(claims > 0);
}
#[test]
fn ecalper_claims_are_revocable_as_searches_assume() {
    revocable_claims_hold::<ecalper::Ecalper>("ecalper:size=4", 30);
    revocable_claims_hold::<ecalper::Ecalper>("ecalper:size=5,pie=on", 10);
}
