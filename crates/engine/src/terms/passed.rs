//! What Stockfish 11's classical evaluation (`evaluate.cpp`,
//! `Evaluation::passed`) adds to a passed pawn's rank bonus from its 4th
//! rank on, for the switch
//! [`EvalTerms::passed_path`](super::EvalTerms::passed_path): in the
//! endgame, the kings' distances to the square in front of it; and, when
//! that square is empty, a bonus by how much of its path to promotion the
//! enemy attacks. Both grow with the rank by `w = 5r − 13` (r = 3 on the
//! 4th rank … 6 on the 7th).
//!
//! The weights are Stockfish 11's, scaled from its units (a pawn 128 in the
//! middlegame, 213 in the endgame) to a 100-centipawn pawn, not halved:
//! they adjust [`super::PASSED_MG`] / [`super::PASSED_EG`], whose values are
//! of the same size as Stockfish 11's rank bonus at that scale.

use alphabeta_core::Value;
use cozy_chess::{Board, Color, Piece, Square};

use super::{AttackMap, PASSED_MASK, fill_forward, forward, king_distance, sf11_full};

/// The squares of a side's 4th to 8th ranks, for White and for Black.
const FOURTH_RANK_ON: [u64; 2] = [0xFFFF_FFFF_FF00_0000, 0x0000_00FF_FFFF_FFFF];

/// The king's distance from `king` to `sq`, at most 5 (`king_proximity`).
#[inline]
fn proximity(king: Square, sq: Square) -> Value {
    king_distance(king, sq).min(5)
}

/// The square `steps` ranks ahead of `sq` for `color`, if on the board.
#[inline]
fn ahead(sq: Square, color: Color, steps: i8) -> Option<Square> {
    sq.try_offset(0, if color == Color::White { steps } else { -steps })
}

/// The squares of `sq`'s file strictly ahead of it for `color`.
#[inline]
fn file_ahead(sq: Square, color: Color) -> u64 {
    fill_forward(forward(sq.bitboard().0, color), color)
}

/// The (middlegame, endgame) value the path terms add to `color`'s passed
/// pawns, from both sides' attacks `maps` (indexed by colour).
pub(super) fn passed_path(board: &Board, color: Color, maps: &[AttackMap; 2]) -> (Value, Value) {
    let (us, them) = (&maps[color as usize], &maps[!color as usize]);
    let theirs = board.colored_pieces(!color, Piece::Pawn).0;
    let occupied = board.occupied().0;
    let own = board.colors(color).0;
    let enemy = board.colors(!color).0;
    let heavy = (board.pieces(Piece::Rook) | board.pieces(Piece::Queen)).0;
    let (our_king, their_king) = (board.king(color), board.king(!color));
    let (mut mg, mut eg) = (0, 0);
    // Only the pawns on their 4th rank or further, walked bit by bit.
    let mut advanced = board.colored_pieces(color, Piece::Pawn).0 & FOURTH_RANK_ON[color as usize];
    while advanced != 0 {
        let s = advanced.trailing_zeros() as usize;
        advanced &= advanced - 1;
        if PASSED_MASK[color as usize][s] & theirs != 0 {
            continue;
        }
        let sq = Square::index(s);
        let r = sq.rank().relative_to(color) as Value;
        let w = 5 * r - 13;
        let Some(block) = ahead(sq, color, 1) else {
            continue;
        };
        let mut e = (proximity(their_king, block) * 19 / 4 - proximity(our_king, block) * 2) * w;
        if let Some(second) = ahead(sq, color, 2) {
            e -= proximity(our_king, second) * w;
        }
        if occupied & block.bitboard().0 == 0 {
            let to_queen = file_ahead(sq, color);
            let mut unsafe_squares = PASSED_MASK[color as usize][s];
            // A rook or queen behind the pawn on its file attacks (or
            // defends) its whole path through the pawn.
            let behind = file_ahead(sq, !color) & heavy;
            if enemy & behind == 0 {
                unsafe_squares &= them.all;
            }
            let k = if unsafe_squares == 0 {
                35
            } else if unsafe_squares & to_queen == 0 {
                20
            } else if unsafe_squares & block.bitboard().0 == 0 {
                9
            } else {
                0
            } + if own & behind != 0 || us.all & block.bitboard().0 != 0 {
                5
            } else {
                0
            };
            mg += k * w;
            e += k * w;
        }
        eg += e;
    }
    sf11_full(mg, eg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::Position;

    fn path(fen: &str, color: Color) -> (Value, Value) {
        let position = Position::from_fen(fen).expect("fen");
        let board = position.board();
        passed_path(board, color, &AttackMap::both(board, None))
    }

    /// A passed pawn on the 6th rank escorted by its king is worth more
    /// than the same pawn with the enemy king in front of it.
    #[test]
    fn the_kings_distances_count_in_the_endgame() {
        let escorted = "8/8/3KP3/8/8/8/8/k7 w - - 0 1";
        let stopped = "4k3/8/4P3/8/8/8/8/K7 w - - 0 1";
        assert!(path(escorted, Color::White).1 > path(stopped, Color::White).1);
    }

    /// A pawn on the 7th with nothing attacking its queening square gets
    /// the full free-path bonus (k = 35, w = 17) in the middlegame; with
    /// an enemy rook guarding the square, none.
    #[test]
    fn a_free_path_is_worth_more_than_a_guarded_one() {
        let free = "8/4P3/8/8/8/8/8/K6k w - - 0 1";
        let guarded = "r7/4P3/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(path(free, Color::White).0, 35 * 17 * 100 / 128);
        assert_eq!(path(guarded, Color::White).0, 0);
    }

    /// Pawns below their 4th rank and pawns that are not passed get
    /// nothing.
    #[test]
    fn only_advanced_passed_pawns_count() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(path(start, Color::White), (0, 0));
        let blocked = "4k3/4p3/8/4P3/8/8/8/4K3 w - - 0 1";
        assert_eq!(path(blocked, Color::White), (0, 0));
    }
}
