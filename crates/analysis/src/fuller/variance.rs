//! The exact variance of the number of bottom positions alpha-beta examines, Var\[NBP\_{N,D}\]
//! (Fuller, Gaschnig & Gillogly 1973 §8 leave "an analytical expression for the variance" open).
//!
//! Model: a uniform ⟨N,D⟩ tree, Max at the root, i.i.d. continuous leaf values, alpha-beta with
//! a full window. All values are read on the scale u = V_D(x) of the leaf distribution, where a
//! level's distribution function is a polynomial in u (Eqns 3.1, 3.2).
//!
//! For a subtree of height h searched with the window (a, b), let C(a, b) be the number of its
//! bottom positions examined (0 when a ≥ b) and v its minimax value. The recursion carries
//!
//! * f_h(a,b) = E\[C(a,b)\], S_h(a,b) = E\[C(a,b)²\], G_h(a,b,t) = E\[C(a,b)·1{v ≤ t}\],
//! * and V_h(t) = Pr{v ≤ t}.
//!
//! A Max node searched with (a, b) searches child i with (max(a, M_{i−1}), b), M_{i−1} the
//! largest *true* value of children 1…i−1 (Theorem 1: a child that fails low or high returns a
//! bound that moves the window exactly as its true value would; it is cut off once
//! max(a, M_{i−1}) ≥ b). The children are independent, so with C = Σ_i C_i:
//!
//! * E\[C\] = Σ_i E f(max(a, M_{i−1}), b);
//! * E\[C²\] = Σ_i E S(max(a, M_{i−1}), b) + 2 Σ_{i<j} E\[C_i·C_j\], and given the window
//!   w = max(a, M_{i−1}) of child i, child j's window is max(w, v_i, Mid) with Mid the largest
//!   of the j−i−1 children between, independent of child i: E\[C_i·C_j | w\] =
//!   ∫ F̂(max(w,t), b) d_tG(w,b,t) with F̂(x,b) = E f(max(x, Mid), b);
//! * E\[C·1{max v ≤ t}\] = Σ_i E\[1{M_{i−1} ≤ t}·G(max(a, M_{i−1}), b, t)\]·V(t)^{N−i}.
//!
//! A Min node is the mirror image (the window's upper end falls to min(b, m_{i−1}); the value
//! is at most t unless every child's is above t). The order statistics' laws are powers of V,
//! so every expectation is an integral of a polynomial between the window's ends: the functions
//! are piecewise polynomials ([`super::piecewise`]). At the root, Var = S_D(0,1) − f_D(0,1)².
//!
//! Cost: G_h is a polynomial of degree ≤ N^h in each of three variables, so the work grows like
//! a power of N^D — exponential in D, for small trees only; see [`VARIANCE_MAX_LEAVES`].

use std::sync::atomic::AtomicBool;

use malachite::Rational;
use malachite::base::num::basic::traits::{One, Zero};

use super::error::{FullerError, check_stop};
use super::piecewise::{Arg, Piecewise, Poly};

/// Largest N^D for which [`variance_exact`] computes (beyond it the piecewise polynomials grow
/// too large for an interactive answer).
pub const VARIANCE_MAX_LEAVES: u64 = 256;

/// Largest depth of the exact distribution for N >= 2 ([`super::nbp_distribution_exact`]):
/// its cost grows fastest in D (⟨2,5⟩ 0.14 s, ⟨4,3⟩ 1.2 s, ⟨8,2⟩ 2.7 s, but ⟨2,6⟩ 95 s).
pub const DISTRIBUTION_MAX_DEPTH: u32 = 5;

/// Largest depth for N = 1 (a single path: NBP = 1 at every depth; the recursion still runs
/// once per level).
pub const SINGLE_PATH_MAX_DEPTH: u32 = 64;

/// Whether ⟨n, d⟩ is within reach of the exact variance ([`variance_exact`]) or, with
/// `distribution`, of the exact distribution: N^D when it is, otherwise the reason, in the
/// notation of the papers (N, D), for a command line or a notebook to show as it is.
pub fn exact_reach(n: u32, d: u32, distribution: bool) -> Result<u64, String> {
    let (what, max_leaves) = if distribution {
        ("the exact distribution", super::DISTRIBUTION_MAX_LEAVES)
    } else {
        ("the exact variance", VARIANCE_MAX_LEAVES)
    };
    if n == 0 {
        return Err("the branching factor N must be at least 1".to_string());
    }
    if n == 1 && d > SINGLE_PATH_MAX_DEPTH {
        return Err(format!(
            "{what} for N = 1: D = {d} is out of range (0..={SINGLE_PATH_MAX_DEPTH})"
        ));
    }
    let leaves = u64::from(n).checked_pow(d);
    match leaves {
        Some(l) if l <= max_leaves => {}
        _ => {
            return Err(format!(
                "{what} is computed for N^D <= {max_leaves} only (its cost grows like a power \
                 of N^D); <{n},{d}> has N^D = {}",
                leaves.map_or_else(|| format!("{n}^{d}"), |l| l.to_string())
            ));
        }
    }
    if distribution && n >= 2 && d > DISTRIBUTION_MAX_DEPTH {
        return Err(format!(
            "the exact distribution is computed for D <= {DISTRIBUTION_MAX_DEPTH} only (its cost \
             grows fastest in D: <2,6> takes minutes); got D = {d}"
        ));
    }
    Ok(leaves.unwrap_or(u64::MAX))
}

/// The first two moments of NBP\_{N,D}, exactly.
#[derive(Clone, Debug, PartialEq)]
pub struct NbpMoments {
    /// E\[NBP\].
    pub mean: Rational,
    /// E\[NBP²\].
    pub second_moment: Rational,
}

impl NbpMoments {
    /// Var\[NBP\] = E\[NBP²\] − E\[NBP\]².
    pub fn variance(&self) -> Rational {
        &self.second_moment - &self.mean * &self.mean
    }
}

/// What the recursion carries for a subtree of one height and node type.
struct Subtree {
    /// f(a,b) on (x0, x1) = (a, b).
    mean: Piecewise,
    /// S(a,b).
    square: Piecewise,
    /// G(a,b,t) on (x0, x1, x2) = (a, b, t).
    below: Piecewise,
    /// The pairs of bottom positions below different children, 2·Σ_{i<j} E\[C_i·C_j\] (a,b).
    pairs: Piecewise,
    /// V(u) in x0.
    cdf: Poly,
}

/// p(x0) with x0 renamed x_var.
fn in_var(p: &Poly, var: usize) -> Poly {
    if var == 0 {
        p.clone()
    } else {
        p.at_variable(0, var)
    }
}

fn window_is_open(rank: &[usize]) -> bool {
    rank[0] < rank[1]
}

fn leaf() -> Subtree {
    let open = |vars| Piecewise::polynomial(vars, &Poly::one()).restrict(window_is_open);
    Subtree {
        mean: open(2),
        square: open(2),
        below: open(3).mul_poly(&Poly::var(2)),
        pairs: Piecewise::polynomial(2, &Poly::zero()),
        cdf: Poly::var(0),
    }
}

/// E φ(…, max(x_w, M), …) for M distributed by the measure with "distribution function"
/// K(x) (in x0; a sum of laws is allowed): K(x_w)·φ + ∫_{m > x_w} φ(…, m, …) K′(m) dm.
fn expect_max(phi: &Piecewise, w: usize, k: &Poly) -> Piecewise {
    let vars = phi.vars();
    let args: Vec<Arg> = (0..vars)
        .map(|j| if j == w { Arg::Var(vars) } else { Arg::Var(j) })
        .collect();
    let integral = phi
        .compose(vars + 1, &args)
        .mul_poly(&in_var(&k.derivative(0), vars))
        .restrict(|rank| rank[vars] > rank[w])
        .integrate_last();
    phi.mul_poly(&in_var(k, w)).add(&integral)
}

/// E φ(…, min(x_w, m), …) for m whose measure has "survivor function" Σ(x) (in x0):
/// Σ(x_w)·φ + ∫_{m < x_w} φ(…, m, …)·(−Σ′(m)) dm.
fn expect_min(phi: &Piecewise, w: usize, survivor: &Poly) -> Piecewise {
    let vars = phi.vars();
    let args: Vec<Arg> = (0..vars)
        .map(|j| if j == w { Arg::Var(vars) } else { Arg::Var(j) })
        .collect();
    let density = survivor.derivative(0).scale(&Rational::from(-1));
    let integral = phi
        .compose(vars + 1, &args)
        .mul_poly(&in_var(&density, vars))
        .restrict(|rank| rank[vars] < rank[w])
        .integrate_last();
    phi.mul_poly(&in_var(survivor, w)).add(&integral)
}

/// Σ_{i=0}^{k} p^i (zero for k < 0).
fn power_sum(powers: &[Poly], k: i64) -> Poly {
    (0..=k).fold(Poly::zero(), |acc, i| acc.add(&powers[i as usize]))
}

fn max_node(
    n: u32,
    child: &Subtree,
    with_below: bool,
    stop: &AtomicBool,
) -> Result<Subtree, FullerError> {
    if !with_below {
        // The root: only b = 1 is needed, and every child's window ends at b, so fixing it
        // before the products keeps them small.
        let pinned = Subtree {
            mean: child.mean.pin(1, false),
            square: child.square.pin(1, false),
            below: child.below.pin(1, false),
            pairs: child.pairs.clone(),
            cdf: child.cdf.clone(),
        };
        return max_node_unpinned(n, &pinned, false, stop);
    }
    max_node_unpinned(n, child, true, stop)
}

fn max_node_unpinned(
    n: u32,
    child: &Subtree,
    with_below: bool,
    stop: &AtomicBool,
) -> Result<Subtree, FullerError> {
    let n = n as usize;
    let v = &child.cdf;
    let powers: Vec<Poly> = (0..=n as u32).map(|i| v.pow(i)).collect();
    let all = power_sum(&powers, n as i64 - 1);
    let mean = expect_max(&child.mean, 0, &all);
    let mut square = expect_max(&child.square, 0, &all);
    // G(w,b,w) and ∂_t G(w,b,t).
    let below_at_window = child
        .below
        .compose(2, &[Arg::Var(0), Arg::Var(1), Arg::Var(0)]);
    let below_density = child.below.derivative(2);
    let mut cross = Piecewise::polynomial(2, &Poly::zero());
    for i in 1..n {
        check_stop(stop)?;
        let later = expect_max(&child.mean, 0, &power_sum(&powers, (n - 1 - i) as i64));
        let above = later
            .compose(3, &[Arg::Var(2), Arg::Var(1)])
            .mul(&below_density)
            .restrict(|rank| rank[2] > rank[0])
            .integrate_last();
        let psi = later.mul(&below_at_window).add(&above);
        cross = cross.add(&expect_max(&psi, 0, &powers[i - 1]));
    }
    let pairs = cross.scale(&Rational::from(2));
    square = square.add(&pairs);
    let below = if with_below {
        // W(m,t) = Σ_i V(m)^{i−1} V(t)^{N−i}; m in x3, t in x2.
        let weight = (1..=n).fold(Poly::zero(), |acc, i| {
            acc.add(&in_var(&powers[i - 1], 3).mul(&in_var(&powers[n - i], 2)))
        });
        let at_a = weight.at_variable(3, 0);
        let at_t = weight.at_variable(3, 2);
        let first = Piecewise::from_fn(3, |rank| {
            if rank[0] < rank[2] {
                at_a.clone()
            } else {
                at_t.clone()
            }
        })
        .mul(&child.below);
        let integral = child
            .below
            .compose(4, &[Arg::Var(3), Arg::Var(1), Arg::Var(2)])
            .mul_poly(&weight.derivative(3))
            .restrict(|rank| rank[0] < rank[3] && rank[3] < rank[2])
            .integrate_last();
        first.add(&integral)
    } else {
        Piecewise::polynomial(3, &Poly::zero())
    };
    check_stop(stop)?;
    Ok(Subtree {
        mean,
        square,
        below,
        pairs,
        cdf: powers[n].clone(),
    })
}

fn min_node(
    n: u32,
    child: &Subtree,
    with_below: bool,
    stop: &AtomicBool,
) -> Result<Subtree, FullerError> {
    let n = n as usize;
    let survivor = Poly::one().sub(&child.cdf);
    let powers: Vec<Poly> = (0..=n as u32).map(|i| survivor.pow(i)).collect();
    let all = power_sum(&powers, n as i64 - 1);
    let mean = expect_min(&child.mean, 1, &all);
    let mut square = expect_min(&child.square, 1, &all);
    // f(a,w) − G(a,w,w) = E[C(a,w)·1{v > w}] and ∂_t G(a,w,t).
    let below_at_window = child
        .below
        .compose(2, &[Arg::Var(0), Arg::Var(1), Arg::Var(1)]);
    let above_at_window = child.mean.sub(&below_at_window);
    let below_density = child.below.derivative(2);
    let mut cross = Piecewise::polynomial(2, &Poly::zero());
    for i in 1..n {
        check_stop(stop)?;
        let later = expect_min(&child.mean, 1, &power_sum(&powers, (n - 1 - i) as i64));
        let beneath = later
            .compose(3, &[Arg::Var(0), Arg::Var(2)])
            .mul(&below_density)
            .restrict(|rank| rank[2] < rank[1])
            .integrate_last();
        let psi = later.mul(&above_at_window).add(&beneath);
        cross = cross.add(&expect_min(&psi, 1, &powers[i - 1]));
    }
    let pairs = cross.scale(&Rational::from(2));
    square = square.add(&pairs);
    let below = if with_below {
        // Ḡ(a,b,t) = E[C·1{v > t}] = f − G; W(m,t) = Σ_i (1−V(m))^{i−1}(1−V(t))^{N−i}.
        let child_above = child
            .mean
            .compose(3, &[Arg::Var(0), Arg::Var(1)])
            .sub(&child.below);
        let weight = (1..=n).fold(Poly::zero(), |acc, i| {
            acc.add(&in_var(&powers[i - 1], 3).mul(&in_var(&powers[n - i], 2)))
        });
        let at_b = weight.at_variable(3, 1);
        let at_t = weight.at_variable(3, 2);
        let first = Piecewise::from_fn(3, |rank| {
            if rank[1] > rank[2] {
                at_b.clone()
            } else {
                at_t.clone()
            }
        })
        .mul(&child_above);
        let integral = child_above
            .compose(4, &[Arg::Var(0), Arg::Var(3), Arg::Var(2)])
            .mul_poly(&weight.derivative(3).scale(&Rational::from(-1)))
            .restrict(|rank| rank[2] < rank[3] && rank[3] < rank[1])
            .integrate_last();
        let above = first.add(&integral);
        mean.compose(3, &[Arg::Var(0), Arg::Var(1)]).sub(&above)
    } else {
        Piecewise::polynomial(3, &Poly::zero())
    };
    check_stop(stop)?;
    Ok(Subtree {
        mean,
        square,
        below,
        pairs,
        cdf: Poly::one().sub(&powers[n]),
    })
}

/// E\[NBP\_{N,D}\] and E\[NBP²\_{N,D}\] exactly, by the recursion over heights described in the
/// module documentation. Refuses N = 0 and trees with more than [`VARIANCE_MAX_LEAVES`]
/// bottom positions.
pub fn nbp_moments_exact(n: u32, depth: u32) -> Result<NbpMoments, FullerError> {
    nbp_moments_exact_until(n, depth, &AtomicBool::new(false))
}

/// [`nbp_moments_exact`], abandoned with [`FullerError::Interrupted`] once `stop` is set (read
/// at every step of the recursion, one child of one node type).
pub fn nbp_moments_exact_until(
    n: u32,
    depth: u32,
    stop: &AtomicBool,
) -> Result<NbpMoments, FullerError> {
    if n == 0 {
        return Err(FullerError::ZeroBranching);
    }
    let leaves = u64::from(n).checked_pow(depth).unwrap_or(u64::MAX);
    if leaves > VARIANCE_MAX_LEAVES {
        return Err(FullerError::OutOfRange {
            what: "N^D for the exact variance",
            value: leaves,
            range: "at most 256 bottom positions",
        });
    }
    let mut subtree = leaf();
    for height in 1..=depth {
        let with_below = height < depth;
        subtree = if (depth - height).is_multiple_of(2) {
            max_node(n, &subtree, with_below, stop)?
        } else {
            min_node(n, &subtree, with_below, stop)?
        };
    }
    let root = |f: &Piecewise| {
        f.at_point(&[0, 1], &[Rational::ZERO, Rational::ONE])
            .as_constant()
            .expect("a function of the window alone is constant at a point")
    };
    Ok(NbpMoments {
        mean: root(&subtree.mean),
        second_moment: root(&subtree.square),
    })
}

/// Var\[NBP\_{N,D}\] exactly (see [`nbp_moments_exact`]).
pub fn variance_exact(n: u32, depth: u32) -> Result<Rational, FullerError> {
    Ok(nbp_moments_exact(n, depth)?.variance())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuller::expected_leaves_exact;

    /// Moments of a distribution given as counts of orders per value.
    fn moments_of(orders: &[u64]) -> NbpMoments {
        let total: u64 = orders.iter().sum();
        let (mut first, mut second) = (0u64, 0u64);
        for (k, &c) in orders.iter().enumerate() {
            first += k as u64 * c;
            second += (k * k) as u64 * c;
        }
        NbpMoments {
            mean: Rational::from_unsigneds(first, total),
            second_moment: Rational::from_unsigneds(second, total),
        }
    }

    #[test]
    fn moments_equal_exhaustive_enumeration() {
        for (n, d) in [
            (1usize, 3u32),
            (2, 1),
            (2, 2),
            (3, 2),
            (2, 3),
            (4, 1),
            (9, 1),
        ] {
            let orders = crate::testing::nbp_orders_by_enumeration(n, d);
            assert_eq!(
                nbp_moments_exact(n as u32, d).unwrap(),
                moments_of(&orders),
                "<{n},{d}>"
            );
        }
    }

    /// Every ⟨N,D⟩ with N^D ≤ 64: the mean is the factorised E\[NBP\], and the variance is
    /// positive once cutoffs are possible and below Popoviciu's bound (range/2)², the range
    /// running from perfect ordering's N^⌈D/2⌉ + N^⌊D/2⌋ − 1 to N^D.
    #[test]
    fn mean_equals_the_factorised_expectation_and_variance_is_bounded() {
        for n in 1u32..=8 {
            for d in 0u32..=6 {
                let leaves = u64::from(n).pow(d);
                if leaves > 64 {
                    continue;
                }
                let moments = nbp_moments_exact(n, d).unwrap();
                assert_eq!(
                    moments.mean,
                    expected_leaves_exact(n, d).unwrap(),
                    "<{n},{d}>"
                );
                let perfect = crate::perfect::perfect_ordering_leaves(u64::from(n), d).unwrap();
                let half_range = Rational::from_unsigneds(leaves - perfect as u64, 2);
                let variance = moments.variance();
                assert!(variance <= &half_range * &half_range, "<{n},{d}>");
                assert_eq!(variance > 0u32, n >= 2 && d >= 2, "<{n},{d}>");
            }
        }
    }

    /// E\[NBP²\] = E\[NBP\] + Σ_c Σ_{P at depth c} E X(α_P, β_P), X = `pairs` of P's height and
    /// (α_P, β_P) P's window. Summed over the N^c positions P, the window's law factorises as
    /// in Fuller's Eqn 5.6: α_P has the "distribution function" 𝒜_c(u) = Π_{even k<c}
    /// Σ_{i=1}^N V_{k+1}(u)^{i−1} and β_P, independently, the "survivor function" ℬ_c(u) =
    /// Π_{odd k<c} Σ_i (1 − V_{k+1}(u))^{i−1} (V_{k+1} the law of a value on level k+1). This
    /// sums the pair terms node by node instead of nesting them in S.
    #[test]
    fn second_moment_is_the_sum_of_pair_terms_over_branching_nodes() {
        for (n, depth) in [(2u32, 4u32), (3, 3), (2, 5), (4, 2), (3, 2)] {
            // by_height[h] is the subtree of height h (a Max node iff D − h is even).
            let mut by_height = vec![leaf()];
            for height in 1..=depth {
                let child = by_height.last().unwrap();
                let next = if (depth - height).is_multiple_of(2) {
                    max_node_unpinned(n, child, true, &AtomicBool::new(false)).unwrap()
                } else {
                    min_node(n, child, true, &AtomicBool::new(false)).unwrap()
                };
                by_height.push(next);
            }
            let at_root_window = |f: &Piecewise| {
                f.at_point(&[0, 1], &[Rational::ZERO, Rational::ONE])
                    .as_constant()
                    .unwrap()
            };
            let mut second = at_root_window(&by_height[depth as usize].mean);
            for c in 0..depth {
                let (mut alpha, mut beta) = (Poly::one(), Poly::one());
                for k in 0..c {
                    let level = &by_height[(depth - k - 1) as usize].cdf;
                    let base = if k % 2 == 0 {
                        level.clone()
                    } else {
                        Poly::one().sub(level)
                    };
                    let sum = (0..n).fold(Poly::zero(), |acc, i| acc.add(&base.pow(i)));
                    if k % 2 == 0 {
                        alpha = alpha.mul(&sum);
                    } else {
                        beta = beta.mul(&sum);
                    }
                }
                let pairs = &by_height[(depth - c) as usize].pairs;
                let over_windows = expect_min(&expect_max(pairs, 0, &alpha), 1, &beta);
                second += at_root_window(&over_windows);
            }
            assert_eq!(
                second,
                nbp_moments_exact(n, depth).unwrap().second_moment,
                "<{n},{depth}>"
            );
        }
    }

    /// E\[C(a,b)\] is a sum over leaves of Pr{max(a, A) < min(b, B)} with A, B independent,
    /// = F_A(a)·S_B(a) + H(b) − H(a) on a < b: separable, ∂²f/∂a∂b = 0 (the fact a cheaper
    /// form of the pair term would build on).
    #[test]
    fn expected_count_is_separable_in_the_window() {
        for (n, depth) in [(2u32, 4u32), (3, 3)] {
            let mut subtree = leaf();
            for height in 1..depth {
                subtree = if (depth - height).is_multiple_of(2) {
                    max_node(n, &subtree, true, &AtomicBool::new(false)).unwrap()
                } else {
                    min_node(n, &subtree, true, &AtomicBool::new(false)).unwrap()
                };
                let open = subtree.mean.at_point(&[0, 1], &[]);
                assert!(!open.is_zero());
                assert!(open.derivative(0).derivative(1).is_zero(), "<{n},{depth}>");
            }
        }
    }

    #[test]
    fn bad_sizes_are_refused() {
        assert_eq!(variance_exact(0, 2), Err(FullerError::ZeroBranching));
        assert!(matches!(
            variance_exact(2, 9),
            Err(FullerError::OutOfRange { .. })
        ));
        assert!(matches!(
            variance_exact(1000, 1000),
            Err(FullerError::OutOfRange { .. })
        ));
        assert_eq!(variance_exact(1, 1000), Ok(Rational::ZERO));
    }

    #[test]
    fn a_set_stop_flag_interrupts() {
        let stop = AtomicBool::new(true);
        assert_eq!(
            nbp_moments_exact_until(2, 8, &stop),
            Err(FullerError::Interrupted)
        );
        assert_eq!(
            super::super::nbp_distribution_exact_until(2, 6, &stop),
            Err(FullerError::Interrupted)
        );
    }
}
