//! Piece mobility ([`super::EvalTerms::mobility`]): for each knight, bishop,
//! rook and queen, a bonus by the number of squares it reaches in its
//! side's mobility area, scored one of two ways ([`Style`]):
//!
//! - **Linear** (Fruit 2.1's scheme, Letouzey 2005): the squares it attacks
//!   that hold no piece of its own side and no enemy pawn attacks, counted
//!   from the piece's typical number at a fixed weight a square
//!   ([`super::MOBILITY`]).
//! - **Stockfish** (Stockfish 11's `evaluate.cpp`, `MobilityBonus` over
//!   `mobilityArea`; [`super::EvalTerms::stockfish_mobility`]): a table by
//!   the number of squares, steep for the first few squares (a trapped
//!   piece) and flat after. The area leaves out the squares the enemy's
//!   pawns attack, the own king and queens, and the own pawns that are
//!   blocked or still on their second or third rank — a square with an own
//!   knight, bishop, rook or pawn further up counts, as a square the piece
//!   defends. Bishops look through the queens and rooks through the
//!   queens and their own rooks (Stockfish's x-rays). Stockfish also leaves
//!   out the pieces that shield their own king from a slider
//!   (`blockers_for_king`); that is not done here. The tables are Stockfish
//!   11's (read from the `sf_11` tag of official-stockfish/Stockfish),
//!   scaled to a 100-centipawn pawn and halved as the threats are
//!   ([`super::sf11`]).

use alphabeta_core::Value;
use cozy_chess::{BitBoard, Board, Color, Piece, Square, get_bishop_moves, get_rook_moves};

use super::{EvalTerms, MOBILITY, attacks, pawn_attacks, sf11};

/// How mobility is scored; see the module's documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Style {
    Linear,
    Stockfish,
}

impl Style {
    /// The style `terms` ask for; `None` with mobility off.
    pub(super) fn of(terms: EvalTerms) -> Option<Style> {
        terms.mobility.then_some(if terms.stockfish_mobility {
            Style::Stockfish
        } else {
            Style::Linear
        })
    }
}

/// `table` (Stockfish's units) scaled and halved by [`sf11`], at compile time.
const fn scaled<const N: usize>(table: [(Value, Value); N]) -> [(Value, Value); N] {
    let mut out = table;
    let mut i = 0;
    while i < N {
        out[i] = sf11(table[i].0, table[i].1);
        i += 1;
    }
    out
}

/// Stockfish 11's `MobilityBonus` for a knight with 0 … 8 squares (its
/// units, scaled and halved by [`sf11`]).
#[rustfmt::skip]
const KNIGHT: [(Value, Value); 9] = scaled([
    (-62, -81), (-53, -56), (-12, -30), (-4, -14), (3, 8), (13, 15),
    (22, 23), (28, 27), (33, 33),
]);

/// The bishop's, 0 … 13 squares.
#[rustfmt::skip]
const BISHOP: [(Value, Value); 14] = scaled([
    (-48, -59), (-20, -23), (16, -3), (26, 13), (38, 24), (51, 42),
    (55, 54), (63, 57), (63, 65), (68, 73), (81, 78), (81, 86),
    (91, 88), (98, 97),
]);

/// The rook's, 0 … 14 squares.
#[rustfmt::skip]
const ROOK: [(Value, Value); 15] = scaled([
    (-58, -76), (-27, -18), (-15, 28), (-10, 55), (-5, 69), (-2, 82),
    (9, 112), (16, 118), (30, 132), (29, 142), (32, 155), (38, 165),
    (46, 166), (48, 169), (58, 171),
]);

/// The queen's, 0 … 27 squares.
#[rustfmt::skip]
const QUEEN: [(Value, Value); 28] = scaled([
    (-39, -36), (-21, -15), (3, 8), (3, 18), (14, 34), (22, 54),
    (28, 61), (41, 73), (43, 79), (48, 92), (56, 94), (60, 104),
    (60, 113), (66, 120), (67, 123), (70, 126), (71, 133), (73, 136),
    (79, 140), (88, 143), (88, 148), (99, 166), (102, 170), (102, 175),
    (106, 184), (109, 191), (113, 206), (116, 212),
]);

/// The tables by kind (0 knight … 3 queen).
pub(super) const BONUS: [&[(Value, Value)]; 4] = [&KNIGHT, &BISHOP, &ROOK, &QUEEN];

/// One side's mobility scorer: the area its pieces' squares are counted in
/// and, for the Stockfish style, the occupancy its sliders look through.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scorer {
    style: Style,
    area: u64,
    /// The occupancy a bishop sees through (Stockfish: without the queens).
    bishop_sees: u64,
    /// The occupancy a rook sees through (Stockfish: without the queens and
    /// its own rooks).
    rook_sees: u64,
}

impl Scorer {
    /// `color`'s scorer on `board`.
    pub(super) fn new(board: &Board, color: Color, style: Style) -> Scorer {
        let occupied = board.occupied().0;
        let theirs = board.colored_pieces(!color, Piece::Pawn).0;
        let enemy_pawn_attacks = pawn_attacks(theirs, !color);
        match style {
            Style::Linear => Scorer {
                style,
                area: !(board.colors(color).0 | enemy_pawn_attacks),
                bishop_sees: occupied,
                rook_sees: occupied,
            },
            Style::Stockfish => {
                let ours = board.colored_pieces(color, Piece::Pawn).0;
                let (second_and_third, blocked) = match color {
                    Color::White => (0x0000_0000_00FF_FF00, ours & (occupied >> 8)),
                    Color::Black => (0x00FF_FF00_0000_0000, ours & (occupied << 8)),
                };
                let queens = board.pieces(Piece::Queen).0;
                let own = |piece| board.colored_pieces(color, piece).0;
                Scorer {
                    style,
                    area: !((ours & second_and_third)
                        | blocked
                        | own(Piece::King)
                        | own(Piece::Queen)
                        | enemy_pawn_attacks),
                    bishop_sees: occupied & !queens,
                    rook_sees: occupied & !queens & !own(Piece::Rook),
                }
            }
        }
    }

    /// The (middlegame, endgame) mobility of the piece of kind `kind` (0
    /// knight … 3 queen) on `sq`, whose attacks (sliders stopping at the
    /// first piece) are `attacks`.
    #[inline]
    pub(super) fn score(&self, kind: usize, sq: Square, attacks: u64) -> (Value, Value) {
        match self.style {
            Style::Linear => {
                let (typical, per_mg, per_eg) = MOBILITY[kind];
                let n = (attacks & self.area).count_ones() as Value - typical;
                (per_mg * n, per_eg * n)
            }
            Style::Stockfish => {
                let reach = match kind {
                    1 => get_bishop_moves(sq, BitBoard(self.bishop_sees)).0,
                    2 => get_rook_moves(sq, BitBoard(self.rook_sees)).0,
                    _ => attacks,
                };
                BONUS[kind][(reach & self.area).count_ones() as usize]
            }
        }
    }
}

/// The (middlegame, endgame) mobility of `color`'s pieces, scored in
/// `style`.
pub(super) fn mobility(board: &Board, color: Color, style: Style) -> (Value, Value) {
    let scorer = Scorer::new(board, color, style);
    let occupied = board.occupied();
    let (mut mg, mut eg) = (0, 0);
    for (kind, piece) in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
        .into_iter()
        .enumerate()
    {
        for sq in board.colored_pieces(color, piece) {
            let (m, e) = scorer.score(kind, sq, attacks(piece, sq, occupied).0);
            mg += m;
            eg += e;
        }
    }
    (mg, eg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::Position;

    fn stockfish(fen: &str, color: Color) -> (Value, Value) {
        let position = Position::from_fen(fen).expect("fen");
        mobility(position.board(), color, Style::Stockfish)
    }

    #[test]
    fn the_tables_are_stockfish_11s_scaled_and_halved() {
        // Stockfish's units: a pawn is 128 in the middlegame, 213 in the
        // endgame; halved, so a unit is 50/128 and 50/213 centipawns,
        // rounded towards zero.
        assert_eq!(KNIGHT[0], (-24, -19));
        assert_eq!(KNIGHT[8], (12, 7));
        assert_eq!(ROOK[14], (22, 40));
        assert_eq!(QUEEN[27], (45, 49));
        // Each table runs from 0 squares to the most the piece can reach.
        assert_eq!(BONUS.map(|t| t.len()), [9, 14, 15, 28]);
    }

    #[test]
    fn the_area_counts_defended_pieces_not_blocked_or_home_pawns() {
        // A knight on d4 alone: its 8 squares.
        assert_eq!(
            stockfish("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", Color::White),
            KNIGHT[8]
        );
        // Own pawns on c2 and e2 (second rank) and a knight on b5: c2 and
        // e2 are out of the area, b5 (a piece it defends) in it: 6 squares.
        // The b5 knight reaches a3, c3, d6, c7, a7 and d4 (its own knight): 6.
        let d4_and_b5 = stockfish("4k3/8/8/1N6/3N4/8/2P1P3/4K3 w - - 0 1", Color::White);
        assert_eq!(d4_and_b5, (2 * KNIGHT[6].0, 2 * KNIGHT[6].1));
        // White's pawn on f5, blocked by f6, is out of the area; the one on
        // b5 (free) in it. The enemy pawns on c7 and f6 attack b6, d6, e5
        // and g5, none of the d4 knight's squares: 7 squares.
        assert_eq!(
            stockfish("4k3/2p5/5p2/1P3P2/3N4/8/8/4K3 w - - 0 1", Color::White),
            KNIGHT[7]
        );
        // A square an enemy pawn attacks and the own queen's square are
        // out: the black pawn on e6 takes f5 (and d5), the queen takes b3;
        // e6 itself, an enemy pawn to capture, counts. 6 squares.
        let with_queen = stockfish("4k3/8/4p3/8/3N4/1Q6/8/4K3 w - - 0 1", Color::White);
        let queen_alone = stockfish("4k3/8/4p3/8/8/1Q6/8/4K3 w - - 0 1", Color::White);
        assert_eq!(
            (with_queen.0 - queen_alone.0, with_queen.1 - queen_alone.1),
            KNIGHT[6]
        );
    }

    #[test]
    fn bishops_see_through_queens_and_rooks_through_their_rooks() {
        // A bishop on a1 behind its own queen on c3: through the queen to h8
        // (b2, c3, d4 … h8; c3, the queen's square, is out of the area: 6).
        let (bishop_and_queen, _) = stockfish("8/7k/8/8/8/2Q5/8/B6K w - - 0 1", Color::White);
        let queen_alone = stockfish("8/7k/8/8/8/2Q5/8/7K w - - 0 1", Color::White).0;
        assert_eq!(bishop_and_queen - queen_alone, BISHOP[6].0);
        // Doubled rooks on a1 and a2: each sees the whole a-file through
        // the other (a2 … a8 and b1 … h1 for a1, the own king's h1 out:
        // 7 + 6 = 13; a1, a3 … a8 and b2 … h2 for a2: 7 + 7 = 14).
        assert_eq!(
            stockfish("1k6/8/8/8/8/8/R7/R6K w - - 0 1", Color::White),
            (ROOK[13].0 + ROOK[14].0, ROOK[13].1 + ROOK[14].1)
        );
        // Without x-rays (the linear style) the a1 rook would stop at a2.
    }
}
