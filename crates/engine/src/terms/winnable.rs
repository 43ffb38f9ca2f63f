//! How winnable the side ahead's advantage is, for the switch
//! [`EvalTerms::winnable`](super::EvalTerms::winnable): the form of Stockfish
//! 12's classical `Evaluation::winnable` (`evaluate.cpp`) and of the
//! pawnless scale factors of its `material.cpp`, applied to the tapered
//! evaluation's White-minus-Black totals before they are blended.
//!
//! - **Complexity** (what Stockfish 11 called the initiative): from the
//!   passed pawns, the pawns, the kings' outflanking, pawns on both flanks,
//!   a king past its 4th rank, a pawn ending, and an ending that is almost
//!   unwinnable, a number added to the endgame value on the side ahead
//!   (never past zero), and its negative part to the middlegame value.
//! - **Scale factor** (out of 64) of the endgame value for the side ahead:
//!   a side with no pawns and at most a bishop's worth more pieces wins
//!   nothing with less than a rook, little with more; opposite-coloured
//!   bishops alone, or with other pieces; a rook ending with the pawns on
//!   one flank and the defending king beside its own pawn; a queen against
//!   none; otherwise fewer than four pawns of the side ahead.
//!
//! Left out: Stockfish's endgame-specific evaluation functions (KBPsK,
//! KRPKR, KPKP and the others). Stockfish's weights are in its units (an
//! endgame pawn 206); the complexity here is scaled to this engine's
//! 100-centipawn pawn (`× 100 / 206`), and the material thresholds are
//! this engine's middlegame values ([`crate::pst`]'s material).

use alphabeta_core::Value;
use cozy_chess::{BitBoard, Board, Color, Piece, get_king_moves};

use super::PASSED_MASK;
use crate::pst::MATERIAL_MG;

/// Stockfish 12's endgame pawn, the unit its complexity weights are in.
const SF_PAWN_EG: Value = 206;

/// A full scale factor: the endgame value as it is.
pub const SCALE_NORMAL: Value = 64;

/// Files a–d and e–h.
const QUEEN_SIDE: u64 = 0x0F0F_0F0F_0F0F_0F0F;
const KING_SIDE: u64 = !QUEEN_SIDE;

/// The pieces whose middlegame material ([`crate::pst`]'s) makes up the
/// non-pawn material of the pawnless scale factors.
const NON_PAWN: [Piece; 4] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];

/// The `(middlegame, endgame)` White-minus-Black totals `(mg, eg)` after
/// the complexity, and the scale factor (out of [`SCALE_NORMAL`]) the
/// endgame value is then to be multiplied by.
pub fn winnable(board: &Board, mg: Value, eg: Value) -> (Value, Value, Value) {
    let complexity = complexity(board);
    let mg_bonus = (complexity + 50 * 100 / SF_PAWN_EG).clamp(-mg.abs(), 0);
    let eg_bonus = complexity.max(-eg.abs());
    let mg = mg + mg.signum() * mg_bonus;
    let eg = eg + eg.signum() * eg_bonus;
    let strong = if eg > 0 { Color::White } else { Color::Black };
    (mg, eg, scale_factor(board, strong))
}

/// Stockfish 12's complexity, scaled to a 100-centipawn pawn.
fn complexity(board: &Board) -> Value {
    let (white_king, black_king) = (board.king(Color::White), board.king(Color::Black));
    let files = (white_king.file() as Value - black_king.file() as Value).abs();
    let ranks = (white_king.rank() as Value - black_king.rank() as Value).abs();
    let outflanking = files - ranks;
    let pawns = board.pieces(Piece::Pawn).0;
    let both_flanks = pawns & QUEEN_SIDE != 0 && pawns & KING_SIDE != 0;
    let almost_unwinnable = outflanking < 0 && !both_flanks;
    let infiltration = white_king.rank() as usize > 3 || (black_king.rank() as usize) < 4;
    let pawn_ending =
        (board.occupied() & !board.pieces(Piece::Pawn) & !board.pieces(Piece::King)).is_empty();
    let passed = passed_pawns(board, Color::White).len() + passed_pawns(board, Color::Black).len();
    let sf = 9 * passed as Value
        + 12 * pawns.count_ones() as Value
        + 9 * outflanking
        + 21 * Value::from(both_flanks)
        + 24 * Value::from(infiltration)
        + 51 * Value::from(pawn_ending)
        - 43 * Value::from(almost_unwinnable)
        - 110;
    sf * 100 / SF_PAWN_EG
}

/// `color`'s passed pawns: no enemy pawn ahead on its own or an adjacent file.
fn passed_pawns(board: &Board, color: Color) -> BitBoard {
    let theirs = board.colored_pieces(!color, Piece::Pawn).0;
    let mut passed = board.colored_pieces(color, Piece::Pawn);
    for sq in passed {
        if PASSED_MASK[color as usize][sq as usize] & theirs != 0 {
            passed ^= sq.bitboard();
        }
    }
    passed
}

/// `color`'s non-pawn material (middlegame values).
fn non_pawn_material(board: &Board, color: Color) -> Value {
    NON_PAWN
        .iter()
        .map(|&piece| {
            MATERIAL_MG[piece as usize] * board.colored_pieces(color, piece).len() as Value
        })
        .sum()
}

/// Whether `color` has exactly one piece besides its king and pawns, a
/// `piece`.
fn only(board: &Board, color: Color, piece: Piece) -> bool {
    let pieces = board.colors(color) & !board.pieces(Piece::Pawn) & !board.pieces(Piece::King);
    pieces.len() == 1 && !(pieces & board.pieces(piece)).is_empty()
}

/// The scale factor of the endgame value for `strong`, the side it favours.
fn scale_factor(board: &Board, strong: Color) -> Value {
    let weak = !strong;
    // Material (Stockfish's `material.cpp`): no pawns and at most a
    // bishop's worth ahead in pieces.
    let (npm_strong, npm_weak) = (
        non_pawn_material(board, strong),
        non_pawn_material(board, weak),
    );
    let bishop = MATERIAL_MG[Piece::Bishop as usize];
    let rook = MATERIAL_MG[Piece::Rook as usize];
    if board.colored_pieces(strong, Piece::Pawn).is_empty() && npm_strong - npm_weak <= bishop {
        return if npm_strong < rook {
            0
        } else if npm_weak <= bishop {
            4
        } else {
            14
        };
    }
    let bishops = board.pieces(Piece::Bishop);
    let strong_bishops = bishops & board.colors(strong);
    let weak_bishops = bishops & board.colors(weak);
    let opposite_bishops = strong_bishops.len() == 1
        && weak_bishops.len() == 1
        && !((strong_bishops | weak_bishops) & BitBoard::DARK_SQUARES).is_empty()
        && !((strong_bishops | weak_bishops) & BitBoard::LIGHT_SQUARES).is_empty();
    let strong_pawns = board.colored_pieces(strong, Piece::Pawn);
    let weak_pawns = board.colored_pieces(weak, Piece::Pawn);
    if opposite_bishops {
        if only(board, strong, Piece::Bishop) && only(board, weak, Piece::Bishop) {
            18 + 4 * passed_pawns(board, strong).len() as Value
        } else {
            22 + 3 * board.colors(strong).len() as Value
        }
    } else if only(board, strong, Piece::Rook)
        && only(board, weak, Piece::Rook)
        && strong_pawns.len() as Value - weak_pawns.len() as Value <= 1
        && (strong_pawns.0 & KING_SIDE != 0) != (strong_pawns.0 & QUEEN_SIDE != 0)
        && !(get_king_moves(board.king(weak)) & weak_pawns).is_empty()
    {
        36
    } else if board.pieces(Piece::Queen).len() == 1 {
        let without_queen = if board.colored_pieces(Color::White, Piece::Queen).len() == 1 {
            Color::Black
        } else {
            Color::White
        };
        let minors = board.colored_pieces(without_queen, Piece::Bishop)
            | board.colored_pieces(without_queen, Piece::Knight);
        37 + 3 * minors.len() as Value
    } else {
        SCALE_NORMAL.min(36 + 7 * strong_pawns.len() as Value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen, false).expect("a legal FEN")
    }

    #[test]
    fn pawnless_small_advantages_scale_to_draws() {
        // A lone minor piece wins nothing; a rook against a minor little.
        assert_eq!(
            scale_factor(&board("8/8/4k3/8/8/3BK3/8/8 w - - 0 1"), Color::White),
            0
        );
        assert_eq!(
            scale_factor(&board("8/8/4k3/5n2/8/3RK3/8/8 w - - 0 1"), Color::White),
            4
        );
        // A rook and a bishop against a rook: 14.
        assert_eq!(
            scale_factor(&board("8/8/4k3/5r2/8/3RKB2/8/8 w - - 0 1"), Color::White),
            14
        );
        // Two rooks against a knight are more than a bishop ahead: only
        // the general rule for the side ahead's pawns applies (none: 36).
        assert_eq!(
            scale_factor(&board("8/8/4k3/5n2/8/2RRK3/8/8 w - - 0 1"), Color::White),
            36
        );
    }

    #[test]
    fn opposite_bishops_and_few_pawns_scale_down() {
        // Opposite-coloured bishops alone, White with two pawns, one passed
        // (the h-pawn; the e-pawn faces the f7 pawn): 18 + 4.
        let ocb = board("8/5p2/4k3/2b4P/4P3/3BK3/8/8 w - - 0 1");
        assert_eq!(scale_factor(&ocb, Color::White), 22);
        // Same-coloured bishops, three pawns: 36 + 7·3.
        let same = board("8/5p2/4k3/3b4/4P3/3BK2P/7P/8 w - - 0 1");
        assert_eq!(scale_factor(&same, Color::White), 57);
        // Four pawns or more: the full value.
        let four = board("8/5p2/4k3/3b4/4P3/3BKP1P/7P/8 w - - 0 1");
        assert_eq!(scale_factor(&four, Color::White), SCALE_NORMAL);
    }

    #[test]
    fn complexity_never_turns_the_side_ahead() {
        // A king and pawn ending with pawns on one flank and the kings
        // facing each other: the bonus is negative, but an endgame value of
        // 30 is not pushed below zero.
        let b = board("8/8/4k3/4p3/4P3/4K3/8/8 w - - 0 1");
        assert!(complexity(&b) < -30);
        let (_, eg, _) = winnable(&b, 10, 30);
        assert_eq!(eg, 0);
        let (_, eg, _) = winnable(&b, -10, -30);
        assert_eq!(eg, 0);
        // With many pawns on both flanks the bonus is positive and goes to
        // the side ahead.
        let open = board("8/pp4pp/4k3/7P/PP6/4K3/6PP/8 w - - 0 1");
        let c = complexity(&open);
        assert!(c > 0);
        assert_eq!(winnable(&open, 0, 100).1, 100 + c);
        assert_eq!(winnable(&open, 0, -100).1, -100 - c);
    }
}
