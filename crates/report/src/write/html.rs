//! `index.html`: one page, inline CSS, figures linked from `figures/`.

use std::fmt::Write;

use super::methods::{self, Block};
use super::summary;
use crate::model::{Comparison, DataTable, Item, Report, SectionVerdict, Tally, Verdict};

/// Escapes text for HTML.
pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// Escapes text for HTML and renders the two bits of markup the report's
/// texts use: `_{…}` subscripts (`E[NBP_{N,2}]`) and backquoted code.
pub(crate) fn rich(s: &str) -> String {
    let escaped = esc(s);
    let mut out = String::with_capacity(escaped.len());
    let mut rest = escaped.as_str();
    while let Some(i) = rest.find("_{") {
        let Some(j) = rest[i..].find('}') else { break };
        out.push_str(&rest[..i]);
        let _ = write!(out, "<sub>{}</sub>", &rest[i + 2..i + j]);
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    let mut coded = String::with_capacity(out.len());
    for (k, part) in out.split('`').enumerate() {
        if k % 2 == 1 {
            let _ = write!(coded, "<code>{part}</code>");
        } else {
            coded.push_str(part);
        }
    }
    coded
}

/// Comparison tables longer than this are folded, with a summary line.
const FOLD_ROWS: usize = 12;

const STYLE: &str = r#"
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:1180px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}
h1{margin-bottom:.2em}h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
h3{margin-top:1.6em}
table{border-collapse:collapse;margin:.6em 0;font-size:.92em}
th,td{border:1px solid #ccc;padding:.25em .5em;vertical-align:top;text-align:left}
th{background:#f3f3f3}
td.num{font-family:ui-monospace,monospace;word-break:break-all;max-width:28em}
.v{display:inline-block;padding:0 .5em;border-radius:.7em;font-size:.85em;font-weight:600;white-space:nowrap}
.exact,.agrees{background:#d4f4dd;color:#0a5c24}.printed_digits{background:#e2f7d0;color:#2f5c0a}
.within_tolerance{background:#fff4c2;color:#6b5200}.within_ci{background:#dcecff;color:#0b4a8b}
.qualitative{background:#efe3ff;color:#4b2a80}.by_construction{background:#e8e8e8;color:#444}
.chance_miss{background:#e3f2f7;color:#1f5466}.incomplete{background:#ffd6d6;color:#8b0000}
.new,.new_only{background:#eee;color:#333}.internal_checks{background:#e8e8e8;color:#444}.seed_inconsistent{background:#f3e9dc;color:#5c4630}.differs{background:#ffe6c7;color:#8a4b00}.missing{background:#ffd6d6;color:#8b0000}
.src{display:block;font-family:system-ui,sans-serif;font-size:.78em;color:#777}
.summary{font-size:.8em}.summary td,.summary th{text-align:center}.summary td:first-child{text-align:left}
figure{margin:1em 0;max-width:100%}figure img{border:1px solid #ddd;box-sizing:border-box;max-width:100%;height:auto;display:block}
pre{background:#f6f6f6;padding:.5em;overflow-x:auto}
figcaption{font-size:.9em;color:#555}
.settings td{font-family:ui-monospace,monospace}
.data a{margin-right:.8em}
.top{font-size:.8em;margin-left:.6em}
details>summary{cursor:pointer;margin:.4em 0}
.abstract{background:#fafafa;border-left:4px solid #bbb;padding:.4em 1em}
nav.toc li{margin:.1em 0}
"#;

fn badge(v: Verdict) -> String {
    badge_text(v, v.label())
}

fn badge_text(v: Verdict, text: &str) -> String {
    format!(r#"<span class="v {}">{}</span>"#, v.key(), esc(text))
}

fn section_badge(v: SectionVerdict) -> String {
    format!(r#"<span class="v {}">{}</span>"#, v.key(), v.label())
}

fn tally_cells(t: &Tally) -> String {
    Verdict::ALL
        .iter()
        .map(|&v| format!("<td>{}</td>", t.get(v)))
        .collect()
}

fn table_html(out: &mut String, t: &DataTable) {
    out.push_str("<table><tr>");
    for c in &t.columns {
        let _ = write!(out, "<th>{}</th>", esc(c));
    }
    out.push_str("</tr>\n");
    for row in &t.rows {
        out.push_str("<tr>");
        for cell in row {
            let text = match cell {
                serde_json::Value::Null => String::new(),
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            let _ = write!(out, "<td>{}</td>", esc(&text));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
}

fn methods_html(out: &mut String, report: &Report) {
    out.push_str("<h2 id=\"methods\">Methods <a class=top href=\"#top\">↑ top</a></h2>\n");
    for b in methods::blocks(report) {
        match b {
            Block::Heading(h) => {
                let _ = writeln!(out, "<h3>{}</h3>", esc(&h));
            }
            Block::Text(t) => {
                let _ = writeln!(out, "<p>{}</p>", esc(&t));
            }
            Block::Code(c) => {
                let _ = writeln!(out, "<pre><code>{}</code></pre>", esc(&c));
            }
            Block::Table(t) => {
                let folded = t.rows.len() > FOLD_ROWS;
                if folded {
                    let _ = write!(out, "<details><summary>{} rows</summary>", t.rows.len());
                }
                table_html(out, &t);
                if folded {
                    out.push_str("</details>\n");
                }
                let _ = writeln!(
                    out,
                    r#"<p class="data">data: <a href="{}">{}.csv</a><a href="{}">.json</a></p>"#,
                    esc(&super::csv_path(&t)),
                    esc(&t.name),
                    esc(&super::json_path(&t))
                );
            }
        }
    }
}

fn comparison_row(c: &Comparison) -> String {
    let show = |v: Option<&crate::model::Value>| {
        v.map(|v| esc(&v.display())).unwrap_or_else(|| "—".into())
    };
    let paper = match c.paper() {
        Some(p) => {
            let mut cell = format!(
                r#"{}<span class="src">{}</span>"#,
                esc(&p.display()),
                esc(&c.paper_source().marker())
            );
            if let Some((v, src)) = c.also() {
                let _ = write!(
                    cell,
                    r#"{}<span class="src">{}</span>"#,
                    esc(&v.display()),
                    esc(&src.marker())
                );
            }
            cell
        }
        None => "—".into(),
    };
    let diff = c
        .difference()
        .map(|d| crate::model::fmt_sig(d, 4))
        .unwrap_or_else(|| "—".into());
    format!(
        "<tr><td>{}</td><td class=num>{}</td><td class=num>{}</td><td class=num>{}</td><td>{}</td><td>{}</td></tr>\n",
        rich(c.label()),
        paper,
        show(c.ours()),
        esc(&diff),
        badge_text(c.verdict(), &c.verdict_text()),
        esc(c.reason())
    )
}

fn item_html(out: &mut String, item: &Item) {
    let _ = writeln!(
        out,
        r#"<h3 id="{id}">{title} {badge}</h3>"#,
        id = esc(&item.id),
        title = rich(&item.title),
        badge = badge(item.verdict())
    );
    if !item.description.is_empty() {
        let _ = writeln!(out, "<p>{}</p>", rich(&item.description));
    }
    if !item.comparisons.is_empty() {
        let folded = item.comparisons.len() > FOLD_ROWS;
        if folded {
            let _ = write!(
                out,
                "<details><summary>{} comparisons: {}</summary>",
                item.comparisons.len(),
                esc(&Tally::of(std::iter::once(item)).summary())
            );
        }
        out.push_str("<table><tr><th>quantity</th><th>reference</th><th>ours</th><th>ours − reference</th><th>verdict</th><th>reason / note</th></tr>\n");
        for c in &item.comparisons {
            out.push_str(&comparison_row(c));
        }
        out.push_str("</table>\n");
        if folded {
            out.push_str("</details>\n");
        }
    }
    for f in &item.figures {
        let _ = writeln!(
            out,
            r#"<figure><a href="figures/{file}"><img src="figures/{file}" alt="{cap}"></a><figcaption>{cap} (scaled to the page; click for full size)</figcaption></figure>"#,
            file = esc(&f.file),
            cap = rich(&f.caption)
        );
    }
    let comparisons = item.comparison_table();
    let _ = write!(out, r#"<p class="data">data:"#);
    for t in item.data.iter().chain(std::iter::once(&comparisons)) {
        let _ = write!(
            out,
            r#" <a href="{csv}">{name}.csv</a><a href="{json}">.json</a>"#,
            csv = esc(&super::csv_path(t)),
            json = esc(&super::json_path(t)),
            name = esc(&t.name)
        );
    }
    out.push_str("</p>\n");
}

fn abstract_html(out: &mut String, report: &Report) {
    out.push_str("<h2 id=\"abstract\">Abstract</h2>\n<div class=abstract>\n");
    for p in summary::paragraphs(report) {
        let _ = writeln!(out, "<p>{}</p>", rich(&p.lead));
        if !p.lines.is_empty() {
            out.push_str("<ul>");
            for l in &p.lines {
                let _ = write!(out, "<li>{}</li>", rich(l));
            }
            out.push_str("</ul>\n");
        }
    }
    out.push_str("</div>\n");
}

fn contents_html(out: &mut String, report: &Report) {
    out.push_str("<nav class=toc><h2 id=\"contents\">Contents</h2><ul>");
    out.push_str("<li><a href=\"#abstract\">Abstract</a></li><li><a href=\"#classes\">Verdict classes</a></li><li><a href=\"#provenance\">Provenance</a></li><li><a href=\"#summary\">Summary by section</a></li>");
    for s in &report.sections {
        let _ = write!(
            out,
            r##"<li><a href="#{id}">{title}</a> {badge}</li>"##,
            id = esc(&s.id),
            title = rich(&s.title),
            badge = section_badge(s.verdict())
        );
    }
    out.push_str("<li><a href=\"#methods\">Methods</a></li><li><a href=\"explore.html\">Step through the searches in the browser (explore.html, written beside this page)</a></li></ul></nav>\n");
}

/// Renders the whole report as one HTML page.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>{t}</title><style>{STYLE}</style></head><body>\n<h1 id=\"top\">{t}</h1>",
        t = esc(&report.title)
    );
    out.push_str(
        "<p>Every table and figure of the five seed documents beside our reproduction.</p>\n",
    );
    abstract_html(&mut out, report);
    contents_html(&mut out, report);
    out.push_str("<h2 id=\"classes\">Verdict classes</h2>\n<p>Each comparison carries one verdict class:</p>\n<ul>");
    for v in Verdict::ALL {
        let _ = write!(out, "<li>{} {}</li>", badge(v), esc(v.meaning()));
    }
    out.push_str("</ul>\n<p>Beside each reference value its source: <i>printed</i> with its place in the seed, <i>evaluated</i> (our evaluation of a seed's formula), or <i>ours</i> (a reference of our own: a model, one thread, a self-consistency check, which never counts as a comparison with a seed). How intervals, tolerances and section verdicts are set, and how to rerun a section: <a href=\"#methods\">Methods</a>.</p>\n<h2 id=\"provenance\">Provenance</h2>\n<table class=settings>");
    for (k, v) in &report.settings {
        let _ = write!(out, "<tr><th>{}</th><td>{}</td></tr>", esc(k), esc(v));
    }
    out.push_str(
        "</table>\n<h2 id=\"summary\">Summary</h2>\n<table class=summary><tr><th>section</th><th>verdict</th>",
    );
    for v in Verdict::ALL {
        let _ = write!(out, "<th>{}</th>", esc(v.label()));
    }
    out.push_str("<th>seconds</th></tr>\n");
    for s in &report.sections {
        let _ = writeln!(
            out,
            r##"<tr><td><a href="#{id}">{title}</a></td><td>{badge}</td>{cells}<td>{secs:.1}</td></tr>"##,
            id = esc(&s.id),
            title = rich(&s.title),
            badge = section_badge(s.verdict()),
            cells = tally_cells(&Tally::of(&s.items)),
            secs = s.seconds
        );
    }
    let _ = writeln!(
        out,
        "<tr><th>all</th><td></td>{}<td></td></tr></table>",
        tally_cells(&report.tally())
    );
    let _ = writeln!(out, "<p>{}</p>", esc(crate::model::SECTION_RULE));
    for s in &report.sections {
        let t = Tally::of(&s.items);
        let _ = writeln!(
            out,
            r##"<h2 id="{id}">{title} {badge}<a class=top href="#top">↑ top</a></h2><p><i>{src}</i></p><p>{n} comparisons: {summary}.</p>"##,
            id = esc(&s.id),
            title = rich(&s.title),
            badge = section_badge(s.verdict()),
            src = rich(&s.sources),
            n = t.counts.values().sum::<usize>(),
            summary = esc(&t.summary())
        );
        for item in &s.items {
            item_html(&mut out, item);
        }
    }
    methods_html(&mut out, report);
    out.push_str("<p><small><a href=\"#top\">↑ top</a> · Machine-readable: <a href=\"report.json\">report.json</a>, Markdown twin: <a href=\"report.md\">report.md</a>.</small></p>\n</body></html>\n");
    out
}
