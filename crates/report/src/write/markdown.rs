//! `report.md`: the Markdown twin of `index.html`.

use std::fmt::Write;

use super::methods::{self, Block};
use super::summary;
use crate::model::{DataTable, Report, Tally, Verdict};

/// Escapes the characters that break a Markdown table cell.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

fn verdict(v: Verdict) -> String {
    format!("**{}**", v.label())
}

fn table_md(out: &mut String, t: &DataTable) {
    let _ = writeln!(
        out,
        "| {} |",
        t.columns
            .iter()
            .map(|c| cell(c))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    let _ = writeln!(out, "|{}", "---|".repeat(t.columns.len()));
    for row in &t.rows {
        let cells: Vec<String> = row
            .iter()
            .map(|v| match v {
                serde_json::Value::Null => String::new(),
                serde_json::Value::String(s) => cell(s),
                other => cell(&other.to_string()),
            })
            .collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out.push('\n');
}

fn methods_md(out: &mut String, report: &Report) {
    out.push_str("<a id=\"methods\"></a>\n## Methods\n\n");
    for b in methods::blocks(report) {
        match b {
            Block::Heading(h) => {
                let _ = writeln!(out, "### {h}\n");
            }
            Block::Text(t) => {
                let _ = writeln!(out, "{t}\n");
            }
            Block::Code(c) => {
                let _ = writeln!(out, "```sh\n{c}\n```\n");
            }
            Block::Table(t) => table_md(out, &t),
        }
    }
}

/// Renders the report as Markdown.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "<a id=\"top\"></a>\n# {}\n", report.title);
    out.push_str("Every table and figure of the five seed documents beside our reproduction.\n\n## Abstract\n\n");
    for p in summary::paragraphs(report) {
        let _ = writeln!(out, "{}\n", p.lead);
        for l in &p.lines {
            let _ = writeln!(out, "- {l}");
        }
        if !p.lines.is_empty() {
            out.push('\n');
        }
    }
    out.push_str("## Contents\n\n- [Provenance](#provenance)\n- [Summary](#summary)\n");
    for s in &report.sections {
        let _ = writeln!(
            out,
            "- [{}](#{}) — **{}**",
            s.title,
            s.id,
            s.verdict().label()
        );
    }
    out.push_str("- [Methods](#methods)\n- [Step through the searches in the browser](explore.html) (explore.html, written beside this file)\n\n## Verdict classes\n\nEach comparison carries one verdict class:\n\n");
    for v in Verdict::ALL {
        let _ = writeln!(out, "- {}: {}", verdict(v), v.meaning());
    }
    out.push_str("\nBeside each reference value its source: *printed* with its place in the seed, *evaluated* (our evaluation of a seed's formula), or *ours* (a reference of our own, which never counts as a comparison with a seed). How intervals, tolerances and section verdicts are set, and how to rerun a section: [Methods](#methods).\n\n<a id=\"provenance\"></a>\n## Provenance\n\n");
    for (k, v) in &report.settings {
        let _ = writeln!(out, "- {k}: `{v}`");
    }
    let counts = |t: &Tally| {
        Verdict::ALL
            .iter()
            .map(|&v| t.get(v).to_string())
            .collect::<Vec<_>>()
            .join(" | ")
    };
    let _ = writeln!(
        out,
        "\n<a id=\"summary\"></a>\n## Summary\n\n| section | verdict | {} | seconds |\n|---|---|{}---|",
        Verdict::ALL
            .iter()
            .map(|v| v.label())
            .collect::<Vec<_>>()
            .join(" | "),
        "---|".repeat(Verdict::ALL.len())
    );
    for s in &report.sections {
        let _ = writeln!(
            out,
            "| [{}](#{}) | **{}** | {} | {:.1} |",
            cell(&s.title),
            s.id,
            s.verdict().label(),
            counts(&Tally::of(&s.items)),
            s.seconds
        );
    }
    let _ = writeln!(out, "| all | | {} | |\n", counts(&report.tally()));
    let _ = writeln!(out, "{}\n", crate::model::SECTION_RULE);
    for s in &report.sections {
        let _ = writeln!(
            out,
            "<a id=\"{}\"></a>\n## {} — {}\n\n*{}*\n\n{} comparisons: {}. [↑ top](#top)\n",
            s.id,
            s.title,
            format_args!("**{}**", s.verdict().label()),
            s.sources,
            Tally::of(&s.items).counts.values().sum::<usize>(),
            Tally::of(&s.items).summary()
        );
        for item in &s.items {
            let _ = writeln!(out, "### {} — {}\n", item.title, verdict(item.verdict()));
            if !item.description.is_empty() {
                let _ = writeln!(out, "{}\n", item.description);
            }
            if !item.comparisons.is_empty() {
                out.push_str("| quantity | reference | ours | ours − reference | verdict | reason / note |\n|---|---|---|---|---|---|\n");
                for c in &item.comparisons {
                    let show = |v: Option<&crate::model::Value>| {
                        v.map(|v| cell(&v.display())).unwrap_or_else(|| "—".into())
                    };
                    let paper = c
                        .paper_text()
                        .map(|t| cell(&t))
                        .unwrap_or_else(|| "—".into());
                    let diff = c
                        .difference()
                        .map(|d| crate::model::fmt_sig(d, 4))
                        .unwrap_or_else(|| "—".into());
                    let _ = writeln!(
                        out,
                        "| {} | {} | {} | {} | {} | {} |",
                        cell(c.label()),
                        paper,
                        show(c.ours()),
                        diff,
                        format_args!("**{}**", c.verdict_text()),
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
    methods_md(&mut out, report);
    out
}
