//! A transposition table that every search thread shares without locks
//! (Lazy SMP, [`crate::Engine`] with `threads > 1`).
//!
//! Each slot is two 64-bit atomics: the entry packed into one word
//! (`data`: value, move, depth, bound) and the position's key *xor* that
//! word (`check`). A reader accepts a slot only when `check ^ data` equals
//! the key it looks for. Two threads writing the same slot at once may
//! leave the `check` of one and the `data` of the other; such a torn slot
//! fails the test (unless a 64-bit key collides) and reads as empty — the
//! lockless transposition table of Hyatt & Mann (*A lockless transposition
//! table implementation for parallel search chess engines*, ICGA J. 2002).
//! Loads and stores are `Relaxed`: a slot is two independent words and the
//! xor test, not memory ordering, is what keeps a torn pair out.
//!
//! Replacement is the core table's ([`alphabeta_core::table`]): a slot is
//! overwritten when its key differs or the new search is at least as deep.

use std::sync::atomic::{AtomicU64, Ordering};

use alphabeta_core::Value;
use alphabeta_core::table::BoundType;
use alphabeta_core::value::{WIN, WIN_THRESHOLD, is_loss, is_win};
use cozy_chess::{Move, Piece, Square};

/// One stored search result, as the search reads it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableEntry {
    /// Remaining depth of the search that stored it.
    pub depth: u32,
    /// The value, from the viewpoint of the node that probes (mates
    /// re-scored for its ply).
    pub value: Value,
    /// What the value says.
    pub bound: BoundType,
    /// The best (or refuting) move.
    pub best: Option<Move>,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The shared table.
pub struct SharedTable {
    slots: Box<[Slot]>,
    mask: usize,
}

/// Stored values are 32 bits: centipawns as they are, a mate in `k` plies
/// as `±(MATE_BASE − k)`.
const MATE_BASE: i64 = 1_000_000_000;
/// Centipawn values are kept strictly below the mate range.
const MAX_PLAIN: i64 = MATE_BASE - (1 << 21);

fn pack_value(v: Value, ply: usize) -> u32 {
    // Mates relative to the node, as in the core's table.
    let stored = if is_win(v) {
        MATE_BASE - (WIN - (v + ply as Value))
    } else if is_loss(v) {
        -(MATE_BASE - (WIN + (v - ply as Value)))
    } else {
        v.clamp(-MAX_PLAIN, MAX_PLAIN)
    };
    stored as i32 as u32
}

fn unpack_value(bits: u32, ply: usize) -> Value {
    let s = i64::from(bits as i32);
    if s > MAX_PLAIN {
        WIN - (MATE_BASE - s) - ply as Value
    } else if s < -MAX_PLAIN {
        -(WIN - (MATE_BASE + s)) + ply as Value
    } else {
        s
    }
}

fn pack_move(mv: Option<Move>) -> u64 {
    match mv {
        None => 0,
        Some(m) => {
            let promo = m.promotion.map_or(0, |p| p as u64 + 1);
            1 | (m.from as u64) << 1 | (m.to as u64) << 7 | promo << 13
        }
    }
}

fn unpack_move(bits: u64) -> Option<Move> {
    if bits & 1 == 0 {
        return None;
    }
    let promo = (bits >> 13) & 7;
    Some(Move {
        from: Square::index(((bits >> 1) & 63) as usize),
        to: Square::index(((bits >> 7) & 63) as usize),
        promotion: (promo as usize).checked_sub(1).and_then(Piece::try_index),
    })
}

fn pack_bound(b: BoundType) -> u64 {
    match b {
        BoundType::Exact => 0,
        BoundType::Lower => 1,
        BoundType::Upper => 2,
    }
}

/// `data`: bits 0–31 value, 32–47 move, 48–55 depth, 56–57 bound, bit 63
/// set (so that a used slot is never all zeros).
fn pack(depth: u32, value: Value, ply: usize, bound: BoundType, best: Option<Move>) -> u64 {
    u64::from(pack_value(value, ply))
        | pack_move(best) << 32
        | u64::from(depth.min(255)) << 48
        | pack_bound(bound) << 56
        | 1 << 63
}

fn unpack(data: u64, ply: usize) -> Option<TableEntry> {
    let bound = match (data >> 56) & 3 {
        0 => BoundType::Exact,
        1 => BoundType::Lower,
        2 => BoundType::Upper,
        _ => return None,
    };
    Some(TableEntry {
        depth: ((data >> 48) & 255) as u32,
        value: unpack_value(data as u32, ply),
        bound,
        best: unpack_move((data >> 32) & 0xFFFF),
    })
}

impl SharedTable {
    /// A table of about `mebibytes` MiB (a power of two of 16-byte slots).
    pub fn with_megabytes(mebibytes: usize) -> Self {
        Self::with_slots(Self::slots_for_megabytes(mebibytes))
    }

    /// The number of slots of [`SharedTable::with_megabytes`]`(mebibytes)`.
    pub fn slots_for_megabytes(mebibytes: usize) -> usize {
        let n = (mebibytes.max(1) << 20) / std::mem::size_of::<Slot>();
        if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        }
    }

    /// A table of `n` slots (rounded up to a power of two, at least 1).
    pub fn with_slots(n: usize) -> Self {
        let n = n.max(1).next_power_of_two();
        SharedTable {
            slots: (0..n).map(|_| Slot::default()).collect(),
            mask: n - 1,
        }
    }

    /// Number of slots.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for s in self.slots.iter_mut() {
            *s = Slot::default();
        }
    }

    /// Occupancy in permille (UCI `hashfull`), estimated from the first
    /// thousand slots as engines do (reading them all would take as long
    /// as a small search).
    pub fn permille_full(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| s.data.load(Ordering::Relaxed) != 0)
            .count();
        (used * 1000 / sample) as u32
    }

    /// Asks the processor to bring `key`'s slot into its cache, so that a
    /// [`SharedTable::probe`] a little later does not wait on memory: the
    /// search calls it as soon as a move is made, before the checks that
    /// come ahead of the child's probe (the prefetch of Stockfish's
    /// `do_move`). Only a hint: nothing is read or changed.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        alphabeta_core::table::prefetch(&self.slots[key as usize & self.mask]);
    }

    /// The entry for `key` seen from a node at `ply`, if the slot holds one
    /// for that key and is not torn.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TableEntry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if data == 0 || check ^ data != key {
            return None;
        }
        unpack(data, ply)
    }

    /// Stores a result found at `ply`.
    #[inline]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        depth: u32,
        value: Value,
        bound: BoundType,
        best: Option<Move>,
    ) {
        let slot = &self.slots[key as usize & self.mask];
        let old = slot.data.load(Ordering::Relaxed);
        let old_key = slot.check.load(Ordering::Relaxed) ^ old;
        if old != 0 && old_key == key && ((old >> 48) & 255) as u32 > depth.min(255) {
            return;
        }
        // Keep the old move when the new result has none (a fail low).
        let best = best.or_else(|| {
            (old_key == key)
                .then(|| unpack_move((old >> 32) & 0xFFFF))
                .flatten()
        });
        let data = pack(depth, value, ply, bound, best);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }
}

const _: () = assert!(WIN_THRESHOLD > MAX_PLAIN);

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_core::value::{loss_in, win_in};

    #[test]
    fn entries_round_trip() {
        let t = SharedTable::with_slots(1024);
        let mv = Move {
            from: Square::E7,
            to: Square::E8,
            promotion: Some(Piece::Knight),
        };
        for (value, ply) in [
            (0, 0),
            (-123, 3),
            (99_999, 7),
            (win_in(9), 4),
            (loss_in(12), 5),
        ] {
            for bound in [BoundType::Exact, BoundType::Lower, BoundType::Upper] {
                let key = 0xDEAD_BEEF_0000_0000 ^ value as u64 ^ ply as u64;
                t.store(key, ply, 17, value, bound, Some(mv));
                let e = t.probe(key, ply).expect("stored");
                assert_eq!(
                    e,
                    TableEntry {
                        depth: 17,
                        value,
                        bound,
                        best: Some(mv)
                    }
                );
                assert!(t.probe(key ^ 1 << 40, ply).is_none(), "another key");
            }
        }
        // A mate stored at ply 4 is a mate one ply nearer from ply 5.
        t.store(42, 4, 3, win_in(9), BoundType::Exact, None);
        assert_eq!(t.probe(42, 2).expect("stored").value, win_in(7));
        assert_eq!(t.probe(42, 2).expect("stored").best, None);
    }

    #[test]
    fn a_deeper_entry_is_kept_and_a_move_survives_a_fail_low() {
        let t = SharedTable::with_slots(16);
        let mv = Move {
            from: Square::G1,
            to: Square::F3,
            promotion: None,
        };
        t.store(5, 0, 8, 30, BoundType::Exact, Some(mv));
        t.store(5, 0, 3, -10, BoundType::Upper, None);
        assert_eq!(t.probe(5, 0).expect("kept").depth, 8);
        t.store(5, 0, 9, -10, BoundType::Upper, None);
        let e = t.probe(5, 0).expect("replaced");
        assert_eq!((e.depth, e.value, e.best), (9, -10, Some(mv)));
    }
}
