//! `alphabeta simulate` (not yet built).

/// Options of `alphabeta simulate`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs the subcommand.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`alphabeta simulate` is not built yet")
}
