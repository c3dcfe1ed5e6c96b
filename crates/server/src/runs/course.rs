//! `GET /api/runs/NAME/course?a=A&b=B[&elo0=E0&elo1=E1]`: one pairing's
//! course over its games (in schedule order): after each game A's Elo over
//! B with its 95% interval and, with an SPRT's hypotheses, the
//! log-likelihood ratio (game by game from the win/draw/loss counts, as
//! `arena plot match` draws it).

use serde_json::{json, Value};
use stats::records::GameResult;
use stats::{Sprt, Wdl};

use super::Runs;
use crate::api_error::ApiError;

/// The most points a course answer holds; longer matches are thinned to
/// every k-th game (the last game always kept).
pub const MAX_COURSE_POINTS: usize = 1_000;

/// The largest |Elo| an answer carries (a clean sweep's bound is infinite).
const ELO_CLAMP: f64 = 1_000.0;

/// The query of a course request.
#[derive(Debug, PartialEq)]
pub(crate) struct CourseQuery {
    pub a: String,
    pub b: String,
    pub sprt: Option<(f64, f64)>,
}

/// `%XX` escapes and `+` of a query value, decoded; `None` when they do
/// not make UTF-8 text.
fn decode(value: &str) -> Option<String> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// Reads `a`, `b` and the optional `elo0`, `elo1` of a course request.
pub(crate) fn course_query(url: &str) -> Result<CourseQuery, ApiError> {
    let query = url
        .split('#')
        .next()
        .unwrap_or("")
        .split_once('?')
        .map_or("", |(_, q)| q);
    let (mut a, mut b, mut elo0, mut elo1) = (None, None, None, None);
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, raw) = pair.split_once('=').unwrap_or((pair, ""));
        let value = decode(raw)
            .ok_or_else(|| ApiError::bad_request(format!("bad query value {raw:?}: not UTF-8 text")))?;
        let number = |v: &str| {
            v.parse::<f64>().ok().filter(|x| x.is_finite()).ok_or_else(|| {
                ApiError::bad_request(format!("bad {key} {v:?}: expected an Elo difference (a number)"))
            })
        };
        match key {
            "a" => a = Some(value),
            "b" => b = Some(value),
            "elo0" => elo0 = Some(number(&value)?),
            "elo1" => elo1 = Some(number(&value)?),
            _ => {
                return Err(ApiError::bad_request(format!(
                    "unknown query key {key:?}: expected a, b, elo0, elo1"
                )))
            }
        }
    }
    let missing = || ApiError::bad_request("expected the pairing's players: ?a=NAME&b=NAME");
    let sprt = match (elo0, elo1) {
        (None, None) => None,
        (Some(e0), Some(e1)) if e0 < e1 => Some((e0, e1)),
        _ => {
            return Err(ApiError::bad_request(
                "an SPRT needs both elo0 and elo1, with elo0 below elo1",
            ))
        }
    };
    Ok(CourseQuery {
        a: a.ok_or_else(missing)?,
        b: b.ok_or_else(missing)?,
        sprt,
    })
}

fn clamp(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(-ELO_CLAMP, ELO_CLAMP)
    }
}

impl Runs {
    /// A pairing's Elo (and LLR) after each of its games.
    pub(crate) fn course(&self, name: &str, query: &CourseQuery) -> Result<Value, ApiError> {
        let root = self.root()?;
        let dir = self.folder(&root, name)?;
        Self::config(&root, &dir)?;
        let (a, b) = (query.a.as_str(), query.b.as_str());
        let results: Vec<(u64, bool, GameResult)> = self.with_journal(&root, &dir, |journal| {
            let id = |n: &str| journal.names.iter().position(|x| x == n);
            let (Some(ia), Some(ib)) = (id(a), id(b)) else {
                return Err(ApiError::not_found(format!(
                    "run {name:?} has no games between {a:?} and {b:?}"
                )));
            };
            Ok(journal
                .games
                .iter()
                .filter_map(|g| {
                    let seats = [usize::from(g.players[0]), usize::from(g.players[1])];
                    (seats == [ia, ib] || seats == [ib, ia]).then_some((g.index, seats[0] == ia, g.result))
                })
                .collect())
        })?;
        let mut results = results;
        results.sort_by_key(|r| r.0);
        let sprt = query.sprt.map(|(e0, e1)| Sprt::new(e0, e1));
        let step = results.len().div_ceil(MAX_COURSE_POINTS).max(1);
        let mut wdl = Wdl::default();
        let (mut elo, mut llr) = (Vec::new(), Vec::new());
        for (n, &(_, a_first, result)) in results.iter().enumerate() {
            match (result, a_first) {
                (GameResult::First, true) | (GameResult::Second, false) => wdl.wins += 1,
                (GameResult::First, false) | (GameResult::Second, true) => wdl.losses += 1,
                _ => wdl.draws += 1,
            }
            let games = n + 1;
            if games % step != 0 && games != results.len() {
                continue;
            }
            let e = wdl.elo();
            elo.push(json!([games, clamp(e.elo), clamp(e.low), clamp(e.high)]));
            if let Some(s) = &sprt {
                llr.push(json!([games, s.llr(&wdl)]));
            }
        }
        Ok(json!({
            "name": name,
            "a": a,
            "b": b,
            "games": results.len(),
            "wins": wdl.wins,
            "draws": wdl.draws,
            "losses": wdl.losses,
            "elo": elo,
            "llr": sprt.as_ref().map(|_| json!(llr)),
            "bounds": sprt.as_ref().map(|s| json!([s.bounds().0, s.bounds().1])),
            "sprt": query.sprt.map(|(e0, e1)| json!([e0, e1])),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn course_queries_read_names_and_hypotheses() {
        let q = course_query("/api/runs/x/course?a=new%20one&b=base&elo0=0&elo1=10").unwrap();
        assert_eq!(
            q,
            CourseQuery {
                a: "new one".into(),
                b: "base".into(),
                sprt: Some((0.0, 10.0))
            }
        );
        assert_eq!(course_query("/api/runs/x/course?a=p&b=q").unwrap().sprt, None);
        for bad in [
            "/api/runs/x/course?a=p",
            "/api/runs/x/course?a=p&b=q&elo0=5",
            "/api/runs/x/course?a=p&b=q&elo0=5&elo1=1",
            "/api/runs/x/course?a=p&b=q&elo0=x&elo1=1",
            "/api/runs/x/course?a=p&b=q&what=1",
            "/api/runs/x/course?a=%ff&b=q",
        ] {
            assert_eq!(course_query(bad).unwrap_err().status, 400, "{bad}");
        }
    }
}
