//! `explore`: the page of `alphabeta explore` for one tree, built by the
//! explorer crate (`alphabeta_explorer`: the tree drawn, every procedure's
//! recorded steps, one self-contained HTML file), with the command line's
//! inputs and limits ([`alphabeta_explorer::MAX_POSITIONS`]).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_explorer::{Exploration, input, render, write_page};
use alphabeta_trees::Convention;
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;

use crate::interrupt::interruptible;
use crate::search::{TreeArg, read_convention, tree_arg};
use crate::simulate::ModelArgs;
use crate::value_error;

/// A page of the explorer: one explored tree and the two procedures it
/// opens with side by side.
#[pyclass(module = "alphabeta._core", frozen)]
pub struct ExplorerPage {
    tree: Exploration,
    compare: [String; 2],
}

#[pymethods]
impl ExplorerPage {
    /// The page: one self-contained HTML file (style, script and data
    /// inlined; no network).
    fn html(&self) -> String {
        render(std::slice::from_ref(&self.tree), self.compare())
    }

    /// Writes the page to `path` atomically (a temporary file beside it,
    /// renamed over it), creating its folder if need be; `OSError` if the
    /// file system refuses.
    fn save(&self, path: PathBuf) -> PyResult<()> {
        write_page(&path, std::slice::from_ref(&self.tree), self.compare())
            .map_err(|e| PyOSError::new_err(format!("{e:#}")))
    }

    /// What the tree is (the page's title line).
    #[getter]
    fn title(&self) -> &str {
        &self.tree.title
    }

    /// How many positions the page draws.
    #[getter]
    fn positions(&self) -> usize {
        self.tree.nodes.len()
    }

    /// The procedures recorded on the tree, with the root value each
    /// returned (for the side to move at the root), in the page's order.
    #[getter]
    fn values(&self) -> Vec<(String, String)> {
        self.tree
            .runs
            .iter()
            .map(|r| (r.name.clone(), (self.tree.display)(r.value)))
            .collect()
    }

    /// The two procedures the page opens with.
    #[getter(compare)]
    fn compare_names(&self) -> (String, String) {
        let [a, b] = self.compare.clone();
        (a, b)
    }
}

impl ExplorerPage {
    fn compare(&self) -> [&str; 2] {
        [&self.compare[0], &self.compare[1]]
    }
}

/// The explorer's messages in Python's words: its limits name the command
/// line's options, which here are arguments of `alphabeta.explore`.
fn python_words(e: &impl std::fmt::Display) -> PyErr {
    let message = format!("{e:#}")
        .replace("--depth", "depth=")
        .replace("--position", "position=")
        .replace("--n or --d", "n= or d=");
    value_error(message)
}

/// Explores one tree as `alphabeta explore` does: `tree` as
/// `alphabeta.search` reads it (a named tree, the tree text, nested lists,
/// `"tictactoe"` from `position`), or a random tree of `model` grown from
/// `seed` when `tree` is `None`; `depth` limits a tree or game (default: to
/// its ends). Refused beyond the explorer's positions.
#[pyfunction]
#[pyo3(signature = (tree, depth=None, convention="minmax", position=None, compare=("f1".to_string(), "f2".to_string()), model=None, seed=1))]
#[allow(clippy::too_many_arguments)]
pub fn explore(
    py: Python<'_>,
    tree: Option<&Bound<'_, PyAny>>,
    depth: Option<u32>,
    convention: &str,
    position: Option<String>,
    compare: (String, String),
    model: Option<ModelArgs>,
    seed: u64,
) -> PyResult<ExplorerPage> {
    let convention = read_convention(convention)?;
    let explored = match (tree, model) {
        (Some(tree), None) => {
            let plies = depth.unwrap_or(u32::MAX);
            explore_tree(py, tree_arg(tree)?, plies, convention, position)?
        }
        (None, Some(model)) => {
            if depth.is_some() {
                return Err(value_error(
                    "a random tree is explored to its own depth (d=); leave out depth=",
                ));
            }
            explore_model(py, model, seed)?
        }
        (Some(_), Some(_)) => {
            return Err(value_error(
                "give a tree or a model (a random tree), not both",
            ));
        }
        (None, None) => return Err(value_error("give a tree, or a model for a random tree")),
    };
    page(explored, compare)
}

/// A tree or tic-tac-toe (from `position`) explored to `plies`.
fn explore_tree(
    py: Python<'_>,
    tree: TreeArg,
    plies: u32,
    convention: Convention,
    position: Option<String>,
) -> PyResult<Exploration> {
    if position.is_some() && !matches!(tree, TreeArg::TicTacToe) {
        return Err(value_error(
            "position= is a tic-tac-toe position: give it with the tree \"tictactoe\"",
        ));
    }
    // Recording every procedure may take a while: without the GIL. The
    // explorer has no stop flag; Ctrl-C is raised when it returns (the
    // limit on positions bounds the wait).
    let stop = Arc::new(AtomicBool::new(false));
    interruptible(py, &stop, || match &tree {
        TreeArg::Named(name) => {
            input::named_tree(name, plies, &format!("alphabeta.explore({name:?})"))
        }
        TreeArg::TicTacToe => input::tictactoe(
            position.as_deref(),
            plies,
            "alphabeta.explore(\"tictactoe\", ...)",
        ),
        TreeArg::Text { text, title } => {
            input::tree_text(text, convention, plies, title, "alphabeta.explore(tree)")
        }
    })?
    .map_err(|e| python_words(&e))
}

/// A random tree of `model` grown from `seed`, explored to its depth.
fn explore_model(py: Python<'_>, model: ModelArgs, seed: u64) -> PyResult<Exploration> {
    let command = format!(
        "alphabeta.explore(model={:?}, ..., seed={seed})",
        model.name
    );
    let spec = model.spec()?;
    let stop = Arc::new(AtomicBool::new(false));
    interruptible(py, &stop, || input::model(&spec, seed, &command))?.map_err(|e| python_words(&e))
}

/// The page of `tree`, opening with the procedures `compare` (checked, as
/// `alphabeta explore --compare` checks them).
fn page(tree: Exploration, compare: (String, String)) -> PyResult<ExplorerPage> {
    for name in [&compare.0, &compare.1] {
        if tree.run(name).is_none() {
            let known: Vec<_> = tree.runs.iter().map(|r| r.name.as_str()).collect();
            return Err(value_error(format!(
                "compare: no procedure {name:?} here; known: {}",
                known.join(", ")
            )));
        }
    }
    Ok(ExplorerPage {
        tree,
        compare: [compare.0, compare.1],
    })
}
