//! The integration tests of alphabeta-engine: the UCI protocol as a GUI speaks it, and the parser's properties.
//!
//! One test binary for the crate (each file a module): one link instead of one per file.

mod uci;
mod uci_props;
