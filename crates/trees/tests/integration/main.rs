//! The integration tests of alphabeta-trees: the seeds' fixtures, the theory's properties, the parser and the successors of alpha-beta on explicit trees.
//!
//! One test binary for the crate (each file a module): one link instead of one per file.

mod common;
mod minimal;
mod parse_props;
mod seeds;
mod successors;
mod theory;
