//! SVG plots: a quantity (accuracy, rating) against a budget on a
//! logarithmic axis, one line per engine with its 95% interval as error
//! bars, and a match's Elo and LLR over its games.
//!
//! ```
//! use bench::plot::{budget_plot, Series};
//! let path = std::env::temp_dir().join(format!("plot-doc-{}.svg", std::process::id()));
//! let series = vec![Series { name: "uct".into(), points: vec![(100.0, 0.4, 0.3, 0.5), (1000.0, 0.7, 0.6, 0.8)] }];
//! budget_plot(&path, "accuracy", "share kept", &series).unwrap();
//! let svg = std::fs::read_to_string(&path).unwrap();
//! assert!(svg.starts_with("<svg") && svg.contains("uct"));
//! std::fs::remove_file(&path).unwrap();
//! ```

use std::path::Path;

use plotters::prelude::*;
use thiserror::Error;

/// A point of a line: x, y and the ends of y's interval.
pub type Point = (f64, f64, f64, f64);

/// The LLR panel of a match plot: the points `(games, llr)` and the
/// SPRT's lower and upper bounds.
pub type LlrPanel<'a> = (&'a [(f64, f64)], f64, f64);

/// One line of a plot: a name and its points `(x, y, low, high)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The legend's name.
    pub name: String,
    /// The points: x, y and the interval of y.
    pub points: Vec<Point>,
}

/// A plot that could not be drawn.
#[derive(Debug, Error)]
#[error("cannot draw {path}: {message}")]
pub struct PlotError {
    /// The file.
    pub path: String,
    /// What went wrong.
    pub message: String,
}

const COLOURS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

fn error(path: &Path, e: impl std::fmt::Display) -> PlotError {
    PlotError {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

fn range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    if !lo.is_finite() {
        return (0.0, 1.0);
    }
    let pad = ((hi - lo) * 0.08).max(1e-6);
    (lo - pad, hi + pad)
}

/// Draws `series` against a budget (x, logarithmic) into the SVG file
/// `path`, each point with its interval as an error bar.
pub fn budget_plot(path: &Path, title: &str, y_label: &str, series: &[Series]) -> Result<(), PlotError> {
    let xs = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (x_lo, x_hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if !(x_lo.is_finite() && x_lo > 0.0) {
        return Err(error(path, "expected points with positive budgets"));
    }
    let (y_lo, y_hi) = range(
        series
            .iter()
            .flat_map(|s| s.points.iter().flat_map(|p| [p.2, p.3])),
    );
    let root = SVGBackend::new(path, (720, 480)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| error(path, e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d((x_lo / 1.5..x_hi * 1.5).log_scale(), y_lo..y_hi)
        .map_err(|e| error(path, e))?;
    chart
        .configure_mesh()
        .x_desc("budget (iterations)")
        .y_desc(y_label)
        .draw()
        .map_err(|e| error(path, e))?;
    for (i, s) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        chart
            .draw_series(LineSeries::new(
                s.points.iter().map(|p| (p.0, p.1)),
                colour.stroke_width(2),
            ))
            .map_err(|e| error(path, e))?
            .label(s.name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2)));
        chart
            .draw_series(
                s.points
                    .iter()
                    .map(|p| ErrorBar::new_vertical(p.0, p.2, p.1, p.3, colour.filled(), 8)),
            )
            .map_err(|e| error(path, e))?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(|e| error(path, e))?;
    root.present().map_err(|e| error(path, e))?;
    Ok(())
}

/// Draws a match over its games into the SVG file `path`: the Elo
/// estimate with its 95% interval (upper panel) and, when given, the
/// SPRT's log-likelihood ratio with its bounds (lower panel). `elo` holds
/// `(games, elo, low, high)`, `llr` `(games, llr)`.
pub fn match_plot(
    path: &Path,
    title: &str,
    elo: &[Point],
    llr: Option<LlrPanel<'_>>,
) -> Result<(), PlotError> {
    if elo.is_empty() {
        return Err(error(path, "expected at least one game"));
    }
    let root = SVGBackend::new(path, (720, if llr.is_some() { 720 } else { 420 })).into_drawing_area();
    root.fill(&WHITE).map_err(|e| error(path, e))?;
    let root = root
        .titled(title, ("sans-serif", 20))
        .map_err(|e| error(path, e))?;
    let (upper, lower) = match llr {
        Some(_) => {
            let (a, b) = root.split_vertically(400);
            (a, Some(b))
        }
        None => (root, None),
    };
    let x_hi = elo.iter().map(|p| p.0).fold(1.0, f64::max);
    let (y_lo, y_hi) = range(
        elo.iter()
            .flat_map(|p| [p.2, p.3])
            .map(|v| v.clamp(-800.0, 800.0)),
    );
    let mut chart = ChartBuilder::on(&upper)
        .margin(16)
        .x_label_area_size(36)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..x_hi, y_lo..y_hi)
        .map_err(|e| error(path, e))?;
    chart
        .configure_mesh()
        .x_desc("games")
        .y_desc("Elo")
        .draw()
        .map_err(|e| error(path, e))?;
    let blue = COLOURS[0];
    chart
        .draw_series(LineSeries::new(
            elo.iter().map(|p| (p.0, p.2.clamp(-800.0, 800.0))),
            blue.mix(0.4),
        ))
        .map_err(|e| error(path, e))?;
    chart
        .draw_series(LineSeries::new(
            elo.iter().map(|p| (p.0, p.3.clamp(-800.0, 800.0))),
            blue.mix(0.4),
        ))
        .map_err(|e| error(path, e))?;
    chart
        .draw_series(LineSeries::new(
            elo.iter().map(|p| (p.0, p.1.clamp(-800.0, 800.0))),
            blue.stroke_width(2),
        ))
        .map_err(|e| error(path, e))?
        .label("Elo")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], blue.stroke_width(2)));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(|e| error(path, e))?;
    if let (Some(area), Some((points, lower_bound, upper_bound))) = (lower, llr) {
        let (y_lo, y_hi) = range(points.iter().map(|p| p.1).chain([lower_bound, upper_bound]));
        let mut chart = ChartBuilder::on(&area)
            .margin(16)
            .x_label_area_size(36)
            .y_label_area_size(60)
            .build_cartesian_2d(0.0..x_hi, y_lo..y_hi)
            .map_err(|e| error(path, e))?;
        chart
            .configure_mesh()
            .x_desc("games")
            .y_desc("LLR")
            .draw()
            .map_err(|e| error(path, e))?;
        let red = COLOURS[3];
        for bound in [lower_bound, upper_bound] {
            chart
                .draw_series(LineSeries::new([(0.0, bound), (x_hi, bound)], BLACK.mix(0.5)))
                .map_err(|e| error(path, e))?;
        }
        chart
            .draw_series(LineSeries::new(points.iter().copied(), red.stroke_width(2)))
            .map_err(|e| error(path, e))?
            .label("LLR")
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], red.stroke_width(2)));
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| error(path, e))?;
    }
    Ok(())
}

/// A match's course: after each game between `a` and `b` (in schedule
/// order), A's Elo over B with its 95% interval and, with an SPRT, its
/// log-likelihood ratio (game by game, as `stats::Sprt::llr` counts).
pub fn match_course(
    records: &[stats::records::GameRecord],
    a: &str,
    b: &str,
    sprt: Option<&stats::Sprt>,
) -> (Vec<Point>, Vec<(f64, f64)>) {
    use stats::records::GameResult;
    let mut games: Vec<&stats::records::GameRecord> = records
        .iter()
        .filter(|r| {
            (r.players.first == a && r.players.second == b) || (r.players.first == b && r.players.second == a)
        })
        .collect();
    games.sort_by_key(|r| r.index);
    let mut wdl = stats::Wdl::default();
    let mut elo = Vec::with_capacity(games.len());
    let mut llr = Vec::new();
    for (n, r) in games.iter().enumerate() {
        let a_first = r.players.first == a;
        match (r.result, a_first) {
            (GameResult::First, true) | (GameResult::Second, false) => wdl.wins += 1,
            (GameResult::First, false) | (GameResult::Second, true) => wdl.losses += 1,
            (GameResult::Draw, _) => wdl.draws += 1,
        }
        let e = wdl.elo();
        let x = (n + 1) as f64;
        elo.push((x, e.elo, e.low, e.high));
        if let Some(sprt) = sprt {
            llr.push((x, sprt.llr(&wdl)));
        }
    }
    (elo, llr)
}
