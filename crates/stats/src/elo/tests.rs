use super::*;

/// Wins, draws and losses as a [`Wdl`].
pub(crate) fn counts(wins: u64, draws: u64, losses: u64) -> Wdl {
    Wdl { wins, draws, losses }
}

pub(crate) fn close(a: f64, b: f64, tol: f64) {
    assert!((a - b).abs() < tol, "{a} vs {b}");
}

#[test]
fn sixty_percent_is_plus_70_4() {
    close(elo_from_score(0.6), 70.4365, 1e-3);
    close(elo_from_score(0.4), -70.4365, 1e-3);
    assert_eq!(format!("{:+.1}", elo_from_score(0.5)), "+0.0");
    // 75% is +190.8 (400 log10 3).
    close(elo_from_score(0.75), 190.849, 1e-3);
    close(score_from_elo(70.4365), 0.6, 1e-6);
}

#[test]
fn extreme_scores_are_clamped() {
    assert_eq!(elo_from_score(1.0), ELO_LIMIT);
    assert_eq!(elo_from_score(0.0), -ELO_LIMIT);
    let all = counts(10, 0, 0);
    let e = all.elo();
    assert_eq!(e.elo, ELO_LIMIT);
    assert!(e.low <= e.elo && e.elo <= e.high);
    // 10 wins out of 10: 0.025^(1/10) = 0.69150 -> +140.22 (python).
    close(e.low, 140.2172, 1e-3);
    close(all.flipped().elo().high, -140.2172, 1e-3);
    let none = Wdl::default().elo();
    assert_eq!(none.elo, 0.0);
}

#[test]
fn interval_from_trinomial_variance() {
    // 60 wins, 40 losses: s = 0.6, var = 0.24, se = sqrt(0.0024);
    // s +- 1.96 se = [0.50398, 0.69602] -> [+2.77, +143.91] (hand/python).
    let wdl = counts(60, 0, 40);
    close(wdl.variance(), 0.24, 1e-12);
    let e = wdl.elo();
    close(e.elo, 70.4365, 1e-3);
    close(e.low, 2.7669, 1e-3);
    close(e.high, 143.9092, 1e-3);
    // Draws shrink the interval for the same score.
    let drawish = counts(20, 80, 0);
    let d = drawish.elo();
    close(d.elo, 70.4365, 1e-3);
    assert!(d.high - d.low < e.high - e.low);
}

#[test]
fn los_known_values() {
    // W - L = 20 over 100 decisive games: erf(sqrt 2) -> Phi(2) = 0.97725.
    let wdl = counts(60, 7, 40);
    close(wdl.los(), 0.977_25, 1e-5);
    close(wdl.flipped().los(), 0.022_75, 1e-5);
    let even = counts(5, 3, 5);
    close(even.los(), 0.5, 1e-12);
    close(Wdl::default().los(), 0.5, 1e-12);
    close(erf(1.0), 0.842_700_79, 2e-7);
}

/// Pentanomial counts in fastchess's order (LL, LD, WL, DD, WD, WW).
pub(crate) fn penta(ll: u64, ld: u64, wl: u64, dd: u64, wd: u64, ww: u64) -> Pentanomial {
    Pentanomial {
        ll,
        ld,
        wl,
        dd,
        wd,
        ww,
    }
}

#[test]
fn trinomial_nelo_matches_fastchess() {
    // fastchess app/tests/elo_test.cpp, "EloWDL 2" and "EloWDL 3" (its
    // Stats takes wins, losses, draws): nElo 49.77 +- 36.77 and Elo
    // 40.70 +- 30.43 (the +- is half the interval); nElo -508.44 +- 34.48.
    let w = counts(136, 111, 96);
    let (e, n) = (w.elo(), w.nelo());
    close(n.elo, 49.77, 0.01);
    close((n.high - n.low) / 2.0, 36.77, 0.01);
    close(e.elo, 40.70, 0.01);
    close((e.high - e.low) / 2.0, 30.43, 0.01);
    let w = counts(34, 0, 356);
    close(w.nelo().elo, -508.44, 0.01);
    close((w.nelo().high - w.nelo().low) / 2.0, 34.48, 0.01);
    // Without draws sigma = sqrt(s (1 - s)): 60-40 gives
    // 0.1 / sqrt(0.24) * 800 / ln 10 = 70.9200 (hand).
    close(counts(60, 0, 40).nelo().elo, 70.9200, 1e-3);
    assert_eq!(counts(5, 0, 0).nelo().elo, ELO_LIMIT);
    assert_eq!(counts(0, 4, 0).nelo().elo, 0.0);
}

#[test]
fn pentanomial_matches_fastchess() {
    // fastchess app/tests/elo_test.cpp, "EloPentanomial 1..3": nElo,
    // its half-interval, Elo, its half-interval, LOS, score.
    for (p, nelo, nerr, elo, err, los, score) in [
        (
            penta(34, 54, 31, 32, 64, 75),
            57.94,
            28.28,
            55.58,
            27.65,
            1.0,
            0.579,
        ),
        (
            penta(332, 433, 457, 41, 333, 334),
            -9.17,
            10.96,
            -8.64,
            10.33,
            0.0505,
            0.488,
        ),
        (
            penta(7895, 8757, 5485, 200, 568, 9999),
            -19.01,
            2.65,
            -21.04,
            2.95,
            0.0,
            0.470,
        ),
    ] {
        let (e, n) = (p.elo().unwrap(), p.nelo().unwrap());
        close(n.elo, nelo, 0.01);
        close((n.high - n.low) / 2.0, nerr, 0.01);
        close(e.elo, elo, 0.01);
        close((e.high - e.low) / 2.0, err, 0.01);
        close(p.los(), los, 0.0001);
        close(p.score(), score, 0.001);
        let f = p.flipped();
        close(f.elo().unwrap().elo, -elo, 0.01);
        assert_eq!(f.flipped(), p);
    }
}

#[test]
fn pentanomial_by_hand() {
    // Four pairs: WW, WD, WL, LL -> pair scores 1, 3/4, 1/2, 0; mean
    // 9/16 = 0.5625; variance (0.4375^2 + 0.1875^2 + 0.0625^2 +
    // 0.5625^2) / 4 = 0.136719 (hand).
    let mut p = Pentanomial::default();
    p.add(Outcome::Win, Outcome::Win);
    p.add(Outcome::Draw, Outcome::Win);
    p.add(Outcome::Loss, Outcome::Win);
    p.add(Outcome::Loss, Outcome::Loss);
    assert_eq!(p.counts(), [1, 0, 1, 1, 1]);
    assert_eq!(p.pairs(), 4);
    assert_eq!(p.wdl(), counts(4, 1, 3));
    close(p.score(), 0.5625, 1e-12);
    close(p.variance(), 0.136_718_75, 1e-12);
    // se = sqrt(0.13671875 / 4) = 0.184877; s +- 1.96 se = [0.200148,
    // 0.924852] -> Elo [-240.66, +436.06] (hand/python).
    let e = p.elo().unwrap();
    close(e.elo, elo_from_score(0.5625), 1e-9);
    close(e.low, -240.6647, 1e-3);
    close(e.high, 436.0650, 1e-3);
    // Pairs that all score alike carry no spread.
    let mut same = Pentanomial::default();
    same.add(Outcome::Win, Outcome::Loss);
    same.add(Outcome::Draw, Outcome::Draw);
    assert_eq!(same.elo(), None);
    assert_eq!(same.nelo(), None);
    assert_eq!(Pentanomial::default().elo(), None);
}

#[test]
fn estimates_choose_the_counts() {
    let p = penta(1, 2, 3, 1, 2, 1);
    let all = p.wdl();
    let e = estimate(&p, &all);
    assert_eq!(e.model, Model::Pentanomial);
    assert_eq!(Some(e.elo), p.elo());
    // A few games without their partner are left out...
    let more = Wdl {
        wins: all.wins + 3,
        ..all
    };
    assert_eq!(estimate(&p, &more).model, Model::Pentanomial);
    // ...but when most games have none (a shard), all are counted.
    let shard = Wdl {
        wins: 30,
        draws: 5,
        losses: 20,
    };
    let one = penta(0, 0, 0, 0, 1, 1);
    let e = estimate(&one, &shard);
    assert_eq!(e.model, Model::Trinomial);
    assert_eq!(e.elo, shard.elo());
    // So are pairs without spread, and no pairs at all.
    let flat = penta(0, 0, 2, 1, 0, 0);
    assert_eq!(estimate(&flat, &flat.wdl()).model, Model::Trinomial);
    assert_eq!(estimate(&Pentanomial::default(), &shard).model, Model::Trinomial);
}
