//! Static exchange evaluation (SEE): the material a capture wins if both
//! sides keep recapturing on its square with their least valuable attacker
//! while it pays — the swap algorithm of the Chess Programming Wiki's
//! "Static Exchange Evaluation", in the points of [`PIECE_VALUES`]. The
//! experiments' Floyd likelihoods and the engine's pruning and move order
//! both rest on it.

use alphabeta_core::Value;
use cozy_chess::{
    BitBoard, Board, Color, Move, Piece, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_pawn_attacks, get_rook_moves,
};

use crate::eval::PIECE_VALUES;

/// Piece value for exchanges (the king counts high so it is captured last).
fn exchange_value(p: Piece) -> Value {
    if p == Piece::King {
        10_000
    } else {
        PIECE_VALUES[p as usize]
    }
}

/// Every piece (both colours) attacking `sq` with occupancy `occ`.
pub fn attackers(board: &Board, sq: Square, occ: BitBoard) -> BitBoard {
    let pieces = |p: Piece| board.pieces(p) & occ;
    let queens = pieces(Piece::Queen);
    (get_knight_moves(sq) & pieces(Piece::Knight))
        | (get_king_moves(sq) & pieces(Piece::King))
        | (get_bishop_moves(sq, occ) & (pieces(Piece::Bishop) | queens))
        | (get_rook_moves(sq, occ) & (pieces(Piece::Rook) | queens))
        | (get_pawn_attacks(sq, Color::White)
            & board.colored_pieces(Color::Black, Piece::Pawn)
            & occ)
        | (get_pawn_attacks(sq, Color::Black)
            & board.colored_pieces(Color::White, Piece::Pawn)
            & occ)
}

/// Static exchange evaluation of the capture `mv`: the material the side
/// to move wins (points) if both sides keep recapturing on the target
/// square with their least valuable attacker while it pays (the swap
/// algorithm; x-rays through removed pieces are seen).
pub fn see(board: &Board, mv: Move) -> Value {
    let Some(mut moved) = board.piece_on(mv.from) else {
        return 0;
    };
    let sq = mv.to;
    let first = board.piece_on(sq).map_or(
        if moved == Piece::Pawn && mv.from.file() != sq.file() {
            PIECE_VALUES[0]
        } else {
            0
        },
        exchange_value,
    );
    // The gains of the swap sequence, on the stack (the search calls this
    // at every quiescence capture): each entry after the first removes a
    // different piece from `occ`, so there are at most 64.
    let mut gain = [0 as Value; 64];
    gain[0] = first;
    let mut len = 1;
    let mut occ = board.occupied() ^ mv.from.bitboard();
    let mut side = !board.side_to_move();
    while len < gain.len() {
        let own = attackers(board, sq, occ) & board.colors(side) & occ;
        let Some((piece, from)) = Piece::ALL
            .iter()
            .find_map(|&p| (own & board.pieces(p)).next_square().map(|s| (p, s)))
        else {
            break;
        };
        gain[len] = exchange_value(moved) - gain[len - 1];
        len += 1;
        moved = piece;
        occ ^= from.bitboard();
        side = !side;
    }
    while len > 1 {
        len -= 1;
        gain[len - 1] = -(-gain[len - 1]).max(gain[len]);
    }
    gain[0]
}

/// Whether `see(board, mv) < -margin` ([`see`]), without
/// the exchange when no enemy piece attacks the target square once the
/// mover has left its own: the exchange is then the captured value, never
/// negative (the same answer at a fraction of the cost).
pub fn loses_by_exchange(board: &Board, mv: Move, margin: Value) -> bool {
    let occ = board.occupied() ^ mv.from.bitboard();
    let enemy = board.colors(!board.side_to_move());
    if (attackers(board, mv.to, occ) & enemy & occ).is_empty() {
        return false;
    }
    see(board, mv) < -margin
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use crate::notation::parse_san;

    #[test]
    fn see_counts_the_exchange() {
        // Rxd5 wins a pawn defended by nothing; Qxd5 defended by a pawn
        // loses the queen for a pawn.
        let p = Position::from_fen("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1").expect("fen");
        assert_eq!(see(p.board(), parse_san(&p, "Rxd5").expect("legal")), 100);
        let p = Position::from_fen("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1").expect("fen");
        assert_eq!(
            see(p.board(), parse_san(&p, "Qxd5").expect("legal")),
            100 - 900
        );
        // Two rooks against a pawn defended by a rook: R takes, R retakes,
        // R retakes: +100 − 500 + 500 = +100.
        let p = Position::from_fen("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1").expect("fen");
        assert_eq!(see(p.board(), parse_san(&p, "Rxd5").expect("legal")), 100);
    }
}
