use super::*;
use crate::elo::tests::{close, counts, penta};

fn sprt(text: &str) -> Sprt {
    text.parse().unwrap()
}

/// The figures' two decimals, or their third significant digit for the
/// large LLRs (fastchess stops its normalized-Elo iteration after ten
/// rounds; this one runs until the distribution settles, which moves
/// the LLR of 4250-0-0 from 120.56 to 120.55).
fn tolerance(llr: f64) -> f64 {
    0.01f64.max(llr.abs() * 1e-3)
}

#[test]
fn sprt_llr_matches_fastchess() {
    // fastchess app/tests/sprt_test.cpp: trinomial Stats take wins,
    // losses, draws; pentanomial ones LL, LD, WL, DD, WD, WW; the LLRs
    // are given to two decimals.
    for (w, l, d, test, llr) in [
        (36433, 36027, 68692, "0,2,model=normalized", 0.92),
        (10871, 10650, 20431, "-1.75,0.25,model=normalized", 2.30),
        (4250, 0, 0, "0,10,model=normalized", 120.56),
        (21404, 21184, 40708, "0.5,2.5", -1.57),
        (57433, 57030, 106593, "0,2,model=logistic", -2.59),
    ] {
        close(sprt(test).llr(&counts(w, d, l)), llr, tolerance(llr));
    }
    for (p, test, llr) in [
        (
            penta(365, 16618, 36029, 200, 16974, 390),
            "0,2,model=normalized",
            2.25,
        ),
        (
            penta(127, 4883, 10311, 401, 5150, 104),
            "-1.75,0.25,model=normalized",
            3.01,
        ),
        (penta(0, 0, 0, 0, 0, 5550), "0,5,model=normalized", 111.82),
        (penta(223, 9863, 20279, 1000, 10037, 246), "0.5,2.5", -3.07),
        (penta(871, 26175, 55003, 980, 26678, 821), "0,2", -4.98),
    ] {
        close(sprt(test).llr_pentanomial(&p), llr, tolerance(llr));
    }
}

#[test]
fn sprt_llr_by_hand() {
    // Without draws the maximum-likelihood distribution with mean s is
    // the binomial (1 - s, s), so the LLR of 60 wins and 40 losses is
    // 60 ln(s1 / s0) + 40 ln((1 - s1) / (1 - s0)); elo0 = 0, elo1 = 10
    // give s0 = 0.5, s1 = 0.514387: LLR 0.534231 (python). The empty
    // draw cell's thousandth of a game moves it by less than 1e-3.
    let wdl = counts(60, 0, 40);
    close(sprt("0,10").llr(&wdl), 0.534_231, 1e-3);
    // Normalized: t = (s - 0.5) / sqrt(s (1 - s)) = 10 / (800 / ln 10)
    // gives s1 = 0.5 + t / (2 sqrt(1 + t^2)) = 0.514385: LLR 0.534163.
    close(sprt("0,10,model=normalized").llr(&wdl), 0.534_163, 1e-3);
    // Pairs scoring 0 or 2 only are a binomial with t = sqrt(2) times
    // the nElo: s1 = 0.520335, LLR 0.731089 (python).
    let pairs = penta(40, 0, 0, 0, 0, 60);
    close(
        sprt("0,10,model=normalized").llr_pentanomial(&pairs),
        0.731_089,
        1e-3,
    );
    close(sprt("0,10").llr_pentanomial(&pairs), 0.534_231, 1e-3);
    // The bounds come from alpha and beta.
    let r = sprt("0,10").evaluate(&wdl);
    close(r.lower, -2.944_439, 1e-5);
    close(r.upper, 2.944_439, 1e-5);
    assert_eq!(
        (r.state, r.counts, r.model),
        (SprtState::Continue, Model::Trinomial, SprtModel::Logistic)
    );
    let (lower, upper) = sprt("0,10,alpha=0.1,beta=0.2").bounds();
    close(lower, (0.2f64 / 0.9).ln(), 1e-12);
    close(upper, (0.8f64 / 0.1).ln(), 1e-12);
    // Decisions both ways, and nothing from no games.
    let strong = counts(180, 60, 60);
    assert_eq!(sprt("0,10").evaluate(&strong).state, SprtState::H1);
    assert_eq!(sprt("0,10").evaluate(&strong.flipped()).state, SprtState::H0);
    assert_eq!(sprt("0,10").llr(&Wdl::default()), 0.0);
    let p = sprt("0,10").evaluate_pentanomial(&penta(6, 15, 60, 15, 90, 120));
    assert_eq!((p.state, p.counts), (SprtState::H1, Model::Pentanomial));
}

#[test]
fn sprt_parsing() {
    for bad in [
        "10,0",
        "x",
        "0,nan",
        "0",
        "0,1,2",
        "0,1,alpha=0",
        "0,1,beta=1",
        "0,1,alpha=0.6,beta=0.5",
        "0,1,model=bayesian",
        "0,1,gamma=2",
        "elo0=0",
        "0,5000",
    ] {
        let err = bad.parse::<Sprt>().unwrap_err().to_string();
        assert!(err.contains("expected ELO0,ELO1"), "{bad}: {err}");
    }
    assert_eq!(sprt("-5, 5").elo1, 5.0);
    let s = sprt("elo0=0,elo1=5,alpha=0.1,beta=0.2,model=normalized");
    assert_eq!(
        (s.elo0, s.elo1, s.alpha, s.beta, s.model),
        (0.0, 5.0, 0.1, 0.2, SprtModel::Normalized)
    );
    assert_eq!(sprt("0,10"), Sprt::new(0.0, 10.0));
    assert!("0,1,model=bayesian"
        .parse::<Sprt>()
        .unwrap_err()
        .to_string()
        .contains("unknown model"));
}
