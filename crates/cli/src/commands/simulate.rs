//! `alphabeta simulate`: Monte Carlo runs of any procedure on any random
//! tree model (the laboratory of Fuller §5–§7 and Knuth §7–§9). The work is
//! done by `alphabeta_montecarlo`; this file only reads options and prints.

use std::path::{Path, PathBuf};

use alphabeta_core::Procedure;
use alphabeta_models::ModelSpec;
use alphabeta_montecarlo::console::{ProgressBar, stop_on_interrupt};
use alphabeta_montecarlo::{Experiment, Progress, RunOptions, Shard};
use anyhow::{Context, bail};

use crate::args::{ModelOptions, Quiet, TextJsonCsv};
use crate::output;

/// Options of `alphabeta simulate`.
///
/// Example: `alphabeta simulate --model uniform --n 10 --d 6 --trees 1000
/// --procedure f2 --seed 1`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Tree model: uniform, range, additive, dependent, branching.
    #[arg(long, default_value = "uniform")]
    pub model: String,
    #[command(flatten)]
    pub model_options: ModelOptions,
    /// Number of random trees.
    #[arg(long, default_value_t = 1000)]
    pub trees: u64,
    /// Search procedure (see `alphabeta procedures`).
    #[arg(long, default_value = "f2")]
    pub procedure: String,
    /// Base seed: tree i is grown from (seed, i) alone.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core); the numbers do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub format: TextJsonCsv,
    /// Keep finished work in this file, so Ctrl-C or a kill loses nothing.
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Continue from --checkpoint (to the same final numbers as an
    /// uninterrupted run); may also extend a finished run to more --trees.
    #[arg(long, requires = "checkpoint")]
    pub resume: bool,
    #[command(flatten)]
    pub quiet: Quiet,
    /// Search only shard K of M (trees (K-1)T/M .. KT/M) and write its exact totals as
    /// JSON; combine the M results with `alphabeta merge`.
    #[arg(long, value_name = "K/M", conflicts_with_all = ["checkpoint", "format"])]
    pub shard: Option<alphabeta_montecarlo::Shard>,
    /// With --shard: write the result to this file (atomically) instead of standard output.
    #[arg(long, requires = "shard")]
    pub out: Option<PathBuf>,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    let model = ModelSpec::from_params(&args.model, &args.model_options.params())
        .context("invalid model")?;
    let procedure: Procedure = args.procedure.parse()?;
    if args.trees == 0 {
        bail!("--trees must be at least 1");
    }
    let experiment = Experiment::new(model, procedure, args.trees, args.seed);
    let bar = (!args.quiet.quiet).then(ProgressBar::new);
    let options = RunOptions {
        threads: args.threads,
        checkpoint: args.checkpoint.clone(),
        resume: args.resume,
        stop: Some(stop_on_interrupt(args.checkpoint.is_some())?),
        progress: bar.as_ref().map(|b| b as &dyn Progress),
    };
    if let Some(shard) = args.shard {
        return write_shard(&experiment, shard, &options, args.out.as_deref());
    }
    let summary = alphabeta_montecarlo::run(&experiment, &options)?;
    super::print_out(&output::summary(&summary, args.format.format)?)?;
    if !summary.complete {
        let hint = match &args.checkpoint {
            Some(path) => format!(
                "finished work is in {}; run again with --resume to continue",
                path.display()
            ),
            None => "nothing was saved (use --checkpoint FILE to keep finished work)".into(),
        };
        bail!(
            "interrupted after {} of {} trees; {hint}",
            summary.trees,
            summary.trees_requested
        );
    }
    Ok(())
}

/// `--shard K/M`: searches the shard and writes its result to `out`
/// (atomically) or standard output.
fn write_shard(
    experiment: &Experiment,
    shard: Shard,
    options: &RunOptions<'_>,
    out: Option<&Path>,
) -> anyhow::Result<()> {
    let result = alphabeta_montecarlo::run_shard(experiment, shard, options)?;
    match out {
        Some(path) => result
            .save(path)
            .with_context(|| format!("cannot write the shard result to {}", path.display())),
        None => super::print_out(&(result.to_json() + "\n")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn simulate(line: &str) -> anyhow::Result<()> {
        let words = std::iter::once("simulate").chain(line.split_whitespace());
        run(Cli::try_parse_from(words)?.args)
    }

    fn error(line: &str) -> String {
        format!("{:#}", simulate(line).unwrap_err())
    }

    #[test]
    fn bad_values_get_clear_errors() {
        assert!(error("--n 0 --d 3").contains("branching factor must be at least 1"));
        assert!(error("--n 10 --d 40").contains("deepest allowed for this branching is 19"));
        assert!(error("--model bogus --n 3 --d 3").contains("unknown model \"bogus\""));
        assert!(error("--n 3 --d 3 --procedure zz").contains("unknown procedure"));
        assert!(error("--n 3 --d 3 --trees 0").contains("--trees must be at least 1"));
        assert!(error("--n 3 --d 3 --ordering best-first").contains("needs its probability p"));
        assert!(error("--model branching --q 0.5 --mean-branching 0.2 --d 3").contains("q ≤ d"));
        assert!(error("--n 3 --d 3 --r 4").contains("does not take r"));
        assert!(Cli::try_parse_from(["simulate", "--n", "-1"]).is_err());
        assert!(
            Cli::try_parse_from(["simulate", "--resume"]).is_err(),
            "--resume needs --checkpoint"
        );
    }

    #[test]
    fn every_model_runs_from_the_command_line() {
        for line in [
            "--model uniform --n 3 --d 3 --trees 20 --quiet --format csv",
            "--model range --n 3 --d 3 --r 4 --trees 20 --quiet --format json",
            "--model additive --n 3 --d 3 --spread 10 --trees 20 --quiet",
            "--model dependent --n 3 --d 3 --procedure f1 --trees 20 --quiet",
            "--model branching --q 0.9,0.8 --mean-branching 2,2 --ordering constructed --trees 20 --quiet",
            "--n 3 --d 3 --ordering best-first --p 0.5 --procedure pvs --trees 20 --quiet",
        ] {
            simulate(line).unwrap_or_else(|e| panic!("{line}: {e:#}"));
        }
    }
}
