//! The tree the instrument benchmark and its cycle-count driver search: a
//! uniform tree whose leaf values are a hash of the leaf's index — the same
//! construction as the project's random tree models, kept here so that the
//! core's benchmark depends on nothing but the core. Its successors are an
//! ordinary `Vec` of moves and its leaves are found as positions without
//! successors, the way a general game's are.

use alphabeta_core::mix::splitmix64;
use alphabeta_core::procedures::alpha_beta_fail_hard;
use alphabeta_core::{Game, INFINITY, NEG_INFINITY, Observer, Search, Value};

/// A uniform tree ⟨branching, depth⟩; a position is (index on its level,
/// level).
pub struct HashedUniform {
    pub branching: u64,
    pub depth: u32,
    pub seed: u64,
}

impl Game for HashedUniform {
    type Position = (u64, u32);
    type Move = u64;
    type Moves = Vec<u64>;
    #[inline]
    fn moves(&self, pos: &(u64, u32), out: &mut Vec<u64>) {
        if pos.1 < self.depth {
            out.extend(0..self.branching);
        }
    }
    #[inline]
    fn play(&self, pos: &(u64, u32), mv: u64) -> (u64, u32) {
        (pos.0 * self.branching + mv, pos.1 + 1)
    }
    #[inline]
    fn evaluate(&self, pos: &(u64, u32), _ply: usize) -> Value {
        let v = (splitmix64(self.seed ^ pos.0) >> 16) as Value;
        if pos.1.is_multiple_of(2) { v } else { -v }
    }
}

/// The benchmark's tree: ⟨10, 6⟩, 10^6 leaves.
pub const TREE: HashedUniform = HashedUniform {
    branching: 10,
    depth: 6,
    seed: 1,
};

/// Fail-hard alpha-beta over the whole tree (no depth limit, no principal
/// variation) reporting to `observer`.
pub fn search<O: Observer>(tree: &HashedUniform, observer: O) -> Value {
    let mut s = Search::with_observer(tree, observer).track_pv(false);
    alpha_beta_fail_hard(&mut s, &(0, 0), u32::MAX, NEG_INFINITY, INFINITY)
}
