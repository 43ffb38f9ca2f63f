//! The abstract at the top of the report, computed from the report itself:
//! what reproduces, what does not and why (one line per item), the seeds' own
//! inconsistencies, what is new, and how much agrees only by construction.

use crate::model::{Report, SectionVerdict, Verdict};

/// One paragraph of the abstract: a lead sentence and its lines.
pub(crate) struct Paragraph {
    /// The lead sentence.
    pub lead: String,
    /// One line per finding (may be empty).
    pub lines: Vec<String>,
}

/// The first sentence of a reason (the rest stays in the tables).
fn first_clause(reason: &str) -> &str {
    reason.split("; ").next().unwrap_or(reason)
}

/// One line per item with a difference: the item, how many of its comparisons
/// differ, and the first of them with its reason.
fn differing_items(report: &Report) -> Vec<String> {
    report
        .sections
        .iter()
        .flat_map(|s| &s.items)
        .filter_map(|item| {
            let differing: Vec<_> = item
                .comparisons
                .iter()
                .filter(|c| c.verdict() == Verdict::Differs)
                .collect();
            let first = differing.first()?;
            let count = if differing.len() == 1 {
                String::new()
            } else {
                format!(
                    " ({} of its {} comparisons differ)",
                    differing.len(),
                    item.comparisons.len()
                )
            };
            Some(format!(
                "{}{count}: {} — {}",
                item.title,
                first.label(),
                first_clause(first.reason())
            ))
        })
        .collect()
}

/// The abstract, paragraph by paragraph.
pub(crate) fn paragraphs(report: &Report) -> Vec<Paragraph> {
    let all = || {
        report.sections.iter().flat_map(|s| {
            s.items
                .iter()
                .flat_map(move |i| i.comparisons.iter().map(move |c| (s, i, c)))
        })
    };
    let seed_comparisons = all().filter(|(_, _, c)| c.compares_with_seed()).count();
    let seed_agreements = all()
        .filter(|(_, _, c)| c.compares_with_seed() && c.verdict().agrees())
        .count();
    let agreeing: Vec<String> = report
        .sections
        .iter()
        .filter(|s| s.verdict() == SectionVerdict::Agrees)
        .map(|s| s.title.clone())
        .collect();
    let mut out = vec![Paragraph {
        lead: format!(
            "What reproduces: {seed_agreements} of the {seed_comparisons} comparisons with a number or statement of the seeds agree (exactly, to the printed digits, within a stated tolerance or interval, or as a checked statement). Sections in which every comparison with a seed agrees:"
        ),
        lines: agreeing,
    }];
    let differs = all()
        .filter(|(_, _, c)| c.verdict() == Verdict::Differs)
        .count();
    let differing = differing_items(report);
    out.push(Paragraph {
        lead: if differs == 0 {
            "What does not reproduce: nothing.".to_string()
        } else {
            format!(
                "What does not reproduce, and why ({differs} comparisons in {} items; each item's first difference shown, the rest in its table):",
                differing.len()
            )
        },
        lines: differing,
    });
    let inconsistent: Vec<String> = all()
        .filter(|(_, _, c)| c.verdict() == Verdict::SeedInconsistent)
        .map(|(_, i, c)| {
            format!(
                "{}: {} — {}",
                i.title,
                c.paper_text().unwrap_or_default(),
                c.ours()
                    .map(|v| format!("ours {}", v.display()))
                    .unwrap_or_default()
            )
        })
        .collect();
    if !inconsistent.is_empty() {
        out.push(Paragraph {
            lead: "Where a seed prints two different values for one quantity (not counted against the reproduction):".to_string(),
            lines: inconsistent,
        });
    }
    let missing: Vec<String> = all()
        .filter(|(_, _, c)| c.verdict() == Verdict::Missing)
        .map(|(_, i, c)| format!("{}: {} — {}", i.title, c.label(), first_clause(c.reason())))
        .collect();
    if !missing.is_empty() {
        out.push(Paragraph {
            lead: "Not reproduced (missing), with the reason:".to_string(),
            lines: missing,
        });
    }
    let tally = report.tally();
    let no_seed: Vec<String> = report
        .sections
        .iter()
        .filter(|s| {
            matches!(
                s.verdict(),
                SectionVerdict::NewOnly | SectionVerdict::InternalChecks
            )
        })
        .map(|s| format!("{} ({})", s.title, s.verdict().label()))
        .collect();
    out.push(Paragraph {
        lead: format!(
            "What is new: {} results the seeds do not state; {} agreements hold by construction (an input rebuilt to fit a seed's text: consistency, not evidence); {} checks compare with a reference of ours, not a seed's. Sections that compare nothing with the seeds:",
            tally.get(Verdict::New),
            tally.get(Verdict::ByConstruction),
            all()
                .filter(|(_, _, c)| c.paper().is_some() && !c.paper_source().from_seed())
                .count(),
        ),
        lines: no_seed,
    });
    out
}
