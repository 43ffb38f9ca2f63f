//! Charts drawn with `plotters` on its SVG backend: lines, points with
//! error bars, shaded bands, linear or logarithmic axes, a legend.

use plotters::coord::combinators::{BindKeyPoints, WithKeyPoints};
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

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
    /// Crosses, for values a paper prints beside our markers.
    Crosses,
    /// A line through the points with a marker at each, for a few measured
    /// points (the line guides the eye; the markers are the data).
    LinePoints,
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
    /// Names of the categories at x = 1, 2, …, n, each written under its
    /// tick (a categorical x axis, such as one procedure per column); empty
    /// for a numeric axis.
    pub x_categories: Vec<String>,
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

/// Marks the start of a subscript in a text drawn on a chart (a private-use
/// character, replaced by an SVG `tspan` once the chart is drawn).
const SUB: char = '\u{E000}';
/// Marks the start of a superscript, as [`SUB`].
const SUPER: char = '\u{E001}';
/// Marks the end of a subscript or superscript.
const END: char = '\u{E002}';

/// A text as a chart draws it: the plain notation the sections write —
/// `E[NBP_{N,D}]`, `K_D`, `N^(.720D+.277)`, `d^h` — set as subscripts and
/// superscripts (marked with [`SUB`], [`SUPER`] and [`END`]), and Markdown
/// backquotes dropped, so that no raw notation reaches the figure.
fn markup(text: &str) -> String {
    let chars: Vec<char> = text.chars().filter(|&c| c != '`').collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let closing = |open: char| if open == '{' { '}' } else { ')' };
    while i < chars.len() {
        let c = chars[i];
        let shift = match c {
            '_' => SUB,
            '^' => SUPER,
            _ => {
                out.push(c);
                i += 1;
                continue;
            }
        };
        let next = chars.get(i + 1).copied();
        let (body, after): (String, usize) = match next {
            Some(open @ ('{' | '(')) if c == '_' && open == '{' || c == '^' => {
                let close = closing(open);
                match chars[i + 2..].iter().position(|&x| x == close) {
                    Some(n) => (chars[i + 2..i + 2 + n].iter().collect(), i + 3 + n),
                    None => (String::new(), i),
                }
            }
            Some(x) if x.is_alphanumeric() => {
                let n = chars[i + 1..]
                    .iter()
                    .take_while(|x| x.is_ascii_alphanumeric())
                    .count()
                    .max(1);
                (chars[i + 1..i + 1 + n].iter().collect(), i + 1 + n)
            }
            _ => (String::new(), i),
        };
        if after == i || body.is_empty() {
            out.push(c);
            i += 1;
            continue;
        }
        out.push(shift);
        out.extend(body.chars().filter(|c| !c.is_whitespace()));
        out.push(END);
        i = after;
    }
    out
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
            x_categories: Vec::new(),
        }
    }

    /// Makes the x axis categorical: `names[i]` is written under x = i + 1.
    pub fn categories(mut self, names: impl IntoIterator<Item = impl Into<String>>) -> Chart {
        self.x_categories = names.into_iter().map(Into::into).collect();
        self
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
        let x = if self.x_categories.is_empty() {
            range(&xs, self.x_scale, "x")?
        } else {
            (0.5, self.x_categories.len() as f64 + 0.5)
        };
        Ok((x, range(&ys, self.y_scale, "y")?))
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
            // A categorical x axis is linear; its names are drawn by `draw`.
            let x_scale = if self.x_categories.is_empty() {
                self.x_scale
            } else {
                Scale::Linear
            };
            match (x_scale, self.y_scale) {
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
        Ok(out
            .replace(SUB, r#"<tspan baseline-shift="sub" font-size="75%">"#)
            .replace(SUPER, r#"<tspan baseline-shift="super" font-size="75%">"#)
            .replace(END, "</tspan>"))
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
        // Category names are written down the axis, rotated, in an area
        // tall enough for the longest, each under a tick at 1, 2, …, n.
        let longest = self.x_categories.iter().map(|c| c.chars().count()).max();
        let x_area = longest.map_or(48, |n| 40 + 7 * n as u32);
        let mut chart = ChartBuilder::on(root)
            .caption(markup(&self.title), ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(x_area)
            .y_label_area_size(72)
            .build_cartesian_2d(x, y)
            .map_err(|e| err(&e))?;
        let mut mesh = chart.configure_mesh();
        mesh.x_desc(markup(&self.x_label))
            .y_desc(markup(&self.y_label))
            .axis_desc_style(("sans-serif", 16))
            .light_line_style(RGBColor(235, 235, 235))
            .x_label_formatter(&tick)
            .y_label_formatter(&tick);
        if !self.x_categories.is_empty() {
            mesh.x_labels(0);
        }
        mesh.draw().map_err(|e| err(&e))?;
        let bottom = chart.y_range().start;
        let name_style = ("sans-serif", 13)
            .into_font()
            .transform(FontTransform::Rotate90)
            .color(&BLACK)
            .pos(Pos::new(HPos::Left, VPos::Center));
        for (i, name) in self.x_categories.iter().enumerate() {
            let (px, py) = chart.backend_coord(&((i + 1) as f64, bottom));
            root.draw(&PathElement::new(vec![(px, py), (px, py + 5)], BLACK))
                .map_err(|e| err(&e))?;
            root.draw(&Text::new(markup(name), (px, py + 8), name_style.clone()))
                .map_err(|e| err(&e))?;
        }
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
                Style::Line | Style::Dashed | Style::LinePoints => {
                    let stroke = c.stroke_width(2);
                    let drawn = if s.style != Style::Dashed {
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
                    if s.style == Style::LinePoints {
                        chart
                            .draw_series(
                                s.points
                                    .iter()
                                    .map(|&(x, y)| Circle::new((x, y), 4, c.filled())),
                            )
                            .map_err(|e| err(&e))?;
                    }
                }
                Style::Crosses => {
                    chart
                        .draw_series(
                            s.points
                                .iter()
                                .map(|&(x, y)| Cross::new((x, y), 6, c.stroke_width(2))),
                        )
                        .map_err(|e| err(&e))?;
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
                for (i, line) in wrap(&markup(name), 32).into_iter().enumerate() {
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
                Style::Line | Style::Dashed | Style::LinePoints => {
                    let dashed = s.style == Style::Dashed;
                    let marked = s.style == Style::LinePoints;
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
                                .map_err(|e| err(&e))?;
                                if marked {
                                    side.draw(&Circle::new((x + 11, y), 4, c.filled()))
                                        .map_err(|e| err(&e))?;
                                }
                                Ok(())
                            }
                        },
                        &s.name,
                    )?;
                }
                Style::Crosses => {
                    entry(
                        &|x, y| {
                            side.draw(&Cross::new((x + 11, y), 6, c.stroke_width(2)))
                                .map_err(|e| err(&e))
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
                &markup(&format!(
                    "{}; where narrower than the marker they show as a bar through it",
                    self.error_bars
                )),
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
    fn a_categorical_axis_names_every_category() {
        let names = ["minimax", "negamax", "f1", "f2", "f3", "sss", "scout"];
        let mut chart = Chart::new("t", "procedure", "ratio")
            .scales(Scale::Linear, Scale::Log)
            .categories(names);
        chart.series.push(Series::new(
            "uniform",
            (1..=names.len()).map(|i| (i as f64, i as f64)).collect(),
            Style::Points,
            0,
        ));
        let svg = chart.to_svg().expect("renders");
        // plotters writes a text's content on a line of its own.
        for name in names {
            assert!(
                svg.contains(&format!("\n{name}\n")),
                "{name} is not on the axis"
            );
        }
        // No numeric tick label on the categorical axis.
        assert!(!svg.contains("\n1.5\n") && !svg.contains("\n0.5\n"));
    }

    #[test]
    fn lines_with_markers_and_crosses_draw_a_glyph_per_point() {
        let points = vec![(1.0, 1.0), (2.0, 3.0), (3.0, 2.0)];
        let svg = |style: Style| {
            let mut chart = Chart::new("t", "x", "y");
            chart
                .series
                .push(Series::new("s", points.clone(), style, 0));
            chart.to_svg().expect("renders")
        };
        let strokes = |svg: &str| svg.matches("<line").count() + svg.matches("<polyline").count();
        // One circle per point, and one in the legend.
        assert_eq!(
            svg(Style::LinePoints).matches("<circle").count(),
            points.len() + 1
        );
        assert_eq!(svg(Style::Line).matches("<circle").count(), 0);
        // A cross is two strokes, where Points draws a circle: per point and
        // in the legend.
        let crosses = svg(Style::Crosses);
        assert_eq!(crosses.matches("<circle").count(), 0);
        assert_eq!(
            strokes(&crosses) - strokes(&svg(Style::Points)),
            2 * (points.len() + 1)
        );
    }

    #[test]
    fn notation_is_set_as_sub_and_superscripts() {
        let sub = |t: &str| format!("{SUB}{t}{END}");
        let sup = |t: &str| format!("{SUPER}{t}{END}");
        assert_eq!(markup("E[NBP_{N,D}]"), format!("E[NBP{}]", sub("N,D")));
        assert_eq!(
            markup("ξ_N/(1 − ξ_N)"),
            format!("ξ{0}/(1 − ξ{0})", sub("N"))
        );
        assert_eq!(
            markup("K_D·N^(.720D+.277)"),
            format!("K{}·N{}", sub("D"), sup(".720D+.277"))
        );
        assert_eq!(
            markup("d^h leaves, `f2`"),
            format!("d{} leaves, f2", sup("h"))
        );
        assert_eq!(markup("a _ b ^ c"), "a _ b ^ c");
        assert_eq!(markup("E[NBP_{N, D}]"), format!("E[NBP{}]", sub("N,D")));
    }

    #[test]
    fn no_raw_notation_reaches_the_svg() {
        let mut chart = Chart::new("Fig.: E[NBP_{N,D}] against N", "N", "`E[NBP]`");
        chart.series.push(Series::new(
            "fit K_D·N^(.720D+.277)",
            vec![(1.0, 1.0), (2.0, 2.0)],
            Style::Line,
            0,
        ));
        let svg = chart.to_svg().expect("renders");
        for raw in ["_{", "K_D", "^(", "`"] {
            assert!(!svg.contains(raw), "{raw} in the SVG");
        }
        assert!(svg.contains(r#"NBP<tspan baseline-shift="sub" font-size="75%">N,D</tspan>]"#));
        assert!(
            svg.contains(r#"<tspan baseline-shift="super" font-size="75%">.720D+.277</tspan>"#)
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
