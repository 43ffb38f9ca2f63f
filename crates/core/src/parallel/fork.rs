//! Instruments that a parallel search can split between its tasks.
//!
//! A helper of the parallel search searches brothers at a split point with
//! an instrument of its own, *forked* once from the instrument of the
//! split point's owner, and *joined* back into it when the split point is
//! done. Counts are sums, so they do not depend on which
//! thread searched what; what depends on timing is which positions are
//! searched at all (see the module documentation of [`crate::parallel`]).

use crate::observer::{NoObserver, NodeTypes, Observer, Stats, Trace};

/// An [`Observer`] that can be split between the tasks of a parallel search.
pub trait Fork: Observer + Send + Sized {
    /// An instrument for the search of a successor of the position this one
    /// saw last: empty counts, but whatever it needs to know of the path
    /// there (the Dewey path of [`NodeTypes`] and [`Trace`]).
    fn fork(&self) -> Self;
    /// Adds what a fork recorded.
    fn join(&mut self, other: Self);
}

impl Fork for NoObserver {
    #[inline]
    fn fork(&self) -> Self {
        NoObserver
    }
    #[inline]
    fn join(&mut self, _other: Self) {}
}

impl Fork for Stats {
    fn fork(&self) -> Self {
        Stats::default()
    }
    fn join(&mut self, other: Self) {
        self.merge(&other);
    }
}

impl Fork for NodeTypes {
    fn fork(&self) -> Self {
        NodeTypes {
            tracker: self.tracker.clone(),
            counts: Vec::new(),
        }
    }
    fn join(&mut self, other: Self) {
        if self.counts.len() < other.counts.len() {
            self.counts.resize(other.counts.len(), [0; 6]);
        }
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
    }
}

/// A helper's events (in the order it searched its brothers) are appended
/// after the owner's when the split point is done; with one thread nothing
/// is forked, so a one-thread parallel search traces exactly what the
/// sequential procedure traces.
impl Fork for Trace {
    fn fork(&self) -> Self {
        Trace {
            tracker: self.tracker.clone(),
            events: Vec::new(),
        }
    }
    fn join(&mut self, mut other: Self) {
        self.events.append(&mut other.events);
    }
}

impl<A: Fork, B: Fork> Fork for (A, B) {
    fn fork(&self) -> Self {
        (self.0.fork(), self.1.fork())
    }
    fn join(&mut self, other: Self) {
        self.0.join(other.0);
        self.1.join(other.1);
    }
}
