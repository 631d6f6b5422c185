//! Expressive-range plots of a [`Survey`] (Smith & Whitehead, 2010), drawn with plotters
//! into one PNG: a 2-D histogram for each of [`PLOT_PAIRS`] — where in the space of two
//! measures the generator's levels fall, and how often (colour, log scale) — and a
//! histogram per measure with its median and quartiles. [`kinds`] draws every kind's in
//! one picture.

pub mod kinds;

use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{Distribution, PLOT_PAIRS, Survey};
use crate::measures::Measure;

/// Fira Mono (the ASCII subset Bevy ships), SIL Open Font License 1.1: bundled, so the
/// plots need no system fonts.
const FONT: &[u8] = include_bytes!("../../assets/fonts/FiraMono-subset.ttf");

/// Picture width; the height follows from the number of panels.
const WIDTH: u32 = 1800;
const HEADER: u32 = 70;
const PAIR_HEIGHT: u32 = 620;
const HISTOGRAM_HEIGHT: u32 = 400;
const HISTOGRAMS_PER_ROW: u32 = 3;
/// Most bins along one axis.
const MAX_BINS: u32 = 40;

const BARS: RGBColor = RGBColor(70, 110, 170);
const MEDIAN: RGBColor = RGBColor(200, 40, 40);
const QUARTILES: RGBColor = RGBColor(230, 140, 20);

/// The plots of `survey` as PNG bytes.
pub fn expressive_range_png(survey: &Survey) -> Result<Vec<u8>, String> {
    register_font();
    let measures: Vec<(Measure, &Distribution)> = Measure::ALL
        .iter()
        .filter_map(|m| survey.distributions.get(m).map(|d| (*m, d)))
        .filter(|(_, d)| !d.is_empty())
        .collect();
    if measures.is_empty() {
        return Err("no level was made, so there is nothing to plot".into());
    }
    let rows = (measures.len() as u32).div_ceil(HISTOGRAMS_PER_ROW);
    let height = HEADER + PAIR_HEIGHT + rows * HISTOGRAM_HEIGHT;
    render_png(WIDTH, height, |root| draw(root, survey, &measures))
}

/// A `width` × `height` picture drawn by `draw`, as PNG bytes.
fn render_png(
    width: u32,
    height: u32,
    draw: impl FnOnce(&Area) -> DrawResult,
) -> Result<Vec<u8>, String> {
    let mut rgb = vec![0u8; (width * height * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (width, height)).into_drawing_area();
        draw(&root).map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    let mut png = Vec::new();
    crate::picture::write_rgb_png(width, height, &rgb, &mut png).map_err(|e| e.to_string())?;
    Ok(png)
}

/// Makes the bundled font the plots' "sans-serif" (once).
fn register_font() {
    static REGISTER: Once = Once::new();
    REGISTER.call_once(|| {
        // Bundled bytes that parse (checked by a test), so this cannot fail.
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

type Area<'a> = DrawingArea<BitMapBackend<'a>, Shift>;
type DrawResult = Result<(), Box<dyn std::error::Error>>;

fn draw(root: &Area, survey: &Survey, measures: &[(Measure, &Distribution)]) -> DrawResult {
    root.fill(&WHITE)?;
    let (header, rest) = root.split_vertically(HEADER);
    let kind = survey.base.config.kind();
    let (w, h) = survey.base.config.size();
    let title = format!(
        "delve stats: {kind} {w}x{h}, depth {}, run seeds {}..={} ({} levels)",
        survey.base.depth,
        survey.base.seed,
        survey.last_seed(),
        survey.made()
    );
    header.titled(&title, ("sans-serif", 34))?;
    let (pairs, histograms) = rest.split_vertically(PAIR_HEIGHT);
    let pair_areas = pairs.split_evenly((1, PLOT_PAIRS.len()));
    for ((x, y), area) in PLOT_PAIRS.iter().zip(&pair_areas) {
        match survey.pairs.get(&(*x, *y)) {
            Some(cells) if !cells.is_empty() => heat_map(area, *x, *y, cells)?,
            _ => not_applicable(area, &format!("{} x {}", x.name(), y.name()))?,
        }
    }
    let cells = histograms.split_evenly((
        measures.len().div_ceil(HISTOGRAMS_PER_ROW as usize),
        HISTOGRAMS_PER_ROW as usize,
    ));
    for ((measure, distribution), area) in measures.iter().zip(&cells) {
        histogram(area, *measure, distribution)?;
    }
    Ok(())
}

fn not_applicable(area: &Area, what: &str) -> DrawResult {
    area.titled(what, ("sans-serif", 24))?.draw_text(
        "no levels to show",
        &("sans-serif", 20).into_text_style(area),
        (20, 40),
    )?;
    Ok(())
}

/// Equal bins over whole raw values from `min` to `max`: one per value when they fit,
/// else the same whole number of values in each.
#[derive(Clone, Copy)]
struct Bins {
    min: u32,
    values_per_bin: u32,
    count: u32,
}

impl Bins {
    fn over(min: u32, max: u32) -> Bins {
        Bins::over_at_most(min, max, MAX_BINS)
    }

    /// [`Bins::over`] with at most `most` bins.
    fn over_at_most(min: u32, max: u32, most: u32) -> Bins {
        let span = max - min + 1;
        let values_per_bin = span.div_ceil(most);
        Bins {
            min,
            values_per_bin,
            count: span.div_ceil(values_per_bin),
        }
    }

    fn of(&self, value: u32) -> usize {
        ((value - self.min) / self.values_per_bin) as usize
    }

    /// The raw values a bin covers, as the edges of its bar (half a value either side).
    fn edges(&self, bin: usize) -> (f64, f64) {
        let first = self.min as f64 + (bin as u32 * self.values_per_bin) as f64;
        (first - 0.5, first + self.values_per_bin as f64 - 0.5)
    }

    /// The whole axis, in raw values.
    fn range(&self) -> (f64, f64) {
        (self.edges(0).0, self.edges(self.count as usize - 1).1)
    }
}

/// Tick labels for an axis spanning `span` axis units: for whole-number measures
/// (counts, steps, levels) only the whole ticks are labelled; percentages get whole
/// numbers unless the span is narrow (then one or two decimals).
fn ticks(whole_numbers: bool, span: f64) -> impl Fn(&f64) -> String {
    let decimals = if span < 1.0 {
        2
    } else if span < 5.0 {
        1
    } else {
        0
    };
    move |v: &f64| {
        if whole_numbers && (v - v.round()).abs() > 1e-6 {
            String::new()
        } else if whole_numbers {
            format!("{}", v.round() as i64)
        } else {
            format!("{v:.decimals$}")
        }
    }
}

/// Whether a measure's values are whole numbers on its axis.
fn whole(measure: Measure) -> bool {
    measure.unit() != crate::measures::Unit::Permille
}

/// The axis value of a raw value (per mille shown as percent).
fn axis(measure: Measure, raw: f64) -> f64 {
    measure.axis_value(1) * raw
}

fn histogram(area: &Area, measure: Measure, d: &Distribution) -> DrawResult {
    let (min, max) = (d.quantile(0.0).unwrap_or(0), d.quantile(1.0).unwrap_or(0));
    let bins = Bins::over(min, max);
    let mut counts = vec![0u64; bins.count as usize];
    for (value, n) in d.counts() {
        counts[bins.of(value)] += n;
    }
    let top = counts.iter().copied().max().unwrap_or(1) as f64 * 1.15;
    let (lo, hi) = bins.range();
    let median = d.quantile(0.5).unwrap_or(0);
    let caption = format!(
        "{} (median {})",
        measure.name(),
        measure.show(median as f64)
    );
    let mut chart = ChartBuilder::on(&area.margin(8, 8, 8, 14))
        .caption(caption, ("sans-serif", 22))
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(axis(measure, lo)..axis(measure, hi), 0.0..top)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(measure.axis_label())
        .y_desc("levels")
        .x_labels(6)
        .y_labels(5)
        .x_label_formatter(&ticks(whole(measure), axis(measure, hi - lo)))
        .y_label_formatter(&ticks(true, top))
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 17))
        .draw()?;
    chart
        .draw_series(counts.iter().enumerate().map(|(bin, &n)| {
            let (a, b) = bins.edges(bin);
            Rectangle::new(
                [(axis(measure, a), 0.0), (axis(measure, b), n as f64)],
                BARS.filled(),
            )
        }))?
        .label(format!("levels (n = {})", d.len()))
        .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], BARS.filled()));
    let marker = |raw: u32| {
        let x = axis(measure, raw as f64);
        vec![(x, 0.0), (x, top)]
    };
    chart
        .draw_series(LineSeries::new(marker(median), MEDIAN.stroke_width(2)))?
        .label("median")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], MEDIAN.stroke_width(2)));
    let quartiles = [0.25, 0.75].map(|q| d.quantile(q).unwrap_or(0));
    for (i, q) in quartiles.into_iter().enumerate() {
        let series = chart.draw_series(LineSeries::new(marker(q), QUARTILES.stroke_width(2)))?;
        if i == 0 {
            series.label("quartiles").legend(|(x, y)| {
                PathElement::new(vec![(x, y), (x + 14, y)], QUARTILES.stroke_width(2))
            });
        }
    }
    chart
        .configure_series_labels()
        // Out of the way of the bulk of the bars.
        .position(if (median as f64) > (lo + hi) / 2.0 {
            SeriesLabelPosition::UpperLeft
        } else {
            SeriesLabelPosition::UpperRight
        })
        .label_font(("sans-serif", 14))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .draw()?;
    Ok(())
}

/// A 2-D histogram of two measures with a colour bar: how many levels fall in each cell.
fn heat_map(
    area: &Area,
    x: Measure,
    y: Measure,
    cells: &std::collections::BTreeMap<(u32, u32), u64>,
) -> DrawResult {
    let span = |pick: fn(&(u32, u32)) -> u32| {
        let values = cells.keys().map(pick);
        (values.clone().min().unwrap_or(0), values.max().unwrap_or(0))
    };
    let (x_bins, y_bins) = {
        let (a, b) = span(|k| k.0);
        let (c, d) = span(|k| k.1);
        (Bins::over(a, b), Bins::over(c, d))
    };
    let mut counts = vec![vec![0u64; y_bins.count as usize]; x_bins.count as usize];
    for (&(a, b), &n) in cells {
        counts[x_bins.of(a)][y_bins.of(b)] += n;
    }
    let most = counts.iter().flatten().copied().max().unwrap_or(1).max(1);
    let (chart_area, bar_area) = area
        .margin(8, 8, 8, 14)
        .split_horizontally(area.dim_in_pixel().0 - 150);
    let (x_lo, x_hi) = x_bins.range();
    let (y_lo, y_hi) = y_bins.range();
    let mut chart = ChartBuilder::on(&chart_area)
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
    chart.draw_series(counts.iter().enumerate().flat_map(|(i, column)| {
        column
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(move |(j, &n)| {
                let (a, b) = x_bins.edges(i);
                let (c, d) = y_bins.edges(j);
                Rectangle::new(
                    [(axis(x, a), axis(y, c)), (axis(x, b), axis(y, d))],
                    shade(n, most).filled(),
                )
            })
    }))?;
    colour_bar(&bar_area, most)
}

/// The heat map's legend: the colour of each count, on a log scale.
fn colour_bar(area: &Area, most: u64) -> DrawResult {
    let top = (most as f64).max(2.0);
    let mut bar = ChartBuilder::on(&area.margin(40, 56, 10, 10))
        .y_label_area_size(0)
        .right_y_label_area_size(60)
        .build_cartesian_2d(0.0..1.0, (1.0..top).log_scale())?;
    bar.configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_desc("levels per cell")
        .y_labels(6)
        .y_label_formatter(&|v: &f64| format!("{v:.0}"))
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 16))
        .draw()?;
    let steps = 60;
    bar.draw_series((0..steps).map(|s| {
        let (a, b) = (s as f64 / steps as f64, (s + 1) as f64 / steps as f64);
        let (lo, hi) = (top.powf(a), top.powf(b));
        Rectangle::new(
            [(0.0, lo), (1.0, hi)],
            shade(lo.round() as u64, most).filled(),
        )
    }))?;
    Ok(())
}

/// Viridis-like colour of a count: log-scaled from 1 (dark blue) to `most` (yellow).
fn shade(count: u64, most: u64) -> RGBColor {
    const STOPS: [(f64, f64, f64); 5] = [
        (68.0, 1.0, 84.0),
        (59.0, 82.0, 139.0),
        (33.0, 145.0, 140.0),
        (94.0, 201.0, 98.0),
        (253.0, 231.0, 37.0),
    ];
    let t = if most <= 1 {
        1.0
    } else {
        ((count.max(1) as f64).ln() / (most as f64).ln()).clamp(0.0, 1.0)
    };
    let at = t * (STOPS.len() - 1) as f64;
    let i = (at.floor() as usize).min(STOPS.len() - 2);
    let f = at - i as f64;
    let mix = |a: f64, b: f64| (a + (b - a) * f).round() as u8;
    let (p, q) = (STOPS[i], STOPS[i + 1]);
    RGBColor(mix(p.0, q.0), mix(p.1, q.1), mix(p.2, q.2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_font_parses() {
        assert!(plotters::style::register_font("test-font", FontStyle::Normal, FONT).is_ok());
    }

    #[test]
    fn bins_cover_every_value_once() {
        for (min, max) in [(0, 0), (0, 39), (0, 40), (5, 1000), (100, 101)] {
            let bins = Bins::over(min, max);
            assert!(bins.count >= 1 && bins.count <= MAX_BINS);
            assert_eq!(bins.of(min), 0);
            assert_eq!(bins.of(max), bins.count as usize - 1);
            let (lo, hi) = bins.range();
            assert!(lo < min as f64 && hi > max as f64);
        }
    }

    #[test]
    fn shades_run_from_dark_to_light() {
        let brightness = |c: RGBColor| c.0 as u32 + c.1 as u32 + c.2 as u32;
        assert!(brightness(shade(1, 100)) < brightness(shade(10, 100)));
        assert!(brightness(shade(10, 100)) < brightness(shade(100, 100)));
        assert_eq!(shade(1, 1), shade(7, 1));
    }
}
