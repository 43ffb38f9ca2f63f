//! The numbers the seeds print, transcribed by hand from `shared/seeds/`
//! (which is never read at run time). Where the OCR garbled a digit the
//! comment says what was read and how it was resolved.

// Fuller's Tables 5.1, 5.2 and 7.1 and the printed fit of L_D are
// transcribed once, in the analysis crate, next to the formulas they check.
pub use alphabeta_analysis::fuller::tables::{
    PRINTED_LD_INTERCEPT as FULLER_LD_INTERCEPT_TABLE,
    PRINTED_LD_INTERCEPT_TEXT as FULLER_LD_INTERCEPT_TEXT, PRINTED_LD_SLOPE as FULLER_LD_SLOPE,
    PrintedRational, TABLE_5_1 as FULLER_TABLE_5_1, TABLE_5_2 as FULLER_TABLE_5_2,
    TABLE_7_1 as FULLER_TABLE_7_1,
};

/// Fuller §7: the sample std/mean ratio of 173 points lies in (.120, .215).
pub const FULLER_STD_MEAN_BAND: (f64, f64) = (0.120, 0.215);

/// Knuth & Moore (1975), Table 1: (d, r0(d), r1(d), r*(d)) for d = 2..31.
/// OCR repairs: "6.!12" → 6.112, "87618" → 8.618, "9'203" → 9.203,
/// "10'350" → 10.350, "8,195" → 8.195, "8:589" → 8.589, "11 378" → 11.378,
/// "14d37" → 14.137, ".5.748" → 15.748, "! 7,861" → 17.861, "! .912" →
/// 1.912; r*(28) is illegible ("17., ]8") and left out (`None`).
#[allow(clippy::approx_constant)] // r0(4) = 3.142 is Knuth's number, not π
pub const KNUTH_TABLE_1: [(u32, f64, f64, Option<f64>); 30] = [
    (2, 1.847, 1.884, Some(1.912)),
    (3, 2.534, 2.666, Some(2.722)),
    (4, 3.142, 3.397, Some(3.473)),
    (5, 3.701, 4.095, Some(4.186)),
    (6, 4.226, 4.767, Some(4.871)),
    (7, 4.724, 5.421, Some(5.532)),
    (8, 5.203, 6.059, Some(6.176)),
    (9, 5.664, 6.684, Some(6.805)),
    (10, 6.112, 7.298, Some(7.420)),
    (11, 6.547, 7.902, Some(8.024)),
    (12, 6.972, 8.498, Some(8.618)),
    (13, 7.388, 9.086, Some(9.203)),
    (14, 7.795, 9.668, Some(9.781)),
    (15, 8.195, 10.243, Some(10.350)),
    (16, 8.589, 10.813, Some(10.913)),
    (17, 8.976, 11.378, Some(11.470)),
    (18, 9.358, 11.938, Some(12.021)),
    (19, 9.734, 12.494, Some(12.567)),
    (20, 10.106, 13.045, Some(13.108)),
    (21, 10.473, 13.593, Some(13.644)),
    (22, 10.836, 14.137, Some(14.176)),
    (23, 11.194, 14.678, Some(14.704)),
    (24, 11.550, 15.215, Some(15.228)),
    (25, 11.901, 15.750, Some(15.748)),
    (26, 12.250, 16.282, Some(16.265)),
    (27, 12.595, 16.811, Some(16.778)),
    (28, 12.937, 17.337, None),
    (29, 13.277, 17.861, Some(17.796)),
    (30, 13.614, 18.383, Some(18.300)),
    (31, 13.948, 18.903, Some(18.802)),
];

/// Knuth & Moore §7: for d = 3 the dominant root r1 = 2.533911 and the
/// constant c1 = 1.162125 of A_n ~ c1 r1^n (eq. 23).
pub const KNUTH_D3_ROOT: f64 = 2.533911;
/// The constant c1 for d = 3.
pub const KNUTH_D3_CONSTANT: f64 = 1.162125;

/// Klyushin & Kruchinin (2006), experiment table: (position, terminal
/// positions of their algorithm, of plain alpha-beta), depth 4.
pub const KLYUSHIN_TABLE: [(u32, u32, u32); 20] = [
    (1, 135, 3326),
    (2, 265, 8203),
    (3, 176, 13090),
    (4, 364, 14712),
    (5, 134, 2923),
    (6, 844, 38058),
    (7, 129, 4305),
    (8, 450, 12073),
    (9, 356, 10995),
    (10, 652, 16357),
    (11, 225, 10528),
    (12, 274, 10681),
    (13, 349, 9692),
    (14, 307, 12832),
    (15, 368, 9222),
    (16, 686, 12507),
    (17, 544, 11686),
    (18, 161, 9378),
    (19, 163, 5802),
    (20, 36, 3758),
];

/// Klyushin & Kruchinin: the averages printed in the text.
pub const KLYUSHIN_AVERAGES: (f64, f64) = (331.0, 11008.0);

/// One number a seed prints (or a position it names), with where: a row
/// of `crates/report/data/printed.csv`, the table of the seeds' printed
/// numbers, each checked by hand against the seed text. Every value the
/// report marks as printed must be a row of it, with the same citation
/// ([`crate::model::Report::validate`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct PrintedValue {
    /// The seed (`Knuth & Moore 1975`).
    pub seed: String,
    /// Where it prints the value: section, table, figure, page or slide.
    pub citation: String,
    /// What the value is.
    pub quantity: String,
    /// The value as the report shows it (`11/3`, `1.847`, `36`).
    pub value: String,
}

/// The table of the seeds' printed numbers (`data/printed.csv`).
pub fn printed_values() -> &'static [PrintedValue] {
    static TABLE: std::sync::OnceLock<Vec<PrintedValue>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        csv::Reader::from_reader(include_str!("../data/printed.csv").as_bytes())
            .deserialize()
            .collect::<Result<Vec<PrintedValue>, _>>()
            // The table is part of the source; the tests read it whole.
            .unwrap_or_default()
    })
}

/// Whether the table lists `value` printed at `citation`.
pub fn is_printed(value: &str, citation: &str) -> bool {
    printed_values()
        .iter()
        .any(|r| r.value == value && r.citation == citation)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_table_parses_and_holds_every_transcribed_constant() {
        let rows = csv::Reader::from_reader(include_str!("../data/printed.csv").as_bytes())
            .deserialize::<PrintedValue>()
            .count();
        assert_eq!(printed_values().len(), rows, "every row parses");
        for r in FULLER_TABLE_5_1.iter() {
            let v = format!("{}/{}", r.numerator, r.denominator);
            assert!(is_printed(&v, "Fuller et al. 1973, §5, Table 5.1"), "{v}");
        }
        for r in FULLER_TABLE_5_2.iter() {
            let v = format!("{}/{}", r.numerator, r.denominator);
            assert!(is_printed(&v, "Fuller et al. 1973, §5, Table 5.2"), "{v}");
        }
        for &(d, r0, r1, rs) in KNUTH_TABLE_1.iter() {
            for x in [Some(r0), Some(r1), rs].into_iter().flatten() {
                let v = format!("{x:.3}");
                assert!(
                    is_printed(&v, "Knuth & Moore 1975, §7, Table 1"),
                    "d = {d}: {v}"
                );
            }
        }
        for &(d, k) in FULLER_TABLE_7_1.iter() {
            let v = format!("{k:.2}");
            assert!(
                is_printed(&v, "Fuller et al. 1973, §7, Table 7.1"),
                "K_{d}: {v}"
            );
        }
        for &(_, ours, ab) in KLYUSHIN_TABLE.iter() {
            for x in [ours, ab] {
                assert!(
                    is_printed(
                        &x.to_string(),
                        "Klyushin & Kruchinin 2006, Experimental results, table"
                    ),
                    "{x}"
                );
            }
        }
    }

    #[test]
    fn klyushin_table_means_beside_their_text() {
        let n = KLYUSHIN_TABLE.len() as f64;
        let ours: f64 = KLYUSHIN_TABLE.iter().map(|r| f64::from(r.1)).sum::<f64>() / n;
        let ab: f64 = KLYUSHIN_TABLE.iter().map(|r| f64::from(r.2)).sum::<f64>() / n;
        // 6618 / 20 = 330.9, printed as 331.
        assert!((ours - 330.9).abs() < 1e-9 && (ours - KLYUSHIN_AVERAGES.0).abs() < 0.5);
        // 220128 / 20 = 11006.4, while the text prints 11008.
        assert!((ab - 11006.4).abs() < 1e-9 && (ab - KLYUSHIN_AVERAGES.1).abs() > 1.5);
    }

    #[test]
    fn table_5_1_starts_with_eleven_thirds() {
        let first = FULLER_TABLE_5_1[0];
        assert_eq!(
            (first.n, first.d, first.numerator, first.denominator),
            (2, 2, "11", "3")
        );
    }
}
