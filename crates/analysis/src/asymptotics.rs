//! Asymptotics: Pearl's branching factor and the depth ratios.
//!
//! * Pearl (1982), quoted in GUIDE §5: the branching factor of alpha-beta on Fuller et al.'s
//!   random uniform trees is ξ_N/(1 − ξ_N), ξ_N the positive root of x^N + x − 1 = 0; so
//!   (E\[NBP\_{N,D+2}\]/E\[NBP\_{N,D}\])^{1/2} tends to it as D grows.
//! * Slagle & Dixon's depth ratio DR_x = log NBP_x / log NBP_minimax, the perfect-ordering
//!   approximation DR_PO ≈ ½ + log 2/(D log N), and Fuller et al.'s DR\*_x = log NBP_x / log
//!   NBP_{α-β} (Fuller et al. 1973 §7).

/// ξ_N, the root in (0, 1) of x^N + x − 1 = 0 (the fixed point of x ↦ 1 − x^N), by Newton's
/// method from x = 1 (monotone: g(x) = x^N + x − 1 is increasing and convex on (0, 1]).
///
/// # Panics
/// If `n` is 0.
pub fn xi(n: u32) -> f64 {
    assert!(n >= 1, "N must be at least 1");
    let n_f = f64::from(n);
    let mut x: f64 = 1.0;
    for _ in 0..200 {
        let power = x.powi(n as i32 - 1);
        let g = power * x + x - 1.0;
        let next = x - g / (n_f * power + 1.0);
        if next >= x {
            break;
        }
        x = next;
    }
    x
}

/// Pearl's asymptotic branching factor of alpha-beta, ξ_N / (1 − ξ_N).
pub fn pearl_branching_factor(n: u32) -> f64 {
    let x = xi(n);
    x / (1.0 - x)
}

/// The depth ratio of Slagle & Dixon (Fuller et al. 1973 §7): log NBP_x / log NBP_minimax with
/// NBP_minimax = N^D.
pub fn depth_ratio(nbp: f64, n: u32, depth: u32) -> f64 {
    nbp.ln() / (f64::from(depth) * f64::from(n).ln())
}

/// Fuller et al.'s DR\* (§7): log NBP_x / log E\[NBP\_{α-β}\].
pub fn depth_ratio_star(nbp: f64, alpha_beta_nbp: f64) -> f64 {
    nbp.ln() / alpha_beta_nbp.ln()
}

/// The approximation DR_PO ≈ ½ + log 2 / (D log N) quoted from Slagle & Dixon (Fuller et al.
/// 1973 §7). [`depth_ratio`] of the exact perfect-ordering count gives the exact value.
pub fn depth_ratio_perfect_ordering_approximation(n: u32, depth: u32) -> f64 {
    0.5 + std::f64::consts::LN_2 / (f64::from(depth) * f64::from(n).ln())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xi_is_the_root() {
        assert_eq!(xi(1), 0.5);
        let golden = (5f64.sqrt() - 1.0) / 2.0;
        assert!((xi(2) - golden).abs() <= 2.0 * f64::EPSILON);
        for n in 1..=64 {
            let x = xi(n);
            // The residual is zero up to the rounding of x (slope N·x^{N−1} + 1) and of the
            // evaluation itself.
            let slope = f64::from(n) * x.powi(n as i32 - 1) + 1.0;
            let residual = (x.powi(n as i32) + x - 1.0).abs();
            assert!(
                residual <= (slope + f64::from(n) + 2.0) * f64::EPSILON,
                "N={n}"
            );
        }
        // N = 2: ξ/(1−ξ) = golden ratio.
        assert!((pearl_branching_factor(2) - (1.0 + 5f64.sqrt()) / 2.0).abs() < 1e-14);
    }

    #[test]
    fn alpha_beta_ratio_converges_to_pearl() {
        use crate::fuller::expected_leaves;
        for n in [2u32, 5, 10, 35, 64] {
            let target = pearl_branching_factor(n);
            let mut previous_gap = f64::INFINITY;
            for d in (2..=22).step_by(4) {
                let low = expected_leaves(n, d).unwrap().value;
                let high = expected_leaves(n, d + 2).unwrap().value;
                let gap = ((high / low).sqrt() - target).abs();
                assert!(
                    gap < previous_gap,
                    "N={n} D={d}: gap {gap} not below {previous_gap}"
                );
                previous_gap = gap;
            }
            // D = 22 → 24: within 1% for N = 2 and far closer for large N.
            assert!(previous_gap < 0.01 * target, "N={n}: {previous_gap}");
        }
        let ratio = |d| {
            let e = |d| crate::fuller::expected_leaves(64, d).unwrap().value;
            (e(d + 2) / e(d)).sqrt()
        };
        assert!((ratio(22) - pearl_branching_factor(64)).abs() < 1e-5);
    }

    #[test]
    fn depth_ratios() {
        // DR = .6 "depth 5 with the effort minimax spends on depth 3".
        let nbp = 10f64.powi(3);
        assert!((depth_ratio(nbp, 10, 5) - 0.6).abs() < 1e-15);
        assert!((depth_ratio_star(100.0, 10_000.0) - 0.5).abs() < 1e-15);
        assert!((depth_ratio_perfect_ordering_approximation(35, 4) - 0.5487).abs() < 1e-4);
    }
}
