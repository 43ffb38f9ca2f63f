//! `alphabeta fishburn`: Fishburn's claim (Hsu's slides: "F3 saves about 7 %
//! of time than that of F2 when a transposition table is used") measured on
//! game graphs with transpositions: Connect Four positions, random DAGs and
//! chess positions at a fixed depth. Both rules search every position with
//! equal, freshly emptied tables; the saving is 1 − (positions F3 examines)
//! / (positions F2 examines).

use alphabeta_chess::Position as ChessPosition;
use alphabeta_chess_lab::game::{Chess, ExperimentConfig};
use alphabeta_core::procedures::{
    ReturnRule, alpha_beta_with_table, alpha_beta_with_table_and_bounds, bisection,
    iterative_deepening_with_table,
};
use alphabeta_core::table::TranspositionTable;
use alphabeta_core::{BoundedGame, INFINITY, NEG_INFINITY, Value};
use alphabeta_games::connect4::{Board, Connect4, full_depth, random_position};
use alphabeta_games::fishburn::{FullWindow, Measure, Pair, Summary, compare, counted, summarize};
use alphabeta_models::{RandomDag, TreeModel};
use anyhow::{Context, bail};
use serde::Serialize;

use crate::args::{TextJson, TimeLimit};
use crate::output::{self, Format};

/// Options of `alphabeta fishburn`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  alphabeta fishburn                               every source, default sizes
  alphabeta fishburn --source dag --count 200 --format json
The saving is 1 - nodes(F3)/nodes(F2) per position; the summary gives its mean, standard
deviation, range, the pooled saving (1 - total F3 / total F2) and how often F3 did worse.")]
pub struct Args {
    /// Which graphs: connect4, dag, chess or all.
    #[arg(long, default_value = "all")]
    source: String,
    /// Positions (Connect Four, per disc count), trees (DAG).
    #[arg(long, default_value_t = 20)]
    count: u32,
    /// Base seed of the Connect Four positions and the DAGs.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Connect Four: discs played in the positions (comma-separated).
    #[arg(long, default_value = "24,20", value_delimiter = ',')]
    discs: Vec<usize>,
    /// DAG: successors per position, 1 to 64.
    #[arg(long, default_value_t = 6)]
    dag_n: u32,
    /// DAG: depth, 1 to 32.
    #[arg(long, default_value_t = 8)]
    dag_d: u32,
    /// DAG: positions per level, 1 to 100000.
    #[arg(long, default_value_t = 2000)]
    dag_w: u64,
    /// Chess: depth of the iterative deepening (material evaluator, all moves), 1 to 5.
    #[arg(long, default_value_t = 4)]
    chess_depth: u32,
    /// Transposition table size, in entries (the same for F2 and F3).
    #[arg(long, default_value_t = 1 << 20)]
    table_entries: usize,
    #[command(flatten)]
    time: TimeLimit,
    #[command(flatten)]
    format: TextJson,
}

/// The ranges of the sizes: the largest searches a few seconds each.
const CHESS_DEPTHS: std::ops::RangeInclusive<u32> = 1..=5;
const DAG_N: std::ops::RangeInclusive<u32> = 1..=64;
const DAG_D: std::ops::RangeInclusive<u32> = 1..=32;
const DAG_W: std::ops::RangeInclusive<u64> = 1..=100_000;

/// Positions a chess comparison searches: the perft suite's start,
/// "Kiwipete", endgame and middle-game positions.
const CHESS_FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// The most entries a table may have (a `--table-entries` above is refused).
const MAX_ENTRIES: usize = 1 << 26;

#[derive(Serialize)]
struct Block {
    source: String,
    driver: String,
    summary: Summary,
    pairs: Vec<Pair>,
}

/// Connect Four solved with a fresh table: one full-window search, or
/// MTD(bi) behind McCarthy's bounds (the solver's way).
struct C4Measure {
    entries: usize,
    bisect: bool,
}

impl Measure<Connect4> for C4Measure {
    fn search<R: ReturnRule>(&self, game: &Connect4, pos: &Board) -> (Value, u64) {
        let mut table = TranspositionTable::with_entries(self.entries);
        let depth = full_depth(pos);
        counted(game, |s| {
            if self.bisect {
                let (lo, hi) = (game.pessimistic(pos), game.optimistic(pos));
                bisection(lo, hi, |beta| {
                    alpha_beta_with_table_and_bounds::<R, _, _>(
                        s,
                        &mut table,
                        pos,
                        depth,
                        beta - 1,
                        beta,
                    )
                })
                .value
            } else {
                alpha_beta_with_table::<R, _, _>(s, &mut table, pos, depth, NEG_INFINITY, INFINITY)
            }
        })
    }
}

/// Chess by iterative deepening with the table to a fixed depth.
struct ChessMeasure {
    entries: usize,
    depth: u32,
}

impl Measure<Chess> for ChessMeasure {
    fn search<R: ReturnRule>(&self, game: &Chess, pos: &ChessPosition) -> (Value, u64) {
        let mut table = TranspositionTable::with_entries(self.entries);
        counted(game, |s| {
            iterative_deepening_with_table::<R, _, _>(s, &mut table, pos, self.depth, None).value
        })
    }
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.table_entries == 0 || args.table_entries > MAX_ENTRIES {
        bail!("--table-entries must be between 1 and {MAX_ENTRIES}");
    }
    if args.count == 0 || args.count > 10_000 {
        bail!("--count must be between 1 and 10000");
    }
    let ranges = [
        (
            "--chess-depth",
            u64::from(args.chess_depth),
            1,
            u64::from(*CHESS_DEPTHS.end()),
        ),
        ("--dag-n", u64::from(args.dag_n), 1, u64::from(*DAG_N.end())),
        ("--dag-d", u64::from(args.dag_d), 1, u64::from(*DAG_D.end())),
        ("--dag-w", args.dag_w, 1, *DAG_W.end()),
    ];
    for (flag, value, lo, hi) in ranges {
        if !(lo..=hi).contains(&value) {
            bail!("{flag} must be between {lo} and {hi} (got {value})");
        }
    }
    let deadline = Deadline::new(args.time.duration()?);
    let all = args.source == "all";
    if !all && !["connect4", "dag", "chess"].contains(&args.source.as_str()) {
        bail!(
            "unknown source {:?}; known: connect4, dag, chess, all",
            args.source
        );
    }
    let mut blocks = Vec::new();
    if all || args.source == "connect4" {
        let game = Connect4::default();
        let mut positions = Vec::new();
        for &discs in &args.discs {
            if !(4..=38).contains(&discs) {
                bail!("--discs must be between 4 and 38 (got {discs})");
            }
            for i in 0..u64::from(args.count) {
                let moves = random_position(discs, args.seed.wrapping_add(i))
                    .with_context(|| format!("no open position with {discs} discs"))?;
                let pos: Board = moves.parse()?;
                positions.push((moves, pos));
            }
        }
        for bisect in [false, true] {
            let m = C4Measure {
                entries: args.table_entries,
                bisect,
            };
            let pairs = deadline.compare(&game, &positions, &m)?;
            blocks.push(block(
                format!("connect4 ({} discs)", join(&args.discs)),
                if bisect {
                    "MTD(bi), null windows, McCarthy bounds"
                } else {
                    "full window (-inf, +inf)"
                },
                pairs,
            ));
        }
    }
    if all || args.source == "dag" {
        let base = RandomDag::new(args.dag_n, args.dag_d, args.dag_w, 0)?;
        let mut pairs = Vec::new();
        for i in 0..u64::from(args.count) {
            let dag = base.reseed(args.seed.wrapping_add(i));
            let mut p = deadline.compare(
                &dag,
                &[(format!("seed {}", dag.seed()), dag.root())],
                &FullWindow {
                    entries: args.table_entries,
                    depth: dag.depth(),
                },
            )?;
            pairs.append(&mut p);
        }
        blocks.push(block(
            format!(
                "random DAG n={} d={} w={}",
                args.dag_n, args.dag_d, args.dag_w
            ),
            "full window (-inf, +inf)",
            pairs,
        ));
    }
    if all || args.source == "chess" {
        let game = Chess::new(ExperimentConfig::default());
        let positions = CHESS_FENS
            .iter()
            .map(|fen| Ok((fen.to_string(), ChessPosition::from_fen(fen)?)))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let pairs = deadline.compare(
            &game,
            &positions,
            &ChessMeasure {
                entries: args.table_entries,
                depth: args.chess_depth,
            },
        )?;
        blocks.push(block(
            format!("chess, depth {} (material)", args.chess_depth),
            "iterative deepening, full window",
            pairs,
        ));
    }
    if args.format.format == Format::Json {
        return super::print_out(&output::json(&blocks)?);
    }
    let mut text = String::from(
        "F3 (fail-soft) against F2 (fail-hard), the same transposition table; saving = 1 - F3/F2 positions examined\n\
         Hsu's slide (Fishburn 1983): F3 saves about 7 %\n\n",
    );
    text += &format!(
        "{:<34} {:<40} {:>5} {:>8} {:>8} {:>8} {:>8} {:>8} {:>7}\n",
        "graphs", "search", "n", "mean", "sd", "min", "max", "pooled", "F3>F2"
    );
    for b in &blocks {
        let s = &b.summary;
        text += &format!(
            "{:<34} {:<40} {:>5} {:>7.2}% {:>7.2}% {:>7.2}% {:>7.2}% {:>7.2}% {:>7}\n",
            b.source,
            b.driver,
            s.positions,
            100.0 * s.mean,
            100.0 * s.std_dev,
            100.0 * s.min,
            100.0 * s.max,
            100.0 * s.pooled,
            s.f3_worse
        );
    }
    super::print_out(&text)
}

/// `--time`: the comparison gives up, with an error and nothing printed,
/// once the time is spent (checked after each position's pair of searches,
/// each bounded by the ranges of the sizes).
struct Deadline {
    limit: Option<std::time::Duration>,
    started: std::time::Instant,
}

impl Deadline {
    fn new(limit: Option<std::time::Duration>) -> Self {
        Deadline {
            limit,
            started: std::time::Instant::now(),
        }
    }

    /// [`compare`] position by position, within the time.
    fn compare<G: alphabeta_core::HashedGame, M: Measure<G>>(
        &self,
        game: &G,
        positions: &[(String, G::Position)],
        measure: &M,
    ) -> anyhow::Result<Vec<Pair>> {
        let mut pairs = Vec::with_capacity(positions.len());
        for one in positions.chunks(1) {
            if let Some(limit) = self.limit
                && self.started.elapsed() >= limit
            {
                bail!(
                    "--time {} s ran out before {}; nothing was printed \
                     (give a longer --time, a smaller --count or smaller sizes)",
                    limit.as_secs_f64(),
                    one[0].0
                );
            }
            pairs.append(&mut compare(game, one, measure));
        }
        Ok(pairs)
    }
}

fn block(source: String, driver: &str, pairs: Vec<Pair>) -> Block {
    Block {
        source,
        driver: driver.to_string(),
        summary: summarize(&pairs).expect("at least one position"),
        pairs,
    }
}

fn join(v: &[usize]) -> String {
    v.iter().map(usize::to_string).collect::<Vec<_>>().join(",")
}
