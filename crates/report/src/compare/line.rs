//! Connect Four along one game, from the empty board to the end: at every
//! `every`-th disc, the positions each procedure examines to find the exact
//! score of the position reached, the positions the solver examines, and the
//! minimal tree's (Knuth & Moore §6–§7, [`alphabeta_core::minimal`]).
//!
//! Every search is capped by one node limit, so that the early positions —
//! far out of reach of the procedures without a table — cost the limit and
//! no more; a search the limit stopped is shown as "> limit", never left
//! out. The minimal tree is computed only where a search found the value
//! (its computation visits the whole tree, so it is bounded by its own
//! limit on positions visited).
//!
//! The game is [`LINE`]: its first [`PERFECT_FROM`] discs fill the centre
//! column (the centre-first order's first choice at every ply), and from
//! there on both sides play perfectly — every move keeps the score, ties
//! broken centre first — until the first player connects four with its
//! 21st disc. So the scores along it are known: [`PERFECT_SCORE`] after
//! [`PERFECT_FROM`] discs, negated at every ply (the score after a best
//! move is the negation of the score before it).

use std::time::Instant;

use alphabeta_core::procedures::{Extra, Named, Needs, NotRun, Procedure};
use alphabeta_core::table::TranspositionTable;
use alphabeta_core::{INFINITY, Limits, NEG_INFINITY, Search, Stats, Value};
use alphabeta_games::connect4::{Board, Connect4, Options, Solver, full_depth};
use serde::Serialize;
use serde_json::Value as Json;
use serde_json::json;

use super::measure::minimal;
use super::results::Minimal;
use crate::model::{
    Comparison, DataTable, Figure, Item, ItemKind, Report, Section, Value as Shown,
};
use crate::plot::{Chart, Scale, Series, Style};

/// The game, as the columns played (1–7): the centre column filled, then
/// perfect play to the first player's win with its 21st disc (41 discs).
/// Found by `alphabeta solve connect4 MOVES` at every position from
/// [`PERFECT_FROM`] discs on, taking among the best columns the one nearest
/// the centre (4, 3, 5, 2, 6, 1, 7); docs/compare.md has the record.
pub const LINE: &str = "44444432655555323332267623526661117777711";

/// The discs after which [`LINE`] is perfect play.
pub const PERFECT_FROM: usize = 6;

/// The score of [`LINE`]'s position after [`PERFECT_FROM`] discs, for the
/// side to move (the first player): +1, a win with its 21st disc.
pub const PERFECT_SCORE: Value = 1;

/// The procedures searched at every position (with the solver after
/// them): plain alpha-beta F2 and F3 (Knuth & Moore eq. (9), Fishburn),
/// Scout, NegaScout/PVS, SSS* and MT-SSS*, McCarthy's bounds, and the
/// table procedures F2 and F3 with a transposition table and MTD(f).
pub const PROCEDURES: [Named; 10] = [
    Named::Core(Procedure::FailHard),
    Named::Core(Procedure::FailSoft),
    Named::Core(Procedure::Scout),
    Named::Core(Procedure::Pvs),
    Named::Core(Procedure::Sss),
    Named::Core(Procedure::MtSss),
    Named::Extra(Extra::McCarthy),
    Named::Extra(Extra::TableFailHard),
    Named::Extra(Extra::TableFailSoft),
    Named::Extra(Extra::Mtdf),
];

/// The name of the solver's row.
pub const SOLVER: &str = "solver";

/// The name of the minimal tree's row in the flat table.
pub const MINIMAL: &str = "minimal";

/// Where on the line to look, and how far each search may go.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineConfig {
    /// A position every this many discs, from the empty board.
    pub every: usize,
    /// The most positions any search may examine.
    pub node_limit: u64,
    /// The most positions the minimal tree's computation may visit.
    pub minimal_limit: u64,
    /// The solver's transposition table, in MiB; the table procedures get
    /// as many entries.
    pub table_mb: usize,
}

impl LineConfig {
    /// The report's setting: a few seconds.
    pub fn report() -> LineConfig {
        LineConfig {
            every: 4,
            node_limit: 1_000_000,
            minimal_limit: 10_000_000,
            table_mb: 8,
        }
    }

    /// `alphabeta compare --connect4-line`'s default: every other disc and
    /// fifty times the limits (about a minute).
    pub fn full() -> LineConfig {
        LineConfig {
            every: 2,
            node_limit: 10_000_000,
            minimal_limit: 100_000_000,
            table_mb: 64,
        }
    }

    /// Refuses a setting outside the bounds, with the reason.
    pub fn check(&self) -> anyhow::Result<()> {
        use anyhow::ensure;
        ensure!(
            (1..=LINE.len()).contains(&self.every),
            "--every must be between 1 and {} (got {})",
            LINE.len(),
            self.every
        );
        ensure!(
            (1..=MAX_NODE_LIMIT).contains(&self.node_limit),
            "--node-limit must be between 1 and {MAX_NODE_LIMIT} (got {})",
            self.node_limit
        );
        ensure!(
            (1..=MAX_MINIMAL_LIMIT).contains(&self.minimal_limit),
            "the minimal tree's limit must be between 1 and {MAX_MINIMAL_LIMIT} (got {})",
            self.minimal_limit
        );
        ensure!(
            (1..=1024).contains(&self.table_mb),
            "--table-mb must be between 1 and 1024 (got {})",
            self.table_mb
        );
        Ok(())
    }

    /// The disc counts of the positions looked at: 0, `every`, 2·`every`,
    /// … while the game is not over.
    pub fn discs(&self) -> Vec<usize> {
        (0..LINE.len()).step_by(self.every.max(1)).collect()
    }
}

/// The largest node limit (each search stops there).
pub const MAX_NODE_LIMIT: u64 = 1_000_000_000;
/// The largest limit on the minimal tree's positions visited.
pub const MAX_MINIMAL_LIMIT: u64 = 1_000_000_000;

/// What one search counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Count {
    /// It found the exact value.
    Done {
        /// Positions examined ([`Stats::nodes`]; the solver's own count).
        nodes: u64,
        /// Terminal positions evaluated ([`Stats::leaves`]; none for the
        /// solver, which counts positions only).
        terminal: Option<u64>,
    },
    /// The node limit stopped it.
    OverLimit,
    /// It refused (SSS*'s and MT-SSS*'s memory bound).
    Refused {
        /// Why.
        reason: String,
    },
}

/// One procedure (or the solver) at one position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineRun {
    /// The procedure's name (`alphabeta procedures`), or [`SOLVER`].
    pub procedure: &'static str,
    /// What it counted.
    #[serde(flatten)]
    pub count: Count,
    /// Wall time, seconds (one search, instruments attached).
    pub seconds: f64,
}

impl LineRun {
    /// The positions examined, if it finished.
    pub fn nodes(&self) -> Option<u64> {
        match self.count {
            Count::Done { nodes, .. } => Some(nodes),
            _ => None,
        }
    }
}

/// One position of the line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LinePoint {
    /// Discs on the board.
    pub discs: usize,
    /// The columns played.
    pub moves: String,
    /// The exact score for the side to move, if some search found it.
    pub value: Option<Value>,
    /// The minimal tree, or why it was not computed.
    pub minimal: Result<Minimal, String>,
    /// Every procedure of [`PROCEDURES`], then the solver.
    pub runs: Vec<LineRun>,
}

impl LinePoint {
    /// The run of `procedure`.
    pub fn get(&self, procedure: &str) -> Option<&LineRun> {
        self.runs.iter().find(|r| r.procedure == procedure)
    }
}

/// Everything [`run_line`] measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineResults {
    /// The setting.
    pub config: LineConfig,
    /// The positions, in order of discs.
    pub points: Vec<LinePoint>,
}

/// One procedure of [`PROCEDURES`] at `pos`, capped by `limit` positions
/// (its table, if it takes one, emptied first): its count and value (none
/// when stopped or refused).
fn search(
    game: &Connect4,
    pos: &Board,
    named: Named,
    limit: u64,
    table: &mut TranspositionTable<u8>,
) -> anyhow::Result<(LineRun, Option<Value>)> {
    let limits = Limits {
        nodes: Some(limit),
        ..Limits::none()
    };
    let mut s = Search::with_observer(game, Stats::default())
        .track_pv(false)
        .limits(limits);
    let uses_table = named.needs() == Some(Needs::Table);
    if uses_table {
        table.clear();
    }
    let started = Instant::now();
    let value = named.run_in(
        &mut s,
        pos,
        full_depth(pos),
        (NEG_INFINITY, INFINITY),
        uses_table.then_some(&mut *table),
    );
    let seconds = started.elapsed().as_secs_f64();
    let stopped = s.stopped();
    let stats = s.into_observer();
    let (count, value) = match value {
        Ok(_) if stopped => (Count::OverLimit, None),
        Ok(v) => (
            Count::Done {
                nodes: stats.nodes(),
                terminal: Some(stats.leaves()),
            },
            Some(v),
        ),
        Err(e @ NotRun::TooLarge(_)) => (
            Count::Refused {
                reason: e.to_string(),
            },
            None,
        ),
        Err(e) => return Err(anyhow::Error::new(e).context(named.name())),
    };
    let run = LineRun {
        procedure: named.name(),
        count,
        seconds,
    };
    Ok((run, value))
}

/// The solver at `pos` within the limits it was given, its table emptied
/// first.
fn solve(solver: &mut Solver, pos: &Board) -> (LineRun, Option<Value>) {
    solver.reset();
    let started = Instant::now();
    let s = solver.solve(pos);
    let seconds = started.elapsed().as_secs_f64();
    let (count, value) = if s.complete {
        (
            Count::Done {
                nodes: s.nodes,
                terminal: None,
            },
            Some(s.score),
        )
    } else {
        (Count::OverLimit, None)
    };
    let run = LineRun {
        procedure: SOLVER,
        count,
        seconds,
    };
    (run, value)
}

/// Searches every position of the line `config` picks with every procedure
/// and the solver, and computes the minimal tree where a search found the
/// value. An error if two searches disagree on a value. `progress` is told
/// each position's disc count as it finishes. Deterministic but the times.
pub fn run_line(
    config: &LineConfig,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<LineResults> {
    config.check()?;
    let game = Connect4::default();
    let mut solver = Solver::new(Options {
        table_mb: config.table_mb,
        ..Options::default()
    });
    solver.set_limits(Limits {
        nodes: Some(config.node_limit),
        ..Limits::none()
    });
    let mut table = TranspositionTable::with_entries(solver.table_entries());
    let mut points = Vec::new();
    for discs in config.discs() {
        let moves = &LINE[..discs];
        let pos: Board = moves.parse()?;
        let mut runs = Vec::new();
        let mut value: Option<Value> = None;
        let mut agree = |v: Option<Value>, who: &str| -> anyhow::Result<()> {
            if let Some(v) = v {
                match value {
                    Some(w) => anyhow::ensure!(
                        v == w,
                        "{who} finds {v} at {moves:?} ({discs} discs), another search {w}"
                    ),
                    None => value = Some(v),
                }
            }
            Ok(())
        };
        for named in PROCEDURES {
            let (run, v) = search(&game, &pos, named, config.node_limit, &mut table)
                .map_err(|e| e.context(format!("the position {moves:?}")))?;
            agree(v, named.name())?;
            runs.push(run);
        }
        let (run, v) = solve(&mut solver, &pos);
        agree(v, SOLVER)?;
        runs.push(run);
        progress(&format!("{discs} discs"));
        points.push(LinePoint {
            discs,
            moves: moves.to_string(),
            value,
            minimal: Err(format!(
                "no search found the value within {} positions",
                config.node_limit
            )),
            runs,
        });
    }
    // The minimal trees from the end backwards: the tree of a position
    // holds the whole tree of every later position of the line (each is
    // reached by moves the game searches), and the computation visits every
    // position of the tree, so once it exceeds its limit it exceeds it at
    // every earlier position too.
    let mut exceeded: Option<usize> = None;
    for p in points.iter_mut().rev() {
        let Some(v) = p.value else { continue };
        if let Some(later) = exceeded {
            p.minimal = Err(format!(
                "its tree holds the tree at {later} discs, whose minimal tree needs more than {} positions visited",
                config.minimal_limit
            ));
            continue;
        }
        let pos: Board = p.moves.parse()?;
        p.minimal = minimal(&game, &pos, full_depth(&pos), config.minimal_limit, v)?;
        if p.minimal.is_err() {
            exceeded = Some(p.discs);
        }
    }
    Ok(LineResults {
        config: config.clone(),
        points,
    })
}

/// What a table cell shows for a run: its positions examined, "> limit"
/// where the limit stopped it, "refused" where it refused.
fn cell(run: &LineRun, limit: u64) -> String {
    match &run.count {
        Count::Done { nodes, .. } => nodes.to_string(),
        Count::OverLimit => format!("> {limit}"),
        Count::Refused { .. } => "refused".to_string(),
    }
}

impl LineResults {
    /// Every procedure (and the solver, and the minimal tree) at every
    /// position, as a flat table (CSV, JSON).
    pub fn table(&self, name: &str) -> DataTable {
        let mut t = DataTable::new(
            name,
            &[
                "discs",
                "moves",
                "score",
                "procedure",
                "status",
                "nodes",
                "terminal",
                "seconds",
                "node_limit",
            ],
        );
        let limit = self.config.node_limit;
        for p in &self.points {
            // One row: the position, who counted, and what it found.
            let mut row = |who: &str, outcome: (Json, Json, Json), seconds: Json| {
                let (status, nodes, terminal) = outcome;
                t.push(vec![
                    json!(p.discs),
                    json!(p.moves),
                    json!(p.value),
                    json!(who),
                    status,
                    nodes,
                    terminal,
                    seconds,
                    json!(limit),
                ]);
            };
            let minimal = match &p.minimal {
                Ok(m) => (json!("done"), json!(m.nodes), json!(m.terminal)),
                Err(why) => (
                    json!(format!("not computed: {why}")),
                    json!(null),
                    json!(null),
                ),
            };
            row(MINIMAL, minimal, json!(null));
            for r in &p.runs {
                let count = match &r.count {
                    Count::Done { nodes, terminal } => {
                        (json!("done"), json!(nodes), json!(terminal))
                    }
                    Count::OverLimit => (json!("over-limit"), json!(null), json!(null)),
                    Count::Refused { reason } => (
                        json!(format!("refused: {reason}")),
                        json!(null),
                        json!(null),
                    ),
                };
                row(r.procedure, count, json!(r.seconds));
            }
        }
        t
    }

    /// Positions examined at every position as a Markdown table: one row
    /// per position, one column per procedure, the minimal tree first.
    pub fn markdown(&self) -> String {
        let limit = self.config.node_limit;
        let names: Vec<&str> = PROCEDURES
            .iter()
            .map(|n| n.name())
            .chain([SOLVER])
            .collect();
        let mut out = format!(
            "Positions examined (every search stopped after {limit}; the minimal tree's computation after {} positions visited):\n\n| discs | score | minimal tree | {} |\n|---|---|---|{}\n",
            self.config.minimal_limit,
            names.join(" | "),
            "---|".repeat(names.len())
        );
        for p in &self.points {
            let minimal = match &p.minimal {
                Ok(m) => m.nodes.to_string(),
                Err(_) => "—".to_string(),
            };
            let score = p.value.map_or("—".to_string(), |v| v.to_string());
            let cells: Vec<String> = p.runs.iter().map(|r| cell(r, limit)).collect();
            out += &format!(
                "| {} | {score} | {minimal} | {} |\n",
                p.discs,
                cells.join(" | ")
            );
        }
        out
    }

    /// The fewest discs at which `procedure` found the value within the
    /// limit, and its count there.
    fn reach(&self, procedure: &str) -> Option<(usize, u64)> {
        self.points
            .iter()
            .find_map(|p| Some((p.discs, p.get(procedure)?.nodes()?)))
    }
}

/// The procedures the figure draws (the table holds all of them; fewer
/// lines keep the palette's colours distinct).
const DRAWN: [&str; 6] = ["f2", "pvs", "sss", "f3-tt", "mtdf", SOLVER];

/// Positions examined against discs on the board, log scale: one line per
/// procedure of [`DRAWN`] through the positions where it finished, the
/// minimal tree dashed, the node limit as a line above which nothing is
/// drawn.
fn chart(results: &LineResults, prefix: &str) -> anyhow::Result<Figure> {
    let limit = results.config.node_limit;
    let mut chart = Chart::new(
        "Connect Four along one game: positions examined to find the exact score",
        "discs on the board",
        "positions examined",
    )
    .scales(Scale::Linear, Scale::Log);
    for (k, &name) in DRAWN.iter().enumerate() {
        let points: Vec<(f64, f64)> = results
            .points
            .iter()
            .filter_map(|p| Some((p.discs as f64, p.get(name)?.nodes()? as f64)))
            .collect();
        if !points.is_empty() {
            chart
                .series
                .push(Series::new(name, points, Style::LinePoints, k));
        }
    }
    let minimal: Vec<(f64, f64)> = results
        .points
        .iter()
        .filter_map(|p| Some((p.discs as f64, p.minimal.as_ref().ok()?.nodes as f64)))
        .collect();
    if !minimal.is_empty() {
        chart.series.push(Series::new(
            "minimal tree (Knuth & Moore)",
            minimal,
            Style::Dashed,
            6,
        ));
    }
    let (first, last) = (
        results.points.first().map_or(0, |p| p.discs) as f64,
        results.points.last().map_or(0, |p| p.discs) as f64,
    );
    chart.series.push(Series::new(
        format!("node limit {limit} (stopped searches are not drawn)"),
        vec![(first, limit as f64), (last, limit as f64)],
        Style::Line,
        7,
    ));
    Ok(crate::sections::figure(
        &format!("{prefix}-positions.svg"),
        &format!(
            "Positions examined to find the exact score at every {}th position of the game {LINE}, against the discs on the board (log scale): {} (the table has every procedure); the minimal tree dashed; a search stopped by the limit of {limit} positions is not drawn.",
            results.config.every,
            DRAWN.join(", ")
        ),
        chart.to_svg()?,
    ))
}

/// The report items of a line: the table of counts with its data and
/// figure (new results: our measurement), and the checks — the scores of
/// perfect play, and Knuth & Moore's Theorem 2 along the line. `prefix`
/// makes the item ids and file names unique.
pub fn line_items(results: &LineResults, prefix: &str) -> anyhow::Result<Vec<Item>> {
    let c = &results.config;
    let mut table = Item::new(
        prefix.to_string(),
        ItemKind::Figure,
        "Connect Four along one game: positions examined by each procedure from the empty board to the end, against the minimal tree",
    )
    .describe(format!(
        "The game {LINE} (41 discs): its first {PERFECT_FROM} discs fill the centre column, then both sides play perfectly (every move keeps the score, found by `alphabeta solve connect4`; ties broken centre first) until the first player connects four with its 21st disc. At every {}th position from the empty board each procedure searches to the end of the game with the full window (F2 and F3 without a table, Scout, NegaScout/PVS, SSS*, MT-SSS*, McCarthy's bounds, F2 and F3 with a transposition table of {} MiB's entries, MTD(f)), and the solver (`alphabeta solve`: MTD(bi) over null-window alpha-beta with the table and McCarthy's bounds, the game's threat order) finds the exact score; every search that finished returns the same score (checked). Each search is stopped after {} positions examined: '> {}' is such a search, its count unknown beyond the limit. The minimal tree (Knuth & Moore §6–§7, alphabeta_core::minimal) is the fewest positions any procedure that searches the tree must examine: here its nodes, the positions F2 examines in the minimal tree's order (its terminal positions are in the data); it is computed where a search found the value and its computation visits at most {} positions. The table procedures and the solver search a graph (a position met on two paths is one table entry), so they may examine fewer positions than the game tree's minimal tree. Counts are our measurement: no seed prints them.\n\n{}",
        c.every,
        c.table_mb,
        c.node_limit,
        c.node_limit,
        c.minimal_limit,
        results.markdown()
    ));
    table.data.push(results.table(&format!("{prefix}-runs")));
    table.figures.push(chart(results, prefix)?);
    for name in PROCEDURES.iter().map(|n| n.name()).chain([SOLVER]) {
        let (shown, note) = match results.reach(name) {
            Some((discs, nodes)) => (
                Shown::int(discs as i128),
                format!("{nodes} positions examined there"),
            ),
            None => (
                Shown::text("none"),
                "stopped by the limit at every position".to_string(),
            ),
        };
        table.compare(Comparison::new_result(
            format!(
                "{name}: fewest discs at which it finds the score within {} positions",
                c.node_limit
            ),
            shown,
            note,
        ));
    }
    for p in &results.points {
        if let Ok(m) = &p.minimal {
            table.compare(Comparison::new_result(
                format!("{} discs: positions of the minimal tree", p.discs),
                Shown::int(m.nodes.into()),
                format!("{} terminal positions", m.terminal),
            ));
        }
    }
    let mut checks = Item::new(
        format!("{prefix}-checks"),
        ItemKind::Check,
        "Connect Four along one game: the scores of perfect play, and the minimal tree's bound",
    )
    .describe(format!(
        "From {PERFECT_FROM} discs on the game is perfect play, so the score for the side to move is {PERFECT_SCORE} after {PERFECT_FROM} discs (solved by `alphabeta solve connect4 {}`) and changes sign at every ply; each position's score, found by the searches within the limit, is compared with it. Knuth & Moore's Theorem 2: no procedure that searches the tree (the table procedures, the solver and McCarthy's aside) evaluates fewer terminal positions than the minimal tree, at every position where both are known.",
        &LINE[..PERFECT_FROM]
    ));
    let unsolved: Vec<String> = results
        .points
        .iter()
        .filter(|p| p.discs >= PERFECT_FROM && p.value.is_none())
        .map(|p| p.discs.to_string())
        .collect();
    if !unsolved.is_empty() {
        checks.description += &format!(
            " Not compared: the positions after {} discs, where every search was stopped by the limit of {} positions (the table shows them as such).",
            unsolved.join(", "),
            c.node_limit
        );
    }
    for p in results.points.iter().filter(|p| p.discs >= PERFECT_FROM) {
        let Some(v) = p.value else { continue };
        let expected = if (p.discs - PERFECT_FROM).is_multiple_of(2) {
            PERFECT_SCORE
        } else {
            -PERFECT_SCORE
        };
        checks.compare(
            Comparison::exact(
                format!("{} discs: score for the side to move", p.discs),
                Shown::int(expected.into()),
                Shown::int(v.into()),
            )
            .against_ours(format!(
                "perfect play from the score {PERFECT_SCORE} after {PERFECT_FROM} discs"
            )),
        );
    }
    let mut theorem_2 = true;
    let mut pairs = 0;
    for p in &results.points {
        let Ok(m) = &p.minimal else { continue };
        for (named, run) in PROCEDURES.iter().zip(&p.runs) {
            if let (
                true,
                Count::Done {
                    terminal: Some(t), ..
                },
            ) = (named.bounded_by_minimal_tree(), &run.count)
            {
                theorem_2 &= *t >= m.terminal;
                pairs += 1;
            }
        }
    }
    if pairs > 0 {
        checks.compare(
            Comparison::qualitative(
                "no procedure that searches the tree evaluates fewer terminal positions than the minimal tree, at any position of the line (Knuth & Moore Theorem 2)",
                theorem_2,
            )
            .cite("Knuth & Moore 1975, §6, Theorem 2")
            .note(format!("{pairs} searches compared")),
        );
    }
    Ok(vec![table, checks])
}

/// A one-section report of a line (what `alphabeta compare --connect4-line`
/// writes), with the command line, setting, commit and time.
pub fn line_report(
    results: &LineResults,
    command_line: &str,
    seconds: f64,
) -> anyhow::Result<Report> {
    let mut report = Report {
        title: "alphabeta compare --connect4-line — Connect Four along one game".to_string(),
        settings: vec![
            ("command line".into(), command_line.to_string()),
            (
                "configuration".into(),
                serde_json::to_string(&results.config).unwrap_or_default(),
            ),
            ("commit".into(), crate::provenance::commit()),
            ("version".into(), env!("CARGO_PKG_VERSION").to_string()),
            ("threads".into(), "1 (every search is sequential)".into()),
            ("started (UTC)".into(), crate::provenance::utc_now()),
        ],
        sections: vec![Section {
            id: "connect4-line".into(),
            title: "Connect Four along one game".into(),
            sources: "Knuth & Moore 1975 §6–§7 (minimal tree); new measurements of this project"
                .into(),
            seed: 0,
            items: line_items(results, "connect4-line")?,
            seconds,
        }],
        interval_tests: Default::default(),
    };
    report.apply_holm(crate::runner::HOLM_ALPHA);
    report.validate()?;
    Ok(report)
}
