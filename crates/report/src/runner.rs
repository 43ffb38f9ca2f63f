//! Runs the sections with one progress bar each and assembles the report.

use std::time::Instant;

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::model::{Comparison, Item, ItemKind, Report, Section};
use crate::sections::{SectionSpec, registry};

/// How to build the report.
#[derive(Clone, Debug)]
pub struct Options {
    /// Paper-scale sample sizes (Fuller's 1000 trees a point) instead of the
    /// quick defaults.
    pub full: bool,
    /// Base seed of every random experiment; each section derives its own.
    pub seed: u64,
    /// Only these section ids (all when `None`).
    pub sections: Option<Vec<String>>,
    /// Draw progress bars on standard error.
    pub progress: bool,
    /// The command line as typed (recorded in the report); rebuilt from
    /// the options when `None`.
    pub command_line: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            full: false,
            seed: 1973,
            sections: None,
            progress: false,
            command_line: None,
        }
    }
}

/// What a section sees while it runs.
pub struct Context<'a> {
    /// The options of the run.
    pub options: &'a Options,
    /// The section's own seed, derived from the base seed and its id.
    pub seed: u64,
    bar: ProgressBar,
}

impl Context<'_> {
    /// Sets the number of steps the progress bar counts.
    pub fn steps(&self, n: u64) {
        self.bar.set_length(n);
    }

    /// Marks one step done, with a message.
    pub fn step(&self, message: &str) {
        self.bar.set_message(message.to_string());
        self.bar.inc(1);
    }

    /// Advances the progress bar by `n` units (trees of a Monte Carlo run).
    pub fn advance(&self, n: u64) {
        self.bar.inc(n);
    }

    /// A sample size: `quick` by default, `full` with `--full`.
    pub fn samples(&self, quick: u64, full: u64) -> u64 {
        if self.options.full { full } else { quick }
    }
}

/// FNV-1a of a section id, mixed into the base seed: each section gets its
/// own stream, independent of which other sections run.
fn section_seed(base: u64, id: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h ^ base.wrapping_mul(0x9E37_79B9_7F4A_7C15)
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
        let ctx = Context {
            options,
            seed,
            bar: bar.clone(),
        };
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

/// What the report records of how it was made.
fn provenance(options: &Options) -> Vec<(String, String)> {
    let sections = match &options.sections {
        Some(list) => list.join(","),
        None => "all".to_string(),
    };
    vec![
        (
            "command line".into(),
            options
                .command_line
                .clone()
                .unwrap_or_else(|| command_line(options)),
        ),
        (
            "options".into(),
            format!(
                "--full {} · --sections {sections} · --seed {}",
                if options.full { "yes" } else { "no" },
                options.seed
            ),
        ),
        (
            "mode".into(),
            if options.full {
                "full (paper-scale and larger samples)"
            } else {
                "quick (default samples)"
            }
            .into(),
        ),
        ("commit".into(), commit()),
        ("version".into(), env!("CARGO_PKG_VERSION").to_string()),
        ("rustc".into(), env!("ALPHABETA_RUSTC_VERSION").to_string()),
        (
            "Cargo.lock".into(),
            env!("ALPHABETA_CARGO_LOCK_HASH").to_string(),
        ),
        ("operating system".into(), operating_system()),
        ("CPU".into(), cpu_model()),
        (
            "cores".into(),
            std::thread::available_parallelism()
                .map(|n| n.get().to_string())
                .unwrap_or_else(|_| "unknown".into()),
        ),
        ("threads".into(), rayon::current_num_threads().to_string()),
        ("started (UTC)".into(), utc_now()),
        ("chess positions".into(), CHESS_SOURCES.into()),
    ]
}

/// Where the chess positions of the report come from (bundled with the
/// report's source, never fetched).
const CHESS_SOURCES: &str = "Spassky–Fischer, Reykjavik 1972, game 21 (Fuller's 80 positions; PGN); Fischer–Matanović, Vinkovci 1968 and Botvinnik–Donner, Noordwijk 1965 (the nearest real games to Klyushin & Kruchinin's citations; PGN); Bratko–Kopec test (Bratko & Kopec 1982, 24 positions; EPD); Win At Chess (Reinfeld 1958, 300 positions; EPD)";

/// The operating system: its release name where `/etc/os-release` says
/// it, and the target's OS and architecture.
fn operating_system() -> String {
    let name = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|l| l.strip_prefix("PRETTY_NAME="))
                .map(|v| v.trim_matches('"').to_string())
        });
    let target = format!("{} {}", std::env::consts::OS, std::env::consts::ARCH);
    match name {
        Some(n) => format!("{n} ({target})"),
        None => target,
    }
}

/// The CPU model as `/proc/cpuinfo` names it; "unknown" elsewhere.
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

/// The full commit hash of the source tree this binary was built from and
/// whether that tree holds changes not committed (`HEAD`, then
/// "modified" or "clean"), when that tree and git are there; "unknown"
/// otherwise (a copied binary, no git): never an error.
pub(crate) fn commit() -> String {
    let dir = env!("CARGO_MANIFEST_DIR");
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(args)
            .stderr(std::process::Stdio::null())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .and_then(|o| String::from_utf8(o.stdout).ok())
    };
    let Some(hash) = git(&["rev-parse", "HEAD"])
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
    else {
        return "unknown".to_string();
    };
    match git(&["status", "--porcelain", "--untracked-files=no"]) {
        Some(s) if s.trim().is_empty() => format!("{hash} (clean)"),
        Some(_) => format!("{hash} (modified: the tree differs from this commit)"),
        None => format!("{hash} (modified or not: unknown)"),
    }
}

/// The current time as `YYYY-MM-DD HH:MM:SS` UTC (civil-from-days, so no
/// date crate is needed for one timestamp).
pub(crate) fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    format_utc(secs)
}

fn format_utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

fn command_line(options: &Options) -> String {
    let mut s = String::from("alphabeta reproduce");
    if options.full {
        s.push_str(" --full");
    }
    s.push_str(&format!(" --seed {}", options.seed));
    if let Some(list) = &options.sections {
        s.push_str(&format!(" --sections {}", list.join(",")));
    }
    s
}

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
    fn timestamps_are_civil_utc() {
        assert_eq!(format_utc(0), "1970-01-01 00:00:00");
        // 2024-02-29 12:34:56 UTC (a leap day).
        assert_eq!(format_utc(1_709_210_096), "2024-02-29 12:34:56");
    }

    #[test]
    fn section_seeds_differ_by_id_and_base() {
        assert_ne!(section_seed(1, "a"), section_seed(1, "b"));
        assert_ne!(section_seed(1, "a"), section_seed(2, "a"));
    }
}
