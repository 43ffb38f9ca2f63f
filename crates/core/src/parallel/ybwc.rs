//! The Young Brothers Wait procedure (see the module documentation of
//! [`crate::parallel`]).

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::{Fork, ParallelError, check_threads};
use crate::game::Game;
use crate::moves::MoveList;
use crate::search::{Cut, Limits, Search};
use crate::value::{NEG_INFINITY, Value};

/// How the parallel search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YbwcOptions {
    /// Worker threads (1..=[`super::cores`]).
    pub threads: usize,
    /// Split points are only made at nodes with at least this many plies
    /// left: below, handing a brother to another thread costs more than
    /// searching it (default 2; 1 splits everywhere).
    pub min_split_depth: u32,
}

impl Default for YbwcOptions {
    fn default() -> Self {
        YbwcOptions {
            threads: 1,
            min_split_depth: 2,
        }
    }
}

/// The type a node is expected to have before it is searched: Knuth &
/// Moore's Theorem 1 for a perfectly ordered tree, read top-down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expected {
    /// Type 1: on the principal variation (the root, eldest of a type 1).
    Pv = 0,
    /// Type 2: expected to cut off after one successor (a younger brother
    /// on the principal variation, any successor of a type 3 node).
    Cut = 1,
    /// Type 3: every successor is searched (any successor of a type 2 node).
    All = 2,
}

impl Expected {
    /// The expected type of the `i`-th successor (from 0).
    #[inline]
    pub fn child(self, i: usize) -> Expected {
        match self {
            Expected::Pv if i == 0 => Expected::Pv,
            Expected::Pv | Expected::All => Expected::Cut,
            Expected::Cut => Expected::All,
        }
    }

    /// Whether the younger brothers of this node are searched in parallel.
    #[inline]
    pub fn splits(self) -> bool {
        self != Expected::Cut
    }
}

/// What the parallel search did: node types as predicted and as found,
/// split points, and each thread's share of the positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SplitStats {
    /// Interior (expanded) positions by expected type: type 1, 2, 3.
    pub expanded: [u64; 3],
    /// Expected type 2 positions that examined every successor without a
    /// cutoff: the prediction failed and the node was really type 3.
    pub cut_nodes_not_cut: u64,
    /// Expected type 3 positions that did cut off.
    pub all_nodes_cut: u64,
    /// Split points: positions whose younger brothers went to the pool.
    pub splits: u64,
    /// Younger brothers whose search finished and counted.
    pub brothers_searched: u64,
    /// Younger brothers whose search was abandoned half-way because a
    /// brother, or a brother of an ancestor, cut off.
    pub brothers_aborted: u64,
    /// Positions examined by each thread of the pool (index: thread).
    pub nodes_per_thread: Vec<u64>,
}

impl SplitStats {
    /// Adds another task's counts.
    pub fn merge(&mut self, other: &SplitStats) {
        for (a, b) in self.expanded.iter_mut().zip(other.expanded) {
            *a += b;
        }
        self.cut_nodes_not_cut += other.cut_nodes_not_cut;
        self.all_nodes_cut += other.all_nodes_cut;
        self.splits += other.splits;
        self.brothers_searched += other.brothers_searched;
        self.brothers_aborted += other.brothers_aborted;
        if self.nodes_per_thread.len() < other.nodes_per_thread.len() {
            self.nodes_per_thread
                .resize(other.nodes_per_thread.len(), 0);
        }
        for (a, b) in self
            .nodes_per_thread
            .iter_mut()
            .zip(&other.nodes_per_thread)
        {
            *a += b;
        }
    }

    /// Positions examined, over all threads.
    pub fn nodes(&self) -> u64 {
        self.nodes_per_thread.iter().sum()
    }

    fn count_nodes(&mut self, nodes: u64) {
        let thread = rayon::current_thread_index().unwrap_or(0);
        if self.nodes_per_thread.len() <= thread {
            self.nodes_per_thread.resize(thread + 1, 0);
        }
        self.nodes_per_thread[thread] += nodes;
    }
}

/// What [`ybwc`] returns.
#[derive(Clone, Debug)]
pub struct YbwcResult<M, O> {
    /// The root value for the side to move (fail-hard, Knuth eq. (9)).
    pub value: Value,
    /// A principal variation (with several threads, possibly another line
    /// of the same value than the sequential search's).
    pub pv: Vec<M>,
    /// Whether the search ended without a limit stopping it.
    pub complete: bool,
    /// The instruments, joined over every task.
    pub observer: O,
    /// Split points, node types, positions per thread.
    pub stats: SplitStats,
}

/// Searches `root` to `depth` with the window `(alpha, beta)`, `alpha <
/// beta`, on `options.threads` threads, by Young Brothers Wait (module
/// documentation of [`crate::parallel`]). `limits` may hold a time limit
/// and a stop flag; a node limit is refused.
pub fn ybwc<G, O>(
    game: &G,
    root: &G::Position,
    depth: u32,
    (alpha, beta): (Value, Value),
    observer: O,
    limits: Limits,
    options: YbwcOptions,
) -> Result<YbwcResult<G::Move, O>, ParallelError>
where
    G: Game + Sync,
    G::Position: Send + Sync,
    G::Move: Send + Sync,
    O: Fork,
{
    debug_assert!(alpha < beta, "alpha-beta needs alpha < beta");
    let threads = check_threads(options.threads)?;
    if limits.nodes.is_some() {
        return Err(ParallelError::NodeLimit);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("ybwc-{i}"))
        .build()
        .map_err(|e| ParallelError::Pool(e.to_string()))?;
    let ctx = Ctx {
        game,
        min_split: options.min_split_depth.max(1),
        deadline: limits.time.map(|t| Instant::now() + t),
        stop: limits.stop,
        incomplete: AtomicBool::new(false),
    };
    let (value, pv, observer, stats) = pool.install(|| {
        let mut task = Task::new(&ctx, observer);
        let found = node(
            &ctx,
            &mut task,
            root,
            0,
            0,
            depth,
            alpha,
            beta,
            Expected::Pv,
            None,
        );
        // Nothing is above the root to abort it.
        let (value, cut) = found.unwrap_or((alpha, Cut::NONE));
        task.s.root_cut(cut);
        let pv = task.s.principal_variation();
        let (observer, stats) = task.finish(&ctx);
        (value, pv, observer, stats)
    });
    Ok(YbwcResult {
        value,
        pv,
        complete: !ctx.incomplete.load(Ordering::Relaxed),
        observer,
        stats,
    })
}

/// What every task shares.
struct Ctx<'g, G> {
    game: &'g G,
    min_split: u32,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    /// Set when a task's search hit a limit.
    incomplete: AtomicBool,
}

impl<G> Ctx<'_, G> {
    /// The limits of a task starting now: the time left and the stop flag.
    fn limits(&self) -> Limits {
        Limits {
            nodes: None,
            time: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now())),
            stop: self.stop.clone(),
        }
    }

    /// Whether the search must end: a limit was hit somewhere (the search
    /// is then incomplete).
    fn halted(&self) -> bool {
        if self.incomplete.load(Ordering::Relaxed) {
            return true;
        }
        let hit = self
            .stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d);
        if hit {
            self.incomplete.store(true, Ordering::Relaxed);
        }
        hit
    }
}

/// One task: the search of a subtree on whatever thread runs it.
struct Task<'g, G: Game, O: Fork> {
    s: Search<'g, G, O>,
    stats: SplitStats,
}

impl<'g, G: Game, O: Fork> Task<'g, G, O> {
    fn new(ctx: &Ctx<'g, G>, observer: O) -> Self {
        Task {
            s: Search::with_observer(ctx.game, observer).limits(ctx.limits()),
            stats: SplitStats::default(),
        }
    }

    /// Books the task's positions to its thread and gives its counts back.
    fn finish(mut self, ctx: &Ctx<'_, G>) -> (O, SplitStats) {
        if self.s.stopped() {
            ctx.incomplete.store(true, Ordering::Relaxed);
        }
        self.stats.count_nodes(self.s.nodes());
        (self.s.into_observer(), self.stats)
    }
}

/// A node whose younger brothers are being searched in parallel.
struct Split<'a, M> {
    parent: Option<&'a Split<'a, M>>,
    /// A brother reached beta: the others stop.
    cut: AtomicBool,
    /// The best value of the successors finished so far (−∞: none).
    own: AtomicI64,
    /// The move that gave it (if it beat alpha) and the line below it.
    best: Mutex<Option<(M, Vec<M>)>>,
}

/// Whether a split point at or above `split` has cut off.
#[inline]
fn aborted<M>(mut split: Option<&Split<'_, M>>) -> bool {
    while let Some(s) = split {
        if s.cut.load(Ordering::Relaxed) {
            return true;
        }
        split = s.parent;
    }
    false
}

/// One node of the parallel fail-hard search: its value and the cutoff it
/// made (for its parent to classify as deep or shallow), or `None` when a
/// split point above it cut off and its value is not wanted.
#[allow(clippy::too_many_arguments)]
fn node<G, O>(
    ctx: &Ctx<'_, G>,
    task: &mut Task<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
    expected: Expected,
    split: Option<&Split<'_, G::Move>>,
) -> Option<(Value, Cut)>
where
    G: Game + Sync,
    G::Position: Send + Sync,
    G::Move: Send + Sync,
    O: Fork,
{
    if aborted(split) {
        return None;
    }
    task.s.enter(ply, index, alpha, beta);
    if let Some(v) = task.s.expand_in_place(pos, ply, depth) {
        return Some((v, Cut::NONE));
    }
    task.stats.expanded[expected as usize] += 1;
    let n = task.s.successors_mut(ply).len();
    let parallel = expected.splits() && depth >= ctx.min_split && n > 1;
    // Knuth's F2 loop over the successors searched one after another: all
    // of them, or the eldest alone before a split.
    let mut own = NEG_INFINITY;
    let mut cut = Cut::NONE;
    for i in 0..if parallel { 1 } else { n } {
        let mv = task.s.successor(ply, i);
        let child = ctx.game.play(pos, mv);
        let lower = own.max(alpha);
        let (t, child_cut) = node(
            ctx,
            task,
            &child,
            ply + 1,
            i + 1,
            depth - 1,
            -beta,
            -lower,
            expected.child(i),
            split,
        )?;
        let t = -t;
        task.s.successor_cut(ply + 1, child_cut, t, own);
        if t > lower {
            task.s.update_pv(ply, mv);
        }
        own = own.max(t);
        if own >= beta {
            cut = task.s.cut(n - i - 1);
            break;
        }
    }
    if parallel && own < beta {
        let (value, pruned) = younger_brothers(
            ctx, task, pos, ply, depth, alpha, beta, expected, split, own,
        )?;
        own = value;
        if own >= beta {
            cut = task.s.cut(pruned);
        }
    }
    match expected {
        Expected::Cut if own < beta => task.stats.cut_nodes_not_cut += 1,
        Expected::All if own >= beta => task.stats.all_nodes_cut += 1,
        _ => {}
    }
    Some((own.max(alpha), cut))
}

/// The younger brothers of the node at `ply`, searched in parallel after
/// the eldest returned `own`: the best value of all successors, and how
/// many were never examined because of a cutoff.
#[allow(clippy::too_many_arguments)]
fn younger_brothers<G, O>(
    ctx: &Ctx<'_, G>,
    task: &mut Task<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
    expected: Expected,
    split: Option<&Split<'_, G::Move>>,
    own: Value,
) -> Option<(Value, usize)>
where
    G: Game + Sync,
    G::Position: Send + Sync,
    G::Move: Send + Sync,
    O: Fork,
{
    let n = task.s.successors_mut(ply).len();
    let brothers: Vec<(usize, G::Move, O)> = (1..n)
        .map(|i| (i, task.s.successor(ply, i), task.s.observer.fork()))
        .collect();
    let sp = Split {
        parent: split,
        cut: AtomicBool::new(false),
        own: AtomicI64::new(own),
        best: Mutex::new(None),
    };
    task.stats.splits += 1;
    let done: Vec<(O, SplitStats, bool)> = brothers
        .into_par_iter()
        .map(|(i, mv, observer)| {
            brother(
                ctx,
                &sp,
                pos,
                ply,
                i,
                mv,
                depth,
                (alpha, beta),
                expected.child(i),
                observer,
            )
        })
        .collect();
    let mut examined = 1;
    for (observer, stats, searched) in done {
        task.s.observer.join(observer);
        task.stats.merge(&stats);
        examined += usize::from(searched);
    }
    if aborted(split) {
        return None;
    }
    if let Some((mv, line)) = sp.best.into_inner().ok().flatten() {
        task.s.set_pv(ply, mv, &line);
    }
    Some((sp.own.load(Ordering::Relaxed), n - examined))
}

/// The search of the `i`-th successor `mv` of a split point, as a task of
/// its own: its instrument, its counts, and whether it was examined at all
/// (it is not when a brother cut off or a limit was hit before it started).
#[allow(clippy::too_many_arguments)]
fn brother<G, O>(
    ctx: &Ctx<'_, G>,
    sp: &Split<'_, G::Move>,
    pos: &G::Position,
    ply: usize,
    i: usize,
    mv: G::Move,
    depth: u32,
    (alpha, beta): (Value, Value),
    expected: Expected,
    observer: O,
) -> (O, SplitStats, bool)
where
    G: Game + Sync,
    G::Position: Send + Sync,
    G::Move: Send + Sync,
    O: Fork,
{
    if aborted(Some(sp)) || ctx.halted() {
        return (observer, SplitStats::default(), false);
    }
    let mut task = Task::new(ctx, observer);
    // The shared bound: what the brothers finished so far have found.
    let own = sp.own.load(Ordering::Relaxed);
    let lower = own.max(alpha);
    let child = ctx.game.play(pos, mv);
    let found = node(
        ctx,
        &mut task,
        &child,
        ply + 1,
        i + 1,
        depth - 1,
        -beta,
        -lower,
        expected,
        Some(sp),
    );
    match found {
        None => task.stats.brothers_aborted += 1,
        Some((t, child_cut)) => {
            let t = -t;
            task.stats.brothers_searched += 1;
            task.s.successor_cut(ply + 1, child_cut, t, own);
            if let Ok(mut best) = sp.best.lock() {
                let now = sp.own.load(Ordering::Relaxed);
                if t > now.max(alpha) {
                    *best = Some((mv, task.s.pv_at(ply + 1).to_vec()));
                }
                sp.own.store(now.max(t), Ordering::Relaxed);
                if t >= beta {
                    sp.cut.store(true, Ordering::Relaxed);
                }
            }
        }
    }
    let (observer, stats) = task.finish(ctx);
    (observer, stats, true)
}
