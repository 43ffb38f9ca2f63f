//! The comparison as report items — the table of ratios with its data, the
//! chart and the checks of the seeds' findings — and as the one-section
//! report `alphabeta compare` writes.

use super::results::{F2, Instance, Results, Run, Summary};
use crate::model::{Comparison, Item, ItemKind, Report, Section, Value as Shown};
use crate::plot::{Chart, Scale, Series, Style};
use alphabeta_core::procedures::{self as p, Named};

/// The report items of a comparison: the table of ratios, the chart, and
/// the checks of Stockman's and Plaat et al.'s findings. `prefix` makes the
/// item ids and file names unique (`one-scale`).
pub fn items(results: &Results, prefix: &str) -> anyhow::Result<Vec<Item>> {
    let summaries = results.summaries();
    let mut table = Item::new(
        format!("{prefix}-table"),
        ItemKind::Table,
        "Every procedure on one scale: terminal positions, nodes, re-searches and time against the minimal tree and F2",
    )
    .describe(format!(
        "Each tree or position is searched by every procedure of `alphabeta procedures` (ybwc, the parallel one, aside), with the full window to the end of the tree (chess: to depth {}); each must return the exhaustive value (checked). Ratios are ratios of sums over the instances where both counts exist. The minimal tree's terminal positions are the fewest any procedure must evaluate (Knuth & Moore §6–§7, alphabeta_core::minimal); its nodes are the positions F2 examines in the minimal tree's order. The minimal tree has no re-searches and no time: those ratios are to F2 only. Times are wall-clock with the counting instruments attached, on whatever machine ran this; they vary from run to run.\n\n{}",
        results.config.chess_depth,
        results.markdown()
    ));
    table
        .data
        .push(results.summary_table(&format!("{prefix}-summary")));
    table
        .data
        .push(results.runs_table(&format!("{prefix}-runs")));
    // Headline numbers, new results (the papers print none of these).
    for &source in &results.config.sources {
        for name in [F2, "sss", "pvs", "mtdf"] {
            if let Some(s) = summaries
                .iter()
                .find(|s| s.source == source && s.procedure == name)
                && let Some(r) = s.terminal_vs_minimal
            {
                table.compare(Comparison::new_result(
                    format!(
                        "{}: terminal positions of {name} / minimal tree",
                        source.name()
                    ),
                    Shown::real(r, 3),
                    format!("{} of {} instances", s.ran, s.of),
                ));
            }
        }
    }
    match chart(results, &summaries, prefix)? {
        Some(figure) => table.figures.push(figure),
        None => {
            table.description += "\n\nNo chart of terminal positions against the minimal tree: \
                no procedure has that ratio here (the minimal tree was computed for no \
                instance, e.g. positions too deep for it); the tables hold every count.";
        }
    }
    let mut checks = Item::new(
        format!("{prefix}-findings"),
        ItemKind::Check,
        "Stockman's and Plaat et al.'s findings on our trees",
    )
    .describe("Stockman (1979, Theorem 3): SSS* never evaluates a terminal position alpha-beta does not, so never more of them; checked per instance against F2 (same successor order, no table). Plaat, Schaeffer, Pijls & de Bruin (1996): MT-SSS* (null-window passes with a table) evaluates the same terminal positions as SSS*; compared here as counts per instance (the sets themselves are compared on 300 random trees by crates/trees/tests/successors.rs). Plaat et al. also found MTD(f) to search fewer nodes than NegaScout in real game programs (with iterative deepening and a shared table); here MTD(f) (with a table, first guess 0, no iterative deepening) against PVS/NegaScout (no table) on the real games, total nodes and terminal positions: a qualitative check of the direction, not of their numbers. Every procedure that searches the tree evaluates at least the minimal tree's terminal positions (Knuth & Moore Theorem 2); McCarthy's procedure is not bound by it (its bounds are knowledge beyond the leaf values), nor are f2-tt, f3-tt and MTD(f) on games with transpositions (a position reached by two paths is one table entry but two leaves of the tree: on Connect Four they evaluate fewer terminal positions than the minimal tree of the game tree).");
    for &source in &results.config.sources {
        let inst: Vec<&Instance> = results.of(source).collect();
        let both: Vec<(&Run, &Run, &Run)> = inst
            .iter()
            .filter_map(|i| Some((i.get("sss")?, i.get("mt-sss")?, i.get(F2)?)))
            .collect();
        if both.len() < inst.len() {
            checks.compare(Comparison::missing(
                format!("{}: SSS* and MT-SSS* on every instance", source.name()),
                None,
                format!(
                    "SSS* or MT-SSS* refused {} of {} instances (memory bound of {} positions)",
                    inst.len() - both.len(),
                    inst.len(),
                    p::DEFAULT_MEMORY_POSITIONS
                ),
            ));
        }
        if both.is_empty() {
            continue;
        }
        let sss: u64 = both.iter().map(|b| b.0.terminal).sum();
        let mt: u64 = both.iter().map(|b| b.1.terminal).sum();
        let each = both.iter().all(|b| b.0.terminal == b.1.terminal);
        checks.compare(
            Comparison::exact(
                format!(
                    "{}: terminal positions, MT-SSS* = SSS* (total over {} instances)",
                    source.name(),
                    both.len()
                ),
                Shown::int(sss.into()),
                Shown::int(mt.into()),
            )
            .formula("Plaat et al. 1996: MT-SSS* ≡ SSS*; the paper column is SSS*'s count"),
        );
        checks.compare(Comparison::qualitative(
            format!(
                "{}: MT-SSS* evaluates as many terminal positions as SSS* on each instance",
                source.name()
            ),
            each,
        ));
        let dominated = both.iter().all(|b| b.0.terminal <= b.2.terminal);
        checks.compare(Comparison::qualitative(
            format!(
                "{}: SSS* evaluates no more terminal positions than F2 on each instance (Stockman)",
                source.name()
            ),
            dominated,
        ));
    }
    for &source in results.config.sources.iter().filter(|s| s.is_game()) {
        let pairs: Vec<(&Run, &Run)> = results
            .of(source)
            .filter_map(|i| Some((i.get("mtdf")?, i.get("pvs")?)))
            .collect();
        if pairs.is_empty() {
            continue;
        }
        let (m_nodes, p_nodes): (u64, u64) = (
            pairs.iter().map(|x| x.0.nodes).sum(),
            pairs.iter().map(|x| x.1.nodes).sum(),
        );
        let (m_term, p_term): (u64, u64) = (
            pairs.iter().map(|x| x.0.terminal).sum(),
            pairs.iter().map(|x| x.1.terminal).sum(),
        );
        let why = format!(
            "MTD(f) {m_nodes} nodes / {m_term} terminal, PVS {p_nodes} / {p_term}, over {} positions; our MTD(f) has a table and no iterative deepening, our PVS no table, so this checks the direction of Plaat et al.'s finding, not their setting",
            pairs.len()
        );
        checks.compare(
            Comparison::qualitative(
                format!(
                    "{}: MTD(f) examines no more nodes than NegaScout/PVS (total)",
                    source.name()
                ),
                m_nodes <= p_nodes,
            )
            .note(why.clone()),
        );
        checks.compare(
            Comparison::qualitative(
                format!(
                    "{}: MTD(f) evaluates no more terminal positions than NegaScout/PVS (total)",
                    source.name()
                ),
                m_term <= p_term,
            )
            .note(why),
        );
    }
    let mut theorem_2 = true;
    for i in &results.instances {
        if let Ok(m) = &i.minimal {
            for r in i
                .runs
                .iter()
                .filter(|r| r.ran() && r.procedure.bounded_by_minimal_tree())
            {
                theorem_2 &= r.terminal >= m.terminal;
            }
        }
    }
    checks.compare(Comparison::qualitative(
        "no procedure that searches the tree evaluates fewer terminal positions than its minimal tree, on any instance (Knuth & Moore Theorem 2; McCarthy's and the hash-table procedures aside)",
        theorem_2,
    ));
    Ok(vec![table, checks])
}

/// Terminal positions / minimal tree for every procedure, one series per
/// source (procedures numbered in registry order on the x axis); `None`
/// when no procedure has the ratio (a chart without data is left out).
fn chart(
    results: &Results,
    summaries: &[Summary],
    prefix: &str,
) -> anyhow::Result<Option<crate::model::Figure>> {
    let names: Vec<&str> = Named::sequential().map(Named::name).collect();
    let mut chart = Chart::new(
        "Terminal positions of each procedure / the minimal tree's",
        "procedure",
        "terminal positions / minimal tree",
    )
    .scales(Scale::Linear, Scale::Log)
    .categories(names.iter().copied());
    for (k, &source) in results.config.sources.iter().enumerate() {
        let points: Vec<(f64, f64)> = names
            .iter()
            .enumerate()
            .filter_map(|(x, name)| {
                summaries
                    .iter()
                    .find(|s| s.source == source && s.procedure == *name)
                    .and_then(|s| s.terminal_vs_minimal)
                    .map(|r| ((x + 1) as f64, r))
            })
            .collect();
        if !points.is_empty() {
            chart
                .series
                .push(Series::new(source.name(), points, Style::Points, k));
        }
    }
    if chart.series.is_empty() {
        return Ok(None);
    }
    Ok(Some(crate::sections::figure(
        &format!("{prefix}-terminal-vs-minimal.svg"),
        "Σ terminal positions / Σ minimal terminal positions per source (log scale; 1 is the minimal tree).",
        chart.to_svg()?,
    )))
}

/// A one-section report of `results` (what `alphabeta compare` writes with
/// [`crate::write::write_report`]: `report.md`, `index.html`, the CSV/JSON
/// of every table under `data/`, the chart under `figures/`), with the
/// command line, configuration, commit, cores and time it was made with.
pub fn report(results: &Results, command_line: &str, seconds: f64) -> anyhow::Result<Report> {
    let c = &results.config;
    let mut report = Report {
        title: "alphabeta compare — every procedure on one scale".to_string(),
        settings: vec![
            ("command line".into(), command_line.to_string()),
            (
                "configuration".into(),
                serde_json::to_string(c).unwrap_or_default(),
            ),
            ("commit".into(), crate::provenance::commit()),
            ("version".into(), env!("CARGO_PKG_VERSION").to_string()),
            (
                "cores".into(),
                std::thread::available_parallelism()
                    .map(|n| n.get().to_string())
                    .unwrap_or_else(|_| "unknown".into()),
            ),
            ("threads".into(), "1 (every search is sequential)".into()),
            ("started (UTC)".into(), crate::provenance::utc_now()),
        ],
        sections: vec![Section {
            id: "compare".into(),
            title: "Every procedure on one scale".into(),
            sources: "Knuth & Moore 1975 §6–§7; Stockman 1979; Pearl 1980; Reinefeld 1983; Plaat et al. 1996".into(),
            seed: c.seed,
            items: crate::sections::one_scale::cite_findings(items(results, "compare")?),
            seconds,
        }],
        interval_tests: Default::default(),
    };
    report.apply_holm(crate::runner::HOLM_ALPHA);
    report.validate()?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::results::example;
    use crate::model::Verdict;

    fn verdicts(item: &Item) -> Vec<(&str, Verdict)> {
        item.comparisons
            .iter()
            .map(|c| (c.label(), c.verdict()))
            .collect()
    }

    #[test]
    fn the_items_of_a_small_result() {
        let results = example();
        let items = items(&results, "x").unwrap();
        let ids: Vec<&str> = items.iter().map(|i| i.id.as_str()).collect();
        assert_eq!(ids, ["x-table", "x-findings"]);
        let table = &items[0];
        let data: Vec<&str> = table.data.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(data, ["x-summary", "x-runs"]);
        assert!(table.description.ends_with(&results.markdown()));
        // Of F2, SSS*, PVS and MTD(f) only F2 ran, so only it has a headline.
        assert_eq!(
            verdicts(table),
            [(
                "uniform: terminal positions of f2 / minimal tree",
                Verdict::New
            )]
        );
        assert_eq!(
            table.comparisons[0].ours(),
            Some(&Shown::real(7.0 / 5.0, 3))
        );
        assert_eq!(table.figures.len(), 1);
        assert_eq!(table.figures[0].file, "x-terminal-vs-minimal.svg");
        // SSS* ran nowhere; every run that ran stays above the minimal tree.
        assert_eq!(
            verdicts(&items[1]),
            [
                (
                    "uniform: SSS* and MT-SSS* on every instance",
                    Verdict::Missing
                ),
                (
                    "no procedure that searches the tree evaluates fewer terminal positions than its minimal tree, on any instance (Knuth & Moore Theorem 2; McCarthy's and the hash-table procedures aside)",
                    Verdict::Qualitative
                ),
            ]
        );
    }

    #[test]
    fn a_run_below_the_minimal_tree_fails_theorem_2() {
        let mut results = example();
        results.instances[0].runs[0].terminal = 4;
        let items = items(&results, "x").unwrap();
        let theorem_2 = items[1].comparisons.last().unwrap();
        assert_eq!(theorem_2.verdict(), Verdict::Differs);
    }

    #[test]
    fn a_result_without_minimal_trees_has_no_chart() {
        let mut results = example();
        results.instances[0].minimal = Err("too large".into());
        let items = items(&results, "x").unwrap();
        assert!(items[0].figures.is_empty());
        assert!(
            items[0]
                .description
                .contains("No chart of terminal positions")
        );
    }

    #[test]
    fn the_report_of_a_small_result_names_its_settings() {
        let report = report(&example(), "alphabeta compare --trees 2", 1.5).unwrap();
        assert_eq!(report.sections.len(), 1);
        assert_eq!(report.sections[0].id, "compare");
        assert_eq!(report.sections[0].seconds, 1.5);
        let setting = |name: &str| {
            report
                .settings
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        assert_eq!(setting("command line"), Some("alphabeta compare --trees 2"));
        assert!(
            setting("configuration")
                .unwrap()
                .starts_with("{\"sources\":[\"uniform\"],\"trees\":2,")
        );
    }
}
