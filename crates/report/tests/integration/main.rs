//! The integration tests of alphabeta-report: the quick report and compare.
//!
//! One test binary for the crate (each file a module): one link instead of one per file.

mod compare;
mod connect4_line;
mod quick_report;
