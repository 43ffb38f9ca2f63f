//! Parallel search: Young Brothers Wait (the core's
//! `alphabeta_core::parallel`, Hsu slide 43's node types) and the chess
//! engine's Lazy SMP, 1 thread against 2, beside the machine's capacity
//! measured in the same run.
//!
//! Every time is the best of three runs. The exact verdicts (YBWC's root
//! values equal sequential F2's; one thread examines exactly F2's positions
//! and predicts the same node types) hold whatever the timing; the speedups,
//! the search overhead and the waiting time are new results that depend on
//! the machine and its load, and are read against the capacity: two copies
//! of a single-threaded job run side by side against one after the other
//! (2.00× on two free cores). `--full` searches larger workloads
//! (docs/performance.md records a run).

use std::time::{Duration, Instant};

use alphabeta_chess::epd::read_epd;
use alphabeta_core::parallel::{SharedGame, SplitStats, YbwcOptions, ybwc};
use alphabeta_core::procedures::alpha_beta_fail_hard;
use alphabeta_core::resources::cores;
use alphabeta_core::{Game, INFINITY, Limits, NEG_INFINITY, NoObserver, Search, Stats, Value};
use alphabeta_engine::{Engine, GoParams, PlainChess, SearchControl, SmpMethod, YbwcStats};
use alphabeta_games::connect4::{Board, Connect4, random_position};
use alphabeta_models::{Additive, TreeModel, Uniform};
use serde_json::json;

use crate::context::Context;
use crate::model::{Comparison, DataTable, Item, ItemKind, Value as Shown};

const BRATKO_KOPEC: &str = include_str!("../../data/bratko-kopec.epd");

/// The goal for chess, time to depth on two threads.
const GOAL: f64 = 1.6;

/// The best of three timings of `job`, and its last result.
fn best_of_3<T>(mut job: impl FnMut() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..3 {
        let t = Instant::now();
        out = Some(job());
        best = best.min(t.elapsed());
    }
    (out.expect("ran three times"), best)
}

/// The machine's capacity: how much faster two copies of a single-threaded
/// F2 search of a uniform ⟨8, 7⟩ tree run on two threads than one after the
/// other (2.00× on two free cores).
pub fn capacity() -> anyhow::Result<f64> {
    let tree = Uniform::new(8, 7, 1)?;
    let job = || {
        let mut s = Search::new(&tree).track_pv(false);
        alpha_beta_fail_hard(&mut s, &tree.root(), u32::MAX, NEG_INFINITY, INFINITY)
    };
    let (_, one) = best_of_3(job);
    let (_, two) = best_of_3(|| {
        std::thread::scope(|s| {
            s.spawn(job);
            s.spawn(job);
        })
    });
    Ok(2.0 * one.as_secs_f64() / two.as_secs_f64())
}

/// An additive tree searched best static value first: the successors of a
/// position sorted by the value the path has reached there (Fuller §8's
/// dependence makes this a good guess), ties in generated order.
struct StaticallyOrdered(Additive);

impl Game for StaticallyOrdered {
    type Position = <Additive as Game>::Position;
    type Move = <Additive as Game>::Move;
    type Moves = Vec<Self::Move>;
    fn moves(&self, pos: &Self::Position, out: &mut Vec<Self::Move>) {
        *out = self.0.successors(pos);
        out.sort_by_key(|&mv| self.0.evaluate(&self.0.play(pos, mv), 1));
    }
    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position {
        self.0.play(pos, mv)
    }
    fn evaluate(&self, pos: &Self::Position, ply: usize) -> Value {
        self.0.evaluate(pos, ply)
    }
}

/// One workload measured: sequential F2, YBWC on one thread and on
/// `threads` threads, summed over its roots.
#[derive(Clone, Debug)]
pub struct Row {
    /// What was searched.
    pub name: String,
    /// Threads of the parallel run.
    pub threads: usize,
    /// F2: time, positions, root values.
    pub f2: (Duration, u64, Vec<Value>),
    /// YBWC on one thread: time, split statistics, root values.
    pub one: (Duration, SplitStats, Vec<Value>),
    /// YBWC on `threads` threads: time, split statistics, root values.
    pub many: (Duration, SplitStats, Vec<Value>),
}

impl Row {
    /// F2's time over the parallel search's.
    pub fn speedup(&self) -> f64 {
        self.f2.0.as_secs_f64() / self.many.0.as_secs_f64()
    }
    /// One thread of YBWC against F2: the cost of the split points alone.
    pub fn sync_overhead(&self) -> f64 {
        self.one.0.as_secs_f64() / self.f2.0.as_secs_f64() - 1.0
    }
    /// Extra positions of the parallel search against F2's.
    pub fn search_overhead(&self) -> f64 {
        self.many.1.nodes() as f64 / self.f2.1 as f64 - 1.0
    }
}

/// Measures `game` from `roots` at `depth` (module documentation).
pub fn measure<G>(
    name: &str,
    game: &G,
    roots: &[G::Position],
    depth: u32,
    threads: usize,
    min_split_depth: u32,
) -> anyhow::Result<Row>
where
    G: SharedGame,
{
    let full = (NEG_INFINITY, INFINITY);
    let ((values, nodes), f2) = best_of_3(|| {
        let mut stats = Stats::default();
        let values: Vec<Value> = roots
            .iter()
            .map(|r| {
                let mut s = Search::with_observer(game, &mut stats).track_pv(false);
                alpha_beta_fail_hard(&mut s, r, depth, full.0, full.1)
            })
            .collect();
        (values, stats.nodes())
    });
    let run = |threads: usize| -> anyhow::Result<((SplitStats, Vec<Value>), Duration)> {
        let mut failed = None;
        let (out, time) = best_of_3(|| {
            let mut stats = SplitStats::default();
            let mut values = Vec::new();
            for r in roots {
                // Without the best line, as the F2 baseline.
                let options = YbwcOptions {
                    threads,
                    min_split_depth,
                    track_pv: false,
                };
                match ybwc(game, r, depth, full, NoObserver, Limits::none(), options) {
                    Ok(out) => {
                        stats.merge(&out.stats);
                        values.push(out.value);
                    }
                    Err(e) => failed = Some(e),
                }
            }
            (stats, values)
        });
        match failed {
            Some(e) => Err(e.into()),
            None => Ok((out, time)),
        }
    };
    let ((s1, v1), t1) = run(1)?;
    let ((sn, vn), tn) = run(threads)?;
    Ok(Row {
        name: name.to_string(),
        threads,
        f2: (f2, nodes, values),
        one: (t1, s1, v1),
        many: (tn, sn, vn),
    })
}

/// One configuration of the chess engine measured by [`engine_smp`].
#[derive(Clone, Debug)]
pub struct EngineRun {
    /// `1 thread`, `Lazy SMP` or `YBWC`.
    pub method: &'static str,
    /// Threads searching.
    pub threads: usize,
    /// Time to depth over all the positions (best of three).
    pub time: Duration,
    /// Positions searched by all threads (the last of the three runs).
    pub nodes: u64,
    /// The best move of each position.
    pub moves: Vec<Option<alphabeta_chess::Move>>,
    /// Split points of Young Brothers Wait, summed over the positions.
    pub ybwc: YbwcStats,
}

impl EngineRun {
    /// On how many positions this run chose the same move as `other`.
    pub fn same_moves_as(&self, other: &EngineRun) -> usize {
        self.moves
            .iter()
            .zip(&other.moves)
            .filter(|(a, b)| a == b)
            .count()
    }
}

/// The chess engine's time to `depth` on `positions` with one thread, with
/// Lazy SMP on `threads` and with Young Brothers Wait on `threads` (a fresh
/// 16 MiB table for each position).
pub fn engine_smp(
    positions: &[alphabeta_chess::Position],
    depth: u32,
    threads: usize,
) -> anyhow::Result<[EngineRun; 3]> {
    let run = |method: &'static str, smp: SmpMethod, threads: usize| -> anyhow::Result<_> {
        let mut refused = None;
        let ((nodes, moves, ybwc), time) = best_of_3(|| {
            let mut nodes = 0;
            let mut moves = Vec::new();
            let mut ybwc = YbwcStats::default();
            for p in positions {
                let mut e = Engine::new(16);
                e.smp = smp;
                if let Err(err) = e.set_threads(threads) {
                    refused = Some(err.to_string());
                }
                let params = GoParams {
                    depth: Some(depth),
                    ..Default::default()
                };
                let out = e.search(p, &params, &SearchControl::default(), |_| {});
                nodes += out.nodes;
                moves.push(out.best);
                let s = e.last_ybwc();
                ybwc.splits += s.splits;
                ybwc.brothers += s.brothers;
                ybwc.brothers_helped += s.brothers_helped;
            }
            (nodes, moves, ybwc)
        });
        match refused {
            Some(e) => Err(anyhow::anyhow!("threads: {e}")),
            None => Ok(EngineRun {
                method,
                threads,
                time,
                nodes,
                moves,
                ybwc,
            }),
        }
    };
    Ok([
        run("1 thread", SmpMethod::Ybwc, 1)?,
        run("Lazy SMP", SmpMethod::Lazy, threads)?,
        run("YBWC", SmpMethod::Ybwc, threads)?,
    ])
}

/// The workloads: quick (the default report, about two seconds of search)
/// or `full` (docs/performance.md).
pub fn workloads(full: bool, threads: usize, min_split: u32) -> anyhow::Result<Vec<Row>> {
    let (tree_depth, bk_n, chess_depth, c4_depth) =
        if full { (9, 24, 5, 14) } else { (8, 8, 4, 12) };
    let uniform = Uniform::new(8, tree_depth, 1)?;
    let additive = StaticallyOrdered(Additive::new(8, tree_depth + 1, 100, 1)?);
    let boards = bratko_kopec(bk_n)?
        .iter()
        .map(|p| p.board().clone())
        .collect::<Vec<_>>();
    let c4: Vec<Board> = (1..=4)
        .filter_map(|seed| random_position(12, seed))
        .map(|m| m.parse::<Board>())
        .collect::<Result<_, _>>()
        .map_err(|e| anyhow::anyhow!("connect four position: {e:?}"))?;
    Ok(vec![
        measure(
            &format!("uniform ⟨8, {tree_depth}⟩, seed 1"),
            &uniform,
            &[uniform.root()],
            tree_depth,
            threads,
            min_split,
        )?,
        measure(
            &format!("additive ⟨8, {}⟩, static order", tree_depth + 1),
            &additive,
            &[additive.0.root()],
            tree_depth + 1,
            threads,
            min_split,
        )?,
        measure(
            &format!("chess Bratko–Kopec 1–{bk_n}, depth {chess_depth}"),
            &PlainChess::default(),
            &boards,
            chess_depth,
            threads,
            min_split,
        )?,
        measure(
            &format!("Connect Four, 4 random 12-disc positions, depth {c4_depth}"),
            &Connect4::default(),
            &c4,
            c4_depth,
            threads,
            min_split,
        )?,
    ])
}

/// The first `n` of the 24 Bratko–Kopec positions (the chess
/// benchmark).
pub fn bratko_kopec(n: usize) -> anyhow::Result<Vec<alphabeta_chess::Position>> {
    read_epd(BRATKO_KOPEC)
        .into_iter()
        .take(n)
        .map(|r| {
            r.map(|r| r.position)
                .map_err(|e| anyhow::anyhow!("bundled Bratko–Kopec: {e}"))
        })
        .collect()
}

/// Runs the section.
pub fn run(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    let threads = cores().min(2);
    ctx.steps(4);
    let min_split = YbwcOptions::default().min_split_depth;
    let cap = capacity()?;
    ctx.advance(1);
    let rows = workloads(ctx.options.full, threads, min_split)?;
    ctx.advance(1);
    let cap_after = capacity()?;
    ctx.advance(1);
    let (smp_depth, smp_n) = if ctx.options.full { (7, 10) } else { (6, 4) };
    let smp = engine_smp(&bratko_kopec(smp_n)?, smp_depth, threads)?;
    ctx.advance(1);
    Ok(vec![
        ybwc_item(&rows, threads, (cap, cap_after), min_split),
        smp_item(&smp, threads, smp_depth, smp_n, cap_after),
    ])
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn values_text(v: &[Value]) -> Shown {
    Shown::text(
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
    )
}

fn ybwc_item(rows: &[Row], threads: usize, (cap, cap_after): (f64, f64), split: u32) -> Item {
    let mut item = Item::new(
        "parallel-ybwc",
        ItemKind::Table,
        format!("Young Brothers Wait: 1 against {threads} threads, beside the machine's capacity"),
    )
    .describe(format!(
        "Hsu (slide 43): node types make alpha-beta parallel. At a predicted type 1 or type 3 position with ≥ {split} plies left and ≥ 3 successors, the eldest is searched first, then the younger brothers are claimed one by one by the owner and by the other thread; predicted type 2 positions stay sequential. Each workload is searched by sequential fail-hard alpha-beta (F2), by YBWC on one thread (its extra time is the cost of the split points alone; subtrees that can hold no split point are searched by F2's own loop) and on {threads} threads, all three without the principal variation; every time is the best of three. The root values and the one-thread counts are exact checks; the speedups, search overhead (extra positions) and waiting time depend on timing and are read against the capacity — two copies of a single-threaded job side by side against one after the other, measured before ({cap:.2}×) and after ({cap_after:.2}×) the workloads in this run: a speedup cannot exceed what the machine gives. The project's goal is ≥ {GOAL}× time to depth on chess; on a host whose capacity is below that, it cannot be shown."
    ));
    let mut data = DataTable::new(
        "parallel-ybwc",
        &[
            "workload",
            "F2 ms",
            "F2 positions",
            "YBWC 1 thread ms",
            "sync. overhead (1 thread vs F2)",
            "threads",
            "YBWC ms",
            "speedup",
            "capacity (before, after)",
            "search overhead",
            "split points",
            "brothers by the other thread",
            "owners waiting ms",
            "type 2 not cut (1 thread)",
            "type 3 that cut (1 thread)",
        ],
    );
    item.compare(Comparison::new_result(
        "capacity: two single-threaded jobs side by side against one after the other",
        Shown::real(cap.min(cap_after), 2),
        format!(
            "timing-dependent; measured before ({cap:.2}×) and after ({cap_after:.2}×) the workloads, the lower shown; 2.00 on two free cores"
        ),
    ));
    for r in rows {
        let (s1, sn) = (&r.one.1, &r.many.1);
        data.push(vec![
            json!(r.name),
            json!(ms(r.f2.0)),
            json!(r.f2.1),
            json!(ms(r.one.0)),
            json!(r.sync_overhead()),
            json!(r.threads),
            json!(ms(r.many.0)),
            json!(r.speedup()),
            json!(format!("{cap:.2}, {cap_after:.2}")),
            json!(r.search_overhead()),
            json!(sn.splits),
            json!(sn.brothers_helped),
            json!(sn.wait_ns as f64 / 1e6),
            json!(s1.cut_prediction_failures()),
            json!(s1.all_nodes_cut),
        ]);
        item.compare(
            Comparison::exact(
                format!(
                    "{}: root values, YBWC on {} threads = F2",
                    r.name, r.threads
                ),
                values_text(&r.f2.2),
                values_text(&r.many.2),
            )
            .against_ours("F2 on one thread, our implementation"),
        );
        item.compare(
            Comparison::exact(
                format!("{}: positions, YBWC on 1 thread = F2", r.name),
                Shown::int(i128::from(r.f2.1)),
                Shown::int(i128::from(s1.nodes())),
            )
            .against_ours("F2 on one thread, our implementation"),
        );
        item.compare(Comparison::new_result(
            format!("{}: predicted type 2 positions that did not cut off", r.name),
            Shown::real(100.0 * s1.cut_prediction_failures(), 1),
            format!(
                "per cent of {} predicted type 2 interior positions (one thread: deterministic); {} predicted type 3 cut off",
                s1.expanded[1], s1.all_nodes_cut
            ),
        ));
        let goal = if r.name.starts_with("chess") {
            format!(
                "; the project's goal is ≥ {GOAL}× on chess, {} here{}",
                if r.speedup() >= GOAL {
                    "reached"
                } else {
                    "not reached"
                },
                if cap.min(cap_after) < GOAL {
                    format!(
                        " — this host's capacity ({:.2}×) caps it below the goal",
                        cap.min(cap_after)
                    )
                } else {
                    String::new()
                }
            )
        } else {
            String::new()
        };
        item.compare(Comparison::new_result(
            format!("{}: speedup on {} threads (F2 time / YBWC time)", r.name, r.threads),
            Shown::real(r.speedup(), 2),
            format!(
                "timing-dependent, best of three; capacity {cap:.2}×/{cap_after:.2}×; one thread {:+.1} % against F2 (split-point cost); search overhead {:+.1} % positions; {} split points, {} of {} younger brothers searched by the other thread, owners waited {:.2} ms{goal}",
                100.0 * r.sync_overhead(),
                100.0 * r.search_overhead(),
                sn.splits,
                sn.brothers_helped,
                sn.brothers_searched,
                sn.wait_ns as f64 / 1e6
            ),
        ));
    }
    item.data.push(data);
    item
}

fn smp_item(smp: &[EngineRun; 3], threads: usize, depth: u32, n: usize, cap: f64) -> Item {
    let one = &smp[0];
    let mut item = Item::new(
        "parallel-lazy-smp",
        ItemKind::Table,
        format!(
            "The chess engine's `Threads`: time to depth {depth}, 1 thread against Lazy SMP and Young Brothers Wait on {threads}"
        ),
    )
    .describe(format!(
        "The UCI engine's `Threads` with either `SMP Method`. Lazy SMP: every thread searches the same position with iterative deepening, sharing the lock-free transposition table, helpers at staggered depths. Young Brothers Wait (the default): the threads share the engine's own search at split points — at an expected type 1 or 3 position with ≥ 3 plies left and ≥ 3 moves the eldest move is searched first, then the other threads may take the younger brothers; a cutoff stops them. Bratko–Kopec 1–{n}, a fresh 16 MiB table for each position, best of three. Timing-dependent, read against the capacity measured just before ({cap:.2}×)."
    ));
    let mut data = DataTable::new(
        "parallel-lazy-smp",
        &[
            "method",
            "threads",
            "ms",
            "positions (all threads)",
            "speedup",
            "capacity",
            "split points",
            "brothers by another thread",
        ],
    );
    for r in smp {
        data.push(vec![
            json!(r.method),
            json!(r.threads),
            json!(ms(r.time)),
            json!(r.nodes),
            json!(one.time.as_secs_f64() / r.time.as_secs_f64()),
            json!(cap),
            json!(r.ybwc.splits),
            json!(format!("{} of {}", r.ybwc.brothers_helped, r.ybwc.brothers)),
        ]);
    }
    for r in &smp[1..] {
        let speedup = one.time.as_secs_f64() / r.time.as_secs_f64();
        let same = r.same_moves_as(one);
        let splits = if r.ybwc.splits > 0 {
            format!(
                "; {} split points, {} of {} younger brothers searched by another thread",
                r.ybwc.splits, r.ybwc.brothers_helped, r.ybwc.brothers
            )
        } else {
            String::new()
        };
        item.compare(Comparison::new_result(
            format!("{}: time-to-depth speedup on {threads} threads", r.method),
            Shown::real(speedup, 2),
            format!(
                "timing-dependent, best of three; capacity {cap:.2}×; {:+.1} % positions (all threads); same best move as one thread on {same} of {n}{splits}; the project's goal is ≥ {GOAL}× on chess",
                100.0 * (r.nodes as f64 / one.nodes.max(1) as f64 - 1.0)
            ),
        ));
    }
    item.data.push(data);
    item
}
