//! `alphabeta perft FEN DEPTH [--divide]`: counts the leaves of the legal
//! move tree, the standard check of the move generator.

use super::outln;
use alphabeta_chess::Position;
use alphabeta_chess::notation::to_uci;
use alphabeta_chess::perft::{divide, perft};
use anyhow::Context;

/// Options of `alphabeta perft`.
#[derive(clap::Args)]
pub struct Args {
    /// The position in FEN (quote it), or `startpos`.
    pub fen: String,
    /// Depth in plies (at most 12, as for `chess search`).
    pub depth: u32,
    /// Print the count below each root move (UCI notation) before the total.
    #[arg(long)]
    pub divide: bool,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    super::chess::check_depth(args.depth)?;
    let pos = if args.fen.trim() == "startpos" {
        Position::startpos()
    } else {
        Position::from_fen(&args.fen).context("reading the position")?
    };
    let start = std::time::Instant::now();
    let total = if args.divide {
        let parts = divide(pos.board(), args.depth);
        for (mv, n) in &parts {
            outln!("{}: {n}", to_uci(&pos, *mv));
        }
        outln!();
        parts
            .iter()
            .map(|p| p.1)
            .sum::<u64>()
            .max(u64::from(args.depth == 0))
    } else {
        perft(pos.board(), args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    outln!("nodes {total}");
    eprintln!(
        "time {:.3} s, {:.0} leaves/s",
        secs,
        total as f64 / secs.max(1e-9)
    );
    Ok(())
}
