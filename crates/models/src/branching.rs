//! Random branching (Knuth & Moore 1975, Corollary 2): a position on level j
//! is non-terminal with probability q_j and has on average d_j successors.

use alphabeta_core::{Game, Numbered, Value};

use crate::error::{ModelError, check_shape};
use crate::hash::{derive_key, node_hash, salt, unit};
use crate::model::TreeModel;
use crate::uniform::{Continuous, LeafValues};

/// A position of a [`RandomBranching`] tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BranchingNode {
    /// Heap-style node number in radix B, the largest possible degree.
    pub id: u64,
    /// The level (the root is on level 0).
    pub level: u32,
}

/// One level's branching law: non-terminal with probability `q`, then
/// ⌊c⌋ or ⌈c⌉ successors with c = d/q, chosen so that the mean is exactly c.
/// The unconditional mean is then q·c = d, as Corollary 2 requires
/// (r_0 = 1 − q_j, Σ k·r_k = d_j).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Level {
    q: f64,
    floor: u32,
    frac: f64,
}

impl Level {
    /// Level `j`'s law, checked.
    fn new(j: usize, qj: f64, dj: f64) -> Result<Level, ModelError> {
        if !(0.0..=1.0).contains(&qj) {
            return Err(ModelError::BadProbability {
                name: format!("q_{j}"),
                value: qj,
            });
        }
        if !dj.is_finite() || dj < qj || (qj == 0.0 && dj != 0.0) || dj > f64::from(u32::MAX) {
            return Err(ModelError::BadMeanBranching {
                level: j,
                q: qj,
                mean: dj,
            });
        }
        let c = if qj == 0.0 { 1.0 } else { dj / qj };
        if c > f64::from(u32::MAX) {
            // `c as u32` would saturate and the mean would silently be
            // q·(2^32 − 1) instead of d.
            return Err(ModelError::BadLevels(format!(
                "level {j}: a non-terminal position would need d/q = {dj}/{qj} = {c} \
                 successors on average, more than the 2^32 − 1 a position can have"
            )));
        }
        Ok(Level {
            q: qj,
            floor: c.floor() as u32,
            frac: c - c.floor(),
        })
    }
}

/// The node-numbering radix: the largest number of successors any level can
/// give (at least 1).
fn radix(levels: &[Level]) -> u64 {
    levels
        .iter()
        .map(|l| u64::from(l.floor) + u64::from(l.frac > 0.0))
        .max()
        .unwrap_or(1)
        .max(1)
}

/// Checks `q` and `d` repeated over `depth` levels without building the
/// per-level lists, so an absurd depth (`d = 4·10⁹`) is refused with
/// [`ModelError::TooDeep`] instead of allocating gigabytes first.
pub(crate) fn check_repeated(q: f64, d: f64, depth: u32) -> Result<(), ModelError> {
    let level = Level::new(0, q, d)?;
    check_shape(radix(&[level]), depth)
}

/// Knuth's random branching tree of height `depth`: level j's positions are
/// non-terminal with probability `q[j]` and have on average `d[j]`
/// successors (counting terminal positions as 0). Positions on level
/// `depth` are terminal. Every terminal position, whatever its level, gets an
/// i.i.d. continuous value.
#[derive(Clone, Debug)]
pub struct RandomBranching {
    levels: Vec<Level>,
    radix: u64,
    seed: u64,
    leaf_key: u64,
    terminal_key: u64,
    degree_key: u64,
}

impl RandomBranching {
    /// A tree of height `q.len()` with the given per-level probabilities of
    /// being non-terminal and mean numbers of successors.
    pub fn new(q: &[f64], d: &[f64], seed: u64) -> Result<Self, ModelError> {
        if q.len() != d.len() {
            return Err(ModelError::BadLevels(format!(
                "random branching needs one q_j and one d_j per level (got {} and {})",
                q.len(),
                d.len()
            )));
        }
        if q.is_empty() {
            // The root alone: nothing is random about its branching, and the
            // spec would print as `branching q= mean=`, which reads back as
            // nothing.
            return Err(ModelError::BadLevels(
                "random branching needs at least one level (depth d ≥ 1)".into(),
            ));
        }
        let levels = q
            .iter()
            .zip(d)
            .enumerate()
            .map(|(j, (&qj, &dj))| Level::new(j, qj, dj))
            .collect::<Result<Vec<_>, _>>()?;
        let radix = radix(&levels);
        let depth = u32::try_from(levels.len()).unwrap_or(u32::MAX);
        check_shape(radix, depth)?;
        Ok(RandomBranching {
            levels,
            radix,
            seed,
            leaf_key: derive_key(seed, salt::LEAF),
            terminal_key: derive_key(seed, salt::TERMINAL),
            degree_key: derive_key(seed, salt::DEGREE),
        })
    }

    /// The same law on every level: `depth` levels with `q` and `d`.
    pub fn constant(q: f64, d: f64, depth: u32, seed: u64) -> Result<Self, ModelError> {
        check_repeated(q, d, depth)?;
        let n = depth as usize;
        RandomBranching::new(&vec![q; n], &vec![d; n], seed)
    }

    /// The number of successors of the position `id` on `level`.
    fn degree(&self, id: u64, level: &Level) -> u32 {
        if unit(node_hash(self.terminal_key, id)) >= level.q {
            return 0;
        }
        level.floor + u32::from(unit(node_hash(self.degree_key, id)) < level.frac)
    }
}

impl Game for RandomBranching {
    type Position = BranchingNode;
    type Move = u32;
    type Moves = Numbered;

    fn moves(&self, pos: &BranchingNode, out: &mut Numbered) {
        if let Some(level) = self.levels.get(pos.level as usize) {
            out.set(self.degree(pos.id, level));
        }
    }

    #[inline]
    fn play(&self, pos: &BranchingNode, mv: u32) -> BranchingNode {
        BranchingNode {
            id: pos.id * self.radix + u64::from(mv),
            level: pos.level + 1,
        }
    }

    #[inline]
    fn evaluate(&self, pos: &BranchingNode, _ply: usize) -> Value {
        Continuous.value(node_hash(self.leaf_key, pos.id))
    }
}

impl TreeModel for RandomBranching {
    fn reseed(&self, seed: u64) -> Self {
        RandomBranching {
            seed,
            leaf_key: derive_key(seed, salt::LEAF),
            terminal_key: derive_key(seed, salt::TERMINAL),
            degree_key: derive_key(seed, salt::DEGREE),
            ..self.clone()
        }
    }
    fn root(&self) -> BranchingNode {
        BranchingNode { id: 0, level: 0 }
    }
    fn depth(&self) -> u32 {
        self.levels.len() as u32
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn node_id(&self, pos: &BranchingNode) -> u64 {
        pos.id
    }
}
