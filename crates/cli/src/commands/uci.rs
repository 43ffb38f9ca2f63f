//! `alphabeta uci` (not yet built).

/// Options of `alphabeta uci`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs the subcommand.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`alphabeta uci` is not built yet")
}
