//! Generates the fast sections of the report into a temporary folder and
//! checks the result: every section present in both the HTML and the
//! Markdown, every figure and data file written and linked, every comparison
//! carrying one verdict class, every agreement backed by a computed value,
//! the methods and provenance on the page.

use std::path::PathBuf;

use alphabeta_report::write::write_report;
use alphabeta_report::{Options, PaperSource, SectionVerdict, Verdict, generate, registry};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("alphabeta-report-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn quick_report_of_the_fast_sections() {
    let fast: Vec<String> = registry()
        .iter()
        .filter(|s| s.fast)
        .map(|s| s.id.to_string())
        .collect();
    assert!(fast.len() >= 5, "the fast subset covers most sections");
    let options = Options {
        sections: Some(fast.clone()),
        ..Options::default()
    };
    let report = generate(&options).expect("report");
    report.validate().expect("invariants hold");
    let dir = temp_dir("quick");
    let written = write_report(&report, &dir).expect("written");

    let html = std::fs::read_to_string(dir.join("index.html")).expect("index.html");
    let md = std::fs::read_to_string(dir.join("report.md")).expect("report.md");
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "no network links"
    );
    for id in &fast {
        let section = report
            .sections
            .iter()
            .find(|s| &s.id == id)
            .expect("section present");
        assert!(!section.items.is_empty(), "{id} has items");
        assert!(html.contains(&format!("id=\"{id}\"")), "{id} in the HTML");
        assert!(
            md.contains(&format!("<a id=\"{id}\"></a>")),
            "{id} in the Markdown"
        );
        assert!(
            !section.items.iter().any(|i| i.id.ends_with("-error")),
            "section {id} failed: {:?}",
            section
                .items
                .iter()
                .flat_map(|i| i.comparisons.iter().map(|c| c.reason().to_string()))
                .collect::<Vec<_>>()
        );
    }
    // Every file the report names exists.
    for item in report.sections.iter().flat_map(|s| &s.items) {
        for f in &item.figures {
            let svg =
                std::fs::read_to_string(dir.join("figures").join(&f.file)).expect("figure written");
            assert!(svg.starts_with("<svg"), "{} is SVG", f.file);
            assert!(
                html.contains(&format!("figures/{}", f.file)),
                "{} linked",
                f.file
            );
        }
        for d in &item.data {
            assert!(
                dir.join(format!("data/{}.csv", d.name)).is_file(),
                "{}.csv",
                d.name
            );
            assert!(
                dir.join(format!("data/{}.json", d.name)).is_file(),
                "{}.json",
                d.name
            );
        }
    }
    assert!(written.files.iter().any(|f| f.ends_with("report.json")));

    // Every agreement stands on a computed value, also in the JSON written.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).expect("json"))
            .expect("parses");
    let mut agreements = 0;
    for section in json["sections"].as_array().expect("sections") {
        for item in section["items"].as_array().expect("items") {
            for c in item["comparisons"].as_array().expect("comparisons") {
                let class = c["verdict"].as_str().expect("a verdict class");
                assert!(
                    Verdict::ALL.iter().any(|v| v.key() == class),
                    "unknown class {class}"
                );
                if Verdict::ALL.iter().any(|v| v.key() == class && v.agrees()) {
                    agreements += 1;
                    assert!(!c["ours"].is_null(), "agreement without a value: {c}");
                    assert!(
                        !c["paper"].is_null(),
                        "agreement without the paper's value: {c}"
                    );
                }
            }
        }
    }
    assert!(
        agreements > 50,
        "the fast sections reproduce many numbers ({agreements})"
    );

    // The headline numbers of Knuth & Moore's Figs 1-2 are reproduced.
    let pi = report
        .sections
        .iter()
        .find(|s| s.id == "knuth-pi")
        .expect("knuth-pi");
    let fig2 = pi
        .items
        .iter()
        .find(|i| i.id == "knuth-fig-2")
        .expect("Fig. 2");
    let leaves36 = fig2
        .comparisons
        .iter()
        .find(|c| c.label().contains("36 of the 81"))
        .expect("36");
    // Knuth & Moore print 36 in §3 and 35 in §7: their own inconsistency,
    // shown with both values, ours agreeing with the first.
    assert_eq!(leaves36.verdict(), Verdict::SeedInconsistent);
    assert_eq!(
        leaves36.paper_text().as_deref(),
        Some(
            "36 [printed: Knuth & Moore 1975, §3, p. 298] / 35 [printed: Knuth & Moore 1975, §7, p. 313]"
        )
    );

    // Every value the report marks as printed carries its citation and is
    // a row of the table of the seeds' printed numbers.
    for c in report
        .sections
        .iter()
        .flat_map(|s| &s.items)
        .flat_map(|i| &i.comparisons)
    {
        assert_eq!(c.unlisted_printed(), None, "{}", c.label());
        if let Some(PaperSource::Printed { citation }) = c.paper().map(|_| c.paper_source()) {
            assert!(!citation.is_empty(), "{} has no citation", c.label());
        }
    }
    // A section that compares nothing with a seed never shows "agrees".
    for s in &report.sections {
        let seed = s
            .items
            .iter()
            .flat_map(|i| &i.comparisons)
            .any(|c| c.compares_with_seed());
        if !seed {
            assert_ne!(s.verdict(), SectionVerdict::Agrees, "{}", s.id);
        }
    }

    // Items rebuilt to fit the text are by construction, not evidence.
    let item = |id: &str| {
        report
            .sections
            .iter()
            .flat_map(|s| &s.items)
            .find(|i| i.id == id)
            .unwrap_or_else(|| panic!("item {id}"))
    };
    for id in [
        "fuller-fig-1-1",
        "fuller-fig-2-1",
        "knuth-fig-4",
        "zohar-fig-3",
        "hsu-slides-76-77",
    ] {
        assert_eq!(item(id).verdict(), Verdict::ByConstruction, "{id}");
    }
    // Every comparison's class is shown in the HTML and the Markdown, with
    // the paper value's source.
    for c in report
        .sections
        .iter()
        .flat_map(|s| &s.items)
        .flat_map(|i| &i.comparisons)
    {
        assert!(
            md.contains(&format!("**{}**", c.verdict_text())),
            "{}",
            c.label()
        );
    }
    assert!(
        html.contains(">printed: "),
        "printed values carry their citation"
    );
    assert!(md.contains("[evaluated: "), "formula values are marked");
    // Methods and provenance are on the page.
    for needle in [
        "Methods",
        "Holm",
        "commit",
        "cores",
        "command line",
        "--sections",
        "--full",
    ] {
        assert!(html.contains(needle), "{needle} in the HTML");
        assert!(md.contains(needle), "{needle} in the Markdown");
    }
    assert!(dir.join("data/methods-monte-carlo.csv").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_subset_runs_only_the_sections_asked_for() {
    let options = Options {
        sections: Some(vec!["worked-examples".into()]),
        ..Options::default()
    };
    let report = generate(&options).expect("report");
    assert_eq!(report.sections.len(), 1);
    assert_eq!(report.sections[0].id, "worked-examples");
}

/// The whole default report (about a minute on two cores): every section of
/// the registry present, none failed, nothing missing.
#[test]
#[ignore = "runs the whole default report; `cargo test --release -p alphabeta-report -- --ignored`"]
fn default_report_has_every_section() {
    let report = generate(&Options::default()).expect("report");
    let ids: Vec<&str> = report.sections.iter().map(|s| s.id.as_str()).collect();
    let all: Vec<&str> = registry().iter().map(|s| s.id).collect();
    assert_eq!(ids, all);
    for s in &report.sections {
        assert!(
            !s.items.iter().any(|i| i.id.ends_with("-error")),
            "section {} failed",
            s.id
        );
    }
    // Whatever is missing says why.
    for c in report
        .sections
        .iter()
        .flat_map(|s| &s.items)
        .flat_map(|i| &i.comparisons)
        .filter(|c| c.verdict() == Verdict::Missing)
    {
        assert!(
            c.reason().len() > 20,
            "{} is missing without a reason: {:?}",
            c.label(),
            c.reason()
        );
    }
}
