//! The integration tests of alphabeta-models: golden trees, properties, the fast paths of alpha-beta against its reference, the compact path and the leaf-parent hook, the model descriptions.
//!
//! One test binary for the crate (each file a module): one link instead of one per file.

mod common;
mod compact_path;
mod golden;
mod leaf_parent_hook;
mod minimal_tree;
mod properties;
mod reference_f2;
mod spec_props;
