//! `alphabeta_report::compare::line`: Connect Four along one game — golden
//! counts at late positions, the scores of perfect play, the minimal tree
//! against an independent count, and the items' verdicts.

use alphabeta_core::minimal::minimal_tree;
use alphabeta_core::{Game, Value};
use alphabeta_games::connect4::{Board, Connect4, full_depth};
use alphabeta_report::Verdict;
use alphabeta_report::compare::line::{Count, LINE, PROCEDURES, SOLVER};
use alphabeta_report::compare::{LineConfig, LineResults, line_items, run_line};

/// Positions 0, 8, 16, 24, 32 and 40, every search stopped after 20 000
/// positions: the early ones cost the limit, the late ones finish.
fn small() -> LineResults {
    let config = LineConfig {
        every: 8,
        node_limit: 20_000,
        minimal_limit: 2_000_000,
        table_mb: 8,
    };
    run_line(&config, &mut |_| {}).expect("the line runs")
}

/// The exhaustive negamax value, bottom positions as the procedures see
/// them: settled by the rules, or without successors.
fn value(g: &Connect4, p: &Board) -> Value {
    if let Some(v) = g.outcome(p, 0) {
        return v;
    }
    let succ = g.successors(p);
    if succ.is_empty() {
        return g.evaluate(p, 0);
    }
    succ.iter()
        .map(|&m| -value(g, &g.play(p, m)))
        .max()
        .unwrap()
}

/// The least terminal positions proving F(p) ≥ v (`at_least`) or
/// F(p) ≤ v (`at_least == false`), `u64::MAX` when the bound is false:
/// Knuth & Moore §6–§7's recursion written out directly, every successor's
/// value recomputed (independent of `alphabeta_core::minimal`).
fn prove(g: &Connect4, p: &Board, v: Value, at_least: bool) -> u64 {
    let f = value(g, p);
    let succ = g.successors(p);
    if g.outcome(p, 0).is_some() || succ.is_empty() {
        let holds = if at_least { f >= v } else { f <= v };
        return if holds { 1 } else { u64::MAX };
    }
    let costs = succ.iter().map(|&m| prove(g, &g.play(p, m), -v, !at_least));
    if at_least {
        costs.min().unwrap()
    } else {
        costs.fold(0u64, u64::saturating_add)
    }
}

/// The minimal tree's terminal positions: one successor proves the value
/// exactly, the others that they are no better for the side to move.
fn minimal_terminal(g: &Connect4, p: &Board) -> u64 {
    let succ = g.successors(p);
    if g.outcome(p, 0).is_some() || succ.is_empty() {
        return 1;
    }
    let f = value(g, p);
    let children: Vec<Board> = succ.iter().map(|&m| g.play(p, m)).collect();
    (0..children.len())
        .filter(|&i| value(g, &children[i]) == -f)
        .map(|i| {
            let others: u64 = (0..children.len())
                .filter(|&j| j != i)
                .map(|j| prove(g, &children[j], -f, true))
                .fold(0, u64::saturating_add);
            minimal_terminal(g, &children[i]).saturating_add(others)
        })
        .min()
        .unwrap()
}

#[test]
fn the_line_is_a_game_to_its_end() {
    let g = Connect4::default();
    let end: Board = LINE.parse().unwrap();
    assert_eq!(LINE.len(), 41);
    assert!(end.is_won(), "the first player connects four with disc 41");
    // Every position before the end is open.
    for k in 0..LINE.len() {
        let p: Board = LINE[..k].parse().unwrap();
        assert!(!p.is_won(), "{k} discs");
    }
    assert_eq!(g.outcome(&end, 0), Some(21 - 22));
}

#[test]
fn late_positions_have_golden_counts_and_every_search_agrees() {
    let r = small();
    let discs: Vec<usize> = r.points.iter().map(|p| p.discs).collect();
    assert_eq!(discs, [0, 8, 16, 24, 32, 40]);
    let names: Vec<&str> = r.points[0].runs.iter().map(|r| r.procedure).collect();
    let mut expected: Vec<&str> = PROCEDURES.iter().map(|n| n.name()).collect();
    expected.push(SOLVER);
    assert_eq!(names, expected);
    // The empty board: every search stopped by the limit, shown as such.
    assert!(
        r.points[0]
            .runs
            .iter()
            .all(|run| run.count == Count::OverLimit)
    );
    assert_eq!(r.points[0].value, None);
    assert!(r.points[0].minimal.is_err());
    // Perfect play from +1 after 6 discs: +1 whenever an even number of
    // plies has passed since.
    for p in &r.points[3..] {
        assert_eq!(p.value, Some(1), "{} discs", p.discs);
    }
    let nodes = |discs: usize| -> Vec<Option<u64>> {
        let p = r.points.iter().find(|p| p.discs == discs).unwrap();
        p.runs.iter().map(|run| run.nodes()).collect()
    };
    // f2, f3, scout, pvs, sss, mt-sss, mccarthy, f2-tt, f3-tt, mtdf, solver.
    assert_eq!(nodes(40), GOLDEN_40);
    assert_eq!(nodes(32), GOLDEN_32);
    assert_eq!(nodes(24), GOLDEN_24);
    let minimal: Vec<(usize, u64, u64)> = r
        .points
        .iter()
        .filter_map(|p| {
            let m = p.minimal.as_ref().ok()?;
            Some((p.discs, m.terminal, m.nodes))
        })
        .collect();
    assert_eq!(minimal, GOLDEN_MINIMAL);
    // Without a table, fail-soft F3 makes F2's cutoffs: the same counts
    // wherever both finish.
    for p in &r.points {
        assert_eq!(p.runs[0].nodes(), p.runs[1].nodes(), "{} discs", p.discs);
    }
}

#[test]
fn the_minimal_tree_at_28_discs_is_the_independent_count() {
    let g = Connect4::default();
    let pos: Board = LINE[..28].parse().unwrap();
    let m = minimal_tree(&g, &pos, full_depth(&pos), 10_000_000).unwrap();
    assert_eq!((m.value, m.leaves), (1, 75));
    assert_eq!(minimal_terminal(&g, &pos), 75);
    assert_eq!(value(&g, &pos), 1);
}

/// Positions examined after 40 discs: the first player connects four
/// with its next disc, which the rules settle at once (MT-SSS* and MTD(f)
/// make a second pass).
const GOLDEN_40: [Option<u64>; 11] = [
    Some(1),
    Some(1),
    Some(1),
    Some(1),
    Some(1),
    Some(2),
    Some(1),
    Some(1),
    Some(1),
    Some(2),
    Some(1),
];
/// After 32 discs.
const GOLDEN_32: [Option<u64>; 11] = [
    Some(74),
    Some(74),
    Some(97),
    Some(89),
    Some(74),
    Some(85),
    Some(43),
    Some(74),
    Some(74),
    Some(105),
    Some(68),
];
/// After 24 discs (tables of 8 MiB's entries).
const GOLDEN_24: [Option<u64>; 11] = [
    Some(18266),
    Some(18266),
    Some(18085),
    Some(18077),
    Some(18062),
    Some(18081),
    Some(7496),
    Some(3914),
    Some(3914),
    Some(4265),
    Some(3689),
];
/// (discs, terminal positions, nodes) of the minimal trees computed: not
/// at 24 discs, whose tree needs more than the limit's visits.
const GOLDEN_MINIMAL: [(usize, u64, u64); 2] = [(32, 9, 50), (40, 1, 1)];

#[test]
fn the_minimal_tree_agrees_with_an_independent_count_and_bounds_the_tree_searches() {
    let g = Connect4::default();
    let r = small();
    for p in r.points.iter().filter(|p| p.discs >= 32) {
        let pos: Board = p.moves.parse().unwrap();
        assert!(full_depth(&pos) > 0);
        let m = p.minimal.as_ref().expect("computed at the late positions");
        assert_eq!(m.terminal, minimal_terminal(&g, &pos), "{} discs", p.discs);
        assert_eq!(Some(value(&g, &pos)), p.value);
        for (named, run) in PROCEDURES.iter().zip(&p.runs) {
            if let (
                true,
                Count::Done {
                    terminal: Some(t),
                    nodes,
                },
            ) = (named.bounded_by_minimal_tree(), &run.count)
            {
                assert!(*t >= m.terminal, "{named} at {} discs", p.discs);
                assert!(*nodes >= m.nodes, "{named} at {} discs", p.discs);
            }
        }
    }
}

#[test]
fn the_items_report_new_counts_and_check_perfect_play() {
    let r = small();
    let items = line_items(&r, "x").unwrap();
    let ids: Vec<&str> = items.iter().map(|i| i.id.as_str()).collect();
    assert_eq!(ids, ["x", "x-checks"]);
    assert_eq!(items[0].figures.len(), 1);
    assert_eq!(items[0].figures[0].file, "x-positions.svg");
    assert_eq!(items[0].data[0].name, "x-runs");
    // One row per position and procedure, the minimal tree and the solver.
    assert_eq!(items[0].data[0].rows.len(), 6 * (PROCEDURES.len() + 2));
    assert!(
        items[0]
            .comparisons
            .iter()
            .all(|c| c.verdict() == Verdict::New)
    );
    assert!(items[0].description.contains("> 20000"));
    // The scores at 16, 24, 32 and 40 (exact; at 8 discs no search
    // finished, which the description says), and Theorem 2.
    let verdicts: Vec<Verdict> = items[1].comparisons.iter().map(|c| c.verdict()).collect();
    assert_eq!(
        verdicts,
        [
            Verdict::Exact,
            Verdict::Exact,
            Verdict::Exact,
            Verdict::Exact,
            Verdict::Qualitative
        ]
    );
    assert!(
        items[1]
            .description
            .contains("Not compared: the positions after 8 discs,")
    );
    let mut wrong = r.clone();
    wrong.points[4].value = Some(-1);
    let items = line_items(&wrong, "x").unwrap();
    let differs = items[1]
        .comparisons
        .iter()
        .filter(|c| c.verdict() == Verdict::Differs)
        .count();
    assert_eq!(differs, 1);
}

#[test]
fn bad_settings_are_refused_with_the_reason() {
    let refusal = |c: LineConfig| run_line(&c, &mut |_| {}).unwrap_err().to_string();
    let r = LineConfig::report;
    assert_eq!(
        refusal(LineConfig { every: 0, ..r() }),
        "--every must be between 1 and 41 (got 0)"
    );
    assert_eq!(
        refusal(LineConfig {
            node_limit: 0,
            ..r()
        }),
        "--node-limit must be between 1 and 1000000000 (got 0)"
    );
    assert_eq!(
        refusal(LineConfig {
            table_mb: 2048,
            ..r()
        }),
        "--table-mb must be between 1 and 1024 (got 2048)"
    );
    LineConfig::full().check().unwrap();
    assert_eq!(LineConfig::report().discs().len(), 11);
}
