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
//! | [`outcome`] | what a procedure run by name reports: one serialisable [`outcome::Outcome`] (docs/schema.md) |
//! | [`search`] | the [`Search`] context: limits, move buffers, principal variation |
//! | [`procedures`] | every procedure, each named by what it does |
//! | [`parallel`] | parallel alpha-beta: Young Brothers Wait driven by node types |
//! | [`table`] | a generic transposition table |
//! | [`minimal`] | the minimal tree (Knuth & Moore §6–§7) and the order that makes alpha-beta examine it |
//! | [`resources`] | the machine's bounds: worker threads, input files, available memory |
//!
//! ## Where to start: your own game, two procedures, the instruments
//!
//! Implement [`Game`] for your game — successors in search order, `play`,
//! and `evaluate` from the side to move (the negamax view, Knuth & Moore
//! eq. (1)) — then hand it to any procedure of [`procedures`] inside a
//! [`Search`] that carries an observer. Here a one-heap Nim (take one to
//! three stones; whoever takes the last stone wins) is searched by the
//! exhaustive negamax F and by Knuth & Moore's fail-hard alpha-beta F2, and
//! [`Stats`] counts what each examined:
//!
//! ```
//! use alphabeta_core::procedures::{alpha_beta_fail_hard, negamax};
//! use alphabeta_core::value::{loss_in, win_in};
//! use alphabeta_core::{Game, INFINITY, NEG_INFINITY, Search, Stats, Value};
//!
//! /// One heap of stones; a move takes 1, 2 or 3 of them.
//! struct Nim;
//!
//! impl Game for Nim {
//!     type Position = u32; // stones left
//!     type Move = u32; // stones taken
//!     type Moves = Vec<u32>;
//!
//!     fn moves(&self, stones: &u32, out: &mut Vec<u32>) {
//!         out.extend((1..=3).filter(|take| take <= stones));
//!     }
//!     fn play(&self, stones: &u32, take: u32) -> u32 {
//!         stones - take
//!     }
//!     fn evaluate(&self, stones: &u32, ply: usize) -> Value {
//!         // Called where no move is left: the opponent took the last stone.
//!         // Scored by distance, so a quicker win is worth more.
//!         assert_eq!(*stones, 0, "searched to the end, every leaf is terminal");
//!         loss_in(ply)
//!     }
//! }
//!
//! let (game, heap) = (Nim, 10);
//! let to_the_end = u32::MAX;
//!
//! let mut exhaustive = Search::with_observer(&game, Stats::default());
//! let f = negamax(&mut exhaustive, &heap, to_the_end);
//!
//! let mut pruned = Search::with_observer(&game, Stats::default());
//! let f2 = alpha_beta_fail_hard(&mut pruned, &heap, to_the_end, NEG_INFINITY, INFINITY);
//! let best = pruned.principal_variation();
//!
//! // Ten stones: the player to move wins (10 is not a multiple of 4) by
//! // taking 2, and the fastest forced win takes 5 plies.
//! assert_eq!(f, win_in(5));
//! assert_eq!(f2, f);
//! assert_eq!(best.first(), Some(&2));
//!
//! // The instruments: bottom positions (Fuller's NBP), move generations.
//! let (all, cut) = (exhaustive.into_observer(), pruned.into_observer());
//! assert!(cut.leaves() < all.leaves());
//! assert!(cut.expansions() < all.expansions());
//! println!(
//!     "negamax: {} bottom positions, alpha-beta: {} ({} cutoffs)",
//!     all.leaves(),
//!     cut.leaves(),
//!     cut.cutoffs()
//! );
//! ```
//!
//! The same game searched by name, with a window and every counter in one
//! serialisable result, goes through [`procedures::Named`]; a
//! transposition table needs [`HashedGame`], McCarthy's bounds
//! [`BoundedGame`], parallel search a game that can be shared between
//! threads ([`parallel`]).
//!
//! The seeds are cited by short names throughout:
//! *Fuller* (Fuller, Gaschnig & Gillogly 1973), *Zohar* (lecture notes),
//! *Hsu* (Alpha-beta pruning slides), *Knuth* (Knuth & Moore 1975),
//! *Klyushin* (Klyushin & Kruchinin 2006).

pub mod dewey;
pub mod game;
pub mod minimal;
pub mod mix;
pub mod moves;
pub mod observer;
pub mod outcome;
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
pub use observer::{
    Cutoff, CutoffKind, NoObserver, NodeType, NodeTypes, Observer, Stats, Trace, TraceEvent,
};
pub use procedures::Procedure;
pub use search::{Limits, Search, SearchResult};
pub use value::{INFINITY, NEG_INFINITY, Value};
