//! How a report was made: the command line, the commit, the toolchain, the
//! machine and the time, recorded in the report's settings (and by
//! `compare` in its own).

use crate::context::Options;

/// What the report records of how it was made.
pub(crate) fn provenance(options: &Options) -> Vec<(String, String)> {
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
    fn timestamps_are_civil_utc() {
        assert_eq!(format_utc(0), "1970-01-01 00:00:00");
        // 2024-02-29 12:34:56 UTC (a leap day).
        assert_eq!(format_utc(1_709_210_096), "2024-02-29 12:34:56");
    }
}
