//! A transposition table for any [`crate::HashedGame`].
//!
//! Each entry keeps the key, the remaining depth it was searched to, a value
//! with its bound type (exact, lower, upper) and the best move. Replacement
//! is "depth-preferred, always replace when the key differs or the new
//! search is at least as deep" in a direct-mapped array of a power-of-two
//! size. Distance-scored wins are stored relative to the node, so they stay
//! correct when the same position is reached at another ply. The slots are
//! backed by huge pages where the system gives them (`advise_huge_pages`).

use crate::resources::{ResourceError, try_vec};
use crate::value::{Value, is_loss, is_win};

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoundType {
    /// The exact value.
    Exact,
    /// A lower bound (the search failed high).
    Lower,
    /// An upper bound (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<M> {
    /// The full key of the position.
    pub key: u64,
    /// Remaining depth of the search that produced it.
    pub depth: u32,
    /// The value, relative to the node (see [`TranspositionTable::probe`]).
    pub value: Value,
    /// Its bound type.
    pub bound: BoundType,
    /// The best (or refuting) move, if one was found.
    pub best: Option<M>,
}

/// A direct-mapped transposition table.
#[derive(Clone, Debug)]
pub struct TranspositionTable<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: usize,
    used: usize,
}

fn to_table(v: Value, ply: usize) -> Value {
    if is_win(v) {
        v + ply as Value
    } else if is_loss(v) {
        v - ply as Value
    } else {
        v
    }
}

fn from_table(v: Value, ply: usize) -> Value {
    if is_win(v) {
        v - ply as Value
    } else if is_loss(v) {
        v + ply as Value
    } else {
        v
    }
}

/// The size of a huge page on x86-64 and most 64-bit Linux systems.
const HUGE_PAGE: usize = 2 << 20;

/// Asks the kernel to back the not yet touched allocation of `slots` with
/// huge pages (Linux's transparent huge pages, which this call enables where
/// the system leaves them to `madvise`). A probe lands on a random slot, so
/// in a table far larger than the reach of the TLB almost every probe would
/// otherwise also walk the page tables: one more memory access per probe.
/// Only the 2 MiB-aligned part of the allocation is advised; the advice
/// changes no contents, and where the kernel refuses it nothing changes.
fn advise_huge_pages<T>(slots: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        let start = slots.as_ptr() as usize;
        let end = start + slots.capacity() * std::mem::size_of::<T>();
        let (first, last) = (
            start.next_multiple_of(HUGE_PAGE),
            end / HUGE_PAGE * HUGE_PAGE,
        );
        if first < last {
            // SAFETY: [first, last) lies inside the vector's own allocation,
            // and MADV_HUGEPAGE changes how its pages are backed, never what
            // they hold.
            let _ = unsafe {
                rustix::mm::madvise(
                    first as *mut std::ffi::c_void,
                    last - first,
                    rustix::mm::Advice::LinuxHugepage,
                )
            };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (slots, HUGE_PAGE);
}

impl<M: Copy> TranspositionTable<M> {
    /// A table with room for at least `entries` entries (rounded up to a
    /// power of two, at least 1).
    pub fn with_entries(entries: usize) -> Self {
        let n = entries.max(1).next_power_of_two();
        let mut slots = Vec::with_capacity(n);
        advise_huge_pages(&slots);
        slots.resize(n, None);
        TranspositionTable {
            entries: slots,
            mask: n - 1,
            used: 0,
        }
    }

    /// A table that uses about `mebibytes` MiB.
    pub fn with_megabytes(mebibytes: usize) -> Self {
        Self::with_entries(Self::entries_within(mebibytes))
    }

    /// [`TranspositionTable::with_megabytes`], refused with an error instead
    /// of aborting when the machine cannot give the memory
    /// ([`crate::resources::try_vec`]): the constructor for sizes a user
    /// chooses.
    pub fn try_with_megabytes(mebibytes: usize) -> Result<Self, ResourceError> {
        let n = Self::entries_within(mebibytes);
        let what = format!("a transposition table of {mebibytes} MiB");
        let mut slots = try_vec(n, &what)?;
        advise_huge_pages(&slots);
        slots.resize(n, None);
        Ok(TranspositionTable {
            entries: slots,
            mask: n - 1,
            used: 0,
        })
    }

    /// The most slots, a power of two, that fit in `mebibytes` MiB.
    fn entries_within(mebibytes: usize) -> usize {
        let size = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let n = (mebibytes.max(1).saturating_mul(1 << 20) / size).max(1);
        // Round down to a power of two so the memory stays within the budget.
        if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        }
    }

    /// Number of slots.
    pub fn capacity(&self) -> usize {
        self.entries.len()
    }

    /// Occupancy in permille (UCI's `hashfull`).
    pub fn permille_full(&self) -> u32 {
        ((self.used as u64 * 1000) / self.entries.len() as u64) as u32
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
        self.used = 0;
    }

    /// The entry for `key`, with its value converted to the viewpoint of a
    /// node at `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry<M>> {
        match self.entries[key as usize & self.mask] {
            Some(e) if e.key == key => Some(Entry {
                value: from_table(e.value, ply),
                ..e
            }),
            _ => None,
        }
    }

    /// Asks the memory for the slot of `key` ahead of its probe ([`prefetch`]
    /// of both ends of the slot, since a slot may straddle two cache lines).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        prefetch(&self.entries[key as usize & self.mask]);
    }

    /// Stores a result found at `ply`.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: u32,
        value: Value,
        bound: BoundType,
        best: Option<M>,
    ) {
        let slot = &mut self.entries[key as usize & self.mask];
        let replace = match slot {
            None => {
                self.used += 1;
                true
            }
            Some(old) => old.key != key || depth >= old.depth,
        };
        if replace {
            // Keep the old move when the new search found none for this key.
            let best = match (*slot, best) {
                (Some(old), None) if old.key == key => old.best,
                _ => best,
            };
            *slot = Some(Entry {
                key,
                depth,
                value: to_table(value, ply),
                bound,
                best,
            });
        }
    }
}

/// Asks the processor to bring `value`'s memory (its first and its last
/// byte, which may lie on two cache lines) into every cache level, so that a
/// read a little later does not wait on memory: the prefetch a search issues
/// for a table slot as soon as it makes a move (Stockfish's `do_move`). Only a
/// hint, which changes nothing but how long the later read waits; on a
/// processor other than x86-64 it does nothing.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let first: *const T = value;
        let last = first
            .cast::<u8>()
            .wrapping_add(std::mem::size_of::<T>().max(1) - 1);
        // SAFETY: SSE, which the prefetch instruction belongs to, is part of
        // every x86-64 processor; a prefetch reads nothing the program sees
        // and cannot fault, and both addresses lie in `value`.
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(first.cast());
            _mm_prefetch::<_MM_HINT_T0>(last.cast());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::win_in;

    #[test]
    fn wins_are_stored_relative_to_the_node() {
        let mut t = TranspositionTable::<u8>::with_entries(16);
        // A win 5 plies from the root found at ply 2 is a win in 3 from there.
        t.store(7, 2, 4, win_in(5), BoundType::Exact, Some(1));
        assert_eq!(t.probe(7, 2).unwrap().value, win_in(5));
        // Reached again at ply 4, it is a win 7 plies from the root.
        assert_eq!(t.probe(7, 4).unwrap().value, win_in(7));
        assert!(t.probe(8, 0).is_none());
    }

    #[test]
    fn a_table_beyond_the_memory_is_an_error() {
        let t = TranspositionTable::<u8>::try_with_megabytes(1).unwrap();
        assert_eq!(
            t.capacity(),
            TranspositionTable::<u8>::with_megabytes(1).capacity()
        );
        let e = TranspositionTable::<u8>::try_with_megabytes(1 << 40)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("a transposition table of 1099511627776 MiB needs"),
            "{e}"
        );
    }

    #[test]
    fn deeper_results_are_kept() {
        let mut t = TranspositionTable::<u8>::with_entries(1);
        t.store(3, 0, 5, 10, BoundType::Exact, Some(2));
        t.store(3, 0, 2, 11, BoundType::Lower, None);
        assert_eq!(t.probe(3, 0).unwrap().value, 10);
        t.store(4, 0, 1, 12, BoundType::Upper, None);
        assert_eq!(t.probe(4, 0).unwrap().value, 12);
        assert_eq!(t.permille_full(), 1000);
    }
}
