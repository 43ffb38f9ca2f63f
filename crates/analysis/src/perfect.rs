//! Perfect ordering: the minimum number of positions alpha-beta examines.
//!
//! * Levin (1961) / Slagle & Dixon (1969), quoted by Fuller et al. 1973 §2:
//!   NBP_po = N^⌈D/2⌉ + N^⌊D/2⌋ − 1 (for ⟨35,4⟩: 2449).
//! * Knuth & Moore 1975, Corollary 1, eq (13): the same count on every level l, provided the
//!   root value is not ±∞; when it is +∞ only d^⌊l/2⌋ positions are examined on level l, and
//!   d^⌈l/2⌉ when it is −∞ (the remark after Corollary 1).
//! * Knuth & Moore 1975, Corollary 2, eq (14): random branching, position on level j
//!   non-terminal with probability q_j and d_j successors on average.

use std::fmt;

/// The value of the root of a perfectly ordered tree, which decides Knuth's Corollary 1 case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootValue {
    /// A finite value: the count of eq (13).
    Finite,
    /// A forced win for the player to move: d^⌊l/2⌋ positions on level l.
    PlusInfinity,
    /// A forced loss for the player to move: d^⌈l/2⌉ positions on level l.
    MinusInfinity,
}

/// Input rejected by the perfect-ordering counts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PerfectOrderingError {
    /// The count does not fit in 128 bits.
    #[error("the count for degree {degree} and level {level} does not fit in 128 bits")]
    Overflow {
        /// The branching factor.
        degree: u64,
        /// The level (depth).
        level: u32,
    },
    /// Corollary 2 needs one q_j and one d_j for every level j < l.
    #[error("Corollary 2 needs {needed} values of q_j and d_j, got {q} and {d}")]
    TooFewLevels {
        /// Levels needed (l).
        needed: usize,
        /// Number of q_j given.
        q: usize,
        /// Number of d_j given.
        d: usize,
    },
}

/// Positions examined on level `level` of a perfectly ordered uniform tree of degree `degree`
/// (Knuth & Moore 1975, Corollary 1, eq (13), and the ±∞ remark after it).
///
/// With `level` = D this is the leaf count N^⌈D/2⌉ + N^⌊D/2⌋ − 1 of Slagle & Dixon / Levin.
pub fn perfect_ordering_on_level(
    degree: u64,
    level: u32,
    root: RootValue,
) -> Result<u128, PerfectOrderingError> {
    let overflow = PerfectOrderingError::Overflow { degree, level };
    let pow = |e: u32| (degree as u128).checked_pow(e).ok_or(overflow.clone());
    let floor = pow(level / 2)?;
    let ceil = pow(level.div_ceil(2))?;
    match root {
        RootValue::Finite => floor
            .checked_add(ceil)
            .map(|s| s - 1)
            .ok_or(overflow.clone()),
        RootValue::PlusInfinity => Ok(floor),
        RootValue::MinusInfinity => Ok(ceil),
    }
}

/// Leaves examined by alpha-beta in a perfectly ordered uniform tree, N^⌈D/2⌉ + N^⌊D/2⌋ − 1
/// (Fuller et al. 1973 §2, after Slagle & Dixon 1969 and Levin 1961).
pub fn perfect_ordering_leaves(n: u64, depth: u32) -> Result<u128, PerfectOrderingError> {
    perfect_ordering_on_level(n, depth, RootValue::Finite)
}

/// Positions examined on all levels 0..=`depth` of a perfectly ordered uniform tree (finite
/// root value): Σ_{i=0}^{D} (N^⌈i/2⌉ + N^⌊i/2⌋ − 1) (Hsu's slides, "Analysis: best case",
/// from Knuth & Moore's Corollary 1).
pub fn perfect_ordering_total_positions(n: u64, depth: u32) -> Result<u128, PerfectOrderingError> {
    (0..=depth).try_fold(0u128, |total, level| {
        let count = perfect_ordering_on_level(n, level, RootValue::Finite)?;
        total
            .checked_add(count)
            .ok_or(PerfectOrderingError::Overflow { degree: n, level })
    })
}

/// Expected number of positions on level `level` examined by alpha-beta under perfect ordering
/// in a random branching tree (Knuth & Moore 1975, Corollary 2, eq (14)): a position on level j
/// is non-terminal with probability `q[j]` and has `d[j]` successors on average.
///
/// The count is Π_{j<l} x_j + Π_{j<l} y_j − Π_{j<l} q_j with x_j = d_j for even j and q_j for
/// odd j, y_j the other way round (the critical positions: every odd-indexed, resp. every
/// even-indexed, coordinate equal to 1).
pub fn perfect_ordering_random_branching(
    q: &[f64],
    d: &[f64],
    level: usize,
) -> Result<f64, PerfectOrderingError> {
    if q.len() < level || d.len() < level {
        return Err(PerfectOrderingError::TooFewLevels {
            needed: level,
            q: q.len(),
            d: d.len(),
        });
    }
    let pick = |even_is_d: bool| -> f64 {
        (0..level)
            .map(|j| {
                if (j % 2 == 0) == even_is_d {
                    d[j]
                } else {
                    q[j]
                }
            })
            .product()
    };
    let all_first: f64 = q[..level].iter().product();
    Ok(pick(true) + pick(false) - all_first)
}

/// Expected number of positions on level `level` of the random branching tree of Corollary 2:
/// d_0 d_1 … d_{l−1}.
pub fn random_branching_positions(d: &[f64], level: usize) -> f64 {
    d.iter().take(level).product()
}

impl fmt::Display for RootValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RootValue::Finite => "finite",
            RootValue::PlusInfinity => "+inf",
            RootValue::MinusInfinity => "-inf",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fuller_35_4_is_2449() {
        assert_eq!(perfect_ordering_leaves(35, 4), Ok(2449));
        // "differs from 35^4 = 1,500,625 by a factor of 612"
        assert_eq!(1_500_625 / 2449, 612);
    }

    #[test]
    fn fuller_even_and_odd_forms() {
        // Fuller et al. §2: 2N^{D/2} − 1 for D even, N^{(D+1)/2} + N^{(D−1)/2} − 1 for D odd.
        for n in 1..8u64 {
            for depth in 0..9u32 {
                let expected = if depth % 2 == 0 {
                    2 * (n as u128).pow(depth / 2) - 1
                } else {
                    (n as u128).pow(depth.div_ceil(2)) + (n as u128).pow(depth / 2) - 1
                };
                assert_eq!(perfect_ordering_leaves(n, depth), Ok(expected));
            }
        }
    }

    #[test]
    fn infinite_roots_count_one_family_of_critical_positions() {
        assert_eq!(
            perfect_ordering_on_level(3, 4, RootValue::PlusInfinity),
            Ok(9)
        );
        assert_eq!(
            perfect_ordering_on_level(3, 5, RootValue::PlusInfinity),
            Ok(9)
        );
        assert_eq!(
            perfect_ordering_on_level(3, 5, RootValue::MinusInfinity),
            Ok(27)
        );
        assert_eq!(perfect_ordering_on_level(3, 5, RootValue::Finite), Ok(35));
    }

    #[test]
    fn total_positions_by_enumeration() {
        // Count the critical Dewey paths of every length 0..=D directly.
        fn critical(path: &[u64]) -> bool {
            path.iter().step_by(2).all(|&a| a == 1)
                || path.iter().skip(1).step_by(2).all(|&a| a == 1)
        }
        for n in 1..5u64 {
            for depth in 0..6u32 {
                let mut total = 0u128;
                for level in 0..=depth {
                    let mut path = vec![1u64; level as usize];
                    loop {
                        total += u128::from(critical(&path));
                        let Some(k) = path.iter().position(|&a| a < n) else {
                            break;
                        };
                        path[k] += 1;
                        path[..k].iter_mut().for_each(|a| *a = 1);
                    }
                }
                assert_eq!(
                    perfect_ordering_total_positions(n, depth),
                    Ok(total),
                    "n={n} D={depth}"
                );
            }
        }
    }

    #[test]
    fn overflow_is_an_error() {
        assert!(matches!(
            perfect_ordering_leaves(u64::MAX, 6),
            Err(PerfectOrderingError::Overflow { .. })
        ));
    }

    #[test]
    fn corollary_2_reduces_to_corollary_1() {
        for degree in 1..6u64 {
            for level in 0..7usize {
                let q = vec![1.0; level];
                let d = vec![degree as f64; level];
                let got = perfect_ordering_random_branching(&q, &d, level).unwrap();
                let want = perfect_ordering_on_level(degree, level as u32, RootValue::Finite)
                    .unwrap() as f64;
                assert_eq!(got, want);
            }
        }
    }

    #[test]
    fn corollary_2_general_case() {
        // l = 3: d0 q1 d2 + q0 d1 q2 − q0 q1 q2.
        let q = [0.9, 0.8, 0.7];
        let d = [3.0, 4.0, 5.0];
        let want = 3.0 * 0.8 * 5.0 + 0.9 * 4.0 * 0.7 - 0.9 * 0.8 * 0.7;
        let got = perfect_ordering_random_branching(&q, &d, 3).unwrap();
        assert!((got - want).abs() < 1e-12);
        assert!(perfect_ordering_random_branching(&q, &d, 4).is_err());
        assert_eq!(random_branching_positions(&d, 2), 12.0);
    }
}
