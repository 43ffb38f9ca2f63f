//! Uniform trees ⟨N, D⟩ with independent leaf values: the model of Fuller §3
//! and Knuth §7 ([`Uniform`], continuous values) and Fuller §6's range-R
//! variant ([`RangeR`], R equally likely values, Fig. 6.1).

use alphabeta_core::{Game, MoveList, Numbered, Value};

use crate::error::{ModelError, check_shape, first_on_level};
use crate::hash::{below, derive_key, node_hash, salt};
use crate::model::TreeModel;

/// How a leaf's hash becomes its value.
pub trait LeafValues: Copy + Send + Sync + core::fmt::Debug {
    /// The value for the side to move at a leaf with this hash.
    fn value(&self, hash: u64) -> Value;
}

/// Continuous values: 56 random bits, uniform on −2^55 ≤ v < 2^55, so all
/// leaves of a tree are distinct with overwhelming probability (Fuller's
/// continuity assumption, §3; Knuth §7's "distinct values"); Fuller's own
/// simulation drew integers from (0, 2^35 − 1) (§7). The range stays below
/// the core's forced-win scores ([`crate::MAX_MAGNITUDE`]), so no random
/// value is mistaken for a win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Continuous;

impl LeafValues for Continuous {
    #[inline(always)]
    fn value(&self, hash: u64) -> Value {
        (hash >> 8) as Value - (1 << 55)
    }
}

/// R equally likely values `0, …, R − 1` (Fuller §6, Fig. 6.1), R at most
/// [`crate::MAX_MAGNITUDE`]. R = 1 makes
/// every leaf equal, which alpha-beta treats like perfect ordering because
/// equal values cut off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Discrete {
    /// R, at least 1.
    pub range: u64,
}

impl LeafValues for Discrete {
    #[inline(always)]
    fn value(&self, hash: u64) -> Value {
        below(hash, self.range) as Value
    }
}

/// A uniform tree: every position above level D has exactly N successors,
/// and position `i`'s value is drawn from its hash. A position is its node
/// number (root 0, the m-th successor of `i` is `i·N + m`, moves numbered
/// from 1 like Dewey paths), so the tree needs no memory.
#[derive(Clone, Copy, Debug)]
pub struct UniformTree<V> {
    branching: u32,
    depth: u32,
    seed: u64,
    key: u64,
    first_leaf: u64,
    values: V,
}

/// Fuller's and Knuth's random uniform tree ⟨N, D⟩ with i.i.d. continuous
/// leaf values.
pub type Uniform = UniformTree<Continuous>;

/// Fuller's range-R model: a uniform tree whose leaf values are drawn from R
/// equally likely values (§6, Fig. 6.1).
pub type RangeR = UniformTree<Discrete>;

impl<V: LeafValues> UniformTree<V> {
    /// A tree of branching `n` and depth `d`, leaf values from `values`.
    pub fn with_values(n: u32, d: u32, values: V, seed: u64) -> Result<Self, ModelError> {
        check_shape(u64::from(n), d)?;
        Ok(UniformTree {
            branching: n,
            depth: d,
            seed,
            key: derive_key(seed, salt::LEAF),
            first_leaf: first_on_level(u64::from(n), d),
            values,
        })
    }

    /// The branching factor N.
    pub fn branching(&self) -> u32 {
        self.branching
    }
}

impl Uniform {
    /// The uniform tree ⟨n, d⟩ with continuous values.
    pub fn new(n: u32, d: u32, seed: u64) -> Result<Self, ModelError> {
        UniformTree::with_values(n, d, Continuous, seed)
    }
}

impl RangeR {
    /// The uniform tree ⟨n, d⟩ with values drawn from `range` values.
    pub fn new(n: u32, d: u32, range: u64, seed: u64) -> Result<Self, ModelError> {
        if range == 0 {
            return Err(ModelError::ZeroRange);
        }
        if range > crate::MAX_MAGNITUDE as u64 {
            return Err(ModelError::ValueOverflow(format!(
                "R = {range} values would reach the scores reserved for forced wins; \
                 R can be at most {}",
                crate::MAX_MAGNITUDE
            )));
        }
        UniformTree::with_values(n, d, Discrete { range }, seed)
    }
}

impl<V: LeafValues> Game for UniformTree<V> {
    type Position = u64;
    type Move = u32;
    type Moves = Numbered;

    #[inline(always)]
    fn moves(&self, pos: &u64, out: &mut Numbered) {
        if *pos < self.first_leaf {
            out.set(self.branching);
        }
    }

    #[inline(always)]
    fn play(&self, pos: &u64, mv: u32) -> u64 {
        pos * u64::from(self.branching) + u64::from(mv)
    }

    #[inline(always)]
    fn evaluate(&self, pos: &u64, _ply: usize) -> Value {
        self.values.value(node_hash(self.key, *pos))
    }

    /// The leaf-parent hook: the successors of `pos` are the nodes
    /// `pos·N + m`, and their values are hashed from those numbers directly,
    /// in the order of `moves` (1, …, N unless a table put a move first).
    #[inline(always)]
    fn successor_values<F: FnMut(Value) -> bool>(
        &self,
        pos: &u64,
        _ply: usize,
        moves: &Numbered,
        mut visit: F,
    ) -> bool {
        let base = pos * u64::from(self.branching);
        // In order, the successors are the consecutive nodes base + 1, …,
        // base + n: base + 1 + i for the loop's index i, which the compiler
        // strength-reduces (no multiplication per leaf for the hash's
        // input). The loop runs on the index alone, which the search's
        // closure counts too, so the two are one register (a counter from
        // base + 1 to base + n beside it took a third). A list with a move
        // put first (a table's) is read through the list. One loop with one
        // call of `visit`, so the search's closure stays inlined.
        let (key, values) = (self.key, self.values);
        let reordered = !moves.in_order();
        let first = base + 1;
        for i in 0..moves.len() {
            let node = if reordered {
                base + u64::from(moves.get(i))
            } else {
                first + i as u64
            };
            if !visit(values.value(node_hash(key, node))) {
                break;
            }
        }
        true
    }
}

impl<V: LeafValues> TreeModel for UniformTree<V> {
    fn reseed(&self, seed: u64) -> Self {
        UniformTree {
            seed,
            key: derive_key(seed, salt::LEAF),
            ..*self
        }
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
    #[inline]
    fn node_id(&self, pos: &u64) -> u64 {
        *pos
    }
}
