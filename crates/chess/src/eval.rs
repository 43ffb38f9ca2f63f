//! The evaluators of the chess experiments (Fuller, Gaschnig & Gillogly
//! 1973, §6): Tech's material count and the optional mobility term.

use alphabeta_core::Value;
use cozy_chess::{
    BitBoard, Board, Color, Piece, get_bishop_moves, get_king_moves, get_knight_moves,
    get_pawn_attacks, get_pawn_quiets, get_rook_moves,
};

/// Piece values of the Technology Chess Program as Fuller §6 gives them:
/// pawn 100, knight 330, bishop 330, rook 500, queen 900 (the king is not
/// counted). Indexed by `Piece as usize` (pawn, knight, bishop, rook,
/// queen, king).
pub const PIECE_VALUES: [Value; 6] = [100, 330, 330, 500, 900, 0];

/// Points per unit of mobility difference in [`Evaluator::MaterialMobility`].
pub const MOBILITY_WEIGHT: Value = 1;

/// A static evaluation function, from the viewpoint of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Evaluator {
    /// Material only (Tech's evaluator, Fuller §6).
    #[default]
    Material,
    /// Material plus [`MOBILITY_WEIGHT`] × (mobility of the side to move −
    /// mobility of the opponent), mobility as defined by [`mobility`].
    /// Fuller §6 adds "an optional evaluation term for mobility" without
    /// defining it; this is our definition.
    MaterialMobility,
}

impl Evaluator {
    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Evaluator::Material => "material",
            Evaluator::MaterialMobility => "mobility",
        }
    }

    /// The static value of `board` for the side to move.
    #[inline]
    pub fn evaluate(self, board: &Board) -> Value {
        match self {
            Evaluator::Material => material_balance(board),
            Evaluator::MaterialMobility => {
                let us = board.side_to_move();
                material_balance(board)
                    + MOBILITY_WEIGHT * (mobility(board, us) - mobility(board, !us))
            }
        }
    }
}

impl std::str::FromStr for Evaluator {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "material" => Ok(Evaluator::Material),
            "mobility" | "material+mobility" | "material-mobility" => {
                Ok(Evaluator::MaterialMobility)
            }
            other => Err(format!(
                "unknown evaluator {other:?}; known: material, mobility"
            )),
        }
    }
}

/// Material of `color` in points.
#[inline]
pub fn material(board: &Board, color: Color) -> Value {
    let own = board.colors(color);
    Piece::ALL
        .iter()
        .map(|&p| PIECE_VALUES[p as usize] * (board.pieces(p) & own).len() as Value)
        .sum()
}

/// Material of the side to move minus the opponent's.
#[inline]
pub fn material_balance(board: &Board) -> Value {
    let us = board.side_to_move();
    material(board, us) - material(board, !us)
}

/// The mobility of `color`: the number of pseudo-legal moves its pieces
/// have, whoever is to move — every square a knight, bishop, rook, queen
/// or king attacks that is not occupied by its own side, plus each pawn's
/// pushes (single and double) and captures of enemy pieces. Checks, pins,
/// castling and en passant are ignored, so both sides' mobility is defined
/// in every position (also when one side is in check).
pub fn mobility(board: &Board, color: Color) -> Value {
    let occupied = board.occupied();
    let own = board.colors(color);
    let enemy = board.colors(!color);
    let targets = !own;
    let mut count = 0u32;
    let mut add = |b: BitBoard| count += b.len();
    for sq in board.colored_pieces(color, Piece::Knight) {
        add(get_knight_moves(sq) & targets);
    }
    let diagonal =
        board.colored_pieces(color, Piece::Bishop) | board.colored_pieces(color, Piece::Queen);
    for sq in diagonal {
        add(get_bishop_moves(sq, occupied) & targets);
    }
    let straight =
        board.colored_pieces(color, Piece::Rook) | board.colored_pieces(color, Piece::Queen);
    for sq in straight {
        add(get_rook_moves(sq, occupied) & targets);
    }
    for sq in board.colored_pieces(color, Piece::King) {
        add(get_king_moves(sq) & targets);
    }
    for sq in board.colored_pieces(color, Piece::Pawn) {
        add(get_pawn_quiets(sq, color, occupied) | (get_pawn_attacks(sq, color) & enemy));
    }
    count as Value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn start_position_is_level_with_twenty_moves_each() {
        let b = Position::startpos();
        assert_eq!(
            material(b.board(), Color::White),
            8 * 100 + 2 * 330 + 2 * 330 + 2 * 500 + 900
        );
        assert_eq!(Evaluator::Material.evaluate(b.board()), 0);
        // 16 pawn pushes + 4 knight moves = the 20 legal moves.
        assert_eq!(mobility(b.board(), Color::White), 20);
        assert_eq!(mobility(b.board(), Color::Black), 20);
    }

    #[test]
    fn values_are_for_the_side_to_move() {
        // White is a knight up; Black to move.
        let p = Position::from_fen("4k3/8/8/8/8/8/8/1N2K3 b - - 0 1").expect("fen");
        assert_eq!(Evaluator::Material.evaluate(p.board()), -330);
        // White: knight on b1 has 3 squares (a3, c3, d2), king on e1 has 5; Black's king on e8 has 5.
        assert_eq!(mobility(p.board(), Color::White), 8);
        assert_eq!(mobility(p.board(), Color::Black), 5);
        assert_eq!(Evaluator::MaterialMobility.evaluate(p.board()), -330 - 3);
    }
}
