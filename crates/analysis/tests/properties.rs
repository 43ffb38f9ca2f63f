//! Properties that must hold for every size: the exact and floating-point paths agree, the
//! expectation lies between perfect ordering and minimax, and probabilities are probabilities.

use alphabeta_analysis::fuller::{expected_leaves, expected_leaves_exact, leaf_probability};
use alphabeta_analysis::num::to_f64;
use alphabeta_analysis::perfect::perfect_ordering_leaves;
use malachite::Rational;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn exact_lies_between_perfect_ordering_and_minimax(n in 1u32..=9, d in 0u32..=5) {
        let exact = expected_leaves_exact(n, d).unwrap();
        let perfect = Rational::from(perfect_ordering_leaves(u64::from(n), d).unwrap() as u64);
        let minimax = Rational::from(u64::from(n).pow(d));
        prop_assert!(perfect <= exact && exact <= minimax);
        // Strictly inside once cutoffs are possible and not forced.
        if n >= 2 && d >= 2 {
            prop_assert!(perfect < exact && exact < minimax);
        }
    }

    #[test]
    fn float_agrees_with_exact(n in 1u32..=12, d in 0u32..=4) {
        let exact = to_f64(&expected_leaves_exact(n, d).unwrap());
        let float = expected_leaves(n, d).unwrap();
        prop_assert!((float.value - exact).abs() <= float.error);
        prop_assert!((float.value - exact).abs() <= 1e-12 * exact);
    }

    #[test]
    fn leaf_probabilities_are_probabilities(
        n in 2u32..=5,
        path in proptest::collection::vec(1u32..=5, 1..=4),
    ) {
        let path: Vec<u32> = path.into_iter().map(|i| 1 + (i - 1) % n).collect();
        let p = leaf_probability(n, &path).unwrap();
        prop_assert!(p > 0u32 && p <= 1u32);
        // Theorem 2c / Eqn 5.2: certain when every even-indexed coordinate is 1.
        if path.iter().skip(1).step_by(2).all(|&i| i == 1) {
            prop_assert_eq!(p, Rational::from(1u32));
        }
    }

    #[test]
    fn more_depth_or_breadth_never_fewer_leaves(n in 2u32..=40, d in 0u32..=12) {
        let here = expected_leaves(n, d).unwrap().value;
        prop_assert!(expected_leaves(n, d + 1).unwrap().value > here);
        if d >= 1 {
            prop_assert!(expected_leaves(n + 1, d).unwrap().value > here);
        }
    }
}
