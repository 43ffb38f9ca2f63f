//! Move ordering for the experiments' alpha-beta baselines: captures and
//! promotions first, most valuable victim / least valuable attacker
//! (MVV-LVA), then the two killer moves of the ply (quiet moves that caused
//! a cutoff at the same ply earlier), then every other move in the move
//! generator's order.
//!
//! It plugs into the core's alpha-beta as [`NodeHooks`], so the ordered
//! baseline is the core's F2 with nothing changed but the order.

use alphabeta_core::Value;
use alphabeta_core::procedures::NodeHooks;
use cozy_chess::{Board, Move};

use crate::game::Chess;
use alphabeta_chess::position::Position;

/// Whether `mv` captures (en passant included) or promotes.
pub fn is_tactical(board: &Board, mv: Move) -> bool {
    board.colors(!board.side_to_move()).has(mv.to)
        || mv.promotion.is_some()
        || (board.piece_on(mv.from) == Some(cozy_chess::Piece::Pawn)
            && mv.from.file() != mv.to.file())
}

/// The MVV-LVA key of a capture or promotion (smaller sorts first).
fn mvv_lva_key(board: &Board, mv: Move) -> i32 {
    // An en passant capture takes a pawn although its target square is empty.
    let victim = board.piece_on(mv.to).map_or(1, |p| p as i32 + 1);
    let promotion = mv.promotion.map_or(0, |p| p as i32);
    let attacker = board.piece_on(mv.from).map_or(0, |p| p as i32);
    -(victim * 8 + promotion * 8 - attacker)
}

/// Sorts `moves`: tactical moves by MVV-LVA, then the killers present among
/// the moves (in the order given), then the rest; stable, so equal keys keep
/// the generator's order.
pub fn order_moves(board: &Board, moves: &mut [Move], killers: &[Option<Move>; 2]) {
    moves.sort_by_key(|&mv| {
        if is_tactical(board, mv) {
            (0, mvv_lva_key(board, mv))
        } else if let Some(k) = killers.iter().position(|k| *k == Some(mv)) {
            (1, k as i32)
        } else {
            (2, 0)
        }
    });
}

/// MVV-LVA and killer ordering as core hooks (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct KillerOrdering {
    killers: Vec<[Option<Move>; 2]>,
}

impl KillerOrdering {
    /// No killers yet.
    pub fn new() -> Self {
        KillerOrdering::default()
    }

    /// The killers of `ply`.
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers.get(ply).copied().unwrap_or([None, None])
    }

    /// Records a quiet move that caused a cutoff at `ply`.
    pub fn record(&mut self, board: &Board, ply: usize, mv: Move) {
        if is_tactical(board, mv) {
            return;
        }
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
    }
}

impl NodeHooks<Chess> for KillerOrdering {
    fn order(&mut self, _game: &Chess, pos: &Position, ply: usize, moves: &mut Vec<Move>) {
        order_moves(pos.board(), moves, &self.killers(ply));
    }

    fn after(
        &mut self,
        _game: &Chess,
        pos: &Position,
        ply: usize,
        _depth: u32,
        _alpha: Value,
        beta: Value,
        value: Value,
        best: Option<Move>,
    ) {
        if let Some(mv) = best
            && value >= beta
        {
            self.record(pos.board(), ply, mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::notation::{parse_san, to_san};

    #[test]
    fn captures_come_first_most_valuable_victim_first() {
        // White can take the queen on d5 with the pawn or the rook, and a
        // pawn on a6 with the bishop.
        let pos = Position::from_fen("4k3/8/p7/3q4/4P3/8/3RB3/4K3 w - - 0 1").expect("fen");
        let b = pos.board();
        let mut moves = pos.legal_moves();
        let killer = parse_san(&pos, "Kf1").expect("legal");
        order_moves(b, &mut moves, &[Some(killer), None]);
        let san: Vec<String> = moves.iter().take(4).map(|&m| to_san(&pos, m)).collect();
        assert_eq!(san, ["exd5", "Rxd5", "Bxa6", "Kf1"]);
    }
}
