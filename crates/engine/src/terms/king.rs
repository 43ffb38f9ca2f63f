//! Stockfish 11's king danger (`evaluate.cpp`, `Evaluation::king`), for
//! the switch [`EvalTerms::king_danger`](super::EvalTerms::king_danger): in
//! place of the attack units' square, one sum of the attackers and their
//! kinds, the attacks next to the king, the weak squares of its zone, the
//! safe and unsafe checks the enemy has, less the defenders beside the
//! king and the missing enemy queen; above 100 it costs `danger² / 4096`
//! in the middlegame and `danger / 16` in the endgame.
//!
//! Left out of Stockfish 11's sum: the pinned pieces, the flank attacks,
//! the mobility difference and the shelter's share (this engine's shelter
//! is the separate [`super::king_shield`]). The weights are Stockfish 11's;
//! the penalty is scaled from its units (a pawn 128 in the middlegame, 213
//! in the endgame) to a 100-centipawn pawn.

use alphabeta_core::Value;
use cozy_chess::{Board, Color, Piece, get_bishop_moves, get_knight_moves, get_rook_moves};

use super::{AttackMap, king_zone, sf11_full};

/// The weight of an attacker of the king's zone by its kind (pawn …
/// king), summed over the attackers and multiplied by their number
/// (`KingAttackWeights`).
pub const ATTACKER_WEIGHT: [Value; 6] = [0, 81, 52, 44, 10, 0];
/// Each attack of an enemy piece on a square next to the king.
const ADJACENT_ATTACK: Value = 69;
/// Each square of the king's zone the enemy attacks and we defend at most
/// once, or only with the king or queen.
const WEAK_RING_SQUARE: Value = 185;
/// A safe check by a queen, rook, bishop, knight (`QueenSafeCheck` …),
/// counted once each.
const SAFE_CHECK: [Value; 4] = [780, 1080, 635, 790];
/// Each square from which an enemy piece could check, but not safely.
const UNSAFE_CHECK: Value = 148;
/// Our knight defending next to the king.
const KNIGHT_DEFENDER: Value = 100;
/// Our bishop defending next to the king.
const BISHOP_DEFENDER: Value = 35;
/// The enemy has no queen.
const NO_QUEEN: Value = 873;
/// Stockfish 11's constant offset.
const OFFSET: Value = 7;

/// The (middlegame, endgame) penalty of the king danger of `color`'s king,
/// from both sides' attacks `maps` (indexed by colour).
pub(super) fn king_danger(board: &Board, color: Color, maps: &[AttackMap; 2]) -> (Value, Value) {
    let (us, them) = (&maps[color as usize], &maps[!color as usize]);
    let king = board.king(color);
    let occupied = board.occupied();
    let weak = them.all
        & !us.twice
        & (!us.all | us.by[Piece::King as usize] | us.by[Piece::Queen as usize]);
    let safe = !board.colors(!color).0 & (!us.all | (weak & them.twice));

    let rook_lines = get_rook_moves(king, occupied).0;
    let bishop_lines = get_bishop_moves(king, occupied).0;
    let knight_squares = get_knight_moves(king).0;
    let mut danger = 0;
    let mut unsafe_checks = 0u64;
    let rook_checks = rook_lines & them.by[Piece::Rook as usize];
    if rook_checks & safe != 0 {
        danger += SAFE_CHECK[1];
    } else {
        unsafe_checks |= rook_checks;
    }
    let queen_checks = (rook_lines | bishop_lines)
        & them.by[Piece::Queen as usize]
        & safe
        & !us.by[Piece::Queen as usize]
        & !(rook_checks & safe);
    if queen_checks != 0 {
        danger += SAFE_CHECK[0];
    }
    let bishop_checks = bishop_lines & them.by[Piece::Bishop as usize];
    if bishop_checks & safe & !queen_checks != 0 {
        danger += SAFE_CHECK[2];
    } else {
        unsafe_checks |= bishop_checks;
    }
    let knight_checks = knight_squares & them.by[Piece::Knight as usize];
    if knight_checks & safe != 0 {
        danger += SAFE_CHECK[3];
    } else {
        unsafe_checks |= knight_checks;
    }
    let ring = king_zone(king).0;
    let beside_king = us.by[Piece::King as usize];
    // The attackers: the enemy pieces that attack the zone, and the zone's
    // squares that enemy pawns attack (each counted as an attacker of no
    // weight, as Stockfish 11 counts them).
    let attackers = them.king_attackers + (ring & them.by[Piece::Pawn as usize]).count_ones();
    danger += attackers as Value * them.king_weight
        + ADJACENT_ATTACK * them.king_adjacent as Value
        + WEAK_RING_SQUARE * (ring & weak).count_ones() as Value
        + UNSAFE_CHECK * (unsafe_checks & !board.colors(!color).0).count_ones() as Value
        - KNIGHT_DEFENDER * Value::from(us.by[Piece::Knight as usize] & beside_king != 0)
        - BISHOP_DEFENDER * Value::from(us.by[Piece::Bishop as usize] & beside_king != 0)
        - NO_QUEEN * Value::from(board.colored_pieces(!color, Piece::Queen).is_empty())
        - OFFSET;
    if danger > 100 {
        sf11_full(danger * danger / 4096, danger / 16)
    } else {
        (0, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::Position;

    fn danger(fen: &str, color: Color) -> (Value, Value) {
        let position = Position::from_fen(fen).expect("fen");
        let board = position.board();
        king_danger(board, color, &AttackMap::both(board, None))
    }

    /// The start position: no king is in danger.
    #[test]
    fn no_danger_at_the_start() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(danger(start, Color::White), (0, 0));
        assert_eq!(danger(start, Color::Black), (0, 0));
    }

    /// A castled king with its shelter gone, the enemy queen and rook
    /// bearing on it with a safe check, is in danger; the same king with
    /// the enemy queen and rook off the board is not.
    #[test]
    fn an_exposed_king_under_attack_is_in_danger() {
        let attacked = "3r2k1/5ppp/8/8/6q1/8/5P2/6K1 w - - 0 1";
        let quiet = "6k1/5ppp/8/8/8/8/5P2/6K1 w - - 0 1";
        let (mg, eg) = danger(attacked, Color::White);
        assert!(mg > 50 && eg > 0, "{mg} {eg}");
        assert_eq!(danger(quiet, Color::White), (0, 0));
    }
}
