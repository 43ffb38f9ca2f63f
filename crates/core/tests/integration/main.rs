//! Integration tests of the search core: parallel search and stopping.
//!
//! One test binary for the crate (each file a module): one link instead of one per file.

mod parallel;
mod stop;
