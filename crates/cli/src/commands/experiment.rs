//! `alphabeta experiment`: one of the seeds' chess experiments on its own,
//! written as a folder of Markdown (`report.md`), CSV (`data/*.csv`) and SVG
//! (`figures/*.svg`). Each experiment is a section of the report
//! (`alphabeta reproduce` runs them all); this command runs one and writes
//! it atomically: into a temporary folder beside the target, then renamed.

use std::path::{Path, PathBuf};

use alphabeta_report::{Options, generate, write::write_report};
use anyhow::Context as _;

/// Options of `alphabeta experiment`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    which: Which,
}

#[derive(clap::Subcommand)]
enum Which {
    /// Klyushin & Kruchinin (2006): their selective search (threat by a null
    /// move, protecting moves, positive moves, mate checks) at every level and
    /// at the root only, against alpha-beta unordered and ordered, depth 4, on
    /// 20 positions of the two substitute games; their lower bound; a sweep of
    /// the positional-gain threshold and depth multiplier; WAC solved counts
    /// (quick: WAC 1–100, full: all 300).
    Klyushin(Common),
    /// Fuller, Gaschnig & Gillogly (1973) §6: Figs 6.2 and 6.3 (bottom
    /// positions of fixed-depth, fixed-branching alpha-beta over Spassky–Fischer
    /// 1972 game 21, material and material + mobility) with the spread over
    /// random move sets, the range R at ⟨10, 3⟩ and the cross-check against
    /// the model's Fig. 6.1.
    FullerChess(Common),
    /// Floyd's likelihood search (Knuth & Moore §4): a position is terminal
    /// when the product of its moves' likelihoods falls below a threshold;
    /// against fixed-depth alpha-beta with quiescence at equal node budgets on
    /// Win At Chess, and a match between the two with an Elo estimate.
    Floyd(Common),
}

#[derive(clap::Args)]
struct Common {
    /// Output folder (replaced atomically); default `experiments/<name>`.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The quick setting (a few minutes on 2 cores); the default.
    #[arg(long, conflicts_with = "full")]
    quick: bool,
    /// The full setting (more positions, seeds and games).
    #[arg(long)]
    full: bool,
    /// Base seed of every random choice.
    #[arg(long, default_value_t = 1973)]
    seed: u64,
    /// No progress bars.
    #[arg(long)]
    quiet: bool,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    let (name, section, common) = match args.which {
        Which::Klyushin(c) => ("klyushin", "klyushin", c),
        Which::FullerChess(c) => ("fuller-chess", "chess", c),
        Which::Floyd(c) => ("floyd", "floyd", c),
    };
    let out = common
        .out
        .unwrap_or_else(|| Path::new("experiments").join(name));
    let options = Options {
        full: common.full,
        seed: common.seed,
        sections: Some(vec![section.to_string()]),
        progress: !common.quiet,
    };
    let report = generate(&options)?;
    let written = write_atomically(&out, |dir| write_report(&report, dir))?;
    for s in &report.sections {
        for item in &s.items {
            super::print_out(&format!("{:<10} {}\n", item.verdict().label(), item.title))?;
        }
    }
    super::print_out(&format!(
        "wrote {} files to {} (report.md, data/*.csv, figures/*.svg)\n",
        written.files.len(),
        out.display()
    ))
}

/// Writes into a fresh temporary folder beside `out`, then puts it in place
/// of `out` (the old folder, if any, is moved aside first and removed after).
fn write_atomically<T>(
    out: &Path,
    write: impl FnOnce(&Path) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let base = out
        .file_name()
        .ok_or_else(|| anyhow::anyhow!("{} names no folder", out.display()))?
        .to_string_lossy()
        .to_string();
    let tmp = parent.join(format!(".{base}.tmp-{}", std::process::id()));
    let old = parent.join(format!(".{base}.old-{}", std::process::id()));
    if tmp.exists() {
        std::fs::remove_dir_all(&tmp).with_context(|| format!("cannot clear {}", tmp.display()))?;
    }
    let result = match write(&tmp) {
        Ok(r) => r,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&tmp);
            return Err(e);
        }
    };
    let had_old = out.exists();
    if had_old {
        std::fs::rename(out, &old)
            .with_context(|| format!("cannot move the old {} aside", out.display()))?;
    }
    std::fs::rename(&tmp, out).with_context(|| format!("cannot rename into {}", out.display()))?;
    if had_old {
        std::fs::remove_dir_all(&old)
            .with_context(|| format!("cannot remove the old {}", old.display()))?;
    }
    Ok(result)
}
