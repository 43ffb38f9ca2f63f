//! The integration tests of the alphabeta command line: every command as a user runs it, the conventions, the table of every argument against bad input, the resource policy, outputs under a kill.
//!
//! One test binary for the crate (each file a module): one link instead of one per file.

mod chess_cli;
mod common;
mod compare_cli;
mod conventions_cli;
mod every_argument_cli;
mod exact_cli;
mod explore_cli;
mod kill_cli;
mod merge_cli;
mod minimal_tree_cli;
mod resource_policy_cli;
mod robustness_cli;
mod search_cli;
mod solve_cli;
