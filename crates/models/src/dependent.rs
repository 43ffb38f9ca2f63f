//! Knuth's totally dependent model (Knuth & Moore 1975, §9, Fig. 8).

use alphabeta_core::{Game, Value};

use crate::error::{ModelError, check_shape, first_on_level};
use crate::hash::{GAMMA, below, derive_key, mix64, node_hash, salt};
use crate::model::TreeModel;

/// A position of a [`TotallyDependent`] tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DependentNode {
    /// Heap-style node number (root 0, m-th successor of `i` is `i·d + m`).
    pub id: u64,
    /// The move numbers from the root to here, read as a radix-d number.
    pub digits: Value,
}

/// A move of a [`TotallyDependent`] tree: its place in the search order and
/// the move number the random permutation gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DependentMove {
    /// 1-based rank among the successors (the Dewey index).
    pub rank: u32,
    /// The move number, 0 ≤ digit < d.
    pub digit: u32,
}

/// Knuth's "totally dependent" uniform tree of degree d and height h: every
/// position assigns a random permutation of {0, …, d − 1} to its moves, and a
/// terminal position's value (for the side to move there) is the
/// concatenation of the move numbers leading to it, read in radix d (§9:
/// "assigning a permutation … and then using the concatenation of all move
/// numbers leading to a terminal position as that position's value,
/// considered as a radix-d number"). For every i, j all terminal successors
/// of p_i are above or all below those of p_j — the defining property.
///
/// Consequence used as a check: the root value does not depend on the seed;
/// for d = 3 it is −(0202…20)₃ for odd h and +(2020…20)₃ for even h (§9).
#[derive(Clone, Copy, Debug)]
pub struct TotallyDependent {
    degree: u32,
    height: u32,
    seed: u64,
    key: u64,
    first_leaf: u64,
}

impl TotallyDependent {
    /// The tree of degree `d` and height `h`. The leaf values (below d^h)
    /// must stay below the core's forced-win scores ([`crate::MAX_MAGNITUDE`]).
    pub fn new(d: u32, h: u32, seed: u64) -> Result<Self, ModelError> {
        check_shape(u64::from(d), h)?;
        if u64::from(d)
            .checked_pow(h)
            .is_none_or(|v| v > crate::MAX_MAGNITUDE as u64)
        {
            return Err(ModelError::ValueOverflow(format!(
                "leaf values of a totally dependent tree of degree {d} and height {h} \
                 (up to {d}^{h}) would reach the scores reserved for forced wins (at most {})",
                crate::MAX_MAGNITUDE
            )));
        }
        Ok(TotallyDependent {
            degree: d,
            height: h,
            seed,
            key: derive_key(seed, salt::PERMUTATION),
            first_leaf: first_on_level(u64::from(d), h),
        })
    }
}

impl Game for TotallyDependent {
    type Position = DependentNode;
    type Move = DependentMove;
    type Moves = Vec<DependentMove>;

    /// Draws the position's permutation (Fisher–Yates from its hash stream)
    /// and lists its moves in rank order.
    fn moves(&self, pos: &DependentNode, out: &mut Vec<DependentMove>) {
        if pos.id >= self.first_leaf {
            return;
        }
        let d = self.degree;
        let base = out.len();
        out.extend((0..d).map(|i| DependentMove {
            rank: i + 1,
            digit: i,
        }));
        let stream = node_hash(self.key, pos.id);
        for i in (1..d as usize).rev() {
            let h = mix64(stream.wrapping_add((i as u64).wrapping_mul(GAMMA)));
            let j = below(h, i as u64 + 1) as usize;
            let mine = &mut out[base..];
            let (a, b) = (mine[i].digit, mine[j].digit);
            mine[i].digit = b;
            mine[j].digit = a;
        }
    }

    #[inline]
    fn play(&self, pos: &DependentNode, mv: DependentMove) -> DependentNode {
        DependentNode {
            id: pos.id * u64::from(self.degree) + u64::from(mv.rank),
            digits: pos.digits * Value::from(self.degree) + Value::from(mv.digit),
        }
    }

    #[inline]
    fn evaluate(&self, pos: &DependentNode, _ply: usize) -> Value {
        pos.digits
    }
}

impl TreeModel for TotallyDependent {
    fn reseed(&self, seed: u64) -> Self {
        TotallyDependent {
            seed,
            key: derive_key(seed, salt::PERMUTATION),
            ..*self
        }
    }
    fn root(&self) -> DependentNode {
        DependentNode { id: 0, digits: 0 }
    }
    fn depth(&self) -> u32 {
        self.height
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn node_id(&self, pos: &DependentNode) -> u64 {
        pos.id
    }
}
