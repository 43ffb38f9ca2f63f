//! Floyd's likelihood search (Knuth & Moore 1975, §4) tried at scale: on
//! Win At Chess and Bratko–Kopec at equal (hard) node budgets against
//! iterative-deepening alpha-beta with quiescence, at fixed thresholds
//! against fixed depths, and in a match.
//!
//! The search is the core's `likelihood_search`; the chess model and the
//! budgeted searchers are `alphabeta_chess_lab::floyd` (every likelihood and
//! the threshold schedule documented there and in `docs/chess.md`).

use alphabeta_chess::epd::{EpdRecord, read_epd};
use alphabeta_chess::eval::Evaluator;
use alphabeta_chess::notation::to_san;
use alphabeta_chess_lab::floyd::{
    Decision, FloydSearch, Score, Searcher, play_game, random_openings,
};
use rayon::prelude::*;
use serde_json::json;

use super::figure;
use crate::context::Context;
use crate::model::{Comparison, DataTable, Item, ItemKind, Value};
use crate::plot::{Chart, Legend, Scale, Series, Style};

const WAC: &str = include_str!("../../data/wac.epd");
/// The 24 Bratko–Kopec positions (provenance: `crates/chess/tests/data/README.md`).
const BRATKO_KOPEC: &str = include_str!("../../data/bratko-kopec.epd");

/// The evaluator both searchers use.
const EVALUATOR: Evaluator = Evaluator::MaterialMobility;

fn searchers() -> [Searcher; 2] {
    [Searcher::AlphaBeta, Searcher::Floyd(FloydSearch::default())]
}

fn solved(r: &EpdRecord, mv: Option<alphabeta_chess::Move>) -> bool {
    mv.is_some_and(|m| r.best_moves.contains(&m) && !r.avoid_moves.contains(&m))
}

/// Runs the section.
pub fn run(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    let read = |name: &str, text: &str| {
        read_epd(text)
            .into_iter()
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow::anyhow!("bundled {name}: {e}"))
    };
    let records = read("WAC", WAC)?;
    let bk = read("Bratko–Kopec", BRATKO_KOPEC)?;
    let budgets: &[u64] = if ctx.options.full {
        &[1_000, 3_000, 10_000, 30_000, 100_000]
    } else {
        &[1_000, 3_000, 10_000]
    };
    // Full stops at depth / threshold 4: alpha-beta at depth 5 with capture
    // chains on all 300 positions alone would take hours on 2 cores.
    let levels: &[u32] = if ctx.options.full {
        &[1, 2, 3, 4]
    } else {
        &[1, 2, 3]
    };
    let games = ctx.samples(100, 200) as usize;
    let match_budget = ctx.samples(1_000, 3_000);
    ctx.steps(
        ((records.len() + bk.len()) * 2 * budgets.len() + records.len() * 2 * levels.len()) as u64
            + games as u64,
    );
    Ok(vec![
        budgets_item(ctx, &records, budgets)?,
        levels_item(ctx, &records, levels)?,
        match_item(ctx, games, match_budget),
        bratko_kopec(ctx, &bk, budgets),
    ])
}

/// Both searchers' decisions on every record at every budget:
/// `[searcher][budget][record]`.
fn decide_all(
    ctx: &Context<'_>,
    records: &[EpdRecord],
    budgets: &[u64],
) -> Vec<Vec<Vec<Decision>>> {
    searchers()
        .iter()
        .map(|s| {
            budgets
                .iter()
                .map(|&b| {
                    records
                        .par_iter()
                        .map(|r| {
                            let d = s.decide(&r.position, b, EVALUATOR);
                            ctx.advance(1);
                            d
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// The summary of one searcher at one budget: solved, mean and largest
/// positions used, mean last finished iteration, and how many positions
/// did not finish even the first iteration.
struct Summary {
    solved: usize,
    mean_nodes: f64,
    max_nodes: u64,
    mean_iteration: f64,
    unfinished: usize,
}

fn summarize(records: &[EpdRecord], ds: &[Decision]) -> Summary {
    let n = ds.len().max(1) as f64;
    Summary {
        solved: ds
            .iter()
            .zip(records)
            .filter(|(d, r)| solved(r, d.best))
            .count(),
        mean_nodes: ds.iter().map(|d| d.nodes as f64).sum::<f64>() / n,
        max_nodes: ds.iter().map(|d| d.nodes).max().unwrap_or(0),
        mean_iteration: ds.iter().map(|d| f64::from(d.iteration)).sum::<f64>() / n,
        unfinished: ds.iter().filter(|d| d.iteration == 0).count(),
    }
}

fn san(r: &EpdRecord, m: Option<alphabeta_chess::Move>) -> String {
    m.map_or("-".into(), |m| to_san(&r.position, m))
}

fn best_moves(r: &EpdRecord) -> String {
    r.best_moves
        .iter()
        .map(|&m| to_san(&r.position, m))
        .collect::<Vec<_>>()
        .join(" ")
}

fn budgets_item(ctx: &Context<'_>, records: &[EpdRecord], budgets: &[u64]) -> anyhow::Result<Item> {
    let mut item = Item::new(
        "floyd-budgets",
        ItemKind::Figure,
        "Floyd's likelihood search against alpha-beta at equal node budgets (WAC 1–300)",
    )
    .sample(format!(
        "{} Win At Chess positions at each of {} budgets",
        records.len(),
        budgets.len()
    ))
    .describe(format!(
        "Knuth & Moore (§4) describe Floyd's 1965 scheme — a position is terminal when the product of the likelihoods of the moves leading to it falls below a threshold — and note it 'has apparently not yet been tried in large-scale experiments'. Both searchers use material + mobility with capture-chain quiescence and the same hard budget of positions: every position is charged as it is visited (tree and capture-chain positions alike), the iteration running when the budget is spent is abandoned at once and thrown away, and the move of the last finished iteration is played. Alpha-beta deepens 1, 2, 3, … plies (MVV-LVA, killers); Floyd's search lowers its threshold 0.1, 0.03, 0.009, … (×0.3). When not even the first iteration finishes (alpha-beta depth 1, Floyd's threshold 0.1), the best root move of that partial iteration is played — every position the budget refused counts as lost for the side to move, so its value is a lower bound and root moves whose replies were not all searched rank last; the column 'no iteration finished' counts these positions. A position is solved when the move played is a `bm` move. {} positions.",
        records.len()
    ));
    let mut data = DataTable::new(
        "floyd-budgets",
        &[
            "budget (positions)",
            "search",
            "solved",
            "mean positions used",
            "largest positions used",
            "mean last iteration",
            "no iteration finished",
        ],
    );
    let mut chart = Chart::new(
        "WAC solved at equal node budgets",
        "node budget (positions a move)",
        "positions solved (of 300)",
    )
    .scales(Scale::Log, Scale::Linear);
    chart.legend = Legend::UpperLeft;
    let mut fails = DataTable::new(
        "floyd-failures",
        &["budget", "id", "bm", "alpha-beta's move", "Floyd's move"],
    );
    let all = decide_all(ctx, records, budgets);
    let mut largest_over = 0i128;
    for (c, s) in searchers().iter().enumerate() {
        let mut pts = Vec::new();
        for (i, &b) in budgets.iter().enumerate() {
            let m = summarize(records, &all[c][i]);
            largest_over = largest_over.max(m.max_nodes as i128 - b as i128);
            data.push(vec![
                json!(b),
                json!(s.name()),
                json!(m.solved),
                json!(m.mean_nodes),
                json!(m.max_nodes),
                json!(m.mean_iteration),
                json!(m.unfinished),
            ]);
            pts.push((b as f64, m.solved as f64));
            item.compare(Comparison::new_result(
                format!("WAC solved at {b} positions a move, {}", s.name()),
                Value::int(m.solved as i128),
                format!(
                    "mean positions used {:.0} (largest {}), mean last iteration {:.2}, no iteration finished in {}",
                    m.mean_nodes, m.max_nodes, m.mean_iteration, m.unfinished
                ),
            ));
        }
        chart
            .series
            .push(Series::new(s.name(), pts, Style::LinePoints, c));
    }
    item.compare(
        Comparison::qualitative(
            "The budget is hard: no search used more positions than its budget",
            largest_over <= 0,
        )
        .against_ours("a property of our budgeted searches, not a claim of the papers")
        .by_construction(
            "every position is charged before it is visited and refused past the budget",
        ),
    );
    // Where the two differ at the largest budget: positions one solves and
    // the other does not.
    if let Some(last) = budgets.len().checked_sub(1) {
        let b = budgets[last];
        for (k, r) in records.iter().enumerate() {
            let a = all[0][last][k].best;
            let f = all[1][last][k].best;
            if solved(r, a) != solved(r, f) {
                fails.push(vec![
                    json!(b),
                    json!(r.id().unwrap_or("?")),
                    json!(best_moves(r)),
                    json!(san(r, a)),
                    json!(san(r, f)),
                ]);
            }
        }
        let (ab, fl) = (
            summarize(records, &all[0][last]).solved,
            summarize(records, &all[1][last]).solved,
        );
        item.compare(Comparison::new_result(
            format!("WAC solved at {b} positions a move: Floyd minus alpha-beta"),
            Value::int(fl as i128 - ab as i128),
            "the positions one solves and the other does not are listed in the data",
        ));
    }
    item.figures.push(figure(
        "floyd-budgets.svg",
        "Win At Chess positions solved against the node budget: Floyd's likelihood search and iterative-deepening alpha-beta, same evaluator and quiescence, hard budgets.",
        chart.to_svg()?,
    ));
    item.data.push(data);
    item.data.push(fails);
    Ok(item)
}

fn levels_item(ctx: &Context<'_>, records: &[EpdRecord], levels: &[u32]) -> anyhow::Result<Item> {
    let mut item = Item::new(
        "floyd-thresholds",
        ItemKind::Figure,
        "Floyd's search at fixed thresholds against alpha-beta at fixed depths (WAC 1–300)",
    )
    .sample(format!(
        "{} Win At Chess positions at each of {} depths and thresholds",
        records.len(),
        levels.len()
    ))
    .describe("One search a position, no budget: alpha-beta to depth 1, 2, 3, … against Floyd's search at threshold 0.1, 0.03, 0.009, …; each point is (mean positions examined, positions solved), so the curve that lies higher solves more for the same work.");
    let mut data = DataTable::new(
        "floyd-thresholds",
        &["search", "depth or threshold", "solved", "mean positions"],
    );
    let mut chart = Chart::new(
        "WAC solved against the work of one search",
        "mean positions examined",
        "positions solved (of 300)",
    )
    .scales(Scale::Log, Scale::Linear);
    chart.legend = Legend::UpperLeft;
    for (c, s) in searchers().iter().enumerate() {
        let mut pts = Vec::new();
        for &k in levels {
            let ds: Vec<_> = records
                .par_iter()
                .map(|r| {
                    let d = s.fixed(&r.position, k, EVALUATOR);
                    ctx.advance(1);
                    d
                })
                .collect();
            let n = ds
                .iter()
                .zip(records)
                .filter(|(d, r)| solved(r, d.best))
                .count();
            let nodes = ds.iter().map(|d| d.nodes as f64).sum::<f64>() / ds.len() as f64;
            let level = match s {
                Searcher::AlphaBeta => format!("depth {k}"),
                Searcher::Floyd(f) => {
                    format!("threshold {:.3e}", f.start * f.step.powi(k as i32 - 1))
                }
            };
            data.push(vec![json!(s.name()), json!(level), json!(n), json!(nodes)]);
            pts.push((nodes, n as f64));
        }
        chart
            .series
            .push(Series::new(s.name(), pts, Style::LinePoints, c));
    }
    item.compare(Comparison::new_result(
        "Floyd's scheme at scale (Knuth & Moore: 'not yet tried in large-scale experiments')",
        Value::text("see the figure and data"),
        "no number of the paper to compare with; the tables are new",
    ));
    item.figures.push(figure(
        "floyd-thresholds.svg",
        "Positions solved against the mean work of one search: alpha-beta at depths 1, 2, 3, … and Floyd's search at thresholds 0.1 × 0.3^k.",
        chart.to_svg()?,
    ));
    item.data.push(data);
    Ok(item)
}

fn match_item(ctx: &Context<'_>, games: usize, budget: u64) -> Item {
    let openings = random_openings(games.div_ceil(2), 4, ctx.seed);
    let [ab, fl] = searchers();
    // Game 2i: Floyd white from opening i; game 2i+1: Floyd black.
    let results: Vec<u8> = (0..games)
        .into_par_iter()
        .map(|g| {
            let start = &openings[g / 2];
            let r = if g % 2 == 0 {
                play_game(start, &fl, &ab, budget, EVALUATOR, 200)
            } else {
                2 - play_game(start, &ab, &fl, budget, EVALUATOR, 200)
            };
            ctx.advance(1);
            r
        })
        .collect();
    let mut score = Score::default();
    for r in &results {
        match r {
            2 => score.wins += 1,
            1 => score.draws += 1,
            _ => score.losses += 1,
        }
    }
    let (elo, lo, hi) = score.elo();
    let mut item = Item::new(
        "floyd-match",
        ItemKind::Check,
        "A match: Floyd's likelihood search against alpha-beta at equal node budgets",
    )
    .sample(format!(
        "{games} games from {} random openings (each with colours swapped), {budget} positions a move",
        openings.len()
    ))
    .describe(format!(
        "{games} games at {budget} positions a move for both, in process; {} openings of 4 random legal plies from the start position (from the section's seed), each played twice with colours swapped; a game not over after 200 plies is a draw, as are the rule draws. Same evaluator (material + mobility) and quiescence for both. The Elo difference is for Floyd's search; its 95 % interval is the normal approximation of the mean game score mapped through the logistic formula.",
        openings.len()
    ));
    item.compare(Comparison::new_result(
        "Floyd's search: wins / draws / losses",
        Value::text(format!(
            "{} / {} / {}",
            score.wins, score.draws, score.losses
        )),
        format!("score {:.3}", score.fraction()),
    ));
    item.compare(Comparison::new_result(
        "Elo difference, Floyd's search − alpha-beta (95 % interval)",
        Value::text(format!("{elo:+.0} [{lo:+.0}, {hi:+.0}]")),
        format!("{games} games at {budget} positions a move"),
    ));
    let mut data = DataTable::new(
        "floyd-match",
        &["game", "Floyd plays", "opening", "Floyd's score"],
    );
    for (g, r) in results.iter().enumerate() {
        data.push(vec![
            json!(g + 1),
            json!(if g % 2 == 0 { "white" } else { "black" }),
            json!(openings[g / 2].fen()),
            json!(f64::from(*r) / 2.0),
        ]);
    }
    item.data.push(data);
    item
}

fn bratko_kopec(ctx: &Context<'_>, records: &[EpdRecord], budgets: &[u64]) -> Item {
    let mut item = Item::new(
        "floyd-bratko-kopec",
        ItemKind::Check,
        "Floyd's search against alpha-beta on the Bratko–Kopec positions",
    )
    .sample(format!(
        "{} Bratko–Kopec positions at each of {} budgets",
        records.len(),
        budgets.len()
    ))
    .describe(format!(
        "The 24 Bratko–Kopec positions (Bratko & Kopec 1982; the standard test file, three public copies agreeing), both searchers exactly as in the WAC figure: same evaluator, quiescence and hard budgets ({}). Half the suite is positional (pawn levers, quiet piece moves), so it tests the quiet-move side of Floyd's model that WAC barely touches. Solved = the move played is a `bm` move; the moves played are in the data.",
        budgets
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let all = decide_all(ctx, records, budgets);
    let mut data = DataTable::new(
        "floyd-bratko-kopec",
        &[
            "budget (positions)",
            "id",
            "bm",
            "alpha-beta's move",
            "Floyd's move",
        ],
    );
    for (i, &b) in budgets.iter().enumerate() {
        let ab = summarize(records, &all[0][i]);
        let fl = summarize(records, &all[1][i]);
        item.compare(Comparison::new_result(
            format!("Bratko–Kopec solved (of 24) at {b} positions a move: alpha-beta / Floyd"),
            Value::text(format!("{} / {}", ab.solved, fl.solved)),
            format!(
                "mean positions used {:.0} / {:.0} (largest {} / {}); mean last iteration {:.2} / {:.2}",
                ab.mean_nodes,
                fl.mean_nodes,
                ab.max_nodes,
                fl.max_nodes,
                ab.mean_iteration,
                fl.mean_iteration
            ),
        ));
        for (k, r) in records.iter().enumerate() {
            data.push(vec![
                json!(b),
                json!(r.id().unwrap_or("?")),
                json!(best_moves(r)),
                json!(san(r, all[0][i][k].best)),
                json!(san(r, all[1][i][k].best)),
            ]);
        }
    }
    item.data.push(data);
    item
}
