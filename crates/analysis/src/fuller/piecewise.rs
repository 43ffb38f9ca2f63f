//! Exact piecewise polynomials on [0,1]^K whose pieces are the K! orderings of the variables.
//!
//! The moments of the number of bottom positions alpha-beta examines (see [`super::variance`])
//! are functions of a search window (a, b) and of a threshold t on a node's value, all read on
//! the scale u = V_D(x) of the leaf distribution (Fuller et al. 1973 §3: every level's
//! distribution function is then a polynomial in u). Taking expectations over order statistics
//! (a running maximum or minimum of children's values) integrates one variable out between two
//! others, so every function met is a polynomial on each region where the order of its
//! variables is fixed. This module is the algebra of such functions, with rational
//! coefficients: products, sums, substitutions such as w ↦ max(a, m), derivatives, and the
//! integral of one variable over [0,1] split at the others.
//!
//! A piece is keyed by the variables listed from smallest to largest value; ties have
//! probability 0 and are not represented (a function restricted to a diagonal takes the piece
//! that lists the tied variables in index order, which the callers use only where the function
//! is continuous across the tie). Beyond the ordered variables a polynomial may carry one
//! extra variable that never enters an ordering.

use std::collections::{BTreeMap, HashMap};

use malachite::Rational;
use malachite::base::num::basic::traits::{One, Zero};

/// Number of exponent slots of a [`Poly`]: up to four ordered variables and one free one.
pub(crate) const SLOTS: usize = 5;

type Exponents = [u16; SLOTS];

/// A polynomial with rational coefficients in up to [`SLOTS`] variables x_0, x_1, ….
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Poly {
    terms: BTreeMap<Exponents, Rational>,
}

impl Poly {
    pub(crate) fn zero() -> Self {
        Self::default()
    }

    pub(crate) fn constant(c: Rational) -> Self {
        let mut p = Self::zero();
        p.add_term([0; SLOTS], c);
        p
    }

    pub(crate) fn one() -> Self {
        Self::constant(Rational::ONE)
    }

    /// Σ_e c_e·x_var^e.
    pub(crate) fn univariate(var: usize, coefficients: &[Rational]) -> Self {
        let mut p = Self::zero();
        for (e, c) in coefficients.iter().enumerate() {
            let mut exponents = [0; SLOTS];
            exponents[var] = e as u16;
            p.add_term(exponents, c.clone());
        }
        p
    }

    /// The variable x_var.
    pub(crate) fn var(var: usize) -> Self {
        Self::univariate(var, &[Rational::ZERO, Rational::ONE])
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    fn add_term(&mut self, exponents: Exponents, c: Rational) {
        if c == 0u32 {
            return;
        }
        match self.terms.entry(exponents) {
            std::collections::btree_map::Entry::Vacant(slot) => {
                slot.insert(c);
            }
            std::collections::btree_map::Entry::Occupied(mut slot) => {
                *slot.get_mut() += c;
                if *slot.get() == 0u32 {
                    slot.remove();
                }
            }
        }
    }

    pub(crate) fn add(&self, other: &Self) -> Self {
        let mut sum = self.clone();
        for (e, c) in &other.terms {
            sum.add_term(*e, c.clone());
        }
        sum
    }

    pub(crate) fn sub(&self, other: &Self) -> Self {
        let mut difference = self.clone();
        for (e, c) in &other.terms {
            difference.add_term(*e, -c.clone());
        }
        difference
    }

    pub(crate) fn scale(&self, factor: &Rational) -> Self {
        let mut p = Self::zero();
        for (e, c) in &self.terms {
            p.add_term(*e, c * factor);
        }
        p
    }

    pub(crate) fn mul(&self, other: &Self) -> Self {
        let mut product = Self::zero();
        for (e1, c1) in &self.terms {
            for (e2, c2) in &other.terms {
                let mut e = *e1;
                for (slot, add) in e.iter_mut().zip(e2) {
                    *slot += add;
                }
                product.add_term(e, c1 * c2);
            }
        }
        product
    }

    pub(crate) fn pow(&self, exponent: u32) -> Self {
        let mut result = Self::one();
        let mut base = self.clone();
        let mut e = exponent;
        while e > 0 {
            if e & 1 == 1 {
                result = result.mul(&base);
            }
            e >>= 1;
            if e > 0 {
                base = base.mul(&base);
            }
        }
        result
    }

    /// Renames variable j < `map.len()` to `map[j]` (several may map to one: their exponents
    /// add); the variables beyond `map` keep their slots.
    pub(crate) fn rename(&self, map: &[usize]) -> Self {
        let mut p = Self::zero();
        for (e, c) in &self.terms {
            let mut renamed = [0; SLOTS];
            renamed[map.len()..].copy_from_slice(&e[map.len()..]);
            for (j, &exponent) in e[..map.len()].iter().enumerate() {
                if exponent > 0 {
                    renamed[map[j]] += exponent;
                }
            }
            p.add_term(renamed, c.clone());
        }
        p
    }

    /// The polynomial with x_var replaced by a constant (0 or 1 in practice).
    pub(crate) fn at_constant(&self, var: usize, value: &Rational) -> Self {
        let mut p = Self::zero();
        for (e, c) in &self.terms {
            let mut rest = *e;
            let power = std::mem::take(&mut rest[var]);
            let factor = if power == 0 {
                Rational::ONE
            } else if *value == 0u32 {
                continue;
            } else if *value == 1u32 {
                Rational::ONE
            } else {
                use malachite::base::num::arithmetic::traits::Pow;
                value.pow(u64::from(power))
            };
            p.add_term(rest, c * factor);
        }
        p
    }

    /// The polynomial with x_var replaced by x_by.
    pub(crate) fn at_variable(&self, var: usize, by: usize) -> Self {
        let mut p = Self::zero();
        for (e, c) in &self.terms {
            let mut moved = *e;
            let power = std::mem::take(&mut moved[var]);
            moved[by] += power;
            p.add_term(moved, c.clone());
        }
        p
    }

    /// ∂/∂x_var.
    pub(crate) fn derivative(&self, var: usize) -> Self {
        let mut p = Self::zero();
        for (e, c) in &self.terms {
            if e[var] > 0 {
                let mut lowered = *e;
                lowered[var] -= 1;
                p.add_term(lowered, c * Rational::from(e[var]));
            }
        }
        p
    }

    /// The antiderivative in x_var that vanishes at x_var = 0.
    pub(crate) fn antiderivative(&self, var: usize) -> Self {
        let mut p = Self::zero();
        for (e, c) in &self.terms {
            let mut raised = *e;
            raised[var] += 1;
            p.add_term(raised, c / Rational::from(raised[var]));
        }
        p
    }

    /// The constant term, if the polynomial is constant.
    pub(crate) fn as_constant(&self) -> Option<Rational> {
        match self.terms.len() {
            0 => Some(Rational::ZERO),
            1 => self.terms.get(&[0; SLOTS]).cloned(),
            _ => None,
        }
    }

    /// The coefficients of the powers of x_var, each a polynomial in the other variables.
    pub(crate) fn coefficients_in(&self, var: usize) -> Vec<Self> {
        let mut out: Vec<Self> = Vec::new();
        for (e, c) in &self.terms {
            let power = e[var] as usize;
            if out.len() <= power {
                out.resize(power + 1, Self::zero());
            }
            let mut rest = *e;
            rest[var] = 0;
            out[power].add_term(rest, c.clone());
        }
        out
    }
}

/// An argument of [`Piecewise::compose`]: which target variable (or extremum of two) a source
/// variable becomes.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Arg {
    Var(usize),
    Max(usize, usize),
    Min(usize, usize),
}

/// A function on [0,1]^K, polynomial on each of the K! regions where the order of the variables
/// x_0 … x_{K−1} is fixed. Missing pieces are zero.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Piecewise {
    vars: usize,
    pieces: HashMap<Vec<u8>, Poly>,
}

/// Every ordering of 0..k (variables listed from smallest to largest).
fn orderings(k: usize) -> Vec<Vec<u8>> {
    fn extend(prefix: &mut Vec<u8>, k: usize, out: &mut Vec<Vec<u8>>) {
        if prefix.len() == k {
            out.push(prefix.clone());
            return;
        }
        for v in 0..k as u8 {
            if !prefix.contains(&v) {
                prefix.push(v);
                extend(prefix, k, out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), k, &mut out);
    out
}

/// rank[v] = position of variable v in `ordering`.
fn ranks(ordering: &[u8]) -> Vec<usize> {
    let mut rank = vec![0; ordering.len()];
    for (position, &v) in ordering.iter().enumerate() {
        rank[v as usize] = position;
    }
    rank
}

impl Piecewise {
    pub(crate) fn vars(&self) -> usize {
        self.vars
    }

    /// The function whose piece for each ordering is `piece(ranks)` (ranks\[v\] = position of
    /// x_v from the smallest).
    pub(crate) fn from_fn(vars: usize, mut piece: impl FnMut(&[usize]) -> Poly) -> Self {
        let mut pieces = HashMap::new();
        for ordering in orderings(vars) {
            let p = piece(&ranks(&ordering));
            if !p.is_zero() {
                pieces.insert(ordering, p);
            }
        }
        Self { vars, pieces }
    }

    /// One polynomial on every region.
    pub(crate) fn polynomial(vars: usize, p: &Poly) -> Self {
        Self::from_fn(vars, |_| p.clone())
    }

    fn piece(&self, ordering: &[u8]) -> Option<&Poly> {
        self.pieces.get(ordering)
    }

    fn map_pieces(&self, mut f: impl FnMut(&[u8], &Poly) -> Poly) -> Self {
        let pieces = self
            .pieces
            .iter()
            .map(|(o, p)| (o.clone(), f(o, p)))
            .filter(|(_, p)| !p.is_zero())
            .collect();
        Self {
            vars: self.vars,
            pieces,
        }
    }

    /// g(y) = self(s(y)) on `target_vars` variables, source variable j replaced by `args[j]`.
    pub(crate) fn compose(&self, target_vars: usize, args: &[Arg]) -> Self {
        assert_eq!(args.len(), self.vars, "one argument per source variable");
        Self::from_fn(target_vars, |rank| {
            let resolved: Vec<usize> = args
                .iter()
                .map(|arg| match *arg {
                    Arg::Var(v) => v,
                    Arg::Max(x, y) => {
                        if rank[x] > rank[y] {
                            x
                        } else {
                            y
                        }
                    }
                    Arg::Min(x, y) => {
                        if rank[x] < rank[y] {
                            x
                        } else {
                            y
                        }
                    }
                })
                .collect();
            let mut source: Vec<u8> = (0..self.vars as u8).collect();
            source.sort_by_key(|&j| (rank[resolved[j as usize]], j));
            match self.piece(&source) {
                Some(p) => p.rename(&resolved),
                None => Poly::zero(),
            }
        })
    }

    pub(crate) fn add(&self, other: &Self) -> Self {
        assert_eq!(self.vars, other.vars);
        let mut pieces = self.pieces.clone();
        for (o, p) in &other.pieces {
            let sum = match pieces.get(o) {
                Some(q) => q.add(p),
                None => p.clone(),
            };
            if sum.is_zero() {
                pieces.remove(o);
            } else {
                pieces.insert(o.clone(), sum);
            }
        }
        Self {
            vars: self.vars,
            pieces,
        }
    }

    pub(crate) fn sub(&self, other: &Self) -> Self {
        self.add(&other.scale(&Rational::from(-1)))
    }

    pub(crate) fn scale(&self, factor: &Rational) -> Self {
        self.map_pieces(|_, p| p.scale(factor))
    }

    pub(crate) fn mul(&self, other: &Self) -> Self {
        assert_eq!(self.vars, other.vars);
        let pieces = self
            .pieces
            .iter()
            .filter_map(|(o, p)| other.pieces.get(o).map(|q| (o.clone(), p.mul(q))))
            .filter(|(_, p)| !p.is_zero())
            .collect();
        Self {
            vars: self.vars,
            pieces,
        }
    }

    /// The product with one polynomial on every region.
    pub(crate) fn mul_poly(&self, p: &Poly) -> Self {
        self.map_pieces(|_, q| q.mul(p))
    }

    /// Zero outside the regions where `keep(ranks)` holds.
    pub(crate) fn restrict(&self, keep: impl Fn(&[usize]) -> bool) -> Self {
        let mut out = self.clone();
        out.pieces.retain(|o, _| keep(&ranks(o)));
        out
    }

    /// ∂/∂x_var on each region.
    pub(crate) fn derivative(&self, var: usize) -> Self {
        self.map_pieces(|_, p| p.derivative(var))
    }

    /// ∫₀¹ self dx_{K−1}: a function of the first K−1 variables. On each of their orderings the
    /// last variable runs through the K slots between them (and 0, 1), piece by piece.
    pub(crate) fn integrate_last(&self) -> Self {
        let last = self.vars - 1;
        let (zero, one) = (Rational::ZERO, Rational::ONE);
        Self::from_fn(last, |rank| {
            let mut ordering = vec![0u8; last];
            for (v, &r) in rank.iter().enumerate() {
                ordering[r] = v as u8;
            }
            let mut total = Poly::zero();
            for slot in 0..=last {
                let mut source = ordering.clone();
                source.insert(slot, last as u8);
                let Some(p) = self.piece(&source) else {
                    continue;
                };
                let antiderivative = p.antiderivative(last);
                let upper = match ordering.get(slot) {
                    Some(&v) => antiderivative.at_variable(last, v as usize),
                    None => antiderivative.at_constant(last, &one),
                };
                let lower = match slot.checked_sub(1) {
                    Some(s) => antiderivative.at_variable(last, ordering[s] as usize),
                    None => antiderivative.at_constant(last, &zero),
                };
                total = total.add(&upper.sub(&lower));
            }
            total
        })
    }

    /// The restriction to x_var = 0 (`at_start`, the variable smallest) or x_var = 1 (largest):
    /// only the orderings with x_var first (last) remain, with x_var replaced by the constant.
    /// The variable stays in the orderings, so the result composes with unpinned functions.
    pub(crate) fn pin(&self, var: usize, at_start: bool) -> Self {
        let (rank_wanted, value) = if at_start {
            (0, Rational::ZERO)
        } else {
            (self.vars - 1, Rational::ONE)
        };
        let pieces = self
            .pieces
            .iter()
            .filter(|(o, _)| o[rank_wanted] as usize == var)
            .map(|(o, p)| (o.clone(), p.at_constant(var, &value)))
            .filter(|(_, p)| !p.is_zero())
            .collect();
        Self {
            vars: self.vars,
            pieces,
        }
    }

    /// The function of the first K−1 variables with the last one set to 1 (its largest value).
    pub(crate) fn at_last_one(&self) -> Self {
        let last = self.vars - 1;
        Self::from_fn(last, |rank| {
            let mut source = vec![0u8; last];
            for (v, &r) in rank.iter().enumerate() {
                source[r] = v as u8;
            }
            source.push(last as u8);
            match self.piece(&source) {
                Some(p) => p.at_constant(last, &Rational::ONE),
                None => Poly::zero(),
            }
        })
    }

    /// The piece for the given order of the coordinates, with the first `values.len()`
    /// variables replaced by constants (all of them at the root window a = 0, b = 1).
    pub(crate) fn at_point(&self, ranks_at_point: &[usize], values: &[Rational]) -> Poly {
        let mut ordering = vec![0u8; self.vars];
        for (v, &r) in ranks_at_point.iter().enumerate() {
            ordering[r] = v as u8;
        }
        let mut p = match self.piece(&ordering) {
            Some(p) => p.clone(),
            None => return Poly::zero(),
        };
        for (v, value) in values.iter().enumerate() {
            p = p.at_constant(v, value);
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64, d: u64) -> Rational {
        Rational::from_integers(n.into(), d.into())
    }

    #[test]
    fn integrating_an_indicator_gives_the_lengths_of_intervals() {
        // ∫₀¹ 1{x0 < x1} dx1 = 1 − x0.
        let indicator = Piecewise::polynomial(2, &Poly::one()).restrict(|rank| rank[0] < rank[1]);
        let length = indicator.integrate_last();
        let want = Poly::one().sub(&Poly::var(0));
        assert_eq!(length.at_point(&[0], &[]), want);
        // ∫₀¹ 1{x0 < x2 < x1} dx2 = (x1 − x0)⁺.
        let between = Piecewise::polynomial(3, &Poly::one())
            .restrict(|rank| rank[0] < rank[2] && rank[2] < rank[1])
            .integrate_last();
        assert_eq!(
            between.at_point(&[0, 1], &[r(1, 4), r(3, 4)]).as_constant(),
            Some(r(1, 2))
        );
        assert_eq!(
            between.at_point(&[1, 0], &[r(3, 4), r(1, 4)]).as_constant(),
            Some(r(0, 1))
        );
    }

    #[test]
    fn expectation_of_a_maximum() {
        // E[max(a, U)] for U uniform: a·a + ∫_a^1 m dm = (1 + a²)/2.
        let x = Piecewise::polynomial(1, &Poly::var(0));
        let lifted = x.compose(2, &[Arg::Max(0, 1)]);
        let expectation = lifted.integrate_last();
        let want = Poly::one().add(&Poly::var(0).pow(2)).scale(&r(1, 2));
        assert_eq!(expectation.at_point(&[0], &[]), want);
    }

    #[test]
    fn polynomial_algebra() {
        let p = Poly::var(0).add(&Poly::var(1)); // x + y
        let square = p.pow(2);
        assert_eq!(
            square
                .at_constant(1, &Rational::ONE)
                .coefficients_in(0)
                .len(),
            3
        );
        assert_eq!(
            square
                .derivative(0)
                .antiderivative(0)
                .at_constant(0, &r(1, 1)),
            square
                .at_constant(0, &r(1, 1))
                .sub(&square.at_constant(0, &Rational::ZERO))
        );
        assert_eq!(Poly::var(0).rename(&[1, 0, 2, 3, 4]), Poly::var(1));
    }
}
