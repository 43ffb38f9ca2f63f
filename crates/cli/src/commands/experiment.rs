//! `alphabeta experiment`: one of the seeds' chess experiments on its own,
//! written as a folder of Markdown (`report.md`), CSV (`data/*.csv`) and SVG
//! (`figures/*.svg`). Each experiment is a section of the report
//! (`alphabeta reproduce` runs them all); this command runs one and writes
//! it atomically: into a temporary folder beside the target, then renamed.

use std::path::{Path, PathBuf};

use crate::args::Quiet;
use alphabeta_report::write::{check_destination, write_report};
use alphabeta_report::{Options, generate};

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
    /// the positional-gain threshold and depth multiplier; WAC solved counts.
    /// Quick (the default, about a minute on 2 cores): WAC 1–100, sweep of 5
    /// thresholds × 3 multipliers. Full: all 300 WAC positions, 8 thresholds.
    Klyushin(Common),
    /// Fuller, Gaschnig & Gillogly (1973) §6: Figs 6.2 and 6.3 (bottom
    /// positions of fixed-depth, fixed-branching alpha-beta over Spassky–Fischer
    /// 1972 game 21, material and material + mobility) with the spread over
    /// random move sets, the range R at ⟨10, 3⟩ and the cross-check against
    /// the model's Fig. 6.1. Quick (the default): 10 random move sets (seeds)
    /// a point. Full: 20.
    FullerChess(Common),
    /// Floyd's likelihood search (Knuth & Moore §4): a position is terminal
    /// when the product of its moves' likelihoods falls below a threshold;
    /// against iterative-deepening alpha-beta with quiescence at equal, hard
    /// node budgets on Win At Chess (300) and Bratko–Kopec (24), at fixed
    /// thresholds against fixed depths, and a match with an Elo estimate.
    /// Quick (the default, about 5 minutes on 2 cores): budgets 1 000, 3 000,
    /// 10 000; depths/thresholds 1–3; 100 games at 1 000 positions a move.
    /// Full: budgets up to 100 000; depths/thresholds 1–4; 200 games at
    /// 3 000 positions a move.
    Floyd(Common),
}

#[derive(clap::Args)]
struct Common {
    /// Output folder (replaced atomically); default `experiments/<name>`.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The quick setting (a few minutes on 2 cores); the default. What each
    /// experiment runs in the quick and the full setting is in its help.
    #[arg(long, conflicts_with = "full")]
    quick: bool,
    /// The full setting (more positions, seeds, budgets and games; tens of
    /// minutes on 2 cores — the times measured are in docs/chess.md).
    #[arg(long)]
    full: bool,
    /// Base seed of every random choice.
    #[arg(long, default_value_t = 1973)]
    seed: u64,
    #[command(flatten)]
    quiet: Quiet,
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
    check_destination(&out)?;
    let options = Options {
        full: common.full,
        seed: common.seed,
        sections: Some(vec![section.to_string()]),
        progress: !common.quiet.quiet,
        command_line: Some(super::command_line()),
    };
    let report = generate(&options)?;
    // `write_report` builds the folder beside `out` and renames it into place.
    let written = write_report(&report, &out)?;
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
