//! The report's methods section, computed from the report itself: how
//! intervals and z are computed, the sample sizes and seeds of every Monte
//! Carlo item, the tolerances and why, the section verdict rule and the
//! multiple-comparison accounting. Rendered by both the HTML and the
//! Markdown writers, and its tables are written as data files.

use serde_json::json;

use crate::model::{DataTable, Report, SECTION_RULE, Value, Verdict, fmt_percent, fmt_sig};

/// One paragraph-level block of the methods section.
pub(crate) enum Block {
    /// A sub-heading.
    Heading(String),
    /// A paragraph of plain text.
    Text(String),
    /// A command line, shown as code.
    Code(String),
    /// A table (also written under `data/`).
    Table(DataTable),
}

/// The methods section as blocks.
pub(crate) fn blocks(report: &Report) -> Vec<Block> {
    let it = &report.interval_tests;
    let mut out = vec![
        Block::Heading("Verdict classes".into()),
        Block::Table(classes_table()),
        Block::Text("Every class is computed from the two values (never set by hand), and the report is checked before it is written: an agreement needs both values, a tolerance check its tolerance, an interval test its |z|, a difference or a missing item its reason, a printed value its citation, and every printed number must appear, with the same citation, in the table of the seeds' printed numbers kept with the report's source (each checked by hand against the seed). The item's badge is its weakest comparison's class. In the reference column, \"printed: …\" marks a number or statement a seed prints, with its place (paper, section, table, page or slide); \"evaluated: …\" marks our evaluation of a formula or theorem of a seed (the seed states the formula, not the number); \"ours: …\" marks a reference of our own, which checks our consistency and never counts as a comparison with a seed.".into()),
        Block::Heading("Intervals, z and multiple comparisons".into()),
        Block::Text("A Monte Carlo estimate is the sample mean of n independent trees (or positions), shown as mean ± 1.96 standard errors (standard error = sample standard deviation / √n, the normal approximation, which n ≥ 400 justifies here). Its z is (mean − paper) / standard error; the paper's number is within the 95% interval when |z| ≤ 1.96.".into()),
        Block::Text(format!(
            "This report holds {} interval tests. By chance alone about {} of them ({}) fall outside a 95% interval in a first run; {} did. A first-run miss is not called anything yet: the item reruns that estimate with a larger sample (four times the trees, an independent seed) and the rerun decides. After the reruns {} remain outside (about {} expected by chance, 5% of 5%). A remaining miss is called a difference only when it is significant after Holm's step-down correction over all {} interval tests at the family-wise level {}: sorted by p-value (two-sided, from |z|), the k-th smallest is significant when it and every smaller one are at most {} / ({} − k + 1). {} were significant; the others are shown as \"outside CI by chance\" with their p-value.",
            it.tests,
            fmt_sig(it.expected_first_run_misses, 2),
            "5%",
            it.first_run_misses,
            it.final_misses,
            fmt_sig(it.expected_final_misses, 2),
            it.tests,
            it.alpha,
            it.alpha,
            it.tests,
            it.significant
        )),
        Block::Heading("Section verdicts".into()),
        Block::Text(SECTION_RULE.into()),
        Block::Heading("Monte Carlo and chess items: sample sizes and seeds".into()),
        Block::Text("Each section draws from its own seed, derived from the base seed (--seed) and the section id by FNV-1a, so its numbers do not depend on which other sections run; each experiment within it mixes a fixed salt into that seed. The table lists every item that measures on a sample: its Monte Carlo estimates (trees, or positions) with their smallest and largest n, and, for chess and other sampled items, what the sample is. The sizes are those of this run (--full enlarges them).".into()),
        Block::Table(monte_carlo_table(report)),
        Block::Heading("Rules of comparison".into()),
        Block::Text(RULES.into()),
        Block::Heading("Tolerances and why".into()),
        Block::Text("A tolerance is used only where the paper's own number is approximate (a fitted constant, a value read off a graph, \"about half\"); each is stated on its comparison with the reason, and listed here with the share of the tolerance the comparison uses: a share above 90% passes narrowly and says so.".into()),
        Block::Table(tolerance_table(report)),
        Block::Heading("Rerunning".into()),
        Block::Text("One section, with another seed, into another folder (section ids: alphabeta reproduce --list):".into()),
        Block::Code("cargo run --release -- reproduce --sections fuller-exact --seed 7 --out /tmp/r".into()),
        Block::Text("The papers' full sample sizes (Fuller's 1000 trees a point of Fig. 5.1, and larger samples everywhere; about a quarter of an hour on 2 cores):".into()),
        Block::Code("cargo run --release -- reproduce --full --out report-full".into()),
    ];
    out.shrink_to_fit();
    out
}

/// The rules every comparison follows, as the report states them.
const RULES: &str = "Each kind of reference has one rule, the same in every section. (1) An exact value (an integer, a rational, a named position) must be identical; the difference of two exact values is computed exactly. (2) A decimal the paper prints is compared to its printed digits: ours must round to it, within half a unit of its last digit; a ratio printed as an integer follows the same rule (Fuller's \"a factor of 612\" stands for 611.5 to 612.5). (3) A Monte Carlo estimate is compared through its 95% interval, as described above. (4) A number the paper calls approximate or fitted over points it does not list gets a relative tolerance by the kind of statement: \"about\" with one printed digit (the RMS errors of Fuller's fits) ±50%; a constant fitted over unstated points (Fuller's K_D) ±10%, and the coefficients of the line L_D ±0.03; Knuth & Moore's \"about half\" ±5%; Fuller's \"slightly\" ±10%, \"almost\" ±20%, \"agrees well\" ±25%; another program on other positions (Klyushin & Kruchinin's counts, Tech's range R) ±50%; the approximations of Fuller's depth ratio ±2% (α-β) and ±1% (perfect ordering). The tolerances are fixed in the report's source per kind of statement, not per result; the table below shows the share of its tolerance each comparison uses. (5) A yes/no statement is checked as the seed states it; where its words admit two readings the comparison names the one used: Knuth & Moore's \"five deep cutoffs\" are the branches a comparison of their Figs 2 and 3 shows (the deep cutoffs counted as events, one position cutting off its remaining branches, are fewer), and Hsu's \"about 7%\" is read to its printed digit (6.5% to 7.5%). (6) Where a seed prints two values for one quantity, ours is compared with both: \"seed inconsistent\" when it agrees with one of them. (7) A reference of ours (our model, our implementation on one thread, an input rebuilt to fit the text) is marked as such and never counts as a comparison with a seed; a section without any comparison with a seed says \"internal checks\" or \"new only\", never \"agrees\".";

fn classes_table() -> DataTable {
    let mut t = DataTable::new("methods-verdict-classes", &["class", "key", "meaning"]);
    for v in Verdict::ALL {
        t.push(vec![json!(v.label()), json!(v.key()), json!(v.meaning())]);
    }
    t
}

fn monte_carlo_table(report: &Report) -> DataTable {
    let mut t = DataTable::new(
        "methods-monte-carlo",
        &[
            "section",
            "item",
            "estimates",
            "interval tests",
            "smallest n",
            "largest n",
            "sample",
            "section seed",
        ],
    );
    for s in &report.sections {
        for item in &s.items {
            let ns: Vec<u64> = item
                .comparisons
                .iter()
                .filter_map(|c| match c.ours() {
                    Some(Value::Estimate { samples, .. }) => Some(*samples),
                    _ => None,
                })
                .collect();
            if ns.is_empty() && item.sample.is_none() {
                continue;
            }
            let tests = item.comparisons.iter().filter(|c| c.z().is_some()).count();
            t.push(vec![
                json!(s.id),
                json!(item.id),
                json!(ns.len()),
                json!(tests),
                json!(ns.iter().min()),
                json!(ns.iter().max()),
                json!(item.sample),
                json!(s.seed.to_string()),
            ]);
        }
    }
    t
}

fn tolerance_table(report: &Report) -> DataTable {
    let mut t = DataTable::new(
        "methods-tolerances",
        &[
            "item",
            "quantity",
            "tolerance",
            "share used",
            "class",
            "reason",
        ],
    );
    for item in report.sections.iter().flat_map(|s| &s.items) {
        for c in &item.comparisons {
            if let Some(tol) = c.tolerance() {
                let used = match (
                    c.paper().and_then(Value::as_f64),
                    c.ours().and_then(Value::as_f64),
                ) {
                    (Some(p), Some(o)) if tol > 0.0 => {
                        let rel = if p == 0.0 {
                            (o - p).abs()
                        } else {
                            ((o - p) / p).abs()
                        };
                        let share = rel / tol;
                        let narrow = if share > 0.9 && share <= 1.0 {
                            " (narrow)"
                        } else {
                            ""
                        };
                        format!("{}{narrow}", fmt_percent(share))
                    }
                    _ => String::new(),
                };
                t.push(vec![
                    json!(item.id),
                    json!(c.label()),
                    json!(format!("±{}", fmt_percent(tol))),
                    json!(used),
                    json!(c.verdict().label()),
                    json!(c.reason()),
                ]);
            }
        }
    }
    t
}

/// The methods tables, for the data folder.
pub(crate) fn tables(report: &Report) -> Vec<DataTable> {
    blocks(report)
        .into_iter()
        .filter_map(|b| match b {
            Block::Table(t) => Some(t),
            _ => None,
        })
        .collect()
}
