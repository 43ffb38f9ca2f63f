//! Perfect ordering imposed on the values instead of by reordering.

use alphabeta_core::{Game, Value};

use crate::hash::{below, derive_key, node_hash, salt};
use crate::model::TreeModel;

/// A position of a [`PerfectByConstruction`] tree: the inner position and
/// the value assigned to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Assigned<P> {
    /// The position of the inner model (its shape).
    pub inner: P,
    /// Its negamax value, for the side to move there.
    pub value: Value,
}

/// The largest gap between a position's value and a worse sibling's.
const GAP: u64 = 1 << 20;

/// The inner model's shape and move order, with values assigned from the
/// root down so that every position's first successor is best: Knuth's
/// assumption (12) holds by construction, while the shape stays exactly as
/// generated.
///
/// The root is worth 0. The first successor of a position worth v is worth
/// −v (so it gives the mover v); every other successor is worth
/// −v + δ, δ uniform on 1..=2^20 (it gives the mover less than v). A
/// terminal position evaluates to its assigned value, so every position's
/// negamax value is the one assigned to it.
///
/// Why both this and [`crate::Ordering::Perfect`]: sorting a random tree by
/// true values makes the first successor special (in a random-branching
/// tree, the best successor tends to have an unusual number of successors),
/// whereas Knuth's Corollary 2 assumes the number of successors independent
/// of the rank. This construction keeps that independence.
#[derive(Clone, Debug)]
pub struct PerfectByConstruction<M> {
    inner: M,
    key: u64,
}

impl<M: TreeModel> PerfectByConstruction<M> {
    /// `inner`'s shape with perfectly ordered values.
    pub fn new(inner: M) -> Self {
        let key = derive_key(inner.seed(), salt::ASSIGNED);
        PerfectByConstruction { inner, key }
    }
}

impl<M: TreeModel> Game for PerfectByConstruction<M> {
    type Position = Assigned<M::Position>;
    type Move = (u32, M::Move);
    type Moves = Vec<(u32, M::Move)>;

    fn moves(&self, pos: &Self::Position, out: &mut Vec<(u32, M::Move)>) {
        out.extend((1..).zip(self.inner.successors(&pos.inner)));
    }

    fn play(&self, pos: &Self::Position, (rank, mv): (u32, M::Move)) -> Self::Position {
        let inner = self.inner.play(&pos.inner, mv);
        let worse = if rank == 1 {
            0
        } else {
            1 + below(node_hash(self.key, self.inner.node_id(&inner)), GAP) as Value
        };
        Assigned {
            inner,
            value: -pos.value + worse,
        }
    }

    #[inline]
    fn evaluate(&self, pos: &Self::Position, _ply: usize) -> Value {
        pos.value
    }
}

impl<M: TreeModel> TreeModel for PerfectByConstruction<M> {
    fn reseed(&self, seed: u64) -> Self {
        PerfectByConstruction::new(self.inner.reseed(seed))
    }
    fn root(&self) -> Self::Position {
        Assigned {
            inner: self.inner.root(),
            value: 0,
        }
    }
    fn depth(&self) -> u32 {
        self.inner.depth()
    }
    fn seed(&self) -> u64 {
        self.inner.seed()
    }
    fn node_id(&self, pos: &Self::Position) -> u64 {
        self.inner.node_id(&pos.inner)
    }
}
