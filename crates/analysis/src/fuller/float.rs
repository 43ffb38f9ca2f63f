//! E\[NBP\_{N,D}\] in floating point with an error bound, for N ≤ 64 and D ≤ 24.
//!
//! The same factorised integral as the exact path (GUIDE §5), summed over m inside the integral:
//! E = N^⌈D/2⌉ + ∫₀¹ Σ_m \[Π_{k<D−m} N·B(T_k)\]·C(T_{D−m})·\[Π_{k>D−m} A(T_k)\] du with
//! A(t) = Σ_{i<N} t^i, B(t) = t^{N−1}A(t), C(t) = Σ_{e≤N−2} (e+1)t^e. Every term is
//! non-negative, so nothing cancels.
//!
//! The difficulty is that T(u,k) = 1 − T(u,k−1)^N iterates the map x ↦ 1 − x^N, whose fixed
//! point ξ_N is repelling with slope −λ, λ = N·ξ^{N−1} = N(1−ξ)/ξ: T(u,k) switches between ≈0
//! and ≈1 within |u − ξ| ≈ λ^{−k}, and most of the mass of the deep terms sits there (for
//! ⟨64,24⟩, at |u − ξ| ≈ 10^{−12}). So the integral is taken in s = u − ξ, never forming u
//! near ξ: while |s_k| is small, s_{k+1} = −ξ^N·expm1(N·ln1p(s_k/ξ)) keeps full relative
//! accuracy; away from ξ the pair (T, 1 − T) is carried with log1p/expm1 so that neither
//! loses digits. The s-axis is cut geometrically toward 0 (scales 2^{−i} down to far below
//! λ^{−D}) and integrated by adaptive Gauss–Kronrod.
//!
//! The error bound is the quadrature's Σ|K15 − G7| plus a rounding bound (8·D·N + 64)·ε per
//! unit of integral.

use super::FullerError;
use crate::asymptotics::xi;
use crate::quadrature::integrate;

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
pub const FLOAT_MAX_N: u32 = 64;
/// Largest D accepted by [`expected_leaves`].
pub const FLOAT_MAX_D: u32 = 24;

const RELATIVE_TOLERANCE: f64 = 1e-14;
const MAX_EVALUATIONS: usize = 400_000;

/// Evaluates the integrand of the factorised Eqn 5.6 at u = ξ + s.
struct Integrand {
    n: u32,
    depth: usize,
    xi: f64,
    xi_pow_n: f64,
    switch: f64,
    // Scratch per level: shallow A, deep N·B, pivot C.
    shallow: Vec<f64>,
    deep: Vec<f64>,
    pivot: Vec<f64>,
    suffix: Vec<f64>,
}

impl Integrand {
    fn new(n: u32, depth: u32) -> Self {
        let xi = xi(n);
        let depth = depth as usize;
        Self {
            n,
            depth,
            xi,
            xi_pow_n: xi.powi(n as i32),
            switch: 0.25 * xi.min(1.0 - xi),
            shallow: vec![0.0; depth],
            deep: vec![0.0; depth],
            pivot: vec![0.0; depth],
            suffix: vec![0.0; depth + 1],
        }
    }

    fn factors(&mut self, k: usize, t: f64) {
        let n = self.n as usize;
        let mut a = 0.0;
        for _ in 0..n {
            a = a * t + 1.0;
        }
        let mut c = 0.0;
        for e in (0..n.saturating_sub(1)).rev() {
            c = c * t + (e + 1) as f64;
        }
        self.shallow[k] = a;
        self.deep[k] = f64::from(self.n) * t.powi(self.n as i32 - 1) * a;
        self.pivot[k] = c;
    }

    fn eval(&mut self, s: f64) -> f64 {
        let n = f64::from(self.n);
        // Level 0..D−1: T and 1 − T, or the deviation from ξ while it is small.
        let mut deviation = Some(s);
        let (mut t, mut complement) = (self.xi + s, (1.0 - self.xi) - s);
        for k in 0..self.depth {
            self.factors(k, t);
            if k + 1 == self.depth {
                break;
            }
            let near_xi = deviation.and_then(|d| {
                let next = -self.xi_pow_n * (n * (d / self.xi).ln_1p()).exp_m1();
                (next.abs() <= self.switch).then_some(next)
            });
            deviation = near_xi;
            (t, complement) = match near_xi {
                Some(next) => (self.xi + next, (1.0 - self.xi) - next),
                None => next_level(t, complement, n),
            };
        }
        // Σ over pivots p = D − m (m = 2, 4, …): prefix of deep factors, suffix of shallow.
        self.suffix[self.depth] = 1.0;
        for k in (0..self.depth).rev() {
            self.suffix[k] = self.suffix[k + 1] * self.shallow[k];
        }
        let mut prefix = 1.0;
        let mut total = 0.0;
        for p in 0..self.depth {
            if (self.depth - p).is_multiple_of(2) {
                total += prefix * self.pivot[p] * self.suffix[p + 1];
            }
            prefix *= self.deep[p];
        }
        total
    }
}

/// Breakpoints on one side of ξ: 0 and L·ratio^i down to far below λ^{−D}.
fn graded_breakpoints(length: f64, depth: u32, n: u32, xi: f64, ratio: f64) -> Vec<f64> {
    let lambda = (f64::from(n) * (1.0 - xi) / xi).max(1.0);
    let smallest = 1e-20 * lambda.powi(-(depth as i32));
    let mut points = vec![0.0];
    let mut a = length;
    let mut descending = Vec::new();
    while a > smallest {
        descending.push(a);
        a *= ratio;
    }
    points.extend(descending.into_iter().rev());
    points
}

fn check_range(n: u32, depth: u32) -> Result<(), FullerError> {
    if n == 0 {
        return Err(FullerError::ZeroBranching);
    }
    if n > FLOAT_MAX_N {
        return Err(FullerError::OutOfRange {
            what: "N",
            value: u64::from(n),
            range: "1..=64",
        });
    }
    if depth > FLOAT_MAX_D {
        return Err(FullerError::OutOfRange {
            what: "D",
            value: u64::from(depth),
            range: "0..=24",
        });
    }
    Ok(())
}

/// E\[NBP\_{N,D}\] in floating point with an error bound (Fuller et al. 1973, Eqns 5.1 and 5.6,
/// factorised as in GUIDE §5), for 1 ≤ N ≤ 64 and D ≤ 24.
pub fn expected_leaves(n: u32, depth: u32) -> Result<Estimate, FullerError> {
    expected_leaves_graded(n, depth, 0.5)
}

/// [`expected_leaves`] with the geometric grading `ratio` of the breakpoints toward ξ.
fn expected_leaves_graded(n: u32, depth: u32, ratio: f64) -> Result<Estimate, FullerError> {
    check_range(n, depth)?;
    let leading = f64::from(n).powi(depth.div_ceil(2) as i32);
    if n == 1 || depth < 2 {
        return Ok(Estimate::exact(leading));
    }
    let mut integrand = Integrand::new(n, depth);
    let xi = integrand.xi;
    let right = graded_breakpoints(1.0 - xi, depth, n, xi, ratio);
    let mut breakpoints: Vec<f64> = right.iter().rev().map(|s| -s * xi / (1.0 - xi)).collect();
    breakpoints.pop(); // the shared 0
    breakpoints.extend(&right);
    let q = integrate(
        |s| integrand.eval(s),
        &breakpoints,
        RELATIVE_TOLERANCE,
        MAX_EVALUATIONS,
    );
    let rounding = (8.0 * f64::from(depth) * f64::from(n) + 64.0) * f64::EPSILON;
    let value = leading + q.value;
    Ok(Estimate {
        value,
        error: q.error + rounding * value,
    })
}

/// The expected number of positions examined on level `level` (of any tree at least that
/// deep): E\[NBP\_{N,level}\] (see [`super::expected_leaves_on_level_exact`]).
pub fn expected_leaves_on_level(n: u32, level: u32) -> Result<Estimate, FullerError> {
    expected_leaves(n, level)
}

/// E\[NMG\_{N,D}\] = Σ_{l<D} E\[NBP\_{N,l}\] in floating point (see
/// [`super::expected_move_generations_exact`]).
pub fn expected_move_generations(n: u32, depth: u32) -> Result<Estimate, FullerError> {
    check_range(n, depth)?;
    let mut total = Estimate::exact(0.0);
    for level in 0..depth {
        let e = expected_leaves(n, level)?;
        total.value += e.value;
        total.error += e.error;
    }
    Ok(total)
}

/// T(u, k+1) = 1 − T(u, k)^N and its complement T(u, k)^N, from T and 1 − T,
/// computed through logarithms so that neither loses digits near 0 or 1.
fn next_level(t: f64, complement: f64, n: f64) -> (f64, f64) {
    let log_t = if t > 0.5 {
        (-complement).ln_1p()
    } else {
        t.ln()
    };
    (-(n * log_t).exp_m1(), (n * log_t).exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuller::expected_leaves_exact;
    use crate::num::to_f64;

    #[test]
    fn agrees_with_the_exact_rationals() {
        let pairs = [
            (2, 2),
            (12, 2),
            (40, 2),
            (64, 2),
            (5, 3),
            (30, 3),
            (3, 4),
            (6, 4),
            (12, 4),
            (4, 5),
            (3, 6),
            (5, 6),
            (4, 7),
            (2, 10),
            (2, 13),
            (3, 8),
        ];
        for (n, d) in pairs {
            let exact = to_f64(&expected_leaves_exact(n, d).unwrap());
            let float = expected_leaves(n, d).unwrap();
            let difference = (float.value - exact).abs();
            assert!(difference <= float.error, "<{n},{d}>: {float:?} vs {exact}");
            assert!(
                difference <= 1e-12 * exact,
                "<{n},{d}>: {float:?} vs {exact}"
            );
            assert!(float.relative_error() < 1e-11, "<{n},{d}>: {float:?}");
        }
    }

    /// The deepest exact values computed here (12 s and 48 s on the development machine).
    #[test]
    #[ignore = "heavy: exact ⟨3,10⟩ and ⟨2,16⟩"]
    fn agrees_with_deep_exact_rationals() {
        for (n, d) in [(3, 10), (2, 16)] {
            let exact = to_f64(&crate::fuller::expected_leaves_exact_within(n, d, 1e10).unwrap());
            let float = expected_leaves(n, d).unwrap();
            assert!(
                (float.value - exact).abs() <= float.error.min(1e-12 * exact),
                "<{n},{d}>"
            );
        }
    }

    #[test]
    fn whole_range_is_finite_and_bounded() {
        for n in [1, 2, 7, 35, 64] {
            let mut previous = 0.0;
            for d in 0..=FLOAT_MAX_D {
                let e = expected_leaves(n, d).unwrap();
                assert!(
                    e.value.is_finite() && e.relative_error() < 1e-11,
                    "<{n},{d}> {e:?}"
                );
                // Between the perfect-ordering count and minimax's N^D.
                let perfect =
                    crate::perfect::perfect_ordering_leaves(u64::from(n), d).unwrap() as f64;
                let minimax = f64::from(n).powi(d as i32);
                assert!(e.value >= perfect * (1.0 - 1e-12) && e.value <= minimax * (1.0 + 1e-12));
                assert!(e.value >= previous);
                previous = e.value;
            }
        }
    }

    /// Where no exact value exists (large N and D), a different cut of the s-axis must give the
    /// same value: a quadrature that missed part of the multi-scale structure near ξ would not.
    #[test]
    fn independent_of_the_grading_at_large_sizes() {
        for (n, d) in [(64, 24), (35, 20), (10, 24), (2, 24), (17, 13)] {
            let a = expected_leaves(n, d).unwrap();
            let b = expected_leaves_graded(n, d, 0.3).unwrap();
            assert!(
                (a.value - b.value).abs() <= 1e-13 * a.value,
                "<{n},{d}>: {a:?} vs {b:?}"
            );
        }
    }

    #[test]
    fn out_of_range_is_an_error() {
        assert_eq!(expected_leaves(0, 3), Err(FullerError::ZeroBranching));
        assert!(matches!(
            expected_leaves(65, 3),
            Err(FullerError::OutOfRange { .. })
        ));
        assert!(matches!(
            expected_leaves(2, 25),
            Err(FullerError::OutOfRange { .. })
        ));
    }

    #[test]
    fn move_generations_match_exact() {
        let exact = to_f64(&crate::fuller::expected_move_generations_exact(3, 5).unwrap());
        let float = expected_move_generations(3, 5).unwrap();
        assert!((float.value - exact).abs() <= float.error.max(1e-13 * exact));
    }
}
