//! # alphabeta-trees
//!
//! Explicit game trees for the search core: the [`Tree`] type (an arena of
//! nodes that implements [`alphabeta_core::Game`]), its text format
//! (nested lists of leaf values such as `((3 12 8) (2 4 6) (14 5 2))`,
//! parsed with errors that give line and column), Dewey-decimal addressing,
//! the example trees printed in the seeds ([`fixtures`]), and a small real
//! game solved to the end, [`tictactoe`].

pub mod fixtures;
mod parse;
pub mod tictactoe;
mod tree;

pub use parse::ParseError;
pub use tree::{Convention, NodeId, Tree};
