//! `alphabeta reproduce`: every table and figure of the seed papers,
//! reproduced into a self-contained report folder (the project's main job).
//! The work is done by the `alphabeta-report` crate; this file parses the
//! options and prints the summary.

use std::path::PathBuf;

use crate::args::Quiet;
use alphabeta_report::write::{check_destination, write_report_with_extras};
use alphabeta_report::{Options, generate, registry};

/// Options of `alphabeta reproduce`.
#[derive(clap::Args)]
pub struct Args {
    /// Folder to write the report into (created if needed).
    #[arg(long, default_value = "report")]
    out: PathBuf,
    /// Paper-scale sample sizes (e.g. Fuller's 1000 trees a point); slower.
    #[arg(long)]
    full: bool,
    /// Only these sections, comma-separated (see --list).
    #[arg(long, value_delimiter = ',')]
    sections: Option<Vec<String>>,
    /// Base seed of every random experiment.
    #[arg(long, default_value_t = 1973)]
    seed: u64,
    /// List the sections and exit.
    #[arg(long)]
    list: bool,
    #[command(flatten)]
    quiet: Quiet,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.list {
        let list: String = registry()
            .iter()
            .map(|s| format!("{:<20} {}\n", s.id, s.title))
            .collect();
        return super::print_out(&list);
    }
    let options = Options {
        full: args.full,
        seed: args.seed,
        sections: args.sections.map(|v| {
            v.into_iter()
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        }),
        progress: !args.quiet.quiet,
        command_line: Some(super::command_line()),
    };
    check_destination(&args.out)?;
    let started = std::time::Instant::now();
    let report = generate(&options)?;
    // The explorer of the seeds' named trees, beside the report, written
    // in the same atomic step.
    let page = alphabeta_explorer::render(&alphabeta_explorer::input::named_trees()?, ["f1", "f2"]);
    let written =
        write_report_with_extras(&report, &args.out, &[("explore.html", page.as_bytes())])?;
    for s in &report.sections {
        println!(
            "{:<20} {:<10} {:>6.1}s  {}",
            s.id,
            s.verdict().label(),
            s.seconds,
            s.title
        );
    }
    let explorer = args.out.join("explore.html");
    println!("explorer: {} (open it in a browser)", explorer.display());
    let it = &report.interval_tests;
    println!(
        "{} — {} interval tests, {} first-run misses (about {:.1} expected by chance), {} significant after Holm",
        report.tally().summary(),
        it.tests,
        it.first_run_misses,
        it.expected_first_run_misses,
        it.significant
    );
    println!(
        "{} files in {} ({:.1}s)",
        written.files.len(),
        args.out.join("index.html").display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
