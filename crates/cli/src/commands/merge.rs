//! `alphabeta merge`: the shard results of `alphabeta simulate --shard K/M`
//! combined into the summary of the whole run, printed exactly as
//! `alphabeta simulate` prints it (the numbers are identical: the shards'
//! totals are exact integers; `alphabeta_montecarlo::merge`).

use std::path::{Path, PathBuf};

use alphabeta_montecarlo::{Experiment, RunOptions, Shard, ShardResult};
use anyhow::Context;

use super::simulate::Format;

/// Options of `alphabeta merge`.
///
/// Example: `alphabeta merge shard-*.json --format json`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The shard results (every shard 1/M … M/M of one run, once each).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    let results = args
        .files
        .iter()
        .map(|f| ShardResult::load(f))
        .collect::<Result<Vec<_>, _>>()?;
    let summary = alphabeta_montecarlo::merge(&results)?;
    super::print_out(&match args.format {
        Format::Table => summary.to_table(),
        Format::Csv => summary.to_csv()?,
        Format::Json => format!("{}\n", summary.to_json()),
    })
}

/// `simulate --shard K/M`: searches the shard and writes its result to
/// `output` (atomically) or standard output.
pub fn write_shard(
    experiment: &Experiment,
    shard: Shard,
    options: &RunOptions<'_>,
    output: Option<&Path>,
) -> anyhow::Result<()> {
    let result = alphabeta_montecarlo::run_shard(experiment, shard, options)?;
    match output {
        Some(path) => result
            .save(path)
            .with_context(|| format!("cannot write the shard result to {}", path.display())),
        None => super::print_out(&(result.to_json() + "\n")),
    }
}
