//! `alphabeta perft` (not yet built).

/// Options of `alphabeta perft`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs the subcommand.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`alphabeta perft` is not built yet")
}
