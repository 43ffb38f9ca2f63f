//! # alphabeta-core
//!
//! The search core of the *alphabeta* project: a [`Game`] abstraction that
//! explicit trees, implicit random trees and chess all implement, every
//! search procedure defined by the five classic documents the project
//! reproduces, and the instruments those documents measure with.
//!
//! | module | contents |
//! |---|---|
//! | [`value`] | the score type, with ±∞ that never overflow on negation, and distance-scored wins |
//! | [`game`] | the [`Game`] trait (negamax view) and its min/max view |
//! | [`moves`] | successor lists: [`MoveList`], a `Vec` or the implicit [`moves::Numbered`] |
//! | [`dewey`] | Dewey-decimal node addresses (`1.2.1`) |
//! | [`observer`] | the [`Observer`] trait and the instruments: [`Stats`], [`NodeTypes`], [`Trace`] |
//! | [`search`] | the [`Search`] context: limits, move buffers, principal variation |
//! | [`procedures`] | every procedure, each named by what it does |
//! | [`parallel`] | parallel alpha-beta: Young Brothers Wait driven by node types |
//! | [`table`] | a generic transposition table |
//! | [`minimal`] | the minimal tree (Knuth & Moore §6–§7) and the order that makes alpha-beta examine it |
//! | [`resources`] | the machine's bounds: worker threads, input files, available memory |
//!
//! The seeds are cited by short names throughout:
//! *Fuller* (Fuller, Gaschnig & Gillogly 1973), *Zohar* (lecture notes),
//! *Hsu* (Alpha-beta pruning slides), *Knuth* (Knuth & Moore 1975),
//! *Klyushin* (Klyushin & Kruchinin 2006).

pub mod dewey;
pub mod game;
pub mod minimal;
pub mod moves;
pub mod observer;
pub mod parallel;
pub mod procedures;
pub mod resources;
pub mod search;
pub mod table;
#[cfg(test)]
mod test_games;
pub mod value;

pub use dewey::DeweyPath;
pub use game::{BoundedGame, Game, HashedGame};
pub use moves::{MoveList, Numbered};
pub use observer::{Cutoff, CutoffKind, NoObserver, NodeType, NodeTypes, Observer, Stats, Trace};
pub use procedures::Procedure;
pub use search::{Limits, Search, SearchResult};
pub use value::{INFINITY, NEG_INFINITY, Value};
