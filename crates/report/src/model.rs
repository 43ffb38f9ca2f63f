//! The report model: sections of items, each item a table, a figure or a
//! check, holding comparisons of a paper's number with ours.
//!
//! The model is pure data; [`crate::write`] turns it into HTML, Markdown,
//! SVG, CSV and JSON. Verdicts are never set by hand: the constructors of
//! [`Comparison`] compute them from the two values, so a "matches" verdict
//! always stands on a computed value ([`Report::validate`] checks it).

use serde::Serialize;

/// A number or text as the paper prints it or as we computed it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Value {
    /// An exact integer or rational `p/q` in lowest terms, with a float
    /// approximation for plots and differences.
    Exact {
        /// `p` or `p/q`.
        text: String,
        /// The value as a float.
        approx: f64,
    },
    /// A real number, printed with `decimals` digits after the point.
    Real {
        /// The value.
        value: f64,
        /// Digits shown after the decimal point.
        decimals: usize,
    },
    /// A Monte Carlo estimate: sample mean, standard error of the mean and
    /// number of samples.
    Estimate {
        /// Sample mean.
        mean: f64,
        /// Standard error of the mean.
        std_err: f64,
        /// Number of samples.
        samples: u64,
    },
    /// Free text (a move, a path, a list).
    Text {
        /// The text.
        text: String,
    },
}

impl Value {
    /// An exact integer.
    pub fn int(v: i128) -> Value {
        Value::Exact {
            text: v.to_string(),
            approx: v as f64,
        }
    }

    /// An exact rational given as decimal numerator and denominator strings
    /// (any size); reduced form is the caller's business.
    pub fn rational(num: &str, den: &str, approx: f64) -> Value {
        let text = if den == "1" {
            num.to_string()
        } else {
            format!("{num}/{den}")
        };
        Value::Exact { text, approx }
    }

    /// A real shown with `decimals` digits.
    pub fn real(value: f64, decimals: usize) -> Value {
        Value::Real { value, decimals }
    }

    /// Free text.
    pub fn text(t: impl Into<String>) -> Value {
        Value::Text { text: t.into() }
    }

    /// A Monte Carlo estimate from a sample mean and standard deviation.
    pub fn estimate(mean: f64, std_dev: f64, samples: u64) -> Value {
        let std_err = if samples > 0 {
            std_dev / (samples as f64).sqrt()
        } else {
            f64::NAN
        };
        Value::Estimate {
            mean,
            std_err,
            samples,
        }
    }

    /// The value as a float, if it is a number.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Exact { approx, .. } => Some(*approx),
            Value::Real { value, .. } => Some(*value),
            Value::Estimate { mean, .. } => Some(*mean),
            Value::Text { .. } => None,
        }
    }

    /// How the value is shown in the report.
    pub fn display(&self) -> String {
        match self {
            Value::Exact { text, approx } => {
                if text.contains('/') {
                    format!("{text} ≈ {}", fmt_sig(*approx, 7))
                } else {
                    text.clone()
                }
            }
            Value::Real { value, decimals } => format!("{value:.decimals$}"),
            Value::Estimate {
                mean,
                std_err,
                samples,
            } => format!(
                "{} ± {} (95% CI, n = {samples})",
                fmt_sig(*mean, 6),
                fmt_sig(1.96 * std_err, 2)
            ),
            Value::Text { text } => text.clone(),
        }
    }
}

/// Formats `x` with `sig` significant digits, without exponent for ordinary
/// magnitudes.
pub fn fmt_sig(x: f64, sig: usize) -> String {
    if !x.is_finite() {
        return x.to_string();
    }
    if x == 0.0 {
        return "0".to_string();
    }
    let mag = x.abs().log10().floor() as i32;
    if !(-4..=12).contains(&mag) {
        return format!("{x:.prec$e}", prec = sig.saturating_sub(1));
    }
    let decimals = (sig as i32 - 1 - mag).max(0) as usize;
    format!("{x:.decimals$}")
}

/// How our number stands beside the paper's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Equal (exactly, or to every digit the paper prints).
    Matches,
    /// The paper's number lies inside our 95 % confidence interval.
    WithinCi,
    /// A result the papers do not print (beyond the papers); no comparison.
    New,
    /// Different, with the reason stated.
    Differs,
    /// Not reproduced yet, with the reason stated.
    Missing,
}

impl Verdict {
    /// The word shown in the report.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Matches => "matches",
            Verdict::WithinCi => "within CI",
            Verdict::New => "new",
            Verdict::Differs => "differs",
            Verdict::Missing => "missing",
        }
    }

    /// The severity used to summarise several verdicts (worst wins).
    fn severity(self) -> u8 {
        match self {
            Verdict::New => 0,
            Verdict::Matches => 1,
            Verdict::WithinCi => 2,
            Verdict::Differs => 3,
            Verdict::Missing => 4,
        }
    }

    /// The worst of a list of verdicts (`New` for an empty list).
    pub fn worst(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
        verdicts
            .into_iter()
            .max_by_key(|v| v.severity())
            .unwrap_or(Verdict::New)
    }
}

/// One number of a paper beside ours.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    label: String,
    paper: Option<Value>,
    ours: Option<Value>,
    difference: Option<f64>,
    verdict: Verdict,
    reason: String,
}

impl Comparison {
    fn make(
        label: impl Into<String>,
        paper: Option<Value>,
        ours: Option<Value>,
        verdict: Verdict,
        reason: impl Into<String>,
    ) -> Comparison {
        let difference = match (&paper, &ours) {
            (Some(p), Some(o)) => match (p.as_f64(), o.as_f64()) {
                (Some(p), Some(o)) => Some(o - p),
                _ => None,
            },
            _ => None,
        };
        Comparison {
            label: label.into(),
            paper,
            ours,
            difference,
            verdict,
            reason: reason.into(),
        }
    }

    /// Exact comparison: the two values must be identical (same exact text,
    /// same integer, same free text).
    pub fn exact(label: impl Into<String>, paper: Value, ours: Value) -> Comparison {
        let same = match (&paper, &ours) {
            (Value::Exact { text: a, .. }, Value::Exact { text: b, .. }) => a == b,
            (Value::Text { text: a }, Value::Text { text: b }) => a.trim() == b.trim(),
            (a, b) => a.as_f64().is_some() && a.as_f64() == b.as_f64(),
        };
        if same {
            Comparison::make(label, Some(paper), Some(ours), Verdict::Matches, "")
        } else {
            let reason = format!(
                "exact values differ: paper {}, ours {}",
                paper.display(),
                ours.display()
            );
            Comparison::make(label, Some(paper), Some(ours), Verdict::Differs, reason)
        }
    }

    /// The paper prints `paper` rounded to `decimals` digits: ours matches
    /// when it rounds to the same printed value (within half a unit of the
    /// last printed digit, plus a float epsilon).
    pub fn rounded(label: impl Into<String>, paper: f64, decimals: usize, ours: f64) -> Comparison {
        let half_unit = 0.5 * 10f64.powi(-(decimals as i32));
        let diff = (ours - paper).abs();
        let paper_v = Value::real(paper, decimals);
        let ours_v = Value::real(ours, decimals + 3);
        if diff <= half_unit * (1.0 + 1e-9) {
            Comparison::make(label, Some(paper_v), Some(ours_v), Verdict::Matches, "")
        } else {
            let reason = format!(
                "|ours − paper| = {} exceeds half a unit of the paper's last digit ({half_unit})",
                fmt_sig(diff, 3)
            );
            Comparison::make(label, Some(paper_v), Some(ours_v), Verdict::Differs, reason)
        }
    }

    /// Like [`Comparison::rounded`] but the paper's value may be off by up
    /// to `tolerance` (relative) for a stated reason (a fit, a graph read
    /// by eye): within it the verdict is "matches", otherwise "differs".
    pub fn approximately(
        label: impl Into<String>,
        paper: Value,
        ours: Value,
        relative_tolerance: f64,
        why_tolerance: &str,
    ) -> Comparison {
        let (Some(p), Some(o)) = (paper.as_f64(), ours.as_f64()) else {
            return Comparison::make(
                label,
                Some(paper),
                Some(ours),
                Verdict::Differs,
                "values are not numbers",
            );
        };
        let rel = if p == 0.0 {
            (o - p).abs()
        } else {
            ((o - p) / p).abs()
        };
        if rel <= relative_tolerance {
            let reason = format!(
                "relative difference {} within the tolerance {} ({why_tolerance})",
                fmt_sig(rel, 2),
                fmt_sig(relative_tolerance, 2)
            );
            Comparison::make(label, Some(paper), Some(ours), Verdict::Matches, reason)
        } else {
            let reason = format!(
                "relative difference {} exceeds the tolerance {} ({why_tolerance})",
                fmt_sig(rel, 2),
                fmt_sig(relative_tolerance, 2)
            );
            Comparison::make(label, Some(paper), Some(ours), Verdict::Differs, reason)
        }
    }

    /// A Monte Carlo estimate against the paper's (exact or printed) value:
    /// "within CI" when the paper's value lies in our 95 % confidence
    /// interval (mean ± 1.96 standard errors), "differs" otherwise.
    pub fn estimate(label: impl Into<String>, paper: Value, ours: Value) -> Comparison {
        let (Some(p), Value::Estimate { mean, std_err, .. }) = (paper.as_f64(), &ours) else {
            return Comparison::make(
                label,
                Some(paper),
                Some(ours),
                Verdict::Differs,
                "not an estimate beside a number",
            );
        };
        let z = (mean - p).abs() / std_err;
        if z <= 1.96 {
            let reason = format!("|z| = {}", fmt_sig(z, 2));
            Comparison::make(label, Some(paper), Some(ours), Verdict::WithinCi, reason)
        } else {
            let reason = if z <= 3.29 {
                format!(
                    "|z| = {} > 1.96: outside the 95% interval, though by chance alone about one comparison in twenty falls there (|z| > 3.29 would be significant at 0.1%)",
                    fmt_sig(z, 2)
                )
            } else {
                format!("|z| = {} > 3.29: significant at 0.1%", fmt_sig(z, 2))
            };
            Comparison::make(label, Some(paper), Some(ours), Verdict::Differs, reason)
        }
    }

    /// A number the paper does not print: reported as new.
    pub fn new_result(
        label: impl Into<String>,
        ours: Value,
        note: impl Into<String>,
    ) -> Comparison {
        Comparison::make(label, None, Some(ours), Verdict::New, note)
    }

    /// A paper's number we do not reproduce yet, and why.
    pub fn missing(
        label: impl Into<String>,
        paper: Option<Value>,
        reason: impl Into<String>,
    ) -> Comparison {
        Comparison::make(label, paper, None, Verdict::Missing, reason)
    }

    /// A comparison whose verdict was computed as "differs" for a reason
    /// that the paper itself explains (a misprint, a typo, non-random data):
    /// keeps the verdict "differs" and replaces the reason.
    pub fn explained(mut self, reason: impl Into<String>) -> Comparison {
        if self.verdict == Verdict::Differs {
            self.reason = reason.into();
        }
        self
    }

    /// Appends a note to the reason, whatever the verdict.
    pub fn note(mut self, note: impl Into<String>) -> Comparison {
        let note = note.into();
        if self.reason.is_empty() {
            self.reason = note;
        } else {
            self.reason = format!("{}; {note}", self.reason);
        }
        self
    }

    /// The label.
    pub fn label(&self) -> &str {
        &self.label
    }
    /// The paper's value.
    pub fn paper(&self) -> Option<&Value> {
        self.paper.as_ref()
    }
    /// Our value.
    pub fn ours(&self) -> Option<&Value> {
        self.ours.as_ref()
    }
    /// Ours − paper, when both are numbers.
    pub fn difference(&self) -> Option<f64> {
        self.difference
    }
    /// The verdict.
    pub fn verdict(&self) -> Verdict {
        self.verdict
    }
    /// Why (required for "differs" and "missing").
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

/// What an item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    /// A table of a paper.
    Table,
    /// A figure of a paper.
    Figure,
    /// A statement (theorem, corollary, number in the text) checked.
    Check,
}

/// A flat table of data (written as CSV and JSON).
#[derive(Clone, Debug, Serialize)]
pub struct DataTable {
    /// File stem, unique within the report (`fuller-table-5-1`).
    pub name: String,
    /// Column names.
    pub columns: Vec<String>,
    /// Rows of cells.
    pub rows: Vec<Vec<serde_json::Value>>,
}

impl DataTable {
    /// An empty table with these columns.
    pub fn new(name: impl Into<String>, columns: &[&str]) -> DataTable {
        DataTable {
            name: name.into(),
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    /// Appends a row; it must have one cell per column.
    pub fn push(&mut self, row: Vec<serde_json::Value>) {
        debug_assert_eq!(row.len(), self.columns.len(), "row width of {}", self.name);
        self.rows.push(row);
    }
}

/// A figure: an SVG document and its caption.
#[derive(Clone, Debug, Serialize)]
pub struct Figure {
    /// File name under `figures/` (`knuth-fig-2.svg`).
    pub file: String,
    /// Caption.
    pub caption: String,
    /// The SVG document.
    #[serde(skip)]
    pub svg: String,
}

/// One table, figure or check of a paper.
#[derive(Clone, Debug, Serialize)]
pub struct Item {
    /// Identifier, unique within the report.
    pub id: String,
    /// Title (`Fuller Table 5.1: E[NBP_{N,2}]`).
    pub title: String,
    /// Kind.
    pub kind: ItemKind,
    /// What was done, in a sentence or two.
    pub description: String,
    /// The comparisons.
    pub comparisons: Vec<Comparison>,
    /// Figures drawn.
    pub figures: Vec<Figure>,
    /// The data behind the item.
    pub data: Vec<DataTable>,
}

impl Item {
    /// A new item without comparisons.
    pub fn new(id: impl Into<String>, kind: ItemKind, title: impl Into<String>) -> Item {
        Item {
            id: id.into(),
            title: title.into(),
            kind,
            description: String::new(),
            comparisons: Vec::new(),
            figures: Vec::new(),
            data: Vec::new(),
        }
    }

    /// Sets the description.
    pub fn describe(mut self, text: impl Into<String>) -> Item {
        self.description = text.into();
        self
    }

    /// Adds a comparison.
    pub fn compare(&mut self, c: Comparison) {
        self.comparisons.push(c);
    }

    /// The item's verdict: the worst of its comparisons.
    pub fn verdict(&self) -> Verdict {
        Verdict::worst(self.comparisons.iter().map(|c| c.verdict))
    }

    /// The comparisons as a data table (written beside the item).
    pub fn comparison_table(&self) -> DataTable {
        let mut t = DataTable::new(
            format!("{}-comparisons", self.id),
            &["label", "paper", "ours", "difference", "verdict", "reason"],
        );
        for c in &self.comparisons {
            let show = |v: &Option<Value>| {
                v.as_ref()
                    .map(|v| serde_json::Value::String(v.display()))
                    .unwrap_or(serde_json::Value::Null)
            };
            t.push(vec![
                c.label.clone().into(),
                show(&c.paper),
                show(&c.ours),
                c.difference
                    .and_then(serde_json::Number::from_f64)
                    .map(serde_json::Value::Number)
                    .unwrap_or(serde_json::Value::Null),
                c.verdict.label().into(),
                c.reason.clone().into(),
            ]);
        }
        t
    }
}

/// A section: one part of a paper (or of several) reproduced.
#[derive(Clone, Debug, Serialize)]
pub struct Section {
    /// Identifier, the name used with `--sections`.
    pub id: String,
    /// Title.
    pub title: String,
    /// The seeds it reproduces.
    pub sources: String,
    /// Items.
    pub items: Vec<Item>,
    /// Seconds it took.
    pub seconds: f64,
}

impl Section {
    /// The section's verdict: the worst of its items.
    pub fn verdict(&self) -> Verdict {
        Verdict::worst(self.items.iter().map(Item::verdict))
    }
}

/// Counts of verdicts.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Tally {
    /// Comparisons that match.
    pub matches: usize,
    /// Within the confidence interval.
    pub within_ci: usize,
    /// New results.
    pub new: usize,
    /// Differ.
    pub differs: usize,
    /// Missing.
    pub missing: usize,
}

impl Tally {
    /// Counts the comparisons of some items.
    pub fn of<'a>(items: impl IntoIterator<Item = &'a Item>) -> Tally {
        let mut t = Tally::default();
        for c in items.into_iter().flat_map(|i| &i.comparisons) {
            match c.verdict {
                Verdict::Matches => t.matches += 1,
                Verdict::WithinCi => t.within_ci += 1,
                Verdict::New => t.new += 1,
                Verdict::Differs => t.differs += 1,
                Verdict::Missing => t.missing += 1,
            }
        }
        t
    }
}

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Title.
    pub title: String,
    /// How it was made (options, seed, version).
    pub settings: Vec<(String, String)>,
    /// Sections in order.
    pub sections: Vec<Section>,
}

/// A broken invariant of a report.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("report item {item:?}, comparison {label:?}: {problem}")]
pub struct InvalidReport {
    /// The item.
    pub item: String,
    /// The comparison.
    pub label: String,
    /// What is wrong.
    pub problem: String,
}

impl Report {
    /// Verdict counts over the whole report.
    pub fn tally(&self) -> Tally {
        Tally::of(self.sections.iter().flat_map(|s| &s.items))
    }

    /// Checks the invariants every report must keep: a "matches" or
    /// "within CI" verdict has both the paper's value and a computed value of
    /// ours; "differs" and "missing" state a reason; "missing" has no value
    /// of ours; item and file names are unique.
    pub fn validate(&self) -> Result<(), InvalidReport> {
        let mut names = std::collections::HashSet::new();
        for item in self.sections.iter().flat_map(|s| &s.items) {
            let bad = |label: &str, problem: &str| InvalidReport {
                item: item.id.clone(),
                label: label.to_string(),
                problem: problem.to_string(),
            };
            if !names.insert(format!("item:{}", item.id)) {
                return Err(bad("", "duplicate item id"));
            }
            for f in &item.figures {
                if !names.insert(format!("file:{}", f.file)) {
                    return Err(bad(&f.file, "duplicate figure file"));
                }
            }
            for d in &item.data {
                if !names.insert(format!("data:{}", d.name)) {
                    return Err(bad(&d.name, "duplicate data file"));
                }
            }
            for c in &item.comparisons {
                match c.verdict {
                    Verdict::Matches | Verdict::WithinCi
                        if c.ours.is_none() || c.paper.is_none() =>
                    {
                        return Err(bad(&c.label, "agreement without both values"));
                    }
                    Verdict::Differs | Verdict::Missing if c.reason.trim().is_empty() => {
                        return Err(bad(&c.label, "no reason given"));
                    }
                    Verdict::Missing if c.ours.is_some() => {
                        return Err(bad(&c.label, "missing but has a value of ours"));
                    }
                    Verdict::New if c.ours.is_none() => {
                        return Err(bad(&c.label, "new result without a value"));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_rationals_match_only_when_equal() {
        let a = Value::rational("11", "3", 11.0 / 3.0);
        let b = Value::rational("11", "3", 11.0 / 3.0);
        let c = Value::rational("12", "3", 4.0);
        assert_eq!(
            Comparison::exact("x", a.clone(), b).verdict(),
            Verdict::Matches
        );
        let d = Comparison::exact("x", a, c);
        assert_eq!(d.verdict(), Verdict::Differs);
        assert!(d.reason().contains("differ"));
    }

    #[test]
    fn rounding_follows_the_printed_digits() {
        assert_eq!(
            Comparison::rounded("r", 2.534, 3, 2.533911).verdict(),
            Verdict::Matches
        );
        assert_eq!(
            Comparison::rounded("r", 2.534, 3, 2.5329).verdict(),
            Verdict::Differs
        );
        assert_eq!(
            Comparison::rounded("k", 1.12, 2, 1.1249).verdict(),
            Verdict::Matches
        );
    }

    #[test]
    fn estimates_use_the_confidence_interval() {
        let inside =
            Comparison::estimate("e", Value::real(10.0, 1), Value::estimate(10.1, 1.0, 100));
        assert_eq!(inside.verdict(), Verdict::WithinCi);
        let outside =
            Comparison::estimate("e", Value::real(10.0, 1), Value::estimate(10.5, 1.0, 100));
        assert_eq!(outside.verdict(), Verdict::Differs);
    }

    #[test]
    fn worst_verdict_wins() {
        assert_eq!(
            Verdict::worst([Verdict::Matches, Verdict::Differs]),
            Verdict::Differs
        );
        assert_eq!(
            Verdict::worst([Verdict::Matches, Verdict::New]),
            Verdict::Matches
        );
        assert_eq!(Verdict::worst([]), Verdict::New);
    }

    #[test]
    fn validation_rejects_reasonless_missing_items() {
        let mut item = Item::new("i", ItemKind::Check, "t");
        item.compare(Comparison::missing("m", None, " "));
        let report = Report {
            title: "r".into(),
            settings: vec![],
            sections: vec![Section {
                id: "s".into(),
                title: "s".into(),
                sources: String::new(),
                items: vec![item],
                seconds: 0.0,
            }],
        };
        assert!(report.validate().is_err());
    }
}
