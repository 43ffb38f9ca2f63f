//! Runs the sections with one progress bar each and assembles the report.

use std::time::Instant;

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::context::{Context, Options};
use crate::model::{Comparison, Item, ItemKind, Report, Section};
use crate::provenance::provenance;
use crate::sections::{SectionSpec, registry};

/// FNV-1a of a section id, mixed into the base seed: each section gets its
/// own stream, independent of which other sections run.
fn section_seed(base: u64, id: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h ^ base.wrapping_mul(alphabeta_core::mix::GAMMA)
}

/// Checks a `--sections` list against the registry.
fn select(options: &Options) -> anyhow::Result<Vec<SectionSpec>> {
    let all = registry();
    let Some(wanted) = &options.sections else {
        return Ok(all);
    };
    anyhow::ensure!(
        !wanted.is_empty(),
        "--sections names no section; known sections: {}",
        all.iter().map(|s| s.id).collect::<Vec<_>>().join(", ")
    );
    for (i, w) in wanted.iter().enumerate() {
        anyhow::ensure!(
            !wanted[..i].contains(w),
            "section {w:?} named twice in --sections"
        );
        if !all.iter().any(|s| s.id == w) {
            let known: Vec<&str> = all.iter().map(|s| s.id).collect();
            anyhow::bail!(
                "unknown section {w:?}; known sections: {}",
                known.join(", ")
            );
        }
    }
    Ok(all
        .into_iter()
        .filter(|s| wanted.iter().any(|w| w == s.id))
        .collect())
}

/// Computes every selected section and returns the report (nothing is
/// written; see [`crate::write::write_report`]). A section that fails is
/// reported as missing with the error as its reason.
pub fn generate(options: &Options) -> anyhow::Result<Report> {
    let specs = select(options)?;
    let multi = MultiProgress::with_draw_target(if options.progress {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    });
    let style =
        ProgressStyle::with_template("{prefix:>24} [{bar:30}] {pos}/{len} {elapsed:>4} {msg}")
            .map_err(|e| anyhow::anyhow!("progress template: {e}"))?
            .progress_chars("=> ");
    let mut sections = Vec::new();
    for spec in specs {
        let bar = multi.add(ProgressBar::new(1));
        bar.set_style(style.clone());
        bar.set_prefix(spec.id);
        let seed = section_seed(options.seed, spec.id);
        let ctx = Context::new(options, seed, bar.clone());
        let started = Instant::now();
        let items = match (spec.run)(&ctx) {
            Ok(items) => items,
            Err(e) => {
                let mut item = Item::new(
                    format!("{}-error", spec.id),
                    ItemKind::Check,
                    "Section failed",
                );
                item.compare(Comparison::missing(
                    "section",
                    None,
                    format!("the computation failed: {e:#}"),
                ));
                vec![item]
            }
        };
        bar.finish_with_message("done");
        sections.push(Section {
            id: spec.id.to_string(),
            title: spec.title.to_string(),
            sources: spec.sources.to_string(),
            seed,
            items,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    // The bars have served; the command prints its own summary after them.
    let _ = multi.clear();
    let mut report = Report {
        title: "alphabeta — reproduction of the seed papers".to_string(),
        settings: provenance(options),
        sections,
        interval_tests: Default::default(),
    };
    report.apply_holm(HOLM_ALPHA);
    report.validate()?;
    Ok(report)
}

/// The family-wise level of Holm's correction over the interval tests.
pub const HOLM_ALPHA: f64 = 0.05;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_sections_are_refused_with_the_known_list() {
        let options = Options {
            sections: Some(vec!["no-such-section".into()]),
            ..Options::default()
        };
        let err = generate(&options).expect_err("unknown section").to_string();
        assert!(
            err.contains("no-such-section") && err.contains("knuth-pi"),
            "{err}"
        );
    }

    #[test]
    fn a_section_named_twice_is_refused() {
        let options = Options {
            sections: Some(vec!["knuth-pi".into(), "knuth-pi".into()]),
            ..Options::default()
        };
        let err = generate(&options).expect_err("duplicate").to_string();
        assert_eq!(err, "section \"knuth-pi\" named twice in --sections");
    }

    #[test]
    fn an_empty_section_list_is_refused() {
        let options = Options {
            sections: Some(vec![]),
            ..Options::default()
        };
        assert!(generate(&options).is_err());
    }

    #[test]
    fn section_seeds_differ_by_id_and_base() {
        assert_ne!(section_seed(1, "a"), section_seed(1, "b"));
        assert_ne!(section_seed(1, "a"), section_seed(2, "a"));
    }
}
