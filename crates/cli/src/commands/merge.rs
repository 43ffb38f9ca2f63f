//! `alphabeta merge`: the shard results of `alphabeta simulate --shard K/M`
//! combined into the summary of the whole run, printed exactly as
//! `alphabeta simulate` prints it (the numbers are identical: the shards'
//! totals are exact integers; `alphabeta_montecarlo::merge`).

use std::path::PathBuf;

use alphabeta_montecarlo::ShardResult;

use crate::args::TextJsonCsv;
use crate::output;

/// Options of `alphabeta merge`.
///
/// Example: `alphabeta merge shard-*.json --format json`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The shard results (every shard 1/M … M/M of one run, once each).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub format: TextJsonCsv,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    let results = args
        .files
        .iter()
        .map(|f| ShardResult::load(f))
        .collect::<Result<Vec<_>, _>>()?;
    let summary = alphabeta_montecarlo::merge(&results)?;
    super::print_out(&output::summary(&summary, args.format.format)?)
}
