//! The totally dependent model: Knuth & Moore 1975, §9, Theorem 6, eqs (52)–(54), Corollary 4.
//!
//! Every non-terminal position orders its moves by a random permutation of {0,…,d−1}, and a
//! terminal position's value is the concatenation of the move numbers on its path, read in
//! radix d. The proof of Theorem 6 classifies positions into three types with expected leaf
//! counts A_n, B_n, C_n at height n (eq 53):
//!
//! A_0 = B_0 = C_0 = 1, A_{n+1} = H_d·A_n + (d − H_d)·B_n, B_{n+1} = C_n, C_{n+1} = d·B_n,
//!
//! (H_d the harmonic number; the i-th successor of a type-1 position is "relevant", hence type 1,
//! with probability 1/i, and otherwise type 2). **Reconstruction note**: the OCR'd seed prints
//! the last term of the A recurrence once as "((d−1)/d)B_n" and once as "(d − H_d)e_n"; the
//! type argument of the proof (irrelevant successors are type 2, counted by B) and Corollary 4's
//! constant (d − H_d)(1 + H_d) / (2(d − H_d²)) (seed OCR: "(d – Hd)(l + t td)/2(d. 1t2)"), which this recurrence reproduces and the
//! C-variant does not, both say B. The tests confirm it by exhaustive enumeration of every
//! random totally dependent tree with d = 2, h ≤ 4 and d = 3, h ≤ 2.
//!
//! Solving, B_n = d^⌊n/2⌋ and A_h = H_d^h + (d − H_d)·Σ_{n<h} H_d^{h−1−n}·d^⌊n/2⌋ (eq 52).
//! For procedure F1 (no deep cutoffs) the recurrence is (54): A_0 = 1, A_1 = d,
//! A_{n+2} = H_d·A_{n+1} + (d − H_d)·A_n (the seed's "A1 = 1" is an OCR slip: F1 examines all
//! d leaves of a tree of height 1), with growth ratio √(d − H_d + H_d²/4) + H_d/2.

use malachite::Rational;

use crate::num::{harmonic, harmonic_f64};

fn check_degree(d: u32) {
    assert!(d >= 1, "degree must be at least 1");
}

/// Runs the three-type recurrence (53) in any field-like type.
fn theorem_6<T>(d: u32, h: u32, harmonic: T, from_u32: impl Fn(u32) -> T) -> T
where
    T: Clone + std::ops::Add<Output = T> + std::ops::Mul<Output = T> + std::ops::Sub<Output = T>,
{
    let degree = from_u32(d);
    let irrelevant = degree.clone() - harmonic.clone();
    let (mut a, mut b, mut c) = (from_u32(1), from_u32(1), from_u32(1));
    for _ in 0..h {
        let next_a = harmonic.clone() * a + irrelevant.clone() * b.clone();
        let next_c = degree.clone() * b;
        (a, b, c) = (next_a, c, next_c);
    }
    a
}

/// Expected number of terminal positions examined by alpha-beta (F2) in a random totally
/// dependent uniform tree of degree `d` and height `h` (Knuth & Moore 1975, Theorem 6,
/// eqs (52)–(53)), in floating point.
///
/// # Panics
/// If `d` is 0.
pub fn totally_dependent_expected_leaves(d: u32, h: u32) -> f64 {
    check_degree(d);
    theorem_6(d, h, harmonic_f64(d), f64::from)
}

/// [`totally_dependent_expected_leaves`] as an exact rational.
///
/// # Panics
/// If `d` is 0.
pub fn totally_dependent_expected_leaves_exact(d: u32, h: u32) -> Rational {
    check_degree(d);
    theorem_6(d, h, harmonic(d), Rational::from)
}

fn recurrence_54<T>(d: u32, h: u32, harmonic: T, from_u32: impl Fn(u32) -> T) -> T
where
    T: Clone + std::ops::Add<Output = T> + std::ops::Mul<Output = T> + std::ops::Sub<Output = T>,
{
    let irrelevant = from_u32(d) - harmonic.clone();
    let (mut a, mut b) = (from_u32(1), from_u32(d));
    for _ in 0..h {
        let next = harmonic.clone() * b.clone() + irrelevant.clone() * a;
        (a, b) = (b, next);
    }
    a
}

/// Expected terminal positions examined by procedure F1 (no deep cutoffs) in a random totally
/// dependent uniform tree (Knuth & Moore 1975, eq (54)), in floating point.
///
/// # Panics
/// If `d` is 0.
pub fn totally_dependent_f1_expected_leaves(d: u32, h: u32) -> f64 {
    check_degree(d);
    recurrence_54(d, h, harmonic_f64(d), f64::from)
}

/// [`totally_dependent_f1_expected_leaves`] as an exact rational.
///
/// # Panics
/// If `d` is 0.
pub fn totally_dependent_f1_expected_leaves_exact(d: u32, h: u32) -> Rational {
    check_degree(d);
    recurrence_54(d, h, harmonic(d), Rational::from)
}

/// The growth ratio of eq (54): √(d − H_d + H_d²/4) + H_d/2.
pub fn totally_dependent_f1_growth(d: u32) -> f64 {
    let h = harmonic_f64(d);
    (f64::from(d) - h + h * h / 4.0).sqrt() + h / 2.0
}

/// Corollary 4's constant (d − H_d)(1 + H_d) / (2(d − H_d²)): the limit, over even heights,
/// of eq (52) divided by the optimum 2d^{h/2} − 1 of Corollary 3 (from eq (52):
/// A_{2k} ≈ (d − H_d)·d^{k−1}·(1 + H_d)·Σ_t (H_d²/d)^t).
///
/// The limit exists only when H_d² < d, i.e. for d ≥ 7 (H_6² = 6.0025 > 6); for smaller d the
/// count grows like H_d^h, faster than d^{h/2}, and `None` is returned. (The OCR'd seed states
/// the corollary for "d ≥ 3"; the arithmetic above shows that it needs d ≥ 7.)
pub fn corollary4_constant(d: u32) -> Option<f64> {
    let h = harmonic_f64(d);
    let d = f64::from(d);
    let gap = d - h * h;
    (gap > 0.0).then(|| (d - h) * (1.0 + h) / (2.0 * gap))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::{ratio, to_f64};
    use crate::testing::{UniformTree, for_each_permutation, totally_dependent_leaves};

    /// Averages (F2 leaves, F1 leaves) over every random totally dependent tree of degree d and
    /// height h: every assignment of a permutation of 0..d to every non-terminal position.
    fn enumerate(d: usize, h: u32) -> (Rational, Rational) {
        let internal: usize = (0..h).map(|l| d.pow(l)).sum();
        let mut perms: Vec<Vec<i64>> = Vec::new();
        for_each_permutation(d, |p| perms.push(p.to_vec()));
        let mut choice = vec![0usize; internal];
        let (mut f2_total, mut f1_total, mut trees) = (0u64, 0u64, 0u64);
        loop {
            let values = totally_dependent_leaves(d, h, |node| perms[choice[node]].clone());
            let tree = UniformTree {
                degree: d,
                height: h,
                leaves: &values,
            };
            f2_total += tree.alpha_beta_leaves();
            f1_total += tree.branch_and_bound_leaves();
            trees += 1;
            // Next assignment (mixed radix).
            let mut k = 0;
            while k < internal {
                choice[k] += 1;
                if choice[k] < perms.len() {
                    break;
                }
                choice[k] = 0;
                k += 1;
            }
            if k == internal {
                break;
            }
        }
        (ratio(f2_total, trees), ratio(f1_total, trees))
    }

    #[test]
    fn theorem_6_and_eq_54_by_exhaustive_enumeration() {
        for (d, h) in [(2, 1), (2, 2), (2, 3), (2, 4), (3, 1), (3, 2)] {
            let (f2, f1) = enumerate(d, h);
            assert_eq!(
                totally_dependent_expected_leaves_exact(d as u32, h),
                f2,
                "F2 d={d} h={h}"
            );
            assert_eq!(
                totally_dependent_f1_expected_leaves_exact(d as u32, h),
                f1,
                "F1 d={d} h={h}"
            );
        }
    }

    #[test]
    fn float_matches_exact() {
        for d in 1..10 {
            for h in 0..16 {
                let exact = to_f64(&totally_dependent_expected_leaves_exact(d, h));
                let float = totally_dependent_expected_leaves(d, h);
                assert!((exact - float).abs() <= 1e-13 * exact, "d={d} h={h}");
                let exact = to_f64(&totally_dependent_f1_expected_leaves_exact(d, h));
                let float = totally_dependent_f1_expected_leaves(d, h);
                assert!((exact - float).abs() <= 1e-13 * exact, "d={d} h={h}");
            }
        }
    }

    #[test]
    fn closed_form_52() {
        for d in 1..8u32 {
            let hd = harmonic(d);
            for h in 0..12u32 {
                let mut sum = Rational::from(0u32);
                for n in 0..h {
                    sum += pow(&hd, h - 1 - n) * Rational::from(u64::from(d).pow(n / 2));
                }
                let closed = pow(&hd, h) + (Rational::from(d) - &hd) * sum;
                assert_eq!(closed, totally_dependent_expected_leaves_exact(d, h));
            }
        }
    }

    fn pow(x: &Rational, e: u32) -> Rational {
        (0..e).fold(Rational::from(1u32), |acc, _| acc * x)
    }

    #[test]
    fn corollary_4_constant_is_the_limit() {
        assert_eq!(corollary4_constant(6), None);
        for (d, h) in [(7u32, 600), (10, 200), (20, 200)] {
            let c = corollary4_constant(d).unwrap();
            let optimum = 2.0 * f64::from(d).powi(h / 2) - 1.0;
            let ratio = totally_dependent_expected_leaves(d, h as u32) / optimum;
            assert!(ratio.is_finite());
            assert!((ratio - c).abs() < 1e-4 * c, "d={d}: {ratio} vs {c}");
        }
    }

    #[test]
    fn f1_growth_ratio() {
        for d in [2u32, 3, 10] {
            let r = totally_dependent_f1_expected_leaves(d, 61)
                / totally_dependent_f1_expected_leaves(d, 60);
            assert!((r - totally_dependent_f1_growth(d)).abs() < 1e-9 * r);
        }
    }
}
