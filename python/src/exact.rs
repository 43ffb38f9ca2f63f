//! `expected`: Fuller, Gaschnig & Gillogly's E[NBP_{N,D}] (Eqn 5.6) and
//! E[NMG_{N,D}] (§5), in floating point with an error bound or as an exact
//! rational, with the command line's (`alphabeta exact nbp|nmg`) ranges,
//! cost limit and messages; `variance_exact` and `distribution_exact`:
//! Var[NBP_{N,D}] and Pr{NBP_{N,D} = k} (the paper's open problem, §8) as
//! exact rationals, with the limits of `alphabeta exact var-nbp`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_analysis::fuller::{self, MAX_EXACT_NMG_DEPTH};
use malachite::{Natural, Rational};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt};

use crate::interrupt::interruptible;
use crate::value_error;

/// A natural number as a Python `int`, through its bytes (`int.from_bytes`):
/// no decimal string, so no limit of Python's on the digits of a conversion.
fn natural_to_py<'py>(py: Python<'py>, x: &Natural) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = x
        .to_limbs_asc()
        .iter()
        .flat_map(|l| l.to_le_bytes())
        .collect();
    py.get_type::<PyInt>()
        .call_method1("from_bytes", (PyBytes::new(py, &bytes), "little"))
}

/// An exact value as Python ints: `(numerator, denominator)`.
type Fraction = (Py<PyAny>, Py<PyAny>);

/// A rational that is never negative (an expectation, a variance, a
/// probability) as Python ints.
fn fraction(py: Python<'_>, r: &Rational) -> PyResult<Fraction> {
    Ok((
        natural_to_py(py, r.numerator_ref())?.unbind(),
        natural_to_py(py, r.denominator_ref())?.unbind(),
    ))
}

/// E[NBP] (`move_generations` false) or E[NMG]: `(value, error_bound, None)`
/// in floating point, or `(value, 0.0, (numerator, denominator))` with
/// `exact` (Python ints of any size; the value is never negative).
#[pyfunction]
#[pyo3(signature = (n, d, exact=false, move_generations=false, max_cost_bits=fuller::EXACT_LIMIT_BITS))]
pub fn expected(
    py: Python<'_>,
    n: u32,
    d: u32,
    exact: bool,
    move_generations: bool,
    max_cost_bits: f64,
) -> PyResult<(f64, f64, Option<Fraction>)> {
    let name = if move_generations { "NMG" } else { "NBP" };
    if !exact {
        if !(n <= fuller::FLOAT_MAX_N && d <= fuller::FLOAT_MAX_D) {
            return Err(value_error(format!(
                "floating point covers 1 <= N <= {} and D <= {}; use exact=True for <{n},{d}> \
                 (it is refused if too expensive)",
                fuller::FLOAT_MAX_N,
                fuller::FLOAT_MAX_D
            )));
        }
        let e = if move_generations {
            fuller::expected_move_generations(n, d)
        } else {
            fuller::expected_leaves(n, d)
        }
        .map_err(value_error)?;
        return Ok((e.value, e.error, None));
    }
    if max_cost_bits.is_nan() || max_cost_bits <= 0.0 {
        return Err(value_error("max_cost_bits must be positive"));
    }
    let context =
        |e: fuller::FullerError| value_error(format!("exact E[{name}] for <{n},{d}>: {e}"));
    fuller::check_exact_cost_within(n, d, max_cost_bits).map_err(context)?;
    if move_generations && d > MAX_EXACT_NMG_DEPTH {
        return Err(value_error(format!(
            "exact E[NMG] sums one exact E[NBP] per level: D = {d} is out of range \
             (0..={MAX_EXACT_NMG_DEPTH})"
        )));
    }
    // The exact path may take seconds: without the GIL. It has no stop flag;
    // Ctrl-C is raised when it returns (the cost limit bounds the wait).
    let stop = Arc::new(AtomicBool::new(false));
    let r = interruptible(py, &stop, || {
        if move_generations {
            fuller::expected_move_generations_exact(n, d)
        } else {
            fuller::expected_leaves_exact_within(n, d, max_cost_bits)
        }
    })?
    .map_err(context)?;
    Ok((
        alphabeta_analysis::num::to_f64(&r),
        0.0,
        Some(fraction(py, &r)?),
    ))
}

/// Checks ⟨n, d⟩ against the limits of the exact variance (or, with
/// `distribution`, of the exact distribution): the analysis crate's, which
/// `alphabeta exact var-nbp` uses too, with its messages.
fn check_small_tree(n: u32, d: u32, distribution: bool) -> PyResult<()> {
    fuller::exact_reach(n, d, distribution)
        .map(|_| ())
        .map_err(value_error)
}

/// Var[NBP_{N,D}] exactly (`fuller::nbp_moments_exact`): `(numerator,
/// denominator)`. Small trees only (N^D at most 256; seconds at the limit).
/// Without the GIL; Ctrl-C sets the stop flag the recursion reads at every
/// step.
#[pyfunction]
pub fn variance_exact(py: Python<'_>, n: u32, d: u32) -> PyResult<Fraction> {
    check_small_tree(n, d, false)?;
    let stop = Arc::new(AtomicBool::new(false));
    let r = interruptible(py, &stop, || fuller::nbp_moments_exact_until(n, d, &stop))?
        .map_err(|e| value_error(format!("exact Var[NBP] for <{n},{d}>: {e}")))?;
    fraction(py, &r.variance())
}

/// Var[NBP_{N,D}] in floating point beyond the exact range
/// (`fuller::nbp_moments_float`, the pair integral over parting depths):
/// `(variance, error_bound)`, the bound certified (truncation by
/// Bernstein-ellipse majorants, and the rounding). Without the GIL; Ctrl-C
/// sets the stop flag the integral reads at every row of cells.
#[pyfunction]
pub fn variance_float(py: Python<'_>, n: u32, d: u32) -> PyResult<(f64, f64)> {
    let stop = Arc::new(AtomicBool::new(false));
    let moments = interruptible(py, &stop, || fuller::nbp_moments_float_until(n, d, &stop))?
        .map_err(|e| value_error(format!("Var[NBP] for <{n},{d}>: {e}")))?;
    Ok((moments.variance.value, moments.variance.error))
}

/// Pr{NBP_{N,D} = k} for k = 0..=N^D exactly (`fuller::nbp_distribution_exact`):
/// one `(numerator, denominator)` per k. Small trees only (N^D at most 64,
/// D at most 5).
#[pyfunction]
pub fn distribution_exact(py: Python<'_>, n: u32, d: u32) -> PyResult<Vec<Fraction>> {
    check_small_tree(n, d, true)?;
    let stop = Arc::new(AtomicBool::new(false));
    let probabilities = interruptible(py, &stop, || {
        fuller::nbp_distribution_exact_until(n, d, &stop)
    })?
    .map_err(|e| value_error(format!("exact Pr{{NBP = k}} for <{n},{d}>: {e}")))?;
    probabilities.iter().map(|p| fraction(py, p)).collect()
}
