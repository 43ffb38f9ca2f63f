//! Monte Carlo: `simulate` (one process, all cores), `run_shard` and
//! `merge` (the shards of `alphabeta simulate --shard K/M` and
//! `alphabeta merge`), all through `alphabeta_montecarlo`, so the numbers
//! are the command line's.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_core::{Limits, Procedure, Search, Stats};
use alphabeta_models::hash::tree_seed;
use alphabeta_models::{ModelParams, ModelSpec, ModelVisitor, TreeModel};
use alphabeta_montecarlo::{Experiment, RunOptions, Shard, ShardResult, Summary};
use pyo3::prelude::*;
use rayon::prelude::*;

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

/// What one tree of a run counted: `(bottom positions, positions examined,
/// move generations, root value)`.
pub type Sample = (u64, u64, u64, i64);

/// Searches every tree of an experiment one by one, as the Monte Carlo
/// runner does (tree `i` grown from `tree_seed(seed, i)`, searched to its
/// height), keeping each tree's counts: the samples the runner sums.
struct Samples<'a> {
    experiment: &'a Experiment,
    stop: &'a Arc<AtomicBool>,
}

impl ModelVisitor for Samples<'_> {
    type Output = Option<Vec<Sample>>;

    fn visit<M: TreeModel + 'static>(self, prototype: M) -> Self::Output {
        let Samples { experiment, stop } = self;
        let limits = Limits {
            stop: Some(stop.clone()),
            ..Limits::none()
        };
        (0..experiment.trees)
            .into_par_iter()
            .map(|i| {
                let tree = prototype.reseed(tree_seed(experiment.seed, i));
                let mut search = Search::with_observer(&tree, Stats::default())
                    .limits(limits.clone())
                    .track_pv(false);
                let value = experiment
                    .procedure
                    .run(&mut search, &tree.root(), tree.depth());
                if search.stopped() {
                    return None;
                }
                let s = search.into_observer();
                Some((s.leaves(), s.nodes(), s.expansions(), value))
            })
            .collect()
    }
}

/// The per-tree counts of a run (in tree order), searched on `threads`
/// threads (default: one per core).
#[pyfunction]
#[pyo3(signature = (model, n, d, trees, procedure, seed, threads, r=None, spread=None, q=None, mean_branching=None, ordering=None, p=None))]
#[allow(clippy::too_many_arguments)]
pub fn samples(
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
) -> PyResult<Vec<Sample>> {
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
    let threads = alphabeta_core::resources::worker_threads(threads).map_err(value_error)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(value_error)?;
    let stop = Arc::new(AtomicBool::new(false));
    let samples = interruptible(py, &stop, || {
        pool.install(|| {
            exp.model.visit(
                exp.seed,
                Samples {
                    experiment: &exp,
                    stop: &stop,
                },
            )
        })
    })?
    .map_err(value_error)?;
    // Stopped only by Ctrl-C, which `interruptible` has raised already.
    samples.ok_or_else(|| value_error("the run was stopped"))
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
/// refused unless they are every shard of one run once. The messages name
/// a result by its place in the list (`results[0]`) and where it comes
/// from in Python's words.
#[pyfunction]
pub fn merge(results: Vec<String>) -> PyResult<(String, String, String)> {
    let parsed = results
        .iter()
        .enumerate()
        .map(|(i, text)| ShardResult::from_json(text, &format!("results[{i}]")))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| {
            value_error(e.to_string().replace(
                "written by `alphabeta simulate --shard K/M`",
                "what run_shard() returns",
            ))
        })?;
    let summary = alphabeta_montecarlo::merge(&parsed).map_err(value_error)?;
    outputs(&summary)
}
