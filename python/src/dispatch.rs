//! The procedures by name and one generic search with every instrument,
//! shared by trees, chess and games written in Python.
//!
//! The procedures come from the core's registry ([`Named`]: the core's
//! [`alphabeta_core::Procedure::ALL`] and the four that need more than a [`Game`]), so a
//! procedure added to the core is accepted here without a change; the
//! window rules and their messages are the command line's: both run
//! [`Named::run_windowed`].

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_core::procedures::{self as p, Named};
use alphabeta_core::{
    Game, HashedGame, INFINITY, Limits, NEG_INFINITY, NodeType, NodeTypes, Search, Stats, Value,
};
use pyo3::prelude::*;

/// A procedure the package can run: the registry of the core
/// ([`Named`]), the list `alphabeta procedures` prints.
pub type Choice = Named;

/// `(name, description)` of every procedure, as `alphabeta procedures` prints them.
#[pyfunction]
pub fn procedures() -> Vec<(&'static str, &'static str)> {
    Named::all().map(|n| (n.name(), n.description())).collect()
}

/// A game that may offer McCarthy's optimistic and pessimistic values.
pub trait MaybeBounded: Game + Sized {
    /// McCarthy's procedure for this game, if it has his bounds.
    fn mccarthy() -> Option<p::McCarthy<Self, Instruments>> {
        None
    }
}

/// The instruments of every search: the counts and the node types.
pub type Instruments = (Stats, NodeTypes);

/// What one search reported.
pub struct Outcome<M> {
    /// The procedure's name.
    pub procedure: &'static str,
    /// The root value (negamax: for the side to move at the root).
    pub value: Value,
    /// The principal variation.
    pub pv: Vec<M>,
    /// The counts.
    pub stats: Stats,
    /// The node types (Knuth Theorem 1), by label.
    pub node_types: Vec<(String, u64)>,
}

/// Runs `choice` on `root` to `depth` with the window `(alpha, beta)`,
/// counting everything; `stop` ends the search early when set.
pub fn run<G: HashedGame + MaybeBounded>(
    game: &G,
    root: &G::Position,
    choice: Choice,
    depth: u32,
    (alpha, beta): (Value, Value),
    stop: &Arc<AtomicBool>,
) -> Result<Outcome<G::Move>, String> {
    let limits = Limits {
        stop: Some(stop.clone()),
        ..Limits::none()
    };
    let mut s = Search::with_observer(game, Instruments::default()).limits(limits);
    // The command line's messages, without its dashes (`drop alpha/beta`).
    let value = choice
        .run_windowed(&mut s, root, depth, (alpha, beta), G::mccarthy())
        .map_err(|e| e.to_string().replace("--", ""))?;
    let pv = s.principal_variation();
    let (stats, types) = s.into_observer();
    let node_types = NodeType::ALL
        .iter()
        .map(|&t| (t.label().to_string(), types.total(t)))
        .filter(|&(_, n)| n > 0)
        .collect();
    Ok(Outcome {
        procedure: choice.name(),
        value,
        pv,
        stats,
        node_types,
    })
}

/// A value for Python: an `int`, or `±float('inf')` for the infinities.
pub fn value_to_py(py: Python<'_>, v: Value) -> Py<PyAny> {
    match v {
        INFINITY => f64::INFINITY.into_pyobject(py).unwrap().into_any().unbind(),
        NEG_INFINITY => f64::NEG_INFINITY
            .into_pyobject(py)
            .unwrap()
            .into_any()
            .unbind(),
        v => v.into_pyobject(py).unwrap().into_any().unbind(),
    }
}

/// A window bound from Python: `None` (the default), an int strictly inside
/// ±inf, or `±float('inf')`.
pub fn bound(v: Option<&Bound<'_, PyAny>>, default: Value) -> PyResult<Value> {
    let Some(v) = v else { return Ok(default) };
    if v.is_none() {
        return Ok(default);
    }
    if let Ok(x) = v.extract::<f64>()
        && x.is_infinite()
    {
        return Ok(if x > 0.0 { INFINITY } else { NEG_INFINITY });
    }
    match v.extract::<Value>() {
        Ok(x) if x > NEG_INFINITY && x < INFINITY => Ok(x),
        Ok(x) => Err(crate::value_error(format!(
            "{x} is outside the values; write float('inf') or float('-inf')"
        ))),
        Err(_) => Err(crate::value_error(format!(
            "a window bound must be an integer or ±float('inf'), not {}",
            v.repr()?
        ))),
    }
}

/// The counts of an outcome as a dict (without value and principal variation).
pub fn outcome_dict<'py, M>(
    py: Python<'py>,
    o: &Outcome<M>,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let d = pyo3::types::PyDict::new(py);
    let s = &o.stats;
    d.set_item("procedure", o.procedure)?;
    d.set_item("value", value_to_py(py, o.value))?;
    d.set_item("positions_examined", s.nodes())?;
    d.set_item("bottom_positions", s.leaves())?;
    d.set_item("move_generations", s.expansions())?;
    d.set_item("examined_per_level", s.nodes_per_ply())?;
    d.set_item("bottom_per_level", s.leaves_per_ply())?;
    d.set_item("move_generations_per_level", s.expansions_per_ply())?;
    d.set_item("alpha_cutoffs", s.alpha_cutoffs)?;
    d.set_item("beta_cutoffs", s.beta_cutoffs)?;
    d.set_item("deep_cutoffs", s.deep_cutoffs)?;
    d.set_item("pruned_branches", s.pruned)?;
    d.set_item("deep_pruned_branches", s.deep_pruned)?;
    d.set_item("node_types", o.node_types.clone())?;
    Ok(d)
}
