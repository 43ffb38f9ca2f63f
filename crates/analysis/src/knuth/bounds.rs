//! Bounds on the branching factor of procedure F1 (alpha-beta without deep cutoffs) in random
//! uniform trees: Knuth & Moore 1975, §7, eqs (24)–(25), (37)–(39), (40)–(41) and Table 1.

use malachite::Rational;

use super::{p, p_exact, s};
use crate::perron::{Matrix, perron, perron_constant};

/// The d×d matrix (p\_ij) of eq (25).
pub fn naive_matrix(d: u32) -> Matrix {
    Matrix::from_fn(d as usize, |i, j| p(d, i as u32 + 1, j as u32 + 1))
}

/// The d×d matrix (√p\_ij) of eq (41).
pub fn root_matrix(d: u32) -> Matrix {
    Matrix::from_fn(d as usize, |i, j| p(d, i as u32 + 1, j as u32 + 1).sqrt())
}

/// r0(d): the largest eigenvalue of the matrix (p\_ij) (eq 25), the growth ratio of the
/// (fallacious but lower-bounding) recurrence (18); Table 1, column r0.
///
/// # Panics
/// If `d` is 0.
pub fn r0(d: u32) -> f64 {
    perron(&naive_matrix(d)).value
}

/// c0(d): the constant of T(d,h) ≈ c0(d)·r0(d)^h from the recurrence (18), eqs (22)–(24): the
/// first coordinate of Mⁿ·1 over r0ⁿ. For d = 3 the paper gives 1.162125.
///
/// # Panics
/// If `d` is 0.
pub fn c0(d: u32) -> f64 {
    perron_constant(&naive_matrix(d), 0)
}

/// r1(d) = √(S_d + ¼) + ½ (eq 39), the growth ratio of the upper-bound recurrence (37),
/// A_{n+1} = A_n + S_d·A_{n−1}; Table 1, column r1.
pub fn r1(d: u32) -> f64 {
    (s(d) + 0.25).sqrt() + 0.5
}

/// r\*(d): the largest eigenvalue of the matrix (√p\_ij) (Theorem 4, eq (41)); Table 1,
/// column r\*.
///
/// # Panics
/// If `d` is 0.
pub fn r_star(d: u32) -> f64 {
    perron(&root_matrix(d)).value
}

/// A_h of Knuth & Moore's recurrence (18) generalised to degree d — the first coordinate of
/// M^h·1 with M = (p\_ij) — exactly. This is the authors' first, fallacious analysis of F1
/// (it ignores the dependence they expose in §7), whose growth ratio is r0(d); for d = 3 and
/// h = 4 it predicts "about 48" positions (the exact value of the recurrence is returned here).
pub fn recurrence_18(d: u32, h: u32) -> Rational {
    let size = d as usize;
    let matrix: Vec<Vec<Rational>> = (1..=d)
        .map(|i| (1..=d).map(|j| p_exact(d, i, j)).collect())
        .collect();
    let mut x = vec![Rational::from(1u32); size];
    for _ in 0..h {
        x = matrix
            .iter()
            .map(|row| row.iter().zip(&x).map(|(a, b)| a * b).sum())
            .collect();
    }
    x.into_iter().next().unwrap_or_else(|| Rational::from(1u32))
}

/// A_h of the upper-bound recurrence (37): A_0 = 1, A_1 = d, A_{n+1} = A_n + S_d·A_{n−1}
/// (Knuth & Moore 1975 §7), exactly; its growth ratio is r1(d) (eq 39).
pub fn recurrence_37(d: u32, h: u32) -> Rational {
    let s_d = super::level_two_expected_leaves(d) - Rational::from(d);
    let (mut a, mut b) = (Rational::from(1u32), Rational::from(d));
    for _ in 0..h {
        let next = &b + &s_d * &a;
        a = std::mem::replace(&mut b, next);
    }
    a
}

/// One row of Knuth & Moore's Table 1 as printed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Table1Row {
    /// The degree d.
    pub d: u32,
    /// r0(d) as printed.
    pub r0: f64,
    /// r1(d) as printed.
    pub r1: f64,
    /// r\*(d) as printed.
    pub r_star: f64,
    /// Whether some digit of this row was illegible in the OCR'd seed and has been
    /// reconstructed (see [`TABLE_1_RECONSTRUCTED`]).
    pub reconstructed: bool,
}

impl Table1Row {
    /// r\*(d) where the seed's digits say it alone; `None` where its middle digits were
    /// illegible and are taken from our own computation (d = 28), which is then no
    /// independent check.
    pub fn r_star_printed(&self) -> Option<f64> {
        (self.d != R_STAR_ILLEGIBLE_D).then_some(self.r_star)
    }
}

/// The degree whose printed r\* is illegible ("17., ]8"): [`TABLE_1`] completes it from our
/// computation.
const R_STAR_ILLEGIBLE_D: u32 = 28;

const fn row(d: u32, r0: f64, r1: f64, r_star: f64, reconstructed: bool) -> Table1Row {
    Table1Row {
        d,
        r0,
        r1,
        r_star,
        reconstructed,
    }
}

/// A row of Table 1 beside our values of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Table1BesideOurs {
    /// The row as printed.
    pub printed: Table1Row,
    /// Our r0(d) ([`r0`], eq (25)).
    pub r0: f64,
    /// Our r1(d) ([`r1`], eq (39)).
    pub r1: f64,
    /// Our r\*(d) ([`r_star`], eq (41)).
    pub r_star: f64,
}

/// Every row of [`TABLE_1`] beside our values: the report and `alphabeta exact table knuth-1`
/// both print from it.
pub fn table_1_beside_ours() -> Vec<Table1BesideOurs> {
    TABLE_1
        .iter()
        .map(|&printed| Table1BesideOurs {
            printed,
            r0: r0(printed.d),
            r1: r1(printed.d),
            r_star: r_star(printed.d),
        })
        .collect()
}

/// Knuth & Moore 1975, Table 1, "Bounds for the branching factor in a random tree when no deep
/// cutoffs are performed", d = 2..31, as printed (three decimals).
///
/// Read from the OCR'd seed `seeds/003`; entries the OCR garbled are listed in
/// [`TABLE_1_RECONSTRUCTED`]. Other OCR slips were read without doubt: "8,195" → 8.195,
/// "8:589" → 8.589, "9'203" → 9.203, "10'350" → 10.350, "11 378" → 11.378, "! 7,861" → 17.861,
/// "! .912" → 1.912.
#[allow(clippy::approx_constant)] // r0(4) = 3.142 is a printed value, not π.
pub const TABLE_1: [Table1Row; 30] = [
    row(2, 1.847, 1.884, 1.912, false),
    row(3, 2.534, 2.666, 2.722, false),
    row(4, 3.142, 3.397, 3.473, false),
    row(5, 3.701, 4.095, 4.186, false),
    row(6, 4.226, 4.767, 4.871, false),
    row(7, 4.724, 5.421, 5.532, false),
    row(8, 5.203, 6.059, 6.176, false),
    row(9, 5.664, 6.684, 6.805, false),
    row(10, 6.112, 7.298, 7.420, true),
    row(11, 6.547, 7.902, 8.024, false),
    row(12, 6.972, 8.498, 8.618, true),
    row(13, 7.388, 9.086, 9.203, false),
    row(14, 7.795, 9.668, 9.781, false),
    row(15, 8.195, 10.243, 10.350, false),
    row(16, 8.589, 10.813, 10.913, false),
    row(17, 8.976, 11.378, 11.470, false),
    row(18, 9.358, 11.938, 12.021, false),
    row(19, 9.734, 12.494, 12.567, false),
    row(20, 10.106, 13.045, 13.108, false),
    row(21, 10.473, 13.593, 13.644, false),
    row(22, 10.836, 14.137, 14.176, true),
    row(23, 11.194, 14.678, 14.704, false),
    row(24, 11.550, 15.215, 15.228, false),
    row(25, 11.901, 15.750, 15.748, true),
    row(26, 12.250, 16.282, 16.265, false),
    row(27, 12.595, 16.811, 16.778, false),
    row(28, 12.937, 17.337, 17.288, true),
    row(29, 13.277, 17.861, 17.796, false),
    row(30, 13.614, 18.383, 18.300, false),
    row(31, 13.948, 18.903, 18.802, false),
];

/// The Table 1 entries whose OCR was garbled, with the raw OCR text and the value used:
/// d = 10 r0 "6.!12" → 6.112; d = 12 r\* "87618" → 8.618; d = 22 r1 "14d37" → 14.137;
/// d = 25 r\* "".5.748" → 15.748; d = 28 r\* "17., ]8" → 17.288 (only the digits 17 and 8
/// are legible; the middle digits are taken from our own computation, so this entry is not an
/// independent check).
pub const TABLE_1_RECONSTRUCTED: &str = "d=10 r0 '6.!12'->6.112; d=12 r* '87618'->8.618; \
d=22 r1 '14d37'->14.137; d=25 r* '\".5.748'->15.748; d=28 r* '17., ]8'->17.288 (middle digits from our computation)";

/// The d = 3 dominant root and constant printed after eq (23): r = 2.533911, c = 1.162125.
pub const TERNARY_ROOT_AND_CONSTANT: (f64, f64) = (2.533911, 1.162125);

#[cfg(test)]
mod tests {
    use super::*;

    fn rounds_to(value: f64, printed: f64) -> bool {
        (value - printed).abs() <= 0.0005 + 1e-12
    }

    #[test]
    fn table_1_every_row() {
        for row in TABLE_1 {
            let (a, b, c) = (r0(row.d), r1(row.d), r_star(row.d));
            assert!(rounds_to(a, row.r0), "d={} r0 {a} vs {}", row.d, row.r0);
            assert!(rounds_to(b, row.r1), "d={} r1 {b} vs {}", row.d, row.r1);
            assert!(
                rounds_to(c, row.r_star),
                "d={} r* {c} vs {}",
                row.d,
                row.r_star
            );
        }
    }

    #[test]
    fn table_1_beside_ours_has_every_row_and_one_illegible_r_star() {
        let rows = table_1_beside_ours();
        assert_eq!(rows.len(), TABLE_1.len());
        for row in &rows {
            assert!(rounds_to(row.r0, row.printed.r0), "d={}", row.printed.d);
            assert_eq!(row.r1, r1(row.printed.d));
        }
        let illegible: Vec<u32> = rows
            .iter()
            .filter(|r| r.printed.r_star_printed().is_none())
            .map(|r| r.printed.d)
            .collect();
        assert_eq!(illegible, [28]);
        assert!(
            rows.iter()
                .all(|r| r.printed.r_star_printed().is_some() || r.printed.reconstructed)
        );
    }

    #[test]
    fn ternary_root_and_constant() {
        let (root, constant) = TERNARY_ROOT_AND_CONSTANT;
        assert!((r0(3) - root).abs() < 5e-7, "{}", r0(3));
        assert!((c0(3) - constant).abs() < 5e-7, "{}", c0(3));
    }

    #[test]
    fn ternary_constant_predicts_48_on_level_4() {
        // "(23) predicts about 48 positions to be examined on the fourth level".
        let predicted = c0(3) * r0(3).powi(4);
        assert_eq!(predicted.round(), 48.0);
    }

    #[test]
    fn recurrences_18_and_37() {
        use crate::num::to_f64;
        // (18) for d = 3: A_1 = 3, A_2 = 1+1+1 + 1+3/4+3/5 + 1+9/14+9/20 = T(3,2) = 521/70.
        assert_eq!(recurrence_18(3, 1), Rational::from(3u32));
        assert_eq!(
            recurrence_18(3, 2),
            crate::knuth::level_two_expected_leaves(3)
        );
        let a4 = to_f64(&recurrence_18(3, 4));
        assert!((a4 - c0(3) * r0(3).powi(4)).abs() < 0.5, "{a4}");
        // Growth ratios.
        for d in [2u32, 3, 7] {
            let r = to_f64(&recurrence_18(d, 41)) / to_f64(&recurrence_18(d, 40));
            assert!((r - r0(d)).abs() < 1e-9 * r, "d={d}");
            let r = to_f64(&recurrence_37(d, 201)) / to_f64(&recurrence_37(d, 200));
            assert!((r - r1(d)).abs() < 1e-9 * r, "d={d}");
        }
        // (37) bounds (18) from above.
        for h in 0..10 {
            assert!(recurrence_37(3, h) >= recurrence_18(3, h));
        }
    }

    #[test]
    fn bounds_are_ordered_for_small_d() {
        // Theorem 5: r0 ≤ r(d) ≤ min(r1, r*) — the lower bound is below both upper bounds.
        for d in 2..=31 {
            assert!(r0(d) < r1(d) && r0(d) < r_star(d), "d={d}");
        }
    }
}
