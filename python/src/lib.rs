//! `alphabeta._core`: the Rust side of the Python package `alphabeta`.
//!
//! Each function here is thin: it converts Python arguments, calls the
//! project's crates (the same code paths as the `alphabeta` command line),
//! and returns plain Python data (dicts, lists, JSON text) that the pure
//! Python layer (`alphabeta/__init__.py`) wraps in result classes. Errors are
//! Python exceptions carrying the command line's messages: `ValueError` for
//! bad input, `KeyboardInterrupt` for Ctrl-C; a panic is never let through.

mod dispatch;
mod exact;
mod explore;
mod games;
mod interrupt;
mod pygame;
mod search;
mod simulate;

use pyo3::prelude::*;

/// The module `alphabeta._core`.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(dispatch::procedures, m)?)?;
    m.add_function(wrap_pyfunction!(search::search_tree, m)?)?;
    m.add_function(wrap_pyfunction!(search::tree_names, m)?)?;
    m.add_function(wrap_pyfunction!(search::search_chess, m)?)?;
    m.add_function(wrap_pyfunction!(pygame::search_game, m)?)?;
    m.add_class::<games::State>()?;
    m.add_function(wrap_pyfunction!(games::tictactoe, m)?)?;
    m.add_function(wrap_pyfunction!(games::connect4, m)?)?;
    m.add_function(wrap_pyfunction!(games::search_state, m)?)?;
    m.add_function(wrap_pyfunction!(games::solve_connect4, m)?)?;
    m.add_function(wrap_pyfunction!(exact::expected, m)?)?;
    m.add_function(wrap_pyfunction!(exact::variance_exact, m)?)?;
    m.add_function(wrap_pyfunction!(exact::variance_float, m)?)?;
    m.add_function(wrap_pyfunction!(exact::distribution_exact, m)?)?;
    m.add_class::<explore::ExplorerPage>()?;
    m.add_function(wrap_pyfunction!(explore::explore, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::samples, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::run_shard, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::merge, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_PLY", pygame::MAX_PLY)?;
    m.add("EXPLORE_MAX_POSITIONS", alphabeta_explorer::MAX_POSITIONS)?;
    m.add(
        "VARIANCE_MAX_LEAVES",
        alphabeta_analysis::fuller::VARIANCE_MAX_LEAVES,
    )?;
    m.add(
        "DISTRIBUTION_MAX_LEAVES",
        alphabeta_analysis::fuller::DISTRIBUTION_MAX_LEAVES,
    )?;
    m.add(
        "DISTRIBUTION_MAX_DEPTH",
        alphabeta_analysis::fuller::DISTRIBUTION_MAX_DEPTH,
    )?;
    Ok(())
}

/// A `ValueError` with `message`.
pub(crate) fn value_error(message: impl std::fmt::Display) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(message.to_string())
}
