//! One module per subcommand.

pub mod chess;
pub mod exact;
pub mod perft;
pub mod reproduce;
pub mod search;
pub mod simulate;
pub mod uci;
