//! Writes a [`Report`] as a self-contained folder: `index.html` (inline CSS,
//! no network), its Markdown twin `report.md`, `figures/*.svg`, and
//! `data/*.csv` + `data/*.json` behind every table and figure, plus the whole
//! model as `report.json`.
//!
//! Writing is atomic: the folder is built in a temporary folder beside the
//! target and exchanged with it in one step
//! ([`alphabeta_core::resources::replace_dir_atomically`]), so a failure
//! (disk full, a kill at any moment) leaves the old report or the new one
//! whole, and no partial files.

mod html;
mod markdown;
mod methods;
mod summary;

use std::path::{Path, PathBuf};

use alphabeta_core::resources::replace_dir_atomically;
use anyhow::Context;

use crate::model::{DataTable, Report};

/// The files written, relative to the output folder.
#[derive(Debug, Default)]
pub struct Written {
    /// Every file, relative path.
    pub files: Vec<PathBuf>,
}

/// The relative path of a data table's CSV file.
pub(crate) fn csv_path(t: &DataTable) -> String {
    format!("data/{}.csv", t.name)
}

/// The relative path of a data table's JSON file.
pub(crate) fn json_path(t: &DataTable) -> String {
    format!("data/{}.json", t.name)
}

/// Whether `dir` may take a report: it names a folder, and it is missing,
/// empty, or holds a report (a `report.json`) — anything else is refused
/// rather than replaced. [`write_report`] checks it before it writes; a
/// command calls it before a long run too, so that a bad `--out` is refused
/// at once and not after the run.
pub fn check_destination(dir: &Path) -> anyhow::Result<()> {
    anyhow::ensure!(
        dir.file_name().is_some(),
        "{} does not name a folder",
        dir.display()
    );
    if dir.exists() {
        anyhow::ensure!(dir.is_dir(), "{} exists and is not a folder", dir.display());
        let empty = std::fs::read_dir(dir)
            .with_context(|| format!("cannot read {}", dir.display()))?
            .next()
            .is_none();
        anyhow::ensure!(
            empty || dir.join("report.json").is_file(),
            "{} exists and holds no report (no report.json): refusing to replace it; choose another --out",
            dir.display()
        );
    }
    Ok(())
}

/// Writes the report into `dir`, atomically: everything is written into a
/// temporary folder next to `dir` and exchanged with it in one step; an
/// existing report in `dir` is replaced as a whole only once the new one is
/// complete. A `dir` that exists and holds anything but a report (no
/// `report.json`) is refused rather than replaced.
pub fn write_report(report: &Report, dir: &Path) -> anyhow::Result<Written> {
    write_report_with_extras(report, dir, &[])
}

/// [`write_report`] with more files (a relative path and its bytes, such as
/// an explorer page) written inside the same atomic step.
pub fn write_report_with_extras(
    report: &Report,
    dir: &Path,
    extras: &[(&str, &[u8])],
) -> anyhow::Result<Written> {
    write_report_with(report, dir, extras, &mut |_| Ok(()))
}

/// [`write_report_with_extras`] with a hook called before each file is
/// written (the tests inject a failure through it).
fn write_report_with(
    report: &Report,
    dir: &Path,
    extras: &[(&str, &[u8])],
    before_write: &mut dyn FnMut(&str) -> std::io::Result<()>,
) -> anyhow::Result<Written> {
    report
        .validate()
        .context("refusing to write an inconsistent report")?;
    check_destination(dir)?;
    replace_dir_atomically(dir, |staged| -> anyhow::Result<Written> {
        let mut written = write_files(report, staged, before_write)?;
        for (rel, bytes) in extras {
            let path = staged.join(rel);
            before_write(rel)
                .and_then(|()| std::fs::write(&path, bytes))
                .with_context(|| format!("cannot write {}", path.display()))?;
            written.files.push(PathBuf::from(rel));
        }
        Ok(written)
    })
}

fn write_files(
    report: &Report,
    dir: &Path,
    before_write: &mut dyn FnMut(&str) -> std::io::Result<()>,
) -> anyhow::Result<Written> {
    let mut written = Written::default();
    for sub in ["figures", "data"] {
        std::fs::create_dir_all(dir.join(sub))
            .with_context(|| format!("cannot create {}", dir.join(sub).display()))?;
    }
    let mut put = |rel: &str, bytes: &[u8]| -> anyhow::Result<()> {
        let path = dir.join(rel);
        before_write(rel)
            .and_then(|()| std::fs::write(&path, bytes))
            .with_context(|| format!("cannot write {}", path.display()))?;
        written.files.push(PathBuf::from(rel));
        Ok(())
    };
    for item in report.sections.iter().flat_map(|s| &s.items) {
        for f in &item.figures {
            put(&format!("figures/{}", f.file), f.svg.as_bytes())?;
        }
        let comparisons = item.comparison_table();
        for t in item.data.iter().chain(std::iter::once(&comparisons)) {
            put(&csv_path(t), to_csv(t)?.as_bytes())?;
            put(
                &json_path(t),
                serde_json::to_string_pretty(&to_json(t))?.as_bytes(),
            )?;
        }
    }
    for t in methods::tables(report) {
        put(&csv_path(&t), to_csv(&t)?.as_bytes())?;
        put(
            &json_path(&t),
            serde_json::to_string_pretty(&to_json(&t))?.as_bytes(),
        )?;
    }
    put(
        "report.json",
        serde_json::to_string_pretty(report)?.as_bytes(),
    )?;
    put("report.md", markdown::render(report).as_bytes())?;
    put("index.html", html::render(report).as_bytes())?;
    Ok(written)
}

fn cell_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Null => String::new(),
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A data table as CSV text.
pub fn to_csv(t: &DataTable) -> anyhow::Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(&t.columns)?;
    for row in &t.rows {
        w.write_record(row.iter().map(cell_text))?;
    }
    Ok(String::from_utf8(
        w.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?,
    )?)
}

/// A data table as aligned text for a terminal: a header line and one line
/// per row, each indented by two spaces, the columns padded to their widest
/// cell up to 60 characters (longer cells, such as big rationals, run on).
pub fn to_text(t: &DataTable) -> String {
    const MAX_ALIGNED_WIDTH: usize = 60;
    let cells: Vec<Vec<String>> = t
        .rows
        .iter()
        .map(|r| r.iter().map(cell_text).collect())
        .collect();
    let widths: Vec<usize> = (0..t.columns.len())
        .map(|c| {
            cells
                .iter()
                .map(|r| r[c].chars().count())
                .chain([t.columns[c].chars().count()])
                .filter(|&w| w <= MAX_ALIGNED_WIDTH)
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |row: &[String]| {
        let parts: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, &w)| {
                let padding = w.saturating_sub(cell.chars().count());
                format!("{cell}{}", " ".repeat(padding))
            })
            .collect();
        format!("  {}\n", parts.join("  ").trim_end())
    };
    std::iter::once(line(&t.columns))
        .chain(cells.iter().map(|r| line(r)))
        .collect()
}

/// A data table as a JSON array of objects (one per row).
pub fn to_json(t: &DataTable) -> serde_json::Value {
    serde_json::Value::Array(
        t.rows
            .iter()
            .map(|row| {
                serde_json::Value::Object(
                    t.columns.iter().cloned().zip(row.iter().cloned()).collect(),
                )
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    use crate::model::{Comparison, Item, ItemKind, Section, Value};

    fn tiny_report(answer: i128) -> Report {
        let mut item = Item::new("tiny", ItemKind::Check, "tiny");
        item.compare(
            Comparison::exact("answer", Value::int(42), Value::int(answer))
                .against_ours("the answer of the test"),
        );
        let mut data = DataTable::new("tiny-data", &["x"]);
        data.push(vec![json!(answer)]);
        item.data.push(data);
        Report {
            title: format!("report {answer}"),
            settings: vec![],
            sections: vec![Section {
                id: "s".into(),
                title: "s".into(),
                sources: String::new(),
                seed: 1,
                items: vec![item],
                seconds: 0.0,
            }],
            interval_tests: Default::default(),
        }
    }

    fn listing(dir: &Path) -> Vec<String> {
        let mut out = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).expect("read_dir") {
                let p = e.expect("entry").path();
                if p.is_dir() {
                    stack.push(p.clone());
                }
                out.push(p.strip_prefix(dir).expect("prefix").display().to_string());
            }
        }
        out.sort();
        out
    }

    #[test]
    fn a_failure_mid_write_leaves_the_old_report_whole_and_no_partial_files() {
        let root = tempfile::tempdir().expect("tempdir");
        let out = root.path().join("report");
        write_report(&tiny_report(42), &out).expect("first report");
        let before = listing(root.path());
        let old_html = std::fs::read_to_string(out.join("index.html")).expect("html");
        assert!(old_html.contains("report 42"));
        // The second report fails on its third file (a disk full, say).
        let mut n = 0;
        let err = write_report_with(&tiny_report(41), &out, &[], &mut |_| {
            n += 1;
            if n == 3 {
                Err(std::io::Error::other("injected: no space left on device"))
            } else {
                Ok(())
            }
        })
        .expect_err("the injected failure");
        assert!(format!("{err:#}").contains("injected"), "{err:#}");
        assert_eq!(
            listing(root.path()),
            before,
            "no partial or temporary files"
        );
        assert_eq!(
            std::fs::read_to_string(out.join("index.html")).expect("html"),
            old_html
        );
        // A successful write replaces the whole folder.
        write_report(&tiny_report(41), &out).expect("second report");
        assert!(
            std::fs::read_to_string(out.join("index.html"))
                .expect("html")
                .contains("report 41")
        );
        assert_eq!(
            listing(root.path()),
            before,
            "the same files, nothing left beside them"
        );
    }

    #[test]
    fn extras_are_written_in_the_same_step_and_leftovers_removed() {
        let root = tempfile::tempdir().expect("tempdir");
        let out = root.path().join("report");
        write_report(&tiny_report(42), &out).expect("first report");
        // What a write killed between two renames left (an old report moved
        // aside by a process that is gone, and its staging folder).
        for left in [".report.old-4000000000", ".report.tmp-x1Y2z3"] {
            std::fs::create_dir(root.path().join(left)).expect("leftover");
        }
        let page: &[u8] = b"<html>explorer</html>";
        let written = write_report_with_extras(&tiny_report(41), &out, &[("explore.html", page)])
            .expect("second report");
        assert!(written.files.contains(&PathBuf::from("explore.html")));
        assert_eq!(std::fs::read(out.join("explore.html")).expect("page"), page);
        let names: Vec<_> = std::fs::read_dir(root.path())
            .expect("read_dir")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["report"]);
    }

    #[test]
    fn a_folder_that_holds_no_report_is_not_replaced() {
        let root = tempfile::tempdir().expect("tempdir");
        std::fs::write(root.path().join("precious.txt"), "keep").expect("write");
        let err = write_report(&tiny_report(42), root.path()).expect_err("refused");
        assert!(err.to_string().contains("no report"), "{err}");
        assert!(root.path().join("precious.txt").is_file());
    }

    #[test]
    fn text_aligns_columns_and_lets_huge_cells_run_on() {
        let mut t = DataTable::new("t", &["N", "value"]);
        t.push(vec![json!(10), json!("x,y")]);
        t.push(vec![json!(2), json!(null)]);
        assert_eq!(to_text(&t), "  N   value\n  10  x,y\n  2\n");
        let huge = "1".repeat(70_000);
        t.push(vec![json!(3), json!(huge)]);
        let text = to_text(&t);
        assert!(
            text.starts_with("  N   value\n  10  x,y\n"),
            "{}",
            &text[..40]
        );
        assert!(text.ends_with(&format!("  3   {huge}\n")));
    }

    #[test]
    fn csv_and_json_keep_every_cell() {
        let mut t = DataTable::new("t", &["N", "E[NBP]", "note"]);
        t.push(vec![json!(2), json!("11/3"), json!("a, b")]);
        let csv = to_csv(&t).expect("csv");
        assert_eq!(csv, "N,E[NBP],note\n2,11/3,\"a, b\"\n");
        assert_eq!(
            to_json(&t),
            json!([{"N": 2, "E[NBP]": "11/3", "note": "a, b"}])
        );
    }
}
