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
