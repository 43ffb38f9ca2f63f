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

    /// The value as the table of printed values lists it: the exact text,
    /// the real to its digits, the text itself.
    pub fn printed_form(&self) -> String {
        match self {
            Value::Exact { text, .. } | Value::Text { text } => text.clone(),
            other => other.display(),
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

/// The class of a comparison: what kind of agreement (or disagreement) it
/// stands for. Each class means one thing, and only the constructors of
/// [`Comparison`] assign it, from the two values:
///
/// | class | constructor | meaning |
/// |---|---|---|
/// | [`Verdict::Exact`] | [`Comparison::exact`] | identical integers, rationals or texts |
/// | [`Verdict::PrintedDigits`] | [`Comparison::rounded`] | ours rounds to every digit the paper prints |
/// | [`Verdict::WithinTolerance`] | [`Comparison::approximately`] | within a relative tolerance stated on the comparison, for a stated reason |
/// | [`Verdict::WithinCi`] | [`Comparison::estimate`], [`Comparison::estimate_rerun`] | the paper's number lies in our 95 % interval |
/// | [`Verdict::Qualitative`] | [`Comparison::qualitative`] (and [`Comparison::exact`] on yes/no) | a yes/no statement of the paper holds |
/// | [`Verdict::ByConstruction`] | [`Comparison::by_construction`] on an agreeing comparison | agrees because the input was built to fit the paper's text |
/// | [`Verdict::SeedInconsistent`] | [`Comparison::seed_inconsistent`] | the seed prints two different values for one quantity; ours agrees with one of them |
/// | [`Verdict::ChanceMiss`] | [`Comparison::estimate_rerun`], then [`Report::apply_holm`] | outside the 95 % interval in the first run and its larger rerun, but not significant after Holm's correction |
/// | [`Verdict::Differs`] | any of them, when the values disagree | different, with the reason |
/// | [`Verdict::New`] | [`Comparison::new_result`] | a result the papers do not state |
/// | [`Verdict::Missing`] | [`Comparison::missing`], [`Comparison::not_yet_built`] | not reproduced, with the reason |
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Identical values (integers, rationals digit for digit, the same text).
    Exact,
    /// Ours rounds to every digit the paper prints.
    PrintedDigits,
    /// Within a relative tolerance stated on the comparison.
    WithinTolerance,
    /// The paper's number lies inside our 95 % confidence interval.
    WithinCi,
    /// A yes/no statement of the paper that holds.
    Qualitative,
    /// Agrees because the input was rebuilt to fit the paper's text.
    ByConstruction,
    /// The seed prints two different values for one quantity (a misprint,
    /// a table against its own text); ours agrees with one of them. Both
    /// printed values are shown.
    SeedInconsistent,
    /// Outside the 95 % interval in two independent runs, but not
    /// significant after Holm's correction over all interval tests.
    ChanceMiss,
    /// Different, with the reason stated.
    Differs,
    /// A result the papers do not print; no comparison.
    New,
    /// Not reproduced, with the reason stated.
    Missing,
}

impl Verdict {
    /// Every class, in the order the summary shows them.
    pub const ALL: [Verdict; 11] = [
        Verdict::Exact,
        Verdict::PrintedDigits,
        Verdict::WithinTolerance,
        Verdict::WithinCi,
        Verdict::Qualitative,
        Verdict::ByConstruction,
        Verdict::SeedInconsistent,
        Verdict::ChanceMiss,
        Verdict::Differs,
        Verdict::New,
        Verdict::Missing,
    ];

    /// The words shown in the report.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Exact => "exact",
            Verdict::PrintedDigits => "to the printed digits",
            Verdict::WithinTolerance => "within tolerance",
            Verdict::WithinCi => "within CI",
            Verdict::Qualitative => "qualitative",
            Verdict::ByConstruction => "by construction",
            Verdict::SeedInconsistent => "seed inconsistent",
            Verdict::ChanceMiss => "outside CI by chance",
            Verdict::Differs => "differs",
            Verdict::New => "new",
            Verdict::Missing => "missing",
        }
    }

    /// The identifier used in JSON, CSV and CSS classes.
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Exact => "exact",
            Verdict::PrintedDigits => "printed_digits",
            Verdict::WithinTolerance => "within_tolerance",
            Verdict::WithinCi => "within_ci",
            Verdict::Qualitative => "qualitative",
            Verdict::ByConstruction => "by_construction",
            Verdict::SeedInconsistent => "seed_inconsistent",
            Verdict::ChanceMiss => "chance_miss",
            Verdict::Differs => "differs",
            Verdict::New => "new",
            Verdict::Missing => "missing",
        }
    }

    /// What the class means, one line (the report's legend).
    pub fn meaning(self) -> &'static str {
        match self {
            Verdict::Exact => "identical integers, rationals (digit for digit) or statements",
            Verdict::PrintedDigits => "ours rounds to every digit the paper prints",
            Verdict::WithinTolerance => {
                "within the relative tolerance stated beside it, for the reason stated (the paper's number is itself approximate: a fit, a graph, \"about\")"
            }
            Verdict::WithinCi => "the paper's number lies in our 95% confidence interval",
            Verdict::Qualitative => "a yes/no statement of the paper checked and true",
            Verdict::ByConstruction => {
                "agrees because the input was rebuilt to fit the paper's text (a lost figure): a check of consistency, not evidence"
            }
            Verdict::SeedInconsistent => {
                "the seed prints two different values for one quantity (both shown, each with its place); ours agrees with one of them: a misprint of the seed, not a failure of the reproduction"
            }
            Verdict::ChanceMiss => {
                "outside the 95% interval in the first run and in a rerun with a larger independent sample, but not significant after Holm's correction over all interval tests"
            }
            Verdict::Differs => "different, with the reason",
            Verdict::New => "a result the papers do not state: nothing to compare with",
            Verdict::Missing => "not reproduced, with the reason",
        }
    }

    /// The weakness used to summarise an item (the weakest class wins).
    fn weakness(self) -> u8 {
        match self {
            Verdict::New => 0,
            Verdict::Exact => 1,
            Verdict::PrintedDigits => 2,
            Verdict::WithinCi => 3,
            Verdict::WithinTolerance => 4,
            Verdict::Qualitative => 5,
            Verdict::ByConstruction => 6,
            Verdict::SeedInconsistent => 7,
            Verdict::ChanceMiss => 8,
            Verdict::Missing => 9,
            Verdict::Differs => 10,
        }
    }

    /// Whether the class is an agreement with the paper.
    pub fn agrees(self) -> bool {
        matches!(
            self,
            Verdict::Exact
                | Verdict::PrintedDigits
                | Verdict::WithinTolerance
                | Verdict::WithinCi
                | Verdict::Qualitative
                | Verdict::ByConstruction
        )
    }

    /// The weakest of a list of verdicts (`New` for an empty list): an
    /// item's verdict.
    pub fn worst(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
        verdicts
            .into_iter()
            .max_by_key(|v| v.weakness())
            .unwrap_or(Verdict::New)
    }
}

/// Where the number in the reference ("paper") column comes from. Only
/// [`PaperSource::Printed`] and [`PaperSource::Formula`] compare with a
/// seed; a reference of ours never counts as one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PaperSource {
    /// Printed in a seed (a table entry, a number or statement of the
    /// text), with its citation: paper, section, table, page or slide. A
    /// printed number is listed, with the same citation, in the table of
    /// the seeds' printed numbers ([`crate::paper::printed_values`]).
    Printed {
        /// Where the seed prints it (`Knuth & Moore 1975, §3, p. 301`);
        /// empty until [`Item::cite`] or [`Comparison::cite`] sets it.
        citation: String,
    },
    /// Our evaluation of a formula or theorem of the paper (named).
    Formula {
        /// The formula (`Eqn 5.6`, `Theorem 6`).
        formula: String,
    },
    /// A reference of ours: our model, our implementation (one thread, F2),
    /// a self-consistency check. Never a comparison with a seed.
    Ours {
        /// What the reference is (`F2 on the same tree, our implementation`).
        what: String,
    },
}

impl PaperSource {
    /// The marker shown beside the reference value.
    pub fn marker(&self) -> String {
        match self {
            PaperSource::Printed { citation } if citation.is_empty() => "printed".to_string(),
            PaperSource::Printed { citation } => format!("printed: {citation}"),
            PaperSource::Formula { formula } => format!("evaluated: {formula}"),
            PaperSource::Ours { what } => format!("ours: {what}"),
        }
    }

    /// Whether the reference comes from a seed (printed, or a formula of
    /// the seed evaluated by us).
    pub fn from_seed(&self) -> bool {
        !matches!(self, PaperSource::Ours { .. })
    }
}

/// One number of a paper beside ours.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    label: String,
    paper: Option<Value>,
    paper_source: PaperSource,
    /// The seed's other printed value of the same quantity, for a
    /// [`Verdict::SeedInconsistent`] comparison (or a difference from both).
    also: Option<(Value, PaperSource)>,
    ours: Option<Value>,
    difference: Option<f64>,
    verdict: Verdict,
    /// The relative tolerance of a [`Verdict::WithinTolerance`] check (also
    /// kept when it fails).
    tolerance: Option<f64>,
    /// |z| of an interval test (the final run's).
    z: Option<f64>,
    reason: String,
}

/// The two-sided p-value of a standard normal |z|.
pub fn p_value(z: f64) -> f64 {
    libm::erfc(z.abs() / std::f64::consts::SQRT_2)
}

/// Ours − paper of two exact values, computed exactly: 0 for the same
/// text, the integer difference of two integers (a float rounding of two
/// equal rationals would print as `3.553e-15`). `None` otherwise.
fn exact_difference(paper: &Value, ours: &Value) -> Option<f64> {
    let (Value::Exact { text: p, .. }, Value::Exact { text: o, .. }) = (paper, ours) else {
        return None;
    };
    if p == o {
        return Some(0.0);
    }
    match (p.parse::<i128>(), o.parse::<i128>()) {
        (Ok(p), Ok(o)) => Some((o - p) as f64),
        _ => None,
    }
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
            (Some(p), Some(o)) => exact_difference(p, o).or(match (p.as_f64(), o.as_f64()) {
                (Some(p), Some(o)) => Some(o - p),
                _ => None,
            }),
            _ => None,
        };
        Comparison {
            label: label.into(),
            paper,
            paper_source: PaperSource::Printed {
                citation: String::new(),
            },
            also: None,
            ours,
            difference,
            verdict,
            tolerance: None,
            z: None,
            reason: reason.into(),
        }
    }

    /// Exact comparison: the two values must be identical (same exact text,
    /// same integer, same free text): [`Verdict::Exact`], else
    /// [`Verdict::Differs`]. Two texts "yes"/"no" are a yes/no statement and
    /// get [`Verdict::Qualitative`] instead (see [`Comparison::qualitative`]).
    pub fn exact(label: impl Into<String>, paper: Value, ours: Value) -> Comparison {
        let yes_no = |v: &Value| matches!(v, Value::Text { text } if text == "yes" || text == "no");
        let same = match (&paper, &ours) {
            (Value::Exact { text: a, .. }, Value::Exact { text: b, .. }) => a == b,
            (Value::Text { text: a }, Value::Text { text: b }) => a.trim() == b.trim(),
            (a, b) => a.as_f64().is_some() && a.as_f64() == b.as_f64(),
        };
        let agreement = if yes_no(&paper) && yes_no(&ours) {
            Verdict::Qualitative
        } else {
            Verdict::Exact
        };
        if same {
            Comparison::make(label, Some(paper), Some(ours), agreement, "")
        } else {
            let reason = format!(
                "exact values differ: paper {}, ours {}",
                paper.display(),
                ours.display()
            );
            Comparison::make(label, Some(paper), Some(ours), Verdict::Differs, reason)
        }
    }

    /// A yes/no statement of the paper, checked: [`Verdict::Qualitative`]
    /// when it holds, [`Verdict::Differs`] otherwise.
    pub fn qualitative(label: impl Into<String>, holds: bool) -> Comparison {
        let word = |b: bool| Value::text(if b { "yes" } else { "no" });
        Comparison::exact(label, word(true), word(holds))
    }

    /// The paper prints `paper` rounded to `decimals` digits: ours gets
    /// [`Verdict::PrintedDigits`] when it rounds to the same printed value
    /// (within half a unit of the last printed digit, plus a float epsilon),
    /// [`Verdict::Differs`] otherwise.
    pub fn rounded(label: impl Into<String>, paper: f64, decimals: usize, ours: f64) -> Comparison {
        let half_unit = 0.5 * 10f64.powi(-(decimals as i32));
        let diff = (ours - paper).abs();
        let paper_v = Value::real(paper, decimals);
        let ours_v = Value::real(ours, decimals + 3);
        if diff <= half_unit * (1.0 + 1e-9) {
            Comparison::make(
                label,
                Some(paper_v),
                Some(ours_v),
                Verdict::PrintedDigits,
                "",
            )
        } else {
            let reason = format!(
                "|ours − paper| = {} exceeds half a unit of the paper's last digit ({half_unit})",
                fmt_sig(diff, 3)
            );
            Comparison::make(label, Some(paper_v), Some(ours_v), Verdict::Differs, reason)
        }
    }

    /// The paper's value is itself approximate (a fit, a graph read by
    /// eye, "about half"): [`Verdict::WithinTolerance`] when the relative
    /// difference is at most `relative_tolerance`, [`Verdict::Differs`]
    /// otherwise; the tolerance and `why_tolerance` are kept on the
    /// comparison and shown.
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
        let tol = fmt_percent(relative_tolerance);
        let mut c = if rel <= relative_tolerance {
            let reason = format!(
                "relative difference {} within the stated tolerance ±{tol} ({why_tolerance})",
                fmt_percent(rel),
            );
            Comparison::make(
                label,
                Some(paper),
                Some(ours),
                Verdict::WithinTolerance,
                reason,
            )
        } else {
            let reason = format!(
                "relative difference {} exceeds the stated tolerance ±{tol} ({why_tolerance})",
                fmt_percent(rel),
            );
            Comparison::make(label, Some(paper), Some(ours), Verdict::Differs, reason)
        };
        c.tolerance = Some(relative_tolerance);
        c
    }

    /// A Monte Carlo estimate against the paper's (exact or printed) value:
    /// [`Verdict::WithinCi`] when the paper's value lies in our 95 %
    /// confidence interval (mean ± 1.96 standard errors). Outside it, the
    /// comparison is a [`Verdict::ChanceMiss`] until [`Report::apply_holm`]
    /// finds it significant (then [`Verdict::Differs`]). Prefer
    /// [`Comparison::estimate_rerun`], which reruns a miss with a larger
    /// sample first.
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
        let z = if z.is_nan() { 0.0 } else { z };
        let mut c = if z <= 1.96 {
            let reason = format!("|z| = {}", fmt_sig(z, 2));
            Comparison::make(label, Some(paper), Some(ours), Verdict::WithinCi, reason)
        } else {
            let reason = format!("|z| = {} > 1.96: outside the 95% interval", fmt_sig(z, 2));
            Comparison::make(label, Some(paper), Some(ours), Verdict::ChanceMiss, reason)
        };
        c.z = Some(z);
        c
    }

    /// Like [`Comparison::estimate`], but a first run outside the 95 %
    /// interval is not yet called anything: `rerun` computes the estimate
    /// again with a larger, independent sample (the caller's choice, four
    /// times the trees and another seed by convention), and the rerun's
    /// estimate decides. The reason records both runs.
    pub fn estimate_rerun(
        label: impl Into<String>,
        paper: Value,
        first: Value,
        rerun: impl FnOnce() -> anyhow::Result<Value>,
    ) -> anyhow::Result<Comparison> {
        let label = label.into();
        let c = Comparison::estimate(label.clone(), paper.clone(), first.clone());
        if c.verdict != Verdict::ChanceMiss {
            return Ok(c);
        }
        let z1 = c.z.unwrap_or(f64::NAN);
        let second = rerun()?;
        let c2 = Comparison::estimate(label, paper, second);
        Ok(c2.note(format!(
            "rerun: the first run ({}) had |z| = {}, outside the 95% interval; this is the rerun with a larger independent sample",
            first.display(),
            fmt_sig(z1, 2)
        )))
    }

    /// A number the paper does not print: [`Verdict::New`].
    pub fn new_result(
        label: impl Into<String>,
        ours: Value,
        note: impl Into<String>,
    ) -> Comparison {
        Comparison::make(label, None, Some(ours), Verdict::New, note)
    }

    /// A paper's number we do not reproduce, and why: [`Verdict::Missing`].
    pub fn missing(
        label: impl Into<String>,
        paper: Option<Value>,
        reason: impl Into<String>,
    ) -> Comparison {
        Comparison::make(label, paper, None, Verdict::Missing, reason)
    }

    /// A paper's number whose reproduction waits for work not yet in the
    /// project: [`Verdict::Missing`] with the reason "not yet built: …".
    pub fn not_yet_built(
        label: impl Into<String>,
        paper: Option<Value>,
        needs: impl AsRef<str>,
    ) -> Comparison {
        Comparison::missing(label, paper, format!("not yet built: {}", needs.as_ref()))
    }

    /// Marks an agreement as true by construction: the input (a tree, a
    /// figure lost in the seed) was rebuilt to satisfy the paper's text, so
    /// the agreement checks consistency, not the paper. An agreeing
    /// comparison becomes [`Verdict::ByConstruction`]; a difference stays a
    /// difference.
    pub fn by_construction(mut self, how: impl Into<String>) -> Comparison {
        if self.verdict.agrees() {
            self.verdict = Verdict::ByConstruction;
            self = self.note(format!("by construction: {}", how.into()));
        }
        self
    }

    /// Marks the paper's value as our evaluation of one of its formulas or
    /// theorems (named), not a number it prints.
    pub fn formula(mut self, formula: impl Into<String>) -> Comparison {
        self.paper_source = PaperSource::Formula {
            formula: formula.into(),
        };
        self
    }

    /// Cites where the seed prints the paper's value (paper, section,
    /// table, page or slide); the value must appear with this citation in
    /// the table of printed values ([`crate::paper::printed_values`]).
    pub fn cite(mut self, citation: impl Into<String>) -> Comparison {
        self.paper_source = PaperSource::Printed {
            citation: citation.into(),
        };
        self
    }

    /// Marks the reference value as ours (our model, our implementation, a
    /// self-consistency check), not a seed's: the comparison checks our own
    /// consistency and never counts as a comparison with a seed.
    pub fn against_ours(mut self, what: impl Into<String>) -> Comparison {
        self.paper_source = PaperSource::Ours { what: what.into() };
        self
    }

    /// The seed prints one quantity twice, with two values: `first` and
    /// `second` compare the same value of ours with each (built by the same
    /// constructor, each cited). When ours agrees with exactly one of them
    /// the comparison is [`Verdict::SeedInconsistent`], shown with both
    /// printed values; when it agrees with neither it differs from both;
    /// when the two printed values agree (no inconsistency) `first` is
    /// returned unchanged.
    pub fn seed_inconsistent(first: Comparison, second: Comparison) -> Comparison {
        let same_print = match (&first.paper, &second.paper) {
            (Some(a), Some(b)) => a.display() == b.display(),
            _ => true,
        };
        if same_print {
            return first;
        }
        let shown = |c: &Comparison| {
            format!(
                "{} ({})",
                c.paper.as_ref().map(Value::display).unwrap_or_default(),
                c.paper_source.marker()
            )
        };
        let (keep, other, verdict) = match (first.verdict.agrees(), second.verdict.agrees()) {
            (true, false) => (first, second, Verdict::SeedInconsistent),
            (false, true) => (second, first, Verdict::SeedInconsistent),
            (true, true) => return first,
            (false, false) => (first, second, Verdict::Differs),
        };
        let reason = if verdict == Verdict::SeedInconsistent {
            format!(
                "the seed gives {} and {}; ours agrees with the first ({}), not the second ({})",
                shown(&keep),
                shown(&other),
                keep.verdict_text(),
                other.reason
            )
        } else {
            format!(
                "the seed gives {} and {}; ours agrees with neither ({}; {})",
                shown(&keep),
                shown(&other),
                keep.reason,
                other.reason
            )
        };
        let mut c = keep;
        c.also = other.paper.map(|v| (v, other.paper_source));
        c.verdict = verdict;
        c.reason = reason;
        c
    }

    /// A comparison whose verdict was computed as "differs" for a reason
    /// that the paper itself explains (a misprint, a typo, non-random data):
    /// keeps the verdict "differs" and replaces the reason (keeping a
    /// stated tolerance in front).
    pub fn explained(mut self, reason: impl Into<String>) -> Comparison {
        if self.verdict == Verdict::Differs {
            self.reason = match self.tolerance {
                Some(t) => format!("tolerance ±{}: {}", fmt_percent(t), reason.into()),
                None => reason.into(),
            };
        }
        self
    }

    /// A value marked as printed (the reference or the seed's other value)
    /// that the table of the seeds' printed numbers does not list with its
    /// citation: `(value, citation)`. A yes/no statement is checked for its
    /// citation only.
    pub fn unlisted_printed(&self) -> Option<(String, String)> {
        let pairs = self
            .paper
            .iter()
            .map(|v| (v, &self.paper_source))
            .chain(self.also.iter().map(|(v, s)| (v, s)));
        for (value, source) in pairs {
            let PaperSource::Printed { citation } = source else {
                continue;
            };
            let shown = value.printed_form();
            if shown == "yes" || shown == "no" || citation.is_empty() {
                continue;
            }
            if !crate::paper::is_printed(&shown, citation) {
                return Some((shown, citation.clone()));
            }
        }
        None
    }

    /// Sets the citation of a printed paper value that has none yet.
    fn fill_citation(&mut self, cite: &str) {
        if let PaperSource::Printed { citation } = &mut self.paper_source
            && citation.is_empty()
        {
            *citation = cite.to_string();
        }
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
    /// Where the paper's value comes from.
    pub fn paper_source(&self) -> &PaperSource {
        &self.paper_source
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
    /// The relative tolerance of a tolerance check.
    pub fn tolerance(&self) -> Option<f64> {
        self.tolerance
    }
    /// |z| of an interval test.
    pub fn z(&self) -> Option<f64> {
        self.z
    }
    /// Why (required for "differs" and "missing").
    pub fn reason(&self) -> &str {
        &self.reason
    }
    /// The verdict as shown, with the tolerance when there is one
    /// (`within tolerance ±10%`).
    pub fn verdict_text(&self) -> String {
        match (self.verdict, self.tolerance) {
            (Verdict::WithinTolerance, Some(t)) => format!("within tolerance ±{}", fmt_percent(t)),
            (v, _) => v.label().to_string(),
        }
    }
    /// The seed's other printed value of a
    /// [`Verdict::SeedInconsistent`] comparison.
    pub fn also(&self) -> Option<&(Value, PaperSource)> {
        self.also.as_ref()
    }
    /// The paper's value as shown, with its source (`3/4 [printed: …]`),
    /// and the seed's other printed value when it prints two.
    pub fn paper_text(&self) -> Option<String> {
        self.paper.as_ref().map(|p| {
            let first = format!("{} [{}]", p.display(), self.paper_source.marker());
            match &self.also {
                Some((v, src)) => format!("{first} / {} [{}]", v.display(), src.marker()),
                None => first,
            }
        })
    }
}

/// A fraction as a percentage with two significant digits (`10%`, `0.5%`).
pub fn fmt_percent(x: f64) -> String {
    format!("{}%", fmt_sig(100.0 * x, 2))
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
    /// Where the seed prints the values this item compares with, for the
    /// printed comparisons that cite no place of their own.
    pub citation: Option<String>,
    /// The sample an item measures on when it is not counted by its
    /// estimates' `n` alone (chess positions, seeds of random move sets,
    /// games, paired trees): what it is and how large, as the methods'
    /// table of sample sizes shows it.
    pub sample: Option<String>,
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
            citation: None,
            sample: None,
        }
    }

    /// Says what sample the item measures on and how large (`20 positions
    /// at depth 4`), for the methods' table of sample sizes.
    pub fn sample(mut self, text: impl Into<String>) -> Item {
        self.sample = Some(text.into());
        self
    }

    /// Where the seed prints the values this item compares with (paper,
    /// section, table, page or slide): the citation of every printed
    /// comparison of the item that names none of its own
    /// ([`Comparison::cite`]), those already added and those to come.
    pub fn cite(mut self, citation: impl Into<String>) -> Item {
        let citation = citation.into();
        for c in &mut self.comparisons {
            c.fill_citation(&citation);
        }
        self.citation = Some(citation);
        self
    }

    /// Sets the description.
    pub fn describe(mut self, text: impl Into<String>) -> Item {
        self.description = text.into();
        self
    }

    /// Adds a comparison (a printed value without a citation of its own
    /// takes the item's, [`Item::cite`]).
    pub fn compare(&mut self, mut c: Comparison) {
        if let Some(citation) = &self.citation {
            c.fill_citation(citation);
        }
        self.comparisons.push(c);
    }

    /// The item's verdict: the worst of its comparisons.
    pub fn verdict(&self) -> Verdict {
        Verdict::worst(self.comparisons.iter().map(|c| c.verdict))
    }

    /// The comparisons as a data table (written beside the item): the
    /// values as shown, where the paper's value comes from, the class (its
    /// key and its words), the stated tolerance and |z|.
    pub fn comparison_table(&self) -> DataTable {
        let mut t = DataTable::new(
            format!("{}-comparisons", self.id),
            &[
                "label",
                "paper",
                "paper_source",
                "ours",
                "difference",
                "verdict",
                "verdict_text",
                "tolerance",
                "z",
                "reason",
            ],
        );
        let num = |x: Option<f64>| {
            x.and_then(serde_json::Number::from_f64)
                .map(serde_json::Value::Number)
                .unwrap_or(serde_json::Value::Null)
        };
        for c in &self.comparisons {
            let show = |v: &Option<Value>| {
                v.as_ref()
                    .map(|v| serde_json::Value::String(v.display()))
                    .unwrap_or(serde_json::Value::Null)
            };
            t.push(vec![
                c.label.clone().into(),
                match (&c.paper, &c.also) {
                    (Some(p), Some((v, _))) => format!("{} / {}", p.display(), v.display()).into(),
                    _ => show(&c.paper),
                },
                match (&c.paper, &c.also) {
                    (Some(_), Some((_, src))) => {
                        format!("{} / {}", c.paper_source.marker(), src.marker()).into()
                    }
                    (Some(_), None) => c.paper_source.marker().into(),
                    _ => serde_json::Value::Null,
                },
                show(&c.ours),
                num(c.difference),
                c.verdict.key().into(),
                c.verdict_text().into(),
                num(c.tolerance),
                num(c.z),
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
    /// The section's own seed (derived from the base seed and its id).
    pub seed: u64,
    /// Items.
    pub items: Vec<Item>,
    /// Seconds it took.
    pub seconds: f64,
}

/// A section's verdict, by the rule of [`Section::verdict`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SectionVerdict {
    /// Every comparison with a seed agrees (or is a chance miss, a seed's
    /// own inconsistency or a new result).
    Agrees,
    /// No difference, but something is missing.
    Incomplete,
    /// At least one comparison differs.
    Differs,
    /// Nothing is compared with a seed; the section checks our own
    /// consistency (references of ours, inputs built to fit the text)
    /// and may add new results.
    InternalChecks,
    /// Only new results: nothing to compare with.
    NewOnly,
}

impl SectionVerdict {
    /// The words shown.
    pub fn label(self) -> &'static str {
        match self {
            SectionVerdict::Agrees => "agrees",
            SectionVerdict::Incomplete => "incomplete",
            SectionVerdict::Differs => "differs",
            SectionVerdict::InternalChecks => "internal checks",
            SectionVerdict::NewOnly => "new only",
        }
    }

    /// The identifier used in JSON and CSS classes.
    pub fn key(self) -> &'static str {
        match self {
            SectionVerdict::Agrees => "agrees",
            SectionVerdict::Incomplete => "incomplete",
            SectionVerdict::Differs => "differs",
            SectionVerdict::InternalChecks => "internal_checks",
            SectionVerdict::NewOnly => "new_only",
        }
    }
}

/// The rule for a section's verdict, as the report states it.
pub const SECTION_RULE: &str = "A section differs when at least one of its comparisons differs (an exact value, a printed digit, a tolerance or a yes/no statement that fails, or an interval test significant after Holm's correction); otherwise it is incomplete when something is missing; otherwise it agrees when at least one comparison with a seed (a printed value or our evaluation of a seed's formula, not an input built to fit the text) agrees; a section without any such comparison says \"internal checks\" when it checks our own consistency (references of ours, inputs built to fit the text) and \"new only\" when it holds new results alone. A chance miss (outside the 95% interval twice, not significant after Holm's correction), a seed's own inconsistency and a new result do not change a section's verdict; they are counted in its row, and so are the agreements by construction.";

impl Comparison {
    /// Whether this comparison compares ours with a seed's value (printed
    /// or a seed's formula evaluated) and is not an agreement by
    /// construction or a new result.
    pub fn compares_with_seed(&self) -> bool {
        self.paper.is_some()
            && self.paper_source.from_seed()
            && !matches!(
                self.verdict,
                Verdict::New | Verdict::ByConstruction | Verdict::Missing
            )
    }
}

impl Section {
    /// The section's verdict: see [`SECTION_RULE`].
    pub fn verdict(&self) -> SectionVerdict {
        let all = || self.items.iter().flat_map(|i| &i.comparisons);
        if all().any(|c| c.verdict == Verdict::Differs) {
            SectionVerdict::Differs
        } else if all().any(|c| c.verdict == Verdict::Missing) {
            SectionVerdict::Incomplete
        } else if all().any(Comparison::compares_with_seed) {
            SectionVerdict::Agrees
        } else if all().any(|c| c.verdict != Verdict::New) {
            SectionVerdict::InternalChecks
        } else {
            SectionVerdict::NewOnly
        }
    }
}

/// Counts of verdict classes.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Tally {
    /// Comparisons per class.
    pub counts: std::collections::BTreeMap<Verdict, usize>,
}

impl Tally {
    /// Counts the comparisons of some items.
    pub fn of<'a>(items: impl IntoIterator<Item = &'a Item>) -> Tally {
        let mut t = Tally::default();
        for c in items.into_iter().flat_map(|i| &i.comparisons) {
            *t.counts.entry(c.verdict).or_default() += 1;
        }
        t
    }

    /// The count of one class.
    pub fn get(&self, v: Verdict) -> usize {
        self.counts.get(&v).copied().unwrap_or(0)
    }

    /// "12 exact, 3 within CI, …" over the non-zero classes.
    pub fn summary(&self) -> String {
        let parts: Vec<String> = Verdict::ALL
            .iter()
            .filter(|&&v| self.get(v) > 0)
            .map(|&v| format!("{} {}", self.get(v), v.label()))
            .collect();
        parts.join(", ")
    }
}

/// The interval tests of a report and the multiple-comparison accounting
/// (filled by [`Report::apply_holm`]).
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct IntervalTests {
    /// Interval tests (comparisons with a |z|).
    pub tests: usize,
    /// Of them, first runs outside the 95 % interval (each rerun).
    pub first_run_misses: usize,
    /// Misses expected by chance among the first runs (0.05 × tests).
    pub expected_first_run_misses: f64,
    /// Still outside after the rerun.
    pub final_misses: usize,
    /// Expected by chance after the rerun (0.05 × 0.05 × tests).
    pub expected_final_misses: f64,
    /// Significant after Holm's correction at the family level `alpha`.
    pub significant: usize,
    /// The family-wise level.
    pub alpha: f64,
}

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Title.
    pub title: String,
    /// How it was made: command line, options, commit, cores, time.
    pub settings: Vec<(String, String)>,
    /// Sections in order.
    pub sections: Vec<Section>,
    /// The multiple-comparison accounting of the interval tests.
    pub interval_tests: IntervalTests,
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

    /// Holm's step-down correction over every interval test of the report
    /// at the family-wise level `alpha`: the p-values (two-sided, from
    /// |z|) are sorted, the k-th smallest (k = 1..m) is significant when it
    /// and every smaller one are at most alpha / (m − k + 1). A chance miss
    /// found significant becomes [`Verdict::Differs`]; the others say they
    /// are not. Fills [`Report::interval_tests`].
    pub fn apply_holm(&mut self, alpha: f64) {
        let mut tests: Vec<(f64, usize, usize, usize)> = Vec::new();
        let mut first_run_misses = 0;
        for (si, s) in self.sections.iter().enumerate() {
            for (ii, item) in s.items.iter().enumerate() {
                for (ci, c) in item.comparisons.iter().enumerate() {
                    if let Some(z) = c.z {
                        tests.push((p_value(z), si, ii, ci));
                        if c.reason.contains("rerun:") || z > 1.96 {
                            first_run_misses += 1;
                        }
                    }
                }
            }
        }
        let m = tests.len();
        tests.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut still_rejecting = true;
        let mut significant = 0;
        let mut final_misses = 0;
        for (k, &(p, si, ii, ci)) in tests.iter().enumerate() {
            let threshold = alpha / (m - k) as f64;
            still_rejecting = still_rejecting && p <= threshold;
            let c = &mut self.sections[si].items[ii].comparisons[ci];
            if c.verdict != Verdict::ChanceMiss && c.verdict != Verdict::Differs {
                continue;
            }
            final_misses += 1;
            if c.verdict != Verdict::ChanceMiss {
                continue;
            }
            if still_rejecting {
                significant += 1;
                c.verdict = Verdict::Differs;
                let note = format!(
                    "significant after Holm's correction over {m} interval tests (p = {}, rank {} of {m}, threshold {})",
                    fmt_sig(p, 2),
                    k + 1,
                    fmt_sig(threshold, 2)
                );
                *c = c.clone().note(note);
            } else {
                let note = format!(
                    "not significant after Holm's correction over {m} interval tests (p = {}; about {} of {m} such misses are expected by chance)",
                    fmt_sig(p, 2),
                    fmt_sig(0.05 * m as f64, 2)
                );
                *c = c.clone().note(note);
            }
        }
        self.interval_tests = IntervalTests {
            tests: m,
            first_run_misses,
            expected_first_run_misses: 0.05 * m as f64,
            final_misses,
            expected_final_misses: 0.05 * 0.05 * m as f64,
            significant,
            alpha,
        };
    }

    /// Checks the invariants every report must keep: an agreement has both
    /// the paper's value and a computed value of ours, a tolerance check its
    /// tolerance, an interval test its |z|; "differs" and "missing" state a reason; "missing" has no value
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
                let uncited = |src: &PaperSource| matches!(src, PaperSource::Printed { citation } if citation.trim().is_empty());
                if (c.paper.is_some() && uncited(&c.paper_source))
                    || c.also.as_ref().is_some_and(|(_, src)| uncited(src))
                {
                    return Err(bad(&c.label, "a printed value without its citation"));
                }
                if let Some((value, citation)) = c.unlisted_printed() {
                    return Err(bad(
                        &c.label,
                        &format!(
                            "the printed value {value:?} at {citation:?} is not in the table of the seeds' printed numbers (data/printed.csv)"
                        ),
                    ));
                }
                match c.verdict {
                    v if v.agrees() && (c.ours.is_none() || c.paper.is_none()) => {
                        return Err(bad(&c.label, "agreement without both values"));
                    }
                    Verdict::WithinTolerance if c.tolerance.is_none() => {
                        return Err(bad(&c.label, "tolerance check without its tolerance"));
                    }
                    Verdict::WithinCi | Verdict::ChanceMiss if c.z.is_none() => {
                        return Err(bad(&c.label, "interval test without |z|"));
                    }
                    Verdict::SeedInconsistent if c.also.is_none() => {
                        return Err(bad(
                            &c.label,
                            "seed inconsistent without both printed values",
                        ));
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
    fn exact_rationals_are_exact_only_when_equal() {
        let a = Value::rational("11", "3", 11.0 / 3.0);
        let b = Value::rational("11", "3", 11.0 / 3.0);
        let c = Value::rational("12", "3", 4.0);
        assert_eq!(
            Comparison::exact("x", a.clone(), b).verdict(),
            Verdict::Exact
        );
        let d = Comparison::exact("x", a, c);
        assert_eq!(d.verdict(), Verdict::Differs);
        assert!(d.reason().contains("differ"));
    }

    #[test]
    fn rounding_follows_the_printed_digits() {
        assert_eq!(
            Comparison::rounded("r", 2.534, 3, 2.533911).verdict(),
            Verdict::PrintedDigits
        );
        assert_eq!(
            Comparison::rounded("r", 2.534, 3, 2.5329).verdict(),
            Verdict::Differs
        );
        assert_eq!(
            Comparison::rounded("k", 1.12, 2, 1.1249).verdict(),
            Verdict::PrintedDigits
        );
    }

    #[test]
    fn tolerances_are_their_own_class_and_are_stated() {
        let c = Comparison::approximately(
            "k",
            Value::real(0.10, 2),
            Value::real(0.099, 3),
            0.05,
            "a fit",
        );
        assert_eq!(c.verdict(), Verdict::WithinTolerance);
        assert_eq!(c.tolerance(), Some(0.05));
        assert_eq!(c.verdict_text(), "within tolerance ±5.0%");
        let d = Comparison::approximately(
            "k",
            Value::real(0.10, 2),
            Value::real(0.2, 3),
            0.05,
            "a fit",
        )
        .explained("the paper's own two values");
        assert_eq!(d.verdict(), Verdict::Differs);
        assert!(d.reason().starts_with("tolerance ±5.0%"), "{}", d.reason());
    }

    #[test]
    fn yes_no_checks_are_qualitative_and_rebuilt_inputs_by_construction() {
        assert_eq!(
            Comparison::qualitative("q", true).verdict(),
            Verdict::Qualitative
        );
        assert_eq!(
            Comparison::qualitative("q", false).verdict(),
            Verdict::Differs
        );
        let c =
            Comparison::exact("v", Value::int(3), Value::int(3)).by_construction("tree rebuilt");
        assert_eq!(c.verdict(), Verdict::ByConstruction);
        // A difference is never hidden by the marker.
        let d =
            Comparison::exact("v", Value::int(3), Value::int(4)).by_construction("tree rebuilt");
        assert_eq!(d.verdict(), Verdict::Differs);
    }

    #[test]
    fn formula_values_are_marked_in_the_paper_column() {
        let c = Comparison::exact("x", Value::int(1), Value::int(1)).formula("Eqn 5.6");
        assert_eq!(c.paper_text().as_deref(), Some("1 [evaluated: Eqn 5.6]"));
        let p = Comparison::exact("x", Value::int(1), Value::int(1));
        assert_eq!(p.paper_text().as_deref(), Some("1 [printed]"));
    }

    #[test]
    fn estimates_use_the_confidence_interval_and_rerun_a_miss() {
        let inside =
            Comparison::estimate("e", Value::real(10.0, 1), Value::estimate(10.1, 1.0, 100));
        assert_eq!(inside.verdict(), Verdict::WithinCi);
        let outside =
            Comparison::estimate("e", Value::real(10.0, 1), Value::estimate(10.25, 1.0, 100));
        assert_eq!(outside.verdict(), Verdict::ChanceMiss);
        let mut reran = false;
        let c = Comparison::estimate_rerun(
            "e",
            Value::real(10.0, 1),
            Value::estimate(10.25, 1.0, 100),
            || {
                reran = true;
                Ok(Value::estimate(10.02, 1.0, 400))
            },
        )
        .expect("rerun");
        assert!(reran);
        assert_eq!(c.verdict(), Verdict::WithinCi);
        assert!(c.reason().contains("rerun"), "{}", c.reason());
    }

    fn report_of(comparisons: Vec<Comparison>) -> Report {
        let mut item = Item::new("i", ItemKind::Check, "t");
        item.comparisons = comparisons;
        Report {
            title: "r".into(),
            settings: vec![],
            sections: vec![Section {
                id: "s".into(),
                title: "s".into(),
                sources: String::new(),
                seed: 0,
                items: vec![item],
                seconds: 0.0,
            }],
            interval_tests: IntervalTests::default(),
        }
    }

    #[test]
    fn holm_separates_chance_misses_from_significant_differences() {
        // 70 interval tests: 68 inside, one at |z| = 2.1 (p = 0.036), one at
        // |z| = 5 (p = 5.7e-7).
        let mut cs: Vec<Comparison> = (0..68)
            .map(|_| {
                Comparison::estimate("e", Value::real(10.0, 1), Value::estimate(10.0, 1.0, 100))
            })
            .collect();
        cs.push(Comparison::estimate(
            "miss",
            Value::real(10.0, 1),
            Value::estimate(10.21, 1.0, 100),
        ));
        cs.push(Comparison::estimate(
            "far",
            Value::real(10.0, 1),
            Value::estimate(10.5, 1.0, 100),
        ));
        cs.push(Comparison::exact("x", Value::int(1), Value::int(1)));
        let mut r = report_of(cs);
        r.apply_holm(0.05);
        let v = |l: &str| {
            r.sections[0].items[0]
                .comparisons
                .iter()
                .find(|c| c.label() == l)
                .map(|c| c.verdict())
        };
        assert_eq!(v("miss"), Some(Verdict::ChanceMiss));
        assert_eq!(v("far"), Some(Verdict::Differs));
        assert_eq!(r.interval_tests.tests, 70);
        assert_eq!(r.interval_tests.significant, 1);
        assert_eq!(r.interval_tests.final_misses, 2);
        assert!((r.interval_tests.expected_first_run_misses - 3.5).abs() < 1e-12);
        assert_eq!(r.sections[0].verdict(), SectionVerdict::Differs);
    }

    #[test]
    fn a_chance_miss_does_not_make_a_section_differ() {
        let mut cs: Vec<Comparison> = (0..69)
            .map(|_| {
                Comparison::estimate("e", Value::real(10.0, 1), Value::estimate(10.0, 1.0, 100))
            })
            .collect();
        cs.push(Comparison::estimate(
            "miss",
            Value::real(10.0, 1),
            Value::estimate(10.21, 1.0, 100),
        ));
        cs.push(Comparison::rounded("digits", 2.534, 3, 2.533911));
        let mut r = report_of(cs);
        r.apply_holm(0.05);
        assert_eq!(r.sections[0].verdict(), SectionVerdict::Agrees);
        assert_eq!(r.tally().get(Verdict::ChanceMiss), 1);
        assert_eq!(r.tally().get(Verdict::PrintedDigits), 1);
    }

    #[test]
    fn a_seed_that_prints_two_values_is_its_own_class() {
        let ours = || Value::int(36);
        let c = Comparison::seed_inconsistent(
            Comparison::exact("leaves", Value::int(36), ours()).cite("§3"),
            Comparison::exact("leaves", Value::int(35), ours()).cite("§7"),
        );
        assert_eq!(c.verdict(), Verdict::SeedInconsistent);
        assert_eq!(
            c.paper_text().as_deref(),
            Some("36 [printed: §3] / 35 [printed: §7]")
        );
        // Agreeing with neither printed value is a difference from both.
        let d = Comparison::seed_inconsistent(
            Comparison::exact("leaves", Value::int(36), Value::int(40)).cite("§3"),
            Comparison::exact("leaves", Value::int(35), Value::int(40)).cite("§7"),
        );
        assert_eq!(d.verdict(), Verdict::Differs);
        assert!(d.reason().contains("neither"), "{}", d.reason());
        // The same value printed twice is no inconsistency.
        let e = Comparison::seed_inconsistent(
            Comparison::exact("x", Value::int(2), Value::int(2)).cite("a"),
            Comparison::exact("x", Value::int(2), Value::int(2)).cite("b"),
        );
        assert_eq!(e.verdict(), Verdict::Exact);
        // A seed inconsistency does not make a section differ.
        let r = report_of(vec![c]);
        assert_eq!(r.sections[0].verdict(), SectionVerdict::Agrees);
    }

    #[test]
    fn sections_without_a_seed_comparison_never_agree() {
        let ours = Comparison::exact("same", Value::int(5), Value::int(5))
            .against_ours("F2 on one thread");
        assert_eq!(
            ours.paper_text().as_deref(),
            Some("5 [ours: F2 on one thread]")
        );
        let r = report_of(vec![
            ours.clone(),
            Comparison::new_result("speedup", Value::real(1.2, 2), ""),
        ]);
        assert_eq!(r.sections[0].verdict(), SectionVerdict::InternalChecks);
        let built = Comparison::qualitative("rebuilt", true)
            .cite("Fig. 1")
            .by_construction("tree rebuilt");
        let r = report_of(vec![built]);
        assert_eq!(r.sections[0].verdict(), SectionVerdict::InternalChecks);
        let r = report_of(vec![Comparison::new_result("n", Value::int(1), "")]);
        assert_eq!(r.sections[0].verdict(), SectionVerdict::NewOnly);
        let r = report_of(vec![
            ours,
            Comparison::qualitative("claim", true).cite("§3"),
        ]);
        assert_eq!(r.sections[0].verdict(), SectionVerdict::Agrees);
    }

    #[test]
    fn exact_differences_are_exact() {
        let big = "1483634273431527617/47913489552349980";
        let c = Comparison::exact(
            "e",
            Value::rational("1483634273431527617", "47913489552349980", 30.96),
            Value::rational("1483634273431527617", "47913489552349980", 30.96 + 3.5e-15),
        );
        assert_eq!(c.difference(), Some(0.0), "{big}");
        let d = Comparison::exact("n", Value::int(35), Value::int(36));
        assert_eq!(d.difference(), Some(1.0));
    }

    #[test]
    fn printed_values_need_a_citation_and_a_row_of_the_printed_table() {
        let uncited = report_of(vec![Comparison::exact("r", Value::int(2), Value::int(2))]);
        let err = uncited.validate().expect_err("no citation");
        assert!(err.problem.contains("citation"), "{err}");
        // Knuth & Moore's root value of the π tree is in the table.
        let listed = report_of(vec![
            Comparison::exact("r", Value::int(2), Value::int(2))
                .cite("Knuth & Moore 1975, §3, p. 298, Fig. 1"),
        ]);
        assert_eq!(listed.validate(), Ok(()));
        // A number no seed prints, tagged printed, is refused.
        let invented = report_of(vec![
            Comparison::exact("r", Value::int(604946), Value::int(604946))
                .cite("Knuth & Moore 1975, §3, p. 298, Fig. 1"),
        ]);
        let err = invented.validate().expect_err("not in the table");
        assert!(err.problem.contains("not in the table"), "{err}");
        // A yes/no statement needs its citation only.
        let claim = report_of(vec![
            Comparison::qualitative("c", true).cite("Stockman 1979"),
        ]);
        assert_eq!(claim.validate(), Ok(()));
    }

    #[test]
    fn p_values_follow_the_normal_distribution() {
        assert!((p_value(1.959964) - 0.05).abs() < 1e-6);
        assert!((p_value(3.290527) - 0.001).abs() < 1e-7);
    }

    #[test]
    fn the_weakest_class_wins_an_item() {
        assert_eq!(
            Verdict::worst([Verdict::Exact, Verdict::Differs]),
            Verdict::Differs
        );
        assert_eq!(
            Verdict::worst([Verdict::Exact, Verdict::WithinTolerance]),
            Verdict::WithinTolerance
        );
        assert_eq!(
            Verdict::worst([Verdict::Exact, Verdict::New]),
            Verdict::Exact
        );
        assert_eq!(Verdict::worst([]), Verdict::New);
    }

    #[test]
    fn validation_rejects_reasonless_missing_items() {
        let report = report_of(vec![Comparison::missing("m", None, " ")]);
        assert!(report.validate().is_err());
        let report = report_of(vec![Comparison::not_yet_built(
            "m",
            None,
            "the minimal tree",
        )]);
        assert!(report.validate().is_ok());
        assert_eq!(report.sections[0].verdict(), SectionVerdict::Incomplete);
    }
}
