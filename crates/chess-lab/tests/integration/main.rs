//! The integration tests of alphabeta-chess-lab: the seeds' chess experiments.
//!
//! One test binary for the crate (each file a module): one link instead of one per file.

mod experiments;
mod fuller;
