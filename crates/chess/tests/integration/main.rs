//! The integration tests of alphabeta-chess: perft against the published counts, the PGN/EPD readers on the real files, the parsers' properties.
//!
//! One test binary for the crate (each file a module): one link instead of one per file.

mod files;
mod parser_props;
mod perft;
