//! # alphabeta-engine
//!
//! A chess engine that plays over the UCI protocol, built on the rules of
//! `alphabeta-chess` and the score type, mate distances and tables of
//! `alphabeta-core`: iterative deepening over a principal-variation search
//! with a transposition table, move ordering (hash move, MVV-LVA, killers,
//! history), aspiration windows, null-move pruning, late-move reductions,
//! futility and reverse futility pruning ([`Pruning`]), check extension,
//! quiescence with static exchange pruning, mate-distance pruning and time
//! management; tapered piece-square tables ([`pst`]) plus pawn-structure,
//! rook-file and king-safety terms ([`terms`]) evaluate by default.
//! It is not part of the seeds' experiments (those are
//! `alphabeta-chess-lab`, which search with the core's procedures and
//! [`alphabeta_chess::eval::Evaluator`]) and imports nothing from them.
//!
//! Where to start reading: [`uci::run`] speaks the protocol (what
//! `alphabeta uci` runs); [`Engine::search`] runs one search under
//! [`GoParams`] and reports each iteration as a [`SearchInfo`];
//! [`search`] is the search itself, [`picker`] its move order,
//! [`evaluation`] the choice of static evaluation ([`EngineEval`]),
//! [`table`] the shared transposition table, [`time`] the clock;
//! [`suite`] solves EPD test suites; with the feature `tune` (on by
//! default), `tune` fits the evaluation's weights (`examples/tune.rs`).
//!
//! ```
//! use alphabeta_chess::Position;
//! use alphabeta_engine::{Engine, GoParams, SearchControl};
//!
//! let mut engine = Engine::new(1);
//! let params = GoParams { depth: Some(3), ..Default::default() };
//! let outcome = engine.search(&Position::startpos(), &params, &SearchControl::default(), |_| {});
//! assert!(outcome.best.is_some());
//! ```
//!
//! With more than one thread ([`Engine::set_threads`]) the engine searches
//! by [`Engine::smp`]: **Young Brothers Wait** on its own search ([`ybwc`],
//! the default: the threads share the tree at split points, by node types)
//! or **Lazy SMP**: helper threads run the same iterative deepening on the
//! same root, sharing only the lock-free transposition table
//! ([`table::SharedTable`]); half of them start one ply deeper, and each
//! keeps its own killers and history, so their searches drift apart and
//! fill the table with results the main thread then finds. Either way only
//! the main thread reports and chooses the move; the nodes reported are
//! summed over all threads. docs/performance.md compares the two.

pub mod correction;
pub mod evaluation;
pub mod picker;
pub mod plain;
pub mod pst;
pub mod search;
pub mod suite;
pub mod switches;
pub mod table;
pub mod terms;
pub mod time;
#[cfg(feature = "tune")]
pub mod tune;
pub mod uci;
pub mod ybwc;

use std::sync::atomic::AtomicU64;
use std::time::{Duration, Instant};

use alphabeta_core::Value;
use alphabeta_core::value::{WIN, is_loss, is_win};
use cozy_chess::Move;

pub use evaluation::EngineEval;
pub use plain::PlainChess;
pub use search::{NODE_LIMIT_SLACK, Pruning, SearchControl};
pub use table::SharedTable;
pub use terms::EvalTerms;
pub use time::{GoParams, RootTrend, TimeBudget};
pub use ybwc::YbwcStats;

use alphabeta_chess::position::Position;
use picker::MoveOrdering;
use search::{MAX_PLY, Reporting, Searcher};

/// A score as UCI reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Centipawns(Value),
    /// Mate in this many moves (negative: being mated).
    Mate(i64),
}

impl Score {
    /// Converts a search value: distance-scored wins become mates in moves.
    pub fn from_value(v: Value) -> Score {
        if is_win(v) {
            Score::Mate((WIN - v + 1) / 2)
        } else if is_loss(v) {
            Score::Mate(-((WIN + v + 1) / 2))
        } else {
            Score::Centipawns(v)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Centipawns(v) => write!(f, "cp {v}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// What the engine reports after each iteration (and each MultiPV line).
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached (extensions and quiescence included).
    pub seldepth: usize,
    /// 1-based index of the line (MultiPV).
    pub multipv: usize,
    /// The line's value for the side to move.
    pub value: Value,
    /// Positions searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Transposition-table occupancy in permille.
    pub hashfull: u32,
}

impl SearchInfo {
    /// The value as a UCI score.
    pub fn score(&self) -> Score {
        Score::from_value(self.value)
    }

    /// Nodes per second ([`nps`]).
    pub fn nps(&self) -> Option<u64> {
        nps(self.nodes, self.time)
    }
}

/// Nodes per second, or `None` before a millisecond has passed (a rate
/// over no time would be invented).
pub fn nps(nodes: u64, time: Duration) -> Option<u64> {
    let ms = time.as_millis() as u64;
    (ms > 0).then(|| nodes.saturating_mul(1000) / ms)
}

/// What the engine tells its caller while it searches.
#[derive(Clone, Debug)]
pub enum Report {
    /// An iteration (or a MultiPV line) finished.
    Iteration(SearchInfo),
    /// A root search fell outside its aspiration window: the value is a
    /// lower bound (`lower`) or an upper bound, to be searched again.
    Bound {
        /// The line, with the bound as its value.
        info: SearchInfo,
        /// Whether the value is a lower bound (failed high).
        lower: bool,
    },
    /// The root move now searched (1-based `number` in search order).
    CurrMove {
        /// The iteration.
        depth: u32,
        /// The move.
        mv: Move,
        /// Its place among the root moves.
        number: usize,
    },
    /// Periodic progress.
    Progress {
        /// Positions searched by all threads.
        nodes: u64,
        /// Time since the search started.
        time: Duration,
        /// Table occupancy in permille.
        hashfull: u32,
    },
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOutcome {
    /// The move to play (`None` when the game is over at the root).
    pub best: Option<Move>,
    /// The expected reply, to ponder on.
    pub ponder: Option<Move>,
    /// The value of the best move for the side to move.
    pub value: Value,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Positions searched (by all threads).
    pub nodes: u64,
    /// Whether the move comes from an iteration that a limit interrupted
    /// after it had searched a root move to the end (deeper than `depth`).
    pub from_interrupted: bool,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// Table occupancy in permille at the end.
    pub hashfull: u32,
    /// The principal variation of the move.
    pub pv: Vec<Move>,
}

/// How more than one thread searches (UCI `SMP Method`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SmpMethod {
    /// Young Brothers Wait on the engine's own search ([`ybwc`]): the
    /// threads share the tree at split points. The default: time to depth
    /// 7 on Bratko–Kopec 1–10 is shorter than Lazy SMP's on two threads
    /// (docs/performance.md, "Parallel search").
    #[default]
    Ybwc,
    /// Lazy SMP: every thread searches the whole tree; they share only the
    /// table.
    Lazy,
}

impl SmpMethod {
    /// The UCI option `SMP Method`: every method and its name.
    pub const OPTION: switches::Combo<SmpMethod> = switches::Combo {
        option: "SMP Method",
        choices: &[(SmpMethod::Ybwc, "ybwc"), (SmpMethod::Lazy, "lazy")],
    };

    /// The UCI name (`ybwc`, `lazy`).
    pub fn name(self) -> &'static str {
        // Every method is in `OPTION` (a test checks it).
        Self::OPTION.name(self).unwrap_or_default()
    }
}

impl std::str::FromStr for SmpMethod {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Self::OPTION.parse(s)
    }
}

/// The engine: its transposition table and settings persist between searches.
pub struct Engine {
    /// The table; a single slot until a search needs the table of
    /// `hash_mb` ([`Engine::set_hash`]).
    tt: SharedTable,
    /// The table size asked for (UCI `Hash`), in MiB.
    hash_mb: usize,
    ordering: MoveOrdering,
    threads: usize,
    /// How more than one thread searches.
    pub smp: SmpMethod,
    last_ybwc: YbwcStats,
    /// The evaluation in use.
    pub eval: EngineEval,
    /// The selective techniques in use.
    pub pruning: Pruning,
    /// The GUI analyses rather than plays (UCI `UCI_AnalyseMode`): the
    /// root's moves are then searched without late-move reductions
    /// ([`Engine::search_pruning`]).
    pub analyse_mode: bool,
    /// Number of principal variations to report (UCI `MultiPV`).
    pub multipv: usize,
    /// Under `go movetime`, start iterations until the time is up instead
    /// of predicting whether the next one finishes (UCI `FullMoveTime`;
    /// [`TimeBudget::may_start_iteration_under`]).
    pub full_movetime: bool,
    /// Spend the clock by the spend-more rule (UCI `SpendClock`, on by
    /// default): [`GoParams::spending_budget`], with the soft limit
    /// stretched for an unsettled root ([`TimeBudget::soft_for`]); off,
    /// the clock's budget is [`GoParams::budget`]'s.
    pub spend_clock: bool,
    /// Reports other than finished iterations (current move, aspiration
    /// bounds, progress) start this long after the search does, so a
    /// short search is not flooded with them (default 1 s).
    pub report_after: Duration,
}

/// The default table size in MiB (UCI `Hash`).
pub const DEFAULT_HASH_MB: usize = 16;

/// The machine's cores, the bound of UCI `Threads`.
pub use alphabeta_core::resources::cores;

impl Default for Engine {
    fn default() -> Self {
        Engine::new(DEFAULT_HASH_MB)
    }
}

impl Engine {
    /// An engine with a table of about `hash_mb` MiB, allocated when the
    /// first search starts (see [`Engine::set_hash`]).
    pub fn new(hash_mb: usize) -> Self {
        Engine {
            tt: SharedTable::with_slots(1),
            hash_mb,
            ordering: MoveOrdering::default(),
            threads: 1,
            smp: SmpMethod::default(),
            last_ybwc: YbwcStats::default(),
            eval: EngineEval::Tapered(EvalTerms::default()),
            pruning: Pruning::default(),
            analyse_mode: false,
            multipv: 1,
            full_movetime: true,
            spend_clock: true,
            report_after: Duration::from_secs(1),
        }
    }

    /// The techniques a search uses: [`Engine::pruning`], with the root's
    /// moves unreduced ([`Pruning::root_reductions`] off) in analysis mode.
    /// An analyst asks for the best move and the values of the root's
    /// moves, which late-move reductions at the root make shallower for the
    /// late ones. In games the unreduced root showed no gain, so play keeps
    /// the reductions; at equal depth the unreduced root finds more keys of
    /// a test suite (docs/chess.md).
    pub fn search_pruning(&self) -> Pruning {
        let mut pruning = self.pruning;
        if self.analyse_mode {
            pruning.root_reductions = false;
        }
        pruning
    }

    /// Resizes (and empties) the table: the old one is freed now, and the
    /// new one of about `hash_mb` MiB is allocated when the next search
    /// starts. A GUI sets `Hash` (and sends `ucinewgame`) before it searches,
    /// so the default size is never allocated only to be thrown away, and a
    /// session that never searches (a GUI probing the engine's options)
    /// allocates no table.
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.hash_mb = hash_mb;
        self.tt = SharedTable::with_slots(1);
    }

    /// Allocates the table of the size asked for, if it is not allocated yet.
    fn allocate_table(&mut self) {
        if self.tt.capacity() != SharedTable::slots_for_megabytes(self.hash_mb) {
            self.tt = SharedTable::with_megabytes(self.hash_mb);
        }
    }

    /// Searches on `threads` threads ([`Engine::smp`]), 1 to the machine's cores;
    /// more is refused.
    pub fn set_threads(&mut self, threads: usize) -> Result<(), String> {
        self.threads = alphabeta_core::resources::worker_threads(Some(threads)).map_err(|_| {
            format!(
                "Threads must be 1..={} (this machine's cores), got {threads}",
                cores()
            )
        })?;
        Ok(())
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The split-point counts of the last search with Young Brothers Wait
    /// on more than one thread (zero otherwise).
    pub fn last_ybwc(&self) -> YbwcStats {
        self.last_ybwc
    }

    /// Forgets everything learned (UCI `ucinewgame`).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
    }

    /// Searches `root` within the limits of `params`, reporting each
    /// iteration to `on_info`, until a limit is reached or `control` says stop.
    pub fn search(
        &mut self,
        root: &Position,
        params: &GoParams,
        control: &SearchControl,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> SearchOutcome {
        self.search_reporting(root, params, control, |r| {
            if let Report::Iteration(info) = r {
                on_info(info);
            }
        })
    }

    /// [`Engine::search`] with every [`Report`]: iterations, and (after
    /// [`Engine::report_after`]) the current root move, aspiration bounds
    /// and periodic progress.
    pub fn search_reporting(
        &mut self,
        root: &Position,
        params: &GoParams,
        control: &SearchControl,
        mut on_report: impl FnMut(&Report),
    ) -> SearchOutcome {
        let started = Instant::now();
        // The last count reported: a search on several threads closes with
        // the whole count only when the helpers' last positions changed it,
        // so no count is said twice before the move.
        let last_count = std::cell::Cell::new(None);
        let mut on_report = |r: &Report| {
            match r {
                Report::Iteration(info) | Report::Bound { info, .. } => {
                    last_count.set(Some(info.nodes))
                }
                Report::Progress { nodes, .. } => last_count.set(Some(*nodes)),
                Report::CurrMove { .. } => {}
            }
            on_report(r)
        };
        self.allocate_table();
        if self.pruning.keep_history {
            self.ordering.forget_line();
        } else {
            self.ordering.clear();
        }
        let board = root.board().clone();
        let mut all_moves = root.legal_moves();
        if !params.searchmoves.is_empty() {
            all_moves.retain(|m| params.searchmoves.contains(m));
        }
        let budget = if self.spend_clock {
            params.spending_budget(board.side_to_move(), pst::phase(&board))
        } else {
            params.budget(board.side_to_move())
        };
        // `go mate N` caps no depth: with late moves reduced, a mate in N
        // moves can first show at a depth well beyond 2N plies, so the search
        // goes on until it proves a mate in N or fewer (or another limit or
        // `stop` ends it), as GUIs expect of UCI's `mate`.
        let max_depth = params
            .depth
            .unwrap_or(u32::MAX)
            .clamp(1, MAX_PLY as u32 - 20);
        let mut outcome = SearchOutcome {
            best: all_moves.first().copied(),
            ponder: None,
            value: 0,
            depth: 0,
            nodes: 0,
            from_interrupted: false,
            seldepth: 0,
            hashfull: 0,
            pv: all_moves.first().copied().into_iter().collect(),
        };
        if all_moves.is_empty() {
            return outcome;
        }
        let helper_nodes = AtomicU64::new(0);
        let helpers_stop = SearchControl::default();
        let pool = ybwc::Pool::new(&helper_nodes, params.nodes);
        let use_ybwc = self.threads > 1 && self.smp == SmpMethod::Ybwc;
        let (tt, eval, pruning, threads) =
            (&self.tt, self.eval, self.search_pruning(), self.threads);
        let keys = root.history_keys();
        std::thread::scope(|scope| {
            for id in 1..threads {
                let (board, keys, moves) = (&board, keys.clone(), all_moves.clone());
                let (stop, nodes, pool) = (&helpers_stop, &helper_nodes, &pool);
                let builder = std::thread::Builder::new().stack_size(HELPER_STACK);
                let spawned = if use_ybwc {
                    let base = ybwc::Base {
                        tt,
                        eval,
                        pruning,
                        control,
                        budget,
                        pool,
                    };
                    builder
                        .name(format!("ybwc-{id}"))
                        .spawn_scoped(scope, move || ybwc::helper(base))
                } else {
                    builder
                        .name(format!("lazy-smp-{id}"))
                        .spawn_scoped(scope, move || {
                            let shared = Shared {
                                tt,
                                eval,
                                pruning,
                                node_limit: params.nodes,
                                main_nodes: &pool.main_nodes,
                            };
                            helper(shared, board, keys, moves, max_depth, id, stop, nodes)
                        })
                };
                // A helper the system refuses only makes the search slower.
                drop(spawned);
            }
            let mut searcher = Searcher {
                tt,
                ordering: &mut self.ordering,
                eval,
                pruning,
                control,
                budget,
                node_limit: params.nodes,
                keys,
                root_moves: all_moves.clone(),
                nodes: 0,
                seldepth: 0,
                stopped: false,
                pv: Vec::new(),
                root_value: 0,
                iteration: 0,
                started,
                reporting: Reporting::Main {
                    report: &mut on_report,
                    after: self.report_after,
                    helper_nodes: &helper_nodes,
                    main_nodes: &pool.main_nodes,
                },
                next_progress: Duration::ZERO,
                pending_currmove: None,
                next_poll: search::POLL_INTERVAL,
                ybwc: use_ybwc.then(|| ybwc::Worker::main(&pool)),
                lists: Default::default(),
                static_values: Vec::new(),
                excluded: None,
            };
            iterate(
                &mut searcher,
                &board,
                params,
                control,
                self.multipv,
                self.full_movetime,
                self.spend_clock,
                max_depth,
                &all_moves,
                &mut outcome,
            );
            helpers_stop.stop();
            pool.halt();
            outcome.seldepth = outcome.seldepth.max(searcher.seldepth);
        });
        self.last_ybwc = if use_ybwc {
            pool.stats()
        } else {
            YbwcStats::default()
        };
        // The helpers have ended: their counts are complete, and the last
        // count reported becomes the whole search's.
        outcome.nodes += helper_nodes.load(std::sync::atomic::Ordering::Relaxed);
        outcome.hashfull = self.tt.permille_full();
        if threads > 1 && last_count.get() != Some(outcome.nodes) {
            on_report(&Report::Progress {
                nodes: outcome.nodes,
                time: started.elapsed(),
                hashfull: outcome.hashfull,
            });
        }
        outcome
    }
}

/// The main thread's iterative deepening: fills `outcome` with the best
/// move of the deepest iteration (or of an interrupted one that had found
/// a root move better than the last iteration's), and reports each line of
/// each iteration as it finishes.
///
/// With MultiPV every iteration ends with all its lines reported: one cut
/// by a limit after its first `k` lines is completed by the last
/// iteration's lines whose first moves the `k` new ones do not take, at
/// that iteration's depth — so a GUI never shows a line twice or keeps one
/// older than the lines beside it without being told its depth. A search
/// that ends between iterations reports nothing more (its last lines carry
/// its numbers); one cut inside an iteration ends with what the cut
/// iteration found, or with a progress line (`nodes`, `time`) when it
/// found nothing new, so the whole search's count is the last one reported.
#[allow(clippy::too_many_arguments)]
fn iterate(
    searcher: &mut Searcher<'_>,
    board: &cozy_chess::Board,
    params: &GoParams,
    control: &SearchControl,
    multipv: usize,
    full_movetime: bool,
    spend_clock: bool,
    max_depth: u32,
    all_moves: &[Move],
    outcome: &mut SearchOutcome,
) {
    let budget = searcher.budget;
    // The root's best move and value by iteration, for the spend-more rule.
    let mut trend = RootTrend::default();
    let mut before: Option<(Move, Value)> = None;
    let lines = multipv.clamp(1, all_moves.len());
    let mut guesses: Vec<Option<Value>> = vec![None; lines];
    // The lines of the last iteration, as reported.
    let mut shown: Vec<SearchInfo> = Vec::new();
    for depth in 1..=max_depth {
        let iteration_started = searcher.started.elapsed();
        searcher.iteration = depth;
        let mut found: Vec<SearchInfo> = Vec::with_capacity(lines);
        for (line, guess) in guesses.iter_mut().enumerate() {
            searcher.root_moves = all_moves
                .iter()
                .copied()
                .filter(|m| !found.iter().any(|f| f.pv.first() == Some(m)))
                .collect();
            searcher.seldepth = 0;
            searcher.root_value = 0;
            searcher.poll_from_here();
            let value =
                searcher.aspiration(board, depth as i32, if depth >= 4 { *guess } else { None });
            if searcher.stopped {
                // An interrupted root search keeps the best root move it
                // searched to the end: the first one searched is the last
                // iteration's best, so any other is better than it. With
                // several lines the table's root move is the last line's,
                // not the best, so only the first iteration (which has no
                // move before it) keeps its partial result there.
                let pv = searcher.pv.first().cloned().unwrap_or_default();
                if line == 0 && (lines == 1 || depth == 1) && !pv.is_empty() {
                    *outcome = SearchOutcome {
                        best: pv.first().copied(),
                        ponder: pv.get(1).copied(),
                        value: searcher.root_value,
                        depth: depth - 1,
                        nodes: searcher.nodes,
                        from_interrupted: true,
                        seldepth: searcher.seldepth,
                        hashfull: 0,
                        pv: pv.clone(),
                    };
                    let info = searcher.info(searcher.root_value, pv, 1);
                    searcher.send(&Report::Iteration(info));
                } else if found.is_empty() || shown.is_empty() {
                    searcher.send_progress();
                } else {
                    // The cut iteration's lines, completed by the last
                    // iteration's other lines.
                    let now = searcher.info(0, Vec::new(), 0);
                    let taken = |info: &SearchInfo| found.iter().any(|f| f.pv[0] == info.pv[0]);
                    let rest: Vec<SearchInfo> = shown
                        .iter()
                        .filter(|info| !taken(info))
                        .take(lines - found.len())
                        .cloned()
                        .collect();
                    for (i, old) in rest.into_iter().enumerate() {
                        let info = SearchInfo {
                            multipv: found.len() + i + 1,
                            nodes: now.nodes,
                            time: now.time,
                            hashfull: now.hashfull,
                            ..old
                        };
                        searcher.send(&Report::Iteration(info));
                    }
                }
                break;
            }
            let pv = searcher.pv[0].clone();
            if pv.is_empty() {
                break;
            }
            *guess = Some(value);
            let info = searcher.info(value, pv, line + 1);
            searcher.send(&Report::Iteration(info.clone()));
            found.push(info);
        }
        // The first line of an iteration searched every root move to the
        // end: it stands even when a limit stopped a later line.
        if let Some(first) = found.first() {
            let best = first.pv[0];
            trend = trend.after(before, best, first.value);
            before = Some((best, first.value));
            *outcome = SearchOutcome {
                best: first.pv.first().copied(),
                ponder: first.pv.get(1).copied(),
                value: first.value,
                depth,
                nodes: searcher.nodes,
                from_interrupted: false,
                seldepth: first.seldepth,
                hashfull: 0,
                pv: first.pv.clone(),
            };
        }
        if searcher.stopped || control.stop_requested() {
            break;
        }
        shown = found;
        let elapsed = control.clock_elapsed();
        let this_iteration = searcher.started.elapsed().saturating_sub(iteration_started);
        // While pondering the clock has not started: only the soft limit
        // (never reached at zero elapsed) applies.
        let last = if control.pondering() {
            Duration::ZERO
        } else {
            this_iteration
        };
        if let Some(b) = budget {
            let b = if spend_clock {
                TimeBudget {
                    soft: b.soft_for(trend),
                    ..b
                }
            } else {
                b
            };
            if !b.may_start_iteration_under(elapsed, last, params.movetime.is_some(), full_movetime)
            {
                break;
            }
        }
        // One legal move under a time limit: play it, keep the clock.
        if all_moves.len() == 1 && budget.is_some() && !control.pondering() {
            break;
        }
        if let Some(n) = params.nodes
            && searcher.nodes >= n
        {
            break;
        }
        if let Some(m) = params.mate
            && is_win(outcome.value)
            && (WIN - outcome.value) < 2 * i64::from(m)
        {
            break;
        }
        // A forced mate within the horizon: deeper iterations cannot change it.
        if (is_win(outcome.value) || is_loss(outcome.value))
            && (WIN - outcome.value.abs()) < i64::from(depth)
            && !params.infinite
            && !control.pondering()
        {
            break;
        }
    }
    outcome.nodes = searcher.nodes;
}

/// The stack of a helper thread (Young Brothers Wait's helpers nest a
/// search below a split point inside their own).
const HELPER_STACK: usize = 64 << 20;

/// What every search thread shares with the main one.
struct Shared<'e> {
    tt: &'e SharedTable,
    eval: EngineEval,
    pruning: Pruning,
    /// `go nodes`, held on the sum over all threads.
    node_limit: Option<u64>,
    /// The main thread's published count.
    main_nodes: &'e AtomicU64,
}

/// A Lazy SMP helper: iterative deepening on the shared table, one ply
/// ahead of the main thread on odd helpers, until the main thread ends
/// (`stop`) or the depth limit is reached.
#[allow(clippy::too_many_arguments)]
fn helper(
    Shared {
        tt,
        eval,
        pruning,
        node_limit,
        main_nodes,
    }: Shared<'_>,
    board: &cozy_chess::Board,
    keys: Vec<u64>,
    root_moves: Vec<Move>,
    max_depth: u32,
    id: usize,
    stop: &SearchControl,
    nodes: &AtomicU64,
) {
    let mut ordering = MoveOrdering::default();
    let mut searcher = Searcher {
        tt,
        ordering: &mut ordering,
        eval,
        pruning,
        control: stop,
        budget: None,
        node_limit,
        keys,
        root_moves,
        nodes: 0,
        seldepth: 0,
        stopped: false,
        pv: Vec::new(),
        root_value: 0,
        iteration: 0,
        started: Instant::now(),
        reporting: Reporting::Helper {
            nodes,
            main: main_nodes,
        },
        next_progress: Duration::MAX,
        pending_currmove: None,
        next_poll: search::POLL_INTERVAL,
        ybwc: None,
        lists: Default::default(),
        static_values: Vec::new(),
        excluded: None,
    };
    let mut guess = None;
    for depth in (1 + (id % 2) as u32)..=max_depth {
        searcher.iteration = depth;
        let v = searcher.aspiration(board, depth as i32, if depth >= 4 { guess } else { None });
        if searcher.stopped || stop.stop_requested() {
            break;
        }
        guess = Some(v);
    }
    searcher.publish_rest();
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::notation::{to_san, to_uci};

    /// The evaluation the search tests below recorded their keys, mates and
    /// counts with: the default terms with mobility, piece placement, the
    /// passed pawn's path, the shelter (the pawn shield in its place) and
    /// the king danger (the attack units' square in its place) off, as they
    /// were before those were turned on by default
    /// (docs/performance-chess.md). These tests measure the search,
    /// so they keep the evaluation they were written for.
    fn recorded_eval() -> EngineEval {
        EngineEval::Tapered(EvalTerms {
            mobility: false,
            pieces: false,
            passed_path: false,
            shelter: false,
            king_danger: false,
            ..EvalTerms::default()
        })
    }

    /// The search the tests below recorded their keys, mates and counts
    /// with: the defaults with ProbCut, the safe check extensions, the
    /// reduced losing captures and delta pruning off, as they were before
    /// those were turned on by default (docs/performance-chess.md).
    fn recorded_pruning() -> Pruning {
        Pruning {
            probcut: false,
            safe_check_extensions: false,
            reduce_losing_captures: false,
            delta_pruning: false,
            improving_futility: false,
            ..Pruning::default()
        }
    }

    fn search(fen: &str, params: GoParams) -> (Position, SearchOutcome) {
        let pos = Position::from_fen(fen).expect("fen");
        let mut engine = Engine::new(4);
        let out = engine.search(&pos, &params, &SearchControl::default(), |_| {});
        (pos, out)
    }

    /// The first `n` records of the Win at Chess suite.
    fn wac_records(n: usize) -> Vec<alphabeta_chess::epd::EpdRecord> {
        alphabeta_chess::epd::read_epd(include_str!("../../chess/tests/data/wac.epd"))
            .into_iter()
            .take(n)
            .map(|r| r.expect("wac"))
            .collect()
    }

    /// The positions of the first `n` records of the Win at Chess suite.
    fn wac(n: usize) -> Vec<Position> {
        wac_records(n).into_iter().map(|r| r.position).collect()
    }

    #[test]
    fn the_table_is_allocated_at_the_size_asked_for_when_a_search_starts() {
        // 16-byte slots: 1 MiB is 65 536 of them.
        let slots = |mb: usize| (mb << 20) / 16;
        let mut engine = Engine::new(64);
        assert_eq!(engine.tt.capacity(), 1, "a fresh engine allocates no table");
        engine.clear();
        assert_eq!(engine.tt.capacity(), 1, "clearing allocates nothing");
        let params = GoParams {
            depth: Some(2),
            ..GoParams::default()
        };
        let pos = Position::startpos();
        let first = engine.search(&pos, &params, &SearchControl::default(), |_| {});
        assert_eq!(engine.tt.capacity(), slots(64), "Hash at the first search");
        engine.set_hash(2);
        assert_eq!(engine.tt.capacity(), 1, "the old table is freed at once");
        let again = engine.search(&pos, &params, &SearchControl::default(), |_| {});
        assert_eq!(engine.tt.capacity(), slots(2));
        // The same search on a fresh table: the same move and value.
        assert_eq!((again.best, again.value), (first.best, first.value));
        engine.search(&pos, &params, &SearchControl::default(), |_| {});
        assert_eq!(engine.tt.capacity(), slots(2), "kept between searches");
    }

    #[test]
    fn ybwc_on_chess_positions_finds_the_value_of_f2() {
        use alphabeta_core::parallel::{YbwcOptions, ybwc};
        use alphabeta_core::procedures::alpha_beta_fail_hard;
        use alphabeta_core::resources::cores;
        use alphabeta_core::{INFINITY, Limits, NEG_INFINITY, NoObserver, Search};
        let game = PlainChess::default();
        for pos in wac(4) {
            let board = pos.board().clone();
            let mut s = Search::new(&game);
            let f2 = alpha_beta_fail_hard(&mut s, &board, 3, NEG_INFINITY, INFINITY);
            let options = YbwcOptions {
                threads: cores().min(2),
                min_split_depth: 1,
                ..YbwcOptions::default()
            };
            let r = ybwc(
                &game,
                &board,
                3,
                (NEG_INFINITY, INFINITY),
                NoObserver,
                Limits::none(),
                options,
            )
            .expect("starts");
            assert_eq!(r.value, f2, "{}", pos.fen());
            assert!(pos.is_legal(r.pv[0]));
        }
    }

    #[test]
    fn lazy_smp_finds_what_one_thread_finds() {
        let threads = alphabeta_core::resources::cores().min(2);
        let run = |fen: &str, depth: u32, threads: usize| {
            let pos = Position::from_fen(fen).expect("fen");
            let mut engine = Engine::new(4);
            engine.set_threads(threads).expect("threads");
            engine.smp = SmpMethod::Lazy;
            let params = GoParams {
                depth: Some(depth),
                ..Default::default()
            };
            let out = engine.search(&pos, &params, &SearchControl::default(), |_| {});
            (pos, out)
        };
        // Mates and a won queen: the same move and the same score.
        for (fen, depth, san) in [
            ("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1", 4, "Qb8#"),
            ("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 3, "Rxd5"),
        ] {
            let (pos, one) = run(fen, depth, 1);
            let (_, many) = run(fen, depth, threads);
            assert_eq!(to_san(&pos, many.best.expect("move")), san);
            assert_eq!(Score::from_value(many.value), Score::from_value(one.value));
        }
        // Elsewhere the value at a fixed depth may differ (helpers fill the
        // table with deeper results), but the move is legal and every
        // thread's nodes are counted.
        for pos in wac(3) {
            let (_, one) = run(&pos.fen(), 5, 1);
            let (_, many) = run(&pos.fen(), 5, threads);
            assert!(pos.is_legal(many.best.expect("move")));
            // A mate found early (the helpers' deeper results are in the
            // table) ends the search before depth 5.
            assert!(
                many.depth == 5 || (is_win(many.value) && many.depth >= 1),
                "{}",
                pos.fen()
            );
            if threads > 1 {
                assert!(many.nodes > 0 && one.nodes > 0);
            }
        }
    }

    #[test]
    fn the_shared_table_never_returns_a_torn_entry() {
        // Many threads on few cores write and read a tiny table whose slots
        // they all share. Each key's entry is a function of the key, so a
        // probe that returns anything else read a torn slot.
        use alphabeta_core::table::BoundType;
        use cozy_chess::Square;
        let table = SharedTable::with_slots(8);
        let expected = |key: u64| {
            let depth = (key % 200) as u32;
            let value = (key % 20_001) as Value - 10_000;
            let mv = Move {
                from: Square::index((key % 64) as usize),
                to: Square::index(((key >> 6) % 64) as usize),
                promotion: None,
            };
            let bound = [BoundType::Exact, BoundType::Lower, BoundType::Upper][(key % 3) as usize];
            (depth, value, bound, mv)
        };
        let checked = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|scope| {
            for t in 0..16u64 {
                let (table, checked) = (&table, &checked);
                scope.spawn(move || {
                    let mut x = t.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                    for _ in 0..200_000 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let key = x % 64 + 1;
                        let (depth, value, bound, mv) = expected(key);
                        if (x >> 40) & 1 == 0 {
                            table.store(key, 0, depth, value, bound, Some(mv));
                        } else if let Some(e) = table.probe(key, 0) {
                            assert_eq!(
                                (e.depth, e.value, e.bound, e.best),
                                (depth, value, bound, Some(mv))
                            );
                            checked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert!(checked.into_inner() > 10_000);
    }

    #[test]
    fn an_interrupted_iteration_keeps_a_better_move() {
        // Find where iteration d changes its mind, then stop iteration d
        // late, after the new move was searched: the new move is played,
        // marked as coming from an unfinished iteration.
        let mut kept = 0;
        for pos in wac(12) {
            let mut lines: Vec<(u32, Move, u64)> = Vec::new();
            let mut engine = Engine::new(4);
            let params = GoParams {
                depth: Some(6),
                ..Default::default()
            };
            engine.search(&pos, &params, &SearchControl::default(), |i| {
                lines.push((i.depth, i.pv[0], i.nodes));
            });
            for w in lines.windows(2) {
                let ((_, old, _), (d, new, done)) = (w[0], w[1]);
                if old == new || d < 3 {
                    continue;
                }
                // (A limit above the iteration's count only; `done - 500`
                // wrapped round to a search without end when an iteration
                // took fewer than 500 positions.)
                for limit in [1, 50, 500]
                    .into_iter()
                    .filter(|&k| k < done)
                    .map(|k| done - k)
                {
                    let mut engine = Engine::new(4);
                    let params = GoParams {
                        nodes: Some(limit),
                        ..Default::default()
                    };
                    let out = engine.search(&pos, &params, &SearchControl::default(), |_| {});
                    assert!(pos.is_legal(out.best.expect("move")));
                    if out.depth == d - 1 {
                        assert!(out.from_interrupted || out.best == Some(old));
                        if out.best == Some(new) {
                            assert!(out.from_interrupted);
                            kept += 1;
                        }
                    }
                }
            }
        }
        assert!(kept > 0, "no interrupted iteration kept its better move");
    }

    #[test]
    fn aspiration_failures_are_reported_as_bounds() {
        let mut bounds = 0;
        for pos in wac(8) {
            let mut engine = Engine::new(4);
            engine.report_after = Duration::ZERO;
            let params = GoParams {
                depth: Some(7),
                ..Default::default()
            };
            let mut last_iteration = None;
            engine.search_reporting(&pos, &params, &SearchControl::default(), |r| match r {
                Report::Bound { info, .. } => {
                    bounds += 1;
                    // Only iterations with a guess (from depth 4) have a window.
                    assert!(info.depth >= 4);
                    assert_eq!(last_iteration.map(|d| d + 1), Some(info.depth));
                }
                Report::Iteration(info) => last_iteration = Some(info.depth),
                _ => {}
            });
        }
        assert!(bounds > 0, "no aspiration failure in eight WAC positions");
    }

    /// WAC positions where the engine without the selective techniques
    /// (and the old evaluation) finds a mate in two or three at depth 5.
    const WAC_MATES: [(&str, &str, i64); 8] = [
        (
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
            "Qg6",
            2,
        ),
        (
            "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
            "Qxh7+",
            2,
        ),
        (
            "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1",
            "Qc4+",
            2,
        ),
        (
            "4k1r1/2p3r1/1pR1p3/3pP2p/3P2qP/P4N2/1PQ4P/5R1K b - - 0 1",
            "Qxf3+",
            2,
        ),
        (
            "7k/pp4np/2p3p1/3pN1q1/3P4/Q7/1r3rPP/2R2RK1 w - - 0 1",
            "Qf8+",
            2,
        ),
        (
            "r3kr2/1pp4p/1p1p4/7q/4P1n1/2PP2Q1/PP4P1/R1BB2K1 b q - 0 1",
            "Qh1+",
            2,
        ),
        (
            "r1bq1r1k/1pp1Np1p/p2p2pQ/4R3/n7/8/PPPP1PPP/R1B3K1 w - - 0 1",
            "Rh5",
            2,
        ),
        (
            "k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - - 0 1",
            "Rxb6+",
            3,
        ),
    ];

    #[test]
    fn the_selective_techniques_keep_every_mate() {
        // Each technique alone finds the same mate, in the same number of
        // moves, with the key move, at depth 5 (a reduction is searched
        // again at full depth on a fail high; the margins stand aside near
        // mate scores and for checks) — reverse futility alone at depth 7
        // since the threats term is on by default. All of them together can delay a
        // quiet sacrifice: WAC.001's Qg6 (mate in 2) is found at depth 9
        // (41 157 positions, where the full-width search needs depth 5 and
        // 14 107) without the threats term, at depth 10 (194 448) with it
        // at its first, full weights (the test's depth; at depth 8, 49 816,
        // with the halved weights and SEE pruning of the defaults since):
        // a late-move reduction of Qg6 leaves Black's replies so
        // close to the horizon that reverse futility cuts them, and the
        // threats term (Black's pawns attack the queen on g6 and the
        // knight on f6) raises Black's static value there.
        let only = |f: fn(&mut Pruning)| {
            let mut p = Pruning::NONE;
            f(&mut p);
            p
        };
        let defaults_and = |f: fn(&mut Pruning)| {
            let mut p = recorded_pruning();
            f(&mut p);
            p
        };
        let variants = [
            (only(|p| p.late_move_reductions = true), 5),
            (only(|p| p.futility = true), 5),
            (only(|p| p.reverse_futility = true), 7),
            (only(|p| p.quiescence_see = true), 5),
            (only(|p| p.internal_reduction = true), 5),
            (only(|p| p.late_move_pruning = true), 5),
            (only(|p| p.see_pruning = true), 5),
            (
                // The three depth techniques on top of the defaults: they
                // hide WAC.001's Qg6 to depth 10 (96 450 positions; 8,
                // 49 816, without them; the adaptive null move alone with
                // the defaults to depth 12, 430 268 — counts of `alphabeta
                // uci` at its default hash, `go depth 14`): passing with a
                // large reduction leaves the sacrifice's threat beyond the
                // horizon. (With `table_refined_eval` on as well, two of
                // the eight mates, WAC.001's Qg6 and WAC.099's Rh5, are not
                // found by depth 10 — one more cost of the three.) On top of
                // the defaults with the seven techniques on together (two of
                // the three among them) and the history's step of
                // `picker::cutoff_bonus` they find it at depth 13 (114 357
                // positions in this test's search; Ne8 at depth 12).
                Pruning {
                    adaptive_null_move: true,
                    losing_captures_last: true,
                    cut_node_reductions: true,
                    table_refined_eval: false,
                    ..recorded_pruning()
                },
                13,
            ),
            (
                only(|p| {
                    p.late_move_reductions = true;
                    p.futility = true;
                    p.pawn_breaks = true;
                }),
                5,
            ),
            // The defaults, with the seven techniques that are on together
            // (search.rs, `COMBINATION_DEFAULT`), the history's sign in
            // the reductions and the history's step of
            // `picker::cutoff_bonus`, find WAC.001's Qg6 at depth 13
            // (133 778 positions in this test's search; Ne8 at depth 12),
            // WAC.099's Rh5 at depth 8 and the other six mates at depth 5;
            // so do the defaults without the table's value for the pruning
            // decisions (Qg6 at depth 13, 216 920) and with the quiescence
            // table (depth 12, 109 665).
            (recorded_pruning(), 13),
            (defaults_and(|p| p.table_refined_eval = false), 13),
            (defaults_and(|p| p.quiescence_table = true), 12),
            // Each of the history and extension switches on top of the
            // defaults keeps all eight mates, WAC.001's Qg6 found at depth
            // 14 with continuation history (419 604 positions; Ne8 at
            // depth 13), 12 with capture history (88 913) and 13 with
            // singular extensions (408 176).
            (defaults_and(|p| p.continuation_history = true), 14),
            (defaults_and(|p| p.capture_history = true), 12),
            (defaults_and(|p| p.singular_extensions = true), 13),
            // ProbCut, the safe check extensions and the reduced losing
            // captures keep them too, WAC.001's Qg6 found at depth 14 with
            // ProbCut (189 908 positions; not at 13), 11 with the safe
            // check extensions (53 923) and 12 with the reduced losing
            // captures (75 774).
            (defaults_and(|p| p.probcut = true), 14),
            (defaults_and(|p| p.safe_check_extensions = true), 12),
            (defaults_and(|p| p.reduce_losing_captures = true), 12),
            // The three on together: the eight mates, WAC.001's Qg6 found
            // at depth 11 (not at 10), before reverse futility read
            // "improving".
            (
                Pruning {
                    delta_pruning: false,
                    improving_futility: false,
                    ..Pruning::default()
                },
                11,
            ),
            // Delta pruning keeps them too: alone, WAC.001's Qg6 found at
            // depth 12 (not at 11); with the three (the defaults) at depth
            // 13 (not at 12). (Checking captures are exempt; with them
            // pruned too, Qg6 was not found by depth 12 either way.)
            (defaults_and(|p| p.delta_pruning = true), 12),
            // The defaults, reverse futility's margin reading "improving":
            // at depth 13 still.
            (Pruning::default(), 13),
        ];
        let mut wrong = Vec::new();
        for (fen, san, mate) in WAC_MATES {
            for (pruning, depth) in variants {
                let pos = Position::from_fen(fen).expect("fen");
                let mut engine = Engine::new(4);
                engine.eval = recorded_eval();
                engine.pruning = pruning;
                let params = GoParams {
                    depth: Some(depth),
                    ..Default::default()
                };
                let out = engine.search(&pos, &params, &SearchControl::default(), |_| {});
                let got = (
                    to_san(&pos, out.best.expect("move")),
                    Score::from_value(out.value),
                );
                if got != (san.to_string(), Score::Mate(mate)) {
                    wrong.push(format!("{fen} {pruning:?}: {got:?}"));
                }
            }
        }
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn the_techniques_search_fewer_positions_and_solve_as_many() {
        // At a fixed depth the pruned search visits fewer positions on
        // every WAC position tried; at a fixed node budget it solves at
        // least as many of them (at 200 000 positions; with the threats
        // term on at its first, full weights, at 60 000 — the budget before it — and up to 150 000 it
        // misses WAC.001's quiet Qg6, see the test above).
        let records = wac_records(10);
        let (mut solved_full, mut solved_pruned) = (0, 0);
        let (mut nodes_full, mut nodes_pruned) = (0, 0);
        for r in &records {
            let run = |pruning: Pruning, params: GoParams| {
                let mut engine = Engine::new(4);
                engine.eval = recorded_eval();
                engine.pruning = pruning;
                engine.search(&r.position, &params, &SearchControl::default(), |_| {})
            };
            let depth = GoParams {
                depth: Some(6),
                ..Default::default()
            };
            let (full, pruned) = (
                run(Pruning::NONE, depth.clone()),
                run(Pruning::default(), depth),
            );
            // WAC.004's mate in 2 is proved by either in a few hundred
            // positions (396 full width, 532 with the defaults since the
            // seven techniques on together, search.rs's
            // `COMBINATION_DEFAULT`); everywhere else the pruned search is
            // smaller, and so is the total.
            assert!(
                pruned.nodes < full.nodes || full.nodes < 1_000,
                "{}: {} vs {}",
                r.position.fen(),
                pruned.nodes,
                full.nodes
            );
            nodes_full += full.nodes;
            nodes_pruned += pruned.nodes;
            let budget = GoParams {
                nodes: Some(200_000),
                ..Default::default()
            };
            let solves = |out: SearchOutcome| {
                usize::from(out.best.is_some_and(|m| r.best_moves.contains(&m)))
            };
            solved_full += solves(run(Pruning::NONE, budget.clone()));
            solved_pruned += solves(run(Pruning::default(), budget));
        }
        assert!(nodes_pruned < nodes_full, "{nodes_pruned} vs {nodes_full}");
        assert!(
            solved_pruned >= solved_full,
            "{solved_pruned} < {solved_full}"
        );
    }

    #[test]
    fn internal_reduction_saves_positions_where_the_table_has_no_move() {
        // With the recorded defaults ([`recorded_pruning`]) and internal
        // iterative reduction on, a depth-7 search of WAC 1–10 (a fresh
        // table each) visits fewer positions in all than without, and
        // plays the same move or a key move.
        let records = wac_records(10);
        let (mut with, mut without) = (0, 0);
        for r in &records {
            let run = |iir: bool| {
                let mut engine = Engine::new(4);
                engine.pruning = Pruning {
                    internal_reduction: iir,
                    ..recorded_pruning()
                };
                let params = GoParams {
                    depth: Some(7),
                    ..Default::default()
                };
                engine.search(&r.position, &params, &SearchControl::default(), |_| {})
            };
            let (on, off) = (run(true), run(false));
            with += on.nodes;
            without += off.nodes;
            let best = on.best.expect("move");
            assert!(
                Some(best) == off.best || r.best_moves.contains(&best),
                "{}",
                r.position.fen()
            );
        }
        assert!(with < without, "{with} vs {without}");
    }

    #[test]
    fn the_depth_techniques_save_positions_and_find_the_keys() {
        // Adaptive null-move reductions, losing captures last and one ply
        // more of reduction at expected cut nodes (off by default): each
        // alone and the three together search fewer positions in all at
        // depth 8 on WAC 1–10 (a fresh table each) than the defaults, and
        // find the same keys there, but for WAC.001's quiet Qg6 (mate in 2),
        // which the adaptive null move hides at depth 8.
        // The baseline is the defaults before the seven techniques that
        // are on together (search.rs, `COMBINATION_DEFAULT`) and without
        // the table's value in the pruning decisions (`table_refined_eval`
        // off), the setting whose counts these are.
        let records = wac_records(10);
        let without = Pruning {
            history_gravity: false,
            internal_reduction: false,
            late_move_pruning: false,
            adaptive_null_move: false,
            losing_captures_last: false,
            cut_node_reductions: false,
            table_refined_eval: false,
            countermoves: false,
            improving: false,
            ..recorded_pruning()
        };
        let all_three = Pruning {
            adaptive_null_move: true,
            losing_captures_last: true,
            cut_node_reductions: true,
            ..without
        };
        assert_eq!(
            Pruning {
                history_gravity: true,
                internal_reduction: true,
                late_move_pruning: true,
                adaptive_null_move: true,
                losing_captures_last: true,
                table_refined_eval: true,
                countermoves: true,
                improving: true,
                ..without
            },
            recorded_pruning()
        );
        let run_with = |pruning: Pruning, params: &GoParams| -> Vec<SearchOutcome> {
            records
                .iter()
                .map(|r| {
                    let mut engine = Engine::new(4);
                    engine.eval = recorded_eval();
                    engine.pruning = pruning;
                    engine.search(&r.position, params, &SearchControl::default(), |_| {})
                })
                .collect()
        };
        let depth_8 = GoParams {
            depth: Some(8),
            ..Default::default()
        };
        let variants = [
            Pruning {
                adaptive_null_move: true,
                ..without
            },
            Pruning {
                losing_captures_last: true,
                ..without
            },
            Pruning {
                cut_node_reductions: true,
                ..without
            },
            all_three,
        ];
        let solved = |outs: &[SearchOutcome]| {
            records
                .iter()
                .zip(outs)
                .filter(|(r, o)| o.best.is_some_and(|m| r.best_moves.contains(&m)))
                .count()
        };
        let base = run_with(without, &depth_8);
        let base_nodes: u64 = base.iter().map(|o| o.nodes).sum();
        for pruning in variants {
            let outs = run_with(pruning, &depth_8);
            let nodes: u64 = outs.iter().map(|o| o.nodes).sum();
            assert!(nodes < base_nodes, "{pruning:?}: {nodes} vs {base_nodes}");
            // WAC.001's Qg6 is lost at depth 8 by the adaptive null move
            // (see the test above); every other key found without is found.
            let lost = usize::from(pruning.adaptive_null_move);
            assert_eq!(solved(&outs), solved(&base) - lost, "{pruning:?}");
        }
        assert_eq!(solved(&base), 9);
        // At 200 000 positions the three together find all nine again.
        let budget = GoParams {
            nodes: Some(200_000),
            ..Default::default()
        };
        assert_eq!(solved(&run_with(all_three, &budget)), 9);
    }

    #[test]
    fn analysis_mode_searches_the_root_moves_unreduced_and_finds_more_keys() {
        // Bratko–Kopec 4 (e6) and 18 (…Nb3) at depth 10 with the default
        // table: in a game (analysis mode off) late-move reductions search
        // the late root moves shallower and the engine plays Nf3 and …f5;
        // in analysis mode every root move is searched to the full depth
        // and the keys are found — the same search as `RootReductions`
        // off, position for position.
        let records: Vec<alphabeta_chess::epd::EpdRecord> =
            alphabeta_chess::epd::read_epd(include_str!("../../chess/tests/data/bratko-kopec.epd"))
                .into_iter()
                .map(|r| r.expect("bk"))
                .filter(|r| ["BK.04", "BK.18"].contains(&r.id().unwrap_or("")))
                .collect();
        assert_eq!(records.len(), 2);
        let depth_10 = GoParams {
            depth: Some(10),
            ..Default::default()
        };
        let run = |analyse_mode: bool, pruning: Pruning| -> Vec<SearchOutcome> {
            records
                .iter()
                .map(|r| {
                    let mut engine = Engine::new(DEFAULT_HASH_MB);
                    engine.eval = recorded_eval();
                    engine.analyse_mode = analyse_mode;
                    engine.pruning = pruning;
                    engine.search(&r.position, &depth_10, &SearchControl::default(), |_| {})
                })
                .collect()
        };
        // The defaults before the seven techniques that are on together
        // (search.rs, `COMBINATION_DEFAULT`), the setting these keys were
        // found with (with them BK.18's …Nb3 is not found in analysis mode
        // at depth 10).
        let before = Pruning {
            history_gravity: false,
            internal_reduction: false,
            late_move_pruning: false,
            adaptive_null_move: false,
            losing_captures_last: false,
            countermoves: false,
            improving: false,
            ..recorded_pruning()
        };
        let unreduced = Pruning {
            root_reductions: false,
            ..before
        };
        assert!(Pruning::default().root_reductions);
        let play = run(false, before);
        let analysis = run(true, before);
        for ((r, p), a) in records.iter().zip(&play).zip(&analysis) {
            let key = |o: &SearchOutcome| o.best.is_some_and(|m| r.best_moves.contains(&m));
            assert!(!key(p), "{:?} found in play: {:?}", r.id(), p.best);
            assert!(key(a), "{:?} missed in analysis: {:?}", r.id(), a.best);
        }
        let same: Vec<(Option<Move>, u64)> = run(false, unreduced)
            .iter()
            .map(|o| (o.best, o.nodes))
            .collect();
        let analysis: Vec<(Option<Move>, u64)> =
            analysis.iter().map(|o| (o.best, o.nodes)).collect();
        assert_eq!(same, analysis);
        // Analysis mode changes nothing but the root's reductions.
        let mut engine = Engine::new(1);
        engine.analyse_mode = true;
        assert_eq!(
            engine.search_pruning(),
            Pruning {
                root_reductions: false,
                ..Pruning::default()
            }
        );
    }

    #[test]
    fn quiescence_skips_losing_captures_but_takes_winning_ones() {
        // Every capture White has gives a piece for a pawn (Qxd5 exd5,
        // Nxf7 Kxf7, Nxe6 fxe6): depth 1 with SEE pruning gives the same
        // value with fewer positions. A hanging queen is still taken.
        let run = |fen: &str, see: bool| {
            let pos = Position::from_fen(fen).expect("fen");
            let mut engine = Engine::new(4);
            engine.pruning = Pruning {
                quiescence_see: see,
                ..Pruning::NONE
            };
            let params = GoParams {
                depth: Some(1),
                ..Default::default()
            };
            let out = engine.search(&pos, &params, &SearchControl::default(), |_| {});
            (to_san(&pos, out.best.expect("move")), out.value, out.nodes)
        };
        let losing = "4k3/pp3p2/4pn2/3p2N1/8/8/8/3QK3 w - - 0 1";
        let (with, without) = (run(losing, true), run(losing, false));
        assert_eq!(with.1, without.1);
        assert!(with.2 < without.2, "{with:?} vs {without:?}");
        let hanging = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1";
        assert_eq!(run(hanging, true).0, "Rxd5");
        assert!(run(hanging, true).1 > 400);
    }

    #[test]
    fn no_rate_without_time() {
        assert_eq!(nps(1000, Duration::ZERO), None);
        assert_eq!(nps(1000, Duration::from_micros(999)), None);
        assert_eq!(nps(1000, Duration::from_millis(2)), Some(500_000));
    }

    #[test]
    fn finds_mate_in_one_and_scores_it() {
        let (pos, out) = search(
            "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1",
            GoParams {
                depth: Some(4),
                ..Default::default()
            },
        );
        assert_eq!(to_san(&pos, out.best.expect("move")), "Qb8#");
        assert_eq!(Score::from_value(out.value), Score::Mate(1));
    }

    #[test]
    fn go_mate_finds_a_mate_that_shows_only_beyond_twice_its_moves() {
        // WAC.001: Qg6 mates in 2, but the quiet queen move is reduced as a
        // late move and the mate first shows at a depth above 4 plies.
        let (fen, san, moves) = WAC_MATES[0];
        let (pos, out) = search(
            fen,
            GoParams {
                mate: Some(moves as u32),
                nodes: Some(50_000_000),
                ..Default::default()
            },
        );
        assert_eq!(to_san(&pos, out.best.expect("move")), san);
        assert_eq!(Score::from_value(out.value), Score::Mate(moves));
        assert!(out.depth > 4, "found at depth {}", out.depth);
    }

    #[test]
    fn sees_being_mated() {
        // Black to move has only Kb8, and Rh8 mates.
        let (_, out) = search(
            "k7/8/1K6/8/8/8/8/7R b - - 0 1",
            GoParams {
                depth: Some(5),
                ..Default::default()
            },
        );
        assert_eq!(Score::from_value(out.value), Score::Mate(-1));
    }

    #[test]
    fn wins_the_hanging_queen() {
        let (pos, out) = search(
            "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1",
            GoParams {
                depth: Some(3),
                ..Default::default()
            },
        );
        assert_eq!(to_uci(&pos, out.best.expect("move")), "d2d5");
        assert!(out.value > 400);
    }

    #[test]
    fn node_limit_and_multipv() {
        let pos = Position::startpos();
        let mut engine = Engine::new(4);
        engine.multipv = 3;
        let mut lines = std::collections::BTreeSet::new();
        let out = engine.search(
            &pos,
            &GoParams {
                nodes: Some(20_000),
                ..Default::default()
            },
            &SearchControl::default(),
            |info| {
                lines.insert((info.depth, info.multipv, format!("{}", info.pv[0])));
            },
        );
        assert!(out.nodes < 40_000, "{} nodes", out.nodes);
        assert!(out.best.is_some());
        // Three different first moves at depth 1.
        let first: std::collections::BTreeSet<_> = lines
            .iter()
            .filter(|l| l.0 == 1)
            .map(|l| l.2.clone())
            .collect();
        assert_eq!(first.len(), 3);
    }

    #[test]
    fn every_multipv_line_is_reported_in_every_iteration_under_any_limit() {
        // The reports of a search with MultiPV N, cut into blocks at each
        // `multipv 1`: every block is lines 1 to N (fewer only where the
        // position has fewer moves) in order, with different first moves,
        // at the block's depth or the one before it (the last iteration's
        // lines completing a cut one), and `seldepth` at least `depth`.
        // Only a first iteration that a limit cut before its last line may
        // end short: no earlier iteration has lines to complete it with.
        // Node limits from inside depth 1 to deep into the search, a depth
        // limit and a stop requested during an iteration are all tried.
        let positions: Vec<Position> = std::iter::once(Position::startpos())
            .chain(wac(4))
            .chain(std::iter::once(
                Position::from_fen("k7/8/1K6/8/8/8/8/7R b - - 0 1").expect("fen"),
            ))
            .collect();
        let limits = [100, 1_000, 5_000, 20_000, 60_000].map(|n| GoParams {
            nodes: Some(n),
            ..Default::default()
        });
        for pos in &positions {
            let legal = pos.legal_moves().len();
            for multipv in [2, 3] {
                let runs = limits.iter().map(|p| (p.clone(), None)).chain([
                    (
                        GoParams {
                            depth: Some(5),
                            ..Default::default()
                        },
                        None,
                    ),
                    (
                        GoParams {
                            depth: Some(12),
                            ..Default::default()
                        },
                        Some(6),
                    ),
                ]);
                for (params, stop_at_depth) in runs {
                    let mut engine = Engine::new(4);
                    engine.multipv = multipv;
                    engine.report_after = Duration::ZERO;
                    let control = SearchControl::default();
                    let mut blocks: Vec<Vec<SearchInfo>> = Vec::new();
                    engine.search_reporting(pos, &params, &control, |r| match r {
                        Report::Iteration(info) => {
                            if info.multipv == 1 {
                                blocks.push(Vec::new());
                            }
                            blocks
                                .last_mut()
                                .expect("multipv 1 first")
                                .push(info.clone());
                        }
                        Report::CurrMove { depth, number, .. }
                            if Some(*depth) == stop_at_depth && *number == 3 =>
                        {
                            control.stop()
                        }
                        _ => {}
                    });
                    let what = format!("{} multipv {multipv} {params:?}", pos.fen());
                    assert!(!blocks.is_empty(), "{what}");
                    let lines = multipv.min(legal);
                    for (i, block) in blocks.iter().enumerate() {
                        let numbers: Vec<usize> = block.iter().map(|b| b.multipv).collect();
                        assert_eq!(numbers, (1..=numbers.len()).collect::<Vec<_>>(), "{what}");
                        let cut_first = i + 1 == blocks.len() && block[0].depth == 1;
                        if !cut_first {
                            assert_eq!(numbers.len(), lines, "{what}: {block:?}");
                        }
                        let firsts: std::collections::HashSet<Move> =
                            block.iter().map(|b| b.pv[0]).collect();
                        assert_eq!(firsts.len(), block.len(), "{what}: {block:?}");
                        for b in block {
                            assert!(
                                b.depth == block[0].depth || b.depth + 1 == block[0].depth,
                                "{what}: {block:?}"
                            );
                            assert!(b.seldepth >= b.depth as usize, "{what}: {b:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_node_limit_holds_with_every_pruning_switch() {
        // Each switch on top of the defaults, and all of them together:
        // whatever a technique searches (ProbCut's captures, a singular
        // test, a check extended by its move), it stops at the limit.
        let variants = std::iter::once(Pruning::ALL).chain(Pruning::SWITCHES.iter().map(|s| {
            let mut p = Pruning::default();
            *(s.field)(&mut p) = true;
            p
        }));
        for pruning in variants {
            for pos in wac(6) {
                for n in [3_000, 20_000] {
                    let mut engine = Engine::new(4);
                    engine.pruning = pruning;
                    let params = GoParams {
                        nodes: Some(n),
                        ..Default::default()
                    };
                    let out = engine.search(&pos, &params, &SearchControl::default(), |_| {});
                    assert!(
                        out.nodes <= n + NODE_LIMIT_SLACK,
                        "{} {pruning:?} nodes {n}: searched {}",
                        pos.fen(),
                        out.nodes
                    );
                    assert!(pos.is_legal(out.best.expect("move")), "{}", pos.fen());
                }
            }
        }
    }

    #[test]
    fn the_node_limit_holds_in_every_iteration_for_any_multipv() {
        // Every limit holds from the first node, the first iteration
        // included (with MultiPV 3, `go nodes 100` must not search
        // thousands); the move is legal and, once a root move has been
        // searched to the end, one of the searched ones.
        let positions: Vec<Position> = std::iter::once(Position::startpos())
            .chain(wac(4))
            .collect();
        for pos in &positions {
            for multipv in [1, 3, 500] {
                for n in [0, 1, 2, 10, 100, 1_000, 5_000] {
                    let mut engine = Engine::new(4);
                    engine.multipv = multipv;
                    let params = GoParams {
                        nodes: Some(n),
                        ..Default::default()
                    };
                    let out = engine.search(pos, &params, &SearchControl::default(), |_| {});
                    assert!(
                        out.nodes <= n + NODE_LIMIT_SLACK,
                        "{} multipv {multipv} nodes {n}: searched {}",
                        pos.fen(),
                        out.nodes
                    );
                    assert!(pos.is_legal(out.best.expect("move")), "{}", pos.fen());
                    assert_eq!(out.pv.first(), out.best.as_ref());
                }
            }
        }
    }

    #[test]
    fn a_stop_is_seen_1024_positions_into_the_root_search_and_the_count_is_exact() {
        // A stop asked for as depth 8 starts is read 1024 positions after
        // the root search began (the depth-7 line's count), and the search
        // reports exactly the positions it visited — not the next multiple
        // of 1024 — as the last count before its move.
        // (The search these positions were chosen with: a depth 8 that
        // ends within 1024 positions would end before the stop is read, as
        // WAC.002's does, so the positions are the start, WAC.001, WAC.003
        // and WAC.007.)
        let chosen = wac(7)
            .into_iter()
            .enumerate()
            .filter(|(i, _)| [0, 2, 6].contains(i))
            .map(|(_, pos)| pos);
        for pos in std::iter::once(Position::startpos()).chain(chosen) {
            let mut engine = Engine::new(4);
            engine.pruning = recorded_pruning();
            engine.report_after = Duration::ZERO;
            let control = SearchControl::default();
            let params = GoParams {
                depth: Some(30),
                ..Default::default()
            };
            let mut at_depth_7 = None;
            let mut last_count = None;
            let out = engine.search_reporting(&pos, &params, &control, |r| match r {
                Report::Iteration(info) => {
                    if info.depth == 7 {
                        at_depth_7 = Some(info.nodes);
                    }
                    last_count = Some(info.nodes);
                }
                Report::CurrMove { depth: 8, .. } => control.stop(),
                Report::Progress { nodes, .. } => last_count = Some(*nodes),
                _ => {}
            });
            assert_eq!(out.depth, 7, "{}", pos.fen());
            let start = at_depth_7.expect("depth 7 finished");
            assert_eq!(out.nodes, start + search::POLL_INTERVAL, "{}", pos.fen());
            assert_eq!(last_count, Some(out.nodes), "{}", pos.fen());
            if start % 1024 != 0 {
                assert_ne!(out.nodes % 1024, 0, "{}", pos.fen());
            }
        }
    }

    #[test]
    fn the_last_count_before_the_move_is_the_whole_searchs_and_said_once() {
        // On one thread and on two (either method), under node limits that
        // end the search inside an iteration and between two, the last
        // report is the search's whole count, and a closing progress line
        // (`info nodes … time …`) comes only when it says something new:
        // never right after a line with the same count.
        let threads = alphabeta_core::resources::cores().min(2);
        for (threads, smp) in [
            (1, SmpMethod::Ybwc),
            (threads, SmpMethod::Ybwc),
            (threads, SmpMethod::Lazy),
        ] {
            for multipv in [1, 3] {
                for n in [3_000, 30_000] {
                    let mut engine = Engine::new(4);
                    engine.set_threads(threads).expect("threads");
                    engine.smp = smp;
                    engine.multipv = multipv;
                    let params = GoParams {
                        nodes: Some(n),
                        ..Default::default()
                    };
                    let mut counts = Vec::new();
                    let out = engine.search_reporting(
                        &Position::startpos(),
                        &params,
                        &SearchControl::default(),
                        |r| match r {
                            Report::Iteration(info) | Report::Bound { info, .. } => {
                                counts.push((info.nodes, false))
                            }
                            Report::Progress { nodes, .. } => counts.push((*nodes, true)),
                            Report::CurrMove { .. } => {}
                        },
                    );
                    let what = format!("{threads} {smp:?} multipv {multipv} nodes {n}");
                    assert_eq!(
                        counts.last().map(|c| c.0),
                        Some(out.nodes),
                        "{what}: {counts:?}"
                    );
                    for pair in counts.windows(2) {
                        assert!(!pair[1].1 || pair[0].0 != pair[1].0, "{what}: {counts:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_stop_before_the_first_iteration_ends_it() {
        // A stop (or a spent clock) is seen every 1024 positions, in the
        // first iteration too: a search told to stop before it starts
        // returns a legal move within the first 1024 positions and no
        // deeper than one ply, for any MultiPV and depth limit.
        for pos in wac(4) {
            for multipv in [1, 3] {
                let mut engine = Engine::new(4);
                engine.multipv = multipv;
                let control = SearchControl::default();
                control.stop();
                let params = GoParams {
                    depth: Some(30),
                    ..Default::default()
                };
                let out = engine.search(&pos, &params, &control, |_| {});
                assert!(out.nodes <= 1024, "{}: {} nodes", pos.fen(), out.nodes);
                assert!(out.depth <= 1);
                assert!(pos.is_legal(out.best.expect("move")));
            }
        }
    }

    #[test]
    fn a_single_legal_move_is_played_at_once_under_a_clock() {
        // Black's only move is Kb8; a minute on the clock is not spent on it.
        let (pos, out) = search(
            "k7/8/1K6/8/8/8/8/7R b - - 0 1",
            GoParams {
                wtime: Some(Duration::from_secs(60)),
                btime: Some(Duration::from_secs(60)),
                ..Default::default()
            },
        );
        assert_eq!(to_san(&pos, out.best.expect("move")), "Kb8");
        assert_eq!(out.depth, 1);
    }

    #[test]
    fn mate_on_the_hundredth_ply_beats_the_fifty_move_draw() {
        // 99 plies without capture or pawn move: Qb8 mates on the hundredth,
        // and a mate stands; every other move draws.
        let (pos, out) = search(
            "7k/8/6K1/8/8/8/8/1Q6 w - - 99 80",
            GoParams {
                depth: Some(4),
                ..Default::default()
            },
        );
        assert_eq!(to_san(&pos, out.best.expect("move")), "Qb8#");
        assert_eq!(Score::from_value(out.value), Score::Mate(1));
    }

    #[test]
    fn repetition_is_a_draw_for_the_side_that_is_losing() {
        // White is a queen down but can force perpetual check.
        let (_, out) = search(
            "6k1/6p1/7Q/8/8/8/5q2/6K1 w - - 0 1",
            GoParams {
                depth: Some(8),
                ..Default::default()
            },
        );
        assert!(out.value.abs() < 200, "value {}", out.value);
    }
}
