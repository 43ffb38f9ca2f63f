//! Counting the legal moves of a position without generating them: the
//! bulk count at the last ply of [`crate::perft`].
//!
//! cozy-chess hands its moves out one piece at a time ([`Board::generate_moves`]
//! calls back with a from-square and a set of to-squares), so a count
//! through it walks every pawn alone and builds each piece's legality mask
//! once per piece kind. [`legal_move_count`] is the same legality test
//! written for counting only: the pawns that are not pinned move as one
//! set (pushes, double pushes and the two capture diagonals are four shifts,
//! each a population count, promotions counted four times), and the other
//! pieces are counted by the population of their target sets. The rules are
//! cozy-chess 0.3's own (its `movegen` module) — check evasion by the
//! between-ray of the single checker, pinned pieces confined to the line of
//! their pin and idle in check, the king tested square by square with
//! itself lifted, castling by the rook's file (so Chess960 too), and en
//! passant by replaying the capture against the king's sliding attackers —
//! so the count equals the sum of `PieceMoves::len` over `generate_moves`
//! in every position; the tests check this over every node of the perft
//! reference trees.

use cozy_chess::{
    BitBoard, Board, Color, File, Piece, Rank, Square, get_between_rays, get_bishop_moves,
    get_bishop_rays, get_king_moves, get_knight_moves, get_line_rays, get_pawn_attacks,
    get_pawn_quiets, get_rook_moves, get_rook_rays,
};

/// The a-file and the h-file, to keep pawn captures from wrapping round.
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
/// Both back ranks: a pawn move landing there is four moves (promotions).
const PROMOTION: u64 = 0xFF00_0000_0000_00FF;

/// Moves of a set of pawn destinations, a promotion counting four.
#[inline(always)]
fn pawn_moves(to: u64) -> u32 {
    (to & !PROMOTION).count_ones() + 4 * (to & PROMOTION).count_ones()
}

/// Whether the side to move's king would be safe on `sq` once it has left
/// its square (`occ_without_king` is the occupancy with the king lifted).
#[inline(always)]
fn king_safe_on(board: &Board, sq: Square, us: Color, occ_without_king: BitBoard) -> bool {
    let them = board.colors(!us);
    let blockers = occ_without_king | sq.bitboard();
    let diagonal = them & (board.pieces(Piece::Bishop) | board.pieces(Piece::Queen));
    let straight = them & (board.pieces(Piece::Rook) | board.pieces(Piece::Queen));
    (get_knight_moves(sq) & them & board.pieces(Piece::Knight)).is_empty()
        && (get_pawn_attacks(sq, us) & them & board.pieces(Piece::Pawn)).is_empty()
        && (get_king_moves(sq) & them & board.pieces(Piece::King)).is_empty()
        && (get_bishop_moves(sq, blockers) & diagonal).is_empty()
        && (get_rook_moves(sq, blockers) & straight).is_empty()
}

/// Whether the side to move (not in check) may castle with the rook on
/// `rook`'s file, the king going to `king_to` and the rook to `rook_to`
/// (cozy-chess's `can_castle`).
fn can_castle(board: &Board, us: Color, rook: File, king_to: File, rook_to: File) -> bool {
    let king = board.king(us);
    let back_rank = Rank::First.relative_to(us);
    let occ_without_king = board.occupied() ^ king.bitboard();
    let rook = Square::new(rook, back_rank);
    let blockers = occ_without_king ^ rook.bitboard();
    let king_to = Square::new(king_to, back_rank);
    let rook_to = Square::new(rook_to, back_rank);
    let must_be_safe = get_between_rays(king, king_to) | king_to.bitboard();
    let must_be_empty = must_be_safe | get_between_rays(king, rook) | rook_to.bitboard();
    !board.pinned().has(rook)
        && (blockers & must_be_empty).is_empty()
        && must_be_safe
            .iter()
            .all(|sq| king_safe_on(board, sq, us, occ_without_king))
}

/// The number of legal moves in `board` (a promotion counts once per
/// piece promoted to), equal to the sum of `PieceMoves::len` over
/// [`Board::generate_moves`].
pub fn legal_move_count(board: &Board) -> u64 {
    let color = board.side_to_move();
    let us = board.colors(color);
    let them = board.colors(!color);
    let occ = us | them;
    let king = board.king(color);
    let checkers = board.checkers();

    let occ_without_king = occ ^ king.bitboard();
    let mut n: u32 = 0;
    for to in get_king_moves(king) & !us {
        n += u32::from(king_safe_on(board, to, color, occ_without_king));
    }
    if checkers.len() > 1 {
        return u64::from(n);
    }
    let in_check = !checkers.is_empty();
    let target = match checkers.next_square() {
        Some(checker) => (get_between_rays(checker, king) | checker.bitboard()) & !us,
        None => !us,
    };

    let pinned = board.pinned();
    for sq in board.pieces(Piece::Knight) & us & !pinned {
        n += (get_knight_moves(sq) & target).len();
    }
    let diagonal = us & (board.pieces(Piece::Bishop) | board.pieces(Piece::Queen));
    let straight = us & (board.pieces(Piece::Rook) | board.pieces(Piece::Queen));
    for sq in diagonal & !pinned {
        n += (get_bishop_moves(sq, occ) & target).len();
    }
    for sq in straight & !pinned {
        n += (get_rook_moves(sq, occ) & target).len();
    }

    // The pawns that are not pinned, as one set.
    let pawns = us & board.pieces(Piece::Pawn);
    let free = (pawns & !pinned).0;
    let (empty, enemy, t) = (!occ.0, them.0, target.0);
    let (single, double, left, right) = if color == Color::White {
        let single = (free << 8) & empty;
        let double = ((single & Rank::Third.bitboard().0) << 8) & empty;
        let left = ((free & !FILE_A) << 7) & enemy;
        let right = ((free & !FILE_H) << 9) & enemy;
        (single, double, left, right)
    } else {
        let single = (free >> 8) & empty;
        let double = ((single & Rank::Sixth.bitboard().0) >> 8) & empty;
        let left = ((free & !FILE_A) >> 9) & enemy;
        let right = ((free & !FILE_H) >> 7) & enemy;
        (single, double, left, right)
    };
    n += pawn_moves(single & t)
        + (double & t).count_ones()
        + pawn_moves(left & t)
        + pawn_moves(right & t);

    if !in_check {
        // A pinned piece may still move along the line of its pin.
        for sq in diagonal & pinned {
            n += (get_bishop_moves(sq, occ) & target & get_line_rays(king, sq)).len();
        }
        for sq in straight & pinned {
            n += (get_rook_moves(sq, occ) & target & get_line_rays(king, sq)).len();
        }
        for sq in pawns & pinned {
            let to = (get_pawn_quiets(sq, color, occ) | (get_pawn_attacks(sq, color) & them))
                & target
                & get_line_rays(king, sq);
            n += pawn_moves(to.0);
        }
        let rights = board.castle_rights(color);
        if let Some(rook) = rights.short
            && can_castle(board, color, rook, File::G, File::F)
        {
            n += 1;
        }
        if let Some(rook) = rights.long
            && can_castle(board, color, rook, File::C, File::D)
        {
            n += 1;
        }
    }

    if let Some(file) = board.en_passant() {
        // Replay the capture and look for a slider on the king (cozy-chess
        // tests en passant this way, in check or not).
        let their_diagonal = them & (board.pieces(Piece::Bishop) | board.pieces(Piece::Queen));
        let their_straight = them & (board.pieces(Piece::Rook) | board.pieces(Piece::Queen));
        let dest = Square::new(file, Rank::Third.relative_to(!color));
        let victim = Square::new(file, Rank::Fourth.relative_to(!color));
        for sq in get_pawn_attacks(dest, !color) & pawns {
            let blockers = occ ^ victim.bitboard() ^ sq.bitboard() | dest.bitboard();
            let diagonal_check = !(get_bishop_rays(king) & their_diagonal).is_empty()
                && !(get_bishop_moves(king, blockers) & their_diagonal).is_empty();
            let straight_check = !(get_rook_rays(king) & their_straight).is_empty()
                && !(get_rook_moves(king, blockers) & their_straight).is_empty();
            n += u32::from(!diagonal_check && !straight_check);
        }
    }
    u64::from(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sum of `PieceMoves::len` over cozy-chess's generator.
    fn generated(board: &Board) -> u64 {
        let mut n = 0;
        board.generate_moves(|moves| {
            n += moves.len() as u64;
            false
        });
        n
    }

    /// Checks the count against cozy-chess at every node of the tree of
    /// `board` to `depth` plies; returns the nodes checked.
    fn agree_over_tree(board: &Board, depth: u32) -> u64 {
        assert_eq!(legal_move_count(board), generated(board), "{board}");
        if depth == 0 {
            return 1;
        }
        let mut nodes = 1;
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += agree_over_tree(&child, depth - 1);
            }
            false
        });
        nodes
    }

    fn board(fen: &str) -> Board {
        Board::from_fen(fen, false).expect("fen")
    }

    #[test]
    fn start_position_has_twenty_moves() {
        assert_eq!(legal_move_count(&Board::default()), 20);
    }

    #[test]
    fn promotions_count_four_times() {
        // A pawn on b7 pushing to b8 (4) and taking on a8 (4); the king's 3.
        let b = board("r6k/1P6/8/8/8/8/8/7K w - - 0 1");
        assert_eq!(legal_move_count(&b), 4 + 4 + 3);
        assert_eq!(generated(&b), 11);
    }

    #[test]
    fn en_passant_that_uncovers_a_rook_check_is_not_counted() {
        // bxc6 e.p. would take both pawns off the fifth rank, and the rook
        // on h5 would then check the king on a5.
        let b = board("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
        assert_eq!(legal_move_count(&b), generated(&b));
        let mut ep_legal = false;
        b.generate_moves(|moves| {
            ep_legal |= moves.into_iter().any(|m| m.to == Square::C6);
            false
        });
        assert!(!ep_legal);
    }

    #[test]
    fn agrees_with_cozy_chess_over_the_reference_trees() {
        // The six standard perft positions (start, Kiwipete, positions
        // 3-6), every node to the depth given: castling through attacked
        // squares, pins, en passant with discovered checks, promotions,
        // double check.
        let cases = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                4,
            ),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                3,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                3,
            ),
            (
                "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
                3,
            ),
            (
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                3,
            ),
            (
                "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
                3,
            ),
        ];
        let mut nodes = 0;
        for (fen, depth) in cases {
            nodes += agree_over_tree(&board(fen), depth);
        }
        assert!(nodes > 1_000_000, "{nodes}");
    }

    #[test]
    fn chess960_castling_agrees() {
        // Rooks on b and g with the king on e (Shredder-FEN rights), and
        // the king on b with its rook beside it on a: castling follows the
        // rook's file and the king's and rook's destination squares.
        for fen in [
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
            "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1",
        ] {
            let b = Board::from_fen(fen, true).expect("fen");
            assert!(agree_over_tree(&b, 3) > 8000);
        }
    }
}
