//! The numbers the seeds print, transcribed by hand from `shared/seeds/`
//! (which is never read at run time). Where the OCR garbled a digit the
//! comment says what was read and how it was resolved.

/// Fuller, Gaschnig & Gillogly (1973), Table 5.1: exact E[NBP_{N,2}] for
/// N = 2..12, as (N, numerator, denominator).
pub const FULLER_TABLE_5_1: [(u32, &str, &str); 11] = [
    (2, "11", "3"),
    (3, "521", "70"),
    (4, "547033", "45045"),
    (5, "1720291169", "97349616"),
    (6, "14786001017771", "617109200400"),
    (7, "1483634273431527617", "47913489552349980"),
    (8, "12526151456380438097067269", "324086316914150840874825"),
    (
        9,
        "60630194249291725126491101924977",
        "1290283615976209687378079019200",
    ),
    (
        10,
        "39015226259277984196817809971606221751809",
        "697203752297124771645338089353123035568",
    ),
    (
        11,
        "20196542642380876562383856566459611323489301383119",
        "308152176765386350584626382416595858735211648800",
    ),
    (
        12,
        "2004150344234999412358773732137332143080908520205944926339",
        "26468917348837676265384815256420322119583790673790618350",
    ),
];

/// Fuller et al. (1973), Table 5.2: exact E[NBP_{N,D}] for D = 3 (N = 2..5)
/// and D = 4 (N = 2, 3), as (N, D, numerator, denominator).
pub const FULLER_TABLE_5_2: [(u32, u32, &str, &str); 6] = [
    (2, 3, "719", "105"),
    (3, 3, "57879389791", "2974571600"),
    (
        4,
        3,
        "105861213482720802316887967",
        "2638988580586656847123575",
    ),
    (
        5,
        3,
        "1216578761724577561497887685126937878762387590417",
        "17413602576224093163828296974817345906119971648",
    ),
    (2, 4, "77503", "6435"),
    (
        3,
        4,
        "379717674980598570583308726570023",
        "8400377947369588943699241726400",
    ),
];

/// Fuller et al. (1973), Table 7.1: K_D for D = 1..9 (two decimals).
pub const FULLER_TABLE_7_1: [(u32, f64); 9] = [
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

/// Fuller et al. §7: the fit L_D = .720 D + .227 (as printed in the text
/// beside Table 7.1); the conclusion and §7's approximation print .277.
pub const FULLER_LD_SLOPE: f64 = 0.720;
/// The intercept printed beside Table 7.1.
pub const FULLER_LD_INTERCEPT_TABLE: f64 = 0.227;
/// The intercept printed in the approximation N^(.720D + .277) and in §8.
pub const FULLER_LD_INTERCEPT_TEXT: f64 = 0.277;
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(FULLER_TABLE_5_1[0], (2, "11", "3"));
    }
}
