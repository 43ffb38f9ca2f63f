//! Monte Carlo: `simulate` (one process, all cores), `run_shard` and
//! `merge` (the shards of `alphabeta simulate --shard K/M` and
//! `alphabeta merge`), all through `alphabeta_montecarlo`, so the numbers
//! are the command line's.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_core::Procedure;
use alphabeta_models::{ModelParams, ModelSpec};
use alphabeta_montecarlo::{Experiment, RunOptions, Shard, ShardResult, Summary};
use pyo3::prelude::*;

use crate::interrupt::interruptible;
use crate::value_error;

/// The experiment of the arguments, checked as `alphabeta simulate` checks them.
#[allow(clippy::too_many_arguments)]
fn experiment(
    model: &str,
    n: Option<u32>,
    d: Option<u32>,
    trees: u64,
    procedure: &str,
    seed: u64,
    options: ModelParams,
) -> PyResult<Experiment> {
    let params = ModelParams { n, d, ..options };
    let spec = ModelSpec::from_params(model, &params)
        .map_err(|e| value_error(format!("invalid model: {e}")))?;
    let procedure: Procedure = procedure.parse().map_err(value_error)?;
    if trees == 0 {
        return Err(value_error("trees must be at least 1"));
    }
    Ok(Experiment::new(spec, procedure, trees, seed))
}

/// `(json, csv, table)`: the three outputs of `alphabeta simulate`.
fn outputs(summary: &Summary) -> PyResult<(String, String, String)> {
    let csv = summary.to_csv().map_err(value_error)?;
    Ok((summary.to_json(), csv, summary.to_table()))
}

fn run_error(e: impl std::fmt::Display) -> PyErr {
    value_error(e)
}

/// A Monte Carlo run in this process; returns the JSON, CSV and table of
/// its summary (byte-identical to the command line's).
#[pyfunction]
#[pyo3(signature = (model, n, d, trees, procedure, seed, threads, r=None, spread=None, q=None, mean_branching=None, ordering=None, p=None))]
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    py: Python<'_>,
    model: &str,
    n: Option<u32>,
    d: Option<u32>,
    trees: u64,
    procedure: &str,
    seed: u64,
    threads: Option<usize>,
    r: Option<u64>,
    spread: Option<u32>,
    q: Option<Vec<f64>>,
    mean_branching: Option<Vec<f64>>,
    ordering: Option<String>,
    p: Option<f64>,
) -> PyResult<(String, String, String)> {
    let params = ModelParams {
        n: None,
        d: None,
        r,
        spread,
        q,
        mean: mean_branching,
        ordering,
        p,
    };
    let exp = experiment(model, n, d, trees, procedure, seed, params)?;
    let stop = Arc::new(AtomicBool::new(false));
    let options = RunOptions {
        threads,
        stop: Some(stop.clone()),
        ..RunOptions::default()
    };
    let summary = interruptible(py, &stop, || alphabeta_montecarlo::run(&exp, &options))?
        .map_err(run_error)?;
    outputs(&summary)
}

/// Shard `index` of `count` of a run; returns the shard result's JSON (what
/// `alphabeta simulate --shard K/M` writes).
#[pyfunction]
#[pyo3(signature = (model, n, d, trees, procedure, seed, threads, index, count, r=None, spread=None, q=None, mean_branching=None, ordering=None, p=None))]
#[allow(clippy::too_many_arguments)]
pub fn run_shard(
    py: Python<'_>,
    model: &str,
    n: Option<u32>,
    d: Option<u32>,
    trees: u64,
    procedure: &str,
    seed: u64,
    threads: Option<usize>,
    index: u64,
    count: u64,
    r: Option<u64>,
    spread: Option<u32>,
    q: Option<Vec<f64>>,
    mean_branching: Option<Vec<f64>>,
    ordering: Option<String>,
    p: Option<f64>,
) -> PyResult<String> {
    let params = ModelParams {
        n: None,
        d: None,
        r,
        spread,
        q,
        mean: mean_branching,
        ordering,
        p,
    };
    let exp = experiment(model, n, d, trees, procedure, seed, params)?;
    let shard = Shard::new(index, count).map_err(value_error)?;
    let stop = Arc::new(AtomicBool::new(false));
    let options = RunOptions {
        threads,
        stop: Some(stop.clone()),
        ..RunOptions::default()
    };
    let result = interruptible(py, &stop, || {
        alphabeta_montecarlo::run_shard(&exp, shard, &options)
    })?
    .map_err(run_error)?;
    Ok(result.to_json())
}

/// Merges shard results (JSON texts) into the run's `(json, csv, table)`;
/// refused, with the command line's message, unless they are every shard
/// of one run once.
#[pyfunction]
pub fn merge(results: Vec<String>) -> PyResult<(String, String, String)> {
    let parsed = results
        .iter()
        .enumerate()
        .map(|(i, text)| ShardResult::from_json(text, &format!("#{}", i + 1)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(value_error)?;
    let summary = alphabeta_montecarlo::merge(&parsed).map_err(value_error)?;
    outputs(&summary)
}
