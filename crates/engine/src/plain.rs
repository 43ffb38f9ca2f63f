//! Chess as a plain game tree for the core's procedures, so that the
//! core's parallel search (Young Brothers Wait, [`alphabeta_core::parallel`])
//! can be compared with the engine's Lazy SMP on the same positions.
//!
//! A position is a bare board: legal moves in MVV-LVA order (captures and
//! promotions first), the engine's evaluation at the horizon, mates and
//! stalemates scored exactly. No quiescence, repetition or fifty-move
//! draws: it is the tree the papers' procedures search, not the engine's.
//! Unlike the experiments' `Chess` game (`alphabeta-chess-lab`) it keeps no
//! counters, so it is `Sync`.

use alphabeta_core::value::loss_in;
use alphabeta_core::{Game, HashedGame, Value};
use cozy_chess::{Board, Move};

use crate::evaluation::EngineEval;
use crate::picker::tactical_score;
use alphabeta_chess::position::legal_moves_into;

/// Chess for the core's procedures (see the module documentation).
#[derive(Clone, Copy, Debug, Default)]
pub struct PlainChess {
    /// The evaluation at the horizon.
    pub eval: EngineEval,
}

impl Game for PlainChess {
    type Position = Board;
    type Move = Move;
    type Moves = Vec<Move>;

    fn moves(&self, pos: &Board, out: &mut Vec<Move>) {
        legal_moves_into(pos, out);
        // A stable sort: equal scores keep the generator's order.
        out.sort_by_key(|&mv| -tactical_score(pos, mv));
    }

    fn play(&self, pos: &Board, mv: Move) -> Board {
        let mut b = pos.clone();
        b.play_unchecked(mv);
        b
    }

    fn evaluate(&self, pos: &Board, ply: usize) -> Value {
        if !pos.generate_moves(|_| true) {
            return if pos.checkers().is_empty() {
                0
            } else {
                loss_in(ply)
            };
        }
        self.eval.evaluate(pos)
    }
}

impl HashedGame for PlainChess {
    fn key(&self, pos: &Board) -> u64 {
        pos.hash()
    }
}
