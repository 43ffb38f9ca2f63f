//! What a procedure run by name reports: its value, its principal
//! variation and every count of its instruments, in one serialisable type.
//!
//! [`Named::run`](crate::procedures::Named::run) returns an [`Outcome`];
//! the command line's `alphabeta search --format json` and the Python
//! package's `SearchResult.to_dict()` both write it with serde, so they
//! write the same keys and values (docs/schema.md). The counts are those of
//! [`Stats`] (Fuller's bottom positions and move generations, Knuth &
//! Moore's cutoffs and pruned branches, by level), [`NodeTypes`] (Knuth &
//! Moore's Theorem 1, Hsu's labels) and, when asked, [`Trace`].

use serde::{Serialize, Serializer};

use crate::observer::{NodeType, NodeTypes, Stats, Trace};
use crate::parallel::SplitStats;
use crate::value::{INFINITY, NEG_INFINITY, Value};

/// One procedure's search of one root, as the registry reports it.
///
/// `M` is how a move is written: the game's own move inside Rust, and
/// whatever the caller maps it to ([`Outcome::map_moves`]) before writing
/// it out — a Dewey child number for an explicit tree, a square for
/// tic-tac-toe.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome<M> {
    /// The procedure's name ([`Named::name`](crate::procedures::Named::name)).
    pub procedure: &'static str,
    /// The root value for the side to move (negamax view), or within the
    /// window a bound (Knuth & Moore eq. (9)). Written as a number, the
    /// infinities as `"+inf"` and `"-inf"` ([`write_value`]).
    #[serde(serialize_with = "write_value")]
    pub value: Value,
    /// The first move of the principal variation (`None` at a terminal
    /// root).
    pub best_move: Option<M>,
    /// The principal variation, from the root.
    pub principal_variation: Vec<M>,
    /// Every position the procedure was called on, re-searches counted again
    /// ([`Stats::nodes`]).
    pub positions_examined: u64,
    /// Bottom positions evaluated: Fuller's NBP ([`Stats::leaves`]).
    pub bottom_positions: u64,
    /// Positions whose successors were generated: Fuller's NMG
    /// ([`Stats::expansions`]).
    pub move_generations: u64,
    /// Positions settled without being evaluated or expanded, by a
    /// transposition table or McCarthy's bounds ([`Stats::settled`]).
    pub settled_positions: u64,
    /// [`Outcome::positions_examined`] by level (the root is level 0).
    pub examined_per_level: Vec<u64>,
    /// [`Outcome::bottom_positions`] by level.
    pub bottom_per_level: Vec<u64>,
    /// [`Outcome::move_generations`] by level.
    pub move_generations_per_level: Vec<u64>,
    /// [`Outcome::settled_positions`] by level.
    pub settled_per_level: Vec<u64>,
    /// Cutoffs made by Min (odd levels), shallow and deep.
    pub alpha_cutoffs: u64,
    /// Cutoffs made by Max (even levels), shallow and deep.
    pub beta_cutoffs: u64,
    /// Deep cutoffs of either kind (Knuth & Moore §3).
    pub deep_cutoffs: u64,
    /// Successors left unexamined by every cutoff.
    pub pruned_branches: u64,
    /// Successors left unexamined by deep cutoffs (Knuth & Moore's Fig. 3
    /// marks five).
    pub deep_pruned_branches: u64,
    /// Positions searched again after a null-window test failed high
    /// (Scout, NegaScout), and root passes after the first (MTD(f),
    /// MT-SSS\*).
    pub re_searches: u64,
    /// Examined positions by node type (Knuth & Moore Theorem 1, Hsu's
    /// labels): every label of [`NodeType::ALL`], zeros included.
    pub node_types: NodeTypeCounts,
    /// Every examined position in order, when a trace was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<Vec<TraceLine>>,
    /// What the parallel procedure did (`ybwc` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parallel: Option<ParallelOutcome>,
}

/// Examined positions by node type, written as an object keyed by Hsu's
/// labels (`"1"`, `"2.1"`, `"2.2"`, `"3.1"`, `"3.2"`, `"non-critical"`) in
/// that order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeTypeCounts(pub [u64; 6]);

impl NodeTypeCounts {
    /// The totals over all levels of `types`.
    pub fn of(types: &NodeTypes) -> NodeTypeCounts {
        NodeTypeCounts(NodeType::ALL.map(|t| types.total(t)))
    }

    /// The count of one type.
    pub fn get(&self, t: NodeType) -> u64 {
        self.0[t as usize]
    }

    /// `(label, count)` for every type, in [`NodeType::ALL`]'s order.
    pub fn labelled(&self) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        NodeType::ALL.iter().map(|&t| (t.label(), self.get(t)))
    }
}

impl Serialize for NodeTypeCounts {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.labelled())
    }
}

/// One examined position of a trace: its Dewey address, the window it was
/// searched with (negamax view of its side to move) and, for a bottom
/// position, its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceLine {
    /// The Dewey path (`"root"`, `"1"`, `"1.2"`, …; Knuth & Moore's
    /// numbering from 1).
    pub path: String,
    /// Lower end of the window.
    #[serde(serialize_with = "write_value")]
    pub alpha: Value,
    /// Upper end of the window.
    #[serde(serialize_with = "write_value")]
    pub beta: Value,
    /// The value of a bottom position; `null` for the others.
    #[serde(serialize_with = "write_optional_value")]
    pub leaf_value: Option<Value>,
}

impl TraceLine {
    /// The lines of a recorded trace.
    pub fn of(trace: &Trace) -> Vec<TraceLine> {
        trace
            .entries()
            .into_iter()
            .map(|e| TraceLine {
                path: e.path.to_string(),
                alpha: e.alpha,
                beta: e.beta,
                leaf_value: e.leaf_value,
            })
            .collect()
    }
}

/// The split points and predicted node types of a `ybwc` search; with more
/// than one thread these depend on timing (docs/procedures.md).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParallelOutcome {
    /// Worker threads.
    pub threads: usize,
    /// Split points made.
    pub split_points: u64,
    /// Interior positions by predicted type (1, 2, 3).
    pub expanded_by_predicted_type: [u64; 3],
    /// Predicted type-2 positions that examined every successor without a
    /// cutoff.
    pub type2_not_cut: u64,
    /// Predicted type-3 positions that cut off.
    pub type3_cut: u64,
    /// Share of the predicted type-2 interior positions that did not cut
    /// off.
    pub type2_not_cut_share: f64,
    /// Younger brothers searched.
    pub brothers_searched: u64,
    /// Younger brothers another thread took over.
    pub brothers_helped: u64,
    /// Younger brothers abandoned after a brother's cutoff.
    pub brothers_aborted: u64,
    /// Time the owners of split points waited for the other threads (ns).
    pub wait_ns: u64,
    /// Positions examined by each thread.
    pub positions_per_thread: Vec<u64>,
}

impl ParallelOutcome {
    /// What [`SplitStats`] counted on `threads` threads.
    pub fn of(threads: usize, s: SplitStats) -> ParallelOutcome {
        ParallelOutcome {
            threads,
            split_points: s.splits,
            expanded_by_predicted_type: s.expanded,
            type2_not_cut: s.cut_nodes_not_cut,
            type3_cut: s.all_nodes_cut,
            type2_not_cut_share: s.cut_prediction_failures(),
            brothers_searched: s.brothers_searched,
            brothers_helped: s.brothers_helped,
            brothers_aborted: s.brothers_aborted,
            wait_ns: s.wait_ns,
            positions_per_thread: s.nodes_per_thread,
        }
    }
}

impl<M> Outcome<M> {
    /// The outcome of `procedure`: its value, principal variation and
    /// instruments.
    pub fn new(
        procedure: &'static str,
        value: Value,
        principal_variation: Vec<M>,
        stats: &Stats,
        types: &NodeTypes,
        trace: Option<&Trace>,
    ) -> Outcome<M>
    where
        M: Clone,
    {
        Outcome {
            procedure,
            value,
            best_move: principal_variation.first().cloned(),
            principal_variation,
            positions_examined: stats.nodes(),
            bottom_positions: stats.leaves(),
            move_generations: stats.expansions(),
            settled_positions: stats.settled(),
            examined_per_level: stats.nodes_per_ply(),
            bottom_per_level: stats.leaves_per_ply(),
            move_generations_per_level: stats.expansions_per_ply(),
            settled_per_level: stats.settled_per_ply(),
            alpha_cutoffs: stats.alpha_cutoffs(),
            beta_cutoffs: stats.beta_cutoffs(),
            deep_cutoffs: stats.deep_cutoffs(),
            pruned_branches: stats.pruned(),
            deep_pruned_branches: stats.deep_pruned(),
            re_searches: stats.re_searches,
            node_types: NodeTypeCounts::of(types),
            trace: trace.map(TraceLine::of),
            parallel: None,
        }
    }

    /// The same outcome with every move written by `f` (the best move and
    /// the principal variation).
    pub fn map_moves<N>(self, mut f: impl FnMut(&M) -> N) -> Outcome<N> {
        Outcome {
            procedure: self.procedure,
            value: self.value,
            best_move: self.best_move.as_ref().map(&mut f),
            principal_variation: self.principal_variation.iter().map(f).collect(),
            positions_examined: self.positions_examined,
            bottom_positions: self.bottom_positions,
            move_generations: self.move_generations,
            settled_positions: self.settled_positions,
            examined_per_level: self.examined_per_level,
            bottom_per_level: self.bottom_per_level,
            move_generations_per_level: self.move_generations_per_level,
            settled_per_level: self.settled_per_level,
            alpha_cutoffs: self.alpha_cutoffs,
            beta_cutoffs: self.beta_cutoffs,
            deep_cutoffs: self.deep_cutoffs,
            pruned_branches: self.pruned_branches,
            deep_pruned_branches: self.deep_pruned_branches,
            re_searches: self.re_searches,
            node_types: self.node_types,
            trace: self.trace,
            parallel: self.parallel,
        }
    }
}

/// Writes a value as the schema does: a number, the infinities as the
/// strings `"+inf"` and `"-inf"` (JSON has no infinity).
pub fn write_value<S: Serializer>(v: &Value, s: S) -> Result<S::Ok, S::Error> {
    match *v {
        INFINITY => s.serialize_str("+inf"),
        NEG_INFINITY => s.serialize_str("-inf"),
        v => s.serialize_i64(v),
    }
}

/// [`write_value`] for an optional value (`None`: `null`).
fn write_optional_value<S: Serializer>(v: &Option<Value>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => write_value(v, s),
        None => s.serialize_none(),
    }
}
