//! Charts drawn with `plotters` on its SVG backend: lines, points with
//! error bars, shaded bands, linear or logarithmic axes, a legend.

use plotters::coord::combinators::{BindKeyPoints, WithKeyPoints};
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

/// Width of the legend panel drawn to the right of the plot, so that no
/// legend covers a data point.
const LEGEND_WIDTH: u32 = 290;

/// An axis scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Linear.
    Linear,
    /// Base-10 logarithmic (every value must be positive).
    Log,
}

/// How a series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// A line through the points.
    Line,
    /// A dashed line through the points.
    Dashed,
    /// Markers (with vertical error bars when given).
    Points,
}

/// One series of a chart.
#[derive(Clone, Debug)]
pub struct Series {
    /// Legend entry (none when empty).
    pub name: String,
    /// The points (x, y).
    pub points: Vec<(f64, f64)>,
    /// Half-widths of vertical error bars, one per point, or empty.
    pub y_err: Vec<f64>,
    /// How it is drawn.
    pub style: Style,
    /// Palette index (series with the same index share a colour).
    pub color: usize,
}

impl Series {
    /// A series without error bars.
    pub fn new(
        name: impl Into<String>,
        points: Vec<(f64, f64)>,
        style: Style,
        color: usize,
    ) -> Series {
        Series {
            name: name.into(),
            points,
            y_err: Vec::new(),
            style,
            color,
        }
    }

    /// Adds error bars (half-widths, one per point).
    pub fn with_errors(mut self, y_err: Vec<f64>) -> Series {
        self.y_err = y_err;
        self
    }
}

/// A shaded band between two curves.
#[derive(Clone, Debug)]
pub struct Band {
    /// Legend entry.
    pub name: String,
    /// (x, low, high) in increasing x.
    pub points: Vec<(f64, f64, f64)>,
    /// Palette index.
    pub color: usize,
}

/// A chart.
#[derive(Clone, Debug)]
pub struct Chart {
    /// Title drawn above the plot.
    pub title: String,
    /// Label of the x axis.
    pub x_label: String,
    /// Label of the y axis.
    pub y_label: String,
    /// Scale of the x axis.
    pub x_scale: Scale,
    /// Scale of the y axis.
    pub y_scale: Scale,
    /// Series, drawn in order.
    pub series: Vec<Series>,
    /// Bands, drawn below the series.
    pub bands: Vec<Band>,
    /// Size in pixels.
    pub size: (u32, u32),
    /// Where the legend went inside the plot; kept for the sections that
    /// set it, but the legend is now always drawn in a panel to the right
    /// of the plot so that it never covers a point.
    pub legend: Legend,
    /// What the error bars mean, as the panel beside the plot says it
    /// (95 % intervals unless a section says otherwise).
    pub error_bars: String,
}

/// Tick positions of a logarithmic axis over `[lo, hi]`: 1-2-5 (or, over
/// less than two decades, 1-2-3-5) times powers of ten, so that an axis
/// from 2 to 64 is labelled 2, 3, 5, 10, 20, 30, 50 rather than 10 alone;
/// and the light grid at every integer multiple.
fn log_ticks(lo: f64, hi: f64) -> (Vec<f64>, Vec<f64>) {
    let (a, b) = (lo.log10().floor() as i32, hi.log10().ceil() as i32);
    let decades = (hi / lo).log10();
    let mantissas: &[f64] = if decades < 2.0 {
        &[1.0, 2.0, 3.0, 5.0]
    } else if decades < 5.0 {
        &[1.0, 2.0, 5.0]
    } else {
        &[1.0]
    };
    let mut bold = Vec::new();
    let mut light = Vec::new();
    for e in a..=b {
        let p = 10f64.powi(e);
        for m in 1..10 {
            let v = f64::from(m) * p;
            if v >= lo && v <= hi {
                light.push(v);
                if mantissas.contains(&f64::from(m)) {
                    bold.push(v);
                }
            }
        }
    }
    if bold.len() < 2 {
        bold = light.clone();
    }
    (bold, light)
}

/// A logarithmic axis over `[lo, hi]` with [`log_ticks`].
fn log_axis(lo: f64, hi: f64) -> WithKeyPoints<LogCoord<f64>> {
    let (bold, light) = log_ticks(lo, hi);
    (lo..hi)
        .log_scale()
        .with_key_points(bold)
        .with_light_points(light)
}

/// A linear axis over `[lo, hi]`.
fn linear_axis(lo: f64, hi: f64) -> RangedCoordf64 {
    (lo..hi).into()
}

/// Splits a legend text into lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Where a chart's legend is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legend {
    /// Upper left corner.
    UpperLeft,
    /// Lower right corner.
    LowerRight,
    /// Upper right corner.
    UpperRight,
    /// Lower left corner.
    LowerLeft,
}

/// A tick label: short, no trailing zeros, powers of ten as 1e5.
fn tick(v: &f64) -> String {
    let a = v.abs();
    if a != 0.0 && !(1e-3..1e5).contains(&a) {
        let e = a.log10().round();
        if (a / 10f64.powf(e) - 1.0).abs() < 1e-9 {
            return format!("{}1e{}", if *v < 0.0 { "-" } else { "" }, e as i32);
        }
        return format!("{v:.1e}");
    }
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

impl Chart {
    /// An empty 800×560 chart.
    pub fn new(
        title: impl Into<String>,
        x_label: impl Into<String>,
        y_label: impl Into<String>,
    ) -> Chart {
        Chart {
            title: title.into(),
            x_label: x_label.into(),
            y_label: y_label.into(),
            x_scale: Scale::Linear,
            y_scale: Scale::Linear,
            series: Vec::new(),
            bands: Vec::new(),
            size: (800, 560),
            legend: Legend::UpperLeft,
            error_bars: "bars: 95% intervals".to_string(),
        }
    }

    /// Says what the error bars mean.
    pub fn error_bars(mut self, meaning: impl Into<String>) -> Chart {
        self.error_bars = meaning.into();
        self
    }

    /// Sets the scales.
    pub fn scales(mut self, x: Scale, y: Scale) -> Chart {
        self.x_scale = x;
        self.y_scale = y;
        self
    }

    fn ranges(&self) -> anyhow::Result<((f64, f64), (f64, f64))> {
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        for s in &self.series {
            for (i, &(x, y)) in s.points.iter().enumerate() {
                let e = s.y_err.get(i).copied().unwrap_or(0.0);
                xs.push(x);
                ys.push(y - e);
                ys.push(y + e);
            }
        }
        for b in &self.bands {
            for &(x, lo, hi) in &b.points {
                xs.push(x);
                ys.push(lo);
                ys.push(hi);
            }
        }
        let range = |v: &[f64], scale: Scale, what: &str| -> anyhow::Result<(f64, f64)> {
            let v: Vec<f64> = v
                .iter()
                .copied()
                .filter(|x| x.is_finite() && (scale == Scale::Linear || *x > 0.0))
                .collect();
            anyhow::ensure!(
                !v.is_empty(),
                "chart {:?}: no {what} values to plot",
                self.title
            );
            let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            Ok(match scale {
                Scale::Linear => {
                    let pad = if hi > lo { 0.05 * (hi - lo) } else { 1.0 };
                    (lo - pad, hi + pad)
                }
                Scale::Log => {
                    let (l, h) = (lo.log10(), hi.log10());
                    let pad = if h > l { 0.05 * (h - l) } else { 0.5 };
                    (10f64.powf(l - pad), 10f64.powf(h + pad))
                }
            })
        };
        Ok((
            range(&xs, self.x_scale, "x")?,
            range(&ys, self.y_scale, "y")?,
        ))
    }

    /// Renders the chart as an SVG document.
    pub fn to_svg(&self) -> anyhow::Result<String> {
        let ((x0, x1), (y0, y1)) = self.ranges()?;
        let mut out = String::new();
        {
            let size = (self.size.0 + LEGEND_WIDTH, self.size.1);
            let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
            let err = |e: &dyn std::fmt::Display| anyhow::anyhow!("chart {:?}: {e}", self.title);
            root.fill(&WHITE).map_err(|e| err(&e))?;
            let (plot, side) = root.split_horizontally(self.size.0);
            match (self.x_scale, self.y_scale) {
                (Scale::Linear, Scale::Linear) => {
                    self.draw(&plot, linear_axis(x0, x1), linear_axis(y0, y1))?
                }
                (Scale::Log, Scale::Linear) => {
                    self.draw(&plot, log_axis(x0, x1), linear_axis(y0, y1))?
                }
                (Scale::Linear, Scale::Log) => {
                    self.draw(&plot, linear_axis(x0, x1), log_axis(y0, y1))?
                }
                (Scale::Log, Scale::Log) => self.draw(&plot, log_axis(x0, x1), log_axis(y0, y1))?,
            }
            self.draw_legend(&side)?;
            root.present()
                .map_err(|e| anyhow::anyhow!("chart {:?}: {e}", self.title))?;
        }
        Ok(out)
    }

    fn draw<X, Y>(
        &self,
        root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
        x: X,
        y: Y,
    ) -> anyhow::Result<()>
    where
        X: AsRangedCoord<Value = f64>,
        Y: AsRangedCoord<Value = f64>,
        X::CoordDescType: ValueFormatter<f64>,
        Y::CoordDescType: ValueFormatter<f64>,
    {
        let err = |e: &dyn std::fmt::Display| anyhow::anyhow!("chart {:?}: {e}", self.title);
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(72)
            .build_cartesian_2d(x, y)
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .axis_desc_style(("sans-serif", 16))
            .light_line_style(RGBColor(235, 235, 235))
            .x_label_formatter(&tick)
            .y_label_formatter(&tick)
            .draw()
            .map_err(|e| err(&e))?;
        for band in &self.bands {
            let c = color(band.color);
            let mut poly: Vec<(f64, f64)> = band.points.iter().map(|&(x, lo, _)| (x, lo)).collect();
            poly.extend(band.points.iter().rev().map(|&(x, _, hi)| (x, hi)));
            chart
                .draw_series(std::iter::once(Polygon::new(poly, c.mix(0.18).filled())))
                .map_err(|e| err(&e))?;
        }
        for s in &self.series {
            let c = color(s.color);
            match s.style {
                Style::Line | Style::Dashed => {
                    let stroke = c.stroke_width(2);
                    let drawn = if s.style == Style::Line {
                        chart.draw_series(LineSeries::new(s.points.iter().copied(), stroke))
                    } else {
                        chart.draw_series(DashedLineSeries::new(
                            s.points.iter().copied(),
                            6,
                            4,
                            stroke,
                        ))
                    };
                    drawn.map_err(|e| err(&e))?;
                }
                Style::Points => {
                    // Hollow markers first, the 95 % interval's whiskers on
                    // top with wide caps, so that an interval narrower than
                    // the marker still shows as a bar through it.
                    chart
                        .draw_series(
                            s.points
                                .iter()
                                .map(|&(x, y)| Circle::new((x, y), 4, c.stroke_width(2))),
                        )
                        .map_err(|e| err(&e))?;
                    if !s.y_err.is_empty() {
                        chart
                            .draw_series(s.points.iter().zip(&s.y_err).map(|(&(x, y), &e)| {
                                ErrorBar::new_vertical(x, y - e, y, y + e, c.stroke_width(2), 12)
                            }))
                            .map_err(|e| err(&e))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The legend, in its own panel to the right of the plot.
    fn draw_legend(
        &self,
        side: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    ) -> anyhow::Result<()> {
        let err = |e: &dyn std::fmt::Display| anyhow::anyhow!("chart {:?}: {e}", self.title);
        let font = ("sans-serif", 13).into_font().color(&BLACK);
        let mut y = 56;
        let x = 8;
        let mut entry =
            |glyph: &dyn Fn(i32, i32) -> anyhow::Result<()>, name: &str| -> anyhow::Result<()> {
                glyph(x, y)?;
                for (i, line) in wrap(name, 32).into_iter().enumerate() {
                    side.draw(&Text::new(
                        line,
                        (x + 30, y - 7 + 16 * i as i32),
                        font.clone(),
                    ))
                    .map_err(|e| err(&e))?;
                    if i > 0 {
                        y += 16;
                    }
                }
                y += 24;
                Ok(())
            };
        for band in self.bands.iter().filter(|b| !b.name.is_empty()) {
            let c = color(band.color);
            entry(
                &|x, y| {
                    side.draw(&Rectangle::new(
                        [(x, y - 6), (x + 22, y + 6)],
                        c.mix(0.3).filled(),
                    ))
                    .map_err(|e| err(&e))
                },
                &band.name,
            )?;
        }
        for s in self.series.iter().filter(|s| !s.name.is_empty()) {
            let c = color(s.color);
            match s.style {
                Style::Line | Style::Dashed => {
                    let dashed = s.style == Style::Dashed;
                    entry(
                        &|x, y| {
                            if dashed {
                                for k in 0..2 {
                                    side.draw(&PathElement::new(
                                        vec![(x + 12 * k, y), (x + 12 * k + 7, y)],
                                        c.stroke_width(2),
                                    ))
                                    .map_err(|e| err(&e))?;
                                }
                                Ok(())
                            } else {
                                side.draw(&PathElement::new(
                                    vec![(x, y), (x + 22, y)],
                                    c.stroke_width(2),
                                ))
                                .map_err(|e| err(&e))
                            }
                        },
                        &s.name,
                    )?;
                }
                Style::Points => {
                    let bars = !s.y_err.is_empty();
                    entry(
                        &|x, y| {
                            side.draw(&Circle::new((x + 11, y), 4, c.stroke_width(2)))
                                .map_err(|e| err(&e))?;
                            if bars {
                                side.draw(&PathElement::new(
                                    vec![(x + 11, y - 9), (x + 11, y + 9)],
                                    c.stroke_width(2),
                                ))
                                .map_err(|e| err(&e))?;
                                for cap in [y - 9, y + 9] {
                                    side.draw(&PathElement::new(
                                        vec![(x + 5, cap), (x + 17, cap)],
                                        c.stroke_width(2),
                                    ))
                                    .map_err(|e| err(&e))?;
                                }
                            }
                            Ok(())
                        },
                        &s.name,
                    )?;
                }
            }
        }
        if self.series.iter().any(|s| !s.y_err.is_empty()) {
            let note = ("sans-serif", 12).into_font().color(&RGBColor(90, 90, 90));
            for (i, line) in wrap(
                &format!(
                    "{}; where narrower than the marker they show as a bar through it",
                    self.error_bars
                ),
                36,
            )
            .into_iter()
            .enumerate()
            {
                side.draw(&Text::new(line, (x, y + 15 * i as i32), note.clone()))
                    .map_err(|e| err(&e))?;
            }
        }
        Ok(())
    }
}

/// A colour-blind-safe palette (Okabe–Ito), cycled.
pub fn color(i: usize) -> RGBColor {
    const PALETTE: [RGBColor; 8] = [
        RGBColor(0, 114, 178),
        RGBColor(213, 94, 0),
        RGBColor(0, 158, 115),
        RGBColor(204, 121, 167),
        RGBColor(230, 159, 0),
        RGBColor(86, 180, 233),
        RGBColor(0, 0, 0),
        RGBColor(240, 228, 66),
    ];
    PALETTE[i % PALETTE.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_log_chart_has_labels_and_legend() {
        let chart =
            Chart::new("t", "N (branching factor)", "E[NBP]").scales(Scale::Log, Scale::Log);
        let mut chart = chart;
        chart.series.push(Series::new(
            "exact",
            vec![(2.0, 3.6), (4.0, 12.1), (8.0, 40.0)],
            Style::Line,
            0,
        ));
        chart.series.push(
            Series::new(
                "Monte Carlo",
                vec![(2.0, 3.7), (4.0, 12.0)],
                Style::Points,
                1,
            )
            .with_errors(vec![0.1, 0.3]),
        );
        let svg = chart.to_svg().expect("renders");
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("N (branching factor)"));
        assert!(svg.contains("Monte Carlo"));
    }

    #[test]
    fn log_axes_are_labelled_below_ten() {
        let (bold, light) = log_ticks(1.8, 70.0);
        assert_eq!(bold, vec![2.0, 3.0, 5.0, 10.0, 20.0, 30.0, 50.0]);
        assert!(light.contains(&4.0) && light.contains(&60.0));
        let (bold, _) = log_ticks(2.0, 2e4);
        assert_eq!(bold[..4], [2.0, 5.0, 10.0, 20.0]);
        let (bold, _) = log_ticks(2.0, 2e5);
        assert_eq!(bold, vec![10.0, 100.0, 1000.0, 10000.0, 100000.0]);
        let (bold, _) = log_ticks(1.0, 1e9);
        assert_eq!(bold.len(), 10);
    }

    #[test]
    fn legends_are_drawn_beside_the_plot() {
        let mut chart = Chart::new("t", "x", "y");
        chart.series.push(Series::new(
            "a long legend entry that must wrap onto a second line of the panel",
            vec![(0.0, 0.0), (1.0, 1.0)],
            Style::Line,
            0,
        ));
        let svg = chart.to_svg().expect("renders");
        assert!(svg.contains(&format!("width=\"{}\"", 800 + LEGEND_WIDTH)));
        assert!(svg.contains("a long legend entry that must"));
        assert!(svg.contains("onto a second line"));
        assert!(
            !svg.contains("a long legend entry that must wrap onto a second line of the panel")
        );
    }

    #[test]
    fn log_scale_without_positive_values_is_an_error() {
        let mut chart = Chart::new("t", "x", "y").scales(Scale::Linear, Scale::Log);
        chart.series.push(Series::new(
            "s",
            vec![(1.0, 0.0), (2.0, -1.0)],
            Style::Line,
            0,
        ));
        assert!(chart.to_svg().is_err());
    }
}
