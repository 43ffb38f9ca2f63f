//! `alphabeta reproduce` (not yet built).

/// Options of `alphabeta reproduce`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs the subcommand.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`alphabeta reproduce` is not built yet")
}
