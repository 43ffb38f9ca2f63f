//! # alphabeta-montecarlo
//!
//! The Monte Carlo laboratory of the seeds: any procedure
//! ([`alphabeta_core::Procedure`]) on any tree model
//! ([`alphabeta_models::ModelSpec`]), T trees in parallel.
//!
//! * Tree `i` is grown from `tree_seed(seed, i)` alone, and every count is
//!   summed as an exact integer ([`Totals`]), so a run gives bit-identical
//!   numbers for any thread count, block size, or interruption.
//! * [`Summary`]: mean, standard deviation, 95 % interval and std/mean of
//!   NBP, positions examined and NMG (Fuller §3, §5, §7), per level, cutoffs
//!   by kind (Fuller §2, Knuth §3); as a table, CSV or JSON.
//! * Checkpoints: finished blocks are written atomically; `resume` continues
//!   to the same final numbers. [`console`] has a progress bar and a Ctrl-C
//!   handler for the command line.
//!
//! * Shards ([`Shard`]): tree ranges run apart ([`run_shard`], on other
//!   processes or machines) and [`merge`]d into exactly the single run's
//!   summary.
//!
//! ```
//! use alphabeta_montecarlo::{Experiment, RunOptions, run};
//! let model = "uniform n=2 d=2".parse().unwrap();
//! let exp = Experiment::new(model, "f2".parse().unwrap(), 2000, 1);
//! let summary = run(&exp, &RunOptions::default()).unwrap();
//! assert!(summary.leaves.covers(11.0 / 3.0)); // Fuller Table 5.1, N = 2
//! ```

mod checkpoint;
pub mod console;
mod experiment;
mod render;
mod run;
mod shard;
mod summary;
mod totals;

use std::path::PathBuf;

pub use checkpoint::read_checkpoint;
pub use experiment::Experiment;
pub use run::{Progress, RunOptions, run};
pub use shard::{Shard, ShardError, ShardResult, merge, run_shard};
pub use summary::{CutoffSummary, Estimate, LevelSummary, Summary, Z95};
pub use totals::{Moments, Totals};

/// Why a run could not be done.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The model could not be built.
    #[error(transparent)]
    Model(#[from] alphabeta_models::ModelError),
    /// A checkpoint could not be read or written.
    #[error("checkpoint {path}: {error}")]
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// The I/O error (in the message, not a separate cause, so that it is
        /// not printed twice).
        error: std::io::Error,
    },
    /// A checkpoint file does not fit this experiment.
    #[error("cannot resume from {path}: {reason}")]
    BadCheckpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The checkpoint exists and resuming was not asked for.
    #[error("checkpoint {0} already exists: resume from it, or remove it to start afresh")]
    CheckpointExists(PathBuf),
    /// A thread count of zero or past the machine's cores, or a checkpoint
    /// file that is too large or not text ([`alphabeta_core::resources`]).
    #[error(transparent)]
    Resource(alphabeta_core::resources::ResourceError),
    /// `resume` was asked for, but the checkpoint file does not exist (a typo
    /// must not look like a fresh run that succeeded).
    #[error(
        "cannot resume: the checkpoint {0} does not exist (leave out --resume to start afresh)"
    )]
    NothingToResume(PathBuf),
    /// The thread pool could not be built.
    #[error("cannot start the worker threads: {0}")]
    ThreadPool(String),
    /// The signal handler could not be installed.
    #[error("cannot install the interrupt handler: {0}")]
    Signal(String),
}
