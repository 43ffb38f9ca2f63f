//! Charts drawn with `plotters` on its SVG backend: lines, points with
//! error bars, shaded bands, linear or logarithmic axes, a legend.

use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;

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
    /// Where the legend goes.
    pub legend: Legend,
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
        }
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
            let root = SVGBackend::with_string(&mut out, self.size).into_drawing_area();
            match (self.x_scale, self.y_scale) {
                (Scale::Linear, Scale::Linear) => self.draw(&root, x0..x1, y0..y1)?,
                (Scale::Log, Scale::Linear) => self.draw(&root, (x0..x1).log_scale(), y0..y1)?,
                (Scale::Linear, Scale::Log) => self.draw(&root, x0..x1, (y0..y1).log_scale())?,
                (Scale::Log, Scale::Log) => {
                    self.draw(&root, (x0..x1).log_scale(), (y0..y1).log_scale())?
                }
            }
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
        root.fill(&WHITE).map_err(|e| err(&e))?;
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
                .map_err(|e| err(&e))?
                .label(&band.name)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 18, y + 5)], c.mix(0.3).filled())
                });
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
                    let drawn = drawn.map_err(|e| err(&e))?;
                    if !s.name.is_empty() {
                        let dashed = s.style == Style::Dashed;
                        drawn.label(&s.name).legend(move |(x, y)| {
                            let end = if dashed { x + 8 } else { x + 18 };
                            PathElement::new(vec![(x, y), (end, y)], c.stroke_width(2))
                        });
                    }
                }
                Style::Points => {
                    if !s.y_err.is_empty() {
                        chart
                            .draw_series(s.points.iter().zip(&s.y_err).map(|(&(x, y), &e)| {
                                ErrorBar::new_vertical(x, y - e, y, y + e, c.stroke_width(1), 8)
                            }))
                            .map_err(|e| err(&e))?;
                    }
                    let drawn = chart
                        .draw_series(
                            s.points
                                .iter()
                                .map(|&(x, y)| Circle::new((x, y), 4, c.filled())),
                        )
                        .map_err(|e| err(&e))?;
                    if !s.name.is_empty() {
                        drawn
                            .label(&s.name)
                            .legend(move |(x, y)| Circle::new((x + 9, y), 4, c.filled()));
                    }
                }
            }
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 13))
            .position(match self.legend {
                Legend::UpperLeft => SeriesLabelPosition::UpperLeft,
                Legend::LowerRight => SeriesLabelPosition::LowerRight,
                Legend::UpperRight => SeriesLabelPosition::UpperRight,
                Legend::LowerLeft => SeriesLabelPosition::LowerLeft,
            })
            .draw()
            .map_err(|e| err(&e))?;
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
