//! The engine's search: principal-variation search (negamax) with a
//! transposition table, null-move pruning (its reduction growing with the
//! depth and the static surplus), reverse futility pruning (the
//! "static null move"), futility pruning of quiet moves and late-move
//! reductions (a ply less for a move with a record of cutoffs, a ply more for
//! one whose history is below zero; late captures that lose by static
//! exchange reduced too), ProbCut, pruning of moves that
//! lose by static exchange near the horizon, captures that lose by static
//! exchange ordered after the quiet moves, the check extension of a check
//! that does not lose material, mate-distance pruning and
//! a quiescence search that skips captures losing by static exchange
//! evaluation and those that cannot reach alpha (delta pruning), under
//! iterative deepening with aspiration windows (see
//! [`crate::Engine::search`]). The selective techniques are the common ones
//! of playing programs (Heinz's futility pruning, 1998; late-move
//! reductions as in Fruit and Glaurung); each can be turned off
//! ([`Pruning`]).
//!
//! A specialised search rather than the core's procedures: a playing engine
//! needs per-node state the core's `Game` abstraction does not carry (the
//! repetition stack, killers and history, the remaining depth changed by
//! extensions and null moves, quiescence below the horizon), and it must
//! not pay for the copy-made repetition chain that [`alphabeta_chess::Position`]
//! keeps for the experiments. It reuses the core's score type, its
//! distance-scored mates and its [`TranspositionTable`](alphabeta_core::table::TranspositionTable).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use alphabeta_core::table::BoundType;
use alphabeta_core::value::{loss_in, win_in};
use alphabeta_core::{INFINITY, NEG_INFINITY, Value};
use cozy_chess::{Board, Move, Piece, Rank, get_pawn_attacks};

use crate::evaluation::EngineEval;
use crate::picker::{
    MoveFilter, MoveOrdering, OrderingRules, PickerLists, is_capture, tactical_score,
};
use crate::switches::switch_set;
use crate::table::{SharedTable, TableEntry};
use crate::time::TimeBudget;
use crate::ybwc::Worker;
use crate::{Report, SearchInfo};
use alphabeta_chess::eval::PIECE_VALUES;
use alphabeta_chess::position::{
    gives_check, insufficient_material, legal_moves_into, repetition_key,
};
use alphabeta_chess::see::{loses_by_exchange, see};

/// The deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 120;

switch_set! {
    /// Which of the engine's selective techniques are on (all but pawn
    /// breaks, cut-node reductions and the quiescence table by default; the
    /// UCI check options of [`Pruning::SWITCHES`]).
    /// Turning one off gives the search without it, for matches against the
    /// previous version and for tests. [`Pruning::NONE`] is the search as it
    /// was before these techniques.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Pruning {
        /// Late-move reductions with a re-search at full depth on a fail high.
        late_move_reductions("LateMoveReductions"): default true, none false;
        /// Futility pruning of quiet moves at the last plies.
        futility("Futility"): default true, none false;
        /// Reverse futility pruning (static null move) at the last plies.
        reverse_futility("ReverseFutility"): default true, none false;
        /// Quiescence skips captures that lose material by static exchange
        /// evaluation and orders the rest by it.
        quiescence_see("QuiescenceSEE"): default true, none false;
        /// Null-move pruning (not a UCI option; off only in [`Pruning::FIXED_TREE`]).
        null_move: default true, none true;
        /// A table entry deep enough ends the search of a position (off, the
        /// table only orders moves; not a UCI option).
        table_cutoffs: default true, none true;
        /// History with gravity, and a malus for the quiet moves searched
        /// before the one that cut off (UCI `HistoryGravity`;
        /// [`crate::picker::MoveOrdering::record_quiet_results`]); on with
        /// the others of `COMBINATION_DEFAULT`.
        history_gravity("HistoryGravity"): default COMBINATION_DEFAULT, none false;
        /// Internal iterative reduction: a position at least [`IIR_DEPTH`]
        /// plies from the horizon for which the table holds no move is
        /// searched a ply shallower (UCI `InternalReduction`).
        internal_reduction("InternalReduction"): default COMBINATION_DEFAULT, none false;
        /// Pawn breaks (a pawn move that attacks an enemy pawn
        /// or reaches the fifth rank or beyond) are neither reduced by late-move
        /// reductions nor pruned by futility (UCI `PawnBreaks`).
        pawn_breaks("PawnBreaks"): default false, none false;
        /// Late-move pruning (move-count pruning): at most [`LMP_DEPTH`] plies
        /// from the horizon, outside the principal variation and not in check,
        /// the quiet moves after the first [`lmp_count`] moves are not searched (UCI
        /// `LateMovePruning`).
        late_move_pruning("LateMovePruning"): default COMBINATION_DEFAULT, none false;
        /// Static-exchange pruning in the main search: at most
        /// [`SEE_PRUNE_DEPTH`] plies from the horizon, outside the principal
        /// variation and not in check, a move after the first that gives no
        /// check is not searched when its static exchange loses more than
        /// [`see_prune_margin`] (UCI `SeePruning`).
        see_pruning("SeePruning"): default SEE_PRUNING_DEFAULT, none false;
        /// Adaptive null-move reduction: `R` of [`null_move_reduction`]
        /// grows with the depth and the static surplus over beta (off: 2 plies,
        /// 3 from [`NULL_MOVE_DEEP`] plies; UCI `AdaptiveNullMove`).
        adaptive_null_move("AdaptiveNullMove"): default COMBINATION_DEFAULT, none false;
        /// Captures that lose material by static exchange are tried after the
        /// quiet moves, not with the winning captures by MVV-LVA (UCI
        /// `LosingCapturesLast`; [`crate::picker::MoveOrdering::sort`]).
        losing_captures_last("LosingCapturesLast"): default COMBINATION_DEFAULT, none false;
        /// Late-move reductions reduce one ply more at an expected cut node
        /// (Knuth–Moore type 2 outside the principal variation; UCI
        /// `CutNodeReductions`).
        cut_node_reductions("CutNodeReductions"): default CUT_NODE_REDUCTIONS_DEFAULT, none false;
        /// The table's value in place of the static value for the pruning
        /// decisions, where its bound says the static value is wrong (UCI
        /// `TableRefinedEval`; [`refined_static_value`]).
        table_refined_eval("TableRefinedEval"): default TABLE_REFINED_EVAL_DEFAULT, none false;
        /// Quiescence ends at a null-window position whose table entry (from
        /// the main search, so at least a ply deep) decides it (UCI
        /// `QuiescenceTable`).
        quiescence_table("QuiescenceTable"): default QUIESCENCE_TABLE_DEFAULT, none false;
        /// Countermoves: the quiet move that last refuted the opponent's
        /// previous move is tried after the killers (UCI `CounterMoves`;
        /// [`crate::picker::MoveOrdering::counter`]).
        countermoves("CounterMoves"): default COMBINATION_DEFAULT, none false;
        /// One ply more of late-move reduction outside the principal variation
        /// at a position that is not improving: its static value not above
        /// that of the position two plies before (UCI `Improving`; [`improving`]).
        improving("Improving"): default COMBINATION_DEFAULT, none false;
        /// Late-move reductions reduce the root's moves too (off: every root
        /// move is searched to the full depth, as in analysis mode; UCI
        /// `RootReductions`).
        root_reductions("RootReductions"): default ROOT_REDUCTIONS_DEFAULT, none true;
        /// Capture history: captures are ordered by MVV-LVA plus how often
        /// the same capture (piece, target square, captured piece) cut off,
        /// less how often it failed to before another move did (UCI
        /// `CaptureHistory`; [`crate::picker::MoveOrdering::capture_history`]).
        capture_history("CaptureHistory"): default CAPTURE_HISTORY_DEFAULT, none false;
        /// Continuation history: quiet moves are ordered by their history
        /// plus their history after the opponent's last move and after our
        /// own move before it, and late-move reductions take that sum as the
        /// move's record of cutoffs (UCI `ContinuationHistory`;
        /// [`crate::picker::MoveOrdering::quiet_score`]).
        continuation_history("ContinuationHistory"): default CONTINUATION_HISTORY_DEFAULT, none false;
        /// Singular extensions: a table move that a search of the other
        /// moves, shallower and below the table's value by a margin, shows
        /// to be the only good one is searched a ply deeper; where that
        /// search fails high anyway, the position is cut off (multi-cut; UCI
        /// `SingularExtensions`; [`SINGULAR_DEPTH`], [`singular_margin`]).
        singular_extensions("SingularExtensions"): default SINGULAR_EXTENSIONS_DEFAULT, none false;
        /// The history tables (history, capture and continuation histories,
        /// countermoves) are kept from one search to the next until
        /// `ucinewgame`; only the killers are forgotten (off: every search
        /// starts from empty tables). What refuted a move one move ago
        /// mostly still does, as Stockfish keeps its histories for the
        /// whole game (UCI `KeepHistory`;
        /// [`crate::picker::MoveOrdering::forget_line`]).
        keep_history("KeepHistory"): default KEEP_HISTORY_DEFAULT, none false;
        /// Late-move reductions reduce one ply more for a quiet move, not a
        /// killer, whose history is below zero: it has failed more than it
        /// refuted, as one with a history above zero takes a ply less (the
        /// sign of the history term of Stockfish's reduction, `r −=
        /// statScore / 16384`; UCI `HistoryReductions`).
        history_reductions("HistoryReductions"): default HISTORY_REDUCTIONS_DEFAULT, none false;
        /// Reverse futility's margin reads "improving" ([`improving`]), as
        /// Stockfish's does: it is taken over one ply less at an improving
        /// position (`futility_margin(depth − improving)`; UCI
        /// `ImprovingFutility`).
        improving_futility("ImprovingFutility"): default IMPROVING_FUTILITY_DEFAULT, none false;
        /// Late-move pruning's count reads "improving" ([`improving`]), as
        /// Stockfish's does: a position that is not improving keeps half of
        /// [`lmp_count`]'s moves (`futility_move_count`'s
        /// `(3 + d²) / (2 − improving)`; UCI `ImprovingMoveCount`).
        improving_move_count("ImprovingMoveCount"): default IMPROVING_MOVE_COUNT_DEFAULT, none false;
        /// Late-move reductions apply from the second move searched (off:
        /// from the fourth), as Stockfish's do (`moveCount > 1`); the
        /// reduction of `lmr_reduction` is zero for the second move and
        /// at most one ply for the third, so what changes is mostly the
        /// extra ply of an expected cut node or a position that is not
        /// improving (UCI `EarlyReductions`).
        early_reductions("EarlyReductions"): default EARLY_REDUCTIONS_DEFAULT, none false;
        /// ProbCut (Buro 1995, in the form of Stockfish's `search.cpp`): at
        /// a position outside the principal variation with at least
        /// [`PROBCUT_DEPTH`] plies left, a capture whose static exchange
        /// can lift the static value to beta plus [`PROBCUT_MARGIN`] is
        /// searched [`PROBCUT_REDUCTION`] plies shallower against that
        /// raised bound (after a quiescence search confirms it); if it
        /// holds, the position is taken to hold beta and is cut off (UCI
        /// `ProbCut`).
        probcut("ProbCut"): default PROBCUT_CHECKS_CAPTURES_DEFAULT, none false;
        /// The check extension is given by the move that checks, and only
        /// when it does not lose material by static exchange, instead of a
        /// ply to every position in check: a check that throws a piece away
        /// is searched no deeper (Stockfish 10's `givesCheck &&
        /// pos.see_ge(move)`; UCI `SafeCheckExtensions`).
        safe_check_extensions("SafeCheckExtensions"): default PROBCUT_CHECKS_CAPTURES_DEFAULT, none false;
        /// Late-move reductions reduce a late capture that loses material by
        /// static exchange as they reduce a late quiet move (without the
        /// history's plies), where otherwise every capture is searched to
        /// full depth: Stockfish reduces captures too (UCI
        /// `ReduceLosingCaptures`).
        reduce_losing_captures("ReduceLosingCaptures"): default PROBCUT_CHECKS_CAPTURES_DEFAULT, none false;
        /// Futility and static-exchange pruning judge a late quiet move by
        /// the depth its late-move reduction would leave it (Stockfish's
        /// `lmrDepth`), not by the position's: futility acts while that
        /// depth is below [`PREDICTED_FUTILITY_DEPTH`], with the margin of
        /// [`predicted_futility_margin`], and the exchange margin of a quiet
        /// move is taken over it. A move the reductions would search
        /// shallow anyway is pruned where its shallow search could not lift
        /// the static value to alpha (UCI `PredictedDepthPruning`).
        predicted_depth_pruning("PredictedDepthPruning"): default PREDICTED_DEPTH_PRUNING_DEFAULT, none false;
        /// Delta pruning in quiescence: a capture that gives no check and
        /// whose captured piece, added to the static value with
        /// [`DELTA_MARGIN`] to spare, cannot reach alpha is not searched,
        /// nor one that does not win material by static exchange when the
        /// static value with the margin is already at or below alpha
        /// (Stockfish's quiescence "futility", which exempts checks too: a
        /// checking capture may mate; UCI `DeltaPruning`).
        delta_pruning("DeltaPruning"): default DELTA_PRUNING_DEFAULT, none false;
        /// The static value the pruning decisions read is corrected by what
        /// earlier searches of positions with the same pawn structure found
        /// ([`crate::correction::CorrectionHistory`]; Stockfish's pawn
        /// correction history; UCI `CorrectionHistory`).
        correction_history("CorrectionHistory"): default CORRECTION_HISTORY_DEFAULT, none false;
        /// Razoring: away from the principal variation, a position whose
        /// static value lies below alpha by more than [`razor_margin`] is
        /// resolved by quiescence on a null window at alpha, and the value
        /// stands when quiescence fails low too (Stockfish's razoring; UCI
        /// `Razoring`).
        razoring("Razoring"): default RAZORING_DEFAULT, none false;
        /// History pruning: a late quiet move, at most
        /// [`HISTORY_PRUNE_DEPTH`] plies from the horizon and not a killer,
        /// whose history is below zero is not searched: it has failed more
        /// often than it refuted (Stockfish 11's pruning of a quiet move
        /// whose continuation histories are below zero at a predicted depth
        /// below 4, on this engine's history with gravity, the record
        /// [`Pruning::history_reductions`] reads; UCI `HistoryPruning`).
        history_pruning("HistoryPruning"): default HISTORY_PRUNING_DEFAULT, none false;
    }
}

/// Whether ProbCut, the safe check extensions and the reduced losing
/// captures ([`Pruning::probcut`], [`Pruning::safe_check_extensions`],
/// [`Pruning::reduce_losing_captures`]) are on by default: yes, together.
/// None passed its match alone; together they gain in play against the
/// defaults without them (docs/performance-chess.md, "The three
/// together").
const PROBCUT_CHECKS_CAPTURES_DEFAULT: bool = true;

/// Whether [`Pruning::predicted_depth_pruning`] is on by default: not
/// before a match shows it gains (docs/performance-chess.md).
const PREDICTED_DEPTH_PRUNING_DEFAULT: bool = false;

/// Whether [`Pruning::correction_history`] is on by default: not before a
/// match shows it gains (docs/performance-chess.md).
const CORRECTION_HISTORY_DEFAULT: bool = false;

/// Whether [`Pruning::razoring`] is on by default: not before a match
/// shows it gains (docs/performance-chess.md).
const RAZORING_DEFAULT: bool = false;

/// Whether [`Pruning::history_pruning`] is on by default: not before a
/// match shows it gains (docs/performance-chess.md).
const HISTORY_PRUNING_DEFAULT: bool = false;

/// History pruning acts with at most this many plies left.
pub const HISTORY_PRUNE_DEPTH: i32 = 3;

/// Razoring's margin with `depth` plies left: `177 + 122·depth²`
/// centipawns, Stockfish 15's `369 + 254·depth²` in its units (a pawn
/// 208 in the endgame) scaled to a 100-centipawn pawn. Quadratic, so that
/// only the last plies are razored in practice.
pub fn razor_margin(depth: i32) -> Value {
    177 + 122 * Value::from(depth) * Value::from(depth)
}

/// With [`Pruning::predicted_depth_pruning`], futility acts on a quiet move
/// whose reduced depth (plies left to its search) is below this, as
/// Stockfish's `lmrDepth < 6`.
pub const PREDICTED_FUTILITY_DEPTH: i32 = 6;

/// With [`Pruning::predicted_depth_pruning`], the futility margin of a quiet
/// move whose reduced search is `predicted` plies deep: 150 centipawns a ply
/// of the position's depth that would search it unreduced
/// (`predicted + 1`), so an unreduced move within `FUTILITY_DEPTH` has
/// the margin of `FUTILITY_MARGIN`; Stockfish's margin is likewise linear
/// in `lmrDepth`. This project's round numbers, not tuned.
pub fn predicted_futility_margin(predicted: i32) -> Value {
    150 * Value::from(predicted.max(0) + 1)
}

/// Whether [`Pruning::delta_pruning`] is on by default: yes, it gains in
/// play against it off (docs/performance-chess.md, "Delta pruning in
/// quiescence").
const DELTA_PRUNING_DEFAULT: bool = true;

/// Delta pruning's margin: what a capture may gain beyond its captured piece
/// (positional change, a recapture left unseen), a pawn; Stockfish's
/// quiescence adds about three quarters of its endgame pawn. This project's
/// round number, not tuned.
pub const DELTA_MARGIN: Value = 100;

/// ProbCut acts from this many plies left (so its reduced search has at
/// least one ply).
pub const PROBCUT_DEPTH: i32 = 5;

/// ProbCut's reduced search is this many plies shallower than the position's
/// (Stockfish's `depth − 4`).
pub const PROBCUT_REDUCTION: i32 = 4;

/// ProbCut's raised bound: beta plus 140 centipawns, about the 1.4
/// middlegame pawns of Stockfish 15's `beta + 179 − 46·improving` (its
/// pawn is 126; 15.1 has `beta + 191 − 54·improving`), without the term;
/// not tuned.
pub const PROBCUT_MARGIN: Value = 140;

/// Whether the seven techniques that reach depth together are on by default:
/// history gravity, internal iterative reduction, late-move pruning, the
/// adaptive null move, losing captures last, countermoves and "improving"
/// ([`Pruning::history_gravity`], [`Pruning::internal_reduction`],
/// [`Pruning::late_move_pruning`], [`Pruning::adaptive_null_move`],
/// [`Pruning::losing_captures_last`], [`Pruning::countermoves`],
/// [`Pruning::improving`]). None gained in play on its own; together they
/// reach a given depth in far fewer positions and gain in play against the
/// defaults without them (docs/performance-chess.md), so they are on as a
/// whole.
const COMBINATION_DEFAULT: bool = true;

/// Whether [`Pruning::cut_node_reductions`] is on by default: no. It solves
/// more of Bratko–Kopec at a fixed time but showed no gain in play
/// (docs/performance-chess.md), and a technique is kept only when it gains.
const CUT_NODE_REDUCTIONS_DEFAULT: bool = false;

/// Whether [`Pruning::capture_history`] is on by default: not before a
/// match shows it gains (docs/performance-chess.md).
const CAPTURE_HISTORY_DEFAULT: bool = false;

/// Whether [`Pruning::continuation_history`] is on by default: not before a
/// match shows it gains (docs/performance-chess.md).
const CONTINUATION_HISTORY_DEFAULT: bool = false;

/// Whether [`Pruning::singular_extensions`] is on by default: not before a
/// match shows it gains (docs/performance-chess.md).
const SINGULAR_EXTENSIONS_DEFAULT: bool = false;

/// Whether [`Pruning::keep_history`] is on by default: yes, it gains in
/// play against the tables emptied at every search (docs/performance-chess.md,
/// "Keeping the histories, a larger confirmatory match").
const KEEP_HISTORY_DEFAULT: bool = true;

/// Whether [`Pruning::history_reductions`] is on by default: yes, it gains
/// in play against it off (docs/performance-chess.md, "The margins read
/// \"improving\", and the history's sign").
const HISTORY_REDUCTIONS_DEFAULT: bool = true;

/// Whether [`Pruning::improving_futility`] is on by default: yes, it gains
/// in play against it off (docs/performance-chess.md, "`ImprovingFutility`
/// again, a confirmatory match").
const IMPROVING_FUTILITY_DEFAULT: bool = true;

/// Whether [`Pruning::improving_move_count`] is on by default: not before a
/// match shows it gains (docs/performance-chess.md).
const IMPROVING_MOVE_COUNT_DEFAULT: bool = false;

/// Whether [`Pruning::early_reductions`] is on by default: not before a
/// match shows it gains (docs/performance-chess.md).
const EARLY_REDUCTIONS_DEFAULT: bool = false;

/// Singular extensions act from this many plies left, on a table move whose
/// entry is a lower bound or exact and at most 3 plies shallower; the
/// search of the other moves is `(depth − 1) / 2` plies deep. The form of
/// the technique in Stockfish and Ethereal (Anantharaman, Campbell and Hsu's
/// singular extensions, 1988, as the Chess Programming Wiki's "Singular
/// Extensions" describes their modern use); the depth is this project's
/// round number, not tuned.
pub const SINGULAR_DEPTH: i32 = 6;

/// Singular extensions: how far below the table's value the other moves
/// must all stay, with `depth` plies left, for the table move to be
/// singular: `2·depth` centipawns (the margin of Stockfish's earlier
/// versions and of Ethereal's; not tuned).
pub fn singular_margin(depth: i32) -> Value {
    2 * Value::from(depth)
}

/// Whether [`Pruning::table_refined_eval`] is on by default: yes, it gains
/// in play against it off (docs/chess.md).
const TABLE_REFINED_EVAL_DEFAULT: bool = true;

/// The value the pruning decisions take for a position whose static value is
/// `static_value` and for which the table holds `entry`: the table's value
/// where its bound says the static value is wrong — a lower bound above it,
/// an upper bound below it, or an exact value — and not a mate score; else
/// the static value. (A search result is a better estimate than the static
/// value wherever it is known to differ; the usual refinement of Stockfish's
/// `search.cpp` and of the Chess Programming Wiki's engines.)
pub fn refined_static_value(static_value: Value, entry: Option<TableEntry>) -> Value {
    match entry {
        Some(e)
            if e.value.abs() < MATE_BOUND
                && match e.bound {
                    BoundType::Exact => true,
                    BoundType::Lower => e.value > static_value,
                    BoundType::Upper => e.value < static_value,
                } =>
        {
            e.value
        }
        _ => static_value,
    }
}

/// Whether the table's entry `e` decides a search of its position with the
/// window (`alpha`, `beta`): an exact value, a lower bound at or above beta,
/// or an upper bound at or below alpha (depth is the caller's to check).
fn decides(e: TableEntry, alpha: Value, beta: Value) -> bool {
    match e.bound {
        BoundType::Exact => true,
        BoundType::Lower => e.value >= beta,
        BoundType::Upper => e.value <= alpha,
    }
}

/// Whether [`Pruning::quiescence_table`] is on by default (decided by the
/// match in docs/chess.md).
const QUIESCENCE_TABLE_DEFAULT: bool = false;

/// Whether [`Pruning::root_reductions`] is on by default: yes — the root
/// unreduced showed no gain in play (docs/chess.md). In analysis mode the root's moves are unreduced whatever it says
/// ([`crate::Engine::search_pruning`]).
const ROOT_REDUCTIONS_DEFAULT: bool = true;

/// Whether a position with the static value `now` is improving on the one
/// two plies before on the line, whose static value was `before` (Stockfish's
/// "improving"): not when in check (`now` is `None`); when the earlier one
/// was in check or is not known, yes (no extra reduction is the safe side).
pub fn improving(now: Option<Value>, before: Option<Value>) -> bool {
    match (now, before) {
        (None, _) => false,
        (Some(now), Some(before)) => now > before,
        (Some(_), None) => true,
    }
}

/// Whether [`Pruning::see_pruning`] is on by default: yes, it gains in play
/// against it off (docs/chess.md).
const SEE_PRUNING_DEFAULT: bool = true;

impl Pruning {
    /// Nothing that makes the value depend on the window or on what the
    /// table holds: [`Pruning::NONE`] (no selective technique) without the
    /// null move and table cutoffs (the table still orders moves). The search is then plain alpha-beta
    /// over a tree fixed by the root and the depth, whose root value every
    /// correct search order finds — the tests compare Young Brothers Wait
    /// with one thread under it ([`crate::ybwc`]).
    pub const FIXED_TREE: Pruning = Pruning {
        null_move: false,
        table_cutoffs: false,
        ..Pruning::NONE
    };
}

/// How far past `go nodes N` a search may go: it stops at the node that
/// reaches the limit, in every iteration (the first included) and every
/// MultiPV line, but the root and its first child are counted before any
/// limit is checked, so `nodes ≤ max(N, 2) ≤ N + 2` with one thread. With
/// T threads the limit is held on the sum over all threads, each of which
/// publishes its count every 1024 positions and reads the stop every 1024,
/// so the total stays within `N + 2 + 2048·T`. Every thread (a Lazy SMP
/// helper too) holds the limit on the sum it sees itself, so a main thread
/// the system does not schedule cannot let a helper run on (a Lazy SMP
/// helper that stopped only when the main thread did went 3 500 past
/// `N + 2 + 2048·T` on a loaded host).
pub const NODE_LIMIT_SLACK: u64 = 2;

/// Values beyond this are mates (or bounds near them): no margin pruning there.
const MATE_BOUND: Value = 20_000;

/// Reverse futility pruning: at most this many plies left, a margin of
/// this many centipawns a ply.
const RFP_DEPTH: i32 = 6;
const RFP_MARGIN: Value = 90;

/// Without [`Pruning::adaptive_null_move`], the null move is searched
/// 3 plies shallower (not 2) from this many plies left.
pub const NULL_MOVE_DEEP: i32 = 6;

/// The null-move reduction `R` with `depth` plies left, the static value
/// `surplus` centipawns above beta: adaptive, `3 + depth/3 +
/// min(surplus/200, 3)` — the form of Stockfish's null-move search (a
/// reduction growing with the depth and with how far the position stands
/// above beta) and of the Chess Programming Wiki's "Null Move Pruning",
/// the constants this project's round numbers, not tuned; otherwise 2
/// plies, 3 from [`NULL_MOVE_DEEP`] plies left (Heinz's adaptive R = 2–3).
pub fn null_move_reduction(depth: i32, surplus: Value, adaptive: bool) -> i32 {
    if adaptive {
        3 + depth / 3 + (surplus.max(0) / 200).min(3) as i32
    } else if depth >= NULL_MOVE_DEEP {
        3
    } else {
        2
    }
}

/// Internal iterative reduction: from this many plies left, a position
/// without a table move is searched one ply shallower. The usual form of
/// the technique (Ed Schröder's Rebel, Ethereal; the Chess Programming
/// Wiki's "Internal Iterative Reductions"): where the table knows no move
/// the ordering is a guess, and the ply saved there is spent on the
/// positions whose best move is known.
pub const IIR_DEPTH: i32 = 4;

/// The deepest position whose move picker waits to score its quiet moves
/// ([`crate::picker::MoveOrdering::picker`]): the history changes it
/// journals meanwhile grow with its subtree, and deeper positions are too
/// few for what waiting saves to count.
const WAITING_PICKER_DEPTH: i32 = 8;

/// Futility pruning of quiet moves: at most this many plies left, with
/// these margins by plies left.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_MARGIN: [Value; 4] = [0, 150, 300, 450];

/// Late-move pruning acts at most this many plies from the horizon.
pub const LMP_DEPTH: i32 = 4;

/// Late-move pruning: with `depth` plies left (1 ..= [`LMP_DEPTH`]), the
/// number of moves searched before the later quiet ones are pruned,
/// `3 + depth²` (4, 7, 12, 19): the move-count rule of Stockfish's search
/// (`futility_move_count`, without its "improving" halving) and of the
/// Chess Programming Wiki's "Late Move Pruning"; the counts are this
/// project's choice, not tuned.
pub fn lmp_count(depth: i32) -> usize {
    (3 + depth * depth) as usize
}

/// Static-exchange pruning acts at most this many plies from the horizon.
pub const SEE_PRUNE_DEPTH: i32 = 6;

/// Static-exchange pruning: the loss (centipawns of
/// [`alphabeta_chess::eval::PIECE_VALUES`]) beyond which a move with `depth` plies
/// left is pruned — `100·depth` for a capture or promotion, `20·depth²`
/// for a quiet move. The form of Stockfish's SEE pruning in its main
/// search (`see_ge` against a margin linear in depth for captures and
/// quadratic for quiet moves) and of the Chess Programming Wiki's "Static
/// Exchange Evaluation" pruning; the margins are this project's round
/// numbers, not tuned.
pub fn see_prune_margin(depth: i32, quiet: bool) -> Value {
    let d = Value::from(depth);
    if quiet { 20 * d * d } else { 100 * d }
}

/// Whether `mv` at `board` is a pawn break: a pawn move whose pawn then
/// attacks an enemy pawn (a lever) or stands on its fifth rank or beyond.
/// Such quiet moves change the pawn structure, whose consequences show only
/// deep in the tree, so with [`Pruning::pawn_breaks`] late-move reductions
/// and futility pruning leave them alone — the common exemption of passed
/// pawn pushes (Fruit, Glaurung) widened to levers.
pub(super) fn pawn_break(board: &Board, mv: Move) -> bool {
    if board.piece_on(mv.from) != Some(Piece::Pawn) {
        return false;
    }
    let us = board.side_to_move();
    mv.to.rank().relative_to(us) as usize >= Rank::Fifth as usize
        || !(get_pawn_attacks(mv.to, us) & board.colored_pieces(!us, Piece::Pawn)).is_empty()
}

/// The late-move reduction of the `index`-th move (0-based) with `depth`
/// plies left: about ln(depth)·ln(index)/2 plies, one less in PV nodes,
/// leaving at least one ply to search.
fn lmr_reduction(depth: i32, index: usize, pv_node: bool) -> i32 {
    let r = (0.5 + (depth as f64).ln() * (index as f64).ln() / 2.0) as i32 - i32::from(pv_node);
    r.clamp(0, (depth - 2).max(0))
}

/// Replaces `moves` by those whose static exchange gain `keep` accepts, the
/// largest gain first and, among equal gains, by MVV-LVA: the order of the
/// captures of quiescence and ProbCut. `scored` is scratch space, left
/// empty.
fn keep_by_exchange(
    board: &Board,
    moves: &mut Vec<Move>,
    scored: &mut Vec<(Value, i64, Move)>,
    keep: impl Fn(Value, Move) -> bool,
) {
    scored.clear();
    scored.extend(
        moves
            .iter()
            .map(|&mv| (see(board, mv), tactical_score(board, mv), mv))
            .filter(|&(gain, _, mv)| keep(gain, mv)),
    );
    scored.sort_by_key(|&(gain, t, _)| std::cmp::Reverse((gain, t)));
    moves.clear();
    moves.extend(scored.drain(..).map(|(_, _, mv)| mv));
}

/// Shared between the thread that reads commands and the search thread.
#[derive(Debug)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    clock_start: Mutex<Instant>,
}

impl Default for SearchControl {
    fn default() -> Self {
        SearchControl {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            clock_start: Mutex::new(Instant::now()),
        }
    }
}

impl SearchControl {
    /// A control for a search starting now; `ponder` starts it in ponder
    /// mode (no time limit until [`SearchControl::ponderhit`]).
    pub fn new(ponder: bool) -> Self {
        let c = SearchControl::default();
        c.pondering.store(ponder, Ordering::Relaxed);
        c
    }

    /// Asks the search to stop as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the clock starts now.
    pub fn ponderhit(&self) {
        if let Ok(mut t) = self.clock_start.lock() {
            *t = Instant::now();
        }
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// Whether the search is in ponder mode.
    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Time on our clock so far (zero while pondering).
    pub fn clock_elapsed(&self) -> Duration {
        if self.pondering() {
            return Duration::ZERO;
        }
        self.clock_start
            .lock()
            .map(|t| t.elapsed())
            .unwrap_or_default()
    }
}

/// How many positions a search visits between two readings of `stop` and
/// the clock (an atomic load and a system call would cost more at every
/// position than they gain; 1024 positions take well under a millisecond).
pub const POLL_INTERVAL: u64 = 1024;

/// How often a search reports its progress (`info nodes … time …`) once
/// it reports at all.
const PROGRESS_INTERVAL: Duration = Duration::from_secs(1);

/// Where a thread's search reports: the main thread to the GUI, a helper
/// of Lazy SMP only its node count.
pub(super) enum Reporting<'e> {
    /// The main thread: reports go to the callback once `after` has passed
    /// (currmove, aspiration bounds, periodic progress); the helpers' nodes
    /// are read from the counter.
    Main {
        report: &'e mut dyn FnMut(&Report),
        after: Duration,
        helper_nodes: &'e AtomicU64,
        /// Where the main thread publishes its own count every 1024
        /// positions, for the helpers' node limit.
        main_nodes: &'e AtomicU64,
    },
    /// A helper thread: adds its nodes to the counter every 1024 and reads
    /// the main thread's published count from `main`.
    Helper {
        nodes: &'e AtomicU64,
        main: &'e AtomicU64,
    },
}

/// The state of one search.
pub(super) struct Searcher<'e> {
    pub tt: &'e SharedTable,
    pub ordering: &'e mut MoveOrdering,
    pub eval: EngineEval,
    pub pruning: Pruning,
    pub control: &'e SearchControl,
    pub budget: Option<TimeBudget>,
    pub node_limit: Option<u64>,
    /// Repetition keys of the game before the root, then of the path.
    pub keys: Vec<u64>,
    /// Root moves to search (MultiPV excludes the lines already found).
    pub root_moves: Vec<Move>,
    pub nodes: u64,
    pub seldepth: usize,
    pub stopped: bool,
    pub pv: Vec<Vec<Move>>,
    /// The value of the best root move of the current root search (that
    /// of `pv[0]`), once one has been searched to the end.
    pub root_value: Value,
    /// The nominal depth of the current iteration.
    pub iteration: u32,
    pub started: Instant,
    pub reporting: Reporting<'e>,
    /// When progress is next reported (main thread).
    pub next_progress: Duration,
    /// The root move being searched (`currmove`), while it has not been
    /// reported: reported when reports become due, so a GUI learns which
    /// move a long root search is on even when it began before then.
    pub pending_currmove: Option<Report>,
    /// The count at which `stop` and the clock are next read
    /// ([`Searcher::poll_from_here`]).
    pub next_poll: u64,
    /// Young Brothers Wait: the threads' pool and the split points this
    /// search works under (`None`: one thread, or Lazy SMP).
    pub ybwc: Option<Worker<'e>>,
    /// The move lists of each ply, reused from position to position.
    pub lists: PlyLists,
    /// The static value (as the pruning decisions take it; `None` in
    /// check) of the position at each ply of the line being searched, for
    /// [`Pruning::improving`].
    pub static_values: Vec<Option<Value>>,
    /// The move the next [`Searcher::negamax`] call leaves out (the table
    /// move whose singularity it tests; [`Pruning::singular_extensions`]).
    /// That call takes it, so its children see `None`.
    pub excluded: Option<Move>,
}

/// The lists one position's move loop works with.
#[derive(Default)]
pub(super) struct MoveLists {
    /// The moves, in search order.
    moves: Vec<Move>,
    /// The quiet moves searched so far (for the history malus).
    quiets: Vec<Move>,
    /// The captures searched so far (for the capture history's malus).
    captures: Vec<Move>,
    /// The move picker's lists ([`crate::picker::MovePicker`]).
    order: PickerLists,
    /// Quiescence: the captures kept, with their exchange gain and MVV-LVA.
    scored: Vec<(Value, i64, Move)>,
}

/// One [`MoveLists`] per ply, owned by a [`Searcher`] and reused from
/// position to position: allocating them at every position took about 6 %
/// of the search's time (malloc and free under `perf`). A position takes its
/// ply's lists with [`PlyLists::take`] and gives them back with
/// [`PlyLists::put`]; lists not given back (a search that stops) only cost
/// a fresh allocation the next time.
#[derive(Default)]
pub(super) struct PlyLists(Vec<MoveLists>);

impl PlyLists {
    /// The lists of `ply`, emptied (their capacity kept).
    fn take(&mut self, ply: usize) -> MoveLists {
        let mut lists = self.0.get_mut(ply).map(std::mem::take).unwrap_or_default();
        lists.moves.clear();
        lists.quiets.clear();
        lists.captures.clear();
        lists.scored.clear();
        lists
    }

    /// Gives `lists` back to `ply` for the next position there.
    fn put(&mut self, ply: usize, lists: MoveLists) {
        if self.0.len() <= ply {
            self.0.resize_with(ply + 1, MoveLists::default);
        }
        self.0[ply] = lists;
    }
}

/// What the move loop of one position needs to search any of its moves
/// ([`Searcher::search_move`]); a split point keeps it for its brothers.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// Plies left (check extension included).
    pub depth: i32,
    pub ply: usize,
    pub beta: Value,
    /// Searched with an open window (type 1).
    pub pv_node: bool,
    /// Expected to cut off (type 2; see [`Searcher::negamax`]).
    pub cut: bool,
    pub in_check: bool,
    pub static_eval: Option<Value>,
    /// See [`improving`].
    pub improving: bool,
    /// The table move that a singular extension searches a ply deeper.
    pub extend: Option<Move>,
}

impl Searcher<'_> {
    /// Positions searched by every thread so far (each other thread's count
    /// is at most 1023 behind).
    pub fn total_nodes(&self) -> u64 {
        match &self.reporting {
            Reporting::Main { helper_nodes, .. } => {
                self.nodes + helper_nodes.load(Ordering::Relaxed)
            }
            // A helper (Lazy SMP or Young Brothers Wait): the helpers'
            // published count, the main thread's, and its own unpublished rest.
            Reporting::Helper { nodes, main } => {
                nodes.load(Ordering::Relaxed) + main.load(Ordering::Relaxed) + self.nodes % 1024
            }
        }
    }

    /// Sends `report` to the GUI if this is the main thread and reports are
    /// due (`after` has passed since the start).
    pub fn report(&mut self, make: impl FnOnce(&Self) -> Report) {
        let due = match &self.reporting {
            Reporting::Main { after, .. } => self.started.elapsed() >= *after,
            Reporting::Helper { .. } => false,
        };
        if due {
            let r = make(self);
            if let Reporting::Main { report, .. } = &mut self.reporting {
                report(&r);
            }
        }
    }

    /// Sends `report` to the GUI now if this is the main thread (the
    /// lines of an iteration are never held back).
    pub fn send(&mut self, report: &Report) {
        if let Reporting::Main { report: send, .. } = &mut self.reporting {
            send(report);
        }
    }

    /// Reports the root move being searched ([`Searcher::pending_currmove`])
    /// if reports are due, once.
    fn announce_root_move(&mut self) {
        let due = match &self.reporting {
            Reporting::Main { after, .. } => self.started.elapsed() >= *after,
            Reporting::Helper { .. } => false,
        };
        if due && let Some(pending) = self.pending_currmove.take() {
            self.send(&pending);
        }
    }

    /// Sends the search's numbers so far (`info nodes … time …`) now.
    pub fn send_progress(&mut self) {
        let progress = Report::Progress {
            nodes: self.total_nodes(),
            time: self.started.elapsed(),
            hashfull: self.tt.permille_full(),
        };
        self.send(&progress);
    }

    /// Reads `stop` and the clock now (at every root search but the
    /// search's first, which always gives a searched move) and every
    /// [`POLL_INTERVAL`] positions from here; called as each root search
    /// starts. So no more than [`POLL_INTERVAL`] positions pass without a
    /// poll even when root searches end before one is due (a stop sent
    /// before the search ends it within its first [`POLL_INTERVAL`]
    /// positions, at any MultiPV), and polling from each root search's
    /// start rather than at the count's multiples keeps the count at a stop
    /// from always being a round multiple, which a GUI reads as an
    /// estimate. The count is exact whenever a search stops.
    pub fn poll_from_here(&mut self) {
        if self.nodes > 0 {
            self.poll();
            self.halt_helpers_if_stopped();
        }
        self.next_poll = self.nodes + POLL_INTERVAL;
    }

    /// A limit ends every thread's search: once this search has stopped,
    /// the Young Brothers Wait pool it works under is halted.
    #[inline]
    fn halt_helpers_if_stopped(&self) {
        if self.stopped
            && let Some(w) = &self.ybwc
        {
            w.pool.halt();
        }
    }

    /// Reads `stop` and the clock's hard limit; either stops the search.
    fn poll(&mut self) {
        if self.control.stop_requested() {
            self.stopped = true;
        }
        if let Some(b) = self.budget
            && self.control.clock_elapsed() >= b.hard
        {
            self.stopped = true;
        }
    }

    /// The current line as a [`SearchInfo`]. Its `seldepth` is at least
    /// the iteration's depth: a line that a mate or a draw ends before the
    /// horizon is still a search of that depth.
    pub fn info(&self, value: Value, pv: Vec<Move>, multipv: usize) -> SearchInfo {
        SearchInfo {
            depth: self.iteration,
            seldepth: self.seldepth.max(self.iteration as usize),
            multipv,
            value,
            nodes: self.total_nodes(),
            time: self.started.elapsed(),
            pv,
            hashfull: self.tt.permille_full(),
        }
    }

    /// Every 1024 positions: a helper publishes its count, the main thread
    /// reports progress when it is due.
    #[cold]
    fn every_1024(&mut self) {
        match &self.reporting {
            Reporting::Helper { nodes, .. } => {
                nodes.fetch_add(1024, Ordering::Relaxed);
            }
            Reporting::Main {
                after, main_nodes, ..
            } => {
                main_nodes.store(self.nodes, Ordering::Relaxed);
                let elapsed = self.started.elapsed();
                if elapsed >= *after && elapsed >= self.next_progress {
                    self.next_progress = elapsed + PROGRESS_INTERVAL;
                    self.announce_root_move();
                    self.report(|s| Report::Progress {
                        nodes: s.total_nodes(),
                        time: elapsed,
                        hashfull: s.tt.permille_full(),
                    });
                }
            }
        }
    }

    /// Adds the nodes a helper has not published yet (at its end).
    pub fn publish_rest(&self) {
        if let Reporting::Helper { nodes, .. } = &self.reporting {
            nodes.fetch_add(self.nodes % 1024, Ordering::Relaxed);
        }
    }

    #[inline]
    pub(super) fn check_limits(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(w) = &self.ybwc
            && w.aborted()
        {
            // The search is over, or a brother of a split point above has
            // cut off: this work is wasted, unwind.
            self.stopped = true;
            return true;
        }
        if self.nodes.is_multiple_of(1024) {
            self.every_1024();
        }
        if let Some(n) = self.node_limit
            && self.total_nodes() >= n
        {
            self.stopped = true;
        }
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_INTERVAL;
            self.poll();
        }
        self.halt_helpers_if_stopped();
        self.stopped
    }

    #[inline]
    fn enter(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.pv.len() <= ply + 1 {
            self.pv.resize_with(ply + 2, Vec::new);
        }
        self.pv[ply].clear();
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (upper, lower) = self.pv.split_at_mut(ply + 1);
        upper[ply].clear();
        upper[ply].push(mv);
        upper[ply].extend_from_slice(&lower[0]);
    }

    /// Whether the position (a child of the last key) repeats one since the
    /// last irreversible move.
    fn is_repetition(&self, board: &Board) -> bool {
        let key = repetition_key(board);
        let window = usize::from(board.halfmove_clock());
        let n = self.keys.len();
        let mut back = 2;
        while back <= window && back <= n {
            if self.keys[n - back] == key {
                return true;
            }
            back += 2;
        }
        false
    }

    /// Principal-variation search of `board` with `depth` plies left.
    /// `cut` says whether a position searched with a null window is
    /// expected to cut off (Knuth–Moore type 2, Hsu slide 43) or to fail
    /// low (type 3): the children of a type 2 position are type 3, those of
    /// a type 3 type 2, and a type 1 (PV) position's first child is type 1,
    /// the others type 2. The prediction decides where Young Brothers Wait
    /// splits ([`crate::ybwc`]) and, with [`Pruning::cut_node_reductions`],
    /// reduces the late moves of a type 2 position one ply more.
    #[allow(clippy::too_many_arguments)]
    pub fn negamax(
        &mut self,
        board: &Board,
        mut depth: i32,
        ply: usize,
        mut alpha: Value,
        mut beta: Value,
        null_ok: bool,
        cut: bool,
    ) -> Value {
        self.enter(ply);
        // The move a singular extension's test leaves out (this call only).
        let excluded = self.excluded.take();
        let root = ply == 0;
        if !root {
            if self.check_limits() {
                return 0;
            }
            if board.halfmove_clock() >= 100 {
                // The fifty-move rule draws, unless the hundredth ply mated.
                return if is_checkmate(board) { loss_in(ply) } else { 0 };
            }
            if insufficient_material(board) || self.is_repetition(board) {
                return 0;
            }
            // Mate-distance pruning: no line from here beats a mate next move
            // or loses faster than being mated here.
            alpha = alpha.max(loss_in(ply));
            beta = beta.min(win_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
            if ply >= MAX_PLY {
                return self.eval.evaluate_cached(board);
            }
        }
        let in_check = !board.checkers().is_empty();
        if in_check && !self.pruning.safe_check_extensions {
            depth += 1; // check extension
        }
        if depth <= 0 {
            return self.quiescence(board, ply, alpha, beta);
        }
        // ±∞ windows (a failed `position` leaves one) must not overflow.
        let pv_node = beta.saturating_sub(alpha) > 1;
        let key = board.hash();
        let entry = self.tt.probe(key, ply);
        let hash_move = entry.and_then(|e| e.best);
        if let Some(e) = entry
            && self.pruning.table_cutoffs
            && excluded.is_none()
            && !root
            && !pv_node
            && e.depth >= depth as u32
            && decides(e, alpha, beta)
        {
            return e.value;
        }
        // The static value, for the pruning decisions below (not in check).
        let raw_eval = (!in_check).then(|| self.eval.evaluate_cached(board));
        let corrected_eval = raw_eval.map(|e| {
            if self.pruning.correction_history {
                self.ordering.correction.corrected(board, e)
            } else {
                e
            }
        });
        let static_eval = corrected_eval.map(|e| {
            if self.pruning.table_refined_eval {
                refined_static_value(e, entry)
            } else {
                e
            }
        });
        // Noted before any child (the null move's too) is searched.
        if self.static_values.len() <= ply {
            self.static_values.resize(ply + 1, None);
        }
        self.static_values[ply] = static_eval;
        let before = ply
            .checked_sub(2)
            .and_then(|p| self.static_values.get(p).copied().flatten());
        let improving = improving(static_eval, before);
        // Reverse futility (static null move): near the horizon, a position
        // whose static value beats beta by a margin a ply is taken to hold.
        if let Some(e) = static_eval
            && self.pruning.reverse_futility
            && excluded.is_none()
            && !root
            && !pv_node
            && depth <= RFP_DEPTH
            && beta.abs() < MATE_BOUND
            && e - RFP_MARGIN
                * Value::from(depth - i32::from(self.pruning.improving_futility && improving))
                >= beta
        {
            return e;
        }
        // Razoring: far below alpha, quiescence decides whether any capture
        // line brings the position back.
        if let Some(e) = static_eval
            && self.pruning.razoring
            && excluded.is_none()
            && !root
            && !pv_node
            && alpha.abs() < MATE_BOUND
            && e < alpha - razor_margin(depth)
        {
            let v = self.quiescence(board, ply, alpha - 1, alpha);
            if self.stopped {
                return 0;
            }
            if v < alpha {
                return v;
            }
        }
        // Null move: if passing still fails high, the position is good enough.
        if null_ok
            && self.pruning.null_move
            && excluded.is_none()
            && !root
            && !pv_node
            && depth >= 3
            && has_pieces(board)
            && static_eval.is_some_and(|e| e >= beta)
            && let Some(passed) = board.null_move()
        {
            let surplus = static_eval.map_or(0, |e| e - beta);
            let r = null_move_reduction(depth, surplus, self.pruning.adaptive_null_move);
            self.ordering.set_line_move(ply, None);
            self.keys.push(repetition_key(board));
            let v = -self.negamax(
                &passed,
                depth - 1 - r,
                ply + 1,
                -beta,
                -beta + 1,
                false,
                !cut,
            );
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if v >= beta {
                return beta;
            }
        }
        if let Some(e) = static_eval
            && self.pruning.probcut
            && excluded.is_none()
            && !root
            && !pv_node
            && depth >= PROBCUT_DEPTH
            && beta.abs() < MATE_BOUND
        {
            if let Some(v) = self.probcut(board, depth, ply, beta, e, entry, cut) {
                return v;
            }
            if self.stopped {
                return 0;
            }
        }
        if self.pruning.internal_reduction && !root && hash_move.is_none() && depth >= IIR_DEPTH {
            depth -= 1;
        }
        let mut lists = self.lists.take(ply);
        let MoveLists {
            moves,
            quiets,
            captures,
            order,
            ..
        } = &mut lists;
        // Singular extension: the table move is searched a ply deeper when
        // every other move, searched shallower, stays below the table's
        // value by a margin; when one reaches it and that is at least beta,
        // more than one move holds beta and the position cuts off.
        let mut extend = None;
        if self.pruning.singular_extensions
            && excluded.is_none()
            && !root
            && depth >= SINGULAR_DEPTH
            && let Some(e) = entry
            && let Some(table_move) = hash_move
            && e.bound != BoundType::Upper
            && e.depth as i32 >= depth - 3
            && e.value.abs() < MATE_BOUND
            && board.is_legal(table_move)
        {
            let singular_beta = e.value - singular_margin(depth);
            self.excluded = Some(table_move);
            let v = self.negamax(
                board,
                (depth - 1) / 2,
                ply,
                singular_beta - 1,
                singular_beta,
                false,
                cut,
            );
            // The test's line is no line of this position's.
            self.pv[ply].clear();
            if self.stopped {
                self.lists.put(ply, lists);
                return 0;
            }
            if v < singular_beta {
                extend = Some(table_move);
            } else if singular_beta >= beta {
                self.lists.put(ply, lists);
                return singular_beta;
            }
        }
        let rules = OrderingRules {
            losing_captures_last: self.pruning.losing_captures_last,
            countermoves: self.pruning.countermoves,
            capture_history: self.pruning.capture_history,
            continuation_history: self.pruning.continuation_history,
        };
        let filter = if root {
            MoveFilter::Only(&self.root_moves)
        } else if let Some(left_out) = excluded {
            MoveFilter::Except(left_out)
        } else {
            MoveFilter::All
        };
        // The picker scores the quiet moves only when it reaches them, by
        // the histories it journals meanwhile, unless the order reads tables
        // the journal does not keep, a filter applies, Young Brothers Wait
        // must know the number of moves, or the position is deep enough that
        // its journal would grow large for a saving that does not count.
        let wait =
            self.pruning.history_gravity && self.ybwc.is_none() && depth <= WAITING_PICKER_DEPTH;
        let mut picker = self
            .ordering
            .picker(board, hash_move, ply, rules, filter, wait, order);
        if picker.is_empty() {
            self.lists.put(ply, lists);
            return if excluded.is_some() {
                // The left-out move is the only one: singular.
                alpha
            } else if in_check {
                loss_in(ply)
            } else {
                0
            };
        }
        let node = Node {
            depth,
            ply,
            beta,
            pv_node,
            cut,
            in_check,
            static_eval,
            improving,
            extend,
        };
        let alpha_orig = alpha;
        let mut best = NEG_INFINITY;
        let mut best_move = None;
        self.keys.push(repetition_key(board));
        for i in 0.. {
            // Young Brothers Wait: the eldest has been searched without a
            // cutoff; the younger brothers go to every thread that is free.
            if i == 1
                && let Some(n) = picker.len()
                && self.may_split(&node, n)
            {
                // `moves` holds the eldest; the brothers follow it in order.
                while let Some(mv) = picker.next(board, self.ordering) {
                    moves.push(mv);
                }
                self.split(board, moves, node, &mut alpha, &mut best, &mut best_move);
                break;
            }
            let Some(mv) = picker.next(board, self.ordering) else {
                break;
            };
            if i == 0 {
                moves.push(mv);
            }
            if root {
                self.pending_currmove = Some(Report::CurrMove {
                    depth: self.iteration,
                    mv,
                    number: i + 1,
                });
                self.announce_root_move();
            }
            let Some(v) = self.search_move(board, mv, i, &node, alpha) else {
                continue;
            };
            if self.stopped {
                picker.finish(self.ordering);
                self.keys.pop();
                self.lists.put(ply, lists);
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > alpha {
                    alpha = v;
                    self.update_pv(ply, mv);
                    if root {
                        self.root_value = v;
                    }
                    if v >= beta {
                        let quiet = tactical_score(board, mv) == 0;
                        if quiet {
                            if self.pruning.countermoves {
                                self.ordering.record_counter(board, ply, mv);
                            }
                            if self.pruning.history_gravity {
                                self.ordering
                                    .record_quiet_results(board, mv, quiets, ply, depth);
                            } else {
                                self.ordering.record_cutoff(board, mv, ply, depth);
                            }
                            if self.pruning.continuation_history {
                                self.ordering
                                    .record_continuation_results(board, mv, quiets, ply, depth);
                            }
                        }
                        if self.pruning.capture_history {
                            let best = is_capture(board, mv).then_some(mv);
                            self.ordering
                                .record_capture_results(board, best, captures, depth);
                        }
                        break;
                    }
                }
            }
            if (self.pruning.history_gravity || self.pruning.continuation_history)
                && tactical_score(board, mv) == 0
            {
                quiets.push(mv);
            }
            if self.pruning.capture_history && is_capture(board, mv) {
                captures.push(mv);
            }
        }
        picker.finish(self.ordering);
        self.keys.pop();
        let no_move = picker.handed_out() == 0;
        self.lists.put(ply, lists);
        if self.stopped {
            return 0;
        }
        if no_move {
            // Known only now when the picker waited to generate its moves.
            return if in_check { loss_in(ply) } else { 0 };
        }
        let bound = if best >= beta {
            BoundType::Lower
        } else if best > alpha_orig {
            BoundType::Exact
        } else {
            BoundType::Upper
        };
        // A test that left a move out knows nothing of the position itself.
        if excluded.is_none() {
            self.tt
                .store(key, ply, depth as u32, best, bound, best_move);
            if self.pruning.correction_history
                && let (Some(raw), Some(corrected)) = (raw_eval, corrected_eval)
                && best.abs() < MATE_BOUND
                && best_move.is_none_or(|mv| tactical_score(board, mv) == 0)
                && !(bound == BoundType::Lower && best <= corrected)
                && !(bound == BoundType::Upper && best >= corrected)
            {
                self.ordering.correction.update(board, depth, raw, best);
            }
        }
        best
    }

    /// Searches the `i`-th move (0-based, in search order) of the position
    /// `node` at `board` against `alpha`: the first move with the full
    /// window, the others with a null window (reduced when late and quiet)
    /// and again with the full one when they beat alpha. `None` when
    /// futility pruning skips the move. The sequential move loop and Young
    /// Brothers Wait's brothers both search through it.
    pub(super) fn search_move(
        &mut self,
        board: &Board,
        mv: Move,
        i: usize,
        node: &Node,
        alpha: Value,
    ) -> Option<Value> {
        let Node {
            depth,
            ply,
            beta,
            pv_node,
            cut,
            in_check,
            static_eval,
            improving,
            extend,
        } = *node;
        let quiet = tactical_score(board, mv) == 0;
        // Told without making the move: most moves that reach here near the
        // horizon are pruned below, unmade.
        let gives_check = gives_check(board, mv);
        // Plies left for the child: one more for a singular table move,
        // and with safe check extensions one more for a check that does not
        // lose material.
        let check_extension =
            self.pruning.safe_check_extensions && gives_check && !loses_by_exchange(board, mv, 0);
        let new_depth = depth - 1 + i32::from(extend == Some(mv)) + i32::from(check_extension);
        let exempt = self.pruning.pawn_breaks && quiet && pawn_break(board, mv);
        // The late-move reduction the move would be searched with (the
        // first move is never reduced), and the plies that would leave it.
        // Known before the pruning decisions only where they read it.
        let early_reduction = (self.pruning.predicted_depth_pruning && i > 0)
            .then(|| self.late_move_reduction(board, mv, i, node, quiet, gives_check, exempt));
        let predicted = early_reduction.map(|r| new_depth - r);
        // What every pruning rule below asks first: the move is no check
        // and no exempt pawn break, the position no PV node and not in
        // check, and alpha no mate score.
        let prunable = !exempt && !gives_check && !pv_node && !in_check && alpha.abs() < MATE_BOUND;
        // Futility: near the horizon, a quiet move cannot lift a static
        // value far below alpha (the first move is always searched).
        if let Some(e) = static_eval
            && self.pruning.futility
            && i > 0
            && quiet
            && prunable
            && match predicted {
                Some(p) => {
                    p < PREDICTED_FUTILITY_DEPTH && e + predicted_futility_margin(p) <= alpha
                }
                None => depth <= FUTILITY_DEPTH && e + FUTILITY_MARGIN[depth as usize] <= alpha,
            }
        {
            return None;
        }
        // Late-move pruning: near the horizon, once enough moves have been
        // searched, the later quiet ones are skipped.
        if self.pruning.late_move_pruning
            && quiet
            && prunable
            && depth <= LMP_DEPTH
            && i >= if self.pruning.improving_move_count && !improving {
                lmp_count(depth) / 2
            } else {
                lmp_count(depth)
            }
        {
            return None;
        }
        // History pruning: near the horizon, a late quiet move with a
        // record of failing is skipped.
        if self.pruning.history_pruning
            && i > 0
            && quiet
            && prunable
            && depth <= HISTORY_PRUNE_DEPTH
            && !self.ordering.is_killer(mv, ply)
            && self.ordering.history(board, mv) < 0
        {
            return None;
        }
        // Static-exchange pruning: near the horizon, a later move that
        // loses material on its square by more than a margin is skipped
        // (a quiet one judged, with predicted-depth pruning, by the depth
        // that would search it unreduced after its reduction).
        let see_depth = match predicted {
            Some(p) if quiet => (p + 1).max(1),
            _ => depth,
        };
        if self.pruning.see_pruning
            && i > 0
            && prunable
            && see_depth <= SEE_PRUNE_DEPTH
            && loses_by_exchange(board, mv, see_prune_margin(see_depth, quiet))
        {
            return None;
        }
        let mut child = board.clone();
        child.play_unchecked(mv);
        self.tt.prefetch(child.hash());
        EngineEval::prefetch_cached(child.hash());
        // The child's expected type (see `negamax`).
        let child_cut = if pv_node { i > 0 } else { !cut };
        self.ordering
            .set_line_move(ply, board.piece_on(mv.from).map(|p| (mv, p)));
        let mut v;
        if i == 0 {
            v = -self.negamax(&child, new_depth, ply + 1, -beta, -alpha, true, child_cut);
        } else {
            // Late-move reduction: late quiet moves are searched less
            // deep first, and again at full depth if they beat alpha.
            let reduction = early_reduction.unwrap_or_else(|| {
                self.late_move_reduction(board, mv, i, node, quiet, gives_check, exempt)
            });
            let null = (-alpha - 1, -alpha);
            v = -self.negamax(
                &child,
                new_depth - reduction,
                ply + 1,
                null.0,
                null.1,
                true,
                child_cut,
            );
            if reduction > 0 && v > alpha && !self.stopped {
                v = -self.negamax(&child, new_depth, ply + 1, null.0, null.1, true, child_cut);
            }
            if v > alpha && v < beta && !self.stopped {
                v = -self.negamax(&child, new_depth, ply + 1, -beta, -alpha, true, false);
            }
        }
        Some(v)
    }

    /// The late-move reduction of the `i`-th move `mv` (0-based, `i > 0`)
    /// of the position `node` at `board`: zero unless the move is late, the
    /// position neither in check nor the move a check or exempt as a pawn
    /// break, and the move quiet (or, with [`Pruning::reduce_losing_captures`],
    /// a capture that loses by static exchange); then [`lmr_reduction`]
    /// with a ply less for a killer or a move with a record of cutoffs and
    /// a ply more for each of: an expected cut node (with
    /// [`Pruning::cut_node_reductions`]), a position that is not improving,
    /// a history below zero — leaving at least one ply.
    #[allow(clippy::too_many_arguments)]
    fn late_move_reduction(
        &self,
        board: &Board,
        mv: Move,
        i: usize,
        node: &Node,
        quiet: bool,
        gives_check: bool,
        exempt: bool,
    ) -> i32 {
        let Node {
            depth,
            ply,
            pv_node,
            cut,
            in_check,
            improving,
            ..
        } = *node;
        let reducible = self.pruning.late_move_reductions
            && (ply > 0 || self.pruning.root_reductions)
            && depth >= 3
            && i >= if self.pruning.early_reductions { 1 } else { 3 }
            && !exempt
            && !in_check
            && !gives_check
            && (quiet
                || self.pruning.reduce_losing_captures
                    && mv.promotion.is_none()
                    && loses_by_exchange(board, mv, 0));
        if !reducible {
            return 0;
        }
        // A killer or a move with a history of cutoffs has refuted
        // something in this search: one ply less. At an expected cut node
        // the later moves are expected to fail low anyway: one ply more.
        // (A losing capture has no quiet history: neither.)
        let record = if !quiet {
            0
        } else if self.pruning.continuation_history {
            self.ordering.quiet_score(board, mv, ply)
        } else {
            self.ordering.history(board, mv)
        };
        let killer = quiet && self.ordering.is_killer(mv, ply);
        let proven = killer || record > 0;
        let failing = self.pruning.history_reductions && record < 0 && !killer;
        let cut_node = self.pruning.cut_node_reductions && !pv_node && cut;
        let worsening = self.pruning.improving && !pv_node && !improving;
        (lmr_reduction(depth, i, pv_node)
            + i32::from(cut_node)
            + i32::from(worsening)
            + i32::from(failing)
            - i32::from(proven))
        .clamp(0, (depth - 2).max(0))
    }

    /// ProbCut ([`Pruning::probcut`]) at a position (not in check, static
    /// value `static_eval`, table entry `entry`) searched `depth` plies
    /// deep against `beta`: the value that cuts it off, or `None`. Skipped
    /// when the table already holds an exact value or an upper bound below
    /// the raised bound from a search at most 3 plies shallower (Stockfish
    /// skips on any entry below it; a lower bound says nothing against it).
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        board: &Board,
        depth: i32,
        ply: usize,
        beta: Value,
        static_eval: Value,
        entry: Option<TableEntry>,
        cut: bool,
    ) -> Option<Value> {
        let raised = beta + PROBCUT_MARGIN;
        if entry.is_some_and(|e| {
            e.depth as i32 >= depth - 3 && e.value < raised && e.bound != BoundType::Lower
        }) {
            return None;
        }
        let mut lists = self.lists.take(ply);
        let MoveLists { moves, scored, .. } = &mut lists;
        let enemy = board.colors(!board.side_to_move());
        board.generate_moves(|mut pm| {
            pm.to &= enemy;
            moves.extend(
                pm.into_iter()
                    .filter(|mv| mv.promotion.is_none_or(|p| p == Piece::Queen)),
            );
            false
        });
        // The captures whose exchange can bring the static value to the
        // raised bound, by what the exchange wins.
        keep_by_exchange(board, moves, scored, |gain, _| gain >= raised - static_eval);
        let mut found = None;
        self.keys.push(repetition_key(board));
        for &mv in moves.iter() {
            let mut child = board.clone();
            child.play_unchecked(mv);
            self.tt.prefetch(child.hash());
            self.ordering
                .set_line_move(ply, board.piece_on(mv.from).map(|p| (mv, p)));
            let mut v = -self.quiescence(&child, ply + 1, -raised, -raised + 1);
            if v >= raised && !self.stopped {
                v = -self.negamax(
                    &child,
                    depth - PROBCUT_REDUCTION,
                    ply + 1,
                    -raised,
                    -raised + 1,
                    true,
                    !cut,
                );
            }
            if self.stopped {
                break;
            }
            if v >= raised {
                found = Some((v, mv));
                break;
            }
        }
        self.keys.pop();
        self.lists.put(ply, lists);
        let (v, mv) = found.filter(|_| !self.stopped)?;
        self.tt.store(
            board.hash(),
            ply,
            (depth - PROBCUT_REDUCTION + 1) as u32,
            v,
            BoundType::Lower,
            Some(mv),
        );
        Some(v)
    }

    /// Captures and promotions until the position is quiet (all evasions
    /// when in check), with the static value as a floor ("stand pat").
    fn quiescence(&mut self, board: &Board, ply: usize, alpha: Value, beta: Value) -> Value {
        let mut lists = self.lists.take(ply);
        let v = self.quiescence_with(board, ply, alpha, beta, &mut lists);
        self.lists.put(ply, lists);
        v
    }

    /// [`Searcher::quiescence`] with `lists` (empty) for its moves.
    fn quiescence_with(
        &mut self,
        board: &Board,
        ply: usize,
        mut alpha: Value,
        beta: Value,
        lists: &mut MoveLists,
    ) -> Value {
        self.enter(ply);
        if self.check_limits() {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.eval.evaluate_cached(board);
        }
        // A null window decided by the table: every entry comes from the
        // main search, at least a ply deeper than quiescence looks.
        if self.pruning.quiescence_table
            && beta.saturating_sub(alpha) <= 1
            && let Some(e) = self.tt.probe(board.hash(), ply)
            && decides(e, alpha, beta)
        {
            return e.value;
        }
        let in_check = !board.checkers().is_empty();
        let mut best = NEG_INFINITY;
        // The static value plus the margin, where delta pruning applies.
        let mut delta_base = None;
        let MoveLists { moves, scored, .. } = lists;
        if in_check {
            legal_moves_into(board, moves);
            if moves.is_empty() {
                return loss_in(ply);
            }
        } else {
            let stand_pat = self.eval.evaluate_cached(board);
            if stand_pat >= beta {
                return stand_pat;
            }
            best = stand_pat;
            alpha = alpha.max(stand_pat);
            if self.pruning.delta_pruning && alpha.abs() < MATE_BOUND {
                delta_base = Some(stand_pat + DELTA_MARGIN);
            }
            let enemy = board.colors(!board.side_to_move());
            let pawns = board.pieces(Piece::Pawn);
            board.generate_moves(|mut pm| {
                if pawns.has(pm.from) {
                    // Captures (en passant included: a diagonal move) and promotions.
                    moves.extend(pm.into_iter().filter(|mv| {
                        mv.from.file() != mv.to.file() || mv.promotion == Some(Piece::Queen)
                    }));
                } else {
                    pm.to &= enemy;
                    moves.extend(pm);
                }
                false
            });
        }
        if in_check || !self.pruning.quiescence_see {
            moves.sort_by_key(|&mv| -tactical_score(board, mv));
        } else {
            // Captures that lose material by static exchange are skipped
            // (a queen promotion is kept, an underpromotion never); the rest
            // are tried by what the exchange wins, then by MVV-LVA.
            keep_by_exchange(board, moves, scored, |gain, mv| match mv.promotion {
                None => gain >= 0,
                Some(p) => p == Piece::Queen,
            });
        }
        for &mv in moves.iter() {
            if !in_check && mv.promotion.is_some() && mv.promotion != Some(Piece::Queen) {
                continue;
            }
            // Delta pruning: the capture cannot bring the value to alpha
            // (a check may mate, so it is searched; asked last, as the
            // dearest test).
            if let Some(base) = delta_base
                && mv.promotion.is_none()
            {
                let captured = board.piece_on(mv.to).unwrap_or(Piece::Pawn);
                let reach = base + PIECE_VALUES[captured as usize];
                let bound = if reach <= alpha {
                    Some(reach)
                } else if base <= alpha && see(board, mv) <= 0 {
                    Some(base)
                } else {
                    None
                };
                if let Some(bound) = bound
                    && !gives_check(board, mv)
                {
                    best = best.max(bound);
                    continue;
                }
            }
            let mut child = board.clone();
            child.play_unchecked(mv);
            EngineEval::prefetch_cached(child.hash());
            let v = -self.quiescence(&child, ply + 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// One root search with an aspiration window around `guess` (full
    /// window when `guess` is `None`): widens the failing side until the
    /// value lands inside.
    pub fn aspiration(&mut self, board: &Board, depth: i32, guess: Option<Value>) -> Value {
        let Some(guess) = guess else {
            return self.negamax(board, depth, 0, NEG_INFINITY, INFINITY, true, false);
        };
        let mut delta: Value = 30;
        let (mut lo, mut hi) = (guess.saturating_sub(delta), guess.saturating_add(delta));
        loop {
            let v = self.negamax(board, depth, 0, lo, hi, true, false);
            if self.stopped {
                return v;
            }
            // Outside the window: the GUI hears the bound (UCI
            // `lowerbound`/`upperbound`) before the re-search.
            if v <= lo || v >= hi {
                let lower = v >= hi;
                let pv = if lower {
                    self.pv[0].clone()
                } else {
                    Vec::new()
                };
                self.report(|s| Report::Bound {
                    info: s.info(v, pv, 1),
                    lower,
                });
            }
            delta = delta.saturating_mul(3);
            if v <= lo {
                lo = if delta > 2000 {
                    NEG_INFINITY
                } else {
                    v.saturating_sub(delta)
                };
            } else if v >= hi {
                hi = if delta > 2000 {
                    INFINITY
                } else {
                    v.saturating_add(delta)
                };
            } else {
                return v;
            }
        }
    }
}

/// Whether the side to move is checkmated.
fn is_checkmate(board: &Board) -> bool {
    !board.checkers().is_empty() && !board.generate_moves(|_| true)
}

/// Whether the side to move has a piece other than pawns and king (null
/// moves are unsafe in pawn endings, where zugzwang is common).
fn has_pieces(board: &Board) -> bool {
    let own = board.colors(board.side_to_move());
    let pieces = board.pieces(Piece::Knight)
        | board.pieces(Piece::Bishop)
        | board.pieces(Piece::Rook)
        | board.pieces(Piece::Queen);
    !(pieces & own).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn late_move_reductions_leave_a_ply_and_grow_with_depth_and_lateness() {
        for depth in 3..40 {
            for index in 3..60 {
                for pv in [false, true] {
                    let r = lmr_reduction(depth, index, pv);
                    assert!(r >= 0 && depth - 1 - r >= 1, "{depth} {index} {pv}: {r}");
                    assert!(r >= lmr_reduction(depth - 1, index, pv).min(depth - 2));
                    assert!(r >= lmr_reduction(depth, index - 1, pv));
                }
                assert!(lmr_reduction(depth, index, true) <= lmr_reduction(depth, index, false));
            }
        }
        // The fourth move at depth 3 loses one ply; a late move deep in the
        // tree several.
        assert_eq!(lmr_reduction(3, 3, false), 1);
        assert_eq!(lmr_reduction(10, 20, false), 3);
    }

    #[test]
    fn see_pruning_margins_grow_linearly_for_captures_and_quadratically_for_quiet_moves() {
        let captures: Vec<Value> = (1..=SEE_PRUNE_DEPTH)
            .map(|d| see_prune_margin(d, false))
            .collect();
        let quiet: Vec<Value> = (1..=SEE_PRUNE_DEPTH)
            .map(|d| see_prune_margin(d, true))
            .collect();
        assert_eq!(captures, [100, 200, 300, 400, 500, 600]);
        assert_eq!(quiet, [20, 80, 180, 320, 500, 720]);
        // A knight moved to d5, where a pawn takes it: SEE −330, pruned at
        // depth 1–4 as a quiet move, kept from depth 5.
        let pos =
            alphabeta_chess::Position::from_fen("4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1").expect("fen");
        let mv: Move = "c3d5".parse().expect("move");
        assert_eq!(see(pos.board(), mv), -330);
        let pruned: Vec<bool> = (1..=SEE_PRUNE_DEPTH)
            .map(|d| see(pos.board(), mv) < -see_prune_margin(d, true))
            .collect();
        assert_eq!(pruned, [true, true, true, true, false, false]);
        // The shortcut gives the exchange's answer on every legal move of
        // the first 30 WAC positions, at every margin used.
        let text = include_str!("../../chess/tests/data/wac.epd");
        let mut checked = 0;
        for record in alphabeta_chess::epd::read_epd(text).into_iter().take(30) {
            let board = record.expect("wac").position.board().clone();
            board.generate_moves(|set| {
                for mv in set {
                    for d in 1..=SEE_PRUNE_DEPTH {
                        for quiet in [false, true] {
                            let margin = see_prune_margin(d, quiet);
                            assert_eq!(
                                loses_by_exchange(&board, mv, margin),
                                see(&board, mv) < -margin,
                                "{mv} in {board}"
                            );
                            checked += 1;
                        }
                    }
                }
                false
            });
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn the_table_refines_the_static_value_only_where_its_bound_says_it_is_wrong() {
        let entry = |value, bound| {
            Some(TableEntry {
                depth: 3,
                value,
                bound,
                best: None,
            })
        };
        let e = 40;
        // An exact value always; a lower bound above, an upper bound below.
        assert_eq!(refined_static_value(e, entry(-15, BoundType::Exact)), -15);
        assert_eq!(refined_static_value(e, entry(90, BoundType::Lower)), 90);
        assert_eq!(refined_static_value(e, entry(-60, BoundType::Upper)), -60);
        // A bound on the static value's side says nothing against it.
        assert_eq!(refined_static_value(e, entry(10, BoundType::Lower)), e);
        assert_eq!(refined_static_value(e, entry(70, BoundType::Upper)), e);
        // Mate scores and a missing entry leave it alone.
        assert_eq!(
            refined_static_value(e, entry(win_in(5), BoundType::Exact)),
            e
        );
        assert_eq!(
            refined_static_value(e, entry(loss_in(4), BoundType::Upper)),
            e
        );
        assert_eq!(refined_static_value(e, None), e);
    }

    #[test]
    fn a_position_improves_when_its_static_value_rises_over_two_plies() {
        assert!(improving(Some(30), Some(10)));
        assert!(!improving(Some(10), Some(10)));
        assert!(!improving(Some(-5), Some(10)));
        // In check now: not improving; in check (or unknown) before: yes.
        assert!(!improving(None, Some(10)));
        assert!(!improving(None, None));
        assert!(improving(Some(-500), None));
    }

    #[test]
    fn the_null_move_reduction_grows_with_depth_and_surplus() {
        // Fixed: 2 plies, 3 from depth 6.
        let fixed: Vec<i32> = (1..=8)
            .map(|d| null_move_reduction(d, 500, false))
            .collect();
        assert_eq!(fixed, [2, 2, 2, 2, 2, 3, 3, 3]);
        // Adaptive: 3 + depth/3, plus one a 200 cp of surplus up to three.
        let by_depth: Vec<i32> = (3..=12).map(|d| null_move_reduction(d, 0, true)).collect();
        assert_eq!(by_depth, [4, 4, 4, 5, 5, 5, 6, 6, 6, 7]);
        let by_surplus: Vec<i32> = [0, 199, 200, 399, 400, 600, 5000]
            .iter()
            .map(|&s| null_move_reduction(6, s, true))
            .collect();
        assert_eq!(by_surplus, [5, 5, 6, 6, 7, 8, 8]);
        assert_eq!(null_move_reduction(6, -50, true), 5);
    }

    #[test]
    fn late_move_pruning_keeps_three_plus_depth_squared_moves() {
        let counts: Vec<usize> = (1..=LMP_DEPTH).map(lmp_count).collect();
        assert_eq!(counts, [4, 7, 12, 19]);
    }

    #[test]
    fn pawn_breaks_are_levers_and_pushes_to_the_fifth_rank() {
        let is_break = |fen: &str, mv: &str| {
            let board: Board = fen.parse().expect("fen");
            pawn_break(&board, mv.parse().expect("move"))
        };
        // e2-e4 attacks the pawn on d5 (a lever); e2-e3 attacks nothing.
        let lever = "4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1";
        assert!(is_break(lever, "e2e4"));
        assert!(!is_break(lever, "e2e3"));
        assert!(!is_break(lever, "e1d2"));
        // A push to the fifth rank, with no pawn to attack.
        assert!(is_break("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4e5"));
        // Black: f7-f6 attacks e5; f7-f5 reaches Black's fourth rank and
        // attacks nothing.
        let black = "4k3/5p2/8/4P3/8/8/8/4K3 b - - 0 1";
        assert!(is_break(black, "f7f6"));
        assert!(!is_break(black, "f7f5"));
    }
}
