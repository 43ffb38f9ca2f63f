//! E\[NBP\_{N,D}\] as an exact rational by the factorised form of Fuller et al.'s Eqn 5.6.
//!
//! Eqn 5.6 (Fuller, Gaschnig & Gillogly 1973) gives the probability that bottom position
//! i_1…i_D is examined as Σ_{m even, i_m>1} (i_m − 1)·N^{D−m}·∫₀¹ Π_{k=0}^{D−1} T(u,k)^{P_k(m)} du,
//! where T(u,0) = u, T(u,k) = 1 − T(u,k−1)^N and the exponent P_k(m) depends on the single
//! coordinate i_{D−k} (i_{D−k}+N−2 below level m, i_m−2 at it, i_{D−k}−1 above it). Summing over
//! all index vectors therefore moves inside the integral level by level (GUIDE §5):
//!
//! E\[NBP\_{N,D}\] = N^⌈D/2⌉ + Σ_{m=2,4,…≤D} N^{D−m} ∫₀¹ Π_k S_k^{(m)}(T(u,k)) du
//!
//! with S(t) = Σ_{i=1}^N t^{i+N−2} for k < D−m, Σ_{i=2}^N (i−1) t^{i−2} for k = D−m and
//! Σ_{i=1}^N t^{i−1} for k > D−m; the first term counts the leaves whose even-indexed
//! coordinates are all 1 (probability 1, Theorem 2c and Eqn 5.2).
//!
//! This answers the open problem of the paper's §7 and §8 (a form whose cost grows slower than
//! the 2D−2-fold nested sum of Lemma 5.3): D/2 integrals of products of D polynomials.
//!
//! Every factor with k ≥ 1 is a polynomial in v = u^N (T(u,1) = 1 − v), so the product of those
//! factors is built in v with malachite's integer polynomials (Kronecker / Schönhage–Strassen
//! multiplication), and ∫₀¹ u^a·v^j du = 1/(Nj + a + 1) finishes the job with one common
//! denominator.

use malachite::base::num::arithmetic::traits::Pow;
use malachite::base::num::basic::traits::Zero;
use malachite::base::polynomial::Polynomial;
use malachite::integer_polynomial::IntegerPolynomial;
use malachite::{Integer, Natural, Rational};

use super::error::FullerError;

/// Largest estimated polynomial product the exact path accepts, in bits (2·10⁹ ≈ 250 MB; on the
/// development machine ⟨2,16⟩ at 4.3·10⁹ took 48 s and ⟨3,10⟩ at 1.6·10⁹ took 12 s); see
/// [`estimated_cost_bits`].
pub const EXACT_LIMIT_BITS: f64 = 2e9;

/// The weights w_e of a level factor Σ_e w_e·t^e.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Weights(pub(crate) Vec<u64>);

impl Weights {
    /// Σ_{i=1}^N t^{i−1}: a level above the differentiated one (k > D−m). (The exact path
    /// builds this factor with [`geometric_sum`]; the weights serve the cross-checks.)
    #[cfg(test)]
    pub(crate) fn shallow(n: u32) -> Self {
        Self(vec![1; n as usize])
    }

    /// Σ_{i=2}^N (i−1)·t^{i−2}: the differentiated level (k = D−m).
    pub(crate) fn pivot(n: u32) -> Self {
        Self((1..u64::from(n)).collect())
    }

    /// Σ_{i=1}^N t^{i+N−2}: a level below the differentiated one (k < D−m).
    pub(crate) fn deep(n: u32) -> Self {
        let mut w = vec![0; n as usize - 1];
        w.extend(std::iter::repeat_n(1, n as usize));
        Self(w)
    }

    /// t^e alone.
    pub(crate) fn power(e: u32) -> Self {
        let mut w = vec![0; e as usize];
        w.push(1);
        Self(w)
    }
}

/// The three level-factor shapes of the factorised Eqn 5.6, in the order of levels k = 0..D−1
/// for the term m: deep below D−m, pivot at D−m, shallow above.
#[cfg(test)]
pub(crate) fn factor_weights(n: u32, depth: u32, m: u32) -> Vec<Weights> {
    let pivot = depth - m;
    (0..depth)
        .map(|k| match k.cmp(&pivot) {
            std::cmp::Ordering::Less => Weights::deep(n),
            std::cmp::Ordering::Equal => Weights::pivot(n),
            std::cmp::Ordering::Greater => Weights::shallow(n),
        })
        .collect()
}

fn polynomial(coefficients: Vec<Integer>) -> IntegerPolynomial {
    IntegerPolynomial::from_coefficients_asc(coefficients)
}

fn constant(c: u64) -> IntegerPolynomial {
    polynomial(vec![Integer::from(c)])
}

/// Σ_e w_e·r^e by Horner's rule.
fn compose(weights: &Weights, r: &IntegerPolynomial) -> IntegerPolynomial {
    // Skip the leading zero weights as a power of r: Σ w_e r^e = r^z·Σ w_{e+z} r^e.
    let zeros = weights.0.iter().take_while(|&&w| w == 0).count();
    let mut acc = IntegerPolynomial::ZERO;
    for &w in weights.0[zeros..].iter().rev() {
        acc = &acc * r + constant(w);
    }
    if zeros > 0 {
        acc *= r.pow(zeros as u64);
    }
    acc
}

/// The geometric sum 1 + r + … + r^{m−1} (the shallow factor A with m = N) by doubling:
/// G_{2j} = G_j·(1 + r^j), G_{j+1} = 1 + r·G_j, in O(log m) multiplications instead of the
/// m − 1 of Horner's rule.
fn geometric_sum(r: &IntegerPolynomial, m: u32) -> IntegerPolynomial {
    if m == 0 {
        return IntegerPolynomial::ZERO;
    }
    // Invariant: sum = G_j, power = r^j.
    let (mut sum, mut power) = (constant(1), r.clone());
    for bit in (0..31 - m.leading_zeros()).rev() {
        sum = &sum * &(constant(1) + &power);
        power = power.pow(2);
        if m >> bit & 1 == 1 {
            sum = constant(1) + r * &sum;
            power *= r;
        }
    }
    sum
}

/// The polynomials R_k(v) = T(u,k) for k = 1..depth−1, in v = u^N.
fn level_polynomials(n: u32, depth: u32) -> Vec<IntegerPolynomial> {
    let mut levels: Vec<IntegerPolynomial> = Vec::new();
    for k in 1..depth {
        let next = match levels.last() {
            None => polynomial(vec![Integer::from(1), Integer::from(-1)]),
            Some(previous) => constant(1) - previous.pow(u64::from(n)),
        };
        debug_assert!(k as usize == levels.len() + 1);
        levels.push(next);
    }
    levels
}

/// Σ_t c_t / (t + 1) over the non-zero c_t, by binary splitting (numerator and denominator of
/// each half combined without reduction; one reduction at the end).
fn sum_over_successors(terms: &[(Integer, u64)]) -> (Integer, Integer) {
    match terms {
        [] => (Integer::from(0), Integer::from(1)),
        [(c, t)] => (c.clone(), Integer::from(*t + 1)),
        _ => {
            let (left, right) = terms.split_at(terms.len() / 2);
            let ((p1, q1), (p2, q2)) = (sum_over_successors(left), sum_over_successors(right));
            (p1 * &q2 + p2 * &q1, q1 * q2)
        }
    }
}

/// ∫₀¹ low(u)·Q(u^N) du exactly, with `low` given by its weights: Σ c_t/(t+1) over the
/// coefficients c_t of low(u)·Q(u^N).
fn integrate_split(n: u32, low: &Weights, q: &IntegerPolynomial) -> Rational {
    let n = n as usize;
    let q = q.coefficients_asc();
    if q.is_empty() || low.0.iter().all(|&w| w == 0) {
        return Rational::from(0u32);
    }
    let len = n * (q.len() - 1) + low.0.len();
    let mut combined = vec![Integer::from(0); len];
    for (j, qj) in q.iter().enumerate() {
        for (a, &w) in low.0.iter().enumerate() {
            if w != 0 {
                combined[n * j + a] += qj * Integer::from(w);
            }
        }
    }
    let terms: Vec<(Integer, u64)> = combined
        .into_iter()
        .enumerate()
        .filter(|(_, c)| *c != 0)
        .map(|(t, c)| (c, t as u64))
        .collect();
    let (numerator, denominator) = sum_over_successors(&terms);
    Rational::from_integers(numerator, denominator)
}

/// ∫₀¹ Π_{k=0}^{D−1} (Σ_e w_{k,e}·T(u,k)^e) du exactly, for one weight vector per level.
pub(crate) fn integrate_levels(n: u32, factors: &[Weights]) -> Rational {
    let Some((low, high)) = factors.split_first() else {
        return Rational::from(1u32);
    };
    let levels = level_polynomials(n, factors.len() as u32);
    let mut product = constant(1);
    for (weights, r) in high.iter().zip(&levels) {
        product *= compose(weights, r);
    }
    integrate_split(n, low, &product)
}

/// An upper estimate of the size, in bits, of the largest polynomial the exact computation of
/// E\[NBP\_{N,D}\] builds: degree × coefficient bits ≈ (2N^{D−1})², from deg T(u,k) = N^k and
/// the ℓ¹ bound ‖R_k‖₁ ≤ 2^{N^{k−1}}.
pub fn estimated_cost_bits(n: u32, depth: u32) -> f64 {
    if depth < 2 {
        return 0.0;
    }
    let degree = 2.0 * f64::from(n).powi(depth as i32 - 1);
    degree * degree
}

/// Rejects ⟨N,D⟩ whose exact computation would exceed [`EXACT_LIMIT_BITS`].
pub fn check_exact_cost(n: u32, depth: u32) -> Result<(), FullerError> {
    check_exact_cost_within(n, depth, EXACT_LIMIT_BITS)
}

/// Rejects ⟨N,D⟩ whose exact computation would exceed `limit_bits`.
pub fn check_exact_cost_within(n: u32, depth: u32, limit_bits: f64) -> Result<(), FullerError> {
    if n == 0 {
        return Err(FullerError::ZeroBranching);
    }
    let estimated_bits = estimated_cost_bits(n, depth);
    if estimated_bits > limit_bits {
        return Err(FullerError::TooExpensive {
            n,
            d: depth,
            estimated_bits,
            limit_bits,
        });
    }
    Ok(())
}

/// E\[NBP\_{N,D}\], the expected number of bottom positions alpha-beta examines in a uniform
/// tree of branching factor N and depth D with i.i.d. continuous leaf values (Fuller et al.
/// 1973, Eqn 5.1 with Eqn 5.6), as an exact rational, by the factorised integral.
///
/// Refuses (with [`FullerError::TooExpensive`]) sizes whose polynomials would not fit the
/// budget [`EXACT_LIMIT_BITS`]; [`super::expected_leaves`] gives every size in floating point.
pub fn expected_leaves_exact(n: u32, depth: u32) -> Result<Rational, FullerError> {
    expected_leaves_exact_within(n, depth, EXACT_LIMIT_BITS)
}

/// [`expected_leaves_exact`] with a cost limit other than [`EXACT_LIMIT_BITS`] (in the units of
/// [`estimated_cost_bits`]).
pub fn expected_leaves_exact_within(
    n: u32,
    depth: u32,
    limit_bits: f64,
) -> Result<Rational, FullerError> {
    check_exact_cost_within(n, depth, limit_bits)?;
    let mut total = Rational::from(Natural::from(n).pow(u64::from(depth.div_ceil(2))));
    if n == 1 || depth < 2 {
        return Ok(total);
    }
    // Level factors in v = u^N for k = 1..D−1 (index k−1): shallow A_k, deep B_k = A_k·R_k^{N−1}.
    let levels = level_polynomials(n, depth);
    let shallow: Vec<IntegerPolynomial> = levels.iter().map(|r| geometric_sum(r, n)).collect();
    let deep: Vec<IntegerPolynomial> = shallow
        .iter()
        .zip(&levels)
        .map(|(a, r)| a * r.pow(u64::from(n - 1)))
        .collect();
    // prefix_deep[j] = Π_{1≤k<j} B_k; suffix_shallow[j] = Π_{j<k≤D−1} A_k.
    let top = depth as usize;
    let mut prefix_deep = vec![constant(1); top];
    for j in 2..top {
        prefix_deep[j] = &prefix_deep[j - 1] * &deep[j - 2];
    }
    let mut suffix_shallow = vec![constant(1); top];
    for j in (0..top - 1).rev() {
        suffix_shallow[j] = &suffix_shallow[j + 1] * &shallow[j];
    }
    for m in (2..=depth).step_by(2) {
        let pivot = (depth - m) as usize;
        let (low, high) = if pivot == 0 {
            (Weights::pivot(n), suffix_shallow[0].clone())
        } else {
            let middle = compose(&Weights::pivot(n), &levels[pivot - 1]);
            (
                Weights::deep(n),
                &prefix_deep[pivot] * &(middle * &suffix_shallow[pivot]),
            )
        };
        let integral = integrate_split(n, &low, &high);
        total += integral * Rational::from(Natural::from(n).pow(u64::from(depth - m)));
    }
    Ok(total)
}

/// The expected number of positions alpha-beta examines on level `level` of a tree of depth
/// D ≥ `level`: E\[NBP\_{N,level}\], independent of D, because the values of the positions on a
/// level are themselves i.i.d. continuous (Fuller et al. 1973 §3) and alpha-beta's decisions
/// above a level depend only on those values (GUIDE §5).
pub fn expected_leaves_on_level_exact(n: u32, level: u32) -> Result<Rational, FullerError> {
    expected_leaves_exact(n, level)
}

/// The largest depth D whose exact E\[NMG\_{N,D}\] the tools compute
/// ([`expected_move_generations_exact`] sums one exact E\[NBP\] per level: for
/// N = 1 the cost check passes at any D, and D = 2^32 − 1 levels would run
/// for about an hour).
pub const MAX_EXACT_NMG_DEPTH: u32 = 1_000_000;

/// E\[NMG\_{N,D}\]: the expected number of move generations, one for every examined
/// non-terminal position: Σ_{l=0}^{D−1} E\[NBP\_{N,l}\] (Fuller et al. 1973 §5, last
/// equation; the OCR'd seed prints the sum as 1 + Σ_{i=2}^{D−1}, which omits the N positions of
/// level 1 that are always expanded — we count them).
pub fn expected_move_generations_exact(n: u32, depth: u32) -> Result<Rational, FullerError> {
    let mut total = Rational::from(0u32);
    for level in 0..depth {
        total += expected_leaves_exact(n, level)?;
    }
    Ok(total)
}

/// Pr{i_D}: the probability that alpha-beta examines the bottom position with (1-based) index
/// vector `path` = (i_1, …, i_D) (Fuller et al. 1973, Theorem 2 and Eqn 5.6), exactly.
///
/// It is 1 when every even-indexed coordinate is 1 (Theorem 2c, Eqn 5.2).
pub fn leaf_probability(n: u32, path: &[u32]) -> Result<Rational, FullerError> {
    let depth = path.len() as u32;
    if n == 0 {
        return Err(FullerError::ZeroBranching);
    }
    if path.iter().any(|&i| i == 0 || i > n) {
        return Err(FullerError::BadPath {
            path: path.to_vec(),
            n,
            depth,
        });
    }
    let coordinate = |c: u32| path[c as usize - 1];
    // Theorem 2c: with every even-indexed coordinate 1 the leaf is always
    // examined, whatever the size of the tree.
    if (2..=depth).step_by(2).all(|m| coordinate(m) == 1) {
        return Ok(Rational::from(1u32));
    }
    check_exact_cost(n, depth)?;
    let mut total = Rational::from(0u32);
    let mut any_even_above_one = false;
    for m in (2..=depth).step_by(2) {
        let im = coordinate(m);
        if im == 1 {
            continue;
        }
        any_even_above_one = true;
        let factors: Vec<Weights> = (0..depth)
            .map(|k| {
                let c = depth - k;
                let i = coordinate(c);
                Weights::power(match c.cmp(&m) {
                    std::cmp::Ordering::Greater => i + n - 2,
                    std::cmp::Ordering::Equal => i - 2,
                    std::cmp::Ordering::Less => i - 1,
                })
            })
            .collect();
        let scale = Rational::from((im - 1) as u64)
            * Rational::from(Natural::from(n).pow(u64::from(depth - m)));
        total += integrate_levels(n, &factors) * scale;
    }
    if !any_even_above_one {
        return Ok(Rational::from(1u32));
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shared prefix/suffix products give the same sum as integrating each term of the
    /// factorised Eqn 5.6 separately.
    #[test]
    fn shared_products_match_term_by_term_integration() {
        for (n, depth) in [(2u32, 5u32), (3, 4), (4, 3), (2, 8), (5, 4)] {
            let mut total = Rational::from(Natural::from(n).pow(u64::from(depth.div_ceil(2))));
            for m in (2..=depth).step_by(2) {
                total += integrate_levels(n, &factor_weights(n, depth, m))
                    * Rational::from(Natural::from(n).pow(u64::from(depth - m)));
            }
            assert_eq!(
                total,
                expected_leaves_exact(n, depth).unwrap(),
                "<{n},{depth}>"
            );
        }
    }

    #[test]
    fn geometric_sum_matches_horner() {
        let r = polynomial(vec![Integer::from(1), Integer::from(-3), Integer::from(2)]);
        for m in 1..40 {
            assert_eq!(
                geometric_sum(&r, m),
                compose(&Weights::shallow(m), &r),
                "m={m}"
            );
        }
        assert_eq!(geometric_sum(&r, 0), IntegerPolynomial::ZERO);
    }

    #[test]
    fn cost_estimate_refuses_huge_trees() {
        assert!(check_exact_cost(6, 4).is_ok());
        assert!(check_exact_cost(2, 10).is_ok());
        assert!(check_exact_cost(35, 4).is_err());
        assert!(check_exact_cost(2, 24).is_err());
        assert_eq!(check_exact_cost(0, 2), Err(FullerError::ZeroBranching));
    }
}
