//! `alphabeta chess` (not yet built).

/// Options of `alphabeta chess`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs the subcommand.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`alphabeta chess` is not built yet")
}
