//! `alphabeta solve`: the exact game-theoretic value of a position of a
//! built-in game under perfect play, by the core's procedures.
//!
//! Connect Four (`connect4`): the position is the columns played, 1–7
//! (`4453`); the score is the solving literature's, for the side to move:
//! 22 − k for a win with one's k-th disc, 0 for a draw, k − 22 for a loss
//! to the opponent's k-th disc.

use std::time::Instant;

use alphabeta_core::Limits;
use alphabeta_games::connect4::{
    Board, DEFAULT_TABLE_MB, Driver, MAX_TABLE_MB, MoveOrder, Options, Outcome, Rule, Solver,
};
use anyhow::{Context, bail};
use serde::Serialize;

use crate::args::{TextJson, TimeLimit};
use crate::output::{self, Format};

/// Options of `alphabeta solve`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  alphabeta solve connect4 4455              the side to move wins with its 4th disc: 18
  alphabeta solve connect4 44455554221       -15
  alphabeta solve connect4 4453 --weak       win, draw or loss only
  alphabeta solve connect4 '' --time 600     the empty board (long)
Score (Connect Four): for the side to move, 22 - k if it wins with its k-th disc, 0 for a
draw, k - 22 if the opponent wins with its k-th disc; the score after the best move is the
negation of the score before it.")]
pub struct Args {
    /// The game: connect4.
    game: String,
    /// The position: the columns played so far, 1 to 7, first player first ("" or omitted: the empty board).
    #[arg(default_value = "")]
    moves: String,
    /// Only win, draw or loss (a narrower search).
    #[arg(long)]
    weak: bool,
    /// Transposition table size in MiB (1 to 16384).
    #[arg(long, default_value_t = DEFAULT_TABLE_MB)]
    table_mb: usize,
    /// Successor order: threats (moves that make more threats first, centre first on ties) or static (centre first).
    #[arg(long, value_enum, default_value = "threats")]
    order: OrderArg,
    /// The alpha-beta return rule: f3 (fail-soft) or f2 (fail-hard).
    #[arg(long, value_enum, default_value = "f3")]
    rule: RuleArg,
    /// How the root is searched: bisection (MTD(bi) null-window tests) or full-window.
    #[arg(long, value_enum, default_value = "bisection")]
    driver: DriverArg,
    /// Skip finding the best moves (one null-window test per move after the score).
    #[arg(long)]
    no_best: bool,
    #[command(flatten)]
    time: TimeLimit,
    #[command(flatten)]
    format: TextJson,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum OrderArg {
    Threats,
    Static,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum RuleArg {
    F3,
    F2,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum DriverArg {
    Bisection,
    FullWindow,
}

/// What `solve --format json` prints.
#[derive(Serialize)]
struct Report {
    game: &'static str,
    moves: String,
    discs: usize,
    score: i64,
    weak: bool,
    outcome: Outcome,
    meaning: String,
    best_columns: Option<Vec<u8>>,
    positions_examined: u64,
    searches: u32,
    seconds: f64,
    table_mb: usize,
    table_entries: usize,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.game.trim().to_ascii_lowercase().as_str() {
        "connect4" | "connect-four" | "c4" => connect4(args),
        other => bail!("unknown game {other:?}; games that can be solved: connect4"),
    }
}

fn connect4(args: Args) -> anyhow::Result<()> {
    let pos: Board = args
        .moves
        .parse()
        .with_context(|| format!("reading the Connect Four position {:?}", args.moves))?;
    if !(1..=MAX_TABLE_MB).contains(&args.table_mb) {
        bail!(
            "--table-mb must be between 1 and {MAX_TABLE_MB} (got {})",
            args.table_mb
        );
    }
    let time = args.time.duration()?;
    let mut solver = Solver::try_new(Options {
        table_mb: args.table_mb,
        order: match args.order {
            OrderArg::Threats => MoveOrder::Threats,
            OrderArg::Static => MoveOrder::Static,
        },
        rule: match args.rule {
            RuleArg::F3 => Rule::FailSoft,
            RuleArg::F2 => Rule::FailHard,
        },
        driver: match args.driver {
            DriverArg::Bisection => Driver::Bisection,
            DriverArg::FullWindow => Driver::FullWindow,
        },
    })?;
    solver.set_limits(Limits {
        time,
        ..Limits::none()
    });
    let started = Instant::now();
    let solution = if args.weak {
        solver.solve_weak(&pos)
    } else {
        solver.solve(&pos)
    };
    if !solution.complete {
        bail!(
            "not solved: stopped after {:.1} s and {} positions (raise --time)",
            started.elapsed().as_secs_f64(),
            solution.nodes
        );
    }
    let best_columns = if args.no_best {
        None
    } else if args.weak {
        // Moves keeping the outcome: the score after them has the opposite sign.
        weak_best(&mut solver, &pos, solution.score)
    } else {
        solver.best_columns(&pos, solution.score)
    };
    let seconds = started.elapsed().as_secs_f64();
    let report = Report {
        game: "connect4",
        moves: args.moves.chars().filter(|c| !c.is_whitespace()).collect(),
        discs: pos.discs(),
        score: solution.score,
        weak: args.weak,
        outcome: Outcome::of(solution.score),
        meaning: meaning(&pos, solution.score, args.weak),
        best_columns,
        positions_examined: solution.nodes,
        searches: solution.searches,
        seconds,
        table_mb: solver.options().table_mb,
        table_entries: solver.table_entries(),
    };
    if args.format.format == Format::Json {
        return super::print_out(&output::json(&report)?);
    }
    let side = if pos.discs().is_multiple_of(2) {
        "x"
    } else {
        "o"
    };
    let mut text = format!(
        "position  {} ({} discs, {side} to move)\n{}",
        if report.moves.is_empty() {
            "(empty board)"
        } else {
            &report.moves
        },
        report.discs,
        pos.diagram()
    );
    let score = if args.weak {
        format!("{:?}", report.outcome).to_lowercase()
    } else {
        report.score.to_string()
    };
    text += &format!("score     {score} ({})\n", report.meaning);
    if let Some(best) = &report.best_columns {
        let list: Vec<String> = best.iter().map(u8::to_string).collect();
        text += &format!(
            "best      {}\n",
            if list.is_empty() {
                "(game over)".to_string()
            } else {
                format!("column {}", list.join(", "))
            }
        );
    }
    text += &format!(
        "searched  {} positions, {} null-window tests, {:.3} s, table {} MiB ({} entries)\n",
        report.positions_examined,
        report.searches,
        report.seconds,
        report.table_mb,
        report.table_entries
    );
    super::print_out(&text)
}

/// The columns whose outcome is the position's (weak mode).
fn weak_best(solver: &mut Solver, pos: &Board, sign: i64) -> Option<Vec<u8>> {
    let mut best = Vec::new();
    for c in alphabeta_games::connect4::Connect4::legal_columns(pos) {
        let child = solver.solve_weak(&pos.play(c as usize));
        if !child.complete {
            return None;
        }
        if -child.score == sign {
            best.push(c + 1);
        }
    }
    best.sort_unstable();
    Some(best)
}

/// The score in words.
fn meaning(pos: &Board, score: i64, weak: bool) -> String {
    let side = if pos.discs().is_multiple_of(2) {
        "x"
    } else {
        "o"
    };
    match (weak, score.signum()) {
        (_, 0) => "a draw under perfect play".to_string(),
        (true, 1) => format!("{side}, to move, wins"),
        (true, _) => format!("{side}, to move, loses"),
        (false, 1) => format!("{side}, to move, wins with its disc {}", 22 - score),
        (false, _) => format!(
            "{side}, to move, loses to the opponent's disc {}",
            22 + score
        ),
    }
}
