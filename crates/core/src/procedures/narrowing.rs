//! Iterative narrowing of the window by null-window tests: MTD(bi), the
//! bisection member of Plaat, Schaeffer, Pijls & de Bruin's MT framework
//! (1996), the driver exact game solvers use (Connect Four solvers narrow
//! the score interval this way).
//!
//! A null-window search with the window `(beta − 1, beta)` is a *test*: a
//! fail-soft result `g ≥ beta` proves the value is at least `g`, a result
//! `g < beta` proves it is at most `g` (Hsu's F3 properties, Knuth eq. (9)
//! for F2). Each test halves (at least) the interval the value is known to
//! lie in; with a transposition table the tests share their work.

use crate::value::Value;

/// The outcome of [`bisection`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Narrowed {
    /// The value, clamped to the interval the search was given.
    pub value: Value,
    /// Null-window tests made.
    pub tests: u32,
}

/// The probe of the interval `[lower, upper]`, `lower < upper`: the test
/// asks "is the value above the midpoint `med`?", i.e. searches with the
/// window `(med, med + 1)`; the returned `beta = med + 1` satisfies
/// `lower < beta ≤ upper`. Computed without overflow for any bounds.
pub fn probe(lower: Value, upper: Value) -> Value {
    debug_assert!(lower < upper);
    let med = (i128::from(lower) + i128::from(upper)).div_euclid(2) as Value;
    med + 1
}

/// MTD(bi): the exact value of a position known to lie in `[lower, upper]`
/// (a value outside is returned clamped to the interval, which is how a
/// win/draw/loss solver asks only for the sign with `[−1, 1]`), found by
/// null-window tests `test(beta)` that search with the window
/// `(beta − 1, beta)` and satisfy eq. (9) (fail-hard) or Hsu's F3
/// properties (fail-soft; tighter results skip tests).
pub fn bisection(lower: Value, upper: Value, test: impl FnMut(Value) -> Value) -> Narrowed {
    bisection_by(lower, upper, probe, test)
}

/// [`bisection`] with the tests placed by `choose(lower, upper)`, which
/// returns the next test's `beta`, `lower < beta ≤ upper`. Any such choice
/// finds the value; where it lies decides how much each test costs. An
/// exact solver may prefer tests far from the likely value, which a search
/// settles with little work and which fill the table for the close ones.
pub fn bisection_by(
    mut lower: Value,
    mut upper: Value,
    mut choose: impl FnMut(Value, Value) -> Value,
    mut test: impl FnMut(Value) -> Value,
) -> Narrowed {
    let (lo, hi) = (lower, upper);
    let mut tests = 0;
    while lower < upper {
        let beta = choose(lower, upper);
        debug_assert!(lower < beta && beta <= upper, "a test outside the interval");
        let g = test(beta);
        tests += 1;
        if g >= beta {
            lower = g.min(hi);
        } else {
            upper = g.max(lo);
        }
    }
    Narrowed {
        value: lower,
        tests,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fail-hard test that knows the true value `v` (eq. (9)).
    fn fail_hard(v: Value) -> impl FnMut(Value) -> Value {
        move |beta| if v >= beta { beta } else { beta - 1 }
    }

    #[test]
    fn finds_every_value_of_the_interval() {
        for v in -21..=21 {
            let r = bisection(-21, 21, fail_hard(v));
            assert_eq!(r.value, v);
            // Binary search: at most ⌈log2 43⌉ = 6 tests.
            assert!(r.tests <= 6, "{v}: {} tests", r.tests);
            // A fail-soft test returning the value itself ends in at most 2.
            let soft = bisection(-21, 21, |beta| {
                let _ = beta;
                v
            });
            assert_eq!(soft.value, v);
            assert!(soft.tests <= 2);
        }
    }

    #[test]
    fn any_placement_of_the_tests_finds_the_value() {
        // Tests at the lowest and the highest point the interval allows, and
        // halfway: each finds every value, the end points by a linear scan.
        let lowest = |lower: Value, _upper: Value| lower + 1;
        let highest = |_lower: Value, upper: Value| upper;
        for v in -21..=21 {
            for (choose, most) in [
                (&lowest as &dyn Fn(Value, Value) -> Value, 42),
                (&highest, 42),
                (&probe, 6),
            ] {
                let mut asked = Vec::new();
                let r = bisection_by(-21, 21, choose, |beta| {
                    asked.push(beta);
                    if v >= beta { beta } else { beta - 1 }
                });
                assert_eq!(r.value, v);
                assert!(r.tests <= most && r.tests as usize == asked.len());
                // The placement is the caller's: the first test is where it says.
                assert_eq!(asked[0], choose(-21, 21));
            }
        }
    }

    #[test]
    fn values_outside_are_clamped() {
        // Win/draw/loss: only the sign is asked for.
        assert_eq!(bisection(-1, 1, fail_hard(17)).value, 1);
        assert_eq!(bisection(-1, 1, fail_hard(-3)).value, -1);
        assert_eq!(bisection(-1, 1, fail_hard(0)).value, 0);
        // An empty question needs no test.
        assert_eq!(
            bisection(4, 4, fail_hard(0)),
            Narrowed { value: 4, tests: 0 }
        );
    }

    #[test]
    fn probes_split_the_interval() {
        assert_eq!(probe(-21, 21), 1);
        // [0, 20]: midpoint 10, so the test is "> 10?"
        assert_eq!(probe(0, 20), 11);
        assert_eq!(probe(-20, 0), -9);
        assert_eq!(probe(-1, 0), 0);
        assert_eq!(probe(-Value::MAX, Value::MAX), 1);
        // Every probe lies in (lower, upper].
        for lo in -10..10 {
            for hi in lo + 1..=10 {
                let b = probe(lo, hi);
                assert!(lo < b && b <= hi, "[{lo}, {hi}] -> {b}");
            }
        }
    }
}
