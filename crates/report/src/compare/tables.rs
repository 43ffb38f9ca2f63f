//! The results as flat tables (the CSV and JSON files) and as Markdown
//! (what `alphabeta compare` prints).

use serde_json::json;

use super::config::describe;
use super::results::{Instance, Results, Status};
use crate::model::DataTable;

/// The tables of a [`Results`].
impl Results {
    /// The summaries as a flat table (CSV, JSON).
    pub fn summary_table(&self, name: &str) -> DataTable {
        let mut t = DataTable::new(
            name,
            &[
                "source",
                "procedure",
                "ran",
                "of",
                "terminal",
                "nodes",
                "re_searches",
                "seconds",
                "terminal_vs_minimal",
                "nodes_vs_minimal",
                "terminal_vs_f2",
                "nodes_vs_f2",
                "time_vs_f2",
                "note",
            ],
        );
        for s in self.summaries() {
            t.push(vec![
                json!(s.source.name()),
                json!(s.procedure),
                json!(s.ran),
                json!(s.of),
                json!(s.terminal),
                json!(s.nodes),
                json!(s.re_searches),
                json!(s.seconds),
                json!(s.terminal_vs_minimal),
                json!(s.nodes_vs_minimal),
                json!(s.terminal_vs_f2),
                json!(s.nodes_vs_f2),
                json!(s.time_vs_f2),
                json!(s.note),
            ]);
        }
        t
    }

    /// Every procedure on every instance as a flat table.
    pub fn runs_table(&self, name: &str) -> DataTable {
        let mut t = DataTable::new(
            name,
            &[
                "source",
                "instance",
                "value",
                "minimal_terminal",
                "minimal_nodes",
                "procedure",
                "status",
                "terminal",
                "nodes",
                "re_searches",
                "seconds",
            ],
        );
        for i in &self.instances {
            let (mt, mn) = match &i.minimal {
                Ok(m) => (json!(m.terminal), json!(m.nodes)),
                Err(why) => (json!(format!("not computed: {why}")), json!(null)),
            };
            for r in &i.runs {
                let status = match &r.status {
                    Status::Ran => "ran".to_string(),
                    Status::NotApplicable { reason } => format!("n/a: {reason}"),
                    Status::Refused { reason } => format!("refused: {reason}"),
                };
                t.push(vec![
                    json!(i.source.name()),
                    json!(i.name),
                    json!(i.value),
                    mt.clone(),
                    mn.clone(),
                    json!(r.procedure),
                    json!(status),
                    json!(r.terminal),
                    json!(r.nodes),
                    json!(r.re_searches),
                    json!(r.seconds),
                ]);
            }
        }
        t
    }

    /// The summaries as a Markdown table per source, with the
    /// configuration.
    pub fn markdown(&self) -> String {
        let fmt = |x: Option<f64>| x.map_or("—".to_string(), |x| format!("{x:.3}"));
        let mut out = String::new();
        let summaries = self.summaries();
        for &source in &self.config.sources {
            let inst: Vec<&Instance> = self.of(source).collect();
            let minimal: Vec<u64> = inst
                .iter()
                .filter_map(|i| i.minimal.as_ref().ok().map(|m| m.terminal))
                .collect();
            out += &format!(
                "### {} ({} instances; minimal tree: {})\n\n",
                describe(source, &self.config),
                inst.len(),
                if minimal.len() == inst.len() {
                    format!("{} terminal positions in all", minimal.iter().sum::<u64>())
                } else {
                    format!("computed for {} of {}", minimal.len(), inst.len())
                }
            );
            out += "| procedure | ran | terminal | nodes | re-searches | time (ms) | terminal / minimal | nodes / minimal | terminal / F2 | nodes / F2 | time / F2 |\n";
            out += "|---|---|---|---|---|---|---|---|---|---|---|\n";
            for s in summaries.iter().filter(|s| s.source == source) {
                if s.ran == 0 {
                    out += &format!(
                        "| {} | 0/{} | — | — | — | — | — | — | — | — | — ({}) |\n",
                        s.procedure,
                        s.of,
                        s.note.as_deref().unwrap_or("")
                    );
                    continue;
                }
                out += &format!(
                    "| {} | {}/{} | {} | {} | {} | {:.2} | {} | {} | {} | {} | {} |\n",
                    s.procedure,
                    s.ran,
                    s.of,
                    s.terminal,
                    s.nodes,
                    s.re_searches,
                    1000.0 * s.seconds,
                    fmt(s.terminal_vs_minimal),
                    fmt(s.nodes_vs_minimal),
                    fmt(s.terminal_vs_f2),
                    fmt(s.nodes_vs_f2),
                    fmt(s.time_vs_f2),
                );
            }
            out += "\n";
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::results::example;
    use serde_json::json;

    #[test]
    fn the_markdown_of_a_small_result() {
        let md = example().markdown();
        let lines: Vec<&str> = md.lines().collect();
        // A heading, a blank line, the header and its rule, one row per
        // procedure, a blank line.
        assert_eq!(lines.len(), 4 + 17 + 1);
        assert_eq!(
            lines[0],
            "### uniform ⟨5, 6⟩, i.i.d. continuous values (2 instances; minimal tree: computed for 1 of 2)"
        );
        assert_eq!(
            lines[2],
            "| procedure | ran | terminal | nodes | re-searches | time (ms) | terminal / minimal | nodes / minimal | terminal / F2 | nodes / F2 | time / F2 |"
        );
        let row = |name: &str| {
            *lines
                .iter()
                .find(|l| l.starts_with(&format!("| {name} |")))
                .expect("a row")
        };
        assert_eq!(
            row("negamax"),
            "| negamax | 2/2 | 36 | 53 | 0 | 3000.00 | 1.800 | 1.444 | 1.333 | 1.293 | 1.500 |"
        );
        assert_eq!(
            row("f2"),
            "| f2 | 2/2 | 27 | 41 | 0 | 2000.00 | 1.400 | 1.222 | 1.000 | 1.000 | 1.000 |"
        );
        assert_eq!(
            row("mccarthy"),
            "| mccarthy | 0/2 | — | — | — | — | — | — | — | — | — (no bounds) |"
        );
        assert_eq!(
            row("pvs"),
            "| pvs | 0/2 | — | — | — | — | — | — | — | — | — () |"
        );
    }

    #[test]
    fn the_flat_tables_of_a_small_result() {
        let r = example();
        let summary = r.summary_table("s");
        assert_eq!(summary.columns.len(), 14);
        assert_eq!(summary.rows.len(), 17);
        let negamax = summary
            .rows
            .iter()
            .find(|row| row[1] == json!("negamax"))
            .unwrap();
        assert_eq!(
            negamax[..8],
            [
                json!("uniform"),
                json!("negamax"),
                json!(2),
                json!(2),
                json!(36),
                json!(53),
                json!(0),
                json!(3.0)
            ]
        );
        assert_eq!(negamax[13], json!(null));
        let runs = r.runs_table("r");
        assert_eq!(runs.rows.len(), 6);
        assert_eq!(
            runs.rows[0][..7],
            [
                json!("uniform"),
                json!("seed 1"),
                json!(3),
                json!(5),
                json!(9),
                json!("negamax"),
                json!("ran")
            ]
        );
        assert_eq!(
            runs.rows[5],
            vec![
                json!("uniform"),
                json!("seed 2"),
                json!(3),
                json!("not computed: too large"),
                json!(null),
                json!("mccarthy"),
                json!("n/a: no bounds"),
                json!(0),
                json!(0),
                json!(0),
                json!(0.0)
            ]
        );
    }
}
