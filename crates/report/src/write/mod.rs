//! Writes a [`Report`] as a self-contained folder: `index.html` (inline CSS,
//! no network), its Markdown twin `report.md`, `figures/*.svg`, and
//! `data/*.csv` + `data/*.json` behind every table and figure, plus the whole
//! model as `report.json`.

mod html;
mod markdown;

use std::path::{Path, PathBuf};

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

/// Writes the report into `dir` (created if needed; existing files of the
/// same names are replaced).
pub fn write_report(report: &Report, dir: &Path) -> anyhow::Result<Written> {
    report
        .validate()
        .context("refusing to write an inconsistent report")?;
    let mut written = Written::default();
    for sub in ["figures", "data"] {
        std::fs::create_dir_all(dir.join(sub))
            .with_context(|| format!("cannot create {}", dir.join(sub).display()))?;
    }
    let mut put = |rel: &str, bytes: &[u8]| -> anyhow::Result<()> {
        let path = dir.join(rel);
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
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
