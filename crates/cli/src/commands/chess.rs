//! `alphabeta chess`: the chess experiments of Fuller, Gaschnig & Gillogly
//! (1973, §6) and Klyushin & Kruchinin (2006), and the engine's test suite.

use std::path::PathBuf;

use super::outln;
use alphabeta_chess::Position;
use alphabeta_chess::epd::read_epd;
use alphabeta_chess::eval::Evaluator;
use alphabeta_chess::notation::to_san;
use alphabeta_chess::pgn::read_games;
use alphabeta_chess_lab::experiment::{ExperimentReport, run_experiment, run_positions, summarize};
use alphabeta_chess_lab::game::ExperimentConfig;
use alphabeta_chess_lab::selective::{SelectiveConfig, compare_with_alpha_beta, spread_positions};
use alphabeta_core::resources::{Text, read_text_file};
use alphabeta_core::{Procedure, value};
use alphabeta_engine::suite::solve_suite;
use anyhow::{Context, bail};

/// Options of `alphabeta chess`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: ChessCommand,
}

#[derive(clap::Subcommand)]
enum ChessCommand {
    /// Search one position (FEN or `startpos`) and print value, move and every counter.
    Search {
        /// The position.
        fen: String,
        #[command(flatten)]
        modes: Modes,
    },
    /// Search every position of a PGN game (Fuller's 80 positions of Spassky–Fischer 1972/21).
    Game {
        /// The PGN file (text, at most 64 MiB).
        pgn: PathBuf,
        /// Which game of the file (1-based).
        #[arg(long, default_value_t = 1)]
        game: usize,
        #[command(flatten)]
        modes: Modes,
    },
    /// Klyushin & Kruchinin's selective search against plain alpha-beta at the same depth.
    Selective {
        /// The position.
        fen: String,
        /// Depth of both searches.
        #[arg(long, default_value_t = 4)]
        depth: u32,
    },
    /// The selective search on positions spread over a PGN game (Klyushin & Kruchinin's experiment).
    SelectiveGame {
        /// The PGN file (text, at most 64 MiB).
        pgn: PathBuf,
        /// Which game of the file (1-based).
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// How many positions, spread evenly from ply 10 to the end.
        #[arg(long, default_value_t = 10)]
        positions: usize,
        /// Depth of both searches.
        #[arg(long, default_value_t = 4)]
        depth: u32,
    },
    /// Run the engine on an EPD suite (e.g. Win At Chess) at a fixed node budget, in analysis mode.
    Suite {
        /// The EPD file (text, at most 64 MiB).
        epd: PathBuf,
        /// Nodes per position.
        #[arg(long, default_value_t = 100_000)]
        nodes: u64,
        /// Print every position, not only the total.
        #[arg(long)]
        verbose: bool,
    },
}

/// The experiment's modes (Fuller §6).
#[derive(clap::Args)]
struct Modes {
    /// Fixed depth in plies (at most 12, as for `perft`).
    #[arg(long, default_value_t = 3)]
    depth: u32,
    /// Search procedure (see `alphabeta procedures`).
    #[arg(long, default_value = "f2")]
    procedure: Procedure,
    /// Evaluator: material or mobility (material + mobility).
    #[arg(long, default_value = "material")]
    evaluator: Evaluator,
    /// Fixed branching factor N: N legal moves chosen at random at every position.
    #[arg(long)]
    branching: Option<usize>,
    /// Seed of the random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Value bottom positions by all chains of captures.
    #[arg(long)]
    captures: bool,
    /// Fuller's "no equal values": perturb a bottom value equal to a bound by at most two points.
    #[arg(long)]
    no_equal_values: bool,
}

impl Modes {
    fn config(&self) -> anyhow::Result<ExperimentConfig> {
        if self.branching == Some(0) {
            bail!("--branching must be at least 1");
        }
        check_depth(self.depth)?;
        Ok(ExperimentConfig {
            evaluator: self.evaluator,
            branching: self.branching,
            seed: self.seed,
            captures: self.captures,
            no_equal_values: self.no_equal_values,
        })
    }
}

/// The deepest fixed-depth chess search or perft the tool runs, in plies:
/// one policy for `chess search`, `chess game` and `perft`. At 12
/// plies the move tree of the start position already holds about 6·10¹⁶ leaves.
pub const MAX_DEPTH: u32 = 12;

/// Refuses a depth past [`MAX_DEPTH`].
pub fn check_depth(depth: u32) -> anyhow::Result<()> {
    if depth > MAX_DEPTH {
        bail!("depth {depth} is too deep (at most {MAX_DEPTH} plies)");
    }
    Ok(())
}

fn position(fen: &str) -> anyhow::Result<Position> {
    if fen.trim() == "startpos" {
        Ok(Position::startpos())
    } else {
        Position::from_fen(fen).context("reading the position")
    }
}

fn per_ply(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

fn print_report(pos: &Position, r: &ExperimentReport) -> anyhow::Result<()> {
    let mv = r
        .best_move()
        .map_or_else(|| "-".to_string(), |m| to_san(pos, m));
    outln!("procedure        {}", r.procedure);
    outln!("depth            {}", r.depth);
    outln!("value            {}", value::display(r.value));
    outln!("move             {mv}");
    let mut line = pos.clone();
    let pv: Vec<String> =
        r.pv.iter()
            .map(|&m| {
                let s = to_san(&line, m);
                line = line.play(m);
                s
            })
            .collect();
    outln!("pv               {}", pv.join(" "));
    outln!("nodes            {}", r.stats.nodes());
    outln!(
        "bottom positions {}   (per ply: {})",
        r.stats.leaves(),
        per_ply(&r.stats.leaves_per_ply())
    );
    outln!(
        "move generations {}   (per ply: {})",
        r.stats.expansions(),
        per_ply(&r.stats.expansions_per_ply())
    );
    outln!("nodes per ply    {}", per_ply(&r.stats.nodes_per_ply()));
    outln!(
        "cutoffs          {} (alpha {}, beta {}, deep {}, shallow {})",
        r.stats.cutoffs(),
        r.stats.alpha_cutoffs(),
        r.stats.beta_cutoffs(),
        r.stats.deep_cutoffs(),
        r.stats.shallow_cutoffs()
    );
    outln!(
        "capture chains   {} positions, {} chain bottoms",
        r.captures.positions,
        r.captures.bottoms
    );
    outln!("ties perturbed   {}", r.captures.perturbed);
    outln!(
        "range R          {} distinct bottom values",
        r.bottom_values.range()
    );
    Ok(())
}

/// Reads a PGN or EPD file (at most
/// [`alphabeta_core::resources::MAX_INPUT_BYTES`], text only). Files
/// from older databases are often in Latin-1 or Windows-1252 (player names,
/// comments); the bytes that are not UTF-8 can only be in those parts, so they
/// are replaced, not refused.
fn read_text(path: &std::path::Path) -> anyhow::Result<String> {
    Ok(read_text_file(path, Text::Lossy)?)
}

fn load_game(pgn: &std::path::Path, game: usize) -> anyhow::Result<alphabeta_chess::pgn::PgnGame> {
    let text = read_text(pgn)?;
    let games = read_games(&text);
    let count = games.len();
    games
        .into_iter()
        .nth(game.wrapping_sub(1))
        .with_context(|| format!("{} has {count} games, no game {game}", pgn.display()))?
        .context("reading the game")
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        ChessCommand::Search { fen, modes } => {
            let pos = position(&fen)?;
            let r = run_experiment(&pos, modes.config()?, modes.procedure, modes.depth);
            print_report(&pos, &r)?;
        }
        ChessCommand::Game { pgn, game, modes } => {
            let g = load_game(&pgn, game)?;
            let config = modes.config()?;
            let positions = g.positions();
            // The final position has no move to choose.
            let searched = &positions[..positions.len() - 1];
            let reports = run_positions(searched, config, modes.procedure, modes.depth);
            outln!("ply nbp nmg nodes capture_positions range value");
            for (ply, r) in reports.iter().enumerate() {
                outln!(
                    "{ply} {} {} {} {} {} {}",
                    r.stats.leaves(),
                    r.stats.expansions(),
                    r.stats.nodes(),
                    r.captures.positions,
                    r.bottom_values.range(),
                    r.value
                );
            }
            if let Some(s) = summarize(&reports) {
                outln!("positions {}", s.positions);
                outln!("mean bottom positions {:.1}", s.mean_bottom_positions);
                outln!(
                    "range R: min {}, median {}, max {}",
                    s.range_min,
                    s.range_median,
                    s.range_max
                );
            }
        }
        ChessCommand::Selective { fen, depth } => {
            let pos = position(&fen)?;
            if !(2..=6).contains(&depth) {
                bail!("--depth must be 2..=6");
            }
            let c = compare_with_alpha_beta(
                &pos,
                &SelectiveConfig {
                    depth,
                    ..Default::default()
                },
            );
            let san = |m: Option<alphabeta_chess::Move>| {
                m.map_or_else(|| "-".to_string(), |m| to_san(&pos, m))
            };
            outln!("selective move        {}", san(c.selective.best_move));
            outln!(
                "selective value       {}",
                value::display(c.selective.value)
            );
            let passed = pos.board().null_move().map(Position::from_board);
            let threat = c.selective.threat.zip(passed).map(|(t, p)| to_san(&p, t));
            outln!(
                "threat                {}",
                threat.unwrap_or_else(|| "none".to_string())
            );
            outln!("protecting moves      {}", c.selective.protecting);
            outln!("positive moves        {}", c.selective.positive);
            outln!("selective terminals   {}", c.selective.terminal_positions);
            outln!("alpha-beta move       {}", san(c.alpha_beta_move));
            outln!(
                "alpha-beta value      {}",
                value::display(c.alpha_beta_value)
            );
            outln!("alpha-beta terminals  {}", c.alpha_beta_terminals);
            outln!("same move             {}", c.same_move());
        }
        ChessCommand::SelectiveGame {
            pgn,
            game,
            positions,
            depth,
        } => {
            if !(2..=6).contains(&depth) {
                bail!("--depth must be 2..=6");
            }
            let g = load_game(&pgn, game)?;
            let picked = spread_positions(&g.positions(), 10, positions);
            let config = SelectiveConfig {
                depth,
                ..Default::default()
            };
            outln!("ply fen selective alpha_beta same_move");
            let (mut sel, mut ab, mut same) = (0u64, 0u64, 0usize);
            for pos in &picked {
                let c = compare_with_alpha_beta(pos, &config);
                let ply =
                    pos.board().fullmove_number() as usize * 2 - 2 + pos.side_to_move() as usize;
                outln!(
                    "{ply} {} {} {} {}",
                    pos.fen().replace(' ', "_"),
                    c.selective.terminal_positions,
                    c.alpha_beta_terminals,
                    c.same_move()
                );
                sel += c.selective.terminal_positions;
                ab += c.alpha_beta_terminals;
                same += usize::from(c.same_move());
            }
            let n = picked.len().max(1) as f64;
            outln!("positions {}", picked.len());
            outln!(
                "mean terminals: selective {:.1}, alpha-beta {:.1}",
                sel as f64 / n,
                ab as f64 / n
            );
            outln!("same move in {same} of {}", picked.len());
        }
        ChessCommand::Suite {
            epd,
            nodes,
            verbose,
        } => {
            let text = read_text(&epd)?;
            let mut records = Vec::new();
            for r in read_epd(&text) {
                match r {
                    Ok(r) if r.best_moves.is_empty() && r.avoid_moves.is_empty() => eprintln!(
                        "skipped: {} has no bm or am to solve",
                        r.id()
                            .map_or_else(|| r.position.fen(), |id| format!("id {id:?}"))
                    ),
                    Ok(r) => records.push(r),
                    Err(e) => eprintln!("skipped: {e}"),
                }
            }
            if nodes == 0 {
                bail!("--nodes must be at least 1");
            }
            let entries = solve_suite(&records, nodes, 16);
            if verbose {
                for e in &entries {
                    outln!(
                        "{} {} {} {}",
                        e.id,
                        if e.solved { "solved" } else { "missed" },
                        e.played,
                        e.nodes
                    );
                }
            }
            let solved = entries.iter().filter(|e| e.solved).count();
            outln!(
                "solved {solved} of {} at {nodes} nodes a position",
                entries.len()
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_latin1_pgn_is_read() {
        // "Ljubojević" would be UTF-8; an old database writes "Ljubojevi\xe6".
        let path =
            std::env::temp_dir().join(format!("alphabeta-latin1-{}.pgn", std::process::id()));
        let pgn: &[u8] = b"[White \"Ljubojevi\xe6, Ljubomir\"]\n[Black \"X\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
        std::fs::write(&path, pgn).expect("write");
        let game = load_game(&path, 1);
        std::fs::remove_file(&path).expect("remove");
        let game = game.expect("the game loads");
        assert_eq!(game.positions().len(), 8);
        assert_eq!(
            game.tags[0],
            (
                "White".to_string(),
                "Ljubojevi\u{fffd}, Ljubomir".to_string()
            )
        );
    }
}
