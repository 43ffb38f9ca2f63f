//! `index.html`: one page, inline CSS, figures linked from `figures/`.

use std::fmt::Write;

use crate::model::{Comparison, Item, Report, Tally, Verdict};

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

const STYLE: &str = r#"
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:1180px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}
h1{margin-bottom:.2em}h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
h3{margin-top:1.6em}
table{border-collapse:collapse;margin:.6em 0;font-size:.92em}
th,td{border:1px solid #ccc;padding:.25em .5em;vertical-align:top;text-align:left}
th{background:#f3f3f3}
td.num{font-family:ui-monospace,monospace;word-break:break-all;max-width:28em}
.v{display:inline-block;padding:0 .5em;border-radius:.7em;font-size:.85em;font-weight:600;white-space:nowrap}
.matches{background:#d4f4dd;color:#0a5c24}.within_ci{background:#dcecff;color:#0b4a8b}
.new{background:#eee;color:#333}.differs{background:#ffe6c7;color:#8a4b00}.missing{background:#ffd6d6;color:#8b0000}
figure{margin:1em 0;overflow-x:auto}figure img{border:1px solid #ddd}
figcaption{font-size:.9em;color:#555}
.settings td{font-family:ui-monospace,monospace}
.data a{margin-right:.8em}
"#;

fn badge(v: Verdict) -> String {
    let class = match v {
        Verdict::Matches => "matches",
        Verdict::WithinCi => "within_ci",
        Verdict::New => "new",
        Verdict::Differs => "differs",
        Verdict::Missing => "missing",
    };
    format!(r#"<span class="v {class}">{}</span>"#, v.label())
}

fn tally_cells(t: &Tally) -> String {
    format!(
        "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>",
        t.matches, t.within_ci, t.differs, t.missing, t.new
    )
}

fn comparison_row(c: &Comparison) -> String {
    let show = |v: Option<&crate::model::Value>| {
        v.map(|v| esc(&v.display())).unwrap_or_else(|| "—".into())
    };
    let diff = c
        .difference()
        .map(|d| crate::model::fmt_sig(d, 4))
        .unwrap_or_else(|| "—".into());
    format!(
        "<tr><td>{}</td><td class=num>{}</td><td class=num>{}</td><td class=num>{}</td><td>{}</td><td>{}</td></tr>\n",
        esc(c.label()),
        show(c.paper()),
        show(c.ours()),
        esc(&diff),
        badge(c.verdict()),
        esc(c.reason())
    )
}

fn item_html(out: &mut String, item: &Item) {
    let _ = writeln!(
        out,
        r#"<h3 id="{id}">{title} {badge}</h3>"#,
        id = esc(&item.id),
        title = esc(&item.title),
        badge = badge(item.verdict())
    );
    if !item.description.is_empty() {
        let _ = writeln!(out, "<p>{}</p>", esc(&item.description));
    }
    if !item.comparisons.is_empty() {
        out.push_str("<table><tr><th>quantity</th><th>paper</th><th>ours</th><th>ours − paper</th><th>verdict</th><th>reason / note</th></tr>\n");
        for c in &item.comparisons {
            out.push_str(&comparison_row(c));
        }
        out.push_str("</table>\n");
    }
    for f in &item.figures {
        let _ = writeln!(
            out,
            r#"<figure><img src="figures/{file}" alt="{cap}"><figcaption>{cap}</figcaption></figure>"#,
            file = esc(&f.file),
            cap = esc(&f.caption)
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

/// Renders the whole report as one HTML page.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>{t}</title><style>{STYLE}</style></head><body>\n<h1>{t}</h1>",
        t = esc(&report.title)
    );
    out.push_str("<p>Every table and figure of the five seed documents beside our reproduction. Verdicts: <b>matches</b> (equal exactly, or to every digit the paper prints), <b>within CI</b> (the paper's number lies in our 95% confidence interval), <b>differs</b> (with the reason), <b>missing</b> (not reproduced yet, with the reason), <b>new</b> (a number the papers do not print).</p>\n");
    out.push_str("<table class=settings>");
    for (k, v) in &report.settings {
        let _ = write!(out, "<tr><th>{}</th><td>{}</td></tr>", esc(k), esc(v));
    }
    out.push_str("</table>\n<h2>Summary</h2>\n<table><tr><th>section</th><th>verdict</th><th>matches</th><th>within CI</th><th>differs</th><th>missing</th><th>new</th><th>seconds</th></tr>\n");
    for s in &report.sections {
        let _ = writeln!(
            out,
            r##"<tr><td><a href="#{id}">{title}</a></td><td>{badge}</td>{cells}<td>{secs:.1}</td></tr>"##,
            id = esc(&s.id),
            title = esc(&s.title),
            badge = badge(s.verdict()),
            cells = tally_cells(&Tally::of(&s.items)),
            secs = s.seconds
        );
    }
    let _ = writeln!(
        out,
        "<tr><th>all</th><td></td>{}<td></td></tr></table>",
        tally_cells(&report.tally())
    );
    for s in &report.sections {
        let _ = writeln!(
            out,
            r#"<h2 id="{id}">{title} {badge}</h2><p><i>{src}</i></p>"#,
            id = esc(&s.id),
            title = esc(&s.title),
            badge = badge(s.verdict()),
            src = esc(&s.sources)
        );
        for item in &s.items {
            item_html(&mut out, item);
        }
    }
    out.push_str("<p><small>Machine-readable: <a href=\"report.json\">report.json</a>, Markdown twin: <a href=\"report.md\">report.md</a>.</small></p>\n</body></html>\n");
    out
}
