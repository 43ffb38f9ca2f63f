//! Static-value correction by pawn structure ("correction history"): a
//! table, by side to move and pawn structure, of how far the searches of
//! past positions with that structure ended above or below their static
//! value, added to the static value the pruning decisions read. An
//! evaluation errs alike wherever the pawns stand alike (a lever it does
//! not see, a blocked wing it overrates), so what the search found there
//! corrects the next position's guess — the form of Stockfish's and
//! Ethereal's pawn correction history (a moving average of `best − eval`
//! weighted by the search's depth), with this project's round constants.

use cozy_chess::{Board, Color, Piece};

use alphabeta_core::Value;
use alphabeta_core::mix::GAMMA;

/// Entries a side: the pawn structure's hash keeps this many bits.
const BITS: u32 = 14;
const SIZE: usize = 1 << BITS;

/// An entry holds the correction in 1/`GRAIN` centipawns.
const GRAIN: Value = 256;

/// A correction is held within ±`LIMIT` centipawns.
const LIMIT: Value = 64;

/// The weight of a new search's difference, in 1/256, with `depth` plies
/// left: `(depth + 1)²`, at most 128 (half the average).
fn weight(depth: i32) -> Value {
    Value::from((depth.max(0) + 1).pow(2).min(128))
}

/// The pawn-structure corrections of one thread's searches.
#[derive(Clone)]
pub struct CorrectionHistory {
    table: Box<[[i32; SIZE]; 2]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: Box::new([[0; SIZE]; 2]),
        }
    }
}

/// A second odd multiplier for the black pawns (xxHash's 64-bit prime 2),
/// beside the workspace's [`GAMMA`] for the white ones.
const BLACK_MULTIPLIER: u64 = 0xC2B2_AE3D_27D4_EB4F;

/// The index of `board`'s pawn structure: the top [`BITS`] bits of a
/// multiplicative (Fibonacci) hash of the two sides' pawn bitboards.
fn pawn_index(board: &Board) -> usize {
    let white = board.colored_pieces(Color::White, Piece::Pawn).0;
    let black = board.colored_pieces(Color::Black, Piece::Pawn).0;
    let h = white.wrapping_mul(GAMMA) ^ black.wrapping_mul(BLACK_MULTIPLIER);
    (h >> (64 - BITS)) as usize
}

impl CorrectionHistory {
    /// Forgets every correction (a new search or game).
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|side| side.fill(0));
    }

    /// `static_value` of `board` corrected by its pawn structure's entry.
    pub fn corrected(&self, board: &Board, static_value: Value) -> Value {
        let entry = Value::from(self.table[board.side_to_move() as usize][pawn_index(board)]);
        static_value + entry / GRAIN
    }

    /// Moves the entry of `board`'s pawn structure toward `best −
    /// static_value` (the uncorrected value), by the weight of a search of
    /// `depth` plies.
    pub fn update(&mut self, board: &Board, depth: i32, static_value: Value, best: Value) {
        let diff = (best - static_value).clamp(-LIMIT, LIMIT) * GRAIN;
        let w = weight(depth);
        let entry = &mut self.table[board.side_to_move() as usize][pawn_index(board)];
        let moved = (Value::from(*entry) * (256 - w) + diff * w) / 256;
        // Within ±LIMIT·GRAIN, so it fits an i32.
        *entry = moved.clamp(-LIMIT * GRAIN, LIMIT * GRAIN) as i32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_correction_moves_toward_the_searches_and_stays_within_its_limit() {
        let board = Board::default();
        let mut c = CorrectionHistory::default();
        assert_eq!(c.corrected(&board, 10), 10);
        // Depth 3: weight 16/256 of a difference of +40.
        c.update(&board, 3, 10, 50);
        assert_eq!(c.corrected(&board, 10), 10 + 40 * 16 / 256);
        // A difference beyond the limit counts as the limit: the average
        // approaches it from below (integer division) and never passes it.
        for _ in 0..200 {
            c.update(&board, 20, 0, 1000);
            assert!(c.corrected(&board, 0) <= LIMIT);
        }
        assert_eq!(c.corrected(&board, 0), LIMIT - 1);
        for _ in 0..200 {
            c.update(&board, 20, 0, -1000);
            assert!(c.corrected(&board, 0) >= -LIMIT);
        }
        assert!(c.corrected(&board, 0) >= -LIMIT && c.corrected(&board, 0) <= -LIMIT + 1);
        // The other side to move has its own entry.
        let black: Board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"
            .parse()
            .unwrap();
        assert_eq!(c.corrected(&black, 0), 0);
        c.clear();
        assert_eq!(c.corrected(&board, 7), 7);
    }
}
