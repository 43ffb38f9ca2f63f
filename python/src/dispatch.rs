//! The procedures by name, run through the core's registry for trees,
//! tic-tac-toe, chess and games written in Python.
//!
//! Every search is [`Named::run`]: the registry's procedures, window rules
//! and refusals, and its one [`Outcome`], written as the JSON text of
//! docs/schema.md — the text `alphabeta search --format json` writes for
//! one procedure. The Python layer reads it into a `SearchResult`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_core::outcome::Outcome;
use alphabeta_core::procedures::{Capabilities, Named, RunOptions};
use alphabeta_core::{INFINITY, Limits, NEG_INFINITY, Value};
use pyo3::prelude::*;
use serde::Serialize;

use crate::value_error;

/// `(name, description)` of every procedure, as `alphabeta procedures` lists them.
#[pyfunction]
pub fn procedures() -> Vec<(&'static str, &'static str)> {
    Named::all().map(|n| (n.name(), n.description())).collect()
}

/// A procedure and how to run it, from Python's arguments.
pub struct Request {
    /// The procedure.
    pub named: Named,
    /// Depth, window, the stop flag (Ctrl-C), threads, trace.
    pub options: RunOptions,
}

impl Request {
    /// Reads the procedure's name, the window bounds, the depth limit, the
    /// parallel procedure's threads and whether to trace; `stop` ends the
    /// search early when set.
    pub fn new(
        procedure: &str,
        alpha: Option<&Bound<'_, PyAny>>,
        beta: Option<&Bound<'_, PyAny>>,
        depth: Option<u32>,
        threads: usize,
        trace: bool,
        stop: &Arc<AtomicBool>,
    ) -> PyResult<Request> {
        let named = procedure.parse::<Named>().map_err(value_error)?;
        let options = RunOptions {
            depth: depth.unwrap_or(u32::MAX),
            window: (bound(alpha, NEG_INFINITY)?, bound(beta, INFINITY)?),
            limits: Limits {
                stop: Some(stop.clone()),
                ..Limits::none()
            },
            threads,
            trace,
            ..RunOptions::default()
        };
        Ok(Request { named, options })
    }

    /// Runs the procedure on `game` from `root`; a refusal is a
    /// `ValueError` with the core's message.
    pub fn run<G: Capabilities>(&self, game: &G, root: &G::Position) -> PyResult<Outcome<G::Move>> {
        self.named
            .run(game, root, &self.options)
            .map_err(value_error)
    }
}

/// An outcome as the JSON text of docs/schema.md.
pub fn to_json<M: Serialize>(outcome: &Outcome<M>) -> PyResult<String> {
    serde_json::to_string(outcome).map_err(value_error)
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
        Ok(x) => Err(value_error(format!(
            "{x} is outside the values; write float('inf') or float('-inf')"
        ))),
        Err(_) => Err(value_error(format!(
            "a window bound must be an integer or ±float('inf'), not {}",
            v.repr()?
        ))),
    }
}
