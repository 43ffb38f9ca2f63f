//! The Young Brothers Wait procedure (see the module documentation of
//! [`crate::parallel`]).

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use super::{Fork, ParallelError, SharedGame};
use crate::game::Game;
use crate::moves::MoveList;
use crate::procedures::{FailHard, NodeHooks, alpha_beta_below};
use crate::resources::worker_threads;
use crate::search::{Cut, Limits, Search, Spare};
use crate::value::{NEG_INFINITY, Value};

/// How the parallel search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YbwcOptions {
    /// Worker threads (1..=[`crate::resources::cores`]).
    pub threads: usize,
    /// Split points are only made at nodes with at least this many plies
    /// left: below, handing brothers to another thread costs more than
    /// searching them (default 3, the best of 2, 3, 4 and 6 over the four
    /// workloads of docs/performance.md; 1 splits everywhere). Below it
    /// no split can happen, so a subtree rooted there (at a position not
    /// on the predicted principal variation) is searched by sequential F2
    /// itself ([`crate::procedures::alpha_beta_fail_hard`]'s loop) at F2's
    /// cost per position.
    pub min_split_depth: u32,
    /// Whether the principal variation is tracked (default true; without
    /// it [`YbwcResult::pv`] is empty and no position pays for keeping the
    /// best line, as [`crate::Search::track_pv`]).
    pub track_pv: bool,
}

impl Default for YbwcOptions {
    fn default() -> Self {
        YbwcOptions {
            threads: 1,
            min_split_depth: 3,
            track_pv: true,
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
/// split points, the work that moved between threads, and each thread's
/// share of the positions. With one thread every field but the per-thread
/// list equals what a sequential search would count (tested); with more,
/// every field depends on timing (module documentation of
/// [`crate::parallel`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SplitStats {
    /// Interior (expanded) positions by expected type: type 1, 2, 3.
    pub expanded: [u64; 3],
    /// Expected type 2 positions that examined every successor without a
    /// cutoff: the prediction failed and the node was really type 3.
    pub cut_nodes_not_cut: u64,
    /// Expected type 3 positions that did cut off.
    pub all_nodes_cut: u64,
    /// Split points: positions whose younger brothers were offered to the
    /// other threads.
    pub splits: u64,
    /// Younger brothers of split points whose search finished and counted.
    pub brothers_searched: u64,
    /// Of those, the ones searched by another thread than the one that
    /// owns the split point: the work the second thread took over.
    pub brothers_helped: u64,
    /// Younger brothers whose search was abandoned half-way because a
    /// brother, or a brother of an ancestor, cut off.
    pub brothers_aborted: u64,
    /// Synchronisation: nanoseconds the owners of split points spent, after
    /// their last brother, until the brothers other threads had taken were
    /// done (summed over split points; 0 with one thread). Rayon lets a
    /// waiting owner run other threads' work meanwhile, so this bounds the
    /// idle time from above.
    pub wait_ns: u64,
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
        self.brothers_helped += other.brothers_helped;
        self.brothers_aborted += other.brothers_aborted;
        self.wait_ns += other.wait_ns;
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

    /// The share of expected type 2 positions that did not cut off (0 when
    /// there were none): how often Knuth's prediction failed where it
    /// matters to the split, a type 2 whose successors were searched one
    /// after another although it was really type 3.
    pub fn cut_prediction_failures(&self) -> f64 {
        match self.expanded[Expected::Cut as usize] {
            0 => 0.0,
            n => self.cut_nodes_not_cut as f64 / n as f64,
        }
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
    G: SharedGame,
    O: Fork,
{
    debug_assert!(alpha < beta, "alpha-beta needs alpha < beta");
    let threads = worker_threads(Some(options.threads))?;
    if limits.nodes.is_some() {
        return Err(ParallelError::NodeLimit);
    }
    let ctx = Ctx {
        game,
        threads,
        min_split: options.min_split_depth.max(1),
        track_pv: options.track_pv,
        deadline: limits.time.map(|t| Instant::now() + t),
        stop: limits.stop,
        incomplete: AtomicBool::new(false),
        spares: (0..threads).map(|_| Mutex::new(Vec::new())).collect(),
        nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
    };
    let search = || {
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
    };
    // One thread needs no pool: the search runs on the caller's thread.
    let (value, pv, observer, mut stats) = if threads == 1 {
        search()
    } else {
        let pool = pool(threads)?;
        let found = pool.install(search);
        keep(threads, pool);
        found
    };
    stats.nodes_per_thread = ctx
        .nodes
        .iter()
        .map(|n| n.load(Ordering::Relaxed))
        .collect();
    Ok(YbwcResult {
        value,
        pv,
        complete: !ctx.incomplete.load(Ordering::Relaxed),
        observer,
        stats,
    })
}

/// The pool of the last parallel search, kept for the next one with as
/// many threads: building a pool costs the spawning of its threads, more
/// than a small search. At most one pool is kept (its threads, at most
/// [`crate::resources::cores`], sleep between searches); a search with another thread
/// count replaces it, and the old pool's threads end once the searches
/// still using it are done.
static POOL: Mutex<Option<(usize, rayon::ThreadPool)>> = Mutex::new(None);

/// A pool of `threads` threads for one search: the kept one, taken out so
/// that no other search shares its threads meanwhile (rayon would let a
/// waiting thread run another search's tasks, and each search's clock and
/// results must be its own), or a new one.
fn pool(threads: usize) -> Result<rayon::ThreadPool, ParallelError> {
    let mut kept = lock(&POOL);
    if let Some((n, _)) = kept.as_ref()
        && *n == threads
        && let Some((_, pool)) = kept.take()
    {
        return Ok(pool);
    }
    drop(kept);
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("ybwc-{i}"))
        .build()
        .map_err(|e| ParallelError::Pool(e.to_string()))
}

/// Keeps the pool of a finished search for the next one (replacing any
/// other kept pool: at most one is kept).
fn keep(threads: usize, pool: rayon::ThreadPool) {
    *lock(&POOL) = Some((threads, pool));
}

/// What every task shares.
struct Ctx<'g, G: Game> {
    game: &'g G,
    threads: usize,
    min_split: u32,
    track_pv: bool,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    /// Set when a task's search hit a limit.
    incomplete: AtomicBool,
    /// Per thread of the pool, the buffers of finished searches, for the
    /// next task that starts on that thread (a stack: a thread waiting at a
    /// split point may start another task meanwhile).
    spares: Vec<Mutex<Vec<Spare<G>>>>,
    /// Positions examined per thread of the pool.
    nodes: Vec<AtomicU64>,
}

impl<G: Game> Ctx<'_, G> {
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

    /// The thread of the pool running the caller.
    fn thread(&self) -> usize {
        rayon::current_thread_index().unwrap_or(0) % self.threads
    }
}

/// One task: the search of a subtree on whatever thread runs it. A task
/// never changes threads (rayon runs the first half of a `join` and what
/// follows it on the calling thread).
struct Task<'g, G: Game, O: Fork> {
    s: Search<'g, G, O>,
    stats: SplitStats,
}

impl<'g, G: Game, O: Fork> Task<'g, G, O> {
    /// A task on the calling thread, with the buffers its thread kept.
    fn new(ctx: &Ctx<'g, G>, observer: O) -> Self {
        let spare = lock(&ctx.spares[ctx.thread()]).pop().unwrap_or_default();
        Task {
            s: Search::from_spare(ctx.game, observer, spare)
                .limits(ctx.limits())
                .track_pv(ctx.track_pv),
            stats: SplitStats::default(),
        }
    }

    /// Books the task's positions to its thread, keeps its buffers there
    /// and gives its counts back.
    fn finish(self, ctx: &Ctx<'_, G>) -> (O, SplitStats) {
        if self.s.stopped() {
            ctx.incomplete.store(true, Ordering::Relaxed);
        }
        let thread = ctx.thread();
        ctx.nodes[thread].fetch_add(self.s.nodes(), Ordering::Relaxed);
        let (observer, spare) = self.s.into_spare();
        lock(&ctx.spares[thread]).push(spare);
        (observer, self.stats)
    }
}

/// A lock that a panicking holder cannot poison for the others (the data
/// behind it stay consistent: a spare buffer, a best line).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The best successor of a split point so far: its value and, when another
/// thread than the owner found it, the move and the line below it (the
/// owner's own finds go straight into its principal-variation table).
struct Best<M> {
    value: Value,
    line: Option<(M, Vec<M>)>,
}

/// A node whose younger brothers are being searched in parallel: each
/// thread that takes part claims the next brother until none is left.
struct Split<'a, G: Game> {
    parent: Option<&'a Split<'a, G>>,
    pos: &'a G::Position,
    moves: &'a G::Moves,
    ply: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
    expected: Expected,
    /// The thread that searched the eldest brother and waits for the rest.
    owner: usize,
    /// The next brother to claim.
    next: AtomicUsize,
    /// A brother reached beta: the others stop.
    cut: AtomicBool,
    /// The best value of the successors finished so far (the shared bound).
    own: AtomicI64,
    best: Mutex<Best<G::Move>>,
}

impl<G: Game> Split<'_, G> {
    /// The next brother to search, unless the split point (or one above)
    /// cut off, a limit was hit, or none is left.
    fn claim(&self, ctx: &Ctx<'_, G>) -> Option<usize> {
        if aborted(Some(self)) || ctx.halted() {
            return None;
        }
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        (i < self.moves.len()).then_some(i)
    }

    /// Brothers claimed (searched, started or abandoned).
    fn claimed(&self) -> usize {
        self.next.load(Ordering::Relaxed).min(self.moves.len())
    }
}

/// Whether a split point at or above `split` has cut off.
#[inline]
fn aborted<G: Game>(mut split: Option<&Split<'_, G>>) -> bool {
    while let Some(s) = split {
        if s.cut.load(Ordering::Relaxed) {
            return true;
        }
        split = s.parent;
    }
    false
}

/// Positions with fewer successors are never split: the owner claims its
/// only younger brother before another thread could.
const MIN_SPLIT_SUCCESSORS: usize = 3;

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
    split: Option<&Split<'_, G>>,
) -> Option<(Value, Cut)>
where
    G: SharedGame,
    O: Fork,
{
    if splits_nowhere_below(expected, depth, ctx.min_split) {
        return Some(sequential(
            task, pos, ply, index, depth, alpha, beta, expected,
        ));
    }
    // With one thread no split point above can have cut off while this
    // position is searched (a cutoff ends its split point's loop at once).
    if ctx.threads > 1 && aborted(split) {
        return None;
    }
    task.s.enter(ply, index, alpha, beta);
    if let Some(v) = task.s.expand_in_place(pos, ply, depth) {
        return Some((v, Cut::NONE));
    }
    task.stats.expanded[expected as usize] += 1;
    let n = task.s.successors_mut(ply).len();
    let parallel = expected.splits() && depth >= ctx.min_split && n >= MIN_SPLIT_SUCCESSORS;
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
        let t = -task.s.returned(ply + 1, t);
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
        let (value, pruned) = split_point(
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

/// Whether no position of the subtree of a position of predicted type
/// `expected` with `depth` plies left can be a split point: a split needs a
/// predicted type 1 or type 3 position with at least `min_split` plies
/// left. Below a type 3 position every other level is type 3; below a type
/// 2 position, its successors are type 3 with a ply less.
#[inline(always)]
fn splits_nowhere_below(expected: Expected, depth: u32, min_split: u32) -> bool {
    match expected {
        Expected::Pv => false,
        Expected::All => depth < min_split,
        Expected::Cut => depth <= min_split,
    }
}

/// A subtree where no split can happen ([`splits_nowhere_below`]: too few
/// plies left, its root not on the predicted principal variation),
/// searched by sequential F2 itself, with
/// [`Typed`] counting its positions by predicted type: the value and cutoff
/// of its root, the `index`-th successor of the position at `ply − 1`.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn sequential<G, O>(
    task: &mut Task<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
    expected: Expected,
) -> (Value, Cut)
where
    G: SharedGame,
    O: Fork,
{
    let mut typed = Typed {
        base: ply,
        interior: [0; 2],
        cuts: [0; 2],
    };
    let found = alpha_beta_below::<FailHard, _, _, _>(
        &mut task.s,
        &mut typed,
        pos,
        ply,
        index,
        depth,
        alpha,
        beta,
    );
    // The root's type on even plies below it, the other on odd ones.
    for (parity, e) in [expected, expected.child(1)].into_iter().enumerate() {
        task.stats.expanded[e as usize] += typed.interior[parity];
        match e {
            Expected::Cut => {
                task.stats.cut_nodes_not_cut += typed.interior[parity] - typed.cuts[parity];
            }
            _ => task.stats.all_nodes_cut += typed.cuts[parity],
        }
    }
    // F2 reports a position as examined in its parent's loop; the parent
    // here is this procedure's, which reports at entry.
    task.s.examined(ply, 1);
    found
}

/// Counts the interior positions of a [`sequential`] subtree by predicted
/// type, and the failed predictions. Its root is type 2 or type 3, so every
/// position below it has the type of its parity: a successor of a type 2
/// position is type 3 and one of a type 3 position type 2 (Knuth & Moore's
/// Theorem 1, [`Expected::child`]), whatever its place among its brothers.
/// The hooks count by parity (of the ply counted from the subtree's
/// root), at a few instructions a position, and [`sequential`] names the
/// types at the end.
struct Typed {
    base: usize,
    /// Interior positions on even and odd plies below the root.
    interior: [u64; 2],
    /// Of those, the ones that cut off.
    cuts: [u64; 2],
}

impl Typed {
    #[inline(always)]
    fn parity(&self, ply: usize) -> usize {
        (ply ^ self.base) & 1
    }
}

impl<G: Game> NodeHooks<G> for Typed {
    #[inline(always)]
    fn order(&mut self, _game: &G, _pos: &G::Position, ply: usize, _moves: &mut G::Moves) {
        self.interior[self.parity(ply)] += 1;
    }

    #[inline(always)]
    fn after(
        &mut self,
        _game: &G,
        _pos: &G::Position,
        ply: usize,
        _depth: u32,
        _alpha: Value,
        beta: Value,
        value: Value,
        _best: Option<G::Move>,
    ) {
        // F2's value is ≥ beta exactly when the position cut off.
        let p = self.parity(ply);
        self.cuts[p] += u64::from(value >= beta);
    }
}

/// The younger brothers of the node at `ply`, after the eldest returned
/// `own`: the owner (this task) claims them one by one in order, and the
/// other threads of the pool, offered the split point through one rayon
/// `join` per helper, claim the next ones with an instrument forked once.
/// Returns the best value of all successors and how many were never
/// examined because of a cutoff. With one thread nothing is offered: the
/// owner searches every brother in order with the bound its elder brothers
/// left, which is sequential F2.
#[allow(clippy::too_many_arguments)]
fn split_point<G, O>(
    ctx: &Ctx<'_, G>,
    task: &mut Task<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
    expected: Expected,
    split: Option<&Split<'_, G>>,
    own: Value,
) -> Option<(Value, usize)>
where
    G: SharedGame,
    O: Fork,
{
    let moves = task.s.take_successors(ply);
    let n = moves.len();
    let sp = Split {
        parent: split,
        pos,
        moves: &moves,
        ply,
        depth,
        alpha,
        beta,
        expected,
        owner: ctx.thread(),
        next: AtomicUsize::new(1),
        cut: AtomicBool::new(false),
        own: AtomicI64::new(own),
        best: Mutex::new(Best {
            value: own.max(alpha),
            line: None,
        }),
    };
    task.stats.splits += 1;
    if ctx.threads == 1 {
        work(ctx, task, &sp);
    } else {
        let fork = task.s.observer.fork();
        let (done, (observer, stats)) = rayon::join(
            || {
                work(ctx, task, &sp);
                Instant::now()
            },
            || offer(ctx, &sp, fork, ctx.threads - 1),
        );
        task.stats.wait_ns += u64::try_from(done.elapsed().as_nanos()).unwrap_or(u64::MAX);
        task.s.observer.join(observer);
        task.stats.merge(&stats);
    }
    let claimed = sp.claimed();
    let Split { own, best, .. } = sp;
    task.s.release(ply, moves);
    if aborted(split) {
        return None;
    }
    let best = best.into_inner().unwrap_or_else(PoisonError::into_inner);
    if let Some((mv, line)) = best.line {
        task.s.set_pv(ply, mv, &line);
    }
    Some((own.into_inner(), n - claimed))
}

/// The owner's share of a split point: brothers claimed until none is left
/// or one cut off.
fn work<G, O>(ctx: &Ctx<'_, G>, task: &mut Task<'_, G, O>, sp: &Split<'_, G>)
where
    G: SharedGame,
    O: Fork,
{
    while let Some(i) = sp.claim(ctx) {
        if !brother(ctx, task, sp, i, true) {
            break;
        }
    }
}

/// `helpers` threads offered the split point `sp`, each with an instrument
/// forked from `observer` (the owner's at the split): the instruments and
/// counts they bring back, joined.
fn offer<G, O>(ctx: &Ctx<'_, G>, sp: &Split<'_, G>, observer: O, helpers: usize) -> (O, SplitStats)
where
    G: SharedGame,
    O: Fork,
{
    if helpers <= 1 {
        return help(ctx, sp, observer);
    }
    let other = observer.fork();
    let ((mut o, mut s), (o2, s2)) = rayon::join(
        || help(ctx, sp, observer),
        || offer(ctx, sp, other, helpers - 1),
    );
    o.join(o2);
    s.merge(&s2);
    (o, s)
}

/// A helper at a split point: claims brothers until none is left. It takes
/// a search (its thread's spare buffers) only once it has a brother, so a
/// helper that comes too late costs a claim.
fn help<G, O>(ctx: &Ctx<'_, G>, sp: &Split<'_, G>, observer: O) -> (O, SplitStats)
where
    G: SharedGame,
    O: Fork,
{
    let Some(first) = sp.claim(ctx) else {
        return (observer, SplitStats::default());
    };
    let mut task = Task::new(ctx, observer);
    let mut i = first;
    loop {
        let go_on = brother(ctx, &mut task, sp, i, false);
        match sp.claim(ctx) {
            Some(next) if go_on => i = next,
            _ => break,
        }
    }
    task.finish(ctx)
}

/// Searches the `i`-th successor of the split point `sp` in `task` with the
/// shared bound, and records its value there (its line too, when it is the
/// best so far: in the owner's table, `owner`, or in the split point).
/// Returns whether the brothers go on (no cutoff, no abort).
fn brother<G, O>(
    ctx: &Ctx<'_, G>,
    task: &mut Task<'_, G, O>,
    sp: &Split<'_, G>,
    i: usize,
    owner: bool,
) -> bool
where
    G: SharedGame,
    O: Fork,
{
    let mv = sp.moves.get(i);
    // The shared bound: what the brothers finished so far have found.
    let own = sp.own.load(Ordering::Relaxed);
    let lower = own.max(sp.alpha);
    let child = ctx.game.play(sp.pos, mv);
    let found = node(
        ctx,
        task,
        &child,
        sp.ply + 1,
        i + 1,
        sp.depth - 1,
        -sp.beta,
        -lower,
        sp.expected.child(i),
        Some(sp),
    );
    let Some((t, child_cut)) = found else {
        task.stats.brothers_aborted += 1;
        return false;
    };
    let t = -task.s.returned(sp.ply + 1, t);
    task.stats.brothers_searched += 1;
    // Counted here, brother by brother, not as the growth of
    // `brothers_searched` over a helper's claim: that growth also holds the
    // brothers of split points nested below this one, merged in from their
    // own helpers (already counted there) or owned by this thread.
    task.stats.brothers_helped += u64::from(ctx.thread() != sp.owner);
    task.s.successor_cut(sp.ply + 1, child_cut, t, own);
    let before = sp.own.fetch_max(t, Ordering::Relaxed);
    if ctx.track_pv && t > before.max(sp.alpha) {
        let mut best = lock(&sp.best);
        if t > best.value {
            best.value = t;
            if owner {
                best.line = None;
                task.s.update_pv(sp.ply, mv);
            } else {
                best.line = Some((mv, task.s.pv_at(sp.ply + 1).to_vec()));
            }
        }
    }
    if t >= sp.beta {
        sp.cut.store(true, Ordering::Relaxed);
        return false;
    }
    true
}
