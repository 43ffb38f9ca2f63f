//! Tic-tac-toe: a small real game that every procedure can solve to the end.

use alphabeta_core::parallel::{Fork, ybwc};
use alphabeta_core::procedures::{Capabilities, Ybwc};
use alphabeta_core::value::loss_in;
use alphabeta_core::{Game, HashedGame, Value};

/// A tic-tac-toe position: the squares of the side to move and of the side
/// that just moved, as 9-bit masks (square `3·row + column`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    /// Squares of the player to move.
    pub mine: u16,
    /// Squares of the opponent.
    pub theirs: u16,
}

const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

fn has_line(squares: u16) -> bool {
    LINES.iter().any(|&line| line & !squares == 0)
}

/// The game of tic-tac-toe from the empty board. Moves are squares 0–8 in
/// increasing order; a win is scored by its distance from the root
/// ([`alphabeta_core::value::win_in`]), a draw is 0. Its value is a draw.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToe;

impl TicTacToe {
    /// The empty board.
    pub fn start(&self) -> Board {
        Board::default()
    }

    /// The number of the square a move plays, 1 to 9 row by row from the top
    /// left: how the command line and the Python package write a move
    /// (docs/schema.md).
    pub const fn square_number(mv: u8) -> u32 {
        mv as u32 + 1
    }
}

impl Game for TicTacToe {
    type Position = Board;
    type Move = u8;
    type Moves = Vec<u8>;

    fn moves(&self, pos: &Board, out: &mut Vec<u8>) {
        let occupied = pos.mine | pos.theirs;
        out.extend((0..9u8).filter(|&s| occupied & (1 << s) == 0));
    }

    fn play(&self, pos: &Board, mv: u8) -> Board {
        Board {
            mine: pos.theirs,
            theirs: pos.mine | (1 << mv),
        }
    }

    /// The side that just moved has three in a row: the side to move lost.
    fn outcome(&self, pos: &Board, ply: usize) -> Option<Value> {
        has_line(pos.theirs).then(|| loss_in(ply))
    }

    /// A full board without a line is a draw; a position cut off by a
    /// horizon is valued 0 (no heuristic).
    fn evaluate(&self, _pos: &Board, _ply: usize) -> Value {
        0
    }
}

/// Tic-tac-toe can be shared between threads; it has no optimistic and
/// pessimistic values for McCarthy's procedure.
impl Capabilities for TicTacToe {
    fn ybwc<O: Fork>() -> Option<Ybwc<Self, O>> {
        Some(ybwc)
    }
}

impl HashedGame for TicTacToe {
    fn key(&self, pos: &Board) -> u64 {
        (u64::from(pos.mine) << 16 | u64::from(pos.theirs)).wrapping_mul(alphabeta_core::mix::GAMMA)
    }
}
