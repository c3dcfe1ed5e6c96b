//! The final table: one block per pairing, as `arena tournament` and
//! `arena merge` print it.

use stats::records::{PairingSummary, SeatResults, Summary};
use stats::{Model, ELO_LIMIT};

fn wdl_text(r: &SeatResults) -> String {
    format!("+{} ={} -{}", r.wins, r.draws, r.losses)
}

/// An Elo value for the table; the clamped extremes print as infinite.
pub(super) fn elo_text(elo: f64) -> String {
    if elo >= ELO_LIMIT {
        "+inf".to_owned()
    } else if elo <= -ELO_LIMIT {
        "-inf".to_owned()
    } else {
        format!("{elo:+.1}")
    }
}

/// What the table's figures mean, said once under it.
pub const TABLE_LEGEND: &str = "legend: Elo is the rating difference (the first named \
player minus the second) with its 95% interval [low, high]; nElo is Elo normalized by the \
spread of the results, comparable across draw rates; LOS is the likelihood of superiority, \
the chance that the first named is the stronger; Ptnml(0-2) counts the colour-swapped pairs \
of games that scored 0, 0.5, 1, 1.5 and 2 points for the first named (WL: pairs of a win and \
a loss, DD: of two draws). See arena tournament --help.";

/// The game of a spec with its board: the spec, and the size when the
/// spec leaves it at the default (`escabel (size 9, the default)`), or the
/// board of a game of one board (`epaminondas (14x12 board)`).
fn game_text(spec: &str) -> String {
    let Ok(game) = abstracta::open(spec) else {
        // A game of the caller's own registry: its spec is all there is.
        return spec.to_owned();
    };
    match (game.board_size(), game.observation_shape()) {
        (Some(_), _) if spec.contains("size=") => spec.to_owned(),
        (Some(size), _) => format!("{spec} (size {size}, the default)"),
        (None, Some([_, rows, cols])) => format!("{spec} ({cols}x{rows} board)"),
        (None, None) => spec.to_owned(),
    }
}

/// The final table: one block per pairing, then the legend.
pub fn format_table(summary: &Summary) -> String {
    let mut out = format!(
        "{} games of {} ({}, seed {})\n",
        summary.games_played,
        game_text(&summary.config.spec),
        summary.config.format,
        summary.config.seed
    );
    for p in &summary.pairings {
        out.push('\n');
        out.push_str(&format!(
            "{} vs {}: {} games, +{} ={} -{} (score {:.1}%)\n",
            p.a,
            p.b,
            p.games,
            p.a_wins,
            p.draws,
            p.b_wins,
            p.score * 100.0
        ));
        out.push_str(&format!(
            "  Elo {} [{}, {}], nElo {} [{}, {}] (95%), LOS {:.1}% ({})\n",
            elo_text(p.elo),
            elo_text(p.elo_low),
            elo_text(p.elo_high),
            elo_text(p.nelo),
            elo_text(p.nelo_low),
            elo_text(p.nelo_high),
            p.los * 100.0,
            model_text(p)
        ));
        out.push_str(&pairs_text(p));
        out.push_str(&format!(
            "  {} moving first: {}   {} moving second: {}\n",
            p.a,
            wdl_text(&p.a_first),
            p.a,
            wdl_text(&p.a_second)
        ));
        let colours = if p.colour_wins.is_empty() {
            "none".to_owned()
        } else {
            p.colour_wins
                .iter()
                .map(|(c, n)| format!("{c} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push_str(&format!(
            "  wins by seat: first {}, second {}; by colour: {}; draws {}\n",
            p.first_seat_wins, p.second_seat_wins, colours, p.draws
        ));
        for (label, counts) in [
            ("forfeits", &p.forfeits),
            ("losses on time", &p.time_losses),
            ("resignations", &p.resignations),
        ] {
            if !counts.is_empty() {
                let f: Vec<String> = counts.iter().map(|(n, c)| format!("{n} {c}")).collect();
                out.push_str(&format!("  {label}: {}\n", f.join(", ")));
            }
        }
        if p.games > 0 && !p.time_ms.is_empty() {
            let t: Vec<String> = p
                .time_ms
                .iter()
                .map(|(n, ms)| format!("{n} {:.1}s ({:.0} ms/game)", ms / 1000.0, ms / p.games as f64))
                .collect();
            out.push_str(&format!("  thinking time: {}\n", t.join(", ")));
        }
        if let Some(s) = p.sprt {
            out.push_str(&format!(
                "  SPRT ({} Elo {:.1} vs {:.1}, {} counts): LLR {:.2} in [{:.2}, {:.2}]: {}\n",
                s.model, s.elo0, s.elo1, s.counts, s.llr, s.lower, s.upper, s.state
            ));
        }
    }
    if let Some(list) = &summary.ratings {
        out.push_str("\nrating list (one fit over all games):\n");
        out.push_str(&stats::format_ratings(list));
    }
    if !summary.pairings.is_empty() {
        out.push('\n');
        out.push_str(TABLE_LEGEND);
        out.push('\n');
    }
    out
}

/// Which counts the figures come from, and why.
fn model_text(p: &PairingSummary) -> String {
    let pairs = p.pentanomial.pairs();
    match p.model {
        Model::Pentanomial => format!("pentanomial, {pairs} pairs"),
        Model::Trinomial if pairs == 0 => "trinomial: no complete pairs".to_owned(),
        Model::Trinomial if 2 * pairs < p.unpaired.games() => {
            format!(
                "trinomial: {} of {} games lack their pair",
                p.unpaired.games(),
                p.games
            )
        }
        Model::Trinomial => "trinomial: every pair scored alike".to_owned(),
    }
}

/// The pentanomial counts, as fastchess prints them, and the games left
/// out of them.
pub(super) fn pairs_text(p: &PairingSummary) -> String {
    let c = p.pentanomial.counts();
    let mut out = format!(
        "  Ptnml(0-2): [{}, {}, {}, {}, {}] (WL {}, DD {})",
        c[0], c[1], c[2], c[3], c[4], p.pentanomial.wl, p.pentanomial.dd
    );
    let u = &p.unpaired;
    if u.games() > 0 {
        let what = if p.model == Model::Pentanomial {
            "left out of Elo, nElo, LOS and SPRT"
        } else {
            "counted one by one"
        };
        out.push_str(&format!(
            "; {} {} without {} pair (+{} ={} -{}), {what}",
            u.games(),
            if u.games() == 1 { "game" } else { "games" },
            if u.games() == 1 { "its" } else { "their" },
            u.wins,
            u.draws,
            u.losses
        ));
    }
    out.push('\n');
    out
}
