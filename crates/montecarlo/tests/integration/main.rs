//! The integration tests of alphabeta-montecarlo: reproducibility, seeds, models, shards and checkpoints.
//!
//! One test binary for the crate (each file a module): one link instead of one per file.

mod checkpoint_props;
mod common;
mod models;
mod reproducibility;
mod seeds;
mod shards;
