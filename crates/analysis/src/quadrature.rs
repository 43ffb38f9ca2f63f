//! Globally adaptive Gauss–Kronrod (7/15-point) quadrature with an error estimate.
//!
//! Nodes and weights are the classical 15-point Kronrod extension of the 7-point Gauss–Legendre
//! rule (as tabulated in QUADPACK's QK15). The error estimate of an interval is |K15 − G7|,
//! which for smooth integrands grossly overestimates the error of K15 — it is an honest upper
//! estimate, not a sharp one.

/// Kronrod abscissae on \[−1, 1\] (non-negative half, descending; odd indices are Gauss nodes).
pub(crate) const XGK: [f64; 8] = [
    0.991_455_371_120_812_6,
    0.949_107_912_342_758_5,
    0.864_864_423_359_769_1,
    0.741_531_185_599_394_4,
    0.586_087_235_467_691_1,
    0.405_845_151_377_397_2,
    0.207_784_955_007_898_5,
    0.0,
];
/// Kronrod weights for [`XGK`].
pub(crate) const WGK: [f64; 8] = [
    0.022_935_322_010_529_22,
    0.063_092_092_629_978_55,
    0.104_790_010_322_250_18,
    0.140_653_259_715_525_92,
    0.169_004_726_639_267_9,
    0.190_350_578_064_785_4,
    0.204_432_940_075_298_9,
    0.209_482_141_084_727_83,
];
/// Gauss weights for XGK\[1\], XGK\[3\], XGK\[5\], XGK\[7\].
const WG: [f64; 4] = [
    0.129_484_966_168_869_7,
    0.279_705_391_489_276_7,
    0.381_830_050_505_118_9,
    0.417_959_183_673_469_4,
];

/// One interval's Kronrod value and error estimate.
#[derive(Clone, Copy, Debug)]
struct Piece {
    a: f64,
    b: f64,
    value: f64,
    error: f64,
}

fn kronrod(f: &mut impl FnMut(f64) -> f64, a: f64, b: f64) -> Piece {
    let center = 0.5 * (a + b);
    let half = 0.5 * (b - a);
    let mid = f(center);
    let mut kronrod = mid * WGK[7];
    let mut gauss = mid * WG[3];
    for j in 0..7 {
        let dx = half * XGK[j];
        let sum = f(center - dx) + f(center + dx);
        kronrod += WGK[j] * sum;
        if j % 2 == 1 {
            gauss += WG[j / 2] * sum;
        }
    }
    Piece {
        a,
        b,
        value: kronrod * half,
        error: ((kronrod - gauss) * half).abs(),
    }
}

/// The result of [`integrate`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quadrature {
    /// The integral.
    pub value: f64,
    /// The estimated absolute error of the quadrature (Σ |K15 − G7|).
    pub error: f64,
    /// Integrand evaluations used.
    pub evaluations: usize,
}

/// Integrates `f` over the union of the intervals between consecutive `breakpoints` (which
/// must be sorted), bisecting the interval with the largest error estimate until the total
/// estimate is below `relative_tolerance`·|value| or `max_evaluations` is reached.
pub fn integrate(
    mut f: impl FnMut(f64) -> f64,
    breakpoints: &[f64],
    relative_tolerance: f64,
    max_evaluations: usize,
) -> Quadrature {
    let mut pieces: Vec<Piece> = breakpoints
        .windows(2)
        .filter(|w| w[1] > w[0])
        .map(|w| kronrod(&mut f, w[0], w[1]))
        .collect();
    let mut evaluations = 15 * pieces.len();
    loop {
        let value: f64 = pieces.iter().map(|p| p.value).sum();
        let error: f64 = pieces.iter().map(|p| p.error).sum();
        if error <= relative_tolerance * value.abs() || evaluations + 30 > max_evaluations {
            return Quadrature {
                value,
                error,
                evaluations,
            };
        }
        let worst = pieces
            .iter()
            .enumerate()
            .max_by(|x, y| x.1.error.total_cmp(&y.1.error))
            .map(|(i, _)| i)
            .unwrap_or(0);
        let Piece { a, b, .. } = pieces[worst];
        let middle = 0.5 * (a + b);
        if !(middle > a && middle < b) {
            // The interval cannot be split further in floating point.
            return Quadrature {
                value,
                error,
                evaluations,
            };
        }
        pieces[worst] = kronrod(&mut f, a, middle);
        pieces.push(kronrod(&mut f, middle, b));
        evaluations += 30;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_sum_to_two() {
        let k: f64 = 2.0 * WGK[..7].iter().sum::<f64>() + WGK[7];
        let g: f64 = 2.0 * WG[..3].iter().sum::<f64>() + WG[3];
        assert!((k - 2.0).abs() < 1e-15 && (g - 2.0).abs() < 1e-15);
    }

    #[test]
    fn kronrod_is_exact_to_degree_22_and_gauss_to_13() {
        for degree in 0..=22 {
            let piece = kronrod(&mut |x: f64| x.powi(degree), 0.0, 1.0);
            let exact = 1.0 / f64::from(degree + 1);
            assert!((piece.value - exact).abs() < 1e-15, "degree {degree}");
            if degree <= 13 {
                assert!(piece.error < 1e-15, "degree {degree}");
            }
        }
    }

    #[test]
    fn adaptive_peak() {
        // ∫₀¹ 1/(1e-8 + (x−0.3)²) dx = 1e4·(atan(0.7e4) + atan(0.3e4)).
        let exact = 1e4 * ((0.7e4f64).atan() + (0.3e4f64).atan());
        let q = integrate(
            |x| 1.0 / (1e-8 + (x - 0.3) * (x - 0.3)),
            &[0.0, 1.0],
            1e-13,
            200_000,
        );
        assert!(
            (q.value - exact).abs() <= q.error.max(1e-13 * exact),
            "{q:?} vs {exact}"
        );
        assert!((q.value - exact).abs() < 1e-10 * exact);
    }
}
