//! The numbers the seeds print, transcribed by hand from `shared/seeds/`
//! (which is never read at run time). Where the OCR garbled a digit the
//! comment says what was read and how it was resolved.

// Fuller's Tables 5.1, 5.2 and 7.1 and the printed fit of L_D, and Knuth &
// Moore's Table 1 and eq. (23)'s constants, are transcribed once, in the
// analysis crate, next to the formulas they check.
pub use alphabeta_analysis::fuller::tables::{
    PRINTED_LD_INTERCEPT as FULLER_LD_INTERCEPT_TABLE,
    PRINTED_LD_INTERCEPT_TEXT as FULLER_LD_INTERCEPT_TEXT, PRINTED_LD_SLOPE as FULLER_LD_SLOPE,
    PrintedRational, TABLE_5_1 as FULLER_TABLE_5_1, TABLE_5_2 as FULLER_TABLE_5_2,
    TABLE_7_1 as FULLER_TABLE_7_1,
};

/// Fuller §7: the sample std/mean ratio of 173 points lies in (.120, .215).
pub const FULLER_STD_MEAN_BAND: (f64, f64) = (0.120, 0.215);

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
        for row in alphabeta_analysis::knuth::bounds::TABLE_1.iter() {
            for x in [Some(row.r0), Some(row.r1), row.r_star_printed()]
                .into_iter()
                .flatten()
            {
                let v = format!("{x:.3}");
                assert!(
                    is_printed(&v, "Knuth & Moore 1975, §7, Table 1"),
                    "d = {}: {v}",
                    row.d
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
