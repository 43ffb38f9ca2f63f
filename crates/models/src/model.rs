//! What every implicit random tree offers besides being a [`Game`].

use alphabeta_core::Game;

/// An implicit random game tree: a [`Game`] whose positions are computed
/// from a seed, so a tree of any size costs no memory.
///
/// Contract (every model of this crate keeps it, and the ordering
/// transforms rely on it):
/// * the tree is finite: no position deeper than [`TreeModel::depth`] has
///   successors, so searching to that depth searches the whole tree;
/// * [`Game::evaluate`] does not depend on its `ply` argument: a leaf's value
///   belongs to the leaf, for the side to move there (negamax, Knuth eq. (1));
/// * the same parameters and seed give the same tree, forever.
pub trait TreeModel: Game + Clone + Send + Sync {
    /// The same model with another tree seed.
    fn reseed(&self, seed: u64) -> Self;
    /// The root position.
    fn root(&self) -> Self::Position;
    /// The height of the tree: the depth to search it to.
    fn depth(&self) -> u32;
    /// The tree seed.
    fn seed(&self) -> u64;
    /// A number that names the position uniquely within the tree.
    fn node_id(&self, pos: &Self::Position) -> u64;
}
