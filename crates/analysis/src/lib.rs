//! Exact and numeric analysis of alpha-beta pruning on random uniform game trees.
//!
//! Pure mathematics: this crate depends on no other workspace crate. It implements the formulas
//! of the seeds
//!
//! * Fuller, Gaschnig & Gillogly, *Analysis of the alpha-beta pruning algorithm* (CMU 1973):
//!   [`fuller`] — the expected number of bottom positions E\[NBP\_{N,D}\] (Eqn 5.6) computed
//!   exactly by a factorised integral (which answers the paper's open problem), by Lemma 5.3
//!   as an independent check, and in floating point with a certified error bound; the exact
//!   variance and distribution of NBP for small trees (the paper's second open problem);
//! * Knuth & Moore, *An analysis of alpha-beta pruning* (AI 6, 1975): [`knuth`] — p\_ij (eq 27),
//!   T(d,2) (Theorem 3), the bounds r0, r1, r\* of Table 1, best-case F1 growth (eqs 49–51) and
//!   the totally dependent model (Theorem 6, eqs 52–54, Corollary 4);
//! * the perfect-ordering counts of Levin / Slagle & Dixon and Knuth's Corollaries 1–2:
//!   [`perfect`];
//! * Pearl's asymptotic branching factor ξ_N/(1−ξ_N) and the depth ratios DR, DR\*:
//!   [`asymptotics`]; Fuller's least-squares fit of Table 7.1: [`fit`].
//!
//! Building blocks: [`perron`] (power iteration for positive matrices), [`quadrature`]
//! (adaptive Gauss–Kronrod), [`num`] (rationals from `malachite`, LGPL-3.0).

pub mod asymptotics;
pub mod fit;
pub mod fuller;
pub mod knuth;
pub mod num;
pub mod perfect;
pub mod perron;
pub mod quadrature;

#[cfg(test)]
pub(crate) mod testing;
