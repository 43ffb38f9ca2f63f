//! `search_tree` (explicit trees: nested lists, the text format, the seeds'
//! named trees) and `search_chess` (a FEN, the chess crate's evaluators).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_chess::Position;
use alphabeta_chess::eval::Evaluator;
use alphabeta_chess_lab::game::{Chess, ExperimentConfig};
use alphabeta_chess::notation::{to_san, to_uci};
use alphabeta_core::procedures as p;
use alphabeta_core::{INFINITY, NEG_INFINITY, Value};
use alphabeta_trees::{Convention, Tree, fixtures};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::dispatch::{self, Choice, Instruments, MaybeBounded};
use crate::interrupt::interruptible;
use crate::value_error;

impl MaybeBounded for Tree {
    fn mccarthy() -> Option<p::McCarthy<Self, Instruments>> {
        Some(p::alpha_beta_mccarthy)
    }
}

impl MaybeBounded for Chess {}

/// The most nested-list nodes a tree given as Python lists may have.
const MAX_LIST_NODES: usize = 10_000_000;

/// Writes nested lists of ints as the tree text format.
fn lists_to_text(
    v: &Bound<'_, PyAny>,
    out: &mut String,
    nodes: &mut usize,
    level: usize,
) -> PyResult<()> {
    *nodes += 1;
    if *nodes > MAX_LIST_NODES || level > 10_000 {
        return Err(value_error(format!(
            "the tree is too large (at most {MAX_LIST_NODES} nodes, 10000 levels)"
        )));
    }
    if let Ok(list) = v.cast::<PyList>() {
        out.push('(');
        for (i, child) in list.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            lists_to_text(&child, out, nodes, level + 1)?;
        }
        out.push(')');
        return Ok(());
    }
    if let Ok(t) = v.cast::<pyo3::types::PyTuple>() {
        return lists_to_text(
            &PyList::new(v.py(), t.iter())?.into_any(),
            out,
            nodes,
            level,
        );
    }
    if v.is_instance_of::<pyo3::types::PyBool>() {
        return Err(value_error(format!(
            "a leaf value must be an integer, not {}",
            v.repr()?
        )));
    }
    if let Ok(x) = v.extract::<f64>()
        && x.is_infinite()
        && !v.is_instance_of::<pyo3::types::PyInt>()
    {
        out.push_str(if x > 0.0 { "inf" } else { "-inf" });
        return Ok(());
    }
    match v.extract::<i64>() {
        Ok(x) => {
            out.push_str(&x.to_string());
            Ok(())
        }
        Err(_) => Err(value_error(format!(
            "a tree is a nested list of integers; found {}",
            v.repr()?
        ))),
    }
}

/// The tree of `tree`: a list (nested lists of ints), a named tree of the
/// seeds, or the text format. Returns a title and the tree.
fn load_tree(tree: &Bound<'_, PyAny>, convention: &str) -> PyResult<(String, Tree)> {
    let convention = match convention {
        "minmax" | "min-max" => Convention::MinMax,
        "negamax" => Convention::NegaMax,
        other => {
            return Err(value_error(format!(
                "unknown convention {other:?}; known: minmax, negamax"
            )));
        }
    };
    if let Ok(text) = tree.cast::<PyString>() {
        let text: String = text.extract()?;
        let text = text.as_str();
        if let Some(t) = fixtures::by_name(text.trim()) {
            return Ok((format!("tree {}", text.trim()), t));
        }
        if !text.trim_start().starts_with('(') {
            let names: Vec<_> = fixtures::named().into_iter().map(|f| f.0).collect();
            return Err(value_error(format!(
                "no tree called {text:?}; named trees: {} (or give the tree text, e.g. \"((3 12 8) (2 4 6))\")",
                names.join(", ")
            )));
        }
        let t = Tree::parse_with(text, convention)
            .map_err(|e| value_error(format!("malformed tree given inline: {e}")))?;
        return Ok(("tree given inline".into(), t));
    }
    let mut text = String::new();
    lists_to_text(tree, &mut text, &mut 0, 0)?;
    if !text.starts_with('(') {
        text = format!("({text})");
    }
    let t = Tree::parse_with(&text, convention)
        .map_err(|e| value_error(format!("malformed tree given as lists: {e}")))?;
    Ok(("tree given as lists".into(), t))
}

/// The names of the seeds' trees.
#[pyfunction]
pub fn tree_names() -> Vec<&'static str> {
    fixtures::named().into_iter().map(|f| f.0).collect()
}

fn procedure_and_window(
    procedure: &str,
    alpha: Option<&Bound<'_, PyAny>>,
    beta: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Choice, (Value, Value))> {
    let choice = procedure.parse::<Choice>().map_err(value_error)?;
    let alpha = dispatch::bound(alpha, NEG_INFINITY)?;
    let beta = dispatch::bound(beta, INFINITY)?;
    Ok((choice, (alpha, beta)))
}

/// Searches an explicit tree; returns a dict of the result.
#[pyfunction]
#[pyo3(signature = (tree, procedure="f2", alpha=None, beta=None, depth=None, convention="minmax"))]
pub fn search_tree<'py>(
    py: Python<'py>,
    tree: &Bound<'py, PyAny>,
    procedure: &str,
    alpha: Option<&Bound<'py, PyAny>>,
    beta: Option<&Bound<'py, PyAny>>,
    depth: Option<u32>,
    convention: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let (title, tree) = load_tree(tree, convention)?;
    let (choice, window) = procedure_and_window(procedure, alpha, beta)?;
    let stop = Arc::new(AtomicBool::new(false));
    let depth = depth.unwrap_or(u32::MAX);
    let outcome = interruptible(py, &stop, || {
        dispatch::run(&tree, &Tree::ROOT, choice, depth, window, &stop)
    })?
    .map_err(value_error)?;
    let d = dispatch::outcome_dict(py, &outcome)?;
    let pv: Vec<u32> = outcome
        .pv
        .iter()
        .filter_map(|&m| tree.path(m).0.last().copied())
        .collect();
    d.set_item("principal_variation", pv)?;
    d.set_item("input", title)?;
    Ok(d)
}

/// Searches a chess position (FEN) to `depth`; returns a dict of the result
/// with the principal variation in UCI and SAN.
#[pyfunction]
#[pyo3(signature = (fen, depth, procedure="f2", evaluator="material", alpha=None, beta=None))]
pub fn search_chess<'py>(
    py: Python<'py>,
    fen: &str,
    depth: u32,
    procedure: &str,
    evaluator: &str,
    alpha: Option<&Bound<'py, PyAny>>,
    beta: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let pos = Position::from_fen(fen).map_err(|e| value_error(format!("bad FEN {fen:?}: {e}")))?;
    let evaluator: Evaluator = evaluator.parse().map_err(value_error)?;
    if depth > 64 {
        return Err(value_error(format!(
            "depth {depth} is too deep (at most 64)"
        )));
    }
    let (choice, window) = procedure_and_window(procedure, alpha, beta)?;
    let config = ExperimentConfig {
        evaluator,
        ..ExperimentConfig::default()
    };
    let stop = Arc::new(AtomicBool::new(false));
    // A `Chess` keeps counters in cells (it is not `Sync`): one per thread.
    let outcome = interruptible(py, &stop, || {
        dispatch::run(&Chess::new(config), &pos, choice, depth, window, &stop)
    })?
    .map_err(value_error)?;
    let game = Chess::new(config);
    let d = dispatch::outcome_dict(py, &outcome)?;
    let (mut uci, mut san, mut at) = (Vec::new(), Vec::new(), pos.clone());
    for &m in &outcome.pv {
        if !at.is_legal(m) {
            break;
        }
        uci.push(to_uci(&at, m));
        san.push(to_san(&at, m));
        at = alphabeta_core::Game::play(&game, &at, m);
    }
    d.set_item("principal_variation", uci)?;
    d.set_item("principal_variation_san", san)?;
    d.set_item("value_text", alphabeta_core::value::display(outcome.value))?;
    d.set_item("input", pos.fen())?;
    Ok(d)
}
