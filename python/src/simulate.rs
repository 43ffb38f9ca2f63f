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

/// A random-tree model as the Python layer passes it: a dict with its name
/// and the parameters given (`n`, `d`, `r`, `spread`, `q`,
/// `mean_branching`, `ordering`, `p`; a missing or `None` one is not given).
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub struct ModelArgs {
    pub(crate) name: String,
    #[pyo3(default)]
    n: Option<u32>,
    #[pyo3(default)]
    d: Option<u32>,
    #[pyo3(default)]
    r: Option<u64>,
    #[pyo3(default)]
    spread: Option<u32>,
    #[pyo3(default)]
    q: Option<Vec<f64>>,
    #[pyo3(default)]
    mean_branching: Option<Vec<f64>>,
    #[pyo3(default)]
    ordering: Option<String>,
    #[pyo3(default)]
    p: Option<f64>,
}

impl ModelArgs {
    /// The model, checked as the command line checks `--model` and its
    /// options.
    pub fn spec(self) -> PyResult<ModelSpec> {
        let params = ModelParams {
            n: self.n,
            d: self.d,
            r: self.r,
            spread: self.spread,
            q: self.q,
            mean: self.mean_branching,
            ordering: self.ordering,
            p: self.p,
        };
        ModelSpec::from_params(&self.name, &params)
            .map_err(|e| value_error(format!("invalid model: {e}")))
    }
}

/// A Monte Carlo run as the Python layer passes it: a dict with `model` (a
/// [`ModelArgs`]), `trees`, `procedure`, `seed` and `threads` (`None`: one
/// per core).
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub struct RunArgs {
    model: ModelArgs,
    trees: u64,
    procedure: String,
    seed: u64,
    #[pyo3(default)]
    threads: Option<usize>,
}

impl RunArgs {
    /// The experiment, checked as `alphabeta simulate` checks it, and the
    /// worker threads asked for.
    fn experiment(self) -> PyResult<(Experiment, Option<usize>)> {
        let spec = self.model.spec()?;
        let procedure: Procedure = self.procedure.parse().map_err(value_error)?;
        if self.trees == 0 {
            return Err(value_error("trees must be at least 1"));
        }
        let experiment = Experiment::new(spec, procedure, self.trees, self.seed);
        Ok((experiment, self.threads))
    }
}

/// The runner's options: `threads` workers, stopped by `stop` (Ctrl-C).
fn run_options(threads: Option<usize>, stop: &Arc<AtomicBool>) -> RunOptions<'_> {
    RunOptions {
        threads,
        stop: Some(stop.clone()),
        ..RunOptions::default()
    }
}

/// `(json, csv, table)`: the three outputs of `alphabeta simulate`.
fn outputs(summary: &Summary) -> PyResult<(String, String, String)> {
    let csv = summary.to_csv().map_err(value_error)?;
    Ok((summary.to_json(), csv, summary.to_table()))
}

/// A Monte Carlo run in this process; returns the JSON, CSV and table of
/// its summary (byte-identical to the command line's).
#[pyfunction]
pub fn simulate(py: Python<'_>, run: RunArgs) -> PyResult<(String, String, String)> {
    let (exp, threads) = run.experiment()?;
    let stop = Arc::new(AtomicBool::new(false));
    let options = run_options(threads, &stop);
    let summary = interruptible(py, &stop, || alphabeta_montecarlo::run(&exp, &options))?
        .map_err(value_error)?;
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
pub fn samples(py: Python<'_>, run: RunArgs) -> PyResult<Vec<Sample>> {
    let (exp, threads) = run.experiment()?;
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
pub fn run_shard(py: Python<'_>, run: RunArgs, index: u64, count: u64) -> PyResult<String> {
    let (exp, threads) = run.experiment()?;
    let shard = Shard::new(index, count).map_err(value_error)?;
    let stop = Arc::new(AtomicBool::new(false));
    let options = run_options(threads, &stop);
    let result = interruptible(py, &stop, || {
        alphabeta_montecarlo::run_shard(&exp, shard, &options)
    })?
    .map_err(value_error)?;
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
