//! `report.md`: the Markdown twin of `index.html`.

use std::fmt::Write;

use crate::model::{Report, Tally, Verdict};

/// Escapes the characters that break a Markdown table cell.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

fn verdict(v: Verdict) -> String {
    format!("**{}**", v.label())
}

/// Renders the report as Markdown.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", report.title);
    out.push_str("Verdicts: **matches** (equal exactly, or to every digit the paper prints), **within CI** (the paper's number lies in our 95% confidence interval), **differs** (with the reason), **missing** (not reproduced yet, with the reason), **new** (a number the papers do not print).\n\n");
    for (k, v) in &report.settings {
        let _ = writeln!(out, "- {k}: `{v}`");
    }
    out.push_str("\n## Summary\n\n| section | verdict | matches | within CI | differs | missing | new | seconds |\n|---|---|---|---|---|---|---|---|\n");
    for s in &report.sections {
        let t = Tally::of(&s.items);
        let _ = writeln!(
            out,
            "| [{}](#{}) | {} | {} | {} | {} | {} | {} | {:.1} |",
            cell(&s.title),
            s.id,
            verdict(s.verdict()),
            t.matches,
            t.within_ci,
            t.differs,
            t.missing,
            t.new,
            s.seconds
        );
    }
    let t = report.tally();
    let _ = writeln!(
        out,
        "| all | | {} | {} | {} | {} | {} | |\n",
        t.matches, t.within_ci, t.differs, t.missing, t.new
    );
    for s in &report.sections {
        let _ = writeln!(
            out,
            "<a id=\"{}\"></a>\n## {} — {}\n\n*{}*\n",
            s.id,
            s.title,
            verdict(s.verdict()),
            s.sources
        );
        for item in &s.items {
            let _ = writeln!(out, "### {} — {}\n", item.title, verdict(item.verdict()));
            if !item.description.is_empty() {
                let _ = writeln!(out, "{}\n", item.description);
            }
            if !item.comparisons.is_empty() {
                out.push_str("| quantity | paper | ours | ours − paper | verdict | reason / note |\n|---|---|---|---|---|---|\n");
                for c in &item.comparisons {
                    let show = |v: Option<&crate::model::Value>| {
                        v.map(|v| cell(&v.display())).unwrap_or_else(|| "—".into())
                    };
                    let diff = c
                        .difference()
                        .map(|d| crate::model::fmt_sig(d, 4))
                        .unwrap_or_else(|| "—".into());
                    let _ = writeln!(
                        out,
                        "| {} | {} | {} | {} | {} | {} |",
                        cell(c.label()),
                        show(c.paper()),
                        show(c.ours()),
                        diff,
                        verdict(c.verdict()),
                        cell(c.reason())
                    );
                }
                out.push('\n');
            }
            for f in &item.figures {
                let _ = writeln!(
                    out,
                    "![{}](figures/{})\n\n*{}*\n",
                    cell(&f.caption),
                    f.file,
                    f.caption
                );
            }
            let comparisons = item.comparison_table();
            let links: Vec<String> = item
                .data
                .iter()
                .chain(std::iter::once(&comparisons))
                .map(|t| {
                    format!(
                        "[{}.csv]({}) [.json]({})",
                        t.name,
                        super::csv_path(t),
                        super::json_path(t)
                    )
                })
                .collect();
            let _ = writeln!(out, "Data: {}\n", links.join(", "));
        }
    }
    out
}
