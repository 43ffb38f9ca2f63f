//! `alphabeta uci`: the chess engine over the UCI protocol on standard
//! input and output (for chess GUIs and python-chess).

/// Options of `alphabeta uci` (none: everything is set with `setoption`).
#[derive(clap::Args)]
pub struct Args {}

/// Runs the subcommand until `quit` or the end of the input.
pub fn run(_args: Args) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    alphabeta_engine::uci::run(stdin.lock(), Box::new(std::io::stdout()))?;
    Ok(())
}
