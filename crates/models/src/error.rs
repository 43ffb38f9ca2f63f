//! Why a model's parameters were refused.

/// An invalid model parameter. Every constructor checks its parameters and
/// returns one of these instead of building a tree that would overflow or be
/// meaningless.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ModelError {
    /// A branching factor (N, d) of zero: the root would be the only position.
    #[error("the branching factor must be at least 1 (got 0)")]
    ZeroBranching,
    /// The tree has more positions than the 64-bit node numbering can name,
    /// or is deeper than [`MAX_DEPTH`].
    #[error(
        "a tree with branching {branching} and depth {depth} is too deep: its positions must \
         have 64-bit node numbers and it may have at most 64 levels; the deepest allowed for \
         this branching is {max_depth}"
    )]
    TooDeep {
        /// The branching factor (the largest one, for random branching).
        branching: u64,
        /// The requested depth.
        depth: u32,
        /// The greatest depth that fits.
        max_depth: u32,
    },
    /// Range R = 0: no value to draw.
    #[error("the range R must be at least 1 (got 0)")]
    ZeroRange,
    /// Leaf values would not fit in a 64-bit score.
    #[error("{0}")]
    ValueOverflow(String),
    /// A probability outside [0, 1] (or not a number).
    #[error("{name} must be a probability in [0, 1] (got {value})")]
    BadProbability {
        /// Which parameter.
        name: String,
        /// Its value.
        value: f64,
    },
    /// Random branching: a level's mean number of successors is impossible
    /// for its probability of being non-terminal.
    #[error(
        "level {level}: the mean number of successors d = {mean} must satisfy q ≤ d (a \
         non-terminal position has at least one successor) and d = 0 when q = 0; q = {q}"
    )]
    BadMeanBranching {
        /// The level j.
        level: usize,
        /// q_j.
        q: f64,
        /// d_j.
        mean: f64,
    },
    /// Random branching: lists of the wrong length.
    #[error("{0}")]
    BadLevels(String),
    /// An unknown model name.
    #[error("unknown model {0:?}; known: uniform, range, additive, dependent, branching")]
    UnknownModel(String),
    /// An unknown ordering name.
    #[error("unknown ordering {0:?}; known: random, perfect, worst, best-first, constructed")]
    UnknownOrdering(String),
    /// A parameter the model needs was not given, or one it does not take was.
    #[error("{0}")]
    Parameter(String),
}

/// The number of positions of a complete `branching`-ary tree of the given
/// depth, Σ_{k=0}^{depth} branching^k, if it fits in 64 bits. The models
/// number positions like a heap (root 0, children of `i` are
/// `i·b + 1, …, i·b + b`), so this is the bound on the node numbers.
pub fn positions(branching: u64, depth: u32) -> Option<u64> {
    let mut level = 1u64;
    let mut total = 1u64;
    for _ in 0..depth {
        level = level.checked_mul(branching)?;
        total = total.checked_add(level)?;
    }
    Some(total)
}

/// The deepest tree any model builds. Node numbers already stop binary trees
/// at 63 levels; the cap also bounds the recursion depth of the searches
/// (and the time to check a shape) for branching factor 1.
pub const MAX_DEPTH: u32 = 64;

/// Checks that a complete tree of this shape can be numbered in 64 bits and
/// is at most [`MAX_DEPTH`] deep.
pub(crate) fn check_shape(branching: u64, depth: u32) -> Result<(), ModelError> {
    if branching == 0 {
        return Err(ModelError::ZeroBranching);
    }
    if depth <= MAX_DEPTH && positions(branching, depth).is_some() {
        return Ok(());
    }
    let max_depth = (0..=depth.min(MAX_DEPTH))
        .rev()
        .find(|&d| positions(branching, d).is_some())
        .unwrap_or(0);
    Err(ModelError::TooDeep {
        branching,
        depth,
        max_depth,
    })
}

/// The number of the first position on level `depth` (all positions at or
/// beyond it are on levels ≥ `depth`): Σ_{k<depth} branching^k.
pub(crate) fn first_on_level(branching: u64, depth: u32) -> u64 {
    if depth == 0 {
        0
    } else {
        positions(branching, depth - 1).expect("shape checked")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_complete_trees() {
        assert_eq!(positions(3, 0), Some(1));
        assert_eq!(positions(3, 2), Some(13));
        assert_eq!(positions(1, 5), Some(6));
        assert_eq!(positions(2, 63), Some(u64::MAX));
        assert_eq!(positions(2, 64), None);
    }

    #[test]
    fn too_deep_names_the_limit() {
        assert_eq!(
            check_shape(2, 64),
            Err(ModelError::TooDeep {
                branching: 2,
                depth: 64,
                max_depth: 63
            })
        );
        assert!(check_shape(10, 19).is_ok());
        assert!(matches!(
            check_shape(10, 20),
            Err(ModelError::TooDeep { max_depth: 19, .. })
        ));
        assert_eq!(check_shape(0, 3), Err(ModelError::ZeroBranching));
        assert!(check_shape(1, 64).is_ok());
        assert!(matches!(
            check_shape(1, u32::MAX),
            Err(ModelError::TooDeep { max_depth: 64, .. })
        ));
    }
}
