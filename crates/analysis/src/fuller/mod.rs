//! Fuller, Gaschnig & Gillogly, *Analysis of the alpha-beta pruning algorithm* (CMU 1973):
//! the expected number of bottom positions E\[NBP\_{N,D}\] alpha-beta examines in a uniform tree
//! of branching factor N and depth D whose N^D leaf values are i.i.d. and continuous.
//!
//! * [`expected_leaves_exact`]: exact rationals by the factorised form of Eqn 5.6 (GUIDE §5) —
//!   the faster form the paper left as an open problem;
//! * [`lemma53`]: Eqn 5.6 summed over all index vectors with the integrals of Lemma 5.3, an
//!   independent exact check for small trees;
//! * [`expected_leaves`], [`expected_leaves_by_level`]: floating point with a certified error
//!   bound for N ≤ 1000, D ≤ 64 (every level in one pass; [`certified`] documents the bound);
//! * [`leaf_probability`]: Pr{i_D} (Theorem 2, Eqn 5.6); [`expected_move_generations`];
//! * [`nbp_moments_exact`], [`variance_exact`]: E\[NBP²\] and Var\[NBP\] as exact rationals, and
//!   [`nbp_distribution_exact`]: Pr{NBP = k} — the paper's second open problem (§8), by a
//!   recursion over heights whose cost is exponential in D (small trees);
//! * [`tables`]: the paper's printed Tables 5.1, 5.2 and 7.1.

pub mod certified;
mod distribution;
mod error;
mod exact;
mod float;
pub mod lemma53;
mod pair_integral;
mod piecewise;
pub mod tables;
mod variance;

pub use certified::{
    CERTIFIED_MAX_D, CERTIFIED_MAX_N, LevelEstimates, expected_leaves_by_level,
    expected_leaves_by_level_within,
};
#[doc(hidden)]
pub use certified::{Refinement, expected_leaves_by_level_with};
pub use distribution::{
    DISTRIBUTION_MAX_LEAVES, nbp_distribution_exact, nbp_distribution_exact_until,
};
pub use error::FullerError;
pub use exact::{
    EXACT_LIMIT_BITS, MAX_EXACT_NMG_DEPTH, check_exact_cost, check_exact_cost_within,
    estimated_cost_bits, expected_leaves_exact, expected_leaves_exact_within,
    expected_leaves_on_level_exact, expected_move_generations_exact, leaf_probability,
};
pub use float::{
    Estimate, FLOAT_MAX_D, FLOAT_MAX_N, expected_leaves, expected_leaves_on_level,
    expected_move_generations,
};
pub use pair_integral::{
    MOMENTS_FLOAT_MAX_D, MOMENTS_FLOAT_MAX_N, NbpMomentEstimates, nbp_moments_float,
    nbp_moments_float_until,
};
pub use tables::{TABLE_5_1, TABLE_5_2, TABLE_7_1};
pub use variance::{
    DISTRIBUTION_MAX_DEPTH, NbpMoments, SINGLE_PATH_MAX_DEPTH, VARIANCE_MAX_LEAVES, exact_reach,
    nbp_moments_exact, nbp_moments_exact_until, variance_exact,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::to_f64;
    use malachite::{Integer, Rational};
    use std::str::FromStr;

    fn printed(p: &tables::PrintedRational) -> Rational {
        Rational::from_integers(
            Integer::from_str(p.numerator).unwrap(),
            Integer::from_str(p.denominator).unwrap(),
        )
    }

    #[test]
    fn table_5_1_digit_for_digit() {
        for entry in &TABLE_5_1 {
            let ours = expected_leaves_exact(entry.n, entry.d).unwrap();
            assert_eq!(
                ours.to_string(),
                format!("{}/{}", entry.numerator, entry.denominator)
            );
        }
    }

    #[test]
    fn table_5_2_digit_for_digit() {
        for entry in &TABLE_5_2 {
            let ours = expected_leaves_exact(entry.n, entry.d).unwrap();
            assert_eq!(ours, printed(entry), "<{},{}>", entry.n, entry.d);
            assert_eq!(
                ours.to_string(),
                format!("{}/{}", entry.numerator, entry.denominator)
            );
        }
    }

    #[test]
    fn decimal_values_quoted_in_the_text() {
        // Fuller ⟨3,4⟩ ≈ 45.2025 and ⟨4,3⟩ ≈ 40.1143.
        let v34 = to_f64(&expected_leaves_exact(3, 4).unwrap());
        let v43 = to_f64(&expected_leaves_exact(4, 3).unwrap());
        assert!((v34 - 45.2025).abs() < 5e-5, "{v34}");
        assert!((v43 - 40.1143).abs() < 5e-5, "{v43}");
    }

    #[test]
    fn boundary_cases() {
        for n in 1..6 {
            assert_eq!(expected_leaves_exact(n, 0).unwrap(), Rational::from(1u32));
            assert_eq!(expected_leaves_exact(n, 1).unwrap(), Rational::from(n));
        }
        for d in 0..8 {
            assert_eq!(expected_leaves_exact(1, d).unwrap(), Rational::from(1u32));
        }
        assert_eq!(expected_leaves_exact(0, 2), Err(FullerError::ZeroBranching));
        assert!(matches!(
            expected_leaves_exact(35, 8),
            Err(FullerError::TooExpensive { .. })
        ));
    }

    #[test]
    fn equals_knuth_t_d_2_for_every_d_up_to_40() {
        for d in 2..=40 {
            assert_eq!(
                expected_leaves_exact(d, 2).unwrap(),
                crate::knuth::level_two_expected_leaves(d),
                "d = {d}"
            );
        }
    }

    #[test]
    fn leaf_probabilities_sum_to_the_expectation() {
        for (n, d) in [(2u32, 2u32), (2, 3), (3, 2), (2, 4), (3, 3)] {
            let mut total = Rational::from(0u32);
            let mut path = vec![1u32; d as usize];
            loop {
                total += leaf_probability(n, &path).unwrap();
                let mut k = 0;
                while k < path.len() {
                    path[k] += 1;
                    if path[k] <= n {
                        break;
                    }
                    path[k] = 1;
                    k += 1;
                }
                if k == path.len() {
                    break;
                }
            }
            assert_eq!(total, expected_leaves_exact(n, d).unwrap(), "<{n},{d}>");
        }
    }

    #[test]
    fn leaf_probability_depth_two_is_a_beta_function() {
        // Pr{(i1,i2)} = (i2−1)/N · B(i1, (i2−1)/N); for N = 2, (1,2): 1/2·B(1,1/2) = 1.
        assert_eq!(leaf_probability(2, &[1, 2]).unwrap(), Rational::from(1u32));
        // (2,2): 1/2·B(2,1/2) = 1/2 · 1/(1/2·3/2) = 2/3.
        assert_eq!(
            leaf_probability(2, &[2, 2]).unwrap(),
            Rational::from_unsigneds(2u32, 3)
        );
        assert!(leaf_probability(2, &[3, 1]).is_err());
        assert!(leaf_probability(2, &[0, 1]).is_err());
    }

    #[test]
    fn leaves_with_every_even_index_one_are_always_examined_at_any_size() {
        // Theorem 2c needs no integral, so no size limit: ⟨1000, 40⟩ is far
        // beyond what the exact integrals may attempt.
        let path: Vec<u32> = (0..40).map(|k| if k % 2 == 0 { 7 } else { 1 }).collect();
        assert!(exact::check_exact_cost(1000, 40).is_err());
        assert_eq!(leaf_probability(1000, &path).unwrap(), Rational::from(1u32));
        let mut other = path.clone();
        other[39] = 2;
        assert!(leaf_probability(1000, &other).is_err());
    }

    #[test]
    fn move_generations() {
        // ⟨2,2⟩: the root and its 2 children are always expanded.
        assert_eq!(
            expected_move_generations_exact(2, 2).unwrap(),
            Rational::from(3u32)
        );
        // ⟨2,3⟩: 1 + 2 + 11/3.
        assert_eq!(
            expected_move_generations_exact(2, 3).unwrap(),
            Rational::from_unsigneds(20u32, 3)
        );
    }
}
