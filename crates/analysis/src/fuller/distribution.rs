//! The exact distribution Pr{NBP\_{N,D} = k} of the number of bottom positions alpha-beta
//! examines (Fuller, Gaschnig & Gillogly 1973, Fig. 3.1 shows sampled ones), by the recursion
//! of [`super::variance`] carried for the generating function instead of two moments.
//!
//! For a subtree of height h searched with the window (a, b) (values on the leaf scale u),
//! Φ_h(z; a, b, t) = E\[z^{C(a,b)}·1{v ≤ t}\], with C = 0 when a ≥ b (then Φ_h = V_h(t)). A Max
//! node runs through its children keeping the density ψ_k(m) of the largest value M_k so far,
//! weighted by z to the leaves counted so far; child k+1 is searched with (max(a, M_k), b):
//!
//! ψ_{k+1}(m) = ψ_k(m)·Φ_h(z; max(a,m), b, m) + ∫_{m′<m} ψ_k(m′)·∂_tΦ_h(z; max(a,m′), b, m) dm′,
//!
//! starting from ψ_1 = ∂_tΦ_h(z; a, b, ·), and Φ_{h+1}(z; a, b, t) = ∫₀ᵗ ψ_N. A Min node keeps
//! the smallest value m_k and searches child k+1 with (a, min(b, m_k)); the first term becomes
//! ψ_k(m)·(Φ_h(z; a, w, 1) − Φ_h(z; a, w, m)), w = min(b, m), and the integral runs over m′ > m.
//! At the root, Φ_D(z; 0, 1, 1) = Σ_k Pr{NBP = k}·z^k.
//!
//! Cost: the densities are polynomials in z and in three window variables, each of degree up to
//! N^h, and a step integrates over a fourth: exponential in D, for small trees only.

use std::sync::atomic::AtomicBool;

use malachite::Rational;
use malachite::base::num::basic::traits::{One, Zero};

use super::error::{FullerError, check_stop};
use super::piecewise::{Arg, Piecewise, Poly};

/// Largest N^D for which [`nbp_distribution_exact`] computes.
pub const DISTRIBUTION_MAX_LEAVES: u64 = 64;

/// The exponent slot of the counting variable z (outside the ordered variables).
const Z: usize = 4;

fn leaf() -> Piecewise {
    let t = Poly::var(2);
    let counted = t.mul(&Poly::var(Z));
    Piecewise::from_fn(3, |rank| {
        if rank[0] < rank[1] {
            counted.clone()
        } else {
            t.clone()
        }
    })
}

/// Φ on (a, b, t) as a function of (a, b, t, m) with t ↦ m: the density ψ(a, b, m′) in x3.
fn density_in_last(psi: &Piecewise) -> Piecewise {
    psi.compose(4, &[Arg::Var(0), Arg::Var(1), Arg::Var(3)])
}

/// ∫₀ᵗ ψ(a, b, m) dm.
fn cumulative(psi: &Piecewise) -> Piecewise {
    density_in_last(psi)
        .restrict(|rank| rank[3] < rank[2])
        .integrate_last()
}

/// At the root only the full window (a, b) = (0, 1) is needed: `pin` fixes it before the
/// products there, which are the largest.
fn pin_window(f: Piecewise, root: bool) -> Piecewise {
    if root {
        f.pin(0, true).pin(1, false)
    } else {
        f
    }
}

fn max_node(
    n: u32,
    child: &Piecewise,
    root: bool,
    stop: &AtomicBool,
) -> Result<Piecewise, FullerError> {
    let pin = |f: Piecewise| pin_window(f, root);
    let density = child.derivative(2);
    let mut psi = pin(density.clone());
    for _ in 1..n {
        check_stop(stop)?;
        let first = pin(child.compose(3, &[Arg::Max(0, 2), Arg::Var(1), Arg::Var(2)])).mul(&psi);
        let second = pin(density.compose(4, &[Arg::Max(0, 3), Arg::Var(1), Arg::Var(2)]))
            .mul(&pin(density_in_last(&psi)))
            .restrict(|rank| rank[3] < rank[2])
            .integrate_last();
        psi = first.add(&second);
    }
    Ok(cumulative(&psi))
}

fn min_node(
    n: u32,
    child: &Piecewise,
    root: bool,
    stop: &AtomicBool,
) -> Result<Piecewise, FullerError> {
    let pin = |f: Piecewise| pin_window(f, root);
    let density = child.derivative(2);
    let whole = child.at_last_one();
    let mut psi = pin(density.clone());
    for _ in 1..n {
        check_stop(stop)?;
        let above = pin(whole.compose(3, &[Arg::Var(0), Arg::Min(1, 2)])).sub(&pin(
            child.compose(3, &[Arg::Var(0), Arg::Min(1, 2), Arg::Var(2)])
        ));
        let first = above.mul(&psi);
        let second = pin(density.compose(4, &[Arg::Var(0), Arg::Min(1, 3), Arg::Var(2)]))
            .mul(&pin(density_in_last(&psi)))
            .restrict(|rank| rank[3] > rank[2])
            .integrate_last();
        psi = first.add(&second);
    }
    Ok(cumulative(&psi))
}

/// Pr{NBP\_{N,D} = k} for k = 0..=N^D, exactly (entry k). Refuses N = 0 and trees with more
/// than [`DISTRIBUTION_MAX_LEAVES`] bottom positions.
pub fn nbp_distribution_exact(n: u32, depth: u32) -> Result<Vec<Rational>, FullerError> {
    nbp_distribution_exact_until(n, depth, &AtomicBool::new(false))
}

/// [`nbp_distribution_exact`], abandoned with [`FullerError::Interrupted`] once `stop` is set
/// (read at every step of the recursion, one child of one node type).
pub fn nbp_distribution_exact_until(
    n: u32,
    depth: u32,
    stop: &AtomicBool,
) -> Result<Vec<Rational>, FullerError> {
    if n == 0 {
        return Err(FullerError::ZeroBranching);
    }
    let leaves = u64::from(n).checked_pow(depth).unwrap_or(u64::MAX);
    if leaves > DISTRIBUTION_MAX_LEAVES {
        return Err(FullerError::OutOfRange {
            what: "N^D for the exact distribution",
            value: leaves,
            range: "at most 64 bottom positions",
        });
    }
    let mut phi = leaf();
    for height in 1..=depth {
        let root = height == depth;
        phi = if (depth - height).is_multiple_of(2) {
            max_node(n, &phi, root, stop)?
        } else {
            min_node(n, &phi, root, stop)?
        };
    }
    // The root's window is pinned to (0, 1); t → 1 from below (Φ is continuous in t).
    let generating = phi.at_point(&[0, 2, 1], &[Rational::ZERO, Rational::ONE, Rational::ONE]);
    let mut probabilities: Vec<Rational> = generating
        .coefficients_in(Z)
        .iter()
        .map(|c| c.as_constant().expect("only z remains at the root"))
        .collect();
    probabilities.resize(leaves as usize + 1, Rational::ZERO);
    Ok(probabilities)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuller::nbp_moments_exact;

    #[test]
    fn distribution_equals_exhaustive_enumeration() {
        for (n, d) in [(1usize, 3u32), (2, 1), (2, 2), (3, 2), (2, 3), (9, 1)] {
            let orders = crate::testing::nbp_orders_by_enumeration(n, d);
            let total: u64 = orders.iter().sum();
            let want: Vec<Rational> = orders
                .iter()
                .map(|&c| Rational::from_unsigneds(c, total))
                .collect();
            assert_eq!(
                nbp_distribution_exact(n as u32, d).unwrap(),
                want,
                "<{n},{d}>"
            );
        }
    }

    #[test]
    fn bad_sizes_are_refused_and_trivial_trees_are_certain() {
        assert_eq!(
            nbp_distribution_exact(0, 2),
            Err(FullerError::ZeroBranching)
        );
        assert!(matches!(
            nbp_distribution_exact(2, 7),
            Err(FullerError::OutOfRange { .. })
        ));
        let one = Rational::ONE;
        assert_eq!(
            nbp_distribution_exact(5, 0).unwrap(),
            vec![Rational::ZERO, one.clone()]
        );
        let certain_three = nbp_distribution_exact(3, 1).unwrap();
        assert_eq!(certain_three[3], one);
        assert_eq!(certain_three.iter().sum::<Rational>(), one);
    }

    #[test]
    fn distribution_has_the_exact_moments() {
        for (n, d) in [(2u32, 4u32), (4, 2), (3, 3), (2, 5)] {
            let p = nbp_distribution_exact(n, d).unwrap();
            assert_eq!(p.iter().sum::<Rational>(), Rational::ONE);
            let moment = |power: u32| -> Rational {
                p.iter()
                    .enumerate()
                    .map(|(k, q)| q * Rational::from((k as u64).pow(power)))
                    .sum()
            };
            let want = nbp_moments_exact(n, d).unwrap();
            assert_eq!(moment(1), want.mean, "<{n},{d}>");
            assert_eq!(moment(2), want.second_moment, "<{n},{d}>");
        }
    }

    /// The same at sizes that take seconds to minutes (`cargo test --release -p
    /// alphabeta-analysis -- --ignored distribution`).
    #[test]
    #[ignore = "slow: about two minutes"]
    fn larger_distributions_have_the_exact_moments() {
        for (n, d) in [(8u32, 2u32), (4, 3), (2, 6)] {
            let p = nbp_distribution_exact(n, d).unwrap();
            let mean: Rational = p
                .iter()
                .enumerate()
                .map(|(k, q)| q * Rational::from(k as u64))
                .sum();
            let second: Rational = p
                .iter()
                .enumerate()
                .map(|(k, q)| q * Rational::from((k * k) as u64))
                .sum();
            let want = nbp_moments_exact(n, d).unwrap();
            assert_eq!((mean, second), (want.mean, want.second_moment), "<{n},{d}>");
        }
    }
}
