//! `alphabeta compare`: every procedure of `alphabeta procedures` on the
//! same trees and positions — uniform, range-R and additive random trees
//! (random order and strongly ordered), chess positions at a fixed depth,
//! Connect Four positions to the end — with terminal positions, nodes,
//! re-searches and time as ratios to the minimal tree and to plain
//! alpha-beta F2. The work is `alphabeta_report::compare`; this module
//! parses the options, writes the folder (atomically, as `experiment` does)
//! and prints the tables.

use std::path::PathBuf;
use std::time::Instant;

use alphabeta_report::compare::{self, Config, LineConfig, Source};
use alphabeta_report::write::{check_destination, write_report};

use crate::args::{Quiet, TextJson};
use crate::output::{self, Format};

/// Options of `alphabeta compare`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  alphabeta compare                                  every source, quick sizes (well under a minute)
  alphabeta compare --sources uniform,chess --trees 20 --d 7
  alphabeta compare --sources connect4 --connect4-discs 28 --format json
  alphabeta compare --tree pi                        one of the seeds' trees
  alphabeta compare --connect4-line                  Connect Four from the empty board to the end
Writes report.md, index.html, data/*.csv|json and figures/*.svg into --out (replaced
atomically) and prints the Markdown tables (or, with --format json, the summaries as JSON).")]
pub struct Args {
    /// Sources, comma-separated: uniform, range, additive, additive-ordered, chess, connect4,
    /// tree (with --tree) (default: all but tree; with --tree alone: tree).
    #[arg(long, value_delimiter = ',')]
    sources: Vec<String>,
    /// Random trees per model source (1-100).
    #[arg(long)]
    trees: Option<u32>,
    /// Branching factor N of the random trees (2-20; N^D at most 2^21).
    #[arg(long)]
    n: Option<u32>,
    /// Depth D of the random trees (1-16; N^D at most 2^21).
    #[arg(long)]
    d: Option<u32>,
    /// R, the number of distinct values of the range model (2-10^6).
    #[arg(long)]
    r: Option<u64>,
    /// Probability that the best successor comes first in the ordered additive trees.
    #[arg(long)]
    p: Option<f64>,
    /// Chess: how many of the four fixed positions (1-4).
    #[arg(long)]
    chess_positions: Option<usize>,
    /// Chess: depth in plies (1-4).
    #[arg(long)]
    chess_depth: Option<u32>,
    /// Chess: moves searched per position, chosen at random as in Fuller §6 (0: every legal move, the default).
    #[arg(long)]
    chess_branching: Option<usize>,
    /// Connect Four: discs played in the positions (24-38).
    #[arg(long)]
    connect4_discs: Option<usize>,
    /// Connect Four: how many positions (1-50).
    #[arg(long)]
    connect4_positions: Option<u32>,
    /// Entries of the transposition table of f2-tt, f3-tt and mtdf.
    #[arg(long)]
    table_entries: Option<usize>,
    /// One of the seeds' trees (pi, textbook, knuth-fig5, ...) as the source `tree`; alone, the only source.
    #[arg(long)]
    tree: Option<String>,
    /// Connect Four along one game from the empty board to the end instead of the sources: every
    /// procedure and the solver at every --every-th position, each search stopped after
    /// --node-limit positions, against the minimal tree (docs/compare.md).
    #[arg(long, conflicts_with_all = ["sources", "trees", "n", "d", "r", "p", "chess_positions", "chess_depth", "chess_branching", "connect4_discs", "connect4_positions", "table_entries", "tree"])]
    connect4_line: bool,
    /// With --connect4-line: a position every this many discs (1-41; default 2).
    #[arg(long, requires = "connect4_line")]
    every: Option<usize>,
    /// With --connect4-line: positions each search may examine (default 10000000).
    #[arg(long, requires = "connect4_line")]
    node_limit: Option<u64>,
    /// With --connect4-line: the solver's table in MiB, and as many entries for the table
    /// procedures (1-1024; default 64).
    #[arg(long, requires = "connect4_line")]
    table_mb: Option<usize>,
    /// Seed of the random trees, the Connect Four positions and chess's random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output folder (replaced atomically).
    #[arg(long, default_value = "experiments/compare")]
    out: PathBuf,
    // text: the Markdown tables; json: the summaries.
    #[command(flatten)]
    format: TextJson,
    #[command(flatten)]
    quiet: Quiet,
}

/// The configuration the options ask for (the quick default where an
/// option is not given), checked.
fn config(args: &Args) -> anyhow::Result<Config> {
    let q = Config::quick();
    let sources = if args.sources.is_empty() && args.tree.is_some() {
        vec![Source::Tree]
    } else if args.sources.is_empty() {
        q.sources.clone()
    } else {
        let mut v = Vec::new();
        for name in &args.sources {
            let s = Source::parse(name)?;
            anyhow::ensure!(!v.contains(&s), "source {name:?} named twice");
            v.push(s);
        }
        v
    };
    let c = Config {
        sources,
        trees: args.trees.unwrap_or(q.trees),
        n: args.n.unwrap_or(q.n),
        d: args.d.unwrap_or(q.d),
        range: args.r.unwrap_or(q.range),
        spread: q.spread,
        ordered_p: args.p.unwrap_or(q.ordered_p),
        chess_positions: args.chess_positions.unwrap_or(q.chess_positions),
        chess_depth: args.chess_depth.unwrap_or(q.chess_depth),
        chess_branching: match args.chess_branching {
            None => q.chess_branching,
            Some(0) => None,
            Some(b) => Some(b),
        },
        connect4_discs: args.connect4_discs.unwrap_or(q.connect4_discs),
        connect4_positions: args.connect4_positions.unwrap_or(q.connect4_positions),
        table_entries: args.table_entries.unwrap_or(q.table_entries),
        seed: args.seed,
        tree: args.tree.clone(),
    };
    c.check()?;
    Ok(c)
}

/// The setting of `--connect4-line` (its full default where an option is
/// not given), checked.
fn line_config(args: &Args) -> anyhow::Result<LineConfig> {
    let f = LineConfig::full();
    let c = LineConfig {
        every: args.every.unwrap_or(f.every),
        node_limit: args.node_limit.unwrap_or(f.node_limit),
        table_mb: args.table_mb.unwrap_or(f.table_mb),
        ..f
    };
    c.check()?;
    Ok(c)
}

/// `--connect4-line`: runs the line, writes its report, prints its table.
fn run_line(args: &Args) -> anyhow::Result<()> {
    let c = line_config(args)?;
    check_destination(&args.out)?;
    let started = Instant::now();
    let total = c.discs().len();
    let mut done = 0;
    let quiet = args.quiet.quiet;
    let results = compare::run_line(&c, &mut |name| {
        done += 1;
        if !quiet {
            eprintln!("[{done}/{total}] {name}");
        }
    })?;
    let seconds = started.elapsed().as_secs_f64();
    let report = compare::line_report(&results, &super::command_line(), seconds)?;
    let written = write_report(&report, &args.out)?;
    let text = if args.format.format == Format::Json {
        output::json(&results)?
    } else {
        results.markdown()
    };
    super::print_out(&text)?;
    if !quiet {
        eprintln!(
            "wrote {} files to {} (report.md, data/connect4-line-runs.csv, figures/connect4-line-positions.svg) in {seconds:.1} s",
            written.files.len(),
            args.out.display()
        );
    }
    Ok(())
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.connect4_line {
        return run_line(&args);
    }
    let c = config(&args)?;
    check_destination(&args.out)?;
    let started = Instant::now();
    let total = c.instances();
    let mut done = 0;
    let quiet = args.quiet.quiet;
    let results = compare::run(&c, &mut |name| {
        done += 1;
        if !quiet {
            eprintln!("[{done}/{total}] {name}");
        }
    })?;
    let seconds = started.elapsed().as_secs_f64();
    let report = compare::report(&results, &super::command_line(), seconds)?;
    let written = write_report(&report, &args.out)?;
    let text = if args.format.format == Format::Json {
        output::json(&results.summaries())?
    } else {
        results.markdown()
    };
    super::print_out(&text)?;
    if !quiet {
        eprintln!(
            "wrote {} files to {} (report.md, data/compare-summary.csv, figures/compare-terminal-vs-minimal.svg) in {seconds:.1} s",
            written.files.len(),
            args.out.display()
        );
    }
    Ok(())
}
