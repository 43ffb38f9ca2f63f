//! Small helpers around malachite's rationals (conversion to f64, harmonic numbers).

use malachite::Rational;
use malachite::base::num::conversion::traits::RoundingFrom;
use malachite::base::rounding_modes::RoundingMode;

/// The nearest `f64` to a rational.
pub fn to_f64(value: &Rational) -> f64 {
    f64::rounding_from(value, RoundingMode::Nearest).0
}

/// The rational `numerator / denominator`.
///
/// # Panics
/// If `denominator` is zero.
pub fn ratio(numerator: u64, denominator: u64) -> Rational {
    Rational::from_unsigneds(numerator, denominator)
}

/// The harmonic number H_d = 1 + 1/2 + … + 1/d, exactly.
pub fn harmonic(d: u32) -> Rational {
    (1..=u64::from(d)).map(|k| ratio(1, k)).sum()
}

/// The harmonic number H_d in floating point (summed from the small terms up).
pub fn harmonic_f64(d: u32) -> f64 {
    (1..=d).rev().map(|k| 1.0 / f64::from(k)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn harmonic_numbers() {
        assert_eq!(harmonic(3), ratio(11, 6));
        assert_eq!(harmonic(0), Rational::from(0u32));
        assert!((harmonic_f64(3) - 11.0 / 6.0).abs() < 1e-15);
        assert_eq!(to_f64(&ratio(1, 4)), 0.25);
    }
}
