//! Seeded Monte Carlo checks of the exact formulas at sizes too large for exhaustive
//! enumeration, with the small search procedures of [`super::UniformTree`].

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use super::{UniformTree, totally_dependent_leaves};
use crate::fuller::expected_leaves_exact;
use crate::knuth::{totally_dependent_expected_leaves, totally_dependent_f1_expected_leaves};
use crate::num::to_f64;

/// Running mean and variance of a count.
#[derive(Default)]
struct Sample {
    count: f64,
    sum: f64,
    sum_of_squares: f64,
}

impl Sample {
    fn add(&mut self, x: u64) {
        let x = x as f64;
        self.count += 1.0;
        self.sum += x;
        self.sum_of_squares += x * x;
    }

    fn mean(&self) -> f64 {
        self.sum / self.count
    }

    fn standard_deviation(&self) -> f64 {
        (self.sum_of_squares / self.count - self.mean().powi(2)).sqrt()
    }

    fn standard_error(&self) -> f64 {
        self.standard_deviation() / self.count.sqrt()
    }

    fn assert_agrees(&self, exact: f64, what: &str) {
        let gap = (self.mean() - exact).abs();
        assert!(
            gap < 4.0 * self.standard_error() + 1e-9,
            "{what}: Monte Carlo {} ± {}, exact {exact}",
            self.mean(),
            self.standard_error()
        );
    }
}

#[test]
fn fuller_model_agrees_with_the_exact_expectation() {
    for (n, d) in [(5usize, 4u32), (3, 6), (8, 3)] {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1973 + n as u64 * 100 + u64::from(d));
        let mut leaves = vec![0i64; n.pow(d)];
        let mut sample = Sample::default();
        for _ in 0..4000 {
            // i.i.d. values in [0, 2^62): ties have probability ~1e-15, and whose viewpoint the
            // values are read from does not change the law of the leaf order.
            leaves
                .iter_mut()
                .for_each(|v| *v = (rng.next_u64() >> 2) as i64);
            let tree = UniformTree {
                degree: n,
                height: d,
                leaves: &leaves,
            };
            sample.add(tree.alpha_beta_leaves());
        }
        let exact = to_f64(&expected_leaves_exact(n as u32, d).unwrap());
        sample.assert_agrees(exact, &format!("<{n},{d}>"));
        // Fuller et al. §7 saw sample std/mean in (.120, .215) for their points.
        let ratio = sample.standard_deviation() / sample.mean();
        assert!((0.05..0.3).contains(&ratio), "<{n},{d}>: std/mean {ratio}");
    }
}

#[test]
fn totally_dependent_model_at_larger_heights() {
    for (d, h) in [(3usize, 6u32), (3, 8), (4, 6), (7, 4)] {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1975 + d as u64 * 10 + u64::from(h));
        let (mut f2, mut f1) = (Sample::default(), Sample::default());
        for _ in 0..3000 {
            let values = totally_dependent_leaves(d, h, |_| {
                let mut order: Vec<i64> = (0..d as i64).collect();
                for i in (1..d).rev() {
                    order.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
                }
                order
            });
            let tree = UniformTree {
                degree: d,
                height: h,
                leaves: &values,
            };
            f2.add(tree.alpha_beta_leaves());
            f1.add(tree.branch_and_bound_leaves());
        }
        let (d32, what) = (d as u32, format!("d={d} h={h}"));
        f2.assert_agrees(totally_dependent_expected_leaves(d32, h), &what);
        f1.assert_agrees(totally_dependent_f1_expected_leaves(d32, h), &what);
    }
}

/// Asserts that the sample variance of `trees` seeded random ⟨N,D⟩ trees lies within four
/// standard errors of a sample variance, √((m₄ − s⁴)/R) with m₄ the sample's fourth central
/// moment, of the exact Var\[NBP\].
fn assert_variance_agrees(n: usize, d: u32, trees: usize) {
    let exact = to_f64(&crate::fuller::variance_exact(n as u32, d).unwrap());
    assert_sample_variance_near(n, d, trees, exact);
}

/// Asserts that the sample variance of `trees` seeded random ⟨N,D⟩ trees lies within four
/// standard errors of a sample variance of `variance`.
fn assert_sample_variance_near(n: usize, d: u32, trees: usize, variance_expected: f64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1973 + n as u64 * 1000 + u64::from(d));
    let mut leaves = vec![0i64; n.pow(d)];
    let counts: Vec<f64> = (0..trees)
        .map(|_| {
            leaves
                .iter_mut()
                .for_each(|v| *v = (rng.next_u64() >> 2) as i64);
            let tree = UniformTree {
                degree: n,
                height: d,
                leaves: &leaves,
            };
            tree.alpha_beta_leaves() as f64
        })
        .collect();
    let r = counts.len() as f64;
    let mean = counts.iter().sum::<f64>() / r;
    let central = |p: i32| counts.iter().map(|x| (x - mean).powi(p)).sum::<f64>();
    let variance = central(2) / (r - 1.0);
    let standard_error = ((central(4) / r - variance * variance) / r).sqrt();
    assert!(
        (variance - variance_expected).abs() < 4.0 * standard_error,
        "<{n},{d}>: sample variance {variance} ± {standard_error}, computed {variance_expected}"
    );
}

/// Beyond the exact range: the floating-point variance at ⟨2,12⟩, ⟨3,8⟩, ⟨10,4⟩, ⟨35,3⟩.
#[test]
fn fuller_model_agrees_with_the_floating_point_variance() {
    for (n, d) in [(2usize, 12u32), (3, 8), (10, 4), (35, 3)] {
        let float = crate::fuller::nbp_moments_float(n as u32, d)
            .unwrap()
            .variance;
        assert_sample_variance_near(n, d, 3000, float.value);
    }
}

#[test]
fn fuller_model_agrees_with_the_exact_variance() {
    for (n, d) in [(2usize, 6u32), (3, 4), (4, 3), (8, 2), (2, 5)] {
        assert_variance_agrees(n, d, 4000);
    }
}

/// Twenty sizes, 10 000 trees each (`cargo test --release -p alphabeta-analysis -- --ignored
/// variance_on_a_grid`).
#[test]
#[ignore = "slow: about a minute"]
fn fuller_model_agrees_with_the_exact_variance_on_a_grid() {
    let grid = [
        (2usize, 2u32),
        (2, 3),
        (2, 4),
        (2, 5),
        (2, 6),
        (2, 7),
        (2, 8),
        (3, 2),
        (3, 3),
        (3, 4),
        (3, 5),
        (4, 2),
        (4, 3),
        (5, 2),
        (5, 3),
        (6, 2),
        (6, 3),
        (8, 2),
        (10, 2),
        (12, 2),
    ];
    for (n, d) in grid {
        assert_variance_agrees(n, d, 10_000);
    }
}

/// Each probability of the exact distribution of NBP against the frequency in 20 000 seeded
/// random trees, within four binomial standard errors (sizes beyond exhaustive enumeration).
#[test]
fn fuller_model_agrees_with_the_exact_distribution() {
    for (n, d) in [(2usize, 5u32), (3, 3)] {
        let exact = crate::fuller::nbp_distribution_exact(n as u32, d).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1973 + n as u64 * 10 + u64::from(d));
        let mut leaves = vec![0i64; n.pow(d)];
        let trees = 20_000u32;
        let mut frequency = vec![0u32; exact.len()];
        for _ in 0..trees {
            leaves
                .iter_mut()
                .for_each(|v| *v = (rng.next_u64() >> 2) as i64);
            let tree = UniformTree {
                degree: n,
                height: d,
                leaves: &leaves,
            };
            frequency[tree.alpha_beta_leaves() as usize] += 1;
        }
        for (k, (p, &seen)) in exact.iter().zip(&frequency).enumerate() {
            let p = to_f64(p);
            let observed = f64::from(seen) / f64::from(trees);
            let standard_error = (p * (1.0 - p) / f64::from(trees)).sqrt();
            assert!(
                (observed - p).abs() <= 4.0 * standard_error + 1e-12,
                "<{n},{d}> NBP = {k}: observed {observed}, exact {p}"
            );
        }
    }
}
