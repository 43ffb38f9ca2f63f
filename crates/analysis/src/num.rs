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

/// The decimal expansion of a rational, rounded toward zero after `digits` fractional digits.
pub fn to_decimal(value: &Rational, digits: usize) -> String {
    use malachite::Natural;
    use malachite::base::num::arithmetic::traits::Pow;
    let (numerator, denominator) = value.to_numerator_and_denominator();
    let scaled = numerator * Natural::from(10u32).pow(digits as u64) / denominator;
    let mut text = scaled.to_string();
    if text.len() <= digits {
        text = format!("{}{}", "0".repeat(digits + 1 - text.len()), text);
    }
    let (whole, fraction) = text.split_at(text.len() - digits);
    let sign = if *value < 0u32 { "-" } else { "" };
    if digits == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{fraction}")
    }
}

#[cfg(test)]
mod decimal_tests {
    use super::*;

    #[test]
    fn decimals() {
        assert_eq!(to_decimal(&ratio(11, 3), 5), "3.66666");
        assert_eq!(to_decimal(&ratio(1, 40), 3), "0.025");
        assert_eq!(to_decimal(&ratio(7, 1), 0), "7");
        assert_eq!(to_decimal(&-ratio(1, 8), 2), "-0.12");
    }
}
