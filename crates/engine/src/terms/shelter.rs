//! Stockfish 11's pawn shelter and pawn storm (`pawns.cpp`,
//! `Entry::evaluate_shelter` and `Entry::do_king_safety`), for the switch
//! [`EvalTerms::shelter`](super::EvalTerms::shelter): on the king's file
//! and its two neighbours (the king's file taken as b–g), a middlegame bonus
//! by the rank of the own pawn nearest the king and a penalty by the rank
//! of the enemy pawn nearest it, both by the file's distance from the edge;
//! the best of this for the king's square and, while the side may still
//! castle, for g1 and c1 (its own side's); and in the endgame a penalty by
//! the king's distance to its nearest own pawn.
//!
//! The tables and weights are Stockfish 11's, scaled from its units (a pawn
//! 128 in the middlegame, 213 in the endgame) to a 100-centipawn pawn and
//! halved, as the threats and the piece placement are ([`super::sf11`]):
//! the king's piece-square table already prefers the sheltered corners,
//! so the term overlaps the tables as those do.

use alphabeta_core::Value;
use cozy_chess::{Board, Color, File, Piece, Rank, Square, get_king_moves};

use super::{FILE_A, fill_forward, king_distance, rearmost};

/// The shelter of an own pawn by the file's distance from the edge (a/h 0
/// … d/e 3) and the pawn's relative rank (0: no own pawn on the file at or
/// ahead of the king's rank): Stockfish 11's `ShelterStrength`.
const SHELTER_STRENGTH: [[Value; 8]; 4] = [
    [-6, 81, 93, 58, 39, 18, 25, 0],
    [-43, 61, 35, -49, -29, -11, -63, 0],
    [-10, 75, 23, -2, 32, 3, -45, 0],
    [-39, -13, -29, -52, -48, -67, -166, 0],
];

/// The danger of the enemy pawn nearest the king on a file, by the file's
/// distance from the edge and the pawn's rank relative to the king's side
/// (0: none): Stockfish 11's `UnblockedStorm`.
const UNBLOCKED_STORM: [[Value; 8]; 4] = [
    [85, -289, -166, 97, 50, 45, 50, 0],
    [46, -25, 122, 45, 37, -10, 20, 0],
    [-6, 51, 168, 34, -2, -22, -14, 0],
    [-15, -11, 101, 4, 11, -15, -29, 0],
];

/// An enemy pawn on the side's 3rd rank blocked by an own pawn right in
/// front of it: Stockfish 11's `BlockedStorm`, both phases.
const BLOCKED_STORM: (Value, Value) = (82, 82);

/// Stockfish 11's start value of every shelter, both phases.
const SHELTER_BASE: (Value, Value) = (5, 5);

/// The endgame penalty a square of distance from the king to its nearest
/// own pawn (Stockfish 11's `16 * minPawnDist`).
const PAWN_DISTANCE_EG: Value = 16;

/// `color`'s shelter and storm `(mg, eg)` in Stockfish 11's units (its
/// `king_safety`): the king danger reads it so, and the shelter term scales
/// it to this engine's centipawns and halves it ([`super::sf11`]).
pub(super) fn shelter_in_stockfish_units(board: &Board, color: Color) -> (Value, Value) {
    let king = board.king(color);
    let mut best = shelter_at(board, color, king);
    let rights = board.castle_rights(color);
    let back = Rank::First.relative_to(color);
    for (may, file) in [
        (rights.short.is_some(), File::G),
        (rights.long.is_some(), File::C),
    ] {
        if may {
            let castled = shelter_at(board, color, Square::new(file, back));
            if castled.0 > best.0 {
                best = castled;
            }
        }
    }
    let (mg, eg) = best;
    (mg, eg - PAWN_DISTANCE_EG * nearest_pawn(board, color, king))
}

/// Stockfish 11's `evaluate_shelter` for `color`'s king on `king`, in its
/// units: the pawns on the king's rank and ahead of it count.
fn shelter_at(board: &Board, color: Color, king: Square) -> (Value, Value) {
    let at_or_ahead = fill_forward(king.rank().bitboard().0, color);
    let pawns = board.pieces(Piece::Pawn).0 & at_or_ahead;
    let ours = pawns & board.colors(color).0;
    let theirs = pawns & board.colors(!color).0;
    let (mut mg, mut eg) = SHELTER_BASE;
    let centre = (king.file() as usize).clamp(1, 6);
    for file in centre - 1..=centre + 1 {
        let on_file = FILE_A << file;
        let our_rank = nearest_rank(ours & on_file, color);
        let their_rank = nearest_rank(theirs & on_file, color);
        let edge = file.min(7 - file);
        mg += SHELTER_STRENGTH[edge][our_rank];
        if our_rank != 0 && our_rank + 1 == their_rank {
            if their_rank == 2 {
                mg -= BLOCKED_STORM.0;
                eg -= BLOCKED_STORM.1;
            }
        } else {
            mg -= UNBLOCKED_STORM[edge][their_rank];
        }
    }
    (mg, eg)
}

/// The rank, relative to `color`, of the pawn of `pawns` (one file's)
/// nearest `color`'s first rank; 0 when there is none (Stockfish's
/// `relative_rank(Us, frontmost_sq(Them, b))`).
fn nearest_rank(pawns: u64, color: Color) -> usize {
    if pawns == 0 {
        return 0;
    }
    rearmost(pawns, color).rank().relative_to(color) as usize
}

/// The king's distance to `color`'s nearest pawn: 0 without pawns, 1 when
/// one stands next to the king.
fn nearest_pawn(board: &Board, color: Color, king: Square) -> Value {
    let pawns = board.colored_pieces(color, Piece::Pawn);
    if pawns.is_empty() {
        0
    } else if !(pawns & get_king_moves(king)).is_empty() {
        1
    } else {
        pawns
            .into_iter()
            .map(|sq| king_distance(king, sq))
            .min()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terms::sf11;
    use alphabeta_chess::Position;

    fn value(fen: &str, color: Color) -> (Value, Value) {
        let position = Position::from_fen(fen).expect("fen");
        let (mg, eg) = shelter_in_stockfish_units(position.board(), color);
        sf11(mg, eg)
    }

    /// A king on g1 behind f2, g2 and h2 with no enemy pawn near: the
    /// shelter of Stockfish 11's tables by hand, 5 + 75 + 6 + 61 − 46 + 81
    /// − 85, that is 97, in the middlegame; 5 − 16 (a pawn next to the
    /// king), that is −11, in the endgame; then scaled.
    #[test]
    fn a_castled_king_behind_its_three_pawns() {
        let fen = "4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1";
        assert_eq!(value(fen, Color::White), sf11(97, -11));
    }

    /// The same position with the colours swapped gives Black the same
    /// value.
    #[test]
    fn the_colours_are_mirrored() {
        let white = "4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1";
        let black = "6k1/5ppp/8/8/8/8/8/4K3 b - - 0 1";
        assert_eq!(value(white, Color::White), value(black, Color::Black));
    }

    /// An enemy pawn on the 3rd rank blocked by the own g2 pawn costs
    /// Stockfish's `BlockedStorm`, where its unblocked storm would have
    /// cost the table's value; one on the 4th rank in front of g2 is an
    /// unblocked storm.
    #[test]
    fn a_blocked_storm_is_counted_apart() {
        let open = "4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1";
        let blocked = "4k3/8/8/8/8/6p1/5PPP/6K1 w - - 0 1";
        let near = "4k3/8/8/8/6p1/8/5PPP/6K1 w - - 0 1";
        let (open, blocked, near) = (
            value(open, Color::White),
            value(blocked, Color::White),
            value(near, Color::White),
        );
        // g-file, edge distance 1: no storm is −46 in the table, a blocked
        // one −82 in both phases.
        assert_eq!(blocked, sf11(97 + 46 - 82, -11 - 82));
        // Unblocked from the 4th rank (relative rank index 3): −45.
        assert_eq!(near, sf11(97 + 46 - 45, -11));
        assert_eq!(open, sf11(97, -11));
    }

    /// A king that may still castle short counts the shelter it would have
    /// on g1 when that is better than its own.
    #[test]
    fn a_king_that_may_castle_counts_the_castled_shelter() {
        let may = "4k3/8/8/8/8/8/5PPP/4K2R w K - 0 1";
        let may_not = "4k3/8/8/8/8/8/5PPP/4K2R w - - 0 1";
        let castled = "4k3/8/8/8/8/8/5PPP/6KR w - - 0 1";
        let (may, may_not, castled) = (
            value(may, Color::White),
            value(may_not, Color::White),
            value(castled, Color::White),
        );
        assert!(may.0 > may_not.0);
        assert_eq!(may.0, castled.0);
    }
}
