//! Perft: the number of leaves of the legal move tree to a fixed depth, the
//! standard check of a move generator against published counts.

use cozy_chess::{Board, Move};

use crate::movecount::legal_move_count;
use crate::position::legal_moves_into;

/// Leaves of the legal move tree of `board` at `depth` plies, bulk-counted
/// at the last ply: the moves of a position one ply from the leaves are
/// counted ([`legal_move_count`]), not made. `perft(b, 0) = 1`.
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => legal_move_count(board),
        _ => {
            let mut n = 0u64;
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    n += perft(&child, depth - 1);
                }
                false
            });
            n
        }
    }
}

/// Perft split by root move ("divide"), in move-generator order. Empty at
/// depth 0.
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = Vec::new();
    legal_moves_into(board, &mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = board.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

/// One line of a perft reference file: `FEN ; depth ; nodes`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// The position.
    pub fen: String,
    /// The depth in plies.
    pub depth: u32,
    /// The expected leaf count.
    pub nodes: u64,
}

/// A malformed perft reference line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("perft line {line}: {reason}")]
pub struct PerftLineError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// Reads `FEN ; depth ; nodes` lines (blank lines and `#` comments skipped).
pub fn parse_perft_cases(text: &str) -> Result<Vec<PerftCase>, PerftLineError> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |reason: String| PerftLineError {
            line: i + 1,
            reason,
        };
        let parts: Vec<&str> = line.split(';').map(str::trim).collect();
        let [fen, depth, nodes] = parts[..] else {
            return Err(err(format!(
                "expected `FEN ; depth ; nodes`, got {} fields",
                parts.len()
            )));
        };
        cases.push(PerftCase {
            fen: fen.to_string(),
            depth: depth
                .parse()
                .map_err(|_| err(format!("bad depth {depth:?}")))?,
            nodes: nodes
                .parse()
                .map_err(|_| err(format!("bad node count {nodes:?}")))?,
        });
    }
    Ok(cases)
}
