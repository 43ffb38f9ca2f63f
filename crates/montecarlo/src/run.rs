//! The runner: trees in parallel, in blocks, with checkpoints between blocks.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use alphabeta_core::resources::worker_threads;
use alphabeta_core::{Limits, Procedure, Search, Stats, Value};
use alphabeta_models::hash::tree_seed;
use alphabeta_models::{ModelVisitor, TreeModel};
use rayon::prelude::*;

use crate::RunError;
use crate::checkpoint::Checkpoint;
use crate::experiment::Experiment;
use crate::summary::Summary;
use crate::totals::Totals;

/// Receives progress from the worker threads.
pub trait Progress: Sync {
    /// The run starts with `done` of `total` trees already finished (resumed).
    fn start(&self, _done: u64, _total: u64) {}
    /// `trees` more trees are finished.
    fn advance(&self, trees: u64);
    /// The run keeps `trees` finished trees: fewer than started and advanced
    /// when a stop abandoned the block in flight. Called before `finish`.
    fn kept(&self, _trees: u64) {}
    /// The run is over (complete or interrupted).
    fn finish(&self) {}
}

/// How to run an [`Experiment`]; none of it changes the numbers.
#[derive(Default)]
pub struct RunOptions<'a> {
    /// Worker threads (`None`: one per core; more than the cores is refused).
    pub threads: Option<usize>,
    /// Where to keep the checkpoint (`None`: no checkpoint).
    pub checkpoint: Option<PathBuf>,
    /// Continue from the checkpoint instead of refusing to overwrite it (a
    /// checkpoint that does not exist is then refused).
    pub resume: bool,
    /// When set, the run stops: trees in flight are abandoned, the
    /// checkpoint keeps every finished block, and the summary so far is
    /// returned with `complete: false`.
    pub stop: Option<Arc<AtomicBool>>,
    /// Progress reports.
    pub progress: Option<&'a dyn Progress>,
}

/// The time a block of trees should take.
const BLOCK_TARGET: Duration = Duration::from_millis(500);
/// The most often a checkpoint is rewritten.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// Runs `experiment`: every tree `i < trees` is grown from
/// `tree_seed(seed, i)` and searched; the counts are summed exactly. The
/// result is the same for any number of threads and any interruptions and
/// resumptions.
pub fn run(experiment: &Experiment, options: &RunOptions<'_>) -> Result<Summary, RunError> {
    let mut totals = Totals::default();
    if let Some(path) = &options.checkpoint {
        match (options.resume, path.exists()) {
            (true, true) => totals = Checkpoint::load_for(path, experiment)?,
            (true, false) => return Err(RunError::NothingToResume(path.clone())),
            (false, true) => return Err(RunError::CheckpointExists(path.clone())),
            (false, false) => {}
        }
    }
    let pool = thread_pool(options)?;
    if let Some(path) = &options.checkpoint {
        // Try the path before any tree is searched: a directory that does
        // not exist should not cost the first block, or a whole short run.
        Checkpoint::save(path, experiment, &totals)?;
    }
    let totals = run_trees(experiment, 0..experiment.trees, options, &pool, totals)?;
    Ok(Summary::new(
        &experiment.model,
        experiment.procedure.name(),
        experiment.seed,
        experiment.trees,
        totals,
    ))
}

/// Searches trees `range.start + totals.trees .. range.end` of `experiment`
/// (`0..experiment.trees` for a whole run, a shard's range for a shard),
/// adding them to `totals`; checkpoints go to `options.checkpoint`.
pub(crate) fn run_trees(
    experiment: &Experiment,
    range: std::ops::Range<u64>,
    options: &RunOptions<'_>,
    pool: &rayon::ThreadPool,
    totals: Totals,
) -> Result<Totals, RunError> {
    experiment.model.visit(
        experiment.seed,
        Blocks {
            experiment,
            first: range.start,
            count: range.end.saturating_sub(range.start),
            options,
            pool,
            totals,
        },
    )?
}

/// The thread pool of `options.threads` (`None`: one thread per core).
pub(crate) fn thread_pool(options: &RunOptions<'_>) -> Result<rayon::ThreadPool, RunError> {
    let threads = worker_threads(options.threads).map_err(|e| RunError::Resource(e.into()))?;
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| RunError::ThreadPool(e.to_string()))
}

/// The block loop, monomorphised for one model.
struct Blocks<'r, 'a> {
    experiment: &'r Experiment,
    /// The index of the first tree (0 for a whole run, a shard's start).
    first: u64,
    /// The number of trees to search from `first` on.
    count: u64,
    options: &'r RunOptions<'a>,
    pool: &'r rayon::ThreadPool,
    totals: Totals,
}

impl ModelVisitor for Blocks<'_, '_> {
    type Output = Result<Totals, RunError>;

    fn visit<M: TreeModel + 'static>(self, prototype: M) -> Self::Output {
        let Blocks {
            experiment,
            first,
            count,
            options,
            pool,
            mut totals,
        } = self;
        let stop = options.stop.clone().unwrap_or_default();
        let trees = Trees {
            prototype,
            procedure: experiment.procedure,
            seed: experiment.seed,
            limits: Limits {
                stop: Some(stop.clone()),
                ..Limits::none()
            },
            progress: options.progress,
        };
        if let Some(p) = options.progress {
            p.start(totals.trees, count);
        }
        // Start with a few trees per thread, then size each block from the
        // rate measured so far to take about BLOCK_TARGET: every block ends
        // in a wait for the slowest thread, so the fewer the better, but a
        // stop abandons the block under way.
        let threads = pool.current_num_threads() as u64;
        let mut block = 4 * threads;
        let mut last_save = Instant::now();
        while totals.trees < count && !stop.load(Ordering::Relaxed) {
            let start = totals.trees;
            let end = count.min(start.saturating_add(block));
            let began = Instant::now();
            let Some(part) = pool.install(|| trees.search_block(first + start, first + end)) else {
                break; // stopped inside the block: it is abandoned
            };
            totals.merge(&part);
            let took = began.elapsed().as_secs_f64().max(1e-6);
            let rate = (end - start) as f64 / took;
            block = ((rate * BLOCK_TARGET.as_secs_f64()) as u64)
                .clamp(threads, block.saturating_mul(64));
            if let Some(path) = &options.checkpoint
                && (last_save.elapsed() >= CHECKPOINT_EVERY || totals.trees == count)
            {
                Checkpoint::save(path, experiment, &totals)?;
                last_save = Instant::now();
            }
        }
        if let Some(path) = &options.checkpoint {
            Checkpoint::save(path, experiment, &totals)?;
        }
        if let Some(p) = options.progress {
            p.kept(totals.trees);
            p.finish();
        }
        Ok(totals)
    }
}

/// Searches trees of one model.
struct Trees<'a, M> {
    prototype: M,
    procedure: Procedure,
    seed: u64,
    limits: Limits,
    progress: Option<&'a dyn Progress>,
}

/// One worker's share of a block.
#[derive(Default)]
struct Share {
    totals: Totals,
    scratch: Stats,
    stopped: bool,
}

impl<M: TreeModel> Trees<'_, M> {
    /// Trees `start..end`, or `None` if the stop flag interrupted one.
    fn search_block(&self, start: u64, end: u64) -> Option<Totals> {
        let share = (start..end)
            .into_par_iter()
            .fold(Share::default, |mut share, i| {
                if !share.stopped {
                    match self.search_tree(i, &mut share.scratch) {
                        Some(value) => share.totals.add_tree(&share.scratch, value),
                        None => share.stopped = true,
                    }
                }
                share
            })
            .reduce(Share::default, |mut a, b| {
                a.totals.merge(&b.totals);
                a.stopped |= b.stopped;
                a
            });
        (!share.stopped).then_some(share.totals)
    }

    /// Searches tree `index`; its counts are left in `stats` (which is
    /// reused between trees). `None` if the search was stopped.
    fn search_tree(&self, index: u64, stats: &mut Stats) -> Option<Value> {
        let tree = self.prototype.reseed(tree_seed(self.seed, index));
        stats.clear();
        let mut search = Search::with_observer(&tree, std::mem::take(stats))
            .limits(self.limits.clone())
            .track_pv(false);
        let value = self.procedure.run(&mut search, &tree.root(), tree.depth());
        let stopped = search.stopped();
        *stats = search.into_observer();
        if stopped {
            return None;
        }
        if let Some(p) = self.progress {
            p.advance(1);
        }
        Some(value)
    }
}
