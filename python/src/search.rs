//! `search_tree` (explicit trees: nested lists, the text format, the seeds'
//! named trees; the built-in game `"tictactoe"`) and `search_chess` (a FEN,
//! the chess crate's evaluators). Each returns the schema's dict
//! (docs/schema.md) with the input's title under `"input"`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_chess::Position;
use alphabeta_chess::eval::Evaluator;
use alphabeta_chess::notation::{to_san, to_uci};
use alphabeta_chess_lab::game::{Chess, ExperimentConfig};
use alphabeta_trees::tictactoe::TicTacToe;
use alphabeta_trees::{Convention, Tree, fixtures};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::dispatch::{self, Request};
use crate::interrupt::interruptible;
use crate::value_error;

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

/// A tree argument, read as the command line reads its inputs: a named
/// tree of the seeds, the built-in game's name, or the tree text (given as
/// a string, or written from nested lists).
pub(crate) enum TreeArg {
    /// A named tree of the seeds (`"pi"`).
    Named(String),
    /// The built-in game tic-tac-toe, from the empty board.
    TicTacToe,
    /// The tree text and what it came from (`"tree given inline"`).
    Text { text: String, title: &'static str },
}

/// The built-in games a tree argument names, as `alphabeta search --game`
/// does.
const GAMES: [&str; 2] = ["tictactoe", "tic-tac-toe"];

/// The convention called `name`: whose viewpoint a tree text's leaf values
/// are from.
pub(crate) fn read_convention(name: &str) -> PyResult<Convention> {
    match name {
        "minmax" | "min-max" => Ok(Convention::MinMax),
        "negamax" => Ok(Convention::NegaMax),
        other => Err(value_error(format!(
            "unknown convention {other:?}; known: minmax, negamax"
        ))),
    }
}

/// What `tree` is: a list (nested lists of ints), a named tree of the
/// seeds, a built-in game's name, or the text format.
pub(crate) fn tree_arg(tree: &Bound<'_, PyAny>) -> PyResult<TreeArg> {
    if let Ok(text) = tree.cast::<PyString>() {
        let text: String = text.extract()?;
        let name = text.trim();
        if fixtures::by_name(name).is_some() {
            return Ok(TreeArg::Named(name.to_string()));
        }
        if GAMES.contains(&name) {
            return Ok(TreeArg::TicTacToe);
        }
        if !text.trim_start().starts_with('(') {
            let names: Vec<_> = fixtures::named().into_iter().map(|f| f.0).collect();
            return Err(value_error(format!(
                "no tree called {text:?}; named trees: {}; built-in game: tictactoe (or give the tree text, e.g. \"((3 12 8) (2 4 6))\")",
                names.join(", ")
            )));
        }
        let title = "tree given inline";
        return Ok(TreeArg::Text { text, title });
    }
    let mut text = String::new();
    lists_to_text(tree, &mut text, &mut 0, 0)?;
    if !text.starts_with('(') {
        text = format!("({text})");
    }
    let title = "tree given as lists";
    Ok(TreeArg::Text { text, title })
}

/// What `search_tree` searches: an explicit tree or a built-in game.
enum Input {
    Tree(Tree),
    TicTacToe,
}

/// The tree of `tree` (see [`tree_arg`]) read with `convention`: a title
/// and what to search.
fn load_tree(tree: &Bound<'_, PyAny>, convention: &str) -> PyResult<(String, Input)> {
    let convention = read_convention(convention)?;
    match tree_arg(tree)? {
        TreeArg::Named(name) => {
            let tree = fixtures::by_name(&name)
                .ok_or_else(|| value_error(format!("no tree called {name:?}")))?;
            Ok((format!("tree {name}"), Input::Tree(tree)))
        }
        TreeArg::TicTacToe => Ok(("tic-tac-toe from the empty board".into(), Input::TicTacToe)),
        TreeArg::Text { text, title } => {
            let tree = Tree::parse_with(&text, convention)
                .map_err(|e| value_error(format!("malformed {title}: {e}")))?;
            Ok((title.into(), Input::Tree(tree)))
        }
    }
}

/// The names of the seeds' trees.
#[pyfunction]
pub fn tree_names() -> Vec<&'static str> {
    fixtures::named().into_iter().map(|f| f.0).collect()
}

/// The schema's dict of an outcome (docs/schema.md): the JSON text
/// `alphabeta search --format json` writes for one procedure, read by
/// Python's `json`, with the input's title under `"input"`.
pub(crate) fn schema_dict<'py, M: serde::Serialize>(
    py: Python<'py>,
    outcome: &alphabeta_core::outcome::Outcome<M>,
    input: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let text = dispatch::to_json(outcome)?;
    let d = py.import("json")?.call_method1("loads", (text,))?;
    let d = d.cast_into::<PyDict>()?;
    d.set_item("input", input)?;
    Ok(d)
}

/// Searches an explicit tree or a built-in game; returns the schema's dict.
#[pyfunction]
#[pyo3(signature = (tree, procedure="f2", alpha=None, beta=None, depth=None, convention="minmax", threads=1, trace=false))]
#[allow(clippy::too_many_arguments)]
pub fn search_tree<'py>(
    py: Python<'py>,
    tree: &Bound<'py, PyAny>,
    procedure: &str,
    alpha: Option<&Bound<'py, PyAny>>,
    beta: Option<&Bound<'py, PyAny>>,
    depth: Option<u32>,
    convention: &str,
    threads: usize,
    trace: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let (title, input) = load_tree(tree, convention)?;
    let stop = Arc::new(AtomicBool::new(false));
    let request = Request::new(procedure, alpha, beta, depth, threads, trace, &stop)?;
    match input {
        Input::Tree(tree) => {
            let outcome = interruptible(py, &stop, || request.run(&tree, &Tree::ROOT))??;
            schema_dict(py, &outcome.map_moves(|&m| tree.move_number(m)), &title)
        }
        Input::TicTacToe => {
            let game = TicTacToe;
            let outcome = interruptible(py, &stop, || request.run(&game, &game.start()))??;
            let squares = outcome.map_moves(|&m| TicTacToe::square_number(m));
            schema_dict(py, &squares, &title)
        }
    }
}

/// Searches a chess position (FEN) to `depth`; returns the schema's dict
/// with the principal variation in UCI, and in SAN under
/// `"principal_variation_san"`.
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
    let stop = Arc::new(AtomicBool::new(false));
    let request = Request::new(procedure, alpha, beta, Some(depth), 1, false, &stop)?;
    let config = ExperimentConfig {
        evaluator,
        ..ExperimentConfig::default()
    };
    // A `Chess` keeps counters in cells (it is not `Sync`): one per thread.
    let outcome = interruptible(py, &stop, || request.run(&Chess::new(config), &pos))??;
    let game = Chess::new(config);
    let (mut uci, mut san, mut at) = (Vec::new(), Vec::new(), pos.clone());
    for &m in &outcome.principal_variation {
        if !at.is_legal(m) {
            break;
        }
        uci.push(to_uci(&at, m));
        san.push(to_san(&at, m));
        at = alphabeta_core::Game::play(&game, &at, m);
    }
    let value_text = alphabeta_core::value::display(outcome.value);
    let mut written = outcome.map_moves(|_| String::new());
    written.best_move = uci.first().cloned();
    written.principal_variation = uci;
    let d = schema_dict(py, &written, &pos.fen())?;
    d.set_item("principal_variation_san", san)?;
    d.set_item("value_text", value_text)?;
    Ok(d)
}
