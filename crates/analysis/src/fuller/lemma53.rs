//! The paper's own exact method, kept as an independent check: Eqn 5.6 evaluated for every
//! bottom position with the integrals of Lemma 5.3 (Fuller, Gaschnig & Gillogly 1973 §5), and
//! the closed form they give for depth 2.
//!
//! Lemma 5.3 defines I_k(j_1,…,j_k) = ∫₀¹ Π_{n=1}^k T(u, k−n)^{j_n} du and evaluates it by
//! I_1(j) = 1/(j+1), I_2(j_1,j_2) = (1/N)·B(j_1+1, (j_2+1)/N) = j_1!·N^{j_1}/Π_{i=0}^{j_1}(j_2+1+iN),
//! I_k(j_1,…) = Σ_{l=0}^{j_1} (−1)^l·binom(j_1,l)·I_{k−1}(j_2+lN, j_3,…).
//! **Reconstruction note**: the OCR'd seed prints T(u, k−n+1) in the definition; the proof's
//! cases k = 1, 2 and the worked example Pr{i_3} = (i_2−1)·N·I_3(i_1−1, i_2−2, i_3+N−2) all use
//! T(u, k−n) (levels k−1 down to 0), which is what is implemented.
//!
//! The cost is exponential (N^D bottom positions, each a (D−2)-fold alternating sum): use it
//! for small trees only.

use std::collections::HashMap;

use malachite::base::num::arithmetic::traits::{BinomialCoefficient, Pow};
use malachite::{Natural, Rational};

use super::FullerError;

/// Lemma 5.3's integrals for one branching factor, memoised.
struct Integrals {
    n: u32,
    memo: HashMap<Vec<u64>, Rational>,
}

impl Integrals {
    fn get(&mut self, j: &[u64]) -> Rational {
        if let Some(v) = self.memo.get(j) {
            return v.clone();
        }
        let n = u64::from(self.n);
        let value = match *j {
            [] => Rational::from(1u32),
            [j1] => Rational::from_unsigneds(1, j1 + 1),
            [j1, j2] => {
                let mut denominator = Natural::from(1u32);
                for i in 0..=j1 {
                    denominator *= Natural::from(j2 + 1 + i * n);
                }
                let factorial: Natural = (1..=j1).map(Natural::from).product();
                let numerator = factorial * Natural::from(n).pow(j1);
                Rational::from_naturals(numerator, denominator)
            }
            _ => {
                let j1 = j[0];
                let mut total = Rational::from(0u32);
                let mut rest = j[1..].to_vec();
                let j2 = rest[0];
                for l in 0..=j1 {
                    rest[0] = j2 + l * n;
                    let term = self.get(&rest)
                        * Rational::from(Natural::binomial_coefficient(
                            Natural::from(j1),
                            Natural::from(l),
                        ));
                    if l % 2 == 0 {
                        total += term;
                    } else {
                        total -= term;
                    }
                }
                total
            }
        };
        self.memo.insert(j.to_vec(), value.clone());
        value
    }
}

/// Largest N^D accepted by [`expected_leaves_by_lemma_5_3`].
pub const LEMMA_5_3_MAX_LEAVES: u64 = 4096;

/// E\[NBP\_{N,D}\] as the paper computed it: Σ over all N^D bottom positions of Pr{i_D}
/// (Eqn 5.1), each from Eqn 5.6 with the integrals of Lemma 5.3. Exponential cost: refuses
/// trees with more than [`LEMMA_5_3_MAX_LEAVES`] leaves.
pub fn expected_leaves_by_lemma_5_3(n: u32, depth: u32) -> Result<Rational, FullerError> {
    if n == 0 {
        return Err(FullerError::ZeroBranching);
    }
    let leaves = u64::from(n)
        .checked_pow(depth)
        .filter(|&l| l <= LEMMA_5_3_MAX_LEAVES);
    let Some(leaves) = leaves else {
        return Err(FullerError::OutOfRange {
            what: "N^D for Lemma 5.3",
            value: u64::from(n).saturating_pow(depth),
            range: "at most 4096 leaves",
        });
    };
    let mut integrals = Integrals {
        n,
        memo: HashMap::new(),
    };
    let mut total = Rational::from(0u32);
    let mut path = vec![1u64; depth as usize];
    let n64 = u64::from(n);
    for _ in 0..leaves {
        total += probability(&mut integrals, &path);
        for c in path.iter_mut() {
            *c += 1;
            if *c <= n64 {
                break;
            }
            *c = 1;
        }
    }
    Ok(total)
}

/// Pr{i_D} by Eqn 5.6 and Lemma 5.3 (1-based coordinates).
fn probability(integrals: &mut Integrals, path: &[u64]) -> Rational {
    let depth = path.len();
    let n = u64::from(integrals.n);
    if (2..=depth).step_by(2).all(|m| path[m - 1] == 1) {
        return Rational::from(1u32);
    }
    let mut total = Rational::from(0u32);
    for m in (2..=depth).step_by(2) {
        let im = path[m - 1];
        if im == 1 {
            continue;
        }
        // j_c is the exponent of T(u, D−c), i.e. of coordinate c (Eqn 5.6's P_{D−c}(m)).
        let j: Vec<u64> = (1..=depth)
            .map(|c| {
                let i = path[c - 1];
                match c.cmp(&m) {
                    std::cmp::Ordering::Greater => i + n - 2,
                    std::cmp::Ordering::Equal => i - 2,
                    std::cmp::Ordering::Less => i - 1,
                }
            })
            .collect();
        let scale = Natural::from(im - 1) * Natural::from(n).pow((depth - m) as u64);
        total += integrals.get(&j) * Rational::from(scale);
    }
    total
}

/// Fuller et al.'s closed form for depth 2 (§5):
/// E\[NBP\_{N,2}\] = N + Σ_{i=1}^{N−1} i/(N−i)·\[N·B(i/N, N) − 1\], with
/// B(i/N, N) = (N−1)! / Π_{k=0}^{N−1} (i/N + k).
pub fn depth_two_closed_form(n: u32) -> Result<Rational, FullerError> {
    if n == 0 {
        return Err(FullerError::ZeroBranching);
    }
    let n64 = u64::from(n);
    let mut total = Rational::from(n);
    let factorial: Natural = (1..n64).map(Natural::from).product();
    for i in 1..n64 {
        let mut product = Rational::from(1u32);
        for k in 0..n64 {
            product *= Rational::from_unsigneds(i + k * n64, n64);
        }
        let beta = Rational::from(factorial.clone()) / product;
        total += Rational::from_unsigneds(i, n64 - i)
            * (beta * Rational::from(n) - Rational::from(1u32));
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuller::expected_leaves_exact;

    #[test]
    fn lemma_5_3_agrees_with_the_factorised_integral() {
        for (n, d) in [
            (2, 2),
            (2, 3),
            (2, 4),
            (2, 5),
            (2, 6),
            (3, 2),
            (3, 3),
            (3, 4),
            (4, 2),
            (4, 3),
            (5, 3),
        ] {
            assert_eq!(
                expected_leaves_by_lemma_5_3(n, d).unwrap(),
                expected_leaves_exact(n, d).unwrap(),
                "<{n},{d}>"
            );
        }
    }

    #[test]
    fn lemma_5_3_refuses_big_trees() {
        assert!(expected_leaves_by_lemma_5_3(10, 4).is_err());
        assert!(expected_leaves_by_lemma_5_3(0, 4).is_err());
    }

    #[test]
    fn depth_two_closed_form_agrees() {
        for n in 1..=15 {
            assert_eq!(
                depth_two_closed_form(n).unwrap(),
                expected_leaves_exact(n, 2).unwrap(),
                "N={n}"
            );
        }
    }

    #[test]
    fn exhaustive_enumeration_of_leaf_orders() {
        // Every ordering of the N^D leaf values equally likely (Fuller §3): average the leaves
        // alpha-beta examines over all (N^D)! orders.
        for (n, d, want) in [
            (2usize, 2u32, (11u64, 3u64)),
            (3, 2, (521, 70)),
            (2, 3, (719, 105)),
        ] {
            let leaves = n.pow(d);
            let (mut total, mut count) = (0u64, 0u64);
            crate::testing::for_each_permutation(leaves, |values| {
                let tree = crate::testing::UniformTree {
                    degree: n,
                    height: d,
                    leaves: values,
                };
                total += tree.alpha_beta_leaves();
                count += 1;
            });
            assert_eq!(
                Rational::from_unsigneds(total, count),
                Rational::from_unsigneds(want.0, want.1)
            );
        }
    }
}
