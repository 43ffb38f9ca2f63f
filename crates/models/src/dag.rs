//! A random game graph with transpositions: many paths reach each position.
//!
//! The seeds' random trees never repeat a position, so a transposition table
//! only orders moves there. Fishburn's claim (F3 saves about 7 % over F2
//! with a table, Hsu's slides) is about graphs where a table also *settles*
//! positions met again. [`RandomDag`] is the simplest such model: level ℓ
//! has at most `w` positions; each position above level D has N successors,
//! the m-th of them a position of level ℓ + 1 drawn by hashing (tree seed,
//! position, m), so different paths meet; a position of level D has an i.i.d.
//! continuous value (as [`crate::Uniform`]). Every random quantity is a
//! hash, so the graph needs no memory and the same seed gives the same graph
//! forever (`tests/golden.rs` pins it).

use alphabeta_core::{Game, HashedGame, Numbered, Value};

use crate::error::{MAX_DEPTH, ModelError};
use crate::hash::{below, derive_key, node_hash};
use crate::model::TreeModel;
use crate::uniform::{Continuous, LeafValues};

/// Salts of this model (see [`crate::hash`]).
const EDGE: u64 = 0x6564_6765; // "edge"
const LEAF: u64 = 0x6C65_6166; // "leaf", as the uniform trees
const KEY: u64 = 0x006B_6579; // "key"

/// Bits of a position number that hold its index within its level.
const INDEX_BITS: u32 = 48;

/// The random DAG ⟨N, D, W⟩: N successors per position, D levels below the
/// root, at most W positions per level.
#[derive(Clone, Copy, Debug)]
pub struct RandomDag {
    branching: u32,
    depth: u32,
    width: u64,
    seed: u64,
    edge_key: u64,
    leaf_key: u64,
    table_key: u64,
}

impl RandomDag {
    /// The DAG with branching `n`, depth `d` and width `w` (positions per
    /// level, 1 ..= 2^48), for tree seed `seed`.
    pub fn new(n: u32, d: u32, w: u64, seed: u64) -> Result<Self, ModelError> {
        if n == 0 {
            return Err(ModelError::ZeroBranching);
        }
        if d > MAX_DEPTH {
            return Err(ModelError::TooDeep {
                branching: u64::from(n),
                depth: d,
                max_depth: MAX_DEPTH,
            });
        }
        if w == 0 || w > 1 << INDEX_BITS {
            return Err(ModelError::Parameter(format!(
                "the width w must be between 1 and 2^{INDEX_BITS} (got {w})"
            )));
        }
        Ok(RandomDag {
            branching: n,
            depth: d,
            width: w,
            seed,
            edge_key: derive_key(seed, EDGE),
            leaf_key: derive_key(seed, LEAF),
            table_key: derive_key(seed, KEY),
        })
    }

    /// The level of a position (0 at the root).
    #[inline(always)]
    pub fn level(pos: u64) -> u32 {
        (pos >> INDEX_BITS) as u32
    }

    /// The width W.
    pub fn width(&self) -> u64 {
        self.width
    }
}

impl Game for RandomDag {
    /// The level in the top 16 bits, the index within the level below.
    type Position = u64;
    type Move = u32;
    type Moves = Numbered;

    #[inline(always)]
    fn moves(&self, pos: &u64, out: &mut Numbered) {
        if Self::level(*pos) < self.depth {
            out.set(self.branching);
        }
    }

    #[inline(always)]
    fn play(&self, pos: &u64, mv: u32) -> u64 {
        let next = u64::from(Self::level(*pos) + 1) << INDEX_BITS;
        let h = node_hash(node_hash(self.edge_key, *pos), u64::from(mv));
        next | below(h, self.width)
    }

    #[inline(always)]
    fn evaluate(&self, pos: &u64, _ply: usize) -> Value {
        Continuous.value(node_hash(self.leaf_key, *pos))
    }
}

impl HashedGame for RandomDag {
    /// A bijective hash of the position number: distinct positions, distinct keys.
    #[inline(always)]
    fn key(&self, pos: &u64) -> u64 {
        node_hash(self.table_key, *pos)
    }
}

impl TreeModel for RandomDag {
    fn reseed(&self, seed: u64) -> Self {
        RandomDag::new(self.branching, self.depth, self.width, seed).expect("checked shape")
    }
    fn root(&self) -> u64 {
        0
    }
    fn depth(&self) -> u32 {
        self.depth
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn node_id(&self, pos: &u64) -> u64 {
        *pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn paths_meet_and_levels_stay_narrow() {
        let dag = RandomDag::new(4, 6, 20, 3).unwrap();
        let mut level = vec![dag.root()];
        let mut paths = 1u64;
        for l in 1..=6 {
            let next: Vec<u64> = level
                .iter()
                .flat_map(|p| (1..=4).map(move |m| dag.play(p, m)))
                .collect();
            paths *= 4;
            let distinct: HashSet<u64> = next.iter().copied().collect();
            assert!(distinct.len() as u64 <= 20, "level {l}");
            assert!(next.iter().all(|&p| RandomDag::level(p) == l));
            level = distinct.into_iter().collect();
        }
        // 4^6 = 4096 paths reach at most 20 positions: transpositions abound.
        assert!(paths > 200 * level.len() as u64);
        assert!(RandomDag::new(0, 3, 5, 1).is_err());
        assert!(RandomDag::new(2, 3, 0, 1).is_err());
        assert!(RandomDag::new(2, 65, 5, 1).is_err());
    }
}
