//! The piece-placement terms of Stockfish 11's classical evaluation
//! (`evaluate.cpp`, `Evaluation::pieces`), for the switch
//! [`EvalTerms::pieces`](super::EvalTerms::pieces): outposts for knights
//! and bishops, a minor piece behind a pawn, a minor piece far from its
//! king, own pawns on a bishop's colour, a bishop on a long diagonal, a rook
//! on a queen's file and a rook trapped by its own king.
//!
//! The weights are Stockfish 11's, scaled to a 100-centipawn pawn and halved
//! as the threats' weights are ([`super::sf11`]), since this engine's
//! piece-square tables already reward some of the same placements (a
//! knight in the centre, a bishop on an open diagonal).

use alphabeta_core::Value;
use cozy_chess::{
    BitBoard, Board, Color, Piece, get_bishop_moves, get_knight_moves, get_rook_moves,
};

use super::{CENTRE_FILES, FILE_A, fill_forward, forward, king_distance, pawn_attacks, sf11};

/// A knight (counted twice) or bishop on an outpost square: on its side's
/// fourth to sixth rank, defended by an own pawn, and out of reach of every
/// enemy pawn's present and future attacks (`Outpost`); a knight that can
/// reach an empty one counts it once.
pub const OUTPOST: (Value, Value) = sf11(30, 21);
/// A knight or bishop directly behind a pawn of either side
/// (`MinorBehindPawn`).
pub const MINOR_BEHIND_PAWN: (Value, Value) = sf11(18, 3);
/// A penalty per square of distance between a knight or bishop and its own
/// king (`KingProtector`).
pub const KING_PROTECTOR: (Value, Value) = sf11(7, 8);
/// A penalty per own pawn on the bishop's colour, times one more than the
/// own central pawns (files c–f) that are blocked, the one left out when a
/// pawn defends the bishop (`BishopPawns`).
pub const BISHOP_PAWNS: (Value, Value) = sf11(3, 7);
/// A bishop that sees two of the four centre squares through everything but
/// pawns (`LongDiagonalBishop`).
pub const LONG_DIAGONAL_BISHOP: (Value, Value) = sf11(45, 0);
/// A rook on the file of a queen of either side (`RookOnQueenFile`).
pub const ROOK_ON_QUEEN_FILE: (Value, Value) = sf11(7, 6);
/// A penalty for a rook on a file with own pawns, with at most three safe
/// squares, on the far side of its own king (`TrappedRook`); doubled when
/// the side can no longer castle.
pub const TRAPPED_ROOK: (Value, Value) = sf11(52, 10);

/// The side's fourth to sixth ranks, for White and for Black.
const OUTPOST_RANKS: [u64; 2] = [0x0000_FFFF_FF00_0000, 0x0000_00FF_FFFF_0000];
/// d4, e4, d5, e5.
const CENTRE: u64 = 0x0000_0018_1800_0000;
/// The squares of the a1–h8 and h1–a8 diagonals.
const LONG_DIAGONALS: u64 = 0x8142_2418_1824_4281;

/// The (middlegame, endgame) value of the piece-placement terms for
/// `color`'s side alone.
pub(super) fn pieces(board: &Board, color: Color) -> (Value, Value) {
    let (mut mg, mut eg) = (0, 0);
    let mut add = |(m, e): (Value, Value), n: Value| {
        mg += m * n;
        eg += e * n;
    };
    let own = board.colors(color).0;
    let pawns = board.pieces(Piece::Pawn).0;
    let ours = pawns & own;
    let theirs = pawns & !own;
    let occupied = board.occupied();
    let our_pawn_attacks = pawn_attacks(ours, color);
    // Every square an enemy pawn attacks now or could after advancing.
    let their_span = pawn_attacks(fill_forward(theirs, !color), !color);
    let outposts = OUTPOST_RANKS[color as usize] & our_pawn_attacks & !their_span;
    let king = board.king(color);
    // Own pawns on files c–f with a piece in front of them.
    let blocked_centre = (ours & forward(occupied.0, !color) & CENTRE_FILES).count_ones() as Value;

    for piece in [Piece::Knight, Piece::Bishop] {
        for sq in board.colored_pieces(color, piece) {
            let bit = sq.bitboard().0;
            if outposts & bit != 0 {
                add(OUTPOST, if piece == Piece::Knight { 2 } else { 1 });
            } else if piece == Piece::Knight && outposts & get_knight_moves(sq).0 & !own != 0 {
                add(OUTPOST, 1);
            }
            if forward(bit, color) & pawns != 0 {
                add(MINOR_BEHIND_PAWN, 1);
            }
            add(KING_PROTECTOR, -king_distance(sq, king));
            if piece == Piece::Bishop {
                let colour = if bit & BitBoard::DARK_SQUARES.0 != 0 {
                    BitBoard::DARK_SQUARES.0
                } else {
                    BitBoard::LIGHT_SQUARES.0
                };
                let factor = Value::from(our_pawn_attacks & bit == 0) + blocked_centre;
                add(
                    BISHOP_PAWNS,
                    -((ours & colour).count_ones() as Value) * factor,
                );
                // Only a bishop on a long diagonal can see two centre
                // squares (two of one colour lie on one long diagonal).
                if bit & LONG_DIAGONALS != 0
                    && (get_bishop_moves(sq, BitBoard(pawns)).0 & CENTRE).count_ones() >= 2
                {
                    add(LONG_DIAGONAL_BISHOP, 1);
                }
            }
        }
    }

    let queens = board.pieces(Piece::Queen).0;
    let safe = !(own | pawn_attacks(theirs, !color));
    for sq in board.colored_pieces(color, Piece::Rook) {
        let file = FILE_A << (sq as usize % 8);
        if file & queens != 0 {
            add(ROOK_ON_QUEEN_FILE, 1);
        }
        let (king_file, rook_file) = (king.file() as usize, sq.file() as usize);
        if file & ours != 0
            && (king_file < 4) == (rook_file < king_file)
            && (get_rook_moves(sq, occupied).0 & safe).count_ones() <= 3
        {
            let rights = board.castle_rights(color);
            let cannot_castle = rights.short.is_none() && rights.long.is_none();
            add(TRAPPED_ROOK, -(1 + Value::from(cannot_castle)));
        }
    }
    (mg, eg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::Position;

    fn of(fen: &str, color: Color) -> (Value, Value) {
        pieces(Position::from_fen(fen).expect("fen").board(), color)
    }

    /// The terms see the two sides alike: the start position (where, as in
    /// Stockfish 11, each h-rook counts as trapped behind its pawn and
    /// knight) gives both the same value.
    #[test]
    fn the_start_position_is_symmetric() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(of(start, Color::White), of(start, Color::Black));
    }

    /// A knight on d5 defended by the e4 pawn, with no black pawn on the c-
    /// or e-files to chase it, is on an outpost (counted twice); with a
    /// black pawn on c7 that can still reach c6, it is not.
    #[test]
    fn a_knight_on_an_outpost_counts_twice() {
        let on = "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1";
        let chased = "4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1";
        let (with, _) = of(on, Color::White);
        let (without, _) = of(chased, Color::White);
        // The chased knight on d5 still reaches no other outpost: c7 holds
        // the pawn that spans b6/d6, e3…e7 are not defended by a pawn.
        assert_eq!(with - without, 2 * OUTPOST.0);
    }

    /// A bishop on a long diagonal that sees d4 and e5 through the pieces
    /// (but not pawns) earns the bonus; blocked by a pawn on d4 it does
    /// not.
    #[test]
    fn a_long_diagonal_bishop_sees_two_centre_squares() {
        let open = "4k3/8/8/8/8/8/1B6/4K3 w - - 0 1";
        let blocked = "4k3/8/8/8/3p4/8/1B6/4K3 w - - 0 1";
        let (a, _) = of(open, Color::White);
        let (b, _) = of(blocked, Color::White);
        assert_eq!(a - b, LONG_DIAGONAL_BISHOP.0);
    }

    /// A rook in the corner on the king's side, shut in by its own pawn and
    /// knight, is trapped; doubled once castling is gone.
    #[test]
    fn a_rook_shut_in_by_its_king_is_trapped() {
        let can_castle = "4k3/8/8/8/8/8/6PP/4K1NR w K - 0 1";
        let cannot = "4k3/8/8/8/8/8/6PP/4K1NR w - - 0 1";
        let (a, _) = of(can_castle, Color::White);
        let (b, _) = of(cannot, Color::White);
        assert_eq!(a - b, TRAPPED_ROOK.0);
    }
}
