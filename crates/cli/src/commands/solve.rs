//! `alphabeta solve`: the exact game-theoretic value of a position of a
//! built-in game under perfect play, by the core's procedures.
//!
//! Connect Four (`connect4`): the position is the columns played, 1–7
//! (`4453`); the score is the solving literature's, for the side to move:
//! 22 − k for a win with one's k-th disc, 0 for a draw, k − 22 for a loss
//! to the opponent's k-th disc.

use std::time::Instant;

use alphabeta_core::{Limits, Stats};
use alphabeta_games::connect4::{
    Analysis, Board, DEFAULT_TABLE_MB, Driver, MAX_TABLE_MB, MoveOrder, Options, Outcome, Rule,
    Solver, table_mb_for,
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
  alphabeta solve connect4 --analyze 2355667432746561267732233443
                                             every column's score
  alphabeta solve connect4 ''                the empty board (minutes)
Score (Connect Four): for the side to move, 22 - k if it wins with its k-th disc, 0 for a
draw, k - 22 if the opponent wins with its k-th disc; the score after the best move is the
negation of the score before it. The best column printed is one the search that found the
score proved (no search of its own); --analyze solves the position after every column.")]
pub struct Args {
    /// The game: connect4.
    game: String,
    /// The position: the columns played so far, 1 to 7, first player first ("" or omitted: the empty board).
    #[arg(default_value = "")]
    moves: String,
    /// Only win, draw or loss (a narrower search).
    #[arg(long)]
    weak: bool,
    /// Transposition table size in MiB (1 to 16384; by default 1024 for positions of at most 6 discs, 64 for the others).
    #[arg(long)]
    table_mb: Option<usize>,
    /// Successor order: threats (moves that make more threats first, centre first on ties) or static (centre first).
    #[arg(long, value_enum, default_value = "threats")]
    order: OrderArg,
    /// The alpha-beta return rule: f3 (fail-soft) or f2 (fail-hard).
    #[arg(long, value_enum, default_value = "f3")]
    rule: RuleArg,
    /// How the root is searched: bisection (MTD(bi) null-window tests) or full-window.
    #[arg(long, value_enum, default_value = "bisection")]
    driver: DriverArg,
    /// Also every column's score (one solve of the position after each column) and every best column.
    #[arg(long)]
    analyze: bool,
    /// Count the score search with the core's Stats (cutoffs and positions per level).
    #[arg(long)]
    stats: bool,
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
    best_column: Option<u8>,
    column_scores: Option<Vec<Option<i64>>>,
    best_columns: Option<Vec<u8>>,
    positions_examined: u64,
    searches: u32,
    stats: Option<StatsReport>,
    seconds: f64,
    table_mb: usize,
    table_entries: usize,
}

/// What `--stats` counted in the score search (the core's `Stats`).
#[derive(Serialize)]
struct StatsReport {
    examined_per_level: Vec<u64>,
    settled_per_level: Vec<u64>,
    alpha_cutoffs: u64,
    beta_cutoffs: u64,
    deep_cutoffs: u64,
    pruned_branches: u64,
}

impl StatsReport {
    fn of(stats: &Stats) -> Self {
        StatsReport {
            examined_per_level: stats.nodes_per_ply(),
            settled_per_level: stats.settled_per_ply(),
            alpha_cutoffs: stats.alpha_cutoffs(),
            beta_cutoffs: stats.beta_cutoffs(),
            deep_cutoffs: stats.deep_cutoffs(),
            pruned_branches: stats.pruned(),
        }
    }
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
    if let Some(mb) = args.table_mb
        && !(1..=MAX_TABLE_MB).contains(&mb)
    {
        bail!("--table-mb must be between 1 and {MAX_TABLE_MB} (got {mb})");
    }
    let time = args.time.duration()?;
    let options = Options {
        table_mb: args.table_mb.unwrap_or_else(|| table_mb_for(&pos)),
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
    };
    let mut solver = match Solver::try_new(options) {
        // The large default table of an opening position is a preference:
        // where the machine cannot give it, the usual default is taken.
        Err(_) if args.table_mb.is_none() && options.table_mb != DEFAULT_TABLE_MB => {
            Solver::try_new(Options {
                table_mb: DEFAULT_TABLE_MB,
                ..options
            })?
        }
        solver => solver?,
    };
    solver.set_limits(Limits {
        time,
        ..Limits::none()
    });
    let started = Instant::now();
    let mut stats = Stats::default();
    let solution = match (args.weak, args.stats) {
        (true, false) => solver.solve_weak(&pos),
        (true, true) => solver.solve_weak_observed(&pos, &mut stats),
        (false, false) => solver.solve(&pos),
        (false, true) => solver.solve_observed(&pos, &mut stats),
    };
    if !solution.complete {
        bail!(
            "not solved: stopped after {:.1} s and {} positions (raise --time)",
            started.elapsed().as_secs_f64(),
            solution.nodes
        );
    }
    let analysis = if args.analyze {
        let analysis = solver.analyze(&pos, args.weak);
        if analysis.is_none() {
            bail!(
                "not analysed: stopped after {:.1} s (raise --time)",
                started.elapsed().as_secs_f64()
            );
        }
        analysis
    } else {
        None
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
        best_column: solution.best_column,
        column_scores: analysis.as_ref().map(|a| a.scores.to_vec()),
        best_columns: analysis.as_ref().map(Analysis::best_columns),
        positions_examined: solution.nodes + analysis.as_ref().map_or(0, |a| a.nodes),
        searches: solution.searches + analysis.as_ref().map_or(0, |a| a.searches),
        stats: args.stats.then(|| StatsReport::of(&stats)),
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
    if let Some(scores) = &report.column_scores {
        let list: Vec<String> = scores
            .iter()
            .zip(1..)
            .map(|(v, c)| match v {
                Some(v) if args.weak => format!("{c}: {}", Outcome::word(*v)),
                Some(v) => format!("{c}: {v}"),
                None => format!("{c}: -"),
            })
            .collect();
        text += &format!("columns   {}\n", list.join("  "));
    }
    let best = match (&report.best_columns, report.best_column) {
        (Some(all), _) if !all.is_empty() => {
            let list: Vec<String> = all.iter().map(u8::to_string).collect();
            format!("column {}", list.join(", "))
        }
        (None, Some(c)) => format!("column {c}"),
        _ => "(game over)".to_string(),
    };
    text += &format!("best      {best}\n");
    if let Some(st) = &report.stats {
        text += &format!(
            "stats     {} alpha and {} beta cutoffs ({} deep), {} branches pruned; examined per level {:?}\n",
            st.alpha_cutoffs,
            st.beta_cutoffs,
            st.deep_cutoffs,
            st.pruned_branches,
            st.examined_per_level
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
