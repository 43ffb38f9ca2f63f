//! Parallel alpha-beta: Young Brothers Wait, driven by node types.
//!
//! Hsu's slides (slide 43) single out the node types of Knuth & Moore's
//! Theorem 1 as the key to parallel alpha-beta: at a type 1 node (the
//! principal variation) and a type 3 node (every successor must be
//! searched) all successors are needed, so once the eldest has been
//! searched and has set a bound, its younger brothers can be searched at
//! the same time without risk of wasted work; at a type 2 node one good
//! successor is expected to cut off, so its successors are searched one
//! after another. This is Feldmann's *Young Brothers Wait* concept
//! (Feldmann, Monien & Mysliwietz 1989): the younger brothers wait for the
//! eldest. [`ybwc`] implements it on the generic core for every [`Game`]
//! whose positions and moves can be shared between threads.
//!
//! * **Types are predicted before the search**, as in Knuth's Theorem 1
//!   for a perfectly ordered tree ([`Expected`]): the root is type 1, the
//!   eldest successor of a type 1 node is type 1 and its younger brothers
//!   type 2, every successor of a type 2 node is type 3 and every successor
//!   of a type 3 node type 2. [`SplitStats`] counts how often the
//!   prediction failed (a type 2 node that did not cut off, a type 3 node
//!   that did) — what explains the extra nodes of the parallel search.
//! * **Split points** are made at a predicted type 1 or type 3 position
//!   with at least [`YbwcOptions::min_split_depth`] plies left and at least
//!   three successors (with two, the owner would claim the only younger
//!   brother before another thread could). After the eldest, the younger
//!   brothers are *claimed* one at a time from an atomic counter: the
//!   owner goes on searching them in its own search context, in order,
//!   and each other thread of the pool is offered the split point through
//!   one rayon `join` (work stealing: an idle thread steals the offer).
//!   A helper forks the owner's instrument once per split point (not per
//!   brother), takes its thread's spare move buffers (no allocation once
//!   the thread has searched as deep before) and claims brothers until
//!   none is left; the owner joins the instruments once when all are done.
//!   With one thread nothing is offered: the owner's loop is F2's, and the
//!   search runs on the caller's thread, without a pool. With more, the
//!   pool is built once and kept for the next search with as many threads
//!   (at most one pool, of at most [`cores`] threads, is kept); a search
//!   takes the kept pool out while it runs, so two searches at once never
//!   share threads (a thread waiting in one search would otherwise run the
//!   other's tasks; with the pool shared, `a_time_limit_ends_the_search`
//!   saw a complete search in 5 of 60 runs of the test binary, 0 of 60
//!   since).
//! * **Below the split depth, sequential F2 itself.** A subtree that can
//!   hold no split point — its root not on the predicted principal
//!   variation, and fewer than [`YbwcOptions::min_split_depth`] plies left
//!   at a predicted type 3 root, at most that many at a type 2 root — is
//!   searched by the sequential procedure's own loop (a hook counts its
//!   positions by predicted type, which there is a matter of parity). Most
//!   positions of a tree lie there, so they cost about what they cost in
//!   F2; the parallel machinery is paid only at the few positions above.
//!   An unlimited search (depth `u32::MAX`) does not know how many plies
//!   are left, so it never hands a subtree over and splits everywhere.
//! * **A shared bound**: each split point keeps the best value of its
//!   finished successors in an atomic; a younger brother reads it when it
//!   starts (its window is `(−beta, −max(alpha, best))`), and one that
//!   reaches `beta` raises the split point's cutoff flag. With two or more
//!   threads every position above the split depth checks the flags of the
//!   split points above it, so a cutoff stops the brothers' searches (their
//!   values are discarded) and the brothers not yet claimed are never
//!   started; a subtree below the split depth that has begun runs to its
//!   end (fewer than `min_split_depth` plies: a bounded waste). With one
//!   thread no flag can be raised while a position below it is searched, so
//!   none is read.
//! * **Limits**: a time limit and a stop flag end every thread promptly (each
//!   task's [`Search`] polls them every 1024 positions, and no new task
//!   starts after one stopped). A node limit is refused: where the threads
//!   would stop would depend on timing.
//!
//! The procedure is fail-hard alpha-beta (Knuth & Moore's F2): with the full
//! window it returns the minimax value, and inside any window it satisfies
//! Knuth's eq. (9), whatever the timing (`tests/parallel.rs`).
//!
//! # What is deterministic
//!
//! With **one thread** the younger brothers run in order on the one thread,
//! each reading the bound its elder brothers left: the search examines
//! exactly the positions sequential F2 examines, with the same windows, and
//! every instrument ([`crate::Stats`], [`crate::NodeTypes`],
//! [`crate::Trace`]) reads the same on every run (tested against F2, with
//! and without the principal variation tracked), as
//! does [`SplitStats`] (tested against an independent sequential count;
//! `brothers_helped` and `wait_ns` are 0). With **two or more threads** the root value is the same (the
//! minimax value in a full window), but *which* positions are examined
//! depends on timing: a brother may start before an elder one has raised
//! the bound (search overhead) or be stopped half-way by a brother's cutoff.
//! So the node counts, cutoff counts, the deep/shallow split of cutoffs and
//! [`SplitStats`] (with the waiting time, a clock reading) vary from run to
//! run, a [`crate::Trace`] lists a helper's positions after the owner's, and the principal variation may be
//! another line of the same value. Counts are summed over threads
//! ([`Fork`]), so no count is lost.

mod fork;
mod ybwc;

pub use fork::Fork;

use crate::game::Game;
use crate::resources::ThreadsError;
#[cfg(doc)]
use crate::resources::{cores, worker_threads};
pub use ybwc::{Expected, SplitStats, YbwcOptions, YbwcResult, ybwc};

/// A [`Game`] whose positions, moves and move lists may be shared between
/// threads: what parallel search asks of a game, named once so every parallel
/// function (and its callers) carries one bound instead of four.
pub trait SharedGame:
    Game<Position: Send + Sync, Move: Send + Sync, Moves: Send + Sync> + Sync
{
}

impl<G> SharedGame for G where
    G: Game<Position: Send + Sync, Move: Send + Sync, Moves: Send + Sync> + Sync
{
}

/// Why a parallel search cannot start.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ParallelError {
    /// A refused number of threads ([`worker_threads`]).
    #[error(transparent)]
    Threads(#[from] ThreadsError),
    /// A node limit, which a parallel search cannot honour reproducibly.
    #[error(
        "the parallel search takes a time limit or a stop flag, not a node limit \
         (where the threads stopped would depend on timing)"
    )]
    NodeLimit,
    /// The operating system refused the threads.
    #[error("cannot start the worker threads: {0}")]
    Pool(String),
}

#[cfg(doc)]
use crate::search::Search;
