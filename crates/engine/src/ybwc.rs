//! Young Brothers Wait for the engine's own search:
//! the parallel alpha-beta of Feldmann, Monien & Mysliwietz (1989) driven
//! by node types (Hsu, slide 43; Knuth & Moore's types 1–3), with the
//! engine's table, killers, history and selective techniques.
//!
//! At a position expected to be of type 1 (searched with an open window)
//! or type 3 (a null window expected to fail low, see
//! `Searcher::negamax`) with at least [`MIN_SPLIT_DEPTH`] plies left and
//! at least [`MIN_SPLIT_MOVES`] moves, the eldest move is searched first,
//! by the thread that owns the position; if it does not cut off, the
//! younger brothers become a **split point** that every free thread may
//! join: each claims the next unsearched brother and searches it with
//! `Searcher::search_move` (the sequential move loop's own step) against
//! the split point's current alpha, an atomic that any brother raises. A
//! brother that reaches beta sets the split point's **cut flag**; every
//! thread searching below it sees the flag at its next position and
//! unwinds (the search under a split point checks the flags of all the
//! split points it works for). Expected type 2 positions stay sequential.
//!
//! The owner, once no brother is left to claim, waits for the threads
//! still searching its brothers and meanwhile joins split points below its
//! own ("helpful master"), so on two threads neither waits while the other
//! has work it could share. Each thread has its own killers and history;
//! they share the lock-free table ([`crate::table::SharedTable`]) and a
//! **halt flag**: any thread that reaches a limit (stop, time, nodes) sets
//! it, and every thread unwinds at its next position. Only the main thread
//! reports and chooses the move; the nodes reported are summed over all
//! threads.
//!
//! With [`crate::search::Pruning::FIXED_TREE`] the search is plain
//! alpha-beta over a fixed tree, and Young Brothers Wait must find exactly
//! one thread's root value; with the selective techniques (whose decisions
//! depend on the window and on killers and history) and the table (which
//! grafts results found by other threads at other depths and windows) it
//! may differ, as with any parallel engine.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use alphabeta_core::Value;
use cozy_chess::{Board, Move};

use crate::evaluation::EngineEval;
use crate::picker::{MoveOrdering, tactical_score};
use crate::search::{Node, Pruning, Reporting, SearchControl, Searcher};
use crate::table::SharedTable;
use crate::time::TimeBudget;

/// The fewest plies left at a split point.
pub const MIN_SPLIT_DEPTH: i32 = 3;

/// The fewest moves at a split point (the eldest and two brothers).
pub const MIN_SPLIT_MOVES: usize = 3;

/// How long a waiting thread sleeps before it looks again without being
/// woken (a safety net: publishing a split point, leaving one and halting
/// wake the waiting threads).
const NAP: Duration = Duration::from_millis(1);

/// Counts of one Young Brothers Wait search ([`crate::Engine::last_ybwc`]).
/// They depend on timing (a split point is only made while a thread is
/// free), unlike the root value under [`Pruning::FIXED_TREE`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct YbwcStats {
    /// Split points made.
    pub splits: u64,
    /// Younger brothers searched at split points (by any thread).
    pub brothers: u64,
    /// Of those, the brothers a thread other than the owner searched.
    pub brothers_helped: u64,
    /// Helper threads started and joined again at the end of the search.
    pub helpers_joined: usize,
}

/// The best result of a split point so far.
struct Best {
    value: Value,
    mv: Option<Move>,
    /// The line of the best move once it beat alpha.
    pv: Vec<Move>,
}

/// A position whose younger brothers any thread may search.
pub(super) struct SplitPoint {
    board: Board,
    /// Repetition keys up to and including the position's own.
    keys: Vec<u64>,
    /// All the position's moves in search order (index 0 is the eldest).
    moves: Vec<Move>,
    node: Node,
    /// The next brother to claim.
    next: AtomicUsize,
    alpha: AtomicI64,
    cut: AtomicBool,
    /// Threads other than the owner working here.
    workers: AtomicUsize,
    /// The split points the owner worked under when it made this one.
    ancestors: Vec<Arc<SplitPoint>>,
    best: Mutex<Best>,
}

impl SplitPoint {
    fn has_work(&self) -> bool {
        !self.cut.load(Ordering::Relaxed) && self.next.load(Ordering::Relaxed) < self.moves.len()
    }

    fn is_below(&self, sp: &Arc<SplitPoint>) -> bool {
        self.ancestors.iter().any(|a| Arc::ptr_eq(a, sp))
    }
}

/// What every thread of one search shares.
pub(super) struct Pool<'e> {
    open: Mutex<Vec<Arc<SplitPoint>>>,
    wake: Condvar,
    halt: AtomicBool,
    /// Positions searched by every thread but the main one's own search.
    pub nodes: &'e AtomicU64,
    /// The main thread's own positions, published every 1024, so that a
    /// helper can hold `go nodes N` on the total while the main thread waits.
    pub main_nodes: AtomicU64,
    /// `go nodes N`: every thread stops once all threads together reach it.
    pub node_limit: Option<u64>,
    splits: AtomicU64,
    brothers: AtomicU64,
    helped: AtomicU64,
    joined: AtomicUsize,
}

impl<'e> Pool<'e> {
    /// A pool counting the helpers' positions in `nodes`, for a search
    /// limited to `node_limit` positions on all threads together.
    pub fn new(nodes: &'e AtomicU64, node_limit: Option<u64>) -> Self {
        Pool {
            main_nodes: AtomicU64::new(0),
            node_limit,
            open: Mutex::new(Vec::new()),
            wake: Condvar::new(),
            halt: AtomicBool::new(false),
            nodes,
            splits: AtomicU64::new(0),
            brothers: AtomicU64::new(0),
            helped: AtomicU64::new(0),
            joined: AtomicUsize::new(0),
        }
    }

    /// Ends the search on every thread.
    pub fn halt(&self) {
        self.halt.store(true, Ordering::SeqCst);
        let _guard = self.open.lock();
        self.wake.notify_all();
    }

    /// Whether the search is over.
    pub fn halted(&self) -> bool {
        self.halt.load(Ordering::Relaxed)
    }

    /// The counts so far.
    pub fn stats(&self) -> YbwcStats {
        YbwcStats {
            splits: self.splits.load(Ordering::Relaxed),
            brothers: self.brothers.load(Ordering::Relaxed),
            brothers_helped: self.helped.load(Ordering::Relaxed),
            helpers_joined: self.joined.load(Ordering::SeqCst),
        }
    }

    fn publish(&self, sp: &Arc<SplitPoint>) {
        if let Ok(mut open) = self.open.lock() {
            open.push(Arc::clone(sp));
            self.wake.notify_all();
        }
    }

    fn withdraw(&self, sp: &Arc<SplitPoint>) {
        if let Ok(mut open) = self.open.lock() {
            open.retain(|s| !Arc::ptr_eq(s, sp));
        }
    }

    /// Joins an open split point that `accept` allows and that has a
    /// brother left (counted as its worker before the lock is released, so
    /// that its owner waits for this thread).
    fn take(&self, accept: impl Fn(&SplitPoint) -> bool) -> Option<Arc<SplitPoint>> {
        let open = self.open.lock().ok()?;
        let sp = open.iter().find(|s| s.has_work() && accept(s))?;
        sp.workers.fetch_add(1, Ordering::SeqCst);
        Some(Arc::clone(sp))
    }

    /// Leaves a split point joined by [`Pool::take`].
    fn leave(&self, sp: &SplitPoint) {
        sp.workers.fetch_sub(1, Ordering::SeqCst);
        let _guard = self.open.lock();
        self.wake.notify_all();
    }

    /// Waits (at most [`NAP`]) unless `done` holds or a split point that
    /// `accept` allows has work.
    fn wait(&self, done: impl Fn() -> bool, accept: impl Fn(&SplitPoint) -> bool) {
        let Ok(open) = self.open.lock() else {
            return;
        };
        if done() || self.halted() || open.iter().any(|s| s.has_work() && accept(s)) {
            return;
        }
        let _ = self.wake.wait_timeout(open, NAP);
    }
}

/// A thread's place in the pool: the split points its search works for.
pub(super) struct Worker<'e> {
    pub pool: &'e Pool<'e>,
    chain: Vec<Arc<SplitPoint>>,
}

impl<'e> Worker<'e> {
    /// The main thread's worker, under no split point.
    pub fn main(pool: &'e Pool<'e>) -> Self {
        Worker {
            pool,
            chain: Vec::new(),
        }
    }

    /// Whether the search is over or a split point this search works for
    /// has cut off.
    #[inline]
    pub fn aborted(&self) -> bool {
        self.pool.halted() || self.chain.iter().any(|s| s.cut.load(Ordering::Relaxed))
    }
}

/// What a thread needs to search brothers for any split point.
#[derive(Clone, Copy)]
pub(super) struct Base<'e> {
    pub tt: &'e SharedTable,
    pub eval: EngineEval,
    pub pruning: Pruning,
    pub control: &'e SearchControl,
    pub budget: Option<TimeBudget>,
    pub pool: &'e Pool<'e>,
}

/// Searches brothers at `sp` (joined with [`Pool::take`]) on a search of
/// its own with `ordering`'s killers and history, then leaves it.
fn work_at(base: Base<'_>, ordering: &mut MoveOrdering, sp: &Arc<SplitPoint>) {
    let mut chain = sp.ancestors.clone();
    chain.push(Arc::clone(sp));
    let mut searcher = Searcher {
        tt: base.tt,
        ordering,
        eval: base.eval,
        pruning: base.pruning,
        control: base.control,
        budget: base.budget,
        node_limit: base.pool.node_limit,
        keys: sp.keys.clone(),
        root_moves: Vec::new(),
        nodes: 0,
        seldepth: 0,
        stopped: false,
        pv: Vec::new(),
        root_value: 0,
        iteration: 0,
        started: Instant::now(),
        reporting: Reporting::Helper {
            nodes: base.pool.nodes,
            main: &base.pool.main_nodes,
        },
        next_progress: Duration::MAX,
        pending_currmove: None,
        next_poll: crate::search::POLL_INTERVAL,
        ybwc: Some(Worker {
            pool: base.pool,
            chain,
        }),
        lists: Default::default(),
        static_values: Vec::new(),
        excluded: None,
    };
    searcher.brothers(sp, false);
    searcher.publish_rest();
    base.pool.leave(sp);
}

/// A helper thread: joins split points until the search halts.
pub(super) fn helper(base: Base<'_>) {
    let mut ordering = MoveOrdering::default();
    let pool = base.pool;
    while !pool.halted() {
        match pool.take(|_| true) {
            Some(sp) => work_at(base, &mut ordering, &sp),
            None => pool.wait(|| false, |_| true),
        }
    }
    pool.joined.fetch_add(1, Ordering::SeqCst);
}

impl Searcher<'_> {
    /// Whether the position `node` with `moves` moves, whose eldest has
    /// been searched without a cutoff, becomes a split point: an expected
    /// type 1 or 3 position, deep enough, with brothers enough. A split
    /// point is made whether or not a thread is free at that moment, so
    /// that one that becomes free finds work (offering them only while a
    /// thread waited made a quarter as many and was no faster: 1.31× and
    /// 1.35× against 1.31× and 1.71× in two alternating runs at
    /// 16:23 UTC, docs/performance.md).
    pub(super) fn may_split(&self, node: &Node, moves: usize) -> bool {
        self.ybwc.as_ref().is_some_and(|w| {
            (node.pv_node || !node.cut)
                && node.depth >= MIN_SPLIT_DEPTH
                && moves >= MIN_SPLIT_MOVES
                && !self.stopped
                && !w.pool.halted()
        })
    }

    /// Searches the younger brothers of `moves` (the eldest, `moves[0]`,
    /// done: `alpha`, `best`, `best_move` and the line at this ply are its
    /// result) with every free thread, and leaves the position's result in
    /// them. On return `self.stopped` says whether this search must unwind
    /// (a halt, or a cutoff at a split point above); a cutoff here is this
    /// position's result, not a reason to unwind.
    pub(super) fn split(
        &mut self,
        board: &Board,
        moves: &[Move],
        node: Node,
        alpha: &mut Value,
        best: &mut Value,
        best_move: &mut Option<Move>,
    ) {
        let Some(worker) = &self.ybwc else {
            return;
        };
        let pool = worker.pool;
        let sp = Arc::new(SplitPoint {
            board: board.clone(),
            keys: self.keys.clone(),
            moves: moves.to_vec(),
            node,
            next: AtomicUsize::new(1),
            alpha: AtomicI64::new(*alpha),
            cut: AtomicBool::new(false),
            workers: AtomicUsize::new(0),
            ancestors: worker.chain.clone(),
            best: Mutex::new(Best {
                value: *best,
                mv: *best_move,
                pv: self.pv[node.ply].clone(),
            }),
        });
        pool.splits.fetch_add(1, Ordering::Relaxed);
        pool.publish(&sp);
        if let Some(w) = &mut self.ybwc {
            w.chain.push(Arc::clone(&sp));
        }
        self.brothers(&sp, true);
        pool.withdraw(&sp);
        // Wait for the brothers other threads search, and help below.
        let base = Base {
            tt: self.tt,
            eval: self.eval,
            pruning: self.pruning,
            control: self.control,
            budget: self.budget,
            pool,
        };
        let finished = || {
            sp.workers.load(Ordering::SeqCst) == 0
                || sp.cut.load(Ordering::Relaxed)
                || pool.halted()
        };
        while !finished() {
            match pool.take(|s| s.is_below(&sp)) {
                Some(below) => work_at(base, self.ordering, &below),
                None => pool.wait(finished, |s| s.is_below(&sp)),
            }
            if self.control.stop_requested()
                || self
                    .budget
                    .is_some_and(|b| self.control.clock_elapsed() >= b.hard)
            {
                pool.halt();
            }
        }
        if let Some(w) = &mut self.ybwc {
            w.chain.pop();
            // Unwind on a halt or a cutoff above; a cutoff here only ends
            // this position's brothers.
            self.stopped = w.aborted();
        }
        let Ok(found) = sp.best.lock() else {
            self.stopped = true;
            return;
        };
        if found.value > *best {
            *best = found.value;
            *best_move = found.mv;
            if found.value > *alpha {
                *alpha = found.value;
                let ply = node.ply;
                self.pv[ply].clone_from(&found.pv);
                if ply == 0 {
                    self.root_value = found.value;
                }
            }
        }
    }

    /// Claims and searches brothers at `sp` until none is left, it cuts
    /// off or this search must unwind; records each result.
    fn brothers(&mut self, sp: &SplitPoint, owner: bool) {
        let Some(pool) = self.ybwc.as_ref().map(|w| w.pool) else {
            return;
        };
        let node = sp.node;
        loop {
            if self.stopped || sp.cut.load(Ordering::Relaxed) {
                break;
            }
            if self.ybwc.as_ref().is_some_and(Worker::aborted) {
                self.stopped = true;
                break;
            }
            let i = sp.next.fetch_add(1, Ordering::SeqCst);
            let Some(&mv) = sp.moves.get(i) else {
                break;
            };
            let alpha = sp.alpha.load(Ordering::SeqCst);
            if alpha >= node.beta {
                break;
            }
            pool.brothers.fetch_add(1, Ordering::Relaxed);
            if !owner {
                pool.helped.fetch_add(1, Ordering::Relaxed);
            }
            let Some(v) = self.search_move(&sp.board, mv, i, &node, alpha) else {
                continue;
            };
            if self.stopped {
                break;
            }
            let Ok(mut found) = sp.best.lock() else {
                break;
            };
            if v > found.value {
                found.value = v;
                found.mv = Some(mv);
                if v > sp.alpha.load(Ordering::SeqCst) {
                    sp.alpha.store(v, Ordering::SeqCst);
                    found.pv.clear();
                    found.pv.push(mv);
                    found.pv.extend_from_slice(&self.pv[node.ply + 1]);
                    if v >= node.beta {
                        sp.cut.store(true, Ordering::SeqCst);
                        if tactical_score(&sp.board, mv) == 0 {
                            self.ordering
                                .record_cutoff(&sp.board, mv, node.ply, node.depth);
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Engine, GoParams, NODE_LIMIT_SLACK, Score, SearchOutcome, SmpMethod};
    use alphabeta_chess::position::Position;
    use alphabeta_core::resources::cores;

    fn positions(epd: &str, n: usize) -> Vec<Position> {
        alphabeta_chess::epd::read_epd(epd)
            .into_iter()
            .take(n)
            .map(|r| r.expect("epd").position)
            .collect()
    }

    fn run(
        pos: &Position,
        threads: usize,
        pruning: Pruning,
        depth: u32,
    ) -> (SearchOutcome, YbwcStats) {
        let mut engine = Engine::new(4);
        engine.set_threads(threads).expect("threads");
        engine.smp = SmpMethod::Ybwc;
        engine.pruning = pruning;
        let params = GoParams {
            depth: Some(depth),
            ..Default::default()
        };
        let out = engine.search(pos, &params, &SearchControl::default(), |_| {});
        (out, engine.last_ybwc())
    }

    #[test]
    fn on_a_fixed_tree_two_threads_find_one_threads_root_value() {
        // Under `Pruning::FIXED_TREE` nothing depends on the window, on the
        // killers and history or on what the table holds (it only orders
        // moves), so every iteration's root value is the minimax value of
        // the tree fixed by the root and the depth: the threads' search
        // order may change the work, never the value. A brother searched
        // against a stale alpha, a lost brother or a cutoff that stopped
        // the wrong split point would show here.
        let threads = cores().min(2);
        let mut splits = 0;
        let mut helped = 0;
        for pos in positions(include_str!("../../chess/tests/data/wac.epd"), 8) {
            let (one, _) = run(&pos, 1, Pruning::FIXED_TREE, 5);
            for _ in 0..2 {
                let (many, stats) = run(&pos, threads, Pruning::FIXED_TREE, 5);
                assert_eq!(many.value, one.value, "{}", pos.fen());
                assert_eq!(many.depth, one.depth, "{}", pos.fen());
                assert!(pos.is_legal(many.best.expect("move")));
                assert_eq!(stats.helpers_joined, threads - 1);
                splits += stats.splits;
                helped += stats.brothers_helped;
            }
        }
        if threads > 1 {
            assert!(splits > 0 && helped > 0, "{splits} splits, {helped} helped");
        }
    }

    #[test]
    fn two_threads_find_the_mates_one_thread_finds() {
        // WAC positions with a mate in two or three that the engine without
        // the selective techniques finds at depth 5 (the engine's own test,
        // `the_selective_techniques_keep_every_mate`): a forced score, so
        // the table's grafts cannot change it.
        let threads = cores().min(2);
        for (fen, mate) in [
            (
                "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
                2,
            ),
            (
                "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
                2,
            ),
            ("5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1", 2),
            (
                "4k1r1/2p3r1/1pR1p3/3pP2p/3P2qP/P4N2/1PQ4P/5R1K b - - 0 1",
                2,
            ),
            ("7k/pp4np/2p3p1/3pN1q1/3P4/Q7/1r3rPP/2R2RK1 w - - 0 1", 2),
            (
                "r3kr2/1pp4p/1p1p4/7q/4P1n1/2PP2Q1/PP4P1/R1BB2K1 b q - 0 1",
                2,
            ),
            (
                "r1bq1r1k/1pp1Np1p/p2p2pQ/4R3/n7/8/PPPP1PPP/R1B3K1 w - - 0 1",
                2,
            ),
            ("k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - - 0 1", 3),
        ] {
            let pos = Position::from_fen(fen).expect("fen");
            let (one, _) = run(&pos, 1, Pruning::NONE, 5);
            let (many, _) = run(&pos, threads, Pruning::NONE, 5);
            assert_eq!(Score::from_value(one.value), Score::Mate(mate), "{fen}");
            assert_eq!(Score::from_value(many.value), Score::Mate(mate), "{fen}");
            assert!(pos.is_legal(many.best.expect("move")), "{fen}");
        }
    }

    #[test]
    fn a_stop_ends_every_thread() {
        // An unlimited search told to stop (from the report of its fourth
        // iteration, and from another thread), a search out of time and one
        // out of nodes return a legal move, and every helper has left its
        // loop and been joined by then (the scope joins them before
        // `search` returns; the count says each one ran to its end).
        let threads = cores().min(2);
        for pos in positions(include_str!("../../chess/tests/data/wac.epd"), 3) {
            let mut engine = Engine::new(4);
            engine.set_threads(threads).expect("threads");
            let control = SearchControl::default();
            let params = GoParams {
                infinite: true,
                ..Default::default()
            };
            let out = engine.search(&pos, &params, &control, |info| {
                if info.depth >= 4 {
                    control.stop();
                }
            });
            assert!(pos.is_legal(out.best.expect("move")));
            assert!(out.depth >= 4 && out.depth < 60, "depth {}", out.depth);
            assert_eq!(engine.last_ybwc().helpers_joined, threads - 1);

            let control = SearchControl::default();
            let out = std::thread::scope(|s| {
                s.spawn(|| {
                    std::thread::sleep(Duration::from_millis(50));
                    control.stop();
                });
                engine.search(&pos, &params, &control, |_| {})
            });
            assert!(pos.is_legal(out.best.expect("move")));
            assert_eq!(engine.last_ybwc().helpers_joined, threads - 1);

            // The clock and a node limit halt every thread the same way.
            for params in [
                GoParams {
                    movetime: Some(Duration::from_millis(30)),
                    ..Default::default()
                },
                GoParams {
                    nodes: Some(20_000),
                    ..Default::default()
                },
            ] {
                let out = engine.search(&pos, &params, &SearchControl::default(), |_| {});
                assert!(pos.is_legal(out.best.expect("move")));
                assert!(out.depth < 60, "depth {}", out.depth);
                assert_eq!(engine.last_ybwc().helpers_joined, threads - 1);
                if let Some(n) = params.nodes {
                    // The limit holds on all threads together.
                    let bound = n + NODE_LIMIT_SLACK + 2048 * threads as u64;
                    assert!(out.nodes <= bound, "{} nodes > {bound}", out.nodes);
                }
            }
            // Lazy SMP holds the node limit on the sum too.
            let mut lazy = Engine::new(4);
            lazy.set_threads(threads).expect("threads");
            lazy.smp = SmpMethod::Lazy;
            let params = GoParams {
                nodes: Some(20_000),
                ..Default::default()
            };
            let out = lazy.search(&pos, &params, &SearchControl::default(), |_| {});
            let bound = 20_000 + NODE_LIMIT_SLACK + 2048 * threads as u64;
            assert!(out.nodes <= bound, "lazy: {} nodes > {bound}", out.nodes);
        }
    }

    #[test]
    fn more_threads_than_cores_are_refused() {
        let mut engine = Engine::new(1);
        assert!(engine.set_threads(cores() + 1).is_err());
        assert!(engine.set_threads(0).is_err());
        assert_eq!(engine.threads(), 1);
        assert!("lazy".parse::<SmpMethod>() == Ok(SmpMethod::Lazy));
        assert!("YBWC".parse::<SmpMethod>() == Ok(SmpMethod::Ybwc));
        assert!("both".parse::<SmpMethod>().is_err());
    }
}
