//! The material imbalance of Stockfish 11's classical evaluation
//! (`material.cpp`, `imbalance`: Tord Romstad's second-degree polynomial in
//! the piece counts), for the switch
//! [`EvalTerms::imbalance`](super::EvalTerms::imbalance): each piece of a
//! side is worth more or less by how many pieces of each kind the side
//! and its opponent have (knights gain with their own pawns, a second rook
//! is worth less than the first, the bishop pair is a piece of its own).
//!
//! Stockfish's value is `(imbalance(White) − imbalance(Black)) / 16`, the
//! same in both phases in its units (a pawn 128 in the middlegame, 213 in
//! the endgame); it is scaled here to a 100-centipawn pawn in each phase,
//! not halved ([`super::sf11_full`]), as it takes the place of this
//! engine's bishop pair bonus, a term of that size:
//! [`in_place_of_bishop_pair`] takes back the pair the tables added.

use alphabeta_core::Value;
use cozy_chess::{Board, Color, Piece};

use super::sf11_full;

/// `QuadraticOurs[pt1][pt2]`: the weight of an own piece of kind `pt1` for
/// each own piece of kind `pt2 ≤ pt1` (0 the bishop pair, 1 pawn …
/// 5 queen), as Stockfish 11 prints it.
const OURS: [[i32; 6]; 6] = [
    [1438, 0, 0, 0, 0, 0],
    [40, 38, 0, 0, 0, 0],
    [32, 255, -62, 0, 0, 0],
    [0, 104, 4, 0, 0, 0],
    [-26, -2, 47, 105, -208, 0],
    [-189, 24, 117, 133, -134, -6],
];

/// `QuadraticTheirs[pt1][pt2]`: the weight of an own piece of kind `pt1`
/// for each enemy piece of kind `pt2 ≤ pt1`.
const THEIRS: [[i32; 6]; 6] = [
    [0, 0, 0, 0, 0, 0],
    [36, 0, 0, 0, 0, 0],
    [9, 63, 0, 0, 0, 0],
    [59, 65, 42, 0, 0, 0],
    [46, 39, 24, -24, 0, 0],
    [97, 100, -42, 137, 268, 0],
];

/// A side's counts as Stockfish orders them: the bishop pair (0 or 1),
/// pawns, knights, bishops, rooks, queens.
fn counts(board: &Board, color: Color) -> [i32; 6] {
    let n = |p: Piece| board.colored_pieces(color, p).len() as i32;
    [
        i32::from(n(Piece::Bishop) > 1),
        n(Piece::Pawn),
        n(Piece::Knight),
        n(Piece::Bishop),
        n(Piece::Rook),
        n(Piece::Queen),
    ]
}

/// Stockfish's `imbalance<Us>`, in its units times 16.
fn polynomial(us: &[i32; 6], them: &[i32; 6]) -> i32 {
    let mut bonus = 0;
    for pt1 in 0..6 {
        if us[pt1] == 0 {
            continue;
        }
        let v: i32 = (0..=pt1)
            .map(|pt2| OURS[pt1][pt2] * us[pt2] + THEIRS[pt1][pt2] * them[pt2])
            .sum();
        bonus += us[pt1] * v;
    }
    bonus
}

/// The White-minus-Black imbalance of the two sides' counts, scaled to a
/// 100-centipawn pawn.
fn scaled(white: &[i32; 6], black: &[i32; 6]) -> (Value, Value) {
    let v = (polynomial(white, black) - polynomial(black, white)) / 16;
    sf11_full(v as Value, v as Value)
}

/// The White-minus-Black imbalance, (middlegame, endgame), scaled to a
/// 100-centipawn pawn.
#[cfg(test)]
fn imbalance(board: &Board) -> (Value, Value) {
    scaled(&counts(board, Color::White), &counts(board, Color::Black))
}

/// What the switch adds to the evaluation: the imbalance less the
/// `bishop_pair` bonus (middlegame, endgame) the tables gave each side
/// with two bishops, whose place it takes.
pub(super) fn in_place_of_bishop_pair(
    board: &Board,
    bishop_pair: (Value, Value),
) -> (Value, Value) {
    let (white, black) = (counts(board, Color::White), counts(board, Color::Black));
    let (mg, eg) = scaled(&white, &black);
    let pairs = Value::from(white[0] - black[0]);
    (mg - pairs * bishop_pair.0, eg - pairs * bishop_pair.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::Position;

    fn board(fen: &str) -> Board {
        Position::from_fen(fen).expect("fen").board().clone()
    }

    /// Equal material is no imbalance, whatever it is.
    #[test]
    fn equal_material_is_balanced() {
        let start = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(imbalance(&start), (0, 0));
    }

    /// Stockfish's sums worked by hand: the bishop pair alone, then against
    /// a bishop and a knight.
    #[test]
    fn the_bishop_pair_is_worth_stockfishs_sum() {
        let b = board("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
        let b2 = board("2b1k1n1/8/8/8/8/8/8/2B1KB2 w - - 0 1");
        // White alone with two bishops: pair row 1438·1, bishop row
        // 2 × (0·1 + 104·0 + 4·0 + 0·2) = 0 → 1438; Black nothing.
        assert_eq!(imbalance(&b), sf11_full(1438 / 16, 1438 / 16));
        // Against a bishop and a knight. White: pair 1438 + THEIRS 0;
        // bishops 2 × (0 + 0 + 4·0 + 0·2 + THEIRS 59·0 + 65·0 + 42·1 +
        // 0·1) = 84 → 1522. Black: knight 1 × (OURS 32·0 + 255·0 − 62·1 +
        // THEIRS 9·1 + 63·0 + 0·0) = −53; bishop 1 × (OURS 0·0 + 104·0 +
        // 4·1 + 0·1 + THEIRS 59·1 + 65·0 + 42·0 + 0·2) = 63 → 10.
        let v = (1522 - 10) / 16;
        assert_eq!(imbalance(&b2), sf11_full(v, v));
    }

    /// The colour flip changes the sign only.
    #[test]
    fn the_mirror_image_is_the_negation() {
        let w = board("r3k3/pp6/8/8/8/8/PPP5/1N1QK1N1 w - - 0 1");
        let b = board("1n1qk1n1/ppp5/8/8/8/8/PP6/R3K3 b - - 0 1");
        let (m, e) = imbalance(&w);
        assert_ne!((m, e), (0, 0));
        assert_eq!(imbalance(&b), (-m, -e));
    }
}
