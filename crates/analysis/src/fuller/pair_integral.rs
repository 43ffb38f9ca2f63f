//! E\[NBP²\_{N,D}\] and Var\[NBP\_{N,D}\] in floating point at scale, for N ≤ 64 and D ≤ 16, by a
//! sum over the depth where two examined bottom positions part, each term a double integral of
//! products of one-level factors (Fuller, Gaschnig & Gillogly 1973 §8 leave the variance open;
//! [`super::nbp_moments_exact`] gives it exactly for small trees).
//!
//! # The pair probability
//! Values are read on the leaf-quantile scale u ∈ \[0,1\]; the node at depth k has the
//! distribution function T_k (T_D(u) = u; T_k = T_{k+1}^N at a Max node, 1 − (1 − T_{k+1})^N at a
//! Min node, Eqns 3.1–3.2). By Theorem 1 a bottom position x is examined iff α_x < β_x, α_x the
//! largest value of the left siblings of its ancestors below Max nodes and β_x the smallest of
//! those below Min nodes (window (0, 1) at the root). Take two bottom positions x, y whose paths
//! part at a **Max** node P of depth c, x below P's child i, y below child j > i. Then
//!
//! * α_x = max(W, A′_x), β_x = min(B, B′_x) and α_y = max(W, v_i, Mid, A′_y), β_y = min(B, B′_y),
//! * W the left siblings above P and children 1…i−1 of P (shared), B the shared β part, Mid the
//!   children between i and j, v_i the value of child i, and the primed sets the left siblings
//!   inside child i's or child j's subtree.
//!
//! All are independent except v_i, A′_x, B′_x (one subtree). Pivoting on β_x = s and β_y = s′
//! (as Fuller's Eqn 5.6 pivots on one β), Pr{both examined} = ∫∫ Pr{α_x < s, α_y < s′,
//! β_x ∈ ds, β_y ∈ ds′}: for s < s′ only B′_x can attain s, for s > s′ only B′_y can attain
//! s′, on s = s′ only B can attain both, and β = 1 (the window's end) is an atom. Summed over
//! all pairs parting at depth c, every sum over a path index moves inside the integral level by
//! level, giving products of
//!
//! * the top (levels ≤ c): F_c(u) = Π_{α levels} A(T_k(u)) and S_c(u) = Π_{β levels}
//!   A(1 − T_k(u)) with A(t) = Σ_{i<N} t^i (the 𝒜_c, ℬ_c of docs/analysis.md);
//! * level c + 1: L_c(s,s′) = Σ_{i<j} T(min(s,s′))^{i−1} T(s′)^{j−i−1} (children before i below
//!   both thresholds, those between i and j below s′);
//! * y's subtree: Y_c(s′) = Π_{k ≥ c+2} of the same one-level factors;
//! * x's subtree: X_c(s,s′) = Σ_x Pr{A′_x < s, B′_x > s, v_i < s′}, where v_i ≤ s′ is a nested
//!   and/or of the path's siblings and leaf: a two-state transfer (P_k, Q_k) from the leaf up,
//!   P the weight of the conditions below, Q the same with v ≤ s′ (see [`Tree::chain`]).
//!
//! Each factor whose β threshold is the pivot is carried with its density (−d/ds), as a
//! [`Dual`]. A pair parting at a Min node is the mirror image (u ↦ 1 − u swaps Max and Min,
//! α and β): it is a pair parting at a Max node of the tree whose root is Min. So
//!
//! E\[NBP²\] = E\[NBP\] + 2·(Σ_{Max P, root Max} + Σ_{Max P, root Min}) of the pair integrals.
//!
//! # The quadrature and its certified bound
//! Every T_k switches between 0 and 1 near the same point (the fixed point of the two-level map,
//! within about λ^{−(D−k)}), and T_{D−1} = u^N is steep near an end. So the u-axis is first cut
//! into equal pieces and pieces graded toward the switching point ([`first_cut`]); the double
//! integral takes the tensor product of the pieces (the two triangles of a piece on the
//! diagonal, where min/max switch, separately, in collapsed coordinates), and the lines s′ = 1,
//! s = 1 (the atoms) and s = s′ the one-variable rule.
//!
//! In each region (s < s′, s > s′, and on the lines) the integrand is a polynomial in s and s′,
//! so the truncation bound of [`super::certified`] carries over. For the one-variable rule
//! E = I − Q on \[a, b\], |E(f)| ≤ (b − a)·K(ρ)·sup_{E_ρ}|f − f(c)|, K(ρ) = 4ρ^{−23}/(ρ − 1)
//! (Gauss integrates constants exactly, so f may be centred); for the tensor rule,
//! I⊗I − Q⊗Q = I⊗E + E⊗Q with positive weights, so a rectangle's error is at most
//! area·K(ρ)·4·sup|f − f(c, c′)| over the product of the two pieces' discs (or
//! area·K(ρ)·2·sup|f| uncentred). A diagonal triangle's outer rule integrates
//! g(o) = ∫_a^o f(s, o) ds, at most |o − a|·sup|f| on the disc D about \[a, b\] (the segment
//! from a to o lies in D), and its inner rules' ellipses lie in D as well, with
//! Σ w_o·(o − a) = (b − a)²/2. The suprema come from one evaluation of the integrand in
//! **midpoint-radius arithmetic** ([`Disc`]) on the discs containing the Bernstein ellipses:
//! |z^N − c^N| ≤ (|c| + r)^N − |c|^N propagates the discs through the T_k, and every
//! polynomial with non-negative coefficients (A, H, the ordered pairs) maps a disc about c into
//! the disc of radius g(|c| + r) − g(|c|) about g(c); sums and differences keep their centres,
//! so the cancellations of the two-state transfer cost nothing. Each cell takes the best of the
//! ellipses ρ ∈ [`RHOS`]; the pieces with the largest shares of the bound are halved
//! ([`refine`]) until it is below [`TARGET`] of the integral.
//!
//! The same arithmetic with radius 0 at the nodes bounds the rounding: every operation is
//! charged ε = 2^−52 of its result, log1p/expm1/exp with their condition numbers, the nodes
//! and weights with their own rounding, and the sums are taken by cell and by row so their
//! running bound stays small. Radii are themselves rounded to nearest (first order, as in
//! [`super::certified`]), which the factor [`RADIUS_SLACK`] covers many times over. E\[NBP\]
//! comes from [`super::expected_leaves_by_level_within`] at its tightest tolerance, since it
//! enters the variance multiplied by 2·E\[NBP\].
//!
//! # Cost
//! A node of the double integral walks the D levels once (the transfer of x's subtree gives
//! X_c for every c at once) and sums O(N) terms per level: O(N·D) per node, with (pieces·12)²
//! nodes, so polynomial in N and D — against the exponential recursion of the exact path. The
//! arithmetic on discs costs about twice the plain one (every polynomial is evaluated at c and
//! at |c| + r); the bounds cost one evaluation per cell and ellipse, a few percent of the
//! integration per round of refinement.

use std::sync::atomic::AtomicBool;

use super::FullerError;
use super::certified::{gauss_legendre_rule, truncation_factor};
use super::error::check_stop;
use super::float::Estimate;

/// Largest N accepted by [`nbp_moments_float`].
pub const MOMENTS_FLOAT_MAX_N: u32 = 64;
/// Largest D accepted by [`nbp_moments_float`].
pub const MOMENTS_FLOAT_MAX_D: u32 = 16;

/// At most this many pieces per tree in the refinement on certified bounds (the double
/// integral costs their square).
const MAX_CERTIFIED_PIECES: usize = 400;
/// The refinement stops when the certified truncation bound of a tree's pair integral is below
/// this fraction of the integral.
const TARGET: f64 = 1e-10;
/// The share of the truncation bound charged to a piece for an unbounded cell.
const UNBOUNDED_SHARE: f64 = 1e250;
/// The relative tolerance asked of the certified E\[NBP\] (the smallest it accepts).
const MEAN_TOLERANCE: f64 = 1e-12;
/// The Bernstein ellipse parameters tried on every cell, the best bound kept: a cell small
/// against the integrand's scale affords a larger ellipse, whose factor K(ρ) is far smaller.
const RHOS: [f64; 3] = [3.0, 8.0, 20.0];
/// The ε of the rounding bounds (2^−52, twice the unit roundoff).
const EPS: f64 = f64::EPSILON;
/// Charged on every rounded operation besides ε relative: covers results in the subnormal
/// range (far below every quantity that matters).
const TINY: f64 = 1e-300;
/// Radii are themselves computed in rounded arithmetic: every bound is multiplied by this
/// (it covers 4·10^6 rounded operations on the way to one radius, far more than any takes).
const RADIUS_SLACK: f64 = 1.0 + 1e-9;

/// E\[NBP\], E\[NBP²\] and Var\[NBP\] in floating point with certified error bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NbpMomentEstimates {
    /// E\[NBP\] with its certified bound ([`super::expected_leaves_by_level_within`]).
    pub mean: Estimate,
    /// E\[NBP²\] with its certified bound (the tensor Gauss rule's truncation bounded by
    /// Bernstein-ellipse majorants, plus the rounding bound of midpoint-radius arithmetic).
    pub second_moment: Estimate,
    /// Var\[NBP\] = E\[NBP²\] − E\[NBP\]², the bounds propagated.
    pub variance: Estimate,
    /// The part of the second moment's bound that bounds the quadrature's truncation (the rest
    /// bounds the rounding, and E\[NBP\]'s error).
    pub truncation: f64,
    /// Pieces of the u-axis (root Max and root Min together).
    pub pieces: usize,
}

impl NbpMomentEstimates {
    /// sd/mean, the coefficient of variation.
    pub fn coefficient_of_variation(&self) -> f64 {
        self.variance.value.max(0.0).sqrt() / self.mean.value
    }
}

/// A disc {z ∈ ℂ : |z − c| ≤ r} about a real centre: midpoint-radius arithmetic. At a real
/// node the radius bounds the rounding error of the centre (every operation charged ε of its
/// result); on the disc about a piece it bounds |f(z) − f(centre)| over the disc as well, the
/// majorant of the truncation bound. One evaluation of the integrand serves both.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Disc {
    c: f64,
    r: f64,
}

impl Disc {
    const ZERO: Disc = Disc { c: 0.0, r: 0.0 };
    const ONE: Disc = Disc { c: 1.0, r: 0.0 };

    fn exact(c: f64) -> Self {
        Self { c, r: 0.0 }
    }

    /// A rounded result `c` whose operands spread it by `r` (a radius that overflowed into
    /// ∞ − ∞ or 0·∞ is unbounded: ∞).
    fn rounded(c: f64, r: f64) -> Self {
        let r = r + EPS * c.abs() + TINY;
        Self {
            c,
            r: if r.is_nan() { f64::INFINITY } else { r },
        }
    }

    /// The largest |z| on the disc.
    fn magnitude(self) -> f64 {
        self.c.abs() + self.r
    }
}

impl std::ops::Add for Disc {
    type Output = Disc;
    fn add(self, o: Disc) -> Disc {
        Disc::rounded(self.c + o.c, self.r + o.r)
    }
}

impl std::ops::Sub for Disc {
    type Output = Disc;
    fn sub(self, o: Disc) -> Disc {
        Disc::rounded(self.c - o.c, self.r + o.r)
    }
}

impl std::ops::Mul for Disc {
    type Output = Disc;
    fn mul(self, o: Disc) -> Disc {
        // 0·r = 0 even for an unbounded r (∞): an exact zero times anything is zero.
        let times = |a: f64, b: f64| if a == 0.0 || b == 0.0 { 0.0 } else { a * b };
        Disc::rounded(
            self.c * o.c,
            times(self.c.abs(), o.r) + times(o.c.abs(), self.r) + times(self.r, o.r),
        )
    }
}

impl std::ops::AddAssign for Disc {
    fn add_assign(&mut self, o: Disc) {
        *self = *self + o;
    }
}

/// The images of discs with non-negative centres under polynomials with non-negative
/// coefficients of degree at most `degree`, which `f` evaluates by sums and products of
/// non-negative terms (Horner's rule). Such a polynomial g satisfies
/// |g(z) − g(c)| ≤ g(c + r) − g(c) on the polydisc, and its evaluation errs by at most
/// 2·degree·ε relative: both evaluations' rounding is charged on top.
fn nonneg<const K: usize, const M: usize>(
    args: [Disc; K],
    degree: u32,
    f: impl Fn([f64; K]) -> [f64; M],
) -> [Disc; M] {
    debug_assert!(args.iter().all(|a| a.c >= 0.0), "{args:?}");
    let centre = f(args.map(|a| a.c));
    let corner = if args.iter().all(|a| a.r == 0.0) {
        centre
    } else {
        f(args.map(|a| a.c + a.r))
    };
    let kappa = (8.0 * f64::from(degree) + 8.0) * EPS;
    std::array::from_fn(|m| Disc::rounded(centre[m], (corner[m] - centre[m]) + kappa * corner[m]))
}

/// (b + r)^m − b^m for b, r ≥ 0: the spread of z^m over the disc |z − b| ≤ r.
fn power_spread(b: f64, r: f64, m: u32) -> f64 {
    if r == 0.0 || m == 0 {
        return 0.0;
    }
    let mf = f64::from(m);
    let spread = if r < b {
        b.powi(m as i32) * (mf * (r / b).ln_1p()).exp_m1()
    } else {
        (b + r).powi(m as i32)
    };
    spread * RADIUS_SLACK
}

/// A value with its density in the β threshold: (g, −dg/ds).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Dual {
    v: Disc,
    d: Disc,
}

impl Dual {
    const ONE: Dual = Dual {
        v: Disc::ONE,
        d: Disc::ZERO,
    };

    fn constant(v: Disc) -> Self {
        Self { v, d: Disc::ZERO }
    }

    fn scale(self, c: Disc) -> Self {
        Self {
            v: self.v * c,
            d: self.d * c,
        }
    }

    fn sub(self, o: Self) -> Self {
        Self {
            v: self.v - o.v,
            d: self.d - o.d,
        }
    }
}

impl std::ops::Mul for Dual {
    type Output = Dual;
    fn mul(self, o: Dual) -> Dual {
        Dual {
            v: self.v * o.v,
            d: self.v * o.d + self.d * o.v,
        }
    }
}

/// H(p, q) = Σ_{i=1}^N p^{i−1} q^{N−i} and ∂H/∂p, by Horner's rule in p (all terms ≥ 0).
fn homogeneous_horner(n: u32, p: f64, q: f64) -> [f64; 2] {
    let (mut h, mut dh, mut qp) = (0.0, 0.0, 1.0);
    for _ in 0..n {
        dh = dh * p + h;
        h = h * p + qp;
        qp *= q;
    }
    [h, dh]
}

/// H(p, q) and ∂H/∂p on discs.
fn homogeneous(n: u32, p: Disc, q: Disc) -> [Disc; 2] {
    nonneg([p, q], n, |[p, q]| homogeneous_horner(n, p, q))
}

/// A(t) = Σ_{i<N} t^i and A′(t) on a disc.
fn geometric(n: u32, t: Disc) -> [Disc; 2] {
    homogeneous(n, t, Disc::ONE)
}

/// N·x^{N−1} on a disc (`powi`'s rounding is within the charge of [`nonneg`]).
fn power_slope(n: u32, x: Disc) -> Disc {
    let nf = f64::from(n);
    let [v] = nonneg([x], n, |[x]| [nf * x.powi(n as i32 - 1)]);
    v
}

/// Σ_{1 ≤ i < j ≤ N} m^{i−1} y^{j−i−1} = Σ_{r<N−1} h_r(m, y), h_r the complete homogeneous sum.
fn ordered_pairs(n: u32, m: Disc, y: Disc) -> Disc {
    let [v] = nonneg([m, y], n, |[m, y]| {
        let (mut h, mut yp, mut total) = (0.0, 1.0, 0.0);
        for _ in 1..n {
            h = h * m + yp;
            total += h;
            yp *= y;
        }
        [total]
    });
    v
}

/// The one-variable quantities at one threshold u (a node, or the disc about a piece).
#[derive(Clone, Debug)]
struct Point {
    /// T_k(u), 1 − T_k(u), T_k′(u) for k = 0..=D.
    t: Vec<Disc>,
    tbar: Vec<Disc>,
    dt: Vec<Disc>,
    /// F_c(u) = Π_{α levels k ≤ c} A(T_k), c = 0..=D.
    top_alpha: Vec<Disc>,
    /// S_c(u) = Π_{β levels k ≤ c} A(1 − T_k) with its density, c = 0..=D.
    top_beta: Vec<Dual>,
    /// Level k's factor: A(T_k) at an α level (no density), A(1 − T_k) at a β level.
    factor: Vec<Dual>,
    /// Π_{k ≥ j} of every level's factor, j = 0..=D+1 (index j).
    below: Vec<Dual>,
}

/// A uniform ⟨N,D⟩ tree whose root is Max (`root_max`) or Min.
#[derive(Clone, Copy, Debug)]
struct Tree {
    n: u32,
    depth: usize,
    root_max: bool,
}

/// Where a node of the double integral lies.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Region {
    /// s < s′: β_x is attained inside x's subtree.
    Below,
    /// s > s′: β_y is attained inside y's subtree.
    Above,
    /// s = s′: both attained by the shared β part.
    Diagonal,
}

impl Tree {
    fn is_max(&self, k: usize) -> bool {
        k.is_multiple_of(2) == self.root_max
    }

    /// Level k (1..=D) is an α level when its parent is a Max node.
    fn alpha_level(&self, k: usize) -> bool {
        self.is_max(k - 1)
    }

    /// The quantities at u (its centre in \[0, 1\]).
    fn point(&self, u: Disc) -> Point {
        let d = self.depth;
        let nf = f64::from(self.n);
        let (mut t, mut tbar, mut dt) = (
            vec![Disc::ZERO; d + 1],
            vec![Disc::ZERO; d + 1],
            vec![Disc::ZERO; d + 1],
        );
        t[d] = u;
        tbar[d] = Disc::ONE - u;
        dt[d] = Disc::ONE;
        for k in (0..d).rev() {
            // The child's distribution (x, its complement x̄) → x^N or 1 − x̄^N, both sides
            // kept accurate through log1p/expm1: x^N from whichever of x, x̄ is carried
            // accurately, 1 − x^N = −expm1(N·log x) (relative error ≤ 4ε: expm1's condition
            // number is below 1 on the negative axis). Over the disc, both move by at most
            // (|x| + r)^N − |x|^N.
            let (x, xbar) = if self.is_max(k) {
                (t[k + 1], tbar[k + 1])
            } else {
                (tbar[k + 1], t[k + 1])
            };
            let (power, log_x, base) = if xbar.c < 0.5 {
                let log_x = (-xbar.c).ln_1p();
                let y = nf * log_x;
                let power = y.exp();
                // exp of N·log1p: N·|log x|·2ε + 3ε relative.
                (
                    Disc::rounded(power, (2.0 * y.abs() + 2.0) * EPS * power),
                    log_x,
                    // 1 − x̄ rounded up: the spread grows with its centre.
                    Disc {
                        c: 1.0 - xbar.c + EPS,
                        r: xbar.r,
                    },
                )
            } else {
                let power = x.c.powi(self.n as i32);
                (Disc::rounded(power, (nf + 1.0) * EPS * power), x.c.ln(), x)
            };
            let complement = -(nf * log_x).exp_m1();
            let spread = power_spread(base.c, base.r, self.n);
            let power = Disc {
                c: power.c,
                r: power.r + spread,
            };
            let complement = Disc {
                c: complement,
                r: 4.0 * EPS * complement + spread + TINY,
            };
            if self.is_max(k) {
                (t[k], tbar[k]) = (power, complement);
            } else {
                (t[k], tbar[k]) = (complement, power);
            }
            dt[k] = power_slope(self.n, x) * dt[k + 1];
        }
        let mut top_alpha = vec![Disc::ONE; d + 1];
        let mut top_beta = vec![Dual::ONE; d + 1];
        let mut factor = vec![Dual::ONE; d + 2];
        for k in 1..=d {
            if self.alpha_level(k) {
                factor[k] = Dual::constant(geometric(self.n, t[k])[0]);
                top_alpha[k] = top_alpha[k - 1] * factor[k].v;
                top_beta[k] = top_beta[k - 1];
            } else {
                let [a, da] = geometric(self.n, tbar[k]);
                factor[k] = Dual {
                    v: a,
                    d: da * dt[k],
                };
                top_alpha[k] = top_alpha[k - 1];
                top_beta[k] = top_beta[k - 1] * factor[k];
            }
        }
        let mut below = vec![Dual::ONE; d + 2];
        for k in (1..=d).rev() {
            below[k] = below[k + 1] * factor[k];
        }
        below[0] = below[1];
        Point {
            t,
            tbar,
            dt,
            top_alpha,
            top_beta,
            factor,
            below,
        }
    }

    /// The depths c < D of the Max nodes where two paths may part.
    fn parting_depths(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.depth).filter(|&c| self.is_max(c))
    }

    /// X_c(s, s′) for every c (index c + 1 = the depth of P's child i): the transfer from the
    /// leaf up. P_k = Σ Pr{conditions on levels k+1..D}, Q_k = the same with v(n_k) < s′.
    /// At a Max n_k: P_k = A(T(s))·P_{k+1}, Q_k = H(T(min), T(s′))·Q_{k+1} (all siblings below
    /// s′, the left ones below s too). At a Min n_k: P_k = A(1 − T(s))·P_{k+1} and
    /// P_k − Q_k = H(1 − T(max), 1 − T(s′))·(P_{k+1} − Q_{k+1}) (v ≥ s′ needs every sibling
    /// ≥ s′, the left ones > s too). Densities are in the β threshold s.
    fn chain(&self, s: &Point, sp: &Point, region: Region) -> Vec<Dual> {
        let d = self.depth;
        let mut q = vec![Dual::default(); d + 1];
        let mut p = Dual::ONE;
        q[d] = Dual::constant(sp.t[d]);
        for k in (1..d).rev() {
            let l = k + 1;
            if self.is_max(k) {
                let a = s.factor[l].v;
                let h = match region {
                    Region::Below => homogeneous(self.n, s.t[l], sp.t[l])[0],
                    Region::Above | Region::Diagonal => power_slope(self.n, sp.t[l]),
                };
                p = p.scale(a);
                q[k] = q[k + 1].scale(h);
            } else {
                let beta = s.factor[l];
                let h = match region {
                    Region::Below | Region::Diagonal => {
                        Dual::constant(power_slope(self.n, sp.tbar[l]))
                    }
                    Region::Above => {
                        let [h, dh] = homogeneous(self.n, s.tbar[l], sp.tbar[l]);
                        Dual {
                            v: h,
                            d: dh * s.dt[l],
                        }
                    }
                };
                let outside = p.sub(q[k + 1]);
                p = beta * p;
                q[k] = p.sub(h * outside);
            }
        }
        q
    }

    /// The pair integrand at (s, s′), summed over the parting depths c. `s_atom`/`sp_atom`:
    /// the threshold is the window's end (β = 1, weight = value) rather than a density.
    fn pair_integrand(
        &self,
        s: &Point,
        sp: &Point,
        region: Region,
        s_atom: bool,
        sp_atom: bool,
    ) -> Disc {
        let x = self.chain(s, sp, region);
        let mut total = Disc::ZERO;
        for c in self.parting_depths() {
            let l = c + 1;
            let m = if region == Region::Below {
                s.t[l]
            } else {
                sp.t[l]
            };
            let between = ordered_pairs(self.n, m, sp.t[l]);
            let y = sp.below[c + 2];
            let weigh = |g: Dual, atom: bool| if atom { g.v } else { g.d };
            total += match region {
                Region::Below => {
                    s.top_alpha[c]
                        * between
                        * weigh(x[l], s_atom)
                        * weigh(sp.top_beta[c] * y, sp_atom)
                }
                Region::Above => {
                    sp.top_alpha[c]
                        * between
                        * weigh(s.top_beta[c] * x[l], s_atom)
                        * weigh(y, sp_atom)
                }
                Region::Diagonal => {
                    s.top_alpha[c] * between * weigh(s.top_beta[c], s_atom) * x[l].v * y.v
                }
            };
        }
        total
    }

    /// The integrand of E\[NBP\] (pivot on β): F_D(u)·S_D′(u), the atom at 1 separately.
    #[cfg(test)]
    fn mean_integrand(&self, p: &Point, atom: bool) -> f64 {
        let d = self.depth;
        let beta = p.top_beta[d];
        p.top_alpha[d].c * if atom { beta.v.c } else { beta.d.c }
    }
}

/// The 12 nodes of the Gauss–Legendre rule on \[a, b\] with their weights, as discs: the
/// rounding of each node and weight, and `rb`, the uncertainty of b (the end of an inner
/// interval that is itself a node), are their radii.
fn mapped(a: f64, b: f64, rb: f64) -> impl Iterator<Item = (Disc, Disc)> {
    let (mid, half) = (0.5 * (a + b), 0.5 * (b - a));
    let node_radius = 4.0 * EPS * a.abs().max(b.abs()) + rb;
    gauss_legendre_rule().into_iter().map(move |(x, w)| {
        let weight = half * w;
        (
            Disc {
                c: mid + half * x,
                r: node_radius,
            },
            Disc {
                c: weight,
                r: 16.0 * EPS * weight + 0.5 * rb * w,
            },
        )
    })
}

/// The disc about the piece \[a, b\] that contains its Bernstein ellipse E_ρ.
fn ellipse_disc(a: f64, b: f64, rho: f64) -> Disc {
    Disc {
        c: 0.5 * (a + b),
        r: 0.25 * (b - a) * (rho + 1.0 / rho) * RADIUS_SLACK + 4.0 * EPS * b.abs(),
    }
}

/// The truncation bound of the tensor rule on a rectangle of `area` from one evaluation `f`
/// of its integrand on the polydisc about it: with E = I − Q in one variable and the tensor
/// error I⊗I − Q⊗Q = I⊗E + E⊗Q, each term is `area`·K(ρ)·2·sup|f − f(centre)|
/// (or K(ρ)·sup|f| without the centring, whichever is smaller).
fn tensor_truncation(area: f64, f: Disc, rho: f64) -> f64 {
    area * truncation_factor(rho) * (4.0 * f.r).min(2.0 * f.magnitude()) * RADIUS_SLACK
}

/// The truncation bound of the rule on one piece of `length` for a function whose values on
/// the disc about the piece lie in `f`: K(ρ)·sup|f − f(centre)|.
fn line_truncation(length: f64, f: Disc, rho: f64) -> f64 {
    length * truncation_factor(rho) * f.r.min(f.magnitude()) * RADIUS_SLACK
}

/// The first cut of \[0, 1\]: 16 equal pieces, and pieces graded geometrically (ratio ½)
/// toward the root's median, where every T_k switches (within λ^{−(D−k)}, λ = N(1−ξ)/ξ the
/// slope of x ↦ 1 − x^N at its fixed point ξ), down to 10^−3·λ^{−D}: a feature narrower than a
/// piece would need many halvings to be found by its bound.
fn first_cut(tree: &Tree) -> Vec<f64> {
    let mut points: Vec<f64> = (0..=16).map(|i| f64::from(i) / 16.0).collect();
    if tree.depth > 0 && tree.n > 1 {
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if mid <= lo || mid >= hi {
                break;
            }
            if tree.point(Disc::exact(mid)).t[0].c < 0.5 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let centre = 0.5 * (lo + hi);
        let xi = crate::asymptotics::xi(tree.n);
        let lambda = (f64::from(tree.n) * (1.0 - xi) / xi).max(1.0);
        let smallest = 1e-3 * lambda.powi(-(tree.depth as i32));
        points.push(centre);
        for (end, sign) in [(0.0, -1.0), (1.0, 1.0)] {
            let mut offset = 0.5 * (end - centre) * sign;
            while offset > smallest {
                points.push(centre + sign * offset);
                offset *= 0.5;
            }
        }
    }
    points.sort_by(f64::total_cmp);
    points.dedup();
    points
}

/// The certified truncation bounds of one tree's pair integral on a mesh, from one evaluation
/// of the integrand on the polydisc about each cell (and the disc about each piece for the
/// lines): their total, each piece's share (the bounds of the cells and lines it belongs to),
/// and the midpoint-rule estimate of Σ|integral| the target is relative to.
struct Truncation {
    total: f64,
    share: Vec<f64>,
    scale: f64,
}

/// One ellipse parameter ρ with the discs about the pieces and the quantities on them.
struct Ellipse {
    rho: f64,
    discs: Vec<Disc>,
    points: Vec<Point>,
}

fn truncation(tree: &Tree, breaks: &[f64], stop: &AtomicBool) -> Result<Truncation, FullerError> {
    let cells = breaks.len() - 1;
    let ellipses: Vec<Ellipse> = RHOS
        .iter()
        .map(|&rho| {
            let discs: Vec<Disc> = breaks
                .windows(2)
                .map(|w| ellipse_disc(w[0], w[1], rho))
                .collect();
            let points = discs.iter().map(|&u| tree.point(u)).collect();
            Ellipse { rho, discs, points }
        })
        .collect();
    let one = tree.point(Disc::ONE);
    let width = |i: usize| breaks[i + 1] - breaks[i];
    let (mut total, mut scale) = (0.0, 0.0);
    let mut share = vec![0.0; cells];
    // The best bound over the ellipses, and the integral's midpoint estimate.
    let mut charge = |i: usize, j: usize, bound_at: &dyn Fn(&Ellipse) -> (f64, f64)| {
        let (mut bound, mut estimate) = (f64::INFINITY, 0.0);
        for ellipse in &ellipses {
            let (b, e) = bound_at(ellipse);
            bound = bound.min(b);
            estimate = e;
        }
        total += bound;
        scale += estimate.abs();
        // An unbounded cell counts as a large finite share, so the piece whose disc
        // overflowed (unbounded with every partner) stands out from its partners.
        let weight = bound.min(UNBOUNDED_SHARE);
        share[i] += weight;
        if j != i {
            share[j] += weight;
        }
    };
    for i in 0..cells {
        check_stop(stop)?;
        // The lines β_y = 1, β_x = 1 and the diagonal.
        for (s_one, sp_one, region) in [
            (false, true, Region::Below),
            (true, false, Region::Above),
            (false, false, Region::Diagonal),
        ] {
            charge(i, i, &|e| {
                let p = &e.points[i];
                let f = tree.pair_integrand(
                    if s_one { &one } else { p },
                    if sp_one { &one } else { p },
                    region,
                    s_one,
                    sp_one,
                );
                (line_truncation(width(i), f, e.rho), width(i) * f.c)
            });
        }
        // Off-diagonal cells.
        for j in 0..cells {
            if j == i {
                continue;
            }
            let region = if i < j { Region::Below } else { Region::Above };
            let area = width(i) * width(j);
            charge(i, j, &|e| {
                let f = tree.pair_integrand(&e.points[i], &e.points[j], region, false, false);
                (tensor_truncation(area, f, e.rho), area * f.c)
            });
        }
        // The two triangles of the diagonal cell \[a, b\]²: the outer rule integrates
        // g(o) = ∫_a^o f(s, o) ds, whose continuation to the disc D about \[a, b\] is at most
        // |o − a|·sup_{D×D}|f| (the segment from a to o lies in D), and the inner rule on
        // \[a, o\] has its ellipse inside D too (ρ ≥ 2), with Σ w_o·(o − a) = (b − a)²/2.
        for region in [Region::Below, Region::Above] {
            charge(i, i, &|e| {
                let f = tree.pair_integrand(&e.points[i], &e.points[i], region, false, false);
                let w = width(i);
                let outer = w * (0.5 * w + e.discs[i].r) * f.magnitude();
                let inner = 0.5 * w * w * (2.0 * f.r).min(f.magnitude());
                (
                    truncation_factor(e.rho) * (outer + inner) * RADIUS_SLACK,
                    0.5 * w * w * f.c,
                )
            });
        }
    }
    Ok(Truncation {
        total: total * RADIUS_SLACK,
        share,
        scale,
    })
}

/// Splits the pieces with the largest shares of the truncation bound until the bound is below
/// [`TARGET`] of the integral or the mesh has [`MAX_CERTIFIED_PIECES`] pieces; returns the
/// mesh and its certified truncation bound.
fn refine(
    tree: &Tree,
    mut breaks: Vec<f64>,
    stop: &AtomicBool,
) -> Result<(Vec<f64>, f64), FullerError> {
    loop {
        let bound = truncation(tree, &breaks, stop)?;
        let cells = breaks.len() - 1;
        if bound.total <= TARGET * bound.scale || cells >= MAX_CERTIFIED_PIECES {
            return Ok((breaks, bound.total));
        }
        // Split every piece whose share is within a factor 4 of the largest, as far as the
        // budget goes.
        let largest = bound.share.iter().copied().fold(0.0, f64::max);
        let mut order: Vec<usize> = (0..cells)
            .filter(|&i| bound.share[i] >= 0.25 * largest)
            .collect();
        order.sort_by(|&i, &j| bound.share[j].total_cmp(&bound.share[i]));
        order.truncate(MAX_CERTIFIED_PIECES - cells);
        let mut added: Vec<f64> = order
            .iter()
            .map(|&i| 0.5 * (breaks[i] + breaks[i + 1]))
            .filter(|m| !breaks.contains(m))
            .collect();
        if added.is_empty() {
            return Ok((breaks, bound.total));
        }
        breaks.append(&mut added);
        breaks.sort_by(f64::total_cmp);
    }
}

/// One tree's pair integral Σ_c ∫∫ by the 12-point tensor rule: its value, with the rounding
/// bound of the node values, the weights and the sums as radius.
fn pair_integral(tree: &Tree, breaks: &[f64], stop: &AtomicBool) -> Result<Disc, FullerError> {
    let one = tree.point(Disc::ONE);
    let corner = tree.pair_integrand(&one, &one, Region::Diagonal, true, true);
    let cells = breaks.len() - 1;
    let nodes: Vec<Vec<(Disc, Disc, Point)>> = breaks
        .windows(2)
        .map(|w| {
            mapped(w[0], w[1], 0.0)
                .map(|(u, wt)| (u, wt, tree.point(u)))
                .collect()
        })
        .collect();
    let mut total = corner;
    for ci in 0..cells {
        check_stop(stop)?;
        // Sums by cell, then by row, so the running rounding bound of the sums stays small.
        let mut row = Disc::ZERO;
        // The lines β_y = 1 (s′ atom, s < 1) and β_x = 1 (s atom, s′ < 1), and the diagonal.
        let mut line = Disc::ZERO;
        for (_, w, p) in &nodes[ci] {
            line += *w * tree.pair_integrand(p, &one, Region::Below, false, true);
            line += *w * tree.pair_integrand(&one, p, Region::Above, true, false);
            line += *w * tree.pair_integrand(p, p, Region::Diagonal, false, false);
        }
        row += line;
        // Off-diagonal cells: tensor products.
        for cj in 0..cells {
            if ci == cj {
                continue;
            }
            let region = if ci < cj {
                Region::Below
            } else {
                Region::Above
            };
            let mut cell = Disc::ZERO;
            for (_, ws, ps) in &nodes[ci] {
                for (_, wsp, psp) in &nodes[cj] {
                    cell += (*ws * *wsp) * tree.pair_integrand(ps, psp, region, false, false);
                }
            }
            row += cell;
        }
        // The diagonal cell: the two triangles in collapsed coordinates.
        let a = breaks[ci];
        let mut cell = Disc::ZERO;
        for (outer, wo, po) in &nodes[ci] {
            for (inner, wi) in mapped(a, outer.c, outer.r) {
                let pi = tree.point(inner);
                // Below: s = inner < s′ = outer; Above: s = outer > s′ = inner.
                let w = *wo * wi;
                cell += w * tree.pair_integrand(&pi, po, Region::Below, false, false);
                cell += w * tree.pair_integrand(po, &pi, Region::Above, false, false);
            }
        }
        row += cell;
        total += row;
    }
    Ok(total)
}

/// E\[NBP\], E\[NBP²\] and Var\[NBP\] of alpha-beta with a full window on a uniform ⟨N,D⟩ tree
/// with i.i.d. continuous bottom values (Fuller et al.'s model), in floating point with
/// certified error bounds, for 1 ≤ N ≤ 64 and D ≤ 16: the pair sum by parting depth of the
/// module documentation.
pub fn nbp_moments_float(n: u32, depth: u32) -> Result<NbpMomentEstimates, FullerError> {
    nbp_moments_float_until(n, depth, &AtomicBool::new(false))
}

/// [`nbp_moments_float`], abandoned with [`FullerError::Interrupted`] soon after `stop` is set
/// (it is read once per row of cells of the double integral: a fraction of a second).
pub fn nbp_moments_float_until(
    n: u32,
    depth: u32,
    stop: &AtomicBool,
) -> Result<NbpMomentEstimates, FullerError> {
    if n == 0 {
        return Err(FullerError::ZeroBranching);
    }
    if n > MOMENTS_FLOAT_MAX_N {
        return Err(FullerError::OutOfRange {
            what: "N for the floating-point variance",
            value: u64::from(n),
            range: "1..=64",
        });
    }
    if depth > MOMENTS_FLOAT_MAX_D {
        return Err(FullerError::OutOfRange {
            what: "D for the floating-point variance",
            value: u64::from(depth),
            range: "0..=16",
        });
    }
    // E[NBP]² enters the variance with the factor 2·E[NBP]: its bound at the tightest
    // tolerance the certified path accepts.
    let mean =
        super::expected_leaves_by_level_within(n, depth, MEAN_TOLERANCE)?.levels[depth as usize];
    let mut pairs = Estimate::exact(0.0);
    let mut pieces_used = 0;
    let mut truncation_total = 0.0;
    if n > 1 && depth > 0 {
        for root_max in [true, false] {
            let tree = Tree {
                n,
                depth: depth as usize,
                root_max,
            };
            let (breaks, truncation) = refine(&tree, first_cut(&tree), stop)?;
            pieces_used += breaks.len() - 1;
            let value = pair_integral(&tree, &breaks, stop)?;
            pairs.value += value.c;
            pairs.error += truncation + value.r;
            truncation_total += 2.0 * truncation;
        }
    }
    let second_moment = Estimate {
        value: mean.value + 2.0 * pairs.value,
        error: (mean.error + 2.0 * pairs.error + 2.0 * EPS * (mean.value + 2.0 * pairs.value))
            * RADIUS_SLACK,
    };
    let square = mean.value * mean.value;
    let variance = Estimate {
        value: second_moment.value - square,
        error: (second_moment.error
            + mean.error * (2.0 * mean.value + mean.error)
            + 2.0 * EPS * (second_moment.value + square))
            * RADIUS_SLACK,
    };
    Ok(NbpMomentEstimates {
        mean,
        second_moment,
        variance,
        truncation: truncation_total,
        pieces: pieces_used,
    })
}

/// E\[NBP\] by the same one-variable functions (a check of [`Tree::point`] against the
/// certified path).
#[cfg(test)]
fn mean_by_pivot(n: u32, depth: u32) -> f64 {
    let tree = Tree {
        n,
        depth: depth as usize,
        root_max: true,
    };
    let (breaks, _) = refine(&tree, first_cut(&tree), &AtomicBool::new(false)).unwrap();
    let mut total = tree.mean_integrand(&tree.point(Disc::ONE), true);
    for w in breaks.windows(2) {
        for (u, wt) in mapped(w[0], w[1], 0.0) {
            total += wt.c * tree.mean_integrand(&tree.point(u), false);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuller::{expected_leaves, nbp_moments_exact};
    use crate::num::to_f64;
    use std::sync::atomic::Ordering;

    #[test]
    fn the_pivot_functions_give_the_mean() {
        for (n, d) in [(2, 2), (3, 3), (2, 7), (5, 4), (16, 3), (64, 6)] {
            let ours = mean_by_pivot(n, d);
            let certified = expected_leaves(n, d).unwrap().value;
            assert!(
                (ours - certified).abs() <= 1e-9 * certified,
                "<{n},{d}>: {ours} vs {certified}"
            );
        }
    }

    /// Every exact rational cheap enough for the default test run: the float value lies within
    /// its certified bound of it, and that bound is small.
    #[test]
    fn small_trees_match_the_exact_rationals() {
        for (n, d) in [
            (1, 5),
            (2, 1),
            (3, 1),
            (2, 2),
            (3, 2),
            (2, 3),
            (2, 4),
            (4, 2),
            (3, 3),
            (2, 5),
            (5, 2),
            (8, 2),
            (4, 3),
            (2, 6),
        ] {
            check_against_exact(n, d);
        }
    }

    fn check_against_exact(n: u32, d: u32) {
        let exact = nbp_moments_exact(n, d).unwrap();
        let float = nbp_moments_float(n, d).unwrap();
        for (what, ours, theirs) in [
            ("variance", float.variance, to_f64(&exact.variance())),
            (
                "second moment",
                float.second_moment,
                to_f64(&exact.second_moment),
            ),
        ] {
            let gap = (ours.value - theirs).abs();
            // The exact rational rounded to f64: half an ulp.
            assert!(
                gap <= ours.error + f64::EPSILON * theirs,
                "<{n},{d}> {what}: {ours:?} vs {theirs}"
            );
            assert!(
                ours.error <= 1e-7 * theirs.max(1.0),
                "<{n},{d}> {what}: {ours:?}"
            );
        }
    }

    /// Every ⟨N,D⟩ of the exact range, N^D ≤ 256 (the exact side takes minutes).
    #[test]
    #[ignore = "heavy: every exact variance up to 256 bottom positions"]
    fn every_exact_size_matches() {
        for n in 2u32..=16 {
            for d in 1..=8 {
                if u64::from(n).pow(d) <= crate::fuller::VARIANCE_MAX_LEAVES {
                    check_against_exact(n, d);
                }
            }
        }
    }

    /// The exact values quoted in docs/analysis.md to four decimals (⟨2,9⟩ and ⟨3,6⟩ computed
    /// once with the exact path's limit raised: 41 s and 22 min).
    #[test]
    fn quoted_exact_values_beyond_the_default_tests() {
        for (n, d, quoted) in [
            (2, 8, 506.8948),
            (4, 4, 537.3683),
            (16, 2, 608.5231),
            (2, 9, 1437.5035),
            (3, 6, 2546.8402),
        ] {
            let float = nbp_moments_float(n, d).unwrap().variance;
            assert!(
                (float.value - quoted).abs() <= 5e-5 + float.error,
                "<{n},{d}>: {float:?} vs {quoted}"
            );
        }
    }

    /// The whole promised range is finite, positive, with a certified relative bound below
    /// 10^−7, and the coefficient of variation inside the band Fuller et al. sampled, widened.
    #[test]
    fn corners_of_the_range() {
        for (n, d) in [(2, 16), (64, 2), (16, 4), (7, 9)] {
            let m = nbp_moments_float(n, d).unwrap();
            let cv = m.coefficient_of_variation();
            assert!(
                m.variance.value > 0.0 && m.variance.relative_error() < 1e-7,
                "<{n},{d}>: {m:?}"
            );
            assert!((0.08..0.25).contains(&cv), "<{n},{d}>: {cv}");
        }
    }

    /// Complex numbers as pairs, for the checks of the discs.
    type Complex = (f64, f64);

    fn mul(a: Complex, b: Complex) -> Complex {
        (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
    }

    fn power(z: Complex, n: u32) -> Complex {
        (0..n).fold((1.0, 0.0), |p, _| mul(p, z))
    }

    fn one_minus(z: Complex) -> Complex {
        (1.0 - z.0, -z.1)
    }

    /// |z − c|, less the rounding of the plain complex arithmetic that computed z (1 − x^N
    /// cancels where x^N is near 1).
    fn distance(z: Complex, c: f64) -> f64 {
        (z.0 - c).hypot(z.1) - 1e-14 * (1.0 + c.abs())
    }

    /// The discs of [`Tree::point`] hold T_k(z), 1 − T_k(z), T_k′(z) and every level's factor
    /// A(T_k) or A(1 − T_k) at points z of the disc (near its edge and inside), computed here
    /// directly in complex arithmetic from T_D(z) = z.
    #[test]
    fn the_discs_contain_the_complex_values() {
        for (n, depth, centre, radius) in [
            (2u32, 6usize, 0.6, 0.05),
            (3, 5, 0.3, 0.1),
            (5, 4, 0.85, 0.02),
            (16, 3, 0.9, 0.004),
            (64, 2, 0.97, 1e-3),
        ] {
            for root_max in [true, false] {
                let tree = Tree { n, depth, root_max };
                let p = tree.point(Disc {
                    c: centre,
                    r: radius,
                });
                for step in 0..24 {
                    let angle = std::f64::consts::TAU * f64::from(step) / 24.0;
                    for scale in [0.999, 0.5] {
                        let z = (
                            centre + scale * radius * angle.cos(),
                            scale * radius * angle.sin(),
                        );
                        // T and 1 − T each carried directly (x^N, not 1 − (1 − x^N)).
                        let (mut t, mut tbar, mut dt) = (z, one_minus(z), (1.0, 0.0));
                        for k in (0..=depth).rev() {
                            if k < depth {
                                let x = if tree.is_max(k) { t } else { tbar };
                                let slope = power(x, n - 1);
                                dt = mul((f64::from(n) * slope.0, f64::from(n) * slope.1), dt);
                                let (p, q) = (power(x, n), one_minus(power(x, n)));
                                (t, tbar) = if tree.is_max(k) { (p, q) } else { (q, p) };
                            }
                            let geometric = |y: Complex| {
                                (0..n).fold((0.0, 0.0), |a, _| {
                                    let m = mul(a, y);
                                    (m.0 + 1.0, m.1)
                                })
                            };
                            let what = format!("<{n},{depth}> max {root_max} k {k} z {z:?}");
                            assert!(distance(t, p.t[k].c) <= p.t[k].r, "T: {what}");
                            assert!(distance(tbar, p.tbar[k].c) <= p.tbar[k].r, "1 − T: {what}");
                            assert!(distance(dt, p.dt[k].c) <= p.dt[k].r, "T′: {what}");
                            if k > 0 {
                                let a = if tree.alpha_level(k) {
                                    geometric(t)
                                } else {
                                    geometric(tbar)
                                };
                                let f = p.factor[k].v;
                                assert!(distance(a, f.c) <= f.r, "A: {what}");
                            }
                        }
                    }
                }
            }
        }
    }

    /// The whole pair integrand (every region, the atoms) at real points of two discs lies in
    /// the disc its evaluation on them gives: a check of the transfer and of the sums over
    /// parting depths, where centres cancel and radii must not.
    #[test]
    fn the_pair_integrand_stays_in_its_disc() {
        for (n, depth) in [(2u32, 5usize), (3, 4), (8, 3)] {
            for root_max in [true, false] {
                let tree = Tree { n, depth, root_max };
                let (s, sp) = (ellipse_disc(0.55, 0.6, 3.0), ellipse_disc(0.7, 0.72, 3.0));
                let (ps, psp) = (tree.point(s), tree.point(sp));
                let one = tree.point(Disc::ONE);
                let cases = [
                    (Region::Below, false, false),
                    (Region::Below, false, true),
                    (Region::Above, true, false),
                    (Region::Diagonal, false, false),
                ];
                for (region, s_atom, sp_atom) in cases {
                    let pick = |atom: bool, p: &Point| if atom { one.clone() } else { p.clone() };
                    // Above: s > s′, so the discs swap roles.
                    let (a, b) = match region {
                        Region::Above => (pick(s_atom, &psp), pick(sp_atom, &ps)),
                        Region::Diagonal => (ps.clone(), ps.clone()),
                        Region::Below => (pick(s_atom, &ps), pick(sp_atom, &psp)),
                    };
                    let disc = tree.pair_integrand(&a, &b, region, s_atom, sp_atom);
                    assert!(disc.r.is_finite(), "{disc:?}");
                    for i in 0..=8 {
                        for j in 0..=8 {
                            let at = |d: Disc, k: i32| {
                                tree.point(Disc::exact(d.c + d.r * f64::from(k - 4) / 4.0))
                            };
                            let (x, y) = match region {
                                Region::Above => (at(sp, i), at(s, j)),
                                Region::Diagonal => (at(s, i), at(s, i)),
                                Region::Below => (at(s, i), at(sp, j)),
                            };
                            let (x, y) = (
                                if s_atom { one.clone() } else { x },
                                if sp_atom { one.clone() } else { y },
                            );
                            let v = tree.pair_integrand(&x, &y, region, s_atom, sp_atom);
                            assert!(
                                (v.c - disc.c).abs() <= disc.r,
                                "<{n},{depth}> {region:?} {i} {j}: {v:?} outside {disc:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// The stop flag ends the computation within a row of cells: set before, at once; set
    /// from another thread during ⟨64,16⟩ (about two minutes in all), well within a second.
    #[test]
    fn the_stop_flag_interrupts() {
        let stop = AtomicBool::new(true);
        assert_eq!(
            nbp_moments_float_until(64, 16, &stop),
            Err(FullerError::Interrupted)
        );
        let stop = AtomicBool::new(false);
        let start = std::time::Instant::now();
        let result = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(200));
                stop.store(true, Ordering::Relaxed);
            });
            nbp_moments_float_until(64, 16, &stop)
        });
        assert_eq!(result, Err(FullerError::Interrupted));
        assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
    }

    #[test]
    fn out_of_range_is_an_error() {
        assert_eq!(nbp_moments_float(0, 3), Err(FullerError::ZeroBranching));
        assert!(matches!(
            nbp_moments_float(65, 2),
            Err(FullerError::OutOfRange { what, .. }) if what.starts_with('N')
        ));
        assert!(matches!(
            nbp_moments_float(2, 17),
            Err(FullerError::OutOfRange { what, .. }) if what.starts_with('D')
        ));
        let single = nbp_moments_float(1, 16).unwrap();
        assert_eq!((single.mean.value, single.variance.value), (1.0, 0.0));
    }
}
