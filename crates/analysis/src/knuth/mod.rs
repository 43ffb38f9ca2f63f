//! Knuth & Moore, *An analysis of alpha-beta pruning*, Artificial Intelligence 6 (1975).
//!
//! * [`p`] / [`p_exact`]: the probabilities p\_ij of eq (26)–(27);
//! * [`level_two_expected_leaves`]: T(d,2) = Σ p\_ij (Theorem 3, eq (30));
//! * [`bounds`]: r0(d), r1(d), r\*(d) of Table 1 and the d = 3 constants of eq (23);
//! * [`best_case`]: procedure F1 under best ordering, eqs (49)–(51);
//! * [`dependent`]: the totally dependent model, Theorem 6, eqs (52)–(54), Corollary 4.

pub mod best_case;
pub mod bounds;
pub mod dependent;

pub use dependent::{
    corollary4_constant, totally_dependent_expected_leaves,
    totally_dependent_expected_leaves_exact, totally_dependent_f1_expected_leaves,
    totally_dependent_f1_expected_leaves_exact, totally_dependent_f1_growth,
};

use malachite::Rational;

use crate::num::ratio;

/// p\_ij of Knuth & Moore 1975, eq (27), exactly: the probability that
/// max_{1≤k<i} min(Y_k1,…,Y_kd) < min_{1≤l<j} Y_il (eq 26) for (i−1)d + (j−1) i.i.d. values.
///
/// p\_ij = 1 when i = 1 or j = 1, and otherwise
/// p\_ij = Π_{k=1}^{i−1} kd / (kd + j − 1)  (= 1 / binom(i − 1 + (j − 1)/d, i − 1)).
///
/// Reconstructed from the OCR'd seed (the product form is legible; its value for d = 3 matches
/// Fig. 6: 1, 3/4, 3/5, 9/14, 9/20).
///
/// # Panics
/// If `i` or `j` is not in 1..=d.
pub fn p_exact(d: u32, i: u32, j: u32) -> Rational {
    assert!(
        (1..=d).contains(&i) && (1..=d).contains(&j),
        "p_ij needs 1 ≤ i, j ≤ d"
    );
    let d = u64::from(d);
    (1..u64::from(i))
        .map(|k| ratio(k * d, k * d + u64::from(j) - 1))
        .product()
}

/// p\_ij (eq 27) in floating point.
///
/// # Panics
/// If `i` or `j` is not in 1..=d.
pub fn p(d: u32, i: u32, j: u32) -> f64 {
    assert!(
        (1..=d).contains(&i) && (1..=d).contains(&j),
        "p_ij needs 1 ≤ i, j ≤ d"
    );
    let d = f64::from(d);
    (1..i)
        .map(|k| {
            let kd = f64::from(k) * d;
            kd / (kd + f64::from(j) - 1.0)
        })
        .product()
}

/// T(d,2) = Σ_{1≤i,j≤d} p\_ij (Knuth & Moore 1975, Theorem 3, eq (30)): the expected number of
/// terminal positions examined by alpha-beta in a random uniform tree of degree d and height 2
/// — the same quantity as Fuller et al.'s E\[NBP\_{d,2}\].
pub fn level_two_expected_leaves(d: u32) -> Rational {
    (1..=d)
        .flat_map(|i| (1..=d).map(move |j| p_exact(d, i, j)))
        .sum()
}

/// S_d = Σ_{2≤i≤d, 1≤j≤d} p\_ij = T(d,2) − d (Knuth & Moore 1975, eq (38)).
pub fn s(d: u32) -> f64 {
    (2..=d).flat_map(|i| (1..=d).map(move |j| p(d, i, j))).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::to_f64;

    #[test]
    fn figure_6_probabilities() {
        let want = [
            [(1, 1), (1, 1), (1, 1)],
            [(1, 1), (3, 4), (3, 5)],
            [(1, 1), (9, 14), (9, 20)],
        ];
        for (i, row) in want.iter().enumerate() {
            for (j, &(a, b)) in row.iter().enumerate() {
                let (i, j) = (i as u32 + 1, j as u32 + 1);
                assert_eq!(p_exact(3, i, j), ratio(a, b), "p_{i}{j}");
                assert!((p(3, i, j) - a as f64 / b as f64).abs() < 1e-15);
            }
        }
    }

    #[test]
    fn t_2_2_is_eleven_thirds() {
        assert_eq!(level_two_expected_leaves(2), ratio(11, 3));
        assert_eq!(level_two_expected_leaves(3), ratio(521, 70));
    }

    #[test]
    fn s_is_t_minus_d() {
        for d in 2..12 {
            let t = to_f64(&level_two_expected_leaves(d));
            assert!((s(d) - (t - f64::from(d))).abs() < 1e-12 * t);
        }
    }

    #[test]
    fn p_is_probability_of_event_26_by_enumeration() {
        // d = 2, i = 2, j = 2: max(min(Y11, Y12)) < Y21 over 3 values: 2/3.
        // d = 3, i = 3, j = 2: max(min(Y11..Y13), min(Y21..Y23)) < Y31 over 7 values.
        for (d, i, j) in [(2u32, 2u32, 2u32), (3, 3, 2), (3, 2, 3), (3, 3, 3)] {
            let groups = (i - 1) as usize;
            let n = groups * d as usize + (j - 1) as usize;
            let (mut hits, mut total) = (0u64, 0u64);
            crate::testing::for_each_permutation(n, |y| {
                let max_min = (0..groups)
                    .map(|k| {
                        y[k * d as usize..(k + 1) * d as usize]
                            .iter()
                            .min()
                            .unwrap()
                    })
                    .max()
                    .unwrap();
                let tail_min = y[groups * d as usize..].iter().min().unwrap();
                total += 1;
                if max_min < tail_min {
                    hits += 1;
                }
            });
            assert_eq!(p_exact(d, i, j), ratio(hits, total), "d={d} i={i} j={j}");
        }
    }
}
