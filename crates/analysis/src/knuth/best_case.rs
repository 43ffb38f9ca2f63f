//! Procedure F1 (no deep cutoffs) under best ordering: Knuth & Moore 1975, §8, eqs (49)–(51).
//!
//! The positions a1…al examined are those with no two non-1 coordinates in a row; their number
//! on level h satisfies A_0 = 1, A_1 = d, A_{n+2} = A_{n+1} + (d − 1)·A_n (eq 50), solved by
//! A_n = ((√(d−¾)+½)^{n+2} − (−√(d−¾)+½)^{n+2}) / √(4d−3) (eq 51), so the effective
//! branching factor is √(d − ¾) + ½ (against √d with deep cutoffs).

use malachite::Natural;

/// A_h of eq (50), exactly: leaves examined by F1 under best ordering, degree d, height h.
pub fn best_case_f1_leaves(d: u32, h: u32) -> Natural {
    let (mut a, mut b) = (Natural::from(1u32), Natural::from(d));
    for _ in 0..h {
        let next = &b + Natural::from(d.saturating_sub(1)) * &a;
        a = std::mem::replace(&mut b, next);
    }
    a
}

/// A_h by the closed form (51), in floating point.
///
/// # Panics
/// If `d` is 0.
pub fn best_case_f1_closed_form(d: u32, h: u32) -> f64 {
    assert!(d >= 1, "degree must be at least 1");
    let root = (f64::from(d) - 0.75).sqrt();
    let e = h as i32 + 2;
    ((root + 0.5).powi(e) - (0.5 - root).powi(e)) / (4.0 * f64::from(d) - 3.0).sqrt()
}

/// The growth ratio √(d − ¾) + ½ of eq (51).
pub fn best_case_f1_growth(d: u32) -> f64 {
    (f64::from(d) - 0.75).sqrt() + 0.5
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::to_f64;
    use malachite::Rational;

    /// Sequences a1…ah over 1..=d with no two non-1 entries in a row.
    fn count_no_two_non_ones(d: u32, h: u32) -> u64 {
        fn go(d: u32, left: u32, previous_non_one: bool) -> u64 {
            if left == 0 {
                return 1;
            }
            let ones = go(d, left - 1, false);
            if previous_non_one {
                ones
            } else {
                ones + u64::from(d - 1) * go(d, left - 1, true)
            }
        }
        go(d, h, false)
    }

    #[test]
    fn recurrence_counts_the_characterised_positions() {
        for d in 1..6 {
            for h in 0..9 {
                assert_eq!(
                    best_case_f1_leaves(d, h),
                    Natural::from(count_no_two_non_ones(d, h))
                );
            }
        }
    }

    #[test]
    fn ternary_recurrence_49() {
        // A_{n+1} = A_n + 2 A_{n−1}: 1, 3, 5, 11, 21, 43.
        let got: Vec<Natural> = (0..6).map(|h| best_case_f1_leaves(3, h)).collect();
        let want: Vec<Natural> = [1u32, 3, 5, 11, 21, 43].map(Natural::from).to_vec();
        assert_eq!(got, want);
    }

    #[test]
    fn closed_form_51_matches() {
        for d in 1..20 {
            for h in 0..20 {
                let exact = to_f64(&Rational::from(best_case_f1_leaves(d, h)));
                let closed = best_case_f1_closed_form(d, h);
                assert!((exact - closed).abs() <= 1e-12 * exact, "d={d} h={h}");
            }
            let ratio = to_f64(&Rational::from(best_case_f1_leaves(d, 200)))
                / to_f64(&Rational::from(best_case_f1_leaves(d, 199)));
            let growth = best_case_f1_growth(d);
            assert!(
                (ratio - growth).abs() < 1e-6 * ratio,
                "d={d}: {ratio} vs {growth}"
            );
        }
    }
}
