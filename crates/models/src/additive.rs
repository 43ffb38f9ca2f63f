//! The additive (correlated) model proposed by Fuller et al. (§8) and
//! discussed by Knuth (§9, eq. (55)): a random value on every branch, and a
//! leaf's value is the sum of the values on the branches above it.

use alphabeta_core::{Game, Numbered, Value};

use crate::error::{ModelError, check_shape, first_on_level};
use crate::hash::{below, derive_key, node_hash, salt};
use crate::model::TreeModel;

/// A position of an [`Additive`] tree: its node number and its value so far
/// for the side to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AdditiveNode {
    /// Heap-style node number (root 0, m-th successor of `i` is `i·N + m`).
    pub id: u64,
    /// The sum of the branch values above, for the side to move.
    pub score: Value,
}

/// A uniform tree ⟨N, D⟩ with i.i.d. branch values uniform on the integers
/// `−spread, …, +spread`; a leaf's value is the sum along its path.
///
/// Reading (reconstructed; the seeds state the model in one sentence each):
/// the value of a branch is the gain of the player who makes that move, so a
/// position's value for the side to move is `−(parent's value + gain)`. In
/// Fuller's min/max terms the leaf value is the sum of the branch values
/// with every second one negated; because the branch values are symmetric
/// about 0, that is the same distribution of trees as Fuller's plain sum
/// (and Knuth's), so the experiments are those of the seeds.
#[derive(Clone, Copy, Debug)]
pub struct Additive {
    branching: u32,
    depth: u32,
    spread: u32,
    seed: u64,
    key: u64,
    first_leaf: u64,
}

impl Additive {
    /// The additive tree ⟨n, d⟩ with branch values in `−spread..=spread`.
    pub fn new(n: u32, d: u32, spread: u32, seed: u64) -> Result<Self, ModelError> {
        check_shape(u64::from(n), d)?;
        Ok(Additive {
            branching: n,
            depth: d,
            spread,
            seed,
            key: derive_key(seed, salt::BRANCH),
            first_leaf: first_on_level(u64::from(n), d),
        })
    }

    /// The value of the branch into position `id` (for the player moving).
    #[inline(always)]
    fn branch_value(&self, id: u64) -> Value {
        let values = 2 * u64::from(self.spread) + 1;
        below(node_hash(self.key, id), values) as Value - Value::from(self.spread)
    }
}

impl Game for Additive {
    type Position = AdditiveNode;
    type Move = u32;
    type Moves = Numbered;

    #[inline]
    fn moves(&self, pos: &AdditiveNode, out: &mut Numbered) {
        if pos.id < self.first_leaf {
            out.set(self.branching);
        }
    }

    #[inline]
    fn play(&self, pos: &AdditiveNode, mv: u32) -> AdditiveNode {
        let id = pos.id * u64::from(self.branching) + u64::from(mv);
        AdditiveNode {
            id,
            score: -(pos.score + self.branch_value(id)),
        }
    }

    #[inline]
    fn evaluate(&self, pos: &AdditiveNode, _ply: usize) -> Value {
        pos.score
    }
}

impl TreeModel for Additive {
    fn reseed(&self, seed: u64) -> Self {
        Additive {
            seed,
            key: derive_key(seed, salt::BRANCH),
            ..*self
        }
    }
    fn root(&self) -> AdditiveNode {
        AdditiveNode { id: 0, score: 0 }
    }
    fn depth(&self) -> u32 {
        self.depth
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn node_id(&self, pos: &AdditiveNode) -> u64 {
        pos.id
    }
}
