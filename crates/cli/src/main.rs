//! `alphabeta`: the command-line tool of the alphabeta project.
//!
//! Every subcommand lives in its own module under `commands/`; this file only
//! dispatches. Errors are printed as `error: …` with their causes and exit
//! with status 2 for bad input, never a panic.

mod args;
mod commands;
mod output;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Alpha-beta game-tree search and its analysis: the procedures, models,
/// formulas and chess experiments of Fuller, Gaschnig & Gillogly (1973),
/// Knuth & Moore (1975), Hsu, Zohar, and Klyushin & Kruchinin (2006).
#[derive(Parser)]
#[command(
    name = "alphabeta",
    version,
    about = "Alpha-beta game-tree search and its analysis: the procedures, models, formulas and chess experiments of the classic papers",
    after_help = "Start with `alphabeta reproduce` (the report) or `alphabeta search --tree pi` (Knuth's π tree by every procedure)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Reproduce every table and figure of the seed papers into a report folder (the main job).
    Reproduce(commands::reproduce::Args),
    /// Search a game tree (a file, inline text, a built-in tree or game) with any procedure.
    Search(commands::search::Args),
    /// Write a page that steps through the procedures on a tree in a browser.
    Explore(commands::explore::Args),
    /// List the search procedures and what each one is.
    Procedures,
    /// The minimal tree of a tree or game: the fewest terminal positions any procedure must examine (Knuth & Moore §6-§7).
    MinimalTree(commands::minimal_tree::Args),
    /// Monte Carlo: run a procedure on many random trees of a model.
    Simulate(commands::simulate::Args),
    /// Merge the shard results of `simulate --shard K/M` into the whole run's summary.
    Merge(commands::merge::Args),
    /// Exact and numeric formulas: expected leaf counts, Knuth's bounds, tables of the papers.
    Exact(commands::exact::Args),
    /// Chess experiments: search a FEN with the papers' evaluators and modes.
    Chess(commands::chess::Args),
    /// One of the seeds' chess experiments (Klyushin & Kruchinin, Fuller §6, Floyd) into a folder of Markdown, CSV and SVG.
    Experiment(commands::experiment::Args),
    /// Count the leaves of the chess move tree (perft) to check the move generator.
    Perft(commands::perft::Args),
    /// Run the chess engine over the UCI protocol on standard input and output.
    Uci(commands::uci::Args),
    /// Solve a position of a built-in game exactly (Connect Four: the solving literature's score).
    Solve(commands::solve::Args),
    /// Fishburn's claim measured: fail-soft F3 against fail-hard F2 with the same transposition table.
    Fishburn(commands::fishburn::Args),
    /// Every procedure on the same trees and games, against the minimal tree and plain alpha-beta (CSV, Markdown, SVG).
    Compare(commands::compare::Args),
}

/// The whole command line: every command and option, the old spellings
/// refused ([`args::refuse_renamed`]).
fn definition() -> clap::Command {
    args::refuse_renamed(Cli::command())
}

fn main() {
    let matches = definition().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Command::Reproduce(a) => commands::reproduce::run(a),
        Command::Search(a) => commands::search::run(a),
        Command::Explore(a) => commands::explore::run(a),
        Command::Procedures => commands::search::list_procedures(),
        Command::MinimalTree(a) => commands::minimal_tree::run(a),
        Command::Simulate(a) => commands::simulate::run(a),
        Command::Merge(a) => commands::merge::run(a),
        Command::Exact(a) => commands::exact::run(a),
        Command::Chess(a) => commands::chess::run(a),
        Command::Experiment(a) => commands::experiment::run(a),
        Command::Perft(a) => commands::perft::run(a),
        Command::Uci(a) => commands::uci::run(a),
        Command::Solve(a) => commands::solve::run(a),
        Command::Fishburn(a) => commands::fishburn::run(a),
        Command::Compare(a) => commands::compare::run(a),
    };
    if let Err(e) = result {
        eprintln!("error: {e}");
        for cause in e.chain().skip(1) {
            eprintln!("  caused by: {cause}");
        }
        std::process::exit(2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole command line, old spellings refused, is well formed (clap's
    /// own checks: unique names, valid references between options).
    #[test]
    fn the_command_line_is_well_formed() {
        definition().debug_assert();
    }
}
