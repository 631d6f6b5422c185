//! Every kind's expressive range in one picture ([`KindSurveys`]): for each of
//! [`KIND_PAIRS`] a 2-D histogram where each kind has its own colour (deeper where more of
//! its levels fall; the kinds drawn in the list's order, so a later one lies over an
//! earlier one) and a dot at its median, then a panel per measure with each kind's range
//! (whiskers: min to max), quartiles (the box) and median (the black bar).

use plotters::prelude::*;

use super::{Area, Bins, DrawResult, axis, register_font, render_png, ticks, whole};
use crate::measures::Measure;
use crate::stats::kinds::KindSurveys;
use crate::stats::{KIND_PAIRS, Survey};

/// Picture width; the height follows from the number of measures.
const WIDTH: u32 = 1800;
const HEADER: u32 = 110;
const PAIR_HEIGHT: u32 = 640;
const RANGE_HEIGHT: u32 = 300;
const RANGES_PER_ROW: u32 = 3;
/// Most bins along one axis of a pair plot: fewer than one kind's plot has, so that a
/// kind's cells read as a patch.
const MAX_BINS: u32 = 30;

/// The kinds' colours, by place in the list of kinds (Tableau 10; a kind past the tenth
/// takes the first again).
const PALETTE: [RGBColor; 10] = [
    RGBColor(78, 121, 167),
    RGBColor(242, 142, 43),
    RGBColor(89, 161, 79),
    RGBColor(176, 122, 161),
    RGBColor(225, 87, 89),
    RGBColor(118, 183, 178),
    RGBColor(237, 201, 72),
    RGBColor(156, 117, 95),
    RGBColor(255, 157, 167),
    RGBColor(186, 176, 172),
];

/// The colour of the kind at `place` in the list.
fn colour(place: usize) -> RGBColor {
    PALETTE[place % PALETTE.len()]
}

/// The plots of `kinds` as PNG bytes.
pub fn kinds_png(kinds: &KindSurveys) -> Result<Vec<u8>, String> {
    register_font();
    let surveys = kinds.surveys();
    let measures: Vec<Measure> = Measure::ALL
        .into_iter()
        .filter(|m| {
            surveys
                .iter()
                .any(|s| s.distributions.get(m).is_some_and(|d| !d.is_empty()))
        })
        .collect();
    if measures.is_empty() {
        return Err("no level was made, so there is nothing to plot".into());
    }
    let rows = (measures.len() as u32).div_ceil(RANGES_PER_ROW);
    let height = HEADER + PAIR_HEIGHT + rows * RANGE_HEIGHT;
    render_png(WIDTH, height, |root| draw(root, surveys, &measures))
}

fn draw(root: &Area, surveys: &[Survey], measures: &[Measure]) -> DrawResult {
    root.fill(&WHITE)?;
    let (header, rest) = root.split_vertically(HEADER);
    let first = &surveys[0].base;
    let title = format!(
        "delve stats --all-kinds: depth {}, run seeds {}..={}, {} levels of each kind",
        first.depth,
        first.seed,
        surveys[0].last_seed(),
        surveys[0].levels
    );
    let (title_area, legend_area) = header.split_vertically(60);
    title_area.titled(&title, ("sans-serif", 34))?;
    legend(&legend_area, surveys)?;
    let (pairs, ranges) = rest.split_vertically(PAIR_HEIGHT);
    let pair_areas = pairs.split_evenly((1, KIND_PAIRS.len()));
    for (&(x, y), area) in KIND_PAIRS.iter().zip(&pair_areas) {
        pair_plot(area, x, y, surveys)?;
    }
    let cells = ranges.split_evenly((
        measures.len().div_ceil(RANGES_PER_ROW as usize),
        RANGES_PER_ROW as usize,
    ));
    for (&measure, area) in measures.iter().zip(&cells) {
        ranges_by_kind(area, measure, surveys)?;
    }
    Ok(())
}

/// One line under the title: each kind's colour and name, as every panel uses them.
fn legend(area: &Area, surveys: &[Survey]) -> DrawResult {
    const SLOT: i32 = 200;
    let style = ("sans-serif", 24).into_text_style(area);
    let width = area.dim_in_pixel().0 as i32;
    let left = (width - SLOT * surveys.len() as i32) / 2;
    for (place, survey) in surveys.iter().enumerate() {
        let x = left + SLOT * place as i32;
        area.draw(&Rectangle::new(
            [(x, 12), (x + 24, 36)],
            colour(place).filled(),
        ))?;
        area.draw_text(survey.base.config.kind().name(), &style, (x + 34, 12))?;
    }
    Ok(())
}

/// The least and greatest value of `pick` over every kind's cells of the pair `(x, y)`.
fn span(surveys: &[Survey], pair: (Measure, Measure), pick: fn(&(u32, u32)) -> u32) -> Bins {
    let values = surveys
        .iter()
        .filter_map(|s| s.pairs.get(&pair))
        .flat_map(|cells| cells.keys().map(pick));
    let (lo, hi) = values.fold((u32::MAX, 0), |(lo, hi), v| (lo.min(v), hi.max(v)));
    Bins::over_at_most(lo.min(hi), hi, MAX_BINS)
}

/// One pair of measures, every kind in its colour.
fn pair_plot(area: &Area, x: Measure, y: Measure, surveys: &[Survey]) -> DrawResult {
    let (x_bins, y_bins) = (
        span(surveys, (x, y), |k| k.0),
        span(surveys, (x, y), |k| k.1),
    );
    let (x_lo, x_hi) = x_bins.range();
    let (y_lo, y_hi) = y_bins.range();
    let mut chart = ChartBuilder::on(&area.margin(8, 8, 8, 14))
        .caption(format!("{} x {}", x.name(), y.name()), ("sans-serif", 24))
        .x_label_area_size(48)
        .y_label_area_size(70)
        .build_cartesian_2d(axis(x, x_lo)..axis(x, x_hi), axis(y, y_lo)..axis(y, y_hi))?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(x.axis_label())
        .y_desc(y.axis_label())
        .x_label_formatter(&ticks(whole(x), axis(x, x_hi - x_lo)))
        .y_label_formatter(&ticks(whole(y), axis(y, y_hi - y_lo)))
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()?;
    for (place, survey) in surveys.iter().enumerate() {
        let Some(cells) = survey.pairs.get(&(x, y)).filter(|c| !c.is_empty()) else {
            continue;
        };
        let mut counts = vec![vec![0u64; y_bins.count as usize]; x_bins.count as usize];
        for (&(a, b), &n) in cells {
            counts[x_bins.of(a)][y_bins.of(b)] += n;
        }
        let most = counts.iter().flatten().copied().max().unwrap_or(1).max(2) as f64;
        let kind = colour(place);
        chart.draw_series(counts.iter().enumerate().flat_map(|(i, column)| {
            column
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(move |(j, &n)| {
                    let (a, b) = x_bins.edges(i);
                    let (c, d) = y_bins.edges(j);
                    // A cell with one level faint, the kind's fullest cell deep.
                    let depth = 0.2 + 0.6 * (n as f64).ln() / most.ln();
                    Rectangle::new(
                        [(axis(x, a), axis(y, c)), (axis(x, b), axis(y, d))],
                        kind.mix(depth.min(0.8)).filled(),
                    )
                })
        }))?;
    }
    // The medians last, over every kind's cells.
    for (place, survey) in surveys.iter().enumerate() {
        let median = |m: Measure| survey.distributions.get(&m).and_then(|d| d.quantile(0.5));
        if let (Some(a), Some(b)) = (median(x), median(y)) {
            let at = (axis(x, a as f64), axis(y, b as f64));
            chart.draw_series([
                Circle::new(at, 8, colour(place).filled()),
                Circle::new(at, 8, BLACK.stroke_width(2)),
            ])?;
        }
    }
    Ok(())
}

/// One measure: a row per kind with its range, quartiles and median.
fn ranges_by_kind(area: &Area, measure: Measure, surveys: &[Survey]) -> DrawResult {
    let quantiles: Vec<Option<[u32; 5]>> = surveys
        .iter()
        .map(|s| {
            let d = s.distributions.get(&measure).filter(|d| !d.is_empty())?;
            let q = |p| d.quantile(p).unwrap_or(0);
            Some([q(0.0), q(0.25), q(0.5), q(0.75), q(1.0)])
        })
        .collect();
    let (lo, hi) = quantiles
        .iter()
        .flatten()
        .fold((u32::MAX, 0), |(lo, hi), q| (lo.min(q[0]), hi.max(q[4])));
    let (lo, hi) = Bins::over_at_most(lo.min(hi), hi, MAX_BINS).range();
    let rows = surveys.len() as f64;
    let mut chart = ChartBuilder::on(&area.margin(8, 8, 8, 14))
        .caption(measure.name(), ("sans-serif", 22))
        .x_label_area_size(44)
        .y_label_area_size(100)
        .build_cartesian_2d(axis(measure, lo)..axis(measure, hi), -0.5..rows - 0.5)?;
    // Kind i on row (rows - 1 - i): the list's first kind on top.
    let row_of = |place: usize| rows - 1.0 - place as f64;
    let name_at = |v: &f64| {
        let place = rows - 1.0 - v.round();
        let on_row = (v - v.round()).abs() < 1e-6 && place >= 0.0 && place < rows;
        if on_row {
            surveys[place as usize].base.config.kind().name().to_owned()
        } else {
            String::new()
        }
    };
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(measure.axis_label())
        .x_labels(6)
        .y_labels(surveys.len() * 2 + 1)
        .x_label_formatter(&ticks(whole(measure), axis(measure, hi - lo)))
        .y_label_formatter(&name_at)
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 17))
        .draw()?;
    for (place, q) in quantiles.iter().enumerate() {
        let Some([min, q1, median, q3, max]) = *q else {
            continue;
        };
        let (row, kind) = (row_of(place), colour(place));
        let at = |raw: u32| axis(measure, raw as f64);
        chart.draw_series([
            PathElement::new(vec![(at(min), row), (at(max), row)], kind.stroke_width(2)),
            PathElement::new(
                vec![(at(min), row - 0.15), (at(min), row + 0.15)],
                kind.stroke_width(2),
            ),
            PathElement::new(
                vec![(at(max), row - 0.15), (at(max), row + 0.15)],
                kind.stroke_width(2),
            ),
        ])?;
        chart.draw_series([
            Rectangle::new([(at(q1), row - 0.3), (at(q3), row + 0.3)], kind.filled()),
            Rectangle::new(
                [(at(q1), row - 0.3), (at(q3), row + 0.3)],
                BLACK.mix(0.5).stroke_width(1),
            ),
        ])?;
        chart.draw_series([PathElement::new(
            vec![(at(median), row - 0.38), (at(median), row + 0.38)],
            BLACK.stroke_width(3),
        )])?;
    }
    Ok(())
}
