//! The tables Fuller, Gaschnig & Gillogly (1973) printed, as data, so that reports can show the
//! paper's values beside ours. Transcribed from the OCR'd seed `seeds/000`; the integers are
//! exactly as printed. [`beside_ours`] pairs each exact entry with our value of it: the report
//! and `alphabeta exact table` both print from it.

use malachite::Rational;

use super::FullerError;

/// One exact entry E\[NBP\_{N,D}\] = numerator / denominator as the paper printed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrintedRational {
    /// Branching factor N.
    pub n: u32,
    /// Depth D.
    pub d: u32,
    /// The printed numerator.
    pub numerator: &'static str,
    /// The printed denominator.
    pub denominator: &'static str,
}

const fn entry(
    n: u32,
    d: u32,
    numerator: &'static str,
    denominator: &'static str,
) -> PrintedRational {
    PrintedRational {
        n,
        d,
        numerator,
        denominator,
    }
}

/// Table 5.1: E\[NBP\_{N,2}\] for N = 2..12 (computed with MACSYMA in 1973).
pub const TABLE_5_1: [PrintedRational; 11] = [
    entry(2, 2, "11", "3"),
    entry(3, 2, "521", "70"),
    entry(4, 2, "547033", "45045"),
    entry(5, 2, "1720291169", "97349616"),
    entry(6, 2, "14786001017771", "617109200400"),
    entry(7, 2, "1483634273431527617", "47913489552349980"),
    entry(
        8,
        2,
        "12526151456380438097067269",
        "324086316914150840874825",
    ),
    entry(
        9,
        2,
        "60630194249291725126491101924977",
        "1290283615976209687378079019200",
    ),
    entry(
        10,
        2,
        "39015226259277984196817809971606221751809",
        "697203752297124771645338089353123035568",
    ),
    entry(
        11,
        2,
        "20196542642380876562383856566459611323489301383119",
        "308152176765386350584626382416595858735211648800",
    ),
    entry(
        12,
        2,
        "2004150344234999412358773732137332143080908520205944926339",
        "26468917348837676265384815256420322119583790673790618350",
    ),
];

/// Table 5.2: exact E\[NBP\_{N,D}\] for D = 3 (N = 2..5) and D = 4 (N = 2, 3).
pub const TABLE_5_2: [PrintedRational; 6] = [
    entry(2, 3, "719", "105"),
    entry(3, 3, "57879389791", "2974571600"),
    entry(
        4,
        3,
        "105861213482720802316887967",
        "2638988580586656847123575",
    ),
    entry(
        5,
        3,
        "1216578761724577561497887685126937878762387590417",
        "17413602576224093163828296974817345906119971648",
    ),
    entry(2, 4, "77503", "6435"),
    entry(
        3,
        4,
        "379717674980598570583308726570023",
        "8400377947369588943699241726400",
    ),
];

impl PrintedRational {
    /// The entry as the paper printed it, `numerator/denominator`.
    pub fn text(&self) -> String {
        format!("{}/{}", self.numerator, self.denominator)
    }
}

/// A printed exact entry beside our value of it.
#[derive(Clone, Debug, PartialEq)]
pub struct BesideOurs {
    /// The entry as printed.
    pub printed: PrintedRational,
    /// Our E\[NBP\_{N,D}\] ([`super::expected_leaves_exact`], the factorised Eqn 5.6).
    pub ours: Rational,
}

impl BesideOurs {
    /// Whether ours is the printed rational digit for digit (both in lowest terms).
    pub fn identical(&self) -> bool {
        self.ours.to_string() == self.printed.text()
    }
}

/// Every entry of a printed table ([`TABLE_5_1`], [`TABLE_5_2`]) beside our exact value.
pub fn beside_ours(table: &[PrintedRational]) -> Result<Vec<BesideOurs>, FullerError> {
    table
        .iter()
        .map(|&printed| {
            Ok(BesideOurs {
                printed,
                ours: super::expected_leaves_exact(printed.n, printed.d)?,
            })
        })
        .collect()
}

/// Table 7.1: the coefficients K_D of the fit E\[NBP\_{N,D}\] ≈ K_D·N^{L_D}, D = 1..9.
pub const TABLE_7_1: [(u32, f64); 9] = [
    (1, 1.00),
    (2, 1.12),
    (3, 1.30),
    (4, 1.39),
    (5, 1.51),
    (6, 1.59),
    (7, 1.67),
    (8, 1.71),
    (9, 1.73),
];

/// §7: "L_D = .720D + .227" (the fit printed with Table 7.1); the conclusions and the
/// approximation paragraph print ".277" instead.
pub const PRINTED_LD_SLOPE: f64 = 0.720;
/// The intercept printed next to the fit of L_D.
pub const PRINTED_LD_INTERCEPT: f64 = 0.227;
/// The intercept printed in the text after Table 7.1 and in §8.
pub const PRINTED_LD_INTERCEPT_TEXT: f64 = 0.277;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_printed_exact_entry_is_ours_and_a_wrong_digit_is_caught() {
        for table in [&TABLE_5_1[..], &TABLE_5_2[..]] {
            let rows = beside_ours(table).unwrap();
            assert_eq!(rows.len(), table.len());
            assert!(rows.iter().all(BesideOurs::identical));
        }
        let wrong = PrintedRational {
            numerator: "13",
            ..TABLE_5_1[0]
        };
        let row = &beside_ours(&[wrong]).unwrap()[0];
        assert_eq!(
            (row.printed.text(), row.ours.to_string()),
            ("13/3".into(), "11/3".into())
        );
        assert!(!row.identical());
    }
}
