//! E\[NBP\_{N,D}\] and E\[NMG\_{N,D}\] in floating point with a certified error bound, for
//! N ≤ 1000 and D ≤ 64: the public face of [`super::certified`] (which documents the method).
//!
//! The difficulty is that T(u,k) = 1 − T(u,k−1)^N iterates the map x ↦ 1 − x^N, whose fixed
//! point ξ_N is repelling with slope −λ, λ = N·ξ^{N−1} = N(1−ξ)/ξ: T(u,k) switches between ≈0
//! and ≈1 within |u − ξ| ≈ λ^{−k}, and most of the mass of the deep terms sits there (for
//! ⟨1000,64⟩, at |u − ξ| ≈ 10^{−46}). So the integral is taken in s = u − ξ, never forming u
//! near ξ, and the s-axis is cut geometrically toward 0.

use super::FullerError;

/// A floating-point value with an absolute error bound.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The value.
    pub value: f64,
    /// An upper estimate of |value − exact|.
    pub error: f64,
}

impl Estimate {
    /// An exact value.
    pub fn exact(value: f64) -> Self {
        Self { value, error: 0.0 }
    }

    /// The relative error bound error/|value|.
    pub fn relative_error(&self) -> f64 {
        if self.value == 0.0 {
            self.error
        } else {
            self.error / self.value.abs()
        }
    }
}

/// Largest N accepted by [`expected_leaves`].
pub const FLOAT_MAX_N: u32 = super::certified::CERTIFIED_MAX_N;
/// Largest D accepted by [`expected_leaves`].
pub const FLOAT_MAX_D: u32 = super::certified::CERTIFIED_MAX_D;

/// Where the certified relative bound is above this and the exact rational is cheap (below
/// [`FALLBACK_EXACT_BITS`]), [`expected_leaves`] computes the exact rational instead.
const FALLBACK_RELATIVE: f64 = 1e-9;
/// The cost limit of that fallback, in [`super::estimated_cost_bits`] units (well under 0.1 s).
const FALLBACK_EXACT_BITS: f64 = 2e6;

/// E\[NBP\_{N,D}\] in floating point with a certified error bound (Fuller et al. 1973, Eqns 5.1
/// and 5.6, factorised as in GUIDE §5), for 1 ≤ N ≤ 1000 and D ≤ 64: see
/// [`super::expected_leaves_by_level`], which this evaluates (all levels come in one pass).
/// Where double precision cannot certify 10^−9 and the tree is small enough, the exact
/// rational is computed instead.
pub fn expected_leaves(n: u32, depth: u32) -> Result<Estimate, FullerError> {
    let estimate = super::expected_leaves_by_level(n, depth)?.levels[depth as usize];
    if estimate.relative_error() <= FALLBACK_RELATIVE
        || super::check_exact_cost_within(n, depth, FALLBACK_EXACT_BITS).is_err()
    {
        return Ok(estimate);
    }
    let exact = crate::num::to_f64(&super::expected_leaves_exact(n, depth)?);
    Ok(Estimate {
        value: exact,
        error: 0.5 * f64::EPSILON * exact,
    })
}

/// The expected number of positions examined on level `level` (of any tree at least that
/// deep): E\[NBP\_{N,level}\] (see [`super::expected_leaves_on_level_exact`]).
pub fn expected_leaves_on_level(n: u32, level: u32) -> Result<Estimate, FullerError> {
    expected_leaves(n, level)
}

/// E\[NMG\_{N,D}\] = Σ_{l<D} E\[NBP\_{N,l}\] in floating point with a certified bound (see
/// [`super::expected_move_generations_exact`]), from one pass over the levels.
pub fn expected_move_generations(n: u32, depth: u32) -> Result<Estimate, FullerError> {
    Ok(super::expected_leaves_by_level(n, depth)?.move_generations())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuller::{expected_leaves_by_level, expected_leaves_exact};
    use crate::num::to_f64;

    /// Every level of one pass against the exact rationals: the difference is within the
    /// certified bound, and the bound itself is small.
    #[test]
    fn agrees_with_the_exact_rationals_within_the_certified_bound() {
        for (n, d) in [
            (2, 13),
            (3, 8),
            (4, 7),
            (5, 6),
            (12, 4),
            (30, 3),
            (64, 2),
            (1000, 2),
        ] {
            let all = expected_leaves_by_level(n, d).unwrap();
            for (l, float) in all.levels.iter().enumerate() {
                let exact = to_f64(&expected_leaves_exact(n, l as u32).unwrap());
                let difference = (float.value - exact).abs();
                assert!(
                    difference <= float.error + 0.5 * f64::EPSILON * exact,
                    "<{n},{l}>: {float:?} vs {exact}"
                );
                assert!(float.relative_error() < 1e-9, "<{n},{l}>: {float:?}");
            }
        }
    }

    /// The deepest exact values computed here (12 s and 48 s on the development machine).
    #[test]
    #[ignore = "heavy: exact ⟨3,10⟩ and ⟨2,16⟩"]
    fn agrees_with_deep_exact_rationals() {
        for (n, d) in [(3, 10), (2, 16)] {
            let exact = to_f64(&crate::fuller::expected_leaves_exact_within(n, d, 1e10).unwrap());
            let float = expected_leaves(n, d).unwrap();
            assert!((float.value - exact).abs() <= float.error, "<{n},{d}>");
        }
    }

    #[test]
    fn whole_range_is_finite_and_bounded() {
        for n in [1, 2, 7, 35, 64, 300, 1000] {
            let all = expected_leaves_by_level(n, FLOAT_MAX_D).unwrap();
            let mut previous = 0.0;
            for (d, e) in all.levels.iter().enumerate() {
                let d = d as u32;
                assert!(
                    e.value.is_finite() && e.error.is_finite() && e.relative_error() < 1e-3,
                    "<{n},{d}> {e:?}"
                );
                // Between the perfect-ordering count N^⌈D/2⌉ + N^⌊D/2⌋ − 1 and minimax's N^D.
                let nf = f64::from(n);
                let perfect = nf.powi(d.div_ceil(2) as i32) + nf.powi(d as i32 / 2) - 1.0;
                let minimax = nf.powi(d as i32);
                assert!(
                    e.value >= perfect * (1.0 - 1e-12) && e.value <= minimax * (1.0 + 1e-12),
                    "<{n},{d}> {e:?}"
                );
                assert!(e.value >= previous);
                previous = e.value;
            }
        }
    }

    #[test]
    fn out_of_range_is_an_error() {
        assert_eq!(expected_leaves(0, 3), Err(FullerError::ZeroBranching));
        assert!(matches!(
            expected_leaves(1001, 3),
            Err(FullerError::OutOfRange { .. })
        ));
        assert!(matches!(
            expected_leaves(2, 65),
            Err(FullerError::OutOfRange { .. })
        ));
        assert!(matches!(
            expected_move_generations(2, 65),
            Err(FullerError::OutOfRange { .. })
        ));
    }

    #[test]
    fn move_generations_match_exact() {
        for (n, d) in [(3, 5), (2, 9), (10, 4)] {
            let exact = to_f64(&crate::fuller::expected_move_generations_exact(n, d).unwrap());
            let float = expected_move_generations(n, d).unwrap();
            assert!(
                (float.value - exact).abs() <= float.error + 1e-15 * exact,
                "<{n},{d}> {float:?} vs {exact}"
            );
            assert!(float.relative_error() < 1e-9);
        }
    }
}
