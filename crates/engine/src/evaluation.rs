//! The engine's evaluation: Fuller's material values plus small positional
//! terms (piece placement by formula), from the side to move's viewpoint.
//! The experiments' evaluators ([`alphabeta_chess::eval::Evaluator`]) and the tapered
//! piece-square tables of [`crate::pst`] (the engine's default, see
//! [`crate::Engine::new`]) can be used instead through [`EngineEval`].

use alphabeta_core::Value;
use cozy_chess::{Board, Color, Piece, Square};

use crate::terms::EvalTerms;
use alphabeta_chess::eval::{Evaluator, PIECE_VALUES};

/// Which evaluation the engine uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EngineEval {
    /// Material plus placement terms ([`positional`]): the evaluation of
    /// [`crate::PlainChess`] by default.
    #[default]
    Standard,
    /// Tapered piece-square tables plus the chosen terms of
    /// [`crate::terms`] ([`crate::pst::evaluate_with`]): the UCI engine's
    /// default, with [`EvalTerms::default`].
    Tapered(EvalTerms),
    /// One of the experiments' evaluators (material, material + mobility).
    Fuller(Evaluator),
}

/// Entries of each thread's evaluation cache ([`EngineEval::evaluate_cached`]):
/// 2¹⁶ of 16 bytes, 1 MiB a thread.
const CACHE_ENTRIES: usize = 1 << 16;

/// A thread's cache of static values by position key, for the evaluation
/// it was filled with ([`EngineEval::evaluate_cached`]).
struct EvalCache {
    eval: EngineEval,
    entries: Vec<(u64, Value)>,
}

thread_local! {
    static CACHE: std::cell::RefCell<EvalCache> = const {
        std::cell::RefCell::new(EvalCache { eval: EngineEval::Standard, entries: Vec::new() })
    };
}

impl EngineEval {
    /// [`EngineEval::evaluate`] through a per-thread table of the values of
    /// recently evaluated positions, indexed and checked by the position's
    /// Zobrist key (`Board::hash`: pieces, side to move, castling rights and
    /// en passant file), so a position the search reaches again — by a
    /// transposition, at the next iteration, in a re-search — is not
    /// evaluated again. The same value as [`EngineEval::evaluate`] (the
    /// evaluation reads nothing the key leaves out), short of two positions
    /// sharing a 64-bit key. The table is emptied whenever the thread
    /// evaluates with another `EngineEval` (a changed UCI option).
    #[inline]
    pub fn evaluate_cached(self, board: &Board) -> Value {
        let key = board.hash();
        CACHE.with_borrow_mut(|cache| {
            if cache.eval != self || cache.entries.is_empty() {
                cache.eval = self;
                cache.entries.clear();
                // An empty slot holds its index's complement: a key that
                // indexes the slot has the index in its low bits, so none
                // can equal it.
                cache
                    .entries
                    .extend((0..CACHE_ENTRIES as u64).map(|i| (!i, 0)));
            }
            let slot = &mut cache.entries[key as usize & (CACHE_ENTRIES - 1)];
            if slot.0 == key {
                return slot.1;
            }
            let value = self.evaluate(board);
            *slot = (key, value);
            value
        })
    }

    /// Asks the memory for the slot of this thread's evaluation cache that
    /// [`EngineEval::evaluate_cached`] will read for the position of `key`
    /// ([`alphabeta_core::table::prefetch`]): the search calls it as soon as
    /// a move is made, beside the transposition table's prefetch, so the two
    /// misses overlap. Only a hint: nothing is read or changed.
    #[inline]
    pub fn prefetch_cached(key: u64) {
        CACHE.with_borrow(|cache| {
            if let Some(slot) = cache.entries.get(key as usize & (CACHE_ENTRIES - 1)) {
                alphabeta_core::table::prefetch(slot);
            }
        });
    }

    /// The static value of `board` for the side to move.
    #[inline]
    pub fn evaluate(self, board: &Board) -> Value {
        match self {
            EngineEval::Standard => positional(board),
            EngineEval::Tapered(terms) => crate::pst::evaluate_with(board, terms),
            EngineEval::Fuller(e) => e.evaluate(board),
        }
    }
}

/// Distance of a square from the centre, 0 (d4, e4, d5, e5) to 3 (edge).
#[inline]
fn edge_distance(sq: Square) -> Value {
    let f = sq.file() as Value;
    let r = sq.rank() as Value;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df.max(dr)
}

/// Placement bonus of one piece of `color` on `sq`, in centipawns.
/// `endgame` is true when queens are off or little material remains.
#[inline]
fn placement(piece: Piece, color: Color, sq: Square, endgame: bool) -> Value {
    let centre = 3 - edge_distance(sq);
    let advance = sq.relative_to(color).rank() as Value;
    match piece {
        Piece::Pawn => {
            let central_file = matches!(sq.file() as u8, 3 | 4);
            advance * if endgame { 12 } else { 5 }
                + if central_file && advance >= 3 { 10 } else { 0 }
        }
        Piece::Knight => centre * 10 - 10,
        Piece::Bishop => centre * 5,
        Piece::Rook => {
            if advance == 6 {
                20
            } else {
                0
            }
        }
        Piece::Queen => centre * 2,
        Piece::King => {
            if endgame {
                centre * 10
            } else {
                // Stay home, off the centre files.
                -advance * 15
                    - if matches!(sq.file() as u8, 3..=5) {
                        10
                    } else {
                        0
                    }
            }
        }
    }
}

/// Material (Fuller's values) plus placement, side to move's view.
pub fn positional(board: &Board) -> Value {
    let queens = board.pieces(Piece::Queen).len();
    let minors_and_rooks =
        (board.pieces(Piece::Knight) | board.pieces(Piece::Bishop) | board.pieces(Piece::Rook))
            .len();
    let endgame = queens == 0 || minors_and_rooks <= 2;
    let mut score = [0 as Value; 2];
    for color in [Color::White, Color::Black] {
        for piece in Piece::ALL {
            for sq in board.colored_pieces(color, piece) {
                score[color as usize] +=
                    PIECE_VALUES[piece as usize] + placement(piece, color, sq, endgame);
            }
        }
        if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
            score[color as usize] += 30;
        }
    }
    let us = board.side_to_move() as usize;
    score[us] - score[1 - us] + 10 // a small bonus for the move
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::Position;

    /// The cached value is the evaluation's, for every WAC position, twice
    /// over (the second time from the table), and a change of evaluation
    /// empties the table rather than answering with the other's values.
    #[test]
    fn the_cached_value_is_the_evaluation() {
        use crate::terms::EvalTerms;
        let positions: Vec<Position> =
            alphabeta_chess::epd::read_epd(include_str!("../../chess/tests/data/wac.epd"))
                .into_iter()
                .map(|r| r.expect("wac").position)
                .collect();
        let evals = [
            EngineEval::Tapered(EvalTerms::default()),
            EngineEval::Tapered(EvalTerms::NONE),
            EngineEval::Standard,
        ];
        for _ in 0..2 {
            for eval in evals {
                for p in &positions {
                    assert_eq!(eval.evaluate_cached(p.board()), eval.evaluate(p.board()));
                    assert_eq!(eval.evaluate_cached(p.board()), eval.evaluate(p.board()));
                }
            }
        }
        // The evaluations differ on these positions, so the table did not
        // answer one with the other's values.
        let differ = positions
            .iter()
            .filter(|p| evals[0].evaluate(p.board()) != evals[1].evaluate(p.board()))
            .count();
        assert!(differ > 250, "{differ}");
    }

    #[test]
    fn symmetric_positions_evaluate_to_the_tempo_bonus() {
        let p = Position::startpos();
        assert_eq!(positional(p.board()), 10);
        let p =
            Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .expect("fen");
        let mirrored =
            Position::from_fen("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3")
                .expect("fen");
        assert_eq!(positional(p.board()), positional(mirrored.board()));
    }

    #[test]
    fn a_central_knight_beats_a_corner_knight() {
        let centre = Position::from_fen("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").expect("fen");
        let corner = Position::from_fen("4k3/8/8/8/8/8/8/N3K3 w - - 0 1").expect("fen");
        assert!(positional(centre.board()) > positional(corner.board()));
    }
}
