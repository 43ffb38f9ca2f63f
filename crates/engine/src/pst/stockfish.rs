//! Stockfish 11's piece-square bonuses (`psqt.cpp`, `Bonus`, tag `sf_11`)
//! for the knight, bishop, rook, queen and king, in place of this engine's
//! hand-set tables for those pieces ([`crate::EvalTerms::stockfish_psqt`]).
//!
//! Stockfish writes each table for files a–d from White's first rank up
//! and mirrors it onto files e–h. Its units are its own (a pawn 128 in the
//! middlegame, 213 in the endgame; a knight 781 and 854): a bonus is taken
//! here as the same fraction of the piece's material as in Stockfish —
//! scaled by this engine's material over Stockfish's, piece by piece and
//! phase by phase — so a knight on a rim square loses the same share of a
//! knight. The king has no material; its bonus is scaled to a 100-centipawn
//! pawn in each phase. The material, the pawns' table (Stockfish keeps a
//! pawn's advance in its connected-pawn term, which this engine has off),
//! the bishop pair and the tempo stay this engine's.

use alphabeta_core::Value;

/// Stockfish 11's material (pawn … queen), middlegame and endgame.
const SF_MATERIAL: [(Value, Value); 5] = [
    (128, 213),
    (781, 854),
    (825, 915),
    (1276, 1380),
    (2538, 2682),
];

/// `Bonus[piece][rank][file a–d]` for the knight, bishop, rook, queen and
/// king, as Stockfish 11 prints it (rank 1 first).
#[rustfmt::skip]
const BONUS: [[[(Value, Value); 4]; 8]; 5] = [
    [ // Knight
        [(-175, -96), (-92, -65), (-74, -49), (-73, -21)],
        [( -77, -67), (-41, -54), (-27, -18), (-15,   8)],
        [( -61, -40), (-17, -27), (  6,  -8), ( 12,  29)],
        [( -35, -35), (  8,  -2), ( 40,  13), ( 49,  28)],
        [( -34, -45), ( 13, -16), ( 44,   9), ( 51,  39)],
        [(  -9, -51), ( 22, -44), ( 58, -16), ( 53,  17)],
        [( -67, -69), (-27, -50), (  4, -51), ( 37,  12)],
        [(-201,-100), (-83, -88), (-56, -56), (-26, -17)],
    ],
    [ // Bishop
        [(-53, -57), ( -5, -30), ( -8, -37), (-23, -12)],
        [(-15, -37), (  8, -13), ( 19, -17), (  4,   1)],
        [( -7, -16), ( 21,  -1), ( -5,  -2), ( 17,  10)],
        [( -5, -20), ( 11,  -6), ( 25,   0), ( 39,  17)],
        [(-12, -17), ( 29,  -1), ( 22, -14), ( 31,  15)],
        [(-16, -30), (  6,   6), (  1,   4), ( 11,   6)],
        [(-17, -31), (-14, -20), (  5,  -1), (  0,   1)],
        [(-48, -46), (  1, -42), (-14, -37), (-23, -24)],
    ],
    [ // Rook
        [(-31,  -9), (-20, -13), (-14, -10), ( -5,  -9)],
        [(-21, -12), (-13,  -9), ( -8,  -1), (  6,  -2)],
        [(-25,   6), (-11,  -8), ( -1,  -2), (  3,  -6)],
        [(-13,  -6), ( -5,   1), ( -4,  -9), ( -6,   7)],
        [(-27,  -5), (-15,   8), ( -4,   7), (  3,  -6)],
        [(-22,   6), ( -2,   1), (  6,  -7), ( 12,  10)],
        [( -2,   4), ( 12,   5), ( 16,  20), ( 18,  -5)],
        [(-17,  18), (-19,   0), ( -1,  19), (  9,  13)],
    ],
    [ // Queen
        [(  3, -69), ( -5, -57), ( -5, -47), (  4, -26)],
        [( -3, -55), (  5, -31), (  8, -22), ( 12,  -4)],
        [( -3, -39), (  6, -18), ( 13,  -9), (  7,   3)],
        [(  4, -23), (  5,  -3), (  9,  13), (  8,  24)],
        [(  0, -29), ( 14,  -6), ( 12,   9), (  5,  21)],
        [( -4, -38), ( 10, -18), (  6, -12), (  8,   1)],
        [( -5, -50), (  6, -27), ( 10, -24), (  8,  -8)],
        [( -2, -75), ( -2, -52), (  1, -43), ( -2, -36)],
    ],
    [ // King
        [(271,   1), (327,  45), (271,  85), (198,  76)],
        [(278,  53), (303, 100), (234, 133), (179, 135)],
        [(195,  88), (258, 130), (169, 169), (120, 175)],
        [(164, 103), (190, 156), (138, 172), ( 98, 172)],
        [(154,  96), (179, 166), (105, 199), ( 70, 199)],
        [(123,  92), (145, 172), ( 81, 184), ( 31, 191)],
        [( 88,  47), (120, 121), ( 65, 116), ( 33, 131)],
        [( 59,  11), ( 89,  59), ( 45,  73), ( -1,  78)],
    ],
];

/// Stockfish 11's bonus of piece `piece` (1 knight … 5 king) on square
/// `sq` (a1 = 0) for White, scaled to this engine's `material`
/// (middlegame, endgame) as the module says.
pub(super) const fn bonus(piece: usize, sq: usize, material: (Value, Value)) -> (Value, Value) {
    let file = sq % 8;
    let quarter = if file < 4 { file } else { 7 - file };
    let (mg, eg) = BONUS[piece - 1][sq / 8][quarter];
    if piece == 5 {
        (mg * 100 / SF_MATERIAL[0].0, eg * 100 / SF_MATERIAL[0].1)
    } else {
        let (sf_mg, sf_eg) = SF_MATERIAL[piece];
        (mg * material.0 / sf_mg, eg * material.1 / sf_eg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bonuses_are_scaled_by_the_pieces_material_and_mirrored() {
        // A knight on a1: −175 × 320 / 781 and −96 × 290 / 854, rounded
        // toward zero; on h1 the same (the table is mirrored).
        assert_eq!(bonus(1, 0, (320, 290)), (-71, -32));
        assert_eq!(bonus(1, 7, (320, 290)), (-71, -32));
        // A queen on d8 (rank 8, file d): −2 × 950 / 2538, −36 × 930 / 2682.
        assert_eq!(bonus(4, 59, (950, 930)), (0, -12));
        // The king on g1 (file g mirrors b): 327 × 100 / 128, 45 × 100 / 213.
        assert_eq!(bonus(5, 6, (0, 0)), (255, 21));
        // The king on e4 (file e mirrors d): 98 and 172.
        assert_eq!(bonus(5, 28, (0, 0)), (76, 80));
    }
}
