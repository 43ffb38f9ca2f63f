//! An independent check of the exact values at sizes too large for exhaustive enumeration:
//! a small seeded Monte Carlo run of plain alpha-beta (written here, since this crate must not
//! depend on the search core) on uniform trees with i.i.d. uniform leaf values.

use alphabeta_analysis::fuller::expected_leaves_exact;
use alphabeta_analysis::num::to_f64;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// Leaves examined by negamax alpha-beta (fail-hard F2) on a uniform tree stored leaf by leaf.
fn alpha_beta(
    leaves: &[u64],
    n: usize,
    height: u32,
    first: usize,
    alpha: i128,
    beta: i128,
    count: &mut u64,
) -> i128 {
    if height == 0 {
        *count += 1;
        // I.i.d. leaf values: whose viewpoint they are read from does not change the law of
        // the leaf order, so they are used as negamax values directly.
        return i128::from(leaves[first]);
    }
    let span = n.pow(height - 1);
    let mut m = alpha;
    for i in 0..n {
        let t = -alpha_beta(leaves, n, height - 1, first + i * span, -beta, -m, count);
        if t > m {
            m = t;
        }
        if m >= beta {
            break;
        }
    }
    m
}

#[test]
fn monte_carlo_agrees_with_the_exact_expectation() {
    for (n, d, trees) in [(5usize, 4u32, 4000u32), (3, 6, 4000), (8, 3, 4000)] {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1973 + n as u64 * 100 + u64::from(d));
        let mut leaves = vec![0u64; n.pow(d)];
        let (mut sum, mut sum_sq) = (0.0f64, 0.0f64);
        for _ in 0..trees {
            for v in leaves.iter_mut() {
                *v = rng.next_u64() >> 1; // continuous in effect: ties have probability ~1e-15
            }
            let mut count = 0;
            alpha_beta(&leaves, n, d, 0, i128::MIN / 2, i128::MAX / 2, &mut count);
            sum += count as f64;
            sum_sq += (count * count) as f64;
        }
        let mean = sum / f64::from(trees);
        let variance = sum_sq / f64::from(trees) - mean * mean;
        let standard_error = (variance / f64::from(trees)).sqrt();
        let exact = to_f64(&expected_leaves_exact(n as u32, d).unwrap());
        assert!(
            (mean - exact).abs() < 4.0 * standard_error,
            "<{n},{d}>: Monte Carlo {mean} ± {standard_error}, exact {exact}"
        );
        // Fuller et al. §7: sample std/mean between .120 and .215 for their points.
        let ratio = variance.sqrt() / mean;
        assert!((0.05..0.3).contains(&ratio), "<{n},{d}>: std/mean {ratio}");
    }
}

/// Leaves examined by Knuth & Moore's F1 (one bound, no deep cutoffs).
fn branch_and_bound(
    leaves: &[i64],
    n: usize,
    height: u32,
    first: usize,
    bound: i64,
    count: &mut u64,
) -> i64 {
    if height == 0 {
        *count += 1;
        return leaves[first];
    }
    let span = n.pow(height - 1);
    let mut m = i64::MIN + 1;
    for i in 0..n {
        let t = -branch_and_bound(leaves, n, height - 1, first + i * span, -m, count);
        if t > m {
            m = t;
        }
        if m >= bound {
            break;
        }
    }
    m
}

fn alpha_beta_i64(
    leaves: &[i64],
    n: usize,
    height: u32,
    first: usize,
    alpha: i64,
    beta: i64,
    count: &mut u64,
) -> i64 {
    if height == 0 {
        *count += 1;
        return leaves[first];
    }
    let span = n.pow(height - 1);
    let mut m = alpha;
    for i in 0..n {
        let t = -alpha_beta_i64(leaves, n, height - 1, first + i * span, -beta, -m, count);
        if t > m {
            m = t;
        }
        if m >= beta {
            break;
        }
    }
    m
}

/// Fills `values` (leaf order) with a random totally dependent tree: every position permutes
/// the move numbers 0..d, and a leaf's value is its path of move numbers read in radix d
/// (Knuth & Moore 1975 §9), negated at odd height for the negamax convention.
fn random_totally_dependent(rng: &mut Xoshiro256PlusPlus, d: usize, h: u32, values: &mut [i64]) {
    fn fill(rng: &mut Xoshiro256PlusPlus, d: usize, height: u32, prefix: i64, out: &mut [i64]) {
        if height == 0 {
            out[0] = prefix;
            return;
        }
        let mut order: Vec<i64> = (0..d as i64).collect();
        for i in (1..d).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        let span = d.pow(height - 1);
        for (i, chunk) in out.chunks_mut(span).enumerate() {
            fill(rng, d, height - 1, prefix * d as i64 + order[i], chunk);
        }
    }
    fill(rng, d, h, 0, values);
    if h % 2 == 1 {
        values.iter_mut().for_each(|v| *v = -*v);
    }
}

#[test]
fn totally_dependent_model_at_larger_heights() {
    use alphabeta_analysis::knuth::{
        totally_dependent_expected_leaves, totally_dependent_f1_expected_leaves,
    };
    for (d, h) in [(3usize, 6u32), (3, 8), (4, 6), (7, 4)] {
        let trees = 3000u32;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1975 + d as u64 * 10 + u64::from(h));
        let mut values = vec![0i64; d.pow(h)];
        let mut stats = [(0.0f64, 0.0f64); 2];
        for _ in 0..trees {
            random_totally_dependent(&mut rng, d, h, &mut values);
            let (mut f2, mut f1) = (0u64, 0u64);
            alpha_beta_i64(&values, d, h, 0, i64::MIN + 1, i64::MAX, &mut f2);
            branch_and_bound(&values, d, h, 0, i64::MAX, &mut f1);
            for (s, c) in stats.iter_mut().zip([f2, f1]) {
                s.0 += c as f64;
                s.1 += (c * c) as f64;
            }
        }
        let expected = [
            totally_dependent_expected_leaves(d as u32, h),
            totally_dependent_f1_expected_leaves(d as u32, h),
        ];
        for ((sum, sum_sq), want) in stats.into_iter().zip(expected) {
            let mean = sum / f64::from(trees);
            let se = ((sum_sq / f64::from(trees) - mean * mean) / f64::from(trees)).sqrt();
            assert!(
                (mean - want).abs() < 4.0 * se + 1e-9,
                "d={d} h={h}: {mean} ± {se} vs {want}"
            );
        }
    }
}
