//! `alphabeta exact` (not yet built).

/// Options of `alphabeta exact`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs the subcommand.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`alphabeta exact` is not built yet")
}
