//! `alphabeta search` (not yet built).

/// Options of `alphabeta search`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs the subcommand.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`alphabeta search` is not built yet")
}
pub fn list_procedures() -> anyhow::Result<()> { Ok(()) }
