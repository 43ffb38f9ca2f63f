//! Successor lists: how a game hands its moves to the search.
//!
//! A [`Game`](crate::Game) writes the successors of a position into a list
//! of its own choosing ([`Game::Moves`](crate::Game::Moves)). Most games use
//! a `Vec` of moves. The implicit trees of the seeds (Fuller §3, Knuth §7)
//! number the successors of a node `1, …, n` like the indices of a Dewey
//! path; for them [`Numbered`] stores only `n`, so the search computes
//! move `i` instead of reading it back from memory — the move no longer
//! waits on a load, which is most of what a move list costs on a tree whose
//! nodes are a multiplication and a hash.

/// The successors of one position, in search order. The search keeps one
/// list per ply and reuses it.
pub trait MoveList<M: Copy>: Default {
    /// True promises that a list is a few numbers filled without allocating
    /// (like [`Numbered`]), so a search may hold it in a local variable
    /// instead of the reusable buffer of its ply: alpha-beta's compact path
    /// (`crate::procedures::alpha_beta`) then keeps it in registers. A
    /// `Vec` says no — filling a fresh one would allocate.
    const HELD: bool = false;
    /// Empties the list.
    fn clear(&mut self);
    /// The number of successors.
    fn len(&self) -> usize;
    /// Whether there are no successors (the position is terminal).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The successor searched `i`-th (from 0); `i < self.len()`.
    fn get(&self, i: usize) -> M;
    /// Puts `mv` first and the moves before it one place later, keeping
    /// their order (a transposition table's best move is searched first).
    /// Returns whether `mv` is in the list.
    fn move_to_front(&mut self, mv: M) -> bool;
    /// The successors as a vector, in search order.
    fn to_vec(&self) -> Vec<M> {
        (0..self.len()).map(|i| self.get(i)).collect()
    }
}

impl<M: Copy + PartialEq> MoveList<M> for Vec<M> {
    #[inline(always)]
    fn clear(&mut self) {
        Vec::clear(self);
    }
    #[inline(always)]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline(always)]
    fn get(&self, i: usize) -> M {
        self[i]
    }
    fn move_to_front(&mut self, mv: M) -> bool {
        match self.iter().position(|&m| m == mv) {
            Some(k) => {
                self[..=k].rotate_right(1);
                true
            }
            None => false,
        }
    }
}

/// The successors `1, 2, …, n` of a node of an implicit tree, in that order
/// unless one of them was moved to the front. Holds two numbers, not a
/// list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Numbered {
    count: u32,
    /// The move put first by [`MoveList::move_to_front`] (0: none).
    front: u32,
}

impl Numbered {
    /// Sets the list to the successors `1, …, n`.
    #[inline(always)]
    pub fn set(&mut self, n: u32) {
        *self = Numbered { count: n, front: 0 };
    }
}

impl Numbered {
    /// Whether the list is `1, …, n` in that order (no move was put
    /// first), so move `i` is `i + 1`: a game may then walk the successors
    /// by a counter, as the hand-written kernels do.
    #[inline(always)]
    pub fn in_order(&self) -> bool {
        self.front == 0
    }
}

impl MoveList<u32> for Numbered {
    const HELD: bool = true;
    #[inline(always)]
    fn clear(&mut self) {
        self.set(0);
    }
    #[inline(always)]
    fn len(&self) -> usize {
        self.count as usize
    }
    #[inline(always)]
    fn get(&self, i: usize) -> u32 {
        let i = i as u32;
        if self.front == 0 || i >= self.front {
            i + 1
        } else if i == 0 {
            self.front
        } else {
            i
        }
    }
    /// As for a vector, but only once per list: a second call first puts
    /// the earlier move back in its numbered place.
    fn move_to_front(&mut self, mv: u32) -> bool {
        let found = (1..=self.count).contains(&mv);
        if found {
            self.front = if mv == 1 { 0 } else { mv };
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_lists_read_like_vectors() {
        let mut numbered = Numbered::default();
        numbered.set(5);
        let mut vector: Vec<u32> = (1..=5).collect();
        assert_eq!(numbered.to_vec(), vector);
        for mv in [4, 1, 5, 9] {
            let mut n = numbered;
            let mut v = vector.clone();
            assert_eq!(n.move_to_front(mv), v.move_to_front(mv));
            assert_eq!(n.to_vec(), v, "moving {mv} to the front");
        }
        numbered.clear();
        vector.clear();
        assert!(numbered.is_empty() && MoveList::is_empty(&vector));
    }
}
