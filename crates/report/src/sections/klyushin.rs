//! Klyushin & Kruchinin (2006): their selective search at every level and
//! at the root only, against plain alpha-beta unordered and ordered, depth
//! 4, on 10 positions of each of the two substitute games; their lower bound
//! against our counts; a sweep over the two open thresholds; and the first
//! WAC positions at the same depth with solved counts.
//!
//! The search is `alphabeta_chess_lab::selective::recursive`; every choice the
//! paper leaves open is documented there and in `docs/chess.md`.

use alphabeta_chess::Position;
use alphabeta_chess::epd::read_epd;
use alphabeta_chess::pgn::read_games;
use alphabeta_chess_lab::selective::recursive::{
    KkOptions, Variant, alpha_beta_minimum, implied_p, lower_bound,
};
use alphabeta_chess_lab::selective::spread_positions;
use alphabeta_chess_lab::selective::study::PositionStudy;
use rayon::prelude::*;
use serde_json::json;

use super::figure;
use crate::context::Context;
use crate::model::{Comparison, DataTable, Item, ItemKind, Value};
use crate::paper::{KLYUSHIN_AVERAGES, KLYUSHIN_TABLE};
use crate::plot::{Chart, Legend, Scale, Series, Style};

const FISCHER_MATANOVIC: &str = include_str!("../../data/fischer-matanovic-1968.pgn");
const BOTVINNIK_DONNER: &str = include_str!("../../data/botvinnik-donner-candidates.pgn");
const WAC: &str = include_str!("../../data/wac.epd");

/// The first ply of the spread and the positions taken from each game.
const FIRST_PLY: usize = 10;
const PER_GAME: usize = 10;

/// The positions of the game of `pgn` whose `Site` tag starts with `site`.
fn game_positions(pgn: &str, site: &str) -> anyhow::Result<Vec<Position>> {
    for game in read_games(pgn) {
        let game = game.map_err(|e| anyhow::anyhow!("bundled PGN: {e}"))?;
        if game.tag("Site").is_some_and(|s| s.starts_with(site)) {
            return Ok(game.positions());
        }
    }
    anyhow::bail!("no game played at {site} in the bundled PGN")
}

/// The 20 positions: 10 of Fischer–Matanović (Vinkovci 1968) and 10 of
/// Botvinnik–Donner (Noordwijk 1965), each evenly spaced from ply 10 to the
/// last position with a move.
pub fn game_sample() -> anyhow::Result<Vec<(String, Position)>> {
    let mut out = Vec::new();
    for (name, pgn, site) in [
        ("Fischer–Matanović 1968", FISCHER_MATANOVIC, "Vinkovci"),
        ("Botvinnik–Donner 1965", BOTVINNIK_DONNER, "Noordwijk"),
    ] {
        let picked = spread_positions(&game_positions(pgn, site)?, FIRST_PLY, PER_GAME);
        out.extend(picked.into_iter().map(|p| (name.to_string(), p)));
    }
    Ok(out)
}

fn mean(xs: impl IntoIterator<Item = f64>) -> f64 {
    let (mut s, mut n) = (0.0, 0usize);
    for x in xs {
        s += x;
        n += 1;
    }
    if n == 0 { f64::NAN } else { s / n as f64 }
}

/// Runs the section.
pub fn run(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    let options = KkOptions::default();
    let sample = game_sample()?;
    let wac_count = ctx.samples(100, 300) as usize;
    let thresholds: &[i64] = if ctx.options.full {
        &[1, 2, 3, 4, 6, 8, 12, 16]
    } else {
        &[1, 2, 4, 8, 16]
    };
    let multipliers = [1u32, 2, 3];
    ctx.steps((sample.len() * (1 + thresholds.len() * multipliers.len()) + wac_count) as u64);

    let studies: Vec<PositionStudy> = sample
        .par_iter()
        .map(|(_, p)| {
            let s = PositionStudy::run(p, &Variant::ALL, &options);
            ctx.advance(1);
            s
        })
        .collect();
    let mut items = vec![table(&sample, &studies, &options)];
    items.push(rows(&sample, &studies));
    items.push(bound(&studies, &options));
    items.push(sweep(ctx, &sample, thresholds, &multipliers)?);
    items.push(wac(ctx, wac_count, &options)?);
    Ok(items)
}

/// Where Klyushin & Kruchinin print their experiment's averages and table.
const KK_TEXT: &str = "Klyushin & Kruchinin 2006, Experimental results";

fn table(sample: &[(String, Position)], studies: &[PositionStudy], o: &KkOptions) -> Item {
    let mut item = Item::new(
        "klyushin-table",
        ItemKind::Table,
        "Klyushin & Kruchinin: terminal positions at depth 4, their algorithm against alpha-beta",
    )
    .sample(format!(
        "{} positions ({PER_GAME} of each of two games) at depth {}, {} searches each",
        sample.len(),
        o.depth,
        Variant::ALL.len()
    ))
    .describe(format!(
        "The paper's 20 positions of 'Botvinnik–Donner (Amsterdam, 1963)' and 'Fisher–Matanovich (Lugano, 1968)' cannot be identified (neither game exists as cited). We use the nearest real games, Fischer–Matanović (Vinkovci 1968) and Botvinnik–Donner (Noordwijk 1965), and take from each {PER_GAME} positions evenly spaced from ply {FIRST_PLY} to the last position with a move. Each is searched to depth {d} by: plain fail-hard alpha-beta in the move generator's order (the paper's 'clear Alpha-Beta'), the same with MVV-LVA captures and two killers a ply, the selective steps 1–4 at the root only, and the selective steps at every level (the paper's recursive form). Thresholds: threat margin {tm} points, positional gain ≥ {pt} mobility, material moves {m}× deeper, checks as material, mate check of the threat on. A move is 'worse' when plain alpha-beta of depth {d} values it below its own best move.",
        d = o.depth,
        tm = o.threat_margin,
        pt = o.positional_threshold,
        m = o.depth_multiplier,
    ));
    // Their table against their text.
    let n = KLYUSHIN_TABLE.len() as f64;
    let theirs: u32 = KLYUSHIN_TABLE.iter().map(|r| r.1).sum();
    let plain: u32 = KLYUSHIN_TABLE.iter().map(|r| r.2).sum();
    item.compare(
        Comparison::rounded(
            "their algorithm: text average vs. mean of their table",
            KLYUSHIN_AVERAGES.0,
            0,
            f64::from(theirs) / n,
        )
        .cite(KK_TEXT),
    );
    // The text's average and their own table's mean disagree.
    let table_mean = f64::from(plain) / n;
    item.compare(Comparison::seed_inconsistent(
        Comparison::rounded(
            "alpha-beta: the mean of their table (11006.4) against the text's average (11008)",
            table_mean,
            1,
            table_mean,
        )
        .formula(format!("the mean of their 20-row table (sum {plain})")),
        Comparison::rounded(
            "alpha-beta: text average",
            KLYUSHIN_AVERAGES.1,
            0,
            table_mean,
        )
        .cite(KK_TEXT),
    ));
    let ab = |s: &PositionStudy| s.result(Variant::AlphaBeta).map_or(0, |r| r.terminals);
    let mut summary = DataTable::new(
        "klyushin-summary",
        &[
            "search",
            "mean terminal positions",
            "ratio to alpha-beta",
            "same move as alpha-beta",
            "positions where it examines more than alpha-beta",
            "positions with a worse move",
            "mean p (candidates a selective position)",
        ],
    );
    summary.push(vec![
        json!("paper: their algorithm"),
        json!(331),
        json!(331.0 / 11008.0),
        json!("20 of 20"),
        json!(format!(
            "0 of 20 (table: {} of 20)",
            KLYUSHIN_TABLE.iter().filter(|r| r.1 > r.2).count()
        )),
        json!("0 of 20"),
        json!(null),
    ]);
    summary.push(vec![
        json!("paper: alpha-beta"),
        json!(11008),
        json!(1.0),
        json!(null),
        json!(null),
        json!(null),
        json!(null),
    ]);
    let total = studies.len();
    let mut seen: Vec<(Variant, f64, usize, usize, usize)> = Vec::new();
    for v in Variant::ALL {
        let terms: Vec<f64> = studies
            .iter()
            .filter_map(|s| s.result(v).map(|r| r.terminals as f64))
            .collect();
        let m = mean(terms.iter().copied());
        let ratio = m / mean(studies.iter().map(|s| ab(s) as f64));
        let same = studies
            .iter()
            .filter(|s| {
                s.result(v).map(|r| r.best_move)
                    == s.result(Variant::AlphaBeta).map(|r| r.best_move)
            })
            .count();
        let more = studies
            .iter()
            .filter(|s| s.result(v).is_some_and(|r| r.terminals > ab(s)))
            .count();
        let worse = studies
            .iter()
            .filter(|s| s.loss(v).is_some_and(|l| l > 0))
            .count();
        let p = mean(
            studies
                .iter()
                .filter_map(|s| s.result(v)?.mean_candidates()),
        );
        seen.push((v, ratio, same, more, worse));
        summary.push(vec![
            json!(format!("ours: {}", v.name())),
            json!(m),
            json!(ratio),
            json!(format!("{same} of {total}")),
            json!(format!("{more} of {total}")),
            json!(format!("{worse} of {total}")),
            if p.is_nan() { json!(null) } else { json!(p) },
        ]);
        match v {
            Variant::AlphaBeta => item.compare(
                Comparison::approximately(
                    "mean terminal positions, plain alpha-beta in generator order",
                    Value::real(KLYUSHIN_AVERAGES.1, 0),
                    Value::real(m, 1),
                    0.5,
                    "other positions, program and evaluator: a factor-of-two band around the paper's number",
                )
                .cite(KK_TEXT)
                .explained("the paper's positions cannot be identified (ours come from the nearest real games) and it does not say how its alpha-beta ordered moves; unordered alpha-beta at depth 4 on our positions examines several times more"),
            ),
            Variant::AlphaBetaOrdered => item.compare(Comparison::new_result(
                "mean terminal positions, alpha-beta with MVV-LVA and killers (ours)",
                Value::real(m, 1),
                format!("{:.3} of unordered alpha-beta; the paper does not say how its alpha-beta ordered moves", ratio),
            )),
            Variant::RootOnly | Variant::Recursive => {
                item.compare(
                    Comparison::approximately(
                        format!("selective / alpha-beta terminal positions, {}", v.name()),
                        Value::real(331.0 / 11008.0, 4),
                        Value::real(ratio, 4),
                        0.5,
                        "other positions, program and evaluator: a factor-of-two band around the paper's ratio",
                    )
                    .formula("331 / 11008, the ratio of the text's two averages"),
                );
                item.compare(
                    Comparison::qualitative(
                        format!("the same move as alpha-beta in every position (\"we receive the same results in both cases\"), {}", v.name()),
                        same == total,
                    )
                    .cite(KK_TEXT)
                    .note(format!("same move in {same} of {total} positions")),
                );
                item.compare(
                    Comparison::exact(
                        format!("positions where it examines more than alpha-beta, {}", v.name()),
                        Value::text(format!("0 of {total}")),
                        Value::text(format!("{more} of {total}")),
                    )
                    .formula("their table, row by row: fewer in all 20 rows"),
                );
            }
        }
    }
    let get = |v: Variant| seen.iter().find(|x| x.0 == v).copied();
    if let (Some(rec), Some(ord)) = (get(Variant::Recursive), get(Variant::AlphaBetaOrdered)) {
        item.compare(Comparison::new_result(
            "which of the paper's claims reproduce (every-level form)",
            Value::text(format!(
                "never more than alpha-beta: {}; fewer terminal positions than unordered alpha-beta by ×{:.1} (paper ×33.3); same results as alpha-beta: {}",
                if rec.3 == 0 { "reproduced" } else { "not reproduced" },
                1.0 / rec.1,
                if rec.4 == 0 { "reproduced" } else { "not reproduced" },
            )),
            format!(
                "a worse move in {} of {total} positions; plain move ordering (MVV-LVA + killers) alone gives ×{:.1} with no worse move",
                rec.4,
                1.0 / ord.1
            ),
        ));
    }
    item.compare(Comparison::new_result(
        "smallest tree of full-width alpha-beta at W = 35, D = 4 (Knuth & Moore's minimum, quoted by the paper)",
        Value::int(alpha_beta_minimum(35.0, 4) as i128),
        "the paper's 331 is below it: its method must prune below the root, which only the every-level form does",
    ));
    item.data.push(summary);

    let mut worse = DataTable::new(
        "klyushin-worse-moves",
        &[
            "game",
            "fen",
            "search",
            "its move",
            "alpha-beta's move",
            "score loss (points, depth-4 alpha-beta)",
        ],
    );
    let mut per = DataTable::new(
        "klyushin-positions",
        &[
            "game",
            "fen",
            "search",
            "terminal positions",
            "move",
            "value",
            "loss",
            "threats",
            "p",
        ],
    );
    for ((game, _), s) in sample.iter().zip(studies) {
        for v in Variant::ALL {
            let Some(r) = s.result(v) else { continue };
            let loss = s.loss(v);
            per.push(vec![
                json!(game),
                json!(s.position.fen()),
                json!(v.name()),
                json!(r.terminals),
                json!(s.san(v)),
                json!(r.value),
                json!(loss),
                json!(r.threats),
                json!(r.mean_candidates()),
            ]);
            if loss.is_some_and(|l| l > 0) {
                worse.push(vec![
                    json!(game),
                    json!(s.position.fen()),
                    json!(v.name()),
                    json!(s.san(v)),
                    json!(s.san(Variant::AlphaBeta)),
                    json!(loss),
                ]);
            }
        }
    }
    item.data.push(worse);
    item.data.push(per);
    let mut their = DataTable::new(
        "klyushin-paper-table",
        &["position", "their algorithm", "alpha-beta"],
    );
    for (i, a, b) in KLYUSHIN_TABLE {
        their.push(vec![json!(i), json!(a), json!(b)]);
    }
    item.data.push(their);
    item
}

/// Klyushin & Kruchinin's table row by row: each of their 20 rows beside
/// one of our positions. Their positions cannot be identified, so a row is
/// paired with ours by game (their rows 1–10 are from Botvinnik–Donner,
/// 11–20 from Fischer–Matanović, in the order the text names the games) and
/// by order within the game. Two things are compared per row, by the rules
/// the section states for the means: whether the selective search examines
/// fewer terminal positions than alpha-beta (their table: in every row),
/// and its share of alpha-beta's count within ±50 % of theirs.
fn rows(sample: &[(String, Position)], studies: &[PositionStudy]) -> Item {
    const TABLE: &str = "Klyushin & Kruchinin 2006, Experimental results, table";
    let mut item = Item::new(
        "klyushin-rows",
        ItemKind::Table,
        "Klyushin & Kruchinin's table, row by row",
    )
    .sample(format!(
        "{} positions, {PER_GAME} of each of two games, paired with the paper's rows",
        sample.len()
    ))
    .describe("Each row of their table (terminal positions of their algorithm and of alpha-beta at depth 4) beside one of our positions, searched by the selective search at every level and by plain alpha-beta in generator order. Their positions cannot be identified (the games are not as cited); rows 1–10 (Botvinnik–Donner, named first) are paired with our ten Botvinnik–Donner positions and rows 11–20 (Fischer–Matanović) with our ten Fischer–Matanović positions, in order. A row agrees when, as in their table, the selective search examines fewer terminal positions than alpha-beta, and when its share of alpha-beta's count lies within ±50% of theirs (the tolerance of the section's means).")
    .cite(TABLE);
    let by_game = |game: &str| -> Vec<&PositionStudy> {
        sample
            .iter()
            .zip(studies)
            .filter(|((g, _), _)| g.starts_with(game))
            .map(|(_, s)| s)
            .collect()
    };
    let ours: Vec<&PositionStudy> = by_game("Botvinnik")
        .into_iter()
        .chain(by_game("Fischer"))
        .collect();
    let mut data = DataTable::new(
        "klyushin-rows",
        &[
            "row",
            "their algorithm (paper)",
            "alpha-beta (paper)",
            "share (paper)",
            "our position (FEN)",
            "selective, every level (ours)",
            "alpha-beta (ours)",
            "share (ours)",
        ],
    );
    let (mut fewer, mut within, mut paired) = (0, 0, 0);
    let (mut ours_range, mut paper_range) = ((f64::INFINITY, 0.0f64), (f64::INFINITY, 0.0f64));
    for (&(row, theirs, plain), study) in KLYUSHIN_TABLE.iter().zip(ours) {
        let count = |v: Variant| study.result(v).map(|r| r.terminals);
        let (Some(sel), Some(ab)) = (count(Variant::Recursive), count(Variant::AlphaBeta)) else {
            item.compare(Comparison::missing(
                format!("row {row}"),
                None,
                "a search of the paired position gave no result",
            ));
            continue;
        };
        let paper_share = f64::from(theirs) / f64::from(plain);
        let share = sel as f64 / ab.max(1) as f64;
        data.push(vec![
            json!(row),
            json!(theirs),
            json!(plain),
            json!(paper_share),
            json!(study.position.fen()),
            json!(sel),
            json!(ab),
            json!(share),
        ]);
        paired += 1;
        ours_range = (ours_range.0.min(share), ours_range.1.max(share));
        paper_range = (
            paper_range.0.min(paper_share),
            paper_range.1.max(paper_share),
        );
        fewer += usize::from(sel < ab);
        within += usize::from((share - paper_share).abs() <= 0.5 * paper_share);
        item.compare(
            Comparison::qualitative(
                format!("row {row}: fewer terminal positions than alpha-beta"),
                sel < ab,
            )
            .cite(TABLE)
            .note(format!(
                "paper {theirs} against {plain}; ours {sel} against {ab}"
            )),
        );
        item.compare(
            Comparison::approximately(
                format!("row {row}: share of alpha-beta's terminal positions"),
                Value::real(paper_share, 4),
                Value::real(share, 4),
                0.5,
                "other positions, program and evaluator: the tolerance of the section's means",
            )
            .formula(format!("row {row} of their table: {theirs} / {plain}")),
        );
    }
    item.compare(Comparison::new_result(
        "rows that agree",
        Value::text(format!(
            "fewer than alpha-beta in {fewer} of {paired}; share within ±50% in {within} of {paired}"
        )),
        format!(
            "share of alpha-beta's count per row: paper {:.3}–{:.3}, ours {:.3}–{:.3}",
            paper_range.0, paper_range.1, ours_range.0, ours_range.1
        ),
    ));
    item.data.push(data);
    item
}

fn bound(studies: &[PositionStudy], o: &KkOptions) -> Item {
    let mut item = Item::new(
        "klyushin-bound",
        ItemKind::Check,
        "Klyushin & Kruchinin's lower bound Σₖ (p^⌈(D−k)/2⌉ + p^⌊(D−k)/2⌋ − 1) + 1 against our counts",
    )
    .sample(format!("{} positions at depth {}", studies.len(), o.depth))
    .describe("For the every-level search, p is measured: the mean number of candidate moves (protecting and positive, or the fallback) a selective position searched. The bound assumes the first move is always best and every position has exactly p moves; our counts include the threat tests. The paper's own 331 corresponds, by its bound at D = 4 (3p² + 4p − 1), to p ≈ 9.9.");
    let d = o.depth;
    let mut data = DataTable::new(
        "klyushin-bound",
        &[
            "fen",
            "p measured",
            "lower bound at p",
            "terminal positions",
            "measured / bound",
        ],
    );
    let (mut above, mut n) = (0, 0);
    for s in studies {
        let Some(r) = s.result(Variant::Recursive) else {
            continue;
        };
        let Some(p) = r.mean_candidates() else {
            continue;
        };
        let b = lower_bound(p, d);
        n += 1;
        above += usize::from(r.terminals as f64 >= b);
        data.push(vec![
            json!(s.position.fen()),
            json!(p),
            json!(b),
            json!(r.terminals),
            json!(r.terminals as f64 / b),
        ]);
    }
    // The bound holds for a tree of uniform width p; our trees are not
    // uniform and p is their mean width, so the count beside it is no test.
    item.compare(Comparison::new_result(
        "positions whose every-level count is at or above the bound at their mean p",
        Value::text(format!("{above} of {n}")),
        "not a test of the paper: its bound assumes every position has exactly p moves and the best one first; with p a mean over unequal positions it bounds no single position",
    ));
    if let Some(p) = implied_p(KLYUSHIN_AVERAGES.0, d) {
        item.compare(Comparison::new_result(
            "p implied by the paper's mean of 331 through its own bound (D = 4)",
            Value::real(p, 2),
            "the paper says p is 'less than half' of W ≈ 35",
        ));
    }
    item.data.push(data);
    item
}

fn sweep(
    ctx: &Context<'_>,
    sample: &[(String, Position)],
    thresholds: &[i64],
    multipliers: &[u32],
) -> anyhow::Result<Item> {
    let mut item = Item::new(
        "klyushin-sweep",
        ItemKind::Figure,
        "Klyushin & Kruchinin: the every-level search against its open thresholds",
    )
    .sample(format!(
        "{} positions at each of {} (threshold, multiplier) settings",
        sample.len(),
        thresholds.len() * multipliers.len()
    ))
    .describe("The positional-gain threshold (mobility a quiet move must gain to be searched) and the depth multiplier of material moves over positional ones, on the same 20 positions at depth 4; every other option at its default. Left: mean terminal positions; the share of positions where the move agrees with plain alpha-beta is in the data table.");
    let jobs: Vec<(i64, u32)> = thresholds
        .iter()
        .flat_map(|&t| multipliers.iter().map(move |&m| (t, m)))
        .collect();
    let rows: Vec<(i64, u32, f64, usize, usize)> = jobs
        .par_iter()
        .map(|&(t, m)| {
            let o = KkOptions {
                positional_threshold: t,
                depth_multiplier: m,
                ..KkOptions::default()
            };
            let mut terms = 0u64;
            let (mut same, mut worse) = (0, 0);
            for (_, p) in sample {
                let s = PositionStudy::run(p, &[Variant::AlphaBeta, Variant::Recursive], &o);
                terms += s.result(Variant::Recursive).map_or(0, |r| r.terminals);
                same += usize::from(
                    s.result(Variant::Recursive).map(|r| r.best_move)
                        == s.result(Variant::AlphaBeta).map(|r| r.best_move),
                );
                worse += usize::from(s.loss(Variant::Recursive).is_some_and(|l| l > 0));
                ctx.advance(1);
            }
            (t, m, terms as f64 / sample.len() as f64, same, worse)
        })
        .collect();
    let mut chart = Chart::new(
        "Klyushin & Kruchinin, every level: mean terminal positions (depth 4)",
        "positional-gain threshold (mobility)",
        "mean terminal positions",
    )
    .scales(Scale::Log, Scale::Log);
    chart.legend = Legend::UpperRight;
    let mut data = DataTable::new(
        "klyushin-sweep",
        &[
            "positional threshold",
            "depth multiplier",
            "mean terminal positions",
            "same move as alpha-beta",
            "worse move",
        ],
    );
    for (c, &m) in multipliers.iter().enumerate() {
        let pts: Vec<(f64, f64)> = rows
            .iter()
            .filter(|r| r.1 == m)
            .map(|r| (r.0 as f64, r.2))
            .collect();
        chart.series.push(Series::new(
            format!("material moves {m}× deeper"),
            pts,
            Style::LinePoints,
            c,
        ));
    }
    for r in &rows {
        data.push(vec![
            json!(r.0),
            json!(r.1),
            json!(r.2),
            json!(r.3),
            json!(r.4),
        ]);
    }
    let best = rows
        .iter()
        .min_by(|a, b| a.2.total_cmp(&b.2))
        .ok_or_else(|| anyhow::anyhow!("empty sweep"))?;
    item.compare(Comparison::new_result(
        "fewest mean terminal positions over the sweep",
        Value::real(best.2, 1),
        format!(
            "threshold {}, multiplier {}; same move as alpha-beta in {} of {}, a worse move in {}; paper: 331",
            best.0,
            best.1,
            best.3,
            sample.len(),
            best.4
        ),
    ));
    item.figures.push(figure(
        "klyushin-sweep.svg",
        "Mean terminal positions of the every-level selective search against the positional-gain threshold, one line per depth multiplier.",
        chart.to_svg()?,
    ));
    item.data.push(data);
    Ok(item)
}

fn wac(ctx: &Context<'_>, count: usize, o: &KkOptions) -> anyhow::Result<Item> {
    let records = read_epd(WAC)
        .into_iter()
        .take(count)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow::anyhow!("bundled WAC: {e}"))?;
    let studies: Vec<PositionStudy> = records
        .par_iter()
        .map(|r| {
            let s = PositionStudy::run(&r.position, &Variant::ALL, o);
            ctx.advance(1);
            s
        })
        .collect();
    let mut item = Item::new(
        "klyushin-wac",
        ItemKind::Table,
        format!("Klyushin & Kruchinin on Win At Chess 1–{count}, every variant at depth {}", o.depth),
    )
    .sample(format!(
        "{} Win At Chess positions at depth {}, {} searches each",
        studies.len(),
        o.depth,
        Variant::ALL.len()
    ))
    .describe("Each variant searches each position to the same depth with the same material evaluator and default thresholds; a position is solved when the chosen move is one of its `bm` moves. Depth 4 without quiescence solves only the shallow tactics; the comparison is between the variants.");
    let mut data = DataTable::new(
        "klyushin-wac",
        &[
            "search",
            "solved",
            "mean terminal positions",
            "worse move than alpha-beta",
        ],
    );
    for v in Variant::ALL {
        let solved = studies
            .iter()
            .zip(&records)
            .filter(|(s, r)| s.solved(v, &r.best_moves))
            .count();
        let m = mean(
            studies
                .iter()
                .filter_map(|s| s.result(v).map(|r| r.terminals as f64)),
        );
        let worse = studies
            .iter()
            .filter(|s| s.loss(v).is_some_and(|l| l > 0))
            .count();
        data.push(vec![json!(v.name()), json!(solved), json!(m), json!(worse)]);
        item.compare(Comparison::new_result(
            format!("WAC 1–{count} solved at depth {}, {}", o.depth, v.name()),
            Value::int(solved as i128),
            format!("mean terminal positions {m:.0}; a worse move than alpha-beta in {worse}"),
        ));
    }
    item.data.push(data);
    Ok(item)
}
